//! Games that belong to a key: a player without an account presents one long secret (the
//! lichess-compatible API's bearer token) and every game created with it is theirs.
//!
//! The key *is* those games' token (only its SHA-256 is kept, like any game token), so
//! ownership is stored wherever the game is, and every write our own API accepts with a game's
//! token it accepts with the key. What lives here is only what the stores do not hold: the news
//! that a key has a new game, for its live event streams.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{SystemTime, UNIX_EPOCH};

use tokio::sync::broadcast;

use crate::games::model::id::GameId;
use crate::token::TokenHash;

/// Most games listed for one key (the most recently changed first, with a shared store).
pub const MAX_OWNED: usize = 1_000;

/// How many new games an event stream may fall behind before it skips them (it lists the key's
/// games again when it does).
const CAPACITY: usize = 16;

/// The senders of each key's news, and when this server created or first saw each game.
#[derive(Debug, Default)]
pub struct Owners {
    news: Mutex<HashMap<TokenHash, broadcast::Sender<GameId>>>,
    created: Mutex<HashMap<GameId, u64>>,
}

impl Owners {
    /// Tells the key's live streams that it has a new game.
    pub fn announce(&self, key: &TokenHash, id: &GameId) {
        self.created
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(id.clone(), now_ms());
        let mut news = self.news.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(sender) = news.get(key) {
            if sender.send(id.clone()).is_err() {
                // Nobody listens any more: forget the key's channel.
                news.remove(key);
            }
        }
    }

    /// The key's new games from now on (one receiver per stream: streams never close each other).
    pub fn subscribe(&self, key: &TokenHash) -> broadcast::Receiver<GameId> {
        let mut news = self.news.lock().unwrap_or_else(PoisonError::into_inner);
        news.entry(*key)
            .or_insert_with(|| broadcast::channel(CAPACITY).0)
            .subscribe()
    }

    /// When the game was created here (milliseconds since the Unix epoch); a game this server
    /// did not create (restored after a restart) counts from the first time it is asked about.
    pub fn created_at(&self, id: &GameId) -> u64 {
        *self
            .created
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .entry(id.clone())
            .or_insert_with(now_ms)
    }

    /// Keeps the creation times of the games `live` still knows, once there are more than
    /// `2 × live_count + 1024` of them (games expire; their times must not pile up).
    pub fn prune(&self, live_count: usize, live: impl Fn(&GameId) -> bool) {
        let mut created = self.created.lock().unwrap_or_else(PoisonError::into_inner);
        if created.len() > 2 * live_count + 1024 {
            created.retain(|id, _| live(id));
        }
    }
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| {
            u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stream_of_a_key_hears_of_its_new_game_and_no_other_key_does() {
        let owners = Owners::default();
        let key = TokenHash::of("k".repeat(32).as_str());
        let other = TokenHash::of("o".repeat(32).as_str());
        let mut first = owners.subscribe(&key);
        let mut second = owners.subscribe(&key);
        let mut stranger = owners.subscribe(&other);
        let id = GameId::parse("abcdefghijkl").expect("an id");
        owners.announce(&key, &id);
        assert_eq!(first.try_recv().expect("news"), id);
        assert_eq!(second.try_recv().expect("news"), id);
        assert!(stranger.try_recv().is_err());
        assert!(owners.created_at(&id) > 0);
    }
}
