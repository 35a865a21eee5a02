//! The analysis lane of the engine pool, against ONE real Stockfish: analysis searches run behind
//! live play, a live search never waits for one, and a preempted analysis still gets its answer.

use std::sync::Arc;

use alphachess_engine::Game;
use alphachess_server::uci::{AnalysisRequest, EnginePool, PositionAnalysis, Score, SearchRequest};
use tokio::sync::mpsc;

use crate::helpers::{game_after, one_engine, wait_until};

/// A budget that keeps Stockfish busy for about two seconds here: far longer than a live
/// search at depth 8, so a live search that waited for it would finish after it.
const LONG_ANALYSIS_NODES: u64 = 2_000_000;
const SHORT_ANALYSIS_NODES: u64 = 100_000;

fn uci(analysis: &PositionAnalysis) -> String {
    analysis.best.to_uci().to_string()
}

/// 1. e4 e5 2. Nf3 Qg5?? — white takes the queen.
fn white_wins_the_queen() -> Game {
    game_after(&["e2e4", "e7e5", "g1f3", "d8g5"])
}

/// 1. d4 e5 2. Bg5?? — black takes the bishop.
fn black_wins_a_bishop() -> Game {
    game_after(&["d2d4", "e7e5", "c1g5"])
}

/// 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? — Qxf7 is mate.
fn white_mates_in_one() -> Game {
    game_after(&["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6"])
}

fn analysis(key: &str, game: &Game, nodes: u64) -> AnalysisRequest {
    AnalysisRequest::new(key.into(), game, nodes).expect("the position has legal moves")
}

#[tokio::test]
async fn an_analysis_reports_the_best_move_the_score_from_white_s_side_and_a_legal_line() {
    let pool = one_engine(8).await;
    let queen = pool
        .analyse(analysis("a", &white_wins_the_queen(), SHORT_ANALYSIS_NODES))
        .await
        .expect("analysed");
    assert_eq!(uci(&queen), "f3g5");
    assert!(
        matches!(queen.score, Score::Cp(cp) if cp > 500),
        "{queen:?}"
    );
    assert_eq!(queen.pv.first(), Some(&queen.best));

    let bishop = pool
        .analyse(analysis("b", &black_wins_a_bishop(), SHORT_ANALYSIS_NODES))
        .await
        .expect("analysed");
    assert_eq!(uci(&bishop), "d8g5");
    assert!(
        matches!(bishop.score, Score::Cp(cp) if cp < -150),
        "black is better, so white's score is negative: {bishop:?}"
    );

    let mate = pool
        .analyse(analysis("c", &white_mates_in_one(), SHORT_ANALYSIS_NODES))
        .await
        .expect("analysed");
    assert_eq!(uci(&mate), "h5f7");
    assert_eq!(mate.score, Score::Mate(1));
    assert_eq!(pool.status()[0].searches, 3);
}

#[tokio::test]
async fn a_live_search_does_not_wait_for_the_analysis_searches_queued_before_it() {
    let pool = one_engine(8).await;
    let (done, mut finished) = mpsc::unbounded_channel();
    // Three analysis jobs: a long one, then two short ones, queued in that order.
    let jobs = [
        ("long", white_wins_the_queen(), LONG_ANALYSIS_NODES),
        ("short 1", black_wins_a_bishop(), SHORT_ANALYSIS_NODES),
        ("short 2", white_mates_in_one(), SHORT_ANALYSIS_NODES),
    ];
    for (queued, (name, game, nodes)) in jobs.into_iter().enumerate() {
        let task_pool = pool.clone();
        let done = done.clone();
        tokio::spawn(async move {
            let result = task_pool.analyse(analysis("review", &game, nodes)).await;
            let _ = done.send((name, result));
        });
        // One after the other, so the lane holds them in this order.
        wait_until(|| analyses_in_flight(&pool) == queued + 1).await;
    }
    // The long analysis is on the engine now; the short ones wait.
    assert!(pool.status()[0].searching);
    assert_eq!(pool.queued(), (0, 2));

    let live = SearchRequest::new(Arc::from("live game"), &game_after(&["e2e4"]), 8, 20);
    let reply = pool
        .search(live)
        .await
        .expect("the live search is answered");
    assert!(
        game_after(&["e2e4"]).position().is_legal(reply),
        "a legal reply"
    );
    assert!(
        finished.try_recv().is_err(),
        "the live search was answered before any analysis search ended"
    );
    assert_eq!(
        pool.queued().1,
        2,
        "the preempted analysis is running again and the two short ones still wait"
    );

    // Every analysis job still gets its (correct) answer, in the order they were queued.
    let mut order = Vec::new();
    for _ in 0..3 {
        let (name, result) = finished.recv().await.expect("every job answers");
        let analysis = result.expect("analysed");
        let expected = match name {
            "long" => "f3g5",
            "short 1" => "d8g5",
            _ => "h5f7",
        };
        assert_eq!(uci(&analysis), expected, "{name}");
        order.push(name);
    }
    assert_eq!(order, ["long", "short 1", "short 2"]);
    assert_eq!(
        pool.status()[0].searches,
        4,
        "one live search and three analyses answered; the preempted run counts for nothing"
    );
}

#[tokio::test]
async fn a_full_analysis_lane_answers_busy_and_live_play_is_unaffected() {
    let pool = one_engine(1).await;
    let running = {
        let pool = pool.clone();
        tokio::spawn(async move {
            pool.analyse(analysis("r", &white_wins_the_queen(), LONG_ANALYSIS_NODES))
                .await
        })
    };
    wait_until(|| pool.status()[0].searching).await;
    let waiting = {
        let pool = pool.clone();
        tokio::spawn(async move {
            pool.analyse(analysis("r", &black_wins_a_bishop(), SHORT_ANALYSIS_NODES))
                .await
        })
    };
    wait_until(|| pool.queued().1 == 1).await;
    let refused = pool
        .analyse(analysis("r", &white_mates_in_one(), SHORT_ANALYSIS_NODES))
        .await;
    assert!(
        matches!(refused, Err(alphachess_server::uci::EngineError::Busy)),
        "{refused:?}"
    );
    let live = SearchRequest::new(Arc::from("live"), &game_after(&["e2e4"]), 6, 20);
    pool.search(live)
        .await
        .expect("the live lane has its own room");
    running.abort();
    waiting.abort();
}

/// Analysis jobs queued or on the (only) engine.
fn analyses_in_flight(pool: &EnginePool) -> usize {
    pool.queued().1 + usize::from(pool.status()[0].searching)
}
