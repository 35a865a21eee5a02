//! Who is asking: the peer's address, or the client a trusted reverse proxy names.
//!
//! `X-Forwarded-For` is only believed when the connection comes from a proxy the operator listed
//! (`--trusted-proxy`); then the client is the right-most address in it that is not itself a
//! trusted proxy (addresses to its left were written by the client and prove nothing).

use std::future::{ready, Ready};
use std::net::IpAddr;
use std::str::FromStr;

use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};

use crate::client_key::ClientKey;
use crate::http::error::ApiError;

/// A network: an address and a prefix length (`10.0.0.0/8`, `::1/128`; a bare address is a
/// network of one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpNet {
    address: IpAddr,
    prefix: u8,
}

/// Why a `--trusted-proxy` value is not a network.
#[derive(Debug, thiserror::Error)]
#[error("{0:?} is not an IP address or CIDR network (10.0.0.0/8, ::1)")]
pub struct ParseIpNetError(String);

impl FromStr for IpNet {
    type Err = ParseIpNetError;

    fn from_str(text: &str) -> Result<IpNet, ParseIpNetError> {
        let error = || ParseIpNetError(text.to_owned());
        let (address, prefix) = match text.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text, None),
        };
        let address: IpAddr = address.parse().map_err(|_| error())?;
        let max = if address.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(prefix) => prefix
                .parse()
                .ok()
                .filter(|p| *p <= max)
                .ok_or_else(error)?,
            None => max,
        };
        Ok(IpNet { address, prefix })
    }
}

impl IpNet {
    /// Whether `ip` is in this network (IPv4-mapped IPv6 addresses count as IPv4).
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.address, ip.to_canonical()) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                same_prefix(&net.octets(), &ip.octets(), self.prefix)
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                same_prefix(&net.octets(), &ip.octets(), self.prefix)
            }
            _ => false,
        }
    }
}

fn same_prefix(a: &[u8], b: &[u8], bits: u8) -> bool {
    let bits = usize::from(bits);
    let (bytes, rest) = (bits / 8, bits % 8);
    if a[..bytes] != b[..bytes] {
        return false;
    }
    rest == 0 || (a[bytes] ^ b[bytes]) >> (8 - rest) == 0
}

/// The proxies whose `X-Forwarded-For` is believed.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    pub fn new(networks: Vec<IpNet>) -> TrustedProxies {
        TrustedProxies(networks)
    }

    /// Whether `ip` is one of the trusted proxies.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().any(|net| net.contains(ip))
    }

    /// The client behind a connection from `peer` that sent these `X-Forwarded-For` values (in
    /// header order).
    pub fn client(&self, peer: IpAddr, forwarded_for: &[&str]) -> IpAddr {
        let mut client = peer.to_canonical();
        if !self.trusts(client) {
            return client;
        }
        let hops = forwarded_for.iter().flat_map(|value| value.split(','));
        for hop in hops.rev() {
            // Garbage: the last trusted hop is as far as we can tell.
            let Ok(ip) = hop.trim().parse::<IpAddr>() else {
                return client;
            };
            client = ip.to_canonical();
            if !self.trusts(client) {
                return client;
            }
        }
        client
    }
}

/// The client's address as [`TrustedProxies`] sees it (an extractor; the proxies are the app
/// data [`super::Limits`]'s, none without it), and whether it is a trusted proxy that named no
/// client. Logged in full; counted by its [`ClientKey`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr, bool);

impl ClientIp {
    /// The key this client is counted under (IPv6 folded to its /64; a proxy that named no
    /// client in the "behind the proxy" share).
    pub fn key(self) -> ClientKey {
        match self.1 {
            true => ClientKey::behind_proxy(self.0),
            false => ClientKey::of(self.0),
        }
    }

    /// The client of `request`; `None` without a peer address (only in unit tests).
    pub fn of(request: &HttpRequest) -> Option<ClientIp> {
        let peer = request.peer_addr()?.ip();
        let forwarded: Vec<&str> = request
            .headers()
            .get_all("x-forwarded-for")
            .filter_map(|value| value.to_str().ok())
            .collect();
        let (ip, unnamed) = match request.app_data::<web::Data<super::Limits>>() {
            Some(limits) => {
                let ip = limits.proxies().client(peer, &forwarded);
                // The walk ends on a trusted hop only when no client was named.
                (ip, limits.proxies().trusts(ip))
            }
            None => (peer.to_canonical(), false),
        };
        Some(ClientIp(ip, unnamed))
    }
}

impl FromRequest for ClientIp {
    type Error = ApiError;
    type Future = Ready<Result<ClientIp, ApiError>>;

    fn from_request(request: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        ready(
            ClientIp::of(request)
                .ok_or_else(|| ApiError::Internal("a request without a peer address".into())),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    fn proxies(networks: &[&str]) -> TrustedProxies {
        TrustedProxies::new(
            networks
                .iter()
                .map(|n| n.parse().expect("a network"))
                .collect(),
        )
    }

    #[test]
    fn networks_parse_and_match_by_prefix() {
        let net: IpNet = "10.1.0.0/16".parse().expect("a network");
        assert!(net.contains(ip("10.1.200.3")));
        assert!(!net.contains(ip("10.2.0.1")));
        assert!(net.contains(ip("::ffff:10.1.0.9")), "IPv4-mapped");
        let one: IpNet = "::1".parse().expect("an address");
        assert!(one.contains(ip("::1")) && !one.contains(ip("::2")));
        let odd: IpNet = "192.168.0.0/23".parse().expect("a network");
        assert!(odd.contains(ip("192.168.1.255")) && !odd.contains(ip("192.168.2.0")));
        for bad in ["10.0.0.0/33", "nope", "10.0.0.0/", "::/129"] {
            assert!(bad.parse::<IpNet>().is_err(), "{bad}");
        }
    }

    #[test]
    fn forwarded_for_is_ignored_unless_the_peer_is_a_trusted_proxy() {
        let none = TrustedProxies::default();
        assert_eq!(none.client(ip("10.0.0.5"), &["1.2.3.4"]), ip("10.0.0.5"));
        let trusted = proxies(&["10.0.0.0/8"]);
        assert_eq!(
            trusted.client(ip("192.0.2.9"), &["1.2.3.4"]),
            ip("192.0.2.9")
        );
    }

    #[test]
    fn the_client_is_the_rightmost_untrusted_hop() {
        let trusted = proxies(&["10.0.0.0/8", "127.0.0.1"]);
        let peer = ip("127.0.0.1");
        // The client forged the first entry; the proxies appended the rest.
        assert_eq!(
            trusted.client(peer, &["6.6.6.6, 203.0.113.7", "10.0.0.2"]),
            ip("203.0.113.7")
        );
        assert_eq!(
            trusted.client(peer, &[]),
            peer,
            "no header: the proxy itself"
        );
        assert_eq!(
            trusted.client(peer, &["203.0.113.7, garbage"]),
            peer,
            "garbage stops the walk at the last trusted hop"
        );
        assert_eq!(trusted.client(peer, &["10.0.0.3"]), ip("10.0.0.3"));
    }
}
