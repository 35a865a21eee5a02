//! The lanes' policy, case by case, a file per concern beside the code it tests; here the
//! helpers they share.

mod admission;
mod placement;
mod preemption;
mod shares;

use super::super::recent_use::HALF_LIFE;
use super::*;

type TestLanes = Lanes<&'static str, &'static str, &'static str>;

const REPLY: SearchKind = SearchKind::Reply;
const HINT: SearchKind = SearchKind::Hint;

/// Queues a reply of `client`; the worker it preempts, if any.
fn reply(lanes: &mut TestLanes, client: &'static str, job: &'static str) -> Option<usize> {
    lanes.push_live(client, REPLY, job).expect("room").1
}

fn hint(lanes: &mut TestLanes, client: &'static str, job: &'static str) -> Option<usize> {
    lanes.push_live(client, HINT, job).expect("room").1
}

/// Takes and finishes jobs on worker 0, each charged `spent`, until none is left.
fn drain(lanes: &mut TestLanes, spent: Duration) -> Vec<Taken<&'static str, &'static str>> {
    std::iter::from_fn(|| {
        let taken = lanes.take(0);
        lanes.leave(0, spent);
        taken
    })
    .collect()
}

const SECOND: Duration = Duration::from_secs(1);

/// Test clients: `"net/1"` and `"net/2"` are two clients of the aggregate share `"net"`; `""`
/// is the server's own work.
impl Shared for &'static str {
    type Aggregate = &'static str;

    fn aggregate(&self) -> Option<&'static str> {
        self.split_once('/').map(|(aggregate, _)| aggregate)
    }

    fn is_server(&self) -> bool {
        self.is_empty()
    }
}

// Issue #42: engine time shared by the second.

/// Lanes with per-client bounds and a preemption bound of one second.
fn bounded(capacity: usize, per_client: usize, per_aggregate: usize, workers: usize) -> TestLanes {
    let limits = LaneLimits {
        capacity,
        reserved: capacity / 2,
        per_client,
        per_aggregate,
        preempt_after: SECOND,
    };
    TestLanes::with_limits(limits, workers)
}

/// Runs one job of `client` on worker 0 and charges it `spent`.
fn charge(lanes: &mut TestLanes, client: &'static str, spent: Duration) {
    reply(lanes, client, "charged");
    assert_eq!(lanes.take(0), Some(Taken::Live("charged")));
    lanes.leave(0, spent);
}

/// Queues a cheap reply of `client`.
fn cheap(lanes: &mut TestLanes, client: &'static str, job: &'static str) {
    lanes
        .push_live_class(client, REPLY, true, job)
        .expect("room");
}
