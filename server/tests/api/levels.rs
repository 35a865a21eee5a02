//! The measured ladder (`GET /api/levels`), a game's step, and the player's rating
//! (`POST /api/rating`).

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
async fn a_win_raises_the_rating_narrows_it_and_moves_the_suggestion_up() {
    let app = spawn_app().await;
    let new: Value = rate(&app, json!({})).await.json().await.expect("JSON");
    assert_eq!(new["shown"], "about 1500 ± 350");
    assert!(new["next_shown"]
        .as_str()
        .expect("text")
        .starts_with("Next: "));
    let won: Value = rate(
        &app,
        json!({ "rating": new["rating"], "game": { "level": new["next"]["level"], "result": "win" } }),
    )
    .await
    .json()
    .await
    .expect("JSON");
    assert!(won["rating"]["rating"].as_f64() > new["rating"]["rating"].as_f64());
    assert!(won["rating"]["deviation"].as_f64() < new["rating"]["deviation"].as_f64());
    assert!(won["next"]["level"].as_u64() > new["next"]["level"].as_u64());
}

#[tokio::test]
async fn a_rating_out_of_range_or_an_unknown_step_is_refused() {
    let app = spawn_app().await;
    let bad_step = json!({ "game": { "level": 22, "result": "win" } });
    expect_error(
        rate(&app, bad_step).await,
        StatusCode::BAD_REQUEST,
        "invalid_request",
    )
    .await;
    let bad_rating =
        json!({ "rating": { "rating": 1500.0, "deviation": 0.0, "volatility": 0.06 } });
    expect_error(
        rate(&app, bad_rating).await,
        StatusCode::BAD_REQUEST,
        "invalid_request",
    )
    .await;
}
