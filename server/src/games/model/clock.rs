//! Chess clocks, kept by the server: pure arithmetic over instants the caller passes in, so the
//! rules are tested without sleeping.
//!
//! The rules, as the API documents them: no clock runs before the player's first move here; from then
//! on the side to move's clock runs from the moment the previous move was applied (the engine's
//! included); a move charges its mover and, if the mover's clock was running, adds the increment.
//! After every move both remaining times are marked with the ply, so a takeback restores both
//! clocks exactly as they were, and a restart resumes from the last mark: the time the server was
//! down is charged to nobody.

use std::fmt::Write as _;
use std::time::Duration;

use alphachess_engine::{ByColor, Color};
use tokio::time::Instant;

/// The longest starting time: three hours.
pub const MAX_LIMIT_SECS: i64 = 10_800;
/// The largest increment: one minute per move.
pub const MAX_INCREMENT_SECS: i64 = 60;

/// A validated time control: the starting time and the increment per move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimeControl {
    limit: Duration,
    increment: Duration,
}

/// A time control out of range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidTimeControl {
    #[error("clock.limit_secs must be between 0 and {MAX_LIMIT_SECS}")]
    Limit,
    #[error("clock.increment_secs must be between 0 and {MAX_INCREMENT_SECS}")]
    Increment,
    #[error("a clock needs a starting time or an increment (for no clock, send null)")]
    Empty,
}

impl TimeControl {
    /// `limit_secs` to start with and `increment_secs` per move, both in range and not both 0.
    pub fn from_secs(
        limit_secs: i64,
        increment_secs: i64,
    ) -> Result<TimeControl, InvalidTimeControl> {
        let limit = u64::try_from(limit_secs)
            .ok()
            .filter(|&secs| secs <= MAX_LIMIT_SECS as u64)
            .ok_or(InvalidTimeControl::Limit)?;
        let increment = u64::try_from(increment_secs)
            .ok()
            .filter(|&secs| secs <= MAX_INCREMENT_SECS as u64)
            .ok_or(InvalidTimeControl::Increment)?;
        if limit == 0 && increment == 0 {
            return Err(InvalidTimeControl::Empty);
        }
        Ok(TimeControl {
            limit: Duration::from_secs(limit),
            increment: Duration::from_secs(increment),
        })
    }

    /// The starting time of each side.
    pub fn limit(self) -> Duration {
        self.limit
    }

    /// The time added after each timed move.
    pub fn increment(self) -> Duration {
        self.increment
    }

    /// Each side's time at the start: the limit, or one increment when the limit is 0 (as in
    /// "0+1"), so the first timed move is not lost before it is played.
    pub fn initial(self) -> Duration {
        if self.limit.is_zero() {
            self.increment
        } else {
            self.limit
        }
    }

    /// As PGN's `TimeControl` tag writes it: `"180+2"`.
    pub fn pgn_tag(self) -> String {
        format!("{}+{}", self.limit.as_secs(), self.increment.as_secs())
    }

    /// As the store keeps it: `"<limit_ms>+<increment_ms>"`.
    pub fn to_stored(self) -> String {
        format!("{}+{}", millis(self.limit), millis(self.increment))
    }

    /// Reads [`TimeControl::to_stored`]'s text back.
    pub fn from_stored(text: &str) -> Option<TimeControl> {
        let (limit, increment) = text.split_once('+')?;
        let (limit, increment): (u64, u64) = (limit.parse().ok()?, increment.parse().ok()?);
        let control = TimeControl {
            limit: Duration::from_millis(limit),
            increment: Duration::from_millis(increment),
        };
        let in_range = control.limit <= Duration::from_secs(MAX_LIMIT_SECS as u64)
            && control.increment <= Duration::from_secs(MAX_INCREMENT_SECS as u64)
            && !(control.limit.is_zero() && control.increment.is_zero());
        in_range.then_some(control)
    }
}

/// Both remaining times right after the move that reached `ply`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockMark {
    pub ply: usize,
    pub times: ByColor<Duration>,
}

/// The side whose clock runs, and since when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Running {
    side: Color,
    since: Instant,
}

/// One game's clocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameClock {
    control: TimeControl,
    /// Both remaining times as of `running.since` (the running side's keeps falling from there).
    times: ByColor<Duration>,
    running: Option<Running>,
    /// The times after each timed move, in ply order.
    marks: Vec<ClockMark>,
}

impl GameClock {
    /// Full times for both sides, no clock running.
    pub fn new(control: TimeControl) -> GameClock {
        GameClock {
            control,
            times: ByColor::new(control.initial(), control.initial()),
            running: None,
            marks: Vec::new(),
        }
    }

    /// A clock read back from a store: the times of its last mark, no clock running yet.
    pub fn restored(control: TimeControl, marks: Vec<ClockMark>) -> GameClock {
        let mut clock = GameClock::new(control);
        if let Some(last) = marks.last() {
            clock.times = last.times;
        }
        clock.marks = marks;
        clock
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Both times after each timed move.
    pub fn marks(&self) -> &[ClockMark] {
        &self.marks
    }

    /// The side whose clock runs, if any.
    pub fn running(&self) -> Option<Color> {
        self.running.map(|running| running.side)
    }

    /// Both remaining times at `now`.
    pub fn remaining(&self, now: Instant) -> ByColor<Duration> {
        let mut times = self.times;
        if let Some(Running { side, since }) = self.running {
            times[side] = times[side].saturating_sub(now.saturating_duration_since(since));
        }
        times
    }

    /// When the running side's time runs out, if a clock runs.
    pub fn deadline(&self) -> Option<(Color, Instant)> {
        self.running
            .map(|Running { side, since }| (side, since + self.times[side]))
    }

    /// The side whose time has run out at `now`, if any.
    pub fn flagged(&self, now: Instant) -> Option<Color> {
        self.deadline()
            .filter(|&(_, deadline)| now >= deadline)
            .map(|(side, _)| side)
    }

    /// Makes `side`'s clock the running one from `now` (`None`: no clock runs), charging the
    /// clock that ran until now. The clock already running keeps running untouched.
    pub fn run(&mut self, side: Option<Color>, now: Instant) {
        if self.running() == side {
            return;
        }
        self.times = self.remaining(now);
        self.running = side.map(|side| Running { side, since: now });
    }

    /// `mover` played the move that reached `ply` at `now`: its clock is charged, the increment
    /// added if its clock was running, both times marked; no clock runs until [`GameClock::run`].
    pub fn moved(&mut self, mover: Color, ply: usize, now: Instant) {
        let was_running = self.running() == Some(mover);
        self.run(None, now);
        if was_running {
            self.times[mover] += self.control.increment;
        }
        self.marks.retain(|mark| mark.ply < ply);
        self.marks.push(ClockMark {
            ply,
            times: self.times,
        });
    }

    /// Back to the times as they were when the game was at `ply` (a takeback): the marks after
    /// it are forgotten; no clock runs until [`GameClock::run`].
    pub fn rewind(&mut self, ply: usize) {
        self.running = None;
        self.marks.retain(|mark| mark.ply <= ply);
        let initial = self.control.initial();
        self.times = self
            .marks
            .last()
            .map_or(ByColor::new(initial, initial), |mark| mark.times);
    }

    /// The mover's remaining time right after the move that reached `ply`, if it was timed.
    pub fn after_move(&self, ply: usize, mover: Color) -> Option<Duration> {
        self.marks
            .iter()
            .find(|mark| mark.ply == ply)
            .map(|mark| mark.times[mover])
    }

    /// The marks as the store keeps them: `"<ply>:<white_ms>:<black_ms>"`, space-separated.
    pub fn marks_to_stored(&self) -> String {
        let mut text = String::new();
        for mark in &self.marks {
            if !text.is_empty() {
                text.push(' ');
            }
            // Writing to a String cannot fail.
            let _ = write!(
                text,
                "{}:{}:{}",
                mark.ply,
                millis(mark.times.white),
                millis(mark.times.black)
            );
        }
        text
    }

    /// Reads [`GameClock::marks_to_stored`]'s text back: plies increasing, none past `max_ply`.
    pub fn marks_from_stored(text: &str, max_ply: usize) -> Option<Vec<ClockMark>> {
        let mut marks: Vec<ClockMark> = Vec::new();
        for word in text.split_whitespace() {
            let mut parts = word.split(':');
            let ply: usize = parts.next()?.parse().ok()?;
            let white: u64 = parts.next()?.parse().ok()?;
            let black: u64 = parts.next()?.parse().ok()?;
            let increasing = marks.last().is_none_or(|last| last.ply < ply);
            if parts.next().is_some() || !increasing || ply > max_ply || ply == 0 {
                return None;
            }
            marks.push(ClockMark {
                ply,
                times: ByColor::new(Duration::from_millis(white), Duration::from_millis(black)),
            });
        }
        Some(marks)
    }
}

/// Whole milliseconds, as the API and the store write times.
pub fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEC: Duration = Duration::from_secs(1);

    fn three_plus_two() -> GameClock {
        GameClock::new(TimeControl::from_secs(180, 2).expect("in range"))
    }

    #[test]
    fn time_controls_are_checked_and_written_as_pgn_and_the_store_want() {
        assert_eq!(TimeControl::from_secs(0, 0), Err(InvalidTimeControl::Empty));
        assert_eq!(
            TimeControl::from_secs(10_801, 0),
            Err(InvalidTimeControl::Limit)
        );
        assert_eq!(
            TimeControl::from_secs(-1, 5),
            Err(InvalidTimeControl::Limit)
        );
        assert_eq!(
            TimeControl::from_secs(60, 61),
            Err(InvalidTimeControl::Increment)
        );
        let bullet = TimeControl::from_secs(0, 1).expect("increment only");
        assert_eq!(bullet.limit(), Duration::ZERO);
        assert_eq!(bullet.initial(), SEC, "one increment to start with");
        assert_eq!(
            GameClock::new(bullet).remaining(Instant::now()),
            ByColor::new(SEC, SEC)
        );
        let control = TimeControl::from_secs(180, 2).expect("in range");
        assert_eq!(control.pgn_tag(), "180+2");
        assert_eq!(control.to_stored(), "180000+2000");
        assert_eq!(TimeControl::from_stored("180000+2000"), Some(control));
        assert_eq!(TimeControl::from_stored("0+0"), None);
        assert_eq!(TimeControl::from_stored("180000"), None);
    }

    #[test]
    fn only_the_running_side_loses_time_and_a_timed_move_gains_the_increment() {
        let start = Instant::now();
        let mut clock = three_plus_two();
        // The player's first move: no clock ran, nothing charged, no increment.
        clock.moved(Color::White, 1, start);
        clock.run(Some(Color::Black), start);
        let engine_moves = start + 5 * SEC;
        assert_eq!(clock.remaining(engine_moves).black, 175 * SEC);
        assert_eq!(clock.remaining(engine_moves).white, 180 * SEC);
        clock.moved(Color::Black, 2, engine_moves);
        clock.run(Some(Color::White), engine_moves);
        assert_eq!(
            clock.remaining(engine_moves).black,
            177 * SEC,
            "5 s spent, 2 s back"
        );
        let player_moves = engine_moves + 10 * SEC;
        assert_eq!(clock.remaining(player_moves).white, 170 * SEC);
        clock.moved(Color::White, 3, player_moves);
        assert_eq!(clock.after_move(1, Color::White), Some(180 * SEC));
        assert_eq!(clock.after_move(2, Color::Black), Some(177 * SEC));
        assert_eq!(clock.after_move(3, Color::White), Some(172 * SEC));
        assert_eq!(clock.running(), None);
    }

    #[test]
    fn the_running_side_flags_at_its_deadline_and_not_before() {
        let start = Instant::now();
        let mut clock = GameClock::new(TimeControl::from_secs(2, 0).expect("in range"));
        clock.run(Some(Color::White), start);
        assert_eq!(clock.deadline(), Some((Color::White, start + 2 * SEC)));
        assert_eq!(clock.flagged(start + SEC), None);
        assert_eq!(clock.flagged(start + 2 * SEC), Some(Color::White));
        assert_eq!(clock.remaining(start + 3 * SEC).white, Duration::ZERO);
        clock.run(None, start + SEC);
        assert_eq!(
            clock.flagged(start + 60 * SEC),
            None,
            "a stopped clock never flags"
        );
    }

    #[test]
    fn a_takeback_restores_both_clocks_as_they_were() {
        let start = Instant::now();
        let mut clock = three_plus_two();
        clock.moved(Color::White, 1, start);
        clock.run(Some(Color::Black), start);
        clock.moved(Color::Black, 2, start + 4 * SEC);
        clock.run(Some(Color::White), start + 4 * SEC);
        let before = clock.remaining(start + 4 * SEC);
        clock.moved(Color::White, 3, start + 30 * SEC);
        clock.run(Some(Color::Black), start + 30 * SEC);
        clock.moved(Color::Black, 4, start + 50 * SEC);
        clock.rewind(2);
        assert_eq!(clock.remaining(start + 99 * SEC), before);
        assert_eq!(clock.marks().len(), 2);
        clock.rewind(0);
        assert_eq!(clock.remaining(start), ByColor::new(180 * SEC, 180 * SEC));
    }

    #[test]
    fn a_restart_resumes_from_the_last_mark_charging_nobody_for_the_downtime() {
        let start = Instant::now();
        let mut clock = three_plus_two();
        clock.moved(Color::White, 1, start);
        clock.run(Some(Color::Black), start);
        clock.moved(Color::Black, 2, start + 3 * SEC);
        clock.run(Some(Color::White), start + 3 * SEC);
        let stored = (clock.control().to_stored(), clock.marks_to_stored());
        assert_eq!(stored.1, "1:180000:180000 2:180000:179000");
        // The server was down for an hour; it is back at `back`.
        let back = start + 3600 * SEC;
        let control = TimeControl::from_stored(&stored.0).expect("stored");
        let marks = GameClock::marks_from_stored(&stored.1, 2).expect("stored");
        let mut restored = GameClock::restored(control, marks);
        restored.run(Some(Color::White), back);
        assert_eq!(restored.remaining(back + 7 * SEC).white, 173 * SEC);
        assert_eq!(restored.remaining(back + 7 * SEC).black, 179 * SEC);
    }

    #[test]
    fn damaged_marks_are_refused() {
        for text in ["1:5", "2:1:1 1:1:1", "1:1:1:1", "3:1:1", "x:1:1", "0:1:1"] {
            assert_eq!(GameClock::marks_from_stored(text, 2), None, "{text:?}");
        }
        assert_eq!(GameClock::marks_from_stored("", 0), Some(Vec::new()));
    }
}
