//! The player's draw offer to Stockfish, decided as Stockfish would decide it, with no I/O: it
//! accepts at once in a trivially drawn ending, declines before move 31 otherwise, and from then
//! on accepts when a short search of its own finds the position level (within
//! [`LEVEL_CENTIPAWNS`]), as engines in online play do.

use alphachess_engine::{Color, Position, Role};

use crate::games::model::error::GameError;
use crate::uci::{EngineError, Score};

/// Nodes of the search that decides a draw offer (a fraction of a second; about depth 12).
pub const DRAW_OFFER_NODES: u64 = 300_000;

/// The evaluation, in centipawns either way, within which Stockfish agrees to a draw.
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
    /// Its evaluation, in centipawns from its own side.
    #[error("Stockfish declines: it evaluates the position at {} for itself", pawns(*.0))]
    Evaluation(i32),
    /// It mates in this many moves.
    #[error("Stockfish declines: it sees a mate in {0} for itself")]
    Mating(i32),
    /// It is mated in this many moves and plays on anyway.
    #[error("Stockfish declines: it sees itself mated in {0}, and plays on")]
    Mated(i32),
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
        Score::Cp(cp) if cp.abs() <= LEVEL_CENTIPAWNS => Verdict::Accept,
        Score::Cp(cp) => Verdict::Decline(Decline::Evaluation(cp)),
        Score::Mate(moves) if moves > 0 => Verdict::Decline(Decline::Mating(moves)),
        Score::Mate(moves) => Verdict::Decline(Decline::Mated(-moves)),
    }
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
    format!("{:+.1}", f64::from(centipawns) / 100.0)
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
        assert_eq!(
            after_search(Score::Mate(3), Color::Black),
            Verdict::Decline(Decline::Mated(3))
        );
    }

    #[test]
    fn a_decline_says_why_in_pawns() {
        assert_eq!(
            Decline::Evaluation(140).to_string(),
            "Stockfish declines: it evaluates the position at +1.4 for itself"
        );
        assert_eq!(
            Decline::Evaluation(-55).to_string(),
            "Stockfish declines: it evaluates the position at -0.6 for itself"
        );
    }
}
