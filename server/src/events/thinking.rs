//! Search progress as the live stream shows it: white's point of view, the PV in SAN.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use alphachess_engine::{Color, Position, SanPlus};
use serde::Serialize;
use utoipa::ToSchema;

use super::channel::GameEvents;
use crate::uci::{ProgressSink, Score, SearchInfo, SearchProgress};

/// The shortest time between two `thinking` events of one game (at most ~10 per second).
pub const THINKING_INTERVAL: Duration = Duration::from_millis(100);

/// An evaluation from WHITE's point of view: `{"cp": 34}` or `{"mate": -3}` (black mates in 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ScoreView {
    Cp(i32),
    Mate(i32),
}

impl ScoreView {
    /// `score`, given from `side_to_move`'s point of view, seen from white's.
    pub fn white_pov(score: Score, side_to_move: Color) -> ScoreView {
        let score = match side_to_move {
            Color::White => score,
            Color::Black => score.flipped(),
        };
        match score {
            Score::Cp(cp) => ScoreView::Cp(cp),
            Score::Mate(n) => ScoreView::Mate(n),
        }
    }
}

/// Data of a `thinking` event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Thinking {
    /// The game's ply the search is for (the number of moves played).
    pub ply: usize,
    pub depth: u32,
    pub target_depth: u32,
    pub score: ScoreView,
    pub nodes: u64,
    pub nps: u64,
    /// The principal variation in SAN, up to the first move that does not convert.
    #[schema(example = json!(["e4", "e5", "Nf3"]))]
    pub pv: Vec<String>,
}

impl Thinking {
    /// The event for one parsed `info` line of a search of `position`; `None` unless the line has
    /// a depth and a score.
    pub fn from_info(
        info: &SearchInfo,
        position: &Position,
        ply: usize,
        target_depth: u32,
    ) -> Option<Thinking> {
        let (depth, score) = (info.depth?, info.score?);
        Some(Thinking {
            ply,
            depth,
            target_depth,
            score: ScoreView::white_pov(score, position.turn()),
            nodes: info.nodes.unwrap_or(0),
            nps: info.nps.unwrap_or(0),
            pv: san_line(position, info),
        })
    }
}

/// The PV in SAN, stopping at the first move that is not legal where it is played.
fn san_line(position: &Position, info: &SearchInfo) -> Vec<String> {
    let mut position = position.clone();
    let mut line = Vec::with_capacity(info.pv.len());
    for uci in &info.pv {
        let Ok(m) = uci.to_move(&position) else { break };
        line.push(SanPlus::from_move(&position, m).to_string());
        // `to_move` only answers legal moves.
        position.play_unchecked(m);
    }
    line
}

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
    use crate::events::GameEvent;
    use crate::uci::parse_info;

    /// Real Stockfish 15.1 output; `# fen` lines name the position searched.
    const CAPTURED: &str = include_str!("../uci/testdata/stockfish-15.1.txt");

    fn position(fen: &str) -> Position {
        Position::from_fen(fen).expect("test FEN is valid")
    }

    fn thinking(fen: &str, line: &str) -> Thinking {
        let info = parse_info(line).expect("an info line");
        Thinking::from_info(&info, &position(fen), 1, 20).expect("depth and score")
    }

    #[test]
    fn a_search_for_black_is_shown_from_whites_point_of_view_in_san() {
        let shown = thinking(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "info depth 7 seldepth 7 multipv 1 score cp -13 nodes 2073 nps 518250 hashfull 0 tbhits 0 time 4 pv c7c5 g1f3 b8c6 d2d4 c6d4 f3d4",
        );
        assert_eq!(
            shown,
            Thinking {
                ply: 1,
                depth: 7,
                target_depth: 20,
                score: ScoreView::Cp(13),
                nodes: 2073,
                nps: 518_250,
                pv: ["c5", "Nf3", "Nc6", "d4", "Nxd4", "Nxd4"]
                    .map(String::from)
                    .to_vec(),
            }
        );
    }

    #[test]
    fn mate_scores_take_whites_point_of_view() {
        let white_mates = thinking(
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "info depth 1 seldepth 1 multipv 1 score mate 1 nodes 20 nps 20000 hashfull 0 tbhits 0 time 1 pv a1a8",
        );
        assert_eq!(white_mates.score, ScoreView::Mate(1));
        assert_eq!(white_mates.pv, ["Ra8#"]);
        let black_is_mated = thinking(
            "k7/8/1K6/8/8/8/8/7R b - - 0 1",
            "info depth 5 seldepth 3 multipv 1 score mate -1 nodes 8 nps 8000 hashfull 0 tbhits 0 time 1 pv a8b8 h1h8",
        );
        assert_eq!(black_is_mated.score, ScoreView::Mate(1));
        assert_eq!(black_is_mated.pv, ["Kb8", "Rh8#"]);
    }

    #[test]
    fn a_pv_stops_at_the_first_illegal_move() {
        let shown = thinking(
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "info depth 2 score cp 5 nodes 1 nps 1 pv e7e5 e2e4 g1f3",
        );
        assert_eq!(shown.pv, ["e5"]);
    }

    #[test]
    fn lines_without_a_depth_or_score_are_not_events() {
        let start = Position::default();
        for line in [
            "info depth 23 currmove c4d5 currmovenumber 2",
            "info nodes 5 nps 5",
        ] {
            let info = parse_info(line).expect("an info line");
            assert_eq!(Thinking::from_info(&info, &start, 0, 20), None, "{line}");
        }
    }

    #[test]
    fn every_captured_search_line_converts_with_a_full_pv() {
        let mut fen = None;
        let mut checked = 0;
        for (number, line) in CAPTURED.lines().enumerate() {
            if let Some(rest) = line.strip_prefix("# fen ") {
                fen = Some(position(rest));
                continue;
            }
            let (Some(position), Some(info)) = (&fen, parse_info(line)) else {
                continue;
            };
            let Some(shown) = Thinking::from_info(&info, position, 0, 30) else {
                continue;
            };
            assert_eq!(shown.pv.len(), info.pv.len(), "line {}: {line}", number + 1);
            checked += 1;
        }
        assert!(checked > 40, "{checked} lines checked");
    }

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
                GameEvent::Thinking(thinking) => thinking.depth,
                GameEvent::Game(view) => panic!("unexpected view {view:?}"),
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

    #[test]
    fn the_json_matches_the_contract() {
        let shown = thinking(
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "info depth 1 seldepth 1 multipv 1 score mate 1 nodes 20 nps 20000 hashfull 0 tbhits 0 time 1 pv a1a8",
        );
        assert_eq!(
            serde_json::to_value(&shown).expect("serializable"),
            serde_json::json!({"ply": 1, "depth": 1, "target_depth": 20, "score": {"mate": 1},
                               "nodes": 20, "nps": 20000, "pv": ["Ra8#"]})
        );
    }
}
