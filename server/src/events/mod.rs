//! The live stream of a game: every state change and the engine's search progress, fanned out to
//! any number of Server-Sent Events watchers.
//!
//! Each game owns a [`GameEvents`] (a bounded broadcast channel). [`crate::games::GameSlot::update`]
//! publishes the new view after every change; the engine worker publishes [`Thinking`] through a
//! [`crate::uci::ProgressSink`] built by [`thinking_sink`]. Publishing never waits: a watcher that
//! falls behind skips to the current view, and one that leaves costs nothing.

mod channel;
mod sse;
mod thinking;

pub use channel::{GameEvent, GameEvents};
pub use sse::{event_stream, SseBody, HEARTBEAT};
pub use thinking::{thinking_sink, ScoreView, Thinking, THINKING_INTERVAL};
