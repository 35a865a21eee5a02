//! Contract tests: our lichess lines against lichess's own description of them.
//!
//! The field lists below are written by hand from lichess's OpenAPI description
//! (https://github.com/lichess-org/api, commit f59dc80500ca0db2ac6669aa9bedfdef45f3e47d,
//! `doc/specs/schemas/*.yaml` and `doc/specs/tags/challenges/api-challenge-ai.yaml`). That
//! repository is under the AGPL-3.0, so no part of it is vendored here: these are facts read from
//! it (names, JSON types, which are required, enum values), each list naming its source file.

use serde_json::{json, Value};

use crate::helpers::spawn_app;
use crate::lichess::{LichessLines, KEY};

/// A JSON type as the schema names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    String,
    Integer,
    Boolean,
    Object,
    /// `oneOf: [Title, null]` and the AI opponent's `id: null`.
    StringOrNull,
    Null,
}

impl Kind {
    fn admits(self, value: &Value) -> bool {
        match self {
            Kind::String => value.is_string(),
            Kind::Integer => value.is_i64() || value.is_u64(),
            Kind::Boolean => value.is_boolean(),
            Kind::Object => value.is_object(),
            Kind::StringOrNull => value.is_string() || value.is_null(),
            Kind::Null => value.is_null(),
        }
    }
}

use Kind::*;

/// (property, type, required)
type Schema = &'static [(&'static str, Kind, bool)];

/// `GameFullEvent.yaml`.
const GAME_FULL: Schema = &[
    ("type", String, true),
    ("id", String, true),
    ("variant", Object, true),
    ("clock", Object, false),
    ("speed", String, true),
    ("perf", Object, true),
    ("rated", Boolean, true),
    ("createdAt", Integer, true),
    ("white", Object, true),
    ("black", Object, true),
    ("initialFen", String, true),
    ("state", Object, true),
    ("daysPerTurn", Integer, false),
    ("tournamentId", String, false),
];

/// `GameFullEvent.yaml`, its `clock` (milliseconds) and `perf`.
const GAME_FULL_CLOCK: Schema = &[("initial", Integer, false), ("increment", Integer, false)];
const GAME_FULL_PERF: Schema = &[("name", String, false)];

/// `GameStateEvent.yaml`.
const GAME_STATE: Schema = &[
    ("type", String, true),
    ("moves", String, true),
    ("wtime", Integer, true),
    ("btime", Integer, true),
    ("winc", Integer, true),
    ("binc", Integer, true),
    ("status", String, true),
    ("winner", String, false),
    ("wdraw", Boolean, false),
    ("bdraw", Boolean, false),
    ("wtakeback", Boolean, false),
    ("btakeback", Boolean, false),
    ("expiration", Object, false),
];

/// `GameEventPlayer.yaml`.
const GAME_EVENT_PLAYER: Schema = &[
    ("aiLevel", Integer, false),
    ("id", String, true),
    ("name", String, true),
    ("title", StringOrNull, false),
    ("rating", Integer, false),
    ("provisional", Boolean, false),
];

/// `Variant.yaml`.
const VARIANT: Schema = &[
    ("key", String, true),
    ("name", String, true),
    ("short", String, false),
];

/// `GameStatus.yaml`.
const GAME_STATUS: Schema = &[("id", Integer, true), ("name", String, true)];

/// `GameStartEvent.yaml` and `GameFinishEvent.yaml`.
const GAME_START_OR_FINISH: Schema = &[("type", String, true), ("game", Object, true)];

/// `GameEventInfo.yaml`.
const GAME_EVENT_INFO: Schema = &[
    ("fullId", String, true),
    ("gameId", String, true),
    ("fen", String, false),
    ("color", String, false),
    ("lastMove", String, false),
    ("source", String, false),
    ("status", Object, false),
    ("variant", Object, false),
    ("speed", String, false),
    ("perf", String, false),
    ("rating", Integer, false),
    ("rated", Boolean, false),
    ("hasMoved", Boolean, false),
    ("opponent", Object, false),
    ("isMyTurn", Boolean, false),
    ("secondsLeft", Integer, false),
    ("winner", String, false),
    ("ratingDiff", Integer, false),
    ("compat", Object, false),
    ("id", String, false),
    ("tournamentId", String, false),
];

/// `GameEventOpponent.yaml`, its "AI Opponent" form.
const AI_OPPONENT: Schema = &[
    ("id", Null, true),
    ("username", String, true),
    ("ai", Integer, true),
];

/// `GameCompat.yaml`.
const GAME_COMPAT: Schema = &[("bot", Boolean, false), ("board", Boolean, false)];

/// `tags/challenges/api-challenge-ai.yaml`, the 201 answer.
const CHALLENGE_AI: Schema = &[
    ("id", String, false),
    ("variant", Object, false),
    ("speed", String, false),
    ("perf", String, false),
    ("rated", Boolean, false),
    ("fen", String, false),
    ("turns", Integer, false),
    ("source", String, false),
    ("status", Object, false),
    ("createdAt", Integer, false),
    ("player", String, false),
    ("fullId", String, false),
];

/// `User.yaml` + `UserExtended.yaml`: the required fields and `title` (we send no others).
const ACCOUNT: Schema = &[
    ("id", String, true),
    ("username", String, true),
    ("url", String, true),
    ("title", StringOrNull, false),
    ("perfs", Object, false),
];

/// `Perf.yaml` (the one perf a key has here, `perfs.correspondence`).
const PERF: Schema = &[
    ("games", Integer, true),
    ("rating", Integer, true),
    ("rd", Integer, true),
    ("prog", Integer, true),
    ("prov", Boolean, false),
];

/// `GameStatusName.yaml`.
const STATUS_NAMES: &[&str] = &[
    "created",
    "started",
    "aborted",
    "mate",
    "resign",
    "stalemate",
    "timeout",
    "draw",
    "outoftime",
    "cheat",
    "noStart",
    "unknownFinish",
    "insufficientMaterialClaim",
    "variantEnd",
];

/// `GameStatusId.yaml`.
const STATUS_IDS: &[u64] = &[10, 20, 25, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 60];

/// `Speed.yaml`.
const SPEEDS: &[&str] = &[
    "ultraBullet",
    "bullet",
    "blitz",
    "rapid",
    "classical",
    "correspondence",
];

/// `VariantKey.yaml` (the ones we can send).
const VARIANT_KEYS: &[&str] = &["standard"];

/// `GameColor.yaml`.
const COLORS: &[&str] = &["white", "black"];

/// `value` has every required property of `schema`, with its type, and no property the schema
/// does not describe.
fn conforms(what: &str, value: &Value, schema: Schema) {
    let object = value
        .as_object()
        .unwrap_or_else(|| panic!("{what}: not an object: {value}"));
    for (name, kind, required) in schema {
        match object.get(*name) {
            Some(field) => assert!(kind.admits(field), "{what}.{name}: not {kind:?}: {field}"),
            None => assert!(!required, "{what}: required {name} missing: {value}"),
        }
    }
    for name in object.keys() {
        assert!(
            schema.iter().any(|(known, _, _)| known == name),
            "{what}.{name}: not in lichess's schema"
        );
    }
}

fn one_of(what: &str, value: &Value, allowed: &[&str]) {
    let text = value
        .as_str()
        .unwrap_or_else(|| panic!("{what}: not a string"));
    assert!(
        allowed.contains(&text),
        "{what}: {text} is not one of {allowed:?}"
    );
}

fn status_conforms(what: &str, status: &Value) {
    conforms(what, status, GAME_STATUS);
    one_of(what, &status["name"], STATUS_NAMES);
    let id = status["id"].as_u64().expect("an id");
    assert!(STATUS_IDS.contains(&id), "{what}: id {id}");
}

fn state_conforms(what: &str, state: &Value) {
    conforms(what, state, GAME_STATE);
    assert_eq!(state["type"], "gameState");
    one_of(what, &state["status"], STATUS_NAMES);
    if let Some(winner) = state.get("winner") {
        one_of(what, winner, COLORS);
    }
    let moves = state["moves"].as_str().expect("moves");
    for m in moves.split(' ').filter(|m| !m.is_empty()) {
        assert!(
            (4..=5).contains(&m.len()) && m.is_ascii(),
            "{what}: {m} is not UCI"
        );
    }
}

fn full_conforms(full: &Value) {
    conforms("gameFull", full, GAME_FULL);
    assert_eq!(full["type"], "gameFull");
    conforms("gameFull.variant", &full["variant"], VARIANT);
    one_of(
        "gameFull.variant.key",
        &full["variant"]["key"],
        VARIANT_KEYS,
    );
    one_of("gameFull.speed", &full["speed"], SPEEDS);
    conforms("gameFull.perf", &full["perf"], GAME_FULL_PERF);
    if let Some(clock) = full.get("clock") {
        conforms("gameFull.clock", clock, GAME_FULL_CLOCK);
    }
    conforms("gameFull.white", &full["white"], GAME_EVENT_PLAYER);
    conforms("gameFull.black", &full["black"], GAME_EVENT_PLAYER);
    state_conforms("gameFull.state", &full["state"]);
}

fn event_conforms(what: &str, event: &Value) {
    conforms(what, event, GAME_START_OR_FINISH);
    let game = &event["game"];
    conforms(what, game, GAME_EVENT_INFO);
    one_of(what, &game["color"], COLORS);
    one_of(what, &game["speed"], SPEEDS);
    one_of(what, &game["source"], &["ai"]);
    status_conforms(what, &game["status"]);
    conforms(what, &game["variant"], VARIANT);
    conforms(what, &game["opponent"], AI_OPPONENT);
    conforms(what, &game["compat"], GAME_COMPAT);
}

#[tokio::test]
async fn every_line_and_answer_we_send_is_in_lichess_s_schema() {
    let app = spawn_app().await;
    let mut events = LichessLines::open(&app, "/api/stream/event", KEY).await;
    let response = app
        .challenge_ai(
            &[
                ("level", "2"),
                ("color", "white"),
                ("clock.limit", "180"),
                ("clock.increment", "2"),
            ],
            KEY,
        )
        .await;
    let created: Value = response.json().await.expect("JSON");
    conforms("challenge/ai", &created, CHALLENGE_AI);
    status_conforms("challenge/ai.status", &created["status"]);
    one_of("challenge/ai.speed", &created["speed"], SPEEDS);
    one_of("challenge/ai.player", &created["player"], COLORS);
    let id = created["id"].as_str().expect("an id").to_owned();

    let start = events.next().await;
    assert_eq!(start["type"], "gameStart");
    event_conforms("gameStart", &start);

    let mut board = LichessLines::open(&app, &format!("/api/board/game/stream/{id}"), KEY).await;
    let full = board.next().await;
    full_conforms(&full);
    assert_eq!(
        full["clock"],
        json!({"initial": 180_000, "increment": 2_000})
    );
    app.board(&id, "move/e2e4", KEY).await;
    state_conforms("gameState", &board.next().await);
    state_conforms("gameState", &board.next().await);
    // Two moves each, so the resignation is one (before, it would abort the game).
    app.board(&id, "move/h2h3", KEY).await;
    state_conforms("gameState", &board.next().await);
    state_conforms("gameState", &board.next().await);
    app.board(&id, "resign", KEY).await;
    let last = board.next().await;
    state_conforms("gameState", &last);
    assert_eq!(last["status"], "resign");

    let finish = events.next().await;
    assert_eq!(finish["type"], "gameFinish");
    event_conforms("gameFinish", &finish);

    let account = app.get_as("/api/account", KEY).await;
    conforms("account", &account, ACCOUNT);
    conforms("perf", &account["perfs"]["correspondence"], PERF);
    // The player in the game is the account.
    assert_eq!(full["white"]["id"], account["id"]);
}

#[tokio::test]
async fn an_untimed_game_and_an_abort_are_in_lichess_s_schema_too() {
    let app = spawn_app().await;
    let id = app
        .ai_game(&[("level", "1"), ("color", "black")], KEY)
        .await;
    let mut board = LichessLines::open(&app, &format!("/api/board/game/stream/{id}"), KEY).await;
    let full = board.next().await;
    full_conforms(&full);
    assert!(full.get("clock").is_none());
    assert_eq!(full["speed"], "correspondence");
    assert_eq!(full["white"]["aiLevel"], 1);
    app.board(&id, "abort", KEY).await;
    let aborted = board.next().await;
    state_conforms("gameState", &aborted);
    assert_eq!(aborted["status"], "aborted");
}

#[tokio::test]
async fn resigning_before_two_moves_each_aborts_on_the_wire_as_lila_does() {
    let app = spawn_app().await;
    let id = app
        .ai_game(&[("level", "1"), ("color", "white")], KEY)
        .await;
    let mut board = LichessLines::open(&app, &format!("/api/board/game/stream/{id}"), KEY).await;
    full_conforms(&board.next().await);
    app.board(&id, "move/e2e4", KEY).await;
    board.next().await;
    board.next().await;
    // No draw is offered in the window (lila's `drawable`): ok, and the game goes on.
    app.board(&id, "draw/yes", KEY).await;
    app.board(&id, "resign", KEY).await;
    let last = board.next().await;
    state_conforms("gameState", &last);
    assert_eq!(last["status"], "aborted", "{last}");
    assert!(last.get("winner").is_none(), "{last}");
}
