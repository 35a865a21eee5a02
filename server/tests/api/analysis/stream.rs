//! The review on the game's live stream (SSE and NDJSON): every ply provisional, then final,
//! then the done event.

use super::*;
use crate::ndjson::LineWatcher;
use crate::sse::{EventStream, Watcher};

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
