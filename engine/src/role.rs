//! The six kinds of piece, and a container indexed by kind.

use std::ops::{Index, IndexMut};

/// A kind of piece, regardless of colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Role {
    /// A pawn.
    Pawn = 0,
    /// A knight.
    Knight = 1,
    /// A bishop.
    Bishop = 2,
    /// A rook.
    Rook = 3,
    /// A queen.
    Queen = 4,
    /// A king.
    King = 5,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The lowercase letter: 'p', 'n', 'b', 'r', 'q' or 'k'.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The uppercase letter: 'P', 'N', 'B', 'R', 'Q' or 'K'.
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// Parses a role letter in either case.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// Parses the letter of a role a pawn may promote to (n, b, r or q) in either case.
    pub(crate) const fn promotion_from_char(c: char) -> Option<Role> {
        match Role::from_char(c) {
            Some(role @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => Some(role),
            _ => None,
        }
    }

    /// 0 for a pawn up to 5 for a king.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// One value per role, indexed by [`Role`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByRole<T>(pub [T; 6]);

impl<T> ByRole<T> {
    /// Builds the container by calling `f` for each role.
    pub fn new_with(mut f: impl FnMut(Role) -> T) -> ByRole<T> {
        ByRole(Role::ALL.map(&mut f))
    }

    /// Applies `f` to every value.
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByRole<U> {
        ByRole(self.0.map(f))
    }
}

impl<T> Index<Role> for ByRole<T> {
    type Output = T;

    #[inline]
    fn index(&self, role: Role) -> &T {
        &self.0[role as usize]
    }
}

impl<T> IndexMut<Role> for ByRole<T> {
    #[inline]
    fn index_mut(&mut self, role: Role) -> &mut T {
        &mut self.0[role as usize]
    }
}
