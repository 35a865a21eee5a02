//! Which running search is asked to stop, and when: for a live job that would wait, for a
//! client that waited past the bound, for a cheap search or a review's chunk.

use std::cmp::Reverse;
use std::time::Instant;

use super::{Lanes, SearchKind, Shared, Waiter, WorkerState, ANALYSIS_SLICE, CHEAP_SLICE};

impl<C: Shared, L, A> Lanes<C, L, A> {
    /// Queued live jobs a free worker would take now: every reply, and the hints the budget
    /// lets run (one per client without a hint running, up to the hints' share).
    fn demand(&self) -> usize {
        let replies = self
            .clients
            .values()
            .flat_map(|c| &c.queue)
            .filter(|queued| queued.kind == SearchKind::Reply)
            .count();
        let hint_clients = self
            .clients
            .values()
            .filter(|c| c.hints_running == 0 && c.queue.iter().any(|q| q.kind == SearchKind::Hint))
            .count();
        replies + hint_clients.min(self.hint_share.saturating_sub(self.hints_running()))
    }

    /// Whether `worker` was asked to stop its search: an analysis search or a hint for a live
    /// job, or any search for a client that waited too long ([`Lanes::yield_due`]).
    pub fn preempt_requested(&self, worker: usize) -> bool {
        self.yielding[worker]
            || matches!(
                self.workers[worker],
                WorkerState::Analysis { preempt: true } | WorkerState::Hint { preempt: true }
            )
    }

    /// Workers that will take a waiting job without a new preemption: waiting, or already asked
    /// to stop.
    fn coming(&self) -> usize {
        (0..self.workers.len())
            .filter(|&w| self.workers[w] == WorkerState::Waiting || self.preempt_requested(w))
            .count()
    }

    /// Marks one worker for preemption if the live jobs a worker could take outnumber the
    /// workers that will take them without one (waiting, or already asked to stop): an
    /// analysis search first, else, for a reply, a hint.
    pub(super) fn preemption(&mut self, kind: SearchKind) -> Option<usize> {
        if self.demand() <= self.coming() {
            return None;
        }
        let victim = self
            .workers
            .iter()
            .position(|&s| s == WorkerState::Analysis { preempt: false })
            .or_else(|| {
                (kind == SearchKind::Reply)
                    .then(|| {
                        self.workers
                            .iter()
                            .position(|&s| s == WorkerState::Hint { preempt: false })
                    })
                    .flatten()
            })?;
        self.workers[victim] = match self.workers[victim] {
            WorkerState::Hint { .. } => WorkerState::Hint { preempt: true },
            _ => WorkerState::Analysis { preempt: true },
        };
        Some(victim)
    }

    /// Asks running searches to stop for jobs that have waited [`LaneLimits::preempt_after`] or
    /// longer while no engine is coming free for them (waiting for work, or already asked to
    /// stop); the answer is the workers newly asked. Waiting live jobs come first, by their
    /// clients' recent use, then analysis jobs, reviews' chunks before the rest. For each, the
    /// search stopped is one that has run at least the bound, of another client whose recent
    /// use (with the search's own time so far) is more than the waiting client's: an analysis
    /// search first, then a hint, then (for a reply only) a reply, the most used client's
    /// first. A live job stops any analysis search, as on arrival; a review's chunk stops
    /// another client's board or offer search that ran [`ANALYSIS_SLICE`], whatever its use.
    pub fn yield_due(&mut self) -> Vec<usize> {
        let now = self.now;
        let overdue =
            |pushed: Instant| now.saturating_duration_since(pushed) >= self.limits.preempt_after;
        let hints_open = self.hints_running() < self.hint_share;
        let mut live: Vec<Waiter<C>> = self
            .clients
            .iter()
            .filter_map(|(client, entry)| {
                let queued = &entry.queue[Self::takeable(entry, hints_open)?];
                let hint = queued.kind == SearchKind::Hint;
                (queued.cheap || overdue(queued.pushed)).then(|| Waiter {
                    order: (hint, !queued.cheap),
                    used: self.use_of(client),
                    client: client.clone(),
                    kind: Some(queued.kind),
                    cheap: queued.cheap,
                    review: false,
                })
            })
            .collect();
        live.sort_by_key(|w| (w.order, w.used));
        let mut analysis: Vec<Waiter<C>> = self
            .analysis
            .iter()
            .filter_map(|(client, queue)| {
                let front = &queue[Self::analysis_front(queue, |_| true)?];
                overdue(front.pushed).then(|| Waiter {
                    order: (true, !front.is_review()),
                    used: self.use_of(client),
                    client: client.clone(),
                    kind: None,
                    cheap: false,
                    review: front.is_review(),
                })
            })
            .collect();
        analysis.sort_by_key(|w| (w.order, w.used));
        let mut coming = self.coming();
        let mut asked = Vec::new();
        for waiter in live.into_iter().chain(analysis) {
            if coming > 0 {
                coming -= 1;
                continue;
            }
            let Some(victim) = self.victim(&waiter) else {
                continue;
            };
            match self.workers[victim] {
                WorkerState::Analysis { .. } => {
                    self.workers[victim] = WorkerState::Analysis { preempt: true }
                }
                WorkerState::Hint { .. } => {
                    self.workers[victim] = WorkerState::Hint { preempt: true }
                }
                _ => self.yielding[victim] = true,
            }
            asked.push(victim);
        }
        asked
    }

    /// The search to stop for `waiter`, if any may be (see [`Lanes::yield_due`]); a cheap
    /// waiter stops one that ran [`CHEAP_SLICE`], never a cheap one.
    fn victim(&self, waiter: &Waiter<C>) -> Option<usize> {
        let (kind, waiting) = (waiter.kind, waiter.used);
        let bound = if waiter.cheap {
            CHEAP_SLICE.min(self.limits.preempt_after)
        } else {
            self.limits.preempt_after
        };
        let now = self.now;
        (0..self.workers.len())
            .filter(|&worker| !self.preempt_requested(worker))
            .filter_map(|worker| {
                let serving = self.serving[worker].as_ref()?;
                let ran = now.saturating_duration_since(serving.since);
                let used = self.use_of(&serving.client) + ran;
                let fair = serving.client != waiter.client
                    && !serving.cheap
                    && ran >= bound
                    && used > waiting;
                // A review's chunk stops another client's board search whatever their use.
                let before = waiter.review && !serving.review && serving.client != waiter.client;
                let rank = match (self.workers[worker], kind) {
                    (WorkerState::Analysis { .. }, Some(_)) => 0,
                    (WorkerState::Analysis { .. }, None)
                        if (fair || before) && ran >= ANALYSIS_SLICE =>
                    {
                        0
                    }
                    (WorkerState::Hint { .. }, Some(_)) if fair => 1,
                    (WorkerState::Live, Some(SearchKind::Reply)) if fair => 2,
                    _ => return None,
                };
                Some(((rank, Reverse(used)), worker))
            })
            .min_by_key(|(order, _)| *order)
            .map(|(_, worker)| worker)
    }
}
