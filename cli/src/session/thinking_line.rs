//! The line that shows the opponent's thinking: Stockfish's search as it deepens, or at a Maia
//! step the human moves it weighs.
//!
//! Apart from the session because it is the one piece of output that depends on where it goes: a
//! terminal gets one line rewritten in place, a transcript (a pipe, a file) one line per search.

use std::io::{self, Write};

use crate::terminal::CLEAR_LINE;
use crate::view::Thinking;

/// The most characters of a thinking line rewritten in place (an 80-column terminal's line).
const LIVE_WIDTH: usize = 79;

/// The line that shows Stockfish's thinking: rewritten in place on a terminal; elsewhere only the
/// last one is printed, when the search is over, so a transcript gets one line per move.
///
/// The evaluation and the expected line show only when asked for (`--eval`, or `eval` at the
/// prompt), as in the browser, whose "Show evaluation" is off by default: otherwise the line says
/// how deep the search is, not what it found.
#[derive(Debug, Default)]
pub(super) struct ThinkingLine {
    last: Option<Thinking>,
    drawn: bool,
    show_eval: bool,
}

impl ThinkingLine {
    pub(super) fn new(show_eval: bool) -> Self {
        Self {
            show_eval,
            ..Self::default()
        }
    }

    /// Shows or hides the evaluation from the next line on; whether it is shown now.
    pub(super) fn toggle_eval(&mut self) -> bool {
        self.show_eval = !self.show_eval;
        self.show_eval
    }

    /// `Stockfish: depth 12/20, eval +0.35, line e5 Nf3` or, the evaluation hidden, `Stockfish: depth 12/20`.
    fn text(&self, thinking: &Thinking) -> String {
        if self.show_eval {
            format!("{}: {thinking}", thinking.thinker())
        } else {
            format!("{}: {}", thinking.thinker(), thinking.brief())
        }
    }

    pub(super) fn update(
        &mut self,
        thinking: &Thinking,
        out: &mut impl Write,
        live: bool,
    ) -> io::Result<()> {
        if live {
            // Cut to one line of a narrow terminal: a wrapped line could not be erased in place.
            let text: String = self.text(thinking).chars().take(LIVE_WIDTH).collect();
            write!(out, "{CLEAR_LINE}{text}")?;
            out.flush()?;
            self.drawn = true;
        }
        self.last = Some(thinking.clone());
        Ok(())
    }

    /// Ends the search's line: a newline after the live one, or the last line now.
    pub(super) fn finish(&mut self, out: &mut impl Write, live: bool) -> io::Result<()> {
        let last = self.last.take();
        if std::mem::take(&mut self.drawn) {
            writeln!(out)?;
        } else if let (Some(thinking), false) = (last, live) {
            writeln!(out, "{}", self.text(&thinking))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::{EngineThinking, HumanThinking};

    #[test]
    fn off_a_terminal_only_the_last_thinking_line_is_printed() {
        let thinking = |depth| {
            Thinking::Engine(EngineThinking {
                ply: 1,
                depth,
                target_depth: Some(3),
                score: crate::view::Score::Cp(20),
                pv: vec!["e5".into()],
            })
        };
        let mut out = Vec::new();
        let mut line = ThinkingLine::new(true);
        line.update(&thinking(1), &mut out, false).expect("written");
        line.update(&thinking(3), &mut out, false).expect("written");
        line.finish(&mut out, false).expect("written");
        line.finish(&mut out, false).expect("nothing more");
        assert_eq!(
            String::from_utf8(out).expect("UTF-8"),
            "Stockfish: depth 3/3, eval +0.20, line e5\n"
        );
    }

    #[test]
    fn on_a_terminal_the_thinking_line_is_rewritten_in_place() {
        let thinking = Thinking::Engine(EngineThinking {
            ply: 1,
            depth: 2,
            target_depth: None,
            score: crate::view::Score::Mate(-1),
            pv: Vec::new(),
        });
        let mut out = Vec::new();
        let mut line = ThinkingLine::new(true);
        line.update(&thinking, &mut out, true).expect("written");
        line.update(&thinking, &mut out, true).expect("written");
        line.finish(&mut out, true).expect("written");
        let shown = "\r\x1b[2KStockfish: depth 2, eval #-1";
        assert_eq!(
            String::from_utf8(out).expect("UTF-8"),
            format!("{shown}{shown}\n")
        );
    }

    #[test]
    fn a_maia_step_is_shown_as_maia_weighing_moves_not_as_stockfish() {
        let thinking = Thinking::Human(HumanThinking {
            ply: 1,
            pv: vec!["c5".into()],
            candidates: vec![
                crate::view::Candidate {
                    san: "e5".into(),
                    probability: 0.5,
                },
                crate::view::Candidate {
                    san: "c5".into(),
                    probability: 0.17,
                },
            ],
        });
        let mut out = Vec::new();
        let mut line = ThinkingLine::new(true);
        line.update(&thinking, &mut out, false).expect("written");
        line.finish(&mut out, false).expect("written");
        assert_eq!(
            String::from_utf8(out).expect("UTF-8"),
            "Maia: weighs e5 50%, c5 17%; plays c5\n"
        );
    }

    #[test]
    fn a_live_thinking_line_is_cut_to_one_terminal_line() {
        let thinking = Thinking::Engine(EngineThinking {
            ply: 1,
            depth: 20,
            target_depth: Some(20),
            score: crate::view::Score::Cp(31),
            pv: ["Nf3", "Nc6"]
                .repeat(20)
                .into_iter()
                .map(String::from)
                .collect(),
        });
        let mut out = Vec::new();
        ThinkingLine::new(true)
            .update(&thinking, &mut out, true)
            .expect("written");
        let text = String::from_utf8(out).expect("UTF-8");
        let shown = text.strip_prefix(CLEAR_LINE).expect("erased first");
        assert_eq!(shown.chars().count(), LIVE_WIDTH);
        assert!(shown.starts_with("Stockfish: depth 20/20, eval +0.31, line Nf3 Nc6"));
    }

    #[test]
    fn unless_asked_the_line_hides_the_evaluation_as_the_browser_does() {
        let thinking = Thinking::Engine(EngineThinking {
            ply: 1,
            depth: 9,
            target_depth: Some(20),
            score: crate::view::Score::Cp(-32),
            pv: vec!["c5".into(), "Nf3".into()],
        });
        let mut out = Vec::new();
        let mut line = ThinkingLine::new(false);
        line.update(&thinking, &mut out, false).expect("written");
        line.finish(&mut out, false).expect("written");
        assert!(line.toggle_eval(), "`eval` shows it");
        line.update(&thinking, &mut out, false).expect("written");
        line.finish(&mut out, false).expect("written");
        assert!(!line.toggle_eval(), "and hides it again");
        assert_eq!(
            String::from_utf8(out).expect("UTF-8"),
            "Stockfish: depth 9/20\nStockfish: depth 9/20, eval -0.32, line c5 Nf3\n"
        );
    }
}
