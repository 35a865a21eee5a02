//! Post-game analysis over HTTP (issue #12), against the real Stockfish at a low node count:
//! the endpoints and their refusals, the analysis that starts by itself when a game ends, the
//! live stream, the annotated PGN, resuming after a restart, and live play going first. Each
//! move's class and each explanation's claim are checked in `analysis_classes.rs`.

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

pub async fn spawn_analysing() -> TestApp {
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
