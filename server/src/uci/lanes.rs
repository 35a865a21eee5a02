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

use std::cmp::Reverse;
use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::hash::Hash;
use std::time::{Duration, Instant};

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

    /// `client`'s recent use as the order counts it: its own, or its aggregate's if more.
    fn use_of(&self, client: &C) -> Duration {
        let own = self.recent.at(&ShareKey::Client(client.clone()), self.now);
        let aggregate = client.aggregate().map_or(Duration::ZERO, |aggregate| {
            self.recent.at(&ShareKey::Aggregate(aggregate), self.now)
        });
        own.max(aggregate)
    }

    /// The clients with a job queued or running in either lane (some more than once).
    fn busy_clients(&self) -> impl Iterator<Item = &C> {
        self.clients
            .keys()
            .chain(self.analysis.keys())
            .chain(self.serving.iter().flatten().map(|s| &s.client))
    }

    /// Raises the placement floor to the least recent use among the busy clients and `also`
    /// (the client a worker just served), if that is more; the floor after. The floor decays
    /// like every use and never drops otherwise, as a scheduler's minimum virtual runtime.
    fn raise_floor(&mut self, also: Option<&C>) -> Duration {
        let now = self.now;
        let floor = self.recent.at(&ShareKey::Floor, now);
        let busy = self
            .busy_clients()
            .chain(also)
            .filter(|client| !client.is_server())
            .map(|client| self.use_of(client))
            .min();
        match busy {
            Some(least) if least > floor => {
                self.recent.charge(ShareKey::Floor, least - floor, now);
                least
            }
            _ => floor,
        }
    }

    /// Places `client`, about to queue a job with none queued or running, no lower than
    /// [`PLACEMENT_LAG`] below the floor: its use (and its aggregate's) is raised to that.
    /// Least recent use alone let a newcomer go first until it had used as much as the clients
    /// already busy: issue #42 measured a full-strength player, whose own steady play was its
    /// recent use, waiting 11 s for a move while three fresh /64s of one /56 caught up. Linux's
    /// CFS places a waking task the same way, at its run queue's minimum virtual runtime.
    fn place(&mut self, client: &C) {
        if client.is_server() || self.busy_clients().any(|busy| busy == client) {
            return;
        }
        let target = self.raise_floor(None).saturating_sub(PLACEMENT_LAG);
        let now = self.now;
        let shares = std::iter::once(ShareKey::Client(client.clone()))
            .chain(client.aggregate().map(ShareKey::Aggregate));
        for share in shares {
            let used = self.recent.at(&share, now);
            if used < target {
                self.recent.charge(share, target - used, now);
            }
        }
    }

    /// Jobs waiting in `lane`: in all, of `client`, and of `client`'s aggregate share.
    fn waiting(&self, lane: Lane, client: &C) -> (usize, usize, usize) {
        let aggregate = client.aggregate();
        let count = |of: &C, len: usize| {
            let same = aggregate.is_some() && of.aggregate() == aggregate;
            (usize::from(of == client) * len, usize::from(same) * len)
        };
        let counts: Vec<(usize, usize)> = match lane {
            Lane::Live => self
                .clients
                .iter()
                .map(|(of, c)| count(of, c.queue.len()))
                .collect(),
            Lane::Analysis => self
                .analysis
                .iter()
                .map(|(of, q)| count(of, q.len()))
                .collect(),
        };
        let len = match lane {
            Lane::Live => self.live_len,
            Lane::Analysis => self.analysis_len,
        };
        let mine = counts.iter().map(|c| c.0).sum();
        (len, mine, counts.iter().map(|c| c.1).sum())
    }

    /// Whether `lane` admits one more job of `client` (see the module's header).
    fn admits(&self, lane: Lane, client: &C) -> bool {
        let (len, mine, aggregate) = self.waiting(lane, client);
        let limits = self.limits;
        if len >= limits.capacity {
            return false;
        }
        if client.is_server() {
            return true;
        }
        if client.aggregate().is_some() && aggregate >= limits.per_aggregate {
            return false;
        }
        mine == 0 || (mine < limits.per_client && len + limits.reserved < limits.capacity)
    }

    /// The queue of `client`, made if it had none.
    fn client(&mut self, client: C) -> &mut Client<L> {
        self.clients.entry(client).or_insert_with(|| Client {
            queue: VecDeque::new(),
            running: 0,
            hints_running: 0,
        })
    }

    /// Forgets `client`'s live queue if it has nothing queued or running.
    fn prune(&mut self, client: &C) {
        if self
            .clients
            .get(client)
            .is_some_and(|c| c.queue.is_empty() && c.running == 0)
        {
            self.clients.remove(client);
        }
    }

    /// Queues a live job of `client`, or gives it back when the lane has no room for it (see
    /// [`LaneLimits`]). The answer is the job's ticket and the worker to stop, if one must make
    /// room for it.
    #[cfg(test)]
    pub fn push_live(
        &mut self,
        client: C,
        kind: SearchKind,
        job: L,
    ) -> Result<(Ticket, Option<usize>), L> {
        self.push_live_class(client, kind, false, job)
    }

    /// [`Lanes::push_live`] for a job that may be `cheap` (see [`CHEAP_SLICE`]).
    pub fn push_live_class(
        &mut self,
        client: C,
        kind: SearchKind,
        cheap: bool,
        job: L,
    ) -> Result<(Ticket, Option<usize>), L> {
        if !self.admits(Lane::Live, &client) {
            return Err(job);
        }
        self.place(&client);
        let ticket = self.ticket();
        let pushed = self.now;
        self.client(client).queue.push_back(Queued {
            ticket,
            kind,
            cheap,
            pushed,
            job,
        });
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

    /// Queues an analysis job of `client`, or gives it back when the lane has no room for it.
    /// Jobs of one `affinity` (one chunk of a game, searched in turn) go to the worker that ran
    /// the last of them when it is free, so the chunk runs on one warm engine (its hash holds
    /// what the positions before found).
    pub fn push_analysis_for(&mut self, client: C, affinity: Option<u64>, job: A) -> Result<(), A> {
        if !self.admits(Lane::Analysis, &client) {
            return Err(job);
        }
        self.place(&client);
        let ticket = self.ticket();
        let pushed = self.now;
        self.analysis
            .entry(client)
            .or_default()
            .push_back(AnalysisQueued {
                ticket,
                affinity,
                pushed,
                job,
            });
        self.analysis_len += 1;
        Ok(())
    }

    /// Drops the analysis jobs nobody waits for any more (`abandoned`): a board that moved on, a
    /// review or draw offer whose requester went away. Until a worker took them they held their
    /// clients' places.
    pub fn drop_abandoned_analysis(&mut self, abandoned: impl Fn(&A) -> bool) {
        let mut dropped = 0;
        self.analysis.retain(|_, queue| {
            let before = queue.len();
            queue.retain(|queued| !abandoned(&queued.job));
            dropped += before - queue.len();
            !queue.is_empty()
        });
        self.analysis_len -= dropped;
    }

    /// Puts a live job back at the front of its client's queue (a down worker hands it to a
    /// healthy one).
    pub fn requeue_live(&mut self, client: C, kind: SearchKind, job: L) {
        let pushed = self.now;
        self.client(client).queue.push_front(Queued {
            ticket: Ticket(0),
            kind,
            cheap: false,
            pushed,
            job,
        });
        self.live_len += 1;
    }

    /// Puts an analysis job back at the front of its client's queue (preempted, or handed
    /// back).
    pub fn requeue_analysis_for(&mut self, client: C, affinity: Option<u64>, job: A) {
        let pushed = self.now;
        self.analysis
            .entry(client)
            .or_default()
            .push_front(AnalysisQueued {
                ticket: Ticket(0),
                affinity,
                pushed,
                job,
            });
        self.analysis_len += 1;
    }

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
    fn analysis_front(
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
    fn takeable(entry: &Client<L>, hints_open: bool) -> Option<usize> {
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

    /// Whether `worker` was asked to stop its search: an analysis search or a hint for a live
    /// job, or any search for a client that waited too long ([`Lanes::yield_due`]).
    pub fn preempt_requested(&self, worker: usize) -> bool {
        self.yielding[worker]
            || matches!(
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
        (self.live_len, self.analysis_len)
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
    fn preemption(&mut self, kind: SearchKind) -> Option<usize> {
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

#[cfg(test)]
impl<C: Shared + Default, L, A> Lanes<C, L, A> {
    /// Queues an analysis job of the server's own (the tests' default client).
    pub fn push_analysis(&mut self, affinity: Option<u64>, job: A) -> Result<(), A> {
        self.push_analysis_for(C::default(), affinity, job)
    }

    /// Puts an analysis job of the server's own back.
    pub fn requeue_analysis(&mut self, affinity: Option<u64>, job: A) {
        self.requeue_analysis_for(C::default(), affinity, job);
    }
}

#[cfg(test)]
#[path = "lanes_tests.rs"]
mod tests;
