//! Post-game analysis over HTTP (issue #12), against the real Stockfish at a low node count:
//! the endpoints and their refusals, the analysis that starts by itself when a game ends, the
//! live stream, the annotated PGN, resuming after a restart, and live play going first.

use std::path::Path;
use std::time::{Duration, Instant};

use alphachess_engine::pgn::{self, Nag};
use alphachess_server::{Application, Config};
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{expect_error, spawn_with, test_config, TestApp, TestGame};
use crate::ndjson::LineWatcher;
use crate::sse::{EventStream, Watcher};

/// Nodes per position: enough for Stockfish to see a mate in one, quick on this machine.
const NODES: u64 = 20_000;

/// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#: over as soon as it is created.
pub const SCHOLARS_MATE: &str = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0";

/// Its first 20 plies (white, the player, resigns there): winning for white, no mate in sight.
const OPERA_GAME_OPENING: &str = "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 \
    6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 *";

fn config_with(nodes: u64) -> Config {
    let mut config = test_config();
    config.analysis_nodes = nodes;
    config
}

async fn spawn_analysing() -> TestApp {
    spawn_with(config_with(NODES)).await
}

/// A game created from `pgn`, the player white.
pub async fn imported(app: &TestApp, pgn: &str) -> TestGame {
    app.create(json!({ "color": "white", "pgn": pgn })).await
}

async fn post_analysis(app: &TestApp, id: &str, token: Option<&str>) -> Response {
    let request = app
        .client
        .post(app.url(&format!("/api/games/{id}/analysis")));
    let request = match token {
        Some(token) => request.bearer_auth(token),
        None => request,
    };
    request.send().await.expect("the server answers")
}

/// `POST .../analysis` with the game's token, which must be accepted.
pub async fn request_analysis(app: &TestApp, game: &TestGame) -> Value {
    let response = post_analysis(app, &game.id, Some(&game.token)).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    response.json().await.expect("JSON")
}

/// `GET .../analysis`, which must exist.
pub async fn analysis(app: &TestApp, id: &str) -> Value {
    let response = app.get(&format!("/api/games/{id}/analysis")).await;
    assert_eq!(response.status(), StatusCode::OK, "game {id}");
    response.json().await.expect("JSON")
}

/// Polls until the analysis of `id` is done (or fails the test if it fails).
pub async fn until_done(app: &TestApp, id: &str) -> Value {
    for _ in 0..6_000 {
        let analysis = analysis(app, id).await;
        match analysis["status"].as_str() {
            Some("done") => return analysis,
            Some("failed") => panic!("the analysis failed: {analysis}"),
            _ => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    }
    panic!("the analysis of {id} never finished");
}

/// Searches answered by every engine of the server so far.
fn searches(app: &TestApp) -> u64 {
    let engines = app.lifecycle.engines().status();
    engines.iter().map(|engine| engine.searches).sum()
}

#[tokio::test]
async fn the_analysis_of_the_scholar_s_mate_finds_nf6_a_blunder_and_ends_on_mate() {
    let app = spawn_analysing().await;
    let game = imported(&app, SCHOLARS_MATE).await;
    assert_eq!(game.view["status"], "finished");
    let started = request_analysis(&app, &game).await;
    assert!(
        ["queued", "running"].contains(&started["status"].as_str().unwrap_or_default()),
        "{started}"
    );
    assert_eq!(
        started["progress"]["total"], 7,
        "positions 0 to 6; the mate is not searched"
    );
    assert_eq!(started["accuracy"], Value::Null);
    assert_eq!(started["summary"], Value::Null);

    let done = until_done(&app, &game.id).await;
    assert_eq!(done["progress"], json!({"done": 7, "quick": 7, "total": 7}));
    let plies = done["plies"].as_array().expect("plies");
    let numbers: Vec<u64> = plies.iter().filter_map(|p| p["ply"].as_u64()).collect();
    assert_eq!(numbers, [1, 2, 3, 4, 5, 6, 7]);
    let nf6 = &plies[5];
    assert_eq!(nf6["judgment"], "blunder", "{nf6}");
    assert_ne!(nf6["best"]["san"], "Nf6", "{nf6}");
    assert_eq!(
        nf6["eval"],
        json!({"mate": 1}),
        "after Nf6 white mates in one"
    );
    assert_eq!(nf6["pv_san"][0], nf6["best"]["san"]);
    let mate = &plies[6];
    assert_eq!(mate["eval"], json!({"mate": 0}));
    assert_eq!(
        mate["best"]["san"], "Qxf7#",
        "Stockfish finds the mate played"
    );
    assert_eq!(mate["judgment"], Value::Null);
    for side in ["white", "black"] {
        let accuracy = done["accuracy"][side].as_f64().expect("an accuracy");
        assert!((0.0..=100.0).contains(&accuracy), "{side}: {accuracy}");
        assert!(done["summary"][side]["acpl"].is_u64(), "{done}");
    }
    assert!(done["summary"]["black"]["blunders"].as_u64() >= Some(1));

    // Idempotent: the same analysis again, and no second run.
    let searched = searches(&app);
    assert!(
        searched >= 14,
        "a quick and a final search per position: {searched}"
    );
    let again = request_analysis(&app, &game).await;
    assert_eq!(again, done);
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(analysis(&app, &game.id).await, done);
    assert_eq!(searches(&app), searched, "asking again searched nothing");
}

#[tokio::test]
async fn an_analysis_needs_a_finished_game_and_its_token_but_reading_it_needs_neither() {
    let app = spawn_analysing().await;
    let ongoing = app.create(json!({ "color": "white" })).await;
    let response = post_analysis(&app, &ongoing.id, Some(&ongoing.token)).await;
    expect_error(response, StatusCode::CONFLICT, "game_not_finished").await;

    let finished = imported(&app, SCHOLARS_MATE).await;
    let path = format!("/api/games/{}/analysis", finished.id);
    let never_asked = app.get(&path).await;
    expect_error(never_asked, StatusCode::NOT_FOUND, "analysis_not_found").await;
    let wrong_token = post_analysis(&app, &finished.id, Some("not-the-token")).await;
    expect_error(wrong_token, StatusCode::UNAUTHORIZED, "wrong_token").await;
    let no_token = post_analysis(&app, &finished.id, None).await;
    expect_error(no_token, StatusCode::UNAUTHORIZED, "missing_token").await;
    let unknown = app.get("/api/games/zzzzzzzzzzzz/analysis").await;
    expect_error(unknown, StatusCode::NOT_FOUND, "game_not_found").await;
    // None of the refused requests started anything.
    expect_error(
        app.get(&path).await,
        StatusCode::NOT_FOUND,
        "analysis_not_found",
    )
    .await;

    request_analysis(&app, &finished).await;
    // The public read, without a token.
    let read = app.get(&path).await;
    assert_eq!(read.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_live_game_s_analysis_starts_by_itself_when_the_player_resigns() {
    let app = spawn_analysing().await;
    let game = app.create(json!({ "color": "white" })).await;
    app.play(&game, "e4").await;
    // Two moves each: resigning earlier aborts the game, which has no review.
    app.play(&game, "h3").await;
    let resigned = app.action(&game, "resign").await;
    assert_eq!(resigned.status(), StatusCode::OK);
    let started = analysis(&app, &game.id).await;
    assert!(
        ["queued", "running", "done"].contains(&started["status"].as_str().unwrap_or_default()),
        "{started}"
    );
    let done = until_done(&app, &game.id).await;
    assert_eq!(
        done["progress"],
        json!({"done": 5, "quick": 5, "total": 5}),
        "a resigned game's final position is searched too"
    );
    assert_eq!(done["plies"].as_array().map(Vec::len), Some(4));
}

#[tokio::test]
async fn the_engine_s_mating_reply_starts_the_analysis_too() {
    let app = spawn_analysing().await;
    // 1. f3 e5, the player white: 2. g4 lets the engine mate with Qh4#.
    let game = imported(&app, "1. f3 e5 *").await;
    let view = app.play(&game, "g4").await;
    assert_eq!(view["reason"], "checkmate", "{view}");
    let done = until_done(&app, &game.id).await;
    assert_eq!(done["plies"][3]["eval"], json!({"mate": 0}));
    assert_eq!(done["plies"][2]["judgment"], "blunder", "2. g4??");
}

#[tokio::test]
async fn a_watcher_sees_every_ply_provisional_then_final_and_then_the_done_event_with_the_summary()
{
    let app = spawn_analysing().await;
    let game = imported(&app, SCHOLARS_MATE).await;
    let watcher = Watcher::connect(&app, &game.id).await;
    provisional_then_final(&app, &game, watcher).await;
}

#[tokio::test]
async fn an_ndjson_watcher_sees_every_ply_provisional_then_final_too() {
    let app = spawn_analysing().await;
    let game = imported(&app, SCHOLARS_MATE).await;
    let watcher = LineWatcher::connect(&app, &game.id).await;
    provisional_then_final(&app, &game, watcher).await;
}

/// The analysis of the Scholar's mate as `watcher` sees it on the game's stream (SSE or NDJSON):
/// every ply provisional first (the whole graph), then every ply final, then `done`.
async fn provisional_then_final(app: &TestApp, game: &TestGame, mut watcher: impl EventStream) {
    let first = watcher.next_event().await;
    assert_eq!(first.name, "game");
    request_analysis(app, game).await;
    // (ply, provisional) in the order the events came.
    let mut plies = Vec::new();
    let mut statuses = Vec::new();
    let done = loop {
        let event = watcher.next_event().await;
        assert_eq!(event.name, "analysis", "{event:?}");
        let data = event.data;
        if data["ply"].is_null() {
            statuses.push(data["status"].as_str().expect("a status").to_owned());
            if data["status"] == "done" {
                break data;
            }
        } else {
            assert_eq!(data["status"], "running", "{data}");
            assert_eq!(data["accuracy"], Value::Null, "{data}");
            let ply = &data["ply"];
            let provisional = ply["provisional"].as_bool().expect("a flag");
            if !provisional {
                assert!(
                    ply["depth"].is_u64() || ply["eval"] == json!({"mate": 0}),
                    "{ply}"
                );
            }
            plies.push((ply["ply"].as_u64().expect("a ply number"), provisional));
        }
    };
    assert_eq!(statuses, ["queued", "running", "done"]);
    // The quick pass shows every ply before the final pass replaces any: the whole graph first.
    let first_final = plies.iter().position(|&(_, provisional)| !provisional);
    let provisional: Vec<u64> = plies[..first_final.expect("final plies came")]
        .iter()
        .map(|&(ply, _)| ply)
        .collect();
    let mut sorted = provisional.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(
        sorted,
        [1, 2, 3, 4, 5, 6, 7],
        "every ply provisional first: {plies:?}"
    );
    let mut finals: Vec<u64> = plies
        .iter()
        .filter(|&&(_, provisional)| !provisional)
        .map(|&(ply, _)| ply)
        .collect();
    finals.sort_unstable();
    finals.dedup();
    assert_eq!(finals, [1, 2, 3, 4, 5, 6, 7], "then every ply final");
    for (index, &(ply, provisional)) in plies.iter().enumerate() {
        if provisional {
            continue;
        }
        assert!(
            !plies[index..].contains(&(ply, true)),
            "ply {ply} went back to provisional: {plies:?}"
        );
    }
    assert_eq!(done["progress"], json!({"done": 7, "quick": 7, "total": 7}));
    let kept = analysis(app, &game.id).await;
    assert!(
        kept["plies"]
            .as_array()
            .expect("plies")
            .iter()
            .all(|p| p["provisional"] == false),
        "{kept}"
    );
    assert!(done["accuracy"]["white"].is_f64(), "{done}");
    assert!(
        done["summary"]["black"]["blunders"].as_u64() >= Some(1),
        "{done}"
    );
}

#[tokio::test]
async fn the_pgn_carries_the_opening_the_evals_and_the_judgments_and_reads_back_unchanged() {
    let app = spawn_analysing().await;
    let game = imported(&app, SCHOLARS_MATE).await;
    let plain = app.pgn(&game.id).await;
    assert!(plain.contains("[ECO \"C20\"]\n"), "{plain}");
    assert!(
        plain.contains("[Opening \"King's Pawn Game: Wayward Queen Attack\"]\n"),
        "{plain}"
    );
    assert!(!plain.contains("%eval"), "no analysis yet: {plain}");

    request_analysis(&app, &game).await;
    let done = until_done(&app, &game.id).await;
    let text = app.pgn(&game.id).await;
    let best = done["plies"][5]["best"]["san"]
        .as_str()
        .expect("a best move");
    // Compared with the lines joined: where the export wraps depends on which earlier moves
    // carry a comment (since issue #38 the book move 2. Qh5 has none).
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        joined.contains(&format!(
            "3... Nf6?? {{ [%eval #1] Blunder. {best} was best. }}"
        )),
        "{text}"
    );
    assert!(text.contains("4. Qxf7# 1-0"), "{text}");

    let read = pgn::read_game(&text).expect("the export reads");
    let original = pgn::read_game(SCHOLARS_MATE).expect("the game reads");
    assert_eq!(read.game.moves(), original.game.moves());
    assert_eq!(read.tags.get("ECO"), Some("C20"));
    let nf6 = read.annotations.of_move(5).expect("Nf6 is annotated");
    assert_eq!(nf6.nags, [Nag::BLUNDER]);
    for (index, ply) in done["plies"].as_array().expect("plies").iter().enumerate() {
        let annotation = read.annotations.of_move(index);
        let eval = annotation
            .and_then(|a| a.comments.first())
            .and_then(pgn::Eval::from_comment);
        let expected = match (ply["eval"]["cp"].as_i64(), ply["eval"]["mate"].as_i64()) {
            (Some(cp), _) => Some(pgn::Eval::Centipawns(cp as i32)),
            (_, Some(0)) => None,
            (_, Some(mate)) => Some(pgn::Eval::Mate(mate as i32)),
            _ => panic!("an eval: {ply}"),
        };
        assert_eq!(eval, expected, "ply {}", index + 1);
    }
    assert_eq!(
        pgn::write_annotated(&read.tags, &read.game, &read.annotations),
        text,
        "writing what was read gives the same text"
    );
}

/// The rows of `game`'s analysed positions in the database at `db`, in order.
fn stored_rows(db: &Path, game: &str) -> Vec<Vec<String>> {
    let conn = rusqlite::Connection::open(db).expect("the database opens");
    let mut query = conn
        .prepare(
            "SELECT position, cp, mate, best, pv, depth, nodes FROM analysed_positions
             WHERE game_id = ?1 ORDER BY position",
        )
        .expect("a query");
    let rows = query
        .query_map([game], |row| {
            (0..7)
                .map(|column| {
                    row.get::<_, rusqlite::types::Value>(column)
                        .map(|value| format!("{value:?}"))
                })
                .collect()
        })
        .expect("rows");
    rows.collect::<Result<_, _>>().expect("readable rows")
}

#[tokio::test]
async fn an_analysis_stopped_by_a_restart_resumes_without_searching_again_what_was_stored() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let db = dir.path().join("games.db");
    let mut config = config_with(50_000);
    config.db = db.to_str().expect("UTF-8").to_owned();
    // Final answers only (a quick pass is shown, not stored), so every search is counted below.
    config.analysis_quick_nodes = 0;

    let first = Application::build(&config).await.expect("starts");
    let stopper = first.stopper();
    let app = TestApp::of(&first);
    let running = tokio::spawn(first.run_until_stopped());
    let game = imported(&app, OPERA_GAME_OPENING).await;
    assert_eq!(app.action(&game, "resign").await.status(), StatusCode::OK);
    let total = request_analysis(&app, &game).await["progress"]["total"]
        .as_u64()
        .expect("a total");
    assert_eq!(total, 21);
    for _ in 0..3_000 {
        if analysis(&app, &game.id).await["progress"]["done"].as_u64() >= Some(3) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    stopper.cancel();
    running
        .await
        .expect("the server task ends")
        .expect("stops cleanly");
    let before = stored_rows(&db, &game.id);
    let kept = before.len() as u64;
    assert!(
        (3..total).contains(&kept),
        "stopped midway: {kept} of {total}"
    );
    let stored: Vec<usize> = before
        .iter()
        .map(|row| {
            row[0]
                .trim_start_matches("Integer(")
                .trim_end_matches(')')
                .parse()
                .expect("a position")
        })
        .collect();
    let missing: Vec<usize> = (0..total as usize)
        .filter(|p| !stored.contains(p))
        .collect();
    let plan = alphachess_server::analysis::plan(
        &missing,
        alphachess_server::analysis::CHUNK_POSITIONS,
        total as usize,
        true,
    );
    let warm_ups = plan.iter().filter(|chunk| chunk.warm_up.is_some()).count() as u64;

    // The second server resumes the analysis as it starts, so its engines' search count (zero
    // at its start; nothing else searches there) is all resumed work.
    let second = spawn_with(config).await;
    let resumed = analysis(&second, &game.id).await;
    assert!(
        resumed["progress"]["done"].as_u64() >= Some(kept),
        "the stored positions are back: {resumed}"
    );
    let done = until_done(&second, &game.id).await;
    assert_eq!(
        done["progress"],
        json!({"done": total, "quick": total, "total": total})
    );
    assert_eq!(done["plies"].as_array().map(Vec::len), Some(20));
    // A Great move's second line comes from its position's own search (MultiPV 2, issue #43):
    // no search of the alternatives is added.
    assert_eq!(
        searches(&second),
        total - kept + warm_ups,
        "only the positions not stored were searched after the restart (and each chunk's \
         warm-up; no mate in this game, so no consistency check)"
    );
    // The last position's row is written behind the answer that reported it (analysis rows are
    // queued like every write), so the file may trail the API by a moment.
    let mut after = stored_rows(&db, &game.id);
    for _ in 0..500 {
        if after.len() as u64 == total {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
        after = stored_rows(&db, &game.id);
    }
    assert_eq!(after.len() as u64, total);
    for row in &before {
        assert!(after.contains(row), "the stored row {row:?} is unchanged");
    }
}

#[tokio::test]
async fn live_moves_are_answered_while_a_long_analysis_runs_on_the_only_engine() {
    // Millions of nodes per position: the analysis runs for minutes on this one engine (no quick
    // pass, whose short searches would leave the engine idle between them).
    let mut config = config_with(5_000_000);
    config.analysis_quick_nodes = 0;
    let app = spawn_with(config).await;
    let finished = imported(&app, SCHOLARS_MATE).await;
    request_analysis(&app, &finished).await;
    // Seen together once: the engine is searching and the analysis says it runs. (Reading the
    // engine's state again after the loop would race the short gap between two positions.)
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut seen_searching = false;
    while !seen_searching && Instant::now() < deadline {
        let engine_busy = app.lifecycle.engines().status()[0].searching;
        seen_searching = engine_busy && analysis(&app, &finished.id).await["status"] == "running";
        if !seen_searching {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    assert!(seen_searching, "the analysis searched on the only engine");

    let live = app.create(json!({ "color": "white" })).await;
    let mut view = live.view.clone();
    for move_number in 1..=3u64 {
        let text = view["legal_moves"][0]["uci"]
            .as_str()
            .expect("a legal move")
            .to_owned();
        view = app.play(&live, &text).await;
        assert_eq!(view["ply"], 2 * move_number, "the engine replied: {view}");
        let analysis = analysis(&app, &finished.id).await;
        assert_eq!(
            analysis["status"], "running",
            "the move was answered while the analysis still ran: {analysis}"
        );
    }
}

#[tokio::test]
async fn the_api_document_describes_the_analysis_endpoints_schemas_event_and_codes() {
    let app = spawn_analysing().await;
    let document = app.openapi().await;
    let path = &document["paths"]["/api/games/{id}/analysis"];
    assert!(path["post"]["responses"]["202"].is_object(), "{path}");
    assert!(path["post"]["responses"]["409"].is_object(), "{path}");
    assert!(path["get"]["responses"]["200"].is_object(), "{path}");
    let schemas = &document["components"]["schemas"];
    for name in [
        "Analysis",
        "AnalysedPly",
        "AnalysisEvent",
        "Eval",
        "Judgment",
        "Opening",
    ] {
        assert!(schemas[name].is_object(), "{name} is described");
    }
    assert!(schemas["GameView"]["properties"]["opening"].is_object());
    let codes = schemas["ErrorCode"]["enum"].as_array().expect("the codes");
    for code in ["game_not_finished", "analysis_not_found"] {
        assert!(codes.contains(&json!(code)), "{code}");
    }
    let stream = document["paths"]["/api/games/{id}/events"].to_string();
    assert!(stream.contains("event: analysis"), "{stream}");
}

#[tokio::test]
async fn a_second_review_of_the_same_moves_is_answered_from_the_cache_without_a_search() {
    let app = spawn_analysing().await;
    let first = imported(&app, SCHOLARS_MATE).await;
    request_analysis(&app, &first).await;
    let done = until_done(&app, &first.id).await;
    let searched = searches(&app);

    let second = imported(&app, SCHOLARS_MATE).await;
    request_analysis(&app, &second).await;
    let again = until_done(&app, &second.id).await;
    assert_eq!(
        searches(&app),
        searched,
        "no engine search for a game already judged"
    );
    assert_eq!(again["plies"], done["plies"], "the same judgments");
    assert_eq!(again["summary"], done["summary"]);
}

/// The mover's expected points in a position, from its eval from white's side, as `classes.rs`
/// documents them: `(1 + winning_chances(cp)) / 2`, a mate for the mover 1, against it 0;
/// `{"mate": 0}` is a checkmate on the board, lost for the side to move (`white_to_move`).
/// Written again here, by hand, to check the server's arithmetic.
fn expected_points(white_eval: &Value, white_to_move: bool, mover_is_white: bool) -> f64 {
    let white = match (white_eval["cp"].as_f64(), white_eval["mate"].as_i64()) {
        (Some(cp), None) => (1.0 + (2.0 / (1.0 + (-0.00368208 * cp).exp()) - 1.0)) / 2.0,
        (None, Some(0)) if white_to_move => 0.0,
        (None, Some(0)) => 1.0,
        (None, Some(mate)) if mate > 0 => 1.0,
        (None, Some(_)) => 0.0,
        _ => panic!("an eval: {white_eval}"),
    };
    if mover_is_white {
        white
    } else {
        1.0 - white
    }
}

#[tokio::test]
async fn each_move_is_classed_by_expected_points_lost_and_the_key_moments_and_phases_follow() {
    let app = spawn_analysing().await;
    let game = imported(&app, SCHOLARS_MATE).await;
    request_analysis(&app, &game).await;
    let done = until_done(&app, &game.id).await;
    let plies = done["plies"].as_array().expect("plies");
    let played = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
    // Each ply's eval is of the position after it, so ply n's loss is read from plies n-1 and n
    // (ply 1's needs the start's eval, which the API does not show).
    for pair in plies.windows(2) {
        let (before, ply) = (&pair[0], &pair[1]);
        let number = ply["ply"].as_u64().expect("a ply") as usize;
        let mover_is_white = number % 2 == 1;
        // Before ply n the mover is to move; after it, the other side.
        let lost = expected_points(&before["eval"], mover_is_white, mover_is_white)
            - expected_points(&ply["eval"], !mover_is_white, mover_is_white);
        let served = ply["points_lost"].as_f64().expect("points lost");
        assert!(
            (served - lost.max(0.0)).abs() < 0.0006,
            "ply {number}: {served} served, {lost} by hand"
        );
        let class = ply["class"].as_str().expect("a class");
        let expected = if ["book", "best", "great", "miss"].contains(&class) {
            class
        } else if served <= 0.02 {
            "excellent"
        } else if served <= 0.05 {
            "good"
        } else if served <= 0.10 {
            "inaccuracy"
        } else if served <= 0.20 {
            "mistake"
        } else {
            "blunder"
        };
        assert_eq!(class, expected, "ply {number}: {ply}");
        if class == "best" || class == "great" {
            assert_eq!(
                ply["best"]["san"],
                played[number - 1],
                "the engine's move: {ply}"
            );
        }
    }
    // 1. e4 e5 2. Qh5 are named openings from the start: book.
    for ply in &plies[..3] {
        assert_eq!(ply["class"], "book", "{ply}");
    }
    // 3... Nf6?? lets Qxf7# through: from an even game to mated, everything lost.
    assert_eq!(plies[5]["class"], "blunder", "{}", plies[5]);
    assert!(plies[5]["points_lost"].as_f64().expect("lost") > 0.4);
    // Qxf7# is the engine's move, and the only one that wins (great.rs checks the rule).
    assert_eq!(plies[6]["class"], "great", "{}", plies[6]);

    let black = done["key_moments"]["black"]
        .as_array()
        .expect("black's moments");
    let swing = black
        .iter()
        .find(|m| m["kind"] == "swing")
        .expect("black's blunder is a key moment");
    assert_eq!(swing["ply"], 6);
    assert_eq!(swing["class"], "blunder");
    let last_white_book = plies
        .iter()
        .filter(|p| p["class"] == "book" && p["ply"].as_u64().is_some_and(|n| n % 2 == 1))
        .filter_map(|p| p["ply"].as_u64())
        .next_back();
    let white = done["key_moments"]["white"]
        .as_array()
        .expect("white's moments");
    let last_book = white
        .iter()
        .find(|m| m["kind"] == "last_book")
        .expect("white's last book move");
    assert_eq!(last_book["ply"], json!(last_white_book));

    // Seven plies never leave the opening: its accuracy is the game's.
    let phases = &done["phases"];
    assert_eq!(
        phases["division"],
        json!({"middlegame": null, "endgame": null})
    );
    assert_eq!(phases["opening"], done["accuracy"]);
    assert_eq!(phases["endgame"], json!({"white": null, "black": null}));
}

/// Every position of a game, from its view's start FEN and moves, read by the rules crate.
pub fn positions_of(view: &Value) -> Vec<alphachess_engine::Position> {
    let start: alphachess_engine::Position = view["initial_fen"]
        .as_str()
        .expect("a start")
        .parse()
        .expect("a FEN");
    let moves = view["moves"].as_array().expect("moves");
    let uci = moves.iter().map(|m| m["uci"].as_str().expect("uci"));
    let mut game =
        alphachess_engine::Game::new(start).with_draw_rule(alphachess_engine::DrawRule::ByClaim);
    game.play_uci_moves(uci)
        .expect("the game's moves are legal");
    game.positions().to_vec()
}

/// Plays SAN `line` from `position`; the positions along it.
fn replay_san(
    position: &alphachess_engine::Position,
    line: &[Value],
) -> Vec<alphachess_engine::Position> {
    let mut at = position.clone();
    let mut seen = vec![at.clone()];
    for san in line {
        let san = san.as_str().expect("SAN text");
        let m = at
            .legal_moves()
            .into_iter()
            .find(|&m| alphachess_engine::SanPlus::from_move(&at, m).to_string() == san)
            .unwrap_or_else(|| panic!("{san} is legal where the line plays it"));
        at.play(m).expect("legal");
        seen.push(at.clone());
    }
    seen
}

/// A forced mate in at most `n` moves for the side to move, by brute force: written here apart
/// from the server's own proof, to check it.
fn forced_mate(position: &alphachess_engine::Position, n: u32) -> bool {
    n > 0
        && position.legal_moves().into_iter().any(|m| {
            let mut after = position.clone();
            after.play(m).expect("legal");
            after.is_checkmate()
                || (n > 1
                    && !after.legal_moves().is_empty()
                    && after.legal_moves().into_iter().all(|reply| {
                        let mut next = after.clone();
                        next.play(reply).expect("legal");
                        forced_mate(&next, n - 1)
                    }))
        })
}

/// Material in points (1, 3, 3, 5, 9) of `color`, counted from the FEN's board field.
fn points(position: &alphachess_engine::Position, white: bool) -> i32 {
    let fen = position.to_fen();
    let board = fen.split(' ').next().expect("a board");
    board
        .chars()
        .filter(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == white)
        .map(|c| match c.to_ascii_lowercase() {
            'p' => 1,
            'n' | 'b' => 3,
            'r' => 5,
            'q' => 9,
            _ => 0,
        })
        .sum()
}

/// Checks one explanation's claim on its own line, independently of the server's rules.
fn check_claim(positions: &[alphachess_engine::Position], explanation: &Value) {
    let from = explanation["from_ply"].as_u64().expect("from_ply") as usize;
    let start = positions[from].clone();
    let line = explanation["line"].as_array().expect("a line");
    let along = replay_san(&start, line);
    let sentence = explanation["sentence"].as_str().expect("a sentence");
    let side_white = start.turn() == alphachess_engine::Color::White;
    match explanation["kind"].as_str().expect("a kind") {
        "allows_mate" | "misses_mate" => {
            let n: u32 = sentence
                .split("mate in ")
                .nth(1)
                .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
                .and_then(|n| n.parse().ok())
                .expect("the sentence names N");
            assert_eq!(line.len(), 2 * n as usize - 1, "{explanation}");
            assert!(
                along.last().expect("an end").is_checkmate(),
                "{explanation}"
            );
            // Issue #38: a longer mate is named as Stockfish's line, which the replay above
            // checked to the checkmate; a mate without that word is proven forced.
            if !sentence.contains("(Stockfish's line)") {
                assert!(
                    forced_mate(&start, n),
                    "mate in {n} is forced: {explanation}"
                );
                assert!(
                    n == 1 || !forced_mate(&start, n - 1),
                    "no shorter mate: {explanation}"
                );
            }
        }
        "hangs_piece" => {
            // The line starts with the opponent's capture; the mover is the other side.
            let mover_white = !side_white;
            let lost = (points(&start, mover_white) - points(&start, !mover_white))
                - (points(along.last().expect("an end"), mover_white)
                    - points(along.last().expect("an end"), !mover_white));
            assert!(lost >= 2, "the piece stays lost ({lost}): {explanation}");
            let first = line[0].as_str().expect("SAN");
            assert!(first.contains('x'), "the line takes it: {explanation}");
        }
        "allows_fork" => {
            // After the line's first move its piece attacks the named targets, and the mover
            // (the side not to move at the line's start) ends at least 2 points down.
            let mover_white = !side_white;
            let end = along.last().expect("an end");
            let lost = (points(&start, mover_white) - points(&start, !mover_white))
                - (points(end, mover_white) - points(end, !mover_white));
            assert!(lost >= 2, "the fork wins material ({lost}): {explanation}");
            let forked = &along[1];
            let mover = if mover_white {
                alphachess_engine::Color::White
            } else {
                alphachess_engine::Color::Black
            };
            let named: Vec<alphachess_engine::Square> = sentence
                .split(" on ")
                .skip(1)
                .filter_map(|rest| rest.get(..2)?.parse().ok())
                .chain(sentence.contains("the king").then(|| forked.king_of(mover)))
                .collect();
            assert!(named.len() >= 2, "two targets named: {explanation}");
            let attacker_square = forked.by_color(!mover).into_iter().find(|&square| {
                named.iter().all(|&target| {
                    forked
                        .attackers_to(target, !mover, forked.occupied())
                        .contains(square)
                })
            });
            assert!(
                attacker_square.is_some(),
                "one piece attacks both: {explanation}"
            );
        }
        "allows_pin" | "allows_skewer" => {
            // The line's first move puts a piece on a line with the two named pieces, the first
            // attacked, and the mover ends at least 2 points down.
            let mover_white = !side_white;
            let end = along.last().expect("an end");
            let lost = (points(&start, mover_white) - points(&start, !mover_white))
                - (points(end, mover_white) - points(end, !mover_white));
            assert!(lost >= 2, "the line wins material ({lost}): {explanation}");
            let after = &along[1];
            let mover = if mover_white {
                alphachess_engine::Color::White
            } else {
                alphachess_engine::Color::Black
            };
            let mut named: Vec<alphachess_engine::Square> = sentence
                .split(" on ")
                .skip(1)
                .filter_map(|rest| rest.get(..2)?.parse().ok())
                .collect();
            if sentence.contains("the king") {
                let king = after.king_of(mover);
                // "pins X to the king" names the king last; "attacks the king and X" first.
                if explanation["kind"] == "allows_pin" {
                    named.push(king);
                } else {
                    named.insert(0, king);
                }
            }
            assert_eq!(named.len(), 2, "two pieces named: {explanation}");
            let attacker = after
                .attackers_to(named[0], !mover, after.occupied())
                .into_iter()
                .find(|&from| alphachess_engine::attacks::aligned(from, named[0], named[1]));
            assert!(
                attacker.is_some(),
                "one piece attacks the first along the line: {explanation}"
            );
        }
        "allows_promotion" => {
            let mover_white = !side_white;
            let end = along.last().expect("an end");
            let lost = (points(&start, mover_white) - points(&start, !mover_white))
                - (points(end, mover_white) - points(end, !mover_white));
            assert!(
                lost >= 3,
                "the promotion wins material ({lost}): {explanation}"
            );
            assert!(
                line.iter()
                    .step_by(2)
                    .take(2)
                    .any(|m| m.as_str().is_some_and(|m| m.contains('='))),
                "the opponent promotes: {explanation}"
            );
        }
        "misses_material" => {
            let won: i32 = sentence
                .split("wins ")
                .nth(1)
                .and_then(|rest| rest.split(' ').next())
                .and_then(|n| n.parse().ok())
                .expect("the sentence names the points");
            let end = along.last().expect("an end");
            let gained = (points(end, side_white) - points(end, !side_white))
                - (points(&start, side_white) - points(&start, !side_white));
            assert_eq!(gained, won, "{explanation}");
            assert!(won >= 2, "{explanation}");
        }
        "loses_material" => {
            // Issue #38's plain statement: from before the move (a trade is no loss), the
            // mover ends at least a point down along the line.
            let before = &positions[from - 1];
            let mover_white = !side_white;
            let end = along.last().expect("an end");
            let lost = (points(before, mover_white) - points(before, !mover_white))
                - (points(end, mover_white) - points(end, !mover_white));
            assert!(lost >= 1, "the line wins material ({lost}): {explanation}");
        }
        "better_move" => {
            // A statement of the lines only: the replay above checked every move is legal.
            assert!(
                sentence.contains("was better") || sentence.starts_with("Stockfish's line"),
                "{explanation}"
            );
        }
        other => panic!("an unknown kind {other}: {explanation}"),
    }
}

/// A game to analyse (PGN), the player's colour, and the kind of sentence expected at a ply.
type Fixture = (&'static str, &'static str, Option<(usize, &'static str)>);

#[tokio::test]
async fn every_explanation_s_claim_holds_on_its_own_line() {
    let app = spawn_analysing().await;
    let fixtures: [Fixture; 6] = [
        (SCHOLARS_MATE, "white", Some((6, "allows_mate"))),
        // 3. Qxe5+?? puts the queen where the knight takes it.
        (
            "1. e4 e5 2. Qh5 Nc6 3. Qxe5+ Nxe5 *",
            "white",
            Some((5, "hangs_piece")),
        ),
        // Blackburne's shilling trap: 4... Qg5 5. Nxf7?? Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3#.
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1",
            "white",
            None,
        ),
        // 1... h6?? lets Nc7+ fork the king and the rook.
        (
            "[FEN \"r3k3/7p/8/3N4/8/8/8/6K1 b - - 0 1\"]\n\n1... h6 2. Nc7+ Kd7 3. Nxa8 *",
            "black",
            Some((1, "allows_fork")),
        ),
        // 1... h6?? lets Re1+ skewer the king and the queen behind it.
        (
            "[FEN \"4q3/7p/8/4k3/8/8/8/R5K1 b - - 0 1\"]\n\n1... h6 2. Re1+ Kd6 3. Rxe8 *",
            "black",
            Some((1, "allows_skewer")),
        ),
        // 1... Ra2?? leaves the eighth rank to b8=Q+.
        (
            "[FEN \"r6k/1P6/8/8/8/8/8/6K1 b - - 0 1\"]\n\n1... Ra2 2. b8=Q+ Kh7 *",
            "black",
            Some((1, "allows_promotion")),
        ),
    ];
    let mut claims = 0;
    for (pgn, color, expected) in fixtures {
        let game = app.create(json!({ "color": color, "pgn": pgn })).await;
        // Two moves each before resigning (a shorter game is aborted, with no review): the
        // fixture's own plies come first and keep their claims.
        if game.view["status"] != "finished" && app.play_opening(&game).await["status"] == "ongoing"
        {
            let resigned = app.action(&game, "resign").await;
            assert!(resigned.status().is_success());
        }
        request_analysis(&app, &game).await;
        let done = until_done(&app, &game.id).await;
        let positions = positions_of(&app.view(&game).await);
        let plies = done["plies"].as_array().expect("plies");
        for ply in plies {
            let explanation = &ply["explanation"];
            if explanation.is_null() {
                continue;
            }
            assert!(
                ["inaccuracy", "mistake", "blunder", "miss"]
                    .contains(&ply["class"].as_str().unwrap_or("")),
                "only bad moves are explained: {ply}"
            );
            check_claim(&positions, explanation);
            claims += 1;
        }
        if let Some((ply, kind)) = expected {
            assert_eq!(
                plies[ply - 1]["explanation"]["kind"],
                kind,
                "{}",
                plies[ply - 1]
            );
        }
    }
    assert_eq!(
        plies_sentence(&app, SCHOLARS_MATE).await,
        "Allows mate in 1: Qxf7#."
    );
    assert!(claims >= 4, "the fixtures produce sentences to check");
}

/// The sentence at ply 6 of a fresh analysis of `pgn` played as white.
async fn plies_sentence(app: &TestApp, pgn: &str) -> String {
    let game = imported(app, pgn).await;
    request_analysis(app, &game).await;
    let done = until_done(app, &game.id).await;
    done["plies"][5]["explanation"]["sentence"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}
