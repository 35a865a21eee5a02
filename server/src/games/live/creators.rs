//! Unfinished games per client (issue #42, M5): `--max-games` was one cap for everybody, and a
//! few dozen IPv4 addresses, each inside its games-per-minute, filled it in about two minutes at
//! the default 10,000; then every new player got "too many games". So the games a client started
//! here and has not finished are counted against its share, its aggregate's (an IPv6 /56, or the
//! clients a trusted proxy does not name) and the cap, whose last quarter is kept for clients
//! with none unfinished (the rules of [`crate::share_cap`]). An unfinished game stops counting
//! when it ends, when its player leaves it (idle expiry: `--idle-timeout-secs`) or when it
//! leaves memory.
//!
//! Counted lazily: each share keeps its games weakly, and a share's list is pruned of the games
//! over or gone when it is next asked about, so nothing has to be told when a game ends. The
//! sum over clients can run ahead of the truth until pruned: the whole map is pruned before a
//! heavy client is refused for the cap.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, Weak};

use crate::client_key::{ClientKey, Share};
use crate::games::live::slot::GameSlot;
use crate::games::model::state::GameState;
use crate::share_cap::{Refused, ShareLimits};

/// The unfinished games each share started, weakly.
#[derive(Debug)]
pub struct Creators {
    limits: ShareLimits,
    games: Mutex<HashMap<Share, Vec<Weak<GameSlot>>>>,
}

impl Creators {
    /// With `limits.total` the live-game cap (`--max-games`).
    pub fn new(limits: ShareLimits) -> Creators {
        Creators {
            limits,
            games: Mutex::default(),
        }
    }

    /// Whether `client` may start one more game, or which bound refused it.
    pub fn admit(&self, client: ClientKey) -> Result<(), Refused> {
        let limits = self.limits;
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        let own = unfinished(&mut games, Share::Client(client));
        if own >= limits.per_client {
            return Err(Refused::Client);
        }
        if let Some(aggregate) = client.aggregate() {
            if unfinished(&mut games, aggregate) >= limits.per_aggregate {
                return Err(Refused::Aggregate);
            }
        }
        let open = if own < limits.light {
            limits.total
        } else {
            limits.total.saturating_sub(limits.reserve)
        };
        if total(&games) >= open {
            games.retain(|_, list| {
                list.retain(is_unfinished);
                !list.is_empty()
            });
            let total = total(&games);
            if total >= limits.total {
                return Err(Refused::All);
            }
            if total >= open {
                // Heavy, in the room kept for clients with none: this client's share for now.
                return Err(Refused::Client);
            }
        }
        Ok(())
    }

    /// Counts `slot` as one of `client`'s unfinished games.
    pub fn record(&self, client: ClientKey, slot: &Arc<GameSlot>) {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        for share in client.shares() {
            games.entry(share).or_default().push(Arc::downgrade(slot));
        }
    }
}

/// The unfinished games of `share`, its list pruned of the others.
fn unfinished(games: &mut HashMap<Share, Vec<Weak<GameSlot>>>, share: Share) -> usize {
    let Some(list) = games.get_mut(&share) else {
        return 0;
    };
    list.retain(is_unfinished);
    let count = list.len();
    if count == 0 {
        games.remove(&share);
    }
    count
}

/// The games counted for clients (each once; aggregates count the same games again).
fn total(games: &HashMap<Share, Vec<Weak<GameSlot>>>) -> usize {
    games
        .iter()
        .filter(|(share, _)| matches!(share, Share::Client(_)))
        .map(|(_, list)| list.len())
        .sum()
}

fn is_unfinished(game: &Weak<GameSlot>) -> bool {
    game.upgrade()
        .is_some_and(|slot| !slot.read(GameState::is_finished))
}
