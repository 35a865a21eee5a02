//! One position analysed on the analysis lane: the request (a validated position, a node budget)
//! and what comes back (best move, score from white's side, principal variation), all checked
//! against the position before anyone sees them.
//!
//! The answer is read from the search's last complete iteration: Stockfish prints one
//! `info depth ... score ... pv ...` line per iteration and `lowerbound`/`upperbound` lines while an
//! aspiration window fails, so the last exact line holds the final score and the line it expects.

use std::sync::Arc;

use alphachess_engine::{Color, Game, Line, Move, Position};

use super::error::EngineError;
use super::info::{parse_info, Score, ScoreBound, SearchInfo};
use super::protocol::UciPosition;
use crate::client_key::ClientKey;

/// One position to analyse: a fixed-node search at full strength.
#[derive(Debug, Clone)]
pub struct AnalysisRequest {
    /// Which game this is, so an engine hears `ucinewgame` when it switches games.
    pub game: Arc<str>,
    pub position: UciPosition,
    /// The position searched: the reply is checked against it.
    pub current: Position,
    /// The node budget (`go nodes N`).
    pub nodes: u64,
    /// Searches of one affinity (a chunk of a game) go to the same engine when it is free, so
    /// each finds the hash the one before filled (see `lanes/`).
    pub affinity: Option<u64>,
    /// A move left out of the search (`searchmoves` with every other legal move): the best
    /// alternative to it is what the answer then holds.
    pub excluded: Option<Move>,
    /// Whether the answer also holds the best *other* move's score, from the same search
    /// (`MultiPV 2` at the same node budget): one tree for both lines instead of a second search
    /// (issue #43).
    pub second: bool,
    /// Whose engine time this is (the analysis lane's fair share, see `lanes/`); `None` for
    /// the server's own work.
    pub client: Option<ClientKey>,
}

/// The position has no legal move (checkmate or stalemate): its evaluation needs no search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the position has no legal move: there is nothing to analyse")]
pub struct NoLegalMoveError;

impl AnalysisRequest {
    /// An analysis of `game`'s current position, which must have a legal move.
    pub fn new(
        key: Arc<str>,
        game: &Game,
        nodes: u64,
    ) -> Result<AnalysisRequest, NoLegalMoveError> {
        let current = game.position().clone();
        if current.legal_moves().is_empty() {
            return Err(NoLegalMoveError);
        }
        Ok(AnalysisRequest {
            game: key,
            position: UciPosition::from_game(game),
            current,
            nodes: nodes.max(1),
            affinity: None,
            excluded: None,
            second: false,
            client: None,
        })
    }

    /// The same search among every legal move but `best`: how good the best alternative is.
    /// `None` when `best` is the only legal move (there is no alternative to search).
    pub fn without(mut self, best: Move) -> Option<AnalysisRequest> {
        (self.current.count_legal_moves() > 1).then(|| {
            self.excluded = Some(best);
            self
        })
    }

    /// The same search, with the best other move's score too (`MultiPV 2`), when the position has
    /// another legal move (with one, there is no other move and the search stays single-line).
    pub fn with_second(mut self) -> AnalysisRequest {
        self.second = self.current.count_legal_moves() > 1;
        self
    }

    /// The `MultiPV` the engine searches this request with.
    pub fn lines(&self) -> u8 {
        if self.second {
            2
        } else {
            1
        }
    }

    /// The moves the engine may choose among: every legal move but the excluded one (empty: all).
    pub fn searchmoves(&self) -> Vec<Move> {
        match self.excluded {
            None => Vec::new(),
            Some(excluded) => self
                .current
                .legal_moves()
                .into_iter()
                .filter(|&m| m != excluded)
                .collect(),
        }
    }

    /// The same search, counted in `client`'s share of engine time.
    pub fn for_client(mut self, client: Option<ClientKey>) -> AnalysisRequest {
        self.client = client;
        self
    }

    /// The same search, run on the engine that ran the last one of `affinity` when it is free.
    pub fn with_affinity(mut self, affinity: u64) -> AnalysisRequest {
        self.affinity = Some(affinity);
        self
    }
}

/// What the engine thinks of one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionAnalysis {
    /// The final score, from **white's** point of view (mate in n: positive when white mates).
    pub score: Score,
    /// The engine's best move, legal in the position.
    pub best: Move,
    /// The principal variation, starting with `best`; every move legal in turn (the engine's
    /// line is cut at its first illegal move).
    pub pv: Vec<Move>,
    /// Depth of the iteration the score comes from.
    pub depth: u32,
    /// Nodes searched when that iteration was reported.
    pub nodes: u64,
    /// The best *other* move's score, from white's side, when the request asked for it
    /// ([`AnalysisRequest::with_second`]): where the game's move may be *Great* (the only move
    /// that holds, `analysis/classes.rs`), which it is only if it was the engine's best.
    pub second: Option<Score>,
}

/// The `info` lines of one analysis search, keeping what the answer needs.
#[derive(Debug, Default)]
pub struct AnalysisLines {
    /// The last iteration with an exact score and a line.
    exact: Option<SearchInfo>,
    /// The last iteration with any score and a line, in case no exact one came.
    bounded: Option<SearchInfo>,
    /// The last score of the second line (`multipv 2`), when the search had one: Stockfish
    /// prints it with each iteration after the first line, exact (the second line is searched
    /// with its own window once the first is settled).
    second: Option<Score>,
}

impl AnalysisLines {
    /// Reads one `info` line (other lines and `info string` are ignored).
    pub fn read(&mut self, line: &str) {
        let Some(info) = parse_info(line) else { return };
        if info.score.is_none() || info.pv.is_empty() {
            return;
        }
        match info.multipv {
            None | Some(1) => {}
            Some(2) => {
                if info.bound == ScoreBound::Exact {
                    self.second = info.score;
                }
                return;
            }
            Some(_) => return,
        }
        if info.bound == ScoreBound::Exact {
            self.exact = Some(info);
        } else {
            self.bounded = Some(info);
        }
    }

    /// The analysis of `position` once the engine named `best` (already checked legal).
    pub fn conclude(
        self,
        position: &Position,
        best: Move,
    ) -> Result<PositionAnalysis, EngineError> {
        let second = self.second.map(|score| match position.turn() {
            Color::White => score,
            Color::Black => score.flipped(),
        });
        let info = self.exact.or(self.bounded).ok_or_else(|| {
            EngineError::Protocol("an analysis search ended without a scored line".into())
        })?;
        let score = info.score.expect("only lines with a score are kept");
        let score = match position.turn() {
            Color::White => score,
            Color::Black => score.flipped(),
        };
        let mut pv = Line::from_uci(position, &info.pv).into_moves();
        if pv.first() != Some(&best) {
            // The line belongs to another move: keep only the move the engine chose.
            pv = vec![best];
        }
        Ok(PositionAnalysis {
            score,
            best,
            pv,
            depth: info.depth.unwrap_or(0),
            nodes: info.nodes.unwrap_or(0),
            second,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::UciMove;
    use alphachess_testkit::game_after;

    fn mv(position: &Position, text: &str) -> Move {
        let uci: UciMove = text.parse().expect("test move is UCI");
        uci.to_move(position).expect("test move is legal")
    }

    #[test]
    fn a_position_without_legal_moves_is_not_sent_to_the_engine() {
        let mated = game_after(&["f2f3", "e7e5", "g2g4", "d8h4"]);
        assert_eq!(
            AnalysisRequest::new("g".into(), &mated, 1000).err(),
            Some(NoLegalMoveError)
        );
        assert!(AnalysisRequest::new("g".into(), &game_after(&["e2e4"]), 1000).is_ok());
    }

    #[test]
    fn the_last_exact_iteration_gives_the_score_and_line() {
        let position = Position::startpos();
        let mut lines = AnalysisLines::default();
        // Captured from Stockfish 15.1 (`go nodes 20000` from the start position), shortened.
        for line in [
            "info string NNUE evaluation using nn-ad9b42354671.nnue enabled",
            "info depth 1 seldepth 1 multipv 1 score cp 18 nodes 20 nps 10000 hashfull 0 tbhits 0 time 2 pv e2e4",
            "info depth 9 seldepth 12 multipv 1 score cp 39 nodes 8716 nps 435800 hashfull 3 tbhits 0 time 20 pv e2e4 e7e5 g1f3 b8c6",
            "info depth 10 seldepth 13 multipv 1 score cp 50 lowerbound nodes 12000 nps 436000 hashfull 4 tbhits 0 time 27 pv d2d4",
            "info depth 10 currmove d2d4 currmovenumber 1",
        ] {
            lines.read(line);
        }
        let best = mv(&position, "e2e4");
        let analysis = lines.conclude(&position, best).expect("a scored line");
        assert_eq!(analysis.score, Score::Cp(39));
        assert_eq!(analysis.depth, 9);
        assert_eq!(analysis.nodes, 8716);
        let pv: Vec<String> = analysis.pv.iter().map(|m| m.to_uci().to_string()).collect();
        assert_eq!(pv, ["e2e4", "e7e5", "g1f3", "b8c6"]);
    }

    #[test]
    fn scores_are_turned_to_white_s_point_of_view() {
        // 1. e4: black to move; the engine says black is 30 cp worse, then that it mates in 2.
        let game = game_after(&["e2e4"]);
        let position = game.position();
        let best = mv(position, "e7e5");
        let mut lines = AnalysisLines::default();
        lines.read("info depth 5 score cp -30 nodes 100 pv e7e5");
        let cp = lines.conclude(position, best).expect("a scored line");
        assert_eq!(cp.score, Score::Cp(30));
        let mut lines = AnalysisLines::default();
        lines.read("info depth 5 score mate 2 nodes 100 pv e7e5");
        let mate = lines.conclude(position, best).expect("a scored line");
        assert_eq!(mate.score, Score::Mate(-2));
    }

    #[test]
    fn a_line_is_cut_at_its_first_illegal_move() {
        let position = Position::startpos();
        let mut lines = AnalysisLines::default();
        // e7e5 twice: the second is not legal (and what follows is never looked at).
        lines.read("info depth 4 score cp 20 nodes 100 pv e2e4 e7e5 g1f3 e7e5 b1c3");
        let analysis = lines
            .conclude(&position, mv(&position, "e2e4"))
            .expect("a scored line");
        assert_eq!(analysis.pv.len(), 3);
    }

    #[test]
    fn a_line_for_another_move_keeps_only_the_best_move() {
        let position = Position::startpos();
        let mut lines = AnalysisLines::default();
        lines.read("info depth 4 score cp 20 nodes 100 pv d2d4 d7d5");
        let best = mv(&position, "e2e4");
        let analysis = lines.conclude(&position, best).expect("a scored line");
        assert_eq!(analysis.pv, [best]);
    }

    #[test]
    fn the_second_line_gives_the_best_other_move_s_score_from_white_s_side() {
        // 1. e4: black to move. Captured from Stockfish 15.1 with MultiPV 2 (shortened); the
        // second line's bound is not its score.
        let game = game_after(&["e2e4"]);
        let position = game.position();
        let mut lines = AnalysisLines::default();
        for line in [
            "info depth 9 seldepth 12 multipv 1 score cp -30 nodes 9000 pv c7c5 g1f3",
            "info depth 9 seldepth 11 multipv 2 score cp -42 nodes 9000 pv e7e5 g1f3",
            "info depth 10 seldepth 13 multipv 1 score cp -28 nodes 15000 pv c7c5 g1f3 d7d6",
            "info depth 10 seldepth 12 multipv 2 score cp -35 nodes 15000 pv e7e5 g1f3",
            "info depth 11 seldepth 13 multipv 2 score cp -80 upperbound nodes 19000 pv e7e5",
        ] {
            lines.read(line);
        }
        let analysis = lines
            .conclude(position, mv(position, "c7c5"))
            .expect("a scored line");
        assert_eq!(analysis.score, Score::Cp(28));
        assert_eq!(analysis.depth, 10);
        assert_eq!(analysis.second, Some(Score::Cp(35)));
        let mut single = AnalysisLines::default();
        single.read("info depth 9 score cp -30 nodes 9000 pv c7c5 g1f3");
        let analysis = single
            .conclude(position, mv(position, "c7c5"))
            .expect("a scored line");
        assert_eq!(analysis.second, None);
    }

    #[test]
    fn a_bound_is_used_only_when_no_exact_iteration_came() {
        let position = Position::startpos();
        let best = mv(&position, "e2e4");
        let mut lines = AnalysisLines::default();
        lines.read("info depth 4 score cp 60 upperbound nodes 100 pv e2e4");
        assert_eq!(
            lines.conclude(&position, best).expect("a line").score,
            Score::Cp(60)
        );
        let empty = AnalysisLines::default();
        assert!(matches!(
            empty.conclude(&position, best),
            Err(EngineError::Protocol(_))
        ));
    }
}
