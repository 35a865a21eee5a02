//! The API document's error responses, made from [`CODES`](super::CODES): a route names the codes
//! it can answer ([`api_errors!`]) and gets one response per status, described by each code's
//! string and meaning (and whether `Retry-After` comes with it), with each code's real body as its
//! example. Nothing of the table is restated by hand, so a code cannot be documented under a
//! status it is not answered with.

use std::collections::BTreeMap;

use serde_json::Value;
use utoipa::openapi::example::ExampleBuilder;
use utoipa::openapi::response::{Response, ResponseBuilder};
use utoipa::openapi::{Content, Ref, RefOr};

use super::codes::{ErrorCode, Retry};

/// A code a route can answer, and what it means there when the table's meaning is too general
/// (which limit refuses, what the message names).
pub type Documented = (ErrorCode, Option<&'static str>);

/// One response per status of `codes`, its codes in the table's order.
pub fn error_responses(codes: &[Documented]) -> BTreeMap<String, RefOr<Response>> {
    let mut by_status: BTreeMap<u16, Vec<Documented>> = BTreeMap::new();
    for &documented in codes {
        let status = documented.0.info().status.as_u16();
        by_status.entry(status).or_default().push(documented);
    }
    by_status
        .into_iter()
        .map(|(status, mut codes)| {
            codes.sort_by_key(|(code, _)| *code as usize);
            (status.to_string(), RefOr::T(error_response(&codes)))
        })
        .collect()
}

/// The response of `codes` (which share a status): their descriptions, `; `-separated, and an
/// example of each named after it.
pub fn error_response(codes: &[Documented]) -> Response {
    let description: Vec<String> = codes
        .iter()
        .map(|&(code, note)| description(code, note))
        .collect();
    let mut content = Content::new(Some(Ref::from_schema_name("ErrorBody")));
    content.examples = codes
        .iter()
        .map(|&(code, _)| {
            let example = ExampleBuilder::new().value(Some(example(code))).build();
            (code.as_str().to_owned(), RefOr::T(example))
        })
        .collect();
    ResponseBuilder::new()
        .description(description.join("; "))
        .content("application/json", content)
        .build()
}

/// `` `code`: what it means here ``, and `, with Retry-After` where waiting helps.
fn description(code: ErrorCode, note: Option<&str>) -> String {
    let info = code.info();
    let meaning = note.unwrap_or(info.meaning);
    let retry = match info.retry {
        Retry::No => "",
        Retry::Shortly | Retry::Named => ", with Retry-After",
    };
    format!("`{}`: {meaning}{retry}", info.name)
}

/// The body the server answers with this code, as JSON.
fn example(code: ErrorCode) -> Value {
    serde_json::to_value(code.example().body()).expect("an error body serializes")
}

/// Declares the error responses of a route, for its `#[utoipa::path(responses(...))]`: a unit
/// type implementing [`utoipa::IntoResponses`] from the codes it names, each optionally with what
/// it means on this route (said instead of the table's meaning).
///
/// ```ignore
/// api_errors!(CreateGameErrors: MalformedJson, InvalidFen, TooManyRequests = "new games per minute");
/// #[utoipa::path(post, path = "/games", responses((status = 201, body = CreatedGame), CreateGameErrors))]
/// ```
macro_rules! api_errors {
    (@note) => {
        None
    };
    (@note $note:literal) => {
        Some($note)
    };
    ($name:ident: $($code:ident $(= $note:literal)?),+ $(,)?) => {
        #[doc = concat!("The error responses of a route, from the error table: ", $("`", stringify!($code), "` ",)+)]
        pub struct $name;

        impl utoipa::IntoResponses for $name {
            fn responses() -> std::collections::BTreeMap<
                String,
                utoipa::openapi::RefOr<utoipa::openapi::response::Response>,
            > {
                $crate::http::error::error_responses(&[$((
                    $crate::http::error::ErrorCode::$code,
                    $crate::http::error::api_errors!(@note $($note)?),
                )),+])
            }
        }
    };
}
pub(crate) use api_errors;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_grouped_by_their_table_status_and_described_from_the_table() {
        let responses = error_responses(&[
            (ErrorCode::StorageBusy, None),
            (ErrorCode::GameNotFound, None),
            (ErrorCode::EngineBusy, Some("the queue is full")),
        ]);
        assert_eq!(responses.keys().collect::<Vec<_>>(), ["404", "503"]);
        let RefOr::T(busy) = &responses["503"] else {
            panic!("an inline response");
        };
        assert_eq!(
            busy.description,
            "`engine_busy`: the queue is full, with Retry-After; \
             `storage_busy`: the game store does not keep up, with Retry-After"
        );
        let examples = &busy.content["application/json"].examples;
        assert_eq!(
            examples.keys().collect::<Vec<_>>(),
            ["engine_busy", "storage_busy"]
        );
    }
}
