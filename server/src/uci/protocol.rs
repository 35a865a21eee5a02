//! The UCI lines we write and the lines we understand, with no I/O.
//!
//! Stockfish validates nothing (see the design notes): a newline inside a FEN lets text such as
//! `go infinite` or `setoption name Debug Log File` through. So the commands are a closed enum, the
//! position is rebuilt from the engine crate's own serialization of a validated game, options come
//! from a fixed allow-list, and [`UciCommand::to_line`] refuses any control character as a last guard.

use std::fmt::Write as _;
use std::time::Duration;

use alphachess_engine::{Game, Move, UciMove};

/// The only engine options we ever set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineOption {
    /// Search threads of one process.
    Threads(u32),
    /// Transposition table size in MiB.
    Hash(u32),
    /// Stockfish's strength handicap, 0 (weakest) to 20 (full strength).
    SkillLevel(u8),
    /// Chess960 castling: king-takes-rook moves and X-FEN/Shredder-FEN castling fields.
    Chess960(bool),
    /// Lines searched at once (the analysis board's; 1 for every other search).
    MultiPv(u8),
}

impl EngineOption {
    fn name(self) -> &'static str {
        match self {
            EngineOption::Threads(_) => "Threads",
            EngineOption::Hash(_) => "Hash",
            EngineOption::SkillLevel(_) => "Skill Level",
            EngineOption::Chess960(_) => "UCI_Chess960",
            EngineOption::MultiPv(_) => "MultiPV",
        }
    }

    fn value(self) -> String {
        match self {
            EngineOption::Threads(n) | EngineOption::Hash(n) => n.to_string(),
            EngineOption::SkillLevel(n) | EngineOption::MultiPv(n) => n.to_string(),
            EngineOption::Chess960(on) => on.to_string(),
        }
    }
}

/// A position as UCI wants it: the start FEN and the moves since, all re-serialized by the engine
/// crate from a game it validated. It can only be built from a [`Game`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UciPosition {
    fen: String,
    moves: Vec<UciMove>,
    chess960: bool,
}

impl UciPosition {
    /// The UCI form of a validated game. A Chess960 game is written with a Shredder-FEN (rook
    /// files, never ambiguous) and king-takes-rook castling, which the engine reads once told
    /// `UCI_Chess960` ([`UciPosition::chess960`]).
    pub fn from_game(game: &Game) -> UciPosition {
        let start = game.initial_position();
        UciPosition {
            fen: if start.is_chess960() {
                start.to_shredder_fen()
            } else {
                start.to_fen()
            },
            moves: game.moves().iter().map(|m: &Move| m.to_uci()).collect(),
            chess960: start.is_chess960(),
        }
    }

    /// Whether the engine must have `UCI_Chess960` on to read this position.
    pub fn chess960(&self) -> bool {
        self.chess960
    }
}

/// Every command the server may send to an engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UciCommand {
    Uci,
    IsReady,
    UciNewGame,
    SetOption(EngineOption),
    Position(UciPosition),
    /// `go depth D [wtime W btime B winc WI binc BI] movetime T`: never a search without a time
    /// limit; a timed game's clocks let the engine manage its own time within that cap.
    Go {
        depth: u32,
        movetime: Duration,
        clock: Option<GoClock>,
    },
    /// `go nodes N movetime T [searchmoves M...]`: a fixed-effort search for analysis, capped in
    /// time as well; `searchmoves` (legal moves the rules crate wrote) limits it to those moves.
    GoNodes {
        nodes: u64,
        movetime: Duration,
        searchmoves: Vec<UciMove>,
    },
    Stop,
    Quit,
}

/// Both clocks as `go` tells them to the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GoClock {
    pub wtime: Duration,
    pub btime: Duration,
    pub winc: Duration,
    pub binc: Duration,
}

/// A command line that contains a control character; it is never written to the engine.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("refused to send a line with a control character to the engine")]
pub struct UnsafeLineError;

impl UciCommand {
    /// The command as one line without its newline, refused if any control character slipped in.
    pub fn to_line(&self) -> Result<String, UnsafeLineError> {
        let line = self.render();
        guard_line(line)
    }

    fn render(&self) -> String {
        match self {
            UciCommand::Uci => "uci".to_owned(),
            UciCommand::IsReady => "isready".to_owned(),
            UciCommand::UciNewGame => "ucinewgame".to_owned(),
            UciCommand::Stop => "stop".to_owned(),
            UciCommand::Quit => "quit".to_owned(),
            UciCommand::SetOption(option) => {
                format!("setoption name {} value {}", option.name(), option.value())
            }
            UciCommand::Go {
                depth,
                movetime,
                clock,
            } => {
                let mut line = format!("go depth {depth}");
                if let Some(clock) = clock {
                    let ms = |time: Duration| time.as_millis();
                    // Writing to a String cannot fail.
                    let _ = write!(
                        line,
                        " wtime {} btime {} winc {} binc {}",
                        ms(clock.wtime),
                        ms(clock.btime),
                        ms(clock.winc),
                        ms(clock.binc)
                    );
                }
                let _ = write!(line, " movetime {}", movetime.as_millis().max(1));
                line
            }
            UciCommand::GoNodes {
                nodes,
                movetime,
                searchmoves,
            } => {
                let mut line = format!("go nodes {nodes} movetime {}", movetime.as_millis().max(1));
                if !searchmoves.is_empty() {
                    line.push_str(" searchmoves");
                    for m in searchmoves {
                        // Writing to a String cannot fail.
                        let _ = write!(line, " {m}");
                    }
                }
                line
            }
            UciCommand::Position(position) => {
                let mut line = format!("position fen {}", position.fen);
                if !position.moves.is_empty() {
                    line.push_str(" moves");
                    for m in &position.moves {
                        // Writing to a String cannot fail.
                        let _ = write!(line, " {m}");
                    }
                }
                line
            }
        }
    }
}

/// The last guard before the engine's stdin: no newline, carriage return or other control character.
pub fn guard_line(line: String) -> Result<String, UnsafeLineError> {
    if line.chars().any(char::is_control) {
        Err(UnsafeLineError)
    } else {
        Ok(line)
    }
}

/// One line of engine output, as far as the supervisor cares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineLine {
    UciOk,
    ReadyOk,
    /// `bestmove e2e4 [ponder e7e5]`: the move is checked for legality by the caller.
    BestMove(UciMove),
    /// `bestmove (none)`: no legal move in the searched position.
    NoBestMove,
    /// `info ...`: search progress, kept raw ([`super::parse_info`] reads it when someone follows).
    Info(String),
    /// `id name …`: the engine's name and version, kept for the analysis cache's key.
    IdName(String),
    /// `id author`, `option` and the banner: expected around the handshake only.
    Chatter,
    /// A blank line.
    Empty,
    /// Anything else, including a `bestmove` whose move does not parse.
    Garbage(String),
}

/// The most characters of an engine's `id name` kept.
const MAX_NAME_CHARS: usize = 80;

/// Parses one line of engine output (without its line ending).
pub fn parse_line(line: &str) -> EngineLine {
    let line = line.trim();
    let mut words = line.split_ascii_whitespace();
    match words.next() {
        None => EngineLine::Empty,
        Some("uciok") => EngineLine::UciOk,
        Some("readyok") => EngineLine::ReadyOk,
        Some("info") => EngineLine::Info(line.to_owned()),
        Some("id") if words.next() == Some("name") => {
            // Printable and short: it becomes part of a key and may be logged.
            let name: String = line["id name".len()..]
                .trim()
                .chars()
                .filter(|c| !c.is_control())
                .take(MAX_NAME_CHARS)
                .collect();
            EngineLine::IdName(name)
        }
        Some("id" | "option") => EngineLine::Chatter,
        Some("bestmove") => match words.next() {
            Some("(none)") => EngineLine::NoBestMove,
            Some(text) => text
                .parse::<UciMove>()
                .map(EngineLine::BestMove)
                .unwrap_or_else(|_| garbage(line)),
            None => garbage(line),
        },
        Some(_) if line.starts_with("Stockfish ") => EngineLine::Chatter,
        Some(_) => garbage(line),
    }
}

/// Enough of an unexpected line to recognise it in a log or an error message.
fn garbage(line: &str) -> EngineLine {
    const SHOWN: usize = 80;
    EngineLine::Garbage(line.chars().take(SHOWN).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::Position;

    fn game_after(fen: &str, moves: &[&str]) -> Game {
        let start = Position::from_fen(fen).expect("test FEN is valid");
        Game::from_uci_moves(start, moves).expect("test moves are legal")
    }

    /// The `position` line sent for the game from `fen` after `moves`.
    fn position_line(fen: &str, moves: &[&str]) -> String {
        UciCommand::Position(UciPosition::from_game(&game_after(fen, moves)))
            .to_line()
            .expect("a validated game is safe")
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn a_position_is_sent_as_the_start_fen_and_uci_moves() {
        let line = position_line(START, &["e2e4", "c7c5", "g1f3"]);
        assert_eq!(line, format!("position fen {START} moves e2e4 c7c5 g1f3"));
    }

    #[test]
    fn a_position_without_moves_has_no_moves_keyword() {
        let line = position_line(START, &[]);
        assert_eq!(line, format!("position fen {START}"));
    }

    #[test]
    fn castling_and_promotion_use_standard_uci() {
        let line = position_line(
            "4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1",
            &["e1g1", "e8d7", "b7b8n"],
        );
        assert!(line.ends_with("moves e1g1 e8d7 b7b8n"), "{line}");
    }

    #[test]
    fn go_always_carries_a_depth_and_a_time_limit() {
        let go = UciCommand::Go {
            depth: 12,
            movetime: Duration::from_millis(2500),
            clock: None,
        };
        assert_eq!(go.to_line().expect("safe"), "go depth 12 movetime 2500");
        let timed = UciCommand::Go {
            depth: 12,
            movetime: Duration::from_millis(2500),
            clock: Some(GoClock {
                wtime: Duration::from_millis(178_250),
                btime: Duration::from_secs(180),
                winc: Duration::from_secs(2),
                binc: Duration::from_secs(2),
            }),
        };
        assert_eq!(
            timed.to_line().expect("safe"),
            "go depth 12 wtime 178250 btime 180000 winc 2000 binc 2000 movetime 2500"
        );
        let analysis = UciCommand::GoNodes {
            nodes: 1_000_000,
            movetime: Duration::from_secs(10),
            searchmoves: Vec::new(),
        };
        assert_eq!(
            analysis.to_line().expect("safe"),
            "go nodes 1000000 movetime 10000"
        );
        let alternatives = UciCommand::GoNodes {
            nodes: 500_000,
            movetime: Duration::from_secs(10),
            searchmoves: vec!["e2e4".parse().expect("uci"), "d2d4".parse().expect("uci")],
        };
        assert_eq!(
            alternatives.to_line().expect("safe"),
            "go nodes 500000 movetime 10000 searchmoves e2e4 d2d4"
        );
    }

    #[test]
    fn only_allow_listed_options_are_rendered() {
        let lines: Vec<String> = [
            EngineOption::Threads(1),
            EngineOption::Hash(16),
            EngineOption::SkillLevel(3),
            EngineOption::Chess960(true),
        ]
        .into_iter()
        .map(|o| UciCommand::SetOption(o).to_line().expect("safe"))
        .collect();
        assert_eq!(
            lines,
            [
                "setoption name Threads value 1",
                "setoption name Hash value 16",
                "setoption name Skill Level value 3",
                "setoption name UCI_Chess960 value true",
            ]
        );
    }

    #[test]
    fn a_chess960_position_is_sent_as_shredder_fen_with_king_takes_rook_castling() {
        let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1";
        let moves = [
            "d1e3", "d8e6", "e1d3", "e8d6", "c2c3", "c7c6", "c1c2", "c8c7", "g1f1",
        ];
        let game = game_after(fen, &moves);
        let position = UciPosition::from_game(&game);
        assert!(position.chess960());
        let line = UciCommand::Position(position)
            .to_line()
            .expect("a validated game is safe");
        assert_eq!(
            line,
            "position fen bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1 \
             moves d1e3 d8e6 e1d3 e8d6 c2c3 c7c6 c1c2 c8c7 g1f1"
        );
        assert!(!UciPosition::from_game(&game_after(START, &[])).chess960());
    }

    #[test]
    fn the_guard_refuses_newlines_and_other_control_characters() {
        for line in [
            "position startpos\ngo infinite",
            "position startpos\rquit",
            "setoption name Hash value 1\u{0}",
            "go depth 1\u{1b}[2J",
            "position fen x\u{85}setoption name Debug Log File value /etc/passwd",
        ] {
            assert_eq!(
                guard_line(line.to_owned()),
                Err(UnsafeLineError),
                "{line:?}"
            );
        }
        assert!(guard_line("go depth 3 movetime 100".to_owned()).is_ok());
    }

    #[test]
    fn stockfish_output_lines_are_classified() {
        // Captured from Debian's Stockfish 15.1.
        let cases = [
            (
                "Stockfish 15.1 by the Stockfish developers (see AUTHORS file)",
                EngineLine::Chatter,
            ),
            (
                "id name Stockfish 15.1",
                EngineLine::IdName("Stockfish 15.1".into()),
            ),
            (
                "option name Skill Level type spin default 20 min 0 max 20",
                EngineLine::Chatter,
            ),
            ("uciok", EngineLine::UciOk),
            ("readyok", EngineLine::ReadyOk),
            ("", EngineLine::Empty),
            ("bestmove (none)", EngineLine::NoBestMove),
        ];
        for (line, expected) in cases {
            assert_eq!(parse_line(line), expected, "{line:?}");
        }
        let info = "info depth 3 seldepth 2 multipv 1 score cp -6 nodes 356 nps 178000 hashfull 0 tbhits 0 time 2 pv g8f6";
        assert_eq!(parse_line(info), EngineLine::Info(info.to_owned()));
    }

    #[test]
    fn bestmove_lines_yield_the_uci_move() {
        let expected: UciMove = "e7e5".parse().expect("valid UCI");
        assert_eq!(parse_line("bestmove e7e5"), EngineLine::BestMove(expected));
        assert_eq!(
            parse_line("bestmove e7e5 ponder g1f3\r"),
            EngineLine::BestMove(expected)
        );
        let promotion: UciMove = "a7a8q".parse().expect("valid UCI");
        assert_eq!(
            parse_line("bestmove a7a8q"),
            EngineLine::BestMove(promotion)
        );
    }

    #[test]
    fn garbage_is_cut_short_for_messages() {
        let long = "x".repeat(10_000);
        match parse_line(&long) {
            EngineLine::Garbage(shown) => assert_eq!(shown.len(), 80),
            other => panic!("expected garbage, got {other:?}"),
        }
    }

    #[test]
    fn unexpected_output_is_garbage() {
        for line in [
            "bestmove",
            "bestmove xyzzy",
            "Segmentation fault",
            "\u{fffd}\u{fffd}",
        ] {
            assert!(
                matches!(parse_line(line), EngineLine::Garbage(_)),
                "{line:?}"
            );
        }
    }
}
