//! The engine's lines as the terminal shows them: one row per line, `+0.31  1... e5 2. Nf3 Nc6`,
//! under a status row. A terminal gets the block rewritten in place as the search deepens; a
//! transcript (a pipe, a file) gets only the last block, so it reads one block per position.

use std::io::{self, Write};

use super::event::Lines;
use crate::terminal::CLEAR_LINE;

/// The most characters of a row rewritten in place (an 80-column terminal's line).
const LIVE_WIDTH: usize = 79;

/// Where the position's moves are numbered from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveNumber {
    /// The FEN's full-move number.
    pub fullmove: u32,
    pub white_to_move: bool,
}

impl MoveNumber {
    /// `san` numbered as in a PGN: `1. e4 e5 2. Nf3`, or `1... e5 2. Nf3` with black to move.
    pub fn number(self, san: &[String]) -> String {
        let mut text = String::new();
        let mut number = self.fullmove;
        let mut white = self.white_to_move;
        for (index, m) in san.iter().enumerate() {
            if !text.is_empty() {
                text.push(' ');
            }
            if white {
                text.push_str(&format!("{number}. "));
            } else if index == 0 {
                text.push_str(&format!("{number}... "));
            }
            text.push_str(m);
            if !white {
                number += 1;
            }
            white = !white;
        }
        text
    }
}

/// The rows of one group of lines: the status, then each line.
pub fn rows(lines: &Lines, numbers: MoveNumber) -> Vec<String> {
    let from = if lines.source == "cache" {
        " (from an earlier review)"
    } else {
        ""
    };
    let mut rows = vec![format!(
        "depth {}, {} nodes{from}",
        lines.depth,
        nodes(lines.nodes)
    )];
    for line in &lines.lines {
        rows.push(format!(
            "{:>2}. {:>6}  {}",
            line.rank,
            line.eval.to_string(),
            numbers.number(&line.san)
        ));
    }
    rows
}

/// `1234567` as `1.2M`, `45000` as `45k`.
fn nodes(count: u64) -> String {
    match count {
        0..=9_999 => count.to_string(),
        10_000..=999_999 => format!("{}k", count / 1_000),
        _ => format!("{:.1}M", count as f64 / 1_000_000.0),
    }
}

/// The block on screen: redrawn in place on a terminal, else printed once at the end.
#[derive(Debug, Default)]
pub struct Block {
    /// Rows drawn in place so far (to move back over them).
    drawn: usize,
    last: Vec<String>,
}

impl Block {
    /// Shows `rows`: on a terminal at once, over the previous block.
    pub fn show(&mut self, rows: Vec<String>, out: &mut impl Write, live: bool) -> io::Result<()> {
        if live {
            if self.drawn > 0 {
                // Back to the first row of the block drawn before.
                write!(out, "\x1b[{}A", self.drawn)?;
            }
            for row in &rows {
                let row: String = row.chars().take(LIVE_WIDTH).collect();
                writeln!(out, "{CLEAR_LINE}{row}")?;
            }
            // Rows of a longer block before stay below: clear them.
            for _ in rows.len()..self.drawn {
                writeln!(out, "{CLEAR_LINE}")?;
            }
            let extra = self.drawn.saturating_sub(rows.len());
            if extra > 0 {
                write!(out, "\x1b[{extra}A")?;
            }
            out.flush()?;
            self.drawn = rows.len();
        }
        self.last = rows;
        Ok(())
    }

    /// Ends the block: off a terminal, the last rows are printed now.
    pub fn finish(&mut self, out: &mut impl Write, live: bool) -> io::Result<()> {
        if !live {
            for row in &self.last {
                writeln!(out, "{row}")?;
            }
        }
        self.drawn = 0;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyse::event::Line;
    use crate::view::Score;

    fn san(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn lines_are_numbered_as_in_a_pgn_from_either_side() {
        let white = MoveNumber {
            fullmove: 1,
            white_to_move: true,
        };
        assert_eq!(white.number(&san(&["e4", "e5", "Nf3"])), "1. e4 e5 2. Nf3");
        let black = MoveNumber {
            fullmove: 3,
            white_to_move: false,
        };
        assert_eq!(
            black.number(&san(&["Nf6", "Bc4", "Nxe4"])),
            "3... Nf6 4. Bc4 Nxe4"
        );
    }

    #[test]
    fn a_group_reads_as_a_status_row_and_one_row_per_line() {
        let lines = Lines {
            depth: 18,
            nodes: 1_204_331,
            last: false,
            source: "engine".into(),
            lines: vec![
                Line {
                    rank: 1,
                    eval: Score::Cp(32),
                    san: san(&["e5", "Nf3"]),
                },
                Line {
                    rank: 2,
                    eval: Score::Mate(-3),
                    san: san(&["f6"]),
                },
            ],
        };
        let numbers = MoveNumber {
            fullmove: 1,
            white_to_move: false,
        };
        assert_eq!(
            rows(&lines, numbers),
            [
                "depth 18, 1.2M nodes",
                " 1.  +0.32  1... e5 2. Nf3",
                " 2.    #-3  1... f6",
            ]
        );
    }

    #[test]
    fn off_a_terminal_only_the_last_block_is_printed() {
        let mut block = Block::default();
        let mut out = Vec::new();
        block
            .show(vec!["a".into()], &mut out, false)
            .expect("written");
        block
            .show(vec!["b".into(), "c".into()], &mut out, false)
            .expect("written");
        block.finish(&mut out, false).expect("written");
        assert_eq!(String::from_utf8(out).expect("UTF-8"), "b\nc\n");
    }

    #[test]
    fn on_a_terminal_a_block_is_redrawn_over_the_one_before() {
        let mut block = Block::default();
        let mut out = Vec::new();
        block
            .show(vec!["a".into(), "b".into()], &mut out, true)
            .expect("written");
        block
            .show(vec!["c".into(), "d".into()], &mut out, true)
            .expect("written");
        let text = String::from_utf8(out).expect("UTF-8");
        assert!(text.contains("\x1b[2A"), "{text:?}");
        assert!(
            text.ends_with(&format!("{CLEAR_LINE}c\n{CLEAR_LINE}d\n")),
            "{text:?}"
        );
    }
}
