//! Which job an engine runs next, as a pure policy with no I/O: a live lane shared fairly
//! between clients, an analysis lane, and what every worker is doing.
//!
//! Live play comes first (`shared/DESIGN.md`, "Stockfish time is the scarce resource"):
//! - a worker that asks for work takes a live job if one waits, else the oldest analysis job;
//! - **engine time is shared fairly between clients.** The live lane is one queue per client
//!   (`C`: a [`crate::client_key::ClientKey`], IPv6 per /64, or none for the server's own work),
//!   first come first served within a client. A free worker serves the client with the fewest
//!   searches running, then the one that has used the fewest engine-seconds, then the oldest
//!   job: a round-robin across clients weighted by engine time (deficit round-robin with the
//!   cost charged when a search ends, since no one knows a search's length before it runs). A
//!   client that becomes active starts level with the least-served active client, not at zero,
//!   so going quiet for a moment buys nothing, and an idle client is forgotten (the map holds
//!   only clients with work queued or running).
//!
//!   An earlier version kept the live lane first come first served across clients, arguing
//!   that the per-client cap on requests in progress bounded every share and that many players
//!   behind one NAT would be shortchanged by per-address rounds. Issue #22 measured the cost:
//!   inside the default cap of 8, one client's full-strength hints on a position that runs every
//!   search to the time cap made another player's move wait 77 s. A cap bounds how much one
//!   client holds, not how long others wait behind it; rounds do. Players sharing an address
//!   share one client's turn: they still get at least a client's share, never less;
//! - **hints have their own budget**: at most one hint runs per client and at most half the
//!   engines (at least one) run hints at once; a hint that waits while that budget is spent
//!   lets the client's and others' replies go by. A running hint yields its engine to a reply
//!   that would otherwise wait: it is stopped and answers with the best move found so far
//!   (a hint is advice; a reply is the game). Looping hints therefore cannot buy anyone's wait;
//! - a queued live job has a ticket; the caller withdraws it when its wait deadline passes
//!   ([`Lanes::withdraw`]) and answers "busy, retry later" rather than letting it wait on;
//! - a live job that arrives while it would have to wait (more live jobs queued than workers
//!   waiting for work or already being freed) preempts one worker running an analysis search
//!   (or, for a reply, a hint); an analysis search so stopped goes back to the **front** of the
//!   analysis lane, so nothing is lost and the analysis resumes in order as soon as an engine is
//!   free;
//! - each lane is bounded on its own: a full lane refuses the job (the caller answers "busy"),
//!   whatever the other lane holds. A job put back (preempted, or handed back by a worker whose
//!   engine is down) is never refused: it was already admitted. A client's share of the live
//!   lane is bounded above it, by the per-client cap on engine requests in progress;
//! - a readiness probe never enters a lane: it claims a worker that is waiting for work, or there
//!   is none to claim and the probe is answered from what the pool already knows (`/api/ready`
//!   must neither take a search's place nor wait behind one).

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::time::Duration;

/// What one worker is doing, as far as the policy cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkerState {
    /// Not asking for work: handling a job's result, restarting its engine, or down.
    Away,
    /// Waiting for a job: the next one pushed is its.
    Waiting,
    /// Running a reply (a live job that is not a hint).
    Live,
    /// Running a hint; `preempt` once a reply asked for this engine.
    Hint { preempt: bool },
    /// Running an analysis search; `preempt` once a live job asked for this engine.
    Analysis { preempt: bool },
}

/// What a live job is, for the hint budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchKind {
    /// The engine's move in a game (or anything a player waits on that is not advice).
    Reply,
    /// A suggestion for the player: bounded, and yields to replies.
    Hint,
}

/// A job taken from one of the lanes.
#[derive(Debug, PartialEq, Eq)]
pub enum Taken<L, A> {
    Live(L),
    Analysis(A),
}

/// Names a queued live job, to withdraw it when its wait deadline passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ticket(u64);

/// A live job waiting in its client's queue.
#[derive(Debug)]
struct Queued<L> {
    ticket: Ticket,
    kind: SearchKind,
    job: L,
}

/// One client's live work.
#[derive(Debug)]
struct Client<L> {
    queue: VecDeque<Queued<L>>,
    running: usize,
    hints_running: usize,
    /// Engine time charged so far (relative: a newcomer starts at the least-served's).
    used: Duration,
}

/// The lanes and the workers' states.
#[derive(Debug)]
pub struct Lanes<C, L, A> {
    clients: HashMap<C, Client<L>>,
    live_len: usize,
    next_ticket: u64,
    /// Analysis jobs with their affinity (see [`Lanes::take`]).
    analysis: VecDeque<(Option<u64>, A)>,
    capacity: usize,
    workers: Vec<WorkerState>,
    /// The affinity of the analysis job each worker last ran.
    last_affinity: Vec<Option<u64>>,
    /// The client and kind of the live job each worker runs.
    serving: Vec<Option<(C, SearchKind)>>,
    /// Hints that may run at once, in all.
    hint_share: usize,
}

impl<C: Eq + Hash + Clone, L, A> Lanes<C, L, A> {
    /// Empty lanes of `capacity` waiting jobs each, for `workers` workers (all away).
    pub fn new(capacity: usize, workers: usize) -> Lanes<C, L, A> {
        Lanes {
            clients: HashMap::new(),
            live_len: 0,
            // Ticket 0 is for jobs put back: they sort first and cannot be withdrawn.
            next_ticket: 1,
            analysis: VecDeque::new(),
            capacity: capacity.max(1),
            workers: vec![WorkerState::Away; workers],
            last_affinity: vec![None; workers],
            serving: vec![None; workers],
            hint_share: (workers / 2).max(1),
        }
    }

    /// The queue of `client`, made if it had none: a newcomer starts level with the
    /// least-served active client.
    fn client(&mut self, client: C) -> &mut Client<L> {
        let level = self.clients.values().map(|c| c.used).min();
        self.clients.entry(client).or_insert_with(|| Client {
            queue: VecDeque::new(),
            running: 0,
            hints_running: 0,
            used: level.unwrap_or_default(),
        })
    }

    /// Forgets `client` if it has nothing queued or running.
    fn prune(&mut self, client: &C) {
        if self
            .clients
            .get(client)
            .is_some_and(|c| c.queue.is_empty() && c.running == 0)
        {
            self.clients.remove(client);
        }
    }

    /// Queues a live job of `client`, or gives it back when the live lane is full. The answer
    /// is the job's ticket and the worker to stop, if one must make room for it.
    pub fn push_live(
        &mut self,
        client: C,
        kind: SearchKind,
        job: L,
    ) -> Result<(Ticket, Option<usize>), L> {
        if self.live_len >= self.capacity {
            return Err(job);
        }
        let ticket = Ticket(self.next_ticket);
        self.next_ticket += 1;
        self.client(client)
            .queue
            .push_back(Queued { ticket, kind, job });
        self.live_len += 1;
        Ok((ticket, self.preemption(kind)))
    }

    /// Takes a live job out of the lane if it still waits there (its wait deadline passed);
    /// `None` once a worker took it.
    pub fn withdraw(&mut self, client: &C, ticket: Ticket) -> Option<L> {
        let queue = &mut self.clients.get_mut(client)?.queue;
        let index = queue.iter().position(|queued| queued.ticket == ticket)?;
        let queued = queue.remove(index)?;
        self.live_len -= 1;
        self.prune(client);
        Some(queued.job)
    }

    /// Queues an analysis job, or gives it back when the analysis lane is full. Jobs of one
    /// `affinity` (one chunk of a game, searched in turn) go to the worker that ran the last
    /// of them when it is free, so the chunk runs on one warm engine (its hash holds what the
    /// positions before found).
    pub fn push_analysis(&mut self, affinity: Option<u64>, job: A) -> Result<(), A> {
        if self.analysis.len() >= self.capacity {
            return Err(job);
        }
        self.analysis.push_back((affinity, job));
        Ok(())
    }

    /// Puts a live job back at the front of its client's queue (a down worker hands it to a
    /// healthy one).
    pub fn requeue_live(&mut self, client: C, kind: SearchKind, job: L) {
        let ticket = Ticket(0);
        self.client(client)
            .queue
            .push_front(Queued { ticket, kind, job });
        self.live_len += 1;
    }

    /// Puts an analysis job back at the front of its lane (preempted, or handed back).
    pub fn requeue_analysis(&mut self, affinity: Option<u64>, job: A) {
        self.analysis.push_front((affinity, job));
    }

    /// The analysis job `worker` should take: the oldest of its own affinity, else the oldest
    /// that no other waiting worker has the affinity of (that worker is about to take it).
    fn next_analysis(&self, worker: usize) -> Option<usize> {
        let mine = self.last_affinity[worker];
        let own = mine.and_then(|mine| {
            self.analysis
                .iter()
                .position(|(affinity, _)| *affinity == Some(mine))
        });
        own.or_else(|| {
            self.analysis.iter().position(|(affinity, _)| {
                affinity.is_none_or(|affinity| {
                    !self.workers.iter().enumerate().any(|(other, state)| {
                        other != worker
                            && *state == WorkerState::Waiting
                            && self.last_affinity[other] == Some(affinity)
                    })
                })
            })
        })
    }

    /// The next job for `worker`, live first (fairly between clients); with none, the worker
    /// is marked waiting.
    pub fn take(&mut self, worker: usize) -> Option<Taken<L, A>> {
        if let Some((client, index)) = self.next_live() {
            let entry = self.clients.get_mut(&client).expect("the chosen client");
            let queued = entry.queue.remove(index).expect("the chosen job");
            entry.running += 1;
            self.live_len -= 1;
            self.workers[worker] = match queued.kind {
                SearchKind::Reply => WorkerState::Live,
                SearchKind::Hint => {
                    entry.hints_running += 1;
                    WorkerState::Hint { preempt: false }
                }
            };
            self.serving[worker] = Some((client, queued.kind));
            return Some(Taken::Live(queued.job));
        }
        if let Some(index) = self.next_analysis(worker) {
            let (affinity, job) = self.analysis.remove(index).expect("the chosen job");
            self.workers[worker] = WorkerState::Analysis { preempt: false };
            if affinity.is_some() {
                self.last_affinity[worker] = affinity;
            }
            return Some(Taken::Analysis(job));
        }
        self.workers[worker] = WorkerState::Waiting;
        None
    }

    /// The client to serve and the index of its job: a reply before any hint, then the client
    /// with the fewest searches running, then the least engine time used, then the oldest job;
    /// a hint only within the hint budget.
    fn next_live(&self) -> Option<(C, usize)> {
        let hints_open = self.hints_running() < self.hint_share;
        self.clients
            .iter()
            .filter_map(|(client, entry)| {
                let reply = entry
                    .queue
                    .iter()
                    .position(|queued| queued.kind == SearchKind::Reply);
                let index = reply.or_else(|| {
                    (hints_open && entry.hints_running == 0)
                        .then(|| entry.queue.iter().position(|q| q.kind == SearchKind::Hint))
                        .flatten()
                })?;
                let queued = &entry.queue[index];
                let order = (
                    queued.kind == SearchKind::Hint,
                    entry.running,
                    entry.used,
                    queued.ticket,
                );
                Some((order, client, index))
            })
            .min_by_key(|(order, _, _)| *order)
            .map(|(_, client, index)| (client.clone(), index))
    }

    fn hints_running(&self) -> usize {
        self.clients.values().map(|c| c.hints_running).sum()
    }

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
    /// the client it served, if a live job).
    pub fn leave(&mut self, worker: usize, spent: Duration) {
        self.workers[worker] = WorkerState::Away;
        let Some((client, kind)) = self.serving[worker].take() else {
            return;
        };
        if let Some(entry) = self.clients.get_mut(&client) {
            entry.running -= 1;
            if kind == SearchKind::Hint {
                entry.hints_running -= 1;
            }
            entry.used += spent;
        }
        self.prune(&client);
    }

    /// Whether a live job asked `worker` to stop its analysis search or its hint.
    pub fn preempt_requested(&self, worker: usize) -> bool {
        matches!(
            self.workers[worker],
            WorkerState::Analysis { preempt: true } | WorkerState::Hint { preempt: true }
        )
    }

    /// The state of every worker.
    #[cfg(test)]
    pub fn workers(&self) -> &[WorkerState] {
        &self.workers
    }

    /// Jobs waiting in each lane: (live, analysis).
    pub fn queued(&self) -> (usize, usize) {
        (self.live_len, self.analysis.len())
    }

    /// Marks one worker for preemption if the live jobs a worker could take outnumber the
    /// workers that will take them without one (waiting, or already asked to stop): an
    /// analysis search first, else, for a reply, a hint.
    fn preemption(&mut self, kind: SearchKind) -> Option<usize> {
        let count = |wanted: WorkerState| self.workers.iter().filter(|&&s| s == wanted).count();
        let coming = count(WorkerState::Waiting)
            + count(WorkerState::Analysis { preempt: true })
            + count(WorkerState::Hint { preempt: true });
        if self.demand() <= coming {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    type TestLanes = Lanes<&'static str, &'static str, &'static str>;

    const REPLY: SearchKind = SearchKind::Reply;
    const HINT: SearchKind = SearchKind::Hint;

    /// Queues a reply of `client`; the worker it preempts, if any.
    fn reply(lanes: &mut TestLanes, client: &'static str, job: &'static str) -> Option<usize> {
        lanes.push_live(client, REPLY, job).expect("room").1
    }

    fn hint(lanes: &mut TestLanes, client: &'static str, job: &'static str) -> Option<usize> {
        lanes.push_live(client, HINT, job).expect("room").1
    }

    /// Takes and finishes jobs on worker 0, each charged `spent`, until none is left.
    fn drain(lanes: &mut TestLanes, spent: Duration) -> Vec<Taken<&'static str, &'static str>> {
        std::iter::from_fn(|| {
            let taken = lanes.take(0);
            lanes.leave(0, spent);
            taken
        })
        .collect()
    }

    const SECOND: Duration = Duration::from_secs(1);

    #[test]
    fn a_waiting_worker_takes_a_live_job_before_any_analysis_job() {
        let mut lanes = TestLanes::new(4, 1);
        lanes.push_analysis(None, "a1").expect("room");
        lanes.push_analysis(None, "a2").expect("room");
        reply(&mut lanes, "A", "move");
        assert_eq!(lanes.take(0), Some(Taken::Live("move")));
        assert_eq!(lanes.workers(), [WorkerState::Live]);
        lanes.leave(0, SECOND);
        assert_eq!(lanes.take(0), Some(Taken::Analysis("a1")));
        assert_eq!(lanes.take(0), Some(Taken::Analysis("a2")));
        assert_eq!(lanes.take(0), None);
        assert_eq!(lanes.workers(), [WorkerState::Waiting]);
    }

    #[test]
    fn one_clients_jobs_are_taken_in_order() {
        let mut lanes = TestLanes::new(4, 1);
        for job in ["m1", "m2", "m3"] {
            reply(&mut lanes, "A", job);
        }
        assert_eq!(
            drain(&mut lanes, SECOND),
            [Taken::Live("m1"), Taken::Live("m2"), Taken::Live("m3")]
        );
    }

    #[test]
    fn a_newcomer_is_served_next_however_many_jobs_another_client_queued_first() {
        // Issue #22: client A queues eight searches, then B one move.
        let mut lanes = TestLanes::new(16, 1);
        for job in ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"] {
            reply(&mut lanes, "A", job);
        }
        reply(&mut lanes, "B", "B1");
        let order = drain(&mut lanes, 10 * SECOND);
        assert_eq!(order[0], Taken::Live("A1"));
        assert_eq!(order[1], Taken::Live("B1"), "{order:?}");
    }

    #[test]
    fn clients_take_turns_weighted_by_the_engine_time_they_used() {
        let mut lanes = TestLanes::new(16, 1);
        for job in ["A1", "A2", "A3"] {
            reply(&mut lanes, "A", job);
        }
        for job in ["B1", "B2", "B3"] {
            reply(&mut lanes, "B", job);
        }
        // A's searches cost 3 s each, B's 1 s: B gets three turns for each of A's.
        let mut order = Vec::new();
        while let Some(Taken::Live(job)) = lanes.take(0) {
            let spent = if job.starts_with('A') { 3 } else { 1 };
            lanes.leave(0, spent * SECOND);
            order.push(job);
        }
        assert_eq!(order, ["A1", "B1", "B2", "B3", "A2", "A3"]);
    }

    #[test]
    fn a_client_that_goes_quiet_for_a_moment_starts_level_not_ahead() {
        let mut lanes = TestLanes::new(16, 1);
        reply(&mut lanes, "A", "A1");
        reply(&mut lanes, "B", "B1");
        reply(&mut lanes, "B", "B2");
        assert_eq!(lanes.take(0), Some(Taken::Live("A1")));
        lanes.leave(0, 10 * SECOND);
        assert_eq!(lanes.take(0), Some(Taken::Live("B1")));
        lanes.leave(0, SECOND);
        // A was forgotten when idle; it comes back level with B (1 s), not at zero.
        reply(&mut lanes, "A", "A2");
        reply(&mut lanes, "B", "B3");
        assert_eq!(
            drain(&mut lanes, SECOND),
            [Taken::Live("B2"), Taken::Live("A2"), Taken::Live("B3")]
        );
    }

    #[test]
    fn with_several_engines_each_client_gets_one_before_any_gets_two() {
        let mut lanes = TestLanes::new(16, 3);
        for job in ["A1", "A2", "A3"] {
            reply(&mut lanes, "A", job);
        }
        reply(&mut lanes, "B", "B1");
        reply(&mut lanes, "C", "C1");
        let taken: Vec<_> = (0..3).map(|worker| lanes.take(worker)).collect();
        assert_eq!(
            taken,
            [
                Some(Taken::Live("A1")),
                Some(Taken::Live("B1")),
                Some(Taken::Live("C1"))
            ]
        );
    }

    #[test]
    fn a_job_withdrawn_at_its_deadline_leaves_the_lane_unless_it_was_taken() {
        let mut lanes = TestLanes::new(2, 1);
        let (first, _) = lanes.push_live("A", REPLY, "m1").expect("room");
        let (second, _) = lanes.push_live("B", REPLY, "m2").expect("room");
        assert_eq!(lanes.take(0), Some(Taken::Live("m1")));
        assert_eq!(lanes.withdraw(&"A", first), None, "already running");
        assert_eq!(lanes.withdraw(&"B", second), Some("m2"));
        assert_eq!(lanes.withdraw(&"B", second), None, "once");
        assert_eq!(lanes.queued(), (0, 0));
        lanes.leave(0, SECOND);
        assert_eq!(lanes.take(0), None);
    }

    #[test]
    fn replies_go_before_hints_and_one_client_runs_one_hint_at_a_time() {
        let mut lanes = TestLanes::new(16, 4);
        hint(&mut lanes, "A", "h1");
        hint(&mut lanes, "A", "h2");
        hint(&mut lanes, "B", "hb");
        reply(&mut lanes, "C", "m1");
        assert_eq!(
            lanes.take(0),
            Some(Taken::Live("m1")),
            "the reply came last"
        );
        assert_eq!(lanes.take(1), Some(Taken::Live("h1")));
        assert_eq!(lanes.take(2), Some(Taken::Live("hb")));
        lanes.leave(2, SECOND);
        assert_eq!(lanes.take(2), None, "h2 waits for A's running hint");
        lanes.leave(1, SECOND);
        assert_eq!(lanes.take(1), Some(Taken::Live("h2")));
    }

    #[test]
    fn hints_run_on_at_most_half_the_engines() {
        let mut lanes = TestLanes::new(16, 4);
        for client in ["A", "B", "C"] {
            hint(&mut lanes, client, client);
        }
        assert_eq!(lanes.take(0), Some(Taken::Live("A")));
        assert_eq!(lanes.take(1), Some(Taken::Live("B")));
        assert_eq!(lanes.take(2), None, "two engines of four run hints");
        assert_eq!(
            reply(&mut lanes, "D", "move"),
            None,
            "a waiting worker takes it; the waiting hint stops nothing"
        );
        assert_eq!(lanes.take(2), Some(Taken::Live("move")));
    }

    #[test]
    fn a_reply_that_would_wait_stops_a_running_hint_but_a_hint_does_not() {
        let mut lanes = TestLanes::new(16, 1);
        hint(&mut lanes, "A", "h1");
        assert_eq!(lanes.take(0), Some(Taken::Live("h1")));
        assert_eq!(hint(&mut lanes, "B", "h2"), None);
        assert!(!lanes.preempt_requested(0));
        assert_eq!(reply(&mut lanes, "C", "move"), Some(0));
        assert!(lanes.preempt_requested(0));
        lanes.leave(0, SECOND);
        assert_eq!(lanes.take(0), Some(Taken::Live("move")));
    }

    #[test]
    fn a_live_job_with_a_waiting_worker_preempts_nothing() {
        let mut lanes = TestLanes::new(4, 2);
        lanes.push_analysis(None, "a1").expect("room");
        assert_eq!(lanes.take(0), Some(Taken::Analysis("a1")));
        assert_eq!(lanes.take(1), None, "worker 1 now waits");
        assert_eq!(reply(&mut lanes, "A", "move"), None);
        assert_eq!(lanes.take(1), Some(Taken::Live("move")));
        assert!(!lanes.preempt_requested(0));
    }

    #[test]
    fn a_live_job_finding_every_engine_busy_preempts_an_analysis_search() {
        let mut lanes = TestLanes::new(4, 2);
        reply(&mut lanes, "A", "other game");
        lanes.push_analysis(None, "a1").expect("room");
        assert_eq!(lanes.take(0), Some(Taken::Live("other game")));
        assert_eq!(lanes.take(1), Some(Taken::Analysis("a1")));
        assert_eq!(reply(&mut lanes, "B", "move"), Some(1));
        assert!(lanes.preempt_requested(1));
        // The stopped search's job goes back first in its lane; the freed worker takes the move.
        lanes.requeue_analysis(None, "a1");
        lanes.leave(1, SECOND);
        assert_eq!(lanes.take(1), Some(Taken::Live("move")));
        lanes.leave(1, SECOND);
        assert_eq!(lanes.take(1), Some(Taken::Analysis("a1")));
    }

    #[test]
    fn each_queued_live_job_preempts_its_own_analysis_search() {
        let mut lanes = TestLanes::new(4, 3);
        for job in ["a1", "a2", "a3"] {
            lanes.push_analysis(None, job).expect("room");
        }
        for worker in 0..3 {
            assert!(matches!(lanes.take(worker), Some(Taken::Analysis(_))));
        }
        assert_eq!(reply(&mut lanes, "A", "m1"), Some(0));
        assert_eq!(reply(&mut lanes, "A", "m2"), Some(1));
        assert_eq!(reply(&mut lanes, "A", "m3"), Some(2));
        assert_eq!(reply(&mut lanes, "A", "m4"), None, "nothing left to stop");
    }

    #[test]
    fn a_live_search_never_preempts_another_reply() {
        let mut lanes = TestLanes::new(4, 1);
        reply(&mut lanes, "A", "m1");
        assert_eq!(lanes.take(0), Some(Taken::Live("m1")));
        assert_eq!(reply(&mut lanes, "B", "m2"), None);
        assert!(!lanes.preempt_requested(0));
    }

    #[test]
    fn a_readiness_probe_claims_only_a_waiting_worker_and_takes_no_place_in_a_lane() {
        let mut lanes = TestLanes::new(1, 2);
        reply(&mut lanes, "A", "m1");
        assert_eq!(lanes.take(0), Some(Taken::Live("m1")));
        assert_eq!(
            lanes.claim_waiting(),
            None,
            "worker 1 is away, worker 0 busy"
        );
        assert_eq!(lanes.take(1), None, "worker 1 now waits");
        assert_eq!(lanes.claim_waiting(), Some(1));
        assert_eq!(lanes.claim_waiting(), None, "claimed once");
        assert_eq!(lanes.queued(), (0, 0));
        lanes
            .push_live("A", REPLY, "m2")
            .expect("the probe took no place in the live lane");
    }

    #[test]
    fn an_engine_that_is_down_or_between_jobs_is_not_counted_as_free() {
        let mut lanes = TestLanes::new(4, 2);
        lanes.push_analysis(None, "a1").expect("room");
        assert_eq!(lanes.take(0), Some(Taken::Analysis("a1")));
        assert_eq!(lanes.take(1), None);
        lanes.leave(1, Duration::ZERO); // worker 1's engine went down: it stops waiting
        assert_eq!(reply(&mut lanes, "A", "move"), Some(0));
    }

    #[test]
    fn each_lane_is_bounded_on_its_own_and_put_back_jobs_are_never_refused() {
        let mut lanes = TestLanes::new(2, 1);
        reply(&mut lanes, "A", "m1");
        reply(&mut lanes, "B", "m2");
        assert_eq!(lanes.push_live("C", REPLY, "m3"), Err("m3"));
        lanes
            .push_analysis(None, "a1")
            .expect("room, whatever the live lane holds");
        lanes.push_analysis(None, "a2").expect("room");
        assert_eq!(lanes.push_analysis(None, "a3"), Err("a3"));
        lanes.requeue_analysis(None, "a0");
        lanes.requeue_live("A", REPLY, "m0");
        assert_eq!(lanes.queued(), (3, 3));
        assert_eq!(lanes.take(0), Some(Taken::Live("m0")));
    }

    #[test]
    fn taking_a_new_analysis_job_clears_an_old_preemption_request() {
        let mut lanes = TestLanes::new(4, 1);
        lanes.push_analysis(None, "a1").expect("room");
        lanes.push_analysis(None, "a2").expect("room");
        assert_eq!(lanes.take(0), Some(Taken::Analysis("a1")));
        assert_eq!(reply(&mut lanes, "A", "m1"), Some(0));
        // The search ended on its own just before the stop; the worker takes the move anyway.
        lanes.leave(0, SECOND);
        assert_eq!(lanes.take(0), Some(Taken::Live("m1")));
        lanes.leave(0, SECOND);
        assert_eq!(lanes.take(0), Some(Taken::Analysis("a2")));
        assert!(!lanes.preempt_requested(0));
    }

    #[test]
    fn idle_clients_are_forgotten() {
        let mut lanes = TestLanes::new(4, 1);
        reply(&mut lanes, "A", "m1");
        hint(&mut lanes, "B", "h1");
        drain(&mut lanes, SECOND);
        assert!(lanes.clients.is_empty());
    }

    #[test]
    fn a_chunk_s_next_position_waits_for_its_warm_engine_while_that_one_is_free() {
        let mut lanes = TestLanes::new(4, 2);
        lanes.push_analysis(Some(1), "chunk 1 a").expect("room");
        lanes.push_analysis(Some(2), "chunk 2 a").expect("room");
        assert_eq!(lanes.take(0), Some(Taken::Analysis("chunk 1 a")));
        assert_eq!(lanes.take(1), Some(Taken::Analysis("chunk 2 a")));
        lanes.leave(0, Duration::ZERO);
        lanes.leave(1, Duration::ZERO);
        // Both wait; chunk 2's next position comes first and worker 0 asks first.
        assert_eq!(lanes.take(0), None);
        assert_eq!(lanes.take(1), None);
        lanes.push_analysis(Some(2), "chunk 2 b").expect("room");
        lanes.push_analysis(Some(1), "chunk 1 b").expect("room");
        assert_eq!(lanes.take(0), Some(Taken::Analysis("chunk 1 b")));
        assert_eq!(lanes.take(1), Some(Taken::Analysis("chunk 2 b")));
        // A busy warm engine does not hold its chunk back: another worker takes it.
        lanes.push_analysis(Some(1), "chunk 1 c").expect("room");
        lanes.leave(1, Duration::ZERO);
        assert_eq!(lanes.take(1), Some(Taken::Analysis("chunk 1 c")));
    }
}
