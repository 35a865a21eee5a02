//! The server's REST API, one function per endpoint, and the ways a call can fail.
//!
//! Every failure becomes a [`ClientError`] whose `Display` is a sentence for the player: the
//! server's own message for an API error, or what to do when no server answers; a failure below
//! HTTP keeps its cause as its `source` (see `report.rs`).

use std::fmt;
use std::time::Duration;

use reqwest::blocking::{Client, RequestBuilder, Response};
use reqwest::{StatusCode, Url};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::view::{CreatedGame, GameView, Hint};

/// The API's stable, versioned prefix (`/api/` is its alias on the server): a server that changes
/// the API incompatibly moves it, and this client keeps talking to the version it was built for.
const API_PREFIX: &str = "api/v1/";

/// How long to wait for a TCP connection: a local server answers at once, so a long wait means none.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);

/// The longest one call may take. A move waits for Stockfish's reply, which the server bounds
/// (`--move-time-cap-ms`, 10 s by default, plus its queue); this is only a last guard.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(180);

/// The base address of an AlphaChess server, e.g. `http://127.0.0.1:8080`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ServerUrl(Url);

/// Why text is not a URL (the `url` crate's error, named through reqwest's `Url`).
type UrlParseError = <Url as std::str::FromStr>::Err;

/// Why a `--server` value is not a server address.
///
/// clap shows only this error's own message (no causes), so the URL parser's reason is part of
/// it rather than a `source`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseServerUrlError {
    #[error("{text:?} is not a URL ({reason})")]
    NotAUrl { text: String, reason: UrlParseError },
    #[error("{text:?}: the server's address starts with http:// or https://")]
    NotWeb { text: String },
}

impl std::str::FromStr for ServerUrl {
    type Err = ParseServerUrlError;

    /// Reads `http://host:port` or `https://host` (a path prefix is kept; a trailing `/` is not
    /// needed). https is checked against the platform's certificates (rustls, native roots).
    fn from_str(text: &str) -> Result<ServerUrl, ParseServerUrlError> {
        let mut url = Url::parse(text.trim()).map_err(|reason| ParseServerUrlError::NotAUrl {
            text: text.to_owned(),
            reason,
        })?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(ParseServerUrlError::NotWeb {
                text: text.to_owned(),
            });
        }
        if !url.path().ends_with('/') {
            let path = format!("{}/", url.path());
            url.set_path(&path);
        }
        Ok(ServerUrl(url))
    }
}

impl TryFrom<String> for ServerUrl {
    type Error = ParseServerUrlError;

    fn try_from(text: String) -> Result<ServerUrl, ParseServerUrlError> {
        text.parse()
    }
}

impl From<ServerUrl> for String {
    fn from(server: ServerUrl) -> String {
        server.to_string()
    }
}

impl fmt::Display for ServerUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.as_str().trim_end_matches('/'))
    }
}

impl ServerUrl {
    /// The address of `path` (relative, e.g. `api/v1/games`) on this server.
    fn join(&self, path: &str) -> Url {
        self.0
            .join(path)
            .expect("API paths are relative paths made of URL-safe characters")
    }
}

/// A game this client may write to: its id and its secret token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameAccess {
    pub id: String,
    pub token: String,
}

/// The error codes this client acts on; any other is kept as its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorCode {
    GameNotFound,
    /// Nothing at that address: an endpoint this server does not have.
    NotFound,
    MethodNotAllowed,
    StalePly,
    GameOver,
    NotYourTurn,
    IllegalMove,
    InvalidMoveNotation,
    Other(String),
}

impl ErrorCode {
    fn parse(code: &str) -> ErrorCode {
        match code {
            "game_not_found" => ErrorCode::GameNotFound,
            "not_found" => ErrorCode::NotFound,
            "method_not_allowed" => ErrorCode::MethodNotAllowed,
            "stale_ply" => ErrorCode::StalePly,
            "game_over" => ErrorCode::GameOver,
            "not_your_turn" => ErrorCode::NotYourTurn,
            "illegal_move" => ErrorCode::IllegalMove,
            "invalid_move_notation" => ErrorCode::InvalidMoveNotation,
            other => ErrorCode::Other(other.to_owned()),
        }
    }
}

/// A failure the server reported: `{"error": code, "message": sentence}` with its status.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    pub status: StatusCode,
    pub code: ErrorCode,
    pub message: String,
}

/// The error envelope as JSON.
#[derive(Deserialize)]
struct ErrorBody {
    error: String,
    message: String,
}

/// Why a call to the server failed.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// Nothing listens at the address (or it does not accept connections): the variant says all,
    /// and what to do.
    #[error(
        "no AlphaChess server answers at {0}. Start one with `./build.sh` in the repository \
         (or run `alphachess-server`), or point --server at yours"
    )]
    Down(ServerUrl),
    /// The server answered with an error.
    #[error(transparent)]
    Api(#[from] ApiError),
    /// The server took longer than [`REQUEST_TIMEOUT`].
    #[error("the server at {0} did not answer in time")]
    TimedOut(ServerUrl),
    /// The connection broke, or TLS failed.
    #[error("the connection to {server} failed")]
    Connection {
        server: ServerUrl,
        #[source]
        source: reqwest::Error,
    },
    /// The answer is not what the API promises.
    #[error("the server's answer is not what this client understands")]
    Unexpected(#[source] serde_json::Error),
    /// The answer to a draw offer holds no game.
    #[error("unexpected answer to a draw offer")]
    UnexpectedDrawAnswer(#[source] serde_json::Error),
}

impl ClientError {
    /// The API error's code, if the server answered with one.
    pub fn code(&self) -> Option<&ErrorCode> {
        match self {
            ClientError::Api(error) => Some(&error.code),
            _ => None,
        }
    }
}

/// Body of `POST /api/v1/games`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NewGameRequest {
    /// `white`, `black` or `random`.
    pub color: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pgn: Option<String>,
    /// `chess960`, or absent for standard chess.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// The Chess960 setup number (0–959); absent for a random one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<u16>,
}

/// Body of `POST /api/v1/games/{id}/moves`.
#[derive(Serialize)]
struct MoveRequest<'a> {
    #[serde(rename = "move")]
    text: &'a str,
    expected_ply: usize,
}

/// What a draw offer came to, on a server that has them.
#[derive(Debug, Clone)]
pub struct DrawAnswer {
    /// The game afterwards (finished by agreement when the engine accepted).
    pub game: GameView,
}

/// A client for one server.
#[derive(Debug, Clone)]
pub struct Api {
    server: ServerUrl,
    http: Client,
}

impl Api {
    pub fn new(server: ServerUrl) -> Api {
        let http = Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            // Per request instead: the live stream must stay open for as long as the game.
            .timeout(None)
            .user_agent(concat!("alphachess-cli/", env!("CARGO_PKG_VERSION")))
            .build()
            .expect(
                "a client with the platform's roots builds (an unreadable store leaves it empty)",
            );
        Api { server, http }
    }

    /// `POST /api/v1/games` under the player's `key` (the game's token, as the browser creates
    /// them): a new game (with the engine's first move when it has white), rated for that key.
    pub fn create(&self, request: &NewGameRequest, key: &str) -> Result<CreatedGame, ClientError> {
        self.json(
            self.http
                .post(self.url("games"))
                .bearer_auth(key)
                .json(request),
        )
    }

    /// `GET /api/v1/games/{id}`.
    pub fn game(&self, id: &str) -> Result<GameView, ClientError> {
        self.json(self.http.get(self.game_url(id, "")))
    }

    /// `POST /api/v1/games/{id}/moves`: the player's move as typed, then the engine's reply.
    pub fn play(
        &self,
        game: &GameAccess,
        text: &str,
        expected_ply: usize,
    ) -> Result<GameView, ClientError> {
        let body = MoveRequest { text, expected_ply };
        self.json(self.write(game, "moves").json(&body))
    }

    /// `POST /api/v1/games/{id}/takeback`.
    pub fn take_back(&self, game: &GameAccess) -> Result<GameView, ClientError> {
        self.json(self.write(game, "takeback"))
    }

    /// `POST /api/v1/games/{id}/resign`.
    pub fn resign(&self, game: &GameAccess) -> Result<GameView, ClientError> {
        self.json(self.write(game, "resign"))
    }

    /// `POST /api/v1/games/{id}/draw`: offers a draw. Servers without draw offers answer 404
    /// `not_found` (or 405): see [`ClientError::code`].
    pub fn offer_draw(&self, game: &GameAccess) -> Result<DrawAnswer, ClientError> {
        let answer: serde_json::Value = self.json(self.write(game, "draw"))?;
        // A GameView, or an object holding one under `game`.
        let view = answer.get("game").cloned().unwrap_or(answer);
        serde_json::from_value(view)
            .map(|game| DrawAnswer { game })
            .map_err(ClientError::UnexpectedDrawAnswer)
    }

    /// `GET /api/v1/levels`: the measured ladder.
    pub fn levels(&self) -> Result<serde_json::Value, ClientError> {
        self.json(self.http.get(self.url("levels")))
    }

    /// `POST /api/v1/rating`: how a rating shows and the step to play next (it rates nothing).
    pub fn suggest(&self, body: &serde_json::Value) -> Result<serde_json::Value, ClientError> {
        self.json(self.http.post(self.url("rating")).json(body))
    }

    /// `GET /api/v1/account`: what the server keeps for `key`, its rating among it.
    pub fn account(&self, key: &str) -> Result<serde_json::Value, ClientError> {
        self.json(self.http.get(self.url("account")).bearer_auth(key))
    }

    /// `GET /api/v1/games/{id}/pgn`.
    pub fn pgn(&self, id: &str) -> Result<String, ClientError> {
        let response = self.send(self.http.get(self.game_url(id, "/pgn")))?;
        response.text().map_err(|e| self.transport(e))
    }

    /// `GET /api/v1/games/{id}/hint`: Stockfish's move for the player, at full strength.
    pub fn hint(&self, game: &GameAccess) -> Result<Hint, ClientError> {
        let request = self
            .http
            .get(self.game_url(&game.id, "/hint"))
            .bearer_auth(&game.token);
        self.json(request)
    }

    /// `GET /api/v1/games/{id}/events`: the open Server-Sent Events stream (no time limit).
    pub fn events(&self, id: &str) -> Result<Response, ClientError> {
        let request = self
            .http
            .get(self.game_url(id, "/events"))
            .header(reqwest::header::ACCEPT, "text/event-stream");
        let response = request.send().map_err(|e| self.transport(e))?;
        check(response)
    }

    /// `GET /api/v1/games/{id}/analysis`.
    pub fn analysis<T: serde::de::DeserializeOwned>(&self, id: &str) -> Result<T, ClientError> {
        self.json(self.http.get(self.game_url(id, "/analysis")))
    }

    /// `POST /api/v1/games/{id}/analysis`: asks for the analysis of a finished game.
    pub fn request_analysis<T: serde::de::DeserializeOwned>(
        &self,
        game: &GameAccess,
    ) -> Result<T, ClientError> {
        self.json(self.write(game, "analysis"))
    }

    /// `GET /api/v1/games/{id}/retry`: the player's mistakes, without their answers.
    pub fn retry_list<T: serde::de::DeserializeOwned>(&self, id: &str) -> Result<T, ClientError> {
        self.json(self.http.get(self.game_url(id, "/retry")))
    }

    /// `POST /api/v1/games/{id}/retry/{ply}`: a try, judged by the server's engine.
    pub fn retry_try<T: serde::de::DeserializeOwned>(
        &self,
        game: &GameAccess,
        ply: usize,
        text: &str,
    ) -> Result<T, ClientError> {
        let body = serde_json::json!({ "move": text });
        self.json(self.write(game, &format!("retry/{ply}")).json(&body))
    }

    /// `POST /api/v1/games/{id}/retry/{ply}/reveal`: the answer.
    pub fn retry_reveal<T: serde::de::DeserializeOwned>(
        &self,
        game: &GameAccess,
        ply: usize,
    ) -> Result<T, ClientError> {
        self.json(self.write(game, &format!("retry/{ply}/reveal")))
    }

    /// `GET /api/v1/practice`: the deck of `key` (the player's own mistakes), due cards first.
    pub fn practice_deck<T: DeserializeOwned>(&self, key: &str) -> Result<T, ClientError> {
        self.json(self.http.get(self.url("practice")).bearer_auth(key))
    }

    /// `POST /api/v1/practice/{card}/try`: a try at a card, judged by the server's engine.
    pub fn practice_try<T: DeserializeOwned>(
        &self,
        key: &str,
        card: &str,
        text: &str,
    ) -> Result<T, ClientError> {
        let body = serde_json::json!({ "move": text });
        self.json(self.practice_post(key, card, "try").json(&body))
    }

    /// `POST /api/v1/practice/{card}/reveal`: a card's answer (the card comes back soon).
    pub fn practice_reveal<T: DeserializeOwned>(
        &self,
        key: &str,
        card: &str,
    ) -> Result<T, ClientError> {
        self.json(self.practice_post(key, card, "reveal"))
    }

    /// A `POST` to `/api/v1/practice/{card}/{action}` with `key`, the card id as one segment.
    fn practice_post(&self, key: &str, card: &str, action: &str) -> RequestBuilder {
        let mut url = self.url("practice/");
        url.path_segments_mut()
            .expect("an http URL has path segments")
            .pop_if_empty()
            .push(card)
            .push(action);
        self.http.post(url).bearer_auth(key)
    }

    /// `GET /api/v1/explore/human`: the moves players of the `band` rating would choose after
    /// `moves` from `fen`, most likely first.
    pub fn human_moves<T: DeserializeOwned>(
        &self,
        fen: &str,
        moves: &[String],
        band: u16,
        count: u8,
    ) -> Result<T, ClientError> {
        let mut url = self.url("explore/human");
        url.query_pairs_mut()
            .append_pair("band", &band.to_string())
            .append_pair("fen", fen)
            .append_pair("moves", &moves.join(","))
            .append_pair("count", &count.to_string());
        self.json(self.http.get(url))
    }

    /// `GET /api/v1/explore`: the analysis board's engine on `fen` then `moves`, `lines` lines,
    /// as an open Server-Sent Events stream (it ends at the search's bound).
    pub fn explore(&self, fen: &str, moves: &[String], lines: u8) -> Result<Response, ClientError> {
        let mut url = self.url("explore");
        url.query_pairs_mut()
            .append_pair("fen", fen)
            .append_pair("moves", &moves.join(","))
            .append_pair("lines", &lines.to_string());
        let request = self
            .http
            .get(url)
            .header(reqwest::header::ACCEPT, "text/event-stream");
        let response = request.send().map_err(|e| self.transport(e))?;
        check(response)
    }

    /// `path` under the API's stable prefix (`games` → `api/v1/games`).
    fn url(&self, path: &str) -> Url {
        self.server.join(&format!("{API_PREFIX}{path}"))
    }

    /// `api/v1/games/{id}{suffix}`, the id percent-encoded as one path segment.
    fn game_url(&self, id: &str, suffix: &str) -> Url {
        let mut url = self.url("games/");
        url.path_segments_mut()
            .expect("an http URL has path segments")
            .pop_if_empty()
            .push(id);
        if !suffix.is_empty() {
            let path = format!("{}{suffix}", url.path());
            url.set_path(&path);
        }
        url
    }

    /// A `POST` to `/api/v1/games/{id}/{action}` with the game's token.
    fn write(&self, game: &GameAccess, action: &str) -> RequestBuilder {
        self.http
            .post(self.game_url(&game.id, &format!("/{action}")))
            .bearer_auth(&game.token)
    }

    fn send(&self, request: RequestBuilder) -> Result<Response, ClientError> {
        let response = request
            .timeout(REQUEST_TIMEOUT)
            .send()
            .map_err(|e| self.transport(e))?;
        check(response)
    }

    fn json<T: DeserializeOwned>(&self, request: RequestBuilder) -> Result<T, ClientError> {
        let response = self.send(request)?;
        let text = response.text().map_err(|e| self.transport(e))?;
        serde_json::from_str(&text).map_err(ClientError::Unexpected)
    }

    /// A failure below HTTP: no server, a timeout, or a broken connection.
    fn transport(&self, error: reqwest::Error) -> ClientError {
        if error.is_connect() {
            ClientError::Down(self.server.clone())
        } else if error.is_timeout() {
            ClientError::TimedOut(self.server.clone())
        } else {
            ClientError::Connection {
                server: self.server.clone(),
                source: error,
            }
        }
    }
}

/// The response if it is a success, else its error envelope as an [`ApiError`].
fn check(response: Response) -> Result<Response, ClientError> {
    let status = response.status();
    if status.is_success() {
        return Ok(response);
    }
    let text = response.text().unwrap_or_default();
    let error = match serde_json::from_str::<ErrorBody>(&text) {
        Ok(body) => ApiError {
            status,
            code: ErrorCode::parse(&body.error),
            message: body.message,
        },
        // Not our server, or a proxy in front of it.
        Err(_) => ApiError {
            status,
            code: ErrorCode::Other(format!("http_{}", status.as_u16())),
            message: format!("the server answered {status}"),
        },
    };
    Err(error.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server(text: &str) -> ServerUrl {
        text.parse().expect("a server URL")
    }

    #[test]
    fn https_servers_are_accepted_and_other_schemes_refused() {
        assert_eq!(
            server("https://chess.example.org/").to_string(),
            "https://chess.example.org"
        );
        assert!("ftp://example.test".parse::<ServerUrl>().is_err());
    }

    #[test]
    fn a_server_url_is_shown_without_its_trailing_slash() {
        assert_eq!(
            server("http://127.0.0.1:8080/").to_string(),
            "http://127.0.0.1:8080"
        );
        assert_eq!(
            server("http://127.0.0.1:8080").to_string(),
            "http://127.0.0.1:8080"
        );
    }

    #[test]
    fn endpoint_addresses_keep_a_path_prefix_and_encode_the_id() {
        let api = Api::new(server("http://example.test/chess"));
        assert_eq!(
            api.game_url("abc", "/moves").as_str(),
            "http://example.test/chess/api/v1/games/abc/moves"
        );
        assert_eq!(
            api.game_url("a/b", "").as_str(),
            "http://example.test/chess/api/v1/games/a%2Fb"
        );
    }

    #[test]
    fn only_web_addresses_are_servers() {
        assert!("localhost:8080".parse::<ServerUrl>().is_err());
        assert!("not a url".parse::<ServerUrl>().is_err());
    }

    #[test]
    fn a_refused_connection_says_the_server_is_down() {
        let api = Api::new(server("http://127.0.0.1:1"));
        let error = api.game("x").expect_err("nothing listens on port 1");
        assert!(matches!(error, ClientError::Down(_)), "{error:?}");
        assert!(error.to_string().contains("./build.sh"), "{error}");
    }
}
