//! The queue the workers share: the [`Lanes`] policy behind a lock, a wake-up for workers waiting
//! for work, one stop signal per worker for preempted analysis searches, and one mailbox per
//! worker for a readiness probe (handed to an idle worker only, never queued behind searches).
//!
//! The lock is a plain mutex held for a few instructions and never across an `.await`.

use std::pin::pin;
use std::sync::{Mutex, MutexGuard, PoisonError};

use tokio::sync::{oneshot, Notify};

use super::actor::{AnalysisJob, Job};
use super::error::EngineError;
use super::lanes::{Lanes, Taken};

/// A job a worker took: live play, or an analysis search.
pub type Task = Taken<Job, AnalysisJob>;

/// Where a readiness probe's answer goes.
pub type ProbeReply = oneshot::Sender<Result<(), EngineError>>;

#[derive(Debug)]
struct Inner {
    lanes: Lanes<Job, AnalysisJob>,
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
}

impl JobQueue {
    /// An empty queue of `capacity` jobs per lane for `workers` workers.
    pub fn new(capacity: usize, workers: usize) -> JobQueue {
        JobQueue {
            inner: Mutex::new(Inner {
                lanes: Lanes::new(capacity, workers),
                probes: (0..workers).map(|_| None).collect(),
                closed: false,
            }),
            work: Notify::new(),
            preempt: (0..workers).map(|_| Notify::new()).collect(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // Nothing panics while the lock is held; if something did, the lanes are still whole.
        self.inner.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues a live job; an `urgent` one (a search) stops an analysis search if it would
    /// otherwise wait. [`EngineError::Busy`] when the live lane is full.
    pub fn push_live(&self, job: Job, urgent: bool) -> Result<(), EngineError> {
        let preempt = {
            let mut inner = self.lock();
            if inner.closed {
                return Err(EngineError::Stopped);
            }
            inner
                .lanes
                .push_live(job, urgent)
                .map_err(|_| EngineError::Busy)?
        };
        self.work.notify_one();
        if let Some(worker) = preempt {
            self.preempt[worker].notify_one();
        }
        Ok(())
    }

    /// Queues an analysis job; [`EngineError::Busy`] when the analysis lane is full.
    pub fn push_analysis(&self, job: AnalysisJob) -> Result<(), EngineError> {
        {
            let mut inner = self.lock();
            if inner.closed {
                return Err(EngineError::Stopped);
            }
            inner
                .lanes
                .push_analysis(job)
                .map_err(|_| EngineError::Busy)?;
        }
        self.work.notify_one();
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
    pub fn requeue(&self, task: Task) {
        {
            let mut inner = self.lock();
            match task {
                Taken::Live(Job::Ping { .. }) => return,
                Taken::Live(job) => inner.lanes.requeue_live(job),
                Taken::Analysis(job) => inner.lanes.requeue_analysis(job),
            }
        }
        self.work.notify_one();
    }

    /// The next job for `worker`, live first, waiting until there is one; `None` once the pool
    /// is gone. Cancel-safe: a job is only taken in the poll that returns it.
    pub async fn next(&self, worker: usize) -> Option<Task> {
        loop {
            let mut notified = pin!(self.work.notified());
            // Registered before looking, so a push between the look and the wait still wakes us.
            notified.as_mut().enable();
            {
                let mut inner = self.lock();
                if inner.closed {
                    inner.lanes.leave(worker);
                    return None;
                }
                if let Some(reply) = inner.probes[worker].take() {
                    return Some(Taken::Live(Job::Ping { reply }));
                }
                if let Some(task) = inner.lanes.take(worker) {
                    return Some(task);
                }
            }
            notified.await;
        }
    }

    /// `worker` finished its job or stopped waiting for one. A probe handed to it meanwhile is
    /// dropped (its asker answers from the pool's health) rather than left waiting.
    pub fn leave(&self, worker: usize) {
        let mut inner = self.lock();
        inner.lanes.leave(worker);
        inner.probes[worker] = None;
    }

    /// Resolves once a live job asked `worker` to stop its analysis search. A stale wake-up
    /// (meant for a search that already ended) is ignored: the request itself is checked.
    pub async fn preempted(&self, worker: usize) {
        loop {
            let mut notified = pin!(self.preempt[worker].notified());
            notified.as_mut().enable();
            if self.lock().lanes.preempt_requested(worker) {
                return;
            }
            notified.await;
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
