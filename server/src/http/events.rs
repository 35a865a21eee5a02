//! The live stream of a game over HTTP: its two framings (Server-Sent Events, NDJSON) and one
//! forwarding task per watcher. What is published, and when, is the domain's
//! (`games::GameEvents`); this is only the edge.
//!
//! A watcher holds its places ([`WatcherPermit`]) for as long as its response lives. One that
//! stops reading is given up after the stall timeout: its forwarder ends (the game's broadcast
//! never waits for anyone anyway) and its connection is dropped by the kernel's
//! `TCP_USER_TIMEOUT` (see `limits::connection`), which gives its places back.

use std::sync::{Arc, Weak};
use std::time::Duration;

use actix_web::web::Bytes;
use serde::Serialize;
use tokio::sync::{broadcast, mpsc};
use tokio::time::{interval_at, Instant, MissedTickBehavior};
use tokio_util::sync::CancellationToken;

use crate::games::views::GameView;
use crate::games::{GameEvent, GameSlot};
use crate::http::channel_body::ChannelBody;
use crate::http::error::ErrorBody;
use crate::http::limits::WatcherPermit;

/// How often an idle stream sends a keep-alive, so proxies keep it open.
pub const HEARTBEAT: Duration = Duration::from_secs(15);

/// Encoded events waiting for a slow client; past this the forwarder waits and the broadcast
/// channel lets the watcher skip ahead.
const BUFFERED: usize = 8;

/// The SSE keep-alive: a comment, which `EventSource` ignores.
const PING: &[u8] = b": ping\n\n";

/// The NDJSON keep-alive: an event with no data.
const KEEPALIVE_LINE: &[u8] = b"{\"event\":\"keepalive\"}\n";

/// How a stream is framed: the same events, one format per client kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// `text/event-stream`, for `EventSource` (the default).
    Sse,
    /// `application/x-ndjson`: one `{"event": …, "data": …}` object per line, for clients that
    /// read a `fetch` body line by line.
    Ndjson,
}

impl Encoding {
    /// The framing a request's `Accept` header asks for: NDJSON when it names
    /// `application/x-ndjson` before (or without) `text/event-stream`, else SSE.
    pub fn from_accept(accept: Option<&str>) -> Encoding {
        let ranges = accept.unwrap_or_default().split(',').filter_map(|range| {
            let mut parts = range.split(';');
            let media = parts.next().unwrap_or_default().trim();
            // `q=0` means "not this one".
            let refused = parts.any(|param| {
                param
                    .trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (!refused).then_some(media)
        });
        for media in ranges {
            if media.eq_ignore_ascii_case("application/x-ndjson") {
                return Encoding::Ndjson;
            }
            if media.eq_ignore_ascii_case("text/event-stream") {
                return Encoding::Sse;
            }
        }
        Encoding::Sse
    }

    /// The response's `Content-Type`.
    pub fn content_type(self) -> &'static str {
        match self {
            Encoding::Sse => "text/event-stream",
            Encoding::Ndjson => "application/x-ndjson",
        }
    }

    /// One event: SSE's `event: <name>` and a one-line JSON `data:`, or one NDJSON line.
    pub fn frame(self, name: &str, data: &impl Serialize) -> Bytes {
        // Our views serialize infallibly (no maps with non-string keys, no failing impls).
        let json = serde_json::to_string(data).unwrap_or_else(|_| "null".to_owned());
        Bytes::from(match self {
            Encoding::Sse => format!("event: {name}\ndata: {json}\n\n"),
            Encoding::Ndjson => format!("{{\"event\":\"{name}\",\"data\":{json}}}\n"),
        })
    }

    /// What an idle stream sends every [`HEARTBEAT`].
    pub fn keepalive(self) -> Bytes {
        Bytes::from_static(match self {
            Encoding::Sse => PING,
            Encoding::Ndjson => KEEPALIVE_LINE,
        })
    }

    /// One published event, named as the API documents it.
    pub fn encode(self, event: &GameEvent) -> Bytes {
        match event {
            GameEvent::Game(view) => self.frame("game", view),
            GameEvent::Thinking(thinking) => self.frame("thinking", thinking),
            GameEvent::Analysis(analysis) => self.frame("analysis", analysis),
            // What the waiting call would have answered: the same code and sentence.
            GameEvent::EngineFailed(error) => {
                self.frame("engine_error", &ErrorBody::of_engine(error))
            }
        }
    }
}

/// A stream for one new watcher of `slot`: the current view, then every event, with heartbeats.
///
/// A task forwards the game's broadcast to this watcher; it ends when the client goes away (the
/// body is dropped), the game is forgotten or `stopping` is cancelled (the server is stopping:
/// the response then ends, and a client such as `EventSource` reconnects to the next server).
/// It holds the game only weakly, and gives up on a watcher that takes no frame for `stall`.
pub fn event_stream(
    slot: &Arc<GameSlot>,
    encoding: Encoding,
    stopping: CancellationToken,
    permit: WatcherPermit,
    stall: Duration,
) -> ChannelBody {
    let pace = Pace {
        heartbeat: HEARTBEAT,
        stall,
        encoding,
    };
    ChannelBody::new(spawn_watcher(slot, pace, stopping), Some(permit))
}

/// A forwarder's timing and framing: a keep-alive after `heartbeat` of silence; give up after
/// `stall` without the watcher taking a frame.
#[derive(Debug, Clone, Copy)]
struct Pace {
    heartbeat: Duration,
    stall: Duration,
    encoding: Encoding,
}

/// Starts forwarding `slot`'s events to a new watcher; its frames come out of the receiver.
fn spawn_watcher(
    slot: &Arc<GameSlot>,
    pace: Pace,
    stopping: CancellationToken,
) -> mpsc::Receiver<Bytes> {
    let (view, events) = slot.watch();
    let (sender, frames) = mpsc::channel(BUFFERED);
    let slot = Arc::downgrade(slot);
    tokio::spawn(async move {
        // Dropping the forwarder drops its sender, which ends the body.
        tokio::select! {
            () = forward(slot, view, events, sender, pace) => {}
            () = stopping.cancelled() => {}
        }
    });
    frames
}

/// Sends `view`, then every event and a ping every heartbeat of silence, until the watcher or
/// the game is gone, or the watcher stalls.
async fn forward(
    slot: Weak<GameSlot>,
    view: Arc<GameView>,
    mut events: broadcast::Receiver<GameEvent>,
    sender: mpsc::Sender<Bytes>,
    pace: Pace,
) {
    let deliver = async |frame: Bytes| {
        // `Err` on either: the watcher left, or took nothing for `stall`.
        matches!(
            tokio::time::timeout(pace.stall, sender.send(frame)).await,
            Ok(Ok(()))
        )
    };
    let encoding = pace.encoding;
    if !deliver(encoding.frame("game", &view)).await {
        return;
    }
    let period = pace.heartbeat;
    let mut heartbeat = interval_at(Instant::now() + period, period);
    heartbeat.set_missed_tick_behavior(MissedTickBehavior::Delay);
    loop {
        let next = tokio::select! {
            event = events.recv() => match event {
                Ok(event) => encoding.encode(&event),
                // Too slow: skip what was missed and show the game as it is now.
                Err(broadcast::error::RecvError::Lagged(_)) => match slot.upgrade() {
                    Some(slot) => encoding.frame("game", &slot.view()),
                    None => return,
                },
                // The game was forgotten.
                Err(broadcast::error::RecvError::Closed) => return,
            },
            _ = heartbeat.tick() => encoding.keepalive(),
            () = sender.closed() => return,
        };
        if !deliver(next).await {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stores::MemoryStore;
    use crate::games::{GameState, Games, Level};
    use crate::token::TokenHash;
    use alphachess_engine::{Color, Game};

    fn slot() -> (Games, Arc<GameSlot>) {
        let games = Games::new(10, Duration::from_secs(60), 1 << 20, Arc::new(MemoryStore));
        let state = GameState::new(Game::default(), Color::White, Level::MAX);
        let slot = games.insert(state, TokenHash::of("t")).expect("room");
        (games, slot)
    }

    /// A watcher's SSE stream with a custom heartbeat (and a stall timeout longer than any test).
    fn watch(slot: &Arc<GameSlot>, period: Duration) -> mpsc::Receiver<Bytes> {
        watch_as(slot, period, Encoding::Sse)
    }

    fn watch_as(
        slot: &Arc<GameSlot>,
        period: Duration,
        encoding: Encoding,
    ) -> mpsc::Receiver<Bytes> {
        let pace = Pace {
            heartbeat: period,
            stall: Duration::from_secs(3600),
            encoding,
        };
        spawn_watcher(slot, pace, CancellationToken::new())
    }

    fn text(frame: &Bytes) -> &str {
        std::str::from_utf8(frame).expect("UTF-8")
    }

    #[tokio::test]
    async fn a_quiet_stream_sends_heartbeat_comments() {
        let (_games, slot) = slot();
        let mut frames = watch(&slot, Duration::from_millis(20));
        let first = frames.recv().await.expect("the view");
        assert!(text(&first).starts_with("event: game\n"));
        for _ in 0..2 {
            assert_eq!(frames.recv().await.expect("a ping"), PING);
        }
    }

    #[tokio::test]
    async fn a_watcher_that_does_not_read_never_blocks_the_game_and_then_skips_to_the_present() {
        let (_games, slot) = slot();
        let mut frames = watch(&slot, HEARTBEAT);
        // Far more changes than the watcher's buffer and the channel hold, none read.
        for ply in 0..100 {
            let text = if ply % 2 == 0 { "Nf3" } else { "Ng1" };
            slot.change_for_test(|state| {
                state.play_player_move(&text.parse().expect("notation"), None)?;
                Ok(())
            })
            .ok();
            slot.change_for_test(|state| {
                if let Some(turn) = state.begin_engine_turn(false) {
                    let reply = if ply % 2 == 0 { "g8f6" } else { "f6g8" };
                    let uci: alphachess_engine::UciMove = reply.parse().expect("UCI");
                    let m = uci.to_move(state.game().position()).expect("legal");
                    state.apply_engine_reply(turn.version, m)?;
                }
                Ok(())
            })
            .ok();
        }
        let now = serde_json::to_string(&*slot.view()).expect("JSON");
        let mut last = Bytes::new();
        while let Ok(Some(frame)) =
            tokio::time::timeout(Duration::from_millis(200), frames.recv()).await
        {
            last = frame;
        }
        assert_eq!(text(&last), format!("event: game\ndata: {now}\n\n"));
    }

    #[tokio::test]
    async fn the_stream_ends_when_the_game_is_forgotten() {
        let (games, slot) = slot();
        let mut frames = watch(&slot, HEARTBEAT);
        frames.recv().await.expect("the view");
        games.remove(slot.id());
        drop(slot);
        assert_eq!(frames.recv().await, None);
    }

    #[tokio::test]
    async fn every_stream_ends_when_the_server_stops() {
        let (_games, slot) = slot();
        let stopping = CancellationToken::new();
        let mut watchers: Vec<_> = (0..3)
            .map(|_| {
                let pace = Pace {
                    heartbeat: HEARTBEAT,
                    stall: HEARTBEAT,
                    encoding: Encoding::Sse,
                };
                spawn_watcher(&slot, pace, stopping.clone())
            })
            .collect();
        for frames in &mut watchers {
            frames.recv().await.expect("the view");
        }
        stopping.cancel();
        for frames in &mut watchers {
            assert_eq!(frames.recv().await, None, "the body ends");
        }
        // The game itself goes on.
        assert!(slot
            .change_for_test(|state| state.play_player_move(&"e4".parse().expect("notation"), None))
            .is_ok());
    }

    #[tokio::test]
    async fn a_watcher_that_stops_reading_is_given_up_after_the_stall_timeout() {
        let (_games, slot) = slot();
        let pace = Pace {
            heartbeat: Duration::from_millis(5),
            stall: Duration::from_millis(100),
            encoding: Encoding::Sse,
        };
        let mut frames = spawn_watcher(&slot, pace, CancellationToken::new());
        // Read nothing: the heartbeats fill the watcher's buffer and the forwarder waits.
        tokio::time::sleep(Duration::from_millis(400)).await;
        let mut read = 0;
        let ended = tokio::time::timeout(Duration::from_secs(5), async {
            while frames.recv().await.is_some() {
                read += 1;
            }
        })
        .await;
        assert!(ended.is_ok(), "the stream ended instead of going on");
        assert!(read <= BUFFERED + 1, "only what was buffered: {read}");
    }

    #[test]
    fn a_frame_is_an_event_name_and_one_line_of_json() {
        let data = serde_json::json!({"a": "two\nlines"});
        assert_eq!(
            Encoding::Sse.frame("thinking", &data),
            Bytes::from_static(b"event: thinking\ndata: {\"a\":\"two\\nlines\"}\n\n")
        );
    }

    #[test]
    fn an_ndjson_frame_is_one_line_of_json_naming_its_event() {
        let data = serde_json::json!({"a": "two\nlines"});
        let line = Encoding::Ndjson.frame("thinking", &data);
        assert_eq!(
            line,
            Bytes::from_static(b"{\"event\":\"thinking\",\"data\":{\"a\":\"two\\nlines\"}}\n")
        );
        let parsed: serde_json::Value =
            serde_json::from_str(text(&line).trim_end()).expect("one JSON object");
        assert_eq!(parsed["event"], "thinking");
        assert_eq!(parsed["data"], data);
        let keepalive: serde_json::Value =
            serde_json::from_slice(&Encoding::Ndjson.keepalive()).expect("one JSON object");
        assert_eq!(keepalive, serde_json::json!({"event": "keepalive"}));
    }

    #[tokio::test]
    async fn a_quiet_ndjson_stream_sends_keepalive_lines() {
        let (_games, slot) = slot();
        let mut frames = watch_as(&slot, Duration::from_millis(20), Encoding::Ndjson);
        let first = frames.recv().await.expect("the view");
        let first: serde_json::Value =
            serde_json::from_str(text(&first).trim_end()).expect("one JSON line");
        assert_eq!(first["event"], "game");
        assert_eq!(first["data"]["ply"], 0);
        for _ in 0..2 {
            let line = frames.recv().await.expect("a keep-alive");
            assert_eq!(text(&line), "{\"event\":\"keepalive\"}\n");
        }
    }

    #[test]
    fn the_accept_header_picks_ndjson_only_when_it_comes_first() {
        for (accept, encoding) in [
            (None, Encoding::Sse),
            (Some("*/*"), Encoding::Sse),
            (Some("text/event-stream"), Encoding::Sse),
            (Some("application/x-ndjson"), Encoding::Ndjson),
            (
                Some("Application/X-NDJSON; charset=utf-8"),
                Encoding::Ndjson,
            ),
            (
                Some("application/json, application/x-ndjson"),
                Encoding::Ndjson,
            ),
            (
                Some("text/event-stream, application/x-ndjson"),
                Encoding::Sse,
            ),
            (
                Some("application/x-ndjson, text/event-stream"),
                Encoding::Ndjson,
            ),
            (
                Some("application/x-ndjson;q=0, text/event-stream"),
                Encoding::Sse,
            ),
        ] {
            assert_eq!(Encoding::from_accept(accept), encoding, "{accept:?}");
        }
    }

    #[test]
    fn an_engine_failure_is_framed_as_the_error_body_the_waiting_call_answers() {
        let event = GameEvent::EngineFailed(Arc::new(crate::uci::EngineError::Timeout));
        let line = Encoding::Ndjson.encode(&event);
        let parsed: serde_json::Value =
            serde_json::from_str(text(&line).trim_end()).expect("one JSON line");
        assert_eq!(parsed["event"], "engine_error");
        assert_eq!(parsed["data"]["error"], "engine_timeout");
        assert!(parsed["data"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()));
        let frame = Encoding::Sse.encode(&event);
        assert!(
            text(&frame).starts_with("event: engine_error\ndata: {\"error\":\"engine_timeout\"")
        );
    }
}
