//! A game: start position, moves played, the positions reached, and how the game ended.

use std::fmt;
use std::str::FromStr;

use crate::{Color, IllegalMoveError, Move, Position};

/// Why a game was won.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum WinReason {
    /// The loser is checkmated.
    Checkmate,
    /// The loser resigned.
    Resignation,
}

/// Why a game was drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position (same side to move, rights and capturable en passant) arose three times.
    ThreefoldRepetition,
    /// 100 half-moves without a capture or a pawn move.
    FiftyMoveRule,
    /// Neither side has the material to checkmate.
    InsufficientMaterial,
    /// The players agreed to a draw.
    Agreement,
}

/// How a finished game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Outcome {
    /// One side won.
    Decisive {
        /// The winner.
        winner: Color,
        /// How.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The result as written in PGN.
    pub fn result(self) -> GameResult {
        match self {
            Outcome::Decisive {
                winner: Color::White,
                ..
            } => GameResult::WhiteWins,
            Outcome::Decisive {
                winner: Color::Black,
                ..
            } => GameResult::BlackWins,
            Outcome::Draw { .. } => GameResult::Draw,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

/// A game result token: "1-0", "0-1", "1/2-1/2" or "*".
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum GameResult {
    /// "1-0".
    WhiteWins,
    /// "0-1".
    BlackWins,
    /// "1/2-1/2".
    Draw,
    /// "*": not finished.
    Ongoing,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Ongoing => "*",
        })
    }
}

/// The text is not a result token ("1-0", "0-1", "1/2-1/2" or "*").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseGameResultError;

impl fmt::Display for ParseGameResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid game result (expected 1-0, 0-1, 1/2-1/2 or *)")
    }
}

impl std::error::Error for ParseGameResultError {}

impl FromStr for GameResult {
    type Err = ParseGameResultError;

    fn from_str(text: &str) -> Result<GameResult, ParseGameResultError> {
        match text {
            "1-0" => Ok(GameResult::WhiteWins),
            "0-1" => Ok(GameResult::BlackWins),
            "1/2-1/2" => Ok(GameResult::Draw),
            "*" => Ok(GameResult::Ongoing),
            _ => Err(ParseGameResultError),
        }
    }
}

/// Why [`Game::play`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The move is not legal in the current position.
    Illegal(IllegalMoveError),
    /// The game is already over.
    GameOver,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal(err) => err.fmt(f),
            PlayError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<IllegalMoveError> for PlayError {
    fn from(err: IllegalMoveError) -> PlayError {
        PlayError::Illegal(err)
    }
}

/// A game from a start position: the moves played, every position reached (so undo is a pop
/// and repetitions are found by key), and a resignation or agreed draw set from outside.
#[derive(Clone, Debug)]
pub struct Game {
    /// positions[0] is the start; positions[i] follows moves[i - 1].
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Repetition keys of `positions`, index for index.
    keys: Vec<u64>,
    declared: Option<Outcome>,
}

impl Game {
    /// A game starting from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            keys: vec![start.repetition_key()],
            positions: vec![start],
            moves: Vec::new(),
            declared: None,
        }
    }

    /// The position the game started from.
    pub fn initial_position(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .expect("a game always holds its start position")
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position of the game, the start first and the current one last.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// How many half-moves have been played since the start position.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// Plays `m` if it is legal and the game is not over.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        let next = self.position().after(m)?;
        self.keys.push(next.repetition_key());
        self.positions.push(next);
        self.moves.push(m);
        Ok(())
    }

    /// Takes back the last move, if any, and clears a resignation or agreed draw.
    pub fn undo(&mut self) -> Option<Move> {
        self.declared = None;
        let m = self.moves.pop()?;
        self.positions.pop();
        self.keys.pop();
        Some(m)
    }

    /// `loser` resigns (ignored if the game is already over).
    pub fn resign(&mut self, loser: Color) {
        if self.outcome().is_none() {
            self.declared = Some(Outcome::Decisive {
                winner: !loser,
                reason: WinReason::Resignation,
            });
        }
    }

    /// The players agree to a draw (ignored if the game is already over).
    pub fn agree_draw(&mut self) {
        if self.outcome().is_none() {
            self.declared = Some(Outcome::Draw {
                reason: DrawReason::Agreement,
            });
        }
    }

    /// How many times the current position has occurred, counting this occurrence.
    pub fn repetitions(&self) -> usize {
        let pos = self.position();
        let current = self.keys.last().copied().unwrap_or_default();
        // Only positions since the last capture or pawn move can repeat.
        let window = (pos.halfmove_clock() as usize + 1).min(self.keys.len());
        self.keys[self.keys.len() - window..]
            .iter()
            .rev()
            .step_by(2)
            .filter(|&&key| key == current)
            .count()
    }

    /// How the game ended, or `None` while it goes on. Checkmate takes precedence over the
    /// fifty-move rule (mate on the 100th half-move wins).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.declared.is_some() {
            return self.declared;
        }
        let pos = self.position();
        let draw = |reason| Some(Outcome::Draw { reason });
        if pos.count_legal_moves() == 0 {
            return if pos.is_check() {
                Some(Outcome::Decisive {
                    winner: !pos.turn(),
                    reason: WinReason::Checkmate,
                })
            } else {
                draw(DrawReason::Stalemate)
            };
        }
        if pos.has_insufficient_material() {
            return draw(DrawReason::InsufficientMaterial);
        }
        if self.repetitions() >= 3 {
            return draw(DrawReason::ThreefoldRepetition);
        }
        if pos.halfmove_clock() >= 100 {
            return draw(DrawReason::FiftyMoveRule);
        }
        None
    }

    /// The result token: "*" while the game goes on.
    pub fn result(&self) -> GameResult {
        self.outcome().map_or(GameResult::Ongoing, Outcome::result)
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Position::startpos())
    }
}
