//! Which job an engine runs next, as a pure policy with no I/O: a live lane and an analysis
//! lane, each shared fairly between clients, and what every worker is doing.
//!
//! Live play comes first (the design notes, "Stockfish time is the scarce resource"):
//! - a worker that asks for work takes a live job if one waits, else an analysis job;
//! - **engine time is shared by the second between clients** (issue #42). Each lane is one queue
//!   per client (`C`: a [`crate::client_key::ClientKey`], IPv6 per /64, or none for the server's
//!   own work), first come first served within a client. A free worker serves the client with
//!   the fewest searches running, then the one with the **least recent use**: the engine-seconds
//!   charged to it lately, decaying by half every minute ([`super::recent_use`]), a budget that
//!   refills. A client counts as much as its aggregate share ([`Shared::aggregate`]: its IPv6
//!   /56, or everything a trusted proxy forwards without naming a client) if that used more, so
//!   256 /64s of one /56 are served like one client, not like 256. The cost of a search is
//!   charged when it ends (no one knows its length before it runs). A client that had nothing
//!   queued or running is placed no lower than [`PLACEMENT_LAG`] below the least used busy
//!   client ([`Lanes::place`]), so a newcomer's head start is the lag, not everyone's history;
//!
//!   An earlier version kept the live lane first come first served across clients (one client's
//!   hints made another player's move wait 77 s, issue #22), then shared it in rounds weighted
//!   by engine time, forgetting an idle client. Rounds bound a wait to one search per other
//!   client, but one search lasts up to the time cap (10 s): issue #42 measured a step-1
//!   player's move waiting 9.7 s behind one address's eight full-strength games. Hence the
//!   preemption bound below, and recent use rather than rounds;
//! - **a long search yields to a client that has waited longer than a bound**
//!   ([`LaneLimits::preempt_after`]): when a job has waited that long and no engine is coming
//!   free for it, a search that has run at least as long, of a client with more recent use, is
//!   stopped ([`Lanes::yield_due`]). A reply or hint so stopped answers with its best move so far
//!   (a live reply still gets a legal move); an analysis search goes back to the front of its
//!   client's queue and starts again later (for another client's analysis job, only once it ran
//!   [`ANALYSIS_SLICE`]: a restarted analysis search has lost its work). A client never
//!   preempts itself, and a hint never stops a reply;
//! - **cheap searches never wait behind a long one** ([`CHEAP_SLICE`]): a search the caller
//!   marks cheap (a shallow depth: a low step's reply, a shallow hint) goes before every other
//!   live job, and, finding no engine free, stops a search of a more used other client once that
//!   ran [`CHEAP_SLICE`], without waiting for the preemption bound;
//! - **hints have their own budget**: at most one hint runs per client and at most half the
//!   engines (at least one) run hints at once; a hint that waits while that budget is spent
//!   lets the client's and others' replies go by. A running hint yields its engine to a reply
//!   that would otherwise wait: it is stopped and answers with the best move found so far
//!   (a hint is advice; a reply is the game). Looping hints therefore cannot buy anyone's wait;
//! - a queued live job has a ticket; the caller withdraws it when its wait deadline passes
//!   ([`Lanes::withdraw`]) and answers "busy, retry later" rather than letting it wait on;
//! - a live job that arrives while it would have to wait (more live jobs queued than workers
//!   waiting for work or already being freed) preempts one worker running an analysis search
//!   (or, for a reply, a hint) at once; an analysis search so stopped goes back to the front of
//!   its client's analysis queue, so nothing is lost;
//! - **admission is per client, never a global first come first served that a few clients
//!   fill** ([`LaneLimits`]): in each lane a client may have `per_client` jobs waiting and an
//!   aggregate share `per_aggregate`; the lane's `capacity` is only memory safety, and its second
//!   half is kept for clients with nothing waiting, so a client with nothing queued always gets a
//!   place (unless its own aggregate share is full, or the lane holds `capacity` jobs). The
//!   server's own work is bounded by the capacity alone. Issue #42 measured the old shared
//!   16-place bound: three addresses, each inside its share, left another player 0 moves in
//!   60 s. A job put back (preempted, or handed back by a worker whose engine is down) is never
//!   refused: it was already admitted;
//! - **a review goes before analysis boards and draw offers** in the analysis lane: a job with
//!   an `affinity` (a chunk of a review) is taken, and stops another client's board search that
//!   ran [`ANALYSIS_SLICE`], before any job without one, whatever the clients' recent use. A
//!   review's work is bounded by its game's moves (and a second review of them is answered from
//!   the position cache), a board's is not: issue #42 measured analysis boards from 8 addresses
//!   leaving a player's 6-ply review, then served by recent use like theirs (a ninth of the
//!   engines), not done in 40 s against 8.6 s alone;
//! - in the analysis lane, jobs of one `affinity` (a chunk of a review, searched in turn) go to
//!   the engine that ran the last of them when it is free, so the chunk runs on a warm hash, and
//!   that engine waits [`CHUNK_HOLD`] for the chunk's next position before taking another job;
//! - a readiness probe never enters a lane: it claims a worker that is waiting for work, or there
//!   is none to claim and the probe is answered from what the pool already knows (`/api/ready`
//!   must neither take a search's place nor wait behind one).

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::hash::Hash;
use std::time::{Duration, Instant};

mod admission;
mod placement;
mod preemption;
mod shares;

use super::recent_use::RecentUse;

/// A client key as the lanes need it: which aggregate share it also counts in, and whether it
/// is the server's own work.
pub trait Shared: Eq + Hash + Clone + fmt::Debug {
    /// An aggregate of clients (an IPv6 /56, "behind the proxy").
    type Aggregate: Eq + Hash + Clone + fmt::Debug;

    /// The aggregate share this client also counts in, if any.
    fn aggregate(&self) -> Option<Self::Aggregate>;

    /// Whether this is the server's own work (bounded by a lane's capacity alone: no client
    /// can add to it).
    fn is_server(&self) -> bool;
}

/// The least an analysis search runs before another client's analysis job may stop it: a
/// stopped analysis search starts again from nothing, so with a slice as short as the live
/// bound, clients of the analysis lane would stop each other's searches before any ended.
pub const ANALYSIS_SLICE: Duration = Duration::from_secs(3);

/// How long a worker that ended a search of a chunk (an analysis job with an affinity) keeps
/// its engine for the chunk's next position, which its runner asks for as soon as it has the
/// answer (microseconds to milliseconds later). Without the hold, another client's analysis job
/// took the engine in that gap, and the chunk's next position then waited [`ANALYSIS_SLICE`]
/// to stop it: issue #42 measured a 6-ply review under one address's two analysis boards losing
/// three seconds a position, not done in 40 s against 11 s alone. Anticipatory scheduling, as
/// disks once did for a process's next read: the engine idles this long at a chunk's end only
/// while another job waits for it.
pub const CHUNK_HOLD: Duration = Duration::from_millis(50);

/// The least a search runs before a waiting cheap search (a low step's reply, a shallow hint:
/// milliseconds of engine time) stops it. A cheap search goes before every other live search
/// and waits for no preemption bound: it stops, after this slice, the search of the most used
/// other client, which answers from its best line so far (issue #42: the step-1 player's move
/// waited 3.4 s behind full-strength searches even with the 250 ms bound). The slice keeps a
/// stopped search from answering with no search behind its move.
pub const CHEAP_SLICE: Duration = Duration::from_millis(100);

/// How far below the least recent use of the busy clients a client that had nothing queued or
/// running is placed when it asks for an engine ([`Lanes::place`]): the head start a newcomer
/// gets before it shares by use like the others.
pub const PLACEMENT_LAG: Duration = Duration::from_secs(5);

/// A share of engine time: a client, or an aggregate of clients; and the floor newcomers are
/// placed at ([`Lanes::place`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum ShareKey<C, G> {
    Client(C),
    Aggregate(G),
    Floor,
}

/// How much each lane admits and how long a client waits before a search yields to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LaneLimits {
    /// Jobs a lane holds, all clients together (memory safety).
    pub capacity: usize,
    /// Places of the capacity kept for clients with nothing waiting (half, in the server).
    pub reserved: usize,
    /// Jobs one client may have waiting in a lane.
    pub per_client: usize,
    /// Jobs one aggregate share may have waiting in a lane.
    pub per_aggregate: usize,
    /// How long a job may wait before a running search of a client with more recent use
    /// yields its engine (`Duration::MAX`: never).
    pub preempt_after: Duration,
}

impl LaneLimits {
    /// Lanes of `capacity` jobs that any client may fill, and no preemption by waiting.
    #[cfg(test)]
    pub fn shared(capacity: usize) -> LaneLimits {
        LaneLimits {
            capacity,
            reserved: 0,
            per_client: capacity,
            per_aggregate: capacity,
            preempt_after: Duration::MAX,
        }
    }
}

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

/// Names a queued job, to withdraw it when its wait deadline passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ticket(u64);

/// A live job waiting in its client's queue.
#[derive(Debug)]
struct Queued<L> {
    ticket: Ticket,
    kind: SearchKind,
    /// A cheap search (see [`CHEAP_SLICE`]).
    cheap: bool,
    pushed: Instant,
    job: L,
}

/// An analysis job waiting in its client's queue, with its affinity (see [`Lanes::take`]).
#[derive(Debug)]
struct AnalysisQueued<A> {
    ticket: Ticket,
    affinity: Option<u64>,
    pushed: Instant,
    job: A,
}

impl<A> AnalysisQueued<A> {
    /// A chunk of a review (the runner gives each chunk an affinity): it goes before boards.
    fn is_review(&self) -> bool {
        self.affinity.is_some()
    }
}

/// One client's live work.
#[derive(Debug)]
struct Client<L> {
    queue: VecDeque<Queued<L>>,
    running: usize,
    hints_running: usize,
}

/// Whose job a worker runs.
#[derive(Debug, Clone)]
struct Serving<C> {
    client: C,
    /// `None`: an analysis job.
    kind: Option<SearchKind>,
    /// A cheap live search: never stopped for another one.
    cheap: bool,
    /// An analysis search of a review's chunk: never stopped for a board's.
    review: bool,
    since: Instant,
}

/// A job waiting for an engine, as [`Lanes::yield_due`] considers it.
#[derive(Debug)]
struct Waiter<C> {
    /// Live: (a hint, not cheap): cheap replies are served first, hints last. Analysis:
    /// (true, not a review): a review's chunk first.
    order: (bool, bool),
    used: Duration,
    client: C,
    /// `None`: an analysis job.
    kind: Option<SearchKind>,
    cheap: bool,
    /// An analysis job of a review's chunk.
    review: bool,
}

/// Which lane a job is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lane {
    Live,
    Analysis,
}

/// The lanes and the workers' states.
#[derive(Debug)]
pub struct Lanes<C: Shared, L, A> {
    clients: HashMap<C, Client<L>>,
    live_len: usize,
    analysis: HashMap<C, VecDeque<AnalysisQueued<A>>>,
    analysis_len: usize,
    next_ticket: u64,
    limits: LaneLimits,
    workers: Vec<WorkerState>,
    /// Live searches asked to yield to a client that waited too long.
    yielding: Vec<bool>,
    /// The affinity of the analysis job each worker last ran.
    last_affinity: Vec<Option<u64>>,
    /// Until when each worker keeps its engine for its chunk's next position ([`CHUNK_HOLD`]).
    held_until: Vec<Option<Instant>>,
    /// The job each worker runs.
    serving: Vec<Option<Serving<C>>>,
    /// Hints that may run at once, in all.
    hint_share: usize,
    recent: RecentUse<ShareKey<C, C::Aggregate>>,
    /// The policy's clock, set by the caller ([`Lanes::set_now`]).
    now: Instant,
}

impl<C: Shared, L, A> Lanes<C, L, A> {
    /// Empty lanes of `capacity` waiting jobs each, any client may fill, for `workers` workers
    /// (all away).
    #[cfg(test)]
    pub fn new(capacity: usize, workers: usize) -> Lanes<C, L, A> {
        Lanes::with_limits(LaneLimits::shared(capacity), workers)
    }

    /// Empty lanes bounded by `limits`, for `workers` workers (all away).
    pub fn with_limits(limits: LaneLimits, workers: usize) -> Lanes<C, L, A> {
        Lanes {
            clients: HashMap::new(),
            live_len: 0,
            analysis: HashMap::new(),
            analysis_len: 0,
            // Ticket 0 is for jobs put back: they sort first and cannot be withdrawn.
            next_ticket: 1,
            limits: LaneLimits {
                capacity: limits.capacity.max(1),
                per_client: limits.per_client.max(1),
                per_aggregate: limits.per_aggregate.max(1),
                ..limits
            },
            workers: vec![WorkerState::Away; workers],
            yielding: vec![false; workers],
            last_affinity: vec![None; workers],
            held_until: vec![None; workers],
            serving: vec![None; workers],
            hint_share: (workers / 2).max(1),
            recent: RecentUse::new(),
            now: Instant::now(),
        }
    }

    /// Sets the policy's clock (never backwards): waits and engine time are measured on it.
    pub fn set_now(&mut self, now: Instant) {
        self.now = self.now.max(now);
    }

    fn ticket(&mut self) -> Ticket {
        let ticket = Ticket(self.next_ticket);
        self.next_ticket += 1;
        ticket
    }

    /// The state of every worker.
    #[cfg(test)]
    pub fn workers(&self) -> &[WorkerState] {
        &self.workers
    }

    /// Jobs waiting in each lane: (live, analysis).
    pub fn queued(&self) -> (usize, usize) {
        (self.live_len, self.analysis_len)
    }
}

#[cfg(test)]
mod tests;
