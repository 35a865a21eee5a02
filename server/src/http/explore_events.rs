//! The stream of one analysis board's search over HTTP (`GET /api/explore`), in the framings of
//! the game's stream (`events.rs`): what is known first, then each iteration's lines, then the
//! end — its bound reached, a newer position of the same board, or the engine failing.
//!
//! The body's forwarding task holds the search's listener: when the client goes away, the board
//! moves on or the server stops, the task ends, the listener is dropped and the engine is told to
//! `stop` at once (`uci::explore`).

use std::time::Duration;

use actix_web::web::Bytes;
use tokio::sync::mpsc;
use tokio::time::{interval_at, sleep, Instant, MissedTickBehavior};
use tokio_util::sync::CancellationToken;

use crate::explore::{Exploration, ExploreEvent, StopReason};
use crate::http::channel_body::ChannelBody;
use crate::http::events::{Encoding, HEARTBEAT};
use crate::http::limits::WatcherPermit;
use crate::uci::ExploreUpdate;

/// A search still queued after this long says so (`waiting`); one that starts sooner never
/// does, so a free engine shows no flicker of "waiting".
pub const WAITING_NOTICE: Duration = Duration::from_millis(250);

/// Encoded events waiting for a slow client: only the latest lines matter, so few.
const BUFFERED: usize = 4;

/// The event name on the wire (SSE `event:`, NDJSON `event`).
const EVENT: &str = "explore";

/// The body of `exploration`'s stream; it holds `permit` while it lives.
pub fn explore_stream(
    exploration: Exploration,
    encoding: Encoding,
    stopping: CancellationToken,
    permit: WatcherPermit,
    stall: Duration,
) -> ChannelBody {
    let (sender, frames) = mpsc::channel(BUFFERED);
    tokio::spawn(async move {
        tokio::select! {
            () = forward(exploration, encoding, sender, stall) => {}
            () = stopping.cancelled() => {}
        }
    });
    ChannelBody::new(frames, Some(permit))
}

/// Sends the board's events until its search ends or the watcher leaves or stalls.
async fn forward(
    exploration: Exploration,
    encoding: Encoding,
    sender: mpsc::Sender<Bytes>,
    stall: Duration,
) {
    let Exploration {
        position,
        known,
        updates,
        lease,
    } = exploration;
    let deliver = async |event: &ExploreEvent| {
        let frame = encoding.frame(EVENT, event);
        matches!(
            tokio::time::timeout(stall, sender.send(frame)).await,
            Ok(Ok(()))
        )
    };
    if let Some(known) = &known {
        if !deliver(known).await {
            return;
        }
    }
    let Some(mut updates) = updates else {
        // No legal move: nothing to search.
        deliver(&ExploreEvent::Done { depth: 0 }).await;
        return;
    };
    let mut heartbeat = interval_at(Instant::now() + HEARTBEAT, HEARTBEAT);
    heartbeat.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let notice = sleep(WAITING_NOTICE);
    tokio::pin!(notice);
    let mut noticed = false;
    loop {
        let event = tokio::select! {
            changed = updates.changed() => match changed {
                Ok(()) => Some(event_of(&position, &updates.borrow_and_update())),
                // The search is gone without a word (the pool stopped).
                Err(_) => return,
            },
            () = &mut notice, if !noticed => {
                noticed = true;
                matches!(*updates.borrow(), ExploreUpdate::Waiting).then_some(Step::Send(ExploreEvent::Waiting))
            }
            () = lease.replaced.cancelled() => {
                deliver(&ExploreEvent::Stopped { reason: StopReason::Replaced }).await;
                return;
            }
            _ = heartbeat.tick() => {
                if sender.send(encoding.keepalive()).await.is_err() {
                    return;
                }
                None
            }
            () = sender.closed() => return,
        };
        match event {
            None => {}
            Some(Step::Send(event)) if !deliver(&event).await => return,
            Some(Step::Send(_)) => {}
            Some(Step::End(events)) => {
                for event in &events {
                    if !deliver(event).await {
                        return;
                    }
                }
                return;
            }
        }
    }
}

/// What one update of the search means for the stream.
enum Step {
    Send(ExploreEvent),
    /// The last events: the stream ends after them.
    End(Vec<ExploreEvent>),
}

fn event_of(position: &alphachess_engine::Position, update: &ExploreUpdate) -> Step {
    match update {
        ExploreUpdate::Waiting => Step::Send(ExploreEvent::Waiting),
        ExploreUpdate::Searching(snapshot) => {
            Step::Send(ExploreEvent::lines(position, snapshot, false))
        }
        ExploreUpdate::Done(last) => {
            let mut events = Vec::new();
            let mut depth = 0;
            if let Some(snapshot) = last {
                depth = snapshot.depth;
                events.push(ExploreEvent::lines(position, snapshot, true));
            }
            events.push(ExploreEvent::Done { depth });
            Step::End(events)
        }
        // The cause stays with the log (it may name paths or addresses).
        ExploreUpdate::Failed => Step::End(vec![ExploreEvent::Failed {
            message:
                "The engine failed while searching; it is being restarted. Ask again in a moment."
                    .into(),
        }]),
    }
}
