//! Game ids: 12 random characters from `[a-z0-9]` (about 62 bits), safe in a URL path.

use std::fmt;
use std::sync::Arc;

use crate::token::{random_bytes, RandomError};

const ID_LEN: usize = 12;
const ALPHABET: &[u8; 36] = b"abcdefghijklmnopqrstuvwxyz0123456789";

/// A game's public id. Cheap to clone.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(Arc<str>);

impl GameId {
    /// A new random id.
    pub fn generate() -> Result<GameId, RandomError> {
        let mut id = String::with_capacity(ID_LEN);
        while id.len() < ID_LEN {
            for byte in random_bytes::<16>()? {
                // 252 = 7 * 36: rejecting above it keeps every character equally likely.
                if byte < 252 && id.len() < ID_LEN {
                    id.push(char::from(ALPHABET[usize::from(byte % 36)]));
                }
            }
        }
        Ok(GameId(id.into()))
    }

    /// Reads an id from a URL; anything that could not be one of ours is `None`.
    pub fn parse(text: &str) -> Option<GameId> {
        let valid = text.len() == ID_LEN && text.bytes().all(|b| ALPHABET.contains(&b));
        valid.then(|| GameId(text.into()))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The id as a shared string (the engine pool keys `ucinewgame` on it).
    pub fn shared(&self) -> Arc<str> {
        Arc::clone(&self.0)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GameId({})", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_ids_parse_back() {
        let id = GameId::generate().expect("the OS has randomness");
        assert_eq!(GameId::parse(id.as_str()), Some(id.clone()));
        assert_ne!(GameId::generate().expect("randomness"), id);
    }

    #[test]
    fn foreign_text_is_not_an_id() {
        for text in [
            "",
            "abc",
            "ABCDEFGHIJKL",
            "abcdefghijk/",
            "abcdefghijklm",
            "abcdef\nhijkl",
        ] {
            assert_eq!(GameId::parse(text), None, "{text:?}");
        }
    }
}
