//! The OpenAPI document, generated from the handlers' annotations, and its offline docs page.

use std::collections::{BTreeMap, HashMap};

use actix_web::{web, HttpResponse};
use serde_json::Value;
use utoipa::openapi::example::{Example, ExampleBuilder};
use utoipa::openapi::header::{Header, HeaderBuilder};
use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::request_body::RequestBody;
use utoipa::openapi::response::Response;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::{Content, Object, Ref, RefOr, Schema, Type};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::OpenApiFactory;
use utoipa_swagger_ui::SwaggerUi;

use super::examples::{self, Views};
use super::{api_routes, games, health, moves};
use crate::analysis::AnalysisEvent;
use crate::explore::ExploreEvent;
use crate::games::views::{
    ColorName, GameView, Hint, LegalMoveView, MoveView, Reason, ScoreView, Status, Thinking,
};
use crate::http::error::{error_response, ErrorBody, ErrorCode};

/// What the API document says besides its paths (those come from [`api_routes`]).
#[derive(OpenApi)]
#[openapi(
    info(title = "AlphaChess API", version = "1.0.0", description = "Play Stockfish: games, moves validated by the alphachess engine crate, PGN, hints, post-game analysis, and a live stream of each game and the engine's search (`GET /api/games/{id}/events`, Server-Sent Events or NDJSON).

**Version 1.** `/api/v1/` is the stable prefix: every path below is also served under it (`/api/v1/games/{id}/moves`), with the same behaviour, and the `/api/` paths shown here are its alias. Every API response carries `API-Version: 1`.

**Writes** need the game's token, given once by `POST /api/games`, as `Authorization: Bearer <token>`.

**Errors** are `{\"error\": \"<code>\", \"message\": \"<a sentence>\"}`; each response below has an example per code it can carry, named after the code. Any other path under `/api` answers 404 `not_found`, a listed path with another method 405 `method_not_allowed` (see `components.responses`).

**Other origins.** CORS is off unless the server runs with `--cors-origin <origin>` (repeatable, or `ALPHACHESS_CORS_ORIGIN` comma-separated): then a browser page on that origin may call every endpoint with `Authorization`, `Content-Type`, `Accept`, `Prefer` and `Last-Event-ID`, and read `Retry-After`, `Preference-Applied` and `Location`. No cookies are used."),
    components(schemas(
        games::CreateGameRequest, games::CreatedGame, moves::MoveRequest, GameView, MoveView,
        LegalMoveView, ColorName, Status, Reason, Hint, ErrorBody, ErrorCode, health::StatusBody, Thinking,
        ScoreView, AnalysisEvent, ExploreEvent
    )),
    modifiers(&BearerAuth),
    tags((name = "games"), (name = "analysis board", description = "A live engine for any position: several lines, streamed as they deepen (`GET /api/explore`); and what players of a rating band would play there (`GET /api/explore/human`, Maia's networks)"), (name = "health"), (name = "levels"), (name = "lichess", description = "What a player's key (the lichess Board API's bearer token) holds here"), (name = "practice", description = "A deck of the player's own mistakes across the key's reviewed games, scheduled by spaced repetition (FSRS) and judged by the engine"))
)]
pub struct ApiDoc;

/// The API description served at `/api/openapi.json`: [`ApiDoc`], every route registered by
/// [`api_routes`], and their examples.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let api = utoipa_actix_web::scope("/api").configure(api_routes);
    let mut document = ApiDoc::openapi();
    document.paths.merge(api.paths());
    let mut schemas = Vec::new();
    api.schemas(&mut schemas);
    document
        .components
        .get_or_insert_with(Default::default)
        .schemas
        .extend(schemas);
    Examples.modify(&mut document);
    document
}

/// Declares the `bearer` scheme the write endpoints use.
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
        );
    }
}

/// Failures any request can meet, whatever its operation: described once in
/// `components.responses` and referenced by every operation (name, code, what it means there).
const ANY_REQUEST: [(&str, ErrorCode, Option<&str>); 2] = [
    ("UnknownHost", ErrorCode::UnknownHost, Some("a server bound to loopback answers only to localhost, 127.0.0.1, [::1] and its `--allowed-host` names")),
    ("InternalError", ErrorCode::InternalError, None),
];

/// Failures of a request no operation takes: in `components.responses` only.
const NO_OPERATION: [(&str, ErrorCode, Option<&str>); 2] = [
    (
        "NotFound",
        ErrorCode::NotFound,
        Some("any other path under `/api`"),
    ),
    (
        "MethodNotAllowed",
        ErrorCode::MethodNotAllowed,
        Some("a listed path with a method it does not take"),
    ),
];

/// Parameters' defaults, which a path attribute cannot state: (operation id, name, default).
const DEFAULTS: [(&str, &str, bool); 1] = [("play", "wait", true)];

/// What an operation does beyond its handler's doc comment, by operation id.
const MORE: [(&str, &str); 2] = [("play", PLAY_ASYNC), ("stream", STREAM_FORMATS)];

const PLAY_ASYNC: &str = "**Without waiting for the engine:** with `Prefer: respond-async` (RFC 7240) or `?wait=false`, the answer is `202 Accepted` with `Preference-Applied: respond-async` and the view right after the player's move (`engine_thinking: true`), sent once that move is stored. The engine's reply then arrives on the game's stream (`GET /api/games/{id}/events`) as a `game` event, and is in the next `GET /api/games/{id}`. If the player's move ended the game, the answer is the ordinary `200`. Every refusal before the search (400, 401, 404, 408, 409, 413, 422, 429, 503) is answered the same way as when blocking. If the search then fails, the player's move is taken back as when blocking, and the stream carries a `game` event without it and an `engine_error` event whose data is the error the blocking call would have answered (`engine_failed`, `engine_timeout` or `engine_busy`). Without the header or the query the call blocks until the engine has replied.";

const STREAM_FORMATS: &str = "**Two formats, the same events.** `Accept: text/event-stream` (the default, for `EventSource`): frames `event: <name>` + `data: <JSON>`, and a `: ping` comment every 15 s. `Accept: application/x-ndjson` (unless `text/event-stream` is preferred before it): one JSON object per line, `{\"event\": \"<name>\", \"data\": <JSON>}`, and `{\"event\":\"keepalive\"}` after 15 s without an event. Events: `game` (GameView), `thinking` (Thinking), `analysis` (AnalysisEvent), `engine_error` (ErrorBody: an engine reply to a `Prefer: respond-async` move failed and the move was taken back).\n\n**Reconnecting:** on a disconnect, reconnect after 1 s, doubling the wait up to 30 s. The first event of every connection is a full `game` event, so a client that reconnects has the current game and needs no replay; `thinking` events sent while it was away are lost.";

/// Puts [`examples`] in place: every request body and success gets examples built from real
/// values (an error response has its own already, from `api_errors!`);
/// every operation refers to [`ANY_REQUEST`]'s responses and states `API-Version` on its
/// successes.
struct Examples;

impl Modify for Examples {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let views = Views::new();
        for item in openapi.paths.paths.values_mut() {
            for operation in operations(item) {
                describe(operation, &views);
            }
        }
        let components = openapi.components.get_or_insert_with(Default::default);
        for &(name, code, note) in ANY_REQUEST.iter().chain(&NO_OPERATION) {
            let response = error_response(&[(code, note)]);
            components
                .responses
                .insert((*name).to_owned(), RefOr::T(response));
        }
        share_repeated(openapi);
    }
}

/// Where shared examples are: `components.examples` (OpenAPI's; utoipa 5's `Components` has no
/// field for it, so it is written through the extensions map, which serializes flat).
pub const SHARED_EXAMPLES: &str = "examples";

/// How long (as JSON) an example used more than once must be to be shared: a short one is easier
/// to read in place.
const SHARED_FROM: usize = 512;

/// Stores each long example used more than once in `components.examples`, under the name it first
/// had, and refers to it there: the game views (their legal moves above all) would otherwise be
/// repeated in full, several times over.
fn share_repeated(openapi: &mut utoipa::openapi::OpenApi) {
    let mut uses: HashMap<String, usize> = HashMap::new();
    for_each_content(openapi, &mut |content| {
        for example in content.examples.values() {
            if let RefOr::T(Example {
                value: Some(value), ..
            }) = example
            {
                *uses.entry(value.to_string()).or_default() += 1;
            }
        }
    });
    let mut shared: BTreeMap<String, Value> = BTreeMap::new();
    let mut names: HashMap<String, String> = HashMap::new();
    for_each_content(openapi, &mut |content| {
        for (name, example) in content.examples.iter_mut() {
            let RefOr::T(Example {
                value: Some(value), ..
            }) = example
            else {
                continue;
            };
            let key = value.to_string();
            if key.len() < SHARED_FROM || uses.get(&key).copied().unwrap_or(0) < 2 {
                continue;
            }
            let shared_name = names.entry(key).or_insert_with(|| {
                let mut unique = name.clone();
                while shared.contains_key(&unique) {
                    unique.push('_');
                }
                shared.insert(unique.clone(), serde_json::json!({ "value": value }));
                unique
            });
            *example = RefOr::Ref(Ref::new(format!("#/components/examples/{shared_name}")));
        }
    });
    if shared.is_empty() {
        return;
    }
    let components = openapi.components.get_or_insert_with(Default::default);
    let extensions = components.extensions.get_or_insert_with(Default::default);
    extensions.insert(
        SHARED_EXAMPLES.to_owned(),
        serde_json::to_value(shared).unwrap_or_default(),
    );
}

/// Calls `visit` on every request and response content of every operation, and of the shared
/// responses.
fn for_each_content(openapi: &mut utoipa::openapi::OpenApi, visit: &mut dyn FnMut(&mut Content)) {
    let mut responses: Vec<&mut RefOr<Response>> = Vec::new();
    for item in openapi.paths.paths.values_mut() {
        for operation in operations(item) {
            if let Some(body) = &mut operation.request_body {
                body.content.values_mut().for_each(&mut *visit);
            }
            responses.extend(operation.responses.responses.values_mut());
        }
    }
    if let Some(components) = &mut openapi.components {
        responses.extend(components.responses.values_mut());
    }
    for response in responses {
        if let RefOr::T(response) = response {
            response.content.values_mut().for_each(&mut *visit);
        }
    }
}

/// The operations of a path.
fn operations(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    methods(item).map(|(_, operation)| operation)
}

/// The operations of a path, each with its method.
fn methods(item: &mut PathItem) -> impl Iterator<Item = (&'static str, &mut Operation)> {
    [
        ("GET", &mut item.get),
        ("POST", &mut item.post),
        ("PUT", &mut item.put),
        ("DELETE", &mut item.delete),
        ("PATCH", &mut item.patch),
    ]
    .into_iter()
    .filter_map(|(method, operation)| Some((method, operation.as_mut()?)))
}

/// One operation's examples, headers, shared responses and added description.
fn describe(operation: &mut Operation, views: &Views) {
    let id = operation.operation_id.clone().unwrap_or_default();
    if let Some((_, more)) = MORE.iter().find(|(name, _)| *name == id) {
        let description = operation.description.get_or_insert_with(String::new);
        description.push_str("\n\n");
        description.push_str(more);
    }
    for parameter in operation.parameters.iter_mut().flatten() {
        let default = DEFAULTS
            .iter()
            .find(|(operation, name, _)| *operation == id && *name == parameter.name);
        if let (Some((_, _, default)), Some(RefOr::T(Schema::Object(schema)))) =
            (default, &mut parameter.schema)
        {
            schema.default = Some(Value::Bool(*default));
        }
    }
    if let Some(RequestBody { content, .. }) = &mut operation.request_body {
        for content in content.values_mut() {
            set_examples(content, examples::requests(&id));
        }
    }
    for (status, response) in operation.responses.responses.iter_mut() {
        let RefOr::T(response) = response else {
            continue;
        };
        for (content_type, content) in response.content.iter_mut() {
            if !is_error_body(content) {
                set_examples(content, examples::success(&id, status, content_type, views));
            }
        }
        if status.starts_with('2') {
            response
                .headers
                .insert("API-Version".to_owned(), api_version());
        }
    }
    for (name, code, _) in ANY_REQUEST {
        let status = examples::error_status(code).to_string();
        let shared = RefOr::Ref(Ref::from_response_name(name));
        operation
            .responses
            .responses
            .entry(status)
            .or_insert(shared);
    }
}

/// Whether `content` is an [`ErrorBody`].
fn is_error_body(content: &Content) -> bool {
    matches!(&content.schema, Some(RefOr::Ref(r)) if r.ref_location.ends_with("/ErrorBody"))
}

/// `content`'s examples, by name.
fn set_examples(content: &mut Content, named: Vec<(&'static str, Value)>) {
    content.examples = named
        .into_iter()
        .map(|(name, value)| (name.to_owned(), RefOr::T(example(value))))
        .collect();
}

fn example(value: Value) -> Example {
    ExampleBuilder::new().value(Some(value)).build()
}

/// The `API-Version` header every API response carries.
fn api_version() -> Header {
    HeaderBuilder::new()
        .schema(Object::with_type(Type::String))
        .description(Some("`1`"))
        .build()
}

/// Swagger UI (assets vendored into the binary) at `/api/docs/`, reading `/api/openapi.json`.
pub fn swagger_ui(document: utoipa::openapi::OpenApi) -> SwaggerUi {
    SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", document)
}

/// `/api/docs` → `/api/docs/`.
pub async fn docs_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header(("Location", "/api/docs/"))
        .finish()
}

/// Registers the docs routes, serving `document`.
pub fn configure(cfg: &mut web::ServiceConfig, document: utoipa::openapi::OpenApi) {
    cfg.service(swagger_ui(document))
        .route("/api/docs", web::get().to(docs_redirect));
}

#[cfg(test)]
mod tests {
    use super::*;
    use utoipa::PartialSchema;

    /// Every operation of the document, as `METHOD path`.
    fn operations_of(document: &mut utoipa::openapi::OpenApi) -> Vec<(String, Operation)> {
        let mut all = Vec::new();
        for (path, item) in document.paths.paths.iter_mut() {
            for (method, operation) in methods(item) {
                all.push((format!("{method} {path}"), operation.clone()));
            }
        }
        all
    }

    /// `content`'s examples by name, shared ones read from `components.examples`.
    fn examples_in(document: &utoipa::openapi::OpenApi, content: &Content) -> Vec<(String, Value)> {
        let shared = document
            .components
            .as_ref()
            .and_then(|c| c.extensions.as_ref())
            .and_then(|e| e.get(SHARED_EXAMPLES).cloned())
            .unwrap_or_default();
        content
            .examples
            .iter()
            .map(|(name, example)| {
                let value = match example {
                    RefOr::T(example) => example.value.clone().unwrap_or_default(),
                    RefOr::Ref(r) => {
                        let shared_name =
                            r.ref_location.trim_start_matches("#/components/examples/");
                        shared[shared_name]["value"].clone()
                    }
                };
                (name.clone(), value)
            })
            .collect()
    }

    /// The response a status refers to, shared ones read from `components.responses`.
    fn response_of<'a>(
        document: &'a utoipa::openapi::OpenApi,
        response: &'a RefOr<Response>,
    ) -> &'a Response {
        match response {
            RefOr::T(response) => response,
            RefOr::Ref(r) => {
                let name = r.ref_location.trim_start_matches("#/components/responses/");
                match document
                    .components
                    .as_ref()
                    .and_then(|c| c.responses.get(name))
                {
                    Some(RefOr::T(response)) => response,
                    _ => panic!("{} refers to no shared response", r.ref_location),
                }
            }
        }
    }

    #[test]
    fn every_request_body_and_every_response_has_examples() {
        let mut document = openapi();
        let operations = operations_of(&mut document);
        assert!(operations.len() >= 17, "{}", operations.len());
        for (name, operation) in &operations {
            if let Some(body) = &operation.request_body {
                for (content_type, content) in &body.content {
                    let examples = examples_in(&document, content);
                    assert!(
                        !examples.is_empty(),
                        "{name}: request {content_type} has no example"
                    );
                    for (example, value) in examples {
                        assert!(value.is_object(), "{name}: request example {example}");
                    }
                }
            }
            for (status, response) in &operation.responses.responses {
                let response = response_of(&document, response);
                if status == "304" {
                    // Not Modified has no body, by definition: the client keeps what it holds.
                    assert!(response.content.is_empty(), "{name} 304: a body");
                    continue;
                }
                assert!(!response.content.is_empty(), "{name} {status}: no content");
                for (content_type, content) in &response.content {
                    let examples = examples_in(&document, content);
                    assert!(
                        !examples.is_empty(),
                        "{name} {status} {content_type}: no example"
                    );
                    assert!(
                        examples.iter().all(|(_, value)| !value.is_null()),
                        "{name} {status} {content_type}: an empty example"
                    );
                }
            }
        }
    }

    #[test]
    fn every_error_example_is_the_real_error_under_its_real_status() {
        let mut document = openapi();
        let mut shown = Vec::new();
        let mut responses: Vec<(String, String, Response)> = Vec::new();
        for (name, operation) in operations_of(&mut document) {
            for (status, response) in &operation.responses.responses {
                let response = response_of(&document, response).clone();
                responses.push((name.clone(), status.clone(), response));
            }
        }
        for (name, response) in document
            .components
            .as_ref()
            .expect("components")
            .responses
            .iter()
        {
            if let RefOr::T(response) = response {
                let status = ANY_REQUEST
                    .iter()
                    .chain(&NO_OPERATION)
                    .find(|(shared, _, _)| shared == name)
                    .map(|(_, code, _)| examples::error_status(*code).to_string())
                    .expect("a listed shared response");
                responses.push((
                    format!("components.responses.{name}"),
                    status,
                    response.clone(),
                ));
            }
        }
        for (name, status, response) in responses {
            let Some(content) = response.content.get("application/json") else {
                continue;
            };
            if !is_error_body(content) {
                continue;
            }
            for (example, value) in examples_in(&document, content) {
                let code = ErrorCode::ALL
                    .into_iter()
                    .find(|code| code.as_str() == example)
                    .unwrap_or_else(|| panic!("{name} {status}: {example} is no error code"));
                assert_eq!(value["error"], code.as_str(), "{name} {status}: {example}");
                assert_eq!(
                    examples::error_status(code).to_string(),
                    status,
                    "{name}: {example} is documented under the wrong status"
                );
                let message = value["message"].as_str().unwrap_or_default();
                assert!(
                    message.ends_with('.'),
                    "{name} {status}: {example}: {message:?}"
                );
                shown.push(code);
            }
        }
        let missing: Vec<&str> = ErrorCode::ALL
            .into_iter()
            .filter(|code| !shown.contains(code))
            .map(ErrorCode::as_str)
            .collect();
        assert!(missing.is_empty(), "no example of {missing:?}");
    }

    #[test]
    fn error_code_all_is_exactly_the_codes_of_the_schema() {
        let listed: Vec<Value> = ErrorCode::ALL.iter().map(|c| c.as_str().into()).collect();
        let RefOr::T(Schema::Object(schema)) = ErrorCode::schema() else {
            panic!("ErrorCode's schema is an inline enum");
        };
        assert_eq!(Some(listed), schema.enum_values);
        for code in ErrorCode::ALL {
            assert_eq!(
                code.example().code(),
                code,
                "{code}'s example has another code"
            );
        }
    }

    #[test]
    fn the_stream_has_every_event_in_both_formats() {
        let mut document = openapi();
        let (_, stream) = operations_of(&mut document)
            .into_iter()
            .find(|(name, _)| name == "GET /api/games/{id}/events")
            .expect("the stream is documented");
        let ok = response_of(&document, &stream.responses.responses["200"]).clone();
        for content_type in ["text/event-stream", "application/x-ndjson"] {
            let content = ok.content.get(content_type).expect(content_type);
            let examples = examples_in(&document, content);
            let names: Vec<&str> = examples.iter().map(|(name, _)| name.as_str()).collect();
            for event in ["game", "thinking", "analysis", "engine_error", "keepalive"] {
                assert!(
                    names.contains(&event),
                    "{content_type} lacks {event}: {names:?}"
                );
            }
            for (name, value) in &examples {
                let text = value.as_str().expect("a stream's lines are text");
                if content_type == "application/x-ndjson" {
                    assert!(
                        text.ends_with('\n') && text.matches('\n').count() == 1,
                        "{name}"
                    );
                    let line: Value = serde_json::from_str(text).expect("one JSON object");
                    assert_eq!(line["event"], *name);
                    assert_eq!(line.get("data").is_some(), name != "keepalive", "{name}");
                } else if name == "keepalive" {
                    assert!(text.starts_with(':'), "a comment");
                } else {
                    let data = text
                        .strip_prefix(&format!("event: {name}\ndata: "))
                        .and_then(|rest| rest.strip_suffix("\n\n"))
                        .unwrap_or_else(|| panic!("{name}: not one SSE frame: {text:?}"));
                    let _: Value = serde_json::from_str(data).expect("JSON data");
                }
            }
        }
        let description = stream.description.unwrap_or_default();
        for rule in [
            "1 s",
            "30 s",
            "first event of every connection is a full `game` event",
        ] {
            assert!(description.contains(rule), "the reconnect rule: {rule}");
        }
    }

    #[test]
    fn the_async_move_is_documented() {
        let mut document = openapi();
        assert_eq!(document.info.version, "1.0.0");
        let about = document.info.description.clone().unwrap_or_default();
        for needed in ["/api/v1/", "alias", "--cors-origin"] {
            assert!(about.contains(needed), "info.description: {needed}");
        }
        let (_, play) = operations_of(&mut document)
            .into_iter()
            .find(|(name, _)| name == "POST /api/games/{id}/moves")
            .expect("moves is documented");
        let parameters = play.parameters.clone().unwrap_or_default();
        for name in ["Prefer", "wait"] {
            assert!(parameters.iter().any(|p| p.name == name), "{name}");
        }
        let wait = parameters.iter().find(|p| p.name == "wait").expect("wait");
        let Some(RefOr::T(Schema::Object(wait))) = &wait.schema else {
            panic!("wait's schema is inline");
        };
        assert_eq!(
            wait.default,
            Some(Value::Bool(true)),
            "wait defaults to true"
        );
        let accepted = response_of(&document, &play.responses.responses["202"]).clone();
        assert!(accepted.headers.contains_key("Preference-Applied"));
        assert!(accepted.headers.contains_key("API-Version"));
        let content = &accepted.content["application/json"];
        let examples = examples_in(&document, content);
        assert_eq!(examples[0].1["engine_thinking"], true);
        assert_eq!(examples[0].1["ply"], 1);
    }

    #[test]
    fn the_example_game_was_played_by_the_rules() {
        let views = Views::new();
        assert_eq!(
            (views.started.ply, views.started.legal_moves.len()),
            (0, 20)
        );
        assert!(views.thinking.engine_thinking && views.thinking.ply == 1);
        let replied: Vec<&str> = views.replied.moves.iter().map(|m| m.san.as_str()).collect();
        assert_eq!(replied, ["e4", "e5"]);
        assert_eq!(views.resigned.result, "0-1");
        assert_eq!(views.aborted.result, "*");
        assert_eq!(
            (views.agreed.result.as_str(), views.agreed.moves.len()),
            ("1/2-1/2", 4)
        );
        assert_eq!(
            (views.claimed.result.as_str(), views.claimed.ply),
            ("1/2-1/2", 8)
        );
        assert!(
            views.pgn.contains("1. e4 e5 2. Nf3 Nc6 0-1"),
            "{}",
            views.pgn
        );
    }
}
