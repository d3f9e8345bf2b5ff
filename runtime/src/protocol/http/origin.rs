//! The DNS-rebinding defence: which `Host` and `Origin` headers the MCP endpoint accepts.
//! rmcp's Streamable HTTP service checks both and answers 403 otherwise; this file decides
//! the lists. `Host` may always be a loopback name (`localhost`, `127.0.0.1`, `::1`, any
//! port), and the address listened on when it is a specific one; anything else (the names
//! clients use to reach a public server) is configured in `http.allowedHosts` (`"*"` turns
//! the check off, for a proxy that checks `Host` itself). `Origin`, which browsers send, may
//! be a loopback origin (`http://localhost:*`, …) or one in `http.allowedOrigins`; requests
//! without it (programs, not pages) are not affected.

use std::net::SocketAddr;

use rmcp::transport::streamable_http_server::StreamableHttpServerConfig;

/// The names of this machine's loopback interface, as `Host` carries them.
const LOOPBACK_HOSTS: [&str; 3] = ["localhost", "127.0.0.1", "::1"];

/// The origins of pages served from this machine's loopback interface, any port.
const LOOPBACK_ORIGINS: [&str; 3] = ["http://localhost:*", "http://127.0.0.1:*", "http://[::1]:*"];

/// The `Host` values accepted when listening on `addr` with `configured` ones added (empty:
/// any host, when `configured` has `"*"`).
pub(crate) fn allowed_hosts(addr: SocketAddr, configured: &[String]) -> Vec<String> {
    if configured.iter().any(|host| host.trim() == "*") {
        return Vec::new();
    }
    let mut hosts: Vec<String> = LOOPBACK_HOSTS.iter().map(|h| h.to_string()).collect();
    if !addr.ip().is_unspecified() && !addr.ip().is_loopback() {
        hosts.push(addr.ip().to_string());
    }
    hosts.extend(configured.iter().map(|h| h.trim().to_string()));
    hosts
}

/// The `Origin` values accepted, with `configured` ones added.
pub(crate) fn allowed_origins(configured: &[String]) -> Vec<String> {
    LOOPBACK_ORIGINS
        .iter()
        .map(|o| o.to_string())
        .chain(configured.iter().map(|o| o.trim().to_string()))
        .collect()
}

/// rmcp's config with these lists: an empty `Host` list lets any host through (rmcp's
/// meaning), and `Origin` is always checked.
pub(crate) fn apply(config: StreamableHttpServerConfig, hosts: &[String], origins: &[String]) -> StreamableHttpServerConfig {
    let config = if hosts.is_empty() {
        config.disable_allowed_hosts()
    } else {
        config.with_allowed_hosts(hosts.iter().cloned())
    };
    config.with_allowed_origins(origins.iter().cloned()).enforce_origin_validation()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_names_always_and_a_specific_address_too() {
        let loopback = allowed_hosts("127.0.0.1:8700".parse().unwrap(), &[]);
        assert_eq!(loopback, ["localhost", "127.0.0.1", "::1"]);
        let public = allowed_hosts("192.0.2.7:8700".parse().unwrap(), &["mcp.example".to_string()]);
        assert_eq!(public, ["localhost", "127.0.0.1", "::1", "192.0.2.7", "mcp.example"]);
        assert_eq!(allowed_hosts("0.0.0.0:8700".parse().unwrap(), &[]).len(), 3, "no name for every address");
        assert!(allowed_hosts("0.0.0.0:1".parse().unwrap(), &["*".to_string()]).is_empty());
    }

    #[test]
    fn configured_origins_add_to_the_loopback_ones() {
        let origins = allowed_origins(&["https://app.example".to_string()]);
        assert_eq!(origins.len(), 4);
        assert_eq!(origins[3], "https://app.example");
    }
}
