//! Standard Algebraic Notation: `Nf3`, `exd6`, `e8=Q`, `O-O`, `Qh4xe1+`.
//!
//! Parsing happens in two steps, as everywhere in this crate: the text is first read into a [`San`]
//! (syntax only, no position needed), which is then resolved against a position with
//! [`San::to_move`]. Reading is forgiving in the ways real files need — `Ng1f3`, `N1f3`, UCI-like
//! `e2e4`, `e8Q`, `0-0`, a missing `x`, and trailing `+ # ! ?` marks — while writing
//! ([`San::from_move`], [`SanPlus::from_move`]) always produces strict, minimal SAN.

use std::fmt;
use std::str::FromStr;

use crate::attacks::between;
use crate::{CastlingSide, Color, File, Move, MoveList, Position, Rank, Role, Square};

/// A move as written in SAN, before it is matched against a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn move such as `Nf3`, `Nbd7`, `R1a3`, `Qh4xe1`, `exd6`, `e8=Q`.
    Normal {
        /// The moving piece (`Pawn` when the text has no piece letter).
        role: Role,
        /// The file the piece leaves from, when the text gives it.
        file: Option<File>,
        /// The rank the piece leaves from, when the text gives it.
        rank: Option<Rank>,
        /// Whether the text marks a capture with `x` (only informative: a missing `x` is tolerated).
        capture: bool,
        /// The destination square.
        to: Square,
        /// The piece a pawn promotes to.
        promotion: Option<Role>,
    },
    /// Both squares and no piece letter, as in UCI (`g1f3`, `e7e8q`, `e5xd6`): whatever stands on
    /// `from` moves. A king moving two files (`e1g1`) castles.
    Coordinates {
        /// The square the piece leaves.
        from: Square,
        /// Whether the text marks a capture with `x`.
        capture: bool,
        /// The destination square.
        to: Square,
        /// The piece a pawn promotes to.
        promotion: Option<Role>,
    },
    /// `O-O` or `O-O-O` (also read as `0-0`, `0-0-0`).
    Castle(CastlingSide),
}

/// The check or checkmate mark after a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`: the move gives check.
    Check,
    /// `#`: the move gives checkmate.
    Checkmate,
}

/// A SAN move with its check or mate mark, as written in game scores: `Qxf7#`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move itself.
    pub san: San,
    /// `+` or `#`, if the move gives check or mate.
    pub suffix: Option<Suffix>,
}

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

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                // A pawn is written with its letter only when it has a rank to disambiguate
                // (`P2e4`), which keeps `parse(display(san)) == san` for every value.
                if role != Role::Pawn || rank.is_some() {
                    write!(f, "{}", role.upper_char())?;
                }
                if let Some(file) = file {
                    write!(f, "{}", file.char())?;
                }
                if let Some(rank) = rank {
                    write!(f, "{}", rank.char())?;
                }
                if capture {
                    f.write_str("x")?;
                }
                write!(f, "{to}")?;
                if let Some(promotion) = promotion {
                    write!(f, "={}", promotion.upper_char())?;
                }
                Ok(())
            }
            San::Coordinates {
                from,
                capture,
                to,
                promotion,
            } => {
                write!(f, "{from}{}{to}", if capture { "x" } else { "" })?;
                if let Some(promotion) = promotion {
                    write!(f, "{}", promotion.char())?;
                }
                Ok(())
            }
            San::Castle(CastlingSide::KingSide) => f.write_str("O-O"),
            San::Castle(CastlingSide::QueenSide) => f.write_str("O-O-O"),
        }
    }
}

impl Suffix {
    /// The mark as written: `+` or `#`.
    pub fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }
}

impl fmt::Display for Suffix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
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

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.san)?;
        if let Some(suffix) = self.suffix {
            write!(f, "{suffix}")?;
        }
        Ok(())
    }
}

/// Why a SAN move cannot be played in a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum IllegalSanReason {
    /// No piece of the named kind (matching the given file/rank) can move to the destination.
    NoPieceCanGoThere,
    /// A piece could go there, but the move would leave (or put) its own king in check.
    LeavesKingInCheck,
    /// UCI-like coordinates name an empty origin square.
    NoPieceOnSquare,
    /// UCI-like coordinates name a square holding an opponent's piece.
    NotYourPiece,
    /// A pawn reaching the last rank must name the piece it promotes to.
    MissingPromotion,
    /// Only a pawn reaching the last rank can promote.
    UnexpectedPromotion,
    /// Castling out of check is not allowed.
    CastlingInCheck,
    /// The king or that rook has moved: the castling right is gone.
    NoCastlingRight,
    /// Pieces stand between the king and the rook.
    CastlingBlocked,
    /// The king would pass through or land on an attacked square.
    CastlingThroughCheck,
}

/// A SAN move that does not name exactly one legal move of the position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SanError {
    /// No legal move matches, for the given reason.
    Illegal {
        /// The move as read.
        san: San,
        /// Why it cannot be played.
        reason: IllegalSanReason,
    },
    /// Several legal moves match (`Nd2` when both knights can go there).
    Ambiguous {
        /// The move as read.
        san: San,
        /// Every legal move it could mean.
        candidates: Vec<Move>,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Illegal { san, reason } => {
                write!(f, "illegal move {san}: ")?;
                describe_illegal(f, san, *reason)
            }
            SanError::Ambiguous { san, candidates } => {
                write!(f, "ambiguous move {san}: it could be ")?;
                let letter = match san {
                    San::Normal { role, .. } if *role != Role::Pawn => {
                        role.upper_char().to_string()
                    }
                    _ => String::new(),
                };
                for (i, m) in candidates.iter().enumerate() {
                    let separator = match i {
                        0 => "",
                        i if i + 1 == candidates.len() => " or ",
                        _ => ", ",
                    };
                    write!(f, "{separator}{letter}{}{}", m.from(), m.to())?;
                }
                Ok(())
            }
        }
    }
}

/// The `reason` part of an illegal-move message, in words.
fn describe_illegal(
    f: &mut fmt::Formatter<'_>,
    san: &San,
    reason: IllegalSanReason,
) -> fmt::Result {
    match (reason, san) {
        (IllegalSanReason::NoPieceCanGoThere, San::Normal { role, to, .. }) => {
            write!(f, "no {} can go to {to}", role_name(*role))
        }
        (IllegalSanReason::NoPieceCanGoThere, San::Coordinates { from, to, .. }) => {
            write!(f, "the piece on {from} cannot go to {to}")
        }
        (IllegalSanReason::NoPieceCanGoThere, San::Castle(_)) => {
            f.write_str("castling is not possible")
        }
        (IllegalSanReason::LeavesKingInCheck, _) => f.write_str("it would leave the king in check"),
        (IllegalSanReason::NoPieceOnSquare, San::Coordinates { from, .. }) => {
            write!(f, "there is no piece on {from}")
        }
        (IllegalSanReason::NotYourPiece, San::Coordinates { from, .. }) => {
            write!(f, "the piece on {from} belongs to the opponent")
        }
        (IllegalSanReason::NoPieceOnSquare | IllegalSanReason::NotYourPiece, _) => {
            f.write_str("no piece of the side to move stands there")
        }
        (IllegalSanReason::MissingPromotion, _) => {
            f.write_str("a pawn reaching the last rank must promote (add =Q, =R, =B or =N)")
        }
        (IllegalSanReason::UnexpectedPromotion, _) => {
            f.write_str("only a pawn reaching the last rank can promote")
        }
        (IllegalSanReason::CastlingInCheck, _) => f.write_str("the king is in check"),
        (IllegalSanReason::NoCastlingRight, _) => {
            f.write_str("the king or that rook has already moved")
        }
        (IllegalSanReason::CastlingBlocked, _) => {
            f.write_str("pieces stand between the king and the rook")
        }
        (IllegalSanReason::CastlingThroughCheck, _) => {
            f.write_str("the king would pass through or land on an attacked square")
        }
    }
}

/// The English name of a role, for messages.
fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

impl std::error::Error for SanError {}

/// The side a castling move goes to, judged by the king's direction.
fn castling_side(m: Move) -> CastlingSide {
    if m.to().file() > m.from().file() {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    }
}

impl San {
    /// The legal move of `pos` this SAN names, or why there is none (or more than one).
    ///
    /// ```
    /// use alphachess_engine::{Position, San};
    ///
    /// let pos = Position::startpos();
    /// let san: San = "Nf3".parse()?;
    /// assert_eq!(san.to_move(&pos)?.to_string(), "g1f3");
    /// let err = "Nd4".parse::<San>()?.to_move(&pos).unwrap_err();
    /// assert_eq!(err.to_string(), "illegal move Nd4: no knight can go to d4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        let legal = pos.legal_moves();
        let mut candidates: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| self.matches(pos, m))
            .collect();
        candidates.sort_by_key(|m| m.from());
        match candidates[..] {
            [m] => Ok(m),
            [] => Err(SanError::Illegal {
                san: *self,
                reason: self.why_illegal(pos, &legal),
            }),
            _ => Err(SanError::Ambiguous {
                san: *self,
                candidates,
            }),
        }
    }

    /// Whether the legal move `m` of `pos` is one this SAN could mean.
    fn matches(&self, pos: &Position, m: Move) -> bool {
        self.matches_ignoring_promotion(pos, m) && m.promotion() == self.promotion()
    }

    fn matches_ignoring_promotion(&self, pos: &Position, m: Move) -> bool {
        match *self {
            San::Castle(side) => m.is_castle() && castling_side(m) == side,
            San::Coordinates { from, to, .. } => {
                m.from() == from && (m.to() == to || (m.is_castle() && is_castling_rook(m, to)))
            }
            San::Normal {
                role,
                file,
                rank,
                to,
                ..
            } => {
                !m.is_castle()
                    && m.to() == to
                    && pos.moved_role(m) == role
                    && file.is_none_or(|file| m.from().file() == file)
                    && rank.is_none_or(|rank| m.from().rank() == rank)
            }
        }
    }

    /// The promotion this SAN asks for.
    fn promotion(&self) -> Option<Role> {
        match *self {
            San::Normal { promotion, .. } | San::Coordinates { promotion, .. } => promotion,
            San::Castle(_) => None,
        }
    }

    /// Whether this names a pawn move to the last rank (where a promotion belongs).
    fn is_pawn_to_last_rank(&self, pos: &Position) -> bool {
        let (is_pawn, to) = match *self {
            San::Normal { role, to, .. } => (role == Role::Pawn, to),
            San::Coordinates { from, to, .. } => (pos.role_at(from) == Some(Role::Pawn), to),
            San::Castle(_) => return false,
        };
        is_pawn && to.rank() == pos.turn().fold_wb(Rank::Eighth, Rank::First)
    }

    /// Why no legal move matches: the first reason that applies, most specific first.
    fn why_illegal(&self, pos: &Position, legal: &MoveList) -> IllegalSanReason {
        if let San::Castle(side) = *self {
            return why_castling_is_illegal(pos, side);
        }
        if let San::Coordinates { from, .. } = *self {
            match pos.piece_at(from) {
                None => return IllegalSanReason::NoPieceOnSquare,
                Some(piece) if piece.color != pos.turn() => return IllegalSanReason::NotYourPiece,
                Some(_) => {}
            }
        }
        if legal
            .iter()
            .any(|&m| self.matches_ignoring_promotion(pos, m))
        {
            return if self.promotion().is_none() {
                IllegalSanReason::MissingPromotion
            } else {
                IllegalSanReason::UnexpectedPromotion
            };
        }
        if self.promotion().is_some() && !self.is_pawn_to_last_rank(pos) {
            return IllegalSanReason::UnexpectedPromotion;
        }
        if reach::any_piece_reaches(pos, self) {
            IllegalSanReason::LeavesKingInCheck
        } else {
            IllegalSanReason::NoPieceCanGoThere
        }
    }
}

/// Whether `to` is the square of the rook a castling king move `m` castles with (`e1h1`).
fn is_castling_rook(m: Move, to: Square) -> bool {
    let side = castling_side(m);
    Color::ALL
        .into_iter()
        .any(|color| side.king_from(color) == m.from() && side.rook_from(color) == to)
}

/// The reason castling to `side` is not legal in `pos`.
fn why_castling_is_illegal(pos: &Position, side: CastlingSide) -> IllegalSanReason {
    let us = pos.turn();
    if pos.is_check() {
        IllegalSanReason::CastlingInCheck
    } else if !pos.castling_rights().has(us, side) {
        IllegalSanReason::NoCastlingRight
    } else if (between(side.king_from(us), side.rook_from(us)) & pos.occupied()).any() {
        IllegalSanReason::CastlingBlocked
    } else {
        IllegalSanReason::CastlingThroughCheck
    }
}

/// Piece geometry ignoring pins and checks, used only to explain why a move is illegal.
mod reach {
    use super::San;
    use crate::attacks::{
        bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
    };
    use crate::{Position, Role, Square};

    /// Whether some piece the SAN could mean moves to its destination by the piece's own rules
    /// (board geometry, blockers, captures), ignoring whether its king would be left in check.
    pub(super) fn any_piece_reaches(pos: &Position, san: &San) -> bool {
        let us = pos.turn();
        let (to, origins, role) = match *san {
            San::Normal {
                role,
                file,
                rank,
                to,
                ..
            } => {
                let origins = pos.by_color(us) & pos.by_role(role);
                let origins = origins
                    .into_iter()
                    .filter(|sq| {
                        file.is_none_or(|f| sq.file() == f) && rank.is_none_or(|r| sq.rank() == r)
                    })
                    .collect::<Vec<Square>>();
                (to, origins, role)
            }
            San::Coordinates { from, to, .. } => match pos.piece_at(from) {
                Some(piece) if piece.color == us => (to, vec![from], piece.role),
                _ => return false,
            },
            San::Castle(_) => return false,
        };
        !pos.by_color(us).contains(to)
            && origins.into_iter().any(|from| reaches(pos, role, from, to))
    }

    fn reaches(pos: &Position, role: Role, from: Square, to: Square) -> bool {
        let occupied = pos.occupied();
        match role {
            Role::Knight => knight_attacks(from).contains(to),
            Role::King => king_attacks(from).contains(to),
            Role::Bishop => bishop_attacks(from, occupied).contains(to),
            Role::Rook => rook_attacks(from, occupied).contains(to),
            Role::Queen => queen_attacks(from, occupied).contains(to),
            Role::Pawn => pawn_reaches(pos, from, to),
        }
    }

    fn pawn_reaches(pos: &Position, from: Square, to: Square) -> bool {
        let us = pos.turn();
        if pawn_attacks(us, from).contains(to) {
            return pos.by_color(!us).contains(to) || pos.ep_square() == Some(to);
        }
        let step = |sq: Square| sq.offset(us.fold_wb(8, -8));
        let empty = |sq: Square| !pos.occupied().contains(sq);
        let Some(one) = step(from) else {
            return false;
        };
        if one == to {
            return empty(to);
        }
        let start_rank = us.fold_wb(crate::Rank::Second, crate::Rank::Seventh);
        from.rank() == start_rank && step(one) == Some(to) && empty(one) && empty(to)
    }
}

impl San {
    /// The SAN of the legal move `m` in `pos`, with the shortest disambiguation: none, else the
    /// file, else the rank, else both (`Nf3`, `Nbd7`, `R1a3`, `Qh4e1`). No check mark: see
    /// [`SanPlus::from_move`].
    pub fn from_move(pos: &Position, m: Move) -> San {
        if m.is_castle() {
            return San::Castle(castling_side(m));
        }
        let role = pos.moved_role(m);
        let capture = pos.is_capture(m);
        if role == Role::Pawn {
            return San::Normal {
                role,
                file: capture.then(|| m.from().file()),
                rank: None,
                capture,
                to: m.to(),
                promotion: m.promotion(),
            };
        }
        let rivals: Vec<Square> = pos
            .legal_moves()
            .iter()
            .filter(|o| !o.is_castle() && o.to() == m.to() && o.from() != m.from())
            .filter(|o| pos.moved_role(**o) == role)
            .map(|o| o.from())
            .collect();
        let from = m.from();
        let (file, rank) = if rivals.is_empty() {
            (None, None)
        } else if rivals.iter().all(|sq| sq.file() != from.file()) {
            (Some(from.file()), None)
        } else if rivals.iter().all(|sq| sq.rank() != from.rank()) {
            (None, Some(from.rank()))
        } else {
            (Some(from.file()), Some(from.rank()))
        };
        San::Normal {
            role,
            file,
            rank,
            capture,
            to: m.to(),
            promotion: None,
        }
    }
}

impl SanPlus {
    /// The SAN of the legal move `m` in `pos` with `+` or `#` when it gives check or mate.
    ///
    /// ```
    /// use alphachess_engine::{Position, SanPlus};
    ///
    /// // Fool's mate: 1. f3 e5 2. g4 Qh4#
    /// let pos: Position = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2".parse()?;
    /// let mate = "Qh4".parse::<alphachess_engine::San>()?.to_move(&pos)?;
    /// assert_eq!(SanPlus::from_move(&pos, mate).to_string(), "Qh4#");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_move(pos: &Position, m: Move) -> SanPlus {
        let san = San::from_move(pos, m);
        let suffix = pos.is_legal(m).then(|| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            if after.is_checkmate() {
                Some(Suffix::Checkmate)
            } else if after.is_check() {
                Some(Suffix::Check)
            } else {
                None
            }
        });
        SanPlus {
            san,
            suffix: suffix.flatten(),
        }
    }

    /// The legal move of `pos` this names; the check mark is not verified.
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        self.san.to_move(pos)
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
