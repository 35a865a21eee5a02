//! Writing SAN: the strict, minimal SAN of a legal move, and the text of a [`San`] or
//! [`SanPlus`] (which reads back to the same value).

use std::fmt;

use super::{castling_side, San, SanPlus, Suffix};
use crate::{CastlingSide, Move, Position, Role, Square};

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

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.san)?;
        if let Some(suffix) = self.suffix {
            write!(f, "{suffix}")?;
        }
        Ok(())
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
}
