//! What `mcp --listen ADDR` serves with: the address, the bearer token (the environment's
//! `OMP_HOST_TOKEN`, else the config's `http.token`) or OAuth (`http.oauth`, never both), the
//! `Host` and `Origin` allowlists, TLS, the request body limit, the per-client limits and the drain grace — and the
//! refusal to serve without authorization on an address other than loopback.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use super::limits::DEFAULT_CALLS_IN_FLIGHT;
use crate::config::http::{OAuthConfig, RateConfig, TlsConfig};
use crate::config::HttpConfig;

/// The environment variable that holds the bearer token.
pub(crate) const TOKEN_VARIABLE: &str = "OMP_HOST_TOKEN";

/// The largest request body taken unless the config says otherwise (4 MiB).
pub(crate) const DEFAULT_MAX_BODY_BYTES: usize = 4 * 1024 * 1024;

/// How long running calls get to finish on SIGTERM unless the config says otherwise.
pub(crate) const DEFAULT_DRAIN_GRACE: Duration = Duration::from_secs(10);
/// How many MCP sessions may be open at once, unless the config says otherwise: an idle
/// session costs about 100 KB (10,000 took the process from 62 MB to 1.0 GB), so a client
/// opening sessions in a loop could take the machine's memory.
pub(crate) const DEFAULT_MAX_SESSIONS: usize = 1000;
/// How long a client may take to send a request's body, unless the config says otherwise: a
/// client that trickles or stops mid-body holds a connection and a task no longer.
pub(crate) const DEFAULT_BODY_READ_TIMEOUT: Duration = Duration::from_secs(30);

/// The settings the server runs with.
pub(crate) struct HttpSettings {
    pub addr: SocketAddr,
    /// None: no authorization (loopback only).
    pub token: Option<String>,
    /// Where the token came from, for the start-up line.
    pub token_source: &'static str,
    /// OAuth access tokens in place of the shared token.
    pub oauth: Option<OAuthConfig>,
    /// HTTPS (the flags, else the config's `http.tls`); None: plain HTTP.
    pub tls: Option<TlsConfig>,
    pub allowed_hosts: Vec<String>,
    pub allowed_origins: Vec<String>,
    pub max_body_bytes: usize,
    /// How long a client may take to send a request's body.
    pub body_read_timeout: Duration,
    /// How many MCP sessions may be open at once.
    pub max_sessions: usize,
    pub drain_grace: Duration,
    /// Calls one client may have running at once.
    pub max_calls_in_flight: usize,
    /// Requests per client (None: no rate limit).
    pub rate_limit: Option<RateConfig>,
}

impl HttpSettings {
    /// The settings for `listen` (`IP:PORT`, `[IPv6]:PORT` or `localhost:PORT`), or why the
    /// server must not start.
    pub(crate) fn resolve(listen: &str, config: &HttpConfig, env_token: Option<String>, tls: Option<TlsConfig>) -> Result<HttpSettings, String> {
        let addr = parse_listen(listen)?;
        let (token, token_source) = match (env_token, &config.token) {
            (Some(token), _) => (Some(token), TOKEN_VARIABLE),
            (None, Some(token)) => (Some(token.clone()), "the config's http.token"),
            (None, None) => (None, ""),
        };
        if token.as_ref().is_some_and(|t| t.trim().is_empty()) {
            return Err(format!("the bearer token from {token_source} is empty"));
        }
        if token.is_some() && config.oauth.is_some() {
            return Err(format!(
                "both a shared bearer token (from {token_source}) and http.oauth are set: use one (OAuth access tokens, or the shared token)"
            ));
        }
        if token.is_none() && config.oauth.is_none() && !addr.ip().is_loopback() {
            return Err(format!(
                "refusing to serve on {addr} without authorization: an address other than loopback needs a bearer token \
                 (set {TOKEN_VARIABLE}, or \"http\": {{\"token\": \"…\"}} in the config file) or OAuth (\"http\": {{\"oauth\": {{…}}}}), \
                 or listen on 127.0.0.1"
            ));
        }
        let max_calls_in_flight = config.max_calls_in_flight.unwrap_or(DEFAULT_CALLS_IN_FLIGHT);
        if max_calls_in_flight == 0 {
            return Err("http.maxCallsInFlight must be at least 1".into());
        }
        if let Some(rate) = config.rate_limit {
            if !(rate.per_second > 0.0 && rate.per_second.is_finite()) || rate.burst.is_some_and(|b| !(b >= 1.0 && b.is_finite())) {
                return Err("http.rateLimit: perSecond must be above 0, and burst at least 1".into());
            }
        }
        let max_sessions = config.max_sessions.unwrap_or(DEFAULT_MAX_SESSIONS);
        if max_sessions == 0 {
            return Err("http.maxSessions must be at least 1".into());
        }
        let max_body_bytes = config.max_body_bytes.unwrap_or(DEFAULT_MAX_BODY_BYTES);
        if max_body_bytes == 0 {
            return Err("http.maxBodyBytes must be at least 1".into());
        }
        Ok(HttpSettings {
            addr,
            token,
            token_source,
            oauth: config.oauth.clone(),
            tls: tls.or_else(|| config.tls.clone()),
            allowed_hosts: super::origin::allowed_hosts(addr, config.allowed_hosts.as_deref().unwrap_or_default()),
            allowed_origins: super::origin::allowed_origins(config.allowed_origins.as_deref().unwrap_or_default()),
            max_body_bytes,
            body_read_timeout: config.body_read_timeout_ms.map_or(DEFAULT_BODY_READ_TIMEOUT, Duration::from_millis),
            max_sessions,
            drain_grace: config.drain_grace_ms.map_or(DEFAULT_DRAIN_GRACE, Duration::from_millis),
            max_calls_in_flight,
            rate_limit: config.rate_limit,
        })
    }
}

/// `listen` as a socket address (`localhost` stands for 127.0.0.1).
fn parse_listen(listen: &str) -> Result<SocketAddr, String> {
    if let Ok(addr) = listen.parse::<SocketAddr>() {
        return Ok(addr);
    }
    if let Some(port) = listen.strip_prefix("localhost:") {
        if let Ok(port) = port.parse::<u16>() {
            return Ok(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port));
        }
    }
    Err(format!(
        "--listen {listen}: not an address to listen on (IP:PORT, [IPv6]:PORT or localhost:PORT, e.g. 127.0.0.1:8700)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resolve(listen: &str, config: HttpConfig, env: Option<&str>) -> Result<HttpSettings, String> {
        HttpSettings::resolve(listen, &config, env.map(str::to_string), None)
    }

    #[test]
    fn loopback_may_go_without_a_token_and_nothing_else_may() {
        assert!(resolve("127.0.0.1:8700", HttpConfig::default(), None).unwrap().token.is_none());
        assert!(resolve("[::1]:0", HttpConfig::default(), None).is_ok());
        assert_eq!(
            resolve("localhost:8700", HttpConfig::default(), None).unwrap().addr.to_string(),
            "127.0.0.1:8700"
        );
        let refused = resolve("0.0.0.0:8700", HttpConfig::default(), None).err().unwrap();
        assert!(refused.contains("without authorization") && refused.contains(TOKEN_VARIABLE), "{refused}");
        assert!(resolve("0.0.0.0:8700", HttpConfig::default(), Some("t")).is_ok());
    }

    #[test]
    fn the_environment_wins_over_the_config_and_an_empty_token_is_refused() {
        let config = HttpConfig {
            token: Some("from-config".into()),
            ..Default::default()
        };
        let settings = resolve("0.0.0.0:1", config.clone(), Some("from-env")).unwrap();
        assert_eq!((settings.token.as_deref(), settings.token_source), (Some("from-env"), TOKEN_VARIABLE));
        assert_eq!(resolve("0.0.0.0:1", config, None).unwrap().token.as_deref(), Some("from-config"));
        assert!(resolve("127.0.0.1:1", HttpConfig::default(), Some(" ")).err().unwrap().contains("empty"));
    }

    #[test]
    fn oauth_counts_as_authorization_and_never_goes_with_a_shared_token() {
        let oauth: OAuthConfig = serde_json::from_value(serde_json::json!({
            "issuer": "https://issuer.example", "jwksUri": "https://issuer.example/jwks", "resource": "https://mcp.example/mcp"
        }))
        .unwrap();
        let config = HttpConfig {
            oauth: Some(oauth),
            ..Default::default()
        };
        assert!(resolve("0.0.0.0:8700", config.clone(), None).unwrap().oauth.is_some());
        let both = resolve("0.0.0.0:8700", config, Some("t")).err().unwrap();
        assert!(both.contains("use one"), "{both}");
        let zero = HttpConfig {
            max_calls_in_flight: Some(0),
            ..Default::default()
        };
        assert!(resolve("127.0.0.1:1", zero, None).err().unwrap().contains("maxCallsInFlight"));
    }

    #[test]
    fn a_bad_address_says_what_is_expected() {
        let error = resolve("nowhere", HttpConfig::default(), None).err().unwrap();
        assert!(error.contains("127.0.0.1:8700"), "{error}");
    }
}
