//! Whole games at the prompt.

use alphachess_engine::{pgn, Color, GameResult, Position};

use crate::helpers::{alphachess, lines_from, saved_ids, spawn_server};

/// White to play and mate in one with Rd8#.
const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";

#[test]
fn a_mate_in_one_from_a_fen_ends_the_game_and_the_pgn_file_records_it() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a config folder");
    let pgn_file = home.path().join("won.pgn");
    let script = format!("Rd8#\npgn {}\nquit\n", pgn_file.display());
    let run = alphachess(
        &[
            "play",
            "--server",
            &server.url,
            "--fen",
            BACK_RANK,
            "--ascii",
        ],
        &script,
        home.path(),
    );
    run.assert_success();
    let out = &run.stdout;

    let board_before = [
        "   a  b  c  d  e  f  g  h ",
        "8  .  .  .  .  .  .  k  .  8",
        "7  .  .  .  .  .  p  p  p  7",
    ];
    assert_eq!(lines_from(out, board_before[0], 3), board_before);
    assert!(out.contains("Your move (white)."), "{out}");
    // The rook's move marked on both squares, the mated king marked too.
    let after = lines_from(out, "8  .  .  . [R] .  . !k! .  8", 12);
    assert_eq!(
        after,
        [
            "8  .  .  . [R] .  . !k! .  8",
            "7  .  .  .  .  .  p  p  p  7",
            "6  .  .  .  .  .  .  .  .  6",
            "5  .  .  .  .  .  .  .  .  5",
            "4  .  .  .  .  .  .  .  .  4",
            "3  .  .  .  .  .  .  .  .  3",
            "2  .  .  .  .  .  P  P  P  2",
            "1  .  .  . [.] .  .  K  .  1",
            "   a  b  c  d  e  f  g  h ",
            "",
            "1. Rd8#",
            "Game over. 1-0: white wins by checkmate; you win.",
        ]
    );
    assert!(
        !out.contains("Stockfish plays"),
        "no reply after mate: {out}"
    );
    assert!(
        out.contains(&format!("PGN written to {}.", pgn_file.display())),
        "{out}"
    );
    assert!(!out.contains("alphachess resume"), "a finished game: {out}");

    let text = std::fs::read_to_string(&pgn_file).expect("the PGN file");
    let game = pgn::read_game(&text).expect("a PGN the engine crate reads");
    assert_eq!(game.result, GameResult::WhiteWins);
    assert_eq!(game.game.moves().len(), 1);
    assert!(game.game.position().is_checkmate());
    assert_eq!(game.tags.get("FEN"), Some(BACK_RANK));
    assert_eq!(game.tags.get("White"), Some("Player"));

    let id = out
        .split_whitespace()
        .skip_while(|word| *word != "game")
        .nth(1)
        .expect("the new game's id is shown");
    assert_eq!(saved_ids(home.path()), [id]);
}

/// As in the browser, whose "Show evaluation" is off by default: the thinking line says how deep
/// Stockfish searches, not what it found, until `eval` asks for it.
#[test]
fn the_evaluation_is_hidden_unless_asked_for() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a config folder");
    let run = alphachess(
        &["play", "--server", &server.url, "--level", "9", "--ascii"],
        "e4\neval\nd4\nquit\n",
        home.path(),
    );
    run.assert_success();
    let out = &run.stdout;
    let thinking: Vec<&str> = out
        .lines()
        .filter(|line| line.contains("Stockfish: depth "))
        .collect();
    assert_eq!(thinking.len(), 2, "one line per reply: {out}");
    assert!(!thinking[0].contains("eval"), "hidden by default: {out}");
    assert!(!thinking[0].contains("line"), "hidden by default: {out}");
    assert!(out.contains("evaluation and line are shown"), "{out}");
    assert!(thinking[1].contains(", eval "), "shown once asked: {out}");
}

#[test]
fn stockfish_replies_with_its_thinking_shown_and_every_command_answers() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a config folder");
    // Ke2 is illegal at the start (a pawn stands there); undo goes back to it.
    // a3 and h3 (legal whatever Stockfish answers) before the draw offer and the resignation:
    // before two moves each no draw is offered and resigning aborts the game.
    let script =
        "e4\nfen\nundo\nKe2\nNf9x\nhint\na3\nh3\ndraw\nhelp\nflip\nundo twice\nresign\nquit\n";
    let run = alphachess(
        &[
            "play",
            "--server",
            &server.url,
            "--level",
            // Step 9, the weakest step Stockfish plays (steps 1-8 are Maia's).
            "9",
            "--ascii",
            "--eval",
        ],
        script,
        home.path(),
    );
    run.assert_success();
    let out = &run.stdout;
    let position = |needle: &str| {
        out.find(needle)
            .unwrap_or_else(|| panic!("{needle:?} missing from:\n{out}"))
    };

    // The search's last line from the live stream, then the reply, then the board.
    let thinking = position("Stockfish: depth ");
    let reply = position("Stockfish plays ");
    assert!(thinking < reply, "{out}");
    let line = out[thinking..].lines().next().expect("a line");
    assert!(line.contains(", eval "), "{line}");
    assert!(position("\n1. e4 ") > reply, "the move list: {out}");
    let fen = lines_from(out, "> fen", 2)[1];
    let after_reply = Position::from_fen(fen).expect("a FEN the engine crate reads");
    assert_eq!(after_reply.fullmove_number(), 2, "{fen}");
    assert_eq!(after_reply.turn(), Color::White, "{fen}");

    assert!(out.contains("Took back your last move."), "{out}");
    assert!(
        out.contains("Illegal move Ke2: no king can go to e2.\nLegal moves: Na3 Nc3 Nf3 Nh3 a3 "),
        "the illegal move's alternatives: {out}"
    );
    assert!(out.contains("Type a move such as Nf3 or g1f3"), "{out}");
    assert!(out.contains("Stockfish suggests "), "{out}");
    // Level 1 at move 2 in a live position: the offer is declined, with the server's reason.
    assert!(out.contains("Stockfish declines: "), "{out}");
    assert!(out.contains("pgn [FILE]  print the game as PGN"), "{out}");
    // Flipped: black at the bottom, files from h to a.
    let flipped = lines_from(out, "   h  g  f  e  d  c  b  a ", 2);
    assert_eq!(flipped[1], "1  R  N  B  K  Q  B  N  R  1");
    assert!(out.contains("`undo` takes no argument"), "{out}");
    assert!(
        out.contains("Game over. 0-1: black wins by resignation; you lose."),
        "{out}"
    );
}

#[test]
fn playing_black_puts_black_at_the_bottom_after_stockfishs_first_move() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a config folder");
    let run = alphachess(
        &[
            "play",
            "--server",
            &server.url,
            "--color",
            "black",
            "--level",
            "1",
        ],
        "quit\n",
        home.path(),
    );
    run.assert_success();
    let out = &run.stdout;
    let board = lines_from(out, "   h  g  f  e  d  c  b  a ", 10);
    assert!(
        board[1].starts_with("1  ♖  ♘  ♗  ♔  ♕") || board[1].contains('['),
        "{out}"
    );
    assert_eq!(board[8], "8  ♜  ♞  ♝  ♚  ♛  ♝  ♞  ♜  8");
    assert!(out.contains("\n1. "), "Stockfish's first move: {out}");
    assert!(out.contains("Your move (black)."), "{out}");
    assert!(
        out.contains("continue it with `alphachess resume "),
        "{out}"
    );
    assert!(!out.contains('\x1b'), "no colours off a terminal: {out:?}");
}

/// Chess960, kings on b1/b8 and rooks in the corners: both castlings are open to White.
const CHESS960_KINGS_ON_B: &str = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1";

#[test]
fn a_chess960_game_castles_with_o_o_or_the_king_onto_its_rook() {
    let server = spawn_server();
    for castling in ["O-O", "b1h1"] {
        let home = tempfile::tempdir().expect("a config folder");
        let script = format!("{castling}\nfen\nquit\n");
        let run = alphachess(
            &[
                "play",
                "--server",
                &server.url,
                "--chess960",
                "--fen",
                CHESS960_KINGS_ON_B,
                "--ascii",
            ],
            &script,
            home.path(),
        );
        run.assert_success();
        let out = &run.stdout;
        assert!(out.contains("1. O-O"), "{castling}: {out}");
        let fen = lines_from(out, "> fen", 2)[1];
        let after = Position::from_fen(fen).expect("a FEN the engine crate reads");
        assert!(
            fen.split(' ').next().expect("a board").ends_with("/R4RK1"),
            "{castling}: king g1, rook f1: {fen}"
        );
        assert_eq!(after.turn(), Color::White, "Stockfish replied: {fen}");
    }
}

#[test]
fn a_chess960_game_from_a_setup_number_starts_there() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a config folder");
    let run = alphachess(
        &[
            "play",
            "--server",
            &server.url,
            "--chess960",
            "--position",
            "0",
            "--ascii",
        ],
        "fen\nquit\n",
        home.path(),
    );
    run.assert_success();
    let fen = lines_from(&run.stdout, "> fen", 2)[1];
    assert!(
        fen.starts_with("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w"),
        "{fen}"
    );
}

#[test]
fn a_finished_pgn_opens_as_its_players_game_unrated_and_exports_their_names() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a config folder");
    let game_file = home.path().join("mate.pgn");
    std::fs::write(
        &game_file,
        "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    )
    .expect("written");
    let pgn_file = home.path().join("export.pgn");
    let script = format!("pgn {}\nquit\n", pgn_file.display());
    let run = alphachess(
        &[
            "play",
            "--server",
            &server.url,
            "--pgn",
            game_file.to_str().expect("UTF-8"),
            "--ascii",
        ],
        &script,
        home.path(),
    );
    run.assert_success();
    let out = &run.stdout;
    assert!(
        out.contains("from a finished PGN, Anna (white) – Ben (black)."),
        "{out}"
    );
    assert!(
        out.contains("Game over. 0-1: Ben (black) wins by checkmate."),
        "{out}"
    );
    assert!(
        !out.contains("you lose") && !out.contains("Your rating"),
        "{out}"
    );
    let text = std::fs::read_to_string(&pgn_file).expect("the PGN file");
    let game = pgn::read_game(&text).expect("a PGN the engine crate reads");
    assert_eq!(game.tags.get("White"), Some("Anna"));
    assert_eq!(game.tags.get("Black"), Some("Ben"));
}

#[test]
fn resigning_before_two_moves_each_aborts_the_game_with_no_rating_and_no_review() {
    let server = spawn_server();
    let home = tempfile::tempdir().expect("a config folder");
    let run = alphachess(
        &["play", "--server", &server.url, "--level", "1", "--ascii"],
        "e4\nresign\nquit\n",
        home.path(),
    );
    run.assert_success();
    let out = &run.stdout;
    assert!(
        out.contains(
            "Game over. The game was aborted (it ended before each side made two moves): \
             no result, not rated, no review."
        ),
        "{out}"
    );
    assert!(!out.contains("wins by resignation"), "{out}");
    assert!(
        !out.contains("Your rating"),
        "an aborted game is not rated: {out}"
    );

    let id = saved_ids(home.path()).pop().expect("the game is saved");
    let review = alphachess(&["review", &id, "--ascii"], "", home.path());
    review.assert_success();
    assert!(
        review
            .stdout
            .contains("The game was aborted before each side made two moves: it has no review."),
        "{review:#?}"
    );
    let list = alphachess(&["list"], "", home.path());
    assert!(list.stdout.contains("aborted"), "{list:#?}");
}
