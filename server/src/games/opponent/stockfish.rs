//! Stockfish as an opponent: its `Skill Level`, how deep it searches, and the share of its moves
//! replaced by a random legal one (the ladder's first way below its weakest `Skill Level`, kept
//! for the harness's measured players). Depth and skill are load-independent (a busy machine
//! plays the same moves), which is what keeps a measurement on a shared machine valid; the time
//! a search may take is the server's (`--movetime`, and the game's clock), the same at every step.

use std::fmt;
use std::str::FromStr;

use super::seed::{at_ply, splitmix64};

/// Stockfish weakened by skill, depth and random moves, or at full strength.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stockfish {
    /// Stockfish's `Skill Level`, 0..=20.
    pub skill: u8,
    /// The most depth; `None` is the configured full depth.
    pub depth: Option<u32>,
    /// Per mille of moves replaced by a uniformly random legal move (seeded by the game and the
    /// ply, so a replay plays the same move).
    pub random_per_mille: u16,
}

impl Stockfish {
    /// Full strength: skill 20 at the configured depth, never a random move (the last step, and
    /// the hints).
    pub const FULL: Stockfish = Stockfish {
        skill: 20,
        depth: None,
        random_per_mille: 0,
    };

    /// `skill` at `depth` (`None`: the configured full depth), `random_per_mille` of its moves
    /// random.
    pub const fn new(skill: u8, depth: Option<u32>, random_per_mille: u16) -> Stockfish {
        Stockfish {
            skill,
            depth,
            random_per_mille,
        }
    }

    /// The depth searched, never above the configured `max_depth`.
    pub fn depth(&self, max_depth: u32) -> u32 {
        self.depth.map_or(max_depth, |d| d.min(max_depth))
    }

    /// Whether the move at `ply` of the game seeded `seed` is a random one instead of the
    /// engine's, and which one of `legal` moves it is.
    pub fn random_move(&self, seed: u64, ply: usize, legal: usize) -> Option<usize> {
        let per_mille = self.random_per_mille;
        if per_mille == 0 || legal == 0 {
            return None;
        }
        let roll = splitmix64(at_ply(seed, ply));
        let pick = splitmix64(roll);
        ((roll % 1000) < u64::from(per_mille)).then(|| (pick % legal as u64) as usize)
    }
}

impl fmt::Display for Stockfish {
    /// `skill0-depth1-random600`, `skill20-full-random0`: the harness's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.depth {
            Some(depth) => write!(
                f,
                "skill{}-depth{depth}-random{}",
                self.skill, self.random_per_mille
            ),
            None => write!(
                f,
                "skill{}-full-random{}",
                self.skill, self.random_per_mille
            ),
        }
    }
}

impl FromStr for Stockfish {
    type Err = String;

    /// Reads what [`fmt::Display`] writes: `skillS-depthD-randomR` or `skillS-full-randomR`, skill
    /// 0–20 and random moves 0–1000 per mille.
    fn from_str(s: &str) -> Result<Stockfish, String> {
        let bad = || format!("{s:?} is not skillS-depthD-randomR or skillS-full-randomR");
        let rest = s.strip_prefix("skill").ok_or_else(bad)?;
        let parts: Vec<&str> = rest.split('-').collect();
        let [skill, depth, random] = parts[..] else {
            return Err(bad());
        };
        let skill: u8 = skill.parse().ok().filter(|s| *s <= 20).ok_or_else(bad)?;
        let depth = match depth {
            "full" => None,
            d => Some(
                d.strip_prefix("depth")
                    .and_then(|d| d.parse().ok())
                    .ok_or_else(bad)?,
            ),
        };
        let random = random
            .strip_prefix("random")
            .and_then(|r| r.parse().ok())
            .filter(|r| *r <= 1000)
            .ok_or_else(bad)?;
        Ok(Stockfish::new(skill, depth, random))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_moves_come_at_about_the_configured_rate_and_are_reproducible() {
        // The first ladder's step 1, a player the harness still measures against.
        let first = Stockfish::new(0, Some(1), 600);
        let random = (0..10_000)
            .filter(|ply| first.random_move(42, *ply, 30).is_some())
            .count();
        assert!((5_500..6_500).contains(&random), "{random}");
        assert_eq!(first.random_move(7, 3, 30), first.random_move(7, 3, 30));
        assert!((0..1000).all(|ply| first.random_move(9, ply, 5).is_none_or(|i| i < 5)));
    }

    #[test]
    fn names_read_back_as_they_print() {
        for name in ["skill0-depth1-random600", "skill20-full-random0"] {
            let stockfish: Stockfish = name.parse().expect(name);
            assert_eq!(stockfish.to_string(), name);
        }
        assert_eq!(Stockfish::FULL.to_string(), "skill20-full-random0");
        for wrong in [
            "skill21-depth1-random0",
            "skill0-depth1-random1001",
            "maia1100",
        ] {
            assert!(wrong.parse::<Stockfish>().is_err(), "{wrong}");
        }
    }
}
