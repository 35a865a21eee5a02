//! Maia as an opponent: one of Maia's networks, the human moves of a rating band, and how a move
//! is picked from the network's policy. The same rule plays in the server and in the ladder
//! harness, so the served rating is the rating of what the player meets.
//!
//! The move is drawn from the network's *candidates*: its most likely moves, at most
//! [`Maia::CANDIDATES`], each one a move at least [`Maia::MIN_SHARE`] of the band's players would
//! play and at least [`Maia::MIN_RATIO`] as likely as the most likely move. Below the band a
//! hotter temperature weakens the step by spreading the draw over those candidates; it never
//! reaches a move the players of the band hardly ever make (a free queen that nearly every one of
//! them takes stays taken), and never a uniformly random one. The candidates are what the live
//! line shows, so the move played is always one of them.
//!
//! Further below, a step blunders at a rate (issue #37). A hotter temperature alone does not get
//! there (uniform over Maia 1100's top five measured about 980): what makes a beginner lose is not
//! a random move but a plausible one that overlooks a threat. So, at its blunder rate, the step
//! plays the band's move that leaves the most en prise (`en_prise.rs`; a mate in one allowed
//! counts above any material): measured, the most likely of them alone left Maia 1100 at about
//! 850 however often it blundered (#37's log in docs/ladder.md). Two limits keep it human: the
//! move is one at least a step's share of the band's players make ([`PLAUSIBLE`] per mille unless
//! the step says otherwise, never under [`LEAST_PLAUSIBLE`]), never one nobody would consider; and
//! a step never blunders while free material is on the board for it: a beginner overlooks
//! threats, but takes a hanging queen. A blunder outside the candidates joins the ones shown, so
//! the live line still names it.
//!
//! A step that takes free material (`@g`) plays, whenever material is free for it by static
//! exchange, the move that wins the most of it ([`free_capture`]) instead of its draw: a beginner
//! overlooks threats but takes a hanging queen, and at temperature 1 Maia's draw sometimes did
//! not. It too joins the candidates shown.
//!
//! [`Maia::pick`] is the whole choice, in this order: free material, a blunder, the draw.

use std::fmt;

use alphachess_engine::{Move, Position};
use alphachess_maia::{uniform_from_seed, Band};

use super::en_prise::{free_material, left_en_prise, EN_PRISE};
use super::seed::at_ply;
use crate::analysis::explain::material::balance;

/// The least probability (per mille) of a move a step may blunder with, unless the step says
/// otherwise: one player of the band in two hundred makes it.
pub const PLAUSIBLE: u16 = 5;

/// The least a step may say: one player of the band in five hundred.
pub const LEAST_PLAUSIBLE: u16 = 2;

/// A band's network, played at a temperature (0: always the most likely move), blundering at a
/// rate (0: never).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Maia {
    /// Whose games the network learned from.
    pub band: Band,
    /// The temperature in hundredths: 100 draws in proportion to the network's probabilities,
    /// higher spreads the draw over the candidates, 0 plays the most likely move.
    pub temperature: u16,
    /// Per mille of moves that are a blunder where one is plausible (see the module's doc): the
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

impl Maia {
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
    /// full), otherwise [`Maia::choose`]; before both, for a step that takes free
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

    /// The blunder of [`Maia::pick`], if the roll for `ply` (a draw of its own, apart from
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
        let roll = uniform_from_seed(at_ply(seed, ply).rotate_left(29) ^ 0xB1_0DE5);
        if roll * 1000.0 >= f64::from(self.blunders) {
            return None;
        }
        blunder(position, policy, self.plausible)
    }

    /// The move this step plays from `candidates` (as [`Maia::candidates`] returns them) at
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
        let draw = uniform_from_seed(at_ply(seed, ply));
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

/// The blunder a step would make in `position` from the band's `policy` (most likely first):
/// of the moves at least `plausible` per mille likely that leave at least [`EN_PRISE`] en prise, the
/// one that leaves the most (the more likely of equals). `None` when free material is there for
/// the taking, or no plausible move blunders.
pub fn blunder(position: &Position, policy: &[(Move, f32)], plausible: u16) -> Option<(Move, f32)> {
    if free_material(position) >= EN_PRISE {
        return None;
    }
    let floor = f32::from(plausible) / 1000.0;
    policy
        .iter()
        .take_while(|&&(_, p)| p >= floor)
        .map(|&candidate| (left_en_prise(position, candidate.0), candidate))
        .filter(|&(lost, _)| lost >= EN_PRISE)
        .max_by(|(lost, (_, p)), (other, (_, q))| lost.cmp(other).then(p.total_cmp(q)))
        .map(|(_, candidate)| candidate)
}

/// The move that takes free material, for a step that takes it (`@g`): when the side to move
/// has at least [`EN_PRISE`] to win by exchange, the legal move that wins the most net of what it
/// leaves en prise (at least [`EN_PRISE`]; the more likely in `policy` of equals), whatever its
/// probability. `None` when nothing is free or no move nets it.
///
/// Any legal move, not only the network's candidates: measured, the free queens Maia 1100 left
/// at temperature 1 were mostly captures its band's policy ranks below the candidates' floor
/// (22.Bh8xe5 along the long diagonal, 9...Bxd1 behind 9...Bxe6), so a rule among the candidates
/// would keep most of the misses. The static exchange decides what is free, so the move is
/// still one a beginner who sees the hanging piece makes; the step shows it among the
/// candidates, as it shows a blunder.
pub fn free_capture(position: &Position, policy: &[(Move, f32)]) -> Option<(Move, f32)> {
    if free_material(position) < EN_PRISE {
        return None;
    }
    let side = position.turn();
    let before = balance(position, side);
    position
        .legal_moves()
        .into_iter()
        // A move that takes less than EN_PRISE cannot net it: skip the exchange for the rest.
        .filter(|&m| {
            position
                .after(m)
                .is_ok_and(|after| balance(&after, side) - before >= EN_PRISE)
        })
        .map(|m| (-left_en_prise(position, m), m))
        .filter(|&(net, _)| net >= EN_PRISE)
        .map(|(net, m)| {
            let p = policy.iter().find(|&&(c, _)| c == m).map_or(0.0, |c| c.1);
            (net, (m, p))
        })
        .max_by(|(net, (_, p)), (other, (_, q))| net.cmp(other).then(p.total_cmp(q)))
        .map(|(_, taken)| taken)
}

impl fmt::Display for Maia {
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

impl std::str::FromStr for Maia {
    type Err = String;

    /// Reads what [`fmt::Display`] writes: `maiaBAND`, then `@tTEMPERATURE` (0.01–10),
    /// `@bPER_MILLE` (1–1000) and, after a rate, `@sPER_MILLE` (2–50, not 5, the default), then
    /// `@g` (takes free material), each optional, in that order.
    fn from_str(s: &str) -> Result<Maia, String> {
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
        Ok(Maia {
            band,
            temperature,
            blunders,
            plausible,
            greedy,
        })
    }
}

#[cfg(test)]
mod tests;
