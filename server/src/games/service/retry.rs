//! Retry your own mistakes (issue #25): the list, a try judged by the engine at the budget its
//! verdict needs (three tenths of the review's at most, `retry_search.rs`), and the answer given
//! when asked. The rules are `analysis::retry`'s; this is the use case: whose game, which review,
//! and the engine search for each try.
//!
//! The public analysis (`GET /api/games/{id}/analysis`) keeps showing the engine's `best` move for
//! every ply, the mistakes to retry included (issue #42, L7, decided): the review is the game's
//! record, shown to anyone as the game is, and the player has usually read it before retrying;
//! the retry flow keeps no state of which mistakes are solved, so hiding would hide the review's
//! best moves from everybody for good. As on lichess ("Learn from your mistakes"), hiding the
//! answer while a puzzle is open is the board's job (lichess does it in the browser), not the
//! API's.

use std::str::FromStr;

use alphachess_engine::Game;

use super::retry_search::Try;
use super::review::ReviewService;
use crate::analysis::retry::{judge, known_eval, puzzles, try_words, Puzzle, Verdict};
use crate::analysis::{final_eval, AnalysisStatus, Eval};
use crate::games::live::analyses::AnalysisError;
use crate::games::model::error::GameError;
use crate::games::model::id::GameId;
use crate::games::model::notation::{ParsePlayerMoveError, PlayerMove};
use crate::games::view::retry::{both, RetryAnswer, RetryList, RetryPuzzle, Solution};

/// Why a retry request was refused.
#[derive(Debug, thiserror::Error)]
pub enum RetryError {
    #[error(transparent)]
    Analysis(#[from] AnalysisError),
    #[error(transparent)]
    Game(#[from] GameError),
    #[error(transparent)]
    Notation(#[from] ParsePlayerMoveError),
    #[error("the analysis is not done yet: the mistakes to retry are known once it is")]
    NotDone,
    #[error("ply {0} is not one of the player's mistakes to retry")]
    NoSuchPuzzle(usize),
}

/// A done review's material for the retry flow: the player's mistakes, the reviewed game and
/// the node budget its positions were searched at.
struct Reviewed {
    puzzles: Vec<Puzzle>,
    game: Game,
    nodes: u64,
}

impl Reviewed {
    fn puzzle(self, ply: usize) -> Result<(Puzzle, Game, u64), RetryError> {
        let puzzle = self
            .puzzles
            .into_iter()
            .find(|puzzle| puzzle.ply == ply)
            .ok_or(RetryError::NoSuchPuzzle(ply))?;
        Ok((puzzle, self.game, self.nodes))
    }
}

impl ReviewService {
    /// The player's mistakes in a game whose analysis is done (no token needed, like the
    /// analysis; nothing in it gives an answer away).
    pub async fn retry_list(&self, id: &GameId) -> Result<RetryList, RetryError> {
        let reviewed = self.reviewed(id, None).await?;
        Ok(RetryList {
            puzzles: reviewed.puzzles.iter().map(RetryPuzzle::of).collect(),
        })
    }

    /// Judges the player's try `text` (SAN or UCI) at the mistake of ply `ply`: the engine
    /// searches the position after it at the budget the verdict needs, three tenths of the
    /// review's at most (unless it is the best move or the move played, whose values the review
    /// has, or ends the game; see `retry_search.rs`). The answer holds the solution only once solved.
    pub async fn retry_try(
        &self,
        id: &GameId,
        token: &str,
        ply: usize,
        text: &str,
    ) -> Result<RetryAnswer, RetryError> {
        let (puzzle, game, nodes) = self.reviewed(id, Some(token)).await?.puzzle(ply)?;
        self.judge_try(id, &puzzle, game, nodes, text).await
    }

    /// Judges the try `text` (SAN or UCI) at `puzzle` of `game` (the reviewed game, searched at
    /// `nodes` per position): the retry flow's and the practice deck's (issue #41) one judge.
    pub async fn judge_try(
        &self,
        id: &GameId,
        puzzle: &Puzzle,
        game: Game,
        nodes: u64,
        text: &str,
    ) -> Result<RetryAnswer, RetryError> {
        let ply = puzzle.ply;
        let tried = PlayerMove::from_str(text)?.to_move(&puzzle.before)?;
        // The game up to the mistake, then the try: the engine hears the moves, repetitions
        // included, as the review's search did.
        let mut after = game;
        while after.ply() >= ply {
            after.undo();
        }
        after.play(tried).map_err(|error| GameError::IllegalMove {
            message: error.to_string(),
            legal_moves: puzzle.before.count_legal_moves(),
        })?;
        // The best move and the move played keep the review's evaluation: one number per move.
        let after_eval = match (known_eval(puzzle, tried), final_eval(&after)) {
            (Some(eval), _) => eval,
            (None, Some(eval)) => eval,
            // No legal move and no rule's result: cannot happen; count it a draw.
            (None, None) if after.position().legal_moves().is_empty() => Eval::DRAW,
            (None, None) => {
                let attempt = Try {
                    id,
                    puzzle,
                    tried,
                    after: &after,
                    nodes,
                };
                let (eval, depth) = self
                    .tries
                    .value(&self.engines, attempt)
                    .await
                    .map_err(GameError::from)?;
                tracing::debug!(game = %id, ply, ?depth, "a retry's try was valued");
                eval
            }
        };
        let (verdict, loss) = judge(puzzle, tried, after.position(), after_eval);
        Ok(RetryAnswer {
            verdict,
            tried: both(&puzzle.before, tried),
            eval: after_eval,
            points_lost: (loss * 1000.0).round() / 1000.0,
            loss: try_words(puzzle, after.position(), after_eval),
            solution: (verdict == Verdict::Solved).then(|| Solution::of(puzzle)),
        })
    }

    /// The engine's answer to the mistake of ply `ply`, when the player gives up.
    pub async fn retry_reveal(
        &self,
        id: &GameId,
        token: &str,
        ply: usize,
    ) -> Result<Solution, RetryError> {
        let (puzzle, _, _) = self.reviewed(id, Some(token)).await?.puzzle(ply)?;
        Ok(Solution::of(&puzzle))
    }

    /// Game `id`'s done review, read once (`token`: the game's, when the request is the
    /// player's).
    async fn reviewed(&self, id: &GameId, token: Option<&str>) -> Result<Reviewed, RetryError> {
        self.games.wait_loaded().await;
        let slot = match token {
            Some(token) => self.games.find_authorized(id, token).await?,
            None => self.games.find(id).await?,
        };
        let (status, review, nodes) = self.analyses.review_of(&slot)?;
        if status != AnalysisStatus::Done {
            return Err(RetryError::NotDone);
        }
        let player = slot.read(|state| state.player());
        Ok(Reviewed {
            puzzles: puzzles(&review, player),
            game: review.game().clone(),
            nodes,
        })
    }
}
