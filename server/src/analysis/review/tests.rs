//! The review, case by case: what is searched, what a ply needs, the passes.

use super::*;
use crate::analysis::judgment::Judgment;
use crate::analysis::report::SideSummary;
use crate::uci::Score;
use alphachess_engine::{Move, Position, UciMove, WinReason};
use alphachess_testkit::game_after;

/// An engine answer for `position`: `line` in UCI, the first move being the best.
fn answer(position: &Position, score: Score, line: &[&str]) -> PositionAnalysis {
    let mut board = position.clone();
    let pv: Vec<Move> = line
        .iter()
        .map(|text| {
            let uci: UciMove = text.parse().expect("test move is UCI");
            let m = uci.to_move(&board).expect("test line is legal");
            board.play(m).expect("legal");
            m
        })
        .collect();
    PositionAnalysis {
        score,
        best: pv[0],
        pv,
        depth: 20,
        nodes: 1_000_000,
        second: None,
    }
}

impl Review {
    /// Sets the final answer of the first position without one (the old, sequential order).
    fn push_final(&mut self, analysis: PositionAnalysis) -> Result<Vec<AnalysedPly>, ReviewError> {
        let next = self
            .missing(Pass::Final)
            .first()
            .copied()
            .unwrap_or(self.answers.len());
        self.set(next, analysis, Pass::Final)
    }
}

#[test]
fn a_checkmate_needs_no_search_and_its_ply_comes_with_the_one_before() {
    // 1. f3 e5 2. g4 Qh4#
    let game = game_after(&["f2f3", "e7e5", "g2g4", "d8h4"]);
    let positions = game.positions().to_vec();
    let mut review = Review::new(game);
    assert_eq!(
        review.progress(),
        AnalysisProgress {
            done: 0,
            quick: 0,
            total: 4
        }
    );

    let start = answer(&positions[0], Score::Cp(20), &["e2e4", "e7e5"]);
    assert_eq!(review.push_final(start), Ok(vec![]), "the start is no ply");
    let plies = review
        .push_final(answer(&positions[1], Score::Cp(-10), &["e7e5"]))
        .expect("fits");
    assert_eq!(plies.len(), 1);
    assert_eq!(plies[0].ply, 1);
    assert_eq!(plies[0].eval, Eval::Cp(-10));
    assert_eq!(plies[0].best.as_ref().map(|b| b.san.as_str()), Some("e4"));
    assert_eq!(plies[0].pv_san, ["e4", "e5"]);
    // wc(20) - wc(-10) = 0.0368 + 0.0184 = 0.055: nothing.
    assert_eq!(plies[0].judgment, None);

    let plies = review
        .push_final(answer(&positions[2], Score::Cp(-60), &["b1c3", "b8c6"]))
        .expect("fits");
    assert_eq!(plies[0].ply, 2);
    assert_eq!(plies[0].judgment, None, "black gained");

    // Black mates in one: white's score is "mate -1". That completes plies 3 and 4.
    let plies = review
        .push_final(answer(&positions[3], Score::Mate(-1), &["d8h4"]))
        .expect("fits");
    assert_eq!(
        plies.iter().map(|p| p.ply).collect::<Vec<_>>(),
        [3, 4],
        "the mate needs no search"
    );
    assert_eq!(plies[0].eval, Eval::Mate(-1));
    assert_eq!(plies[0].best.as_ref().map(|b| b.san.as_str()), Some("Nc3"));
    // MateCreated from -60 cp (not below -700): a blunder.
    assert_eq!(plies[0].judgment, Some(Judgment::Blunder));
    assert_eq!(plies[1].eval, Eval::CHECKMATE);
    assert_eq!(plies[1].best.as_ref().map(|b| b.san.as_str()), Some("Qh4#"));
    assert_eq!(plies[1].judgment, None, "mating is never a mistake");

    assert!(review.is_complete());
    assert_eq!(
        review.set(
            4,
            answer(&positions[3], Score::Mate(-1), &["d8h4"]),
            Pass::Final
        ),
        Err(ReviewError::OutOfRange(4)),
        "the checkmate is never searched"
    );
    let analysis = review.to_analysis(AnalysisStatus::Done);
    assert_eq!(analysis.plies.len(), 4);
    assert_eq!(
        analysis.progress,
        AnalysisProgress {
            done: 4,
            quick: 4,
            total: 4
        }
    );
    let summary = analysis.summary.expect("complete");
    // White's cp: 20, -10, -60, -1000 (mate), -1000 (checkmated, white to move).
    // White: 20 → -10 loses 30, -60 → -1000 loses 940: (30 + 940) / 2 = 485.
    // Black: -10 → -60 and -1000 → -1000 lose nothing.
    assert_eq!(
        summary.white,
        SideSummary {
            inaccuracies: 0,
            mistakes: 0,
            blunders: 1,
            acpl: 485
        }
    );
    assert_eq!(summary.black, SideSummary::default());
    let accuracy = analysis.accuracy.expect("complete");
    assert_eq!(accuracy.black, Some(100.0));
    assert!(accuracy.white.expect("white moved") < 50.0);
}

#[test]
fn a_resigned_game_s_final_position_is_searched() {
    let mut game = game_after(&["e2e4", "e7e5"]);
    game.resign(Color::White);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Resignation
        })
    );
    assert_eq!(final_eval(&game), None);
    assert_eq!(positions_to_search(&game), 3);
    let positions = game.positions().to_vec();
    let mut review = Review::new(game);
    for (position, line) in positions.iter().zip([["e2e4"], ["e7e5"], ["g1f3"]]) {
        review
            .push_final(answer(position, Score::Cp(30), &line))
            .expect("fits");
    }
    assert!(review.is_complete());
    assert_eq!(review.plies().len(), 2);
    assert!(review.summary().is_some());
}

#[test]
fn a_stalemate_or_a_draw_by_rule_is_a_draw_without_search() {
    let stalemate =
        Game::new(Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").expect("a valid FEN"));
    assert_eq!(final_eval(&stalemate), Some(Eval::DRAW));
    assert_eq!(positions_to_search(&stalemate), 0);
    // Threefold repetition (the game ends there under the automatic rule).
    let repeated = game_after(&[
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ]);
    assert!(repeated.outcome().is_some());
    assert_eq!(final_eval(&repeated), Some(Eval::DRAW));
    let mut agreed = game_after(&["e2e4"]);
    agreed.agree_draw();
    assert_eq!(final_eval(&agreed), None, "an agreed draw is searched");
}

#[test]
fn an_analysis_of_another_position_is_refused() {
    let game = game_after(&["e2e4"]);
    let mut review = Review::new(game.clone());
    // e7e5 is black's move: illegal in the start position.
    let wrong = answer(&game.positions()[1], Score::Cp(0), &["e7e5"]);
    assert_eq!(review.push_final(wrong), Err(ReviewError::WrongPosition(0)));
}

#[test]
fn answers_in_any_order_make_plies_once_both_ends_are_known() {
    let game = game_after(&["e2e4", "e7e5", "g1f3"]);
    let positions = game.positions().to_vec();
    let mut review = Review::new(game);
    // Backward, as a chunk is searched: position 3, then 2.
    let last = answer(&positions[3], Score::Cp(30), &["b8c6"]);
    assert_eq!(review.set(3, last, Pass::Final), Ok(vec![]));
    let plies = review
        .set(
            2,
            answer(&positions[2], Score::Cp(35), &["g1f3"]),
            Pass::Final,
        )
        .expect("fits");
    assert_eq!(plies.iter().map(|p| p.ply).collect::<Vec<_>>(), [3]);
    assert_eq!(
        review.plies().len(),
        1,
        "plies 1 and 2 wait for positions 0 and 1"
    );
    assert_eq!(review.missing(Pass::Final), [0, 1]);
    assert!(review.summary().is_none() && review.accuracy().is_none());
}

#[test]
fn a_quick_answer_is_provisional_and_never_replaces_a_final_one() {
    let game = game_after(&["e2e4", "e7e5"]);
    let positions = game.positions().to_vec();
    let mut review = Review::new(game);
    for (index, position) in positions.iter().enumerate() {
        let line = [["e2e4"], ["e7e5"], ["g1f3"]][index];
        review
            .set(index, answer(position, Score::Cp(10), &line), Pass::Quick)
            .expect("fits");
    }
    assert_eq!(
        review.progress(),
        AnalysisProgress {
            done: 0,
            quick: 3,
            total: 3
        }
    );
    assert!(review.plies().iter().all(|p| p.provisional));
    assert!(review.final_plies().is_empty());
    assert!(review.summary().is_none(), "no summary from quick answers");
    assert_eq!(review.missing(Pass::Quick), Vec::<usize>::new());

    let plies = review
        .set(
            1,
            answer(&positions[1], Score::Cp(25), &["e7e5"]),
            Pass::Final,
        )
        .expect("fits");
    // Ply 1 is final only at its end; ply 2 only at its start: both stay provisional.
    assert!(plies.iter().all(|p| p.provisional));
    review
        .set(
            0,
            answer(&positions[0], Score::Cp(20), &["e2e4"]),
            Pass::Final,
        )
        .expect("fits");
    let first = &review.plies()[0];
    assert!(!first.provisional);
    assert_eq!((first.depth, first.nodes), (Some(20), Some(1_000_000)));
    // A late quick answer does not undo the final one.
    let late = answer(&positions[0], Score::Cp(-300), &["d2d4"]);
    assert_eq!(review.set(0, late, Pass::Quick), Ok(vec![]));
    assert_eq!(
        review.plies()[0].best.as_ref().map(|b| b.san.as_str()),
        Some("e4")
    );
    review
        .set(
            2,
            answer(&positions[2], Score::Cp(20), &["g1f3"]),
            Pass::Final,
        )
        .expect("fits");
    assert!(review.is_complete());
    assert_eq!(review.final_plies().len(), 2);
    assert!(review.summary().is_some());
}
