//! The consistency pass (issue #24): where a mate score appears or vanishes between two
//! positions searched by different chunks, the two are searched again in turn on one engine,
//! the side with the mate first, so the other inherits what it found in the engine's hash.
//!
//! Without it a fresh engine at the start of one chunk can miss a mate the engine of the next
//! chunk found, and the move between is judged "lost a forced mate" though the same mate goes
//! on after it (lichess's lila#15202, #10396, #18262, #15616). A mate that only gets longer is
//! never judged a loss (it costs no expected points, `judgment.rs`), so prolonging a won mate is
//! never a blunder.

use super::chunks::Chunk;
use super::review::Review;
use crate::uci::Score;

/// The re-searches to run: one chunk of two positions per boundary where one side has a mate
/// score and the other not. `chunk_of[i]` says which chunk of this run answered position `i`
/// (`None`: an earlier run, which counts as another chunk).
pub fn consistency_checks(review: &Review, chunk_of: &[Option<usize>]) -> Vec<Chunk> {
    let is_mate = |index: usize| {
        review
            .final_answer(index)
            .map(|answer| matches!(answer.score, Score::Mate(_)))
    };
    (0..chunk_of.len().saturating_sub(1))
        .filter(|&i| chunk_of[i].is_none() || chunk_of[i] != chunk_of[i + 1])
        .filter_map(|i| {
            let (before, after) = (is_mate(i)?, is_mate(i + 1)?);
            (before != after).then(|| Chunk {
                searches: if before {
                    vec![i, i + 1]
                } else {
                    vec![i + 1, i]
                },
                warm_up: None,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Pass;
    use crate::uci::PositionAnalysis;
    use alphachess_engine::{Game, Position};

    fn answer(review: &Review, index: usize, score: Score) -> PositionAnalysis {
        let position = &review.game().positions()[index];
        let best = position.legal_moves()[0];
        PositionAnalysis {
            score,
            best,
            pv: vec![best],
            depth: 20,
            nodes: 1_000_000,
            second: None,
        }
    }

    #[test]
    fn only_a_mate_that_appears_or_vanishes_across_a_boundary_is_searched_again() {
        // 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6
        let moves = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"];
        let game = Game::from_uci_moves(Position::startpos(), moves).expect("legal moves");
        let mut review = Review::new(game);
        let scores = [
            Score::Cp(20),
            Score::Mate(5), // appears at 1, across the boundary 0|1
            Score::Mate(4),
            Score::Cp(900), // vanishes at 3, inside chunk 1: not a boundary
            Score::Mate(3),
            Score::Cp(800), // vanishes at 5, across the boundary 4|5
            Score::Cp(700),
        ];
        for (index, score) in scores.into_iter().enumerate() {
            let analysis = answer(&review, index, score);
            review.set(index, analysis, Pass::Final).expect("fits");
        }
        let chunk_of = [
            Some(2),
            Some(1),
            Some(1),
            Some(1),
            Some(1),
            Some(0),
            Some(0),
        ];
        assert_eq!(
            consistency_checks(&review, &chunk_of),
            [
                Chunk {
                    searches: vec![1, 0],
                    warm_up: None
                },
                Chunk {
                    searches: vec![4, 5],
                    warm_up: None
                },
            ]
        );
        // Answers from an earlier run count as another chunk.
        let earlier = [None; 7];
        assert_eq!(consistency_checks(&review, &earlier).len(), 4);
    }
}
