//! `GET /api/levels` (the measured ladder) and `POST /api/rating` (the step to play next for a
//! given rating, and how that rating shows). The player's rating itself is kept by the server
//! under the player's key and served by `GET /api/account`; nothing here changes it.

use actix_web::{get, post, web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::games::ladder::{ladder, suggest, Glicko2, Suggestion};
use crate::games::views::{Glicko2Schema, StepView, SuggestionSchema};
use crate::games::Level;
use crate::http::error::{api_errors, ApiError};

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

/// A rating to suggest a step for (none: a new player, 1500 ± 350). Nothing else: results are
/// never declared here, the server rates each finished rated game itself from what it saw
/// (`games/service/rating.rs`), under the player's key (`GET /api/account`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RatingRequest {
    #[schema(value_type = Option<Glicko2Schema>)]
    pub rating: Option<Glicko2>,
}

/// The rating given, how to show it, and the step to play next.
#[derive(Debug, Serialize, ToSchema)]
pub struct RatingBody {
    /// The rating given, as it was read.
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

api_errors!(
    RateErrors:
    MalformedJson = "a field other than `rating`, such as a declared game", InvalidRequest,
);

/// Suggests the step to play next for the rating given, and says how that rating shows. It
/// rates nothing: a rating changes only when the server counts a finished rated game under the
/// player's key (issue #38: a client could declare any result here).
#[utoipa::path(tag = "levels",
    request_body = RatingRequest,
    responses(
        (status = 200, body = RatingBody),
        RateErrors,
    ))]
#[post("/rating")]
pub async fn rate(request: web::Json<RatingRequest>) -> Result<HttpResponse, ApiError> {
    let rating = request.into_inner().rating.unwrap_or_default();
    if !(rating.rating.is_finite()
        && (0.0..=4000.0).contains(&rating.rating)
        && (1.0..=350.0).contains(&rating.deviation)
        && (0.0..=1.0).contains(&rating.volatility))
    {
        return Err(ApiError::InvalidRequest(
            "rating must be 0..4000, deviation 1..350, volatility 0..1".into(),
        ));
    }
    Ok(HttpResponse::Ok().json(rating_body(rating)))
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
            "club_player",
            serde_json::json!({
                "rating": {"rating": 1720.0, "deviation": 80.0, "volatility": 0.06},
            }),
        ),
    ]
}

/// The API document's response examples for `POST /api/rating`, computed as the server does.
pub fn rating_examples() -> Vec<(&'static str, serde_json::Value)> {
    let club = Glicko2 {
        rating: 1720.0,
        deviation: 80.0,
        volatility: 0.06,
    };
    let json = |body: RatingBody| serde_json::to_value(body).expect("a rating serializes");
    vec![
        ("new_player", json(rating_body(Glicko2::default()))),
        ("club_player", json(rating_body(club))),
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
