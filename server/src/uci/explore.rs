//! One position searched for the analysis board: several lines at once (`MultiPV`), reported as
//! the search deepens, bounded in depth and time, on the analysis lane (live play first).
//!
//! Stockfish prints its lines together at the end of each iteration: `info ... multipv 1 ...`
//! up to `multipv N`, where a line not yet re-searched at this depth is the one from the depth
//! before. [`ExploreLines`] gathers one such group and hands out a snapshot when its last line
//! arrives, so a listener never sees half an iteration. Every line is checked against the
//! position (cut at its first illegal move), like every other engine line.

use std::sync::Arc;

use alphachess_engine::{Color, Game, Line, Move, Position};
use tokio::sync::watch;

use super::info::{parse_info, Score};
use super::protocol::UciPosition;
use crate::client_key::ClientKey;

/// The most lines a board may ask for: lichess's analysis board offers up to 5.
pub const MAX_LINES: u8 = 5;

/// One position for the analysis board.
#[derive(Debug, Clone)]
pub struct ExploreRequest {
    /// The engine hears `ucinewgame` when this changes: searches of one board share the hash.
    pub board: Arc<str>,
    pub position: UciPosition,
    /// The position searched: every line is checked against it.
    pub current: Position,
    /// Lines wanted, 1..=[`MAX_LINES`], and never more than the position's legal moves.
    pub lines: u8,
    /// The depth the search stops at (it stops at the pool's time cap too).
    pub depth: u32,
    /// Whose engine time this is (the analysis lane's fair share, see `lanes/`).
    pub client: Option<ClientKey>,
}

/// The position has no legal move (checkmate or stalemate): there is no line to search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the position has no legal move: there is no line to search")]
pub struct NothingToExplore;

impl ExploreRequest {
    /// A search of `game`'s current position for `lines` lines (clamped to 1..=[`MAX_LINES`] and
    /// to the legal moves), down to `depth`.
    pub fn new(
        board: Arc<str>,
        game: &Game,
        lines: u8,
        depth: u32,
    ) -> Result<ExploreRequest, NothingToExplore> {
        let current = game.position().clone();
        let legal = current.count_legal_moves();
        if legal == 0 {
            return Err(NothingToExplore);
        }
        let lines = lines
            .clamp(1, MAX_LINES)
            .min(u8::try_from(legal).unwrap_or(u8::MAX));
        Ok(ExploreRequest {
            board,
            position: UciPosition::from_game(game),
            current,
            lines,
            depth: depth.max(1),
            client: None,
        })
    }

    /// The same search, counted in `client`'s share of engine time.
    pub fn for_client(mut self, client: Option<ClientKey>) -> ExploreRequest {
        self.client = client;
        self
    }
}

/// One line of the engine's, at the depth it was last searched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PvLine {
    /// From WHITE's point of view, like every score the server shows.
    pub score: Score,
    /// Legal in turn from the position, never empty.
    pub moves: Vec<Move>,
}

/// The lines of one finished iteration, best first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    pub depth: u32,
    pub nodes: u64,
    pub lines: Vec<PvLine>,
}

/// What a board's search is doing; the listener holds the receiving end of a `watch` channel
/// (it only ever wants the latest), and dropping it stops the search.
#[derive(Debug, Clone)]
pub enum ExploreUpdate {
    /// Queued behind other searches (again, after a live search took the engine).
    Waiting,
    /// The lines of the latest finished iteration.
    Searching(Arc<Snapshot>),
    /// The search reached its depth or time bound; the last lines, if any came.
    Done(Option<Arc<Snapshot>>),
    /// The engine failed (it is restarted; the cause is logged).
    Failed,
}

/// A queued board search and where its updates go.
#[derive(Debug)]
pub struct ExploreJob {
    pub request: ExploreRequest,
    pub updates: watch::Sender<ExploreUpdate>,
}

impl ExploreJob {
    /// Reports an engine failure to the listener, if one is left (the worker logs its cause).
    pub fn fail(&self) {
        self.updates.send_replace(ExploreUpdate::Failed);
    }
}

/// The `info` lines of one board search, gathered by iteration.
#[derive(Debug)]
pub struct ExploreLines {
    position: Position,
    wanted: usize,
    /// `group[k]`: line `k + 1` of the iteration being printed.
    group: Vec<Option<PvLine>>,
    depth: u32,
    nodes: u64,
    last: Option<Arc<Snapshot>>,
}

impl ExploreLines {
    /// Gathers the lines of `request`'s search.
    pub fn new(request: &ExploreRequest) -> ExploreLines {
        let wanted = usize::from(request.lines);
        ExploreLines {
            position: request.current.clone(),
            wanted,
            group: vec![None; wanted],
            depth: 0,
            nodes: 0,
            last: None,
        }
    }

    /// Reads one engine line; returns a snapshot when it completed an iteration's group.
    pub fn read(&mut self, text: &str) -> Option<Arc<Snapshot>> {
        let info = parse_info(text)?;
        let score = info.score?;
        let rank = usize::from(info.multipv.unwrap_or(1));
        if rank == 0 || rank > self.wanted || info.pv.is_empty() {
            return None;
        }
        let moves = Line::from_uci(&self.position, &info.pv).into_moves();
        if moves.is_empty() {
            return None;
        }
        let score = match self.position.turn() {
            Color::White => score,
            Color::Black => score.flipped(),
        };
        if rank == 1 {
            self.depth = info.depth.unwrap_or(self.depth);
        }
        self.nodes = info.nodes.unwrap_or(self.nodes);
        self.group[rank - 1] = Some(PvLine { score, moves });
        if rank < self.wanted {
            return None;
        }
        let lines: Option<Vec<PvLine>> = self.group.iter().cloned().collect();
        let snapshot = Arc::new(Snapshot {
            depth: self.depth,
            nodes: self.nodes,
            lines: lines?,
        });
        self.last = Some(Arc::clone(&snapshot));
        Some(snapshot)
    }

    /// The last complete group, for the search's final word.
    pub fn last(&self) -> Option<Arc<Snapshot>> {
        self.last.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_testkit::game_after;

    fn request(game: &Game, lines: u8) -> ExploreRequest {
        ExploreRequest::new("board".into(), game, lines, 20).expect("a legal move")
    }

    fn uci(moves: &[Move]) -> Vec<String> {
        moves.iter().map(|m| m.to_uci().to_string()).collect()
    }

    #[test]
    fn a_group_is_reported_only_once_its_last_line_came() {
        let game = game_after(&[]);
        let mut lines = ExploreLines::new(&request(&game, 3));
        // Captured from Stockfish 15.1 with MultiPV 3 (shortened).
        assert!(lines
            .read("info depth 9 seldepth 12 multipv 1 score cp 39 nodes 30000 nps 400000 time 75 pv e2e4 e7e5 g1f3")
            .is_none());
        assert!(lines
            .read("info depth 9 seldepth 11 multipv 2 score cp 31 nodes 30000 nps 400000 time 75 pv d2d4 d7d5")
            .is_none());
        let snapshot = lines
            .read("info depth 8 seldepth 10 multipv 3 score cp 25 nodes 30000 nps 400000 time 75 pv g1f3 d7d5")
            .expect("the group is complete");
        assert_eq!(snapshot.depth, 9);
        assert_eq!(snapshot.nodes, 30000);
        let scores: Vec<Score> = snapshot.lines.iter().map(|l| l.score).collect();
        assert_eq!(scores, [Score::Cp(39), Score::Cp(31), Score::Cp(25)]);
        assert_eq!(uci(&snapshot.lines[0].moves), ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(lines.last(), Some(snapshot));
    }

    #[test]
    fn scores_are_from_white_s_side_and_lines_are_cut_at_an_illegal_move() {
        let game = game_after(&["e2e4"]);
        let mut lines = ExploreLines::new(&request(&game, 1));
        let snapshot = lines
            .read("info depth 5 multipv 1 score mate 2 nodes 100 pv e7e5 e7e5 g1f3")
            .expect("one line is a group");
        assert_eq!(snapshot.lines[0].score, Score::Mate(-2));
        assert_eq!(uci(&snapshot.lines[0].moves), ["e7e5"]);
    }

    #[test]
    fn lines_are_never_more_than_the_legal_moves_and_a_mate_has_none() {
        // Black's king on h8 has one legal move, Kg8.
        let game = Game::new("7k/R7/8/8/8/8/8/K7 b - - 0 1".parse().expect("a FEN"));
        assert_eq!(request(&game, 5).lines, 1);
        let mated = game_after(&["f2f3", "e7e5", "g2g4", "d8h4"]);
        assert_eq!(
            ExploreRequest::new("b".into(), &mated, 3, 20).err(),
            Some(NothingToExplore)
        );
    }

    #[test]
    fn a_line_without_a_score_a_rank_out_of_range_or_a_legal_move_is_skipped() {
        let game = game_after(&[]);
        let mut lines = ExploreLines::new(&request(&game, 1));
        assert!(lines
            .read("info depth 3 currmove e2e4 currmovenumber 1")
            .is_none());
        assert!(lines
            .read("info depth 3 multipv 2 score cp 5 pv d2d4")
            .is_none());
        assert!(lines
            .read("info depth 3 multipv 1 score cp 5 pv e7e5")
            .is_none());
        assert!(lines.last().is_none());
    }
}
