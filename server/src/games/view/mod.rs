//! What the API shows of a game (its view, summary, preview, the engine's thinking) and the
//! caches of views, PGNs and tree views serialized once per change. Imports only the model;
//! the OpenAPI schemas of the domain live here.

pub mod board_position;
pub mod color_name;
pub mod export_cache;
pub mod game_view;
pub mod hint;
pub mod preview;
pub mod retry;
pub mod review_status;
pub mod schemas;
pub mod step_view;
pub mod summary;
pub mod thinking;
pub mod tree_view;
pub mod view_cache;
