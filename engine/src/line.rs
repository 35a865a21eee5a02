//! A line of moves from a position (an engine's principal variation, a game's continuation), cut
//! at the first move that is not legal where it comes.
//!
//! An engine may send a line that no longer fits the position (a stale hash entry, a search of
//! another position); what is shown or stored is the line's legal prefix.

use std::borrow::Borrow;

use crate::{Move, Position, SanPlus, UciMove};

/// The legal prefix of a line of moves from a start position.
///
/// ```
/// use alphachess_engine::{Line, Position, UciMove};
///
/// let pv: Vec<UciMove> = ["e2e4", "e7e5", "e7e5", "g1f3"]
///     .iter()
///     .map(|text| text.parse())
///     .collect::<Result<_, _>>()?;
/// let line = Line::from_uci(&Position::startpos(), &pv);
/// assert_eq!(line.len(), 2, "the second e7e5 is not legal: the line stops there");
/// let san: Vec<String> = line.san().iter().map(ToString::to_string).collect();
/// assert_eq!(san, ["e4", "e5"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    start: Position,
    /// Every move legal in turn from `start`.
    moves: Vec<Move>,
}

impl Line {
    /// The moves of `line` from `start` up to (not including) the first one that is not legal
    /// in the position it would be played in.
    pub fn from_moves<I>(start: &Position, line: I) -> Line
    where
        I: IntoIterator,
        I::Item: Borrow<Move>,
    {
        let mut position = start.clone();
        let mut moves = Vec::new();
        for m in line {
            let m = *m.borrow();
            if position.play(m).is_err() {
                break;
            }
            moves.push(m);
        }
        Line {
            start: start.clone(),
            moves,
        }
    }

    /// The moves `line` names from `start`, up to (not including) the first that is not legal
    /// where it comes (castling is read in both notations, as [`UciMove::to_move`] does).
    pub fn from_uci<I>(start: &Position, line: I) -> Line
    where
        I: IntoIterator,
        I::Item: Borrow<UciMove>,
    {
        let mut position = start.clone();
        let mut moves = Vec::new();
        for uci in line {
            let Ok(m) = uci.borrow().to_move(&position) else {
                break;
            };
            // `to_move` only answers legal moves.
            position.play_unchecked(m);
            moves.push(m);
        }
        Line {
            start: start.clone(),
            moves,
        }
    }

    /// The position the line starts from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The legal moves, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The legal moves, in order, without the start position.
    pub fn into_moves(self) -> Vec<Move> {
        self.moves
    }

    /// How many moves are legal.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether not even the first move was legal (or the line was empty).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The moves in SAN, each with `+` or `#` when it gives check or mate.
    pub fn san(&self) -> Vec<SanPlus> {
        let mut position = self.start.clone();
        self.moves
            .iter()
            .map(|&m| {
                let san = SanPlus::from_move(&position, m);
                position.play_unchecked(m);
                san
            })
            .collect()
    }

    /// The position after the last legal move.
    pub fn end(&self) -> Position {
        let mut position = self.start.clone();
        for &m in &self.moves {
            position.play_unchecked(m);
        }
        position
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uci(line: &[&str]) -> Vec<UciMove> {
        line.iter()
            .map(|text| text.parse().expect("test move is UCI"))
            .collect()
    }

    fn san(line: &Line) -> Vec<String> {
        line.san().iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_legal_line_is_kept_whole_with_check_and_mate_marks() {
        let line = Line::from_uci(
            &Position::startpos(),
            uci(&["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6", "h5f7"]),
        );
        assert_eq!(
            san(&line),
            ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
        );
        assert!(line.end().is_checkmate());
    }

    #[test]
    fn a_line_stops_at_its_first_illegal_move_even_if_later_ones_fit() {
        // e7e5 twice: the second is illegal; g1f3 after it would be legal for white.
        let line = Line::from_uci(
            &Position::startpos(),
            uci(&["e2e4", "e7e5", "e7e5", "g1f3"]),
        );
        assert_eq!(san(&line), ["e4", "e5"]);
        assert_eq!(line.moves().len(), 2);
    }

    #[test]
    fn a_line_whose_first_move_is_illegal_is_empty() {
        let line = Line::from_uci(&Position::startpos(), uci(&["e7e5", "e2e4"]));
        assert!(line.is_empty());
        assert_eq!(line.end(), Position::startpos());
    }

    #[test]
    fn moves_and_uci_text_give_the_same_line() {
        let start = Position::startpos();
        let by_uci = Line::from_uci(&start, uci(&["g1f3", "d7d5", "b1c3", "d5d4", "d4d3"]));
        let by_move = Line::from_moves(&start, by_uci.moves());
        assert_eq!(by_move, by_uci);
        assert_eq!(by_move.len(), 4, "d4d3 comes on white's turn");
        // A move of the other side's piece is not played as if it were legal.
        let mut moves = by_uci.moves().to_vec();
        moves.insert(1, moves[0]);
        assert_eq!(Line::from_moves(&start, &moves).len(), 1);
    }

    #[test]
    fn castling_is_read_in_both_uci_notations() {
        let start: Position = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
            .parse()
            .expect("valid FEN");
        let standard = Line::from_uci(&start, uci(&["e1g1", "e8c8"]));
        let chess960 = Line::from_uci(&start, uci(&["e1h1", "e8a8"]));
        assert_eq!(san(&standard), ["O-O", "O-O-O"]);
        assert_eq!(standard, chess960);
    }
}
