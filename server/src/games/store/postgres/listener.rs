//! Follows `LISTEN alphachess_games` on a connection of its own and hands every change on as a
//! [`Change`]; reconnects with a doubling backoff when the connection drops, and then says
//! [`Change::Resync`] (notifications sent meanwhile are lost).

use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::broadcast;
use tokio_postgres::{AsyncMessage, NoTls};
use tokio_util::sync::CancellationToken;

use super::schema::CHANNEL;
use crate::games::model::id::GameId;
use crate::games::store::Change;

/// The first wait before reconnecting; doubled up to [`MAX_BACKOFF`].
const FIRST_BACKOFF: Duration = Duration::from_millis(100);
const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// Listens until `stop` is cancelled.
pub async fn listen(
    config: tokio_postgres::Config,
    changes: broadcast::Sender<Change>,
    stop: CancellationToken,
) {
    let mut backoff = FIRST_BACKOFF;
    loop {
        let reason = tokio::select! {
            reason = follow(&config, &changes, &mut backoff) => reason,
            () = stop.cancelled() => return,
        };
        tracing::warn!(%reason, ?backoff, "lost the PostgreSQL notifications; reconnecting");
        tokio::select! {
            () = tokio::time::sleep(backoff) => {}
            () = stop.cancelled() => return,
        }
        backoff = (backoff * 2).min(MAX_BACKOFF);
    }
}

/// One connection's life: `LISTEN`, then every notification until it fails; why it ended.
async fn follow(
    config: &tokio_postgres::Config,
    changes: &broadcast::Sender<Change>,
    backoff: &mut Duration,
) -> String {
    let (client, mut connection) = match config.connect(NoTls).await {
        Ok(connected) => connected,
        Err(error) => return error.to_string(),
    };
    // The connection must be polled for LISTEN to complete, so both run in one loop.
    let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
    let query = format!("LISTEN {CHANNEL}");
    let listen = client.batch_execute(&query);
    tokio::pin!(listen);
    let mut listening = false;
    loop {
        tokio::select! {
            result = &mut listen, if !listening => {
                if let Err(error) = result {
                    return error.to_string();
                }
                listening = true;
                *backoff = FIRST_BACKOFF;
                // Whatever changed before this connection listened is unknown.
                let _ = changes.send(Change::Resync);
            }
            message = messages.next() => match message {
                Some(Ok(AsyncMessage::Notification(note))) => {
                    if let Some(change) = parse(note.payload()) {
                        // An error only means nobody follows the changes.
                        let _ = changes.send(change);
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(error)) => return error.to_string(),
                None => return "the connection closed".into(),
            },
        }
    }
}

/// `<id> <version>`, as the trigger writes it.
fn parse(payload: &str) -> Option<Change> {
    let (id, version) = payload.split_once(' ')?;
    Some(Change::Game {
        id: GameId::parse(id)?,
        version: version.parse().ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notification_names_a_game_and_its_version_and_garbage_names_nothing() {
        assert_eq!(
            parse("abcdefghijkl 7"),
            Some(Change::Game {
                id: GameId::parse("abcdefghijkl").expect("an id"),
                version: 7
            })
        );
        for garbage in ["", "abcdefghijkl", "abcdefghijkl x", "NOT-AN-ID 3"] {
            assert_eq!(parse(garbage), None, "{garbage:?}");
        }
    }
}
