//! The places analyses run in, shared fairly between clients: a free place goes to the client
//! with the fewest analyses running, then the one that has had the fewest turns, then the
//! oldest waiter. A turn is a slice of one analysis (see `analyses/`), so one client's queue of
//! long imported games cannot put another player's short review hours back: the review waits
//! for a slice per client ahead of it, not for every analysis queued before it (issue #22).
//!
//! A client that becomes active starts level with the least-served active client, and an idle
//! client is forgotten, so the map holds only clients with analyses waiting or running.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::oneshot;

/// A bounded number of places, handed out fairly between clients `C`.
#[derive(Debug)]
pub struct FairPlaces<C: Eq + Hash + Clone> {
    inner: Arc<Mutex<Inner<C>>>,
}

#[derive(Debug)]
struct Inner<C: Eq + Hash + Clone> {
    free: usize,
    next_ticket: u64,
    waiting: Vec<Waiter<C>>,
    clients: HashMap<C, Share>,
}

#[derive(Debug)]
struct Waiter<C: Eq + Hash + Clone> {
    client: C,
    ticket: u64,
    grant: oneshot::Sender<Place<C>>,
}

/// One client's use of the places.
#[derive(Debug, Default)]
struct Share {
    running: usize,
    waiting: usize,
    /// Turns ended so far, counted when a place is given back (relative: a newcomer starts at
    /// the least-served's).
    turns: u64,
}

/// One place, given back (to the next waiter, fairly) when dropped.
#[derive(Debug)]
pub struct Place<C: Eq + Hash + Clone> {
    client: Option<C>,
    inner: Arc<Mutex<Inner<C>>>,
}

fn lock<C: Eq + Hash + Clone>(inner: &Mutex<Inner<C>>) -> MutexGuard<'_, Inner<C>> {
    // Nothing panics while the lock is held; if something did, the counts are still whole.
    inner.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<C: Eq + Hash + Clone> FairPlaces<C> {
    /// `places` places (at least one).
    pub fn new(places: usize) -> FairPlaces<C> {
        FairPlaces {
            inner: Arc::new(Mutex::new(Inner {
                free: places.max(1),
                next_ticket: 0,
                waiting: Vec::new(),
                clients: HashMap::new(),
            })),
        }
    }

    /// Waits for a place for `client`'s next turn.
    pub async fn acquire(&self, client: C) -> Place<C> {
        let answer = {
            let mut inner = lock(&self.inner);
            let level = inner.clients.values().map(|share| share.turns).min();
            inner
                .clients
                .entry(client.clone())
                .or_insert_with(|| Share {
                    turns: level.unwrap_or_default(),
                    ..Share::default()
                });
            if inner.free > 0 && inner.waiting.is_empty() {
                return grant(&mut inner, &self.inner, client);
            }
            let (sender, answer) = oneshot::channel();
            let ticket = inner.next_ticket;
            inner.next_ticket += 1;
            inner.waiting.push(Waiter {
                client: client.clone(),
                ticket,
                grant: sender,
            });
            if let Some(share) = inner.clients.get_mut(&client) {
                share.waiting += 1;
            }
            answer
        };
        // The places live as long as this handle (`self` is borrowed): a grant always comes.
        answer
            .await
            .expect("a waiter is granted a place or dropped with the places")
    }
}

/// Counts a place as `client`'s and makes its guard.
fn grant<C: Eq + Hash + Clone>(
    inner: &mut Inner<C>,
    places: &Arc<Mutex<Inner<C>>>,
    client: C,
) -> Place<C> {
    inner.free -= 1;
    let share = inner.clients.entry(client.clone()).or_default();
    share.running += 1;
    Place {
        client: Some(client),
        inner: Arc::clone(places),
    }
}

/// Hands free places to waiters, fairly; a waiter that went away is skipped.
fn hand_out<C: Eq + Hash + Clone>(inner: &mut Inner<C>, places: &Arc<Mutex<Inner<C>>>) {
    while inner.free > 0 {
        let next = inner
            .waiting
            .iter()
            .enumerate()
            .min_by_key(|(_, waiter)| {
                let share = inner.clients.get(&waiter.client);
                let running = share.map_or(0, |s| s.running);
                let turns = share.map_or(0, |s| s.turns);
                (running, turns, waiter.ticket)
            })
            .map(|(index, _)| index);
        let Some(index) = next else { return };
        let waiter = inner.waiting.swap_remove(index);
        if let Some(share) = inner.clients.get_mut(&waiter.client) {
            share.waiting -= 1;
        }
        let place = grant(inner, places, waiter.client.clone());
        if let Err(mut place) = waiter.grant.send(place) {
            // Its asker is gone: the place was never used.
            place.client = None;
            inner.free += 1;
            if let Some(share) = inner.clients.get_mut(&waiter.client) {
                share.running -= 1;
            }
            prune(inner, &waiter.client);
        }
    }
}

fn prune<C: Eq + Hash + Clone>(inner: &mut Inner<C>, client: &C) {
    if inner
        .clients
        .get(client)
        .is_some_and(|share| share.running == 0 && share.waiting == 0)
    {
        inner.clients.remove(client);
    }
}

impl<C: Eq + Hash + Clone> Drop for Place<C> {
    fn drop(&mut self) {
        let Some(client) = self.client.take() else {
            return;
        };
        let places = Arc::clone(&self.inner);
        let mut inner = lock(&places);
        inner.free += 1;
        if let Some(share) = inner.clients.get_mut(&client) {
            share.running -= 1;
            share.turns += 1;
        }
        prune(&mut inner, &client);
        hand_out(&mut inner, &places);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// `waiting`'s place if it has been granted one (kept by the caller while it holds it).
    async fn granted<T>(waiting: &mut tokio::task::JoinHandle<T>) -> Option<T> {
        tokio::time::timeout(Duration::from_millis(50), waiting)
            .await
            .ok()
            .map(|joined| joined.expect("joined"))
    }

    #[tokio::test]
    async fn a_newcomer_gets_the_next_place_before_a_clients_other_waiters() {
        let places = Arc::new(FairPlaces::new(1));
        let first = places.acquire("A").await;
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        for name in ["A2", "A3", "B1"] {
            let (places, order) = (Arc::clone(&places), Arc::clone(&order));
            let client = &name[..1];
            let client: &'static str = if client == "A" { "A" } else { "B" };
            tasks.push(tokio::spawn(async move {
                let _place = places.acquire(client).await;
                order.lock().expect("not poisoned").push(name);
            }));
            // Queued in this order.
            tokio::task::yield_now().await;
        }
        assert_eq!(lock(&places.inner).waiting.len(), 3);
        drop(first);
        for task in tasks {
            task.await.expect("joined");
        }
        assert_eq!(*order.lock().expect("not poisoned"), ["B1", "A2", "A3"]);
    }

    #[tokio::test]
    async fn a_client_with_a_place_running_waits_behind_one_without() {
        let places = Arc::new(FairPlaces::new(2));
        let _a1 = places.acquire("A").await;
        let _b1 = places.acquire("B").await;
        let (p1, p2) = (Arc::clone(&places), Arc::clone(&places));
        let mut a2 = tokio::spawn(async move { p1.acquire("A").await });
        tokio::task::yield_now().await;
        let mut c1 = tokio::spawn(async move { p2.acquire("C").await });
        tokio::task::yield_now().await;
        drop(_b1);
        let c1 = granted(&mut c1).await;
        assert!(c1.is_some(), "C runs nothing yet");
        assert!(granted(&mut a2).await.is_none(), "A already runs one");
    }

    #[tokio::test]
    async fn a_waiter_that_went_away_takes_no_place_and_idle_clients_are_forgotten() {
        let places = Arc::new(FairPlaces::new(1));
        let first = places.acquire("A").await;
        let p = Arc::clone(&places);
        let gone = tokio::spawn(async move { p.acquire("B").await });
        tokio::task::yield_now().await;
        gone.abort();
        let _ = gone.await;
        drop(first);
        let _again = places.acquire("C").await;
        assert_eq!(lock(&places.inner).clients.len(), 1, "only C");
    }
}
