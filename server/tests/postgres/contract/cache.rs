//! The position cache's part of the contract: answers come back in the order asked, the last
//! one under a key wins, the least recently used goes past the bound, and the cache outlives
//! the store that wrote it.

use alphachess_server::games::stores::{CacheKey, CachedAnswer, GameStore};

use super::Backend;

/// The position cache's key number `n`.
fn cache_key(n: u32) -> CacheKey {
    CacheKey::from_stored(format!("{n:032x}"))
}

/// An answer to tell apart by `cp` (a mate score for a negative one).
pub(super) fn cached(cp: i64) -> CachedAnswer {
    let (cp, mate) = if cp < 0 {
        (None, Some(cp))
    } else {
        (Some(cp), None)
    };
    CachedAnswer {
        cp,
        mate,
        best: "e2e4".into(),
        pv: "e2e4 e7e5 g1f3".into(),
        depth: 18,
        nodes: 250_000,
        second_cp: cp.map(|cp| cp - 150),
        second_mate: None,
    }
}

/// Caches `answers` under their keys and waits until the writer has dealt with them.
pub(super) async fn cache_all(store: &dyn GameStore, answers: &[(u32, CachedAnswer)]) {
    for (n, answer) in answers {
        store.cache_answer(&cache_key(*n), answer).expect("queued");
    }
    store.flush().await.expect("written");
}

/// The cached answers under the keys numbered `numbers`.
pub(super) async fn cached_under(
    store: &dyn GameStore,
    numbers: &[u32],
) -> Vec<Option<CachedAnswer>> {
    let keys: Vec<CacheKey> = numbers.iter().map(|&n| cache_key(n)).collect();
    let answers = store.cached_answers(&keys).await.expect("read");
    // A hit's use is written through the queue too.
    store.flush().await.expect("written");
    answers
}

pub async fn cached_answers_come_back_in_the_order_asked_with_misses_as_none(backend: Backend) {
    let store = backend.open().await.expect("opens");
    cache_all(
        store.as_ref(),
        &[(1, cached(10)), (2, cached(-3)), (3, cached(30))],
    )
    .await;
    assert_eq!(
        cached_under(store.as_ref(), &[3, 9, 1, 2, 8]).await,
        [
            Some(cached(30)),
            None,
            Some(cached(10)),
            Some(cached(-3)),
            None
        ]
    );
    assert_eq!(cached_under(store.as_ref(), &[]).await, []);
}

pub async fn a_second_answer_under_a_key_replaces_the_first(backend: Backend) {
    let store = backend.open().await.expect("opens");
    cache_all(store.as_ref(), &[(1, cached(10)), (1, cached(-2))]).await;
    cache_all(store.as_ref(), &[(1, cached(77))]).await;
    assert_eq!(cached_under(store.as_ref(), &[1]).await, [Some(cached(77))]);
}

pub async fn past_the_bound_the_least_recently_used_answer_is_forgotten(backend: Backend) {
    let store = backend.open_with_cache(2).await.expect("opens");
    cache_all(store.as_ref(), &[(1, cached(1)), (2, cached(2))]).await;
    // 1 was cached first but read since: 2 is the least recently used.
    assert_eq!(cached_under(store.as_ref(), &[1]).await, [Some(cached(1))]);
    cache_all(store.as_ref(), &[(3, cached(3))]).await;
    assert_eq!(
        cached_under(store.as_ref(), &[1, 2, 3]).await,
        [Some(cached(1)), None, Some(cached(3))]
    );
    // Now 3 was read after 1: 1 goes next.
    cache_all(store.as_ref(), &[(4, cached(4))]).await;
    assert_eq!(
        cached_under(store.as_ref(), &[3, 4, 1]).await,
        [Some(cached(3)), Some(cached(4)), None]
    );
}

pub async fn the_cache_survives_reopening_the_store(backend: Backend) {
    let store = backend.open().await.expect("opens");
    cache_all(store.as_ref(), &[(1, cached(10)), (2, cached(-4))]).await;
    drop(store);
    let store = backend.open().await.expect("opens again");
    assert_eq!(
        cached_under(store.as_ref(), &[2, 1]).await,
        [Some(cached(-4)), Some(cached(10))]
    );
}

pub async fn a_cache_of_no_positions_keeps_nothing(backend: Backend) {
    let store = backend.open().await.expect("opens");
    cache_all(store.as_ref(), &[(1, cached(10))]).await;
    drop(store);
    let store = backend.open_with_cache(0).await.expect("opens");
    cache_all(store.as_ref(), &[(2, cached(20))]).await;
    assert_eq!(cached_under(store.as_ref(), &[1, 2]).await, [None, None]);
    drop(store);
    // What a larger bound kept was forgotten when the store opened with none.
    let store = backend.open().await.expect("opens");
    assert_eq!(cached_under(store.as_ref(), &[1, 2]).await, [None, None]);
}

contract!(
    cached_answers_come_back_in_the_order_asked_with_misses_as_none,
    a_second_answer_under_a_key_replaces_the_first,
    past_the_bound_the_least_recently_used_answer_is_forgotten,
    the_cache_survives_reopening_the_store,
    a_cache_of_no_positions_keeps_nothing,
);
