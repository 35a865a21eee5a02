//! The practice cards' schedules in the SQLite file (`SCHEMA_V14_PRACTICE`), written and read
//! only by the store's writer thread, in order with the game writes.

use rusqlite::{params, params_from_iter, Connection, Transaction};

use super::write::{answered, Write};
use super::SqliteStore;
use crate::games::model::id::GameId;
use crate::games::store::practice_record::PracticeRecord;
use crate::games::store::{GameStore, Pending, PracticeStore};

impl PracticeStore for SqliteStore {
    fn records(&self, games: &[GameId]) -> Pending<'_, Vec<PracticeRecord>> {
        let games = games.iter().map(GameId::to_string).collect();
        match self.read(|reply| Write::LoadPractice(games, reply)) {
            Ok(read) => Box::pin(answered(read)),
            Err(error) => Box::pin(std::future::ready(Err(error))),
        }
    }

    fn save_record(&self, record: &PracticeRecord) -> Pending<'_, ()> {
        match self.queue.push(Write::Practice(Box::new(record.clone()))) {
            Ok(ticket) => self.durable(ticket),
            Err(error) => Box::pin(std::future::ready(Err(error))),
        }
    }
}

/// Keeps `record`, replacing the card's row.
pub fn save(tx: &Transaction<'_>, record: &PracticeRecord) -> rusqlite::Result<()> {
    let mut upsert = tx.prepare_cached(
        "INSERT OR REPLACE INTO practice_cards
             (game_id, ply, phase, step, stability, difficulty, due, last_review, failed_try)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    upsert.execute(params![
        record.game_id,
        record.ply,
        record.phase,
        record.step,
        record.stability,
        record.difficulty,
        record.due,
        record.last_review,
        record.failed_try,
    ])?;
    Ok(())
}

/// Forgets a game's cards (the game is deleted).
pub fn delete(tx: &Transaction<'_>, game_id: &str) -> rusqlite::Result<()> {
    tx.prepare_cached("DELETE FROM practice_cards WHERE game_id = ?1")?
        .execute([game_id])?;
    Ok(())
}

/// The rows of the cards of `games`.
pub fn load(conn: &Connection, games: &[String]) -> rusqlite::Result<Vec<PracticeRecord>> {
    let mut records = Vec::new();
    // SQLite's default limit of bound parameters is 999 (older builds).
    for chunk in games.chunks(500) {
        let marks = vec!["?"; chunk.len()].join(", ");
        let mut query = conn.prepare(&format!(
            "SELECT game_id, ply, phase, step, stability, difficulty, due, last_review,
                    failed_try FROM practice_cards WHERE game_id IN ({marks})"
        ))?;
        let rows = query.query_map(params_from_iter(chunk), |row| {
            Ok(PracticeRecord {
                game_id: row.get(0)?,
                ply: row.get(1)?,
                phase: row.get(2)?,
                step: row.get(3)?,
                stability: row.get(4)?,
                difficulty: row.get(5)?,
                due: row.get(6)?,
                last_review: row.get(7)?,
                failed_try: row.get(8)?,
            })
        })?;
        for row in rows {
            records.push(row?);
        }
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use alphachess_engine::{Color, Game};

    use crate::games::model::id::GameId;
    use crate::games::model::level::Level;
    use crate::games::model::state::GameState;
    use crate::games::store::practice_record::PracticeRecord;
    use crate::games::store::sqlite::SqliteStore;
    use crate::games::store::{GameSnapshot, GameStore};
    use crate::token::TokenHash;

    fn record(game: &str, ply: i64) -> PracticeRecord {
        PracticeRecord {
            game_id: game.to_owned(),
            ply,
            phase: "learning".to_owned(),
            step: Some(1),
            stability: Some(2.3065),
            difficulty: Some(2.118_103_970_459_016),
            due: 1_767_226_200,
            last_review: Some(1_767_225_600),
            failed_try: false,
        }
    }

    #[tokio::test]
    async fn a_cards_schedule_survives_a_restart_and_goes_with_its_game() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("games.db");
        let path = path.to_str().expect("utf-8");
        let id = GameId::parse("abcdefghijkl").expect("an id");
        let other = GameId::parse("mnopqrstuvwx").expect("an id");
        {
            let (store, _) = SqliteStore::open(path, 10).expect("opens");
            let state = GameState::new(Game::default(), Color::White, Level::MAX);
            let token = TokenHash::of("k");
            let snapshot = GameSnapshot {
                id: &id,
                token: &token,
                state: &state,
                base: None,
                copy: 0,
            };
            let saved = store.save(&snapshot).expect("queued");
            store.durable(saved).await.expect("committed");
            store
                .practice()
                .save_record(&record("abcdefghijkl", 6))
                .await
                .expect("kept");
            let mut graded = record("abcdefghijkl", 6);
            graded.failed_try = true;
            store
                .practice()
                .save_record(&graded)
                .await
                .expect("replaced");
            store
                .practice()
                .save_record(&record("mnopqrstuvwx", 3))
                .await
                .expect("kept");
            store.flush().await.expect("flushed");
            store.close();
        }
        let (store, _) = SqliteStore::open(path, 10).expect("opens again");
        let mut graded = record("abcdefghijkl", 6);
        graded.failed_try = true;
        assert_eq!(
            store
                .practice()
                .records(std::slice::from_ref(&id))
                .await
                .expect("read"),
            [graded]
        );
        let gone = store.delete(&id).expect("queued");
        store.durable(gone).await.expect("committed");
        let left = store.practice().records(&[id, other]).await.expect("read");
        assert_eq!(left, [record("mnopqrstuvwx", 3)]);
    }
}
