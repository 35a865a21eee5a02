//! The OpenAPI document, generated from the handlers' annotations, and its offline docs page.

use actix_web::{web, HttpResponse};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::OpenApiFactory;
use utoipa_swagger_ui::SwaggerUi;

use super::{api_routes, games, health, moves};
use crate::analysis::AnalysisEvent;
use crate::error::{ErrorBody, ErrorCode};
use crate::games::{
    ColorName, GameView, Hint, LegalMoveView, MoveView, Reason, ScoreView, Status, Thinking,
};

/// What the API document says besides its paths (those come from [`api_routes`]).
#[derive(OpenApi)]
#[openapi(
    info(title = "AlphaChess API", description = "Play Stockfish: games, moves validated by the alphachess engine crate, PGN, hints, and a live Server-Sent Events stream of each game and the engine's search (`GET /api/games/{id}/events`)."),
    components(schemas(
        games::CreateGameRequest, games::CreatedGame, moves::MoveRequest, GameView, MoveView,
        LegalMoveView, ColorName, Status, Reason, Hint, ErrorBody, ErrorCode, health::StatusBody, Thinking,
        ScoreView, AnalysisEvent
    )),
    modifiers(&BearerAuth),
    tags((name = "games"), (name = "health"))
)]
pub struct ApiDoc;

/// The API description served at `/api/openapi.json`: [`ApiDoc`] and every route registered by
/// [`api_routes`].
pub fn openapi() -> utoipa::openapi::OpenApi {
    let api = utoipa_actix_web::scope("/api").configure(api_routes);
    let mut document = ApiDoc::openapi();
    document.paths.merge(api.paths());
    let mut schemas = Vec::new();
    api.schemas(&mut schemas);
    document
        .components
        .get_or_insert_with(Default::default)
        .schemas
        .extend(schemas);
    document
}

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
pub fn swagger_ui(document: utoipa::openapi::OpenApi) -> SwaggerUi {
    SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", document)
}

/// `/api/docs` → `/api/docs/`.
pub async fn docs_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header(("Location", "/api/docs/"))
        .finish()
}

/// Registers the docs routes, serving `document`.
pub fn configure(cfg: &mut web::ServiceConfig, document: utoipa::openapi::OpenApi) {
    cfg.service(swagger_ui(document))
        .route("/api/docs", web::get().to(docs_redirect));
}
