//! One server per SQLite file. Two servers on one file would both start and each overwrite the
//! other's changes (the last writer wins, an acknowledged move is lost) — exactly what a "start
//! the new one, then stop the old one" deploy does. So a server takes two exclusive locks before
//! it reads anything, and a second server is refused at start-up with a message naming the file:
//!
//! - on a lock file beside the database (`<db>.lock`), which an operator can see;
//! - on the database file itself, which is what makes the lock the file's and not its path's: a
//!   symlink or a hard link to the same file names another `<db>.lock`, but the same inode, and
//!   a second writer through it once overwrote an acknowledged move (issue #42, L1).
//!
//! The locks are the kernel's (`flock`, through [`std::fs::File::try_lock`]): they belong to the
//! open file, so they go with the process however it ends, `kill -9` included, and a stale lock
//! file left on disk locks nothing. On Linux `flock` and the `fcntl` record locks SQLite takes
//! are independent, so the database's own lock does not get in SQLite's way; the handle is kept
//! open for as long as the server uses the file (closing another handle on the file would drop
//! SQLite's `fcntl` locks, so this is the only one the server opens besides SQLite's).

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

use crate::games::model::error::StoreError;

/// Held while a server keeps its games in a SQLite file.
#[derive(Debug)]
pub struct DbLock {
    _lock_file: File,
    _database: File,
}

impl DbLock {
    /// Takes the locks on `<db>.lock` and on the database at `db` (created empty if missing,
    /// for SQLite to fill), or says which file another server holds. An existing empty file
    /// is refused ([`StoreError::EmptyFile`]).
    pub fn acquire(db: &Path) -> Result<DbLock, StoreError> {
        let empty = std::fs::metadata(db).is_ok_and(|file| file.is_file() && file.len() == 0);
        let lock_file = lock(&lock_path(db))?;
        let database = lock(db)?;
        if empty {
            return Err(StoreError::EmptyFile {
                path: db.to_path_buf(),
            });
        }
        Ok(DbLock {
            _lock_file: lock_file,
            _database: database,
        })
    }
}

/// Opens (or creates) `path` and takes its exclusive lock.
fn lock(path: &Path) -> Result<File, StoreError> {
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(path)
        .map_err(|error| StoreError::backend(format!("opening {}", path.display()), error))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::InUse {
            lock: path.to_path_buf(),
        }),
        Err(std::fs::TryLockError::Error(error)) => Err(StoreError::backend(
            format!("locking {}", path.display()),
            error,
        )),
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
        // What SQLite writes first, so the file is no longer an empty one.
        std::fs::write(&db, b"SQLite format 3\0").expect("written");
        match DbLock::acquire(&db) {
            Err(StoreError::InUse { lock }) => assert_eq!(lock, dir.path().join("games.db.lock")),
            other => panic!("a second server must be refused: {other:?}"),
        }
        drop(first);
        DbLock::acquire(&db).expect("free again once the first let go");
    }

    #[test]
    fn a_link_to_a_locked_database_is_refused_whatever_its_name() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let db = dir.path().join("games.db");
        let _first = DbLock::acquire(&db).expect("the first server locks");
        let symlink = dir.path().join("symlink.db");
        std::os::unix::fs::symlink(&db, &symlink).expect("a symlink");
        let hard_link = dir.path().join("hard-link.db");
        std::fs::hard_link(&db, &hard_link).expect("a hard link");
        for link in [symlink, hard_link] {
            match DbLock::acquire(&link) {
                Err(StoreError::InUse { lock }) => assert_eq!(lock, link),
                other => panic!("{} must be refused: {other:?}", link.display()),
            }
        }
    }

    #[test]
    fn an_existing_empty_file_is_refused_and_a_missing_one_created() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let db = dir.path().join("games.db");
        drop(DbLock::acquire(&db).expect("a new file is created"));
        assert!(db.exists());
        match DbLock::acquire(&db) {
            Err(StoreError::EmptyFile { path }) => assert_eq!(path, db),
            other => panic!("an empty file must be refused: {other:?}"),
        }
    }
}
