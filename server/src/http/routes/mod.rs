//! HTTP handlers, one resource per file; each reads as a short list of `?` lines.
//!
//! [`api_routes`] is the route table, and the only one: each handler's own attribute
//! (`#[post("/games")]`) gives its method and path, and registering it here both serves it and
//! puts it in the OpenAPI document (utoipa-actix-web), which the client's types come from.

use actix_web::web;
use utoipa::openapi::OpenApi;
use utoipa_actix_web::service_config::ServiceConfig;

pub mod actions;
pub mod analysis;
pub mod client;
pub mod docs;
pub mod endings;
pub mod events;
pub mod examples;
pub mod explore;
pub mod export;
pub mod fallback;
pub mod game_id;
pub mod games;
pub mod health;
pub mod human_moves;
pub mod levels;
pub mod moves;
pub mod positions;
pub mod practice;
pub mod reply_mode;
pub mod retry;
pub mod summaries;
pub mod trees;

/// Every API handler, relative to `/api`.
pub fn api_routes(cfg: &mut ServiceConfig<'_>) {
    cfg.service(games::create)
        .service(summaries::list)
        .service(positions::preview)
        .service(games::show)
        .service(moves::play)
        .service(actions::take_back)
        .service(actions::resign)
        .service(endings::offer_draw)
        .service(endings::claim_draw)
        .service(endings::abort)
        .service(export::pgn)
        .service(events::stream)
        .service(export::hint)
        .service(health::health)
        .service(health::ready)
        .service(levels::levels)
        .service(levels::rate)
        .service(analysis::request_analysis)
        .service(analysis::show_analysis)
        .service(crate::http::lichess::account::games)
        .service(crate::http::lichess::account::estimate)
        .service(explore::explore)
        // Issue #37: what players of a rating band would play (Maia).
        .service(human_moves::human_moves)
        // Issue #25: retry your own mistakes.
        .service(retry::retry_list)
        .service(retry::retry_try)
        .service(retry::retry_reveal)
        // Issue #41: a deck of the player's own mistakes, by spaced repetition.
        .service(practice::deck)
        .service(practice::try_card)
        .service(practice::reveal)
        // Issue #26: positions' moves and move trees.
        .service(positions::position_moves)
        .service(trees::read_tree)
        .service(trees::tree_pgn)
        .service(trees::show_tree)
        .service(trees::keep_tree);
}

/// Serves [`api_routes`] under `/api`; any other request there gets a JSON 405 (a documented
/// path, another method) or 404.
pub fn configure_api(cfg: &mut web::ServiceConfig, document: &OpenApi) {
    cfg.service(
        utoipa_actix_web::scope("/api")
            .configure(api_routes)
            .default_service(fallback::api_fallback(document)),
    );
}
