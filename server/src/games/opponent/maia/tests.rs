//! Maia's choice of a move, against the shipped 1100 network and hand-made positions.

use super::*;
use alphachess_engine::{Game, UciMove};
use alphachess_maia::Network;

use crate::games::opponent::en_prise::tests::{mv, position, PINNED_PAWN};
use crate::games::opponent::en_prise::{free_material, left_en_prise, MATE};

fn network() -> Network {
    Network::load(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/maia/maia-1100.pb.gz"
    ))
    .expect("the shipped network")
}

/// The standard game after `moves`, UCI words separated by spaces.
fn game(moves: &str) -> Game {
    alphachess_testkit::game_after(&moves.split_whitespace().collect::<Vec<_>>())
}

#[test]
fn names_read_back_as_they_print() {
    for name in [
        "maia1100@t1.5",
        "maia1900",
        "maia1300@t1.0",
        "maia1100@t2.25",
        "maia1100@t1.0@b300",
        "maia1100@b1000",
        "maia1100@t2.0@b1000@s2",
        "maia1100@t1.0@b400@g",
        "maia1100@t1.0@b1000@s2@g",
        "maia1100@t1.0@g",
    ] {
        let step: Maia = name.parse().expect(name);
        assert_eq!(step.to_string(), name);
    }
    assert!("maia1000".parse::<Maia>().is_err());
    assert!("maia1100@t0".parse::<Maia>().is_err());
    assert!("skill0".parse::<Maia>().is_err());
    for wrong in [
        "maia1100@b0",
        "maia1100@b1001",
        "maia1100@b300@t1.0",
        "maia1100@b",
        "maia1100@g@t1.0",
        "maia1100@t1.0@gg",
    ] {
        assert!(wrong.parse::<Maia>().is_err(), "{wrong}");
    }
    let step: Maia = "maia1100@t1.0@b300".parse().expect("a step");
    assert_eq!(
        (step.temperature, step.blunders, step.plausible),
        (100, 300, 5)
    );
    let step: Maia = "maia1100@b1000@s2".parse().expect("a step");
    assert_eq!(
        (step.temperature, step.blunders, step.plausible),
        (0, 1000, 2)
    );
}

#[test]
fn the_candidates_are_the_likely_moves_and_every_draw_is_one_of_them() {
    let policy = network().policy(&game("e2e4 e7e5 g1f3"));
    let candidates = Maia::candidates(&policy);
    assert!((1..=Maia::CANDIDATES).contains(&candidates.len()));
    assert_eq!(candidates[0], policy[0]);
    assert!(candidates[1..].iter().all(|&(_, p)| p >= Maia::MIN_SHARE));
    let hot: Maia = "maia1100@t3.0".parse().expect("a step");
    let drawn: std::collections::HashSet<Move> = (0..200)
        .map(|ply| hot.choose(&candidates, 7, ply).expect("a move"))
        .collect();
    assert!(drawn
        .iter()
        .all(|m| candidates.iter().any(|&(c, _)| c == *m)));
    assert!(drawn.len() > 1, "a hot step draws more than the best move");
    assert_eq!(hot.choose(&candidates, 7, 3), hot.choose(&candidates, 7, 3));
    let argmax: Maia = "maia1100".parse().expect("a step");
    assert!((0..50).all(|ply| argmax.choose(&candidates, 5, ply) == Some(candidates[0].0)));
}

#[test]
fn a_free_queen_is_the_only_candidate_and_always_taken() {
    // 4...Qxe4+?? puts Black's queen where the knight on c3 takes it for nothing.
    let game = game("e2e4 e7e5 g1f3 d8f6 b1c3 f6f4 d2d4 f4e4");
    let policy = network().policy(&game);
    let candidates = Maia::candidates(&policy);
    let take = "c3e4".parse::<UciMove>().expect("uci");
    assert_eq!(candidates[0].0.to_uci(), take, "{candidates:?}");
    let hot: Maia = "maia1100@t2.0".parse().expect("a step");
    let taken = (0..100)
        .filter(|&ply| hot.choose(&candidates, 11, ply).map(|m| m.to_uci()) == Some(take))
        .count();
    assert!(taken >= 90, "the queen was taken {taken} times of 100");
}

#[test]
fn a_blundering_step_takes_a_free_queen() {
    let game = game("e2e4 e7e5 g1f3 d8f6 b1c3 f6f4 d2d4 f4e4");
    let policy = network().policy(&game);
    let take = "c3e4".parse::<UciMove>().expect("uci");
    let step: Maia = "maia1100@t1.0@b1000".parse().expect("a step");
    let taken = (0..100)
        .filter_map(|seed| step.pick(game.position(), &policy, seed, 8))
        .filter(|pick| pick.played.to_uci() == take)
        .count();
    assert!(taken >= 90, "the queen was taken {taken} times of 100");
}

#[test]
fn a_blundering_step_blunders_at_its_rate_with_a_move_the_network_gives() {
    // 4.Ng5 aims at f7 twice: 4...Nxe4?! (2.5 % of the band) grabs a pawn and leaves more.
    let game = game("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 f3g5");
    let policy = network().policy(&game);
    let position = game.position();
    let wrong = blunder(position, &policy, PLAUSIBLE).expect("a plausible move overlooks Ng5");
    let step: Maia = "maia1100@t1.0@b300".parse().expect("a step");
    let picks: Vec<MaiaMove> = (0..2000)
        .map(|seed| step.pick(position, &policy, seed, 7).expect("a move"))
        .collect();
    let blunders = picks.iter().filter(|pick| pick.blunder).count();
    assert!(
        (520..680).contains(&blunders),
        "{blunders} blunders in 2000"
    );
    for pick in &picks {
        assert!(pick.candidates.iter().any(|&(m, _)| m == pick.played));
        assert!(pick.candidates.len() <= Maia::CANDIDATES);
        let given = policy.iter().find(|&&(m, _)| m == pick.played);
        assert!(given.is_some_and(|&(_, p)| p >= 0.005), "{pick:?}");
    }
    assert!(picks
        .iter()
        .filter(|p| p.blunder)
        .all(|p| p.played == wrong.0));
    // The same step without blunders never plays it unless its draw does.
    let calm: Maia = "maia1100@t1.0".parse().expect("a step");
    assert!((0..2000).all(|seed| !calm
        .pick(position, &policy, seed, 7)
        .expect("a move")
        .blunder));
    assert_eq!(
        step.pick(position, &policy, 9, 7),
        step.pick(position, &policy, 9, 7)
    );
}

#[test]
fn a_step_that_takes_free_material_always_takes_a_free_queen() {
    // 9.a3?? Qa4: the knight on c3 takes the queen for nothing, yet half of the band take
    // the bishop on b4 instead (axb4 is the second candidate).
    let game = game(
        "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 d2d4 g8f6 g1f3 c8g4 f1e2 e7e6 c1d2 f8b4 e1g1 b8c6 \
         a2a3 a5a4",
    );
    let policy = network().policy(&game);
    let take = "c3a4".parse::<UciMove>().expect("uci");
    let taken = |name: &str| {
        let step: Maia = name.parse().expect("a step");
        (0..200)
            .map(|seed| {
                step.pick(game.position(), &policy, seed, 18)
                    .expect("a move")
            })
            .inspect(|pick| {
                assert!(pick.candidates.iter().any(|&(m, _)| m == pick.played));
            })
            .filter(|pick| pick.played.to_uci() == take)
            .count()
    };
    for drawing in ["maia1100@t1.0", "maia1100@t3.0@b1000"] {
        let missed = 200 - taken(drawing);
        assert!(
            missed >= 20,
            "{drawing} left the queen {missed} times of 200"
        );
    }
    for greedy in [
        "maia1100@t1.0@g",
        "maia1100@t3.0@b1000@g",
        "maia1100@t1.0@b800@g",
    ] {
        assert_eq!(taken(greedy), 200, "{greedy}");
    }
}

#[test]
fn the_blunder_is_the_most_likely_plausible_move_that_leaves_material() {
    let p = position(PINNED_PAWN);
    let policy = [
        (mv(&p, "b1c3"), 0.6),
        (mv(&p, "e2e3"), 0.2),
        (mv(&p, "e2e4"), 0.1),
    ];
    assert_eq!(blunder(&p, &policy, PLAUSIBLE), Some(policy[1]));
    // A move hardly anyone of the band makes is never the blunder.
    let implausible = [(mv(&p, "b1c3"), 0.99), (mv(&p, "e2e3"), 0.004)];
    assert_eq!(blunder(&p, &implausible, PLAUSIBLE), None);
    assert_eq!(blunder(&p, &implausible, 4), Some(implausible[1]));
}

#[test]
fn the_blunder_loses_the_most_and_a_mate_in_one_most_of_all() {
    // 1.f3 e5: 2.g4?? allows Qh4#; 2.e3?? leaves nothing; 2.Nc3 nothing.
    let p = position("rnbqkbnr/pppp1ppp/8/4p3/8/5P2/PPPPP1PP/RNBQKBNR w KQkq - 0 2");
    assert_eq!(left_en_prise(&p, mv(&p, "g2g4")), MATE);
    let policy = [
        (mv(&p, "e2e4"), 0.5),
        (mv(&p, "g2g4"), 0.05),
        (mv(&p, "b1c3"), 0.04),
    ];
    assert_eq!(blunder(&p, &policy, PLAUSIBLE), Some(policy[1]));
    // Of two moves that leave the queen to the bishop, the more likely.
    let q = position(PINNED_PAWN);
    let policy = [
        (mv(&q, "b1c3"), 0.6),
        (mv(&q, "e2e4"), 0.2),
        (mv(&q, "e2e3"), 0.1),
    ];
    assert_eq!(blunder(&q, &policy, PLAUSIBLE), Some(policy[1]));
}

#[test]
fn free_material_stops_a_blunder() {
    // As above, and Black's knight on a3 is free for the b-pawn or the knight on b1.
    let p = position("r2qkbnr/ppp1pppp/8/3p4/6b1/n7/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(free_material(&p), 3);
    let policy = [(mv(&p, "e2e3"), 0.5), (mv(&p, "b2a3"), 0.4)];
    assert_eq!(left_en_prise(&p, mv(&p, "e2e3")), 6);
    assert_eq!(blunder(&p, &policy, PLAUSIBLE), None);
}

#[test]
fn free_capture_wins_the_most_net_of_what_it_leaves() {
    // Black's queen on h4 hangs to the knight on f3, the knight on a3 to the b-pawn: the
    // queen is taken, however less likely.
    let p = position("r1b1kbnr/pppp1ppp/8/4p3/7q/n4N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1");
    assert_eq!(free_material(&p), 9);
    let policy = [(mv(&p, "b2a3"), 0.7), (mv(&p, "f3h4"), 0.2)];
    assert_eq!(free_capture(&p, &policy), Some(policy[1]));
    // Nothing free: nothing to take.
    let q = position(PINNED_PAWN);
    assert_eq!(free_capture(&q, &[(mv(&q, "b1c3"), 1.0)]), None);
    // A capture outside the policy given is still found, with probability 0.
    assert_eq!(
        free_capture(&p, &[(mv(&p, "b2a3"), 1.0)]),
        Some((mv(&p, "f3h4"), 0.0))
    );
}
