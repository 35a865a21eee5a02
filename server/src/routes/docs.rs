//! The OpenAPI document, generated from the handlers' annotations, and its offline docs page.

use actix_web::{web, HttpResponse};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_swagger_ui::SwaggerUi;

use super::{actions, events, export, games, health, moves};
use crate::error::{ErrorBody, ErrorCode};
use crate::games::{
    ColorName, GameView, Hint, LegalMoveView, MoveView, Reason, ScoreView, Status, Thinking,
};

/// The API description served at `/api/openapi.json`.
#[derive(OpenApi)]
#[openapi(
    info(title = "AlphaChess API", description = "Play Stockfish: games, moves validated by the alphachess engine crate, PGN, hints, and a live Server-Sent Events stream of each game and the engine's search (`GET /api/games/{id}/events`)."),
    paths(
        games::create, games::show, moves::play, actions::take_back, actions::resign,
        export::pgn, export::hint, events::stream, health::health, health::ready
    ),
    components(schemas(
        games::CreateGameRequest, games::CreatedGame, moves::MoveRequest, GameView, MoveView,
        LegalMoveView, ColorName, Status, Reason, Hint, ErrorBody, ErrorCode, health::StatusBody, Thinking,
        ScoreView
    )),
    modifiers(&BearerAuth),
    tags((name = "games"), (name = "health"))
)]
pub struct ApiDoc;

/// Declares the `bearer` scheme the write endpoints use.
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
        );
    }
}

/// Swagger UI (assets vendored into the binary) at `/api/docs/`, reading `/api/openapi.json`.
pub fn swagger_ui() -> SwaggerUi {
    SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", ApiDoc::openapi())
}

/// `/api/docs` → `/api/docs/`.
pub async fn docs_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header(("Location", "/api/docs/"))
        .finish()
}

/// Registers the docs routes.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(swagger_ui())
        .route("/api/docs", web::get().to(docs_redirect));
}
