//! The server's review and retry answers, typed as far as `alphachess review` reads them.

use serde::Deserialize;

use crate::view::Score;

/// `GET /api/v1/games/{id}/analysis`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Analysis {
    /// `queued`, `running`, `done` or `failed`.
    pub status: String,
    pub progress: Progress,
    pub plies: Vec<Ply>,
    pub accuracy: Option<Sides<Option<f64>>>,
    #[serde(default)]
    pub key_moments: Option<Sides<Vec<KeyMoment>>>,
    #[serde(default)]
    pub phases: Option<Phases>,
    /// While queued: how many reviews run or wait before this one.
    #[serde(default)]
    pub ahead: Option<u32>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct Progress {
    pub done: usize,
    pub total: usize,
}

/// Something of each side.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Sides<T> {
    pub white: T,
    pub black: T,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Ply {
    pub ply: usize,
    /// After the move, from white's side.
    pub eval: Score,
    #[serde(default)]
    pub class: Option<String>,
    #[serde(default)]
    pub explanation: Option<Explanation>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Explanation {
    pub sentence: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct KeyMoment {
    pub ply: usize,
    /// `last_book`, `swing` or `missed_win`.
    pub kind: String,
    pub class: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Phases {
    pub opening: Sides<Option<f64>>,
    pub middlegame: Sides<Option<f64>>,
    pub endgame: Sides<Option<f64>>,
}

/// `GET /api/v1/games/{id}/retry`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct RetryList {
    pub puzzles: Vec<Puzzle>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Puzzle {
    pub ply: usize,
    pub fen: String,
    pub played: Named,
    /// The loss in words (issue #38); absent from older servers.
    #[serde(default)]
    pub loss: Option<String>,
}

/// A move in both notations.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Named {
    pub uci: String,
    pub san: String,
}

/// The answer to a try.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct RetryAnswer {
    /// `solved`, `not_quite` or `wrong`.
    pub verdict: String,
    pub points_lost: f64,
    /// The try's loss in words (issue #38); absent from older servers.
    #[serde(default)]
    pub loss: Option<String>,
    pub solution: Option<Solution>,
}

/// The engine's answer to a mistake.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Solution {
    pub best: Named,
    pub line: Vec<String>,
    pub eval: Score,
}
