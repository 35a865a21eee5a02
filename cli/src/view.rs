//! What the server answers, as typed values: the `GameView` every frontend reads, the created game,
//! a hint and a `thinking` event. Field names are the server's HTTP contract (`server/src/games/view.rs`
//! and `server/src/events/thinking.rs`); fields this client does not use are left out.

use std::fmt;

use alphachess_engine::{Color, FenError, Position, Square};
use serde::{Deserialize, Serialize};

/// A colour as the server writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColorName {
    White,
    Black,
}

impl ColorName {
    /// The engine crate's colour.
    pub fn color(self) -> Color {
        match self {
            ColorName::White => Color::White,
            ColorName::Black => Color::Black,
        }
    }

    /// `white` or `black`.
    pub fn as_str(self) -> &'static str {
        match self {
            ColorName::White => "white",
            ColorName::Black => "black",
        }
    }
}

impl fmt::Display for ColorName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether the game goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Ongoing,
    Finished,
}

/// A move as the server describes it; `from` and `to` are present on the last move.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct MoveView {
    pub uci: String,
    pub san: String,
}

/// The last move, with its squares.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct LastMove {
    pub san: String,
    pub from: Square,
    pub to: Square,
}

/// Everything needed to draw and play a game.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct GameView {
    pub id: String,
    pub fen: String,
    pub initial_fen: String,
    pub player_color: ColorName,
    pub turn: ColorName,
    pub ply: usize,
    pub level: u8,
    pub status: Status,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// How a finished game ended, e.g. `checkmate`, `threefold_repetition`.
    pub reason: Option<String>,
    pub winner: Option<ColorName>,
    /// Whether the side to move is in check.
    pub check: bool,
    pub last_move: Option<LastMove>,
    pub moves: Vec<MoveView>,
    pub legal_moves: Vec<MoveView>,
    pub engine_thinking: bool,
    #[serde(default)]
    pub can_take_back: bool,
}

impl GameView {
    /// The current position, read with the engine crate (the server wrote it with the same crate).
    pub fn position(&self) -> Result<Position, FenError> {
        Position::from_fen(&self.fen)
    }

    /// The position the game started from.
    pub fn initial_position(&self) -> Result<Position, FenError> {
        Position::from_fen(&self.initial_fen)
    }

    pub fn is_finished(&self) -> bool {
        self.status == Status::Finished
    }

    /// Whether the engine is to move (and so will, or already does, think).
    pub fn is_engine_turn(&self) -> bool {
        !self.is_finished() && self.turn != self.player_color
    }

    /// The result as a sentence: `1-0: white wins by checkmate; you win.`
    pub fn result_line(&self) -> String {
        let reason = self
            .reason
            .as_deref()
            .unwrap_or("an unknown reason")
            .replace('_', " ");
        match self.winner {
            Some(winner) => {
                let you = if winner == self.player_color {
                    "you win"
                } else {
                    "you lose"
                };
                format!("{}: {winner} wins by {reason}; {you}.", self.result)
            }
            None => format!("{}: a draw by {reason}.", self.result),
        }
    }
}

/// Answer of `POST /api/v1/games`.
#[derive(Debug, Clone, Deserialize)]
pub struct CreatedGame {
    pub id: String,
    pub token: String,
    pub game: GameView,
}

/// Answer of the hint endpoint.
#[derive(Debug, Clone, Deserialize)]
pub struct Hint {
    pub san: String,
}

/// An evaluation from white's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves; negative when black mates.
    Mate(i32),
}

impl fmt::Display for Score {
    /// `+0.35`, `-1.20`, `#3` (white mates in 3) or `#-2` (black mates in 2).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Cp(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let cp = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", cp / 100, cp % 100)
            }
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// A `thinking` event: the engine's search for the game's reply, as it progresses.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Thinking {
    /// The ply the search is for (the number of moves played when it started).
    pub ply: usize,
    pub depth: u32,
    #[serde(default)]
    pub target_depth: Option<u32>,
    pub score: Score,
    /// The principal variation in SAN.
    pub pv: Vec<String>,
}

impl fmt::Display for Thinking {
    /// `depth 12/20, eval +0.35, line e5 Nf3 Nc6`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "depth {}", self.depth)?;
        if let Some(target) = self.target_depth {
            write!(f, "/{target}")?;
        }
        write!(f, ", eval {}", self.score)?;
        if !self.pv.is_empty() {
            write!(f, ", line {}", self.pv.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_pawns_or_mates_from_whites_point_of_view() {
        assert_eq!(Score::Cp(35).to_string(), "+0.35");
        assert_eq!(Score::Cp(-120).to_string(), "-1.20");
        assert_eq!(Score::Cp(0).to_string(), "+0.00");
        assert_eq!(Score::Cp(-5).to_string(), "-0.05");
        assert_eq!(Score::Mate(3).to_string(), "#3");
        assert_eq!(Score::Mate(-2).to_string(), "#-2");
    }

    #[test]
    fn a_thinking_event_reads_as_depth_eval_and_line() {
        let json = r#"{"ply":1,"depth":9,"target_depth":20,"score":{"cp":-32},"nodes":18081,"nps":547909,"pv":["c5","Nf3","Nc6"]}"#;
        let thinking: Thinking = serde_json::from_str(json).expect("a thinking event");
        assert_eq!(
            thinking.to_string(),
            "depth 9/20, eval -0.32, line c5 Nf3 Nc6"
        );
    }

    #[test]
    fn a_thinking_event_without_target_or_line_still_reads() {
        let json = r#"{"ply":4,"depth":1,"score":{"mate":-1},"nodes":1,"nps":1,"pv":[]}"#;
        let thinking: Thinking = serde_json::from_str(json).expect("a thinking event");
        assert_eq!(thinking.to_string(), "depth 1, eval #-1");
    }
}
