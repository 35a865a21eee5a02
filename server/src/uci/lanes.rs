//! Which job an engine runs next, as a pure policy with no I/O: two bounded lanes and what every
//! worker is doing.
//!
//! Live play comes first (`shared/DESIGN.md`, "Stockfish time is the scarce resource"):
//! - a worker that asks for work takes the oldest live job if one waits, else the oldest analysis
//!   job;
//! - a live job that arrives while it would have to wait (more live jobs queued than workers
//!   waiting for work or already being freed) preempts one worker running an analysis search;
//!   that search is stopped and its job goes back to the **front** of the analysis lane, so
//!   nothing is lost and the analysis resumes in order as soon as an engine is free;
//! - each lane is bounded on its own: a full lane refuses the job (the caller answers "busy"),
//!   whatever the other lane holds. A job put back (preempted, or handed back by a worker whose
//!   engine is down) is never refused: it was already admitted;
//! - fairness between games is first come, first served within the live lane. Nothing finer is
//!   needed because the layers above bound every share: a game has at most one live job at a
//!   time (its reply or one hint, `games/hint_lock.rs`) and a client at most
//!   `--searches-per-client` engine requests in progress, so a new job waits behind at most the
//!   lane's capacity, each search capped by its move time, whoever queued them. Round-robin per
//!   client address was rejected: this layer knows nothing of clients (HTTP), and many real
//!   players share one address behind a NAT or a proxy, whom per-address rounds would
//!   shortchange against a single player on an address of their own;
//! - a readiness probe never enters a lane: it claims a worker that is waiting for work, or there
//!   is none to claim and the probe is answered from what the pool already knows (`/api/ready`
//!   must neither take a search's place nor wait behind one).

use std::collections::VecDeque;

/// What one worker is doing, as far as the policy cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkerState {
    /// Not asking for work: handling a job's result, restarting its engine, or down.
    Away,
    /// Waiting for a job: the next one pushed is its.
    Waiting,
    /// Running a live job.
    Live,
    /// Running an analysis search; `preempt` once a live job asked for this engine.
    Analysis { preempt: bool },
}

/// A job taken from one of the lanes.
#[derive(Debug, PartialEq, Eq)]
pub enum Taken<L, A> {
    Live(L),
    Analysis(A),
}

/// The two lanes and the workers' states.
#[derive(Debug)]
pub struct Lanes<L, A> {
    live: VecDeque<L>,
    analysis: VecDeque<A>,
    capacity: usize,
    workers: Vec<WorkerState>,
}

impl<L, A> Lanes<L, A> {
    /// Empty lanes of `capacity` waiting jobs each, for `workers` workers (all away).
    pub fn new(capacity: usize, workers: usize) -> Lanes<L, A> {
        Lanes {
            live: VecDeque::new(),
            analysis: VecDeque::new(),
            capacity: capacity.max(1),
            workers: vec![WorkerState::Away; workers],
        }
    }

    /// Queues a live job, or gives it back when the live lane is full. `urgent` jobs (searches,
    /// not readiness pings) may preempt an analysis search: the answer names the worker to stop.
    pub fn push_live(&mut self, job: L, urgent: bool) -> Result<Option<usize>, L> {
        if self.live.len() >= self.capacity {
            return Err(job);
        }
        self.live.push_back(job);
        Ok(if urgent { self.preemption() } else { None })
    }

    /// Queues an analysis job, or gives it back when the analysis lane is full.
    pub fn push_analysis(&mut self, job: A) -> Result<(), A> {
        if self.analysis.len() >= self.capacity {
            return Err(job);
        }
        self.analysis.push_back(job);
        Ok(())
    }

    /// Puts a live job back at the front of its lane (a down worker hands it to a healthy one).
    pub fn requeue_live(&mut self, job: L) {
        self.live.push_front(job);
    }

    /// Puts an analysis job back at the front of its lane (preempted, or handed back).
    pub fn requeue_analysis(&mut self, job: A) {
        self.analysis.push_front(job);
    }

    /// The next job for `worker`, live first; with none, the worker is marked waiting.
    pub fn take(&mut self, worker: usize) -> Option<Taken<L, A>> {
        let (state, taken) = if let Some(job) = self.live.pop_front() {
            (WorkerState::Live, Some(Taken::Live(job)))
        } else if let Some(job) = self.analysis.pop_front() {
            let state = WorkerState::Analysis { preempt: false };
            (state, Some(Taken::Analysis(job)))
        } else {
            (WorkerState::Waiting, None)
        };
        self.workers[worker] = state;
        taken
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

    /// `worker` stopped waiting, or finished its job.
    pub fn leave(&mut self, worker: usize) {
        self.workers[worker] = WorkerState::Away;
    }

    /// Whether a live job asked `worker` to stop its analysis search.
    pub fn preempt_requested(&self, worker: usize) -> bool {
        self.workers[worker] == WorkerState::Analysis { preempt: true }
    }

    /// The state of every worker.
    #[cfg(test)]
    pub fn workers(&self) -> &[WorkerState] {
        &self.workers
    }

    /// Jobs waiting in each lane: (live, analysis).
    pub fn queued(&self) -> (usize, usize) {
        (self.live.len(), self.analysis.len())
    }

    /// Marks one analysis worker for preemption if the live jobs queued outnumber the workers
    /// that will take them without one (waiting, or already asked to stop).
    fn preemption(&mut self) -> Option<usize> {
        let count = |wanted: WorkerState| self.workers.iter().filter(|&&s| s == wanted).count();
        let coming = count(WorkerState::Waiting) + count(WorkerState::Analysis { preempt: true });
        if self.live.len() <= coming {
            return None;
        }
        let victim = self
            .workers
            .iter()
            .position(|&s| s == WorkerState::Analysis { preempt: false })?;
        self.workers[victim] = WorkerState::Analysis { preempt: true };
        Some(victim)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type TestLanes = Lanes<&'static str, &'static str>;

    #[test]
    fn a_waiting_worker_takes_a_live_job_before_any_analysis_job() {
        let mut lanes = TestLanes::new(4, 1);
        lanes.push_analysis("a1").expect("room");
        lanes.push_analysis("a2").expect("room");
        lanes.push_live("move", true).expect("room");
        assert_eq!(lanes.take(0), Some(Taken::Live("move")));
        assert_eq!(lanes.workers(), [WorkerState::Live]);
        lanes.leave(0);
        assert_eq!(lanes.take(0), Some(Taken::Analysis("a1")));
        assert_eq!(lanes.take(0), Some(Taken::Analysis("a2")));
        assert_eq!(lanes.take(0), None);
        assert_eq!(lanes.workers(), [WorkerState::Waiting]);
    }

    #[test]
    fn jobs_of_one_lane_are_taken_in_order() {
        let mut lanes = TestLanes::new(4, 1);
        for job in ["m1", "m2", "m3"] {
            lanes.push_live(job, true).expect("room");
        }
        let order: Vec<_> = std::iter::from_fn(|| lanes.take(0)).collect();
        assert_eq!(
            order,
            [Taken::Live("m1"), Taken::Live("m2"), Taken::Live("m3")]
        );
    }

    #[test]
    fn a_newcomer_waits_only_behind_the_live_jobs_queued_before_it() {
        // One job per game; client A has three games waiting, client B arrives after them.
        let mut lanes = TestLanes::new(8, 1);
        for job in ["A game 1", "A game 2", "A game 3", "B game 1"] {
            lanes.push_live(job, true).expect("room");
        }
        assert_eq!(lanes.take(0), Some(Taken::Live("A game 1")));
        lanes.push_live("A game 1 again", true).expect("room");
        let order: Vec<_> = std::iter::from_fn(|| lanes.take(0)).collect();
        assert_eq!(
            order,
            [
                Taken::Live("A game 2"),
                Taken::Live("A game 3"),
                Taken::Live("B game 1"),
                Taken::Live("A game 1 again"),
            ],
            "a job pushed later never overtakes the newcomer"
        );
    }

    #[test]
    fn a_live_job_with_a_waiting_worker_preempts_nothing() {
        let mut lanes = TestLanes::new(4, 2);
        lanes.push_analysis("a1").expect("room");
        assert_eq!(lanes.take(0), Some(Taken::Analysis("a1")));
        assert_eq!(lanes.take(1), None, "worker 1 now waits");
        assert_eq!(lanes.push_live("move", true), Ok(None));
        assert_eq!(lanes.take(1), Some(Taken::Live("move")));
        assert!(!lanes.preempt_requested(0));
    }

    #[test]
    fn a_live_job_finding_every_engine_busy_preempts_an_analysis_search() {
        let mut lanes = TestLanes::new(4, 2);
        lanes.push_live("other game", true).expect("room");
        lanes.push_analysis("a1").expect("room");
        assert_eq!(lanes.take(0), Some(Taken::Live("other game")));
        assert_eq!(lanes.take(1), Some(Taken::Analysis("a1")));
        assert_eq!(lanes.push_live("move", true), Ok(Some(1)));
        assert!(lanes.preempt_requested(1));
        // The stopped search's job goes back first in its lane; the freed worker takes the move.
        lanes.requeue_analysis("a1");
        lanes.leave(1);
        assert_eq!(lanes.take(1), Some(Taken::Live("move")));
        lanes.leave(1);
        assert_eq!(lanes.take(1), Some(Taken::Analysis("a1")));
    }

    #[test]
    fn each_queued_live_job_preempts_its_own_analysis_search() {
        let mut lanes = TestLanes::new(4, 3);
        for job in ["a1", "a2", "a3"] {
            lanes.push_analysis(job).expect("room");
        }
        for worker in 0..3 {
            assert!(matches!(lanes.take(worker), Some(Taken::Analysis(_))));
        }
        assert_eq!(lanes.push_live("m1", true), Ok(Some(0)));
        assert_eq!(lanes.push_live("m2", true), Ok(Some(1)));
        assert_eq!(lanes.push_live("m3", true), Ok(Some(2)));
        assert_eq!(
            lanes.push_live("m4", true),
            Ok(None),
            "nothing left to stop"
        );
    }

    #[test]
    fn a_live_search_never_preempts_another_live_search() {
        let mut lanes = TestLanes::new(4, 1);
        lanes.push_live("m1", true).expect("room");
        assert_eq!(lanes.take(0), Some(Taken::Live("m1")));
        assert_eq!(lanes.push_live("m2", true), Ok(None));
        assert!(!lanes.preempt_requested(0));
    }

    #[test]
    fn a_readiness_ping_preempts_nothing() {
        let mut lanes = TestLanes::new(4, 1);
        lanes.push_analysis("a1").expect("room");
        assert_eq!(lanes.take(0), Some(Taken::Analysis("a1")));
        assert_eq!(lanes.push_live("ping", false), Ok(None));
        assert!(!lanes.preempt_requested(0));
    }

    #[test]
    fn a_readiness_probe_claims_only_a_waiting_worker_and_takes_no_place_in_a_lane() {
        let mut lanes = TestLanes::new(1, 2);
        lanes.push_live("m1", true).expect("room");
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
            .push_live("m2", true)
            .expect("the probe took no place in the live lane");
    }

    #[test]
    fn an_engine_that_is_down_or_between_jobs_is_not_counted_as_free() {
        let mut lanes = TestLanes::new(4, 2);
        lanes.push_analysis("a1").expect("room");
        assert_eq!(lanes.take(0), Some(Taken::Analysis("a1")));
        assert_eq!(lanes.take(1), None);
        lanes.leave(1); // worker 1's engine went down: it stops waiting
        assert_eq!(lanes.push_live("move", true), Ok(Some(0)));
    }

    #[test]
    fn each_lane_is_bounded_on_its_own_and_put_back_jobs_are_never_refused() {
        let mut lanes = TestLanes::new(2, 1);
        lanes.push_live("m1", true).expect("room");
        lanes.push_live("m2", true).expect("room");
        assert_eq!(lanes.push_live("m3", true), Err("m3"));
        lanes
            .push_analysis("a1")
            .expect("room, whatever the live lane holds");
        lanes.push_analysis("a2").expect("room");
        assert_eq!(lanes.push_analysis("a3"), Err("a3"));
        lanes.requeue_analysis("a0");
        lanes.requeue_live("m0");
        assert_eq!(lanes.queued(), (3, 3));
        assert_eq!(lanes.take(0), Some(Taken::Live("m0")));
    }

    #[test]
    fn taking_a_new_analysis_job_clears_an_old_preemption_request() {
        let mut lanes = TestLanes::new(4, 1);
        lanes.push_analysis("a1").expect("room");
        lanes.push_analysis("a2").expect("room");
        assert_eq!(lanes.take(0), Some(Taken::Analysis("a1")));
        assert_eq!(lanes.push_live("m1", true), Ok(Some(0)));
        // The search ended on its own just before the stop; the worker takes the move anyway.
        lanes.leave(0);
        assert_eq!(lanes.take(0), Some(Taken::Live("m1")));
        lanes.leave(0);
        assert_eq!(lanes.take(0), Some(Taken::Analysis("a2")));
        assert!(!lanes.preempt_requested(0));
    }
}
