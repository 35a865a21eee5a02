//! Engine time shared by the second (issue #42): recent use, aggregate shares, newcomers'
//! placement (`shares.rs`).

use super::*;

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
