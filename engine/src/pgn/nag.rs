//! Numeric Annotation Glyphs: `$1`..`$255`, and the six move marks `!`, `?`, `!!`, `??`, `!?`, `?!`.

use std::fmt;
use std::str::FromStr;

/// A Numeric Annotation Glyph, as in `Nxe5 $6` or, for the first six, `Nxe5?!`.
///
/// The PGN standard numbers the glyphs; 1 to 6 judge the move and have the familiar marks
/// ([`Nag::glyph`]). The writer follows lichess: a move's first NAG, if it is one of those six, is
/// written as its mark right after the move (`Nxe5?!`), every other NAG as `$n` after it.
///
/// ```
/// use alphachess_engine::pgn::Nag;
/// assert_eq!("?!".parse::<Nag>(), Ok(Nag::DUBIOUS));
/// assert_eq!("$6".parse::<Nag>(), Ok(Nag::DUBIOUS));
/// assert_eq!(Nag::DUBIOUS.to_string(), "$6");
/// assert_eq!(Nag::DUBIOUS.glyph(), Some("?!"));
/// assert_eq!(Nag(14).glyph(), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nag(pub u8);

impl Nag {
    /// `$1`, `!`: a good move.
    pub const GOOD: Nag = Nag(1);
    /// `$2`, `?`: a mistake (lichess's "Mistake").
    pub const MISTAKE: Nag = Nag(2);
    /// `$3`, `!!`: a brilliant move.
    pub const BRILLIANT: Nag = Nag(3);
    /// `$4`, `??`: a blunder (lichess's "Blunder").
    pub const BLUNDER: Nag = Nag(4);
    /// `$5`, `!?`: an interesting move.
    pub const INTERESTING: Nag = Nag(5);
    /// `$6`, `?!`: a dubious move (lichess's "Inaccuracy").
    pub const DUBIOUS: Nag = Nag(6);

    /// The six move marks, in NAG order (`!` is `$1`).
    const GLYPHS: [&'static str; 6] = ["!", "?", "!!", "??", "!?", "?!"];

    /// The mark of a move-judging NAG (`$1`..`$6`): `!`, `?`, `!!`, `??`, `!?` or `?!`.
    pub fn glyph(self) -> Option<&'static str> {
        Nag::GLYPHS
            .get(usize::from(self.0).checked_sub(1)?)
            .copied()
    }

    /// The NAG a move mark stands for: `"?!"` is [`Nag::DUBIOUS`].
    pub fn from_glyph(mark: &str) -> Option<Nag> {
        let index = Nag::GLYPHS.iter().position(|&glyph| glyph == mark)?;
        Some(Nag(index as u8 + 1))
    }
}

impl fmt::Display for Nag {
    /// The numeric form, `$6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}

/// The text is neither `$n` (n up to 255) nor one of the six move marks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseNagError;

impl fmt::Display for ParseNagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid nag: expected $0 to $255 or one of ! ? !! ?? !? ?!")
    }
}

impl std::error::Error for ParseNagError {}

impl FromStr for Nag {
    type Err = ParseNagError;

    /// Reads `$6` or `?!`.
    fn from_str(s: &str) -> Result<Nag, ParseNagError> {
        match s.strip_prefix('$') {
            Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                digits.parse().map(Nag).map_err(|_| ParseNagError)
            }
            Some(_) => Err(ParseNagError),
            None => Nag::from_glyph(s).ok_or(ParseNagError),
        }
    }
}
