//! The keys' ratings in PostgreSQL (`SCHEMA_V7_RATINGS`), shared by every server: a rated game
//! is counted once per game id, in one transaction that locks the key's row, so two servers
//! seeing games of one key end at once count both, one after the other.

use deadpool_postgres::Object;
use tokio_postgres::Row;

use super::PgStore;
use crate::games::model::error::StoreError;
use crate::games::model::ladder::{Glicko2, KeyRating, RatedGame};
use crate::games::store::{Pending, RatingStore};
use crate::token::TokenHash;

impl RatingStore for PgStore {
    fn rating(&self, key: &TokenHash) -> Pending<'_, Option<KeyRating>> {
        let key = key.to_hex();
        Box::pin(async move {
            let client = self.client("reading a rating").await?;
            load_rating(&client, &key)
                .await
                .map_err(|error| StoreError::backend("reading a rating", error))
        })
    }

    fn rate(&self, key: &TokenHash, game: &RatedGame) -> Pending<'_, KeyRating> {
        let (key, game) = (key.to_hex(), game.clone());
        Box::pin(async move {
            let mut client = self.client("rating a game").await?;
            rate(&mut client, &key, &game)
                .await
                .map_err(|error| StoreError::backend("rating a game", error))
        })
    }

    fn estimate(&self, key: &TokenHash, start: &Glicko2) -> Pending<'_, KeyRating> {
        let (key, start) = (key.to_hex(), *start);
        Box::pin(async move {
            let client = self.client("setting an estimate").await?;
            estimate(&client, &key, &start)
                .await
                .map_err(|error| StoreError::backend("setting an estimate", error))
        })
    }
}

fn key_rating(row: &Row) -> KeyRating {
    KeyRating {
        rating: Glicko2 {
            rating: row.get(0),
            deviation: row.get(1),
            volatility: row.get(2),
        },
        games: u32::try_from(row.get::<_, i64>(3)).unwrap_or(u32::MAX),
        prog: i32::try_from(row.get::<_, i64>(4)).unwrap_or_default(),
    }
}

/// The rating kept for the key whose token hash is `key_hash`, if any.
pub async fn load_rating(
    client: &Object,
    key_hash: &str,
) -> Result<Option<KeyRating>, tokio_postgres::Error> {
    let row = client
        .query_opt(
            "SELECT rating, deviation, volatility, games, prog FROM ratings WHERE key_hash = $1",
            &[&key_hash],
        )
        .await?;
    Ok(row.as_ref().map(key_rating))
}

/// Counts `game` for the key (once per game id); the key's rating after it.
pub async fn rate(
    client: &mut Object,
    key_hash: &str,
    game: &RatedGame,
) -> Result<KeyRating, tokio_postgres::Error> {
    let tx = client.transaction().await?;
    let start = KeyRating::new_player();
    // The key's row exists before it is locked, so two first games of a key queue on it.
    tx.execute(
        "INSERT INTO ratings (key_hash, rating, deviation, volatility, games, prog)
         VALUES ($1, $2, $3, $4, 0, 0) ON CONFLICT (key_hash) DO NOTHING",
        &[
            &key_hash,
            &start.rating.rating,
            &start.rating.deviation,
            &start.rating.volatility,
        ],
    )
    .await?;
    let row = tx
        .query_one(
            "SELECT rating, deviation, volatility, games, prog FROM ratings
             WHERE key_hash = $1 FOR UPDATE",
            &[&key_hash],
        )
        .await?;
    let before = key_rating(&row);
    let new = tx
        .execute(
            "INSERT INTO rated_games (game_id, key_hash) VALUES ($1, $2)
             ON CONFLICT (game_id) DO NOTHING",
            &[&game.game_id, &key_hash],
        )
        .await?;
    if new == 0 {
        tx.rollback().await?;
        return Ok(before);
    }
    let after = before.after(&game.score);
    tx.execute(
        "UPDATE ratings SET rating = $2, deviation = $3, volatility = $4, games = $5,
             prog = $6, updated_at = now() WHERE key_hash = $1",
        &[
            &key_hash,
            &after.rating.rating,
            &after.rating.deviation,
            &after.rating.volatility,
            &i64::from(after.games),
            &i64::from(after.prog),
        ],
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}

/// Starts the key from `start` while it has counted no rated game; its rating after.
pub async fn estimate(
    client: &Object,
    key_hash: &str,
    start: &Glicko2,
) -> Result<KeyRating, tokio_postgres::Error> {
    let row = client
        .query_opt(
            "INSERT INTO ratings (key_hash, rating, deviation, volatility, games, prog, updated_at)
             VALUES ($1, $2, $3, $4, 0, 0, now())
             ON CONFLICT (key_hash) DO UPDATE SET rating = excluded.rating,
                 deviation = excluded.deviation, volatility = excluded.volatility,
                 updated_at = excluded.updated_at
             WHERE ratings.games = 0
             RETURNING rating, deviation, volatility, games, prog",
            &[
                &key_hash,
                &start.rating,
                &start.deviation,
                &start.volatility,
            ],
        )
        .await?;
    match row {
        Some(row) => Ok(key_rating(&row)),
        // The WHERE kept a key with games as it was: no row comes back.
        None => Ok(load_rating(client, key_hash)
            .await?
            .unwrap_or_else(KeyRating::new_player)),
    }
}
