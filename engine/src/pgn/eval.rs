//! The `[%eval ...]` command that lichess embeds in comments: `[%eval 0.35]`, `[%eval #-3]`.

use std::fmt;
use std::str::FromStr;

use super::Comment;

/// An engine evaluation from White's point of view, as lichess writes it in a comment:
/// `[%eval 0.35]` (pawns, two decimals) or `[%eval #-3]` (mate in 3 for Black).
///
/// ```
/// use alphachess_engine::pgn::{Comment, Eval};
///
/// let comment: Comment = "[%eval -1.20] Mistake. Nf3 was best.".parse()?;
/// assert_eq!(Eval::from_comment(&comment), Some(Eval::Centipawns(-120)));
/// assert_eq!(Eval::Centipawns(35).command(), "[%eval 0.35]");
/// assert_eq!(Eval::Mate(-3).command(), "[%eval #-3]");
/// assert_eq!("#-3".parse::<Eval>(), Ok(Eval::Mate(-3)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// Hundredths of a pawn, positive when White is better.
    Centipawns(i32),
    /// Mate in this many moves: positive when White mates, negative when Black does.
    Mate(i32),
}

/// The text is not an evaluation (`0.35`, `-1.2`, `#3`, `#-3`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseEvalError;

impl fmt::Display for ParseEvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid eval: expected pawns such as 0.35 or a mate such as #-3")
    }
}

impl std::error::Error for ParseEvalError {}

/// What opens the command inside a comment.
const PREFIX: &str = "[%eval ";

impl Eval {
    /// The first `[%eval ...]` command of a comment, if it has a readable one. A depth after a
    /// comma (`[%eval 0.35,22]`, as python-chess may write) is ignored.
    pub fn from_comment(comment: &Comment) -> Option<Eval> {
        let text = comment.as_str();
        let start = text.find(PREFIX)? + PREFIX.len();
        let body = &text[start..];
        let body = &body[..body.find(']')?];
        let value = body.split(',').next().unwrap_or(body);
        value.trim().parse().ok()
    }

    /// The command to put in a comment: `[%eval 0.35]`, `[%eval #-3]`.
    pub fn command(self) -> String {
        format!("{PREFIX}{self}]")
    }
}

impl fmt::Display for Eval {
    /// Pawns with two decimals (`0.35`, `-1.20`) or a mate (`#3`, `#-3`), as lichess writes them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let cp = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", cp / 100, cp % 100)
            }
            Eval::Mate(moves) => write!(f, "#{moves}"),
        }
    }
}

impl FromStr for Eval {
    type Err = ParseEvalError;

    /// Reads `#3`, `#-3`, `#+3`, or pawns with an optional sign and any number of decimals
    /// (`0.35`, `-1.2`, `+2`, `.5`), rounded to the nearest centipawn.
    fn from_str(s: &str) -> Result<Eval, ParseEvalError> {
        if let Some(moves) = s.strip_prefix('#') {
            let moves = moves.strip_prefix('+').unwrap_or(moves);
            return moves.parse().map(Eval::Mate).map_err(|_| ParseEvalError);
        }
        parse_centipawns(s).map(Eval::Centipawns)
    }
}

/// Pawns as text to centipawns, in integers so that `0.35` is exactly 35.
fn parse_centipawns(s: &str) -> Result<i32, ParseEvalError> {
    let (negative, unsigned) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let all_digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() && fraction.is_empty() || !all_digits(whole) || !all_digits(fraction) {
        return Err(ParseEvalError);
    }
    let digit = |i: usize| {
        fraction
            .as_bytes()
            .get(i)
            .map_or(0, |b| i64::from(b - b'0'))
    };
    let pawns: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| ParseEvalError)?
    };
    let round_up = i64::from(digit(2) >= 5);
    let cp = pawns
        .checked_mul(100)
        .and_then(|cp| cp.checked_add(10 * digit(0) + digit(1) + round_up))
        .ok_or(ParseEvalError)?;
    let cp = if negative { -cp } else { cp };
    i32::try_from(cp).map_err(|_| ParseEvalError)
}
