//! Which job a worker takes next: live first, fairly between clients, a chunk on its warm
//! engine, and what a worker's leaving charges.

use std::collections::VecDeque;
use std::time::Duration;

use super::{
    AnalysisQueued, Client, Lanes, SearchKind, Serving, ShareKey, Shared, Taken, WorkerState,
    CHUNK_HOLD,
};

impl<C: Shared, L, A> Lanes<C, L, A> {
    /// The analysis job `worker` should take: the oldest of its own affinity, else (once its
    /// [`CHUNK_HOLD`] is over) a review's chunk before a board's or an offer's search, from the
    /// client with the least recent use, its oldest such job that no other waiting worker has
    /// the affinity of (that worker is about to take it).
    fn next_analysis(&self, worker: usize) -> Option<(C, usize)> {
        if let Some(mine) = self.last_affinity[worker] {
            let own = self.analysis.iter().find_map(|(client, queue)| {
                let index = queue.iter().position(|q| q.affinity == Some(mine))?;
                Some((client.clone(), index))
            });
            if own.is_some() {
                return own;
            }
        }
        if self.hold_left(worker).is_some() {
            return None;
        }
        let reserved = |affinity: u64| {
            self.workers.iter().enumerate().any(|(other, state)| {
                other != worker
                    && *state == WorkerState::Waiting
                    && self.last_affinity[other] == Some(affinity)
            })
        };
        self.analysis
            .iter()
            .filter_map(|(client, queue)| {
                let index =
                    Self::analysis_front(queue, |q| q.affinity.is_none_or(|a| !reserved(a)))?;
                let board = !queue[index].is_review();
                Some((
                    (board, self.use_of(client), queue[index].ticket),
                    client,
                    index,
                ))
            })
            .min_by_key(|(order, _, _)| *order)
            .map(|(_, client, index)| (client.clone(), index))
    }

    /// The index of the job a client's analysis `queue` offers among those `open`: its oldest
    /// review chunk, else its oldest job.
    pub(super) fn analysis_front(
        queue: &VecDeque<AnalysisQueued<A>>,
        open: impl Fn(&AnalysisQueued<A>) -> bool,
    ) -> Option<usize> {
        queue
            .iter()
            .position(|q| q.is_review() && open(q))
            .or_else(|| queue.iter().position(open))
    }

    /// How much longer `worker` keeps its engine for its chunk's next position, if it does
    /// ([`CHUNK_HOLD`]): the caller waits at most that long before asking again.
    pub fn hold_left(&self, worker: usize) -> Option<Duration> {
        self.held_until[worker]
            .map(|until| until.saturating_duration_since(self.now))
            .filter(|left| !left.is_zero())
    }

    /// The next job for `worker`, live first (fairly between clients); with none, the worker
    /// is marked waiting (kept for its chunk's next position while [`Lanes::hold_left`]).
    pub fn take(&mut self, worker: usize) -> Option<Taken<L, A>> {
        self.yielding[worker] = false;
        if let Some((client, index)) = self.next_live() {
            let entry = self.clients.get_mut(&client).expect("the chosen client");
            let queued = entry.queue.remove(index).expect("the chosen job");
            entry.running += 1;
            self.live_len -= 1;
            self.held_until[worker] = None;
            self.workers[worker] = match queued.kind {
                SearchKind::Reply => WorkerState::Live,
                SearchKind::Hint => {
                    entry.hints_running += 1;
                    WorkerState::Hint { preempt: false }
                }
            };
            self.serving[worker] = Some(Serving {
                client,
                kind: Some(queued.kind),
                cheap: queued.cheap,
                review: false,
                since: self.now,
            });
            return Some(Taken::Live(queued.job));
        }
        if let Some((client, index)) = self.next_analysis(worker) {
            let queue = self.analysis.get_mut(&client).expect("the chosen client");
            let queued = queue.remove(index).expect("the chosen job");
            if queue.is_empty() {
                self.analysis.remove(&client);
            }
            self.analysis_len -= 1;
            self.held_until[worker] = None;
            self.workers[worker] = WorkerState::Analysis { preempt: false };
            // A board's search ends the chunk's claim: no hold after it (see `leave`).
            self.last_affinity[worker] = queued.affinity;
            self.serving[worker] = Some(Serving {
                client,
                kind: None,
                cheap: false,
                review: queued.is_review(),
                since: self.now,
            });
            return Some(Taken::Analysis(queued.job));
        }
        self.workers[worker] = WorkerState::Waiting;
        None
    }

    /// The index of the job a free worker would take from `entry`: its oldest reply, else its
    /// oldest hint if the hint budget lets it run.
    pub(super) fn takeable(entry: &Client<L>, hints_open: bool) -> Option<usize> {
        let reply = entry
            .queue
            .iter()
            .position(|queued| queued.kind == SearchKind::Reply && queued.cheap)
            .or_else(|| {
                entry
                    .queue
                    .iter()
                    .position(|queued| queued.kind == SearchKind::Reply)
            });
        reply.or_else(|| {
            (hints_open && entry.hints_running == 0)
                .then(|| entry.queue.iter().position(|q| q.kind == SearchKind::Hint))
                .flatten()
        })
    }

    /// The client to serve and the index of its job: a reply before any hint, a cheap search
    /// before any other (see [`CHEAP_SLICE`]), then the client
    /// with the fewest searches running, then the least recent use, then the oldest job; a hint
    /// only within the hint budget.
    fn next_live(&self) -> Option<(C, usize)> {
        let hints_open = self.hints_running() < self.hint_share;
        self.clients
            .iter()
            .filter_map(|(client, entry)| {
                let index = Self::takeable(entry, hints_open)?;
                let queued = &entry.queue[index];
                let order = (
                    queued.kind == SearchKind::Hint,
                    !queued.cheap,
                    entry.running,
                    self.use_of(client),
                    queued.ticket,
                );
                Some((order, client, index))
            })
            .min_by_key(|(order, _, _)| *order)
            .map(|(_, client, index)| (client.clone(), index))
    }

    pub(super) fn hints_running(&self) -> usize {
        self.clients.values().map(|c| c.hints_running).sum()
    }

    /// Claims a worker waiting for work for a readiness probe (it no longer counts as waiting,
    /// so a live job arriving meanwhile is not promised to it); `None` when every worker is busy,
    /// away or down.
    pub fn claim_waiting(&mut self) -> Option<usize> {
        let worker = self
            .workers
            .iter()
            .position(|&state| state == WorkerState::Waiting)?;
        self.workers[worker] = WorkerState::Away;
        Some(worker)
    }

    /// `worker` stopped waiting, or finished its job after `spent` of engine time (charged to
    /// the client it served and that client's aggregate share, in either lane).
    pub fn leave(&mut self, worker: usize, spent: Duration) {
        self.workers[worker] = WorkerState::Away;
        self.yielding[worker] = false;
        let Some(serving) = self.serving[worker].take() else {
            return;
        };
        let (client, now) = (serving.client, self.now);
        if let Some(aggregate) = client.aggregate() {
            self.recent
                .charge(ShareKey::Aggregate(aggregate), spent, now);
        }
        self.recent
            .charge(ShareKey::Client(client.clone()), spent, now);
        self.raise_floor(Some(&client));
        self.recent.prune(now);
        let Some(kind) = serving.kind else {
            // An analysis search: a chunk's next position comes at once.
            if self.last_affinity[worker].is_some() {
                self.held_until[worker] = Some(now + CHUNK_HOLD);
            }
            return;
        };
        if let Some(entry) = self.clients.get_mut(&client) {
            entry.running -= 1;
            if kind == SearchKind::Hint {
                entry.hints_running -= 1;
            }
        }
        self.prune(&client);
    }
}
