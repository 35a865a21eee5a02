//! Why a SAN names no legal move (or several): the errors, their reasons and their messages.

use std::fmt;

use super::San;
use crate::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use crate::movegen::pawn_pushes;
use crate::{Bitboard, CastlingSide, Move, MoveList, Position, Rank, Role, Square};

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

impl San {
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
    pub(super) fn why_illegal(&self, pos: &Position, legal: &MoveList) -> IllegalSanReason {
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
        if any_piece_reaches(pos, self) {
            IllegalSanReason::LeavesKingInCheck
        } else {
            IllegalSanReason::NoPieceCanGoThere
        }
    }
}

/// The reason castling to `side` is not legal in `pos`.
fn why_castling_is_illegal(pos: &Position, side: CastlingSide) -> IllegalSanReason {
    let us = pos.turn();
    if pos.is_check() {
        IllegalSanReason::CastlingInCheck
    } else if !pos.castling_rights().has(us, side) {
        IllegalSanReason::NoCastlingRight
    } else if (pos.castling_path(side, pos.king_of(us)).must_be_empty & pos.occupied()).any() {
        IllegalSanReason::CastlingBlocked
    } else {
        IllegalSanReason::CastlingThroughCheck
    }
}

/// Whether some piece the SAN could mean moves to its destination by the piece's own rules
/// (board geometry, blockers, captures), ignoring whether its king would be left in check.
fn any_piece_reaches(pos: &Position, san: &San) -> bool {
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
    !pos.by_color(us).contains(to) && origins.into_iter().any(|from| reaches(pos, role, from, to))
}

/// Whether the `role` on `from` moves to `to` by its own rules, pins and checks aside.
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

/// Whether the pawn on `from` captures on `to` (a piece or the en-passant square), or pushes
/// there with the move generator's own pushes.
fn pawn_reaches(pos: &Position, from: Square, to: Square) -> bool {
    let us = pos.turn();
    let mut capturable = pos.by_color(!us);
    if let Some(ep) = pos.ep_square() {
        capturable = capturable.with(ep);
    }
    let captures = pawn_attacks(us, from) & capturable;
    let (single, double) = pawn_pushes(us, Bitboard::from_square(from), !pos.occupied());
    (captures | single | double).contains(to)
}
