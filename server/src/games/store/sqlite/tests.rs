//! The SQLite store as a whole: writes on disk when their tickets resolve, the queue's bound,
//! failures reported exactly, analyses and the cache read back, the games read back, a damaged
//! file refused.

use std::path::Path;

use rusqlite::{params, Connection};

use super::*;
use crate::games::model::level::Level;
use crate::games::model::state::GameState;
use crate::games::store::write_queue::MAX_BATCH;
use crate::token::TokenHash;
use alphachess_engine::{Color, Game};

fn snapshot_of<'a>(id: &'a GameId, token: &'a TokenHash, state: &'a GameState) -> GameSnapshot<'a> {
    GameSnapshot {
        id,
        token,
        state,
        base: None,
        copy: 0,
    }
}

fn moves_on_disk(path: &Path, id: &str) -> Option<String> {
    let conn = Connection::open(path).expect("a second connection");
    conn.query_row("SELECT moves FROM games WHERE id = ?1", [id], |row| {
        row.get(0)
    })
    .ok()
}

#[tokio::test]
async fn a_change_is_on_disk_when_its_ticket_resolves_and_the_last_change_wins() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("games.db");
    let (store, loaded) = SqliteStore::open(path.to_str().expect("utf-8"), 10).expect("opens");
    assert!(loaded.is_empty());
    let id = GameId::parse("abcdefghijkl").expect("an id");
    let token = TokenHash::of("t");
    let mut state = GameState::new(Game::default(), Color::White, Level::MAX);
    let mut last = WriteTicket::default();
    for text in ["e4", "e5", "Nf3"] {
        let player = state.game().position().turn();
        state = GameState::new(state.game().clone(), player, Level::MAX);
        state
            .play_player_move(&text.parse().expect("notation"), None)
            .expect("legal");
        last = store
            .save(&snapshot_of(&id, &token, &state))
            .expect("queued");
    }
    store.durable(last).await.expect("committed");
    assert_eq!(
        moves_on_disk(&path, "abcdefghijkl").as_deref(),
        Some("e2e4 e7e5 g1f3")
    );

    let gone = store.delete(&id).expect("queued");
    store.durable(gone).await.expect("committed");
    assert_eq!(moves_on_disk(&path, "abcdefghijkl"), None);
}

#[tokio::test]
async fn a_flush_waits_for_every_queued_write() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("games.db");
    let (store, _) = SqliteStore::open(path.to_str().expect("utf-8"), 10).expect("opens");
    store.flush().await.expect("nothing to wait for");
    let token = TokenHash::of("t");
    let state = GameState::new(Game::default(), Color::White, Level::MAX);
    let ids = ["aaaaaaaaaaaa", "bbbbbbbbbbbb", "cccccccccccc"]
        .map(|id| GameId::parse(id).expect("an id"));
    for id in &ids {
        store
            .save(&snapshot_of(id, &token, &state))
            .expect("queued");
    }
    store.flush().await.expect("committed");
    for id in &ids {
        assert_eq!(
            moves_on_disk(&path, id.as_str()).as_deref(),
            Some(""),
            "{id}"
        );
    }
}

#[tokio::test]
async fn a_commit_that_fails_is_reported_to_whoever_waits_for_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("games.db");
    let (store, _) = SqliteStore::open(path.to_str().expect("utf-8"), 10).expect("opens");
    Connection::open(&path)
        .and_then(|conn| conn.execute_batch("DROP TABLE games"))
        .expect("the table is dropped behind the store's back");
    let id = GameId::parse("abcdefghijkl").expect("an id");
    let state = GameState::new(Game::default(), Color::White, Level::MAX);
    let ticket = store
        .save(&snapshot_of(&id, &TokenHash::of("t"), &state))
        .expect("queued");
    assert!(store.durable(ticket).await.is_err());
}

#[tokio::test]
async fn a_full_write_queue_refuses_at_once_and_every_accepted_write_still_lands() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("games.db");
    let path = path.to_str().expect("utf-8");
    let (store, _) = SqliteStore::open_with_queue(path, 10, 4).expect("opens");
    // Another connection holds the write lock: the writer stalls on its first batch.
    let blocker = Connection::open(path).expect("a second connection");
    blocker
        .execute_batch("BEGIN IMMEDIATE")
        .expect("takes the write lock");
    let token = TokenHash::of("t");
    let state = GameState::new(Game::default(), Color::White, Level::MAX);
    let id = GameId::parse("abcdefghijkl").expect("an id");
    let mut accepted = Vec::new();
    let refused = loop {
        assert!(
            accepted.len() <= MAX_BATCH + 4 + 1,
            "the queue never filled up"
        );
        let started = std::time::Instant::now();
        match store.save(&snapshot_of(&id, &token, &state)) {
            Ok(ticket) => accepted.push(ticket),
            Err(error) => break (error, started.elapsed()),
        }
    };
    assert!(matches!(refused.0, StoreError::Busy), "{:?}", refused.0);
    assert!(
        refused.1 < std::time::Duration::from_millis(50),
        "refused at once, not after waiting: {:?}",
        refused.1
    );
    blocker.execute_batch("ROLLBACK").expect("lets go");
    for ticket in accepted {
        store
            .durable(ticket)
            .await
            .expect("an accepted write lands");
    }
    let after = store
        .save(&snapshot_of(&id, &token, &state))
        .expect("room again");
    store.durable(after).await.expect("committed");
}

#[tokio::test]
async fn a_tickets_outcome_is_exact_however_many_batches_failed_since() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("games.db");
    let path = path.to_str().expect("utf-8");
    let (store, _) = SqliteStore::open(path, 10).expect("opens");
    let token = TokenHash::of("t");
    let state = GameState::new(Game::default(), Color::White, Level::MAX);
    let id = GameId::parse("abcdefghijkl").expect("an id");
    let save = || {
        store
            .save(&snapshot_of(&id, &token, &state))
            .expect("queued")
    };
    let kept = save();
    store.durable(kept).await.expect("committed");

    let side = Connection::open(path).expect("a second connection");
    side.execute_batch("ALTER TABLE games RENAME TO games_away")
        .expect("the table goes away behind the store's back");
    let lost = save();
    assert!(store.durable(lost).await.is_err());
    // Many more failed batches, one at a time, than any bounded memory of failures holds.
    for _ in 0..1100 {
        let failed = save();
        assert!(store.durable(failed).await.is_err());
    }
    side.execute_batch("ALTER TABLE games_away RENAME TO games")
        .expect("the table is back");
    let landed = save();
    store.durable(landed).await.expect("committed");

    assert!(store.durable(lost).await.is_err(), "still lost, exactly");
    store
        .durable(kept)
        .await
        .expect("an early success stays a success");
    store
        .durable(landed)
        .await
        .expect("a later success stays a success");
}

/// Fool's mate, stored as finished, and its first two positions analysed.
fn analysed_fools_mate() -> (GameState, Vec<AnalysedPosition>) {
    use crate::uci::{PositionAnalysis, Score};
    use alphachess_engine::UciMove;
    let mut game = Game::default();
    let mut positions = Vec::new();
    for (index, text) in ["f2f3", "e7e5", "g2g4", "d8h4"].into_iter().enumerate() {
        let m = text
            .parse::<UciMove>()
            .expect("UCI")
            .to_move(game.position())
            .expect("legal");
        if index < 2 {
            positions.push(AnalysedPosition {
                index,
                analysis: PositionAnalysis {
                    score: Score::Cp(10 - 50 * index as i32),
                    best: m,
                    pv: vec![m],
                    depth: 10,
                    nodes: 20_000,
                    second: None,
                },
            });
        }
        game.play(m).expect("playable");
    }
    (GameState::new(game, Color::White, Level::MAX), positions)
}

#[tokio::test]
async fn an_analysis_is_read_back_with_its_game_and_forgotten_with_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("games.db");
    let path = path.to_str().expect("utf-8");
    let (store, _) = SqliteStore::open(path, 10).expect("opens");
    let id = GameId::parse("abcdefghijkl").expect("an id");
    let token = TokenHash::of("t");
    let (state, positions) = analysed_fools_mate();
    store
        .save(&snapshot_of(&id, &token, &state))
        .expect("queued");
    store
        .save_analysis(&id, AnalysisStatus::Queued, 20_000)
        .expect("queued");
    store
        .save_analysis(&id, AnalysisStatus::Running, 20_000)
        .expect("queued");
    for position in &positions {
        store.save_analysed_position(&id, position).expect("queued");
    }
    // A game that is not stored gets no analysis.
    let stranger = GameId::parse("zzzzzzzzzzzz").expect("an id");
    store
        .save_analysis(&stranger, AnalysisStatus::Queued, 1)
        .expect("queued");
    store
        .save_analysed_position(&stranger, &positions[0])
        .expect("queued");
    store.flush().await.expect("committed");
    drop(store);

    let (store, games) = SqliteStore::open(path, 10).expect("opens again");
    assert_eq!(games.len(), 1);
    let analyses = store.take_stored_analyses();
    assert_eq!(analyses.len(), 1, "{analyses:?}");
    assert_eq!(analyses[0].status, "running");
    assert_eq!(analyses[0].nodes, 20_000);
    let rows: Vec<PositionRecord> = positions.iter().map(PositionRecord::of).collect();
    assert_eq!(analyses[0].positions, rows);
    let stored = analyses[0]
        .rebuild(games[0].state.game())
        .expect("fits the game");
    assert_eq!(stored.review.progress().done, 2);
    assert!(store.take_stored_analyses().is_empty(), "handed over once");

    let gone = store.delete(&id).expect("queued");
    store.durable(gone).await.expect("committed");
    let conn = Connection::open(path).expect("a second connection");
    let count = |table: &str| -> i64 {
        conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |row| {
            row.get(0)
        })
        .expect("counted")
    };
    assert_eq!((count("analyses"), count("analysed_positions")), (0, 0));
}

#[tokio::test]
async fn the_analysis_cache_works_in_a_private_memory_database() {
    let (store, _) = SqliteStore::open(":memory:", 10).expect("opens");
    let key = CacheKey::from_stored("ab".repeat(16));
    let answer = CachedAnswer {
        cp: None,
        mate: Some(-2),
        best: "e7e5".into(),
        pv: "e7e5".into(),
        depth: 9,
        nodes: 500,
        second_cp: None,
        second_mate: Some(-1),
    };
    store.cache_answer(&key, &answer).expect("queued");
    let other = CacheKey::from_stored("cd".repeat(16));
    let answers = store.cached_answers(&[other, key]).await.expect("read");
    assert_eq!(answers, [None, Some(answer)]);
}

#[test]
fn stored_games_come_back_most_recent_first_up_to_the_limit() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("games.db");
    let path = path.to_str().expect("utf-8");
    drop(SqliteStore::open(path, 10).expect("creates the schema"));
    let conn = Connection::open(path).expect("opens");
    for (n, id) in ["aaaaaaaaaaaa", "bbbbbbbbbbbb", "cccccccccccc"]
        .iter()
        .enumerate()
    {
        let state = GameState::new(Game::default(), Color::White, Level::MAX);
        let record = GameRecord::of(&GameId::parse(id).expect("id"), &TokenHash::of("t"), &state);
        conn.execute(
            "INSERT INTO games (id, token_hash, initial_fen, moves, player_color, level,
                                status, result, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)",
            params![
                record.id,
                record.token_hash,
                record.initial_fen,
                record.moves,
                record.player_color,
                record.level,
                record.status,
                record.result,
                n as i64
            ],
        )
        .expect("inserted");
    }
    let (_, loaded) = SqliteStore::open(path, 2).expect("opens");
    let ids: Vec<&str> = loaded.iter().map(|game| game.id.as_str()).collect();
    assert_eq!(ids, ["cccccccccccc", "bbbbbbbbbbbb"]);
}

#[test]
fn a_damaged_page_refuses_the_start_naming_the_damage_and_no_game_goes_missing() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("games.db");
    let path = path.to_str().expect("utf-8");
    drop(SqliteStore::open(path, 100).expect("creates the schema"));
    let conn = Connection::open(path).expect("opens");
    let state = GameState::new(Game::default(), Color::White, Level::MAX);
    for n in 0..60 {
        let id = format!("game{n:08}");
        let record = GameRecord::of(
            &GameId::parse("abcdefghijkl").expect("id"),
            &TokenHash::of("t"),
            &state,
        );
        conn.execute(
            "INSERT INTO games (id, token_hash, initial_fen, moves, player_color, level,
                                status, result, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)",
            params![
                id,
                record.token_hash,
                record.initial_fen,
                "g1f3 g8f6 f3g1 f6g8 ".repeat(20),
                record.player_color,
                record.level,
                record.status,
                record.result,
                n as i64
            ],
        )
        .expect("inserted");
    }
    drop(conn);
    // Sound, the file opens (these rows are quarantined, as their moves end the game, but
    // every one of them is read).
    let (store, loaded) = SqliteStore::open(path, 100).expect("sound");
    assert_eq!(loaded.len() + store.take_quarantined().len(), 60);
    drop(store);

    // One page of the games' table, past the first rows, overwritten.
    let mut file = std::fs::read(path).expect("the file");
    let page = 4096;
    let victim = file.len() / page - 2;
    file[victim * page..(victim + 1) * page].fill(0xA5);
    std::fs::write(path, file).expect("damaged");

    match SqliteStore::open(path, 100) {
        Err(StoreError::Corrupt { problems }) => {
            assert!(!problems.is_empty() && problems != ["ok"], "{problems:?}");
        }
        Err(other) => panic!("the damage must be named as such: {other}"),
        Ok((_, games)) => panic!("started with {} of 60 games", games.len()),
    }
}
