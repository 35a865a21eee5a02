//! The lichess Board API, as far as a game against the computer goes: the paths, fields and
//! stream framing that lichess clients (berserk, board bridges, terminal clients) already speak,
//! mapped onto the game services ([`crate::games::GameService`], [`crate::games::RatingService`]) — no second game engine, no rule here.
//!
//! Identity without accounts: the caller's bearer token is their key ([`key`]); a game created
//! with `POST /api/challenge/ai` belongs to it (the key is the game's token, stored hashed).
//! Field names follow lichess's published OpenAPI description (lichess-org/api,
//! `doc/specs/schemas/`), see [`wire`]; what is left out is listed in the README.

pub mod account;
mod board;
mod challenge;
mod error;
mod event_stream;
mod game_stream;
pub mod key;
mod stream_body;
pub mod wire;

use actix_web::web;

pub use error::{LichessError, LichessErrorBody};
pub use key::{optional_key, PlayerKey, KEY_ALPHABET, MIN_KEY_LEN};

/// The lichess paths (but `GET /api/account/games`, ours, which [`crate::http::routes::api_routes`]
/// serves and documents), registered before the `/api` scope so its JSON fallback does not take them.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/challenge/ai", web::post().to(challenge::challenge_ai))
        .route(
            "/api/board/game/stream/{id}",
            web::get().to(game_stream::stream),
        )
        .route(
            "/api/board/game/{id}/move/{uci}",
            web::post().to(board::play),
        )
        .route(
            "/api/board/game/{id}/takeback/{answer}",
            web::post().to(board::take_back),
        )
        .route(
            "/api/board/game/{id}/draw/{answer}",
            web::post().to(board::draw),
        )
        .route("/api/board/game/{id}/resign", web::post().to(board::resign))
        .route("/api/board/game/{id}/abort", web::post().to(board::abort))
        .route("/api/stream/event", web::get().to(event_stream::stream))
        .route("/api/account", web::get().to(account::show));
}
