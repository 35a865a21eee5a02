//! Who a share of the server is counted for: one client, as far as an address can tell, and the
//! larger shares it belongs to.
//!
//! An IPv4 address is one client; an IPv6 client is its /64, what one subscriber usually gets
//! (RFC 6177), so rotating addresses inside one allocation (2^64 of them) does not multiply a
//! share. Every per-client bound and the engines' fair share use this one key: new games, engine
//! requests in progress, live streams, connections, and whose search or analysis runs next.
//!
//! One subscriber may hold a whole IPv6 /56 (256 /64s), and every request a trusted reverse proxy
//! forwards without naming its client looks like one client, the proxy. So a client also belongs
//! to an aggregate [`Share`]: its /56, or the one "behind the proxy" share. A bound kept per share
//! ([`ClientKey::shares`]: the client itself, then its aggregate) stops 256 /64s, or everything a
//! proxy cannot attribute, from each taking a client's part of a global cap.

use std::fmt;
use std::net::{IpAddr, Ipv6Addr};

/// A client's address, IPv6 folded to its /64 (IPv4-mapped IPv6 counts as the IPv4 address),
/// and whether it is a trusted proxy that named no client.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClientKey {
    net: IpAddr,
    behind_proxy: bool,
}

/// Something a bound is counted for: one client, or an aggregate of clients.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Share {
    /// One client (IPv4 address or IPv6 /64).
    Client(ClientKey),
    /// Every /64 of one IPv6 /56 (the network's first 7 bytes).
    Ipv6Site([u8; 7]),
    /// Every request a trusted proxy forwarded without naming a client.
    BehindProxy,
}

impl ClientKey {
    /// The client `ip` is counted as.
    pub fn of(ip: IpAddr) -> ClientKey {
        let net = match ip.to_canonical() {
            IpAddr::V6(v6) => {
                let mut octets = v6.octets();
                octets[8..].fill(0);
                IpAddr::from(octets)
            }
            v4 => v4,
        };
        ClientKey {
            net,
            behind_proxy: false,
        }
    }

    /// The client of a request that reached us through a trusted proxy at `proxy` and named no
    /// client (or named garbage): counted as the proxy, and in the [`Share::BehindProxy`] share.
    pub fn behind_proxy(proxy: IpAddr) -> ClientKey {
        ClientKey {
            behind_proxy: true,
            ..ClientKey::of(proxy)
        }
    }

    /// The aggregate share this client belongs to, if any: "behind the proxy", or an IPv6
    /// client's /56. An IPv4 address belongs to none (a /24 is often many unrelated people).
    pub fn aggregate(self) -> Option<Share> {
        if self.behind_proxy {
            return Some(Share::BehindProxy);
        }
        match self.net {
            IpAddr::V6(v6) => {
                let mut site = [0; 7];
                site.copy_from_slice(&v6.octets()[..7]);
                Some(Share::Ipv6Site(site))
            }
            IpAddr::V4(_) => None,
        }
    }

    /// Every share a bound counts this client in, narrowest first: the client itself, then its
    /// [`aggregate`](ClientKey::aggregate) if it has one.
    pub fn shares(self) -> impl Iterator<Item = Share> {
        std::iter::once(Share::Client(self)).chain(self.aggregate())
    }
}

impl From<IpAddr> for ClientKey {
    fn from(ip: IpAddr) -> ClientKey {
        ClientKey::of(ip)
    }
}

impl fmt::Display for ClientKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let proxy = if self.behind_proxy { " (proxy)" } else { "" };
        match self.net {
            IpAddr::V6(_) => write!(f, "{}/64{proxy}", self.net),
            IpAddr::V4(_) => write!(f, "{}{proxy}", self.net),
        }
    }
}

impl fmt::Display for Share {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Share::Client(client) => client.fmt(f),
            Share::Ipv6Site(site) => {
                let mut octets = [0; 16];
                octets[..7].copy_from_slice(site);
                write!(f, "{}/56", Ipv6Addr::from(octets))
            }
            Share::BehindProxy => f.write_str("behind the proxy"),
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
        assert_eq!(key("203.0.113.5").aggregate(), None);
        assert_eq!(key("203.0.113.5").shares().count(), 1);
    }

    #[test]
    fn the_64s_of_one_56_share_an_aggregate_and_no_more() {
        let (a, b) = (key("2001:db8:1:200::1"), key("2001:db8:1:2ff::1"));
        assert_ne!(a, b, "two clients");
        assert_eq!(a.aggregate(), b.aggregate(), "one /56");
        assert_ne!(a.aggregate(), key("2001:db8:1:300::1").aggregate());
        assert_eq!(
            a.aggregate().expect("an IPv6 /56").to_string(),
            "2001:db8:1:200::/56"
        );
        let shares: Vec<Share> = a.shares().collect();
        assert_eq!(shares, [Share::Client(a), a.aggregate().expect("a /56")]);
    }

    #[test]
    fn a_proxy_that_names_no_client_is_one_aggregate() {
        let proxy: IpAddr = "10.0.0.1".parse().expect("an address");
        let unnamed = ClientKey::behind_proxy(proxy);
        assert_ne!(unnamed, ClientKey::of(proxy));
        assert_eq!(unnamed.aggregate(), Some(Share::BehindProxy));
        let v6 = ClientKey::behind_proxy("fd00::1".parse().expect("an address"));
        assert_eq!(v6.aggregate(), Some(Share::BehindProxy), "not its /56");
        assert_eq!(unnamed.to_string(), "10.0.0.1 (proxy)");
    }
}
