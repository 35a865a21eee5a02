//! How a retry's try is searched (issue #43): at the budget its verdict needs, and never at the
//! review's whole budget. A quick search first ([`QUICK_TENTHS`] of the review's nodes); its
//! verdict stands when it stays the same with the value [`SETTLED_CP`] better or worse.
//! Otherwise (a value near a verdict's threshold, or a mate the quick search may not have seen
//! yet) a deciding search of [`DECIDING_TENTHS`] of the budget, on the engine whose hash the
//! quick one just filled, gives the verdict. Each try's value is kept ([`TRY_CACHE_ENTRIES`] at
//! most, the least recently asked leave first), so a try asked again is answered without a search.
//!
//! Why not the whole budget: near a threshold, a full search is no better a judge than the
//! deciding one. On the 69 searched tries of `server/bench/retry.sh` (each searched again by
//! `server/bench/retry_budgets.py`), a try's loss after a full search differed from another full
//! search's (a fresh hash) by 0.015 expected points at the 90th percentile and 0.026 at most; as
//! served (quick, then deciding where needed), by 0.022 and 0.077, with no verdict reversed by
//! more than 0.03 from a threshold. Debian's Stockfish (SSE2 only) searches about 290,000 nodes a
//! second here: a full search would keep a player waiting three seconds.
//!
//! Measured by `server/bench/retry.sh`; checked against full-budget searches by the API test
//! `retry_budget`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use alphachess_engine::{Game, Move};
use hashlink::LruCache;

use crate::analysis::retry::{judge, Puzzle, Verdict};
use crate::analysis::{Eval, SideEval};
use crate::games::model::id::GameId;
use crate::uci::{AnalysisRequest, EngineError, EnginePool};

/// The quick search's share of the review's budget, in tenths: 60,000 of the default 600,000
/// nodes, about a fifth of a second here. Measured as 62,500 (a sixteenth of the 1,000,000 the
/// review searched then), it decided 46 of the bench's 69 tries.
pub const QUICK_TENTHS: u64 = 1;

/// How far (centipawns, either way) a longer search may move a quick search's value without
/// changing the verdict for it to stand. On the bench's tries, a full search moved a quick one's
/// value by 24 centipawns at the median and 103 at the 90th percentile; a verdict the full search
/// would reverse needs a value this near a threshold, and then the deciding search runs.
pub const SETTLED_CP: i32 = 60;

/// The deciding search's share of the review's budget, in tenths: 180,000 of the default nodes
/// (measured as 187,500), so that quick and deciding together take under a second here.
pub const DECIDING_TENTHS: u64 = 3;

/// Tries whose values are kept.
pub const TRY_CACHE_ENTRIES: usize = 4096;

/// One try: the game, the ply retried, the move tried and the budget. The game's moves up to
/// the ply and the try name the position searched, with its history.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct TryKey {
    game: GameId,
    ply: usize,
    tried: Move,
    nodes: u64,
}

/// The values of tries already searched.
#[derive(Debug)]
pub struct TryValues {
    cache: Mutex<LruCache<TryKey, Eval>>,
}

impl Default for TryValues {
    fn default() -> TryValues {
        TryValues {
            cache: Mutex::new(LruCache::new(TRY_CACHE_ENTRIES)),
        }
    }
}

/// One try to value: `after` is the game up to the puzzle's ply, then the try (with a legal
/// move and no result of its own: a finished position needs no search).
pub struct Try<'a> {
    pub id: &'a GameId,
    pub puzzle: &'a Puzzle,
    pub tried: Move,
    pub after: &'a Game,
    /// The review's budget.
    pub nodes: u64,
}

/// How a try's value was found (for the bench and the test, through the log).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Depth {
    Cached,
    Quick,
    Deciding,
}

impl TryValues {
    /// The value of `attempt`'s position (white's side), and how it was found.
    pub async fn value(
        &self,
        engines: &EnginePool,
        attempt: Try<'_>,
    ) -> Result<(Eval, Depth), EngineError> {
        let key = TryKey {
            game: attempt.id.clone(),
            ply: attempt.puzzle.ply,
            tried: attempt.tried,
            nodes: attempt.nodes,
        };
        if let Some(&eval) = self.lock().get(&key) {
            return Ok((eval, Depth::Cached));
        }
        let request = AnalysisRequest::new(
            format!("retry {}", attempt.id).into(),
            attempt.after,
            attempt.nodes,
        )
        .map_err(|_| EngineError::Protocol("a try without a legal move was searched".into()))?
        .with_affinity(next_affinity());
        let share = |tenths: u64| {
            let mut search = request.clone();
            search.nodes = (attempt.nodes * tenths / 10).max(1);
            search
        };
        let eval = Eval::from_white_score(engines.analyse(share(QUICK_TENTHS)).await?.score);
        let (eval, depth) = if settled(&attempt, eval) {
            (eval, Depth::Quick)
        } else {
            let deciding = engines.analyse(share(DECIDING_TENTHS)).await?;
            (Eval::from_white_score(deciding.score), Depth::Deciding)
        };
        self.lock().insert(key, eval);
        Ok((eval, depth))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, LruCache<TryKey, Eval>> {
        self.cache.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Whether a quick search's value `eval` decides `attempt`'s verdict: the verdict is the same
/// with the value [`SETTLED_CP`] either way, and where the player had a forced mate, the quick
/// search still sees one (else a longer search may find the mate and solve it).
pub fn settled(attempt: &Try<'_>, eval: Eval) -> bool {
    let (puzzle, after) = (attempt.puzzle, attempt.after.position());
    let mover = puzzle.before.turn();
    let verdict = |eval: Eval| -> Verdict { judge(puzzle, attempt.tried, after, eval).0 };
    match eval {
        Eval::Cp(cp) => {
            let had_mate = puzzle.best_eval.for_side(mover, mover) == SideEval::Mating;
            let here = verdict(eval);
            !had_mate
                && verdict(Eval::Cp(cp.saturating_sub(SETTLED_CP))) == here
                && verdict(Eval::Cp(cp.saturating_add(SETTLED_CP))) == here
        }
        // A mate the search found is there: a longer search only finds it shorter.
        Eval::Mate(_) => true,
    }
}

/// Tags one try's two searches so that the deciding one runs where the quick one filled the hash.
fn next_affinity() -> u64 {
    // Apart from the analysis runner's tags (which count up from 1).
    static NEXT: AtomicU64 = AtomicU64::new(1 << 62);
    NEXT.fetch_add(1, Ordering::Relaxed)
}
