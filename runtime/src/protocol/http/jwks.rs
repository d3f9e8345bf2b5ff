//! The issuer's signing keys (its JWKS, RFC 7517) that OAuth access tokens are checked
//! against (oauth.rs). Fetched from `http.oauth.jwksUri` with hyper's client on rustls,
//! trusting the webpki roots — over HTTPS, or plain HTTP only from a loopback address (a local
//! issuer, the tests) — with a time limit and a size limit. The set is kept in memory and
//! fetched again when a token names a key id it does not have (the issuer rotated its keys),
//! at most once per `REFETCH_AFTER`: tokens with made-up key ids cannot make the server hammer
//! the issuer.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use http_body_util::{BodyExt, Empty, Limited};
use hyper::{StatusCode, Uri};
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use jsonwebtoken::jwk::{Jwk, JwkSet};
use tokio::sync::Mutex;

/// How long one fetch of the JWKS may take.
const FETCH_LIMIT: Duration = Duration::from_secs(10);

/// The largest JWKS document read (a handful of keys is a few KiB).
const MAX_JWKS_BYTES: usize = 1024 * 1024;

/// The shortest time between two fetches caused by an unknown key id.
pub(crate) const REFETCH_AFTER: Duration = Duration::from_secs(30);

/// Why no key was found for a token.
#[derive(Debug, PartialEq)]
pub(crate) enum KeyError {
    /// The set has no key by that id (or several keys and the token names none).
    Unknown(String),
    /// The set could not be fetched.
    Unavailable(String),
}

/// The issuer's keys, fetched on first use.
pub(crate) struct Jwks {
    uri: Uri,
    client: Client<HttpsConnector<HttpConnector>, Empty<Bytes>>,
    cached: Mutex<Cached>,
}

#[derive(Default)]
struct Cached {
    keys: Option<Arc<JwkSet>>,
    fetched_at: Option<Instant>,
}

impl Jwks {
    /// The keys at `uri` (`https://…`, or `http://` on a loopback host), or why not.
    pub(crate) fn new(uri: &str) -> Result<Jwks, String> {
        let parsed: Uri = uri.parse().map_err(|e| format!("http.oauth.jwksUri {uri}: not a URL: {e}"))?;
        match parsed.scheme_str() {
            Some("https") => {}
            Some("http") if parsed.host().is_some_and(is_loopback_host) => {}
            _ => return Err(format!("http.oauth.jwksUri {uri}: must be an https:// URL (plain http:// only on loopback)")),
        }
        let roots = rustls::RootCertStore {
            roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
        };
        let tls = rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::aws_lc_rs::default_provider()))
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("TLS for the JWKS: {e}"))?
            .with_root_certificates(roots)
            .with_no_client_auth();
        let connector = hyper_rustls::HttpsConnectorBuilder::new()
            .with_tls_config(tls)
            .https_or_http()
            .enable_http1()
            .build();
        Ok(Jwks {
            uri: parsed,
            client: Client::builder(TokioExecutor::new()).build(connector),
            cached: Mutex::new(Cached::default()),
        })
    }

    /// The key a token's header names (`kid`; without one, the set's only key).
    pub(crate) async fn key(&self, kid: Option<&str>) -> Result<Jwk, KeyError> {
        let mut cached = self.cached.lock().await;
        if let Some(keys) = &cached.keys {
            if let Some(key) = pick(keys, kid) {
                return Ok(key);
            }
            if cached.fetched_at.is_some_and(|at| at.elapsed() < REFETCH_AFTER) {
                return Err(unknown(kid));
            }
        }
        let keys = Arc::new(self.fetch().await?);
        cached.keys = Some(keys.clone());
        cached.fetched_at = Some(Instant::now());
        pick(&keys, kid).ok_or_else(|| unknown(kid))
    }

    async fn fetch(&self) -> Result<JwkSet, KeyError> {
        let unavailable = |why: String| KeyError::Unavailable(format!("the issuer's keys could not be fetched from {}: {why}", self.uri));
        let fetched = tokio::time::timeout(FETCH_LIMIT, async {
            let response = self.client.get(self.uri.clone()).await.map_err(|e| e.to_string())?;
            if response.status() != StatusCode::OK {
                return Err(format!("status {}", response.status()));
            }
            let body = Limited::new(response.into_body(), MAX_JWKS_BYTES).collect().await.map_err(|e| e.to_string())?;
            serde_json::from_slice::<JwkSet>(&body.to_bytes()).map_err(|e| format!("not a JWKS: {e}"))
        })
        .await;
        match fetched {
            Ok(Ok(set)) => Ok(set),
            Ok(Err(why)) => Err(unavailable(why)),
            Err(_) => Err(unavailable(format!("no answer within {} s", FETCH_LIMIT.as_secs()))),
        }
    }
}

fn pick(keys: &JwkSet, kid: Option<&str>) -> Option<Jwk> {
    match kid {
        Some(kid) => keys.find(kid).cloned(),
        None if keys.keys.len() == 1 => keys.keys.first().cloned(),
        None => None,
    }
}

fn unknown(kid: Option<&str>) -> KeyError {
    KeyError::Unknown(match kid {
        Some(kid) => format!("the access token is signed with key id `{kid}`, which the issuer's JWKS does not have"),
        None => "the access token names no key id (kid) and the issuer's JWKS has more than one key".into(),
    })
}

fn is_loopback_host(host: &str) -> bool {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    host == "localhost" || bare.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_https_or_loopback_http() {
        assert!(Jwks::new("https://issuer.example/jwks.json").is_ok());
        assert!(Jwks::new("http://127.0.0.1:9000/jwks.json").is_ok());
        assert!(Jwks::new("http://localhost:9000/jwks.json").is_ok());
        assert!(Jwks::new("http://[::1]:9000/jwks.json").is_ok());
        let refused = Jwks::new("http://issuer.example/jwks.json").err().unwrap();
        assert!(refused.contains("https://"), "{refused}");
    }
}
