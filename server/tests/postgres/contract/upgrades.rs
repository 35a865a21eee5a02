//! A PostgreSQL database written by an older release upgrades when a store opens it, and keeps
//! its games.

use alphachess_server::games::stores::{PG_SCHEMA_VERSION, STEPS_OF_16};

use super::cache::{cache_all, cached, cached_under};
use super::{Backend, Played};
use crate::cluster::{cluster, connect};

#[tokio::test]
async fn games_of_the_first_ladder_play_on_as_the_step_they_became() {
    let url = cluster().database().await;
    let backend = Backend::Postgres { url: url.clone() };
    let store = backend.open().await.expect("creates the schema");
    let games: Vec<Played> = (1..=16u8)
        .map(|step| Played::new(&format!("renumber{step:04}"), 1))
        .collect();
    for game in &games {
        store
            .durable(game.save_new(store.as_ref()))
            .await
            .expect("committed");
    }
    drop(store);
    // As the first ladder's release left them: each game at its step of 16, schema version 5.
    let db = connect(&url).await;
    for (step, game) in (1..=16i32).zip(&games) {
        db.execute(
            "UPDATE games SET record = jsonb_set(record, '{level}', to_jsonb($2::int)) \
             WHERE id = $1",
            &[&game.id.as_str(), &step],
        )
        .await
        .expect("an old step");
    }
    db.batch_execute("UPDATE alphachess_schema SET version = 5;")
        .await
        .expect("downgraded");
    backend.open().await.expect("upgrades");
    let mut now = Vec::new();
    for game in &games {
        let row = db
            .query_one(
                "SELECT (record->>'level')::int FROM games WHERE id = $1",
                &[&game.id.as_str()],
            )
            .await
            .expect("the game is kept");
        now.push(u8::try_from(row.get::<_, i32>(0)).expect("a step"));
        let read = backend.read_back(&game.id).await.expect("loads");
        assert_eq!(read.state.level().get(), *now.last().expect("pushed"));
    }
    assert_eq!(now, STEPS_OF_16);
}

#[tokio::test]
async fn a_database_from_before_the_analysis_cache_upgrades_and_keeps_its_games() {
    let url = cluster().database().await;
    let backend = Backend::Postgres { url: url.clone() };
    let store = backend.open().await.expect("creates the schema");
    let game = Played::new("nnnnnnnnnnnn", 1);
    store
        .durable(game.save_new(store.as_ref()))
        .await
        .expect("committed");
    drop(store);
    // As the release before the cache left it.
    connect(&url)
        .await
        .batch_execute(
            "DROP TABLE analysis_cache; DROP SEQUENCE analysis_cache_used;
             ALTER TABLE analysed_positions DROP COLUMN second_cp, DROP COLUMN second_mate;
             UPDATE alphachess_schema SET version = 3;",
        )
        .await
        .expect("downgraded");
    let store = backend.open().await.expect("upgrades");
    assert!(
        backend.read_back(&game.id).await.is_some(),
        "the game is kept"
    );
    cache_all(store.as_ref(), &[(1, cached(5))]).await;
    assert_eq!(cached_under(store.as_ref(), &[1]).await, [Some(cached(5))]);
    let version: i32 = connect(&url)
        .await
        .query_one("SELECT version FROM alphachess_schema", &[])
        .await
        .expect("read")
        .get(0);
    assert_eq!(u32::try_from(version).expect("positive"), PG_SCHEMA_VERSION);
}
