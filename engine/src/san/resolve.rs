//! Resolving a [`San`] against a position: the one legal move it names, else why not.

use super::{castling_side, San, SanError, SanPlus};
use crate::{Move, Position, Role};

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

    /// Whether the legal move `m` of `pos` is one this SAN could mean, whatever it promotes to.
    pub(super) fn matches_ignoring_promotion(&self, pos: &Position, m: Move) -> bool {
        match *self {
            San::Castle(side) => m.is_castle() && castling_side(m) == side,
            San::Coordinates { from, to, .. } => {
                m.from() == from
                    && (m.to() == to
                        || pos
                            .castling_squares(m)
                            .is_some_and(|c| c.king_to == to || c.rook_from == to))
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
    pub(super) fn promotion(&self) -> Option<Role> {
        match *self {
            San::Normal { promotion, .. } | San::Coordinates { promotion, .. } => promotion,
            San::Castle(_) => None,
        }
    }
}

impl SanPlus {
    /// The legal move of `pos` this names; the check mark is not verified.
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        self.san.to_move(pos)
    }
}
