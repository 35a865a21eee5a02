//! Drives the engines through one finished game: every position that needs a search, in order,
//! on the analysis lane, each answer reported as soon as it arrives so the caller can store and
//! stream it.
//!
//! Cancellation-safe: dropping the future cancels the search in flight (its engine gets `stop`);
//! every answer received was already reported. To resume, start again from the first position
//! not reported.

use std::sync::Arc;
use std::time::Duration;

use alphachess_engine::{DrawRule, Game, PlayError};

use super::review::positions_to_search;
use crate::uci::{AnalysisRequest, EngineError, EnginePool, PositionAnalysis};

/// Nodes per analysed position when the operator sets none.
///
/// Measured here (Debian's Stockfish 15.1, one thread, 16 MiB hash, six middlegame positions,
/// `ucinewgame` before each, two rounds, on a machine shared with other builds: load 6-8 on 2
/// cores), CPU time of the engine per position, fastest and median: 200k nodes 0.40 / 0.48-0.66 s,
/// 500k 0.93 / 1.3-1.5 s, 1M 1.9 / 2.7-3.3 s (`shared/DESIGN.md` measured 1M at ~1.2 s on a
/// quiet machine; time is linear in nodes). lichess uses 1,000,000 nodes. Half of that halves a
/// review (an 80-ply game: ~48 s instead of ~96 s on one quiet engine, and every live move in the
/// meantime restarts a search) while the answers barely move: in those six positions 500k and 1M
/// agreed on 5 best moves of 6 (the sixth: d4 against d3 in an Italian) and their scores differed
/// by 0-29 cp (mean 9), a few hundredths of winning chances against judgment steps of 0.1.
/// 200k nodes drifted by up to 42 cp.
pub const DEFAULT_ANALYSIS_NODES: u64 = 500_000;

/// How long to wait before asking again when the analysis lane is full.
pub const BUSY_RETRY: Duration = Duration::from_secs(1);

/// Tries per position before the analysis gives up (an engine that crashes is restarted by the
/// pool; a position that crashes it three times is not going to work).
const ATTEMPTS: u32 = 3;

/// One position's analysis, as the runner reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalysedPosition {
    /// 0 is the start position; `n` the position after the game's `n`th move.
    pub index: usize,
    pub analysis: PositionAnalysis,
}

/// Why a game's analysis stopped.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("position {index} could not be analysed: {source}")]
    Engine {
        index: usize,
        #[source]
        source: EngineError,
    },
    #[error("the game does not replay: {0}")]
    Replay(#[from] PlayError),
}

/// Analyses `game`'s positions from `start` (0 for a new analysis) to the last one that needs a
/// search, `nodes` each, calling `report` with each answer as it arrives. `key` names the
/// analysis to the engines (one `ucinewgame` per switch of key).
///
/// A full analysis lane is waited out ([`BUSY_RETRY`]); other engine failures are retried
/// [`ATTEMPTS`] times per position.
pub async fn analyse_game(
    engines: &EnginePool,
    key: Arc<str>,
    game: &Game,
    nodes: u64,
    start: usize,
    mut report: impl FnMut(AnalysedPosition),
) -> Result<(), RunError> {
    let total = positions_to_search(game);
    // Replayed under the by-claim rule: a prefix of a finished game is never over by itself.
    let mut prefix = Game::new(game.initial_position().clone()).with_draw_rule(DrawRule::ByClaim);
    for (index, &m) in game.moves().iter().enumerate() {
        if index >= total {
            break;
        }
        if index >= start {
            let analysis = analyse_position(engines, &key, &prefix, nodes, index).await?;
            report(AnalysedPosition { index, analysis });
        }
        prefix.play(m)?;
    }
    let last = game.moves().len();
    if last < total && last >= start {
        let analysis = analyse_position(engines, &key, &prefix, nodes, last).await?;
        report(AnalysedPosition {
            index: last,
            analysis,
        });
    }
    Ok(())
}

/// One position, retried on failure and waiting while the lane is full.
async fn analyse_position(
    engines: &EnginePool,
    key: &Arc<str>,
    prefix: &Game,
    nodes: u64,
    index: usize,
) -> Result<PositionAnalysis, RunError> {
    let request = AnalysisRequest::new(Arc::clone(key), prefix, nodes)
        .expect("only positions with a legal move are searched (positions_to_search)");
    let mut failures = 0;
    loop {
        match engines.analyse(request.clone()).await {
            Ok(analysis) => return Ok(analysis),
            Err(EngineError::Busy) => tokio::time::sleep(BUSY_RETRY).await,
            Err(source @ EngineError::Stopped) => return Err(RunError::Engine { index, source }),
            Err(source) => {
                failures += 1;
                tracing::warn!(%source, index, failures, "analysis search failed");
                if failures >= ATTEMPTS {
                    return Err(RunError::Engine { index, source });
                }
            }
        }
    }
}
