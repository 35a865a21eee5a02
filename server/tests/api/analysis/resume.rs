//! A review stopped by a restart resumes from what the store kept.

use std::path::Path;

use alphachess_server::Application;

use super::*;

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
