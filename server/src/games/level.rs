//! Playing strength: level 8 is full Stockfish at the configured depth; 1–7 are weaker presets
//! (Skill Level and a shallower search, in the spirit of lichess's levels) so a beginner can win.

use serde::Serialize;

/// A level from 1 (weakest) to 8 (full strength).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Level(u8);

/// Stockfish `Skill Level` and the most depth, per level (index 0 is level 1).
const PRESETS: [(u8, u32); 8] = [
    (0, 1),
    (2, 2),
    (4, 3),
    (6, 5),
    (9, 7),
    (12, 9),
    (16, 13),
    (20, u32::MAX),
];

impl Level {
    /// The strongest level, the default.
    pub const MAX: Level = Level(8);

    /// The level numbered `n`, if it is 1..=8.
    pub fn new(n: i64) -> Option<Level> {
        u8::try_from(n)
            .ok()
            .filter(|n| (1..=8).contains(n))
            .map(Level)
    }

    /// The level's number.
    pub fn get(self) -> u8 {
        self.0
    }

    /// Stockfish's `Skill Level` for this level.
    pub fn skill(self) -> u8 {
        PRESETS[usize::from(self.0 - 1)].0
    }

    /// Search depth for this level, never above the configured `max_depth`.
    pub fn depth(self, max_depth: u32) -> u32 {
        PRESETS[usize::from(self.0 - 1)].1.min(max_depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_one_to_eight_are_levels() {
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(9), None);
        assert_eq!(Level::new(-1), None);
        assert_eq!(Level::new(1).map(Level::get), Some(1));
        assert_eq!(Level::new(8), Some(Level::MAX));
    }

    #[test]
    fn level_eight_is_full_strength_at_the_configured_depth() {
        assert_eq!(Level::MAX.skill(), 20);
        assert_eq!(Level::MAX.depth(20), 20);
    }

    #[test]
    fn lower_levels_are_weaker_and_never_deeper_than_configured() {
        let levels: Vec<Level> = (1..=8).filter_map(Level::new).collect();
        for pair in levels.windows(2) {
            assert!(pair[0].skill() < pair[1].skill());
            assert!(pair[0].depth(20) <= pair[1].depth(20));
        }
        assert!(levels.iter().all(|level| level.depth(4) <= 4));
    }
}
