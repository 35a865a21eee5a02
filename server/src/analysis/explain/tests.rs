//! The rules, case by case, on positions where each holds or does not.

use super::*;
use alphachess_engine::UciMove;

/// The game after `moves`, and the moves of `line` from its position, as UCI texts.
fn at(fen: &str, line: &[&str]) -> (Position, Vec<Move>) {
    let position: Position = fen.parse().expect("a FEN");
    let mut walk = position.clone();
    let moves = line
        .iter()
        .map(|text| {
            let uci: UciMove = text.parse().expect("UCI");
            let m = uci.to_move(&walk).expect("legal");
            walk.play(m).expect("legal");
            m
        })
        .collect();
    (position, moves)
}

fn explained(fen: &str, played: &str, best: &[&str], reply: &[&str]) -> Option<Explanation> {
    let (before, played) = at(fen, &[played]);
    let (_, best_line) = at(fen, best);
    let mut after = before.clone();
    after.play(played[0]).expect("legal");
    let (_, reply_line) = at(&after.to_fen(), reply);
    explain(&MoveFacts {
        ply: 10,
        before: &before,
        played: played[0],
        best_line: &best_line,
        reply_line: &reply_line,
    })
}

/// [`explained`] with the plain statements as the last resort.
fn stated(fen: &str, played: &str, best: &[&str], reply: &[&str]) -> Option<Explanation> {
    let (before, played) = at(fen, &[played]);
    let (_, best_line) = at(fen, best);
    let mut after = before.clone();
    after.play(played[0]).expect("legal");
    let (_, reply_line) = at(&after.to_fen(), reply);
    explain_every(&MoveFacts {
        ply: 10,
        before: &before,
        played: played[0],
        best_line: &best_line,
        reply_line: &reply_line,
    })
}

#[test]
fn a_move_that_lets_a_mate_in_one_through_says_so_with_the_mate() {
    // Scholar's mate: 3... Nf6?? allows Qxf7#.
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3";
    let explanation = explained(fen, "g8f6", &["g7g6"], &["h5f7"]).expect("a sentence");
    assert_eq!(explanation.kind, ExplanationKind::AllowsMate);
    assert_eq!(explanation.sentence, "Allows mate in 1: Qxf7#.");
    assert_eq!(explanation.line, ["Qxf7#"]);
    assert_eq!(explanation.from_ply, 10);
}

#[test]
fn a_mate_in_two_allowed_is_named_with_the_engine_s_line() {
    // Ka8 walks into Stockfish 15.1's mate in 2 (its line: b1e4 a8b8 e4b7).
    let fen = "1k6/8/1K6/8/8/8/8/1Q6 b - - 0 1";
    let explanation =
        explained(fen, "b8a8", &["b8c8"], &["b1e4", "a8b8", "e4b7"]).expect("a sentence");
    assert_eq!(explanation.kind, ExplanationKind::AllowsMate);
    assert_eq!(explanation.sentence, "Allows mate in 2: Qe4+ Kb8 Qb7#.");
    // An engine line that does not end in the mate proves nothing: no sentence.
    let wrong = explained(fen, "b8a8", &["b8c8"], &["b1e4", "a8b8", "e4e5"]);
    assert_eq!(wrong, None);
}

#[test]
fn a_piece_left_to_be_taken_is_named_with_its_square_and_the_capture() {
    // White's knight on f3 has no defender once g2 moves: Bxf3 wins it.
    let fen = "6k1/5ppp/8/8/6b1/5N2/5PPP/6K1 w - - 0 1";
    let explanation = explained(fen, "g2g3", &["f3e5"], &["g4f3"]).expect("a sentence");
    assert_eq!(explanation.kind, ExplanationKind::HangsPiece);
    assert_eq!(
        explanation.sentence,
        "Hangs the knight on f3: Bxf3 wins it."
    );
    assert_eq!(explanation.line, ["Bxf3"]);
}

#[test]
fn a_piece_taken_and_won_back_is_no_hanging_piece() {
    // The knight on f3 is defended by the g2 pawn: Bxf3 gxf3 is an even trade.
    let fen = "6k1/5ppp/8/8/6b1/5N2/5PPP/6K1 w - - 0 1";
    let explanation = explained(fen, "h2h3", &["h2h3"], &["g4f3", "g2f3"]);
    assert_eq!(explanation, None);
}

#[test]
fn a_capture_that_wins_a_piece_missed_is_named() {
    // Black's knight on e5 hangs to white's d4 pawn; white plays a quiet move instead.
    let fen = "6k1/5ppp/8/4n3/3P4/8/5PPP/6K1 w - - 0 1";
    let explanation = explained(fen, "h2h3", &["d4e5"], &["e5c4"]).expect("a sentence");
    assert_eq!(explanation.kind, ExplanationKind::MissesMaterial);
    assert_eq!(
        explanation.sentence,
        "Misses dxe5, which wins 3 points of material: dxe5."
    );
    assert_eq!(explanation.from_ply, 9);
}

#[test]
fn a_missed_mate_in_one_is_named_and_a_move_that_still_mates_is_not() {
    let fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let missed = explained(fen, "g1f1", &["a1a8"], &["g8f8"]).expect("a sentence");
    assert_eq!(missed.kind, ExplanationKind::MissesMate);
    assert_eq!(missed.sentence, "Misses mate in 1: Ra8#.");
    // The mate itself: nothing missed, nothing said.
    assert_eq!(explained(fen, "a1a8", &["a1a8"], &[]), None);
}

#[test]
fn a_knight_fork_allowed_is_named_with_its_targets() {
    // Black ignores the knight on d5: Nc7+ forks the king on e8 and the rook on a8.
    let fen = "r3k3/7p/8/3N4/8/8/8/6K1 b - - 0 1";
    let explanation =
        explained(fen, "h7h6", &["a8a5"], &["d5c7", "e8d7", "c7a8"]).expect("a sentence");
    assert_eq!(explanation.kind, ExplanationKind::AllowsFork);
    assert_eq!(
        explanation.sentence,
        "Allows a fork: Nc7+ attacks the king and the rook on a8: Nc7+ Kd7 Nxa8."
    );
}

#[test]
fn a_check_that_attacks_one_piece_only_is_no_fork() {
    // Nc7+ with no rook on a8: one target, no material won.
    let fen = "4k3/7p/8/3N4/8/8/8/6K1 b - - 0 1";
    assert_eq!(explained(fen, "h7h6", &["e8f7"], &["d5c7", "e8d7"]), None);
}

#[test]
fn a_skewer_of_the_king_and_the_queen_is_named() {
    // Black's king e5 in front of its queen e8 on the e-file: h6?? lets Re1+ skewer them.
    let fen = "4q3/7p/8/4k3/8/8/8/R5K1 b - - 0 1";
    let explanation =
        explained(fen, "h7h6", &["e5d5"], &["a1e1", "e5d6", "e1e8"]).expect("a sentence");
    assert_eq!(explanation.kind, ExplanationKind::AllowsSkewer);
    assert_eq!(
        explanation.sentence,
        "Allows a skewer: Re1+ attacks the king and the queen on e8 behind it: Re1+ Kd6 Rxe8."
    );
}

#[test]
fn a_pin_of_a_knight_to_the_queen_is_named() {
    // Ba4 pins the knight on c6 to the queen on e8: the knight cannot move without losing
    // the queen, and the line takes it.
    let fen = "4q1k1/8/2n5/8/8/8/8/3B2K1 b - - 0 1";
    let explanation =
        explained(fen, "g8h8", &["c6d4"], &["d1a4", "h8g8", "a4c6"]).expect("a sentence");
    assert_eq!(explanation.kind, ExplanationKind::AllowsPin);
    assert_eq!(
        explanation.sentence,
        "Allows a pin: Ba4 pins the knight on c6 to the queen on e8: Ba4 Kg8 Bxc6."
    );
}

#[test]
fn a_promotion_let_through_is_named_with_its_line() {
    // The rook leaves the eighth rank: b8=Q+ comes with check.
    let fen = "r6k/1P6/8/8/8/8/8/6K1 b - - 0 1";
    let explanation = explained(fen, "a8a2", &["a8b8"], &["b7b8q", "h8h7"]).expect("a sentence");
    assert_eq!(explanation.kind, ExplanationKind::AllowsPromotion);
    assert_eq!(explanation.sentence, "Allows a promotion: b8=Q+ Kh7.");
}

#[test]
fn a_move_with_no_tactic_gets_the_plain_statement_of_the_lines() {
    let start = Position::startpos().to_fen();
    let explanation = stated(&start, "a2a3", &["e2e4", "e7e5"], &["e7e5"]).expect("a sentence");
    assert_eq!(explanation.kind, ExplanationKind::BetterMove);
    assert_eq!(
        explanation.sentence,
        "e4 was better (e4 e5); after a3, Stockfish's line goes e5."
    );
}

#[test]
fn a_trade_on_the_square_hangs_nothing() {
    // The 31.Rxc8 Qxc8: rook takes rook, the queen takes back: an even trade.
    let fen_with_queen = "2rq2k1/5ppp/8/8/8/8/5PPP/2R3K1 w - - 0 1";
    let explanation = stated(fen_with_queen, "c1c8", &["h2h3"], &["d8c8"]).expect("a sentence");
    assert_eq!(explanation.kind, ExplanationKind::BetterMove);
    assert_eq!(
        explanation.sentence,
        "h3 was better (h3); after Rxc8, Stockfish's line goes Qxc8."
    );
}

#[test]
fn a_rook_lost_for_a_knight_hangs_with_what_comes_back() {
    // Rd4?? puts the rook where the knight takes it and only the e3 pawn takes back.
    let fen = "6k1/8/8/5n2/8/4P3/3R4/6K1 w - - 0 1";
    let explanation = explained(fen, "d2d4", &["g1f2"], &["f5d4", "e3d4"]).expect("a sentence");
    assert_eq!(explanation.kind, ExplanationKind::HangsPiece);
    assert_eq!(
        explanation.sentence,
        "Hangs the rook on d4: Nxd4 wins it, and taking back there gets only 3 points for it."
    );
}

#[test]
fn a_capture_that_promotes_is_not_a_hang() {
    // Found by the property test over generated games: Rfd1?? lets cxd1=Q take the rook,
    // and Rxd1 takes back a queen, not "only 1 point": the loss is the promotion's.
    let fen = "7r/2q1k2p/P1npb2Q/4p1p1/8/3P1p1n/1Pp2P1K/R4R2 w - - 0 28";
    let explanation = explained(fen, "f1d1", &["h6h7"], &["c2d1q", "a1d1"]);
    assert_ne!(
        explanation.map(|explanation| explanation.kind),
        Some(ExplanationKind::HangsPiece)
    );
}

#[test]
fn a_long_mate_the_line_shows_is_named_as_stockfish_s() {
    // Two rooks roll the king up the board: a mate in 4, past the proof's reach, which the
    // line replayed to the checkmate shows.
    let fen = "8/8/8/8/4k3/8/1R6/R6K b - - 0 1";
    let line = ["a1a5", "e5e6", "b2b6", "e6e7", "a5a7", "e7e8", "b6b8"];
    let explanation = explained(fen, "e4e5", &["e4d3"], &line).expect("a sentence");
    assert_eq!(explanation.kind, ExplanationKind::AllowsMate);
    assert_eq!(
        explanation.sentence,
        "Allows mate in 4 (Stockfish's line): Ra5+ Ke6 Rb6+ Ke7 Ra7+ Ke8 Rb8#."
    );
    // The same line cut before the mate proves nothing: no mate is claimed.
    let cut = stated(fen, "e4e5", &["e4d3"], &line[..6]).expect("a sentence");
    assert_ne!(cut.kind, ExplanationKind::AllowsMate);
}

#[test]
fn a_line_that_wins_a_pawn_is_stated_plainly() {
    // No tactic rule holds: the pawn on d5 is simply lost.
    let fen = "6k1/8/8/3p4/8/2N5/8/6K1 b - - 0 1";
    let explanation = stated(fen, "g8f7", &["d5d4"], &["c3d5", "f7e6"]).expect("a sentence");
    assert_eq!(explanation.kind, ExplanationKind::LosesMaterial);
    assert_eq!(
        explanation.sentence,
        "After this, Stockfish's line wins a pawn: Nxd5 Ke6."
    );
}
