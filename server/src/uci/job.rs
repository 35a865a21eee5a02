//! The jobs the workers take from the queue: live work (a search, a readiness probe) and
//! analysis-lane work (a review's position, an analysis board's search), each with where its
//! answer goes. Apart from the worker and the queue so that neither needs the other's file.

use tokio::sync::oneshot;

use alphachess_engine::Move;

use super::analysis::{AnalysisRequest, PositionAnalysis};
use super::error::EngineError;
use super::explore::ExploreJob;
use super::lanes::SearchKind;
use super::request::SearchRequest;
use crate::client_key::ClientKey;

/// The deepest search the lanes serve as cheap: step 14 (skill 12, depth 7) and below, whose
/// searches take the engine milliseconds; full strength searches the configured full depth.
pub const CHEAP_DEPTH: u32 = 8;

/// Live work for an engine; dropping a reply's receiver cancels that job.
#[derive(Debug)]
pub enum Job {
    /// A search and where its answer goes (boxed: a ping waits in the same queues, and every
    /// queued job is as large as its largest kind).
    Search {
        request: Box<SearchRequest>,
        reply: oneshot::Sender<Result<Move, EngineError>>,
    },
    /// `isready` → `readyok`, for the readiness probe.
    Ping {
        reply: oneshot::Sender<Result<(), EngineError>>,
    },
}

impl Job {
    /// Whose job this is and what kind, for the fair share (a probe is never queued).
    pub fn client_and_kind(&self) -> (Option<ClientKey>, SearchKind) {
        match self {
            Job::Search { request, .. } => (request.client, request.kind),
            Job::Ping { .. } => (None, SearchKind::Reply),
        }
    }

    /// Whether this is a cheap search (see `lanes/`): one at most [`CHEAP_DEPTH`] deep, which
    /// takes the engine milliseconds.
    pub fn is_cheap(&self) -> bool {
        match self {
            Job::Search { request, .. } => request.depth <= CHEAP_DEPTH,
            Job::Ping { .. } => false,
        }
    }
}

/// Work for the analysis lane, behind live play: one position of a review, or an analysis
/// board's search. Dropping its receiving end cancels either.
#[derive(Debug)]
pub enum AnalysisJob {
    Position {
        request: AnalysisRequest,
        reply: oneshot::Sender<Result<PositionAnalysis, EngineError>>,
    },
    Explore(ExploreJob),
}

impl AnalysisJob {
    /// Whose engine time this is (the fair share, see `lanes/`); `None` for the server's own.
    pub fn client(&self) -> Option<ClientKey> {
        match self {
            AnalysisJob::Position { request, .. } => request.client,
            AnalysisJob::Explore(job) => job.request.client,
        }
    }

    /// Whether nobody waits for this job's answer any more.
    pub fn abandoned(&self) -> bool {
        match self {
            AnalysisJob::Position { reply, .. } => reply.is_closed(),
            AnalysisJob::Explore(job) => job.updates.is_closed(),
        }
    }

    /// The engine this job prefers, if any (see `lanes/`): a review's chunk keeps to one.
    pub fn affinity(&self) -> Option<u64> {
        match self {
            AnalysisJob::Position { request, .. } => request.affinity,
            AnalysisJob::Explore(_) => None,
        }
    }
}
