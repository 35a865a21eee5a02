//! Which jobs a lane admits (per client, per aggregate share, a reserve for newcomers), and
//! the jobs queued, withdrawn, dropped or put back.

use std::collections::VecDeque;

use super::{AnalysisQueued, Client, Lane, Lanes, Queued, SearchKind, Shared, Ticket};

impl<C: Shared, L, A> Lanes<C, L, A> {
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
    pub(super) fn prune(&mut self, client: &C) {
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
