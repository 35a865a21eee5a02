//! How a retry's try is searched (issue #43): at the budget its verdict needs, not always the
//! review's. A quick search first ([`QUICK_SHARE`] of the budget); the verdict it gives stands
//! when it stays the same with the value [`SETTLED_CP`] better or worse, which a full search is
//! not going to move it past. Otherwise (a value near a verdict's threshold, or a mate the quick
//! search may not have seen yet) the full budget decides, on the engine whose hash the quick
//! search just filled. Each try's value is kept ([`TRY_CACHE_ENTRIES`] at most, the least
//! recently asked leave first), so a try asked again is answered without a search.
//!
//! Measured by `server/bench/retry.sh`; checked against full-budget searches by the API test
//! `retry_budget` (no verdict reversed).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use alphachess_engine::{Game, Move};
use hashlink::LruCache;

use crate::analysis::retry::{judge, Puzzle, Verdict};
use crate::analysis::{Eval, SideEval};
use crate::games::model::id::GameId;
use crate::uci::{AnalysisRequest, EngineError, EnginePool};

/// The quick search gets this share of the review's budget (1/4: 250,000 nodes of the default
/// 1,000,000, about a quarter of a second). At 1/8 and 50 cp, the API test saw 21. Bg5 of the
/// Game of the Century served "not quite" (0.00) where a full search of its own said "wrong".
pub const QUICK_SHARE: u64 = 4;

/// How far (centipawns, either way) a full search may move a quick search's value without
/// changing the verdict for it to stand.
pub const SETTLED_CP: i32 = 80;

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
    Full,
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
        let mut quick = request.clone();
        quick.nodes = (attempt.nodes / QUICK_SHARE).max(1);
        let eval = Eval::from_white_score(engines.analyse(quick).await?.score);
        let (eval, depth) = if settled(&attempt, eval) {
            (eval, Depth::Quick)
        } else {
            let full = engines.analyse(request).await?;
            (Eval::from_white_score(full.score), Depth::Full)
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
/// search still sees one (else a full search may find the mate and solve it).
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

/// Tags one try's two searches so that the full one runs where the quick one filled the hash.
fn next_affinity() -> u64 {
    // Apart from the analysis runner's tags (which count up from 1).
    static NEXT: AtomicU64 = AtomicU64::new(1 << 62);
    NEXT.fetch_add(1, Ordering::Relaxed)
}
