//! The OpenAPI document's examples against the real server: a client coded from them gets what
//! they show.

use std::collections::BTreeSet;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::spawn_app;

/// The example `name` of `pointer` (a JSON pointer to a content object), shared ones read from
/// `components.examples`.
fn example(doc: &Value, pointer: &str, name: &str) -> Value {
    let content = doc
        .pointer(pointer)
        .unwrap_or_else(|| panic!("{pointer} is documented"));
    let example = &content["examples"][name];
    let example = match example["$ref"].as_str() {
        Some(shared) => {
            let shared = shared.trim_start_matches("#/components/examples/");
            &doc["components"]["examples"][shared]
        }
        None => example,
    };
    assert!(
        example["value"] != Value::Null,
        "{pointer} has no example {name}"
    );
    example["value"].clone()
}

/// An error example of `path`'s `method` under `status`.
fn error_example(doc: &Value, path: &str, method: &str, status: u16, code: &str) -> Value {
    let path = path.replace('~', "~0").replace('/', "~1");
    let pointer = format!("/paths/{path}/{method}/responses/{status}/content/application~1json");
    example(doc, &pointer, code)
}

/// The names of an object's fields.
fn keys(value: &Value) -> BTreeSet<String> {
    value
        .as_object()
        .unwrap_or_else(|| panic!("an object: {value}"))
        .keys()
        .cloned()
        .collect()
}

/// Asserts `real` and `documented` are game views with the same fields, and the same fields in
/// their moves.
fn assert_same_view_shape(real: &Value, documented: &Value) {
    assert_eq!(keys(real), keys(documented));
    for list in ["moves", "legal_moves"] {
        if let (Some(real), Some(documented)) = (real[list].get(0), documented[list].get(0)) {
            assert_eq!(keys(real), keys(documented), "{list}");
        }
    }
}

#[tokio::test]
async fn the_documents_examples_are_what_the_server_answers() {
    let app = spawn_app().await;
    let doc = app.openapi().await;

    let create = example(
        &doc,
        "/paths/~1api~1games/post/requestBody/content/application~1json",
        "white",
    );
    let created = app.create_raw(&create).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let created: Value = created.json().await.expect("JSON");
    let documented = example(
        &doc,
        "/paths/~1api~1games/post/responses/201/content/application~1json",
        "created",
    );
    assert_eq!(keys(&created), keys(&documented));
    assert_same_view_shape(&created["game"], &documented["game"]);
    assert_eq!(
        created["game"]["legal_moves"],
        documented["game"]["legal_moves"]
    );
    let game = app.create(create.clone()).await;
    let chess960 = example(
        &doc,
        "/paths/~1api~1games/post/requestBody/content/application~1json",
        "chess960_by_number",
    );
    let created = app.create(chess960).await;
    let view = app.view(&created).await;
    assert_eq!(
        (&view["variant"], &view["chess960_position"]),
        (&json!("chess960"), &json!(518))
    );

    let moves = "/paths/~1api~1games~1{id}~1moves/post";
    let body = example(
        &doc,
        &format!("{moves}/requestBody/content/application~1json"),
        "san",
    );
    let played = app.play_raw(&game, body).await;
    assert_eq!(played.status(), StatusCode::OK);
    let played: Value = played.json().await.expect("JSON");
    let documented = example(
        &doc,
        &format!("{moves}/responses/200/content/application~1json"),
        "engine_replied",
    );
    assert_same_view_shape(&played, &documented);
    assert_eq!(
        played["moves"][0], documented["moves"][0],
        "1. e4 as documented"
    );

    let fresh = app.create(create).await;
    let path = "/api/games/{id}/moves";
    for (text, status, code) in [
        ("e9", StatusCode::BAD_REQUEST, "invalid_move_notation"),
        ("e2e5", StatusCode::UNPROCESSABLE_ENTITY, "illegal_move"),
    ] {
        let response = app.play_raw(&fresh, json!({ "move": text })).await;
        assert_eq!(response.status(), status, "{text}");
        let real: Value = response.json().await.expect("JSON");
        assert_eq!(
            real,
            error_example(&doc, path, "post", status.as_u16(), code),
            "{text}"
        );
    }
    let taken_back = app.action(&fresh, "takeback").await;
    assert_eq!(taken_back.status(), StatusCode::CONFLICT);
    let real: Value = taken_back.json().await.expect("JSON");
    let documented = error_example(
        &doc,
        "/api/games/{id}/takeback",
        "post",
        409,
        "nothing_to_take_back",
    );
    assert_eq!(real, documented);
    let unknown = app.get("/api/games/zzzzzzzzzzzz").await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    let real: Value = unknown.json().await.expect("JSON");
    assert_eq!(
        real,
        error_example(&doc, "/api/games/{id}", "get", 404, "game_not_found")
    );
    // A key's games: lichess's error form, as documented.
    let no_key = app.get("/api/v1/account/games").await;
    assert_eq!(no_key.status(), StatusCode::UNAUTHORIZED);
    let real: Value = no_key.json().await.expect("JSON");
    assert_eq!(
        real,
        error_example(&doc, "/api/account/games", "get", 401, "no_key")
    );
}
