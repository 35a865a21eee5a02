//! `GET /api/board/game/stream/{id}`: a game as lichess streams it to its player.
//!
//! The guarantees (README, "Stream guarantees"): the first line is always `gameFull`, the whole
//! game as it stands with the clocks read at that moment, so a client that reconnects mid-game
//! resumes from it; then a `gameState` after every change a client can see (a move, a takeback,
//! the end); an empty line after every [`HEARTBEAT`] of silence; the stream ends after the
//! `gameState` that ends the game (or at once after `gameFull` when it is already over). Any
//! number of streams of one key, of one game, live side by side: opening one closes no other.

use std::sync::{Arc, Weak};
use std::time::Duration;

use actix_web::web::{self, Bytes};
use actix_web::HttpResponse;
use tokio::sync::{broadcast, mpsc};
use tokio::time::{interval_at, Instant, MissedTickBehavior};

use super::board::game_id;
use super::error::LichessError;
use super::key::PlayerKey;
use super::stream_body::{line, respond, BUFFERED, KEEPALIVE};
use super::wire::{GameFull, GameState};
use crate::games::views::{GameView, Status};
use crate::games::{GameEvent, GameService, GameSlot, Lifecycle};
use crate::http::events::HEARTBEAT;
use crate::http::limits::{ClientIp, Limits};

/// The handler: the game must be the key's.
pub async fn stream(
    service: web::Data<GameService>,
    lifecycle: web::Data<Lifecycle>,
    limits: web::Data<Limits>,
    client: ClientIp,
    key: PlayerKey,
    path: web::Path<String>,
) -> Result<HttpResponse, LichessError> {
    let id = game_id(&path.into_inner())?;
    let slot = service.watch_own(&id, key.as_str()).await?;
    let permit = limits.watch(client, &id)?;
    let created_at = service.owners().created_at(&id);
    let (sender, lines) = mpsc::channel(BUFFERED);
    // The view and the subscription are taken together: no change falls between them.
    let (view, events) = slot.watch();
    let full = GameFull::of(&view, &key.player_id(), created_at);
    let forwarder = Forwarder {
        slot: Arc::downgrade(&slot),
        sender,
        stall: limits.stall(),
    };
    let stopping = lifecycle.stopping().clone();
    tokio::spawn(async move {
        tokio::select! {
            () = forwarder.run(full, view, events) => {}
            () = stopping.cancelled() => {}
        }
    });
    Ok(respond(lines, Some(permit)))
}

/// Forwards one game's changes to one client.
struct Forwarder {
    slot: Weak<GameSlot>,
    sender: mpsc::Sender<Bytes>,
    /// Give up on a client that takes nothing for this long.
    stall: Duration,
}

impl Forwarder {
    /// Whether the client took the line.
    async fn deliver(&self, bytes: Bytes) -> bool {
        matches!(
            tokio::time::timeout(self.stall, self.sender.send(bytes)).await,
            Ok(Ok(()))
        )
    }

    async fn run(
        self,
        full: GameFull,
        view: Arc<GameView>,
        mut events: broadcast::Receiver<GameEvent>,
    ) {
        let mut last = full.state.clone();
        if !self.deliver(line(&full)).await || view.status != Status::Ongoing {
            return;
        }
        let mut heartbeat = interval_at(Instant::now() + HEARTBEAT, HEARTBEAT);
        heartbeat.set_missed_tick_behavior(MissedTickBehavior::Delay);
        loop {
            let view = tokio::select! {
                event = events.recv() => match event {
                    Ok(GameEvent::Game(view)) => view,
                    Ok(_) => continue,
                    // Too slow: skip what was missed, show the game as it is now.
                    Err(broadcast::error::RecvError::Lagged(_)) => match self.slot.upgrade() {
                        Some(slot) => slot.view(),
                        None => return,
                    },
                    // The game was forgotten.
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                _ = heartbeat.tick() => {
                    if !self.deliver(Bytes::from_static(KEEPALIVE)).await {
                        return;
                    }
                    continue;
                }
                () = self.sender.closed() => return,
            };
            let state = GameState::of(&view);
            if !state.differs_from(&last) {
                continue;
            }
            if !self.deliver(line(&state)).await {
                return;
            }
            heartbeat.reset();
            last = state;
            if view.status != Status::Ongoing {
                return;
            }
        }
    }
}
