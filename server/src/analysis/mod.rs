//! Post-game analysis (issue #12): every position of a finished game searched on the engines'
//! analysis lane, then judged the way lichess judges moves.
//!
//! [`runner`] drives the engines, in chunks ([`chunks`]) over every engine free, a quick pass
//! then a final one, and [`consistency`] re-searches mates lost between chunks; [`Review`] turns the answers into
//! [`report`] types (plies with judgments, accuracy, summary); [`classes`] is the one judge of a
//! move and [`judgment`] its glyph and rule for mates (issue #38); [`accuracy`] is lila's
//! formula; all pure and unit-tested. Nothing here knows HTTP or the game registry.

pub mod accuracy;
pub mod chances;
pub mod chunks;
pub mod classes;
pub mod consistency;
pub mod eval;
pub mod explain;
pub mod judgment;
pub mod loss_words;
pub mod moments;
pub mod phases;
pub mod report;
pub mod retry;
pub mod review;
pub mod runner;

pub use accuracy::Accuracy;
pub use chunks::{plan, Chunk};
pub use consistency::consistency_checks;
pub use eval::{Eval, SideEval};
pub use judgment::Judgment;
pub use report::{
    AnalysedPly, Analysis, AnalysisEvent, AnalysisProgress, AnalysisStatus, BestMove, SideSummary,
    Summary,
};
pub use review::{final_eval, positions_to_search, Pass, Review, ReviewError};
pub use runner::{
    prefix, run_pass, Alternatives, AnalysedPosition, Answered, ClientSearcher, Flow, PassPlan,
    PassSettings, RunError, Searcher, CHUNK_POSITIONS, DEFAULT_ANALYSIS_NODES,
    QUICK_CHUNK_POSITIONS, QUICK_NODES,
};
