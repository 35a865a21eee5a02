//! Search progress from an engine's `info` lines, with no I/O.
//!
//! Stockfish prints one `info depth ... score ... pv ...` line per finished iteration (plus
//! `currmove` lines on long searches and `info string` chatter). The supervisor keeps them as text;
//! [`parse_info`] turns one into typed fields for the live stream. Unknown keys are skipped, so a
//! newer engine's extra fields cost nothing.

use alphachess_engine::UciMove;

/// The widest centipawn score a line may carry: 1,000 pawns, far past any real evaluation
/// (Stockfish's own scale stops near ±32,000 and shows mates as `mate`). A line from a remote
/// engine is not trusted: wider scores (`cp -2147483648` would overflow when negated or
/// subtracted) are refused, the rest of the line kept.
pub const MAX_CP: i32 = 100_000;

/// The longest mate a line may announce, in moves (no real game is that long).
pub const MAX_MATE: i32 = 1_000;

/// An evaluation from the point of view of the side to move, as the engine reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated); 0 when already mated.
    Mate(i32),
}

impl Score {
    /// The same evaluation from the other side's point of view. Saturating: a parsed score is
    /// within ±`MAX_CP` / ±`MAX_MATE`, but one built elsewhere must not panic (debug) or
    /// wrap to its own sign (release) either.
    pub fn flipped(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(cp.saturating_neg()),
            Score::Mate(n) => Score::Mate(n.saturating_neg()),
        }
    }

    /// A score read from an engine, if it is within the widest plausible range.
    fn bounded(self) -> Option<Score> {
        let within = match self {
            Score::Cp(cp) => cp.abs_diff(0) <= MAX_CP.unsigned_abs(),
            Score::Mate(n) => n.abs_diff(0) <= MAX_MATE.unsigned_abs(),
        };
        within.then_some(self)
    }
}

/// Whether a score is exact or only a bound (an aspiration window failed high or low).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ScoreBound {
    #[default]
    Exact,
    Lower,
    Upper,
}

/// The fields of one `info` line that the server shows; absent fields are `None` or empty.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SearchInfo {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    pub score: Option<Score>,
    pub bound: ScoreBound,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    /// Which of several lines this is (`MultiPV`), from 1; absent with a single line.
    pub multipv: Option<u8>,
    /// The principal variation, in UCI, as far as it parses.
    pub pv: Vec<UciMove>,
    /// The root move being searched (long searches only).
    pub currmove: Option<UciMove>,
}

/// Parses an `info` line; `None` for any other line and for `info string` (free text).
pub fn parse_info(line: &str) -> Option<SearchInfo> {
    let mut words = line.split_ascii_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let mut info = SearchInfo::default();
    while let Some(key) = words.next() {
        match key {
            "string" => return None,
            "depth" => info.depth = number(words.next()),
            "seldepth" => info.seldepth = number(words.next()),
            "nodes" => info.nodes = number(words.next()),
            "nps" => info.nps = number(words.next()),
            "multipv" => info.multipv = number(words.next()),
            "currmove" => info.currmove = words.next().and_then(|w| w.parse().ok()),
            "score" => {
                info.score = match (words.next(), number::<i32>(words.next())) {
                    (Some("cp"), Some(cp)) => Some(Score::Cp(cp)),
                    (Some("mate"), Some(n)) => Some(Score::Mate(n)),
                    _ => None,
                }
                .and_then(Score::bounded);
            }
            "lowerbound" => info.bound = ScoreBound::Lower,
            "upperbound" => info.bound = ScoreBound::Upper,
            // The PV runs to the end of the line.
            "pv" => {
                info.pv = words.map_while(|w| w.parse().ok()).collect();
                break;
            }
            // hashfull, tbhits, time, currmovenumber, cpuload...: a value we do not show.
            _ => {}
        }
    }
    Some(info)
}

fn number<T: std::str::FromStr>(word: Option<&str>) -> Option<T> {
    word.and_then(|w| w.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Real Stockfish 15.1 output; `# fen` lines name the position searched.
    const CAPTURED: &str = include_str!("testdata/stockfish-15.1.txt");

    fn uci(text: &str) -> UciMove {
        text.parse().expect("test move is UCI")
    }

    #[test]
    fn an_iteration_line_yields_every_shown_field() {
        let info = parse_info("info depth 12 seldepth 15 multipv 1 score cp -32 nodes 59683 nps 573875 hashfull 23 tbhits 0 time 104 pv c7c5 g1f3 e7e6")
            .expect("an info line");
        assert_eq!(
            info,
            SearchInfo {
                depth: Some(12),
                seldepth: Some(15),
                score: Some(Score::Cp(-32)),
                bound: ScoreBound::Exact,
                nodes: Some(59683),
                nps: Some(573_875),
                multipv: Some(1),
                pv: vec![uci("c7c5"), uci("g1f3"), uci("e7e6")],
                currmove: None,
            }
        );
    }

    #[test]
    fn mate_scores_keep_their_sign() {
        let info = parse_info("info depth 5 seldepth 3 multipv 1 score mate -1 nodes 8 nps 8000 hashfull 0 tbhits 0 time 1 pv a8b8 h1h8")
            .expect("an info line");
        assert_eq!(info.score, Some(Score::Mate(-1)));
        assert_eq!(info.score.map(Score::flipped), Some(Score::Mate(1)));
        let mated = parse_info("info depth 0 score mate 0").expect("an info line");
        assert_eq!((mated.depth, mated.score), (Some(0), Some(Score::Mate(0))));
        assert!(mated.pv.is_empty());
    }

    #[test]
    fn bounds_are_recognised() {
        let upper = parse_info("info depth 23 seldepth 27 multipv 1 score cp 205 upperbound nodes 2312165 nps 726638 hashfull 801 tbhits 0 time 3182 pv c4c5 a7a5")
            .expect("an info line");
        assert_eq!(upper.bound, ScoreBound::Upper);
        assert_eq!(upper.score, Some(Score::Cp(205)));
        assert_eq!(upper.nodes, Some(2_312_165));
        let lower = parse_info("info depth 24 seldepth 30 multipv 1 score cp 218 lowerbound nodes 3478791 nps 722490 hashfull 936 tbhits 0 time 4815 pv c4c5")
            .expect("an info line");
        assert_eq!(lower.bound, ScoreBound::Lower);
        assert_eq!(lower.pv, vec![uci("c4c5")]);
    }

    #[test]
    fn currmove_lines_have_a_depth_but_no_score() {
        let info =
            parse_info("info depth 23 currmove c4d5 currmovenumber 2").expect("an info line");
        assert_eq!(info.depth, Some(23));
        assert_eq!(info.score, None);
        assert_eq!(info.currmove, Some(uci("c4d5")));
    }

    #[test]
    fn info_strings_and_other_lines_are_not_progress() {
        for line in [
            "info string NNUE evaluation using nn-ad9b42354671.nnue enabled",
            "bestmove (none)",
            "readyok",
            "",
        ] {
            assert_eq!(parse_info(line), None, "{line:?}");
        }
    }

    #[test]
    fn a_pv_stops_at_the_first_word_that_is_not_a_move() {
        let info = parse_info("info depth 3 score cp 5 pv e2e4 (none) e7e5").expect("an info line");
        assert_eq!(info.pv, vec![uci("e2e4")]);
    }

    #[test]
    fn garbled_numbers_leave_their_field_empty() {
        let info = parse_info("info depth x score cp y nodes -3 nps 10").expect("an info line");
        assert_eq!(
            (info.depth, info.score, info.nodes, info.nps),
            (None, None, None, Some(10))
        );
    }

    #[test]
    fn extreme_scores_from_a_remote_engine_are_refused_and_never_overflow() {
        for line in [
            "info depth 1 score cp -2147483648 pv e2e4",
            "info depth 1 score mate -2147483648 pv e2e4",
            "info depth 1 score cp 2147483647 pv e2e4",
            "info depth 1 score mate 2147483647 pv e2e4",
            "info depth 1 score cp -99999999999999 pv e2e4",
            "info depth 1 score cp 100001 pv e2e4",
            "info depth 1 score mate -1001 pv e2e4",
        ] {
            let info = parse_info(line).expect("an info line");
            assert_eq!(info.score, None, "{line}");
            assert_eq!(
                info.depth,
                Some(1),
                "the rest of the line still counts: {line}"
            );
            assert_eq!(info.pv, vec![uci("e2e4")], "{line}");
        }
        // The widest scores a line may carry survive the trip to the other side and back.
        for (line, score) in [
            ("info score cp -100000", Score::Cp(-MAX_CP)),
            ("info score cp 100000", Score::Cp(MAX_CP)),
            ("info score mate -1000", Score::Mate(-MAX_MATE)),
        ] {
            let parsed = parse_info(line).and_then(|info| info.score);
            assert_eq!(parsed, Some(score), "{line}");
            assert_eq!(score.flipped().flipped(), score);
        }
        // A score built elsewhere, out of range, saturates instead of panicking or wrapping.
        assert_eq!(Score::Cp(i32::MIN).flipped(), Score::Cp(i32::MAX));
        assert_eq!(Score::Mate(i32::MIN).flipped(), Score::Mate(i32::MAX));
    }

    #[test]
    fn every_captured_stockfish_info_line_parses_consistently() {
        let mut iterations = 0;
        for (number, line) in CAPTURED.lines().enumerate() {
            if line.starts_with('#') || !line.starts_with("info") {
                continue;
            }
            let number = number + 1;
            let Some(info) = parse_info(line) else {
                assert!(line.starts_with("info string"), "line {number}: {line}");
                continue;
            };
            assert!(info.depth.is_some(), "line {number} has a depth: {line}");
            if line.contains(" score ") {
                assert!(info.score.is_some(), "line {number}: {line}");
                iterations += 1;
            }
            if line.contains(" pv ") {
                let shown = line.split(" pv ").nth(1).unwrap_or_default();
                assert_eq!(
                    info.pv.len(),
                    shown.split_ascii_whitespace().count(),
                    "line {number}: every PV move parses"
                );
            }
            assert_eq!(
                info.bound != ScoreBound::Exact,
                line.contains("bound"),
                "line {number}: {line}"
            );
        }
        assert!(
            iterations > 40,
            "the fixture has {iterations} iteration lines"
        );
    }
}
