//! Whether a game has a review, as its view says. A spectator has no token to ask for one, and
//! `GET .../analysis` of a game nobody asked to review answers 404, which a browser logs as an
//! error: the view says which of the two it is, so a client never probes (issue #40).

use serde::Serialize;
use utoipa::ToSchema;

/// Whether the game has a review: `none` until somebody asks for one (`GET .../analysis` then
/// answers 404 `analysis_not_found`; a live game's starts by itself when it ends, unless the
/// queue is full; a game imported already over, when its player asks), then `requested` for
/// good (`GET .../analysis` answers it, queued, running, done or failed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub enum ReviewStatus {
    /// Nobody asked for a review (an aborted or unfinished game has none either).
    #[serde(rename = "none")]
    #[schema(rename = "none")]
    NotRequested,
    /// A review was asked for or started by itself: `GET .../analysis` answers it.
    #[serde(rename = "requested")]
    #[schema(rename = "requested")]
    Requested,
}
