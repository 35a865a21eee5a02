//! Per-game secret tokens: 256 random bits from the OS CSPRNG, kept only as a SHA-256 hash.

use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Random bytes in a token (256 bits; the contract asks for at least 128).
const TOKEN_BYTES: usize = 32;

/// A freshly generated token, shown to the player once.
#[derive(Clone, PartialEq, Eq)]
pub struct GameToken(String);

/// The stored form of a token: its SHA-256 digest.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TokenHash([u8; 32]);

/// The operating system's random source failed; nothing safe can be generated.
#[derive(Debug, thiserror::Error)]
#[error("the system random number generator failed: {0}")]
pub struct RandomError(getrandom::Error);

impl GameToken {
    /// A new random token (64 lowercase hex digits).
    pub fn generate() -> Result<GameToken, RandomError> {
        Ok(GameToken(hex(&random_bytes::<TOKEN_BYTES>()?)))
    }

    /// The text the player sends back as `Authorization: Bearer <token>`.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// The digest kept in place of the token.
    pub fn hash(&self) -> TokenHash {
        TokenHash::of(&self.0)
    }
}

impl std::fmt::Debug for GameToken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GameToken(..)")
    }
}

impl TokenHash {
    /// The digest of a presented token.
    pub fn of(token: &str) -> TokenHash {
        TokenHash(Sha256::digest(token.as_bytes()).into())
    }

    /// Whether `presented` is the token this hash was made from, in constant time.
    pub fn verify(&self, presented: &str) -> bool {
        let candidate = TokenHash::of(presented);
        bool::from(self.0.ct_eq(&candidate.0))
    }

    /// The digest as hex, for a store to persist.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// Reads back what [`TokenHash::to_hex`] wrote (a store's copy); `None` if it is not 64 hex digits.
    pub fn from_hex(text: &str) -> Option<TokenHash> {
        let digits = text.as_bytes();
        if digits.len() != 64 || !digits.iter().all(u8::is_ascii_hexdigit) {
            return None;
        }
        let mut bytes = [0u8; 32];
        for (byte, pair) in bytes.iter_mut().zip(digits.chunks_exact(2)) {
            let pair = std::str::from_utf8(pair).ok()?;
            *byte = u8::from_str_radix(pair, 16).ok()?;
        }
        Some(TokenHash(bytes))
    }
}

impl std::fmt::Debug for TokenHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TokenHash(..)")
    }
}

/// Fills `bytes` from the OS CSPRNG.
pub fn random_bytes<const N: usize>() -> Result<[u8; N], RandomError> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(RandomError)?;
    Ok(bytes)
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    bytes
        .iter()
        .flat_map(|b| [DIGITS[usize::from(b >> 4)], DIGITS[usize::from(b & 15)]])
        .map(char::from)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_carries_256_random_bits_as_hex() {
        let token = GameToken::generate().expect("the OS has randomness");
        assert_eq!(token.expose().len(), 64);
        assert!(token.expose().bytes().all(|b| b.is_ascii_hexdigit()));
        let other = GameToken::generate().expect("the OS has randomness");
        assert_ne!(token, other);
    }

    #[test]
    fn only_the_original_token_verifies_against_its_hash() {
        let token = GameToken::generate().expect("the OS has randomness");
        let hash = token.hash();
        assert!(hash.verify(token.expose()));
        assert!(!hash.verify(""));
        assert!(!hash.verify(&token.expose()[1..]));
        assert!(!hash.verify(&token.expose().to_uppercase()));
    }

    #[test]
    fn the_hash_is_sha256() {
        // SHA-256("abc") from FIPS 180-2.
        assert_eq!(
            TokenHash::of("abc").to_hex(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn a_hash_reads_back_from_its_hex() {
        let hash = TokenHash::of("abc");
        assert!(TokenHash::from_hex(&hash.to_hex()) == Some(hash));
        assert!(TokenHash::from_hex("ab").is_none());
        assert!(TokenHash::from_hex(&"g".repeat(64)).is_none());
        assert!(TokenHash::from_hex(&"+f".repeat(32)).is_none());
    }

    #[test]
    fn debug_output_never_shows_a_token() {
        let token = GameToken::generate().expect("the OS has randomness");
        assert!(!format!("{token:?} {:?}", token.hash()).contains(token.expose()));
    }
}
