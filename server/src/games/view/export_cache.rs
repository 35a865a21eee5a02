//! A stored game's costly reads, kept as served: its PGN (`GET /api/games/{id}/pgn`) and its
//! move tree's view (`GET /api/games/{id}/tree`). Writing a 2,254-node tree took 15–24 ms of a
//! worker's CPU per request, unauthenticated: 8 connections asking for it again and again pushed
//! another player's moves from p50 7 ms to 885 ms (issue #42, M3). Like the game's view (see
//! `view_cache.rs`), each is made once per change of what it shows and shared until the next.
//!
//! An entry is current while its [`Stamp`] is: the game's version (every change of its moves or
//! kept tree makes a new one), and for the PGN the day of its `Date` tag and how many of the
//! review's plies are final (a final ply never changes, so the count names the annotations).
//! Bounded by bytes: past the budget the entries read longest ago leave.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use bytes::Bytes;

use crate::games::model::id::GameId;

/// The bytes the cache holds at most: a 2,254-node tree's view is about 0.5 MiB, its PGN 40 KiB.
pub const EXPORT_CACHE_BYTES: usize = 16 << 20;

/// What an entry costs besides its bytes (the key and bookkeeping), roughly.
const ENTRY_OVERHEAD: usize = 128;

/// Which read of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Export {
    /// `GET /api/games/{id}/pgn`.
    Pgn,
    /// `GET /api/games/{id}/tree`, as JSON.
    Tree,
}

/// What an export was made from: equal stamps, equal exports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    version: u64,
    day: u64,
    final_plies: usize,
}

impl Stamp {
    /// The tree's view of the game at `version`.
    pub fn tree(version: u64) -> Stamp {
        Stamp {
            version,
            day: 0,
            final_plies: 0,
        }
    }

    /// The PGN of the game at `version`, dated `day` (days since the epoch), with
    /// `final_plies` of its review's plies final.
    pub fn pgn(version: u64, day: u64, final_plies: usize) -> Stamp {
        Stamp {
            version,
            day,
            final_plies,
        }
    }
}

#[derive(Debug)]
struct Entry {
    stamp: Stamp,
    body: Bytes,
    /// The reads counter at its last read.
    used: u64,
}

/// The exports, at most `budget` bytes of them.
#[derive(Debug)]
pub struct ExportCache {
    budget: usize,
    entries: Mutex<Entries>,
}

#[derive(Debug, Default)]
struct Entries {
    by_game: HashMap<(GameId, Export), Entry>,
    bytes: usize,
    reads: u64,
}

impl ExportCache {
    /// An empty cache of at most `budget` bytes.
    pub fn new(budget: usize) -> ExportCache {
        ExportCache {
            budget,
            entries: Mutex::default(),
        }
    }

    /// The game's `export` as of `stamp`, made by `make` unless the cache holds it.
    pub fn get_or_make(
        &self,
        id: &GameId,
        export: Export,
        stamp: Stamp,
        make: impl FnOnce() -> Bytes,
    ) -> Bytes {
        let key = (id.clone(), export);
        if let Some(body) = self.get(&key, stamp) {
            return body;
        }
        // Made outside the lock: two requests that miss at once both make it, nobody waits.
        let body = make();
        self.put(key, stamp, body.clone());
        body
    }

    fn get(&self, key: &(GameId, Export), stamp: Stamp) -> Option<Bytes> {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries.reads += 1;
        let now = entries.reads;
        let entry = entries.by_game.get_mut(key)?;
        if entry.stamp != stamp {
            return None;
        }
        entry.used = now;
        Some(entry.body.clone())
    }

    fn put(&self, key: (GameId, Export), stamp: Stamp, body: Bytes) {
        let size = body.len() + ENTRY_OVERHEAD;
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(old) = entries.by_game.remove(&key) {
            entries.bytes -= old.body.len() + ENTRY_OVERHEAD;
        }
        if size > self.budget {
            return;
        }
        entries.reads += 1;
        let used = entries.reads;
        entries.bytes += size;
        entries.by_game.insert(key, Entry { stamp, body, used });
        if entries.bytes > self.budget {
            entries.evict(self.budget - self.budget / 8);
        }
    }

    /// The bytes the cache holds (its budget at most).
    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.entries
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .bytes
    }
}

impl Entries {
    /// Drops the entries read longest ago until they hold at most `target` bytes.
    fn evict(&mut self, target: usize) {
        let mut by_use: Vec<(u64, (GameId, Export))> = self
            .by_game
            .iter()
            .map(|(key, entry)| (entry.used, key.clone()))
            .collect();
        by_use.sort_unstable_by_key(|(used, _)| *used);
        for (_, key) in by_use {
            if self.bytes <= target {
                break;
            }
            if let Some(old) = self.by_game.remove(&key) {
                self.bytes -= old.body.len() + ENTRY_OVERHEAD;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    fn id(text: &str) -> GameId {
        GameId::parse(text).expect("an id")
    }

    #[test]
    fn an_export_is_made_once_per_stamp() {
        let cache = ExportCache::new(1 << 20);
        let game = id("abcdefghijkl");
        let made = Cell::new(0);
        let make = |text: &'static str| {
            made.set(made.get() + 1);
            Bytes::from_static(text.as_bytes())
        };
        let stamp = Stamp::pgn(3, 20_000, 0);
        assert_eq!(
            cache.get_or_make(&game, Export::Pgn, stamp, || make("a")),
            "a"
        );
        assert_eq!(
            cache.get_or_make(&game, Export::Pgn, stamp, || make("b")),
            "a"
        );
        assert_eq!(made.get(), 1, "the second read is served as made");
        let tree = cache.get_or_make(&game, Export::Tree, Stamp::tree(3), || make("t"));
        assert_eq!(tree, "t", "the tree is another export");
        for changed in [
            Stamp::pgn(4, 20_000, 0),
            Stamp::pgn(4, 20_001, 0),
            Stamp::pgn(4, 20_001, 2),
        ] {
            let before = made.get();
            cache.get_or_make(&game, Export::Pgn, changed, || make("c"));
            assert_eq!(made.get(), before + 1, "{changed:?} is made anew");
        }
    }

    #[test]
    fn the_budget_drops_the_least_recently_read() {
        let body = Bytes::from(vec![b'x'; 1000]);
        let cache = ExportCache::new(3 * (1000 + ENTRY_OVERHEAD));
        let games = [
            id("aaaaaaaaaaaa"),
            id("bbbbbbbbbbbb"),
            id("cccccccccccc"),
            id("dddddddddddd"),
        ];
        for game in &games[..3] {
            cache.get_or_make(game, Export::Tree, Stamp::tree(1), || body.clone());
        }
        // `a` read again: `b` is the one read longest ago.
        cache.get_or_make(&games[0], Export::Tree, Stamp::tree(1), || unreachable!());
        cache.get_or_make(&games[3], Export::Tree, Stamp::tree(1), || body.clone());
        assert!(cache.bytes() <= 3 * (1000 + ENTRY_OVERHEAD));
        let remade = Cell::new(false);
        cache.get_or_make(&games[1], Export::Tree, Stamp::tree(1), || {
            remade.set(true);
            body.clone()
        });
        assert!(remade.get(), "b left");
        let big = Bytes::from(vec![b'y'; 4 * 1000]);
        cache.get_or_make(&games[0], Export::Pgn, Stamp::tree(1), || big.clone());
        assert!(
            cache.bytes() <= 3 * (1000 + ENTRY_OVERHEAD),
            "too big to keep"
        );
    }
}
