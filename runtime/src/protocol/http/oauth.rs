//! `mcp --listen` as an OAuth 2.1 resource server (the MCP authorization spec): clients bring
//! an access token, a JWT from the configured issuer (`http.oauth`), as `Authorization: Bearer`.
//! Each request's token is checked here — its signature against the issuer's JWKS (jwks.rs),
//! `iss` the issuer, `aud` this resource, `exp` and `nbf` with a small leeway — and what its
//! scopes allow travels with the request to the MCP server (`Access`, mcp_access.rs), which
//! lists and calls only the tools they cover (`http.oauth.scopes` maps a scope to tools or
//! approval tiers).
//! A refusal is 401 with `WWW-Authenticate: Bearer resource_metadata="…"` (RFC 9728) and,
//! for a token given but not valid, `error="invalid_token"` and the reason. The metadata
//! document itself (`/.well-known/oauth-protected-resource`) is built here too.

use std::sync::Arc;

use hyper::header::{HeaderMap, CONTENT_TYPE, WWW_AUTHENTICATE};
use hyper::{Response, StatusCode, Uri};
use jsonwebtoken::{Algorithm, AlgorithmFamily, DecodingKey, Validation};
use serde::Deserialize;
use serde_json::{json, Value};

use super::jwks::{Jwks, KeyError};
use super::router::{text_response, HttpBody};
use crate::config::http::OAuthConfig;
use crate::protocol::mcp_access::{Access, ScopeMap};

/// The leeway on `exp` and `nbf` unless the config says otherwise (clocks differ a little).
const DEFAULT_LEEWAY_SECONDS: u64 = 30;

/// Where RFC 9728 puts a resource's metadata (with the resource's path appended).
pub(crate) const METADATA_PATH: &str = "/.well-known/oauth-protected-resource";

/// Signature algorithms taken: asymmetric only (a shared HMAC secret would let anyone who can
/// verify tokens mint them).
const ALGORITHMS: [Algorithm; 8] = [
    Algorithm::RS256,
    Algorithm::RS384,
    Algorithm::RS512,
    Algorithm::PS256,
    Algorithm::PS384,
    Algorithm::PS512,
    Algorithm::ES256,
    Algorithm::ES384,
];

/// The resource server: the checked config and the issuer's keys.
pub(crate) struct OAuth {
    issuer: String,
    resource: String,
    metadata_url: String,
    leeway: u64,
    map: Arc<ScopeMap>,
    jwks: Jwks,
}

/// The claims read from a token beyond those `jsonwebtoken` checks.
#[derive(Deserialize)]
struct Claims {
    /// Space-separated scopes (RFC 8693, RFC 9068).
    #[serde(default)]
    scope: Option<String>,
    /// A list of scopes (some issuers' form).
    #[serde(default)]
    scp: Option<Value>,
    #[serde(default)]
    sub: Option<String>,
}

impl OAuth {
    /// The resource server for `config`, or why the config is not usable.
    pub(crate) fn new(config: &OAuthConfig) -> Result<OAuth, String> {
        if config.issuer.trim().is_empty() {
            return Err("http.oauth.issuer is empty".into());
        }
        let resource: Uri = config
            .resource
            .parse()
            .map_err(|e| format!("http.oauth.resource {}: not a URL: {e}", config.resource))?;
        let (Some(scheme), Some(authority)) = (resource.scheme_str(), resource.authority()) else {
            return Err(format!("http.oauth.resource {}: not an absolute URL", config.resource));
        };
        let path = resource.path().trim_end_matches('/');
        let metadata_url = format!("{scheme}://{authority}{METADATA_PATH}{path}");
        Ok(OAuth {
            issuer: config.issuer.clone(),
            resource: config.resource.clone(),
            metadata_url,
            leeway: config.leeway_seconds.unwrap_or(DEFAULT_LEEWAY_SECONDS),
            map: Arc::new(ScopeMap::new(&config.scopes)?),
            jwks: Jwks::new(&config.jwks_uri)?,
        })
    }

    /// The issuer, for the start-up line.
    pub(crate) fn issuer(&self) -> &str {
        &self.issuer
    }

    /// The protected-resource metadata document (RFC 9728).
    pub(crate) fn metadata(&self) -> Response<HttpBody> {
        let document = json!({
            "resource": self.resource,
            "authorization_servers": [self.issuer],
            "scopes_supported": self.map.names().collect::<Vec<_>>(),
            "bearer_methods_supported": ["header"],
            "resource_name": "omp-host",
        });
        let mut response = text_response(StatusCode::OK, &document.to_string());
        response.headers_mut().insert(CONTENT_TYPE, "application/json".parse().expect("a header value"));
        response
    }

    /// What the request's token allows, or the 401 (503 when the issuer's keys cannot be had).
    pub(crate) async fn admit(&self, headers: &HeaderMap) -> Result<Access, Response<HttpBody>> {
        let Some(token) = super::auth::bearer(headers) else {
            return Err(self.challenge(None, "Unauthorized: this server needs an OAuth access token (`Authorization: Bearer <token>`)"));
        };
        let (scopes, subject) = self.check(token).await.map_err(|refused| match refused {
            Refused::Invalid(why) => self.challenge(Some(&why), &format!("Unauthorized: {why}")),
            Refused::Unavailable(why) => text_response(StatusCode::SERVICE_UNAVAILABLE, &format!("Service Unavailable: {why}")),
        })?;
        Ok(Access {
            scopes,
            subject,
            map: self.map.clone(),
        })
    }

    /// The token's scopes and subject once it is valid.
    async fn check(&self, token: &str) -> Result<(Vec<String>, Option<String>), Refused> {
        let invalid = |why: String| Refused::Invalid(why);
        let header = jsonwebtoken::decode_header(token).map_err(|e| invalid(format!("the access token is not a JWT ({e})")))?;
        if !ALGORITHMS.contains(&header.alg) {
            return Err(invalid(format!(
                "the access token is signed with {:?}; only asymmetric algorithms (RS*, PS*, ES256, ES384) are taken",
                header.alg
            )));
        }
        let jwk = self.jwks.key(header.kid.as_deref()).await.map_err(|e| match e {
            KeyError::Unknown(why) => Refused::Invalid(why),
            KeyError::Unavailable(why) => Refused::Unavailable(why),
        })?;
        if let Some(declared) = jwk.common.key_algorithm.and_then(|a| Algorithm::try_from(a).ok()) {
            if declared != header.alg {
                return Err(invalid(format!(
                    "the access token's algorithm {:?} is not its key's ({declared:?})",
                    header.alg
                )));
            }
        }
        let key = DecodingKey::from_jwk(&jwk).map_err(|e| invalid(format!("the issuer's key cannot be used ({e})")))?;
        if key.family() != header.alg.family() || key.family() == AlgorithmFamily::Hmac {
            return Err(invalid(format!("the access token's algorithm {:?} does not fit its key", header.alg)));
        }
        let mut validation = Validation::new(header.alg);
        validation.set_issuer(&[&self.issuer]);
        validation.set_audience(&[&self.resource]);
        validation.set_required_spec_claims(&["exp", "iss", "aud"]);
        validation.leeway = self.leeway;
        validation.validate_nbf = true;
        let claims = jsonwebtoken::decode::<Claims>(token, &key, &validation).map_err(|e| invalid(self.reason(e)))?;
        let mut scopes: Vec<String> = claims.claims.scope.unwrap_or_default().split_whitespace().map(str::to_string).collect();
        match claims.claims.scp {
            Some(Value::Array(list)) => scopes.extend(list.iter().filter_map(Value::as_str).map(str::to_string)),
            Some(Value::String(list)) => scopes.extend(list.split_whitespace().map(str::to_string)),
            _ => {}
        }
        Ok((scopes, claims.claims.sub))
    }

    /// Why `jsonwebtoken` refused a token, in words a client's operator can act on.
    fn reason(&self, error: jsonwebtoken::errors::Error) -> String {
        use jsonwebtoken::errors::ErrorKind;
        match error.kind() {
            ErrorKind::InvalidSignature => "the access token's signature does not verify against the issuer's key".into(),
            ErrorKind::ExpiredSignature => "the access token has expired (exp)".into(),
            ErrorKind::ImmatureSignature => "the access token is not valid yet (nbf)".into(),
            ErrorKind::InvalidAudience => format!("the access token's audience (aud) is not this resource ({})", self.resource),
            ErrorKind::InvalidIssuer => format!("the access token's issuer (iss) is not {}", self.issuer),
            ErrorKind::MissingRequiredClaim(claim) => format!("the access token has no `{claim}` claim"),
            _ => format!("the access token is not valid ({error})"),
        }
    }

    /// 401 with the challenge: where the metadata is, and for a token given, why it failed.
    fn challenge(&self, invalid: Option<&str>, message: &str) -> Response<HttpBody> {
        let mut header = format!("Bearer resource_metadata=\"{}\"", self.metadata_url);
        if let Some(why) = invalid {
            // error_description: printable ASCII without quotes or backslashes (RFC 6750 §3).
            let description: String = why
                .chars()
                .map(|c| if c == '"' || c == '\\' || !(' '..='~').contains(&c) { '\'' } else { c })
                .collect();
            header.push_str(&format!(", error=\"invalid_token\", error_description=\"{description}\""));
        }
        let mut response = text_response(StatusCode::UNAUTHORIZED, message);
        let value = header.parse().unwrap_or_else(|_| "Bearer error=\"invalid_token\"".parse().expect("ASCII"));
        response.headers_mut().insert(WWW_AUTHENTICATE, value);
        response
    }
}

/// Why a token was not taken.
enum Refused {
    Invalid(String),
    Unavailable(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(scopes: Value) -> OAuthConfig {
        serde_json::from_value(json!({
            "issuer": "https://issuer.example",
            "jwksUri": "https://issuer.example/jwks.json",
            "resource": "https://mcp.example/mcp",
            "scopes": scopes,
        }))
        .unwrap()
    }

    #[test]
    fn a_bad_grant_or_tier_or_resource_is_refused_at_start() {
        assert!(OAuth::new(&config(json!({"x": "all"}))).err().unwrap().contains("not a grant"));
        assert!(OAuth::new(&config(json!({"x": {"tiers": ["admin"]}}))).err().unwrap().contains("not a tier"));
        let mut relative = config(json!({}));
        relative.resource = "/mcp".into();
        assert!(OAuth::new(&relative).is_err());
        assert_eq!(
            OAuth::new(&config(json!({}))).unwrap().metadata_url,
            "https://mcp.example/.well-known/oauth-protected-resource/mcp"
        );
    }
}
