//! Engine time shared fairly between clients (issue #22): clients take turns in the live lane,
//! hints have their own budget and yield to replies, and a search that waits past its deadline
//! is refused with Retry-After. One engine each, so every ordering is the policy's.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::{
    create_as, expect_error, play_as, spawn_with, test_config, TestApp, TestGame,
};

/// A position every full-strength search runs to the move time cap in: accepted, but slow.
pub const SLOW_FEN: &str = "1nbqkbn1/qqqqqqqq/8/8/8/8/QQQQQQQQ/1NBQKBN1 w - - 0 1";

/// One engine, full strength running into `cap_ms`, clients told apart by loopback's
/// `X-Forwarded-For`.
pub fn config(cap_ms: u64) -> alphachess_server::Config {
    let mut config = test_config();
    config.trusted_proxies = vec!["127.0.0.1".parse().expect("an address")];
    config.engines = 1;
    config.depth = 40;
    config.move_time_cap_ms = cap_ms;
    config
}

#[tokio::test]
async fn a_players_move_goes_before_the_searches_another_client_queued_first() {
    let app = spawn_with(config(1_000)).await;
    let slow = json!({ "color": "white", "level": 21, "fen": SLOW_FEN });
    let mut flood = Vec::new();
    for _ in 0..4 {
        flood.push(create_as(&app, "203.0.113.1", slow.clone()).await);
    }
    let player = create_as(&app, "198.51.100.7", slow.clone()).await;
    for game in &flood {
        let response = play_as(&app, "203.0.113.1", game, "b1c3", false).await;
        assert_eq!(response.status(), StatusCode::ACCEPTED);
    }
    let response = play_as(&app, "198.51.100.7", &player, "b1c3", true).await;
    assert_eq!(response.status(), StatusCode::OK, "the player is served");
    let mut answered = 0;
    for game in &flood {
        if app.view(game).await["ply"] == 2 {
            answered += 1;
        }
    }
    // First come first served across clients would have answered all four first.
    assert!(
        answered <= 2,
        "{answered} of the other client's replies went first"
    );
}

#[tokio::test]
async fn a_search_that_waits_past_its_deadline_is_refused_with_retry_after() {
    let mut config = config(3_000);
    config.queue_wait_ms = 300;
    // The deadline alone: no search yields to the waiting player (issue #42's preemption would
    // serve it within the deadline).
    config.preempt_after_ms = 600_000;
    let app = spawn_with(config).await;
    let slow = json!({ "color": "white", "level": 21, "fen": SLOW_FEN });
    let busy = create_as(&app, "203.0.113.1", slow.clone()).await;
    let player = create_as(&app, "198.51.100.7", slow).await;
    let response = play_as(&app, "203.0.113.1", &busy, "b1c3", false).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    app.wait_for_ply(&busy, 1).await;

    let refused = play_as(&app, "198.51.100.7", &player, "b1c3", true).await;
    assert!(
        refused.headers().contains_key("retry-after"),
        "{:?}",
        refused.headers()
    );
    expect_error(refused, StatusCode::SERVICE_UNAVAILABLE, "engine_busy").await;
    assert_eq!(
        app.view(&player).await["ply"],
        0,
        "the refused move is taken back"
    );
    assert_eq!(
        app.view(&busy).await["ply"],
        1,
        "the first search still runs"
    );
}

#[tokio::test]
async fn a_running_hint_yields_its_engine_to_another_players_move() {
    let mut config = config(8_000);
    // Without the hint yielding, the move would wait the hint's 8 s and be refused.
    config.queue_wait_ms = 2_000;
    let app = spawn_with(config).await;
    let slow = json!({ "color": "white", "level": 21, "fen": SLOW_FEN });
    let hinted = create_as(&app, "203.0.113.1", slow.clone()).await;
    let player = create_as(&app, "198.51.100.7", slow).await;
    let hint = {
        let request = app
            .client
            .get(app.url(&format!("/api/games/{}/hint", hinted.id)))
            .bearer_auth(&hinted.token)
            .header("X-Forwarded-For", "203.0.113.1")
            .send();
        tokio::spawn(request)
    };
    // The hint is running once the engine is busy (it answers no other probe meanwhile).
    crate::helpers::wait_until(|| app.lifecycle.engines().status()[0].searching).await;

    let response = play_as(&app, "198.51.100.7", &player, "b1c3", true).await;
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "the move was not kept waiting"
    );
    let hint = hint.await.expect("joined").expect("the server answers");
    assert_eq!(
        hint.status(),
        StatusCode::OK,
        "the hint answered what it had"
    );
    let hint: Value = hint.json().await.expect("JSON");
    assert!(hint["uci"].as_str().is_some_and(|m| m.len() >= 4), "{hint}");
}

/// Byrne–Fischer 1956 up to move 40 (80 plies), unfinished, white to move.
const LONG_GAME: &str = "1. Nf3 Nf6 2. c4 g6 3. Nc3 Bg7 4. d4 O-O 5. Bf4 d5 6. Qb3 dxc4 \
    7. Qxc4 c6 8. e4 Nbd7 9. Rd1 Nb6 10. Qc5 Bg4 11. Bg5 Na4 12. Qa3 Nxc3 13. bxc3 Nxe4 \
    14. Bxe7 Qb6 15. Bc4 Nxc3 16. Bc5 Rfe8+ 17. Kf1 Be6 18. Bxb6 Bxc4+ 19. Kg1 Ne2+ 20. Kf1 Nxd4+ \
    21. Kg1 Ne2+ 22. Kf1 Nc3+ 23. Kg1 axb6 24. Qb4 Ra4 25. Qxb6 Nxd1 26. h3 Rxa2 27. Kh2 Nxf2 \
    28. Re1 Rxe1 29. Qd8+ Bf8 30. Nxe1 Bd5 31. Nf3 Ne4 32. Qb8 b5 33. h4 h5 34. Ne5 Kg7 \
    35. Kg1 Bc5+ 36. Kf1 Ng3+ 37. Ke1 Bb4+ 38. Kd1 Bb3+ 39. Kc1 Ne2+ 40. Kb1 Nc3+ *";

async fn analysis_status(app: &TestApp, game: &TestGame) -> String {
    let response = app.get(&format!("/api/games/{}/analysis", game.id)).await;
    let analysis: Value = response.json().await.expect("JSON");
    analysis["status"].as_str().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn a_short_review_is_not_put_behind_another_clients_long_ones() {
    let mut config = config(5_000);
    config.depth = 4;
    config.max_analyses = Some(1);
    config.analysis_nodes = 100_000;
    let app = spawn_with(config).await;
    let mut long = Vec::new();
    for _ in 0..3 {
        let game = create_as(
            &app,
            "203.0.113.1",
            json!({ "color": "white", "level": 1, "pgn": LONG_GAME }),
        )
        .await;
        assert_eq!(app.action(&game, "resign").await.status(), StatusCode::OK);
        long.push(game);
    }
    let short = create_as(
        &app,
        "198.51.100.7",
        json!({ "color": "white", "level": 1 }),
    )
    .await;
    // Two moves each: resigning earlier would abort the game, which has no review.
    for text in ["e2e4", "h2h3"] {
        assert_eq!(
            play_as(&app, "198.51.100.7", &short, text, true)
                .await
                .status(),
            StatusCode::OK
        );
    }
    assert_eq!(app.action(&short, "resign").await.status(), StatusCode::OK);

    let mut polls = 0;
    while analysis_status(&app, &short).await != "done" {
        polls += 1;
        assert!(polls < 1_200, "the short review never ended");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let mut done = 0;
    for game in &long {
        if analysis_status(&app, game).await == "done" {
            done += 1;
        }
    }
    // In order of arrival, all three 80-ply reviews would have come first.
    assert_eq!(done, 0, "the short review waited for whole long ones");
}

/// `POST .../analysis` with the game's token.
async fn post_analysis(app: &TestApp, game: &TestGame) -> reqwest::Response {
    app.action(game, "analysis").await
}

/// A long game imported by `client` and resigned: its analysis (80 positions at the default
/// nodes on the one engine) is still queued or running for the rest of the test.
async fn resigned_long_game(app: &TestApp, client: &str) -> TestGame {
    let game = create_as(
        app,
        client,
        json!({ "color": "white", "level": 1, "pgn": LONG_GAME }),
    )
    .await;
    assert_eq!(app.action(&game, "resign").await.status(), StatusCode::OK);
    game
}

/// The refusal says when to come back.
fn retry_after(response: &reqwest::Response) -> u64 {
    response
        .headers()
        .get("retry-after")
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse().ok())
        .expect("a Retry-After in seconds")
}

#[tokio::test]
async fn a_client_past_its_analysis_share_is_refused_with_429_while_others_still_queue() {
    let mut config = config(5_000);
    config.max_analyses = Some(1);
    config.analyses_per_client = 2;
    let app = spawn_with(config).await;
    let first = resigned_long_game(&app, "203.0.113.1").await;
    let second = resigned_long_game(&app, "203.0.113.1").await;
    for game in [&first, &second] {
        assert!(
            ["queued", "running"].contains(&analysis_status(&app, game).await.as_str()),
            "the first two start by themselves"
        );
    }
    // A third game imported already over is kept as usual; its analysis does not start past
    // the share (a played game's own review would wait in the backlog instead, issue #38).
    let third = create_as(
        &app,
        "203.0.113.1",
        json!({ "color": "white", "level": 1, "pgn": "1. f3 e5 2. g4 Qh4# 0-1" }),
    )
    .await;
    let view = app.view(&third).await;
    assert_eq!(
        (&view["status"], &view["reason"]),
        (&json!("finished"), &json!("checkmate")),
        "{view}"
    );
    let missing = app.get(&format!("/api/games/{}/analysis", third.id)).await;
    expect_error(missing, StatusCode::NOT_FOUND, "analysis_not_found").await;
    let refused = post_analysis(&app, &third).await;
    assert!(retry_after(&refused) > 0);
    expect_error(refused, StatusCode::TOO_MANY_REQUESTS, "too_many_requests").await;
    // Asking again for one already queued is answered as it stands, not refused.
    assert_eq!(
        post_analysis(&app, &first).await.status(),
        StatusCode::ACCEPTED
    );
    // Another client's analysis still queues.
    let other = resigned_long_game(&app, "198.51.100.7").await;
    assert_eq!(
        post_analysis(&app, &other).await.status(),
        StatusCode::ACCEPTED
    );
    assert_eq!(analysis_status(&app, &other).await, "queued");
}

#[tokio::test]
async fn five_finished_games_from_one_address_all_get_their_reviews() {
    let mut config = config(5_000);
    config.depth = 4;
    config.max_analyses = Some(1);
    config.analysis_nodes = 20_000;
    config.analysis_quick_nodes = 0;
    let app = spawn_with(config).await;
    let client = "203.0.113.1";
    let mut games = Vec::new();
    for _ in 0..5 {
        let game = create_as(&app, client, json!({ "color": "white", "level": 1 })).await;
        // Two moves each: resigning earlier would abort the game, which has no review.
        for text in ["e2e4", "h2h3"] {
            assert_eq!(
                play_as(&app, client, &game, text, true).await.status(),
                StatusCode::OK
            );
        }
        assert_eq!(app.action(&game, "resign").await.status(), StatusCode::OK);
        games.push(game);
    }
    // Past the client's share (4) the fifth review waits in the backlog: asked for, it is
    // answered as it stands, never refused.
    for game in &games {
        assert_eq!(
            post_analysis(&app, game).await.status(),
            StatusCode::ACCEPTED
        );
    }
    for game in &games {
        let mut polls = 0;
        while analysis_status(&app, game).await != "done" {
            polls += 1;
            assert!(polls < 1_200, "a review never arrived");
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    }
}

#[tokio::test]
async fn a_full_analysis_queue_refuses_a_new_analysis_with_503_and_keeps_the_game() {
    let mut config = config(5_000);
    config.max_analyses = Some(1);
    config.analysis_queue = 2;
    let app = spawn_with(config).await;
    resigned_long_game(&app, "203.0.113.1").await;
    resigned_long_game(&app, "203.0.113.2").await;
    // A game imported already over (a played game's own review would wait, issue #38).
    let late = create_as(
        &app,
        "198.51.100.7",
        json!({ "color": "white", "level": 1, "pgn": "1. f3 e5 2. g4 Qh4# 0-1" }),
    )
    .await;
    let view = app.view(&late).await;
    assert_eq!(
        (&view["status"], &view["reason"]),
        (&json!("finished"), &json!("checkmate")),
        "{view}"
    );
    let refused = post_analysis(&app, &late).await;
    assert!(retry_after(&refused) > 0);
    expect_error(refused, StatusCode::SERVICE_UNAVAILABLE, "engine_busy").await;
}

/// `GET .../analysis` as JSON.
async fn analysis(app: &TestApp, game: &TestGame) -> Value {
    let response = app.get(&format!("/api/games/{}/analysis", game.id)).await;
    assert_eq!(response.status(), StatusCode::OK, "the analysis exists");
    response.json().await.expect("JSON")
}

#[tokio::test]
async fn a_played_games_review_waits_past_a_full_queue_with_its_place_and_arrives() {
    let mut config = config(5_000);
    config.depth = 4;
    config.max_analyses = Some(1);
    config.analysis_queue = 2;
    config.analysis_nodes = 200_000;
    config.analysis_quick_nodes = 0;
    let app = spawn_with(config).await;
    // Two other clients' long reviews fill the queue: one runs, one waits.
    resigned_long_game(&app, "203.0.113.1").await;
    resigned_long_game(&app, "203.0.113.2").await;
    let client = "198.51.100.7";
    let game = create_as(&app, client, json!({ "color": "white", "level": 1 })).await;
    for text in ["a3", "h3"] {
        assert_eq!(
            play_as(&app, client, &game, text, true).await.status(),
            StatusCode::OK
        );
    }
    assert_eq!(app.action(&game, "resign").await.status(), StatusCode::OK);

    let waiting = analysis(&app, &game).await;
    assert_eq!(waiting["status"], "queued", "{waiting}");
    let ahead = waiting["ahead"].as_u64().expect("a queued review's place");
    assert!(ahead > 0, "{waiting}");
    // Asked for, it is answered as it stands, with its place: never refused.
    let asked = post_analysis(&app, &game).await;
    assert_eq!(asked.status(), StatusCode::ACCEPTED);
    let asked: Value = asked.json().await.expect("JSON");
    assert!(asked["ahead"].as_u64() > Some(0), "{asked}");

    let mut polls = 0;
    loop {
        let now = analysis(&app, &game).await;
        if now["status"] == "done" {
            assert!(now.get("ahead").is_none(), "{now}");
            break;
        }
        polls += 1;
        assert!(polls < 1_200, "the review never arrived: {now}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}
