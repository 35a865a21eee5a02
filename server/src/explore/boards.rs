//! Which analysis boards are open, per client: a board's newer position replaces its older
//! search at once, and one client may keep only so many boards searching.
//!
//! A board is named by its client and a name the client chose (`board=`), or is anonymous (a
//! stream without a name is a board of its own). Opening a named board that is already open
//! cancels the older one's token: its stream ends (`stopped`), which drops its listener, which
//! stops its engine search (see `uci::explore`). The count per client is of boards, not of
//! requests: moving on a board costs no new place.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use tokio_util::sync::CancellationToken;

use crate::client_key::ClientKey;

/// A client asked for more boards than its share.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{open} analysis boards of yours are searching already; close one first")]
pub struct TooManyBoards {
    pub open: usize,
}

/// The open boards of every client.
#[derive(Debug)]
pub struct Boards {
    per_client: usize,
    inner: Arc<Mutex<Inner>>,
}

#[derive(Debug, Default)]
struct Inner {
    /// The search each open board runs: its generation and the token that ends it.
    open: HashMap<(ClientKey, Arc<str>), (u64, CancellationToken)>,
    /// Open boards per client.
    counts: HashMap<ClientKey, usize>,
    next: u64,
}

/// One board's place while its search's stream lives; dropping it frees the place unless a
/// newer search of the same board took it over.
#[derive(Debug)]
pub struct BoardLease {
    inner: Arc<Mutex<Inner>>,
    key: (ClientKey, Arc<str>),
    generation: u64,
    /// Cancelled when a newer search of the same board replaced this one.
    pub replaced: CancellationToken,
}

impl Boards {
    /// At most `per_client` boards open per client (at least one).
    pub fn new(per_client: usize) -> Boards {
        Boards {
            per_client: per_client.max(1),
            inner: Arc::default(),
        }
    }

    /// Opens `board` (or an anonymous board) for `client`, ending the search it had.
    pub fn open(
        &self,
        client: ClientKey,
        board: Option<&str>,
    ) -> Result<BoardLease, TooManyBoards> {
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        inner.next += 1;
        let generation = inner.next;
        let name: Arc<str> = match board {
            Some(name) => format!("board {name}").into(),
            None => format!("anonymous {generation}").into(),
        };
        let key = (client, name);
        let replaced = CancellationToken::new();
        if let Some((_, older)) = inner.open.get(&key) {
            older.cancel();
        } else {
            let open = inner.counts.get(&client).copied().unwrap_or(0);
            if open >= self.per_client {
                return Err(TooManyBoards { open });
            }
            *inner.counts.entry(client).or_default() += 1;
        }
        inner
            .open
            .insert(key.clone(), (generation, replaced.clone()));
        Ok(BoardLease {
            inner: Arc::clone(&self.inner),
            key,
            generation,
            replaced,
        })
    }
}

impl BoardLease {
    /// The name the engine knows this board by: searches of one board share its hash.
    pub fn name(&self) -> Arc<str> {
        Arc::clone(&self.key.1)
    }
}

impl Drop for BoardLease {
    fn drop(&mut self) {
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        let current = inner.open.get(&self.key).map(|(generation, _)| *generation);
        if current != Some(self.generation) {
            return;
        }
        inner.open.remove(&self.key);
        let client = self.key.0;
        if let Some(count) = inner.counts.get_mut(&client) {
            *count -= 1;
            if *count == 0 {
                inner.counts.remove(&client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(last: u8) -> ClientKey {
        ClientKey::of([192, 0, 2, last].into())
    }

    #[test]
    fn a_board_s_new_search_ends_its_old_one_and_takes_no_new_place() {
        let boards = Boards::new(1);
        let first = boards.open(client(1), Some("b")).expect("a place");
        let second = boards.open(client(1), Some("b")).expect("the same place");
        assert!(first.replaced.is_cancelled());
        assert!(!second.replaced.is_cancelled());
        drop(first);
        // The older lease leaving does not free the board the newer one holds.
        assert_eq!(
            boards.open(client(1), Some("c")).err(),
            Some(TooManyBoards { open: 1 })
        );
        drop(second);
        assert!(boards.open(client(1), Some("c")).is_ok());
    }

    #[test]
    fn each_client_has_its_own_share_and_anonymous_boards_count() {
        let boards = Boards::new(2);
        let _a = boards.open(client(1), None).expect("a place");
        let _b = boards.open(client(1), None).expect("a second place");
        assert!(boards.open(client(1), None).is_err());
        assert!(boards.open(client(2), Some("b")).is_ok());
    }
}
