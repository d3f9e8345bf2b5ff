//! Who may use the MCP endpoint. With a shared token configured, each request must carry it
//! as `Authorization: Bearer <token>` (RFC 6750); a request without it, or with another, gets
//! 401 and a `WWW-Authenticate: Bearer` challenge. The token is compared in constant time
//! (`subtle`), as SHA-256 digests so that its length does not show either. With OAuth
//! configured (`http.oauth`), the bearer is an access token that oauth.rs checks, and what it
//! allows goes with the request. Without either (loopback only, settings.rs) every request
//! passes.

use std::sync::Arc;

use hyper::header::{HeaderMap, AUTHORIZATION, WWW_AUTHENTICATE};
use hyper::{Response, StatusCode};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use super::oauth::OAuth;
use super::router::{text_response, HttpBody};
use crate::protocol::mcp_access::Access;

/// The realm named in challenges.
const REALM: &str = "omp-host";

/// The endpoint's authorization.
pub(crate) struct Auth {
    /// The shared token's digest; None: no shared token.
    token: Option<[u8; 32]>,
    /// OAuth access tokens, in place of a shared token.
    oauth: Option<Arc<OAuth>>,
}

/// A request's `Authorization: Bearer` credential.
pub(crate) fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim())
}

impl Auth {
    pub(crate) fn new(token: Option<&str>) -> Auth {
        Auth {
            token: token.map(|t| Sha256::digest(t.as_bytes()).into()),
            oauth: None,
        }
    }

    /// OAuth access tokens checked by `oauth`.
    pub(crate) fn oauth(oauth: OAuth) -> Auth {
        Auth {
            token: None,
            oauth: Some(Arc::new(oauth)),
        }
    }

    /// Whether requests need a token.
    pub(crate) fn required(&self) -> bool {
        self.token.is_some() || self.oauth.is_some()
    }

    /// The resource server, when OAuth is on.
    pub(crate) fn oauth_server(&self) -> Option<&OAuth> {
        self.oauth.as_deref()
    }

    /// Whether the request may pass, and with what access (OAuth); else the refusal.
    pub(crate) async fn admit(&self, headers: &HeaderMap) -> Result<Option<Arc<Access>>, Response<HttpBody>> {
        if let Some(oauth) = &self.oauth {
            return oauth.admit(headers).await.map(|access| Some(Arc::new(access)));
        }
        match self.refusal(headers) {
            Some(refusal) => Err(refusal),
            None => Ok(None),
        }
    }

    /// The answer to a request without the token (None: it may pass).
    fn refusal(&self, headers: &HeaderMap) -> Option<Response<HttpBody>> {
        let expected = self.token.as_ref()?;
        match bearer(headers) {
            None => Some(challenge(
                format!("Bearer realm=\"{REALM}\""),
                "Unauthorized: this server needs a bearer token (`Authorization: Bearer <token>`)",
            )),
            Some(token) => {
                let digest: [u8; 32] = Sha256::digest(token.as_bytes()).into();
                if bool::from(digest.ct_eq(expected)) {
                    None
                } else {
                    Some(challenge(
                        format!("Bearer realm=\"{REALM}\", error=\"invalid_token\""),
                        "Unauthorized: the bearer token is not valid",
                    ))
                }
            }
        }
    }
}

fn challenge(header: String, message: &str) -> Response<HttpBody> {
    let mut response = text_response(StatusCode::UNAUTHORIZED, message);
    response.headers_mut().insert(WWW_AUTHENTICATE, header.parse().expect("an ASCII challenge"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(authorization: Option<&str>) -> HeaderMap {
        let mut headers = HeaderMap::new();
        if let Some(value) = authorization {
            headers.insert(AUTHORIZATION, value.parse().unwrap());
        }
        headers
    }

    fn challenge_of(auth: &Auth, authorization: Option<&str>) -> Option<(StatusCode, String)> {
        auth.refusal(&headers(authorization)).map(|response| {
            let header = response.headers()[WWW_AUTHENTICATE].to_str().unwrap().to_string();
            (response.status(), header)
        })
    }

    #[test]
    fn the_token_passes_and_anything_else_is_challenged() {
        let auth = Auth::new(Some("s3cret"));
        assert!(auth.refusal(&headers(Some("Bearer s3cret"))).is_none());
        assert!(auth.refusal(&headers(Some("bearer s3cret"))).is_none(), "the scheme is case-insensitive");
        assert_eq!(challenge_of(&auth, None), Some((StatusCode::UNAUTHORIZED, "Bearer realm=\"omp-host\"".into())));
        for wrong in ["Bearer s3cre", "Bearer s3cret2", "Basic czNjcmV0", "s3cret"] {
            let (status, header) = challenge_of(&auth, Some(wrong)).unwrap_or_else(|| panic!("{wrong} passed"));
            assert_eq!(status, StatusCode::UNAUTHORIZED);
            assert!(header.starts_with("Bearer realm=\"omp-host\""), "{header}");
        }
        assert!(challenge_of(&auth, Some("Bearer nope")).unwrap().1.contains("invalid_token"));
    }

    #[test]
    fn without_a_token_everything_passes() {
        let auth = Auth::new(None);
        assert!(!auth.required());
        assert!(auth.refusal(&headers(None)).is_none());
    }
}
