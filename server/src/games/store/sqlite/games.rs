//! The games' table in SQLite: a row read back as a [`GameRecord`] (its JSON and named columns
//! checked like any other column's type), the games read back at start-up (those that do not
//! rebuild quarantined), one game read on demand, and the idle games forgotten. A game's kept
//! tree is one of its columns (`tree`). The row is written by the writer's batch (`writer.rs`).

use rusqlite::{Connection, TransactionBehavior};

use super::connection::unix_millis;
use crate::games::model::id::GameId;
use crate::games::model::players::Players;
use crate::games::model::variant::Variant;
use crate::games::store::quarantine::QuarantinedGame;
use crate::games::store::record::{GameRecord, StoredGame};

/// Forgets the games (with their analyses) nobody changed for `idle_ms`; how many.
pub(super) fn expire(conn: &mut Connection, idle_ms: i64) -> rusqlite::Result<u64> {
    let before = unix_millis().saturating_sub(idle_ms);
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let idle = "SELECT id FROM games WHERE updated_at < ?1";
    tx.execute(
        &format!("DELETE FROM analysed_positions WHERE game_id IN ({idle})"),
        [before],
    )?;
    tx.execute(
        &format!("DELETE FROM analyses WHERE game_id IN ({idle})"),
        [before],
    )?;
    tx.execute(
        &format!("DELETE FROM practice_cards WHERE game_id IN ({idle})"),
        [before],
    )?;
    let expired = tx.execute("DELETE FROM games WHERE updated_at < ?1", [before])?;
    tx.commit()?;
    Ok(u64::try_from(expired).unwrap_or(u64::MAX))
}

/// One stored game's row and when it last changed (Unix ms), if it is stored.
pub(super) fn load_game(
    conn: &Connection,
    id: &str,
) -> rusqlite::Result<Option<(GameRecord, i64)>> {
    let mut query = conn.prepare_cached(&format!(
        "SELECT {GAME_COLUMNS}, updated_at FROM games WHERE id = ?1"
    ))?;
    let mut rows = query.query_map([id], |row| Ok((game_record(row)?, row.get(18)?)))?;
    rows.next().transpose()
}

/// The columns [`game_record`] reads, in its order.
const GAME_COLUMNS: &str = "id, token_hash, initial_fen, moves, player_color, level, status,
    result, imported_plies, first_ply, reason, time_control, clocks, players, variant, version,
    tree, casual";

fn game_record(row: &rusqlite::Row<'_>) -> rusqlite::Result<GameRecord> {
    Ok(GameRecord {
        id: row.get(0)?,
        token_hash: row.get(1)?,
        initial_fen: row.get(2)?,
        moves: row.get(3)?,
        player_color: row.get(4)?,
        level: row.get(5)?,
        status: row.get(6)?,
        result: row.get(7)?,
        imported_plies: row.get(8)?,
        first_ply: row.get(9)?,
        reason: row.get(10)?,
        time_control: row.get(11)?,
        clocks: row.get(12)?,
        players: players_from_column(row.get(13)?)?,
        variant: variant_from_column(row.get(14)?)?,
        version: row.get(15)?,
        tree: row.get(16)?,
        casual: row.get(17)?,
    })
}

/// The `variant` column (see `SCHEMA_V8_VARIANT`) read back; NULL in older rows, any other
/// text is a value of the wrong type, like any other column's.
fn variant_from_column(text: Option<String>) -> rusqlite::Result<Option<Variant>> {
    text.map(|text| {
        Variant::parse(&text).ok_or_else(|| {
            let error = format!("unknown variant {text:?}");
            rusqlite::Error::FromSqlConversionFailure(14, rusqlite::types::Type::Text, error.into())
        })
    })
    .transpose()
}

/// The `players` column (JSON, see `SCHEMA_V7_PLAYERS`) read back; text that is no such JSON
/// is a value of the wrong type, like any other column's.
fn players_from_column(text: Option<String>) -> rusqlite::Result<Option<Players>> {
    text.map(|text| serde_json::from_str(&text))
        .transpose()
        .map_err(|error| {
            rusqlite::Error::FromSqlConversionFailure(13, rusqlite::types::Type::Text, error.into())
        })
}

/// The `players` column written.
pub(super) fn players_to_column(players: Option<&Players>) -> Option<String> {
    players.map(|players| serde_json::to_string(players).expect("players are two strings"))
}

/// The `limit` most recently changed games, each handed to `each` as it is rebuilt, and those
/// among them whose row does not rebuild: each reported at error level with its id and reason,
/// and quarantined (see `quarantine.rs`).
pub(super) fn load(
    conn: &Connection,
    limit: usize,
    mut each: impl FnMut(StoredGame),
) -> rusqlite::Result<Vec<QuarantinedGame>> {
    let mut query = conn.prepare(&format!(
        "SELECT {GAME_COLUMNS} FROM games ORDER BY updated_at DESC, id LIMIT ?1"
    ))?;
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let rows = query.query_map([limit], game_record)?;
    let mut quarantined = Vec::new();
    for row in rows {
        // A row that cannot be read at all (past `quick_check`: a value of the wrong type)
        // stops the start-up, naming the error: a game is never silently left out.
        let record = row?;
        match record.rebuild() {
            Ok(game) => each(game),
            Err(invalid) => {
                tracing::error!(game = %record.id, reason = %invalid.reason,
                    "a stored game does not load: quarantined (kept on disk, read-only, its PGN exportable)");
                if let Some(id) = GameId::parse(&record.id) {
                    quarantined.push(QuarantinedGame {
                        id,
                        reason: invalid.reason,
                        record,
                    });
                }
            }
        }
    }
    Ok(quarantined)
}
