//! The queue the workers share: the [`Lanes`] policy behind a lock, a wake-up for workers waiting
//! for work, one stop signal per worker for preempted analysis searches and hints, one mailbox
//! per worker for a readiness probe (handed to an idle worker only, never queued behind
//! searches), and the clock that charges each live job's engine time to its client.
//!
//! The lock is a plain mutex held for a few instructions and never across an `.await`. The
//! lanes' clock is set from Tokio's before every use, and every worker running a search looks
//! a few times per preemption bound whether a waiting client is owed its engine
//! ([`Lanes::yield_due`]).

use std::pin::pin;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use tokio::sync::{oneshot, Notify};
use tokio::time::Instant;

use super::error::EngineError;
use super::job::{AnalysisJob, Job};
use super::lanes::{LaneLimits, Lanes, Shared, Taken, Ticket};
use crate::client_key::{ClientKey, Share};

/// A job a worker took: live play, or an analysis search.
pub type Task = Taken<Job, AnalysisJob>;

/// The server's own work (`None`) is bounded by a lane's capacity alone; a client counts in its
/// aggregate share too (its IPv6 /56, or "behind the proxy").
impl Shared for Option<ClientKey> {
    type Aggregate = Share;

    fn aggregate(&self) -> Option<Share> {
        self.and_then(ClientKey::aggregate)
    }

    fn is_server(&self) -> bool {
        self.is_none()
    }
}

/// Where a readiness probe's answer goes.
pub type ProbeReply = oneshot::Sender<Result<(), EngineError>>;

#[derive(Debug)]
struct Inner {
    /// Live jobs by client; `None` is the server's own work (replies resumed after a restart).
    lanes: Lanes<Option<ClientKey>, Job, AnalysisJob>,
    /// `started[i]`: when worker `i` took its job, to charge its engine time.
    started: Vec<Option<Instant>>,
    /// `probes[i]`: a readiness probe handed to worker `i`, which was waiting for work.
    probes: Vec<Option<ProbeReply>>,
    /// Every pool handle is gone: workers quit.
    closed: bool,
}

/// The jobs waiting for an engine, shared by the pool's handles and its workers.
#[derive(Debug)]
pub struct JobQueue {
    inner: Mutex<Inner>,
    /// Wakes one worker waiting for work.
    work: Notify,
    /// `preempt[i]` tells worker `i` that a live job wants its engine.
    preempt: Box<[Notify]>,
    /// How often a worker running a search checks whether it owes its engine to a waiting
    /// client (a quarter of the preemption bound, within 10..250 ms).
    tick: Duration,
}

impl JobQueue {
    /// An empty queue whose lanes are bounded by `limits`, for `workers` workers.
    pub fn new(limits: LaneLimits, workers: usize) -> JobQueue {
        let tick =
            (limits.preempt_after / 4).clamp(Duration::from_millis(10), Duration::from_millis(250));
        JobQueue {
            inner: Mutex::new(Inner {
                lanes: Lanes::with_limits(limits, workers),
                started: vec![None; workers],
                probes: (0..workers).map(|_| None).collect(),
                closed: false,
            }),
            work: Notify::new(),
            preempt: (0..workers).map(|_| Notify::new()).collect(),
            tick,
        }
    }

    /// The lock, with the lanes' clock set to now.
    fn lock(&self) -> MutexGuard<'_, Inner> {
        // Nothing panics while the lock is held; if something did, the lanes are still whole.
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        inner.lanes.set_now(Instant::now().into_std());
        inner
    }

    /// Queues a live search in its client's queue; it stops an analysis search (or, a reply, a
    /// hint) if it would otherwise wait. [`EngineError::Busy`] when the live lane has no room for
    /// its client; the ticket withdraws it if it waits too long.
    pub fn push_search(&self, job: Job) -> Result<Ticket, EngineError> {
        let (ticket, preempt) = {
            let mut inner = self.lock();
            if inner.closed {
                return Err(EngineError::Stopped);
            }
            let (client, kind) = job.client_and_kind();
            let cheap = job.is_cheap();
            inner
                .lanes
                .push_live_class(client, kind, cheap, job)
                .map_err(|_| EngineError::Busy)?
        };
        self.work.notify_one();
        if let Some(worker) = preempt {
            self.preempt[worker].notify_one();
        }
        Ok(ticket)
    }

    /// Takes a queued search out of the lane at its wait deadline: `true` if it was still
    /// waiting (the caller refuses it), `false` once a worker took it.
    pub fn withdraw(&self, client: Option<ClientKey>, ticket: Ticket) -> bool {
        self.lock().lanes.withdraw(&client, ticket).is_some()
    }

    /// Queues an analysis job in its client's queue; [`EngineError::Busy`] when the analysis
    /// lane has no room for its client.
    pub fn push_analysis(&self, job: AnalysisJob) -> Result<(), EngineError> {
        {
            let mut inner = self.lock();
            if inner.closed {
                return Err(EngineError::Stopped);
            }
            inner.lanes.drop_abandoned_analysis(AnalysisJob::abandoned);
            let (client, affinity) = (job.client(), job.affinity());
            inner
                .lanes
                .push_analysis_for(client, affinity, job)
                .map_err(|_| EngineError::Busy)?;
        }
        // Every waiting worker looks: the job may be meant for one in particular (its affinity).
        self.work.notify_waiters();
        Ok(())
    }

    /// Hands a readiness probe to a worker waiting for work; `None` (nothing handed, nothing
    /// queued) when every worker is busy, away or down.
    pub fn probe(&self) -> Option<oneshot::Receiver<Result<(), EngineError>>> {
        let answer = {
            let mut inner = self.lock();
            if inner.closed {
                return None;
            }
            let worker = inner.lanes.claim_waiting()?;
            let (reply, answer) = oneshot::channel();
            inner.probes[worker] = Some(reply);
            answer
        };
        // The claimed worker is parked in `next`; wake them all, the others go back to sleep.
        self.work.notify_waiters();
        Some(answer)
    }

    /// Readiness probes handed to a worker and not yet taken by it.
    pub fn probes_pending(&self) -> usize {
        self.lock().probes.iter().flatten().count()
    }

    /// Puts a job back at the front of its lane (never refused: it was admitted once). A
    /// readiness probe is never put in a lane: dropped, its asker answers from the pool's health.
    /// Neither is an analysis job nobody waits for any more (its requester dropped it while its
    /// search was being stopped): put back, it held a place until a worker took and dropped it.
    pub fn requeue(&self, task: Task) {
        {
            let mut inner = self.lock();
            match task {
                Taken::Live(Job::Ping { .. }) => return,
                Taken::Live(job) => {
                    let (client, kind) = job.client_and_kind();
                    inner.lanes.requeue_live(client, kind, job);
                }
                Taken::Analysis(job) if job.abandoned() => return,
                Taken::Analysis(job) => {
                    let (client, affinity) = (job.client(), job.affinity());
                    inner.lanes.requeue_analysis_for(client, affinity, job);
                }
            }
        }
        self.work.notify_waiters();
    }

    /// The next job for `worker`, live first, waiting until there is one; `None` once the pool
    /// is gone. Cancel-safe: a job is only taken in the poll that returns it.
    pub async fn next(&self, worker: usize) -> Option<Task> {
        loop {
            let mut notified = pin!(self.work.notified());
            // Registered before looking, so a push between the look and the wait still wakes us.
            notified.as_mut().enable();
            let held = {
                let mut inner = self.lock();
                if inner.closed {
                    inner.lanes.leave(worker, Duration::ZERO);
                    return None;
                }
                if let Some(reply) = inner.probes[worker].take() {
                    return Some(Taken::Live(Job::Ping { reply }));
                }
                if let Some(task) = inner.lanes.take(worker) {
                    inner.started[worker] = Some(Instant::now());
                    return Some(task);
                }
                inner.lanes.hold_left(worker)
            };
            match held {
                // Kept for its chunk's next position (`CHUNK_HOLD`): look again when the hold ends.
                Some(left) => {
                    let _ = tokio::time::timeout(left, notified).await;
                }
                None => notified.await,
            }
        }
    }

    /// `worker` finished its job (its engine time is charged to its client) or stopped waiting
    /// for one. A probe handed to it meanwhile is dropped (its asker answers from the pool's
    /// health) rather than left waiting.
    pub fn leave(&self, worker: usize) {
        let mut inner = self.lock();
        let spent = inner.started[worker]
            .take()
            .map_or(Duration::ZERO, |started| started.elapsed());
        inner.lanes.leave(worker, spent);
        inner.probes[worker] = None;
    }

    /// Resolves once `worker` was asked to stop its search: by a live job that wants the engine
    /// of an analysis search or hint, or for a client that waited past the preemption bound. A
    /// stale wake-up (meant for a search that already ended) is ignored: the request itself is
    /// checked. While it waits, it checks every tick whether any search owes its engine to a
    /// waiting client, and tells the workers asked.
    pub async fn preempted(&self, worker: usize) {
        loop {
            let mut notified = pin!(self.preempt[worker].notified());
            notified.as_mut().enable();
            let (asked, mine) = {
                let mut inner = self.lock();
                let asked = inner.lanes.yield_due();
                (asked, inner.lanes.preempt_requested(worker))
            };
            for other in asked {
                self.preempt[other].notify_one();
            }
            if mine {
                return;
            }
            let _ = tokio::time::timeout(self.tick, notified).await;
        }
    }

    /// Jobs waiting in each lane: (live, analysis).
    pub fn queued(&self) -> (usize, usize) {
        self.lock().lanes.queued()
    }

    /// The pool is gone: waiting workers quit, the others after their job.
    pub fn close(&self) {
        self.lock().closed = true;
        self.work.notify_waiters();
    }
}
