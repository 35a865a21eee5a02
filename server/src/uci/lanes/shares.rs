//! Each client's share of engine time as the lanes count it: its recent use or its aggregate's,
//! and the floor a newcomer is placed at ([`PLACEMENT_LAG`]).

use std::time::Duration;

use super::{Lanes, ShareKey, Shared, PLACEMENT_LAG};

impl<C: Shared, L, A> Lanes<C, L, A> {
    /// `client`'s recent use as the order counts it: its own, or its aggregate's if more.
    pub(super) fn use_of(&self, client: &C) -> Duration {
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
    pub(super) fn raise_floor(&mut self, also: Option<&C>) -> Duration {
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
    pub(super) fn place(&mut self, client: &C) {
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
}
