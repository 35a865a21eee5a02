//! The write queue both durable stores share: a request queues its change and gets a
//! [`WriteTicket`] at once (under the game's lock, no I/O), one writer takes what has queued up in
//! batches and commits each in one transaction, and the request awaits [`WriteQueue::durable`]
//! before it answers. A backend (SQLite's writer thread, PostgreSQL's writer task) supplies only
//! how a batch is committed ([`Commit`] or [`CommitAsync`]); everything else lives here once:
//! - the bound: past `max_queued` writes waiting, [`WriteQueue::push`] refuses at once with
//!   [`StoreError::Busy`] (503 `storage_busy`) rather than letting memory and every request's
//!   wait grow while the database falls behind;
//! - ticket numbering, in queue order, so tickets settle in order and waiting for a game's latest
//!   ticket also waits for its earlier writes;
//! - the outcome of every ticket: a batch that fails marks its tickets [`StoreError::NotWritten`],
//!   or [`StoreError::Unanswered`] when the database did not answer (remembered exactly,
//!   [`FailedWrites`]) and the writer goes on with the next one; a write the
//!   backend refused inside a committed batch (SQLite's live-game cap, PostgreSQL's version check)
//!   answers its own [`Refusal`];
//! - the position cache's share of the queue ([`CacheQuota`]), so a burst of analysis never takes
//!   the room a game's change needs.
//!
//! The channel and the watch are tokio's, which work on both sides of the runtime: SQLite's thread
//! receives with `blocking_recv`, PostgreSQL's task with `recv().await`, and `push` never waits.

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::{mpsc, watch};

use crate::games::model::error::StoreError;
use crate::games::store::cache_quota::{CachePermit, CacheQuota};
use crate::games::store::failed_writes::{FailedWrites, Failure};
use crate::games::store::WriteTicket;

/// Most writes committed in one transaction.
pub const MAX_BATCH: usize = 512;

/// Most writes waiting for the writer before `push` refuses, by default. Two full batches: under a
/// burst the writer commits one while the next fills, yet the wait of the last write in the queue
/// stays a couple of commits (a few ms on a healthy disk, tens of ms on a slow one).
pub const MAX_QUEUED_WRITES: usize = 2 * MAX_BATCH;

/// Refusals remembered for their waiters (the oldest are forgotten first). A refusal is read by
/// the request awaiting its ticket as soon as the ticket settles, and at most `max_queued` plus a
/// batch of tickets are in flight, so this is several times what can be waiting at once.
const MAX_REMEMBERED_REFUSALS: usize = 4096;

/// Why a write was not made although its batch committed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// The game was not at the version the change was made on (a shared store).
    Conflict,
    /// The store holds as many live games as it may (a new game).
    Full,
}

impl From<Refusal> for StoreError {
    fn from(refusal: Refusal) -> StoreError {
        match refusal {
            Refusal::Conflict => StoreError::Conflict,
            Refusal::Full => StoreError::Full,
        }
    }
}

/// One write on its way to the writer, with the ticket that names it.
#[derive(Debug)]
pub struct Queued<W> {
    pub ticket: WriteTicket,
    pub write: W,
}

/// What a committed batch refused, ticket by ticket (empty: every write was made).
pub type Refusals = Vec<(WriteTicket, Refusal)>;

/// How a blocking backend (SQLite's thread) commits one batch: in one transaction, answering
/// whatever reads the batch carries. An error fails every ticket of the batch; the writer goes on.
pub trait Commit {
    type Write;

    fn commit(&mut self, batch: Vec<Queued<Self::Write>>) -> Result<Refusals, StoreError>;
}

/// How an async backend (PostgreSQL's task) commits one batch; as [`Commit`].
pub trait CommitAsync {
    type Write;

    fn commit(
        &mut self,
        batch: Vec<Queued<Self::Write>>,
    ) -> impl Future<Output = Result<Refusals, StoreError>> + Send;
}

/// The sending side, kept by the store: queues writes and answers what became of them.
pub struct WriteQueue<W> {
    /// The channel and the ticket counter, locked together so tickets go down in order.
    sender: Mutex<Sender<W>>,
    /// The highest ticket the writer has dealt with (committed, refused or failed).
    settled: watch::Receiver<u64>,
    outcomes: Arc<Mutex<Outcomes>>,
    /// The position cache's share of the queue; `None` when the cache keeps nothing.
    cache: Option<CacheQuota>,
}

struct Sender<W> {
    next: u64,
    channel: mpsc::Sender<Queued<W>>,
}

/// The receiving side, run by the writer: hands out batches and records their outcomes.
pub struct Batches<W> {
    receiver: mpsc::Receiver<Queued<W>>,
    settle: watch::Sender<u64>,
    outcomes: Arc<Mutex<Outcomes>>,
}

/// What became of the settled tickets that did not simply land.
#[derive(Default)]
struct Outcomes {
    failed: FailedWrites,
    refused: BTreeMap<u64, Refusal>,
}

/// A queue with room for `max_queued` waiting writes (at least one); `cache` gives the position
/// cache a quarter of it. The writer runs [`Batches::run_blocking`] or [`Batches::run`].
pub fn write_queue<W>(max_queued: usize, cache: bool) -> (WriteQueue<W>, Batches<W>) {
    let (channel, receiver) = mpsc::channel(max_queued.max(1));
    let (settle, settled) = watch::channel(0);
    let outcomes = Arc::new(Mutex::new(Outcomes::default()));
    let queue = WriteQueue {
        sender: Mutex::new(Sender { next: 1, channel }),
        settled,
        outcomes: Arc::clone(&outcomes),
        cache: cache.then(|| CacheQuota::new(max_queued / 4)),
    };
    let batches = Batches {
        receiver,
        settle,
        outcomes,
    };
    (queue, batches)
}

impl<W> WriteQueue<W> {
    /// Queues `write` behind every write queued so far: its ticket, or [`StoreError::Busy`] at
    /// once when the queue is full, [`StoreError::Stopped`] when the writer is gone.
    pub fn push(&self, write: W) -> Result<WriteTicket, StoreError> {
        let mut sender = self.sender.lock().unwrap_or_else(PoisonError::into_inner);
        let ticket = WriteTicket(sender.next);
        sender
            .channel
            .try_send(Queued { ticket, write })
            .map_err(|error| match error {
                mpsc::error::TrySendError::Full(_) => StoreError::Busy,
                mpsc::error::TrySendError::Closed(_) => StoreError::Stopped,
            })?;
        sender.next += 1;
        Ok(ticket)
    }

    /// Resolves once `ticket` is settled: `Ok` when its write is durable, else why not.
    pub fn durable(
        &self,
        ticket: WriteTicket,
    ) -> impl Future<Output = Result<(), StoreError>> + Send + '_
    where
        W: Send,
    {
        let mut settled = self.settled.clone();
        async move {
            settled
                .wait_for(|&done| done >= ticket.0)
                .await
                .map_err(|_| StoreError::Stopped)?;
            self.outcomes().outcome(ticket.0)
        }
    }

    /// Resolves once every write queued so far is settled; the last batch's failure (as
    /// [`Failure::error`]) when it failed (what was queued last is lost). Refusals do not matter here: nothing
    /// queued is still in flight.
    pub fn flush(&self) -> impl Future<Output = Result<(), StoreError>> + Send + '_
    where
        W: Send,
    {
        let last = self
            .sender
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .next
            - 1;
        let mut settled = self.settled.clone();
        async move {
            settled
                .wait_for(|&done| done >= last)
                .await
                .map_err(|_| StoreError::Stopped)?;
            match self.outcomes().failed.failure(last) {
                Some(failure) => Err(failure.error()),
                None => Ok(()),
            }
        }
    }

    /// A place in the queue for a position-cache write; `None` when the cache keeps nothing or
    /// its share of the queue is taken (then the write is dropped: the cache is best effort).
    pub fn cache_permit(&self) -> Option<CachePermit> {
        let permit = self.cache.as_ref()?.try_take();
        if permit.is_none() {
            tracing::debug!("the analysis cache's share of the write queue is full");
        }
        permit
    }

    fn outcomes(&self) -> std::sync::MutexGuard<'_, Outcomes> {
        self.outcomes.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Outcomes {
    fn outcome(&self, ticket: u64) -> Result<(), StoreError> {
        if let Some(failure) = self.failed.failure(ticket) {
            return Err(failure.error());
        }
        match self.refused.get(&ticket) {
            Some(&refusal) => Err(refusal.into()),
            None => Ok(()),
        }
    }

    fn refuse(&mut self, ticket: WriteTicket, refusal: Refusal) {
        self.refused.insert(ticket.0, refusal);
        while self.refused.len() > MAX_REMEMBERED_REFUSALS {
            self.refused.pop_first();
        }
    }
}

impl<W> Batches<W> {
    /// Commits batches on this thread until every sender is gone (the store was dropped).
    /// Blocking: run it on a thread of its own, outside the async runtime.
    pub fn run_blocking(mut self, mut backend: impl Commit<Write = W>) {
        while let Some(first) = self.receiver.blocking_recv() {
            let batch = self.fill(first);
            let (first, last, writes) = span(&batch);
            let outcome = backend.commit(batch);
            self.settle(first, last, writes, outcome);
        }
    }

    /// Commits batches on this task until every sender is gone (the store was dropped).
    pub async fn run(mut self, mut backend: impl CommitAsync<Write = W>) {
        while let Some(first) = self.receiver.recv().await {
            let batch = self.fill(first);
            let (first, last, writes) = span(&batch);
            let outcome = backend.commit(batch).await;
            self.settle(first, last, writes, outcome);
        }
    }

    /// `first` and whatever else has queued up, to [`MAX_BATCH`] writes.
    fn fill(&mut self, first: Queued<W>) -> Vec<Queued<W>> {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match self.receiver.try_recv() {
                Ok(write) => batch.push(write),
                Err(_) => break,
            }
        }
        batch
    }

    /// Records the batch's outcome, then announces its tickets settled.
    fn settle(&self, first: u64, last: u64, writes: usize, outcome: Result<Refusals, StoreError>) {
        {
            let mut outcomes = self.outcomes.lock().unwrap_or_else(PoisonError::into_inner);
            match outcome {
                Ok(refusals) => {
                    for (ticket, refusal) in refusals {
                        outcomes.refuse(ticket, refusal);
                    }
                }
                Err(error) => {
                    tracing::error!(error = %causes(&error), writes, "could not commit game changes");
                    outcomes.failed.record(first, last, Failure::of(&error));
                }
            }
        }
        self.settle.send_replace(last);
    }
}

/// The first and last tickets of a batch, and how many writes it holds.
fn span<W>(batch: &[Queued<W>]) -> (u64, u64, usize) {
    let first = batch.first().map_or(0, |queued| queued.ticket.0);
    let last = batch.last().map_or(0, |queued| queued.ticket.0);
    (first, last, batch.len())
}

/// `error` and its causes, `: `-separated (a driver's error often says little without them).
fn causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc as std_mpsc;

    /// A backend the test drives: each batch's tickets go out on `seen`, and the batch's outcome
    /// comes back from `verdicts` (the writer waits for it, as on a slow disk).
    struct Scripted {
        seen: std_mpsc::Sender<Vec<u64>>,
        verdicts: std_mpsc::Receiver<Result<Refusals, StoreError>>,
    }

    impl Commit for Scripted {
        type Write = &'static str;

        fn commit(&mut self, batch: Vec<Queued<&'static str>>) -> Result<Refusals, StoreError> {
            let tickets = batch.iter().map(|queued| queued.ticket.0).collect();
            self.seen.send(tickets).expect("the test listens");
            self.verdicts.recv().expect("the test gives a verdict")
        }
    }

    /// The test's ends of a [`Scripted`] writer running on its own thread.
    struct Script {
        seen: std_mpsc::Receiver<Vec<u64>>,
        verdicts: std_mpsc::Sender<Result<Refusals, StoreError>>,
    }

    impl Script {
        fn start(batches: Batches<&'static str>) -> Script {
            let (seen, seen_by_test) = std_mpsc::channel();
            let (verdicts_from_test, verdicts) = std_mpsc::channel();
            std::thread::spawn(move || batches.run_blocking(Scripted { seen, verdicts }));
            Script {
                seen: seen_by_test,
                verdicts: verdicts_from_test,
            }
        }

        /// The next batch's tickets, answered with `verdict`.
        fn answer(&self, verdict: Result<Refusals, StoreError>) -> Vec<u64> {
            let tickets = self.seen.recv().expect("a batch");
            self.verdicts.send(verdict).expect("the writer waits");
            tickets
        }
    }

    #[tokio::test]
    async fn tickets_are_numbered_in_order_and_settle_as_one_batch() {
        let (queue, batches) = write_queue(8, false);
        let tickets: Vec<WriteTicket> = ["a", "b", "c"]
            .into_iter()
            .map(|write| queue.push(write).expect("room"))
            .collect();
        assert_eq!(tickets, [WriteTicket(1), WriteTicket(2), WriteTicket(3)]);
        let script = Script::start(batches);
        assert_eq!(script.answer(Ok(Vec::new())), [1, 2, 3]);
        queue.flush().await.expect("everything landed");
        for ticket in tickets {
            queue.durable(ticket).await.expect("durable");
        }
    }

    #[tokio::test]
    async fn a_full_queue_refuses_at_once_and_every_accepted_write_still_lands() {
        let (queue, batches) = write_queue(2, false);
        let accepted = [queue.push("a"), queue.push("b")].map(|ticket| ticket.expect("room"));
        assert!(matches!(queue.push("c"), Err(StoreError::Busy)));
        let script = Script::start(batches);
        assert_eq!(script.answer(Ok(Vec::new())), [1, 2]);
        for ticket in accepted {
            queue
                .durable(ticket)
                .await
                .expect("an accepted write lands");
        }
        let after = queue.push("d").expect("room again");
        assert_eq!(after, WriteTicket(3), "a refused write takes no ticket");
        assert_eq!(script.answer(Ok(Vec::new())), [3]);
        queue.durable(after).await.expect("durable");
    }

    #[tokio::test]
    async fn a_failed_batch_fails_each_of_its_tickets_and_the_writer_goes_on() {
        let (queue, batches) = write_queue(8, false);
        let lost = [queue.push("a"), queue.push("b")].map(|ticket| ticket.expect("room"));
        let script = Script::start(batches);
        let failure = StoreError::backend("committing", std::io::Error::other("disk full"));
        assert_eq!(script.answer(Err(failure)), [1, 2]);
        for ticket in lost {
            assert!(matches!(
                queue.durable(ticket).await,
                Err(StoreError::NotWritten)
            ));
        }
        assert!(
            matches!(queue.flush().await, Err(StoreError::NotWritten)),
            "the last batch was lost"
        );
        let landed = queue.push("c").expect("room");
        assert_eq!(script.answer(Ok(Vec::new())), [3]);
        queue.durable(landed).await.expect("the next batch lands");
        queue.flush().await.expect("the last batch landed");
        assert!(
            matches!(queue.durable(lost[0]).await, Err(StoreError::NotWritten)),
            "still lost, exactly"
        );
    }

    #[tokio::test]
    async fn refusals_answer_their_own_tickets_and_the_rest_of_the_batch_lands() {
        let (queue, batches) = write_queue(8, false);
        let tickets = ["a", "b", "c"].map(|write| queue.push(write).expect("room"));
        let script = Script::start(batches);
        let refusals = vec![
            (WriteTicket(1), Refusal::Full),
            (WriteTicket(3), Refusal::Conflict),
        ];
        assert_eq!(script.answer(Ok(refusals)), [1, 2, 3]);
        assert!(matches!(
            queue.durable(tickets[0]).await,
            Err(StoreError::Full)
        ));
        queue.durable(tickets[1]).await.expect("made");
        assert!(matches!(
            queue.durable(tickets[2]).await,
            Err(StoreError::Conflict)
        ));
        queue.flush().await.expect("refusals are not losses");
    }

    #[tokio::test]
    async fn a_gone_writer_stops_the_queue_and_its_unsettled_waiters() {
        let (queue, batches) = write_queue::<&'static str>(8, false);
        let ticket = queue.push("a").expect("room");
        drop(batches);
        assert!(matches!(queue.push("b"), Err(StoreError::Stopped)));
        assert!(matches!(
            queue.durable(ticket).await,
            Err(StoreError::Stopped)
        ));
    }

    /// An async backend that makes every write but the ones it is told to refuse.
    struct Refusing(Vec<u64>);

    impl CommitAsync for Refusing {
        type Write = u64;

        async fn commit(&mut self, batch: Vec<Queued<u64>>) -> Result<Refusals, StoreError> {
            Ok(batch
                .iter()
                .filter(|queued| self.0.contains(&queued.write))
                .map(|queued| (queued.ticket, Refusal::Conflict))
                .collect())
        }
    }

    #[tokio::test]
    async fn an_async_writer_settles_the_same_way() {
        let (queue, batches) = write_queue(8, false);
        let tickets = [10, 20, 30].map(|write| queue.push(write).expect("room"));
        tokio::spawn(batches.run(Refusing(vec![20])));
        queue.flush().await.expect("settled");
        let outcomes = [
            queue.durable(tickets[0]).await.is_ok(),
            queue.durable(tickets[1]).await.is_ok(),
            queue.durable(tickets[2]).await.is_ok(),
        ];
        assert_eq!(outcomes, [true, false, true]);
    }

    #[test]
    fn the_cache_takes_at_most_a_quarter_of_the_queue() {
        let (queue, _batches) = write_queue::<()>(8, true);
        let permits = [queue.cache_permit(), queue.cache_permit()];
        assert!(permits.iter().all(Option::is_some));
        assert!(queue.cache_permit().is_none(), "2 of 8 taken");
        let (none, _batches) = write_queue::<()>(8, false);
        assert!(none.cache_permit().is_none(), "a cache that keeps nothing");
    }
}
