//! Playing strength: a ladder of steps from a true beginner (step 1) to full Stockfish (the last
//! step), each one measured by `cargo run --release --bin ladder` (see `server/data/ladder.json`
//! and the README's ladder table).
//!
//! Three ways of weakening, from the bottom up: Maia's 1100 network (steps 1–7), blundering at a
//! rate below its band (`opponent/maia.rs`: the band's plausible moves that overlook a threat, so
//! the weakest steps lose like beginners rather than by random moves), then Maia 1300's most
//! likely move (step 8); `Skill Level` with a shallow depth; and finally the full engine. A share
//! of random legal moves (the ladder's first way below Stockfish's weakest `Skill Level`) stays
//! for the harness's measured players. Each step's opponent, and its rules, is in `opponent/`.

use serde::Serialize;

use crate::games::opponent::maia::{LEAST_PLAUSIBLE, PLAUSIBLE};
use crate::games::opponent::{Maia, Opponent, Stockfish};
use alphachess_maia::Band;

/// A step from 1 (weakest) to [`Level::MAX`] (full strength). Called a level in the API since
/// games were created with "level"; stored as its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Level(u8);

/// How one step plays: its name and its opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepSettings {
    /// A short name shown to the player.
    pub name: &'static str,
    /// Who replies, and how weakened.
    pub opponent: Opponent,
}

/// A Stockfish step named `name`: `skill` at `depth`, `random_per_mille` of its moves random.
const fn step(name: &'static str, skill: u8, depth: u32, random_per_mille: u16) -> StepSettings {
    StepSettings {
        name,
        opponent: Opponent::Stockfish(Stockfish::new(skill, Some(depth), random_per_mille)),
    }
}

/// A Maia step named `name`: the network of `band` at `temperature` hundredths (0: argmax),
/// blundering at `blunders` per mille (0: never) with moves at least `plausible` per mille
/// likely (see `opponent/maia.rs`), taking free material first if `greedy`
/// (`opponent::maia::free_capture`).
const fn maia(
    name: &'static str,
    band: Band,
    temperature: u16,
    blunders: u16,
    plausible: u16,
    greedy: bool,
) -> StepSettings {
    StepSettings {
        name,
        opponent: Opponent::Maia(Maia {
            band,
            temperature,
            blunders,
            plausible,
            greedy,
        }),
    }
}

/// A step sampled from Maia 1100 (see [`maia`]), taking free material before anything else: a
/// human beginner nearly always takes a free queen, and without it steps 3 and 4 took 86 % and
/// 78 % of theirs (#37). Maia 1300's most likely move needs no help.
const fn maia1100(
    name: &'static str,
    temperature: u16,
    blunders: u16,
    plausible: u16,
) -> StepSettings {
    maia(name, Band::R1100, temperature, blunders, plausible, true)
}

/// Every step, weakest first (index 0 is step 1). `server/data/ladder.json` holds their measured
/// ratings; a test fails if the two disagree.
pub const STEPS: [StepSettings; 21] = [
    maia1100("First moves", 300, 1000, LEAST_PLAUSIBLE),
    maia1100("Beginner", 300, 1000, PLAUSIBLE),
    maia1100("Novice", 100, 800, PLAUSIBLE),
    maia1100("Casual", 100, 500, PLAUSIBLE),
    maia1100("Learner", 100, 300, PLAUSIBLE),
    maia1100("Improver", 100, 120, PLAUSIBLE),
    maia1100("Maia 1100, sampled", 100, 0, PLAUSIBLE),
    maia("Maia 1300", Band::R1300, 0, 0, PLAUSIBLE, false),
    step("Strong club player", 4, 3, 0),
    step("Tournament player", 15, 4, 0),
    step("Expert", 6, 5, 0),
    step("Candidate master", 8, 6, 0),
    step("Master", 6, 7, 0),
    step("Senior master", 12, 7, 0),
    step("International master", 11, 8, 0),
    step("Strong international master", 20, 8, 0),
    step("Grandmaster", 15, 10, 0),
    step("Strong grandmaster", 16, 11, 0),
    step("Super grandmaster", 18, 14, 0),
    step("Near full strength", 20, 14, 0),
    StepSettings {
        name: "Full strength",
        opponent: Opponent::Stockfish(Stockfish::FULL),
    },
];

/// The step each level of the old 1–8 scale (index 0 is level 1) became on the first ladder, of
/// 16 steps: the step with exactly the settings that level had (Skill Level and depth), except
/// two. Level 2 (skill 2, depth 2) measured the same as level 1 (51 % in 43 games, as the issue
/// that asked for the ladder found), so it became step 8 (skill 2, depth 3), about 120 above
/// level 1. Level 6 (skill 12, depth 9), whose settings were not a step, became step 14 (skill
/// 11, depth 8), the nearest. `LADDER_MIGRATION` applied it. Step 8 is Maia 1300's most likely
/// move since #37 (measured 1474 against skill 2, depth 3's 1457), so level 2 plays that.
pub const LEGACY_LEVELS_ON_16_STEPS: [u8; 8] = [7, 8, 9, 11, 13, 14, 15, 16];

/// The step each step of the first ladder (index 0 is its step 1) is now. Its top four steps
/// were 250–420 apart; measured settings between them made those gaps into nine steps, 100–200
/// apart (#23). Steps 1–12 kept their numbers; of the top four, step 14 (skill 11, depth 8) and
/// full strength kept their settings under a new number, and the two whose settings are no longer
/// a step became the nearest measured one: step 13 (skill 9, depth 7, measured 2378) the new step
/// 14 (skill 12, depth 7, 2432), step 15 (skill 16, depth 13, 3011) the new step 18 (skill 16,
/// depth 11, 2950). `RENUMBER_MIGRATION` applies it.
pub const STEPS_OF_16: [u8; 16] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 18, 21];

/// The step each level of the old 1–8 scale is now: `LEGACY_LEVELS_ON_16_STEPS` followed by
/// [`STEPS_OF_16`], as the two migrations take an old game.
pub const LEGACY_LEVELS: [u8; 8] = {
    let mut levels = LEGACY_LEVELS_ON_16_STEPS;
    let mut i = 0;
    while i < levels.len() {
        levels[i] = STEPS_OF_16[levels[i] as usize - 1];
        i += 1;
    }
    levels
};

/// The store migration that applied `LEGACY_LEVELS_ON_16_STEPS` to games created before the
/// ladder (the same statement for SQLite and PostgreSQL; a test checks it says what the constant
/// says).
pub const LADDER_MIGRATION: &str = "UPDATE games SET level = CASE level \
WHEN 1 THEN 7 WHEN 2 THEN 8 WHEN 3 THEN 9 WHEN 4 THEN 11 \
WHEN 5 THEN 13 WHEN 6 THEN 14 WHEN 7 THEN 15 WHEN 8 THEN 16 ELSE level END;";

/// The store migration that applies [`STEPS_OF_16`] to games created on the first ladder (a
/// test checks it says what the constant says).
pub const RENUMBER_MIGRATION: &str = "UPDATE games SET level = CASE level \
WHEN 13 THEN 14 WHEN 14 THEN 15 WHEN 15 THEN 18 WHEN 16 THEN 21 ELSE level END;";

impl Level {
    /// The strongest step, the default.
    pub const MAX: Level = Level(STEPS.len() as u8);

    /// The step numbered `n`, if there is one.
    pub fn new(n: i64) -> Option<Level> {
        u8::try_from(n)
            .ok()
            .filter(|n| (1..=Level::MAX.0).contains(n))
            .map(Level)
    }

    /// The step that level `n` of the old 1–8 scale became (see `LEGACY_LEVELS`): what a
    /// client of that scale, such as lichess's `challenge/ai`, means by its level.
    pub fn from_legacy(n: i64) -> Option<Level> {
        let index = usize::try_from(n).ok()?.checked_sub(1)?;
        LEGACY_LEVELS.get(index).map(|&step| Level(step))
    }

    /// The level of the old 1–8 scale a client of that scale sees for this step: the highest old
    /// level whose step is no stronger than this one (1 for the steps below them all).
    pub fn to_legacy(self) -> u8 {
        (1..)
            .zip(LEGACY_LEVELS)
            .filter(|&(_, step)| step <= self.0)
            .map(|(old, _)| old)
            .last()
            .unwrap_or(1)
    }

    /// Every step, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=Level::MAX.0).map(Level)
    }

    /// The step's number.
    pub fn get(self) -> u8 {
        self.0
    }

    /// How the step plays.
    pub fn settings(self) -> &'static StepSettings {
        &STEPS[usize::from(self.0 - 1)]
    }

    /// Who the step's player meets.
    pub fn opponent(self) -> Opponent {
        self.settings().opponent
    }
}

impl StepSettings {
    /// The settings as the ladder harness names its players (`skill0-depth1-random600`,
    /// `maia1100@t1.5`, `maia1500`): the key of a step's results and of its row in
    /// `ladder.json`.
    pub fn player(&self) -> String {
        self.opponent.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Stockfish of a step Stockfish plays.
    fn stockfish(level: Level) -> Option<Stockfish> {
        match level.opponent() {
            Opponent::Stockfish(stockfish) => Some(stockfish),
            Opponent::Maia(_) => None,
        }
    }

    #[test]
    fn only_the_configured_steps_are_levels() {
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(i64::from(Level::MAX.get()) + 1), None);
        assert_eq!(Level::new(-1), None);
        assert_eq!(Level::new(1).map(Level::get), Some(1));
        assert_eq!(Level::new(21), Some(Level::MAX));
    }

    #[test]
    fn the_last_step_is_full_strength_at_the_configured_depth() {
        let full = stockfish(Level::MAX).expect("Stockfish plays the last step");
        assert_eq!(full, Stockfish::FULL);
        assert_eq!(full.skill, 20);
        assert_eq!(full.depth(20), 20);
        assert_eq!(full.random_move(1, 1, 20), None);
    }

    #[test]
    fn higher_steps_are_never_shallower_or_more_random_and_never_deeper_than_configured() {
        // Maia's steps have no depth or skill; the rule is for Stockfish's.
        let steps: Vec<Stockfish> = Level::all().filter_map(stockfish).collect();
        for pair in steps.windows(2) {
            // Depth weighs more than skill (measured: skill 10 at depth 4 is below skill 6 at
            // depth 5), so skill may only fall where the depth grows.
            assert!(pair[0].depth(20) <= pair[1].depth(20));
            assert!(pair[0].skill <= pair[1].skill || pair[0].depth(20) < pair[1].depth(20));
            assert!(pair[0].random_per_mille >= pair[1].random_per_mille);
            assert_ne!(pair[0], pair[1]);
        }
        assert!(steps.iter().all(|level| level.depth(4) <= 4));
    }

    #[test]
    fn an_old_level_reads_as_the_step_it_became_and_nothing_else_does() {
        assert_eq!(Level::from_legacy(1).map(Level::get), Some(7));
        assert_eq!(Level::from_legacy(8), Some(Level::MAX));
        assert_eq!(Level::from_legacy(0), None);
        assert_eq!(Level::from_legacy(9), None);
        assert_eq!(Level::from_legacy(-1), None);
        for old in 1..=8 {
            let step = Level::from_legacy(old).expect("an old level");
            assert_eq!(i64::from(step.to_legacy()), old);
        }
        assert_eq!(Level::new(1).map(Level::to_legacy), Some(1));
        assert_eq!(Level::new(10).map(Level::to_legacy), Some(3));
    }

    #[test]
    fn the_migrations_rewrite_each_old_level_and_step_to_the_step_it_became() {
        for (old, new) in (1..).zip(LEGACY_LEVELS_ON_16_STEPS) {
            assert!(
                LADDER_MIGRATION.contains(&format!("WHEN {old} THEN {new} ")),
                "level {old} should become step {new}"
            );
        }
        assert!(LADDER_MIGRATION.contains("WHEN 8 THEN 16 ELSE level END"));
        let moved: Vec<(u8, u8)> = (1..)
            .zip(STEPS_OF_16)
            .filter(|(old, new)| old != new)
            .collect();
        let mentioned = RENUMBER_MIGRATION.matches("WHEN").count();
        assert_eq!(mentioned, moved.len());
        for (old, new) in moved {
            assert!(
                RENUMBER_MIGRATION.contains(&format!("WHEN {old} THEN {new} ")),
                "step {old} should become step {new}"
            );
        }
    }

    #[test]
    fn every_old_level_and_step_maps_onto_a_step_no_weaker_than_the_one_below() {
        for map in [&LEGACY_LEVELS[..], &STEPS_OF_16[..]] {
            assert!(map.windows(2).all(|pair| pair[0] < pair[1]));
            assert!(map.iter().all(|&n| Level::new(i64::from(n)).is_some()));
            assert_eq!(map.last(), Some(&Level::MAX.get()));
        }
        assert_eq!(LEGACY_LEVELS, [7, 8, 9, 11, 14, 15, 18, 21]);
        // Levels 3 and 4 keep their exact settings (2, 5, 6 and 7 become the nearest step; 1's
        // step 7 is Maia's since the ladder's Maia step, measured 45 below skill 0, depth 1, and
        // 2's step 8 Maia 1300's since #37, measured 17 above skill 2, depth 3).
        let old = [(3, 4, 3), (4, 6, 5)];
        for (level, skill, depth) in old {
            let step = LEGACY_LEVELS[level - 1];
            let settings = stockfish(Level::new(i64::from(step)).expect("a step"));
            let settings = settings.expect("a Stockfish step");
            assert_eq!((settings.skill, settings.depth), (skill, Some(depth)));
            assert_eq!(settings.random_per_mille, 0);
        }
        // So do steps 1–12, 14 (skill 11, depth 8) and 16 (full strength) of the first ladder.
        let now = |old: usize| Level::new(i64::from(STEPS_OF_16[old - 1])).expect("a step");
        assert!((1..=12).all(|old| now(old).get() == old as u8));
        let fourteen = stockfish(now(14)).expect("a Stockfish step");
        assert_eq!((fourteen.skill, fourteen.depth), (11, Some(8)));
        assert_eq!(now(16), Level::MAX);
    }
}
