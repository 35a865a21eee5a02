//! DNS rebinding: a web page on `evil.example` whose name is made to resolve to 127.0.0.1 can
//! make the browser talk to a server on loopback as if it were its own origin. Such requests
//! carry the page's host name, so a server listening on loopback answers only to its own names
//! (`localhost`, `127.0.0.1`, `[::1]`, any port, and each `--allowed-host`) and refuses the rest
//! with 421 `unknown_host`. A server listening on other addresses does not check (a proxy in
//! front of it, or DNS, decides which names reach it).

use std::net::SocketAddr;

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{web, Error};

use crate::http::error::ApiError;

/// The names a loopback server answers to (app data; absent: every name).
#[derive(Debug, Clone)]
pub struct AllowedHosts(Vec<String>);

impl AllowedHosts {
    /// The names to check for a server bound to `bind`: `None` unless it is loopback.
    pub fn for_bind(bind: SocketAddr, extra: &[String]) -> Option<AllowedHosts> {
        bind.ip().is_loopback().then(|| {
            let own = ["localhost", "127.0.0.1", "[::1]"].map(str::to_owned);
            let extra = extra.iter().map(|name| name.trim().to_ascii_lowercase());
            AllowedHosts(own.into_iter().chain(extra).collect())
        })
    }

    /// Whether `host` (a `Host` header: a name, maybe with a port) is one of ours.
    pub fn allows(&self, host: &str) -> bool {
        let name = without_port(host.trim()).to_ascii_lowercase();
        let name = name.strip_suffix('.').unwrap_or(&name);
        self.0.iter().any(|allowed| allowed == name)
    }
}

/// `example:8080` → `example`, `[::1]:8080` → `[::1]`.
fn without_port(host: &str) -> &str {
    if host.starts_with('[') {
        return host.find(']').map_or(host, |end| &host[..=end]);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// The middleware (`from_fn`). A request without any host (HTTP/1.0) is let through: browsers
/// always send one.
pub async fn check_host(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    if let Some(allowed) = request.app_data::<web::Data<AllowedHosts>>() {
        let host = request
            .uri()
            .authority()
            .map(|authority| authority.as_str().to_owned())
            .or_else(|| {
                let value = request.headers().get(header::HOST)?;
                Some(String::from_utf8_lossy(value.as_bytes()).into_owned())
            });
        if let Some(host) = host {
            if !allowed.allows(&host) {
                return Ok(request
                    .error_response(ApiError::UnknownHost)
                    .map_into_right_body());
            }
        }
    }
    Ok(next.call(request).await?.map_into_left_body())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loopback(extra: &[&str]) -> AllowedHosts {
        let extra: Vec<String> = extra.iter().map(|s| s.to_string()).collect();
        AllowedHosts::for_bind("127.0.0.1:8080".parse().expect("an address"), &extra)
            .expect("loopback checks")
    }

    #[test]
    fn a_loopback_server_answers_to_its_own_names_with_any_port() {
        let hosts = loopback(&[]);
        for host in [
            "localhost",
            "LOCALHOST:5173",
            "127.0.0.1:8080",
            "[::1]:8080",
            "[::1]",
            "localhost.",
        ] {
            assert!(hosts.allows(host), "{host}");
        }
        for host in [
            "evil.example",
            "evil.example:8080",
            "localhost.evil.example",
            "127.0.0.1.nip.io",
            "[::2]:8080",
            "",
        ] {
            assert!(!hosts.allows(host), "{host}");
        }
    }

    #[test]
    fn allowed_hosts_are_added_and_other_binds_are_not_checked() {
        assert!(loopback(&["Chess.Example"]).allows("chess.example:443"));
        let public = "0.0.0.0:8080".parse().expect("an address");
        assert!(AllowedHosts::for_bind(public, &[]).is_none());
        let v6 = "[::1]:8080".parse().expect("an address");
        assert!(AllowedHosts::for_bind(v6, &[]).is_some());
    }
}
