//! The store's contract, one suite run against both backends (`contract!` below): what a request
//! relies on when it awaits its ticket. Then what only a store shared by several servers
//! promises (conditional writes, lookups, the global cap, leases, the change feed), on
//! PostgreSQL.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use alphachess_engine::{CastlingMode, Color, Game, Position};
use alphachess_server::games::stores::{
    CacheKey, CachedAnswer, Change, GameSnapshot, GameStore, Lookup, PgSettings, PgStore, Players,
    PracticeRecord, SharedStore, SqliteStore, StoredGame, StoredTree, WriteTicket,
    DEFAULT_CACHE_POSITIONS, MAX_QUEUED_WRITES, PG_SCHEMA_VERSION, SCHEMA_VERSION, STEPS_OF_16,
};
use alphachess_server::games::{import_pgn, parse_pgn_tree, GameId, GameState, Level, StoreError};
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
const TEST_LEASE: Duration = Duration::from_millis(300);

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

    fn pg_settings(url: &str, max_live: u64) -> PgSettings {
        Backend::pg_settings_with_cache(url, max_live, DEFAULT_CACHE_POSITIONS)
    }

    fn pg_settings_with_cache(url: &str, max_live: u64, cache_positions: u64) -> PgSettings {
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
struct Played {
    id: GameId,
    token: TokenHash,
    copy: u64,
    state: GameState,
}

impl Played {
    fn new(id: &str, copy: u64) -> Played {
        Played {
            id: GameId::parse(id).expect("an id"),
            token: TokenHash::of("secret"),
            copy,
            state: GameState::new(Game::default(), Color::White, Level::MAX),
        }
    }

    fn save_new(&self, store: &dyn GameStore) -> WriteTicket {
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
    fn play(&mut self, store: &dyn GameStore, text: &str) -> WriteTicket {
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

fn uci_moves(game: &StoredGame) -> Vec<String> {
    game.state
        .game()
        .moves()
        .iter()
        .map(ToString::to_string)
        .collect()
}

pub async fn a_new_game_is_read_back_once_its_ticket_resolves(backend: Backend) {
    let store = backend.open().await.expect("opens");
    let game = Played::new("aaaaaaaaaaaa", 1);
    let ticket = game.save_new(store.as_ref());
    store.durable(ticket).await.expect("committed");
    let back = backend.read_back(&game.id).await.expect("stored");
    assert!(back.token.verify("secret"));
    assert_eq!(back.state.player(), Color::White);
    assert_eq!(back.state.game().ply(), 0);
}

pub async fn every_acknowledged_change_is_kept_in_order(backend: Backend) {
    let store = backend.open().await.expect("opens");
    let mut game = Played::new("bbbbbbbbbbbb", 1);
    game.save_new(store.as_ref());
    let mut last = WriteTicket::default();
    for text in ["e4", "e5", "Nf3"] {
        last = game.play(store.as_ref(), text);
    }
    store.durable(last).await.expect("committed");
    let back = backend.read_back(&game.id).await.expect("stored");
    assert_eq!(uci_moves(&back), ["e2e4", "e7e5", "g1f3"]);
}

pub async fn a_deleted_game_is_gone(backend: Backend) {
    let store = backend.open().await.expect("opens");
    let game = Played::new("cccccccccccc", 1);
    game.save_new(store.as_ref());
    let gone = store.delete(&game.id).expect("queued");
    store.durable(gone).await.expect("committed");
    assert!(backend.read_back(&game.id).await.is_none());
}

pub async fn a_rated_game_counts_once_for_its_key_and_survives_reopening(backend: Backend) {
    use alphachess_server::games::ladder::{GameScore, RatedGame};
    let store = backend.open().await.expect("opens");
    let key = TokenHash::of("R4t3dK3yQw9Zx8Yv7Ut6Sr5Pq");
    assert_eq!(store.ratings().rating(&key).await.expect("reads"), None);
    let game = RatedGame {
        game_id: "rrrrrrrrrrrr".into(),
        score: GameScore {
            opponent_rating: 1500.0,
            opponent_deviation: 50.0,
            score: 1.0,
        },
    };
    let once = store.ratings().rate(&key, &game).await.expect("rates");
    let twice = store
        .ratings()
        .rate(&key, &game)
        .await
        .expect("rates again");
    assert_eq!(once.games, 1);
    assert_eq!(twice, once, "a game seen ending twice counts once");
    assert!(once.rating.rating > 1500.0);
    let other = TokenHash::of("0th3rK3yQw9Zx8Yv7Ut6Sr5Pq");
    assert_eq!(store.ratings().rating(&other).await.expect("reads"), None);
    drop(store);
    let reopened = backend.open().await.expect("opens again");
    assert_eq!(
        reopened.ratings().rating(&key).await.expect("reads"),
        Some(once)
    );
}

pub async fn an_estimate_starts_a_key_only_until_a_rated_game_counts(backend: Backend) {
    use alphachess_server::games::ladder::{GameScore, Glicko2, RatedGame};
    let store = backend.open().await.expect("opens");
    let key = TokenHash::of("Est1mat3Ab9Zx8Yv7Ut6Sr5Pq");
    let start = |rating| Glicko2 {
        rating,
        ..Glicko2::default()
    };
    let first = store
        .ratings()
        .estimate(&key, &start(1900.0))
        .await
        .expect("estimates");
    assert_eq!((first.rating, first.games), (start(1900.0), 0));
    let second = store
        .ratings()
        .estimate(&key, &start(900.0))
        .await
        .expect("estimates");
    assert_eq!(
        second.rating,
        start(900.0),
        "a key with no games may change its estimate"
    );
    let game = RatedGame {
        game_id: "eeeeeeeeeeee".into(),
        score: GameScore {
            opponent_rating: 900.0,
            opponent_deviation: 50.0,
            score: 1.0,
        },
    };
    let rated = store.ratings().rate(&key, &game).await.expect("rates");
    assert!(
        rated.rating.rating > 900.0,
        "the game starts from the estimate"
    );
    let after = store
        .ratings()
        .estimate(&key, &start(2400.0))
        .await
        .expect("answers");
    assert_eq!(
        after, rated,
        "once a game counts, an estimate changes nothing"
    );
}

pub async fn a_flush_waits_for_every_queued_write(backend: Backend) {
    let store = backend.open().await.expect("opens");
    store.flush().await.expect("nothing to wait for");
    let games = ["dddddddddddd", "eeeeeeeeeeee", "ffffffffffff"].map(|id| Played::new(id, 1));
    for game in &games {
        game.save_new(store.as_ref());
    }
    store.flush().await.expect("committed");
    for game in &games {
        assert!(backend.read_back(&game.id).await.is_some(), "{}", game.id);
    }
}

pub async fn a_database_from_a_newer_release_is_refused(backend: Backend) {
    drop(backend.open().await.expect("creates the schema"));
    backend.make_schema_newer().await;
    let error = backend.open().await.err().expect("refused");
    assert!(matches!(error, StoreError::NewerSchema { .. }), "{error}");
}

pub async fn a_finished_pgns_players_are_read_back_and_a_row_without_them_has_none(
    backend: Backend,
) {
    let store = backend.open().await.expect("opens");
    let mate = "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. f3 e5 2. g4 Qh4# 0-1";
    let imported = import_pgn(mate).expect("a finished PGN");
    let mut game = Played::new("gggggggggggg", 1);
    game.state =
        GameState::new(imported.game, Color::White, Level::MAX).with_players(imported.players);
    let ticket = game.save_new(store.as_ref());
    store.durable(ticket).await.expect("committed");
    let back = backend.read_back(&game.id).await.expect("stored");
    assert_eq!(
        back.state.players(),
        Some(&Players::new(Some("Anna"), Some("Ben")))
    );
    assert!(back.state.is_finished());

    // A row written before the players were stored.
    match &backend {
        Backend::Sqlite { path, .. } => {
            rusqlite::Connection::open(path)
                .and_then(|conn| conn.execute("UPDATE games SET players = NULL", []))
                .expect("cleared");
        }
        Backend::Postgres { url } => {
            connect(url)
                .await
                .execute("UPDATE games SET record = record - 'players'", &[])
                .await
                .expect("cleared");
        }
    }
    let back = backend.read_back(&game.id).await.expect("still loads");
    assert_eq!(back.state.players(), None);
    assert!(back.state.is_finished());
}

pub async fn a_kept_tree_is_read_back_with_its_game_and_a_row_without_one_has_none(
    backend: Backend,
) {
    let store = backend.open().await.expect("opens");
    let imported = import_pgn("1. f3 e5 2. g4 Qh4# 0-1").expect("a finished PGN");
    let mut game = Played::new("tttttttttttt", 1);
    game.state = GameState::new(imported.game, Color::White, Level::MAX);
    let ticket = game.save_new(store.as_ref());
    store.durable(ticket).await.expect("committed");
    let tree = parse_pgn_tree("1. f3 e5 2. g4 (2. e4 { no mate }) 2... Qh4# *").expect("a tree");
    let kept = StoredTree::for_game(game.state.game(), &tree).expect("holds the game");
    let mut changed = game.state.clone();
    changed
        .keep_tree(kept.clone(), game.state.version())
        .expect("a finished game keeps a tree");
    let ticket = store
        .save(&GameSnapshot {
            id: &game.id,
            token: &game.token,
            state: &changed,
            base: Some(game.state.version()),
            copy: game.copy,
        })
        .expect("queued");
    store.durable(ticket).await.expect("committed");
    let back = backend.read_back(&game.id).await.expect("stored");
    assert_eq!(back.state.tree(), Some(&kept));
    assert_eq!(back.state.tree().map(StoredTree::tree), Some(tree));

    // A row written before trees were stored.
    match &backend {
        Backend::Sqlite { path, .. } => {
            rusqlite::Connection::open(path)
                .and_then(|conn| conn.execute("UPDATE games SET tree = NULL", []))
                .expect("cleared");
        }
        Backend::Postgres { url } => {
            connect(url)
                .await
                .execute("UPDATE games SET record = record - 'tree'", &[])
                .await
                .expect("cleared");
        }
    }
    let back = backend.read_back(&game.id).await.expect("still loads");
    assert_eq!(back.state.tree(), None);
}

pub async fn a_chess960_game_without_castling_rights_is_read_back_as_chess960(backend: Backend) {
    let store = backend.open().await.expect("opens");
    let start = Position::from_fen_with_mode(
        "bnrqkbrn/pppppppp/8/8/8/8/PPPPPPPP/BNRQKBRN w - - 0 1",
        CastlingMode::Chess960,
    )
    .expect("valid");
    let mut game = Played::new("hhhhhhhhhhhh", 1);
    game.state = GameState::new(Game::new(start), Color::White, Level::MAX);
    let ticket = game.save_new(store.as_ref());
    store.durable(ticket).await.expect("committed");
    let back = backend.read_back(&game.id).await.expect("stored");
    assert!(back.state.game().initial_position().is_chess960());

    // A row written before the variant was stored: read from its FEN, as then.
    match &backend {
        Backend::Sqlite { path, .. } => {
            rusqlite::Connection::open(path)
                .and_then(|conn| conn.execute("UPDATE games SET variant = NULL", []))
                .expect("cleared");
        }
        Backend::Postgres { url } => {
            connect(url)
                .await
                .execute("UPDATE games SET record = record - 'variant'", &[])
                .await
                .expect("cleared");
        }
    }
    let back = backend.read_back(&game.id).await.expect("still loads");
    assert!(!back.state.game().initial_position().is_chess960());
}

/// The position cache's key number `n`.
fn cache_key(n: u32) -> CacheKey {
    CacheKey::from_stored(format!("{n:032x}"))
}

/// An answer to tell apart by `cp` (a mate score for a negative one).
fn cached(cp: i64) -> CachedAnswer {
    let (cp, mate) = if cp < 0 {
        (None, Some(cp))
    } else {
        (Some(cp), None)
    };
    CachedAnswer {
        cp,
        mate,
        best: "e2e4".into(),
        pv: "e2e4 e7e5 g1f3".into(),
        depth: 18,
        nodes: 250_000,
        second_cp: cp.map(|cp| cp - 150),
        second_mate: None,
    }
}

/// Caches `answers` under their keys and waits until the writer has dealt with them.
async fn cache_all(store: &dyn GameStore, answers: &[(u32, CachedAnswer)]) {
    for (n, answer) in answers {
        store.cache_answer(&cache_key(*n), answer).expect("queued");
    }
    store.flush().await.expect("written");
}

/// The cached answers under the keys numbered `numbers`.
async fn cached_under(store: &dyn GameStore, numbers: &[u32]) -> Vec<Option<CachedAnswer>> {
    let keys: Vec<CacheKey> = numbers.iter().map(|&n| cache_key(n)).collect();
    let answers = store.cached_answers(&keys).await.expect("read");
    // A hit's use is written through the queue too.
    store.flush().await.expect("written");
    answers
}

pub async fn cached_answers_come_back_in_the_order_asked_with_misses_as_none(backend: Backend) {
    let store = backend.open().await.expect("opens");
    cache_all(
        store.as_ref(),
        &[(1, cached(10)), (2, cached(-3)), (3, cached(30))],
    )
    .await;
    assert_eq!(
        cached_under(store.as_ref(), &[3, 9, 1, 2, 8]).await,
        [
            Some(cached(30)),
            None,
            Some(cached(10)),
            Some(cached(-3)),
            None
        ]
    );
    assert_eq!(cached_under(store.as_ref(), &[]).await, []);
}

pub async fn a_second_answer_under_a_key_replaces_the_first(backend: Backend) {
    let store = backend.open().await.expect("opens");
    cache_all(store.as_ref(), &[(1, cached(10)), (1, cached(-2))]).await;
    cache_all(store.as_ref(), &[(1, cached(77))]).await;
    assert_eq!(cached_under(store.as_ref(), &[1]).await, [Some(cached(77))]);
}

pub async fn past_the_bound_the_least_recently_used_answer_is_forgotten(backend: Backend) {
    let store = backend.open_with_cache(2).await.expect("opens");
    cache_all(store.as_ref(), &[(1, cached(1)), (2, cached(2))]).await;
    // 1 was cached first but read since: 2 is the least recently used.
    assert_eq!(cached_under(store.as_ref(), &[1]).await, [Some(cached(1))]);
    cache_all(store.as_ref(), &[(3, cached(3))]).await;
    assert_eq!(
        cached_under(store.as_ref(), &[1, 2, 3]).await,
        [Some(cached(1)), None, Some(cached(3))]
    );
    // Now 3 was read after 1: 1 goes next.
    cache_all(store.as_ref(), &[(4, cached(4))]).await;
    assert_eq!(
        cached_under(store.as_ref(), &[3, 4, 1]).await,
        [Some(cached(3)), Some(cached(4)), None]
    );
}

pub async fn the_cache_survives_reopening_the_store(backend: Backend) {
    let store = backend.open().await.expect("opens");
    cache_all(store.as_ref(), &[(1, cached(10)), (2, cached(-4))]).await;
    drop(store);
    let store = backend.open().await.expect("opens again");
    assert_eq!(
        cached_under(store.as_ref(), &[2, 1]).await,
        [Some(cached(-4)), Some(cached(10))]
    );
}

pub async fn a_cache_of_no_positions_keeps_nothing(backend: Backend) {
    let store = backend.open().await.expect("opens");
    cache_all(store.as_ref(), &[(1, cached(10))]).await;
    drop(store);
    let store = backend.open_with_cache(0).await.expect("opens");
    cache_all(store.as_ref(), &[(2, cached(20))]).await;
    assert_eq!(cached_under(store.as_ref(), &[1, 2]).await, [None, None]);
    drop(store);
    // What a larger bound kept was forgotten when the store opened with none.
    let store = backend.open().await.expect("opens");
    assert_eq!(cached_under(store.as_ref(), &[1, 2]).await, [None, None]);
}

fn practice_record(game: &str, ply: i64, failed_try: bool) -> PracticeRecord {
    PracticeRecord {
        game_id: game.to_owned(),
        ply,
        phase: "review".to_owned(),
        step: None,
        stability: Some(3.173_200_142_545_618),
        difficulty: Some(5.282_434_422_319_005),
        due: 1_767_571_200,
        last_review: Some(1_767_225_600),
        failed_try,
    }
}

pub async fn a_practice_cards_schedule_survives_reopening_and_goes_with_its_game(backend: Backend) {
    let store = backend.open().await.expect("opens");
    let game = Played::new("pppppppppppp", 1);
    let ticket = game.save_new(store.as_ref());
    store.durable(ticket).await.expect("committed");
    for failed_try in [false, true] {
        let record = practice_record("pppppppppppp", 4, failed_try);
        store.practice().save_record(&record).await.expect("kept");
    }
    drop(store);
    let store = backend.open().await.expect("opens again");
    let ids = [game.id.clone()];
    assert_eq!(
        store.practice().records(&ids).await.expect("read"),
        [practice_record("pppppppppppp", 4, true)]
    );
    let gone = store.delete(&game.id).expect("queued");
    store.durable(gone).await.expect("committed");
    assert_eq!(store.practice().records(&ids).await.expect("read"), []);
}

/// The suite, once per backend.
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

contract!(
    a_new_game_is_read_back_once_its_ticket_resolves,
    every_acknowledged_change_is_kept_in_order,
    a_deleted_game_is_gone,
    a_flush_waits_for_every_queued_write,
    a_database_from_a_newer_release_is_refused,
    a_finished_pgns_players_are_read_back_and_a_row_without_them_has_none,
    a_kept_tree_is_read_back_with_its_game_and_a_row_without_one_has_none,
    a_chess960_game_without_castling_rights_is_read_back_as_chess960,
    cached_answers_come_back_in_the_order_asked_with_misses_as_none,
    a_second_answer_under_a_key_replaces_the_first,
    past_the_bound_the_least_recently_used_answer_is_forgotten,
    the_cache_survives_reopening_the_store,
    a_cache_of_no_positions_keeps_nothing,
    a_rated_game_counts_once_for_its_key_and_survives_reopening,
    a_practice_cards_schedule_survives_reopening_and_goes_with_its_game,
    an_estimate_starts_a_key_only_until_a_rated_game_counts,
);

// What a store shared by several servers promises on top (PostgreSQL only).

async fn two_servers(max_live: u64) -> (String, PgStore, PgStore) {
    let url = cluster().database().await;
    let settings = Backend::pg_settings(&url, max_live);
    let a = PgStore::open(&settings).await.expect("A opens");
    let b = PgStore::open(&settings).await.expect("B opens");
    (url, a, b)
}

#[tokio::test]
async fn a_change_on_a_version_the_database_no_longer_holds_is_refused_with_the_copys_later_ones() {
    let (url, a, b) = two_servers(100).await;
    let mut on_a = Played::new("gggggggggggg", 1);
    a.durable(on_a.save_new(&a)).await.expect("created");
    let Lookup::Changed(fresh) = b.lookup(&on_a.id, None).await.expect("reads") else {
        panic!("B reads the game");
    };
    assert!(!fresh.searched_elsewhere, "the player is to move");
    let mut on_b = Played {
        state: fresh.game.state,
        ..Played::new("gggggggggggg", 2)
    };
    b.durable(on_b.play(&b, "d4"))
        .await
        .expect("B's move came first");
    let lost = on_a.play(&a, "e4");
    let built_on_it = on_a.play(&a, "e5");
    assert!(matches!(a.durable(lost).await, Err(StoreError::Conflict)));
    assert!(
        matches!(a.durable(built_on_it).await, Err(StoreError::Conflict)),
        "a later change of the copy that lost is refused too, though its version matches"
    );
    let back = Backend::Postgres { url }
        .read_back(&on_a.id)
        .await
        .expect("stored");
    assert_eq!(uci_moves(&back), ["d2d4"]);
    assert_eq!(back.state.version(), 1);
}

#[tokio::test]
async fn a_lookup_sends_the_game_only_when_the_database_holds_a_newer_version() {
    let (_, a, b) = two_servers(100).await;
    let mut game = Played::new("hhhhhhhhhhhh", 1);
    game.save_new(&a);
    a.durable(game.play(&a, "e4")).await.expect("committed");
    assert!(matches!(
        b.lookup(&game.id, Some(1)).await,
        Ok(Lookup::Unchanged)
    ));
    assert!(matches!(
        b.lookup(&game.id, Some(2)).await,
        Ok(Lookup::Unchanged)
    ));
    match b.lookup(&game.id, Some(0)).await {
        Ok(Lookup::Changed(fresh)) => {
            assert_eq!(fresh.game.state.version(), 1);
            assert!(
                fresh.searched_elsewhere,
                "A took the lease on the engine's reply"
            );
        }
        other => panic!("{other:?}"),
    }
    let unknown = GameId::parse("zzzzzzzzzzzz").expect("an id");
    assert!(matches!(
        b.lookup(&unknown, None).await,
        Ok(Lookup::Missing)
    ));
}

#[tokio::test]
async fn the_live_game_cap_is_counted_in_the_database_for_every_server() {
    let (_, a, b) = two_servers(2).await;
    let first = Played::new("iiiiiiiiiiii", 1);
    let second = Played::new("jjjjjjjjjjjj", 2);
    a.durable(first.save_new(&a)).await.expect("room");
    b.durable(second.save_new(&b)).await.expect("room");
    let third = Played::new("kkkkkkkkkkkk", 3);
    assert!(matches!(
        a.durable(third.save_new(&a)).await,
        Err(StoreError::Full)
    ));
    let gone = b.delete(&second.id).expect("queued");
    b.durable(gone).await.expect("committed");
    a.durable(third.save_new(&a))
        .await
        .expect("a place came free");
}

#[tokio::test]
async fn an_expired_lease_is_claimed_once_and_a_renewed_one_not_at_all() {
    let (_, a, b) = two_servers(100).await;
    let mut game = Played::new("llllllllllll", 1);
    game.save_new(&a);
    // White played: the engine (black) is to move, and A's write took the lease on its reply.
    a.durable(game.play(&a, "e4")).await.expect("committed");
    assert!(b.claim_expired_leases(8).await.expect("looks").is_empty());
    let held = tokio::time::timeout(TEST_LEASE * 3, a.hold_lease(&game.id, 1)).await;
    assert!(held.is_err(), "holding never ends by itself");
    assert!(
        b.claim_expired_leases(8).await.expect("looks").is_empty(),
        "A renewed its lease while it searched"
    );
    tokio::time::sleep(TEST_LEASE * 2).await;
    let claimed = b.claim_expired_leases(8).await.expect("looks");
    assert_eq!(claimed.len(), 1, "{claimed:?}");
    assert_eq!((&claimed[0].id, claimed[0].version), (&game.id, 1));
    assert!(
        a.claim_expired_leases(8).await.expect("looks").is_empty(),
        "B holds it now"
    );
}

#[tokio::test]
async fn every_committed_change_is_announced_to_every_server_with_its_version() {
    let (_, a, b) = two_servers(100).await;
    let mut changes = b.changes();
    // The listener says when it starts listening.
    let first = tokio::time::timeout(Duration::from_secs(10), changes.recv()).await;
    assert!(matches!(first, Ok(Ok(Change::Resync))), "{first:?}");
    let mut game = Played::new("mmmmmmmmmmmm", 1);
    game.save_new(&a);
    a.durable(game.play(&a, "e4")).await.expect("committed");
    let mut seen = Vec::new();
    while seen.len() < 2 {
        match tokio::time::timeout(Duration::from_secs(5), changes.recv()).await {
            Ok(Ok(Change::Game { id, version })) if id == game.id => seen.push(version),
            Ok(Ok(_)) => {}
            other => panic!("{other:?} after {seen:?}"),
        }
    }
    assert_eq!(seen, [0, 1]);
}

#[tokio::test]
async fn games_of_the_first_ladder_play_on_as_the_step_they_became() {
    let url = cluster().database().await;
    let backend = Backend::Postgres { url: url.clone() };
    let store = backend.open().await.expect("creates the schema");
    let games: Vec<Played> = (1..=16u8)
        .map(|step| Played::new(&format!("renumber{step:04}"), 1))
        .collect();
    for game in &games {
        store
            .durable(game.save_new(store.as_ref()))
            .await
            .expect("committed");
    }
    drop(store);
    // As the first ladder's release left them: each game at its step of 16, schema version 5.
    let db = connect(&url).await;
    for (step, game) in (1..=16i32).zip(&games) {
        db.execute(
            "UPDATE games SET record = jsonb_set(record, '{level}', to_jsonb($2::int)) \
             WHERE id = $1",
            &[&game.id.as_str(), &step],
        )
        .await
        .expect("an old step");
    }
    db.batch_execute("UPDATE alphachess_schema SET version = 5;")
        .await
        .expect("downgraded");
    backend.open().await.expect("upgrades");
    let mut now = Vec::new();
    for game in &games {
        let row = db
            .query_one(
                "SELECT (record->>'level')::int FROM games WHERE id = $1",
                &[&game.id.as_str()],
            )
            .await
            .expect("the game is kept");
        now.push(u8::try_from(row.get::<_, i32>(0)).expect("a step"));
        let read = backend.read_back(&game.id).await.expect("loads");
        assert_eq!(read.state.level().get(), *now.last().expect("pushed"));
    }
    assert_eq!(now, STEPS_OF_16);
}

#[tokio::test]
async fn a_database_from_before_the_analysis_cache_upgrades_and_keeps_its_games() {
    let url = cluster().database().await;
    let backend = Backend::Postgres { url: url.clone() };
    let store = backend.open().await.expect("creates the schema");
    let game = Played::new("nnnnnnnnnnnn", 1);
    store
        .durable(game.save_new(store.as_ref()))
        .await
        .expect("committed");
    drop(store);
    // As the release before the cache left it.
    connect(&url)
        .await
        .batch_execute(
            "DROP TABLE analysis_cache; DROP SEQUENCE analysis_cache_used;
             ALTER TABLE analysed_positions DROP COLUMN second_cp, DROP COLUMN second_mate;
             UPDATE alphachess_schema SET version = 3;",
        )
        .await
        .expect("downgraded");
    let store = backend.open().await.expect("upgrades");
    assert!(
        backend.read_back(&game.id).await.is_some(),
        "the game is kept"
    );
    cache_all(store.as_ref(), &[(1, cached(5))]).await;
    assert_eq!(cached_under(store.as_ref(), &[1]).await, [Some(cached(5))]);
    let version: i32 = connect(&url)
        .await
        .query_one("SELECT version FROM alphachess_schema", &[])
        .await
        .expect("read")
        .get(0);
    assert_eq!(u32::try_from(version).expect("positive"), PG_SCHEMA_VERSION);
}

#[tokio::test]
async fn a_full_postgres_write_queue_refuses_at_once_and_every_accepted_write_still_lands() {
    let url = cluster().database().await;
    let mut settings = Backend::pg_settings(&url, 1_000);
    settings.max_queued = 4;
    let store = PgStore::open(&settings).await.expect("opens");
    // Another session holds the games table: the writer stalls on its first batch.
    let mut blocker = connect(&url).await;
    let lock = blocker.transaction().await.expect("a transaction");
    lock.batch_execute("LOCK TABLE games IN ACCESS EXCLUSIVE MODE")
        .await
        .expect("takes the lock");
    let mut accepted = Vec::new();
    let refused = loop {
        assert!(accepted.len() <= 600, "the queue never filled up");
        let game = Played::new(&format!("{:0>12}", accepted.len()), 1);
        let started = std::time::Instant::now();
        match store.save(&GameSnapshot {
            id: &game.id,
            token: &game.token,
            state: &game.state,
            base: None,
            copy: game.copy,
        }) {
            Ok(ticket) => accepted.push(ticket),
            Err(error) => break (error, started.elapsed()),
        }
        // Let the writer take what it can, so only its queue fills.
        tokio::task::yield_now().await;
    };
    assert!(matches!(refused.0, StoreError::Busy), "{:?}", refused.0);
    assert!(
        refused.1 < std::time::Duration::from_millis(50),
        "refused at once, not after waiting: {:?}",
        refused.1
    );
    lock.rollback().await.expect("lets go");
    for ticket in accepted {
        store
            .durable(ticket)
            .await
            .expect("an accepted write lands");
    }
}
