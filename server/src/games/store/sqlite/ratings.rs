//! The keys' ratings in SQLite (`SCHEMA_V15_RATINGS`): read, and a rated game counted once per
//! game id in one transaction, so a game seen ending twice (a retry, a restart) counts once.
//! The [`RatingStore`] asks the writer thread, in order with the game writes.

use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};

use super::write::{answered, Write};
use super::SqliteStore;
use crate::games::model::ladder::{Glicko2, KeyRating, RatedGame};
use crate::games::store::{Pending, RatingStore};
use crate::token::TokenHash;

impl RatingStore for SqliteStore {
    fn rating(&self, key: &TokenHash) -> Pending<'_, Option<KeyRating>> {
        let read = self.read(|reply| Write::LoadRating(key.to_hex(), reply));
        Box::pin(async move { answered(read?).await })
    }

    fn rate(&self, key: &TokenHash, game: &RatedGame) -> Pending<'_, KeyRating> {
        let read = self.read(|reply| Write::Rate(key.to_hex(), Box::new(game.clone()), reply));
        Box::pin(async move { answered(read?).await })
    }

    fn estimate(&self, key: &TokenHash, start: &Glicko2) -> Pending<'_, KeyRating> {
        let read = self.read(|reply| Write::Estimate(key.to_hex(), *start, reply));
        Box::pin(async move { answered(read?).await })
    }
}

/// The rating kept for the key whose token hash is `key_hash`, if any.
pub fn load_rating(conn: &Connection, key_hash: &str) -> rusqlite::Result<Option<KeyRating>> {
    conn.query_row(
        "SELECT rating, deviation, volatility, games, prog FROM ratings WHERE key_hash = ?1",
        [key_hash],
        |row| {
            Ok(KeyRating {
                rating: Glicko2 {
                    rating: row.get(0)?,
                    deviation: row.get(1)?,
                    volatility: row.get(2)?,
                },
                games: row.get(3)?,
                prog: row.get(4)?,
            })
        },
    )
    .optional()
}

/// Counts `game` for the key (once per game id); the key's rating after it.
pub fn rate(
    conn: &mut Connection,
    key_hash: &str,
    game: &RatedGame,
    now: i64,
) -> rusqlite::Result<KeyRating> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let new = tx.execute(
        "INSERT OR IGNORE INTO rated_games (game_id, key_hash) VALUES (?1, ?2)",
        params![game.game_id, key_hash],
    )?;
    let before = load_rating(&tx, key_hash)?.unwrap_or_else(KeyRating::new_player);
    if new == 0 {
        return Ok(before);
    }
    let after = before.after(&game.score);
    tx.execute(
        "INSERT INTO ratings (key_hash, rating, deviation, volatility, games, prog, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
         ON CONFLICT (key_hash) DO UPDATE SET rating = excluded.rating,
             deviation = excluded.deviation, volatility = excluded.volatility,
             games = excluded.games, prog = excluded.prog, updated_at = excluded.updated_at",
        params![
            key_hash,
            after.rating.rating,
            after.rating.deviation,
            after.rating.volatility,
            after.games,
            after.prog,
            now
        ],
    )?;
    tx.commit()?;
    Ok(after)
}

/// Starts the key from `start` while it has counted no rated game; its rating after.
pub fn estimate(
    conn: &mut Connection,
    key_hash: &str,
    start: &Glicko2,
    now: i64,
) -> rusqlite::Result<KeyRating> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    tx.execute(
        "INSERT INTO ratings (key_hash, rating, deviation, volatility, games, prog, updated_at)
         VALUES (?1, ?2, ?3, ?4, 0, 0, ?5)
         ON CONFLICT (key_hash) DO UPDATE SET rating = excluded.rating,
             deviation = excluded.deviation, volatility = excluded.volatility,
             updated_at = excluded.updated_at
         WHERE ratings.games = 0",
        params![
            key_hash,
            start.rating,
            start.deviation,
            start.volatility,
            now
        ],
    )?;
    let after = load_rating(&tx, key_hash)?.unwrap_or_else(KeyRating::new_player);
    tx.commit()?;
    Ok(after)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::model::ladder::GameScore;

    #[test]
    fn a_game_counts_once_for_its_key_and_not_for_another() {
        let mut conn = Connection::open_in_memory().expect("sqlite");
        crate::games::store::migrations::migrate(&mut conn).expect("schema");
        let game = RatedGame {
            game_id: "abcdefghijkl".into(),
            score: GameScore {
                opponent_rating: 1500.0,
                opponent_deviation: 50.0,
                score: 1.0,
            },
        };
        let once = rate(&mut conn, "k1", &game, 0).expect("rates");
        let twice = rate(&mut conn, "k1", &game, 1).expect("rates again");
        assert_eq!(once, twice);
        assert_eq!(once.games, 1);
        assert_eq!(load_rating(&conn, "k1").expect("reads"), Some(once));
        assert_eq!(load_rating(&conn, "k2").expect("reads"), None);
    }
}
