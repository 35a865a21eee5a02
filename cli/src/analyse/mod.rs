//! `alphachess analyse [FEN|ID]`: the server's analysis board engine in the terminal — a
//! position's best lines (`GET /api/v1/explore`), printed as the search deepens, under the moves
//! players of a rating band (`--band`, 1500 by default) would choose there
//! (`GET /api/v1/explore/human`, Maia's networks).
//!
//! The position is a FEN as typed, or a game's (saved here, or any id on the server) at its last
//! position with a move to play, or at `--ply`. The game's moves go with it, so the engine knows
//! its repetitions and a position its review searched answers at once from the server's cache.
//! The search ends at the server's bound; Ctrl-C ends it sooner (the server stops it when the
//! connection closes).

mod block;
mod event;
mod human;

use std::io::{self, BufReader, Write};

use alphachess_engine::{Color, DrawRule, Game, Position};

use crate::api::{Api, ClientError, ServerUrl};
use crate::session::Looks;
use crate::store::{Store, StoreError};
use block::{rows, Block, MoveNumber};
use event::{read_events, ExploreEvent};
use human::{HumanMoves, HUMAN_MOVES};

pub use human::{parse_band, DEFAULT_BAND};

/// What to analyse, as the command line says.
#[derive(Debug, Clone)]
pub struct AnalyseArgs {
    /// A FEN, a game id (or the start of a saved one's), or `None` for the latest saved game.
    pub target: Option<String>,
    /// The game's position after this many plies.
    pub ply: Option<usize>,
    pub lines: u8,
    /// The rating band whose likeliest moves are shown (1100, 1200, … 1900).
    pub band: u16,
}

/// The position sent: a start and the moves since.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Target {
    fen: String,
    moves: Vec<String>,
    /// How to name it for the player.
    title: String,
}

/// Why the analysis could not be shown. The failures it shares with the other commands wrap
/// their own errors, so `app::AppError` wraps this one and nothing here needs `app`.
#[derive(Debug, thiserror::Error)]
pub enum AnalyseError {
    #[error(transparent)]
    Client(#[from] ClientError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot write the output")]
    Output(#[from] io::Error),
    #[error("the game has {plies} plies: --ply {asked} is past its end")]
    PlyOutOfRange { asked: usize, plies: usize },
    #[error("the server sent a position this client cannot read: {0}")]
    Position(String),
    #[error("{0}")]
    EngineFailed(String),
    #[error("the server ended the stream before the search's end")]
    Cut,
}

/// Runs `alphachess analyse`; `server` is the `--server` as typed (a saved game otherwise goes to
/// its own server), `default_server` where a FEN or an unsaved id goes.
pub fn run(
    args: AnalyseArgs,
    server: Option<ServerUrl>,
    default_server: ServerUrl,
    looks: Looks,
) -> Result<(), AnalyseError> {
    let (api, target) = resolve(&args, server, default_server)?;
    // The server checks the position first: a FEN typed wrong gets its message.
    let response = api.explore(&target.fen, &target.moves, args.lines)?;
    let human: HumanMoves = api.human_moves(&target.fen, &target.moves, args.band, HUMAN_MOVES)?;
    let position = Position::from_fen(&target.fen)
        .map_err(|error| AnalyseError::Position(error.to_string()))?;
    let position = replay(position, &target.moves)?;
    let numbers = MoveNumber {
        fullmove: position.fullmove_number(),
        white_to_move: position.turn() == Color::White,
    };
    let mut out = io::stdout().lock();
    let live = looks.terminal.live;
    writeln!(out, "{}", target.title)?;
    writeln!(
        out,
        "{} to move: {}",
        side(position.turn()),
        position.to_fen()
    )?;
    writeln!(out, "{}", human.row())?;
    out.flush()?;
    let mut block = Block::default();
    let mut outcome: Result<Option<String>, AnalyseError> = Err(AnalyseError::Cut);
    let read = read_events(BufReader::new(response), |event| {
        let shown = match event {
            ExploreEvent::Waiting => {
                block.show(vec!["Waiting for an engine…".into()], &mut out, live)
            }
            ExploreEvent::Lines(lines) => block.show(rows(&lines, numbers), &mut out, live),
            ExploreEvent::Done { depth: 0 } => {
                outcome = Ok(Some("No legal move here: nothing to search.".into()));
                return false;
            }
            ExploreEvent::Done { depth } => {
                outcome = Ok(Some(format!("Done at depth {depth}.")));
                return false;
            }
            ExploreEvent::Stopped => {
                outcome = Ok(Some(
                    "Stopped: another analysis of this board took over.".into(),
                ));
                return false;
            }
            ExploreEvent::Failed { message } => {
                outcome = Err(AnalyseError::EngineFailed(message));
                return false;
            }
            ExploreEvent::Unknown => Ok(()),
        };
        if let Err(error) = shown {
            outcome = Err(error.into());
            return false;
        }
        true
    });
    block.finish(&mut out, live)?;
    read?;
    if let Some(last) = outcome? {
        writeln!(out, "{last}")?;
    }
    Ok(())
}

/// The server and the position `args` name.
fn resolve(
    args: &AnalyseArgs,
    server: Option<ServerUrl>,
    default_server: ServerUrl,
) -> Result<(Api, Target), AnalyseError> {
    if let Some(fen) = args.target.as_deref().filter(|t| t.contains('/')) {
        let target = Target {
            fen: fen.to_owned(),
            moves: Vec::new(),
            title: "Analysing a position.".into(),
        };
        return Ok((Api::new(server.unwrap_or(default_server)), target));
    }
    let store = Store::from_env()?;
    let saved = match args.target.as_deref() {
        Some(id) => match store.find(id) {
            Ok(saved) => Some(saved),
            // Any game on the server may be analysed, saved here or not.
            Err(StoreError::UnknownGame(_)) => None,
            Err(error) => return Err(error.into()),
        },
        None => Some(
            store
                .latest()?
                .ok_or_else(|| StoreError::UnknownGame("(the latest)".into()))?,
        ),
    };
    let (id, home) = match saved {
        Some(saved) => (saved.access.id, saved.server),
        None => (
            args.target.clone().unwrap_or_default(),
            default_server.clone(),
        ),
    };
    let api = Api::new(server.unwrap_or(home));
    let game = api.game(&id)?;
    let plies = game.moves.len();
    let ply = match args.ply {
        Some(asked) if asked > plies => return Err(AnalyseError::PlyOutOfRange { asked, plies }),
        Some(asked) => asked,
        // A game over on the board has nothing to search at its end: the position before.
        None if game.legal_moves.is_empty() && plies > 0 => plies - 1,
        None => plies,
    };
    let moves: Vec<String> = game.moves[..ply].iter().map(|m| m.uci.clone()).collect();
    let after = match ply.checked_sub(1).map(|last| &game.moves[last]) {
        Some(last) => format!(" after {}", last.san),
        None => " at its start".into(),
    };
    let target = Target {
        fen: game.initial_fen.clone(),
        moves,
        title: format!("Analysing game {id}{after} (ply {ply} of {plies})."),
    };
    Ok((api, target))
}

/// `position` after `moves` (the server's own moves), replayed by the rules crate. A draw is
/// only ever claimed, never declared on the way: the server sent these moves as played.
fn replay(position: Position, moves: &[String]) -> Result<Position, AnalyseError> {
    let mut game = Game::new(position).with_draw_rule(DrawRule::ByClaim);
    game.play_uci_moves(moves)
        .map_err(|error| AnalyseError::Position(error.to_string()))?;
    Ok(game.position().clone())
}

fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}
