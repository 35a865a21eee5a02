//! Reading SAN text into a [`San`] or [`SanPlus`]: syntax only, no position needed.

use std::fmt;
use std::str::FromStr;

use super::{San, SanPlus, Suffix};
use crate::{CastlingSide, File, Rank, Role, Square};

/// The text is not a move in SAN (nor in any of the forgiving variants [`San`] reads).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseSanError;

impl fmt::Display for ParseSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid san")
    }
}

impl std::error::Error for ParseSanError {}

/// The file named by a lowercase letter `a`..`h`.
fn file_from_byte(b: u8) -> Option<File> {
    File::from_char(char::from(b))
}

/// The rank named by a digit `1`..`8`.
fn rank_from_byte(b: u8) -> Option<Rank> {
    Rank::from_char(char::from(b))
}

/// The role a pawn may promote to, from its letter in either case.
fn promotion_from_byte(b: u8) -> Option<Role> {
    Role::promotion_from_char(char::from(b))
}

/// Splits off the trailing `+ # ! ?` marks, returning the move text and its check/mate suffix.
fn split_suffix(s: &[u8]) -> (&[u8], Option<Suffix>) {
    let end = s
        .iter()
        .rposition(|b| !matches!(b, b'+' | b'#' | b'!' | b'?'))
        .map_or(0, |i| i + 1);
    let marks = &s[end..];
    let suffix = if marks.contains(&b'#') {
        Some(Suffix::Checkmate)
    } else if marks.contains(&b'+') {
        Some(Suffix::Check)
    } else {
        None
    };
    (&s[..end], suffix)
}

/// Reads `O-O` / `O-O-O`, with the letter O, the digit 0 or a lowercase o.
fn parse_castle(s: &[u8]) -> Option<CastlingSide> {
    let is_o = |b: &u8| matches!(b, b'O' | b'0' | b'o');
    match s {
        [a, b'-', b] if is_o(a) && is_o(b) => Some(CastlingSide::KingSide),
        [a, b'-', b, b'-', c] if is_o(a) && is_o(b) && is_o(c) => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

/// Splits off a trailing promotion (`=Q`, `Q` or `q`), returning the rest and the promotion role.
fn split_promotion(s: &[u8]) -> Result<(&[u8], Option<Role>), ParseSanError> {
    match s {
        [rest @ .., b'=', p] => Ok((rest, Some(promotion_from_byte(*p).ok_or(ParseSanError)?))),
        [rest @ .., digit, p] if digit.is_ascii_digit() && p.is_ascii_alphabetic() => {
            let promotion = promotion_from_byte(*p).ok_or(ParseSanError)?;
            Ok((&s[..rest.len() + 1], Some(promotion)))
        }
        _ => Ok((s, None)),
    }
}

/// Reads the last two bytes as a square, returning the rest and the square.
fn split_square(s: &[u8]) -> Result<(&[u8], Square), ParseSanError> {
    match s {
        [rest @ .., f, r] => {
            let file = file_from_byte(*f).ok_or(ParseSanError)?;
            let rank = rank_from_byte(*r).ok_or(ParseSanError)?;
            Ok((rest, Square::new(file, rank)))
        }
        _ => Err(ParseSanError),
    }
}

/// What stands between the piece letter and the destination: `[file][rank][x|:|-]`.
struct Origin {
    file: Option<File>,
    rank: Option<Rank>,
    capture: bool,
}

fn parse_origin(s: &[u8]) -> Result<Origin, ParseSanError> {
    let (s, capture) = match s {
        [rest @ .., b'x' | b':'] => (rest, true),
        [rest @ .., b'-'] => (rest, false),
        _ => (s, false),
    };
    let (file, rank) = match s {
        [] => (None, None),
        [b] => match (file_from_byte(*b), rank_from_byte(*b)) {
            (Some(file), _) => (Some(file), None),
            (_, Some(rank)) => (None, Some(rank)),
            _ => return Err(ParseSanError),
        },
        [f, r] => (
            Some(file_from_byte(*f).ok_or(ParseSanError)?),
            Some(rank_from_byte(*r).ok_or(ParseSanError)?),
        ),
        _ => return Err(ParseSanError),
    };
    Ok(Origin {
        file,
        rank,
        capture,
    })
}

impl San {
    /// Reads a move from bytes; see the [`FromStr`] implementation.
    pub fn from_ascii(s: &[u8]) -> Result<San, ParseSanError> {
        Ok(SanPlus::from_ascii(s)?.san)
    }

    fn from_ascii_without_suffix(s: &[u8]) -> Result<San, ParseSanError> {
        if let Some(side) = parse_castle(s) {
            return Ok(San::Castle(side));
        }
        let (role, lettered, s) = match s {
            [letter @ (b'N' | b'B' | b'R' | b'Q' | b'K' | b'P'), rest @ ..] => (
                Role::from_char(char::from(*letter)).ok_or(ParseSanError)?,
                true,
                rest,
            ),
            _ => (Role::Pawn, false, s),
        };
        let (s, promotion) = split_promotion(s)?;
        let (s, to) = split_square(s)?;
        let origin = parse_origin(s)?;
        if promotion.is_some() && role != Role::Pawn {
            return Err(ParseSanError);
        }
        match (lettered, origin.file, origin.rank) {
            // No piece letter and a full origin square: UCI-style coordinates.
            (false, Some(file), Some(rank)) => Ok(San::Coordinates {
                from: Square::new(file, rank),
                capture: origin.capture,
                to,
                promotion,
            }),
            // A pawn's origin is its file; a lone rank needs a piece letter (`N1f3`, `P2e4`).
            (false, None, Some(_)) => Err(ParseSanError),
            _ => Ok(San::Normal {
                role,
                file: origin.file,
                rank: origin.rank,
                capture: origin.capture,
                to,
                promotion,
            }),
        }
    }
}

impl FromStr for San {
    type Err = ParseSanError;

    /// Reads SAN forgivingly: `Nf3`, `Ng1f3`, `N1f3`, `e2e4`, `exd6`, `ed6`, `e8=Q`, `e8Q`, `O-O`,
    /// `0-0-0`; trailing `+ # ! ?` marks are ignored.
    fn from_str(s: &str) -> Result<San, ParseSanError> {
        San::from_ascii(s.as_bytes())
    }
}

impl SanPlus {
    /// Reads a move and its check or mate mark from bytes; see the [`FromStr`] implementation.
    pub fn from_ascii(s: &[u8]) -> Result<SanPlus, ParseSanError> {
        let (s, suffix) = split_suffix(s);
        let san = San::from_ascii_without_suffix(s)?;
        Ok(SanPlus { san, suffix })
    }
}

impl FromStr for SanPlus {
    type Err = ParseSanError;

    /// Reads a move as [`San`] does, keeping its `+` or `#` (`#` wins if both appear); `!` and `?`
    /// annotations are dropped.
    fn from_str(s: &str) -> Result<SanPlus, ParseSanError> {
        SanPlus::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        let b = s.as_bytes();
        Square::new(
            file_from_byte(b[0]).expect("file"),
            rank_from_byte(b[1]).expect("rank"),
        )
    }

    fn normal(role: Role, from: &str, capture: bool, to: &str, promotion: Option<Role>) -> San {
        let b = from.as_bytes();
        San::Normal {
            role,
            file: b.iter().find_map(|&c| file_from_byte(c)),
            rank: b.iter().find_map(|&c| rank_from_byte(c)),
            capture,
            to: sq(to),
            promotion,
        }
    }

    #[test]
    fn strict_san_is_read_field_by_field() {
        let cases = [
            ("Nf3", normal(Role::Knight, "", false, "f3", None)),
            ("Nbd7", normal(Role::Knight, "b", false, "d7", None)),
            ("R1a3", normal(Role::Rook, "1", false, "a3", None)),
            ("Qh4xe1", normal(Role::Queen, "h4", true, "e1", None)),
            ("exd6", normal(Role::Pawn, "e", true, "d6", None)),
            ("e4", normal(Role::Pawn, "", false, "e4", None)),
            (
                "e8=Q",
                normal(Role::Pawn, "", false, "e8", Some(Role::Queen)),
            ),
            (
                "bxa1=N",
                normal(Role::Pawn, "b", true, "a1", Some(Role::Knight)),
            ),
            ("Kxe2", normal(Role::King, "", true, "e2", None)),
            ("O-O", San::Castle(CastlingSide::KingSide)),
            ("O-O-O", San::Castle(CastlingSide::QueenSide)),
        ];
        for (text, expected) in cases {
            assert_eq!(text.parse::<San>(), Ok(expected), "{text}");
            assert_eq!(expected.to_string(), text, "{text}");
        }
    }

    #[test]
    fn forgiving_variants_read_as_their_strict_meaning() {
        let cases = [
            ("Ng1f3", normal(Role::Knight, "g1", false, "f3", None)),
            ("Ng1-f3", normal(Role::Knight, "g1", false, "f3", None)),
            ("N1f3", normal(Role::Knight, "1", false, "f3", None)),
            ("ed6", normal(Role::Pawn, "e", false, "d6", None)),
            (
                "e8Q",
                normal(Role::Pawn, "", false, "e8", Some(Role::Queen)),
            ),
            (
                "e8q",
                normal(Role::Pawn, "", false, "e8", Some(Role::Queen)),
            ),
            (
                "exd8=r",
                normal(Role::Pawn, "e", true, "d8", Some(Role::Rook)),
            ),
            ("Pe4", normal(Role::Pawn, "", false, "e4", None)),
            ("e:d6", normal(Role::Pawn, "e", true, "d6", None)),
            ("0-0", San::Castle(CastlingSide::KingSide)),
            ("0-0-0", San::Castle(CastlingSide::QueenSide)),
            ("o-o", San::Castle(CastlingSide::KingSide)),
            ("Nf3+", normal(Role::Knight, "", false, "f3", None)),
            ("Qxf7#", normal(Role::Queen, "", true, "f7", None)),
            ("e4!", normal(Role::Pawn, "", false, "e4", None)),
            ("e4?", normal(Role::Pawn, "", false, "e4", None)),
            ("e4!?", normal(Role::Pawn, "", false, "e4", None)),
            ("e4?!", normal(Role::Pawn, "", false, "e4", None)),
            ("Rxe8+!!", normal(Role::Rook, "", true, "e8", None)),
        ];
        for (text, expected) in cases {
            assert_eq!(text.parse::<San>(), Ok(expected), "{text}");
        }
    }

    #[test]
    fn uci_like_text_reads_as_coordinates() {
        assert_eq!(
            "e2e4".parse::<San>(),
            Ok(San::Coordinates {
                from: sq("e2"),
                capture: false,
                to: sq("e4"),
                promotion: None
            })
        );
        assert_eq!(
            "e7e8q".parse::<San>(),
            Ok(San::Coordinates {
                from: sq("e7"),
                capture: false,
                to: sq("e8"),
                promotion: Some(Role::Queen)
            })
        );
        assert_eq!(
            "e5xd6".parse::<San>(),
            Ok(San::Coordinates {
                from: sq("e5"),
                capture: true,
                to: sq("d6"),
                promotion: None
            })
        );
    }

    #[test]
    fn check_and_mate_marks_are_kept_by_san_plus() {
        let plus: SanPlus = "Qxf7#".parse().expect("valid");
        assert_eq!(plus.suffix, Some(Suffix::Checkmate));
        assert_eq!(plus.to_string(), "Qxf7#");
        let plus: SanPlus = "O-O+!?".parse().expect("valid");
        assert_eq!(plus.suffix, Some(Suffix::Check));
        assert_eq!(plus.to_string(), "O-O+");
        let plus: SanPlus = "e4!".parse().expect("valid");
        assert_eq!(plus.suffix, None);
    }

    #[test]
    fn malformed_text_is_rejected() {
        for text in [
            "", "+", "N", "Nf", "Nf9", "Ni3", "e", "e9", "4e4", "e8=K", "e8=P", "e8=", "Nf8=Q",
            "O-O-O-O", "O_O", "Nbbd7", "Nb1d2d", "xx", "e4e4e4", "Zf3", "nf3", "é4", "O-", "-",
        ] {
            assert_eq!(text.parse::<San>(), Err(ParseSanError), "{text:?}");
        }
    }
}
