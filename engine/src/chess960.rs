//! The 960 Chess960 start positions by number (0–959), in Scharnagl's numbering: 518 is the
//! standard setup. The number fixes White's back rank; Black mirrors it, pawns stand on their
//! second ranks, all four castling rights are held with the two rooks.
//!
//! The number n decodes as: n mod 4 puts the light-squared bishop on b, d, f or h; then (n / 4)
//! mod 4 the dark-squared one on a, c, e or g; then (n / 16) mod 6 the queen on the nth empty
//! square; then n / 96 picks one of ten knight placements on the five squares left; the last
//! three take rook, king, rook in order.

use std::fmt;

use crate::{CastlingMode, File, Position, Rank, Role, Square};

/// The knight placements on the five squares left after bishops and queen, by index 0–9.
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

/// The number of the standard chess setup.
pub const STANDARD_CHESS960_NUMBER: u16 = 518;

/// A Chess960 start position number outside 0–959.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chess960NumberError(pub u32);

impl fmt::Display for Chess960NumberError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "chess960 position {} does not exist: numbers run from 0 to 959",
            self.0
        )
    }
}

impl std::error::Error for Chess960NumberError {}

/// The back rank of start position `number` (0–959), a to h.
fn back_rank(number: u16) -> [Role; 8] {
    let mut rank: [Option<Role>; 8] = [None; 8];
    let mut n = usize::from(number);
    rank[2 * (n % 4) + 1] = Some(Role::Bishop);
    n /= 4;
    rank[2 * (n % 4)] = Some(Role::Bishop);
    n /= 4;
    let empty = |rank: &[Option<Role>; 8]| -> Vec<usize> {
        (0..8).filter(|&file| rank[file].is_none()).collect()
    };
    rank[empty(&rank)[n % 6]] = Some(Role::Queen);
    n /= 6;
    let free = empty(&rank);
    let (first, second) = KNIGHTS[n];
    rank[free[first]] = Some(Role::Knight);
    rank[free[second]] = Some(Role::Knight);
    for (file, role) in empty(&rank)
        .into_iter()
        .zip([Role::Rook, Role::King, Role::Rook])
    {
        rank[file] = Some(role);
    }
    rank.map(|role| role.expect("all eight files are filled"))
}

/// The number whose back rank is `rank` (a to h), if it is a Chess960 setup.
fn number_of(rank: &[Role]) -> Option<u16> {
    let files_of = |role: Role| -> Vec<usize> { (0..8).filter(|&f| rank[f] == role).collect() };
    let bishops = files_of(Role::Bishop);
    let (light, dark) = match bishops.as_slice() {
        [a, b] if a % 2 != b % 2 => {
            if a % 2 == 1 {
                (*a, *b)
            } else {
                (*b, *a)
            }
        }
        _ => return None,
    };
    let without_bishops: Vec<usize> = (0..8).filter(|&f| rank[f] != Role::Bishop).collect();
    let queen = without_bishops
        .iter()
        .position(|&f| rank[f] == Role::Queen)?;
    let rest: Vec<usize> = without_bishops
        .into_iter()
        .filter(|&f| rank[f] != Role::Queen)
        .collect();
    let knights: Vec<usize> = (0..rest.len())
        .filter(|&i| rank[rest[i]] == Role::Knight)
        .collect();
    let [first, second] = knights.as_slice() else {
        return None;
    };
    let pattern = KNIGHTS.iter().position(|&k| k == (*first, *second))?;
    let number = ((pattern * 6 + queen) * 4 + dark / 2) * 4 + (light - 1) / 2;
    (number < 960).then(|| u16::try_from(number).expect("below 960"))
}

impl Position {
    /// Chess960 start position `number` (0–959, Scharnagl's numbering), in Chess960 mode.
    ///
    /// ```
    /// use alphachess_engine::Position;
    /// let pos = Position::chess960(0)?;
    /// assert_eq!(pos.to_fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert_eq!(pos.chess960_number(), Some(0));
    /// assert_eq!(Position::chess960(518)?.to_fen(), alphachess_engine::STARTPOS_FEN);
    /// # Ok::<(), alphachess_engine::Chess960NumberError>(())
    /// ```
    pub fn chess960(number: u16) -> Result<Position, Chess960NumberError> {
        if number >= 960 {
            return Err(Chess960NumberError(u32::from(number)));
        }
        let white: String = back_rank(number)
            .iter()
            .map(|role| role.char().to_ascii_uppercase())
            .collect();
        let fen = format!(
            "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1",
            white.to_ascii_lowercase()
        );
        let pos = Position::from_fen_with_mode(&fen, CastlingMode::Chess960)
            .expect("every Chess960 setup is a valid position");
        Ok(pos)
    }

    /// The number (0–959) of this position if it is a Chess960 start position: White's back
    /// rank one of the 960 setups, Black's its mirror, all pawns at home, all four rights, White
    /// to move. The castling mode is not considered: the standard start position is 518.
    pub fn chess960_number(&self) -> Option<u16> {
        let rank: Vec<Role> = File::ALL
            .into_iter()
            .map(|file| self.role_at(Square::new(file, Rank::First)))
            .collect::<Option<_>>()?;
        let number = number_of(&rank)?;
        let start = Position::chess960(number).ok()?;
        let same = start.by_role == self.by_role
            && start.by_color == self.by_color
            && start.castling == self.castling
            && start.castling_rooks == self.castling_rooks
            && self.turn == start.turn
            && self.ep_square.is_none();
        same.then_some(number)
    }
}
