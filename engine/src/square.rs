//! Files, ranks and squares.

use std::fmt;
use std::str::FromStr;

/// Files and ranks are the same kind of value: eight in order, each written as one character
/// from `$first` to `$last`. One definition keeps the two alike.
macro_rules! coordinate {
    ($(#[$doc:meta])* $name:ident, $first:literal ..= $last:literal, [$($variant:ident),+ $(,)?]) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum $name {
            $($variant),+
        }

        impl $name {
            #[doc = concat!("All eight, '", $first, "' first.")]
            pub const ALL: [$name; 8] = [$($name::$variant),+];

            #[doc = concat!("The one with this index (0 = '", $first, "'), if in range.")]
            #[inline]
            pub const fn new(index: u32) -> Option<$name> {
                if index < 8 {
                    Some($name::ALL[index as usize])
                } else {
                    None
                }
            }

            #[doc = concat!("0 for '", $first, "' up to 7 for '", $last, "'.")]
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            #[doc = concat!("The character '", $first, "' to '", $last, "'.")]
            pub const fn char(self) -> char {
                ($first as u32 + self as u32) as u8 as char
            }

            #[doc = concat!("Parses a character '", $first, "' to '", $last, "'.")]
            pub const fn from_char(c: char) -> Option<$name> {
                match c {
                    $first..=$last => $name::new(c as u32 - $first as u32),
                    _ => None,
                }
            }
        }
    };
}

coordinate!(
    /// A file (column), a to h.
    File, 'a'..='h', [A, B, C, D, E, F, G, H]
);

coordinate!(
    /// A rank (row), 1 to 8.
    Rank, '1'..='8', [First, Second, Third, Fourth, Fifth, Sixth, Seventh, Eighth]
);

impl Rank {
    /// The same rank seen from Black's side (first <-> eighth).
    #[inline]
    pub const fn flip(self) -> Rank {
        Rank::ALL[7 - self as usize]
    }
}

/// A square of the board, A1 = 0 up to H8 = 63 (rank by rank).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
#[rustfmt::skip]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// All 64 squares, A1 first, rank by rank.
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = [
        Square::A1, Square::B1, Square::C1, Square::D1, Square::E1, Square::F1, Square::G1, Square::H1,
        Square::A2, Square::B2, Square::C2, Square::D2, Square::E2, Square::F2, Square::G2, Square::H2,
        Square::A3, Square::B3, Square::C3, Square::D3, Square::E3, Square::F3, Square::G3, Square::H3,
        Square::A4, Square::B4, Square::C4, Square::D4, Square::E4, Square::F4, Square::G4, Square::H4,
        Square::A5, Square::B5, Square::C5, Square::D5, Square::E5, Square::F5, Square::G5, Square::H5,
        Square::A6, Square::B6, Square::C6, Square::D6, Square::E6, Square::F6, Square::G6, Square::H6,
        Square::A7, Square::B7, Square::C7, Square::D7, Square::E7, Square::F7, Square::G7, Square::H7,
        Square::A8, Square::B8, Square::C8, Square::D8, Square::E8, Square::F8, Square::G8, Square::H8,
    ];

    /// The square on this file and rank.
    #[inline]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::from_index_masked(rank as usize * 8 + file as usize)
    }

    /// The square with this index (A1 = 0, H8 = 63), if in range.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 {
            Some(Square::from_index_masked(index))
        } else {
            None
        }
    }

    /// The square with index `index & 63`: no check is needed because every masked value is a square.
    #[inline]
    pub(crate) const fn from_index_masked(index: usize) -> Square {
        Square::ALL[index & 63]
    }

    /// The file of this square.
    #[inline]
    pub const fn file(self) -> File {
        File::ALL[self as usize & 7]
    }

    /// The rank of this square.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::ALL[self as usize >> 3]
    }

    /// 0 for A1 up to 63 for H8.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The same square seen from Black's side (a1 <-> a8).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::from_index_masked(self as usize ^ 56)
    }

    /// The square `delta` steps away in index order, if on the board.
    #[inline]
    pub const fn offset(self, delta: i32) -> Option<Square> {
        let index = self as i32 + delta;
        if 0 <= index && index < 64 {
            Some(Square::from_index_masked(index as usize))
        } else {
            None
        }
    }

    /// Whether this is a light square (h1 is light, a1 is dark).
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.file() as usize + self.rank() as usize) % 2 == 1
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// The text is not a square name such as "e4".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid square name (expected a file a-h and a rank 1-8, like e4)")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        let file = chars
            .next()
            .and_then(File::from_char)
            .ok_or(ParseSquareError)?;
        let rank = chars
            .next()
            .and_then(Rank::from_char)
            .ok_or(ParseSquareError)?;
        match chars.next() {
            None => Ok(Square::new(file, rank)),
            Some(_) => Err(ParseSquareError),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
