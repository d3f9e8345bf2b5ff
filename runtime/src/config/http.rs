//! The config file's `http` object, for `mcp --listen`: tokens, Host and Origin allowlists,
//! limits, OAuth, TLS and rate limits. Read when the server starts (a change takes a restart);
//! protocol/http turns it into the server's settings.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Deserialize;

/// `mcp --listen` (MCP over HTTP): the `http` object. Read when the server starts; a change
/// takes a restart.
#[derive(Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct HttpConfig {
    /// The bearer token clients must send (`OMP_HOST_TOKEN` in the environment wins).
    pub(crate) token: Option<String>,
    /// `Host` header values accepted besides the loopback names and the address listened on
    /// (`name` or `name:port`; `"*"`: any).
    pub(crate) allowed_hosts: Option<Vec<String>>,
    /// `Origin` header values accepted besides the loopback origins (`https://app.example`,
    /// `http://localhost:*`); requests without an `Origin` are not affected.
    pub(crate) allowed_origins: Option<Vec<String>>,
    /// The largest request body taken, in bytes (default 4 MiB).
    pub(crate) max_body_bytes: Option<usize>,
    /// How long a client may take to send a request's body, in ms (default 30 s).
    pub(crate) body_read_timeout_ms: Option<u64>,
    /// How many MCP sessions may be open at once (default 1000).
    pub(crate) max_sessions: Option<usize>,
    /// How long running calls get to finish on SIGTERM before they are cancelled, in ms.
    pub(crate) drain_grace_ms: Option<u64>,
    /// OAuth 2.1 access tokens (JWTs from an issuer) in place of the shared token.
    pub(crate) oauth: Option<OAuthConfig>,
    /// HTTPS: the certificate and key files (`--tls-cert`/`--tls-key` win).
    pub(crate) tls: Option<TlsConfig>,
    /// Calls one client may have running at once (default 16).
    pub(crate) max_calls_in_flight: Option<usize>,
    /// Requests per client: a token bucket (off unless set).
    pub(crate) rate_limit: Option<RateConfig>,
}

impl std::fmt::Debug for HttpConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The token stays out of any debug output.
        f.debug_struct("HttpConfig")
            .field("token", &self.token.as_ref().map(|_| "<set>"))
            .field("allowed_hosts", &self.allowed_hosts)
            .field("allowed_origins", &self.allowed_origins)
            .field("max_body_bytes", &self.max_body_bytes)
            .field("body_read_timeout_ms", &self.body_read_timeout_ms)
            .field("max_sessions", &self.max_sessions)
            .field("drain_grace_ms", &self.drain_grace_ms)
            .field("oauth", &self.oauth)
            .field("tls", &self.tls)
            .field("max_calls_in_flight", &self.max_calls_in_flight)
            .field("rate_limit", &self.rate_limit)
            .finish()
    }
}

impl HttpConfig {
    /// Later files override earlier ones, key by key.
    pub(super) fn merge(&mut self, later: HttpConfig) {
        let HttpConfig {
            token,
            allowed_hosts,
            allowed_origins,
            max_body_bytes,
            body_read_timeout_ms,
            max_sessions,
            drain_grace_ms,
            oauth,
            tls,
            max_calls_in_flight,
            rate_limit,
        } = later;
        self.token = token.or(self.token.take());
        self.allowed_hosts = allowed_hosts.or(self.allowed_hosts.take());
        self.allowed_origins = allowed_origins.or(self.allowed_origins.take());
        self.max_body_bytes = max_body_bytes.or(self.max_body_bytes);
        self.body_read_timeout_ms = body_read_timeout_ms.or(self.body_read_timeout_ms);
        self.max_sessions = max_sessions.or(self.max_sessions);
        self.drain_grace_ms = drain_grace_ms.or(self.drain_grace_ms);
        self.oauth = oauth.or(self.oauth.take());
        self.tls = tls.or(self.tls.take());
        self.max_calls_in_flight = max_calls_in_flight.or(self.max_calls_in_flight);
        self.rate_limit = rate_limit.or(self.rate_limit);
    }
}

/// `http.rateLimit` in the config.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct RateConfig {
    /// Requests per second, sustained.
    pub per_second: f64,
    /// Requests taken at once after a pause (default: one second's worth, at least 1).
    pub burst: Option<f64>,
}

/// `http.oauth` in the config.
#[derive(Clone, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct OAuthConfig {
    /// The authorization server whose tokens are taken (their `iss`, exactly).
    pub issuer: String,
    /// Where the issuer publishes its signing keys.
    pub jwks_uri: String,
    /// This server's resource identifier: the URL clients reach `/mcp` at; tokens must carry
    /// it as their audience (`aud`).
    pub resource: String,
    /// What each scope allows: `"*"` (every tool), or `{ "tools": [names], "tiers": [read,
    /// write, exec] }`. Empty: any valid token may call every tool.
    #[serde(default)]
    pub scopes: BTreeMap<String, ScopeGrant>,
    /// The leeway on `exp` and `nbf`, in seconds (default 30).
    pub leeway_seconds: Option<u64>,
}

impl std::fmt::Debug for OAuthConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OAuthConfig")
            .field("issuer", &self.issuer)
            .field("resource", &self.resource)
            .field("scopes", &self.scopes.keys().collect::<Vec<_>>())
            .finish_non_exhaustive()
    }
}

/// What one scope allows, as configured.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub(crate) enum ScopeGrant {
    /// `"*"`: every tool.
    Every(String),
    /// Tools by name, or by approval tier.
    Some(Covers),
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Covers {
    #[serde(default)]
    pub tools: Vec<String>,
    #[serde(default)]
    pub tiers: Vec<String>,
}

/// `http.tls` in the config.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct TlsConfig {
    /// The certificate chain (PEM).
    pub cert: PathBuf,
    /// The private key (PEM).
    pub key: PathBuf,
}
