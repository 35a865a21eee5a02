//! `GET /api/account`: who the key is, enough for clients that ask before they play; and
//! `GET /api/v1/account/games`: the key's games, for our own client on any device.

use actix_web::{get, put, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::error::{LichessError, LichessErrorBody};
use super::key::PlayerKey;
use crate::games::ladder::{measured, Glicko2, KeyRating};
use crate::games::views::GameSummaries;
use crate::games::{GameId, GameService, Level, RatingService};
use crate::http::error::ApiError;

/// The part of lichess's `UserExtended.yaml` a key can answer: its required fields (`id`,
/// `username`, `url`), `title`, and `perfs`: the key's rating.
#[derive(Debug, Serialize)]
pub struct Account {
    pub id: String,
    pub username: String,
    pub title: Option<String>,
    /// Where the key's games are listed.
    pub url: String,
    pub perfs: Perfs,
}

/// lichess's `Perfs.yaml`, with the one perf a key has here. Every rated game counts for one
/// rating whatever its clock (one player, one rating), named `correspondence`: the perf
/// lichess gives our default game, untimed and against the computer (`wire.rs`, `speed_of`),
/// and the one whose games, like ours, have no time pressure by default.
#[derive(Debug, Serialize, ToSchema)]
pub struct Perfs {
    pub correspondence: Perf,
}

/// lichess's `Perf.yaml`: the Glicko-2 rating the server kept from the key's rated games.
#[derive(Debug, Serialize, ToSchema)]
pub struct Perf {
    /// Rated games counted.
    #[schema(example = 3)]
    pub games: u32,
    /// The rating, rounded (1500 with no rated game).
    #[schema(example = 1432)]
    pub rating: i64,
    /// Its deviation (RD), rounded (350 with no rated game).
    #[schema(example = 180)]
    pub rd: i64,
    /// How much the last rated game moved the rating (lichess: over the last twelve games).
    #[schema(example = -12)]
    pub prog: i32,
    /// Provisional: the deviation is still above 110, as lichess marks it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub prov: bool,
}

/// lichess's threshold for a provisional rating.
const PROVISIONAL_RD: f64 = 110.0;

impl Perf {
    /// The perf for `rating`.
    pub fn of(rating: &KeyRating) -> Perf {
        Perf {
            games: rating.games,
            rating: rating.rating.rating.round() as i64,
            rd: rating.rating.deviation.round() as i64,
            prog: rating.prog,
            prov: rating.rating.deviation > PROVISIONAL_RD,
        }
    }
}

/// `GET /api/account`.
pub async fn show(
    request: HttpRequest,
    ratings: web::Data<RatingService>,
    key: PlayerKey,
) -> Result<HttpResponse, LichessError> {
    let rating = ratings.rating(key.as_str()).await?;
    let info = request.connection_info();
    let id = key.player_id();
    Ok(HttpResponse::Ok().json(Account {
        username: id.clone(),
        id,
        title: None,
        url: format!("{}://{}/api/v1/account/games", info.scheme(), info.host()),
        perfs: Perfs {
            correspondence: Perf::of(&rating),
        },
    }))
}

/// The summaries of the games of the key given as the bearer token (a player's key, as the
/// lichess Board API takes it: the token of every game created with it), as `GET /api/games?ids=`
/// answers them: how our client finds a key's games on any device.
#[utoipa::path(tag = "lichess", operation_id = "account_games",
    security(("bearer" = [])),
    responses(
        (status = 200, body = GameSummaries, description = "the key's games this server holds (at most 1000)"),
        (status = 401, body = LichessErrorBody, description = "no key, or one that is not a usable key (lichess's error form: one sentence, no code)"),
        (status = 500, body = LichessErrorBody, description = "the game store failed (logged with its cause, never shown)"),
    ))]
#[get("/account/games")]
pub async fn games(
    service: web::Data<GameService>,
    key: PlayerKey,
) -> Result<web::Json<GameSummaries>, LichessError> {
    let ids: Vec<GameId> = service
        .owned(key.as_str())
        .await?
        .iter()
        .map(|slot| slot.id().clone())
        .collect();
    Ok(web::Json(service.summaries(&ids).await))
}

/// How much the player has played, as the first visit asks it (issue #38).
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Experience {
    New,
    Little,
    Club,
    Strong,
}

impl Experience {
    /// The ladder step the client starts such a player at (`experience.ts`): 1, 4, 9, 14.
    fn step(self) -> Level {
        let n = match self {
            Experience::New => 1,
            Experience::Little => 4,
            Experience::Club => 9,
            Experience::Strong => 14,
        };
        Level::new(n).expect("steps 1, 4, 9 and 14 exist on the 21-step ladder")
    }

    /// The starting rating: that step's measured rating, with a new player's high deviation
    /// (350, as lichess starts everyone), so the first rated games still move it quickly.
    fn start(self) -> Glicko2 {
        Glicko2 {
            rating: f64::from(measured(self.step()).rating),
            ..Glicko2::default()
        }
    }
}

/// The body of `PUT /api/v1/account/estimate`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Estimate {
    pub experience: Experience,
}

/// Starts the key's rating from the first visit's estimate: the rating of the step matching how
/// much the player has played, at a deviation of 350. Only while the key has counted no rated
/// game: after that the games speak, and a new estimate changes nothing (the answer says so).
#[utoipa::path(tag = "lichess", operation_id = "account_estimate",
    security(("bearer" = [])),
    request_body = Estimate,
    responses(
        (status = 200, body = Perf, description = "the key's rating after the estimate (unchanged once it has rated games)"),
        (status = 400, body = LichessErrorBody, description = "the key is too weak to start a rating under (under 128 bits by the server's estimate, or a pattern)"),
        (status = 401, body = LichessErrorBody, description = "no key, or one that is not a usable key (lichess's error form: one sentence, no code)"),
        (status = 500, body = LichessErrorBody, description = "the game store failed (logged with its cause, never shown)"),
    ))]
#[put("/account/estimate")]
pub async fn estimate(
    ratings: web::Data<RatingService>,
    key: PlayerKey,
    body: web::Json<Estimate>,
) -> Result<web::Json<Perf>, LichessError> {
    key.check_strength().map_err(ApiError::from)?;
    let rating = ratings
        .estimate(key.as_str(), &body.experience.start())
        .await?;
    Ok(web::Json(Perf::of(&rating)))
}
