//! The server's own eye on running clocks: one task per timed game sleeps until the running
//! clock's deadline and ends the game on time there, with no request needed; the new view goes
//! out on the game's live stream like any other change. The task wakes on every change of the
//! game (a move restarts the other clock) and ends with the game, or when the game is forgotten.
//! (Its subscription counts as a watcher, so the engine's progress is published for timed games
//! even when no browser listens: a few small events a second, throttled.)

use std::sync::{Arc, Weak};
use std::time::Duration;

use tokio::sync::broadcast::error::RecvError;
use tokio::sync::broadcast::Receiver;
use tokio::time::{sleep_until, Instant};

use crate::games::live::analyses::Analyses;
use crate::games::live::events::GameEvent;
use crate::games::live::registry::GameSlot;

/// How long to wait before trying again when a flag could not be applied (the store refused the
/// change), rather than spinning on a deadline already past.
const FLAG_RETRY: Duration = Duration::from_millis(250);

/// Starts watching `slot`'s clocks (a timed game, just created or restored).
pub fn watch_clock(slot: &Arc<GameSlot>, analyses: &Arc<Analyses>) {
    // Subscribed before the first look at the clock, so no change falls in between.
    let events = slot.events().subscribe();
    tokio::spawn(watch(Arc::downgrade(slot), events, Arc::clone(analyses)));
}

/// What the watcher waits for next.
enum Next {
    /// The game is over or forgotten: nothing more to watch.
    Done,
    /// No clock runs: only a change can start one.
    Change,
    /// The running clock runs out at this instant.
    Deadline(Instant),
}

async fn watch(slot: Weak<GameSlot>, mut events: Receiver<GameEvent>, analyses: Arc<Analyses>) {
    loop {
        let deadline = match next(&slot) {
            Next::Done => return,
            Next::Change => None,
            Next::Deadline(at) => Some(at),
        };
        tokio::select! {
            () = sleep_until(deadline.unwrap_or_else(Instant::now)), if deadline.is_some() => {
                if !flag(&slot, &analyses).await {
                    tokio::time::sleep(FLAG_RETRY).await;
                }
            }
            alive = changed(&mut events) => if !alive { return },
        }
    }
}

/// The game's state as far as the watcher cares.
fn next(slot: &Weak<GameSlot>) -> Next {
    let Some(slot) = slot.upgrade() else {
        return Next::Done;
    };
    slot.read(|state| {
        if state.is_finished() {
            Next::Done
        } else {
            state.flag_deadline().map_or(Next::Change, Next::Deadline)
        }
    })
}

/// Waits for the game's next change; `false` once the game is gone.
async fn changed(events: &mut Receiver<GameEvent>) -> bool {
    loop {
        match events.recv().await {
            Ok(GameEvent::Game(_)) | Err(RecvError::Lagged(_)) => return true,
            Ok(_) => {}
            Err(RecvError::Closed) => return false,
        }
    }
}

/// Ends the game on time if its running clock has run out (it may have moved meanwhile); `false`
/// when the change could not be applied.
async fn flag(slot: &Weak<GameSlot>, analyses: &Arc<Analyses>) -> bool {
    let Some(slot) = slot.upgrade() else {
        return true;
    };
    match slot.update(|state| Ok(state.flag_if_due(Instant::now()))) {
        Ok((true, _)) => {
            tracing::info!(game = %slot.id(), "a clock ran out");
            analyses.start_after_end(&slot);
            if let Err(error) = slot.durable().await {
                tracing::error!(%error, game = %slot.id(), "a game ended on time could not be saved");
            }
            true
        }
        Ok((false, _)) => true,
        Err(error) => {
            tracing::error!(%error, game = %slot.id(), "a flag could not be applied; retrying");
            false
        }
    }
}
