//! Which search is stopped, and when (`preemption.rs`).

use super::*;

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
