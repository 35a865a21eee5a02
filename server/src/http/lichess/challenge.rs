//! `POST /api/challenge/ai`: a new game against the computer, owned by the caller's key.
//!
//! Read as lichess reads it: form-encoded (`level`, `clock.limit`, `clock.increment`, `color`,
//! `variant`, `fen`, `days`), or JSON with the same keys (berserk sends JSON, nulls included).

use std::collections::HashMap;

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};

use alphachess_engine::Game;

use super::error::LichessError;
use super::key::PlayerKey;
use super::wire::ChallengeAiAnswer;
use crate::games::{parse_fen, ColorChoice, GameService, Level, NewGame, TimeControl};
use crate::http::error::ApiError;
use crate::http::limits::{ClientIp, Limits};

/// The handler.
pub async fn challenge_ai(
    service: web::Data<GameService>,
    limits: web::Data<Limits>,
    client: ClientIp,
    key: PlayerKey,
    request: HttpRequest,
    body: web::Bytes,
) -> Result<HttpResponse, LichessError> {
    key.check_strength().map_err(ApiError::from)?;
    let fields = read_fields(&request, &body)?;
    let new = new_game(&fields)?;
    // A request refused for the client's searches in progress spends none of its new games.
    let search = limits.search(client)?;
    limits.create_game(client)?;
    let view = service
        .create_owned(new, &key.hash(), Some(client.key()), search)
        .await?;
    let id = crate::games::GameId::parse(&view.id).ok_or_else(LichessError::not_found)?;
    let created_at = service.owners().created_at(&id);
    Ok(HttpResponse::Created().json(ChallengeAiAnswer::of(&view, created_at)))
}

/// The body's fields as text, whichever way it came; a JSON `null` is an absent field.
fn read_fields(
    request: &HttpRequest,
    body: &[u8],
) -> Result<HashMap<String, String>, LichessError> {
    let is_json = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.to_ascii_lowercase().starts_with("application/json"));
    if !is_json {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(body)
            .map_err(|error| LichessError::bad_request(format!("unreadable form: {error}")))?;
        return Ok(pairs
            .into_iter()
            .filter(|(_, value)| !value.is_empty())
            .collect());
    }
    let object: serde_json::Map<String, serde_json::Value> = serde_json::from_slice(body)
        .map_err(|error| LichessError::bad_request(format!("unreadable JSON: {error}")))?;
    let mut fields = HashMap::new();
    for (name, value) in object {
        let text = match value {
            serde_json::Value::Null => continue,
            serde_json::Value::String(text) => text,
            serde_json::Value::Number(n) => n.to_string(),
            serde_json::Value::Bool(b) => b.to_string(),
            _ => return Err(LichessError::bad_request(format!("{name}: not a value"))),
        };
        fields.insert(name, text);
    }
    Ok(fields)
}

/// The fields read into a new game (400 with lichess's `{"error": …}` otherwise).
fn new_game(fields: &HashMap<String, String>) -> Result<NewGame, LichessError> {
    let int = |name: &str| -> Result<Option<i64>, LichessError> {
        fields
            .get(name)
            .map(|text| {
                text.trim()
                    .parse::<i64>()
                    .map_err(|_| LichessError::bad_request(format!("{name}: not an integer")))
            })
            .transpose()
    };
    let level = match int("level")? {
        None => Level::MAX,
        // lichess's levels are the old 1–8 scale: each plays as the ladder step it became.
        Some(n) => Level::from_legacy(n)
            .ok_or_else(|| LichessError::bad_request("level: must be between 1 and 8"))?,
    };
    if fields.contains_key("days") {
        return Err(LichessError::bad_request(
            "days: correspondence games are not played here; omit clock.limit and \
             clock.increment for a game without a clock",
        ));
    }
    let clock = match (int("clock.limit")?, int("clock.increment")?) {
        (None, None) => None,
        (limit, increment) => Some(
            TimeControl::from_secs(limit.unwrap_or(0), increment.unwrap_or(0))
                .map_err(|error| LichessError::bad_request(clock_error(&error.to_string())))?,
        ),
    };
    let color = match fields.get("color").map(String::as_str) {
        None => ColorChoice::Random,
        Some(text) => ColorChoice::parse(text)
            .ok_or_else(|| LichessError::bad_request("color: must be white, black or random"))?,
    };
    match fields.get("variant").map(String::as_str) {
        None | Some("standard") | Some("fromPosition") => {}
        Some(other) => {
            return Err(LichessError::bad_request(format!(
                "variant: {other} is not played here, only standard chess (standard, or \
                 fromPosition with a fen)"
            )))
        }
    }
    let game = match fields.get("fen") {
        None => Game::default(),
        Some(fen) => Game::new(
            parse_fen(fen).map_err(|error| LichessError::bad_request(format!("fen: {error}")))?,
        ),
    };
    Ok(NewGame {
        color,
        level,
        game,
        clock,
        players: None,
    })
}

/// Our time-control sentence in lichess's field names.
fn clock_error(sentence: &str) -> String {
    sentence
        .replace("clock.limit_secs", "clock.limit")
        .replace("clock.increment_secs", "clock.increment")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
            .collect()
    }

    #[test]
    fn a_timed_game_reads_its_clock_in_seconds() {
        let new = new_game(&fields(&[
            ("level", "3"),
            ("clock.limit", "300"),
            ("clock.increment", "2"),
            ("color", "black"),
        ]))
        .expect("valid");
        assert_eq!(new.level, Level::from_legacy(3).expect("an old level"));
        assert_eq!(new.color, ColorChoice::Black);
        let clock = new.clock.expect("timed");
        assert_eq!(clock.limit().as_secs(), 300);
        assert_eq!(clock.increment().as_secs(), 2);
    }

    #[test]
    fn other_variants_correspondence_and_bad_levels_are_refused_clearly() {
        for (pairs, needle) in [
            (vec![("variant", "chess960")], "only standard chess"),
            (vec![("variant", "atomic")], "only standard chess"),
            (vec![("days", "3")], "correspondence"),
            (vec![("level", "9")], "between 1 and 8"),
            (vec![("clock.limit", "99999")], "clock.limit"),
            (vec![("fen", "8/8/8/8/8/8/8/8 w - - 0 1")], "fen"),
        ] {
            let error = new_game(&fields(&pairs)).expect_err("refused");
            assert!(error.to_string().contains(needle), "{pairs:?}: {error}");
        }
    }
}
