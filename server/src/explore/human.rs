//! "What would a 1500 play here?": the moves Maia's network of a rating band gives a position,
//! most likely first, for the analysis board beside the engine's lines.
//!
//! One evaluation is a few milliseconds of CPU and no search: it runs on the blocking pool, at
//! most one per core at a time, and a bounded number may wait for a core; past that the server
//! is busy (503) rather than queueing without end. The per-client bound is the edge's.

use std::sync::Arc;

use alphachess_engine::{Game, SanPlus};
use alphachess_maia::{Band, Networks};
use serde::Serialize;
use tokio::sync::Semaphore;
use utoipa::ToSchema;

/// The most moves an answer lists.
pub const MAX_HUMAN_MOVES: usize = 5;

/// Evaluations that may wait for a core, all clients together, before new ones are refused.
const MAX_WAITING: usize = 64;

/// Why a position's human moves could not be given.
#[derive(Debug, thiserror::Error)]
pub enum HumanMovesError {
    /// Every core is evaluating and `MAX_WAITING` more wait.
    #[error("every core is evaluating human moves; try again shortly")]
    Busy,
    /// The evaluation's task ended without an answer (it panicked).
    #[error("the human-move evaluation failed")]
    Failed(#[source] tokio::task::JoinError),
}

/// The moves of one band in one position, most likely first.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct HumanMovesView {
    /// The band's rating: the network learned from lichess players rated `band` to `band + 99`.
    #[schema(example = 1500)]
    pub band: u16,
    /// At most the number asked for, most likely first; empty when the game is over.
    pub moves: Vec<HumanMove>,
}

/// One move a player of the band would choose, with how often.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct HumanMove {
    /// The move in UCI.
    #[schema(example = "e7e5")]
    pub uci: String,
    /// The same move in SAN.
    #[schema(example = "e5")]
    pub san: String,
    /// The network's probability that a player of the band plays it (over the legal moves; the
    /// listed moves' probabilities add up to at most 1).
    #[schema(example = 0.53)]
    pub probability: f32,
}

/// Maia's networks behind a bound on the CPU they may take at once.
pub struct HumanMoves {
    networks: Arc<Networks>,
    /// One permit per core: the evaluations running.
    cores: Arc<Semaphore>,
    /// The evaluations running or waiting for a core.
    admitted: Arc<Semaphore>,
}

impl HumanMoves {
    /// Evaluates with `networks`, `cores` at a time (at least one).
    pub fn new(networks: Arc<Networks>, cores: usize) -> HumanMoves {
        let cores = cores.max(1);
        HumanMoves {
            networks,
            cores: Arc::new(Semaphore::new(cores)),
            admitted: Arc::new(Semaphore::new(cores + MAX_WAITING)),
        }
    }

    /// The `count` (at most [`MAX_HUMAN_MOVES`]) moves `band`'s network finds most likely in
    /// `game`'s position, reading its history as the network was trained to.
    pub async fn top(
        &self,
        band: Band,
        game: &Game,
        count: usize,
    ) -> Result<HumanMovesView, HumanMovesError> {
        let admitted = Arc::clone(&self.admitted)
            .try_acquire_owned()
            .map_err(|_| HumanMovesError::Busy)?;
        let core = Arc::clone(&self.cores)
            .acquire_owned()
            .await
            .expect("the semaphore is never closed");
        let networks = Arc::clone(&self.networks);
        let game = game.clone();
        let count = count.min(MAX_HUMAN_MOVES);
        tokio::task::spawn_blocking(move || {
            let _held = (admitted, core);
            let policy = networks.get(band).policy(&game);
            let moves = policy
                .top(count)
                .iter()
                .map(|&(m, probability)| HumanMove {
                    uci: m.to_uci().to_string(),
                    san: SanPlus::from_move(game.position(), m).to_string(),
                    probability,
                })
                .collect();
            HumanMovesView {
                band: band.rating(),
                moves,
            }
        })
        .await
        .map_err(HumanMovesError::Failed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn human_moves() -> HumanMoves {
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/data/maia");
        let networks = Networks::load(folder).expect("the shipped networks");
        HumanMoves::new(Arc::new(networks), 1)
    }

    #[tokio::test]
    async fn past_the_waiting_bound_a_request_is_refused_at_once() {
        let human = human_moves();
        let game = Game::default();
        let every_place = Arc::clone(&human.admitted)
            .try_acquire_many_owned((1 + MAX_WAITING) as u32)
            .expect("all free");
        let refused = human.top(Band::R1500, &game, 3).await;
        assert!(matches!(refused, Err(HumanMovesError::Busy)), "{refused:?}");
        drop(every_place);
        let answered = human.top(Band::R1500, &game, 3).await.expect("a place");
        assert_eq!(answered.moves.len(), 3);
        assert_eq!(human.admitted.available_permits(), 1 + MAX_WAITING);
    }
}
