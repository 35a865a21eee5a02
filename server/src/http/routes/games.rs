//! `POST /api/games` and `GET /api/games/{id}`.

use std::sync::Arc;

use actix_web::http::header::{ContentType, ETag, EntityTag, IfNoneMatch};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use alphachess_engine::Game;

use super::game_id::GamePath;
use crate::games::views::GameView;
use crate::games::{
    chess960_start, import_pgn, in_chess960, parse_fen, ColorChoice, GameService, Level, NewGame,
    TimeControl, Variant,
};
use crate::http::error::{api_errors, ApiError};
use crate::http::lichess::optional_key;
use crate::http::limits::{ClientIp, Limits};

/// Body of `POST /api/games`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateGameRequest {
    /// The player's colour: `white`, `black` or `random`.
    #[schema(example = "white")]
    pub color: String,
    /// A step of the ladder (`GET /api/levels`): 1 (a true beginner) to 21 (full strength, the
    /// default).
    #[schema(example = 21, minimum = 1, maximum = 21)]
    pub level: Option<i64>,
    /// `standard` (the default) or `chess960`. A Chess960 game starts from setup `position`, a
    /// random setup, or `fen`/`pgn` (whose castling is then read as Chess960); a FEN or PGN whose
    /// castling needs Chess960 (X-FEN/Shredder-FEN rook files, `[Variant "Chess960"]`) makes a
    /// Chess960 game without it.
    #[schema(example = "chess960")]
    pub variant: Option<String>,
    /// Chess960 only: the setup number, 0 to 959 (Scharnagl's numbering, 518 is the standard
    /// setup); absent: a random one.
    #[schema(example = 518, minimum = 0, maximum = 959)]
    pub position: Option<i64>,
    /// Start from this position instead of the initial one.
    pub fen: Option<String>,
    /// Continue this game (its first game, main line) instead. A game already over on the board
    /// (checkmate, stalemate, ...) is created finished, for review: its view names the PGN's
    /// `White`/`Black` players in `players`, and it is nobody's win or loss.
    pub pgn: Option<String>,
    /// Play on the clock; absent or null: untimed.
    #[schema(value_type = Option<TimeControlRequest>)]
    pub clock: Option<TimeControlRequest>,
}

/// A time control: each side's starting time and the time added after each move.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[schema(as = TimeControl)]
pub struct TimeControlRequest {
    /// 0 to 10800 (three hours).
    #[schema(example = 180, minimum = 0, maximum = 10800)]
    pub limit_secs: i64,
    /// 0 to 60; not 0 when `limit_secs` is 0.
    #[schema(example = 2, minimum = 0, maximum = 60)]
    pub increment_secs: i64,
}

/// Answer of `POST /api/games`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedGame {
    pub id: String,
    /// The game's secret: send it as `Authorization: Bearer <token>` on every write.
    pub token: String,
    #[schema(value_type = GameView)]
    pub game: Arc<GameView>,
}

api_errors!(
    CreateGameErrors:
    MalformedJson,
    InvalidRequest = "a field out of range, or an Authorization header that is not a usable key",
    WeakKey = "the Authorization header's key is too weak to create a game under",
    InvalidFen, InvalidPgn, RequestTimeout, PayloadTooLarge,
    TooManyRequests = "this client's new games per minute or engine requests in progress",
    EngineFailed, EngineBusy, TooManyGames, StorageBusy, EngineTimeout,
);

/// Starts a game against the engine (which moves first if it has white). Sent with
/// `Authorization: Bearer <key>` (a player's key, as the lichess Board API takes it), the game
/// is created under the key: its token is the key, `GET /api/v1/account/games` lists it, and a
/// rated game counts for the key's rating (`GET /api/account`'s `perfs`).
#[utoipa::path(tag = "games",
    request_body = CreateGameRequest,
    security((), ("bearer" = [])),
    responses(
        (status = 201, body = CreatedGame, description = "the game, with the engine's first move if it has it"),
        CreateGameErrors,
    ))]
#[post("/games")]
pub async fn create(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    client: ClientIp,
    request: HttpRequest,
    body: web::Json<CreateGameRequest>,
) -> Result<HttpResponse, ApiError> {
    let key =
        optional_key(&request).map_err(|error| ApiError::InvalidRequest(error.to_string()))?;
    // A key's first game is where it starts owning things: refused here, a weak key never does.
    if let Some(key) = &key {
        key.check_strength()?;
    }
    // A request refused for the client's searches in progress spends none of its new games.
    let search = limits.search(client)?;
    limits.create_game(client)?;
    let new = NewGame::try_from(body.into_inner())?;
    // Under a player's key the key is the game's token (as for lichess games): "My games" on
    // any device finds it, and a rated game counts for the key's rating.
    if let Some(key) = key {
        let game = service
            .create_owned(new, &key.hash(), Some(client.key()), search)
            .await?;
        return Ok(HttpResponse::Created().json(CreatedGame {
            id: game.id.clone(),
            token: key.as_str().to_owned(),
            game,
        }));
    }
    let created = service.create(new, Some(client.key()), search).await?;
    Ok(HttpResponse::Created().json(CreatedGame {
        id: created.game.id.clone(),
        token: created.token.expose().to_owned(),
        game: created.game,
    }))
}

api_errors!(
    ShowGameErrors:
    GameNotFound, GameQuarantined,
);

/// A game as it stands (no token needed). The answer carries a weak `ETag` that names the view
/// (the readings of a running clock aside, which a frontend counts down itself); sent back in
/// `If-None-Match`, it gets 304 with no body while the game has not changed.
#[utoipa::path(tag = "games",
    params(
        ("id" = String, Path, description = "game id"),
        ("If-None-Match" = Option<String>, Header, description = "the `ETag` of a view already held: 304 while it is current"),
    ),
    responses(
        (status = 200, body = GameView, headers(("ETag" = String, description = "names this view (weak)"))),
        (status = 304, description = "the view named in `If-None-Match` is current", headers(("ETag" = String))),
        ShowGameErrors,
    ))]
#[get("/games/{id}")]
pub async fn show(
    service: web::Data<GameService>,
    GamePath(id): GamePath,
    held: Option<web::Header<IfNoneMatch>>,
) -> Result<HttpResponse, ApiError> {
    let view = service.view(&id).await?;
    let tag = EntityTag::new_weak(view.tag.to_string());
    let current = match held.map(web::Header::into_inner) {
        Some(IfNoneMatch::Any) => true,
        Some(IfNoneMatch::Items(tags)) => tags.iter().any(|held| held.weak_eq(&tag)),
        None => false,
    };
    if current {
        return Ok(HttpResponse::NotModified()
            .insert_header(ETag(tag))
            .finish());
    }
    Ok(HttpResponse::Ok()
        .insert_header(ETag(tag))
        .content_type(ContentType::json())
        .body(view.body))
}

/// The request's fields, checked and read into the domain's types (400 `invalid_request`,
/// `invalid_fen` or `invalid_pgn` otherwise).
impl TryFrom<CreateGameRequest> for NewGame {
    type Error = ApiError;

    fn try_from(request: CreateGameRequest) -> Result<NewGame, ApiError> {
        let color = ColorChoice::parse(&request.color).ok_or_else(|| {
            ApiError::InvalidRequest("color must be \"white\", \"black\" or \"random\"".into())
        })?;
        let level = match request.level {
            None => Level::MAX,
            Some(n) => Level::new(n).ok_or_else(|| {
                ApiError::InvalidRequest(format!(
                    "level must be between 1 and {}",
                    Level::MAX.get()
                ))
            })?,
        };
        let variant = match request.variant.as_deref() {
            None => Variant::Standard,
            Some(text) => Variant::parse(text).ok_or_else(|| {
                ApiError::InvalidRequest("variant must be \"standard\" or \"chess960\"".into())
            })?,
        };
        if request.position.is_some()
            && (variant != Variant::Chess960 || request.fen.is_some() || request.pgn.is_some())
        {
            return Err(ApiError::InvalidRequest(
                "position is a Chess960 setup number: give it with variant \"chess960\" and without fen or pgn".into(),
            ));
        }
        let (game, players) = match (request.fen, request.pgn) {
            (Some(_), Some(_)) => {
                return Err(ApiError::InvalidRequest(
                    "give either fen or pgn, not both".into(),
                ))
            }
            (Some(fen), None) => (Game::new(parse_fen(&fen)?), None),
            (None, Some(pgn)) => {
                let imported = import_pgn(&pgn)?;
                (imported.game, imported.players)
            }
            (None, None) if variant == Variant::Chess960 => {
                (Game::new(chess960_start(request.position)?), None)
            }
            (None, None) => (Game::default(), None),
        };
        let game = match variant {
            Variant::Chess960 if !game.initial_position().is_chess960() => in_chess960(&game)?,
            _ => game,
        };
        let clock = request
            .clock
            .map(|clock| TimeControl::from_secs(clock.limit_secs, clock.increment_secs))
            .transpose()
            .map_err(|error| ApiError::InvalidRequest(error.to_string()))?;
        Ok(NewGame {
            color,
            level,
            game,
            clock,
            players,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{ColorChoice, Level};

    /// The request a client would send with these fields.
    fn parse(
        color: &str,
        level: Option<i64>,
        fen: Option<&str>,
        pgn: Option<&str>,
    ) -> Result<NewGame, ApiError> {
        NewGame::try_from(CreateGameRequest {
            color: color.to_owned(),
            level,
            fen: fen.map(str::to_owned),
            pgn: pgn.map(str::to_owned),
            clock: None,
            variant: None,
            position: None,
        })
    }

    fn code(result: Result<NewGame, ApiError>) -> &'static str {
        result.err().map(|e| e.code().as_str()).unwrap_or("ok")
    }

    #[test]
    fn the_defaults_are_the_initial_position_at_full_strength() {
        let new = parse("white", None, None, None).expect("valid");
        assert_eq!(new.level, Level::MAX);
        assert_eq!(new.game.ply(), 0);
        assert_eq!(new.color, ColorChoice::White);
    }

    #[test]
    fn out_of_range_fields_are_invalid_requests() {
        assert_eq!(code(parse("purple", None, None, None)), "invalid_request");
        assert_eq!(code(parse("white", Some(0), None, None)), "invalid_request");
        assert_eq!(
            code(parse("white", Some(22), None, None)),
            "invalid_request"
        );
        assert_eq!(
            code(parse(
                "white",
                None,
                Some("8/8/8/8/8/8/8/8 w - - 0 1"),
                Some("1. e4 *")
            )),
            "invalid_request"
        );
    }

    #[test]
    fn a_clock_out_of_range_or_of_no_time_at_all_is_an_invalid_request() {
        let with_clock = |limit_secs, increment_secs| {
            NewGame::try_from(CreateGameRequest {
                color: "white".into(),
                level: None,
                fen: None,
                pgn: None,
                variant: None,
                position: None,
                clock: Some(TimeControlRequest {
                    limit_secs,
                    increment_secs,
                }),
            })
        };
        for (limit, increment) in [(0, 0), (10_801, 0), (-1, 2), (60, 61), (60, -1)] {
            assert_eq!(
                code(with_clock(limit, increment)),
                "invalid_request",
                "{limit}+{increment}"
            );
        }
        for (limit, increment) in [(0, 1), (10_800, 60), (180, 0)] {
            let new = with_clock(limit, increment).expect("in range");
            assert!(new.clock.is_some());
        }
    }

    #[test]
    fn injected_uci_commands_in_a_fen_are_refused() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\ngo infinite",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nsetoption name Debug Log File value /tmp/x",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - go infinite",
            "8/8/8/8/8/8/8/8 w - - 0 1",
        ] {
            assert_eq!(code(parse("white", None, Some(fen), None)), "invalid_fen", "{fen:?}");
        }
    }

    #[test]
    fn a_pgn_is_continued_from_its_last_position() {
        let new = parse("black", None, None, Some("1. e4 e5 2. Nf3 1-0")).expect("valid");
        assert_eq!(new.game.ply(), 3);
        assert_eq!(
            new.game.outcome(),
            None,
            "a result token alone does not end the game"
        );
    }

    #[test]
    fn a_pgn_that_played_on_past_a_threefold_repetition_is_imported_whole() {
        let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 e5 *";
        let new = parse("white", None, None, Some(shuffle)).expect("valid");
        assert_eq!(new.game.ply(), 10);
        assert_eq!(new.game.outcome(), None);
    }

    #[test]
    fn a_pgn_ending_on_a_threefold_repetition_leaves_the_draw_to_claim() {
        let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *";
        let new = parse("white", None, None, Some(shuffle)).expect("valid");
        assert_eq!(new.game.outcome(), None, "over the board, it is a claim");
        assert_eq!(
            new.game.claimable_draw(),
            Some(alphachess_engine::DrawReason::ThreefoldRepetition)
        );
    }

    #[test]
    fn only_a_finished_pgn_keeps_its_players() {
        let mate = "[White \"Anna\"]\n[Black \"?\"]\n\n1. f3 e5 2. g4 Qh4# 0-1";
        let new = parse("white", None, None, Some(mate)).expect("valid");
        let players = new
            .players
            .expect("a finished PGN is the PGN's players' game");
        assert_eq!(players.name(alphachess_engine::Color::White), Some("Anna"));
        assert_eq!(players.name(alphachess_engine::Color::Black), None);
        let open = "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. f3 e5 2. g4 0-1";
        let new = parse("white", None, None, Some(open)).expect("valid");
        assert_eq!(
            new.players, None,
            "the player continues it against the engine"
        );
        assert_eq!(
            parse("white", None, None, None).expect("valid").players,
            None
        );
    }

    #[test]
    fn a_pgn_with_an_illegal_move_is_invalid() {
        assert_eq!(
            code(parse("white", None, None, Some("1. e4 e5 2. Ke3 *"))),
            "invalid_pgn"
        );
    }
}
