//! What an analysis board's stream says, as the API documents it: the engine's lines with their
//! moves in SAN (the client never needs the rules to show them), and the search's state.

use alphachess_engine::{Line, Move, Position};
use serde::Serialize;
use utoipa::ToSchema;

use crate::analysis::Eval;
use crate::uci::{PositionAnalysis, Snapshot};

/// One event of `GET /api/explore`, tagged by `kind`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ExploreEvent {
    /// The search waits for an engine: every engine runs live play or an earlier search (sent
    /// once it has waited a moment, and again when a live search took its engine).
    Waiting,
    /// The engine's lines after one more finished iteration, best first.
    Lines {
        depth: u32,
        nodes: u64,
        /// The last lines of a search that reached its bound.
        #[serde(rename = "final")]
        last: bool,
        source: LineSource,
        lines: Vec<ExploreLine>,
    },
    /// The search reached its bound (depth or time): no more lines will come.
    Done { depth: u32 },
    /// A newer request for the same board stopped this search.
    Stopped { reason: StopReason },
    /// The engine failed; it is restarted, and a new request searches again.
    Failed { message: String },
}

/// Where a group of lines comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LineSource {
    /// This search.
    Engine,
    /// An earlier analysis of the same position (a game's review): one line, shown at once.
    Cache,
}

/// Why a board's search stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    Replaced,
}

/// One line of the engine's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct ExploreLine {
    /// 1 for the best line.
    pub rank: u8,
    /// From WHITE's point of view.
    pub eval: Eval,
    /// The line's moves in UCI, legal in turn from the position.
    #[schema(example = json!(["e2e4", "e7e5"]))]
    pub uci: Vec<String>,
    /// The same moves in SAN.
    #[schema(example = json!(["e4", "e5"]))]
    pub san: Vec<String>,
}

impl ExploreEvent {
    /// The lines of one of the engine's iterations in `position`.
    pub fn lines(position: &Position, snapshot: &Snapshot, last: bool) -> ExploreEvent {
        let lines = snapshot
            .lines
            .iter()
            .zip(1u8..)
            .map(|(line, rank)| {
                ExploreLine::new(
                    position,
                    rank,
                    Eval::from_white_score(line.score),
                    &line.moves,
                )
            })
            .collect();
        ExploreEvent::Lines {
            depth: snapshot.depth,
            nodes: snapshot.nodes,
            last,
            source: LineSource::Engine,
            lines,
        }
    }

    /// What an earlier analysis found in `position`, as one line.
    pub fn known(position: &Position, analysis: &PositionAnalysis) -> ExploreEvent {
        ExploreEvent::Lines {
            depth: analysis.depth,
            nodes: analysis.nodes,
            last: false,
            source: LineSource::Cache,
            lines: vec![ExploreLine::new(
                position,
                1,
                Eval::from_white_score(analysis.score),
                &analysis.pv,
            )],
        }
    }
}

impl ExploreLine {
    /// `moves` from `position` in both notations, cut at the first illegal one (they come from
    /// the engine checked already; the cut is the rules crate's `Line`).
    fn new(position: &Position, rank: u8, eval: Eval, moves: &[Move]) -> ExploreLine {
        let line = Line::from_moves(position, moves.iter().copied());
        ExploreLine {
            rank,
            eval,
            uci: line
                .moves()
                .iter()
                .map(|m| m.to_uci().to_string())
                .collect(),
            san: line.san().iter().map(ToString::to_string).collect(),
        }
    }
}
