//! Standard chess or Chess960: what a game's castling rules are, as the API names them.

use alphachess_engine::{CastlingMode, Position};
use serde::{Deserialize, Serialize};

/// The rules a game is played under. Both have the same moves; Chess960 starts from one of 960
/// back-rank setups and castles with the king and rooks wherever they started (king-takes-rook
/// in UCI, `O-O`/`O-O-O` in SAN).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    Standard,
    Chess960,
}

impl Variant {
    /// The variant a game from `start` is played under.
    pub fn of(start: &Position) -> Variant {
        match start.castling_mode() {
            CastlingMode::Standard => Variant::Standard,
            CastlingMode::Chess960 => Variant::Chess960,
        }
    }

    /// The engine's castling mode for this variant.
    pub fn castling_mode(self) -> CastlingMode {
        match self {
            Variant::Standard => CastlingMode::Standard,
            Variant::Chess960 => CastlingMode::Chess960,
        }
    }

    /// The name the API and the stores use: `"standard"` or `"chess960"`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Chess960 => "chess960",
        }
    }

    /// Reads `"standard"` or `"chess960"`.
    pub fn parse(text: &str) -> Option<Variant> {
        match text {
            "standard" => Some(Variant::Standard),
            "chess960" => Some(Variant::Chess960),
            _ => None,
        }
    }
}

/// The FEN a game's start is stored under: Shredder-FEN for Chess960, whose rook files say
/// "Chess960" by themselves when the game is read back (even for setup 518), and the standard
/// FEN otherwise. A Chess960 start without castling rights has no rook files to say so: its
/// variant is stored beside the FEN (`GameRecord::variant`).
pub fn stored_fen(start: &Position) -> String {
    if start.is_chess960() {
        start.to_shredder_fen()
    } else {
        start.to_fen()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_variant_reads_back_from_its_name_and_maps_to_its_castling_mode() {
        for variant in [Variant::Standard, Variant::Chess960] {
            assert_eq!(Variant::parse(variant.name()), Some(variant));
            assert_eq!(
                serde_json::to_value(variant).expect("serializes"),
                variant.name()
            );
        }
        assert_eq!(Variant::parse("Chess960"), None);
        assert_eq!(Variant::Chess960.castling_mode(), CastlingMode::Chess960);
        assert_eq!(Variant::Standard.castling_mode(), CastlingMode::Standard);
    }

    #[test]
    fn a_chess960_start_is_stored_so_that_it_reads_back_as_chess960() {
        let start = Position::chess960(518).expect("in range");
        let stored = stored_fen(&start);
        assert_eq!(
            stored,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
        );
        let again = Position::from_fen(&stored).expect("valid");
        assert_eq!(Variant::of(&again), Variant::Chess960);
        assert_eq!(
            stored_fen(&Position::startpos()),
            alphachess_engine::STARTPOS_FEN
        );
    }
}
