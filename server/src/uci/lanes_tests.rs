//! The lanes' policy, case by case (a module of `lanes.rs`).

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

#[test]
fn a_waiting_worker_takes_a_live_job_before_any_analysis_job() {
    let mut lanes = TestLanes::new(4, 1);
    lanes.push_analysis(None, "a1").expect("room");
    lanes.push_analysis(None, "a2").expect("room");
    reply(&mut lanes, "A", "move");
    assert_eq!(lanes.take(0), Some(Taken::Live("move")));
    assert_eq!(lanes.workers(), [WorkerState::Live]);
    lanes.leave(0, SECOND);
    assert_eq!(lanes.take(0), Some(Taken::Analysis("a1")));
    assert_eq!(lanes.take(0), Some(Taken::Analysis("a2")));
    assert_eq!(lanes.take(0), None);
    assert_eq!(lanes.workers(), [WorkerState::Waiting]);
}

#[test]
fn one_clients_jobs_are_taken_in_order() {
    let mut lanes = TestLanes::new(4, 1);
    for job in ["m1", "m2", "m3"] {
        reply(&mut lanes, "A", job);
    }
    assert_eq!(
        drain(&mut lanes, SECOND),
        [Taken::Live("m1"), Taken::Live("m2"), Taken::Live("m3")]
    );
}

#[test]
fn a_newcomer_is_served_next_however_many_jobs_another_client_queued_first() {
    // Issue #22: client A queues eight searches, then B one move.
    let mut lanes = TestLanes::new(16, 1);
    for job in ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"] {
        reply(&mut lanes, "A", job);
    }
    reply(&mut lanes, "B", "B1");
    let order = drain(&mut lanes, 10 * SECOND);
    assert_eq!(order[0], Taken::Live("A1"));
    assert_eq!(order[1], Taken::Live("B1"), "{order:?}");
}

#[test]
fn clients_take_turns_weighted_by_the_engine_time_they_used() {
    let mut lanes = TestLanes::new(16, 1);
    for job in ["A1", "A2", "A3"] {
        reply(&mut lanes, "A", job);
    }
    for job in ["B1", "B2", "B3"] {
        reply(&mut lanes, "B", job);
    }
    // A's searches cost 3 s each, B's 1 s: B gets three turns for each of A's.
    let mut order = Vec::new();
    while let Some(Taken::Live(job)) = lanes.take(0) {
        let spent = if job.starts_with('A') { 3 } else { 1 };
        lanes.leave(0, spent * SECOND);
        order.push(job);
    }
    assert_eq!(order, ["A1", "B1", "B2", "B3", "A2", "A3"]);
}

#[test]
fn a_client_that_goes_quiet_for_a_moment_keeps_its_recent_use() {
    // Until issue #42 an idle client was forgotten and came back level with the least-served
    // one (this test then expected B2, A2, B3): a pause bought a turn. Now its recent use stays.
    let mut lanes = TestLanes::new(16, 1);
    reply(&mut lanes, "A", "A1");
    reply(&mut lanes, "B", "B1");
    reply(&mut lanes, "B", "B2");
    assert_eq!(lanes.take(0), Some(Taken::Live("A1")));
    lanes.leave(0, 10 * SECOND);
    assert_eq!(lanes.take(0), Some(Taken::Live("B1")));
    lanes.leave(0, SECOND);
    reply(&mut lanes, "A", "A2");
    reply(&mut lanes, "B", "B3");
    assert_eq!(
        drain(&mut lanes, SECOND),
        [Taken::Live("B2"), Taken::Live("B3"), Taken::Live("A2")]
    );
}

#[test]
fn with_several_engines_each_client_gets_one_before_any_gets_two() {
    let mut lanes = TestLanes::new(16, 3);
    for job in ["A1", "A2", "A3"] {
        reply(&mut lanes, "A", job);
    }
    reply(&mut lanes, "B", "B1");
    reply(&mut lanes, "C", "C1");
    let taken: Vec<_> = (0..3).map(|worker| lanes.take(worker)).collect();
    assert_eq!(
        taken,
        [
            Some(Taken::Live("A1")),
            Some(Taken::Live("B1")),
            Some(Taken::Live("C1"))
        ]
    );
}

#[test]
fn a_job_withdrawn_at_its_deadline_leaves_the_lane_unless_it_was_taken() {
    let mut lanes = TestLanes::new(2, 1);
    let (first, _) = lanes.push_live("A", REPLY, "m1").expect("room");
    let (second, _) = lanes.push_live("B", REPLY, "m2").expect("room");
    assert_eq!(lanes.take(0), Some(Taken::Live("m1")));
    assert_eq!(lanes.withdraw(&"A", first), None, "already running");
    assert_eq!(lanes.withdraw(&"B", second), Some("m2"));
    assert_eq!(lanes.withdraw(&"B", second), None, "once");
    assert_eq!(lanes.queued(), (0, 0));
    lanes.leave(0, SECOND);
    assert_eq!(lanes.take(0), None);
}

#[test]
fn replies_go_before_hints_and_one_client_runs_one_hint_at_a_time() {
    let mut lanes = TestLanes::new(16, 4);
    hint(&mut lanes, "A", "h1");
    hint(&mut lanes, "A", "h2");
    hint(&mut lanes, "B", "hb");
    reply(&mut lanes, "C", "m1");
    assert_eq!(
        lanes.take(0),
        Some(Taken::Live("m1")),
        "the reply came last"
    );
    assert_eq!(lanes.take(1), Some(Taken::Live("h1")));
    assert_eq!(lanes.take(2), Some(Taken::Live("hb")));
    lanes.leave(2, SECOND);
    assert_eq!(lanes.take(2), None, "h2 waits for A's running hint");
    lanes.leave(1, SECOND);
    assert_eq!(lanes.take(1), Some(Taken::Live("h2")));
}

#[test]
fn hints_run_on_at_most_half_the_engines() {
    let mut lanes = TestLanes::new(16, 4);
    for client in ["A", "B", "C"] {
        hint(&mut lanes, client, client);
    }
    assert_eq!(lanes.take(0), Some(Taken::Live("A")));
    assert_eq!(lanes.take(1), Some(Taken::Live("B")));
    assert_eq!(lanes.take(2), None, "two engines of four run hints");
    assert_eq!(
        reply(&mut lanes, "D", "move"),
        None,
        "a waiting worker takes it; the waiting hint stops nothing"
    );
    assert_eq!(lanes.take(2), Some(Taken::Live("move")));
}

#[test]
fn a_reply_that_would_wait_stops_a_running_hint_but_a_hint_does_not() {
    let mut lanes = TestLanes::new(16, 1);
    hint(&mut lanes, "A", "h1");
    assert_eq!(lanes.take(0), Some(Taken::Live("h1")));
    assert_eq!(hint(&mut lanes, "B", "h2"), None);
    assert!(!lanes.preempt_requested(0));
    assert_eq!(reply(&mut lanes, "C", "move"), Some(0));
    assert!(lanes.preempt_requested(0));
    lanes.leave(0, SECOND);
    assert_eq!(lanes.take(0), Some(Taken::Live("move")));
}

#[test]
fn a_live_job_with_a_waiting_worker_preempts_nothing() {
    let mut lanes = TestLanes::new(4, 2);
    lanes.push_analysis(None, "a1").expect("room");
    assert_eq!(lanes.take(0), Some(Taken::Analysis("a1")));
    assert_eq!(lanes.take(1), None, "worker 1 now waits");
    assert_eq!(reply(&mut lanes, "A", "move"), None);
    assert_eq!(lanes.take(1), Some(Taken::Live("move")));
    assert!(!lanes.preempt_requested(0));
}

#[test]
fn a_live_job_finding_every_engine_busy_preempts_an_analysis_search() {
    let mut lanes = TestLanes::new(4, 2);
    reply(&mut lanes, "A", "other game");
    lanes.push_analysis(None, "a1").expect("room");
    assert_eq!(lanes.take(0), Some(Taken::Live("other game")));
    assert_eq!(lanes.take(1), Some(Taken::Analysis("a1")));
    assert_eq!(reply(&mut lanes, "B", "move"), Some(1));
    assert!(lanes.preempt_requested(1));
    // The stopped search's job goes back first in its lane; the freed worker takes the move.
    lanes.requeue_analysis(None, "a1");
    lanes.leave(1, SECOND);
    assert_eq!(lanes.take(1), Some(Taken::Live("move")));
    lanes.leave(1, SECOND);
    assert_eq!(lanes.take(1), Some(Taken::Analysis("a1")));
}

#[test]
fn each_queued_live_job_preempts_its_own_analysis_search() {
    let mut lanes = TestLanes::new(4, 3);
    for job in ["a1", "a2", "a3"] {
        lanes.push_analysis(None, job).expect("room");
    }
    for worker in 0..3 {
        assert!(matches!(lanes.take(worker), Some(Taken::Analysis(_))));
    }
    assert_eq!(reply(&mut lanes, "A", "m1"), Some(0));
    assert_eq!(reply(&mut lanes, "A", "m2"), Some(1));
    assert_eq!(reply(&mut lanes, "A", "m3"), Some(2));
    assert_eq!(reply(&mut lanes, "A", "m4"), None, "nothing left to stop");
}

#[test]
fn a_live_search_never_preempts_another_reply() {
    let mut lanes = TestLanes::new(4, 1);
    reply(&mut lanes, "A", "m1");
    assert_eq!(lanes.take(0), Some(Taken::Live("m1")));
    assert_eq!(reply(&mut lanes, "B", "m2"), None);
    assert!(!lanes.preempt_requested(0));
}

#[test]
fn a_readiness_probe_claims_only_a_waiting_worker_and_takes_no_place_in_a_lane() {
    let mut lanes = TestLanes::new(1, 2);
    reply(&mut lanes, "A", "m1");
    assert_eq!(lanes.take(0), Some(Taken::Live("m1")));
    assert_eq!(
        lanes.claim_waiting(),
        None,
        "worker 1 is away, worker 0 busy"
    );
    assert_eq!(lanes.take(1), None, "worker 1 now waits");
    assert_eq!(lanes.claim_waiting(), Some(1));
    assert_eq!(lanes.claim_waiting(), None, "claimed once");
    assert_eq!(lanes.queued(), (0, 0));
    lanes
        .push_live("A", REPLY, "m2")
        .expect("the probe took no place in the live lane");
}

#[test]
fn an_engine_that_is_down_or_between_jobs_is_not_counted_as_free() {
    let mut lanes = TestLanes::new(4, 2);
    lanes.push_analysis(None, "a1").expect("room");
    assert_eq!(lanes.take(0), Some(Taken::Analysis("a1")));
    assert_eq!(lanes.take(1), None);
    lanes.leave(1, Duration::ZERO); // worker 1's engine went down: it stops waiting
    assert_eq!(reply(&mut lanes, "A", "move"), Some(0));
}

#[test]
fn each_lane_is_bounded_on_its_own_and_put_back_jobs_are_never_refused() {
    let mut lanes = TestLanes::new(2, 1);
    reply(&mut lanes, "A", "m1");
    reply(&mut lanes, "B", "m2");
    assert_eq!(lanes.push_live("C", REPLY, "m3"), Err("m3"));
    lanes
        .push_analysis(None, "a1")
        .expect("room, whatever the live lane holds");
    lanes.push_analysis(None, "a2").expect("room");
    assert_eq!(lanes.push_analysis(None, "a3"), Err("a3"));
    lanes.requeue_analysis(None, "a0");
    lanes.requeue_live("A", REPLY, "m0");
    assert_eq!(lanes.queued(), (3, 3));
    assert_eq!(lanes.take(0), Some(Taken::Live("m0")));
}

#[test]
fn taking_a_new_analysis_job_clears_an_old_preemption_request() {
    let mut lanes = TestLanes::new(4, 1);
    lanes.push_analysis(None, "a1").expect("room");
    lanes.push_analysis(None, "a2").expect("room");
    assert_eq!(lanes.take(0), Some(Taken::Analysis("a1")));
    assert_eq!(reply(&mut lanes, "A", "m1"), Some(0));
    // The search ended on its own just before the stop; the worker takes the move anyway.
    lanes.leave(0, SECOND);
    assert_eq!(lanes.take(0), Some(Taken::Live("m1")));
    lanes.leave(0, SECOND);
    assert_eq!(lanes.take(0), Some(Taken::Analysis("a2")));
    assert!(!lanes.preempt_requested(0));
}

#[test]
fn idle_clients_are_forgotten() {
    let mut lanes = TestLanes::new(4, 1);
    reply(&mut lanes, "A", "m1");
    hint(&mut lanes, "B", "h1");
    drain(&mut lanes, SECOND);
    assert!(lanes.clients.is_empty());
}

#[test]
fn a_chunk_s_next_position_waits_for_its_warm_engine_while_that_one_is_free() {
    let mut lanes = TestLanes::new(4, 2);
    lanes.push_analysis(Some(1), "chunk 1 a").expect("room");
    lanes.push_analysis(Some(2), "chunk 2 a").expect("room");
    assert_eq!(lanes.take(0), Some(Taken::Analysis("chunk 1 a")));
    assert_eq!(lanes.take(1), Some(Taken::Analysis("chunk 2 a")));
    lanes.leave(0, Duration::ZERO);
    lanes.leave(1, Duration::ZERO);
    // Both wait; chunk 2's next position comes first and worker 0 asks first.
    assert_eq!(lanes.take(0), None);
    assert_eq!(lanes.take(1), None);
    lanes.push_analysis(Some(2), "chunk 2 b").expect("room");
    lanes.push_analysis(Some(1), "chunk 1 b").expect("room");
    assert_eq!(lanes.take(0), Some(Taken::Analysis("chunk 1 b")));
    assert_eq!(lanes.take(1), Some(Taken::Analysis("chunk 2 b")));
    // A busy warm engine does not hold its chunk back: another worker takes it, once that
    // one's hold for its own chunk's next position (`CHUNK_HOLD`) is over.
    lanes.push_analysis(Some(1), "chunk 1 c").expect("room");
    lanes.leave(1, Duration::ZERO);
    assert_eq!(lanes.take(1), None);
    let now = lanes.now;
    lanes.set_now(now + CHUNK_HOLD);
    assert_eq!(lanes.take(1), Some(Taken::Analysis("chunk 1 c")));
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

#[test]
fn the_client_with_the_least_recent_use_goes_first_and_old_use_refills() {
    let mut lanes = TestLanes::new(16, 1);
    let start = lanes.now;
    charge(&mut lanes, "A", 10 * SECOND);
    lanes.set_now(start + 4 * HALF_LIFE);
    charge(&mut lanes, "B", SECOND);
    // A's 10 s are now 10/16 s: less than B's one second just used.
    reply(&mut lanes, "B", "B1");
    reply(&mut lanes, "A", "A1");
    assert_eq!(lanes.take(0), Some(Taken::Live("A1")));
    lanes.leave(0, SECOND);
    reply(&mut lanes, "A", "A2");
    assert_eq!(
        lanes.take(0),
        Some(Taken::Live("B1")),
        "A now used more than B"
    );
}

#[test]
fn the_64s_of_one_56_are_served_as_one_share() {
    let mut lanes = TestLanes::new(16, 1);
    for client in ["net/1", "net/2", "net/3"] {
        charge(&mut lanes, client, 2 * SECOND);
    }
    charge(&mut lanes, "C", 3 * SECOND);
    // net/4 never searched, but its /56 used 6 s: C (3 s) goes first.
    reply(&mut lanes, "net/4", "N1");
    reply(&mut lanes, "C", "C1");
    assert_eq!(lanes.take(0), Some(Taken::Live("C1")));
}

#[test]
fn a_newcomer_is_placed_just_below_the_least_used_busy_client() {
    let mut lanes = TestLanes::new(16, 1);
    // The player's steady play, alone, is its recent use (and the floor).
    charge(&mut lanes, "P", 30 * SECOND);
    // Three /64s of a fresh /56 arrive: each is placed PLACEMENT_LAG below, and so is the /56.
    reply(&mut lanes, "net/1", "N1");
    reply(&mut lanes, "net/2", "N2");
    reply(&mut lanes, "P", "P1");
    assert_eq!(
        lanes.take(0),
        Some(Taken::Live("N1")),
        "a head start of the lag"
    );
    lanes.leave(0, 6 * SECOND);
    assert_eq!(
        lanes.take(0),
        Some(Taken::Live("P1")),
        "then by use: the /56 used 31 s, not 6"
    );
}

#[test]
fn a_long_search_yields_once_another_client_has_waited_the_bound() {
    let mut lanes = bounded(16, 8, 16, 1);
    let start = lanes.now;
    reply(&mut lanes, "A", "A1");
    reply(&mut lanes, "A", "A2");
    assert_eq!(lanes.take(0), Some(Taken::Live("A1")));
    lanes.set_now(start + 2 * SECOND);
    assert_eq!(
        lanes.yield_due(),
        Vec::<usize>::new(),
        "A's own job never stops A's search"
    );
    reply(&mut lanes, "B", "B1");
    lanes.set_now(start + 2 * SECOND + SECOND / 2);
    assert_eq!(
        lanes.yield_due(),
        Vec::<usize>::new(),
        "B has not waited the bound yet"
    );
    assert!(!lanes.preempt_requested(0));
    lanes.set_now(start + 3 * SECOND);
    assert_eq!(lanes.yield_due(), [0]);
    assert!(lanes.preempt_requested(0));
    assert_eq!(lanes.yield_due(), Vec::<usize>::new(), "asked once");
    lanes.leave(0, 3 * SECOND);
    assert_eq!(lanes.take(0), Some(Taken::Live("B1")));
    assert!(!lanes.preempt_requested(0));
}

#[test]
fn a_search_does_not_yield_to_a_client_that_used_more_nor_a_reply_to_a_hint() {
    let mut lanes = bounded(16, 8, 16, 1);
    let start = lanes.now;
    charge(&mut lanes, "heavy", 60 * SECOND);
    reply(&mut lanes, "light", "L1");
    assert_eq!(lanes.take(0), Some(Taken::Live("L1")));
    reply(&mut lanes, "heavy", "H1");
    hint(&mut lanes, "other", "hint");
    // Light was placed PLACEMENT_LAG below heavy: within that, heavy still used more.
    lanes.set_now(start + PLACEMENT_LAG - SECOND);
    assert_eq!(
        lanes.yield_due(),
        Vec::<usize>::new(),
        "heavy used more; a hint never stops a reply"
    );
}

#[test]
fn a_client_with_nothing_queued_gets_a_place_in_a_lane_others_filled() {
    // 8 places: half are kept for clients with nothing queued; 2 per client, 3 per /56.
    let mut lanes = bounded(8, 2, 3, 1);
    lanes.push_live("A", REPLY, "A1").expect("room");
    lanes.push_live("A", REPLY, "A2").expect("room");
    assert_eq!(lanes.push_live("A", REPLY, "A3"), Err("A3"), "A's share");
    lanes.push_live("B", REPLY, "B1").expect("room");
    lanes.push_live("B", REPLY, "B2").expect("room");
    assert_eq!(lanes.queued().0, 4);
    lanes
        .push_live("C", REPLY, "C1")
        .expect("nothing queued: a place");
    assert_eq!(
        lanes.push_live("C", REPLY, "C2"),
        Err("C2"),
        "the shared half is full"
    );
    lanes
        .push_live("D", REPLY, "D1")
        .expect("nothing queued: a place");
    lanes
        .push_live("E", REPLY, "E1")
        .expect("nothing queued: a place");
    lanes
        .push_live("F", REPLY, "F1")
        .expect("nothing queued: a place");
    assert_eq!(
        lanes.push_live("G", REPLY, "G1"),
        Err("G1"),
        "the lane's memory bound"
    );
    // The analysis lane is bounded on its own, the same way.
    lanes.push_analysis_for("A", None, "a1").expect("room");
    lanes.push_analysis_for("A", None, "a2").expect("room");
    assert_eq!(lanes.push_analysis_for("A", None, "a3"), Err("a3"));
}

#[test]
fn an_aggregate_share_is_bounded_even_for_its_clients_with_nothing_queued() {
    let mut lanes = bounded(64, 2, 3, 1);
    lanes.push_live("net/1", REPLY, "1a").expect("room");
    lanes.push_live("net/1", REPLY, "1b").expect("room");
    lanes.push_live("net/2", REPLY, "2a").expect("room");
    assert_eq!(
        lanes.push_live("net/3", REPLY, "3a"),
        Err("3a"),
        "the /56's share is full"
    );
    lanes
        .push_live("other", REPLY, "o")
        .expect("another client's place");
}

#[test]
fn the_analysis_lane_serves_the_least_used_client_first() {
    let mut lanes = TestLanes::new(16, 1);
    for job in ["A1", "A2", "A3"] {
        lanes.push_analysis_for("A", None, job).expect("room");
    }
    assert_eq!(lanes.take(0), Some(Taken::Analysis("A1")));
    lanes.push_analysis_for("B", None, "B1").expect("room");
    lanes.leave(0, 10 * SECOND);
    assert_eq!(lanes.take(0), Some(Taken::Analysis("B1")), "not first come");
}

#[test]
fn a_long_analysis_search_yields_to_a_less_used_client_that_waited_once_it_ran_its_slice() {
    let mut lanes = bounded(16, 8, 16, 1);
    let start = lanes.now;
    lanes.push_analysis_for("A", None, "board").expect("room");
    assert_eq!(lanes.take(0), Some(Taken::Analysis("board")));
    lanes
        .push_analysis_for("B", Some(7), "review")
        .expect("room");
    lanes.set_now(start + SECOND);
    assert_eq!(
        lanes.yield_due(),
        Vec::<usize>::new(),
        "B waited the bound, but the board's search has not run its slice"
    );
    lanes.set_now(start + ANALYSIS_SLICE);
    assert_eq!(lanes.yield_due(), [0]);
    // The board's search goes back first in A's queue; B's review position runs now.
    lanes.requeue_analysis_for("A", None, "board");
    lanes.leave(0, ANALYSIS_SLICE);
    assert_eq!(lanes.take(0), Some(Taken::Analysis("review")));
}

#[test]
fn a_review_goes_before_another_client_s_board_and_stops_it_whatever_their_use() {
    let mut lanes = bounded(16, 8, 16, 1);
    let start = lanes.now;
    lanes
        .push_analysis_for("R", Some(7), "review 1")
        .expect("room");
    assert_eq!(lanes.take(0), Some(Taken::Analysis("review 1")));
    lanes.leave(0, 10 * SECOND);
    lanes.set_now(start + CHUNK_HOLD);
    // R used ten seconds and B nothing, yet R's next chunk goes first.
    lanes.push_analysis_for("B", None, "board").expect("room");
    lanes
        .push_analysis_for("R", Some(8), "review 2")
        .expect("room");
    assert_eq!(
        lanes.take(0),
        Some(Taken::Analysis("review 2")),
        "a review before a board, not by recent use"
    );
    lanes.leave(0, SECOND);
    let board = start + 2 * CHUNK_HOLD;
    lanes.set_now(board);
    assert_eq!(lanes.take(0), Some(Taken::Analysis("board")));
    // A review's chunk that waits stops the board once it ran its slice, though B's use (with
    // the board's time) stays below R's eleven seconds.
    lanes
        .push_analysis_for("R", Some(9), "review 3")
        .expect("room");
    lanes.set_now(board + SECOND);
    assert_eq!(lanes.yield_due(), Vec::<usize>::new(), "before its slice");
    lanes.set_now(board + ANALYSIS_SLICE);
    assert_eq!(lanes.yield_due(), [0]);
    lanes.requeue_analysis_for("B", None, "board");
    lanes.leave(0, ANALYSIS_SLICE);
    // No chunk hold after the board's search: review 2's chunk does not keep the engine.
    assert_eq!(lanes.take(0), Some(Taken::Analysis("review 3")));
}

#[test]
fn a_chunk_keeps_its_engine_a_moment_for_its_next_position_then_others_have_it() {
    let mut lanes = bounded(16, 8, 16, 1);
    let start = lanes.now;
    lanes
        .push_analysis_for("R", Some(7), "review 1")
        .expect("room");
    assert_eq!(lanes.take(0), Some(Taken::Analysis("review 1")));
    lanes.push_analysis_for("B", None, "board").expect("room");
    lanes.leave(0, SECOND);
    // B used less, but the review's next position is on its way: the engine waits for it.
    assert_eq!(
        lanes.take(0),
        None,
        "the board does not take the chunk's engine"
    );
    assert_eq!(lanes.hold_left(0), Some(CHUNK_HOLD));
    lanes
        .push_analysis_for("R", Some(7), "review 2")
        .expect("room");
    assert_eq!(lanes.take(0), Some(Taken::Analysis("review 2")));
    lanes.leave(0, SECOND);
    // Live play never waits for a hold.
    assert_eq!(lanes.take(0), None);
    reply(&mut lanes, "P", "move");
    assert_eq!(lanes.take(0), Some(Taken::Live("move")));
    lanes
        .push_analysis_for("R", Some(7), "review 3")
        .expect("room");
    lanes.leave(0, Duration::ZERO);
    // The chunk's last position; once its hold ends, the board runs.
    assert_eq!(lanes.take(0), Some(Taken::Analysis("review 3")));
    lanes.leave(0, SECOND);
    assert_eq!(lanes.take(0), None);
    lanes.set_now(start + CHUNK_HOLD);
    assert_eq!(lanes.hold_left(0), None);
    assert_eq!(lanes.take(0), Some(Taken::Analysis("board")));
}

#[test]
fn abandoned_analysis_jobs_leave_the_lane_and_give_their_places_back() {
    let mut lanes = bounded(8, 2, 4, 1);
    lanes.push_analysis_for("A", None, "gone 1").expect("room");
    lanes.push_analysis_for("A", None, "gone 2").expect("room");
    assert_eq!(lanes.push_analysis_for("A", None, "new"), Err("new"));
    lanes.push_analysis_for("B", None, "kept").expect("room");
    lanes.drop_abandoned_analysis(|job| job.starts_with("gone"));
    assert_eq!(lanes.queued(), (0, 1));
    lanes
        .push_analysis_for("A", None, "new")
        .expect("A's places are back");
}

/// Queues a cheap reply of `client`.
fn cheap(lanes: &mut TestLanes, client: &'static str, job: &'static str) {
    lanes
        .push_live_class(client, REPLY, true, job)
        .expect("room");
}

#[test]
fn a_cheap_search_goes_before_long_ones_queued_first_by_a_less_used_client() {
    let mut lanes = bounded(16, 8, 16, 1);
    charge(&mut lanes, "step1", 2 * SECOND);
    reply(&mut lanes, "fresh", "long");
    cheap(&mut lanes, "step1", "quick");
    assert_eq!(lanes.take(0), Some(Taken::Live("quick")));
    lanes.leave(0, SECOND / 100);
    assert_eq!(lanes.take(0), Some(Taken::Live("long")));
}

#[test]
fn a_cheap_search_stops_a_long_one_after_its_slice_not_the_bound() {
    let mut lanes = bounded(16, 8, 16, 1);
    let start = lanes.now;
    reply(&mut lanes, "heavy", "long");
    assert_eq!(lanes.take(0), Some(Taken::Live("long")));
    cheap(&mut lanes, "step1", "quick");
    assert_eq!(
        lanes.yield_due(),
        Vec::<usize>::new(),
        "the long search has not run its slice"
    );
    lanes.set_now(start + CHEAP_SLICE);
    assert_eq!(lanes.yield_due(), [0], "well before the 1 s bound");
    lanes.leave(0, CHEAP_SLICE);
    assert_eq!(lanes.take(0), Some(Taken::Live("quick")));
}

#[test]
fn a_cheap_search_never_stops_another_cheap_one_nor_its_own_clients() {
    let mut lanes = bounded(16, 8, 16, 1);
    let start = lanes.now;
    cheap(&mut lanes, "other", "running");
    assert_eq!(lanes.take(0), Some(Taken::Live("running")));
    cheap(&mut lanes, "step1", "quick");
    reply(&mut lanes, "self", "own-long");
    lanes.set_now(start + SECOND / 2);
    assert_eq!(
        lanes.yield_due(),
        Vec::<usize>::new(),
        "a cheap search runs"
    );
    lanes.leave(0, SECOND / 2);
    assert_eq!(lanes.take(0), Some(Taken::Live("quick")));
    lanes.leave(0, SECOND / 100);
    assert_eq!(lanes.take(0), Some(Taken::Live("own-long")));
    cheap(&mut lanes, "self", "own-quick");
    lanes.set_now(start + 2 * SECOND);
    assert_eq!(
        lanes.yield_due(),
        Vec::<usize>::new(),
        "a client's cheap search never stops its own"
    );
}
