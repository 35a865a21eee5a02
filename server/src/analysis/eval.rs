//! An evaluation of one position, as the analysis stores and shows it: from white's point of
//! view, in centipawns or moves to mate.

use alphachess_engine::Color;
use serde::Serialize;
use utoipa::ToSchema;

use crate::uci::Score;

/// The most centipawns an evaluation counts for in accuracy and average loss: lila's
/// `Eval.Cp.CEILING`. A mate counts as this much for the mating side.
pub const CP_CEILING: i32 = 1000;

/// An evaluation from WHITE's point of view: `{"cp": 34}`, or `{"mate": -3}` (black mates in 3).
/// `{"mate": 0}` is a checkmate on the board: the side to move is mated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Eval {
    Cp(i32),
    Mate(i32),
}

/// An evaluation from one side's point of view, as far as judgments care (lila's judgments look
/// at a mate's sign, never at its distance).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideEval {
    Cp(i32),
    /// This side mates (or has mated).
    Mating,
    /// This side is mated (or is checkmated).
    Mated,
}

impl Eval {
    /// A position with no legal move: checkmate for the side to move, or a dead draw.
    pub const CHECKMATE: Eval = Eval::Mate(0);
    pub const DRAW: Eval = Eval::Cp(0);

    /// The engine's score (already from white's side, as [`crate::uci::PositionAnalysis`] has it).
    pub fn from_white_score(score: Score) -> Eval {
        match score {
            Score::Cp(cp) => Eval::Cp(cp),
            Score::Mate(n) => Eval::Mate(n),
        }
    }

    /// This evaluation of a position where `turn` is to move, seen from `side`.
    pub fn for_side(self, side: Color, turn: Color) -> SideEval {
        let white = match self {
            Eval::Cp(cp) => return SideEval::Cp(if side == Color::White { cp } else { -cp }),
            Eval::Mate(0) => turn == Color::Black,
            Eval::Mate(n) => n > 0,
        };
        if white == (side == Color::White) {
            SideEval::Mating
        } else {
            SideEval::Mated
        }
    }

    /// White's centipawns within ±[`CP_CEILING`], a mate counting as the ceiling (lila's
    /// `forceAsCp` then `ceiled`); `turn` is the side to move in the evaluated position.
    pub fn white_cp(self, turn: Color) -> i32 {
        match self.for_side(Color::White, turn) {
            SideEval::Cp(cp) => cp.clamp(-CP_CEILING, CP_CEILING),
            SideEval::Mating => CP_CEILING,
            SideEval::Mated => -CP_CEILING,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evaluations_serialize_as_the_contract_says() {
        let json = |eval| serde_json::to_string(&eval).expect("serializes");
        assert_eq!(json(Eval::Cp(-34)), r#"{"cp":-34}"#);
        assert_eq!(json(Eval::Mate(3)), r#"{"mate":3}"#);
        assert_eq!(json(Eval::CHECKMATE), r#"{"mate":0}"#);
    }

    #[test]
    fn a_checkmate_on_the_board_is_lost_for_the_side_to_move() {
        // Black to move and mated: white has mated.
        assert_eq!(
            Eval::CHECKMATE.for_side(Color::White, Color::Black),
            SideEval::Mating
        );
        assert_eq!(
            Eval::CHECKMATE.for_side(Color::Black, Color::Black),
            SideEval::Mated
        );
        assert_eq!(Eval::CHECKMATE.white_cp(Color::White), -CP_CEILING);
        assert_eq!(Eval::CHECKMATE.white_cp(Color::Black), CP_CEILING);
    }

    #[test]
    fn mates_and_large_scores_count_as_the_ceiling() {
        assert_eq!(Eval::Mate(-2).white_cp(Color::White), -1000);
        assert_eq!(Eval::Mate(5).white_cp(Color::Black), 1000);
        assert_eq!(Eval::Cp(2500).white_cp(Color::White), 1000);
        assert_eq!(Eval::Cp(-40).white_cp(Color::Black), -40);
        assert_eq!(
            Eval::Cp(-40).for_side(Color::Black, Color::White),
            SideEval::Cp(40)
        );
        assert_eq!(
            Eval::Mate(-2).for_side(Color::Black, Color::White),
            SideEval::Mating
        );
    }
}
