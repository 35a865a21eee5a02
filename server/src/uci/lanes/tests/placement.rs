//! Which job a worker takes next (`placement.rs`).

use super::*;

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
fn a_cheap_search_goes_before_long_ones_queued_first_by_a_less_used_client() {
    let mut lanes = bounded(16, 8, 16, 1);
    charge(&mut lanes, "step1", 2 * SECOND);
    reply(&mut lanes, "fresh", "long");
    cheap(&mut lanes, "step1", "quick");
    assert_eq!(lanes.take(0), Some(Taken::Live("quick")));
    lanes.leave(0, SECOND / 100);
    assert_eq!(lanes.take(0), Some(Taken::Live("long")));
}
