//! The measured ladder (`GET /api/levels`), a game's step, and the step suggested for a given
//! rating (`POST /api/rating`, which rates nothing).

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{expect_error, spawn_app};

#[tokio::test]
async fn the_ladder_lists_every_step_weakest_first_with_its_rating_and_scale() {
    let app = spawn_app().await;
    for path in ["/api/levels", "/api/v1/levels"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let body: Value = response.json().await.expect("JSON");
        let levels = body["levels"].as_array().expect("levels");
        assert_eq!(levels.len(), 21, "{path}");
        assert!(body["scale"]
            .as_str()
            .expect("scale")
            .contains("engine scale"));
        let mut previous = i64::MIN;
        for (i, step) in levels.iter().enumerate() {
            assert_eq!(step["level"], i + 1);
            let rating = step["rating"].as_i64().expect("rating");
            assert!(
                rating > previous,
                "step {} is not above the one below",
                i + 1
            );
            assert!(step["low"].as_i64() <= Some(rating) && Some(rating) <= step["high"].as_i64());
            previous = rating;
        }
        assert!(
            levels[0]["rating"].as_i64() <= Some(800),
            "a true beginner first"
        );
    }
}

#[tokio::test]
async fn a_games_view_says_its_step_and_measured_rating() {
    let app = spawn_app().await;
    let levels: Value = app.get("/api/levels").await.json().await.expect("JSON");
    let game = app.create(json!({ "color": "white", "level": 3 })).await;
    assert_eq!(game.view["level"], 3);
    assert_eq!(game.view["step"], levels["levels"][2]);
}

async fn rate(app: &crate::helpers::TestApp, body: Value) -> reqwest::Response {
    reqwest::Client::new()
        .post(app.url("/api/rating"))
        .json(&body)
        .send()
        .await
        .expect("the server answers")
}

#[tokio::test]
async fn a_higher_rating_is_suggested_a_higher_step_and_a_declared_result_is_refused() {
    let app = spawn_app().await;
    let new: Value = rate(&app, json!({})).await.json().await.expect("JSON");
    assert_eq!(new["shown"], "about 1500 ± 350");
    assert!(new["next_shown"]
        .as_str()
        .expect("text")
        .starts_with("Next: "));
    let strong = json!({ "rating": 2200.0, "deviation": 60.0, "volatility": 0.06 });
    let stronger: Value = rate(&app, json!({ "rating": strong }))
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(
        stronger["rating"], strong,
        "the rating given is not changed"
    );
    assert_eq!(stronger["shown"], "about 2200 ± 60");
    assert!(stronger["next"]["level"].as_u64() > new["next"]["level"].as_u64());

    // Issue #38: a client once declared any result here and was rated for it.
    let declared = json!({ "rating": strong, "game": { "level": 21, "result": "win" } });
    let response = rate(&app, declared).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.expect("JSON");
    assert!(
        body["message"]
            .as_str()
            .expect("a message")
            .contains("game"),
        "{body}"
    );
}

#[tokio::test]
async fn a_rating_out_of_range_is_refused() {
    let app = spawn_app().await;
    let bad_rating =
        json!({ "rating": { "rating": 1500.0, "deviation": 0.0, "volatility": 0.06 } });
    expect_error(
        rate(&app, bad_rating).await,
        StatusCode::BAD_REQUEST,
        "invalid_request",
    )
    .await;
}
