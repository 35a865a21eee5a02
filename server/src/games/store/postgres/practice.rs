//! The practice cards' schedules in PostgreSQL (`SCHEMA_V8_PRACTICE`), shared by every server:
//! read and written through the pool, each save its own statement (a card is graded by one
//! request at a time), and only for a stored game.

use super::connection::bounded;
use super::PgStore;
use crate::games::model::error::StoreError;
use crate::games::model::id::GameId;
use crate::games::store::practice_record::PracticeRecord;
use crate::games::store::{Pending, PracticeStore};

impl PracticeStore for PgStore {
    fn records(&self, games: &[GameId]) -> Pending<'_, Vec<PracticeRecord>> {
        let games: Vec<String> = games.iter().map(GameId::to_string).collect();
        Box::pin(bounded("reading practice cards", async move {
            let failed = |error| StoreError::backend("reading practice cards", error);
            let client = self.client("reading practice cards").await?;
            let rows = client
                .query(
                    "SELECT game_id, ply, phase, step, stability, difficulty, due, last_review,
                            failed_try FROM practice_cards WHERE game_id = ANY($1)",
                    &[&games],
                )
                .await
                .map_err(failed)?;
            Ok(rows
                .iter()
                .map(|row| PracticeRecord {
                    game_id: row.get(0),
                    ply: row.get(1),
                    phase: row.get(2),
                    step: row.get(3),
                    stability: row.get(4),
                    difficulty: row.get(5),
                    due: row.get(6),
                    last_review: row.get(7),
                    failed_try: row.get(8),
                })
                .collect())
        }))
    }

    fn save_record(&self, record: &PracticeRecord) -> Pending<'_, ()> {
        let r = record.clone();
        Box::pin(bounded("saving a practice card", async move {
            let failed = |error| StoreError::backend("saving a practice card", error);
            let client = self.client("saving a practice card").await?;
            // Only for a stored game (the foreign key would refuse it anyway, as an error).
            client
                .execute(
                    "INSERT INTO practice_cards (game_id, ply, phase, step, stability,
                         difficulty, due, last_review, failed_try)
                     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9
                     WHERE EXISTS (SELECT 1 FROM games WHERE id = $1)
                     ON CONFLICT (game_id, ply) DO UPDATE SET phase = excluded.phase,
                         step = excluded.step, stability = excluded.stability,
                         difficulty = excluded.difficulty, due = excluded.due,
                         last_review = excluded.last_review, failed_try = excluded.failed_try",
                    &[
                        &r.game_id,
                        &r.ply,
                        &r.phase,
                        &r.step,
                        &r.stability,
                        &r.difficulty,
                        &r.due,
                        &r.last_review,
                        &r.failed_try,
                    ],
                )
                .await
                .map_err(failed)?;
            Ok(())
        }))
    }
}
