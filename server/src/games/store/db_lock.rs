//! One server per SQLite file. Two servers on one file would both start and each overwrite the
//! other's changes (the last writer wins, an acknowledged move is lost) — exactly what a "start
//! the new one, then stop the old one" deploy does. So a server takes an exclusive lock on a lock
//! file beside the database (`<db>.lock`) before it reads anything, and a second server is
//! refused at start-up with a message naming the file.
//!
//! The lock is the kernel's (`flock`, through [`std::fs::File::try_lock`]): it belongs to the
//! open file, so it goes with the process however it ends, `kill -9` included, and a stale lock
//! file left on disk locks nothing.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

use crate::games::model::error::StoreError;

/// Held while a server keeps its games in a SQLite file.
#[derive(Debug)]
pub struct DbLock {
    _file: File,
}

impl DbLock {
    /// Takes the lock beside the database at `db`, or says which file another server holds.
    pub fn acquire(db: &Path) -> Result<DbLock, StoreError> {
        let path = lock_path(db);
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|error| {
                StoreError::backend(format!("opening the lock file {}", path.display()), error)
            })?;
        match file.try_lock() {
            Ok(()) => Ok(DbLock { _file: file }),
            Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::InUse { lock: path }),
            Err(std::fs::TryLockError::Error(error)) => Err(StoreError::backend(
                format!("locking {}", path.display()),
                error,
            )),
        }
    }
}

/// `<db>.lock`.
fn lock_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_holder_is_refused_until_the_first_lets_go() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let db = dir.path().join("games.db");
        let first = DbLock::acquire(&db).expect("the first server locks");
        match DbLock::acquire(&db) {
            Err(StoreError::InUse { lock }) => assert_eq!(lock, dir.path().join("games.db.lock")),
            other => panic!("a second server must be refused: {other:?}"),
        }
        drop(first);
        DbLock::acquire(&db).expect("free again once the first let go");
    }
}
