//! Each move's class, recomputed from the evaluations, and the key moments and phases that follow.

use super::*;

/// The mover's expected points in a position, from its eval from white's side, as `classes.rs`
/// documents them: `(1 + winning_chances(cp)) / 2`, a mate for the mover 1, against it 0;
/// `{"mate": 0}` is a checkmate on the board, lost for the side to move (`white_to_move`).
/// Written again here, by hand, to check the server's arithmetic.
fn expected_points(white_eval: &Value, white_to_move: bool, mover_is_white: bool) -> f64 {
    let white = match (white_eval["cp"].as_f64(), white_eval["mate"].as_i64()) {
        (Some(cp), None) => (1.0 + (2.0 / (1.0 + (-0.00368208 * cp).exp()) - 1.0)) / 2.0,
        (None, Some(0)) if white_to_move => 0.0,
        (None, Some(0)) => 1.0,
        (None, Some(mate)) if mate > 0 => 1.0,
        (None, Some(_)) => 0.0,
        _ => panic!("an eval: {white_eval}"),
    };
    if mover_is_white {
        white
    } else {
        1.0 - white
    }
}

#[tokio::test]
async fn each_move_is_classed_by_expected_points_lost_and_the_key_moments_and_phases_follow() {
    let app = spawn_analysing().await;
    let game = imported(&app, SCHOLARS_MATE).await;
    request_analysis(&app, &game).await;
    let done = until_done(&app, &game.id).await;
    let plies = done["plies"].as_array().expect("plies");
    let played = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
    // Each ply's eval is of the position after it, so ply n's loss is read from plies n-1 and n
    // (ply 1's needs the start's eval, which the API does not show).
    for pair in plies.windows(2) {
        let (before, ply) = (&pair[0], &pair[1]);
        let number = ply["ply"].as_u64().expect("a ply") as usize;
        let mover_is_white = number % 2 == 1;
        // Before ply n the mover is to move; after it, the other side.
        let lost = expected_points(&before["eval"], mover_is_white, mover_is_white)
            - expected_points(&ply["eval"], !mover_is_white, mover_is_white);
        let served = ply["points_lost"].as_f64().expect("points lost");
        assert!(
            (served - lost.max(0.0)).abs() < 0.0006,
            "ply {number}: {served} served, {lost} by hand"
        );
        let class = ply["class"].as_str().expect("a class");
        let expected = if ["book", "best", "great", "miss"].contains(&class) {
            class
        } else if served <= 0.02 {
            "excellent"
        } else if served <= 0.05 {
            "good"
        } else if served <= 0.10 {
            "inaccuracy"
        } else if served <= 0.20 {
            "mistake"
        } else {
            "blunder"
        };
        assert_eq!(class, expected, "ply {number}: {ply}");
        if class == "best" || class == "great" {
            assert_eq!(
                ply["best"]["san"],
                played[number - 1],
                "the engine's move: {ply}"
            );
        }
    }
    // 1. e4 e5 2. Qh5 are named openings from the start: book.
    for ply in &plies[..3] {
        assert_eq!(ply["class"], "book", "{ply}");
    }
    // 3... Nf6?? lets Qxf7# through: from an even game to mated, everything lost.
    assert_eq!(plies[5]["class"], "blunder", "{}", plies[5]);
    assert!(plies[5]["points_lost"].as_f64().expect("lost") > 0.4);
    // Qxf7# is the engine's move, and the only one that wins (great.rs checks the rule).
    assert_eq!(plies[6]["class"], "great", "{}", plies[6]);

    let black = done["key_moments"]["black"]
        .as_array()
        .expect("black's moments");
    let swing = black
        .iter()
        .find(|m| m["kind"] == "swing")
        .expect("black's blunder is a key moment");
    assert_eq!(swing["ply"], 6);
    assert_eq!(swing["class"], "blunder");
    let last_white_book = plies
        .iter()
        .filter(|p| p["class"] == "book" && p["ply"].as_u64().is_some_and(|n| n % 2 == 1))
        .filter_map(|p| p["ply"].as_u64())
        .next_back();
    let white = done["key_moments"]["white"]
        .as_array()
        .expect("white's moments");
    let last_book = white
        .iter()
        .find(|m| m["kind"] == "last_book")
        .expect("white's last book move");
    assert_eq!(last_book["ply"], json!(last_white_book));

    // Seven plies never leave the opening: its accuracy is the game's.
    let phases = &done["phases"];
    assert_eq!(
        phases["division"],
        json!({"middlegame": null, "endgame": null})
    );
    assert_eq!(phases["opening"], done["accuracy"]);
    assert_eq!(phases["endgame"], json!({"white": null, "black": null}));
}
