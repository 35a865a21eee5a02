//! Cross-origin calls from browsers (CORS), for frontends served from another origin. Off unless
//! `--cors-origin` names origins: a browser then lets those pages (and only those) call the API
//! and read its answers and streams. The API authenticates with bearer tokens, never cookies, so
//! credentials are not allowed: a page gets nothing it could not get with `fetch` from anywhere.

use std::fmt;
use std::net::Ipv6Addr;
use std::str::FromStr;

use actix_cors::Cors;
use actix_web::http::header::{self, HeaderName};
use actix_web::http::Method;

/// Seconds a browser may cache a preflight's answer.
const MAX_AGE_SECS: usize = 3600;

/// Request headers a cross-origin page may send: the token, JSON bodies, the stream's format,
/// `Prefer: respond-async` and `EventSource`'s reconnect header.
const ALLOWED_HEADERS: [HeaderName; 5] = [
    header::AUTHORIZATION,
    header::CONTENT_TYPE,
    header::ACCEPT,
    HeaderName::from_static("prefer"),
    HeaderName::from_static("last-event-id"),
];

/// Response headers a cross-origin page may read besides the always-safe ones.
const EXPOSED_HEADERS: [HeaderName; 3] = [
    header::RETRY_AFTER,
    HeaderName::from_static("preference-applied"),
    header::LOCATION,
];

/// A web origin allowed to call the API: `http` or `https`, a host, maybe a port, as a browser
/// sends it in `Origin` (lowercase, without the scheme's default port).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorsOrigin {
    scheme: &'static str,
    host: String,
    port: Option<u16>,
}

/// Why a `--cors-origin` is not an origin.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseCorsOriginError {
    #[error("an origin is scheme://host[:port], e.g. https://chess.example")]
    NoScheme,
    #[error("the scheme must be http or https")]
    Scheme,
    #[error("an origin has no path, query, fragment or user name (only scheme://host[:port])")]
    NotBare,
    #[error("the host is not a host name or IP address")]
    Host,
    #[error("the port is not a number from 1 to 65535")]
    Port,
}

impl FromStr for CorsOrigin {
    type Err = ParseCorsOriginError;

    fn from_str(text: &str) -> Result<CorsOrigin, ParseCorsOriginError> {
        let (scheme, rest) = text
            .trim()
            .split_once("://")
            .ok_or(ParseCorsOriginError::NoScheme)?;
        let (scheme, default_port) = match scheme.to_ascii_lowercase().as_str() {
            "http" => ("http", 80),
            "https" => ("https", 443),
            _ => return Err(ParseCorsOriginError::Scheme),
        };
        let authority = rest.strip_suffix('/').unwrap_or(rest);
        if authority.contains(['/', '?', '#', '@', '\\']) {
            return Err(ParseCorsOriginError::NotBare);
        }
        let (host, port) = split_port(authority)?;
        Ok(CorsOrigin {
            scheme,
            host: valid_host(host)?,
            port: port.filter(|&port| port != default_port),
        })
    }
}

/// `host[:port]` (an IPv6 host in brackets) into its host and port.
fn split_port(authority: &str) -> Result<(&str, Option<u16>), ParseCorsOriginError> {
    let host_end = if authority.starts_with('[') {
        authority.find(']').ok_or(ParseCorsOriginError::Host)? + 1
    } else {
        authority.find(':').unwrap_or(authority.len())
    };
    let (host, port) = authority.split_at(host_end);
    let port = match port {
        "" => None,
        port => {
            let digits = port.strip_prefix(':').ok_or(ParseCorsOriginError::Host)?;
            match digits.parse::<u16>() {
                Ok(port) if port > 0 && digits.bytes().all(|b| b.is_ascii_digit()) => Some(port),
                _ => return Err(ParseCorsOriginError::Port),
            }
        }
    };
    Ok((host, port))
}

/// A host name of letters, digits, `-` and non-empty dot-separated labels, or a bracketed IPv6
/// address; lowercased, as browsers send it.
fn valid_host(host: &str) -> Result<String, ParseCorsOriginError> {
    if let Some(inner) = host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        let ip: Ipv6Addr = inner.parse().map_err(|_| ParseCorsOriginError::Host)?;
        return Ok(format!("[{ip}]"));
    }
    let is_label = |label: &str| {
        !label.is_empty()
            && label
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-')
    };
    if host.split('.').all(is_label) {
        Ok(host.to_ascii_lowercase())
    } else {
        Err(ParseCorsOriginError::Host)
    }
}

impl fmt::Display for CorsOrigin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://{}", self.scheme, self.host)?;
        match self.port {
            Some(port) => write!(f, ":{port}"),
            None => Ok(()),
        }
    }
}

/// The CORS middleware for `origins` (wired only when there are some): GET, POST and PUT (a
/// game's move tree), the headers above, preflights cached for an hour, no credentials. A request from any other origin
/// is served as before, without CORS headers, so the browser keeps its page from reading it.
pub fn cors(origins: &[CorsOrigin]) -> Cors {
    origins.iter().fold(
        Cors::default()
            .allowed_methods([Method::GET, Method::POST, Method::PUT])
            .allowed_headers(ALLOWED_HEADERS)
            .expose_headers(EXPOSED_HEADERS)
            .max_age(MAX_AGE_SECS),
        |cors, origin| cors.allowed_origin(&origin.to_string()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<String, ParseCorsOriginError> {
        text.parse::<CorsOrigin>().map(|origin| origin.to_string())
    }

    #[test]
    fn an_origin_is_shown_as_a_browser_sends_it() {
        for (text, shown) in [
            ("https://chess.example", "https://chess.example"),
            ("https://chess.example/", "https://chess.example"),
            ("HTTP://LocalHost:5173", "http://localhost:5173"),
            ("https://chess.example:443", "https://chess.example"),
            ("http://chess.example:80/", "http://chess.example"),
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
            ("http://[::1]:3000", "http://[::1]:3000"),
            ("https://my-app.pages.dev", "https://my-app.pages.dev"),
        ] {
            assert_eq!(parsed(text).as_deref(), Ok(shown), "{text}");
        }
    }

    #[test]
    fn anything_but_scheme_host_and_port_is_refused() {
        use ParseCorsOriginError::*;
        for (text, error) in [
            ("chess.example", NoScheme),
            ("*", NoScheme),
            ("ftp://chess.example", Scheme),
            ("https://chess.example/app", NotBare),
            ("https://chess.example?x=1", NotBare),
            ("https://chess.example#top", NotBare),
            ("https://user@chess.example", NotBare),
            ("https://", Host),
            ("https://chess..example", Host),
            ("https://chess_example.com", Host),
            ("https://[nope]:1", Host),
            ("https://chess.example:0", Port),
            ("https://chess.example:65536", Port),
            ("https://chess.example:+80", Port),
            ("https://chess.example:", Port),
        ] {
            assert_eq!(parsed(text), Err(error), "{text}");
        }
    }
}
