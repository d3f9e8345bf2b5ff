//! `dns.lookup` for `node:dns`: the system resolver (getaddrinfo, through tokio), which reads
//! /etc/hosts and the configured name servers as Node's `dns.lookup` does. Under a restricted
//! policy a name is looked up only if a `net` rule names it (on any port: a lookup has none),
//! since the query itself reaches the network (and can carry data out in the name).

use std::cell::RefCell;
use std::rc::Rc;

use crate::permissions::{Denied, Permissions};
use deno_core::{op2, OpState};

/// What fails in `dns.lookup`: the tool's permissions refuse the name, or it resolves to
/// nothing (Node's `ENOTFOUND` text, which the JavaScript side reads the code from).
#[derive(Debug, thiserror::Error, deno_error::JsError)]
pub(crate) enum DnsError {
    /// No `net` rule names the host (Node's `EACCES` text).
    #[class(inherit)]
    #[error(transparent)]
    Denied(#[from] Denied),
    /// The name resolves to no address.
    #[class(generic)]
    #[error("ENOTFOUND: getaddrinfo ENOTFOUND {0}")]
    NotFound(String),
}

/// Refuses a lookup of `host` no `net` rule names (the refusal is logged; learning, recorded).
fn check_lookup(permissions: &Permissions, host: &str) -> Result<(), DnsError> {
    if permissions.is_unrestricted() {
        return Ok(());
    }
    permissions.check_lookup(host, "getaddrinfo").map_err(DnsError::from)
}

/// The addresses of `host` as (address, family 4 or 6), in the resolver's order.
#[op2]
#[serde]
pub(crate) async fn op_node_dns_lookup(state: Rc<RefCell<OpState>>, #[string] host: String) -> Result<Vec<(String, u8)>, DnsError> {
    let permissions = state.borrow().borrow::<Permissions>().clone();
    check_lookup(&permissions, &host)?;
    let found = tokio::net::lookup_host((host.as_str(), 0))
        .await
        .map_err(|_| DnsError::NotFound(host.clone()))?;
    let mut addresses: Vec<(String, u8)> = Vec::new();
    for addr in found {
        let entry = (addr.ip().to_string(), if addr.is_ipv4() { 4 } else { 6 });
        if !addresses.contains(&entry) {
            addresses.push(entry);
        }
    }
    if addresses.is_empty() {
        return Err(DnsError::NotFound(host));
    }
    Ok(addresses)
}

#[cfg(test)]
mod tests {
    use deno_error::JsErrorClass;

    use super::*;

    #[test]
    fn errors_keep_their_js_class_and_text() {
        let err = DnsError::NotFound("nowhere.invalid".into());
        assert_eq!(err.get_class(), "Error");
        assert_eq!(err.get_message(), "ENOTFOUND: getaddrinfo ENOTFOUND nowhere.invalid");
    }
}
