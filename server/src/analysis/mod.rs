//! Post-game analysis (issue #12): every position of a finished game searched on the engines'
//! analysis lane, then judged the way lichess judges moves.
//!
//! [`runner`] drives the engine, position by position; [`Review`] turns the answers into
//! [`report`] types (plies with judgments, accuracy, summary); [`judgment`] and [`accuracy`] are
//! lila's formulas, pure and unit-tested. Nothing here knows HTTP or the game registry.

pub mod accuracy;
pub mod eval;
pub mod judgment;
pub mod report;
pub mod review;
pub mod runner;

pub use eval::{Eval, SideEval};
pub use judgment::Judgment;
pub use report::{
    Accuracy, AnalysedPly, Analysis, AnalysisEvent, AnalysisProgress, AnalysisStatus, BestMove,
    SideSummary, Summary,
};
pub use review::{final_eval, positions_to_search, Pass, Review, ReviewError};
pub use runner::{analyse_game, AnalysedPosition, RunError, DEFAULT_ANALYSIS_NODES};
