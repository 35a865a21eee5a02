//! `GET /api/games?ids=a,b,c`: the summaries of several games in one request ("My games").

use actix_web::{get, web};
use serde::Deserialize;

use crate::games::views::{GameSummaries, MAX_SUMMARIES};
use crate::games::{GameId, GameService};
use crate::http::error::{api_errors, ApiError};

/// The query of `GET /api/games`.
#[derive(Debug, Deserialize)]
pub struct SummariesQuery {
    /// Game ids separated by commas.
    pub ids: Option<String>,
}

api_errors!(
    SummariesErrors:
    InvalidRequest = "no ids parameter, or more than 100 ids",
);

/// The public summaries of the games named, in the order asked; unknown or malformed ids are
/// left out (no token needed, none shown).
#[utoipa::path(tag = "games",
    params(("ids" = String, Query, description = "game ids separated by commas, at most 100", example = "abcdefghijkl,mnopqrstuvwx")),
    responses(
        (status = 200, body = GameSummaries),
        SummariesErrors,
    ))]
#[get("/games")]
pub async fn list(
    service: web::Data<GameService>,
    query: web::Query<SummariesQuery>,
) -> Result<web::Json<GameSummaries>, ApiError> {
    let ids = parse_ids(query.ids.as_deref())?;
    Ok(web::Json(service.summaries(&ids).await))
}

/// The ids asked for, the malformed ones dropped; at most [`MAX_SUMMARIES`] may be asked.
fn parse_ids(text: Option<&str>) -> Result<Vec<GameId>, ApiError> {
    let text =
        text.ok_or_else(|| ApiError::InvalidRequest("give the games as ids=<id>,<id>,...".into()))?;
    let asked: Vec<&str> = text.split(',').filter(|id| !id.is_empty()).collect();
    if asked.len() > MAX_SUMMARIES {
        return Err(ApiError::InvalidRequest(format!(
            "at most {MAX_SUMMARIES} ids may be asked at once, not {}",
            asked.len()
        )));
    }
    Ok(asked.into_iter().filter_map(GameId::parse).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_ids_are_dropped_and_the_order_is_kept() {
        let ids = parse_ids(Some("zzzzzzzzzzzz,NOT-AN-ID,,aaaaaaaaaaaa")).expect("valid");
        let ids: Vec<&str> = ids.iter().map(GameId::as_str).collect();
        assert_eq!(ids, ["zzzzzzzzzzzz", "aaaaaaaaaaaa"]);
        assert!(parse_ids(Some("")).expect("valid").is_empty());
    }

    #[test]
    fn more_than_the_cap_or_no_ids_parameter_is_an_invalid_request() {
        let many = vec!["aaaaaaaaaaaa"; MAX_SUMMARIES + 1].join(",");
        assert!(matches!(
            parse_ids(Some(&many)),
            Err(ApiError::InvalidRequest(_))
        ));
        let enough = vec!["aaaaaaaaaaaa"; MAX_SUMMARIES].join(",");
        assert_eq!(
            parse_ids(Some(&enough)).expect("at the cap").len(),
            MAX_SUMMARIES
        );
        assert!(matches!(parse_ids(None), Err(ApiError::InvalidRequest(_))));
    }
}
