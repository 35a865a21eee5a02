//! What can go wrong with a game, in the domain's words; the HTTP edge (`crate::http::error`) maps each
//! variant to a status and a stable code in one place.

use crate::token::RandomError;
use crate::uci::EngineError;

/// Why a change to a game, or a look at one, was refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// No live game has this id.
    #[error("there is no such game")]
    NotFound,
    /// The game exists but the presented token is not its token (nor the key it was made with).
    /// Not disguised as [`GameError::NotFound`]: anyone may read a game, so hiding that it exists
    /// protects nothing, and a player who pasted the wrong token deserves to be told so.
    #[error("this token is not this game's token: only the player who holds it can do this")]
    WrongToken,
    #[error("the game is over")]
    GameOver,
    /// What only a finished game can have (a kept move tree) was asked of one still going on.
    #[error("the game is not over yet")]
    NotFinished,
    #[error("it is not your turn")]
    NotYourTurn,
    /// The caller's idea of the game is out of date.
    #[error("the game is at ply {actual}, not {expected}; reload it")]
    StalePly { expected: usize, actual: usize },
    /// A takeback or resignation changed the game while this request waited for the engine.
    #[error("another request for this game came first; reload it")]
    Superseded,
    #[error("you have no move to take back")]
    NothingToTakeBack,
    /// A game can be aborted only until each side made two moves (`abortable.rs`).
    #[error("the game can only be aborted until each side has made two moves")]
    AbortTooLate,
    /// No draw can be offered while the game can still be aborted (`abortable.rs`).
    #[error(
        "a draw can be offered only once each side has made two moves; until then, abort the game"
    )]
    DrawTooEarly,
    /// Neither threefold repetition nor the fifty-move rule can be claimed now.
    #[error("there is no draw to claim in this position")]
    NoDrawToClaim,
    #[error("the game reached the limit of {0} plies")]
    TooManyPlies(usize),
    /// Well-formed notation that names no legal move in the game's position.
    #[error("{message}")]
    IllegalMove { message: String, legal_moves: usize },
    #[error("the server holds as many games as it may; try again later")]
    TooManyGames,
    /// The client (or its network) has as many unfinished games as it may start: its share of
    /// `--max-games` (see `creators.rs`).
    #[error("your address (or its network) has as many unfinished games as it may; finish or resign one first")]
    TooManyUnfinished,
    /// The engine already searches for this game (its reply, or a hint): one search per game.
    #[error("the engine is already searching for this game; wait for its answer")]
    SearchInProgress,
    /// The game is stored but could not be rebuilt at startup: it is kept, read-only, as PGN.
    #[error("this stored game could not be loaded; its moves are still available as PGN")]
    Quarantined,
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Random(#[from] RandomError),
}

/// A store failed; the change it was asked to keep is not durable.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The backend refused an operation; `source` says why.
    #[error("the game store failed while {doing}")]
    Backend {
        /// What the store was doing, e.g. "migrating the schema".
        doing: String,
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The database was written by a newer release; reading it could lose what that release keeps.
    #[error("the database has schema version {found}, newer than this release's {supported}")]
    NewerSchema { found: u32, supported: u32 },
    /// The store's writer is gone (the server is stopping, or it crashed).
    #[error("the game store's writer has stopped")]
    Stopped,
    /// The write queue is full: the disk is slower than the changes coming in. Refused at once
    /// (the change is cancelled), so requests fail fast instead of piling up in memory.
    #[error("the game store is busy; try again shortly")]
    Busy,
    /// The batch holding this change failed to commit (the cause was logged by the writer).
    #[error("the change could not be written to disk")]
    NotWritten,
    /// Another server changed the game first (a shared store): this change was not written.
    #[error("another server changed the game first")]
    Conflict,
    /// The SQLite file is damaged: nothing is read from it (games past the damage would be
    /// missing without a word).
    #[error("the database file is damaged ({}); restore it from a backup, or salvage what is readable with `sqlite3 <db> .recover` into a new file", problems.join("; "))]
    Corrupt { problems: Vec<String> },
    /// Another server keeps its games in this SQLite file (it holds the lock file beside it, or
    /// the file itself under another name: a symlink or a hard link).
    #[error("another server uses this database (it holds the lock on {}); stop it first, or give this one its own --db", lock.display())]
    InUse { lock: std::path::PathBuf },
    /// The SQLite file exists and is empty (0 bytes). No server leaves one (SQLite writes the
    /// header as it opens a new file), so it is most likely a failed copy or restore: starting a
    /// new database in it would hide that the games are elsewhere (issue #42, L8).
    #[error("the database file {} is empty (0 bytes): no server left it so, so the games are elsewhere (a failed copy or restore?); restore it, or remove it to start a new database there", path.display())]
    EmptyFile { path: std::path::PathBuf },
    /// The shared store already holds as many live games as it may.
    #[error("the database holds as many live games as it may")]
    Full,
    /// The database did not answer within the store's bound (a stalled host or network path:
    /// the connection stays open and nothing comes back). The change is treated as not written.
    /// Answered as a full queue is, 503 `storage_busy` with `Retry-After`, so a client tries again
    /// later rather than waiting on a database that may not come back (issue #42, L3).
    #[error("the database did not answer within {bound:?} while {doing}")]
    Unanswered {
        doing: String,
        bound: std::time::Duration,
    },
}

impl StoreError {
    /// `source` made the store fail while `doing` something.
    pub fn backend(
        doing: impl Into<String>,
        source: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> StoreError {
        StoreError::Backend {
            doing: doing.into(),
            source: source.into(),
        }
    }
}
