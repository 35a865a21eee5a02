//! Whether a key is strong enough to start something under: a game, or a rating's estimate.
//!
//! [`PlayerKey::parse`](crate::http::lichess::PlayerKey::parse) keeps its looser rule on every request, so a key
//! that already owns games still plays and reads them; only what a key *creates* asks more. A key
//! is new to the server at its first game or estimate, so refusing weak keys there keeps them from
//! ever owning anything.
//!
//! The rule, each part cheap and stated so a client can check it before sending:
//! - **At least 128 bits, estimated from above**: the key's length × log2 of the alphabet it
//!   actually uses: the sum of the classes it draws on (10 digits, 26 lowercase, 26 uppercase,
//!   2 for `-`/`_`), and at most 16 for a key of hex digits (`0-9a-f` or `0-9A-F`). `abcdefgh` three times is 24
//!   lowercase letters: 24 × log2 26 ≈ 112 bits, refused. 32 hex digits hold exactly 128.
//! - **No period**: not a shorter string repeated (`0123456789abcdef` twice), nor the start of
//!   such a repetition: no `p` ≤ half the length with every character equal to the one `p` on.
//! - **No run of [`MIN_REFUSED_RUN`] characters** each one after (or one before) the last in
//!   ASCII: `0123456789`, `jihgfedcba`.
//!
//! The keys the browser and the CLI make (24 random bytes, 32 base64url characters: at least
//! 150 bits by this estimate even drawn from one class) fail it with odds below 2^-48 (the run
//! is the likeliest part), the server's 64-hex-digit game tokens below 2^-29.

use std::collections::HashSet;

/// Bits a new key must hold by the estimate.
pub const MIN_KEY_BITS: u32 = 128;

/// The shortest run of consecutive characters (`abcdefgh`, `76543210`) refused.
pub const MIN_REFUSED_RUN: usize = 10;

/// Why a key may not start a game or a rating.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeakKeyError {
    /// Too short for its alphabet.
    #[error(
        "this key is too weak to start a game or a rating under: its characters hold at most \
         {bits} bits, it needs {MIN_KEY_BITS} (e.g. 32 random base64url characters)"
    )]
    FewBits {
        /// The estimate, rounded down.
        bits: u32,
    },
    /// A shorter string repeated.
    #[error(
        "this key is too weak to start a game or a rating under: it repeats its first {period} \
         characters"
    )]
    Repeats {
        /// The length of the repeated string.
        period: usize,
    },
    /// A run of consecutive characters.
    #[error(
        "this key is too weak to start a game or a rating under: it holds a run of {length} \
         consecutive characters"
    )]
    Run {
        /// The run's length.
        length: usize,
    },
}

/// Checks `key` (base64url characters, as `PlayerKey::parse` lets through) against the rule.
pub fn check(key: &str) -> Result<(), WeakKeyError> {
    let bits = estimated_bits(key);
    if bits < MIN_KEY_BITS {
        return Err(WeakKeyError::FewBits { bits });
    }
    if let Some(period) = period(key.as_bytes()) {
        return Err(WeakKeyError::Repeats { period });
    }
    let length = longest_run(key.as_bytes());
    if length >= MIN_REFUSED_RUN {
        return Err(WeakKeyError::Run { length });
    }
    Ok(())
}

/// The length × log2 of the alphabet used, rounded down.
fn estimated_bits(key: &str) -> u32 {
    let used: HashSet<u8> = key.bytes().collect();
    let class = |size: u32, of: fn(&u8) -> bool| if used.iter().any(of) { size } else { 0 };
    let classes = class(10, u8::is_ascii_digit)
        + class(26, u8::is_ascii_lowercase)
        + class(26, u8::is_ascii_uppercase)
        + class(2, |b| !b.is_ascii_alphanumeric());
    let hex_in = |letters: std::ops::RangeInclusive<u8>| {
        used.iter()
            .all(|b| b.is_ascii_digit() || letters.contains(b))
    };
    let alphabet = if hex_in(b'a'..=b'f') || hex_in(b'A'..=b'F') {
        classes.min(16)
    } else {
        classes
    };
    // `as` rounds toward zero: the estimate never rounds up past what the key holds.
    (key.len() as f64 * f64::from(alphabet.max(1)).log2()) as u32
}

/// The shortest `p` ≤ half the length with `key[i] == key[i + p]` throughout, if any.
fn period(key: &[u8]) -> Option<usize> {
    (1..=key.len() / 2).find(|&p| key.iter().zip(&key[p..]).all(|(a, b)| a == b))
}

/// The longest stretch whose characters step by +1 throughout, or by −1 throughout.
fn longest_run(key: &[u8]) -> usize {
    let mut longest = key.len().min(1);
    for step in [1i16, -1] {
        let mut length = 1;
        for pair in key.windows(2) {
            length = if i16::from(pair[1]) - i16::from(pair[0]) == step {
                length + 1
            } else {
                1
            };
            longest = longest.max(length);
        }
    }
    longest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issues_two_weak_keys_are_refused() {
        assert_eq!(
            check(&"abcdefgh".repeat(3)),
            Err(WeakKeyError::FewBits { bits: 112 })
        );
        assert_eq!(
            check(&"0123456789abcdef".repeat(2)),
            Err(WeakKeyError::Repeats { period: 16 }),
            "32 hex digits hold 128 bits by count, but not these"
        );
    }

    #[test]
    fn keys_made_as_the_browser_and_cli_make_them_pass() {
        for key in [
            "kq3F9xZ2bV7nLmP0sT4wYc8dR1eH6jA5uG_iO-NlQzE",
            "Zm9vYmFyYmF6cXV4cXV1eA_stranger",
            "Br0wserK3yAb9Zx8Yv7Ut6Sr5Pq",
            "Est1mat3Ab9Zx8Yv7Ut6Sr5Pq",
            // 32 characters of one class still hold 150 bits.
            "qwhzkeuvnbpxdmtyrgjalsfocivnwzqe",
            // A game token: 64 hex digits.
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        ] {
            assert_eq!(check(key), Ok(()), "{key}");
        }
    }

    #[test]
    fn hex_counts_sixteen_symbols_in_either_case_but_not_mixed() {
        assert_eq!(estimated_bits(&"0f".repeat(16)), 128);
        assert_eq!(estimated_bits(&"0F".repeat(16)), 128);
        assert_eq!(estimated_bits("abc"), 12, "a-f alone is hex too");
        assert_eq!(
            estimated_bits("0123"),
            (4.0 * 10f64.log2()) as u32,
            "digits alone: ten"
        );
        // Mixed case is not hex: digits, lower and upper letters.
        assert_eq!(estimated_bits("0aA"), (3.0 * 62f64.log2()) as u32);
        assert_eq!(estimated_bits("xyz"), (3.0 * 26f64.log2()) as u32);
        assert_eq!(estimated_bits("ab-_"), (4.0 * 28f64.log2()) as u32);
    }

    #[test]
    fn thirty_two_random_hex_digits_are_exactly_enough_and_one_fewer_is_not() {
        let key = "ba7816bf8f01cfea414140de5dae2223";
        assert_eq!(check(key), Ok(()));
        assert_eq!(check(&key[1..]), Err(WeakKeyError::FewBits { bits: 124 }));
    }

    #[test]
    fn any_period_up_to_half_the_length_is_refused() {
        assert_eq!(period(b"abcabcab"), Some(3), "a repetition cut short");
        assert_eq!(period(b"abab"), Some(2));
        assert_eq!(
            period(b"abcab"),
            None,
            "past half the length is no repetition"
        );
        assert_eq!(period(b"kq3F9xZ2bV7nLmP0"), None);
        let key = "Zm9vYmFyYmF6cXV4cXV1eA_s";
        assert_eq!(
            check(&format!("{key}{key}")),
            Err(WeakKeyError::Repeats { period: 24 })
        );
    }

    #[test]
    fn runs_up_and_down_are_measured() {
        assert_eq!(longest_run(b"x0123456789y"), 10);
        assert_eq!(longest_run(b"jihgfedcbaX"), 10);
        assert_eq!(longest_run(b"0123210"), 4, "a turn starts a new run");
        assert_eq!(longest_run(b"a"), 1);
        assert_eq!(longest_run(b""), 0);
        assert_eq!(
            check("Zq_0123456789xW9vYm-Fy8bV"),
            Err(WeakKeyError::Run { length: 10 })
        );
        assert_eq!(
            check("Zq_012345678xW9vYm-Fy8bV7n"),
            Ok(()),
            "nine is allowed"
        );
    }
}
