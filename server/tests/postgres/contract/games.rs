//! The games' part of the contract: a change is kept once its ticket resolves, in order, and
//! what a game holds (its players, its kept tree, its variant) is read back, also from a row
//! written before the release that stored it.

use alphachess_engine::{CastlingMode, Color, Game, Position};
use alphachess_server::games::stores::{GameSnapshot, Players, StoredTree, WriteTicket};
use alphachess_server::games::{import_pgn, parse_pgn_tree, GameState, Level, StoreError};

use super::{uci_moves, Backend, Played};
use crate::cluster::connect;

pub async fn a_new_game_is_read_back_once_its_ticket_resolves(backend: Backend) {
    let store = backend.open().await.expect("opens");
    let game = Played::new("aaaaaaaaaaaa", 1);
    let ticket = game.save_new(store.as_ref());
    store.durable(ticket).await.expect("committed");
    let back = backend.read_back(&game.id).await.expect("stored");
    assert!(back.token.verify("secret"));
    assert_eq!(back.state.player(), Color::White);
    assert_eq!(back.state.game().ply(), 0);
}

pub async fn every_acknowledged_change_is_kept_in_order(backend: Backend) {
    let store = backend.open().await.expect("opens");
    let mut game = Played::new("bbbbbbbbbbbb", 1);
    game.save_new(store.as_ref());
    let mut last = WriteTicket::default();
    for text in ["e4", "e5", "Nf3"] {
        last = game.play(store.as_ref(), text);
    }
    store.durable(last).await.expect("committed");
    let back = backend.read_back(&game.id).await.expect("stored");
    assert_eq!(uci_moves(&back), ["e2e4", "e7e5", "g1f3"]);
}

pub async fn a_deleted_game_is_gone(backend: Backend) {
    let store = backend.open().await.expect("opens");
    let game = Played::new("cccccccccccc", 1);
    game.save_new(store.as_ref());
    let gone = store.delete(&game.id).expect("queued");
    store.durable(gone).await.expect("committed");
    assert!(backend.read_back(&game.id).await.is_none());
}

pub async fn a_flush_waits_for_every_queued_write(backend: Backend) {
    let store = backend.open().await.expect("opens");
    store.flush().await.expect("nothing to wait for");
    let games = ["dddddddddddd", "eeeeeeeeeeee", "ffffffffffff"].map(|id| Played::new(id, 1));
    for game in &games {
        game.save_new(store.as_ref());
    }
    store.flush().await.expect("committed");
    for game in &games {
        assert!(backend.read_back(&game.id).await.is_some(), "{}", game.id);
    }
}

pub async fn a_database_from_a_newer_release_is_refused(backend: Backend) {
    drop(backend.open().await.expect("creates the schema"));
    backend.make_schema_newer().await;
    let error = backend.open().await.err().expect("refused");
    assert!(matches!(error, StoreError::NewerSchema { .. }), "{error}");
}

pub async fn a_finished_pgns_players_are_read_back_and_a_row_without_them_has_none(
    backend: Backend,
) {
    let store = backend.open().await.expect("opens");
    let mate = "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. f3 e5 2. g4 Qh4# 0-1";
    let imported = import_pgn(mate).expect("a finished PGN");
    let mut game = Played::new("gggggggggggg", 1);
    game.state =
        GameState::new(imported.game, Color::White, Level::MAX).with_players(imported.players);
    let ticket = game.save_new(store.as_ref());
    store.durable(ticket).await.expect("committed");
    let back = backend.read_back(&game.id).await.expect("stored");
    assert_eq!(
        back.state.players(),
        Some(&Players::new(Some("Anna"), Some("Ben")))
    );
    assert!(back.state.is_finished());

    // A row written before the players were stored.
    match &backend {
        Backend::Sqlite { path, .. } => {
            rusqlite::Connection::open(path)
                .and_then(|conn| conn.execute("UPDATE games SET players = NULL", []))
                .expect("cleared");
        }
        Backend::Postgres { url } => {
            connect(url)
                .await
                .execute("UPDATE games SET record = record - 'players'", &[])
                .await
                .expect("cleared");
        }
    }
    let back = backend.read_back(&game.id).await.expect("still loads");
    assert_eq!(back.state.players(), None);
    assert!(back.state.is_finished());
}

pub async fn a_kept_tree_is_read_back_with_its_game_and_a_row_without_one_has_none(
    backend: Backend,
) {
    let store = backend.open().await.expect("opens");
    let imported = import_pgn("1. f3 e5 2. g4 Qh4# 0-1").expect("a finished PGN");
    let mut game = Played::new("tttttttttttt", 1);
    game.state = GameState::new(imported.game, Color::White, Level::MAX);
    let ticket = game.save_new(store.as_ref());
    store.durable(ticket).await.expect("committed");
    let tree = parse_pgn_tree("1. f3 e5 2. g4 (2. e4 { no mate }) 2... Qh4# *").expect("a tree");
    let kept = StoredTree::for_game(game.state.game(), &tree).expect("holds the game");
    let mut changed = game.state.clone();
    changed
        .keep_tree(kept.clone(), game.state.version())
        .expect("a finished game keeps a tree");
    let ticket = store
        .save(&GameSnapshot {
            id: &game.id,
            token: &game.token,
            state: &changed,
            base: Some(game.state.version()),
            copy: game.copy,
        })
        .expect("queued");
    store.durable(ticket).await.expect("committed");
    let back = backend.read_back(&game.id).await.expect("stored");
    assert_eq!(back.state.tree(), Some(&kept));
    assert_eq!(back.state.tree().map(StoredTree::tree), Some(tree));

    // A row written before trees were stored.
    match &backend {
        Backend::Sqlite { path, .. } => {
            rusqlite::Connection::open(path)
                .and_then(|conn| conn.execute("UPDATE games SET tree = NULL", []))
                .expect("cleared");
        }
        Backend::Postgres { url } => {
            connect(url)
                .await
                .execute("UPDATE games SET record = record - 'tree'", &[])
                .await
                .expect("cleared");
        }
    }
    let back = backend.read_back(&game.id).await.expect("still loads");
    assert_eq!(back.state.tree(), None);
}

pub async fn a_chess960_game_without_castling_rights_is_read_back_as_chess960(backend: Backend) {
    let store = backend.open().await.expect("opens");
    let start = Position::from_fen_with_mode(
        "bnrqkbrn/pppppppp/8/8/8/8/PPPPPPPP/BNRQKBRN w - - 0 1",
        CastlingMode::Chess960,
    )
    .expect("valid");
    let mut game = Played::new("hhhhhhhhhhhh", 1);
    game.state = GameState::new(Game::new(start), Color::White, Level::MAX);
    let ticket = game.save_new(store.as_ref());
    store.durable(ticket).await.expect("committed");
    let back = backend.read_back(&game.id).await.expect("stored");
    assert!(back.state.game().initial_position().is_chess960());

    // A row written before the variant was stored: read from its FEN, as then.
    match &backend {
        Backend::Sqlite { path, .. } => {
            rusqlite::Connection::open(path)
                .and_then(|conn| conn.execute("UPDATE games SET variant = NULL", []))
                .expect("cleared");
        }
        Backend::Postgres { url } => {
            connect(url)
                .await
                .execute("UPDATE games SET record = record - 'variant'", &[])
                .await
                .expect("cleared");
        }
    }
    let back = backend.read_back(&game.id).await.expect("still loads");
    assert!(!back.state.game().initial_position().is_chess960());
}

contract!(
    a_new_game_is_read_back_once_its_ticket_resolves,
    every_acknowledged_change_is_kept_in_order,
    a_deleted_game_is_gone,
    a_flush_waits_for_every_queued_write,
    a_database_from_a_newer_release_is_refused,
    a_finished_pgns_players_are_read_back_and_a_row_without_them_has_none,
    a_kept_tree_is_read_back_with_its_game_and_a_row_without_one_has_none,
    a_chess960_game_without_castling_rights_is_read_back_as_chess960,
);
