//! The measured ladder the server serves: `server/data/ladder.json`, written by the `ladder`
//! harness (`cargo run --release -p alphachess-server --bin ladder -- fit ...`) and compiled in.
//! A test fails when it and the configured steps (`games/model/level.rs`) disagree, so a change of a
//! step's settings cannot ship with a stale rating.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::games::model::level::{Level, StepSettings};

/// The file as compiled into the server.
const LADDER_JSON: &str = include_str!("../../../../data/ladder.json");

/// What the ratings are measured against, said once wherever they are shown.
pub const SCALE: &str = "engine scale: Elo anchored on Stockfish 15.1's UCI_LimitStrength \
UCI_Elo 1350 (calibrated on engine rating lists, not on human ratings; other anchors disagree \
by about 100-400 here)";

/// The whole measured ladder.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LadderTable {
    /// What the ratings are measured against.
    pub scale: String,
    /// How the table was measured (engine, openings, adjudication, games).
    pub method: String,
    pub steps: Vec<MeasuredStep>,
    /// The anchors' fitted ratings (the fixed ones exactly their UCI_Elo).
    pub anchors: Vec<MeasuredAnchor>,
}

/// One step with its settings (checked against the configured ones) and its measured rating.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeasuredStep {
    pub step: u8,
    pub name: String,
    /// The settings as the ladder harness names them (`skill0-depth1-random0`, `maia1100@t1.5`):
    /// [`StepSettings::player`].
    pub player: String,
    pub rating: i32,
    /// The 95 % interval.
    pub low: i32,
    pub high: i32,
    /// Games this step played in the measurement.
    pub games: usize,
}

/// One fixed UCI_Elo anchor and what it measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeasuredAnchor {
    pub uci_elo: u32,
    pub rating: i32,
    pub low: i32,
    pub high: i32,
    pub fixed: bool,
    pub games: usize,
}

impl MeasuredStep {
    /// Whether this row was measured with `settings`.
    pub fn matches(&self, settings: &StepSettings) -> bool {
        self.name == settings.name && self.player == settings.player()
    }
}

/// The served table, parsed once.
pub fn ladder() -> &'static LadderTable {
    static TABLE: LazyLock<LadderTable> = LazyLock::new(|| {
        serde_json::from_str(LADDER_JSON).expect("server/data/ladder.json is checked by a test")
    });
    &TABLE
}

/// The measured row of `level`.
pub fn measured(level: Level) -> &'static MeasuredStep {
    &ladder().steps[usize::from(level.get() - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_served_table_has_exactly_the_configured_steps_with_their_settings() {
        let table = ladder();
        assert_eq!(table.steps.len(), Level::all().count(), "one row per step");
        for (row, level) in table.steps.iter().zip(Level::all()) {
            assert_eq!(row.step, level.get());
            assert!(
                row.matches(level.settings()),
                "step {} was measured as {row:?} but is configured as {:?}: run the ladder harness",
                level.get(),
                level.settings()
            );
        }
    }

    #[test]
    fn every_step_has_a_name_of_its_own() {
        let names: std::collections::HashSet<&str> =
            ladder().steps.iter().map(|row| row.name.as_str()).collect();
        assert_eq!(names.len(), ladder().steps.len());
        assert!(ladder()
            .steps
            .iter()
            .any(|row| row.player.starts_with("maia")));
    }

    #[test]
    fn the_served_ladder_climbs_from_a_beginner_in_steps_of_100_to_200() {
        let steps = &ladder().steps;
        assert!(
            steps[0].rating <= 800,
            "the first step is rated {}",
            steps[0].rating
        );
        for pair in steps.windows(2) {
            let gap = pair[1].rating - pair[0].rating;
            assert!(
                gap > 0,
                "step {} is not above step {}",
                pair[1].step,
                pair[0].step
            );
        }
        for row in steps {
            assert!(row.low <= row.rating && row.rating <= row.high);
        }
    }
}
