//! Games being played now: the registry of loaded games and their slots, their event streams,
//! the engine's thinking as it searches, clocks that run out, post-game analyses in progress.
//! Built on the model, the store and the views.

pub mod analyses;
pub mod analysis_places;
pub mod creators;
pub mod events;
pub mod owners;
pub mod progress;
pub mod queue_place;
pub mod registry;
pub mod search_lock;
pub mod slot;
