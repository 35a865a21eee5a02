//! The database schema, as ordered migrations numbered by SQLite's `PRAGMA user_version`: a
//! release applies the ones an older file lacks, each in its own transaction, and refuses a file
//! from a newer release rather than guess.

use rusqlite::Connection;

use crate::games::model::error::StoreError;

/// Version 1: one row per game, rebuilt on load from its start FEN and UCI moves.
pub const SCHEMA_V1: &str = "
CREATE TABLE games (
    id            TEXT PRIMARY KEY NOT NULL,
    token_hash    TEXT NOT NULL,
    initial_fen   TEXT NOT NULL,
    moves         TEXT NOT NULL,
    player_color  TEXT NOT NULL,
    level         INTEGER NOT NULL,
    status        TEXT NOT NULL,
    result        TEXT NOT NULL,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
);";

/// Version 2: startup reads the most recently changed games first.
const SCHEMA_V2: &str = "CREATE INDEX games_by_update ON games (updated_at);";

/// Version 3: post-game analyses. One row per requested analysis (its status and node budget, so a
/// resumed analysis searches the rest of the game as it searched the start), and one row per
/// analysed position as the engine answers it: the score from white's point of view (exactly
/// one of `cp` and `mate`), the best move and the line in UCI, replayed and re-validated against
/// the game on load.
const SCHEMA_V3: &str = "
CREATE TABLE analyses (
    game_id     TEXT PRIMARY KEY NOT NULL,
    status      TEXT NOT NULL,
    nodes       INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);
CREATE TABLE analysed_positions (
    game_id     TEXT NOT NULL,
    position    INTEGER NOT NULL,
    cp          INTEGER,
    mate        INTEGER,
    best        TEXT NOT NULL,
    pv          TEXT NOT NULL,
    depth       INTEGER NOT NULL,
    nodes       INTEGER NOT NULL,
    PRIMARY KEY (game_id, position),
    CHECK ((cp IS NULL) <> (mate IS NULL))
) WITHOUT ROWID;";

/// Version 4: how many leading plies of a game were imported from a PGN (replayed under FIDE's
/// claim rule for threefold repetition and fifty moves, so a game that played on past such a
/// draw loads again). NULL in older rows: replayed under the claim rule throughout.
const SCHEMA_V4_IMPORTED_PLIES: &str = "ALTER TABLE games ADD COLUMN imported_plies INTEGER;";

/// Version 5 (play features, #15): where the game started here (`first_ply`: the moves before it
/// were imported), how a game ended when the board does not show it (`reason`, as the API spells
/// it: `resignation`, `agreement`, `timeout`, ...; an aborted game has status `aborted`), and its
/// clock: `time_control` (`"<limit_ms>+<increment_ms>"`, NULL untimed) and `clocks`, both sides'
/// remaining milliseconds after each timed move (`"<ply>:<white_ms>:<black_ms>"`, space-separated).
const SCHEMA_V5_PLAY: &str = "
ALTER TABLE games ADD COLUMN first_ply INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN reason TEXT;
ALTER TABLE games ADD COLUMN time_control TEXT;
ALTER TABLE games ADD COLUMN clocks TEXT NOT NULL DEFAULT '';";

/// Version 6 (the measured ladder, #23): levels 1–8 of older games become the first ladder's
/// steps (see `level.rs`, `LEGACY_LEVELS_ON_16_STEPS`).
const SCHEMA_V6_LADDER: &str = crate::games::model::level::LADDER_MIGRATION;

/// Version 7 (#27): the players a finished PGN names, for a game imported already over (see
/// `players.rs`), as JSON (`{"white": "Anna", "black": null}`, the record's serde form); NULL for
/// a game against the engine and in older rows.
const SCHEMA_V7_PLAYERS: &str = "ALTER TABLE games ADD COLUMN players TEXT;";

/// Version 8: the variant a game is played under (`standard` or `chess960`), which the start FEN
/// alone does not say for a Chess960 start without castling rights; NULL in older rows, whose
/// variant is read from the FEN as before.
const SCHEMA_V8_VARIANT: &str = "ALTER TABLE games ADD COLUMN variant TEXT;";

/// Version 9 (#24): the position cache shared by every game's analysis (`position_cache.rs`):
/// one engine answer per key, as `analysed_positions` keeps one (re-validated when read), and
/// `used`, larger for a later use, so the least recently used rows are the first forgotten past
/// `--analysis-cache-positions` (see `sqlite_cache.rs`).
const SCHEMA_V9_ANALYSIS_CACHE: &str = "
CREATE TABLE analysis_cache (
    key    TEXT PRIMARY KEY NOT NULL,
    cp     INTEGER,
    mate   INTEGER,
    best   TEXT NOT NULL,
    pv     TEXT NOT NULL,
    depth  INTEGER NOT NULL,
    nodes  INTEGER NOT NULL,
    used   INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX analysis_cache_by_use ON analysis_cache (used);";

/// Version 10 (#21): the game's version, so the views a client orders by it keep counting up
/// across a restart; NULL in older rows, which start again from 0.
const SCHEMA_V10_VERSION: &str = "ALTER TABLE games ADD COLUMN version INTEGER;";

/// Version 11 (#26): the move tree a player keeps with a finished game (side lines and comments
/// around the game's moves), as the PGN text `pgn::write_tree` writes (`stored_tree.rs`); NULL
/// without one and in older rows.
const SCHEMA_V11_TREE: &str = "ALTER TABLE games ADD COLUMN tree TEXT;";

/// Version 12 (#25): the best other move's score of an analysed position, searched where the
/// game's move was the engine's best (a *Great* move needs it); NULL where it was not searched and
/// in older rows, whose best moves stay Best.
const SCHEMA_V12_SECOND: &str = "
ALTER TABLE analysed_positions ADD COLUMN second_cp INTEGER;
ALTER TABLE analysed_positions ADD COLUMN second_mate INTEGER;
ALTER TABLE analysis_cache ADD COLUMN second_cp INTEGER;
ALTER TABLE analysis_cache ADD COLUMN second_mate INTEGER;";

/// Version 13 (#23): the first ladder's 16 steps become the 21 of today's (see `level.rs`,
/// `STEPS_OF_16`).
const SCHEMA_V13_STEPS: &str = crate::games::model::level::RENUMBER_MIGRATION;

/// Version 14 (#38): whether a takeback or a hint made the game casual (`rated.rs`); NULL in
/// older rows, read back casual: nobody recorded their takebacks and hints.
const SCHEMA_V14_CASUAL: &str = "ALTER TABLE games ADD COLUMN casual INTEGER;";

/// Version 15 (#38): the rating of each player's key, kept by the server from the rated games it
/// saw end (`sqlite/ratings.rs`): one row per key (its token hash), and one per rated game, so a
/// game is counted once however often its end is seen.
const SCHEMA_V15_RATINGS: &str = "
CREATE TABLE ratings (
    key_hash    TEXT PRIMARY KEY NOT NULL,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    games       INTEGER NOT NULL,
    prog        INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE rated_games (
    game_id     TEXT PRIMARY KEY NOT NULL,
    key_hash    TEXT NOT NULL
) WITHOUT ROWID;";

/// Version 16 (#41): the practice cards' schedules (`practice_record.rs`), one row per mistake
/// of a game that was graded at least once; deleted with their game.
const SCHEMA_V16_PRACTICE: &str = "
CREATE TABLE practice_cards (
    game_id      TEXT NOT NULL,
    ply          INTEGER NOT NULL,
    phase        TEXT NOT NULL,
    step         INTEGER,
    stability    REAL,
    difficulty   REAL,
    due          INTEGER NOT NULL,
    last_review  INTEGER,
    failed_try   INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;";

/// Every migration in order; `MIGRATIONS[i]` takes the schema from version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[
    SCHEMA_V1,
    SCHEMA_V2,
    SCHEMA_V3,
    SCHEMA_V4_IMPORTED_PLIES,
    SCHEMA_V5_PLAY,
    SCHEMA_V6_LADDER,
    SCHEMA_V7_PLAYERS,
    SCHEMA_V8_VARIANT,
    SCHEMA_V9_ANALYSIS_CACHE,
    SCHEMA_V10_VERSION,
    SCHEMA_V11_TREE,
    SCHEMA_V12_SECOND,
    SCHEMA_V13_STEPS,
    SCHEMA_V14_CASUAL,
    SCHEMA_V15_RATINGS,
    SCHEMA_V16_PRACTICE,
];

/// The schema version this release writes.
pub const SCHEMA_VERSION: u32 = MIGRATIONS.len() as u32;

/// Brings the database up to [`SCHEMA_VERSION`]; returns the version it found.
pub fn migrate(conn: &mut Connection) -> Result<u32, StoreError> {
    let sql_error = |error: rusqlite::Error| StoreError::backend("migrating the schema", error);
    let found: u32 = conn
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .map_err(sql_error)?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::NewerSchema {
            found,
            supported: SCHEMA_VERSION,
        });
    }
    for (from, sql) in (found..).zip(&MIGRATIONS[found as usize..]) {
        let tx = conn.transaction().map_err(sql_error)?;
        tx.execute_batch(sql).map_err(sql_error)?;
        tx.pragma_update(None, "user_version", from + 1)
            .map_err(sql_error)?;
        tx.commit().map_err(sql_error)?;
        tracing::info!(version = from + 1, "database schema migrated");
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn version(conn: &Connection) -> u32 {
        conn.pragma_query_value(None, "user_version", |row| row.get(0))
            .expect("user_version")
    }

    #[test]
    fn a_new_database_gets_every_migration() {
        let mut conn = Connection::open_in_memory().expect("sqlite");
        assert_eq!(migrate(&mut conn).expect("migrates"), 0);
        assert_eq!(version(&conn), SCHEMA_VERSION);
        assert_eq!(migrate(&mut conn).expect("idempotent"), SCHEMA_VERSION);
    }

    /// A database as the release writing schema `version` left it.
    fn at_version(version: u32) -> Connection {
        let mut conn = Connection::open_in_memory().expect("sqlite");
        let tx = conn.transaction().expect("tx");
        for sql in &MIGRATIONS[..version as usize] {
            tx.execute_batch(sql).expect("older schema");
        }
        tx.pragma_update(None, "user_version", version)
            .expect("set");
        tx.commit().expect("commit");
        conn
    }

    /// The level of a game created at each of `levels` under schema `version`, once migrated.
    fn levels_after_migrating(version: u32, levels: std::ops::RangeInclusive<u8>) -> Vec<u8> {
        let mut conn = at_version(version);
        for level in levels.clone() {
            conn.execute(
                "INSERT INTO games (id, token_hash, initial_fen, moves, player_color, level, \
                 status, result, created_at, updated_at) VALUES (?1, '', '', '', 'white', ?2, \
                 'ongoing', '*', 0, 0)",
                (format!("g{level}"), level),
            )
            .expect("insert");
        }
        assert_eq!(migrate(&mut conn).expect("migrates"), version);
        levels
            .map(|level| {
                conn.query_row(
                    "SELECT level FROM games WHERE id = ?1",
                    [format!("g{level}")],
                    |row| row.get(0),
                )
                .expect("row")
            })
            .collect()
    }

    #[test]
    fn games_created_before_the_ladder_keep_their_strength_as_steps() {
        assert_eq!(
            levels_after_migrating(5, 1..=8),
            crate::games::model::level::LEGACY_LEVELS
        );
    }

    #[test]
    fn games_created_on_the_first_ladder_keep_their_strength_as_todays_steps() {
        assert_eq!(
            levels_after_migrating(12, 1..=16),
            crate::games::model::level::STEPS_OF_16
        );
    }

    #[test]
    fn a_database_before_the_analysis_cache_gets_an_empty_cache_and_keeps_its_games() {
        let mut conn = at_version(8);
        conn.execute(
            "INSERT INTO games (id, token_hash, initial_fen, moves, player_color, level, \
             status, result, created_at, updated_at, variant) VALUES ('g', '', '', 'e2e4', \
             'white', 9, 'ongoing', '*', 0, 0, 'standard')",
            [],
        )
        .expect("insert");
        assert_eq!(migrate(&mut conn).expect("migrates"), 8);
        assert_eq!(version(&conn), SCHEMA_VERSION);
        let moves: String = conn
            .query_row("SELECT moves FROM games WHERE id = 'g'", [], |row| {
                row.get(0)
            })
            .expect("the game is kept");
        assert_eq!(moves, "e2e4");
        let cached: i64 = conn
            .query_row("SELECT count(*) FROM analysis_cache", [], |row| row.get(0))
            .expect("the cache table exists");
        assert_eq!(cached, 0);
        conn.execute(
            "INSERT INTO analysis_cache (key, cp, mate, best, pv, depth, nodes, used) \
             VALUES ('k', 10, NULL, 'e2e4', 'e2e4', 1, 1, 1)",
            [],
        )
        .expect("takes an answer");
    }

    #[test]
    fn a_database_from_a_newer_release_is_refused() {
        let mut conn = Connection::open_in_memory().expect("sqlite");
        conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .expect("set");
        let error = migrate(&mut conn).expect_err("refused");
        assert!(error.to_string().contains("newer"), "{error}");
    }
}
