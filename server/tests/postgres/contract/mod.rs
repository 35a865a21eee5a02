//! The store's contract, one suite run against both backends (`contract!`, which each file
//! invokes with its tests): what a request relies on when it awaits its ticket, a file per
//! family (`games.rs`, `ratings.rs`, `practice.rs`, `cache.rs`). Then what only a store shared by
//! several servers promises (`shared.rs`: conditional writes, lookups, the global cap, leases,
//! the change feed), how an older database upgrades (`upgrades.rs`) and the writer's bound
//! (`queue.rs`), on PostgreSQL.

/// The suite, once per backend: each file names its tests.
macro_rules! contract {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(#[tokio::test]
            async fn $name() {
                super::$name(super::Backend::sqlite().await).await;
            })*
        }
        mod postgres {
            $(#[tokio::test]
            async fn $name() {
                super::$name(super::Backend::postgres().await).await;
            })*
        }
    };
}

mod cache;
mod games;
mod practice;
mod queue;
mod ratings;
mod shared;
mod upgrades;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use alphachess_engine::{Color, Game};
use alphachess_server::games::stores::{
    GameSnapshot, GameStore, Lookup, PgSettings, PgStore, SqliteStore, StoredGame, WriteTicket,
    DEFAULT_CACHE_POSITIONS, MAX_QUEUED_WRITES, PG_SCHEMA_VERSION, SCHEMA_VERSION,
};
use alphachess_server::games::{GameId, GameState, Level, StoreError};
use alphachess_server::token::TokenHash;

use super::cluster::{cluster, connect};

/// Where a suite's games go, and how to read them back with a fresh store.
pub enum Backend {
    Sqlite {
        _dir: tempfile::TempDir,
        path: String,
    },
    Postgres {
        url: String,
    },
}

/// A lease short enough for the tests to see it expire.
pub const TEST_LEASE: Duration = Duration::from_millis(300);

impl Backend {
    pub async fn sqlite() -> Backend {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir
            .path()
            .join("games.db")
            .to_str()
            .expect("utf-8")
            .to_owned();
        Backend::Sqlite { _dir: dir, path }
    }

    pub async fn postgres() -> Backend {
        Backend::Postgres {
            url: cluster().database().await,
        }
    }

    pub fn pg_settings(url: &str, max_live: u64) -> PgSettings {
        Backend::pg_settings_with_cache(url, max_live, DEFAULT_CACHE_POSITIONS)
    }

    pub fn pg_settings_with_cache(url: &str, max_live: u64, cache_positions: u64) -> PgSettings {
        PgSettings {
            url: url.to_owned(),
            lease: TEST_LEASE,
            max_live,
            cache_positions,
            max_queued: MAX_QUEUED_WRITES,
        }
    }

    /// A store on the backend (another server's, for PostgreSQL, each time).
    pub async fn open(&self) -> Result<Arc<dyn GameStore>, StoreError> {
        self.open_with_cache(DEFAULT_CACHE_POSITIONS).await
    }

    /// A store whose position cache keeps at most `cache_positions` answers.
    pub async fn open_with_cache(
        &self,
        cache_positions: u64,
    ) -> Result<Arc<dyn GameStore>, StoreError> {
        match self {
            Backend::Sqlite { path, .. } => {
                let path = path.clone();
                let (store, _) = tokio::task::spawn_blocking(move || {
                    SqliteStore::open_with_cache(&path, 100, cache_positions)
                })
                .await
                .expect("no panic")?;
                Ok(Arc::new(store))
            }
            Backend::Postgres { url } => Ok(Arc::new(
                PgStore::open(&Backend::pg_settings_with_cache(url, 100, cache_positions)).await?,
            )),
        }
    }

    /// The game as a fresh store reads it back.
    pub async fn read_back(&self, id: &GameId) -> Option<StoredGame> {
        match self {
            Backend::Sqlite { path, .. } => {
                // A copy of the file as it is now (one server per file: the store under test
                // holds the lock), its write-ahead log included. A new copy each time: the
                // store of an earlier read-back may still be closing (checkpointing into its
                // copy and deleting its log), which made a reused copy a short read.
                static READ_BACKS: AtomicU64 = AtomicU64::new(0);
                let copy = format!(
                    "{path}.read-back-{}",
                    READ_BACKS.fetch_add(1, Ordering::Relaxed)
                );
                for suffix in ["", "-wal"] {
                    if std::path::Path::new(&format!("{path}{suffix}")).exists() {
                        std::fs::copy(format!("{path}{suffix}"), format!("{copy}{suffix}"))
                            .expect("copied");
                    }
                }
                let path = copy;
                let (_, games) = tokio::task::spawn_blocking(move || SqliteStore::open(&path, 100))
                    .await
                    .expect("no panic")
                    .expect("opens");
                games.into_iter().find(|game| &game.id == id)
            }
            Backend::Postgres { .. } => {
                let store = self.open().await.expect("opens");
                match store.lookup(id, None).await.expect("reads") {
                    Lookup::Changed(fresh) => Some(fresh.game),
                    Lookup::Missing => None,
                    Lookup::Unchanged => panic!("nothing was cached"),
                }
            }
        }
    }

    /// Marks the database as written by a release newer than this one.
    pub async fn make_schema_newer(&self) {
        match self {
            Backend::Sqlite { path, .. } => {
                rusqlite::Connection::open(path)
                    .and_then(|conn| conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1))
                    .expect("set");
            }
            Backend::Postgres { url } => {
                let newer = i32::try_from(PG_SCHEMA_VERSION + 1).expect("small");
                connect(url)
                    .await
                    .execute("UPDATE alphachess_schema SET version = $1", &[&newer])
                    .await
                    .expect("set");
            }
        }
    }
}

/// One game as a server holds it: the in-memory copy's number and its state.
pub struct Played {
    pub id: GameId,
    pub token: TokenHash,
    pub copy: u64,
    pub state: GameState,
}

impl Played {
    pub fn new(id: &str, copy: u64) -> Played {
        Played {
            id: GameId::parse(id).expect("an id"),
            token: TokenHash::of("secret"),
            copy,
            state: GameState::new(Game::default(), Color::White, Level::MAX),
        }
    }

    pub fn save_new(&self, store: &dyn GameStore) -> WriteTicket {
        store
            .save(&GameSnapshot {
                id: &self.id,
                token: &self.token,
                state: &self.state,
                base: None,
                copy: self.copy,
            })
            .expect("queued")
    }

    /// Plays `text` (for whichever side is to move) and saves it on the version before.
    pub fn play(&mut self, store: &dyn GameStore, text: &str) -> WriteTicket {
        let base = self.state.version();
        let side = self.state.game().position().turn();
        let level = self.state.level();
        let mover = GameState::new(self.state.game().clone(), side, level).at_version(base);
        let mut next = mover;
        next.play_player_move(&text.parse().expect("notation"), None)
            .expect("legal");
        self.state = GameState::new(next.game().clone(), Color::White, level).at_version(base + 1);
        store
            .save(&GameSnapshot {
                id: &self.id,
                token: &self.token,
                state: &self.state,
                base: Some(base),
                copy: self.copy,
            })
            .expect("queued")
    }
}

pub fn uci_moves(game: &StoredGame) -> Vec<String> {
    game.state
        .game()
        .moves()
        .iter()
        .map(ToString::to_string)
        .collect()
}
