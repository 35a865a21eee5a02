//! Saved games: the id and secret token of every game started here, so `alphachess resume` can
//! continue one, kept in `$XDG_CONFIG_HOME/alphachess/games.json` (else `~/.config/alphachess/`).
//!
//! A token lets anyone play, take back or resign the game, so the folder is made `0700` and the
//! file `0600`; the file is replaced whole (written beside it, then renamed) so a crash never
//! leaves half of it.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use alphachess_engine::Color;

use crate::api::{GameAccess, ServerUrl};

const FILE_NAME: &str = "games.json";

/// A game this client can resume.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    #[serde(flatten)]
    pub access: GameAccess,
    pub server: ServerUrl,
    /// The player's colour.
    pub color: Color,
    pub level: u8,
    /// When the game was started or last resumed, in seconds since 1970.
    pub saved_at: u64,
}

impl SavedGame {
    pub fn new(access: GameAccess, server: ServerUrl, color: Color, level: u8) -> SavedGame {
        SavedGame {
            access,
            server,
            color,
            level,
            saved_at: now(),
        }
    }
}

/// The file's content.
#[derive(Debug, Default, Serialize, Deserialize)]
struct SavedGames {
    /// Most recent first.
    games: Vec<SavedGame>,
}

/// Why saved games could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Neither `XDG_CONFIG_HOME` nor `HOME` is set.
    #[error("cannot tell where to keep saved games: set XDG_CONFIG_HOME or HOME")]
    NoConfigDir,
    #[error("{}", .path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error(
        "{} is not a saved-games file (move it away to start afresh)",
        .path.display()
    )]
    Corrupt {
        path: PathBuf,
        #[source]
        source: serde_json::Error,
    },
    #[error("no saved game {0:?} (see `alphachess list`)")]
    UnknownGame(String),
    /// The prefix matches several saved games.
    #[error("{0:?} starts the ids of several saved games; type more of it")]
    Ambiguous(String),
}

/// The saved-games folder.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// The user's folder: `$XDG_CONFIG_HOME/alphachess`, else `$HOME/.config/alphachess`.
    pub fn from_env() -> Result<Store, StoreError> {
        let absolute = |name| {
            std::env::var_os(name)
                .map(PathBuf::from)
                .filter(|path| path.is_absolute())
        };
        let config = absolute("XDG_CONFIG_HOME")
            .or_else(|| absolute("HOME").map(|home| home.join(".config")))
            .ok_or(StoreError::NoConfigDir)?;
        Ok(Store::at(config.join("alphachess")))
    }

    pub fn at(dir: PathBuf) -> Store {
        Store { dir }
    }

    /// The folder the saved games (and the player's key, `key.rs`) are kept in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The saved-games file.
    pub fn path(&self) -> PathBuf {
        self.dir.join(FILE_NAME)
    }

    /// Every saved game, most recent first (none when the file does not exist yet).
    pub fn load(&self) -> Result<Vec<SavedGame>, StoreError> {
        let path = self.path();
        let text = match fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(source) => return Err(StoreError::Io { path, source }),
        };
        let saved: SavedGames =
            serde_json::from_str(&text).map_err(|source| StoreError::Corrupt { path, source })?;
        Ok(saved.games)
    }

    /// Adds `game` (or refreshes it, by id) at the top of the list.
    pub fn save(&self, game: SavedGame) -> Result<(), StoreError> {
        let mut games = self.load()?;
        games.retain(|saved| saved.access.id != game.access.id);
        games.insert(0, game);
        self.write(&SavedGames { games })
    }

    /// The saved game whose id is `id` or, failing that, the only one starting with `id`.
    pub fn find(&self, id: &str) -> Result<SavedGame, StoreError> {
        let games = self.load()?;
        if let Some(game) = games.iter().find(|g| g.access.id == id) {
            return Ok(game.clone());
        }
        let mut matching = games.into_iter().filter(|g| g.access.id.starts_with(id));
        match (matching.next(), matching.next()) {
            (Some(game), None) => Ok(game),
            (Some(_), Some(_)) => Err(StoreError::Ambiguous(id.to_owned())),
            (None, _) => Err(StoreError::UnknownGame(id.to_owned())),
        }
    }

    /// The most recently saved game.
    pub fn latest(&self) -> Result<Option<SavedGame>, StoreError> {
        Ok(self.load()?.into_iter().next())
    }

    fn write(&self, games: &SavedGames) -> Result<(), StoreError> {
        let io_error = |path: &Path| {
            let path = path.to_owned();
            move |source| StoreError::Io { path, source }
        };
        private_dir(&self.dir).map_err(io_error(&self.dir))?;
        let json = serde_json::to_string_pretty(games).expect("saved games are plain data");
        let path = self.path();
        let partial = self.dir.join(format!("{FILE_NAME}.partial"));
        write_private(&partial, json.as_bytes()).map_err(io_error(&partial))?;
        fs::rename(&partial, &path).map_err(io_error(&path))
    }
}

/// Replaces `path` (in `dir`, made private if needed) with `bytes`, readable by the user alone:
/// written beside it, then renamed, so a crash never leaves half of it.
pub(crate) fn write_private_file(dir: &Path, path: &Path, bytes: &[u8]) -> io::Result<()> {
    private_dir(dir)?;
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    write_private(&partial, bytes)?;
    fs::rename(&partial, path)
}

/// Creates `dir` (and its parents) readable by the user alone; an existing one is made so.
fn private_dir(dir: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
        builder.mode(0o700);
        builder.create(dir)?;
        fs::set_permissions(dir, fs::Permissions::from_mode(0o700))
    }
    #[cfg(not(unix))]
    builder.create(dir)
}

/// Writes `bytes` to a new file at `path` that only the user may read, and flushes it to disk.
fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    // A file left over from before (with wider permissions) keeps its mode on open.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(fs::Permissions::from_mode(0o600))?;
    }
    file.write_all(bytes)?;
    file.sync_all()
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str) -> SavedGame {
        SavedGame::new(
            GameAccess {
                id: id.into(),
                token: format!("token-of-{id}"),
            },
            "http://127.0.0.1:8080".parse().expect("a server URL"),
            Color::Black,
            3,
        )
    }

    #[test]
    fn saved_games_come_back_most_recent_first_without_duplicates() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let store = Store::at(dir.path().join("alphachess"));
        assert!(store.load().expect("no file yet").is_empty());
        store.save(game("aaa")).expect("saved");
        store.save(game("bbb")).expect("saved");
        store.save(game("aaa")).expect("saved again");
        let ids: Vec<String> = store
            .load()
            .expect("loaded")
            .into_iter()
            .map(|g| g.access.id)
            .collect();
        assert_eq!(ids, ["aaa", "bbb"]);
        let latest = store.latest().expect("loaded").expect("a game");
        assert_eq!(latest.access.id, "aaa");
    }

    #[test]
    fn a_game_is_found_by_its_id_or_a_unique_prefix() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let store = Store::at(dir.path().to_owned());
        for id in ["abc1", "abc2", "xyz"] {
            store.save(game(id)).expect("saved");
        }
        assert_eq!(
            store.find("xyz").expect("found").access.token,
            "token-of-xyz"
        );
        assert_eq!(store.find("x").expect("found").access.id, "xyz");
        assert_eq!(store.find("abc2").expect("found").access.id, "abc2");
        assert!(matches!(store.find("abc"), Err(StoreError::Ambiguous(_))));
        assert!(matches!(store.find("q"), Err(StoreError::UnknownGame(_))));
    }

    #[test]
    fn a_damaged_file_is_reported_not_overwritten() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let store = Store::at(dir.path().to_owned());
        fs::write(store.path(), "{not json").expect("written");
        let error = store.save(game("a")).expect_err("refused");
        assert!(
            error.to_string().contains("is not a saved-games file"),
            "{error}"
        );
        assert_eq!(fs::read_to_string(store.path()).expect("kept"), "{not json");
    }

    #[cfg(unix)]
    #[test]
    fn the_file_is_private_to_the_user_and_so_is_its_folder() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("a temporary folder");
        let folder = dir.path().join("config/alphachess");
        // An older file with wider permissions is narrowed when rewritten.
        fs::create_dir_all(&folder).expect("created");
        fs::set_permissions(&folder, fs::Permissions::from_mode(0o755)).expect("chmod");
        let store = Store::at(folder.clone());
        store.save(game("a")).expect("saved");
        let mode = |path: &Path| fs::metadata(path).expect("exists").permissions().mode() & 0o777;
        assert_eq!(mode(&store.path()), 0o600);
        assert_eq!(mode(&folder), 0o700);
    }
}
