//! The PostgreSQL schema, as ordered migrations numbered in `alphachess_schema`: a release applies
//! the ones the database lacks at start-up, in one transaction under an advisory lock (several
//! servers may start at once), and refuses a database from a newer release rather than guess.

use tokio_postgres::Client;

use crate::games::model::error::StoreError;

/// Version 1. A game is a row: the columns the servers query (its version for the conditional
/// writes, its status for the live-game cap, the engine lease, the update time for expiry) and
/// the rest of the game as the `GameRecord` JSON (`record.rs`), so a field added there needs no
/// migration here. Analyses are kept as the SQLite store keeps them. Every insert or version
/// change notifies `alphachess_games` with `<id> <version>` (well under NOTIFY's 8,000 bytes):
/// the servers re-read what their watchers follow.
const SCHEMA_V1: &str = "
CREATE TABLE games (
    id            text PRIMARY KEY,
    version       bigint NOT NULL,
    status        text NOT NULL,
    record        jsonb NOT NULL,
    engine_owner  text,
    engine_until  timestamptz,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CHECK ((engine_owner IS NULL) = (engine_until IS NULL))
);
CREATE INDEX games_ongoing ON games (id) WHERE status = 'ongoing';
CREATE INDEX games_awaiting_engine ON games (engine_until) WHERE engine_owner IS NOT NULL;
CREATE INDEX games_by_update ON games (updated_at);
CREATE TABLE analyses (
    game_id     text PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    status      text NOT NULL,
    nodes       bigint NOT NULL,
    updated_at  timestamptz NOT NULL
);
CREATE TABLE analysed_positions (
    game_id     text NOT NULL REFERENCES analyses (game_id) ON DELETE CASCADE,
    position    bigint NOT NULL,
    cp          bigint,
    mate        bigint,
    best        text NOT NULL,
    pv          text NOT NULL,
    depth       bigint NOT NULL,
    nodes       bigint NOT NULL,
    PRIMARY KEY (game_id, position),
    CHECK ((cp IS NULL) <> (mate IS NULL))
);
CREATE FUNCTION alphachess_notify_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('alphachess_games', NEW.id || ' ' || NEW.version);
    RETURN NEW;
END $$;
CREATE TRIGGER games_notify AFTER INSERT OR UPDATE OF version ON games
    FOR EACH ROW EXECUTE FUNCTION alphachess_notify_game();
";

/// Version 2 (issue #28): a key's games. A game created with a player's key has the key as its
/// token, so ownership is the record's `token_hash`; this index lists a key's games on any server.
const SCHEMA_V2_OWNED_GAMES: &str =
    "CREATE INDEX games_by_token_hash ON games ((record->>'token_hash'));";

/// Version 3 (the measured ladder, #23): levels 1–8 of older games become the first ladder's
/// steps (see `games/model/level.rs`, `LEGACY_LEVELS_ON_16_STEPS`). Here the level lives in the
/// record's JSON, not in a column as in SQLite, so the statement is this store's own; a test
/// checks it maps as `LEGACY_LEVELS_ON_16_STEPS` does.
const SCHEMA_V3_LADDER: &str = "
UPDATE games SET record = jsonb_set(record, '{level}', to_jsonb(CASE (record->>'level')::int
    WHEN 1 THEN 7 WHEN 2 THEN 8 WHEN 3 THEN 9 WHEN 4 THEN 11
    WHEN 5 THEN 13 WHEN 6 THEN 14 WHEN 7 THEN 15 WHEN 8 THEN 16 END))
WHERE (record->>'level')::int BETWEEN 1 AND 8;";

/// Version 4 (#24): the position cache shared by every game's analysis (`position_cache.rs`), as
/// SQLite keeps it (`SCHEMA_V9_ANALYSIS_CACHE`). `used` comes from a sequence, so a later use
/// (an insert or a hit, on any server) has a larger number and the least recently used rows
/// are the first forgotten past `--analysis-cache-positions`.
const SCHEMA_V4_ANALYSIS_CACHE: &str = "
CREATE SEQUENCE analysis_cache_used;
CREATE TABLE analysis_cache (
    key    text PRIMARY KEY,
    cp     bigint,
    mate   bigint,
    best   text NOT NULL,
    pv     text NOT NULL,
    depth  bigint NOT NULL,
    nodes  bigint NOT NULL,
    used   bigint NOT NULL DEFAULT nextval('analysis_cache_used')
);
CREATE INDEX analysis_cache_by_use ON analysis_cache (used);";

/// Version 5 (#25): the best other move's score of an analysed position, as SQLite's version 12
/// (`SCHEMA_V12_SECOND`) keeps it.
const SCHEMA_V5_SECOND: &str = "
ALTER TABLE analysed_positions ADD COLUMN second_cp bigint, ADD COLUMN second_mate bigint;
ALTER TABLE analysis_cache ADD COLUMN second_cp bigint, ADD COLUMN second_mate bigint;";

/// Version 6 (#23): the first ladder's 16 steps become the 21 of today's (`STEPS_OF_16`), in the
/// record's JSON as version 3 did; a test checks it maps as `STEPS_OF_16` does.
const SCHEMA_V6_STEPS: &str = "
UPDATE games SET record = jsonb_set(record, '{level}', to_jsonb(CASE (record->>'level')::int
    WHEN 13 THEN 14 WHEN 14 THEN 15 WHEN 15 THEN 18 WHEN 16 THEN 21 END))
WHERE (record->>'level')::int BETWEEN 13 AND 16;";

/// Version 7 (#38): the keys' ratings, kept from the rated games the servers saw end, as SQLite
/// keeps them (`SCHEMA_V15_RATINGS`): one row per key, one per rated game (counted once).
const SCHEMA_V7_RATINGS: &str = "
CREATE TABLE IF NOT EXISTS ratings (
    key_hash    text PRIMARY KEY,
    rating      double precision NOT NULL,
    deviation   double precision NOT NULL,
    volatility  double precision NOT NULL,
    games       bigint NOT NULL,
    prog        bigint NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS rated_games (
    game_id     text PRIMARY KEY,
    key_hash    text NOT NULL
);
";

/// Version 8 (#41): the practice cards' schedules, as SQLite's version 16
/// (`SCHEMA_V16_PRACTICE`) keeps them; deleted with their game. `IF NOT EXISTS`: a database whose
/// version was set back by hand (as the upgrade tests do) upgrades again.
const SCHEMA_V8_PRACTICE: &str = "
CREATE TABLE IF NOT EXISTS practice_cards (
    game_id      text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply          bigint NOT NULL,
    phase        text NOT NULL,
    step         bigint,
    stability    double precision,
    difficulty   double precision,
    due          bigint NOT NULL,
    last_review  bigint,
    failed_try   boolean NOT NULL,
    PRIMARY KEY (game_id, ply)
);";

/// Every migration in order; `MIGRATIONS[i]` takes the schema from version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[
    SCHEMA_V1,
    SCHEMA_V2_OWNED_GAMES,
    SCHEMA_V3_LADDER,
    SCHEMA_V4_ANALYSIS_CACHE,
    SCHEMA_V5_SECOND,
    SCHEMA_V6_STEPS,
    SCHEMA_V7_RATINGS,
    SCHEMA_V8_PRACTICE,
];

/// The schema version this release writes.
pub const PG_SCHEMA_VERSION: u32 = MIGRATIONS.len() as u32;

/// The channel every change of a game is announced on.
pub const CHANNEL: &str = "alphachess_games";

/// Serialises migrations between servers starting at once (any constant of our own).
const MIGRATION_LOCK: i64 = 0x616c_7068_6163_6865;

/// Brings the database up to [`PG_SCHEMA_VERSION`]; returns the version it found.
pub async fn migrate(client: &mut Client) -> Result<u32, StoreError> {
    let sql_error = |error| StoreError::backend("migrating the schema", error);
    let tx = client.transaction().await.map_err(sql_error)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await
        .map_err(sql_error)?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS alphachess_schema (version integer NOT NULL)")
        .await
        .map_err(sql_error)?;
    let row = tx
        .query_opt("SELECT version FROM alphachess_schema", &[])
        .await
        .map_err(sql_error)?;
    let found = match row {
        Some(row) => u32::try_from(row.get::<_, i32>(0)).unwrap_or(u32::MAX),
        None => {
            tx.execute("INSERT INTO alphachess_schema VALUES (0)", &[])
                .await
                .map_err(sql_error)?;
            0
        }
    };
    if found > PG_SCHEMA_VERSION {
        return Err(StoreError::NewerSchema {
            found,
            supported: PG_SCHEMA_VERSION,
        });
    }
    for (from, sql) in (found..).zip(&MIGRATIONS[found as usize..]) {
        tx.batch_execute(sql).await.map_err(sql_error)?;
        let to = i32::try_from(from + 1).expect("a handful of migrations");
        tx.execute("UPDATE alphachess_schema SET version = $1", &[&to])
            .await
            .map_err(sql_error)?;
        tracing::info!(version = from + 1, "PostgreSQL schema migrated");
    }
    tx.commit().await.map_err(sql_error)?;
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::model::level::{LEGACY_LEVELS_ON_16_STEPS, STEPS_OF_16};

    #[test]
    fn the_ladder_migration_rewrites_each_old_level_to_its_step_in_the_record() {
        for (old, new) in (1..).zip(LEGACY_LEVELS_ON_16_STEPS) {
            assert!(
                SCHEMA_V3_LADDER.contains(&format!("WHEN {old} THEN {new}")),
                "level {old} should become step {new}"
            );
        }
        assert!(SCHEMA_V3_LADDER.contains("BETWEEN 1 AND 8"));
    }

    #[test]
    fn the_renumbering_rewrites_each_moved_step_in_the_record_and_no_other() {
        let moved: Vec<(u8, u8)> = (1..)
            .zip(STEPS_OF_16)
            .filter(|(old, new)| old != new)
            .collect();
        assert_eq!(SCHEMA_V6_STEPS.matches("WHEN").count(), moved.len());
        for (old, new) in &moved {
            assert!(
                SCHEMA_V6_STEPS.contains(&format!("WHEN {old} THEN {new}")),
                "step {old} should become step {new}"
            );
        }
        let (first, last) = (moved[0].0, moved[moved.len() - 1].0);
        assert!(SCHEMA_V6_STEPS.contains(&format!("BETWEEN {first} AND {last}")));
    }
}
