//! `dns.lookup` for `node:dns`: the system resolver (getaddrinfo, through tokio), which reads
//! /etc/hosts and the configured name servers as Node's `dns.lookup` does.

use deno_core::op2;
use deno_error::JsErrorBox;

/// The addresses of `host` as (address, family 4 or 6), in the resolver's order.
#[op2]
#[serde]
pub async fn op_node_dns_lookup(#[string] host: String) -> Result<Vec<(String, u8)>, JsErrorBox> {
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
