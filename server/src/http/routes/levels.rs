//! `GET /api/levels` (the measured ladder) and `POST /api/rating` (the player's Glicko-2 rating
//! after a game, and the step to play next). The rating is kept by the clients (the browser's
//! storage, the CLI's config), where My games is kept; the server only computes it, so both
//! clients rate alike.

use actix_web::{get, post, web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::games::ladder::{ladder, measured, suggest, GameScore, Glicko2, Suggestion};
use crate::games::views::{Glicko2Schema, StepView, SuggestionSchema};
use crate::games::Level;
use crate::http::error::{ApiError, ErrorBody};

/// Every step of the ladder, weakest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct LevelsBody {
    /// What the ratings are measured against: an engine scale, not a human one.
    pub scale: String,
    /// How they were measured.
    pub method: String,
    pub levels: Vec<StepView>,
}

/// The ladder's steps with their measured ratings.
#[utoipa::path(tag = "levels",
    responses((status = 200, body = LevelsBody)))]
#[get("/levels")]
pub async fn levels() -> HttpResponse {
    HttpResponse::Ok().json(levels_body())
}

/// The body of `GET /api/levels`.
pub fn levels_body() -> LevelsBody {
    let table = ladder();
    LevelsBody {
        scale: table.scale.clone(),
        method: table.method.clone(),
        levels: Level::all().map(StepView::of).collect(),
    }
}

/// How a finished game went for the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameScoreName {
    Win,
    Draw,
    Loss,
}

/// A finished game against the computer.
#[derive(Debug, Deserialize, ToSchema)]
pub struct FinishedGame {
    /// The step played (the game's `level`).
    #[schema(example = 7)]
    pub level: i64,
    pub result: GameScoreName,
}

/// The player's rating so far (none: a new player, 1500 ± 350) and, optionally, a game to add.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RatingRequest {
    #[schema(value_type = Option<Glicko2Schema>)]
    pub rating: Option<Glicko2>,
    pub game: Option<FinishedGame>,
}

/// The player's rating, how to show it, and the step to play next.
#[derive(Debug, Serialize, ToSchema)]
pub struct RatingBody {
    /// Keep this and send it back with the next game.
    #[schema(value_type = Glicko2Schema)]
    pub rating: Glicko2,
    /// "about 1340 ± 120" (the deviation, rounded to tens).
    #[schema(example = "about 1500 ± 350")]
    pub shown: String,
    #[schema(value_type = SuggestionSchema)]
    pub next: Suggestion,
    /// "Next: 1450, a fair fight".
    #[schema(example = "Next: 1450, a fair fight")]
    pub next_shown: String,
}

/// Rates the player after a game against the computer (Glicko-2 against the step's measured
/// rating), or just suggests a step for the rating given.
#[utoipa::path(tag = "levels",
    request_body = RatingRequest,
    responses(
        (status = 200, body = RatingBody),
        (status = 400, body = ErrorBody, description = "invalid_request"),
    ))]
#[post("/rating")]
pub async fn rate(request: web::Json<RatingRequest>) -> Result<HttpResponse, ApiError> {
    let request = request.into_inner();
    let before = request.rating.unwrap_or_default();
    if !(before.rating.is_finite()
        && (0.0..=4000.0).contains(&before.rating)
        && (1.0..=350.0).contains(&before.deviation)
        && (0.0..=1.0).contains(&before.volatility))
    {
        return Err(ApiError::InvalidRequest(
            "rating must be 0..4000, deviation 1..350, volatility 0..1".into(),
        ));
    }
    let after = match request.game {
        None => before,
        Some(game) => {
            let level = Level::new(game.level).ok_or_else(|| {
                ApiError::InvalidRequest(format!(
                    "level must be between 1 and {}",
                    Level::MAX.get()
                ))
            })?;
            let row = measured(level);
            before.update(&[GameScore {
                opponent_rating: f64::from(row.rating),
                opponent_deviation: f64::from(row.high - row.low) / 3.92,
                score: match game.result {
                    GameScoreName::Win => 1.0,
                    GameScoreName::Draw => 0.5,
                    GameScoreName::Loss => 0.0,
                },
            }])
        }
    };
    Ok(HttpResponse::Ok().json(rating_body(after)))
}

/// The answer for `rating`.
pub fn rating_body(rating: Glicko2) -> RatingBody {
    let next = suggest(&rating);
    let fight = match next.expected {
        e if e < 0.4 => "a stretch",
        e if e > 0.6 => "a warm-up",
        _ => "a fair fight",
    };
    RatingBody {
        rating,
        shown: format!(
            "about {} ± {}",
            rating.rating.round() as i64,
            ((rating.deviation / 10.0).round() * 10.0) as i64
        ),
        next_shown: format!("Next: {}, {fight}", next.rating),
        next,
    }
}

/// The API document's request examples for `POST /api/rating`.
pub fn rating_requests() -> Vec<(&'static str, serde_json::Value)> {
    vec![
        ("new_player", serde_json::json!({})),
        (
            "after_a_win",
            serde_json::json!({
                "rating": {"rating": 1500.0, "deviation": 350.0, "volatility": 0.06},
                "game": {"level": 7, "result": "win"},
            }),
        ),
    ]
}

/// The API document's response examples for `POST /api/rating`, computed as the server does.
pub fn rating_examples() -> Vec<(&'static str, serde_json::Value)> {
    let new = Glicko2::default();
    let row = measured(Level::new(7).expect("step 7"));
    let won = new.update(&[GameScore {
        opponent_rating: f64::from(row.rating),
        opponent_deviation: f64::from(row.high - row.low) / 3.92,
        score: 1.0,
    }]);
    let json = |body: RatingBody| serde_json::to_value(body).expect("a rating serializes");
    vec![
        ("new_player", json(rating_body(new))),
        ("after_a_win", json(rating_body(won))),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_player_is_shown_as_about_1500_plus_minus_350() {
        let body = rating_body(Glicko2::default());
        assert_eq!(body.shown, "about 1500 ± 350");
        assert!(body.next_shown.starts_with("Next: "), "{}", body.next_shown);
        assert!(Level::new(i64::from(body.next.level)).is_some());
    }

    #[test]
    fn every_step_is_listed_weakest_first() {
        let body = levels_body();
        assert_eq!(body.levels.len(), usize::from(Level::MAX.get()));
        assert!(body.levels.windows(2).all(|p| p[0].level + 1 == p[1].level));
        assert!(body.scale.contains("engine"));
    }
}
