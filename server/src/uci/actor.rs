//! The worker that owns one engine process and runs searches from the shared queue, one at a time:
//! live jobs first, then analysis searches, which a live job may stop (see [`super::lanes`]).
//!
//! Any failure (crash, hang, garbage, illegal reply, lost connection) kills the process or closes
//! the connection; the worker restarts it after a backoff that doubles on every consecutive failure,
//! so the next request finds a fresh engine. While an engine is down its worker takes no searches
//! as long as another engine of the pool is healthy: the pool routes around it until it answers
//! its handshake again. When every engine is down, a down worker takes searches (and fails them
//! after one restart attempt) so requests never wait forever. Analysis searches follow the same
//! deadlines and restart rules; a preempted one is not a failure: its job goes back to the front
//! of the analysis lane.

use std::future::Future;
use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;

use alphachess_engine::{Move, UciMove};
use tokio::sync::oneshot;
use tokio::time::{sleep_until, Instant};

use super::address::EngineAddress;
use super::analysis::{AnalysisLines, AnalysisRequest, PositionAnalysis};
use super::error::EngineError;
use super::explore::{ExploreJob, ExploreLines, ExploreRequest, ExploreUpdate};
use super::health::EngineHealth;
use super::info::parse_info;
use super::job::{AnalysisJob, Job};
use super::lanes::Taken;
use super::process::EngineProcess;
use super::protocol::{EngineLine, EngineOption, UciCommand};
use super::queue::{JobQueue, Task};
use super::request::SearchRequest;

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

/// How an analysis search ended, short of a failure.
enum Analysed<T> {
    Done(T),
    /// A live job took the engine: the job goes back to the analysis lane.
    Preempted,
    /// Nobody waits for the answer any more.
    Cancelled,
}

/// Why a search was stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Interrupt {
    RequesterGone,
    Preempted,
}

/// What every worker needs to (re)start its engine.
#[derive(Debug, Clone)]
pub struct WorkerSettings {
    pub options: Vec<EngineOption>,
    pub movetime: Duration,
}

/// Owns one engine process.
pub struct Worker {
    settings: WorkerSettings,
    jobs: Arc<JobQueue>,
    /// Every engine of the pool; this worker's is `pool[index]`.
    pool: Arc<[EngineHealth]>,
    index: usize,
    process: Option<EngineProcess>,
    /// The game the engine last searched, so it hears `ucinewgame` when that changes.
    last_game: Option<Arc<str>>,
    skill: u8,
    /// The engine's `MultiPV` (1 when it starts).
    multipv: u8,
    /// Whether the engine has `UCI_Chess960` on (off when it starts).
    chess960: bool,
    backoff: Duration,
    restart_at: Instant,
}

impl Worker {
    /// A worker around an engine that completed its handshake, or (`None`) one that failed to
    /// start and is retried on the backoff schedule.
    pub fn new(
        settings: WorkerSettings,
        jobs: Arc<JobQueue>,
        pool: Arc<[EngineHealth]>,
        index: usize,
        process: Option<EngineProcess>,
    ) -> Worker {
        pool[index].set_healthy(process.is_some());
        if let Some(process) = &process {
            pool[index].set_name(process.name());
        }
        let backoff = if process.is_some() {
            INITIAL_BACKOFF
        } else {
            INITIAL_BACKOFF * 2
        };
        Worker {
            settings,
            jobs,
            pool,
            index,
            process,
            last_game: None,
            skill: FULL_SKILL,
            multipv: 1,
            chess960: false,
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

    /// Serves jobs until every pool handle is gone, then quits the engine.
    pub async fn run(mut self) {
        loop {
            let task = if self.process.is_none() {
                // Re-checked at least at every restart attempt (the backoff is at most 5 s).
                let take_jobs = !self.others_healthy();
                tokio::select! {
                    task = self.jobs.next(self.index), if take_jobs => task,
                    () = sleep_until(self.restart_at) => {
                        self.jobs.leave(self.index);
                        // A failure is logged and rescheduled inside restart().
                        let _ = self.restart().await;
                        continue;
                    }
                }
            } else {
                self.jobs.next(self.index).await
            };
            let Some(task) = task else { break };
            if let Some(task) = self.hand_back(task) {
                self.handle(task).await;
            }
            self.jobs.leave(self.index);
        }
        if let Some(process) = self.process.take() {
            process.shutdown().await;
        }
    }

    /// A down worker that took a job just as another engine became healthy puts it back at the
    /// front of its lane for that engine; returns the job if it is to be handled here.
    fn hand_back(&self, task: Task) -> Option<Task> {
        if self.process.is_some() || !self.others_healthy() {
            return Some(task);
        }
        self.jobs.requeue(task);
        None
    }

    async fn handle(&mut self, task: Task) {
        match task {
            Taken::Live(Job::Search { request, reply }) => {
                self.handle_search(*request, reply).await;
            }
            Taken::Live(Job::Ping { reply }) => {
                if !reply.is_closed() {
                    let result = self.ping().await;
                    let _ = reply.send(result);
                }
            }
            Taken::Analysis(AnalysisJob::Position { request, reply }) => {
                self.handle_analysis(request, reply).await;
            }
            Taken::Analysis(AnalysisJob::Explore(job)) => self.handle_explore(job).await,
        }
    }

    /// The prologue of a job with a reply: gives the reply back if its requester still waits and
    /// the engine is started, or answers it with the start-up error. A requester gone (a takeback,
    /// a disconnect) needs neither the engine nor an answer.
    async fn ready<T>(
        &mut self,
        reply: oneshot::Sender<Result<T, EngineError>>,
    ) -> Option<oneshot::Sender<Result<T, EngineError>>> {
        if reply.is_closed() {
            return None;
        }
        if let Err(error) = self.ensure_started().await {
            let _ = reply.send(Err(error));
            return None;
        }
        Some(reply)
    }

    async fn handle_search(
        &mut self,
        request: SearchRequest,
        reply: oneshot::Sender<Result<Move, EngineError>>,
    ) {
        let Some(mut reply) = self.ready(reply).await else {
            return;
        };
        self.me().set_searching(true);
        let result = self.search(&request, &mut reply).await;
        self.me().set_searching(false);
        match &result {
            Ok(_) => self.succeeded(),
            Err(error) => self.fail(error).await,
        }
        // The requester may have gone away (takeback, disconnect); the result is then dropped.
        let _ = reply.send(result);
    }

    async fn handle_analysis(
        &mut self,
        request: AnalysisRequest,
        reply: oneshot::Sender<Result<PositionAnalysis, EngineError>>,
    ) {
        let Some(mut reply) = self.ready(reply).await else {
            return;
        };
        self.me().set_searching(true);
        let result = self.analyse(&request, &mut reply).await;
        self.me().set_searching(false);
        match result {
            Ok(Analysed::Done(analysis)) => {
                self.succeeded();
                let _ = reply.send(Ok(analysis));
            }
            Ok(Analysed::Preempted) => {
                tracing::debug!(engine = %self.address(), "analysis search preempted by a live search");
                self.jobs
                    .requeue(Taken::Analysis(AnalysisJob::Position { request, reply }));
            }
            Ok(Analysed::Cancelled) => {}
            Err(error) => {
                self.fail(&error).await;
                let _ = reply.send(Err(error));
            }
        }
    }

    /// An analysis board's search; its updates go to the board's listener, and a listener that
    /// went away (the board moved on) stops it at once.
    async fn handle_explore(&mut self, job: ExploreJob) {
        if job.updates.is_closed() {
            return;
        }
        if self.ensure_started().await.is_err() {
            job.fail();
            return;
        }
        self.me().set_searching(true);
        let result = self.explore(&job).await;
        self.me().set_searching(false);
        match result {
            Ok(Analysed::Done(last)) => {
                self.succeeded();
                job.updates.send_replace(ExploreUpdate::Done(last));
            }
            Ok(Analysed::Preempted) => {
                // It starts again when an engine is free; until then the board says it waits.
                job.updates.send_replace(ExploreUpdate::Waiting);
                self.jobs
                    .requeue(Taken::Analysis(AnalysisJob::Explore(job)));
            }
            Ok(Analysed::Cancelled) => {}
            Err(error) => {
                self.fail(&error).await;
                job.fail();
            }
        }
    }

    /// A search answered: the engine is well, the next failure starts the backoff afresh.
    fn succeeded(&mut self) {
        self.backoff = INITIAL_BACKOFF;
        self.me().served();
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

    /// Gets the engine ready for a search of `game` at `skill` with `multipv` lines:
    /// `ucinewgame` if the game changed, `Skill Level`, `MultiPV` and `UCI_Chess960` if they
    /// changed, then the position.
    async fn prepare(
        &mut self,
        game: &Arc<str>,
        (skill, multipv): (u8, u8),
        position: &super::protocol::UciPosition,
        deadline: Instant,
    ) -> Result<(), EngineError> {
        let process = self.process.as_mut().ok_or(EngineError::Stopped)?;
        if self.last_game.as_deref() != Some(&**game) {
            process.send(&UciCommand::UciNewGame).await?;
            process.sync(deadline).await?;
            self.last_game = Some(Arc::clone(game));
        }
        if self.skill != skill {
            process
                .send(&UciCommand::SetOption(EngineOption::SkillLevel(skill)))
                .await?;
            self.skill = skill;
        }
        if self.multipv != multipv {
            process
                .send(&UciCommand::SetOption(EngineOption::MultiPv(multipv)))
                .await?;
            self.multipv = multipv;
        }
        if self.chess960 != position.chess960() {
            process
                .send(&UciCommand::SetOption(EngineOption::Chess960(
                    position.chess960(),
                )))
                .await?;
            self.chess960 = position.chess960();
        }
        process.send(&UciCommand::Position(position.clone())).await
    }

    /// One live search: prepare, `go depth`, then wait for `bestmove` until the deadline. A
    /// requester that goes away makes it `stop` early; so does a reply that wants the engine of a
    /// hint, which then answers with the best move found so far.
    async fn search(
        &mut self,
        request: &SearchRequest,
        reply: &mut oneshot::Sender<Result<Move, EngineError>>,
    ) -> Result<Move, EngineError> {
        // On the clock, the search is capped by the engine's remaining time as well.
        let (clock, movetime) = match request.clock.as_deref() {
            Some(clock) => {
                let (go, movetime) = clock.go(
                    Instant::now(),
                    request.current.turn(),
                    self.settings.movetime,
                );
                (Some(go), movetime)
            }
            None => (None, self.settings.movetime),
        };
        let deadline = Instant::now() + movetime + SEARCH_SLACK;
        self.prepare(
            &request.game,
            (request.skill, 1),
            &request.position,
            deadline,
        )
        .await?;
        let process = self.process.as_mut().ok_or(EngineError::Stopped)?;
        let go = UciCommand::Go {
            depth: request.depth,
            movetime,
            clock,
        };
        let progress = request.progress.as_ref();
        let on_info = |text: &str| {
            if let Some(progress) = progress {
                if let Some(info) = parse_info(text) {
                    progress.report(&info);
                }
            }
        };
        let (uci, interrupt) = run_search(
            process,
            &go,
            deadline,
            reply.closed(),
            self.jobs.preempted(self.index),
            on_info,
        )
        .await?;
        let m = legal(uci, &request.current)?;
        // A search stopped because nobody waits for it any more has no final word.
        let finished = interrupt != Some(Interrupt::RequesterGone);
        if let Some(progress) = request.progress.as_ref().filter(|_| finished) {
            progress.finish();
        }
        Ok(m)
    }

    /// One analysis search at full strength: prepare, `go nodes`, then wait for `bestmove`
    /// until the deadline. A live job asking for the engine, or a requester that goes away,
    /// makes it `stop` early and its answer is discarded.
    async fn analyse(
        &mut self,
        request: &AnalysisRequest,
        reply: &mut oneshot::Sender<Result<PositionAnalysis, EngineError>>,
    ) -> Result<Analysed<PositionAnalysis>, EngineError> {
        let deadline = Instant::now() + self.settings.movetime + SEARCH_SLACK;
        self.prepare(
            &request.game,
            (FULL_SKILL, request.lines()),
            &request.position,
            deadline,
        )
        .await?;
        let process = self.process.as_mut().ok_or(EngineError::Stopped)?;
        let go = UciCommand::GoNodes {
            nodes: request.nodes,
            movetime: self.settings.movetime,
            searchmoves: request.searchmoves().iter().map(|m| m.to_uci()).collect(),
        };
        let mut lines = AnalysisLines::default();
        let (uci, interrupt) = run_search(
            process,
            &go,
            deadline,
            reply.closed(),
            self.jobs.preempted(self.index),
            |text| lines.read(text),
        )
        .await?;
        match interrupt {
            Some(Interrupt::Preempted) => Ok(Analysed::Preempted),
            Some(Interrupt::RequesterGone) => Ok(Analysed::Cancelled),
            None => {
                let best = legal(uci, &request.current)?;
                if request.excluded == Some(best) {
                    return Err(EngineError::Protocol(format!(
                        "the engine chose {uci}, the move left out of the search"
                    )));
                }
                Ok(Analysed::Done(lines.conclude(&request.current, best)?))
            }
        }
    }

    /// One board search at full strength: prepare, `go depth D movetime T` with `MultiPV`,
    /// each finished iteration's lines handed to the listener as they come. A live job asking
    /// for the engine, or the listener going away, makes it `stop` early.
    async fn explore(
        &mut self,
        job: &ExploreJob,
    ) -> Result<Analysed<Option<Arc<super::explore::Snapshot>>>, EngineError> {
        let request: &ExploreRequest = &job.request;
        let deadline = Instant::now() + self.settings.movetime + SEARCH_SLACK;
        self.prepare(
            &request.board,
            (FULL_SKILL, request.lines),
            &request.position,
            deadline,
        )
        .await?;
        let process = self.process.as_mut().ok_or(EngineError::Stopped)?;
        let go = UciCommand::Go {
            depth: request.depth,
            movetime: self.settings.movetime,
            clock: None,
        };
        let mut lines = ExploreLines::new(request);
        let (uci, interrupt) = run_search(
            process,
            &go,
            deadline,
            job.updates.closed(),
            self.jobs.preempted(self.index),
            |text| {
                if let Some(snapshot) = lines.read(text) {
                    job.updates.send_replace(ExploreUpdate::Searching(snapshot));
                }
            },
        )
        .await?;
        match interrupt {
            Some(Interrupt::Preempted) => Ok(Analysed::Preempted),
            Some(Interrupt::RequesterGone) => Ok(Analysed::Cancelled),
            None => {
                legal(uci, &request.current)?;
                Ok(Analysed::Done(lines.last()))
            }
        }
    }

    /// Starts a fresh engine process, or schedules the next try.
    async fn restart(&mut self) -> Result<(), EngineError> {
        match EngineProcess::start(self.address(), &self.settings.options).await {
            Ok(process) => {
                tracing::info!(engine = %self.address(), "engine restarted");
                self.me().set_name(process.name());
                self.process = Some(process);
                self.last_game = None;
                self.skill = FULL_SKILL;
                self.multipv = 1;
                self.chess960 = false;
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

/// Sends `go` and reads the search's output until `bestmove`, handing each `info` line to
/// `on_info`. When `requester_gone` or `preempted` resolves first, the engine gets `stop` and
/// its `bestmove` is awaited for at most [`STOP_GRACE`]; the answer says which one it was.
async fn run_search(
    process: &mut EngineProcess,
    go: &UciCommand,
    mut deadline: Instant,
    requester_gone: impl Future<Output = ()>,
    preempted: impl Future<Output = ()>,
    mut on_info: impl FnMut(&str),
) -> Result<(UciMove, Option<Interrupt>), EngineError> {
    process.send(go).await?;
    let mut requester_gone = pin!(requester_gone);
    let mut preempted = pin!(preempted);
    let mut interrupt = None;
    loop {
        let line = tokio::select! {
            line = process.read_line(deadline) => Some(line?),
            () = &mut requester_gone, if interrupt.is_none() => {
                interrupt = Some(Interrupt::RequesterGone);
                None
            }
            () = &mut preempted, if interrupt.is_none() => {
                interrupt = Some(Interrupt::Preempted);
                None
            }
        };
        let Some(line) = line else {
            process.send(&UciCommand::Stop).await?;
            deadline = deadline.min(Instant::now() + STOP_GRACE);
            continue;
        };
        match line {
            EngineLine::BestMove(uci) => return Ok((uci, interrupt)),
            EngineLine::NoBestMove => return Err(EngineError::NoMove),
            EngineLine::Info(text) => on_info(&text),
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

/// The engine's move, if it is legal in the searched position.
fn legal(uci: UciMove, position: &alphachess_engine::Position) -> Result<Move, EngineError> {
    uci.to_move(position)
        .map_err(|error| EngineError::IllegalReply(format!("{uci} ({error})")))
}
