//! The player's draw offer to Stockfish, decided as Stockfish would decide it, with no I/O: it
//! accepts at once in a trivially drawn ending, declines before move 31 otherwise, and from then
//! on accepts unless a short search of its own finds itself better than [`LEVEL_CENTIPAWNS`].
//!
//! Two decisions (#40): a side that is losing takes the draw, as any person would (declining a
//! draw while being mated read as absurd); and the rule is applied to the number the player is
//! shown, the evaluation rounded to a tenth of a pawn, so a decline never quotes "+0.3" under a
//! rule of "up to +0.3".

use alphachess_engine::{Color, Position, Role};

use crate::games::model::error::GameError;
use crate::uci::{EngineError, Score};

/// Nodes of the search that decides a draw offer (a fraction of a second; about depth 12).
pub const DRAW_OFFER_NODES: u64 = 300_000;

/// Stockfish agrees to a draw unless its own evaluation, as shown (rounded to a tenth of a pawn),
/// is better than this many centipawns: +0.3.
pub const LEVEL_CENTIPAWNS: i32 = 30;

/// Stockfish agrees to a draw on its evaluation only after this move (before it, only in a
/// trivially drawn ending).
pub const EVALUATED_AFTER_MOVE: u32 = 30;

/// What to do with a draw offer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Accept,
    Decline(Decline),
    /// Only the engine's evaluation can tell.
    Search,
}

/// Why Stockfish declined a draw offer, as the player reads it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Decline {
    #[error("Stockfish declines: before move {} it only agrees to a draw in a dead-drawn ending", EVALUATED_AFTER_MOVE + 1)]
    TooEarly,
    /// Its evaluation, in centipawns from its own side: better than the rule's +0.3 as shown.
    #[error("Stockfish declines: it evaluates the position at {} for itself, and agrees to a draw only at {} or less", pawns(*.0), pawns(LEVEL_CENTIPAWNS))]
    Evaluation(i32),
    /// It mates in this many moves.
    #[error("Stockfish declines: it sees a mate in {0} for itself")]
    Mating(i32),
}

/// A draw offer failed: refused by the rules of the game, or declined.
#[derive(Debug, thiserror::Error)]
pub enum DrawError {
    #[error(transparent)]
    Game(#[from] GameError),
    #[error(transparent)]
    Declined(#[from] Decline),
}

impl From<EngineError> for DrawError {
    fn from(error: EngineError) -> DrawError {
        DrawError::Game(error.into())
    }
}

/// The verdict before any search, on the position alone.
pub fn before_search(position: &Position) -> Verdict {
    if is_trivially_drawn(position) {
        Verdict::Accept
    } else if position.fullmove_number() <= EVALUATED_AFTER_MOVE {
        Verdict::Decline(Decline::TooEarly)
    } else {
        Verdict::Search
    }
}

/// The verdict once the engine (playing `engine`) evaluated the position at `white_score`
/// (from white's side).
pub fn after_search(white_score: Score, engine: Color) -> Verdict {
    let own = match engine {
        Color::White => white_score,
        Color::Black => white_score.flipped(),
    };
    match own {
        Score::Cp(cp) if tenths(cp) <= tenths(LEVEL_CENTIPAWNS) => Verdict::Accept,
        Score::Cp(cp) => Verdict::Decline(Decline::Evaluation(cp)),
        Score::Mate(moves) if moves > 0 => Verdict::Decline(Decline::Mating(moves)),
        // Mated: a person takes the draw.
        Score::Mate(_) => Verdict::Accept,
    }
}

/// Centipawns as whole tenths of a pawn, halves away from zero: the number [`pawns`] shows, so
/// the rule and the message read the same number.
fn tenths(centipawns: i32) -> i32 {
    (centipawns + 5 * centipawns.signum()) / 10
}

/// An ending nobody can force a win in, whatever the moves: no pawns, rooks or queens, and
/// each side at most one knight or bishop, or two knights against a lone king. (A dead position,
/// where nobody can mate at all, has already ended the game: see the engine's
/// `Position::has_insufficient_material`.)
pub fn is_trivially_drawn(position: &Position) -> bool {
    let heavy =
        position.by_role(Role::Pawn) | position.by_role(Role::Rook) | position.by_role(Role::Queen);
    if heavy.any() {
        return false;
    }
    let minors = |color: Color| (position.by_color(color) & !position.by_role(Role::King)).count();
    let knights =
        |color: Color| (position.by_color(color) & position.by_role(Role::Knight)).count();
    let (white, black) = (minors(Color::White), minors(Color::Black));
    let two_knights_v_king =
        |side: Color, other: usize| knights(side) == 2 && minors(side) == 2 && other == 0;
    (white <= 1 && black <= 1)
        || two_knights_v_king(Color::White, black)
        || two_knights_v_king(Color::Black, white)
}

/// Centipawns as a signed number of pawns with one decimal: `+1.4`, `-0.5`.
fn pawns(centipawns: i32) -> String {
    let tenths = tenths(centipawns);
    let sign = if tenths < 0 { '-' } else { '+' };
    format!("{sign}{}.{}", tenths.abs() / 10, tenths.abs() % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(fen: &str) -> Position {
        Position::from_fen(fen).expect("a valid FEN")
    }

    #[test]
    fn minor_piece_endings_without_pawns_are_accepted_at_once() {
        for fen in [
            "8/8/4k3/3n4/8/3BK3/8/8 w - - 0 12",
            "8/8/4k3/3b4/8/3BK3/8/8 b - - 0 5",
            "8/8/4k3/8/8/2NNK3/8/8 w - - 0 20",
        ] {
            assert_eq!(before_search(&position(fen)), Verdict::Accept, "{fen}");
        }
    }

    #[test]
    fn anything_else_is_declined_before_move_31_and_searched_after() {
        let early = "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 30";
        assert_eq!(
            before_search(&position(early)),
            Verdict::Decline(Decline::TooEarly)
        );
        let late = "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 31";
        assert_eq!(before_search(&position(late)), Verdict::Search);
        let knights_and_bishop = "8/8/4k3/8/8/2NNK3/1B6/8 w - - 0 20";
        assert_eq!(
            before_search(&position(knights_and_bishop)),
            Verdict::Decline(Decline::TooEarly)
        );
    }

    #[test]
    fn a_level_evaluation_is_accepted_and_its_sign_is_the_engines() {
        assert_eq!(after_search(Score::Cp(30), Color::Black), Verdict::Accept);
        assert_eq!(after_search(Score::Cp(-30), Color::White), Verdict::Accept);
        assert_eq!(
            after_search(Score::Cp(-140), Color::Black),
            Verdict::Decline(Decline::Evaluation(140))
        );
        assert_eq!(
            after_search(Score::Mate(3), Color::White),
            Verdict::Decline(Decline::Mating(3))
        );
    }

    #[test]
    fn a_losing_engine_takes_the_draw_as_a_person_would() {
        assert_eq!(after_search(Score::Cp(-500), Color::White), Verdict::Accept);
        assert_eq!(after_search(Score::Cp(900), Color::Black), Verdict::Accept);
        assert_eq!(after_search(Score::Mate(3), Color::Black), Verdict::Accept);
        assert_eq!(after_search(Score::Mate(-2), Color::White), Verdict::Accept);
    }

    #[test]
    fn the_rule_reads_the_number_the_player_is_shown() {
        // 34 centipawns show as +0.3: within the rule, so accepted.
        assert_eq!(after_search(Score::Cp(34), Color::White), Verdict::Accept);
        assert_eq!(pawns(-55), "-0.6");
        // 35 show as +0.4 (and say so): outside it.
        assert_eq!(
            after_search(Score::Cp(35), Color::White),
            Verdict::Decline(Decline::Evaluation(35))
        );
        assert!(Decline::Evaluation(35).to_string().contains("+0.4"));
    }

    #[test]
    fn a_decline_says_why_in_pawns() {
        assert_eq!(
            Decline::Evaluation(140).to_string(),
            "Stockfish declines: it evaluates the position at +1.4 for itself, \
             and agrees to a draw only at +0.3 or less"
        );
    }
}
