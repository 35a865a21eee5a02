//! A new game: who plays what, how strong the engine is, and where the game starts (a FEN or the
//! moves of a PGN, validated here so only a possible game reaches the engine).

use alphachess_engine::{pgn, CastlingMode, Color, DrawRule, Game, Position, SanPlus};

use crate::games::model::clock::TimeControl;
use crate::games::model::color::parse_color_name;
use crate::games::model::length::MAX_PLIES;
use crate::games::model::level::Level;
use crate::games::model::players::Players;
use crate::token::{random_bytes, RandomError};

/// Longest FEN worth reading (the longest legal FEN is under 100 characters).
const MAX_FEN_LEN: usize = 128;

/// A FEN or PGN that does not describe a game this server can continue.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("invalid FEN: {0}")]
    Fen(String),
    #[error("invalid PGN: {0}")]
    Pgn(String),
    #[error("{0}")]
    Chess960(String),
}

/// Which side the player asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColorChoice {
    White,
    Black,
    Random,
}

impl ColorChoice {
    /// Reads `"white"`, `"black"` or `"random"`.
    pub fn parse(text: &str) -> Option<ColorChoice> {
        match (text, parse_color_name(text)) {
            (_, Some(Color::White)) => Some(ColorChoice::White),
            (_, Some(Color::Black)) => Some(ColorChoice::Black),
            ("random", None) => Some(ColorChoice::Random),
            _ => None,
        }
    }

    /// The player's colour, tossing a coin for `Random`.
    pub fn resolve(self) -> Result<Color, RandomError> {
        match self {
            ColorChoice::White => Ok(Color::White),
            ColorChoice::Black => Ok(Color::Black),
            ColorChoice::Random => {
                let [byte] = random_bytes::<1>()?;
                Ok(if byte & 1 == 0 {
                    Color::White
                } else {
                    Color::Black
                })
            }
        }
    }
}

/// A validated request for a new game (the HTTP edge builds it from its request body).
#[derive(Debug, Clone)]
pub struct NewGame {
    pub color: ColorChoice,
    pub level: Level,
    /// The start position and any moves already played (from a PGN).
    pub game: Game,
    /// The clocks' time control; `None` untimed.
    pub clock: Option<TimeControl>,
    /// The players a finished PGN names: the game is imported for review (see `players.rs`).
    pub players: Option<Players>,
}

/// A FEN to start from: no control characters, a sane length, a possible position.
pub fn parse_fen(text: &str) -> Result<Position, SetupError> {
    if text.chars().any(char::is_control) {
        return Err(SetupError::Fen("it contains a control character".into()));
    }
    if text.len() > MAX_FEN_LEN {
        return Err(SetupError::Fen(format!(
            "it is longer than {MAX_FEN_LEN} characters"
        )));
    }
    Position::from_fen(text).map_err(|error| SetupError::Fen(error.to_string()))
}

/// A game read from a PGN, and the players it names if it is already over.
#[derive(Debug, Clone)]
pub struct ImportedPgn {
    /// The start position and the moves, as [`parse_pgn`] reads them.
    pub game: Game,
    /// The PGN's `White` and `Black` players, only when the game is already over on the board
    /// (checkmate, stalemate, ...): such a game is reviewed, not played, so it is the PGN's
    /// players' game. An unfinished PGN is continued by the player against the engine, whose
    /// moves the PGN's players never made, so its tags are not kept.
    pub players: Option<Players>,
}

/// The moves of a PGN's first game, to continue from its last position. A result token that the
/// board does not show (a resignation, an adjudication) is not kept: the player plays on.
///
/// Real games may play on past a threefold repetition or fifty moves, draws that over the board
/// only count when claimed, so the moves are replayed under FIDE's claim rule. The game stays
/// under it while it stands at its last imported position, so a PGN that ends on a claimable
/// draw can be claimed (`claim-draw`) or played on; the first move played here switches to the
/// automatic rule of live games ([`GameState`](crate::games::model::state::GameState)'s `play`).
pub fn parse_pgn(text: &str) -> Result<Game, SetupError> {
    import_pgn(text).map(|imported| imported.game)
}

/// [`parse_pgn`], with the players of a PGN that is already over.
pub fn import_pgn(text: &str) -> Result<ImportedPgn, SetupError> {
    let read = pgn::read_game(text).map_err(|error| SetupError::Pgn(error.to_string()))?;
    if read.game.ply() > MAX_PLIES {
        return Err(SetupError::Pgn(format!(
            "the game has more than {MAX_PLIES} plies"
        )));
    }
    let mut game =
        Game::new(read.game.initial_position().clone()).with_draw_rule(DrawRule::ByClaim);
    for &m in read.game.moves() {
        game.play(m)
            .map_err(|error| SetupError::Pgn(error.to_string()))?;
    }
    let players = game
        .outcome()
        .is_some()
        .then(|| Players::of_tags(&read.tags));
    Ok(ImportedPgn { game, players })
}

/// Chess960 setup `number` (0–959), or a random one when `None`.
pub fn chess960_start(number: Option<i64>) -> Result<Position, SetupError> {
    let number = match number {
        Some(n) => u16::try_from(n)
            .ok()
            .filter(|&n| n < 960)
            .ok_or_else(|| SetupError::Chess960("position must be between 0 and 959".into()))?,
        None => random_setup().map_err(|error| SetupError::Chess960(error.to_string()))?,
    };
    Position::chess960(number).map_err(|error| SetupError::Chess960(error.to_string()))
}

/// A uniformly random setup number: two random bytes, redrawn above the last whole multiple
/// of 960 so that no setup is likelier than another.
fn random_setup() -> Result<u16, RandomError> {
    const LIMIT: u16 = (u16::MAX / 960) * 960;
    loop {
        let n = u16::from_le_bytes(random_bytes::<2>()?);
        if n < LIMIT {
            return Ok(n % 960);
        }
    }
}

/// `game` played under Chess960 castling: the same start and moves, each castling rewritten in
/// king-takes-rook form (replayed by its SAN), for a FEN or PGN sent with `variant: chess960`.
pub fn in_chess960(game: &Game) -> Result<Game, SetupError> {
    let start = game
        .initial_position()
        .clone()
        .with_castling_mode(CastlingMode::Chess960)
        .map_err(|error| SetupError::Fen(error.to_string()))?;
    let mut converted = Game::new(start).with_draw_rule(game.draw_rule());
    for (&m, before) in game.moves().iter().zip(game.positions()) {
        let san = SanPlus::from_move(before, m);
        let m = san
            .to_move(converted.position())
            .map_err(|error| SetupError::Pgn(error.to_string()))?;
        converted
            .play(m)
            .map_err(|error| SetupError::Pgn(error.to_string()))?;
    }
    Ok(converted)
}
