//! One live search as the pool takes it: the validated position, its depth and strength, whose
//! engine time it is, its clock and where its progress goes.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use alphachess_engine::{ByColor, Color, Game, Position};

use super::info::SearchInfo;
use super::lanes::SearchKind;
use super::protocol::{GoClock, UciPosition};
use crate::client_key::ClientKey;

/// One search to run.
#[derive(Debug, Clone)]
pub struct SearchRequest {
    /// Which game this is, so an engine hears `ucinewgame` when it switches games.
    pub game: Arc<str>,
    pub position: UciPosition,
    /// The position searched: the reply is checked against it.
    pub current: Position,
    pub depth: u32,
    /// Stockfish `Skill Level`, 0..=20.
    pub skill: u8,
    /// Where the search's `info` lines go, if anyone listens.
    pub progress: Option<ProgressSink>,
    /// The clocks of a timed game, when the engine's clock runs (boxed: most searches have none,
    /// and every queued job is as large as its largest kind).
    pub clock: Option<Box<SearchClock>>,
    /// Whose engine time this is (the fair share, see `lanes/`); `None` for the server's own
    /// work, such as a reply resumed after a restart.
    pub client: Option<ClientKey>,
    /// A reply or a hint (hints have their own budget).
    pub kind: SearchKind,
}

/// Time the engine keeps back from its own remaining time for the round trip of its answer.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(100);

/// The clocks a timed search plays on, as read when the engine's turn began.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchClock {
    /// Both remaining times at `as_of`.
    pub times: ByColor<Duration>,
    pub increment: Duration,
    /// When `times` were read: the wait for a free engine is the engine's time too.
    pub as_of: tokio::time::Instant,
}

impl SearchClock {
    /// At `now`, for `side` to move: both clocks for `go`, and the time cap of the search, at
    /// most `cap` and never past `side`'s remaining time (less [`MOVE_OVERHEAD`]).
    pub fn go(self, now: tokio::time::Instant, side: Color, cap: Duration) -> (GoClock, Duration) {
        let mut times = self.times;
        times[side] = times[side].saturating_sub(now.saturating_duration_since(self.as_of));
        let movetime = cap
            .min(times[side].saturating_sub(MOVE_OVERHEAD))
            .max(Duration::from_millis(1));
        let clock = GoClock {
            wtime: times.white,
            btime: times.black,
            winc: self.increment,
            binc: self.increment,
        };
        (clock, movetime)
    }
}

/// Follows one search, on the engine worker's task: every method must be quick and must not
/// block.
pub trait SearchProgress: Send + Sync {
    /// One parsed `info` line.
    fn report(&self, info: &SearchInfo);

    /// The search has found its move. Called before the move is handed back, so whatever this
    /// publishes comes before anything done with the reply (a throttle flushes what it held).
    fn finish(&self) {}
}

/// Where the progress of one search goes, if anyone listens.
#[derive(Clone)]
pub struct ProgressSink(Arc<dyn SearchProgress>);

impl ProgressSink {
    pub fn new(progress: impl SearchProgress + 'static) -> ProgressSink {
        ProgressSink(Arc::new(progress))
    }

    /// Hands one parsed line over.
    pub fn report(&self, info: &SearchInfo) {
        self.0.report(info);
    }

    /// Says the search has found its move.
    pub fn finish(&self) {
        self.0.finish();
    }
}

impl fmt::Debug for ProgressSink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ProgressSink")
    }
}

impl SearchRequest {
    /// A search of `game`'s current position.
    pub fn new(key: Arc<str>, game: &Game, depth: u32, skill: u8) -> SearchRequest {
        SearchRequest {
            game: key,
            position: UciPosition::from_game(game),
            current: game.position().clone(),
            depth,
            skill: skill.min(20),
            progress: None,
            clock: None,
            client: None,
            kind: SearchKind::Reply,
        }
    }

    /// The same search, counted in `client`'s share of engine time.
    pub fn for_client(mut self, client: Option<ClientKey>) -> SearchRequest {
        self.client = client;
        self
    }

    /// The same search as a hint: within the hints' budget, and yielding to replies.
    pub fn as_hint(mut self) -> SearchRequest {
        self.kind = SearchKind::Hint;
        self
    }

    /// The same search on the clock.
    pub fn with_clock(mut self, clock: SearchClock) -> SearchRequest {
        self.clock = Some(Box::new(clock));
        self
    }

    /// The same search, reporting its progress to `sink`.
    pub fn with_progress(mut self, sink: ProgressSink) -> SearchRequest {
        self.progress = Some(sink);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timed_search_is_charged_its_wait_and_capped_by_its_remaining_time() {
        let start = tokio::time::Instant::now();
        let clock = SearchClock {
            times: ByColor::new(Duration::from_secs(60), Duration::from_secs(2)),
            increment: Duration::from_secs(1),
            as_of: start,
        };
        let cap = Duration::from_secs(5);
        let waited = start + Duration::from_millis(500);
        let (go, movetime) = clock.go(waited, Color::Black, cap);
        assert_eq!(
            go.btime,
            Duration::from_millis(1500),
            "the wait was the engine's time"
        );
        assert_eq!(go.wtime, Duration::from_secs(60));
        assert_eq!(
            (go.winc, go.binc),
            (Duration::from_secs(1), Duration::from_secs(1))
        );
        assert_eq!(movetime, Duration::from_millis(1500) - MOVE_OVERHEAD);
        let (_, movetime) = clock.go(start, Color::White, cap);
        assert_eq!(movetime, cap, "plenty of time: the server's cap");
        let (_, movetime) = clock.go(start + Duration::from_secs(9), Color::Black, cap);
        assert_eq!(
            movetime,
            Duration::from_millis(1),
            "out of time: the shortest search"
        );
    }
}
