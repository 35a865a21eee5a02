//! What the PostgreSQL store does because several servers share it ([`SharedStore`]): leases on
//! the engine's replies (renewed while the search runs, claimed once expired), the changes other
//! servers make, a key's games wherever they are, and this server's name in the lease columns.

use tokio::sync::broadcast;

use super::PgStore;
use crate::games::model::error::StoreError;
use crate::games::model::id::GameId;
use crate::games::store::{Change, Claimed, Holding, Pending, SharedStore};
use crate::token::TokenHash;

impl PgStore {
    fn lease_ms(&self) -> i64 {
        i64::try_from(self.lease.as_millis()).unwrap_or(i64::MAX)
    }

    /// Renews the lease every third of its length; `false` once it is no longer ours.
    async fn renew(&self, id: &str, version: i64) -> Result<bool, StoreError> {
        let client = self.client("renewing a lease").await?;
        let renewed = client
            .execute(
                "UPDATE games SET engine_until = now() + $4::bigint * interval '1 millisecond'
                 WHERE id = $1 AND version = $2 AND engine_owner = $3",
                &[&id, &version, &self.instance, &self.lease_ms()],
            )
            .await
            .map_err(|error| StoreError::backend("renewing a lease", error))?;
        Ok(renewed == 1)
    }
}

/// A name no other server has: the host's and a random suffix.
pub(super) fn instance_name() -> Result<String, StoreError> {
    let mut bytes = [0u8; 6];
    getrandom::fill(&mut bytes).map_err(|error| {
        StoreError::backend(
            "naming this server",
            std::io::Error::other(error.to_string()),
        )
    })?;
    let suffix: String = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
    let host = std::fs::read_to_string("/etc/hostname").unwrap_or_default();
    Ok(format!("{}-{suffix}", host.trim()))
}

/// The duties of a store other servers share: leases on the engine's replies, their takeover,
/// the changes other servers make, and a key's games wherever they are.
impl SharedStore for PgStore {
    fn hold_lease(&self, id: &GameId, version: u64) -> Holding<'_> {
        let id = id.to_string();
        let version = i64::try_from(version).unwrap_or(i64::MAX);
        Box::pin(async move {
            let mut ticks = tokio::time::interval(self.lease / 3);
            ticks.tick().await;
            loop {
                ticks.tick().await;
                match self.renew(&id, version).await {
                    Ok(true) => {}
                    Ok(false) => {
                        // The game moved on or another server claimed it: its version check
                        // keeps the reply to one; nothing left to renew.
                        tracing::info!(game = %id, "the lease on the engine's reply is gone");
                        return std::future::pending().await;
                    }
                    Err(error) => tracing::warn!(%error, game = %id, "could not renew a lease"),
                }
            }
        })
    }

    fn claim_expired_leases(&self, limit: usize) -> Pending<'_, Vec<Claimed>> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        Box::pin(async move {
            let client = self.client("claiming leases").await?;
            let rows = client
                .query(
                    "UPDATE games SET engine_owner = $1,
                            engine_until = now() + $2::bigint * interval '1 millisecond'
                     WHERE id IN (SELECT id FROM games
                                  WHERE engine_owner IS NOT NULL AND engine_until < now()
                                  ORDER BY engine_until LIMIT $3 FOR UPDATE SKIP LOCKED)
                     RETURNING id, version",
                    &[&self.instance, &self.lease_ms(), &limit],
                )
                .await
                .map_err(|error| StoreError::backend("claiming leases", error))?;
            Ok(rows
                .iter()
                .filter_map(|row| {
                    let id = GameId::parse(row.get::<_, &str>(0))?;
                    let version = u64::try_from(row.get::<_, i64>(1)).ok()?;
                    Some(Claimed { id, version })
                })
                .collect())
        })
    }

    fn changes(&self) -> broadcast::Receiver<Change> {
        self.changes.subscribe()
    }

    fn owned_games(&self, owner: &TokenHash, limit: usize) -> Pending<'_, Vec<GameId>> {
        let owner = owner.to_hex();
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        Box::pin(async move {
            let failed = |error| StoreError::backend("listing a key's games", error);
            let client = self.client("listing a key's games").await?;
            let rows = client
                .query(
                    "SELECT id FROM games WHERE record->>'token_hash' = $1
                     ORDER BY updated_at DESC LIMIT $2",
                    &[&owner, &limit],
                )
                .await
                .map_err(failed)?;
            Ok(rows
                .iter()
                .filter_map(|row| GameId::parse(row.get::<_, &str>(0)))
                .collect())
        })
    }
}
