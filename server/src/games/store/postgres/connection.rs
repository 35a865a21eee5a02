//! How the PostgreSQL store reaches the database: the pool's size and bounds, a connection from
//! it in bounded time, and the caps on every wait (connecting, keepalives, statements), so a
//! stalled database answers 503/500 in bounded time instead of holding every game request.

use std::time::Duration;

use super::PgStore;
use crate::games::model::error::StoreError;

/// Connections in the pool (the writer holds one while it commits; lookups take the others).
pub(super) const POOL_SIZE: usize = 8;

/// The longest a request waits on PostgreSQL for one thing (a connection from the pool, a new
/// connection, a read, a batch's commit): a stalled database answers 503/500 in bounded time
/// instead of holding every game request (and `/api/ready` fails meanwhile).
pub const STORE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long the pool's check of an idle connection (`RecyclingMethod::Verified`, one empty query)
/// may take before the connection is dropped and the next one tried: a healthy session answers in
/// a millisecond, and one lost without a goodbye must not spend a request's whole
/// [`STORE_TIMEOUT`].
pub(super) const VERIFY_TIMEOUT: Duration = Duration::from_secs(2);

impl PgStore {
    /// A connection from the pool; waiting past [`STORE_TIMEOUT`] for one (every connection
    /// held by a stalled database) is [`StoreError::Unanswered`]. The bound covers the whole
    /// wait: the pool's own timeouts apply to each step of it (a place, each idle connection's
    /// check, a new connection), and a stalled database fails every check in turn.
    pub(super) async fn client(
        &self,
        doing: &str,
    ) -> Result<deadpool_postgres::Object, StoreError> {
        let unanswered = || StoreError::Unanswered {
            doing: format!("connecting for {doing}"),
            bound: STORE_TIMEOUT,
        };
        match tokio::time::timeout(STORE_TIMEOUT, self.pool.get()).await {
            Ok(Ok(client)) => Ok(client),
            Err(_) | Ok(Err(deadpool_postgres::PoolError::Timeout(_))) => Err(unanswered()),
            Ok(Err(error)) => Err(StoreError::backend(
                format!("connecting for {doing}"),
                error,
            )),
        }
    }
}

/// Caps the wait on the database: connecting, idle connections checked by TCP keepalives (a
/// peer that vanished is noticed in about 25 s rather than the kernel's two hours), unacknowledged
/// data (`tcp_user_timeout`), and each statement on the server's side (`statement_timeout`,
/// unless the URL sets its own options).
pub(super) fn bound(config: &mut tokio_postgres::Config) {
    config
        // Past the pool's bound on a new connection, so that a stalled database's connect is the
        // pool's timeout (503 `storage_busy`), not the driver's error (500).
        .connect_timeout(STORE_TIMEOUT + Duration::from_secs(1))
        .keepalives(true)
        .keepalives_idle(Duration::from_secs(10))
        .keepalives_interval(Duration::from_secs(5))
        .keepalives_retries(3)
        .tcp_user_timeout(Duration::from_secs(30));
    if config.get_options().is_none() {
        let millis = STORE_TIMEOUT.as_millis();
        config.options(format!("-c statement_timeout={millis}"));
    }
}

/// `work` if it finishes within [`STORE_TIMEOUT`], else [`StoreError::Unanswered`] saying what
/// timed out.
pub(super) async fn bounded<T>(
    doing: &str,
    work: impl std::future::Future<Output = Result<T, StoreError>>,
) -> Result<T, StoreError> {
    tokio::time::timeout(STORE_TIMEOUT, work)
        .await
        .unwrap_or_else(|_| {
            Err(StoreError::Unanswered {
                doing: doing.to_owned(),
                bound: STORE_TIMEOUT,
            })
        })
}
