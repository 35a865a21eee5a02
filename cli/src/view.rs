//! What the server answers, as typed values: the `GameView` every frontend reads, the created game,
//! a hint and a `thinking` event. Field names are the server's HTTP contract (`server/src/games/view/game_view.rs`
//! and `server/src/games/view/thinking.rs`); fields this client does not use are left out.

use std::fmt;

use alphachess_engine::{Color, FenError, Position, Square};
use serde::Deserialize;

/// The name of `color` as the server writes it (the engine's serde spelling) and as this client's
/// sentences say it: `white` or `black`.
pub fn color_name(color: Color) -> &'static str {
    color.fold_wb("white", "black")
}

/// Whether the game goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Ongoing,
    Finished,
    /// Ended before each side made two moves (an abort, or a resignation then, as on lichess):
    /// no result, not rated, no review.
    Aborted,
}

/// A move as the server describes it; `from` and `to` are present on the last move.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct MoveView {
    pub uci: String,
    pub san: String,
}

/// The last move, with its squares.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct LastMove {
    pub san: String,
    pub from: Square,
    pub to: Square,
}

/// The players a finished PGN names, for a game created from a PGN already over: the server
/// keeps them, and such a game is the PGN's players' game, reviewed, nobody's win or loss here.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Players {
    pub white: Option<String>,
    pub black: Option<String>,
}

impl Players {
    /// The name of the side playing `color`, its colour where the PGN names none.
    pub fn name(&self, color: Color) -> String {
        let name = color.fold_wb(&self.white, &self.black);
        name.clone()
            .unwrap_or_else(|| color.fold_wb("White", "Black").to_owned())
    }
}

/// Everything needed to draw and play a game.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct GameView {
    pub id: String,
    /// Counts the game's changes: of two views of the game, the larger version is the newer
    /// (0 from a server older than the field).
    #[serde(default)]
    pub version: u64,
    pub fen: String,
    pub initial_fen: String,
    pub player_color: Color,
    pub turn: Color,
    pub ply: usize,
    pub level: u8,
    pub status: Status,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// How a finished game ended, e.g. `checkmate`, `threefold_repetition`.
    pub reason: Option<String>,
    pub winner: Option<Color>,
    /// Whether the side to move is in check.
    pub check: bool,
    pub last_move: Option<LastMove>,
    pub moves: Vec<MoveView>,
    pub legal_moves: Vec<MoveView>,
    pub engine_thinking: bool,
    #[serde(default)]
    pub can_take_back: bool,
    /// Present for a finished PGN opened for review (absent from older servers).
    #[serde(default)]
    pub players: Option<Players>,
    /// Whether the game counts for the player's rating (standard start, no takeback, no hint;
    /// false from servers older than the field).
    #[serde(default)]
    pub rated: bool,
}

impl GameView {
    /// The current position, read with the engine crate (the server wrote it with the same crate).
    pub fn position(&self) -> Result<Position, FenError> {
        Position::from_fen(&self.fen)
    }

    /// The position the game started from.
    pub fn initial_position(&self) -> Result<Position, FenError> {
        Position::from_fen(&self.initial_fen)
    }

    /// Whether the game is over: finished with a result, or aborted.
    pub fn is_finished(&self) -> bool {
        self.status != Status::Ongoing
    }

    /// Whether the game was aborted: no result, not rated, no review.
    pub fn is_aborted(&self) -> bool {
        self.status == Status::Aborted
    }

    /// Whether the engine is to move (and so will, or already does, think).
    pub fn is_engine_turn(&self) -> bool {
        !self.is_finished() && self.turn != self.player_color
    }

    /// Who plays, to follow the game's id: `from a finished PGN, Anna (white) – Ben (black)` for
    /// a game imported already over, `against Stockfish at level 9: you play white` otherwise.
    pub fn players_line(&self) -> String {
        match &self.players {
            Some(players) => format!(
                "from a finished PGN, {} (white) – {} (black)",
                players.name(Color::White),
                players.name(Color::Black)
            ),
            None => format!(
                "against Stockfish at level {}: you play {}",
                self.level,
                color_name(self.player_color)
            ),
        }
    }

    /// The result as a sentence: `1-0: white wins by checkmate; you win.` (a finished PGN's,
    /// nobody's here: `0-1: Ben (black) wins by checkmate.`)
    pub fn result_line(&self) -> String {
        if self.is_aborted() {
            return "The game was aborted (it ended before each side made two moves): \
                    no result, not rated, no review."
                .to_owned();
        }
        let reason = self
            .reason
            .as_deref()
            .unwrap_or("an unknown reason")
            .replace('_', " ");
        match (self.winner, &self.players) {
            (Some(winner), Some(players)) => format!(
                "{}: {} ({}) wins by {reason}.",
                self.result,
                players.name(winner),
                color_name(winner)
            ),
            (None, _) => format!("{}: a draw by {reason}.", self.result),
            (Some(winner), None) => {
                let you = if winner == self.player_color {
                    "you win"
                } else {
                    "you lose"
                };
                format!(
                    "{}: {} wins by {reason}; {you}.",
                    self.result,
                    color_name(winner)
                )
            }
        }
    }
}

/// Answer of `POST /api/v1/games`.
#[derive(Debug, Clone, Deserialize)]
pub struct CreatedGame {
    pub id: String,
    pub token: String,
    pub game: GameView,
}

/// Answer of the hint endpoint.
#[derive(Debug, Clone, Deserialize)]
pub struct Hint {
    pub san: String,
}

/// An evaluation from white's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves; negative when black mates.
    Mate(i32),
}

impl fmt::Display for Score {
    /// `+0.35`, `-1.20`, `#3` (white mates in 3) or `#-2` (black mates in 2).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Cp(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let cp = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", cp / 100, cp % 100)
            }
            Score::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// A `thinking` event, by its `kind`: Stockfish's search for the game's reply as it progresses, or
/// at a Maia step the human moves it weighs.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Thinking {
    Engine(EngineThinking),
    Human(HumanThinking),
}

/// Stockfish's search, as it progresses.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct EngineThinking {
    /// The ply the search is for (the number of moves played when it started).
    pub ply: usize,
    pub depth: u32,
    #[serde(default)]
    pub target_depth: Option<u32>,
    pub score: Score,
    /// The principal variation in SAN.
    pub pv: Vec<String>,
}

/// At a step Maia plays: no search, the human moves it draws its reply from.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct HumanThinking {
    /// The ply the reply is for.
    pub ply: usize,
    /// The move played, in SAN.
    pub pv: Vec<String>,
    /// The moves it draws its reply from, most likely first (`pv` is the one played).
    pub candidates: Vec<Candidate>,
}

/// One of Maia's candidate moves in a `thinking` event.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Candidate {
    pub san: String,
    /// The share of the band's players the network expects to play it, 0–1.
    pub probability: f32,
}

impl Eq for Candidate {}

impl Thinking {
    /// The ply the thinking is for.
    pub fn ply(&self) -> usize {
        match self {
            Thinking::Engine(engine) => engine.ply,
            Thinking::Human(human) => human.ply,
        }
    }

    /// Who is thinking: a Maia step weighs human moves, it does not search.
    pub fn thinker(&self) -> &'static str {
        match self {
            Thinking::Engine(_) => "Stockfish",
            Thinking::Human(_) => "Maia",
        }
    }

    /// The search without what it finds, as the browser shows it unless the player asks for the
    /// evaluation: `depth 12/20`; at a Maia step, `choosing a move`.
    pub fn brief(&self) -> String {
        match self {
            Thinking::Human(_) => "choosing a move".to_owned(),
            Thinking::Engine(engine) => match engine.target_depth {
                Some(target) => format!("depth {}/{target}", engine.depth),
                None => format!("depth {}", engine.depth),
            },
        }
    }
}

impl fmt::Display for Thinking {
    /// `depth 12/20, eval +0.35, line e5 Nf3 Nc6`; at a Maia step, what it weighs and what it
    /// plays, `weighs e5 50%, c5 17%; plays e5`: never a line or an evaluation it did not act on.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let engine = match self {
            Thinking::Human(human) => {
                let weighed: Vec<String> = human
                    .candidates
                    .iter()
                    .map(|c| format!("{} {:.0}%", c.san, c.probability * 100.0))
                    .collect();
                write!(f, "weighs {}", weighed.join(", "))?;
                if let Some(played) = human.pv.first() {
                    write!(f, "; plays {played}")?;
                }
                return Ok(());
            }
            Thinking::Engine(engine) => engine,
        };
        write!(f, "depth {}", engine.depth)?;
        if let Some(target) = engine.target_depth {
            write!(f, "/{target}")?;
        }
        write!(f, ", eval {}", engine.score)?;
        if !engine.pv.is_empty() {
            write!(f, ", line {}", engine.pv.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_pawns_or_mates_from_whites_point_of_view() {
        assert_eq!(Score::Cp(35).to_string(), "+0.35");
        assert_eq!(Score::Cp(-120).to_string(), "-1.20");
        assert_eq!(Score::Cp(0).to_string(), "+0.00");
        assert_eq!(Score::Cp(-5).to_string(), "-0.05");
        assert_eq!(Score::Mate(3).to_string(), "#3");
        assert_eq!(Score::Mate(-2).to_string(), "#-2");
    }

    #[test]
    fn a_thinking_event_reads_as_depth_eval_and_line() {
        let json = r#"{"kind":"engine","ply":1,"depth":9,"target_depth":20,"score":{"cp":-32},"nodes":18081,"nps":547909,"pv":["c5","Nf3","Nc6"]}"#;
        let thinking: Thinking = serde_json::from_str(json).expect("a thinking event");
        assert_eq!(
            thinking.to_string(),
            "depth 9/20, eval -0.32, line c5 Nf3 Nc6"
        );
    }

    /// Fool's mate as the server shows it, with `players` if given.
    fn fools_mate(players: serde_json::Value) -> GameView {
        serde_json::from_value(serde_json::json!({
            "id": "abcdefghijkl",
            "fen": "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
            "initial_fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "player_color": "white", "turn": "white", "ply": 4, "level": 16,
            "status": "finished", "result": "0-1", "reason": "checkmate", "winner": "black",
            "check": true, "last_move": null, "moves": [], "legal_moves": [],
            "engine_thinking": false, "players": players,
        }))
        .expect("a view")
    }

    #[test]
    fn a_finished_pgn_is_its_players_game_not_the_players_loss() {
        let imported = fools_mate(serde_json::json!({"white": "Anna", "black": null}));
        assert_eq!(
            imported.players_line(),
            "from a finished PGN, Anna (white) – Black (black)"
        );
        assert_eq!(
            imported.result_line(),
            "0-1: Black (black) wins by checkmate."
        );
        let played = fools_mate(serde_json::Value::Null);
        assert_eq!(
            played.players_line(),
            "against Stockfish at level 16: you play white"
        );
        assert_eq!(
            played.result_line(),
            "0-1: black wins by checkmate; you lose."
        );
    }

    #[test]
    fn colours_are_named_as_the_engines_serde_writes_them_and_read_back() {
        for color in Color::ALL {
            let json = serde_json::to_value(color).expect("serializable");
            assert_eq!(json, color_name(color), "{color:?}");
            let read: Color = serde_json::from_value(json).expect("readable");
            assert_eq!(read, color);
        }
    }

    #[test]
    fn a_maia_thinking_event_reads_as_its_human_moves_and_the_one_played() {
        // As the server sends it at a Maia step (`Thinking::from_maia`).
        let json = r#"{"kind":"human","ply":1,"score":{"cp":-12},"pv":["c5"],
            "candidates":[{"san":"e5","uci":"e7e5","probability":0.4988},{"san":"c5","uci":"c7c5","probability":0.1721},{"san":"e6","uci":"e7e6","probability":0.1064}]}"#;
        let thinking: Thinking = serde_json::from_str(json).expect("a thinking event");
        assert_eq!(thinking.thinker(), "Maia");
        assert_eq!(
            thinking.to_string(),
            "weighs e5 50%, c5 17%, e6 11%; plays c5"
        );
    }

    #[test]
    fn a_thinking_event_without_target_or_line_still_reads() {
        let json =
            r#"{"kind":"engine","ply":4,"depth":1,"score":{"mate":-1},"nodes":1,"nps":1,"pv":[]}"#;
        let thinking: Thinking = serde_json::from_str(json).expect("a thinking event");
        assert_eq!(thinking.to_string(), "depth 1, eval #-1");
        assert_eq!(thinking.brief(), "depth 1");
    }
}
