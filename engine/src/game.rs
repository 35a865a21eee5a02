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
    /// The loser's time ran out while the winner could still checkmate (FIDE 6.9).
    Timeout,
}

/// Why a game was drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position (same side to move, rights and capturable en passant) arose three times:
    /// the game ends there under [`DrawRule::Automatic`], or a player claimed it under
    /// [`DrawRule::ByClaim`].
    ThreefoldRepetition,
    /// 100 half-moves without a capture or a pawn move: the game ends there under
    /// [`DrawRule::Automatic`], or a player claimed it under [`DrawRule::ByClaim`].
    FiftyMoveRule,
    /// The same position arose five times: the game ends without a claim (FIDE 9.6.1). Only
    /// reached under [`DrawRule::ByClaim`]; automatic threefold ends the game first.
    FivefoldRepetition,
    /// 150 half-moves without a capture or a pawn move, the last not a checkmate: the game ends
    /// without a claim (FIDE 9.6.2). Only reached under [`DrawRule::ByClaim`].
    SeventyFiveMoveRule,
    /// Neither side has the material to checkmate.
    InsufficientMaterial,
    /// The players agreed to a draw.
    Agreement,
    /// A player's time ran out, but the opponent could not checkmate by any series of legal
    /// moves (FIDE 6.9; see [`Position::has_mating_material`]).
    TimeoutVsInsufficientMaterial,
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

/// How a game treats threefold repetition and the fifty-move rule.
///
/// Under FIDE's rules those are draws a player may *claim*; only fivefold repetition and the
/// 75-move rule end the game by themselves. Online play (lichess, and our server against
/// Stockfish) ends the game at once instead, so nobody has to claim anything: that is the default.
/// A real-world game may have played on past a claimable draw, so reading one needs
/// [`DrawRule::ByClaim`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DrawRule {
    /// Threefold repetition and the fifty-move rule end the game, as in online play.
    #[default]
    Automatic,
    /// Threefold repetition and the fifty-move rule are only claimable ([`Game::claim_draw`]);
    /// fivefold repetition and the 75-move rule end the game, as over the board under FIDE.
    ByClaim,
}

/// [`Game::claim_draw`] was called when neither threefold repetition nor the fifty-move rule
/// could be claimed in the current position (or the game was already over).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoClaimableDrawError;

impl fmt::Display for NoClaimableDrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no draw can be claimed in this position")
    }
}

impl std::error::Error for NoClaimableDrawError {}

/// Half-moves without a capture or a pawn move after which a draw can be claimed (FIDE 9.3).
const FIFTY_MOVES: u32 = 100;
/// Half-moves without a capture or a pawn move after which the game is drawn (FIDE 9.6.2).
const SEVENTY_FIVE_MOVES: u32 = 150;

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
/// and repetitions are found by key), and a resignation, agreed or claimed draw set from outside.
///
/// Threefold repetition and the fifty-move rule end the game unless it was built with
/// [`DrawRule::ByClaim`]:
///
/// ```
/// use alphachess_engine::{DrawReason, DrawRule, Game, UciMove};
///
/// let mut game = Game::default().with_draw_rule(DrawRule::ByClaim);
/// for uci in "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4".split(' ') {
///     let m = uci.parse::<UciMove>()?.to_move(game.position())?;
///     game.play(m)?; // playing on past the threefold repetition is allowed
/// }
/// assert_eq!(game.outcome(), None);
/// assert!(game.claim_draw().is_err(), "e4 made the position new");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    /// positions[0] is the start; positions[i] follows moves[i - 1].
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Repetition keys of `positions`, index for index.
    keys: Vec<u64>,
    declared: Option<Outcome>,
    draw_rule: DrawRule,
}

impl Game {
    /// A game starting from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            keys: vec![start.repetition_key()],
            positions: vec![start],
            moves: Vec::new(),
            declared: None,
            draw_rule: DrawRule::Automatic,
        }
    }

    /// This game with `rule` for threefold repetition and the fifty-move rule.
    pub fn with_draw_rule(mut self, rule: DrawRule) -> Game {
        self.draw_rule = rule;
        self
    }

    /// Sets how threefold repetition and the fifty-move rule are treated from now on.
    ///
    /// Switching to [`DrawRule::Automatic`] can end a game whose current position is a
    /// claimable draw.
    pub fn set_draw_rule(&mut self, rule: DrawRule) {
        self.draw_rule = rule;
    }

    /// How threefold repetition and the fifty-move rule are treated.
    pub fn draw_rule(&self) -> DrawRule {
        self.draw_rule
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

    /// Takes back the last move, if any, and clears a resignation, agreed or claimed draw.
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

    /// `loser`'s time ran out (ignored if the game is already over): a win for the opponent if
    /// they could still checkmate, otherwise a draw (FIDE 6.9).
    pub fn time_out(&mut self, loser: Color) {
        if self.outcome().is_some() {
            return;
        }
        let winner = !loser;
        self.declared = Some(if self.position().has_mating_material(winner) {
            Outcome::Decisive {
                winner,
                reason: WinReason::Timeout,
            }
        } else {
            Outcome::Draw {
                reason: DrawReason::TimeoutVsInsufficientMaterial,
            }
        });
    }

    /// The draw a player may claim in the current position: threefold repetition (first) or the
    /// fifty-move rule. `None` once the game is over, so always `None` at such a position under
    /// [`DrawRule::Automatic`], where these draws end the game by themselves.
    ///
    /// Only the current position counts: FIDE also lets a player claim by announcing the move
    /// that would make the draw, which is that move followed by this claim here.
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        if self.outcome().is_some() {
            return None;
        }
        self.repetition_or_fifty_moves()
    }

    /// Ends the game with the draw the current position allows claiming ([`Game::claimable_draw`]),
    /// as a PGN reader does for a game that ends in "1/2-1/2" there.
    pub fn claim_draw(&mut self) -> Result<DrawReason, NoClaimableDrawError> {
        let reason = self.claimable_draw().ok_or(NoClaimableDrawError)?;
        self.declared = Some(Outcome::Draw { reason });
        Ok(reason)
    }

    /// Threefold repetition or the fifty-move rule at the current position, whatever the rule.
    fn repetition_or_fifty_moves(&self) -> Option<DrawReason> {
        if self.repetitions() >= 3 {
            Some(DrawReason::ThreefoldRepetition)
        } else if self.position().halfmove_clock() >= FIFTY_MOVES {
            Some(DrawReason::FiftyMoveRule)
        } else {
            None
        }
    }

    /// Fivefold repetition or the 75-move rule at the current position.
    fn fivefold_or_seventy_five_moves(&self) -> Option<DrawReason> {
        if self.repetitions() >= 5 {
            Some(DrawReason::FivefoldRepetition)
        } else if self.position().halfmove_clock() >= SEVENTY_FIVE_MOVES {
            Some(DrawReason::SeventyFiveMoveRule)
        } else {
            None
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
    /// fifty- and 75-move rules (mate on the 100th or 150th half-move wins).
    ///
    /// Under [`DrawRule::Automatic`] threefold repetition and the fifty-move rule end the game;
    /// under [`DrawRule::ByClaim`] they do only once claimed ([`Game::claim_draw`]), and
    /// fivefold repetition and the 75-move rule end it by themselves.
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
        match self.draw_rule {
            DrawRule::Automatic => self.repetition_or_fifty_moves(),
            DrawRule::ByClaim => self.fivefold_or_seventy_five_moves(),
        }
        .and_then(draw)
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
