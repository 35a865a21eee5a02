//! `GET /api/games/{id}` serves the game's view serialized once per change: a weak `ETag` names
//! it, `If-None-Match` with it gets 304, and the body is always the view as built fresh now.

use alphachess_server::games::GameId;
use reqwest::header::{CACHE_CONTROL, ETAG, IF_NONE_MATCH};
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp, TestGame};

/// `GET /api/games/{id}`, with `tag` as `If-None-Match` if given.
async fn get_view(app: &TestApp, game: &TestGame, tag: Option<&str>) -> Response {
    let mut request = app.client.get(app.url(&format!("/api/games/{}", game.id)));
    if let Some(tag) = tag {
        request = request.header(IF_NONE_MATCH, tag);
    }
    request.send().await.expect("the server answers")
}

fn tag_of(response: &Response) -> String {
    let tag = response.headers()[ETAG].to_str().expect("ASCII").to_owned();
    assert!(tag.starts_with("W/\""), "a weak tag: {tag}");
    tag
}

/// The view the server builds from the game's state now.
fn fresh(app: &TestApp, game: &TestGame) -> Value {
    let id = GameId::parse(&game.id).expect("an id");
    let slot = app.lifecycle.games().get(&id).expect("in memory");
    serde_json::to_value(&*slot.view()).expect("JSON")
}

/// The served view, and its tag; the body must be the fresh view (the clock's reading aside).
async fn served(app: &TestApp, game: &TestGame) -> (Value, String) {
    let response = get_view(app, game, None).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[CACHE_CONTROL], "no-store");
    let tag = tag_of(&response);
    let mut body: Value = response.json().await.expect("JSON");
    let mut now = fresh(app, game);
    for view in [&mut body, &mut now] {
        if let Some(clock) = view["clock"].as_object_mut() {
            clock.remove("white_ms");
            clock.remove("black_ms");
        }
    }
    assert_eq!(body, now, "the served view is the fresh one");
    (body, tag)
}

#[tokio::test]
async fn a_matching_tag_gets_304_and_every_change_a_new_tag_and_a_fresh_body() {
    let app = spawn_app().await;
    let game = app.create(json!({"color": "white", "level": 1})).await;
    let (_, first) = served(&app, &game).await;

    let unchanged = get_view(&app, &game, Some(&first)).await;
    assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(tag_of(&unchanged), first);
    assert!(unchanged.bytes().await.expect("a body").is_empty());
    let listed = format!("W/\"0000000000000000\", {first}");
    assert_eq!(
        get_view(&app, &game, Some(&listed)).await.status(),
        StatusCode::NOT_MODIFIED
    );
    let strong = first.trim_start_matches("W/");
    assert_eq!(
        get_view(&app, &game, Some(strong)).await.status(),
        StatusCode::NOT_MODIFIED,
        "If-None-Match compares weakly"
    );

    let mut tags = vec![first];
    app.play(&game, "e4").await;
    let (after_move, tag) = served(&app, &game).await;
    assert_eq!(after_move["ply"], 2);
    let stale = get_view(&app, &game, Some(&tags[0])).await;
    assert_eq!(
        stale.status(),
        StatusCode::OK,
        "an old tag gets the new view"
    );
    assert_eq!(tag_of(&stale), tag);
    tags.push(tag);

    assert_eq!(app.action(&game, "takeback").await.status(), StatusCode::OK);
    let (after_takeback, tag) = served(&app, &game).await;
    assert_eq!(after_takeback["ply"], 0);
    assert!(!tags.contains(&tag), "a takeback is a new version");
    tags.push(tag);

    // Two moves each, so the resignation is one (before, it would abort the game).
    app.play_opening(&game).await;
    assert_eq!(app.action(&game, "resign").await.status(), StatusCode::OK);
    let (resigned, tag) = served(&app, &game).await;
    assert_eq!(resigned["status"], "finished");
    assert!(!tags.contains(&tag));
}

#[tokio::test]
async fn a_running_clock_is_read_per_request_under_one_tag() {
    let app = spawn_app().await;
    let game = app
        .create(
            json!({"color": "white", "level": 1, "clock": {"limit_secs": 60, "increment_secs": 0}}),
        )
        .await;
    app.play(&game, "e4").await;
    let (view, tag) = served(&app, &game).await;
    assert_eq!(view["clock"]["running"], "white");
    let (_, again) = served(&app, &game).await;
    assert_eq!(again, tag, "time passing is not a change");
    assert_eq!(
        get_view(&app, &game, Some(&tag)).await.status(),
        StatusCode::NOT_MODIFIED
    );
    app.play(&game, "Nf3").await;
    let (_, moved) = served(&app, &game).await;
    assert_ne!(moved, tag);
}
