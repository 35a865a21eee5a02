//! The access log. actix's default format copies the request line, `Referer` and `User-Agent`
//! into the line as they came, so a client could end a quoted field early and write fields of
//! its own (or fill the log with kilobytes). Here every client-written field is escaped
//! (quotes, backslashes, control and non-ASCII characters) and cut to a length, and the
//! address is the client's as [`ClientIp`] sees it (the proxy's client, when trusted).
//!
//! Only the path of the request and of the `Referer` is logged, never the query string: a query
//! may carry a secret (an event stream's `?token=` for a browser's `EventSource`), and a log is
//! read by more people, and kept longer, than a game lasts.

use actix_web::dev::ServiceRequest;
use actix_web::http::header::{self, HeaderName};
use actix_web::middleware::Logger;

use crate::http::limits::ClientIp;

/// The most characters of one client-written field that reach the log.
const MAX_FIELD_CHARS: usize = 200;

/// `client "METHOD path HTTP/x" status bytes "referer" "user-agent" seconds`, at DEBUG: a line
/// per request at INFO buried the events an operator looks for (issue #42, L5); `RUST_LOG=debug`
/// (or `RUST_LOG=info,actix_web::middleware::logger=debug`) shows them.
pub fn access_log() -> Logger {
    Logger::new(r#"%{client}xi "%{request}xi" %s %b "%{referer}xi" "%{agent}xi" %T"#)
        .log_level(log::Level::Debug)
        .custom_request_replace("client", client)
        .custom_request_replace("request", request_line)
        .custom_request_replace("referer", referer)
        .custom_request_replace("agent", |request| header_field(request, header::USER_AGENT))
}

fn client(request: &ServiceRequest) -> String {
    ClientIp::of(request.request()).map_or_else(|| "-".to_owned(), |ip| ip.0.to_string())
}

fn request_line(request: &ServiceRequest) -> String {
    let target = request.uri().path();
    format!(
        "{} {} {:?}",
        request.method(),
        escaped(target),
        request.version()
    )
}

/// The `Referer` up to its query or fragment.
fn referer(request: &ServiceRequest) -> String {
    match request.headers().get(header::REFERER) {
        Some(value) => {
            let text = String::from_utf8_lossy(value.as_bytes());
            let end = text.find(['?', '#']).unwrap_or(text.len());
            escaped(&text[..end])
        }
        None => "-".to_owned(),
    }
}

fn header_field(request: &ServiceRequest, name: HeaderName) -> String {
    match request.headers().get(name) {
        Some(value) => escaped(&String::from_utf8_lossy(value.as_bytes())),
        None => "-".to_owned(),
    }
}

/// `text` safe inside a quoted log field: Rust's `escape_default` (`\"`, `\\`, `\u{1b}`, …) of
/// at most `MAX_FIELD_CHARS` characters, `…` marking a cut.
pub fn escaped(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(MAX_FIELD_CHARS)
        .flat_map(char::escape_default)
        .collect();
    if text.chars().nth(MAX_FIELD_CHARS).is_some() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn no_query_string_reaches_the_log() {
        let request = TestRequest::get()
            .uri("/api/games/abcdefghijkl/events?token=s3cret&x=1")
            .insert_header((
                header::REFERER,
                "https://chess.example/game/abcdefghijkl?token=s3cret#token=s3cret",
            ))
            .to_srv_request();
        let line = request_line(&request);
        assert_eq!(line, "GET /api/games/abcdefghijkl/events HTTP/1.1");
        assert_eq!(referer(&request), "https://chess.example/game/abcdefghijkl");
        assert_eq!(referer(&TestRequest::get().to_srv_request()), "-");
    }

    #[test]
    fn a_user_agent_cannot_end_its_field_or_write_control_characters() {
        let request = TestRequest::get()
            .insert_header((
                header::USER_AGENT,
                header::HeaderValue::from_bytes(b"evil\" 200 \"forged\t\\\xff").expect("bytes"),
            ))
            .to_srv_request();
        let field = header_field(&request, header::USER_AGENT);
        assert_eq!(field, r#"evil\" 200 \"forged\t\\\u{fffd}"#);
        assert!(!field.contains(|c: char| c.is_control() || !c.is_ascii()));
        assert_eq!(header_field(&request, header::REFERER), "-");
    }

    #[test]
    fn long_fields_are_cut() {
        let long = "a".repeat(5_000);
        let field = escaped(&long);
        assert_eq!(field.chars().count(), MAX_FIELD_CHARS + 1);
        assert!(field.ends_with('…'));
        assert_eq!(escaped("short"), "short");
    }

    #[test]
    fn the_request_line_is_method_path_and_version() {
        let request = TestRequest::get()
            .uri("/api/games/%22a?x=1")
            .to_srv_request();
        assert_eq!(request_line(&request), "GET /api/games/%22a HTTP/1.1");
    }
}
