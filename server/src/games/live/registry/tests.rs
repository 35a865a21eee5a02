//! The registry's cases: tokens, the cap, idle expiry, the served views, failed changes.

use super::*;
use crate::games::model::error::StoreError;
use crate::games::model::level::Level;
use crate::games::store::MemoryStore;
use crate::token::GameToken;
use alphachess_engine::{Color, Game};

fn registry(max: usize, idle: Duration) -> Games {
    Games::new(max, idle, 1 << 20, Arc::new(MemoryStore))
}

fn state() -> GameState {
    GameState::new(Game::default(), Color::White, Level::MAX)
}

#[test]
fn a_wrong_token_is_told_apart_from_an_unknown_game() {
    let games = registry(10, Duration::from_secs(60));
    let token = GameToken::generate().expect("randomness");
    let slot = games.insert(state(), token.hash()).expect("room");
    let id = slot.id().clone();
    assert!(games.authorized(&id, token.expose()).is_ok());
    let wrong = games.authorized(&id, "not-the-token").err();
    let unknown_id = GameId::parse("zzzzzzzzzzzz").expect("an id");
    let unknown = games.authorized(&unknown_id, token.expose()).err();
    assert!(matches!(wrong, Some(GameError::WrongToken)), "{wrong:?}");
    assert!(matches!(unknown, Some(GameError::NotFound)), "{unknown:?}");
}

#[test]
fn the_live_game_cap_is_enforced() {
    let games = registry(2, Duration::from_secs(60));
    for _ in 0..2 {
        games.insert(state(), TokenHash::of("t")).expect("room");
    }
    assert!(matches!(
        games.insert(state(), TokenHash::of("t")),
        Err(GameError::TooManyGames)
    ));
}

#[test]
fn idle_games_expire_and_touched_ones_stay() {
    let games = registry(10, Duration::ZERO);
    let slot = games.insert(state(), TokenHash::of("t")).expect("room");
    std::thread::sleep(Duration::from_millis(5));
    assert_eq!(games.expire_idle(), 1);
    assert!(games.get(slot.id()).is_err());
    assert!(games.is_empty());

    let games = registry(10, Duration::from_secs(3600));
    games.insert(state(), TokenHash::of("t")).expect("room");
    assert_eq!(games.expire_idle(), 0);
    assert_eq!(games.len(), 1);
}

#[test]
fn only_the_players_accepted_changes_refresh_the_idle_clock() {
    let games = registry(10, Duration::from_millis(300));
    let token = GameToken::generate().expect("randomness");
    let played = games.insert(state(), token.hash()).expect("room");
    let pestered = games.insert(state(), token.hash()).expect("room");
    let started = Instant::now();
    while started.elapsed() < Duration::from_millis(600) {
        // A hint is the player's activity (as is every accepted change).
        let slot = games
            .authorized(played.id(), token.expose())
            .expect("the player");
        drop(
            slot.begin_search(|_| Ok::<_, GameError>(()))
                .expect("a hint"),
        );
        assert!(games.get(pestered.id()).is_ok());
        assert!(games.authorized(pestered.id(), "a guess").is_err());
        // The player's own refused request counts for nothing either.
        let player = games
            .authorized(pestered.id(), token.expose())
            .expect("the player");
        assert!(matches!(
            player.update(GameState::take_back),
            Err(GameError::NothingToTakeBack)
        ));
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(
        games.expire_idle(),
        1,
        "readers, wrong tokens and refused takebacks kept nothing alive"
    );
    assert!(games.get(played.id()).is_ok());
    assert!(games.get(pestered.id()).is_err());
}

#[test]
fn alone_in_memory_a_full_registry_refuses_a_new_game_and_deletes_none() {
    let games = registry(2, Duration::from_secs(3600));
    let finished = games.insert(state(), TokenHash::of("t")).expect("room");
    finished
        .update(GameState::resign)
        .expect("resigned")
        .durable_later();
    let silent = games.insert(state(), TokenHash::of("t")).expect("room");
    assert!(matches!(
        games.insert(state(), TokenHash::of("t")),
        Err(GameError::TooManyGames)
    ));
    assert!(games.get(finished.id()).is_ok(), "the finished game stays");
    assert!(games.get(silent.id()).is_ok());
}

/// The JSON a fresh view of `slot` serializes to now.
fn fresh_json(slot: &GameSlot) -> serde_json::Value {
    serde_json::to_value(&*slot.view()).expect("JSON")
}

fn served_json(slot: &GameSlot) -> serde_json::Value {
    serde_json::from_slice(&slot.serialized().body).expect("JSON")
}

#[test]
fn the_served_view_is_always_the_fresh_one_and_its_tag_changes_with_it() {
    let games = registry(10, Duration::from_secs(3600));
    let slot = games.insert(state(), TokenHash::of("t")).expect("room");
    let first = slot.serialized();
    assert_eq!(served_json(&slot), fresh_json(&slot));
    assert_eq!(slot.serialized().tag, first.tag, "nothing changed");
    let mut tags = vec![first.tag];
    type Change = fn(&mut GameState) -> Result<(), GameError>;
    let changes: [Change; 4] = [
        |state| state.play_player_move(&"e4".parse().expect("notation"), None),
        |state| {
            state
                .begin_engine_turn(true)
                .map(drop)
                .ok_or(GameError::NotYourTurn)
        },
        |state| state.take_back(),
        |state| state.resign(),
    ];
    for change in changes {
        slot.update(change).expect("accepted").durable_later();
        let served = slot.serialized();
        assert_eq!(served_json(&slot), fresh_json(&slot));
        assert!(!tags.contains(&served.tag), "a new tag after every change");
        tags.push(served.tag);
    }
}

#[test]
fn a_game_read_back_serializes_no_view_until_asked_and_views_stay_within_the_budget() {
    let games = Games::new(10, Duration::from_secs(3600), 0, Arc::new(MemoryStore));
    let slot = games
        .restore(StoredGame {
            id: GameId::parse("abcdefghijkl").expect("an id"),
            token: TokenHash::of("t"),
            state: state(),
        })
        .expect("room");
    assert_eq!(games.view_bytes(), 0);
    assert_eq!(slot.view().ply, 0);
    assert_eq!(served_json(&slot), fresh_json(&slot), "rebuilt on demand");
    assert_eq!(games.view_bytes(), 0, "a budget of 0 keeps none");
}

/// A store whose write queue is full: every write is refused at once.
struct FullStore;

impl GameStore for FullStore {
    fn save(&self, _game: &GameSnapshot<'_>) -> Result<WriteTicket, StoreError> {
        Err(StoreError::Busy)
    }
    fn delete(&self, _id: &GameId) -> Result<WriteTicket, StoreError> {
        Err(StoreError::Busy)
    }
    fn durable(&self, _ticket: WriteTicket) -> crate::games::store::Durable<'_> {
        Box::pin(std::future::ready(Ok(())))
    }
    fn flush(&self) -> crate::games::store::Durable<'_> {
        Box::pin(std::future::ready(Ok(())))
    }
    fn save_analysis(
        &self,
        _id: &GameId,
        _status: crate::analysis::AnalysisStatus,
        _nodes: u64,
    ) -> Result<WriteTicket, StoreError> {
        Err(StoreError::Busy)
    }
    fn save_analysed_position(
        &self,
        _id: &GameId,
        _position: &crate::analysis::AnalysedPosition,
    ) -> Result<WriteTicket, StoreError> {
        Err(StoreError::Busy)
    }
    fn take_stored_analyses(&self) -> Vec<crate::games::store::analysis_record::AnalysisRecord> {
        Vec::new()
    }
}

#[test]
fn a_change_a_full_store_queue_refuses_is_cancelled() {
    let games = Games::new(10, Duration::from_secs(60), 1 << 20, Arc::new(FullStore));
    assert!(matches!(
        games.insert(state(), TokenHash::of("t")),
        Err(GameError::Store(StoreError::Busy))
    ));
    assert!(games.is_empty(), "a game the store refused is not created");

    let games = registry(10, Duration::from_secs(60));
    let slot = games.insert(state(), TokenHash::of("t")).expect("room");
    let slot = Games::new(10, Duration::from_secs(60), 1 << 20, Arc::new(FullStore)).slot(
        slot.id().clone(),
        TokenHash::of("t"),
        state(),
        WriteTicket::default(),
    );
    let before = slot.view();
    let refused = slot
        .update(|state| state.play_player_move(&"e4".parse().expect("notation"), None))
        .map(|changed| changed.durable_later());
    assert!(
        matches!(refused, Err(GameError::Store(StoreError::Busy))),
        "{refused:?}"
    );
    assert_eq!(
        slot.read(|state| state.game().ply()),
        0,
        "the move is not kept"
    );
    assert_eq!(slot.view(), before);
}

#[test]
fn a_failed_change_leaves_the_game_as_it_was() {
    let games = registry(10, Duration::from_secs(60));
    let slot = games.insert(state(), TokenHash::of("t")).expect("room");
    let before = slot.view();
    let result = slot.update(|state| {
        state.play_player_move(&"e4".parse().expect("notation"), None)?;
        Err::<(), _>(GameError::NotYourTurn)
    });
    assert!(result.is_err());
    assert_eq!(slot.read(|state| state.game().ply()), 0);
    assert_eq!(slot.view(), before);
}
