//! Live play goes first: a long review on the only engine never holds a move up.

use std::time::Instant;

use super::*;

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
