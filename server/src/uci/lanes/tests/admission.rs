//! What a lane admits, withdraws, drops and takes back (`admission.rs`).

use super::*;

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
