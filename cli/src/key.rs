//! The player's key: the bearer token every game is created with, under which the server keeps
//! the player's one rating (`GET /api/v1/account`) and finds their games on any device. The
//! browser makes one on its first visit; this client keeps its own in the saved-games folder
//! (`key`, private to the user, made on first use), or uses the one given with `--key` /
//! `ALPHACHESS_KEY` (e.g. the browser's, from its settings). `alphachess key` prints it, to paste
//! into the browser, and `alphachess key KEY` keeps a given one from then on.

use std::collections::HashSet;
use std::fmt;
use std::fs;
use std::io;
use std::path::PathBuf;

use crate::store::{Store, StoreError};

/// The key file's name in the saved-games folder.
const FILE_NAME: &str = "key";

/// Fewest characters (the server's `MIN_KEY_LEN`: 22 base64url characters hold 132 bits).
const MIN_LEN: usize = 22;
/// Most characters (the server's bound).
const MAX_LEN: usize = 256;
/// Fewest different characters (the server refuses `aaaa…`).
const MIN_DISTINCT: usize = 8;
/// Random bytes in a key made here: 192 bits, as the browser makes them.
const RANDOM_BYTES: usize = 24;

const BASE64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A key that follows the server's rule (`server/src/http/lichess/key.rs`).
#[derive(Clone, PartialEq, Eq)]
pub struct PlayerKey(String);

/// Why text is not a usable key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "not a usable key: {MIN_LEN} to {MAX_LEN} characters of A-Z a-z 0-9 - _ with at least \
     {MIN_DISTINCT} different ones (copy it whole from the browser's settings)"
)]
pub struct ParseKeyError;

impl std::str::FromStr for PlayerKey {
    type Err = ParseKeyError;

    fn from_str(text: &str) -> Result<PlayerKey, ParseKeyError> {
        let text = text.trim();
        let allowed = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
        let distinct = text.chars().collect::<HashSet<char>>().len();
        let usable = (MIN_LEN..=MAX_LEN).contains(&text.len())
            && text.chars().all(allowed)
            && distinct >= MIN_DISTINCT;
        usable
            .then(|| PlayerKey(text.to_owned()))
            .ok_or(ParseKeyError)
    }
}

impl PlayerKey {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A fresh key from the system's randomness, base64url as the browser makes them.
    fn random() -> Result<PlayerKey, KeyError> {
        let mut bytes = [0u8; RANDOM_BYTES];
        getrandom::fill(&mut bytes).map_err(|error| KeyError::Random(error.to_string()))?;
        let text = base64url(&bytes);
        // 24 random bytes give 32 characters; fewer than 8 distinct ones has odds below 2^-60,
        // and such a key is made again rather than refused by the server.
        text.parse().or_else(|_| PlayerKey::random())
    }
}

/// Never printed by accident (a key plays its games): `Debug` hides it.
impl fmt::Debug for PlayerKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PlayerKey(…)")
    }
}

/// `bytes` in base64url without padding.
fn base64url(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len() * 4 / 3 + 2);
    for group in bytes.chunks(3) {
        let n = group
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=group.len() {
            let index = (n >> (18 - 6 * i)) & 63;
            text.push(char::from(BASE64URL[index as usize]));
        }
    }
    text
}

/// Why the key could not be read, made or kept.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("cannot keep the player's key in {}", .path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
    #[error("{} does not hold a usable key (move it away to make a new one)", .path.display())]
    Corrupt {
        path: PathBuf,
        #[source]
        source: ParseKeyError,
    },
    #[error("the system's randomness failed: {0}")]
    Random(String),
}

/// The key this run plays under: `given` (`--key` / `ALPHACHESS_KEY`) if any, else the one kept
/// in the saved-games folder, made there on first use.
pub fn resolve(given: Option<PlayerKey>) -> Result<PlayerKey, KeyError> {
    match given {
        Some(key) => Ok(key),
        None => own(&Store::from_env()?),
    }
}

/// The key kept in `store`'s folder, made (and kept) when there is none.
pub fn own(store: &Store) -> Result<PlayerKey, KeyError> {
    let path = store.dir().join(FILE_NAME);
    match fs::read_to_string(&path) {
        Ok(text) => text
            .parse()
            .map_err(|source| KeyError::Corrupt { path, source }),
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            let key = PlayerKey::random()?;
            keep(store, &key)?;
            Ok(key)
        }
        Err(source) => Err(KeyError::Io { path, source }),
    }
}

/// Keeps `key` as this client's own from now on (readable by the user alone).
pub fn keep(store: &Store, key: &PlayerKey) -> Result<(), KeyError> {
    let path = store.dir().join(FILE_NAME);
    crate::store::write_private_file(store.dir(), &path, key.as_str().as_bytes())
        .map_err(|source| KeyError::Io { path, source })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64url_matches_the_standard_alphabet_without_padding() {
        assert_eq!(base64url(b"\xfb\xff\xbf"), "-_-_");
        assert_eq!(base64url(b"Man"), "TWFu");
        assert_eq!(base64url(b"Ma"), "TWE");
        assert_eq!(base64url(&[0u8; 24]).len(), 32);
    }

    #[test]
    fn a_made_key_is_kept_and_used_again_and_a_given_one_replaces_it() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let store = Store::at(dir.path().join("alphachess"));
        let first = own(&store).expect("made");
        assert_eq!(first.as_str().len(), 32);
        assert_eq!(own(&store).expect("read back"), first);
        let browser: PlayerKey = "Br0wserK3yAb9Zx8Yv7Ut6Sr5Pq".parse().expect("a key");
        keep(&store, &browser).expect("kept");
        assert_eq!(own(&store).expect("read back"), browser);
    }

    #[test]
    fn short_trivial_or_foreign_text_is_not_a_key() {
        for text in ["short", &"a".repeat(30), "Br0wserK3yAb9Zx8Yv7Ut6Sr5P/"] {
            assert!(text.parse::<PlayerKey>().is_err(), "{text}");
        }
        assert!(" Br0wserK3yAb9Zx8Yv7Ut6Sr5Pq\n"
            .parse::<PlayerKey>()
            .is_ok());
    }

    #[test]
    fn an_unreadable_key_file_is_reported_not_replaced() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let store = Store::at(dir.path().to_owned());
        fs::write(dir.path().join(FILE_NAME), "not a key").expect("written");
        assert!(matches!(own(&store), Err(KeyError::Corrupt { .. })));
        assert_eq!(
            fs::read_to_string(dir.path().join(FILE_NAME)).expect("kept"),
            "not a key"
        );
    }
}
