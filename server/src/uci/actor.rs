//! The worker that owns one engine process and runs searches from the shared queue, one at a time.
//!
//! Any failure (crash, hang, garbage, illegal reply, lost connection) kills the process or closes
//! the connection; the worker restarts it after a backoff that doubles on every consecutive failure,
//! so the next request finds a fresh engine. While an engine is down its worker takes no searches
//! as long as another engine of the pool is healthy: the pool routes around it until it answers
//! its handshake again. When every engine is down, a down worker takes searches (and fails them
//! after one restart attempt) so requests never wait forever.

use std::sync::Arc;
use std::time::Duration;

use alphachess_engine::Move;
use tokio::sync::{mpsc, oneshot, Mutex};
use tokio::time::{sleep_until, Instant};

use super::address::EngineAddress;
use super::error::EngineError;
use super::health::EngineHealth;
use super::info::parse_info;
use super::process::EngineProcess;
use super::protocol::{EngineLine, EngineOption, UciCommand};
use super::SearchRequest;

/// Time on top of `movetime` before the supervisor gives up on a search.
pub const SEARCH_SLACK: Duration = Duration::from_millis(1500);
/// How long an idle engine may take to answer `isready`.
pub const PING_TIMEOUT: Duration = Duration::from_secs(2);
/// How long a stopped search may take to print its `bestmove`.
const STOP_GRACE: Duration = Duration::from_secs(1);
const INITIAL_BACKOFF: Duration = Duration::from_millis(100);
const MAX_BACKOFF: Duration = Duration::from_secs(5);
/// Stockfish's own default strength, in force after every (re)start.
const FULL_SKILL: u8 = 20;

/// Work for an engine; dropping a reply's receiver cancels that job.
pub enum Job {
    /// A search and where its answer goes.
    Search {
        request: SearchRequest,
        reply: oneshot::Sender<Result<Move, EngineError>>,
    },
    /// `isready` → `readyok`, for the readiness probe.
    Ping {
        reply: oneshot::Sender<Result<(), EngineError>>,
    },
}

/// The queue the workers share.
pub type JobQueue = Arc<Mutex<mpsc::Receiver<Job>>>;

/// What every worker needs to (re)start its engine.
#[derive(Debug, Clone)]
pub struct WorkerSettings {
    pub options: Vec<EngineOption>,
    pub movetime: Duration,
}

/// Owns one engine process.
pub struct Worker {
    settings: WorkerSettings,
    jobs: JobQueue,
    /// Every engine of the pool; this worker's is `pool[index]`.
    pool: Arc<[EngineHealth]>,
    /// The queue's sending side, to hand back a job taken while down (weak: the pool's handles
    /// alone keep the queue open).
    requeue: mpsc::WeakSender<Job>,
    index: usize,
    process: Option<EngineProcess>,
    /// The game the engine last searched, so it hears `ucinewgame` when that changes.
    last_game: Option<Arc<str>>,
    skill: u8,
    backoff: Duration,
    restart_at: Instant,
}

impl Worker {
    /// A worker around an engine that completed its handshake, or (`None`) one that failed to
    /// start and is retried on the backoff schedule.
    pub fn new(
        settings: WorkerSettings,
        jobs: (mpsc::WeakSender<Job>, JobQueue),
        pool: Arc<[EngineHealth]>,
        index: usize,
        process: Option<EngineProcess>,
    ) -> Worker {
        let (requeue, jobs) = jobs;
        pool[index].set_healthy(process.is_some());
        let backoff = if process.is_some() {
            INITIAL_BACKOFF
        } else {
            INITIAL_BACKOFF * 2
        };
        Worker {
            settings,
            jobs,
            pool,
            requeue,
            index,
            process,
            last_game: None,
            skill: FULL_SKILL,
            backoff,
            restart_at: Instant::now() + INITIAL_BACKOFF,
        }
    }

    fn me(&self) -> &EngineHealth {
        &self.pool[self.index]
    }

    fn address(&self) -> &EngineAddress {
        self.me().address()
    }

    /// Whether another engine of the pool can take the searches while this one is down.
    fn others_healthy(&self) -> bool {
        self.pool
            .iter()
            .enumerate()
            .any(|(i, engine)| i != self.index && engine.is_healthy())
    }

    /// Serves jobs until every sender is gone, then quits the engine.
    pub async fn run(mut self) {
        loop {
            let job = if self.process.is_none() {
                // Re-checked at least at every restart attempt (the backoff is at most 5 s).
                let take_jobs = !self.others_healthy();
                tokio::select! {
                    job = next_job(&self.jobs), if take_jobs => job,
                    () = sleep_until(self.restart_at) => {
                        // A failure is logged and rescheduled inside restart().
                        let _ = self.restart().await;
                        continue;
                    }
                }
            } else {
                next_job(&self.jobs).await
            };
            let Some(job) = job else { break };
            let Some(job) = self.hand_back(job) else {
                continue;
            };
            self.handle(job).await;
        }
        if let Some(process) = self.process.take() {
            process.shutdown().await;
        }
    }

    /// A down worker that took a job just as another engine became healthy puts it back at the end
    /// of the queue for that engine; returns the job if it is to be handled here.
    fn hand_back(&self, job: Job) -> Option<Job> {
        if self.process.is_some() || !self.others_healthy() {
            return Some(job);
        }
        let Some(queue) = self.requeue.upgrade() else {
            return Some(job);
        };
        match queue.try_send(job) {
            Ok(()) => None,
            Err(mpsc::error::TrySendError::Full(job) | mpsc::error::TrySendError::Closed(job)) => {
                Some(job)
            }
        }
    }

    async fn handle(&mut self, job: Job) {
        match job {
            Job::Search { request, reply } => self.handle_search(request, reply).await,
            Job::Ping { reply } => {
                if !reply.is_closed() {
                    let result = self.ping().await;
                    let _ = reply.send(result);
                }
            }
        }
    }

    async fn handle_search(
        &mut self,
        request: SearchRequest,
        mut reply: oneshot::Sender<Result<Move, EngineError>>,
    ) {
        if reply.is_closed() {
            return;
        }
        if let Err(error) = self.ensure_started().await {
            let _ = reply.send(Err(error));
            return;
        }
        self.me().set_searching(true);
        let result = self.search(&request, &mut reply).await;
        self.me().set_searching(false);
        match &result {
            Ok(_) => {
                self.backoff = INITIAL_BACKOFF;
                self.me().served();
            }
            Err(error) => self.fail(error).await,
        }
        // The requester may have gone away (takeback, disconnect); the result is then dropped.
        let _ = reply.send(result);
    }

    /// Asks the engine `isready`; one that does not answer in time is replaced.
    async fn ping(&mut self) -> Result<(), EngineError> {
        self.ensure_started().await?;
        let process = self.process.as_mut().ok_or(EngineError::Stopped)?;
        let result = process.sync(Instant::now() + PING_TIMEOUT).await;
        if let Err(error) = &result {
            self.fail(error).await;
        }
        result
    }

    /// Restarts a failed engine now (after its backoff) if it is not running.
    async fn ensure_started(&mut self) -> Result<(), EngineError> {
        if self.process.is_none() {
            sleep_until(self.restart_at).await;
            self.restart().await?;
        }
        Ok(())
    }

    /// One search: `ucinewgame` if the game changed, strength, position, `go`, then wait for
    /// `bestmove` until the deadline. A requester that goes away makes it `stop` early.
    async fn search(
        &mut self,
        request: &SearchRequest,
        reply: &mut oneshot::Sender<Result<Move, EngineError>>,
    ) -> Result<Move, EngineError> {
        let process = self.process.as_mut().ok_or(EngineError::Stopped)?;
        let mut deadline = Instant::now() + self.settings.movetime + SEARCH_SLACK;
        if self.last_game.as_deref() != Some(&*request.game) {
            process.send(&UciCommand::UciNewGame).await?;
            process.sync(deadline).await?;
            self.last_game = Some(Arc::clone(&request.game));
        }
        if self.skill != request.skill {
            process
                .send(&UciCommand::SetOption(EngineOption::SkillLevel(
                    request.skill,
                )))
                .await?;
            self.skill = request.skill;
        }
        process
            .send(&UciCommand::Position(request.position.clone()))
            .await?;
        process
            .send(&UciCommand::Go {
                depth: request.depth,
                movetime: self.settings.movetime,
            })
            .await?;
        let mut stopping = false;
        loop {
            let line = tokio::select! {
                line = process.read_line(deadline) => line?,
                () = reply.closed(), if !stopping => {
                    process.send(&UciCommand::Stop).await?;
                    stopping = true;
                    deadline = deadline.min(Instant::now() + STOP_GRACE);
                    continue;
                }
            };
            match line {
                EngineLine::BestMove(uci) => {
                    let m = uci
                        .to_move(&request.current)
                        .map_err(|error| EngineError::IllegalReply(format!("{uci} ({error})")))?;
                    // A search stopped because nobody waits for it any more has no final word.
                    if let Some(progress) = request.progress.as_ref().filter(|_| !stopping) {
                        progress.finish();
                    }
                    return Ok(m);
                }
                EngineLine::NoBestMove => return Err(EngineError::NoMove),
                EngineLine::Info(text) => {
                    if let Some(progress) = &request.progress {
                        if let Some(info) = parse_info(&text) {
                            progress.report(&info);
                        }
                    }
                }
                EngineLine::Empty => {}
                EngineLine::Garbage(text) => return Err(EngineError::Garbage(text)),
                other => {
                    return Err(EngineError::Protocol(format!(
                        "unexpected {other:?} during a search"
                    )))
                }
            }
        }
    }

    /// Starts a fresh engine process, or schedules the next try.
    async fn restart(&mut self) -> Result<(), EngineError> {
        match EngineProcess::start(self.address(), &self.settings.options).await {
            Ok(process) => {
                tracing::info!(engine = %self.address(), "engine restarted");
                self.process = Some(process);
                self.last_game = None;
                self.skill = FULL_SKILL;
                self.me().set_healthy(true);
                Ok(())
            }
            Err(error) => {
                self.fail(&error).await;
                Err(error)
            }
        }
    }

    /// Kills the engine after a failure and schedules its restart.
    async fn fail(&mut self, error: &EngineError) {
        tracing::warn!(engine = %self.address(), %error, backoff_ms = self.backoff.as_millis() as u64, "engine failed; restarting");
        self.me().set_healthy(false);
        if let Some(process) = self.process.take() {
            process.kill().await;
        }
        self.restart_at = Instant::now() + self.backoff;
        self.backoff = (self.backoff * 2).min(MAX_BACKOFF);
    }
}

async fn next_job(jobs: &JobQueue) -> Option<Job> {
    jobs.lock().await.recv().await
}
