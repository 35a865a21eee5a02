//! The `{id}` of a game's URL, read into a [`GameId`] before any handler runs.

use std::future::{ready, Ready};

use actix_web::{dev::Payload, FromRequest, HttpRequest};

use crate::games::{GameError, GameId};
use crate::http::error::ApiError;

/// The game a request names; 404 `game_not_found` for text that could not be one of our ids, the
/// same answer as for an id nobody holds.
#[derive(Debug, Clone)]
pub struct GamePath(pub GameId);

impl FromRequest for GamePath {
    type Error = ApiError;
    type Future = Ready<Result<GamePath, ApiError>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        let id = req.match_info().get("id").and_then(GameId::parse);
        ready(id.map(GamePath).ok_or(ApiError::Game(GameError::NotFound)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn read(id: &str) -> Result<GamePath, ApiError> {
        let request = TestRequest::default()
            .param("id", id.to_owned())
            .to_http_request();
        GamePath::extract(&request).into_inner()
    }

    #[test]
    fn an_id_that_could_not_be_ours_is_an_unknown_game() {
        for id in ["", "abc", "ABCDEFGHIJKL", "abcdefghijk/"] {
            assert!(
                matches!(read(id), Err(ApiError::Game(GameError::NotFound))),
                "{id:?}"
            );
        }
        let GamePath(id) = read("abcdefghijkl").expect("a well-formed id");
        assert_eq!(id.as_str(), "abcdefghijkl");
    }
}
