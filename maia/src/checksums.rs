//! The folder's `SHA256SUMS`: the digest each network file must have before it is loaded.
//!
//! The nine files look alike (same size, same shape), so a network copied under another band's
//! name, or one with a flipped weight byte, would load and play at the wrong strength with no word.
//! Checking each file against the list shipped beside it catches both; hashing the 11 MB is a few
//! tens of milliseconds at start.

use std::fmt;
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::error::LoadErrorKind;

/// The checksum list's name in the networks' folder, in `sha256sum`'s format.
pub const CHECKSUMS_FILE: &str = "SHA256SUMS";

/// A SHA-256 digest, shown as 64 lowercase hex digits as `sha256sum` writes it.
#[derive(Copy, Clone, PartialEq, Eq)]
pub struct Sha256Digest([u8; 32]);

impl Sha256Digest {
    /// The digest of `bytes` (a network file's, as read once to be checked and then loaded).
    pub(crate) fn of(bytes: &[u8]) -> Sha256Digest {
        Sha256Digest(Sha256::digest(bytes).into())
    }

    /// Reads 64 hex digits (either case); `None` for anything else.
    fn from_hex(text: &str) -> Option<Sha256Digest> {
        if text.len() != 64 || !text.is_ascii() {
            return None;
        }
        let mut bytes = [0u8; 32];
        for (byte, pair) in bytes.iter_mut().zip(text.as_bytes().chunks_exact(2)) {
            let pair = std::str::from_utf8(pair).ok()?;
            *byte = u8::from_str_radix(pair, 16).ok()?;
        }
        Some(Sha256Digest(bytes))
    }
}

impl fmt::Display for Sha256Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

impl fmt::Debug for Sha256Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The digests `SHA256SUMS` lists, by file name.
pub(crate) struct Checksums {
    listed: Vec<(String, Sha256Digest)>,
}

impl Checksums {
    /// Reads the list at `path`: `<64 hex digits>  <file name>` a line (`*` before the name, as
    /// `sha256sum --binary` writes it, is read too); blank lines are skipped, anything else is
    /// refused rather than skipped, so a damaged list cannot quietly leave a file unchecked.
    pub(crate) fn read(path: &Path) -> Result<Checksums, LoadErrorKind> {
        let text = std::fs::read_to_string(path).map_err(|source| LoadErrorKind::Checksums {
            list: path.to_path_buf(),
            source,
        })?;
        let listed = text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty())
            .map(|(index, line)| {
                parse_line(line).ok_or(LoadErrorKind::ChecksumsLine { line: index + 1 })
            })
            .collect::<Result<_, _>>()?;
        Ok(Checksums { listed })
    }

    /// Whether the file called `name` has the digest `actual`, as the list says it must.
    pub(crate) fn check(&self, name: &str, actual: Sha256Digest) -> Result<(), LoadErrorKind> {
        let expected = self
            .listed
            .iter()
            .find(|(listed, _)| listed == name)
            .map(|(_, digest)| *digest)
            .ok_or(LoadErrorKind::NotListed)?;
        if expected == actual {
            return Ok(());
        }
        let copy_of = self
            .listed
            .iter()
            .find(|(_, digest)| *digest == actual)
            .map(|(listed, _)| listed.clone());
        Err(LoadErrorKind::Mismatch {
            expected,
            actual,
            copy_of,
        })
    }
}

/// One `sha256sum` line: the digest, then two spaces (or a space and `*`), then the name.
fn parse_line(line: &str) -> Option<(String, Sha256Digest)> {
    let (hex, rest) = line.split_once(' ')?;
    let name = rest.strip_prefix([' ', '*'])?;
    (!name.is_empty()).then_some(())?;
    Some((name.to_owned(), Sha256Digest::from_hex(hex)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256sum_lines_read_in_both_modes_and_nothing_else_does() {
        let zeros = "0".repeat(64);
        let (name, digest) = parse_line(&format!("{zeros}  maia-1100.pb.gz")).expect("text mode");
        assert_eq!(
            (name.as_str(), digest.to_string()),
            ("maia-1100.pb.gz", zeros.clone())
        );
        assert!(
            parse_line(&format!("{zeros} *maia-1100.pb.gz")).is_some(),
            "binary mode"
        );
        for line in [
            format!("{zeros} maia-1100.pb.gz"),
            format!("{zeros}  "),
            format!("{}  maia-1100.pb.gz", "0".repeat(63)),
            format!("{}  maia-1100.pb.gz", "g".repeat(64)),
            "maia-1100.pb.gz".to_owned(),
        ] {
            assert!(parse_line(&line).is_none(), "{line:?}");
        }
    }

    #[test]
    fn a_digest_prints_as_sha256sum_writes_it() {
        // SHA-256("abc") from FIPS 180-2.
        let hex = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
        let digest = Sha256Digest::from_hex(&hex.to_uppercase()).expect("hex");
        assert_eq!(digest.to_string(), hex);
        assert_eq!(digest, Sha256Digest(Sha256::digest(b"abc").into()));
    }
}
