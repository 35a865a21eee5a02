//! The position cache (`position_cache.rs`) in PostgreSQL: one `analysis_cache` table for every
//! server. Reads go through the pool (one indexed query for a chunk's keys); the answers and the
//! "use" of hits go through the writer (`writer.rs`).

use super::{PgSettings, PgStore};
use crate::games::model::error::StoreError;
use crate::games::store::position_cache::{CacheKey, CachedAnswer};

impl PgStore {
    /// The cached answers under `keys`, in their order.
    pub(super) async fn read_cache(
        &self,
        keys: &[CacheKey],
    ) -> Result<Vec<Option<CachedAnswer>>, StoreError> {
        let failed = |error| StoreError::backend("reading the analysis cache", error);
        let texts: Vec<&str> = keys.iter().map(CacheKey::as_str).collect();
        let client = self.client("reading the analysis cache").await?;
        let statement = client
            .prepare_cached(
                "SELECT key, cp, mate, best, pv, depth, nodes, second_cp, second_mate
                 FROM analysis_cache WHERE key = ANY($1)",
            )
            .await
            .map_err(failed)?;
        let rows = client.query(&statement, &[&texts]).await.map_err(failed)?;
        let mut found = std::collections::HashMap::with_capacity(rows.len());
        for row in &rows {
            let answer = CachedAnswer {
                cp: row.get(1),
                mate: row.get(2),
                best: row.get(3),
                pv: row.get(4),
                depth: row.get(5),
                nodes: row.get(6),
                second_cp: row.get(7),
                second_mate: row.get(8),
            };
            found.insert(row.get::<_, String>(0), answer);
        }
        Ok(keys
            .iter()
            .map(|key| found.get(key.as_str()).cloned())
            .collect())
    }
}

/// The cache's bound as PostgreSQL counts.
pub(super) fn cache_bound(settings: &PgSettings) -> i64 {
    i64::try_from(settings.cache_positions).unwrap_or(i64::MAX)
}
