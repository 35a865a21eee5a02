//! A whole game analysed on the analysis lane by the real Stockfish, through the runner (in
//! chunks) and the review: judgments, the checkmate that needs no search, resuming and
//! cancelling.

use std::sync::Arc;
use std::time::Duration;

use alphachess_engine::Game;
use alphachess_server::analysis::{
    plan, positions_to_search, run_pass, AnalysedPosition, AnalysisStatus, Eval, Judgment, Pass,
    PassPlan, PassSettings, Review,
};
use alphachess_server::uci::{EnginePool, SearchRequest};
use tokio::sync::mpsc;

use crate::helpers::{game_after, one_engine};

const NODES: u64 = 50_000;

/// 1. f3 e5 2. g4?? Qh4#
fn fools_mate() -> Game {
    game_after(&["f2f3", "e7e5", "g2g4", "d8h4"])
}

/// The final pass over `game`'s positions from `start`, in chunks of two, on the pool.
async fn analyse_with(
    pool: &EnginePool,
    game: &Game,
    start: usize,
    nodes: u64,
    mut report: impl FnMut(AnalysedPosition),
) {
    let total = positions_to_search(game);
    let missing: Vec<usize> = (start..total).collect();
    let pass = PassPlan {
        chunks: plan(&missing, 2, total, true),
        settings: PassSettings {
            pass: Pass::Final,
            nodes,
            warm_up_nodes: (nodes / 50).max(1),
            alternatives: None,
        },
        walkers: 2,
    };
    run_pass(
        pool,
        Arc::from("review"),
        game,
        pass,
        || std::future::ready(()),
        |answered| {
            report(answered.position);
            true
        },
    )
    .await
    .expect("the game is analysed");
}

async fn analyse(pool: &EnginePool, game: &Game, start: usize) -> Vec<AnalysedPosition> {
    let mut reported = Vec::new();
    analyse_with(pool, game, start, NODES, |position| reported.push(position)).await;
    reported.sort_by_key(|position| position.index);
    reported
}

#[tokio::test]
async fn a_finished_game_is_analysed_position_by_position_and_judged() {
    let pool = one_engine(4).await;
    let game = fools_mate();
    let reported = analyse(&pool, &game, 0).await;
    assert_eq!(
        reported.iter().map(|p| p.index).collect::<Vec<_>>(),
        [0, 1, 2, 3],
        "every position but the checkmate, once"
    );
    let mut review = Review::new(game);
    for position in reported {
        review
            .set(position.index, position.analysis, Pass::Final)
            .expect("fits the game");
    }
    let analysis = review.to_analysis(AnalysisStatus::Done);
    assert_eq!(analysis.plies.len(), 4);
    let g4 = &analysis.plies[2];
    assert_eq!(g4.eval, Eval::Mate(-1), "after 2. g4 black mates in one");
    assert_eq!(g4.judgment, Some(Judgment::Blunder));
    let mate = &analysis.plies[3];
    assert_eq!(mate.eval, Eval::Mate(0));
    assert_eq!(
        mate.best.as_ref().map(|b| b.san.as_str()),
        Some("Qh4#"),
        "Stockfish finds the mate it was shown"
    );
    assert_eq!(mate.pv_san, ["Qh4#"]);
    let summary = analysis.summary.expect("done");
    assert!(summary.white.blunders >= 1);
    assert_eq!(summary.black.blunders, 0);
    let accuracy = analysis.accuracy.expect("done");
    assert!(accuracy.black.expect("black moved") > accuracy.white.expect("white moved"));
}

#[tokio::test]
async fn an_analysis_resumes_from_the_first_position_not_reported() {
    let pool = one_engine(4).await;
    let reported = analyse(&pool, &fools_mate(), 2).await;
    assert_eq!(reported.iter().map(|p| p.index).collect::<Vec<_>>(), [2, 3]);
    let resigned = {
        let mut game = game_after(&["e2e4", "e7e5"]);
        game.resign(alphachess_engine::Color::White);
        game
    };
    let reported = analyse(&pool, &resigned, 0).await;
    assert_eq!(
        reported.iter().map(|p| p.index).collect::<Vec<_>>(),
        [0, 1, 2],
        "a resigned game's final position is searched too"
    );
}

#[tokio::test]
async fn dropping_an_analysis_stops_its_search_and_frees_the_engine() {
    let pool = one_engine(4).await;
    let game = game_after(&["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]);
    let (sender, mut reports) = mpsc::unbounded_channel();
    let running = {
        let pool = pool.clone();
        tokio::spawn(async move {
            analyse_with(&pool, &game, 0, 50_000_000, |p| {
                let _ = sender.send(p.index);
            })
            .await
        })
    };
    // The first search is long; cancel the analysis while it runs.
    for _ in 0..2_000 {
        if pool.status()[0].searching {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(pool.status()[0].searching);
    running.abort();
    assert!(running.await.expect_err("aborted").is_cancelled());
    assert!(reports.try_recv().is_err(), "nothing was reported");
    let live = SearchRequest::new(Arc::from("live"), &game_after(&["e2e4"]), 6, 20);
    pool.search(live).await.expect("the engine is free again");
    assert_eq!(pool.queued(), (0, 0));
    assert_eq!(
        pool.status()[0].searches,
        1,
        "only the live search was answered: the analysis was stopped, not finished"
    );
}
