//! How bad a move was: the one judgment of a move, and the rule it comes from (issue #38).
//!
//! Every analysed ply has one judgment, its **class** (`classes.rs`): chess.com's scale of
//! *expected points* lost, the mover's expected score from 0 (lost) to 1 (won), computed as
//! `1 / (1 + exp(-0.00368208 · cp))` (lila's winning-chances curve on a 0..1 scale). Everything a
//! player sees derives from that class: the badge, the `?!`/`?`/`??` glyph and the PGN's NAG
//! ([`Judgment::of_class`]: Inaccuracy `?!`, Mistake `?`, Blunder `??`, and a Miss, a mistake
//! after the opponent's, `?` or `??` by its loss), the graph's marks, the summary's counts,
//! retry's list and the CLI. Before issue #38 the glyph came from lichess's own rule on winning
//! chances, which disagreed with the class on a third of judged moves.
//!
//! **Forced mates.** A mate counts as the whole point: the mating side's expected points are 1,
//! the mated side's 0. A mate appearing or vanishing is therefore graded by what it costs, like
//! any other move, which is lichess's idea ("mate created" is graded by how lost the mover
//! already was) on the one scale:
//! - **allowing a forced mate** (the mover was not being mated, now is) loses everything the
//!   mover had: a Blunder from any position better than about −3.77 pawns, a Mistake down to
//!   −5.96, an Inaccuracy down to −7.99, then Good down to −10.56 and Excellent below (the game
//!   was lost anyway: [`MATE_CREATED_BOUNDS`]);
//! - **letting a forced mate go** (the mover was mating, now is not) loses what separates the
//!   position kept from a sure win: a Blunder if the mover keeps less than about +3.77 (or is now
//!   mated itself), a Mistake below +5.97, an Inaccuracy below +8.00, then Good and Excellent
//!   (the game is still won);
//! - a slower mate for the mover, or a mate against the mover that stays, costs nothing.

use serde::Serialize;
use utoipa::ToSchema;

use super::classes::{MoveClass, MISTAKE};

/// The centipawns (for the mover, before the move) from which allowing a forced mate is each
/// class, worst first: above −377 a Blunder, above −597 a Mistake, above −800 an Inaccuracy,
/// above −1057 Good, else Excellent. The same figures, positive, bound letting a mate go
/// (the centipawns kept after it). Derived from the classes' thresholds: the expected points
/// at these centipawns are 0.20, 0.10, 0.05 and 0.02; pinned by the tests below.
pub const MATE_CREATED_BOUNDS: [i32; 4] = [-377, -597, -800, -1057];

/// A move that lost something: the glyph's and the NAG's meaning, derived from the class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Judgment {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgment {
    /// The judgment a class carries (`loss`: the expected points the move lost, which grades a
    /// Miss): `None` for a move that lost nothing worth a glyph.
    pub fn of_class(class: MoveClass, loss: f64) -> Option<Judgment> {
        match class {
            MoveClass::Inaccuracy => Some(Judgment::Inaccuracy),
            MoveClass::Mistake => Some(Judgment::Mistake),
            MoveClass::Blunder => Some(Judgment::Blunder),
            MoveClass::Miss if loss > MISTAKE => Some(Judgment::Blunder),
            MoveClass::Miss => Some(Judgment::Mistake),
            MoveClass::Book
            | MoveClass::Great
            | MoveClass::Best
            | MoveClass::Excellent
            | MoveClass::Good => None,
        }
    }

    /// The annotation glyph: `?!`, `?`, `??`.
    pub fn glyph(self) -> &'static str {
        match self {
            Judgment::Inaccuracy => "?!",
            Judgment::Mistake => "?",
            Judgment::Blunder => "??",
        }
    }

    /// The word: `Inaccuracy`, `Mistake`, `Blunder`.
    pub fn word(self) -> &'static str {
        match self {
            Judgment::Inaccuracy => "Inaccuracy",
            Judgment::Mistake => "Mistake",
            Judgment::Blunder => "Blunder",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::classes::{classify, expected_points, ClassInput};
    use crate::analysis::eval::SideEval::{self, Cp, Mated, Mating};

    /// The one judge's class of a move from `before` to `after` (the mover's point of view),
    /// not the engine's best move, after an opponent's move that offered nothing.
    fn class(before: SideEval, after: SideEval) -> MoveClass {
        classify(ClassInput {
            book: false,
            best: false,
            loss: (expected_points(before) - expected_points(after)).max(0.0),
            offered: 0.0,
            alternative_loss: None,
        })
    }

    fn judged(before: SideEval, after: SideEval) -> Option<Judgment> {
        let loss = (expected_points(before) - expected_points(after)).max(0.0);
        Judgment::of_class(class(before, after), loss)
    }

    #[test]
    fn the_glyph_is_the_class_s_and_a_miss_is_graded_by_its_loss() {
        use MoveClass::*;
        for quiet in [Book, Great, Best, Excellent, Good] {
            assert_eq!(Judgment::of_class(quiet, 0.5), None, "{quiet:?}");
        }
        assert_eq!(
            Judgment::of_class(Inaccuracy, 0.07),
            Some(Judgment::Inaccuracy)
        );
        assert_eq!(Judgment::of_class(Mistake, 0.15), Some(Judgment::Mistake));
        assert_eq!(Judgment::of_class(Blunder, 0.3), Some(Judgment::Blunder));
        assert_eq!(Judgment::of_class(Miss, 0.15), Some(Judgment::Mistake));
        assert_eq!(Judgment::of_class(Miss, 0.20), Some(Judgment::Mistake));
        assert_eq!(Judgment::of_class(Miss, 0.2001), Some(Judgment::Blunder));
        assert_eq!(Judgment::Blunder.glyph(), "??");
        assert_eq!(Judgment::Inaccuracy.word(), "Inaccuracy");
    }

    #[test]
    fn centipawn_drops_are_judged_on_the_class_scale() {
        // The 29...Rxe7: lichess "?!" (0 → -100 costs 0.18 in winning chances), here
        // 0.5 - 0.40897 = 0.0910 expected points: an Inaccuracy, one judgment.
        assert_eq!(judged(Cp(0), Cp(-100)), Some(Judgment::Inaccuracy));
        // 0 → -50: 0.5 - 0.45410 = 0.0459: Good, no glyph.
        assert_eq!(class(Cp(0), Cp(-50)), MoveClass::Good);
        assert_eq!(judged(Cp(0), Cp(-50)), None);
        // 0 → -150: 0.1339, a Mistake; 0 → -250: 0.5 - 0.28469 = 0.2153, a Blunder.
        assert_eq!(judged(Cp(0), Cp(-150)), Some(Judgment::Mistake));
        assert_eq!(judged(Cp(0), Cp(-250)), Some(Judgment::Blunder));
        // A gain is never judged.
        assert_eq!(judged(Cp(-200), Cp(0)), None);
    }

    #[test]
    fn the_mate_bounds_are_where_the_expected_points_cross_the_class_thresholds() {
        // expected_points(cp) = 1 / (1 + e^(-0.00368208 cp)): 0.20 at cp = ln(1/4) / 0.00368208
        // = -376.5, 0.10 at ln(1/9) / k = -596.7, 0.05 at ln(1/19) / k = -799.7, 0.02 at
        // ln(1/49) / k = -1057.0.
        for (bound, points) in MATE_CREATED_BOUNDS
            .into_iter()
            .zip([0.20, 0.10, 0.05, 0.02])
        {
            assert!(expected_points(Cp(bound)) < points, "{bound}");
            assert!(expected_points(Cp(bound + 1)) > points, "{bound}");
        }
    }

    #[test]
    fn allowing_a_mate_from_a_won_or_equal_position_is_a_blunder() {
        assert_eq!(class(Cp(900), Mated), MoveClass::Blunder, "from won");
        assert_eq!(class(Cp(0), Mated), MoveClass::Blunder, "from equal");
        assert_eq!(
            class(Mating, Mated),
            MoveClass::Blunder,
            "from mating to mated"
        );
        assert_eq!(judged(Cp(-376), Mated), Some(Judgment::Blunder));
    }

    #[test]
    fn allowing_a_mate_from_a_lost_position_costs_what_was_left() {
        assert_eq!(class(Cp(-377), Mated), MoveClass::Mistake);
        assert_eq!(class(Cp(-596), Mated), MoveClass::Mistake);
        assert_eq!(class(Cp(-597), Mated), MoveClass::Inaccuracy);
        assert_eq!(class(Cp(-799), Mated), MoveClass::Inaccuracy);
        assert_eq!(class(Cp(-800), Mated), MoveClass::Good);
        assert_eq!(class(Cp(-1056), Mated), MoveClass::Good);
        assert_eq!(class(Cp(-1057), Mated), MoveClass::Excellent);
        assert_eq!(judged(Cp(-1057), Mated), None, "lost anyway");
        // A mate against the mover that stays costs nothing.
        assert_eq!(class(Mated, Mated), MoveClass::Excellent);
    }

    #[test]
    fn letting_a_mate_go_costs_what_separates_the_position_kept_from_a_win() {
        // From a won position (mating) to equal or lost: a Blunder.
        assert_eq!(class(Mating, Cp(0)), MoveClass::Blunder, "to equal");
        assert_eq!(class(Mating, Cp(-500)), MoveClass::Blunder, "to lost");
        assert_eq!(class(Mating, Cp(376)), MoveClass::Blunder);
        assert_eq!(class(Mating, Cp(377)), MoveClass::Mistake);
        assert_eq!(class(Mating, Cp(596)), MoveClass::Mistake);
        assert_eq!(class(Mating, Cp(597)), MoveClass::Inaccuracy);
        assert_eq!(class(Mating, Cp(799)), MoveClass::Inaccuracy);
        assert_eq!(class(Mating, Cp(800)), MoveClass::Good);
        assert_eq!(class(Mating, Cp(1056)), MoveClass::Good);
        assert_eq!(class(Mating, Cp(1057)), MoveClass::Excellent);
        // A slower mate, or a mate appearing for the mover, costs nothing.
        assert_eq!(class(Mating, Mating), MoveClass::Excellent);
        assert_eq!(class(Cp(200), Mating), MoveClass::Excellent);
        assert_eq!(class(Cp(-200), Mating), MoveClass::Excellent);
    }
}
