//! The engine's progress on one game's search, published as `thinking` events: throttled, only
//! while someone watches, and the last line held back flushed when the search ends.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use alphachess_engine::Position;

use crate::games::live::events::GameEvents;
use crate::games::view::thinking::Thinking;
use crate::uci::{ProgressSink, SearchInfo, SearchProgress};

/// The shortest time between two `thinking` events of one game (at most ~10 per second).
pub const THINKING_INTERVAL: Duration = Duration::from_millis(100);

/// A sink that turns one search's `info` lines into `thinking` events on `events`, at most one per
/// [`THINKING_INTERVAL`] and only while someone watches; the last line the throttle held back is
/// published when the search ends, so watchers see the final depth before the reply.
pub fn thinking_sink(
    events: GameEvents,
    position: Position,
    ply: usize,
    target_depth: u32,
) -> ProgressSink {
    ProgressSink::new(ThinkingPublisher::new(
        events,
        position,
        ply,
        target_depth,
        THINKING_INTERVAL,
    ))
}

/// One search's `thinking` events, throttled.
struct ThinkingPublisher {
    events: GameEvents,
    position: Position,
    ply: usize,
    target_depth: u32,
    interval: Duration,
    throttle: Mutex<Throttle>,
}

/// What the throttle remembers between two lines.
#[derive(Default)]
struct Throttle {
    last_sent: Option<Instant>,
    /// The newest line held back since the last event: the search may end before another one
    /// is due, and its deepest iteration is the one watchers most want.
    held_back: Option<SearchInfo>,
}

impl ThinkingPublisher {
    fn new(
        events: GameEvents,
        position: Position,
        ply: usize,
        target_depth: u32,
        interval: Duration,
    ) -> ThinkingPublisher {
        ThinkingPublisher {
            events,
            position,
            ply,
            target_depth,
            interval,
            throttle: Mutex::new(Throttle::default()),
        }
    }

    fn throttle(&self) -> std::sync::MutexGuard<'_, Throttle> {
        self.throttle
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn publish(&self, info: &SearchInfo) {
        if let Some(thinking) =
            Thinking::from_info(info, &self.position, self.ply, self.target_depth)
        {
            self.events.publish_thinking(thinking);
        }
    }
}

impl ThinkingPublisher {
    /// [`SearchProgress::report`] for a line that arrived at `now`.
    fn report_at(&self, info: &SearchInfo, now: Instant) {
        if !self.events.has_watchers() || info.depth.is_none() || info.score.is_none() {
            return;
        }
        {
            let mut throttle = self.throttle();
            if throttle
                .last_sent
                .is_some_and(|at| now.duration_since(at) < self.interval)
            {
                throttle.held_back = Some(info.clone());
                return;
            }
            throttle.last_sent = Some(now);
            throttle.held_back = None;
        }
        self.publish(info);
    }
}

impl SearchProgress for ThinkingPublisher {
    fn report(&self, info: &SearchInfo) {
        self.report_at(info, Instant::now());
    }

    fn finish(&self) {
        let held_back = self.throttle().held_back.take();
        if let Some(info) = held_back.filter(|_| self.events.has_watchers()) {
            self.publish(&info);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::live::events::GameEvent;
    use crate::uci::parse_info;

    /// A line of a search of the start position at `depth`.
    fn line_at(depth: u32) -> SearchInfo {
        parse_info(&format!(
            "info depth {depth} seldepth {depth} multipv 1 score cp 30 nodes {} nps 900000 time 1 pv e2e4 e7e5",
            1000 * depth
        ))
        .expect("an info line")
    }

    /// A publisher for a search of the start position, throttled to one line per `interval`.
    fn publisher(events: &GameEvents, interval: Duration) -> ThinkingPublisher {
        ThinkingPublisher::new(events.clone(), Position::default(), 0, 18, interval)
    }

    /// The depths of the `thinking` events a watcher has received so far.
    fn depths_received(watcher: &mut tokio::sync::broadcast::Receiver<GameEvent>) -> Vec<u32> {
        std::iter::from_fn(|| watcher.try_recv().ok())
            .map(|event| match event {
                GameEvent::Thinking(thinking) => match &*thinking {
                    Thinking::Engine(search) => search.depth,
                    Thinking::Human(human) => panic!("unexpected Maia line {human:?}"),
                },
                GameEvent::Game(view) => panic!("unexpected view {view:?}"),
                GameEvent::Analysis(event) => panic!("unexpected analysis {event:?}"),
                GameEvent::EngineFailed(error) => panic!("unexpected failure {error:?}"),
            })
            .collect()
    }

    #[test]
    fn the_last_line_held_back_is_published_when_the_search_ends() {
        let events = GameEvents::new();
        let mut watcher = events.subscribe();
        // Every line after the first falls within the interval and is held back.
        let sink = publisher(&events, Duration::MAX);
        for depth in 1..=18 {
            sink.report(&line_at(depth));
        }
        assert_eq!(depths_received(&mut watcher), [1]);
        sink.finish();
        assert_eq!(depths_received(&mut watcher), [18], "the final depth");
        sink.finish();
        assert_eq!(depths_received(&mut watcher), [0; 0], "published once");
    }

    #[test]
    fn a_line_already_sent_is_not_sent_again_when_the_search_ends() {
        let events = GameEvents::new();
        let mut watcher = events.subscribe();
        let sink = publisher(&events, Duration::ZERO);
        for depth in 1..=3 {
            sink.report(&line_at(depth));
        }
        sink.finish();
        assert_eq!(depths_received(&mut watcher), [1, 2, 3]);

        // Held back, then a line that is due: nothing is left to flush.
        let sink = publisher(&events, THINKING_INTERVAL);
        let start = Instant::now();
        sink.report_at(&line_at(4), start);
        sink.report_at(&line_at(5), start + THINKING_INTERVAL / 2);
        sink.report_at(&line_at(6), start + THINKING_INTERVAL * 2);
        sink.finish();
        assert_eq!(depths_received(&mut watcher), [4, 6]);
    }

    #[test]
    fn nothing_is_held_back_or_flushed_without_watchers() {
        let events = GameEvents::new();
        let sink = publisher(&events, Duration::MAX);
        for depth in 1..=5 {
            sink.report(&line_at(depth));
        }
        let mut watcher = events.subscribe();
        sink.finish();
        assert_eq!(depths_received(&mut watcher), [0; 0]);
    }
}
