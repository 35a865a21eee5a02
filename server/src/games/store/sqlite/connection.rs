//! How the SQLite file is opened: the settings durability needs, and the check that refuses a
//! damaged file before anything is read from it.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::{Connection, OpenFlags};

use crate::games::model::error::StoreError;

/// Opens the file with the settings durability needs.
pub(super) fn connect(path: &str) -> rusqlite::Result<Connection> {
    let conn = if path == ":memory:" {
        Connection::open_in_memory()?
    } else {
        Connection::open_with_flags(
            Path::new(path),
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?
    };
    // WAL: readers never wait for the writer; FULL: a commit is fsynced before it returns.
    let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |row| row.get(0))?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    Ok(conn)
}

/// Refuses a damaged file before anything is read from it: SQLite's `quick_check` (every page
/// and row readable, every index entry's row there, in time linear in the file). A damaged page
/// would otherwise end the read of the games at the first row on it and the server would come up
/// "healthy" with the games after it missing; refusing is the only answer that loses nothing
/// silently (`sqlite3 <db> .recover` salvages what is readable, for an operator to look at).
pub(super) fn check_integrity(conn: &Connection) -> Result<(), StoreError> {
    /// Problems listed in the error (the first ones say enough).
    const SHOWN: usize = 10;
    let problems: Vec<String> = conn
        .prepare(&format!("PRAGMA quick_check({SHOWN})"))
        .and_then(|mut check| check.query_map([], |row| row.get(0))?.collect())
        .unwrap_or_else(|error| vec![error.to_string()]);
    if problems == ["ok"] {
        Ok(())
    } else {
        Err(StoreError::Corrupt { problems })
    }
}

/// Now, in Unix milliseconds (the `updated_at` columns, the expiry's clock).
pub(super) fn unix_millis() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| {
            i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX)
        })
}
