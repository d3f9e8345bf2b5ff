//! The op behind `node:net`'s BlockList and SocketAddress (block_list.js beside it): an IP
//! address as 16 bytes, IPv4 as its IPv4-mapped IPv6 form, so the JavaScript side compares
//! addresses, ranges and subnets of both families the one way Node does (an IPv4 rule also
//! covers `::ffff:a.b.c.d`).

use std::net::IpAddr;

use deno_core::op2;

/// `address` as 16 bytes if it is an address of `family` (`ipv4` or `ipv6`); None otherwise.
#[op2]
#[buffer]
pub(crate) fn op_node_net_ip_bytes(#[string] address: &str, #[string] family: &str) -> Option<Vec<u8>> {
    ip_bytes(address, family).map(|bytes| bytes.to_vec())
}

fn ip_bytes(address: &str, family: &str) -> Option<[u8; 16]> {
    match (family, address.parse::<IpAddr>().ok()?) {
        ("ipv4", IpAddr::V4(v4)) => Some(v4.to_ipv6_mapped().octets()),
        ("ipv6", IpAddr::V6(v6)) => Some(v6.octets()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv4_is_its_mapped_form_and_families_are_checked() {
        assert_eq!(ip_bytes("10.1.2.3", "ipv4"), ip_bytes("::ffff:10.1.2.3", "ipv6"));
        assert_eq!(ip_bytes("10.1.2.3", "ipv6"), None);
        assert_eq!(ip_bytes("fe80::1", "ipv4"), None);
        assert_eq!(ip_bytes("nonsense", "ipv4"), None);
    }
}
