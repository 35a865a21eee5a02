//! The API document's examples, built from real values so they cannot drift from what clients
//! get: the views of a game played by the game rules themselves, error bodies of real
//! `ApiError`s, the engine's thinking parsed from a real `info` line, the stream's lines framed
//! as the server frames them. [`super::docs`] puts each where it belongs.

use std::sync::Arc;
use std::time::{Duration, UNIX_EPOCH};

use actix_web::web::Bytes;
use alphachess_engine::{Color, Game, Line, UciMove};
use serde::Serialize;
use serde_json::{json, Value};

use super::health::StatusBody;
use crate::analysis::classes::MoveClass;
use crate::analysis::moments::{KeyMoment, KeyMoments, MomentKind};
use crate::analysis::phases::{Division, PhaseAccuracy};
use crate::analysis::{
    Accuracy, AnalysedPly, Analysis, AnalysisEvent, AnalysisProgress, AnalysisStatus, BestMove,
    Eval, SideSummary, Summary,
};
use crate::explore::{ExploreEvent, StopReason};
use crate::games::views::{
    GameSummaries, GameSummary, GameView, Hint, PositionPreview, ReviewStatus, Thinking,
};
use crate::games::{parse_fen, parse_pgn, to_pgn, GameEvent, GameId, GameState, Level, PlayerMove};
use crate::http::error::ErrorCode;
use crate::http::events::Encoding;
use crate::http::lichess::key::KeyError;
use crate::http::lichess::LichessError;
use crate::uci::{parse_info, EngineError, PvLine, Score, Snapshot};

/// The example game's id.
pub const GAME_ID: &str = "k7x2m9q4ab3d";

/// The example game's token (64 hex digits, as the server makes them).
pub const TOKEN: &str = "5d41402abc4b2a76b9719d911017c592e3b0c44298fc1c149afbf4c8996fb924";

/// A value as JSON (the API's types serialize infallibly: no maps with non-string keys).
fn to_json(value: &impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

/// The example game at each point a response shows it.
pub struct Views {
    /// Just created, the player (white) to move.
    pub started: GameView,
    /// After the player's 1. e4, the engine searching its reply (a 202 move, a `game` event).
    pub thinking: GameView,
    /// After 1. e4 e5: the engine replied.
    pub replied: GameView,
    /// Resigned after 1. e4 e5 2. Nf3 Nc6.
    pub resigned: GameView,
    /// The resigned game once its review was asked for (`review: requested`).
    pub reviewed: GameView,
    /// Aborted after 1. e4 e5 (resigning there aborts).
    pub aborted: GameView,
    /// Drawn by agreement in a level rook ending the game started from (a FEN).
    pub agreed: GameView,
    /// An imported game that repeated the position three times, drawn by the player's claim.
    pub claimed: GameView,
    /// The resigned game's PGN export.
    pub pgn: String,
}

impl Views {
    /// Every view, played out with [`GameState`]'s own rules (a script the rules refuse panics
    /// here, so every test that builds the document checks it).
    pub fn new() -> Views {
        let id = GameId::parse(GAME_ID).expect("GAME_ID is a well-formed id");
        let view = |state: &GameState| GameView::new(&id, state);
        let fresh = |game: Game| GameState::new(game, Color::White, Level::MAX);

        let mut state = fresh(Game::default());
        let started = view(&state);
        let e4 = "e4".parse::<PlayerMove>().expect("e4 is SAN");
        state.play_player_move(&e4, None).expect("1. e4 is legal");
        let turn = state.begin_engine_turn(true).expect("the engine's turn");
        let thinking = view(&state);
        let e5 = "e5".parse::<PlayerMove>().expect("e5 is SAN");
        let e5 = e5
            .to_move(state.game().position())
            .expect("1... e5 is legal");
        state
            .apply_engine_reply(turn.version, e5)
            .expect("the reply to this turn");
        let replied = view(&state);
        let mut aborted = state.clone();
        aborted
            .resign()
            .expect("resigning before two moves each aborts the game");
        exchange(&mut state, "Nf3", "Nc6");
        state.resign().expect("the player may resign");

        let ending = parse_fen("8/5k2/8/3r4/8/4K3/4R3/8 w - - 0 41").expect("a rook ending");
        let mut level = fresh(Game::new(ending));
        // A draw is offered once each side made two moves (`abortable.rs`).
        exchange(&mut level, "Re1", "Rd6");
        exchange(&mut level, "Re2", "Rd5");
        level
            .agree_draw(level.version())
            .expect("on the player's turn");
        let repeated = parse_pgn("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *");
        let mut repeated = fresh(repeated.expect("a legal PGN"));
        repeated
            .claim_draw()
            .expect("a threefold repetition to claim");
        let resigned = view(&state);
        let reviewed = GameView {
            review: ReviewStatus::Requested,
            ..resigned.clone()
        };
        Views {
            started,
            thinking,
            replied,
            resigned,
            reviewed,
            aborted: view(&aborted),
            agreed: view(&level),
            claimed: view(&repeated),
            pgn: pgn(&state),
        }
    }
}

impl Default for Views {
    fn default() -> Views {
        Views::new()
    }
}

/// The HTTP status of the error with this code.
pub fn error_status(code: ErrorCode) -> u16 {
    use actix_web::ResponseError;
    code.example().status_code().as_u16()
}

/// `POST /api/games`: a game as white at full strength, and one on a 3+2 clock from a FEN.
pub fn create_requests() -> Vec<(&'static str, Value)> {
    vec![
        ("white", json!({"color": "white", "level": 21})),
        (
            "from_fen_on_the_clock",
            json!({
                "color": "random",
                "level": 4,
                "fen": "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                "clock": {"limit_secs": 180, "increment_secs": 2},
            }),
        ),
        (
            "from_pgn",
            json!({"color": "black", "pgn": "1. e4 e5 2. Nf3 *"}),
        ),
        (
            "chess960_by_number",
            json!({"color": "white", "variant": "chess960", "position": 518}),
        ),
        (
            "chess960_random",
            json!({"color": "random", "variant": "chess960"}),
        ),
    ]
}

/// `POST /api/games/{id}/moves`: SAN, UCI with the ply the client has, and Chess960 castling
/// as king-takes-rook.
pub fn move_requests() -> Vec<(&'static str, Value)> {
    vec![
        ("san", json!({"move": "e4"})),
        ("uci_at_ply", json!({"move": "e2e4", "expected_ply": 0})),
        ("chess960_castling", json!({"move": "g1h1"})),
    ]
}

/// `POST /api/positions`: a FEN or a PGN.
pub fn position_requests() -> Vec<(&'static str, Value)> {
    vec![
        (
            "fen",
            json!({"fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"}),
        ),
        ("pgn", json!({"pgn": "1. e4 e5 2. Nf3 *"})),
    ]
}

/// `201` of `POST /api/games`.
pub fn created(views: &Views) -> Value {
    json!({"id": GAME_ID, "token": TOKEN, "game": to_json(&views.started)})
}

/// A view as JSON.
pub fn game(view: &GameView) -> Value {
    to_json(view)
}

/// `GET /api/games?ids=`: two of this browser's games.
/// lichess's 401 for a request without a key, as the key extractor words it.
fn lichess_no_key() -> Value {
    let error = LichessError::unauthorized(KeyError::Missing.to_string());
    to_json(&error.body())
}

pub fn summaries(views: &Views) -> Value {
    let mut finished = GameSummary::of(&views.claimed);
    finished.id = "p3n8w1z6c0et".to_owned();
    to_json(&GameSummaries {
        games: vec![GameSummary::of(&views.replied), finished],
    })
}

/// `POST /api/positions` after `1. e4 e5 2. Nf3`.
pub fn preview() -> Value {
    let game = parse_pgn("1. e4 e5 2. Nf3 *").expect("a legal PGN");
    to_json(&PositionPreview::of(&game))
}

/// `GET /api/games/{id}/hint` at the start.
pub fn hint() -> Value {
    to_json(&Hint {
        uci: "e2e4".to_owned(),
        san: "e4".to_owned(),
    })
}

/// The player plays `player` and the engine replies `reply` (both SAN, legal in turn).
fn exchange(state: &mut GameState, player: &str, reply: &str) {
    let player = player.parse::<PlayerMove>().expect("SAN");
    state
        .play_player_move(&player, None)
        .expect("the player's move is legal");
    let turn = state.begin_engine_turn(true).expect("the engine's turn");
    let reply = reply
        .parse::<PlayerMove>()
        .expect("SAN")
        .to_move(state.game().position())
        .expect("the reply is legal");
    state
        .apply_engine_reply(turn.version, reply)
        .expect("the reply to this turn");
}

/// A day for the example PGN's `Date` tag (2026-11-25, noon UTC).
const EXAMPLE_DATE_SECS: u64 = 1_795_608_000;

/// The resigned game's PGN, as the export writes it (on [`EXAMPLE_DATE_SECS`]'s day, unanalysed).
fn pgn(state: &GameState) -> String {
    to_pgn(
        state,
        UNIX_EPOCH + Duration::from_secs(EXAMPLE_DATE_SECS),
        &[],
    )
}

/// `{"status": "ok"}` or `{"status": "ready"}`.
fn health(status: &'static str) -> Value {
    to_json(&StatusBody { status })
}

/// The analysis of the resigned game (1. e4 e5): done, then running as an event reports it.
fn analysed_plies() -> Vec<AnalysedPly> {
    let best = |uci: &str, san: &str| BestMove {
        uci: uci.to_owned(),
        san: san.to_owned(),
    };
    let line = |moves: &[&str]| moves.iter().map(|m| (*m).to_owned()).collect();
    vec![
        AnalysedPly {
            ply: 1,
            eval: Eval::Cp(32),
            best: Some(best("e2e4", "e4")),
            pv_san: line(&["e4", "e5", "Nf3", "Nc6"]),
            provisional: false,
            depth: Some(21),
            nodes: Some(1_000_000),
            judgment: None,
            class: Some(MoveClass::Book),
            points_lost: Some(0.0),
            explanation: None,
        },
        AnalysedPly {
            ply: 2,
            eval: Eval::Cp(41),
            best: Some(best("c7c5", "c5")),
            pv_san: line(&["c5", "Nf3", "d6", "d4"]),
            provisional: false,
            depth: Some(20),
            nodes: Some(1_000_000),
            judgment: None,
            class: Some(MoveClass::Book),
            points_lost: Some(0.012),
            explanation: None,
        },
    ]
}

/// `GET`/`POST /api/games/{id}/analysis`: done, with accuracy and summary.
pub fn analysis_done() -> Value {
    to_json(&Analysis {
        status: AnalysisStatus::Done,
        progress: AnalysisProgress {
            done: 2,
            quick: 2,
            total: 2,
        },
        plies: analysed_plies(),
        accuracy: Some(Accuracy {
            white: Some(100.0),
            black: Some(97.3),
        }),
        summary: Some(Summary {
            white: SideSummary::default(),
            black: SideSummary {
                acpl: 9,
                ..SideSummary::default()
            },
        }),
        key_moments: Some(KeyMoments {
            white: vec![last_book(1, 0.0)],
            black: vec![last_book(2, 0.012)],
        }),
        phases: Some(PhaseAccuracy {
            division: Division::default(),
            opening: Accuracy {
                white: Some(100.0),
                black: Some(97.3),
            },
            middlegame: Accuracy {
                white: None,
                black: None,
            },
            endgame: Accuracy {
                white: None,
                black: None,
            },
        }),
        ahead: None,
    })
}

/// A side's last book move, as a key moment.
fn last_book(ply: usize, points_lost: f64) -> KeyMoment {
    KeyMoment {
        ply,
        kind: MomentKind::LastBook,
        class: MoveClass::Book,
        points_lost,
    }
}

/// `POST /api/games/{id}/analysis` just asked: queued.
pub fn analysis_queued() -> Value {
    to_json(&Analysis {
        status: AnalysisStatus::Queued,
        progress: AnalysisProgress {
            done: 0,
            quick: 0,
            total: 2,
        },
        plies: Vec::new(),
        accuracy: None,
        summary: None,
        key_moments: None,
        phases: None,
        ahead: Some(2),
    })
}

/// Data of an `analysis` event: the first ply analysed.
fn analysis_event() -> AnalysisEvent {
    AnalysisEvent {
        status: AnalysisStatus::Running,
        progress: AnalysisProgress {
            done: 1,
            quick: 2,
            total: 2,
        },
        ply: analysed_plies().into_iter().next(),
        accuracy: None,
        summary: None,
        key_moments: None,
        phases: None,
        ahead: None,
    }
}

/// Data of a `thinking` event: Stockfish's `info` line for its reply to 1. e4, as the server
/// reads it (white's point of view, the PV in SAN).
fn thinking() -> Thinking {
    let line = "info depth 18 seldepth 24 multipv 1 score cp -32 nodes 1204331 nps 1032000 \
                tbhits 0 time 1167 pv e7e5 g1f3 b8c6 f1b5";
    let info = parse_info(line).expect("Stockfish's info line");
    let game = parse_pgn("1. e4 *").expect("a legal PGN");
    Thinking::from_info(&info, game.position(), 1, 20).expect("a depth and a score")
}

/// What `GET /api/games/{id}/events` sends in `encoding`, by name: each event and the
/// keep-alive, framed by the server's own encoder.
pub fn stream_lines(views: &Views, encoding: Encoding) -> Vec<(&'static str, Value)> {
    let events = [
        ("game", GameEvent::Game(Arc::new(views.thinking.clone()))),
        ("thinking", GameEvent::Thinking(Arc::new(thinking()))),
        ("analysis", GameEvent::Analysis(Arc::new(analysis_event()))),
        // An engine that exited mid-search: `engine_failed`.
        (
            "engine_error",
            GameEvent::EngineFailed(Arc::new(EngineError::Eof)),
        ),
    ];
    let text = |frame: Bytes| Value::String(String::from_utf8_lossy(&frame).into_owned());
    events
        .into_iter()
        .map(|(name, event)| (name, text(encoding.encode(&event))))
        .chain([("keepalive", text(encoding.keepalive()))])
        .collect()
}

/// What `GET /api/explore` sends in `encoding`: Stockfish 15.1's three lines after 1. e4 at depth
/// 18 (its own `info` lines, read as the server reads them), the end of a search, and the rest.
pub fn explore_lines(encoding: Encoding) -> Vec<(&'static str, Value)> {
    let game = parse_pgn("1. e4 *").expect("a legal PGN");
    let position = game.position();
    let line = |score, pv: &[&str]| {
        let pv: Vec<UciMove> = pv.iter().map(|m| m.parse().expect("UCI")).collect();
        PvLine {
            score,
            moves: Line::from_uci(position, &pv).into_moves(),
        }
    };
    let snapshot = Snapshot {
        depth: 18,
        nodes: 1_204_331,
        lines: vec![
            line(Score::Cp(32), &["e7e5", "g1f3", "b8c6", "f1b5"]),
            line(Score::Cp(41), &["c7c5", "g1f3", "d7d6", "d2d4"]),
            line(Score::Cp(48), &["e7e6", "d2d4", "d7d5", "b1c3"]),
        ],
    };
    let text = |event: &ExploreEvent| {
        Value::String(String::from_utf8_lossy(&encoding.frame("explore", event)).into_owned())
    };
    vec![
        ("waiting", text(&ExploreEvent::Waiting)),
        (
            "lines",
            text(&ExploreEvent::lines(position, &snapshot, false)),
        ),
        (
            "final_lines",
            text(&ExploreEvent::lines(position, &snapshot, true)),
        ),
        ("done", text(&ExploreEvent::Done { depth: 18 })),
        (
            "stopped",
            text(&ExploreEvent::Stopped {
                reason: StopReason::Replaced,
            }),
        ),
        (
            "keepalive",
            Value::String(String::from_utf8_lossy(&encoding.keepalive()).into_owned()),
        ),
    ]
}

/// The request body examples of the operation `id` (a handler's name).
pub fn requests(id: &str) -> Vec<(&'static str, Value)> {
    match id {
        "create" => create_requests(),
        "play" => move_requests(),
        "preview" => position_requests(),
        "rate" => super::levels::rating_requests(),
        // Issue #26: positions' moves and move trees.
        "position_moves" => vec![("promotion", super::positions::moves_examples().0)],
        "read_tree" | "tree_pgn" | "keep_tree" => super::trees::tree_requests(id),
        // A practice try is a retry try: the same body.
        "retry_try" | "try_card" => super::retry::request_examples(),
        "account_estimate" => vec![("club", serde_json::json!({ "experience": "club" }))],
        _ => Vec::new(),
    }
}

/// The examples of the operation `id`'s `status` response in `content_type`.
pub fn success(
    id: &str,
    status: &str,
    content_type: &str,
    views: &Views,
) -> Vec<(&'static str, Value)> {
    let one = |name, value| vec![(name, value)];
    match (id, status) {
        ("create", "201") => one("created", created(views)),
        ("list", "200") | ("account_games", "200") => one("two_games", summaries(views)),
        ("account_estimate", "200") => one(
            "club",
            serde_json::json!({ "games": 0, "rating": 1600, "rd": 350, "prog": 0, "prov": true }),
        ),
        ("account_games" | "account_estimate" | "deck" | "try_card" | "reveal", "401") => {
            one("no_key", lichess_no_key())
        }
        ("deck" | "try_card" | "reveal", "200") => super::practice::examples(id),
        ("account_estimate", "400") => one(
            "weak_key",
            to_json(&LichessError::shown(&ErrorCode::WeakKey.example()).body()),
        ),
        ("account_games" | "account_estimate", "500") => one(
            "internal_error",
            to_json(&LichessError::shown(&ErrorCode::InternalError.example()).body()),
        ),
        ("preview", "200") => one("after_nf3", preview()),
        ("show", "200") => vec![
            ("engine_replied", game(&views.replied)),
            ("engine_thinking", game(&views.thinking)),
            ("resigned_with_its_review", game(&views.reviewed)),
        ],
        ("play", "200") => one("engine_replied", game(&views.replied)),
        ("play", "202") => one("engine_thinking", game(&views.thinking)),
        ("take_back", "200") => one("player_to_move", game(&views.started)),
        ("resign", "200") => one("resigned", game(&views.resigned)),
        ("offer_draw", "200") => one("agreed", game(&views.agreed)),
        ("claim_draw", "200") => one("threefold_repetition", game(&views.claimed)),
        ("abort", "200") => one("aborted", game(&views.aborted)),
        ("pgn", "200") => one("resigned", Value::String(views.pgn.clone())),
        ("hint", "200") => one("e4", hint()),
        ("health", "200") => one("ok", health("ok")),
        ("ready", "200") => one("ready", health("ready")),
        ("levels", "200") => one("ladder", to_json(&super::levels::levels_body())),
        ("rate", "200") => super::levels::rating_examples(),
        ("request_analysis", "202") => {
            vec![("queued", analysis_queued()), ("done", analysis_done())]
        }
        ("show_analysis", "200") => one("done", analysis_done()),
        ("stream", "200") if content_type == Encoding::Ndjson.content_type() => {
            stream_lines(views, Encoding::Ndjson)
        }
        ("stream", "200") => stream_lines(views, Encoding::Sse),
        ("explore", "200") if content_type == Encoding::Ndjson.content_type() => {
            explore_lines(Encoding::Ndjson)
        }
        ("explore", "200") => explore_lines(Encoding::Sse),
        ("human_moves", "200") => one("after_e4", super::human_moves::example()),
        ("retry_list" | "retry_try" | "retry_reveal", "200") => super::retry::examples(id),
        // Issue #26: positions' moves and move trees.
        ("position_moves", "200") => one("promotion", super::positions::moves_examples().1),
        ("read_tree" | "tree_pgn" | "show_tree" | "keep_tree", "200") => {
            super::trees::tree_successes(id)
        }
        _ => Vec::new(),
    }
}
