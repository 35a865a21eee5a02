//! The games' views as JSON, in one cache bounded by bytes: what `GET /api/games/{id}` serves.
//!
//! A view holds a FEN and SAN for every move and legal move, so its size follows the game's
//! length (268 KiB for a 598-ply import): memory for views is bounded here, by `--view-cache-mib`,
//! not by how many games are held. A view is serialized once per change of its game and shared
//! by every request until the next change; past the budget the views read longest ago leave (a
//! game's view is rebuilt from its state when next asked for).
//!
//! A running clock is the one part of a view that changes without its game changing: a
//! [`SerializedView`] then ends just before the clock's value, which is written per request.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, Mutex, PoisonError};

use bytes::Bytes;

use crate::games::model::id::GameId;
use crate::games::view::game_view::{Clock, GameView};

/// The default budget of `--view-cache-mib`.
pub const DEFAULT_VIEW_CACHE_MIB: u64 = 64;

/// What an entry costs besides its JSON (the map's key and bookkeeping), roughly.
const ENTRY_OVERHEAD: usize = 128;

/// The key of the clock, the view's last field.
const CLOCK_KEY: &[u8] = b",\"clock\":";

/// Names a view's content: equal tags, equal views (the readings of a running clock aside, which a
/// frontend counts down itself), so an HTTP `ETag`, weak. Made of the game's version and a hash of
/// the JSON, it stays the same across restarts for an unchanged game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ViewTag(u64);

impl std::fmt::Display for ViewTag {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

/// A game's view as JSON, as of one change of the game.
#[derive(Debug)]
pub struct SerializedView {
    /// The change of the game it shows (see `GameSlot`): current while the game is at it.
    generation: u64,
    tag: ViewTag,
    /// The whole JSON, or with a running clock everything before the clock's value.
    json: Bytes,
    /// Whether the clock runs (its value is written per request after `json`).
    clock_runs: bool,
}

impl SerializedView {
    /// `view` of the game at `version`, as of change `generation`.
    pub fn of(view: &GameView, version: u64, generation: u64) -> SerializedView {
        let mut json = serde_json::to_vec(view).expect("a view always serializes");
        let clock_runs = view
            .clock
            .as_ref()
            .is_some_and(|clock| clock.running.is_some());
        if clock_runs {
            // The clock is the last field, and no string before it holds its key.
            let start = json
                .windows(CLOCK_KEY.len())
                .rposition(|window| window == CLOCK_KEY)
                .expect("a timed view has a clock");
            json.truncate(start + CLOCK_KEY.len());
        }
        let mut hasher = DefaultHasher::new();
        version.hash(&mut hasher);
        json.hash(&mut hasher);
        SerializedView {
            generation,
            tag: ViewTag(hasher.finish()),
            json: Bytes::from(json),
            clock_runs,
        }
    }

    /// Its tag.
    pub fn tag(&self) -> ViewTag {
        self.tag
    }

    /// Whether the clock runs: [`SerializedView::body`] then needs the clock as it reads now.
    pub fn clock_runs(&self) -> bool {
        self.clock_runs
    }

    /// The JSON to send, with `clock` (read now) when the clock runs; shared, not copied, otherwise.
    pub fn body(&self, clock: Option<&Clock>) -> Bytes {
        match (self.clock_runs, clock) {
            (true, Some(clock)) => {
                let clock = serde_json::to_vec(clock).expect("a clock always serializes");
                let mut body = Vec::with_capacity(self.json.len() + clock.len() + 1);
                body.extend_from_slice(&self.json);
                body.extend_from_slice(&clock);
                body.push(b'}');
                Bytes::from(body)
            }
            _ => self.json.clone(),
        }
    }

    fn size(&self) -> usize {
        self.json.len() + ENTRY_OVERHEAD
    }
}

/// The serialized views, at most `budget` bytes of them.
#[derive(Debug)]
pub struct ViewCache {
    budget: usize,
    entries: Mutex<Entries>,
}

#[derive(Debug, Default)]
struct Entries {
    views: HashMap<GameId, (Arc<SerializedView>, u64)>,
    bytes: usize,
    /// Counts reads: an entry's second number is the count at its last read.
    clock: u64,
}

impl ViewCache {
    /// An empty cache of at most `budget` bytes.
    pub fn new(budget: usize) -> ViewCache {
        ViewCache {
            budget,
            entries: Mutex::default(),
        }
    }

    /// The game's view if the cache holds it as of change `generation`.
    pub fn get(&self, id: &GameId, generation: u64) -> Option<Arc<SerializedView>> {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries.clock += 1;
        let now = entries.clock;
        let (view, used) = entries.views.get_mut(id)?;
        if view.generation != generation {
            return None;
        }
        *used = now;
        Some(Arc::clone(view))
    }

    /// Keeps `view` as the game's (instead of any older one); past the budget, the views read
    /// longest ago leave (down to 7/8 of it, so one eviction serves several insertions).
    pub fn put(&self, id: &GameId, view: Arc<SerializedView>) {
        if view.size() > self.budget {
            self.forget(id);
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries.clock += 1;
        let now = entries.clock;
        entries.bytes += view.size();
        if let Some((old, _)) = entries.views.insert(id.clone(), (view, now)) {
            entries.bytes -= old.size();
        }
        if entries.bytes > self.budget {
            entries.evict(self.budget - self.budget / 8);
        }
    }

    /// Forgets the game's view (the game left memory).
    pub fn forget(&self, id: &GameId) {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((old, _)) = entries.views.remove(id) {
            entries.bytes -= old.size();
        }
    }

    /// The bytes the cache holds (its budget at most).
    pub fn bytes(&self) -> usize {
        self.entries
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .bytes
    }
}

impl Entries {
    /// Drops the views read longest ago until they hold at most `target` bytes.
    fn evict(&mut self, target: usize) {
        let mut by_use: Vec<(u64, GameId)> = self
            .views
            .iter()
            .map(|(id, (_, used))| (*used, id.clone()))
            .collect();
        by_use.sort_unstable_by_key(|(used, _)| *used);
        for (_, id) in by_use {
            if self.bytes <= target {
                break;
            }
            if let Some((old, _)) = self.views.remove(&id) {
                self.bytes -= old.size();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::model::clock::TimeControl;
    use crate::games::model::level::Level;
    use crate::games::model::state::GameState;
    use alphachess_engine::{Color, Game};

    fn id(text: &str) -> GameId {
        GameId::parse(text).expect("an id")
    }

    fn view_of(state: &GameState) -> GameView {
        GameView::new(&id("abcdefghijkl"), state)
    }

    #[test]
    fn a_view_whose_clock_does_not_run_is_served_as_serialized() {
        let state = GameState::new(Game::default(), Color::White, Level::MAX);
        let view = view_of(&state);
        let serialized = SerializedView::of(&view, 1, 1);
        assert!(!serialized.clock_runs());
        assert_eq!(
            serialized.body(None),
            serde_json::to_vec(&view).expect("JSON")
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_running_clock_is_read_per_request_and_the_rest_is_kept() {
        let control = TimeControl::from_secs(60, 0).expect("in range");
        let mut state =
            GameState::new(Game::default(), Color::White, Level::MAX).with_clock(Some(control));
        state
            .play_player_move(&"e4".parse().expect("notation"), None)
            .expect("legal");
        let view = view_of(&state);
        assert!(view.clock.as_ref().and_then(|c| c.running).is_some());
        let serialized = SerializedView::of(&view, state.version(), 1);
        assert!(serialized.clock_runs());
        tokio::time::advance(std::time::Duration::from_secs(7)).await;
        let now = view_of(&state);
        assert_ne!(now.clock, view.clock, "the clock ran");
        let body = serialized.body(now.clock.as_ref());
        let served: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
        assert_eq!(served, serde_json::to_value(&now).expect("JSON"));
        assert_eq!(
            SerializedView::of(&now, state.version(), 2).tag(),
            serialized.tag(),
            "the same view but for the clock's reading"
        );
    }

    #[test]
    fn the_tag_follows_the_content_and_the_version() {
        let state = GameState::new(Game::default(), Color::White, Level::MAX);
        let view = view_of(&state);
        let tag = SerializedView::of(&view, 1, 1).tag();
        assert_eq!(SerializedView::of(&view, 1, 9).tag(), tag);
        assert_ne!(SerializedView::of(&view, 2, 1).tag(), tag);
        let mut thinking = view.clone();
        thinking.engine_thinking = true;
        assert_ne!(SerializedView::of(&thinking, 1, 1).tag(), tag);
    }

    #[test]
    fn a_stale_generation_is_a_miss_and_the_budget_drops_the_least_recently_read() {
        let state = GameState::new(Game::default(), Color::White, Level::MAX);
        let view = view_of(&state);
        let size = SerializedView::of(&view, 1, 1).size();
        let cache = ViewCache::new(size * 3);
        let (a, b, c, d) = (
            id("aaaaaaaaaaaa"),
            id("bbbbbbbbbbbb"),
            id("cccccccccccc"),
            id("dddddddddddd"),
        );
        for (n, game) in [&a, &b, &c].into_iter().enumerate() {
            cache.put(game, Arc::new(SerializedView::of(&view, 1, n as u64)));
        }
        assert!(cache.get(&a, 0).is_some());
        assert!(cache.get(&a, 5).is_none(), "another change of the game");
        assert!(cache.get(&c, 2).is_some());
        cache.put(&d, Arc::new(SerializedView::of(&view, 1, 3)));
        assert!(cache.bytes() <= size * 3);
        assert!(cache.get(&b, 1).is_none(), "read longest ago");
        assert!(cache.get(&d, 3).is_some(), "the newest stays");
        cache.forget(&d);
        assert!(cache.get(&d, 3).is_none());
    }
}
