//! Who a share of the server is counted for: one client, as far as an address can tell.
//!
//! An IPv4 address is one client; an IPv6 client is its /64, what one subscriber usually gets
//! (RFC 6177), so rotating addresses inside one allocation (2^64 of them) does not multiply a
//! share. Every per-client bound and the engines' fair share use this one key: new games, engine
//! requests in progress, live streams, connections, and whose search or analysis runs next.

use std::fmt;
use std::net::IpAddr;

/// A client's address, IPv6 folded to its /64 (IPv4-mapped IPv6 counts as the IPv4 address).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClientKey(IpAddr);

impl ClientKey {
    /// The client `ip` is counted as.
    pub fn of(ip: IpAddr) -> ClientKey {
        match ip.to_canonical() {
            IpAddr::V6(v6) => {
                let mut octets = v6.octets();
                octets[8..].fill(0);
                ClientKey(IpAddr::from(octets))
            }
            v4 => ClientKey(v4),
        }
    }
}

impl From<IpAddr> for ClientKey {
    fn from(ip: IpAddr) -> ClientKey {
        ClientKey::of(ip)
    }
}

impl fmt::Display for ClientKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            IpAddr::V6(_) => write!(f, "{}/64", self.0),
            IpAddr::V4(_) => write!(f, "{}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> ClientKey {
        ClientKey::of(text.parse().expect("an address"))
    }

    #[test]
    fn addresses_of_one_ipv6_64_are_one_client() {
        assert_eq!(
            key("2001:db8:1:2::1"),
            key("2001:db8:1:2:ffff:ffff:ffff:ffff")
        );
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("::1"), key("::2"), "loopback's /64 too");
        assert_eq!(key("2001:db8:1:2::7").to_string(), "2001:db8:1:2::/64");
    }

    #[test]
    fn ipv4_addresses_are_clients_of_their_own_and_mapped_ones_are_the_same() {
        assert_ne!(key("203.0.113.5"), key("203.0.113.6"));
        assert_eq!(key("::ffff:203.0.113.5"), key("203.0.113.5"));
        assert_eq!(key("203.0.113.5").to_string(), "203.0.113.5");
    }
}
