//! Network grants: `host`, `host:port`, `*.example.com`, `*` (any public host), an IP
//! address, `loopback` and `private` (the local address classes, which no name and no `*`
//! reaches: an allowed name that resolves to one is refused, so DNS rebinding gains nothing).

use std::net::IpAddr;

/// Which hosts a grant names.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum HostMatch {
    /// Any public host (`*`).
    AnyPublic,
    /// Exactly this name (lower case).
    Name(String),
    /// This name's subdomains (`*.example.com` is stored as `.example.com`).
    Suffix(String),
    Ip(IpAddr),
    /// 127.0.0.0/8, ::1 (and `localhost`).
    Loopback,
    /// Private, link-local and unique-local addresses (10/8, 172.16/12, 192.168/16,
    /// 169.254/16, fc00::/7, fe80::/10).
    Private,
}

/// One `net` entry: hosts and a port (None: any port).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct NetRule {
    host: HostMatch,
    port: Option<u16>,
}

/// The class of an address, for the rules that name classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AddressClass {
    Loopback,
    Private,
    Public,
}

pub(crate) fn class_of(ip: IpAddr) -> AddressClass {
    let ip = match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(ip),
        v4 => v4,
    };
    match ip {
        IpAddr::V4(v4) if v4.is_loopback() => AddressClass::Loopback,
        IpAddr::V4(v4) if v4.is_private() || v4.is_link_local() || v4.is_unspecified() || v4.is_broadcast() => AddressClass::Private,
        IpAddr::V6(v6) if v6.is_loopback() => AddressClass::Loopback,
        IpAddr::V6(v6) if v6.is_unspecified() || (v6.segments()[0] & 0xfe00) == 0xfc00 || (v6.segments()[0] & 0xffc0) == 0xfe80 => AddressClass::Private,
        _ => AddressClass::Public,
    }
}

impl NetRule {
    /// Reads one entry; the message says what is wrong with it.
    pub(crate) fn parse(entry: &str) -> Result<NetRule, String> {
        let entry = entry.trim();
        let (host, port) = split_host_port(entry)?;
        let host = host.to_ascii_lowercase();
        let host = match host.as_str() {
            "" => return Err(format!("{entry:?} names no host")),
            "*" => HostMatch::AnyPublic,
            "loopback" | "localhost" => HostMatch::Loopback,
            "private" => HostMatch::Private,
            _ => match host.parse::<IpAddr>() {
                Ok(ip) => HostMatch::Ip(ip),
                Err(_) => match host.strip_prefix("*.") {
                    Some(rest) if !rest.is_empty() && !rest.contains('*') => HostMatch::Suffix(format!(".{rest}")),
                    _ if host.contains('*') => return Err(format!("{entry:?}: a wildcard may only start a name (*.example.com)")),
                    _ => HostMatch::Name(host),
                },
            },
        };
        Ok(NetRule { host, port })
    }

    fn port_matches(&self, port: u16) -> bool {
        self.port.is_none_or(|p| p == port)
    }

    /// Whether this rule lets a connection to `host` (a name or an address as the tool wrote
    /// it) on `port` begin; the addresses it resolves to are checked with `allows_address`.
    pub(crate) fn allows_name(&self, host: &str, port: u16) -> bool {
        if !self.port_matches(port) {
            return false;
        }
        let host = host.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
        let host = host.trim_end_matches('.');
        match (&self.host, host.parse::<IpAddr>()) {
            (HostMatch::AnyPublic, Ok(ip)) => class_of(ip) == AddressClass::Public,
            (HostMatch::AnyPublic, Err(_)) => true,
            (HostMatch::Name(name), _) => name == host,
            (HostMatch::Suffix(suffix), _) => host.ends_with(suffix.as_str()),
            (HostMatch::Ip(ip), Ok(asked)) => *ip == asked,
            (HostMatch::Loopback, Ok(ip)) => class_of(ip) == AddressClass::Loopback,
            (HostMatch::Loopback, Err(_)) => host == "localhost",
            (HostMatch::Private, Ok(ip)) => class_of(ip) == AddressClass::Private,
            _ => false,
        }
    }

    /// Whether this rule names `host` on some port: a DNS lookup carries no port, so a rule
    /// for `host:443` lets the tool look `host` up.
    pub(crate) fn allows_name_on_some_port(&self, host: &str) -> bool {
        self.allows_name(host, self.port.unwrap_or(0))
    }

    /// Whether this rule lets a connection reach address `ip` on `port` once a name was
    /// resolved: names reach public addresses only; local classes need their own rule.
    pub(crate) fn allows_address(&self, ip: IpAddr, port: u16) -> bool {
        if !self.port_matches(port) {
            return false;
        }
        match &self.host {
            HostMatch::Ip(allowed) => *allowed == ip,
            HostMatch::Loopback => class_of(ip) == AddressClass::Loopback,
            HostMatch::Private => class_of(ip) == AddressClass::Private,
            HostMatch::AnyPublic | HostMatch::Name(_) | HostMatch::Suffix(_) => class_of(ip) == AddressClass::Public,
        }
    }
}

/// `host`, `host:port`, `host:*`, `[v6]:port`, or a bare IPv6 address.
fn split_host_port(entry: &str) -> Result<(&str, Option<u16>), String> {
    let port_of = |text: &str| -> Result<Option<u16>, String> {
        match text {
            "*" => Ok(None),
            _ => text.parse().map(Some).map_err(|_| format!("{entry:?}: {text:?} is not a port")),
        }
    };
    if let Some(rest) = entry.strip_prefix('[') {
        let (host, after) = rest.split_once(']').ok_or_else(|| format!("{entry:?}: no closing ]"))?;
        return match after.strip_prefix(':') {
            Some(port) => Ok((host, port_of(port)?)),
            None if after.is_empty() => Ok((host, None)),
            None => Err(format!("{entry:?}: unexpected {after:?}")),
        };
    }
    match entry.rsplit_once(':') {
        Some((host, _)) if host.contains(':') => Ok((entry, None)),
        Some((host, port)) => Ok((host, port_of(port)?)),
        None => Ok((entry, None)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(entry: &str) -> NetRule {
        NetRule::parse(entry).unwrap()
    }

    #[test]
    fn names_ports_and_wildcards() {
        assert!(rule("api.example.com:443").allows_name("api.example.com", 443));
        assert!(!rule("api.example.com:443").allows_name("api.example.com", 80));
        assert!(rule("api.example.com").allows_name("API.example.com.", 80));
        assert!(rule("*.example.com").allows_name("a.b.example.com", 1));
        assert!(!rule("*.example.com").allows_name("example.com.evil", 1));
        assert!(!rule("*.example.com").allows_name("badexample.com", 1));
        assert!(rule("[::1]:8080").allows_name("::1", 8080));
        assert!(rule("::1").allows_name("[::1]", 1));
    }

    #[test]
    fn local_addresses_need_their_own_rule() {
        assert!(!rule("*").allows_name("127.0.0.1", 80));
        assert!(!rule("*").allows_address("127.0.0.1".parse().unwrap(), 80));
        assert!(!rule("*").allows_address("169.254.169.254".parse().unwrap(), 80));
        assert!(!rule("api.example.com").allows_address("10.0.0.5".parse().unwrap(), 443));
        assert!(!rule("*").allows_address("::ffff:127.0.0.1".parse().unwrap(), 80));
        assert!(rule("api.example.com").allows_address("93.184.216.34".parse().unwrap(), 443));
        assert!(rule("loopback").allows_name("localhost", 3000));
        assert!(rule("loopback:3000").allows_address("127.0.0.1".parse().unwrap(), 3000));
        assert!(!rule("loopback:3000").allows_address("127.0.0.1".parse().unwrap(), 3001));
        assert!(rule("private").allows_address("192.168.1.2".parse().unwrap(), 22));
    }

    #[test]
    fn bad_entries_say_why() {
        assert!(NetRule::parse("a.*.com").unwrap_err().contains("wildcard"));
        assert!(NetRule::parse("host:http").unwrap_err().contains("not a port"));
        assert!(NetRule::parse(":80").unwrap_err().contains("no host"));
    }
}
