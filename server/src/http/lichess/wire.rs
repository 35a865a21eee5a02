//! The lichess Board API's JSON shapes, built from our [`GameView`].
//!
//! Field by field from lichess's OpenAPI description (github.com/lichess-org/api, commit
//! f59dc80, `doc/specs/schemas/`: `GameFullEvent`, `GameStateEvent`, `GameStatusName`,
//! `GameStatusId`, `GameEventPlayer`, `GameStartEvent`, `GameFinishEvent`, `GameEventInfo`,
//! `GameEventOpponent`, `Variant`, `Speed`, and `tags/challenges/api-challenge-ai.yaml`). That
//! repository is AGPL-3.0, so none of it is copied here: the field lists are written by hand
//! from it, and `tests/api/lichess_contract.rs` checks our output against them.

use alphachess_engine::{Color, DrawReason, WinReason};
use serde::Serialize;

use crate::games::views::{EndReason, GameView, Status};
use crate::games::Level;
use crate::sentence::capitalised;

/// What lichess reports in place of a clock in a game without one (`Int.MaxValue`, as its
/// correspondence games do).
pub const NO_CLOCK_MS: u64 = 2_147_483_647;

/// The standard start, which lichess writes as `startpos` in `initialFen`.
const STANDARD_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// `Variant.yaml`: only standard chess is played here.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Variant {
    pub key: &'static str,
    pub name: &'static str,
    pub short: &'static str,
}

impl Variant {
    pub const STANDARD: Variant = Variant {
        key: "standard",
        name: "Standard",
        short: "Std",
    };
}

/// `GameStatus.yaml`: a status's id and name.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub struct GameStatus {
    pub id: u16,
    pub name: &'static str,
}

/// The lichess status of a game (`GameStatusName.yaml`, ids from `GameStatusId.yaml`).
pub fn status_of(view: &GameView) -> GameStatus {
    let (id, name) = match (view.status, view.reason) {
        (Status::Ongoing, _) => (20, "started"),
        (Status::Aborted, _) => (25, "aborted"),
        (Status::Finished, Some(EndReason::Win(WinReason::Checkmate))) => (30, "mate"),
        (Status::Finished, Some(EndReason::Win(WinReason::Resignation))) => (31, "resign"),
        (Status::Finished, Some(EndReason::Draw(DrawReason::Stalemate))) => (32, "stalemate"),
        // lichess's `timeout` is a player who left; a flag is `outoftime` (a draw when the
        // other side could not have mated).
        (Status::Finished, Some(EndReason::Win(WinReason::Timeout)))
        | (Status::Finished, Some(EndReason::Draw(DrawReason::TimeoutVsInsufficientMaterial))) => {
            (35, "outoftime")
        }
        (Status::Finished, Some(EndReason::Draw(_))) => (34, "draw"),
        (Status::Finished, None) => (38, "unknownFinish"),
    };
    GameStatus { id, name }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `Speed.yaml`: lichess's speed of a time control (its estimate: limit + 40 × increment), or
/// correspondence without a clock.
pub fn speed_of(view: &GameView) -> &'static str {
    let Some(clock) = &view.clock else {
        return "correspondence";
    };
    let estimate_secs = (clock.limit_ms + 40 * clock.increment_ms) / 1000;
    match estimate_secs {
        0..30 => "ultraBullet",
        30..180 => "bullet",
        180..480 => "blitz",
        480..1500 => "rapid",
        _ => "classical",
    }
}

/// The perf's display name (`GameFullEvent.perf.name`): the speed, capitalised.
fn perf_name(speed: &str) -> String {
    capitalised(speed)
}

/// `GameStateEvent.yaml`: the changing part of a game.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct GameState {
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The moves in UCI, space-separated (castling as the king's two-square move).
    pub moves: String,
    pub wtime: u64,
    pub btime: u64,
    pub winc: u64,
    pub binc: u64,
    pub status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'static str>,
}

impl GameState {
    pub fn of(view: &GameView) -> GameState {
        let (wtime, btime, inc) = match &view.clock {
            Some(clock) => (clock.white_ms, clock.black_ms, clock.increment_ms),
            None => (NO_CLOCK_MS, NO_CLOCK_MS, 0),
        };
        GameState {
            kind: "gameState",
            moves: view
                .moves
                .iter()
                .map(|m| m.uci.as_str())
                .collect::<Vec<_>>()
                .join(" "),
            wtime,
            btime,
            winc: inc,
            binc: inc,
            status: status_of(view).name,
            winner: view.winner.map(color_name),
        }
    }

    /// Whether this state and `other` differ beyond the clocks' reading: a new `gameState` is
    /// sent for a change a client can see, not for every view the domain publishes.
    pub fn differs_from(&self, other: &GameState) -> bool {
        (&self.moves, self.status, self.winner) != (&other.moves, other.status, other.winner)
    }
}

/// `GameEventPlayer.yaml`: a side of a game.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Player {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ai_level: Option<u8>,
    pub id: String,
    pub name: String,
    /// Never titled (`null`).
    pub title: Option<String>,
}

impl Player {
    fn engine(level: u8) -> Player {
        Player {
            ai_level: Some(level),
            id: format!("stockfish-level-{level}"),
            name: format!("Stockfish level {level}"),
            title: None,
        }
    }

    fn human(id: &str) -> Player {
        Player {
            ai_level: None,
            id: id.to_owned(),
            name: id.to_owned(),
            title: None,
        }
    }
}

/// `GameFullEvent.clock`: the time control in milliseconds.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct ClockSetting {
    pub initial: u64,
    pub increment: u64,
}

/// `GameFullEvent.perf`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PerfName {
    pub name: String,
}

/// `GameFullEvent.yaml`: the first line of a game's stream.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct GameFull {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub id: String,
    pub variant: Variant,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSetting>,
    pub speed: &'static str,
    pub perf: PerfName,
    pub rated: bool,
    pub created_at: u64,
    pub white: Player,
    pub black: Player,
    /// `startpos`, or the FEN the game started from.
    pub initial_fen: String,
    pub state: GameState,
}

/// The game's level as lichess numbers them (1–8): the old scale, which the ladder's steps took over
/// (`games/model/level.rs`, `LEGACY_LEVELS`).
fn ai_level(view: &GameView) -> u8 {
    Level::new(view.level.into()).map_or(view.level, Level::to_legacy)
}

impl GameFull {
    /// The game `view` as its owner (`player_id`) sees it, created at `created_at` (ms).
    pub fn of(view: &GameView, player_id: &str, created_at: u64) -> GameFull {
        let (human, engine) = (Player::human(player_id), Player::engine(ai_level(view)));
        let (white, black) = match view.player_color {
            Color::White => (human, engine),
            Color::Black => (engine, human),
        };
        let speed = speed_of(view);
        GameFull {
            kind: "gameFull",
            id: view.id.clone(),
            variant: Variant::STANDARD,
            clock: view.clock.as_ref().map(|clock| ClockSetting {
                initial: clock.limit_ms,
                increment: clock.increment_ms,
            }),
            speed,
            perf: PerfName {
                name: perf_name(speed),
            },
            rated: view.rated,
            created_at,
            white,
            black,
            initial_fen: initial_fen(view),
            state: GameState::of(view),
        }
    }
}

fn initial_fen(view: &GameView) -> String {
    if view.initial_fen == STANDARD_START {
        "startpos".into()
    } else {
        view.initial_fen.clone()
    }
}

/// `GameEventOpponent.yaml`, its "AI Opponent" form.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct AiOpponent {
    /// Always `null` for the AI.
    pub id: Option<String>,
    pub username: String,
    pub ai: u8,
}

/// `GameCompat.yaml`.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct Compat {
    pub bot: bool,
    pub board: bool,
}

/// `GameEventInfo.yaml`: a game on the event stream.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct GameEventInfo {
    pub full_id: String,
    pub game_id: String,
    pub fen: String,
    pub color: &'static str,
    pub last_move: String,
    pub source: &'static str,
    pub status: GameStatus,
    pub variant: Variant,
    pub speed: &'static str,
    pub perf: &'static str,
    pub rated: bool,
    pub has_moved: bool,
    pub opponent: AiOpponent,
    pub is_my_turn: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds_left: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<&'static str>,
    pub compat: Compat,
    pub id: String,
}

impl GameEventInfo {
    pub fn of(view: &GameView) -> GameEventInfo {
        let ongoing = view.status == Status::Ongoing;
        let speed = speed_of(view);
        let mine = view.player_color;
        GameEventInfo {
            full_id: view.id.clone(),
            game_id: view.id.clone(),
            fen: view.fen.clone(),
            color: color_name(mine),
            last_move: view
                .last_move
                .as_ref()
                .map(|m| m.uci.clone())
                .unwrap_or_default(),
            source: "ai",
            status: status_of(view),
            variant: Variant::STANDARD,
            speed,
            perf: speed,
            rated: false,
            has_moved: has_moved(view),
            opponent: AiOpponent {
                id: None,
                username: format!("Stockfish level {}", ai_level(view)),
                ai: ai_level(view),
            },
            is_my_turn: ongoing && view.turn == mine,
            seconds_left: view.clock.as_ref().map(|clock| match mine {
                Color::White => clock.white_ms / 1000,
                Color::Black => clock.black_ms / 1000,
            }),
            winner: view.winner.map(color_name),
            compat: Compat {
                bot: false,
                board: true,
            },
            id: view.id.clone(),
        }
    }
}

/// Whether the player has a move on the board (counting from the game's start position).
fn has_moved(view: &GameView) -> bool {
    let first_mover = match view.initial_fen.split(' ').nth(1) {
        Some("b") => Color::Black,
        _ => Color::White,
    };
    let needed = if view.player_color == first_mover {
        1
    } else {
        2
    };
    view.ply >= needed
}

/// `GameStartEvent.yaml` / `GameFinishEvent.yaml`: a line of the event stream.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct GameEvent {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub game: GameEventInfo,
}

impl GameEvent {
    pub fn start(view: &GameView) -> GameEvent {
        GameEvent {
            kind: "gameStart",
            game: GameEventInfo::of(view),
        }
    }

    pub fn finish(view: &GameView) -> GameEvent {
        GameEvent {
            kind: "gameFinish",
            game: GameEventInfo::of(view),
        }
    }
}

/// The answer of `POST /api/challenge/ai` (its 201 schema).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct ChallengeAiAnswer {
    pub id: String,
    pub variant: Variant,
    pub speed: &'static str,
    pub perf: &'static str,
    pub rated: bool,
    pub fen: String,
    /// Plies played so far (the engine's first move when it has white).
    pub turns: usize,
    pub source: &'static str,
    pub status: GameStatus,
    pub created_at: u64,
    pub player: &'static str,
    pub full_id: String,
}

impl ChallengeAiAnswer {
    pub fn of(view: &GameView, created_at: u64) -> ChallengeAiAnswer {
        let speed = speed_of(view);
        ChallengeAiAnswer {
            id: view.id.clone(),
            variant: Variant::STANDARD,
            speed,
            perf: speed,
            rated: false,
            fen: view.fen.clone(),
            turns: view.ply,
            source: "ai",
            status: status_of(view),
            created_at,
            player: color_name(view.player_color),
            full_id: view.id.clone(),
        }
    }
}
