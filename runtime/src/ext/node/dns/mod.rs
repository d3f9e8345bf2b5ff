//! `dns.lookup` for `node:dns`: the system resolver (getaddrinfo, through tokio), which reads
//! /etc/hosts and the configured name servers as Node's `dns.lookup` does. Under a restricted
//! policy a name is looked up only if a `net` rule names it (on any port: a lookup has none),
//! since the query itself reaches the network (and can carry data out in the name).

use std::cell::RefCell;
use std::rc::Rc;

use deno_core::{op2, OpState};
use deno_error::JsErrorBox;

use crate::permissions::Permissions;

/// Refuses a lookup of `host` no `net` rule names (the refusal is logged; learning, recorded).
fn check_lookup(permissions: &Permissions, host: &str) -> Result<(), JsErrorBox> {
    if permissions.is_unrestricted() {
        return Ok(());
    }
    permissions.check_lookup(host, "getaddrinfo").map_err(JsErrorBox::from)
}

/// The addresses of `host` as (address, family 4 or 6), in the resolver's order.
#[op2]
#[serde]
pub async fn op_node_dns_lookup(state: Rc<RefCell<OpState>>, #[string] host: String) -> Result<Vec<(String, u8)>, JsErrorBox> {
    let permissions = state.borrow().borrow::<Permissions>().clone();
    check_lookup(&permissions, &host)?;
    let found = tokio::net::lookup_host((host.as_str(), 0))
        .await
        .map_err(|_| JsErrorBox::generic(format!("ENOTFOUND: getaddrinfo ENOTFOUND {host}")))?;
    let mut addresses: Vec<(String, u8)> = Vec::new();
    for addr in found {
        let entry = (addr.ip().to_string(), if addr.is_ipv4() { 4 } else { 6 });
        if !addresses.contains(&entry) {
            addresses.push(entry);
        }
    }
    if addresses.is_empty() {
        return Err(JsErrorBox::generic(format!("ENOTFOUND: getaddrinfo ENOTFOUND {host}")));
    }
    Ok(addresses)
}
