//! PGN export of a game, with tags saying who played what and which opening it was, and its
//! analysis (as far as it went) written the way lichess exports analysed games:
//! `12. Nxe5? { [%eval -1.20] Mistake. Nf3 was best. }`.

use std::time::{SystemTime, UNIX_EPOCH};

use std::time::Duration;

use alphachess_engine::pgn::{self, Annotations, Comment, Nag, Tags};
use alphachess_engine::Color;

use crate::analysis::{AnalysedPly, Eval, Judgment};
use crate::games::model::players::Players;
use crate::games::model::state::GameState;
use crate::openings::opening_of;

/// The game as PGN text, tags first (`ECO` and `Opening` when the opening is known,
/// `TimeControl` always; a Chess960 game's `Variant`, `SetUp` and `FEN`, and its setup number in
/// `Chess960Position`), each analysed ply in `plies` annotated, each timed move with the
/// mover's clock after it (`[%clk 0:02:58]`, as lichess exports), and the move tree kept with
/// the game, if any, as variations around its moves.
pub fn to_pgn(state: &GameState, today: SystemTime, plies: &[AnalysedPly]) -> String {
    let mut tags = pgn::Tags::new();
    tags.set("Event", "AlphaChess game");
    tags.set("Site", "AlphaChess");
    tags.set("Date", pgn_date(today));
    tags.set("Round", "-");
    set_player_tags(
        &mut tags,
        state.player(),
        state.level().get(),
        state.players(),
    );
    if let Some(opening) = opening_of(state.game()) {
        tags.set("ECO", opening.eco.as_str());
        tags.set("Opening", opening.name.as_str());
    }
    if let Some(number) = chess960_setup(state) {
        // No PGN standard names the setup number; lichess writes none. The name is the API's
        // (`chess960_position`), so a reader of either sees the same word.
        tags.set("Chess960Position", number.to_string());
    }
    if state.is_aborted() {
        // lila's PgnDump writes `Termination "Abandoned"` for an aborted game, its Result `*`.
        tags.set("Termination", "Abandoned");
    }
    let control = state.clock().map(|clock| clock.control());
    tags.set(
        "TimeControl",
        control.map_or("-".to_owned(), |c| c.pgn_tag()),
    );
    let annotations = annotations(plies, &clocks(state));
    match state.tree() {
        None => pgn::write_annotated(&tags, state.game(), &annotations),
        // The player's side lines and comments around the game's moves, which stay the main
        // line with the review's annotations first.
        Some(tree) => {
            tags.set("Result", state.game().result().to_string());
            pgn::write_tree(&tags, &tree.around(state.game(), &annotations))
        }
    }
}

/// The setup number (0–959) of a Chess960 game that started from one of the 960 setups.
fn chess960_setup(state: &GameState) -> Option<u16> {
    let start = state.game().initial_position();
    start
        .is_chess960()
        .then(|| start.chess960_number())
        .flatten()
}

/// The `White` and `Black` tags: the PGN's own players for a game imported already over (`?`,
/// the PGN standard's "unknown", for a side it did not name), else the player and Stockfish at
/// `level`. The writer escapes `"` and `\` in them.
pub(in crate::games) fn set_player_tags(
    tags: &mut Tags,
    player: Color,
    level: impl std::fmt::Display,
    players: Option<&Players>,
) {
    for color in Color::ALL {
        let name = match players {
            Some(players) => players.name(color).unwrap_or("?").to_owned(),
            None if color == player => "Player".to_owned(),
            None => format!("Stockfish (level {level})"),
        };
        tags.set(color.fold_wb("White", "Black"), name);
    }
}

/// Each move's clock (`clocks[i]`: the mover's time after move `i`), `None` where untimed.
fn clocks(state: &GameState) -> Vec<Option<Duration>> {
    let game = state.game();
    (0..game.ply())
        .map(|index| {
            let mover = game.positions()[index].turn();
            state
                .clock()
                .and_then(|clock| clock.after_move(index + 1, mover))
        })
        .collect()
}

/// `[%clk h:mm:ss]`, whole seconds rounded down as lichess writes them.
fn clk(time: Duration) -> String {
    let secs = time.as_secs();
    format!(
        "[%clk {}:{:02}:{:02}]",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// Each analysed ply as lichess annotates it: the evaluation after the move (`[%eval 0.35]`,
/// `[%eval #-3]`; none after a checkmate, which the SAN already says), and for a judged move
/// its NAG (`?!`, `?`, `??`) and a comment naming the better move.
fn annotations(plies: &[AnalysedPly], clocks: &[Option<Duration>]) -> Annotations {
    let mut words_of: Vec<Vec<String>> = vec![Vec::new(); clocks.len()];
    let mut annotations = Annotations::new();
    for ply in plies {
        let Some(index) = ply.ply.checked_sub(1) else {
            continue;
        };
        if index >= words_of.len() {
            words_of.resize(index + 1, Vec::new());
        }
        let words = &mut words_of[index];
        if ply.eval != Eval::CHECKMATE {
            words.push(pgn_eval(ply.eval).command());
        }
        if let Some(time) = clocks.get(index).copied().flatten() {
            words.push(clk(time));
        }
        let annotation = annotations.of_move_mut(index);
        if let Some(judgment) = ply.judgment {
            let (nag, word) = match judgment {
                Judgment::Inaccuracy => (Nag::DUBIOUS, "Inaccuracy."),
                Judgment::Mistake => (Nag::MISTAKE, "Mistake."),
                Judgment::Blunder => (Nag::BLUNDER, "Blunder."),
            };
            annotation.nags.push(nag);
            words.push(word.to_owned());
            if let Some(best) = &ply.best {
                words.push(format!("{} was best.", best.san));
            }
        }
    }
    // Timed moves the analysis has not reached (or a game without one) still get their clock.
    for (index, time) in clocks.iter().enumerate() {
        if let Some(time) = time {
            let words = &mut words_of[index];
            if !words.iter().any(|word| word.starts_with("[%clk")) {
                words.push(clk(*time));
            }
        }
    }
    for (index, words) in words_of.iter().enumerate() {
        // Never holding `}`: evaluations, clocks, fixed words and SAN.
        if let Ok(comment) = Comment::new(&words.join(" ")) {
            if !words.is_empty() {
                annotations.of_move_mut(index).comments.push(comment);
            }
        }
    }
    annotations
}

/// The analysis's evaluation as the PGN `[%eval]` command writes it (both from white's side).
fn pgn_eval(eval: Eval) -> pgn::Eval {
    match eval {
        Eval::Cp(cp) => pgn::Eval::Centipawns(cp),
        Eval::Mate(moves) => pgn::Eval::Mate(moves),
    }
}

/// `YYYY.MM.DD` (UTC) as PGN dates are written.
fn pgn_date(time: SystemTime) -> String {
    let days = time
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0);
    let (year, month, day) = civil_from_days(i64::try_from(days).unwrap_or(0));
    format!("{year:04}.{month:02}.{day:02}")
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::BestMove;
    use crate::games::model::level::Level;
    use alphachess_engine::{Game, Position};
    use std::time::Duration;

    /// 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#, the player white.
    fn scholars_mate() -> GameState {
        let moves = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"];
        let game = Game::from_san_moves(Position::startpos(), moves).expect("legal");
        GameState::new(game, Color::White, Level::MAX)
    }

    #[test]
    fn an_aborted_game_is_abandoned_with_no_result_as_lila_writes_it() {
        let mut state = GameState::new(Game::default(), Color::White, Level::MAX);
        state
            .play_player_move(&"e4".parse().expect("notation"), None)
            .expect("legal");
        state.resign().expect("ongoing: resigning here aborts");
        let pgn = to_pgn(&state, UNIX_EPOCH, &[]);
        assert!(pgn.contains("[Result \"*\"]\n"), "{pgn}");
        assert!(pgn.contains("[Termination \"Abandoned\"]\n"), "{pgn}");
        let finished = to_pgn(&scholars_mate(), UNIX_EPOCH, &[]);
        assert!(!finished.contains("Termination"), "{finished}");
    }

    #[test]
    fn a_chess960_game_says_so_with_its_setup_number() {
        let start = crate::games::model::setup::chess960_start(Some(518)).expect("setup 518");
        let game = Game::from_san_moves(start, ["e4"]).expect("legal");
        let pgn = to_pgn(
            &GameState::new(game, Color::White, Level::MAX),
            UNIX_EPOCH,
            &[],
        );
        assert!(pgn.contains("[Variant \"Chess960\"]\n"), "{pgn}");
        assert!(pgn.contains("[SetUp \"1\"]\n"), "{pgn}");
        assert!(
            pgn.contains("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n"),
            "{pgn}"
        );
        assert!(pgn.contains("[Chess960Position \"518\"]\n"), "{pgn}");
        let standard = to_pgn(&scholars_mate(), UNIX_EPOCH, &[]);
        assert!(!standard.contains("Chess960"), "{standard}");
    }

    fn ply(ply: usize, eval: Eval, best: &str, judgment: Option<Judgment>) -> AnalysedPly {
        AnalysedPly {
            ply,
            eval,
            best: Some(BestMove {
                uci: String::new(),
                san: best.to_owned(),
            }),
            pv_san: vec![best.to_owned()],
            provisional: false,
            depth: Some(20),
            nodes: Some(1_000_000),
            judgment,
            class: None,
            points_lost: None,
            explanation: None,
        }
    }

    fn analysed_plies() -> Vec<AnalysedPly> {
        vec![
            ply(1, Eval::Cp(30), "e4", None),
            ply(2, Eval::Cp(35), "e5", None),
            ply(3, Eval::Cp(-20), "Nf3", Some(Judgment::Inaccuracy)),
            ply(4, Eval::Cp(-25), "Nc6", None),
            ply(5, Eval::Cp(-40), "Nf3", None),
            ply(6, Eval::Mate(1), "g6", Some(Judgment::Blunder)),
            ply(7, Eval::CHECKMATE, "Qxf7#", None),
        ]
    }

    #[test]
    fn an_analysed_game_is_exported_with_evals_nags_and_the_better_move() {
        let text = to_pgn(&scholars_mate(), UNIX_EPOCH, &analysed_plies());
        assert!(text.contains("[ECO \"C20\"]\n"), "{text}");
        assert!(
            text.contains("[Opening \"King's Pawn Game: Wayward Queen Attack\"]\n"),
            "{text}"
        );
        let movetext = text.split("\n\n").nth(1).expect("movetext after the tags");
        assert_eq!(
            movetext.split_whitespace().collect::<Vec<_>>().join(" "),
            "1. e4 { [%eval 0.30] } 1... e5 { [%eval 0.35] } 2. Qh5?! { [%eval -0.20] \
             Inaccuracy. Nf3 was best. } 2... Nc6 { [%eval -0.25] } 3. Bc4 { [%eval -0.40] } \
             3... Nf6?? { [%eval #1] Blunder. g6 was best. } 4. Qxf7# 1-0"
        );
    }

    #[test]
    fn the_export_reads_back_unchanged_and_writes_again_to_the_same_text() {
        let state = scholars_mate();
        for plies in [analysed_plies(), analysed_plies()[..3].to_vec(), Vec::new()] {
            let text = to_pgn(&state, UNIX_EPOCH, &plies);
            let read = pgn::read_game(&text).expect("the export reads");
            assert_eq!(read.game.moves(), state.game().moves());
            let written = annotations(&plies, &[]);
            for ply in 0..state.game().ply() {
                assert_eq!(
                    read.annotations.of_move(ply),
                    written.of_move(ply),
                    "move {ply}"
                );
            }
            assert!(read.annotations.before.is_empty());
            assert_eq!(
                pgn::write_annotated(&read.tags, &read.game, &read.annotations),
                text
            );
        }
    }

    #[test]
    fn a_finished_pgn_is_exported_with_its_own_players_escaped() {
        let mate = "[White \"Anna \\\"the Rook\\\" Berg\"]\n\n1. f3 e5 2. g4 Qh4# 0-1";
        let imported = crate::games::model::setup::import_pgn(mate).expect("imports");
        let state =
            GameState::new(imported.game, Color::White, Level::MAX).with_players(imported.players);
        let text = to_pgn(&state, UNIX_EPOCH, &[]);
        assert!(
            text.contains("[White \"Anna \\\"the Rook\\\" Berg\"]\n[Black \"?\"]\n"),
            "{text}"
        );
        assert!(
            !text.contains("Stockfish") && !text.contains("Player"),
            "{text}"
        );
        let read = pgn::read_game(&text).expect("the export reads");
        assert_eq!(read.tags.get("White"), Some("Anna \"the Rook\" Berg"));
        let played = to_pgn(&scholars_mate(), UNIX_EPOCH, &[]);
        assert!(
            played.contains("[White \"Player\"]\n[Black \"Stockfish (level 21)\"]\n"),
            "{played}"
        );
    }

    #[test]
    fn dates_are_written_as_pgn_wants() {
        assert_eq!(pgn_date(UNIX_EPOCH), "1970.01.01");
        // 2024-02-29 12:00 UTC.
        let leap_day = UNIX_EPOCH + Duration::from_secs(1_709_208_000);
        assert_eq!(pgn_date(leap_day), "2024.02.29");
        // 2000-03-01 00:00 UTC.
        assert_eq!(
            pgn_date(UNIX_EPOCH + Duration::from_secs(951_868_800)),
            "2000.03.01"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_timed_game_is_exported_with_its_time_control_and_clocks() {
        use crate::games::model::clock::TimeControl;
        use tokio::time::advance;
        let control = TimeControl::from_secs(180, 2).expect("in range");
        let mut state =
            GameState::new(Game::default(), Color::White, Level::MAX).with_clock(Some(control));
        for (player, thinking, reply) in [("e4", 3, "e7e5"), ("Nf3", 1, "b8c6")] {
            state
                .play_player_move(&player.parse().expect("SAN"), None)
                .expect("legal");
            let turn = state.begin_engine_turn(true).expect("engine to move");
            advance(Duration::from_secs(thinking)).await;
            let m = reply
                .parse::<alphachess_engine::UciMove>()
                .expect("UCI")
                .to_move(state.game().position())
                .expect("legal");
            state.apply_engine_reply(turn.version, m).expect("applies");
            advance(Duration::from_secs(62)).await;
        }
        let text = to_pgn(&state, UNIX_EPOCH, &[]);
        assert!(text.contains("[TimeControl \"180+2\"]\n"), "{text}");
        let movetext = text.split("\n\n").nth(1).expect("movetext after the tags");
        assert_eq!(
            movetext.split_whitespace().collect::<Vec<_>>().join(" "),
            "1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:02:59] } 2. Nf3 { [%clk 0:02:00] } \
             2... Nc6 { [%clk 0:03:00] } *"
        );
        let read = pgn::read_game(&text).expect("the export reads");
        assert_eq!(read.game.moves(), state.game().moves());
        let untimed = to_pgn(&scholars_mate(), UNIX_EPOCH, &[]);
        assert!(untimed.contains("[TimeControl \"-\"]\n"), "{untimed}");
    }
}
