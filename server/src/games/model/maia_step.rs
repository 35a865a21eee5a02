//! A step of the ladder played by one of Maia's networks: which band, and how its move is picked
//! from the network's policy. The same rule plays in the server and in the ladder harness, so
//! the served rating is the rating of what the player meets.
//!
//! The move is drawn from the network's *candidates*: its most likely moves, at most
//! [`MaiaStep::CANDIDATES`], each one a move at least [`MaiaStep::MIN_SHARE`] of the band's
//! players would play and at least [`MaiaStep::MIN_RATIO`] as likely as the most likely move. Below the band a hotter temperature weakens the step by spreading the
//! draw over those candidates; it never reaches a move the players of the band hardly ever make
//! (a free queen that nearly every one of them takes stays taken), and never a uniformly random
//! one. The candidates are what the live line shows, so the move played is always one of them.
//!
//! Further below, a step blunders at a rate (see `maia_blunder.rs`): it then plays the band's
//! most likely move that leaves material en prise, never while free material is there to take.
//! A blunder outside the candidates joins the ones shown, so the live line still names it.
//!
//! A step that takes free material (`@g`) plays, whenever material is free for it by static
//! exchange, the move that wins the most of it (`maia_blunder::free_capture`) instead of its
//! draw: a beginner overlooks threats but takes a hanging queen, and at temperature 1 Maia's
//! draw sometimes did not. It too joins the candidates shown.

use std::fmt;

use alphachess_engine::{Move, Position};
use alphachess_maia::{uniform_from_seed, Band};

use super::maia_blunder::{blunder, free_capture, LEAST_PLAUSIBLE, PLAUSIBLE};

/// A band's network, played at a temperature (0: always the most likely move), blundering at a
/// rate (0: never).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MaiaStep {
    /// Whose games the network learned from.
    pub band: Band,
    /// The temperature in hundredths: 100 draws in proportion to the network's probabilities,
    /// higher spreads the draw over the candidates, 0 plays the most likely move.
    pub temperature: u16,
    /// Per mille of moves that are a blunder where one is plausible (`maia_blunder.rs`): the
    /// roll is per move, seeded by game and ply; a move with no plausible blunder, or with free
    /// material to take, is played as if the roll had failed.
    pub blunders: u16,
    /// The least probability (per mille) of a move the step blunders with; `PLAUSIBLE` (5)
    /// unless the step says otherwise, never under `LEAST_PLAUSIBLE` (2).
    pub plausible: u16,
    /// Whether the step takes free material whenever there is some (`@g`), rather than
    /// drawing at its temperature; a flag of its own so the players measured before it still
    /// play as they did.
    pub greedy: bool,
}

/// The move a step plays and the candidates the live line shows, the move among them.
#[derive(Debug, Clone, PartialEq)]
pub struct MaiaMove {
    /// The candidates with their probabilities, most likely first.
    pub candidates: Vec<(Move, f32)>,
    /// The move played.
    pub played: Move,
    /// Whether it was a blunder (for the harness's counts).
    pub blunder: bool,
}

impl MaiaStep {
    /// The most moves a step draws from (and the live line shows).
    pub const CANDIDATES: usize = 5;
    /// The least probability of a candidate other than the most likely move.
    pub const MIN_SHARE: f32 = 0.02;
    /// The least probability of a candidate relative to the most likely move: where nearly
    /// every player makes the same move (takes a free queen), it is the only candidate.
    pub const MIN_RATIO: f32 = 0.1;

    /// The network's candidates with their probabilities, most likely first: never empty while
    /// the position has a legal move.
    pub fn candidates(policy: &[(Move, f32)]) -> Vec<(Move, f32)> {
        let floor = policy.first().map_or(0.0, |&(_, best)| {
            (best * Self::MIN_RATIO).max(Self::MIN_SHARE)
        });
        policy
            .iter()
            .enumerate()
            .filter(|&(i, &(_, p))| i == 0 || p >= floor)
            .map(|(_, &candidate)| candidate)
            .take(Self::CANDIDATES)
            .collect()
    }

    /// What this step plays in `position` (the last of the game) from the band's `policy` at
    /// `ply` of the game seeded `seed`: a blunder if the step's rate rolls one and one is
    /// plausible (shown among the candidates, in the place of the least likely if they are
    /// full), otherwise [`MaiaStep::choose`]; before both, for a step that takes free
    /// material, the move that takes it (shown the same way). `None` only without a legal move.
    pub fn pick(
        self,
        position: &Position,
        policy: &[(Move, f32)],
        seed: u64,
        ply: usize,
    ) -> Option<MaiaMove> {
        let candidates = Self::candidates(policy);
        let taken = self
            .greedy
            .then(|| free_capture(position, policy))
            .flatten();
        if let Some(take) = taken {
            return Some(Self::shown(candidates, take, false));
        }
        if let Some(wrong) = self.blunder_at(position, policy, seed, ply) {
            return Some(Self::shown(candidates, wrong, true));
        }
        let played = self.choose(&candidates, seed, ply)?;
        Some(MaiaMove {
            candidates,
            played,
            blunder: false,
        })
    }

    /// `played`, a move chosen outside the draw, among `candidates`: if it is not one, it is less
    /// likely than every one of them, so it goes last (in the place of the least likely if they
    /// are full).
    fn shown(mut candidates: Vec<(Move, f32)>, played: (Move, f32), blunder: bool) -> MaiaMove {
        if !candidates.iter().any(|&(m, _)| m == played.0) {
            candidates.truncate(Self::CANDIDATES - 1);
            candidates.push(played);
        }
        MaiaMove {
            candidates,
            played: played.0,
            blunder,
        }
    }

    /// The blunder of [`MaiaStep::pick`], if the roll for `ply` (a draw of its own, apart from
    /// the temperature's) falls under the rate and the position has one.
    fn blunder_at(
        self,
        position: &Position,
        policy: &[(Move, f32)],
        seed: u64,
        ply: usize,
    ) -> Option<(Move, f32)> {
        if self.blunders == 0 {
            return None;
        }
        let roll = uniform_from_seed(
            (seed ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).rotate_left(29) ^ 0xB1_0DE5,
        );
        if roll * 1000.0 >= f64::from(self.blunders) {
            return None;
        }
        blunder(position, policy, self.plausible)
    }

    /// The move this step plays from `candidates` (as [`MaiaStep::candidates`] returns them) at
    /// `ply` of the game seeded `seed`: the same game and ply always draw the same move, so a
    /// replay (or a restart) plays what was played.
    pub fn choose(self, candidates: &[(Move, f32)], seed: u64, ply: usize) -> Option<Move> {
        let &(best, top) = candidates.first()?;
        if self.temperature == 0 {
            return Some(best);
        }
        let temperature = f64::from(self.temperature) / 100.0;
        let weights: Vec<f64> = candidates
            .iter()
            .map(|&(_, p)| (f64::from(p / top).ln() / temperature).exp())
            .collect();
        let draw = uniform_from_seed(seed ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut target = draw * weights.iter().sum::<f64>();
        for (&(m, _), w) in candidates.iter().zip(&weights) {
            if target < *w {
                return Some(m);
            }
            target -= w;
        }
        candidates.last().map(|&(m, _)| m)
    }
}

impl fmt::Display for MaiaStep {
    /// `maia1500` at argmax, `maia1100@t1.5` sampled, `maia1100@t1.0@b300` blundering at 300
    /// per mille, `maia1100@t1.0@b1000@s2` with moves 2 per mille likely, `maia1100@t1.0@b400@g`
    /// taking free material: the harness's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "maia{}", self.band.rating())?;
        match self.temperature {
            0 => {}
            t if t % 10 == 0 => write!(f, "@t{:.1}", f64::from(t) / 100.0)?,
            t => write!(f, "@t{:.2}", f64::from(t) / 100.0)?,
        }
        match self.blunders {
            0 => {}
            b if self.plausible == PLAUSIBLE => write!(f, "@b{b}")?,
            b => write!(f, "@b{b}@s{}", self.plausible)?,
        }
        if self.greedy {
            write!(f, "@g")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for MaiaStep {
    type Err = String;

    /// Reads what [`fmt::Display`] writes: `maiaBAND`, then `@tTEMPERATURE` (0.01–10),
    /// `@bPER_MILLE` (1–1000) and, after a rate, `@sPER_MILLE` (2–50, not 5, the default), then
    /// `@g` (takes free material), each optional, in that order.
    fn from_str(s: &str) -> Result<MaiaStep, String> {
        let bad = || {
            format!(
                "{s:?} is not maiaBAND[@tTEMPERATURE][@bBLUNDERS_PER_MILLE[@sSHARE_PER_MILLE]][@g] \
                 (e.g. maia1100@t1.5, maia1100@t1.0@b300, maia1100@t1.0@b1000@s2, maia1100@t1.0@g)"
            )
        };
        let rest = s.strip_prefix("maia").ok_or_else(bad)?;
        let (rest, greedy) = match rest.strip_suffix("@g") {
            Some(rest) => (rest, true),
            None => (rest, false),
        };
        let (rest, plausible) = match rest.split_once("@s") {
            Some((rest, share)) => {
                let share: u16 = share.parse().map_err(|_| bad())?;
                let said = (LEAST_PLAUSIBLE..=50).contains(&share) && share != PLAUSIBLE;
                if !said || !rest.contains("@b") {
                    return Err(bad());
                }
                (rest, share)
            }
            None => (rest, PLAUSIBLE),
        };
        let (rest, blunders) = match rest.split_once("@b") {
            Some((rest, b)) => {
                let b: u16 = b.parse().map_err(|_| bad())?;
                if !(1..=1000).contains(&b) {
                    return Err(bad());
                }
                (rest, b)
            }
            None => (rest, 0),
        };
        let (band, temperature) = match rest.split_once("@t") {
            Some((band, t)) => {
                let t: f64 = t.parse().map_err(|_| bad())?;
                if !(0.01..=10.0).contains(&t) {
                    return Err(bad());
                }
                (band, (t * 100.0).round() as u16)
            }
            None => (rest, 0),
        };
        let band = band
            .parse()
            .ok()
            .and_then(Band::from_rating)
            .ok_or_else(bad)?;
        Ok(MaiaStep {
            band,
            temperature,
            blunders,
            plausible,
            greedy,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::{Game, UciMove};
    use alphachess_maia::Network;

    use crate::games::model::maia_blunder::{blunder, PLAUSIBLE};

    fn network() -> Network {
        Network::load(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/data/maia/maia-1100.pb.gz"
        ))
        .expect("the shipped network")
    }

    fn game(moves: &str) -> Game {
        let mut game = Game::default();
        for word in moves.split_whitespace() {
            let m: UciMove = word.parse().expect("uci");
            game.play(m.to_move(game.position()).expect("legal"))
                .expect("legal");
        }
        game
    }

    #[test]
    fn names_read_back_as_they_print() {
        for name in [
            "maia1100@t1.5",
            "maia1900",
            "maia1300@t1.0",
            "maia1100@t2.25",
            "maia1100@t1.0@b300",
            "maia1100@b1000",
            "maia1100@t2.0@b1000@s2",
            "maia1100@t1.0@b400@g",
            "maia1100@t1.0@b1000@s2@g",
            "maia1100@t1.0@g",
        ] {
            let step: MaiaStep = name.parse().expect(name);
            assert_eq!(step.to_string(), name);
        }
        assert!("maia1000".parse::<MaiaStep>().is_err());
        assert!("maia1100@t0".parse::<MaiaStep>().is_err());
        assert!("skill0".parse::<MaiaStep>().is_err());
        for wrong in [
            "maia1100@b0",
            "maia1100@b1001",
            "maia1100@b300@t1.0",
            "maia1100@b",
            "maia1100@g@t1.0",
            "maia1100@t1.0@gg",
        ] {
            assert!(wrong.parse::<MaiaStep>().is_err(), "{wrong}");
        }
        let step: MaiaStep = "maia1100@t1.0@b300".parse().expect("a step");
        assert_eq!(
            (step.temperature, step.blunders, step.plausible),
            (100, 300, 5)
        );
        let step: MaiaStep = "maia1100@b1000@s2".parse().expect("a step");
        assert_eq!(
            (step.temperature, step.blunders, step.plausible),
            (0, 1000, 2)
        );
    }

    #[test]
    fn the_candidates_are_the_likely_moves_and_every_draw_is_one_of_them() {
        let policy = network().policy(&game("e2e4 e7e5 g1f3"));
        let candidates = MaiaStep::candidates(&policy);
        assert!((1..=MaiaStep::CANDIDATES).contains(&candidates.len()));
        assert_eq!(candidates[0], policy[0]);
        assert!(candidates[1..]
            .iter()
            .all(|&(_, p)| p >= MaiaStep::MIN_SHARE));
        let hot: MaiaStep = "maia1100@t3.0".parse().expect("a step");
        let drawn: std::collections::HashSet<Move> = (0..200)
            .map(|ply| hot.choose(&candidates, 7, ply).expect("a move"))
            .collect();
        assert!(drawn
            .iter()
            .all(|m| candidates.iter().any(|&(c, _)| c == *m)));
        assert!(drawn.len() > 1, "a hot step draws more than the best move");
        assert_eq!(hot.choose(&candidates, 7, 3), hot.choose(&candidates, 7, 3));
        let argmax: MaiaStep = "maia1100".parse().expect("a step");
        assert!((0..50).all(|ply| argmax.choose(&candidates, 5, ply) == Some(candidates[0].0)));
    }

    #[test]
    fn a_free_queen_is_the_only_candidate_and_always_taken() {
        // 4...Qxe4+?? puts Black's queen where the knight on c3 takes it for nothing.
        let game = game("e2e4 e7e5 g1f3 d8f6 b1c3 f6f4 d2d4 f4e4");
        let policy = network().policy(&game);
        let candidates = MaiaStep::candidates(&policy);
        let take = "c3e4".parse::<UciMove>().expect("uci");
        assert_eq!(candidates[0].0.to_uci(), take, "{candidates:?}");
        let hot: MaiaStep = "maia1100@t2.0".parse().expect("a step");
        let taken = (0..100)
            .filter(|&ply| hot.choose(&candidates, 11, ply).map(|m| m.to_uci()) == Some(take))
            .count();
        assert!(taken >= 90, "the queen was taken {taken} times of 100");
    }

    #[test]
    fn a_blundering_step_takes_a_free_queen() {
        let game = game("e2e4 e7e5 g1f3 d8f6 b1c3 f6f4 d2d4 f4e4");
        let policy = network().policy(&game);
        let take = "c3e4".parse::<UciMove>().expect("uci");
        let step: MaiaStep = "maia1100@t1.0@b1000".parse().expect("a step");
        let taken = (0..100)
            .filter_map(|seed| step.pick(game.position(), &policy, seed, 8))
            .filter(|pick| pick.played.to_uci() == take)
            .count();
        assert!(taken >= 90, "the queen was taken {taken} times of 100");
    }

    #[test]
    fn a_blundering_step_blunders_at_its_rate_with_a_move_the_network_gives() {
        // 4.Ng5 aims at f7 twice: 4...Nxe4?! (2.5 % of the band) grabs a pawn and leaves more.
        let game = game("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 f3g5");
        let policy = network().policy(&game);
        let position = game.position();
        let wrong = blunder(position, &policy, PLAUSIBLE).expect("a plausible move overlooks Ng5");
        let step: MaiaStep = "maia1100@t1.0@b300".parse().expect("a step");
        let picks: Vec<MaiaMove> = (0..2000)
            .map(|seed| step.pick(position, &policy, seed, 7).expect("a move"))
            .collect();
        let blunders = picks.iter().filter(|pick| pick.blunder).count();
        assert!(
            (520..680).contains(&blunders),
            "{blunders} blunders in 2000"
        );
        for pick in &picks {
            assert!(pick.candidates.iter().any(|&(m, _)| m == pick.played));
            assert!(pick.candidates.len() <= MaiaStep::CANDIDATES);
            let given = policy.iter().find(|&&(m, _)| m == pick.played);
            assert!(given.is_some_and(|&(_, p)| p >= 0.005), "{pick:?}");
        }
        assert!(picks
            .iter()
            .filter(|p| p.blunder)
            .all(|p| p.played == wrong.0));
        // The same step without blunders never plays it unless its draw does.
        let calm: MaiaStep = "maia1100@t1.0".parse().expect("a step");
        assert!((0..2000).all(|seed| !calm
            .pick(position, &policy, seed, 7)
            .expect("a move")
            .blunder));
        assert_eq!(
            step.pick(position, &policy, 9, 7),
            step.pick(position, &policy, 9, 7)
        );
    }

    #[test]
    fn a_step_that_takes_free_material_always_takes_a_free_queen() {
        // 9.a3?? Qa4: the knight on c3 takes the queen for nothing, yet half of the band take
        // the bishop on b4 instead (axb4 is the second candidate).
        let game = game(
            "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 g8f6 g1f3 c8g4 f1e2 e7e6 c1d2 f8b4 e1g1 b8c6 \
             a2a3 a5a4",
        );
        let policy = network().policy(&game);
        let take = "c3a4".parse::<UciMove>().expect("uci");
        let taken = |name: &str| {
            let step: MaiaStep = name.parse().expect("a step");
            (0..200)
                .map(|seed| {
                    step.pick(game.position(), &policy, seed, 18)
                        .expect("a move")
                })
                .inspect(|pick| {
                    assert!(pick.candidates.iter().any(|&(m, _)| m == pick.played));
                })
                .filter(|pick| pick.played.to_uci() == take)
                .count()
        };
        for drawing in ["maia1100@t1.0", "maia1100@t3.0@b1000"] {
            let missed = 200 - taken(drawing);
            assert!(
                missed >= 20,
                "{drawing} left the queen {missed} times of 200"
            );
        }
        for greedy in [
            "maia1100@t1.0@g",
            "maia1100@t3.0@b1000@g",
            "maia1100@t1.0@b800@g",
        ] {
            assert_eq!(taken(greedy), 200, "{greedy}");
        }
    }
}
