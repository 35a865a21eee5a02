//! The reviews' tables in SQLite (`analyses`, `analysed_positions`): a game's analysis read back,
//! at start-up with its game or on demand. The rows are written by the writer's batch
//! (`writer.rs`), only for a stored game, and forgotten with it.

use rusqlite::Connection;

use crate::games::store::analysis_record::{AnalysisRecord, PositionRecord};

/// The analyses of the games `ids`, their positions in order.
pub(super) fn load_analyses(
    conn: &Connection,
    ids: &[&str],
) -> rusqlite::Result<Vec<AnalysisRecord>> {
    let mut analysis = conn.prepare("SELECT status, nodes FROM analyses WHERE game_id = ?1")?;
    let mut positions = conn.prepare(
        "SELECT position, cp, mate, best, pv, depth, nodes, second_cp, second_mate
         FROM analysed_positions WHERE game_id = ?1 ORDER BY position",
    )?;
    let mut records = Vec::new();
    for &id in ids {
        let mut rows = analysis.query([id])?;
        let Some(row) = rows.next()? else { continue };
        let (status, nodes): (String, i64) = (row.get(0)?, row.get(1)?);
        let positions = positions
            .query_map([id], |row| {
                Ok(PositionRecord {
                    position: row.get(0)?,
                    cp: row.get(1)?,
                    mate: row.get(2)?,
                    best: row.get(3)?,
                    pv: row.get(4)?,
                    depth: row.get(5)?,
                    nodes: row.get(6)?,
                    second_cp: row.get(7)?,
                    second_mate: row.get(8)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        records.push(AnalysisRecord {
            game_id: id.to_owned(),
            status,
            nodes,
            positions,
        });
    }
    Ok(records)
}
