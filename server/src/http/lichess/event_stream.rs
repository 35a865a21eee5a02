//! `GET /api/stream/event`: a key's games starting and finishing, as lichess streams a user's
//! events.
//!
//! On connect, a `gameStart` for each of the key's games in progress (lichess sends "all current
//! games"); then a `gameStart` for each game the key creates and a `gameFinish` when one of its
//! games ends (however it ends: a move, a flag, a resignation, from any connection); an empty
//! line after every [`HEARTBEAT`] of silence. Each stream holds one of its client's places for
//! live streams, as a game's stream does (refused with a 429 past the share). Unlike lichess
//! (lichess-org/api#518), any number of event streams of one key live side by side: a new one
//! closes none.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use actix_web::web::{self, Bytes};
use actix_web::HttpResponse;
use tokio::sync::{broadcast, mpsc};
use tokio::time::{interval_at, Instant, MissedTickBehavior};

use super::error::LichessError;
use super::key::PlayerKey;
use super::stream_body::{line, respond, BUFFERED, KEEPALIVE};
use super::wire::GameEvent as WireEvent;
use crate::games::views::{GameView, Status};
use crate::games::{GameEvent, GameId, GameService, GameSlot, Lifecycle};
use crate::http::events::HEARTBEAT;
use crate::http::limits::{ClientIp, Limits};

/// The handler.
pub async fn stream(
    service: web::Data<GameService>,
    lifecycle: web::Data<Lifecycle>,
    limits: web::Data<Limits>,
    client: ClientIp,
    key: PlayerKey,
) -> Result<HttpResponse, LichessError> {
    let permit = limits.watch_events(client)?;
    // Subscribed before listing: a game created meanwhile is heard of (at worst twice, and the
    // stream tells each game's start once).
    let news = service.owners().subscribe(&key.hash());
    let (sender, lines) = mpsc::channel(BUFFERED);
    let stream = KeyStream {
        service: service.into_inner(),
        key,
        sender,
        stall: limits.stall(),
        seen: HashSet::new(),
    };
    let stopping = lifecycle.stopping().clone();
    tokio::spawn(async move {
        tokio::select! {
            () = stream.run(news) => {}
            () = stopping.cancelled() => {}
        }
    });
    Ok(respond(lines, Some(permit)))
}

/// One event stream of one key.
struct KeyStream {
    service: Arc<GameService>,
    key: PlayerKey,
    sender: mpsc::Sender<Bytes>,
    stall: Duration,
    /// The games whose start this stream has told.
    seen: HashSet<GameId>,
}

impl KeyStream {
    async fn deliver(&self, bytes: Bytes) -> bool {
        matches!(
            tokio::time::timeout(self.stall, self.sender.send(bytes)).await,
            Ok(Ok(()))
        )
    }

    async fn run(mut self, mut news: broadcast::Receiver<GameId>) {
        // Each followed game's end comes back through here.
        let (ended, mut endings) = mpsc::channel::<Arc<GameView>>(BUFFERED);
        for slot in self.owned().await {
            if !self.start(&slot, &ended, false).await {
                return;
            }
        }
        let mut heartbeat = interval_at(Instant::now() + HEARTBEAT, HEARTBEAT);
        heartbeat.set_missed_tick_behavior(MissedTickBehavior::Delay);
        loop {
            let delivered = tokio::select! {
                id = news.recv() => match id {
                    Ok(id) => match self.service.in_memory(&id) {
                        Some(slot) => self.start(&slot, &ended, true).await,
                        None => true,
                    },
                    // Fell behind: look at the key's games again.
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        let mut delivered = true;
                        for slot in self.owned().await {
                            delivered &= self.start(&slot, &ended, true).await;
                        }
                        delivered
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                Some(view) = endings.recv() => self.deliver(line(&WireEvent::finish(&view))).await,
                _ = heartbeat.tick() => self.deliver(Bytes::from_static(KEEPALIVE)).await,
                () = self.sender.closed() => return,
            };
            if !delivered {
                return;
            }
            heartbeat.reset();
        }
    }

    /// The key's games; none when the store cannot say now (the stream goes on with the news).
    async fn owned(&self) -> Vec<Arc<GameSlot>> {
        self.service
            .owned(self.key.as_str())
            .await
            .unwrap_or_else(|error| {
                tracing::warn!(%error, "could not list a key's games for its event stream");
                Vec::new()
            })
    }

    /// Tells a game's start (once) and follows it to its end; a game already over is told only
    /// when `new` (it was created and ended before this stream heard of it).
    async fn start(
        &mut self,
        slot: &Arc<GameSlot>,
        ended: &mpsc::Sender<Arc<GameView>>,
        new: bool,
    ) -> bool {
        if !self.seen.insert(slot.id().clone()) {
            return true;
        }
        let (view, events) = slot.watch();
        let ongoing = view.status == Status::Ongoing;
        if !ongoing && !new {
            return true;
        }
        if !self.deliver(line(&WireEvent::start(&view))).await {
            return false;
        }
        if !ongoing {
            return self.deliver(line(&WireEvent::finish(&view))).await;
        }
        tokio::spawn(follow(Arc::downgrade(slot), events, ended.clone()));
        true
    }
}

/// Waits for one game to end and hands its final view over; stops early when the stream is gone.
async fn follow(
    slot: std::sync::Weak<GameSlot>,
    mut events: broadcast::Receiver<GameEvent>,
    ended: mpsc::Sender<Arc<GameView>>,
) {
    loop {
        let view = tokio::select! {
            event = events.recv() => match event {
                Ok(GameEvent::Game(view)) => view,
                Ok(_) => continue,
                Err(broadcast::error::RecvError::Lagged(_)) => match slot.upgrade() {
                    Some(slot) => slot.view(),
                    None => return,
                },
                Err(broadcast::error::RecvError::Closed) => return,
            },
            () = ended.closed() => return,
        };
        if view.status != Status::Ongoing {
            let _ = ended.send(view).await;
            return;
        }
    }
}
