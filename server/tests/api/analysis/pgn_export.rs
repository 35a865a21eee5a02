//! The annotated PGN export of a reviewed game.

use alphachess_engine::pgn::{self, Nag};

use super::*;

#[tokio::test]
async fn the_pgn_carries_the_opening_the_evals_and_the_judgments_and_reads_back_unchanged() {
    let app = spawn_analysing().await;
    let game = imported(&app, SCHOLARS_MATE).await;
    let plain = app.pgn(&game.id).await;
    assert!(plain.contains("[ECO \"C20\"]\n"), "{plain}");
    assert!(
        plain.contains("[Opening \"King's Pawn Game: Wayward Queen Attack\"]\n"),
        "{plain}"
    );
    assert!(!plain.contains("%eval"), "no analysis yet: {plain}");

    request_analysis(&app, &game).await;
    let done = until_done(&app, &game.id).await;
    let text = app.pgn(&game.id).await;
    let best = done["plies"][5]["best"]["san"]
        .as_str()
        .expect("a best move");
    // Compared with the lines joined: where the export wraps depends on which earlier moves
    // carry a comment (since issue #38 the book move 2. Qh5 has none).
    let joined = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        joined.contains(&format!(
            "3... Nf6?? {{ [%eval #1] Blunder. {best} was best. }}"
        )),
        "{text}"
    );
    assert!(text.contains("4. Qxf7# 1-0"), "{text}");

    let read = pgn::read_game(&text).expect("the export reads");
    let original = pgn::read_game(SCHOLARS_MATE).expect("the game reads");
    assert_eq!(read.game.moves(), original.game.moves());
    assert_eq!(read.tags.get("ECO"), Some("C20"));
    let nf6 = read.annotations.of_move(5).expect("Nf6 is annotated");
    assert_eq!(nf6.nags, [Nag::BLUNDER]);
    for (index, ply) in done["plies"].as_array().expect("plies").iter().enumerate() {
        let annotation = read.annotations.of_move(index);
        let eval = annotation
            .and_then(|a| a.comments.first())
            .and_then(pgn::Eval::from_comment);
        let expected = match (ply["eval"]["cp"].as_i64(), ply["eval"]["mate"].as_i64()) {
            (Some(cp), _) => Some(pgn::Eval::Centipawns(cp as i32)),
            (_, Some(0)) => None,
            (_, Some(mate)) => Some(pgn::Eval::Mate(mate as i32)),
            _ => panic!("an eval: {ply}"),
        };
        assert_eq!(eval, expected, "ply {}", index + 1);
    }
    assert_eq!(
        pgn::write_annotated(&read.tags, &read.game, &read.annotations),
        text,
        "writing what was read gives the same text"
    );
}
