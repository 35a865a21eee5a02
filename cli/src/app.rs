//! The three things `alphachess` does: play a new game, resume a saved one, list saved games.

use std::collections::HashSet;
use std::io::{self, Write};
use std::path::PathBuf;

use crate::analyse::AnalyseError;
use crate::api::{Api, ClientError, ErrorCode, GameAccess, NewGameRequest, ServerUrl};
use crate::board::Glyphs;
use crate::key::{KeyError, PlayerKey};
use crate::session::{self, Looks, SessionError};
use crate::store::{SavedGame, Store, StoreError};
use crate::terminal::Terminal;
use crate::view::{color_name, GameView};

/// The colour the player asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    White,
    Black,
    Random,
}

impl ColorChoice {
    fn as_str(self) -> &'static str {
        match self {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        }
    }
}

/// Where a new game starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    Initial,
    Fen(String),
    /// A PGN file to continue.
    Pgn(PathBuf),
}

/// A new game as asked on the command line.
#[derive(Debug, Clone)]
pub struct NewGame {
    pub server: ServerUrl,
    pub color: ColorChoice,
    pub level: Option<u8>,
    pub start: Start,
    /// Play Chess960 (`--chess960`); `None`: standard chess unless the FEN/PGN needs 960.
    pub chess960: Option<Chess960>,
}

/// A Chess960 game as asked on the command line.
#[derive(Debug, Clone, Copy)]
pub struct Chess960 {
    /// The setup number, 0 to 959; `None` for a random one (or the FEN/PGN's start).
    pub position: Option<u16>,
}

/// Why `alphachess` stopped with exit code 1.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error(transparent)]
    Client(#[from] ClientError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Session(#[from] SessionError),
    #[error(transparent)]
    Analyse(#[from] AnalyseError),
    #[error(transparent)]
    Review(#[from] crate::review::ReviewError),
    #[error(transparent)]
    Practice(#[from] crate::practice::PracticeError),
    #[error(transparent)]
    Key(#[from] KeyError),
    #[error("cannot read {}", .path.display())]
    ReadPgn {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("cannot write the output")]
    Output(#[from] io::Error),
}

/// How to draw, as the flags and the terminal decide.
pub fn looks(ascii: bool, no_color: bool, show_eval: bool) -> Looks {
    Looks {
        glyphs: if ascii {
            Glyphs::Ascii
        } else {
            Glyphs::Unicode
        },
        terminal: Terminal::detect(no_color),
        show_eval,
    }
}

/// `alphachess play`: creates the game under the player's key (`given`, else this client's own),
/// saves its token (the key), plays it.
pub fn play(new: NewGame, given: Option<PlayerKey>, looks: Looks) -> Result<(), AppError> {
    let (fen, pgn) = match new.start {
        Start::Initial => (None, None),
        Start::Fen(fen) => (Some(fen), None),
        Start::Pgn(path) => {
            let text = std::fs::read_to_string(&path)
                .map_err(|source| AppError::ReadPgn { path, source })?;
            (None, Some(text))
        }
    };
    let request = NewGameRequest {
        color: new.color.as_str().to_owned(),
        level: new.level,
        fen,
        pgn,
        variant: new.chess960.map(|_| "chess960".to_owned()),
        position: new.chess960.and_then(|c| c.position),
    };
    let api = Api::new(new.server.clone());
    let store = Store::from_env()?;
    let key = crate::key::resolve(given)?;
    let created = api.create(&request, key.as_str())?;
    let access = GameAccess {
        id: created.id,
        token: created.token,
    };
    let game = created.game;
    store.save(SavedGame::new(
        access.clone(),
        new.server,
        game.player_color,
        game.level,
    ))?;
    println!("New game {} {}.", access.id, game.players_line());
    println!("Type `help` for the commands.");
    start(api, access, game, looks)
}

/// The saved game `resume` and `review` name: the one with this id, or the latest one.
fn saved_game(store: &Store, id: Option<&str>) -> Result<SavedGame, StoreError> {
    match id {
        Some(id) => store.find(id),
        None => store
            .latest()?
            .ok_or_else(|| StoreError::UnknownGame("(the latest)".into())),
    }
}

/// `alphachess resume [ID]`: continues a saved game (the latest one without an id).
pub fn resume(id: Option<&str>, server: Option<ServerUrl>, looks: Looks) -> Result<(), AppError> {
    let store = Store::from_env()?;
    let saved = saved_game(&store, id)?;
    let server = server.unwrap_or_else(|| saved.server.clone());
    let api = Api::new(server.clone());
    let game = api.game(&saved.access.id)?;
    store.save(SavedGame::new(
        saved.access.clone(),
        server,
        game.player_color,
        game.level,
    ))?;
    println!("Game {} {}.", saved.access.id, game.players_line());
    start(api, saved.access, game, looks)
}

fn start(api: Api, access: GameAccess, game: GameView, looks: Looks) -> Result<(), AppError> {
    let stdin = io::stdin().lock();
    let stdout = io::stdout().lock();
    session::run(api, access, game, looks, stdin, stdout)?;
    Ok(())
}

/// `alphachess review [ID]`: a saved game's review, then the retry loop at the prompt.
pub fn review(id: Option<&str>, server: Option<ServerUrl>, looks: Looks) -> Result<(), AppError> {
    let store = Store::from_env()?;
    let saved = saved_game(&store, id)?;
    let api = Api::new(server.unwrap_or_else(|| saved.server.clone()));
    let game = api.game(&saved.access.id)?;
    println!(
        "Review of game {} {}.",
        saved.access.id,
        game.players_line()
    );
    if !game.is_finished() {
        println!("The game is not over: the review starts when it is (`alphachess resume`).");
        return Ok(());
    }
    if game.is_aborted() {
        println!("The game was aborted before each side made two moves: it has no review.");
        return Ok(());
    }
    let stdin = io::stdin().lock();
    let mut stdout = io::stdout().lock();
    crate::review::run(
        &api,
        &saved.access,
        game.player_color,
        looks,
        stdin,
        &mut stdout,
    )?;
    Ok(())
}

/// `alphachess practice`: the deck of the key's own mistakes on `server`, due cards first.
pub fn practice(given: Option<PlayerKey>, server: ServerUrl, looks: Looks) -> Result<(), AppError> {
    let key = crate::key::resolve(given)?;
    let stdin = io::stdin().lock();
    let mut stdout = io::stdout().lock();
    crate::practice::run(&Api::new(server), key.as_str(), looks, stdin, &mut stdout)?;
    Ok(())
}

/// `alphachess key [KEY]`: keeps `new_key` as this client's own, if given; prints the key in use
/// (`given`, else this client's own, made on first use) and where it goes.
pub fn key(given: Option<PlayerKey>, new_key: Option<PlayerKey>) -> Result<(), AppError> {
    let store = Store::from_env()?;
    if let Some(new_key) = &new_key {
        crate::key::keep(&store, new_key)?;
    }
    let key = match (new_key, given) {
        (Some(kept), _) => kept,
        (None, given) => crate::key::resolve(given)?,
    };
    let mut out = io::stdout().lock();
    writeln!(out, "{}", key.as_str())?;
    writeln!(
        out,
        "Your player's key: paste it into the browser's settings (Your key) to share one rating \
         and your games; keep it secret, it plays your games."
    )?;
    Ok(())
}

/// `alphachess list`: the saved games and how each stands on its server now.
/// `alphachess levels`: the measured ladder, the key's rating and the step to play next.
pub fn levels(server: ServerUrl, given: Option<PlayerKey>) -> Result<(), AppError> {
    let key = crate::key::resolve(given)?;
    for line in crate::rating::ladder(&Api::new(server), key.as_str())? {
        println!("{line}");
    }
    Ok(())
}

pub fn list() -> Result<(), AppError> {
    let store = Store::from_env()?;
    let games = store.load()?;
    let mut out = io::stdout().lock();
    if games.is_empty() {
        writeln!(out, "No saved games yet: start one with `alphachess play`.")?;
        return Ok(());
    }
    writeln!(
        out,
        "{:<24} {:<6} {:<5} {:<28} STATE",
        "ID", "YOU", "LEVEL", "SERVER"
    )?;
    let mut down: HashSet<String> = HashSet::new();
    for saved in &games {
        let state = standing(saved, &mut down);
        writeln!(
            out,
            "{:<24} {:<6} {:<5} {:<28} {state}",
            saved.access.id,
            color_name(saved.color),
            saved.level,
            saved.server.to_string()
        )?;
    }
    writeln!(out, "Continue one with `alphachess resume ID`.")?;
    Ok(())
}

/// How `saved` stands, asked of its server (once a server is down, it is not asked again).
fn standing(saved: &SavedGame, down: &mut HashSet<String>) -> String {
    let server = saved.server.to_string();
    if down.contains(&server) {
        return "server down".into();
    }
    match Api::new(saved.server.clone()).game(&saved.access.id) {
        Ok(view) if view.players.is_some() => {
            format!("over, {}, {}", view.result, view.players_line())
        }
        Ok(view) if view.is_aborted() => "aborted".to_owned(),
        Ok(view) if view.is_finished() => format!("over, {}", view.result),
        Ok(view) if view.is_engine_turn() => format!("ply {}, Stockfish to move", view.ply),
        Ok(view) => format!("ply {}, your move", view.ply),
        Err(error) if error.code() == Some(&ErrorCode::GameNotFound) => {
            "gone from the server".into()
        }
        Err(ClientError::Down(_)) => {
            down.insert(server);
            "server down".into()
        }
        Err(error) => format!("unknown ({})", crate::report::chain(&error)),
    }
}
