//! Finding the Stockfish executable.

use std::ffi::OsStr;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// Debian installs Stockfish here, outside root's and users' PATH.
pub const DEBIAN_STOCKFISH: &str = "/usr/games/stockfish";

/// No usable engine executable was found.
#[derive(Debug, thiserror::Error)]
#[error("no executable engine found (tried: {}); install Stockfish (apt-get install stockfish) or pass --stockfish PATH", .tried.join(", "))]
pub struct LocateError {
    pub tried: Vec<String>,
}

/// The engine to run: `requested` if given (a bare name is looked up on PATH), else `stockfish` on
/// PATH, else `DEBIAN_STOCKFISH`.
pub fn locate_engine(requested: Option<&Path>) -> Result<PathBuf, LocateError> {
    let path_var = std::env::var_os("PATH").unwrap_or_default();
    match requested {
        Some(path) => find(path, &path_var).ok_or_else(|| LocateError {
            tried: vec![path.display().to_string()],
        }),
        None => find(Path::new("stockfish"), &path_var)
            .or_else(|| find(Path::new(DEBIAN_STOCKFISH), &path_var))
            .ok_or_else(|| LocateError {
                tried: vec!["stockfish on PATH".into(), DEBIAN_STOCKFISH.into()],
            }),
    }
}

/// `name` itself if it contains a slash, else the first executable `name` in `path_var`.
fn find(name: &Path, path_var: &OsStr) -> Option<PathBuf> {
    if name.components().count() > 1 || name.is_absolute() {
        return is_executable(name).then(|| name.to_path_buf());
    }
    std::env::split_paths(path_var)
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    path.metadata()
        .map(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_name_is_looked_up_on_path() {
        assert_eq!(
            find(Path::new("sh"), OsStr::new("/nonexistent:/bin")),
            Some(PathBuf::from("/bin/sh"))
        );
    }

    #[test]
    fn an_explicit_path_must_be_an_executable_file() {
        assert_eq!(
            find(Path::new("/bin/sh"), OsStr::new("")),
            Some(PathBuf::from("/bin/sh"))
        );
        assert_eq!(find(Path::new("/etc/passwd"), OsStr::new("")), None);
        assert_eq!(
            find(Path::new("/nonexistent/stockfish"), OsStr::new("")),
            None
        );
    }

    #[test]
    fn a_missing_engine_names_what_was_tried() {
        let error = locate_engine(Some(Path::new("/nonexistent/stockfish")))
            .expect_err("the path does not exist");
        assert!(
            error.to_string().contains("/nonexistent/stockfish"),
            "{error}"
        );
    }
}
