//! A player's key: the bearer token a lichess client sends, which names its owner's games.
//!
//! Nobody issues keys here: a player (or their client) makes one up and keeps it. Whoever knows
//! a key plays its games, so it must be unguessable: at least [`MIN_KEY_LEN`] characters of
//! [`KEY_ALPHABET`] (base64url: 22 characters hold 132 random bits, 32 hex digits 128; a lichess
//! personal token `lip_` + 20 characters fits too), at most 256, and not a trivial repetition
//! (at least `MIN_DISTINCT` different characters). Anything else is refused with a 401 that
//! says so. Starting a game or a rating asks more of a key ([`PlayerKey::check_strength`]:
//! 128 bits and no obvious pattern, a 400 `weak_key`). The server keeps only the key's SHA-256
//! (see `token.rs`).

use std::collections::HashSet;
use std::future::{ready, Ready};

use actix_web::http::header;
use actix_web::{dev::Payload, FromRequest, HttpRequest};
use sha2::{Digest, Sha256};

use super::error::LichessError;
use crate::key_strength::{self, WeakKeyError};
use crate::token::TokenHash;

/// Fewest characters in a key.
pub const MIN_KEY_LEN: usize = 22;

/// Most characters in a key (as for game tokens).
const MAX_KEY_LEN: usize = 256;

/// Fewest different characters in a key: `aaaa…` is long but guessable.
const MIN_DISTINCT: usize = 8;

/// The characters a key is made of: base64url's (which includes hex digits and `lip_…`).
pub const KEY_ALPHABET: &str = "A-Z a-z 0-9 - _";

/// A presented key that follows the rule.
#[derive(Clone)]
pub struct PlayerKey(String);

/// Why a presented key is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    #[error("No such token: send Authorization: Bearer <key>")]
    Missing,
    #[error(
        "This token is not a usable key: it must be {MIN_KEY_LEN} to {MAX_KEY_LEN} characters \
         of {KEY_ALPHABET} (at least 128 random bits, e.g. 22 base64url characters or 32 hex \
         digits) with at least {MIN_DISTINCT} different characters"
    )]
    Weak,
}

impl PlayerKey {
    /// `text` if it follows the rule.
    pub fn parse(text: &str) -> Result<PlayerKey, KeyError> {
        let allowed = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
        let distinct = text.chars().collect::<HashSet<char>>().len();
        let strong = (MIN_KEY_LEN..=MAX_KEY_LEN).contains(&text.len())
            && text.chars().all(allowed)
            && distinct >= MIN_DISTINCT;
        strong
            .then(|| PlayerKey(text.to_owned()))
            .ok_or(KeyError::Weak)
    }

    /// Whether the key may start something under it, a game or a rating's estimate (the rule is
    /// [`key_strength`]'s). Checked only there, not on every request: a key that already owns
    /// games keeps playing and reading them under the looser rule of [`PlayerKey::parse`].
    pub fn check_strength(&self) -> Result<(), WeakKeyError> {
        key_strength::check(&self.0)
    }

    /// The key as presented (the games' token).
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What the stores keep of it.
    pub fn hash(&self) -> TokenHash {
        TokenHash::of(&self.0)
    }

    /// The name the key goes by (its account id): derived from its digest, so it shows nothing
    /// of the key and stays the same on every device.
    pub fn player_id(&self) -> String {
        let digest = Sha256::digest(format!("alphachess player {}", self.0).as_bytes());
        let hex: String = digest.iter().take(5).map(|b| format!("{b:02x}")).collect();
        format!("player-{hex}")
    }
}

impl std::fmt::Debug for PlayerKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PlayerKey(..)")
    }
}

impl FromRequest for PlayerKey {
    type Error = LichessError;
    type Future = Ready<Result<PlayerKey, LichessError>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        ready(presented(req).map_err(|error| LichessError::unauthorized(error.to_string())))
    }
}

/// The key a request presents, if it presents one: `None` without an `Authorization` header,
/// an error for a header that is not a usable key (a typo must not create keyless games).
pub fn optional_key(req: &HttpRequest) -> Result<Option<PlayerKey>, KeyError> {
    if req.headers().get(header::AUTHORIZATION).is_none() {
        return Ok(None);
    }
    presented(req).map(Some)
}

fn presented(req: &HttpRequest) -> Result<PlayerKey, KeyError> {
    let value = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .ok_or(KeyError::Missing)?;
    let (scheme, key) = value.split_once(' ').ok_or(KeyError::Missing)?;
    if !scheme.eq_ignore_ascii_case("bearer") || key.trim().is_empty() {
        return Err(KeyError::Missing);
    }
    PlayerKey::parse(key.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_with_128_bits_of_room_are_accepted() {
        for key in [
            "Zm9vYmFyYmF6cXV4cXV1eA",           // 22 base64url characters
            "ba7816bf8f01cfea414140de5dae2223", // 32 hex digits
            "lip_AbCdEfGhIjKlMnOpQrSt",         // a lichess personal token
            // One of our game tokens.
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        ] {
            assert!(PlayerKey::parse(key).is_ok(), "{key}");
        }
    }

    #[test]
    fn short_repetitive_or_odd_keys_are_refused() {
        for key in [
            "short",
            "Zm9vYmFyYmF6cXV4cXV1e", // 21 characters
            &"a".repeat(40),
            "abababababababababababab",
            "Zm9vYmFyYmF6cXV4cXV1eA==",
            "Zm9vYmFyYmF6 XV4cXV1eA",
            &"ab3De_-Fg9".repeat(30),
        ] {
            assert_eq!(PlayerKey::parse(key).err(), Some(KeyError::Weak), "{key}");
        }
    }

    #[test]
    fn a_players_id_is_stable_and_shows_nothing_of_the_key() {
        let key = PlayerKey::parse("ba7816bf8f01cfea414140de5dae2223").expect("a key");
        let again = PlayerKey::parse("ba7816bf8f01cfea414140de5dae2223").expect("a key");
        assert_eq!(key.player_id(), again.player_id());
        assert!(key.player_id().starts_with("player-"));
        assert!(!key.player_id().contains("ba7816"));
    }
}
