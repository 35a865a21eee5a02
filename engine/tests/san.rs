//! SAN against real positions: reading (strict and forgiving), the reasons given for illegal and
//! ambiguous moves, minimal disambiguation when writing, and the round trip over random games.

use alphachess_engine::{IllegalSanReason, Move, Position, San, SanError, SanPlus, Suffix};

fn pos(fen: &str) -> Position {
    fen.parse().expect("valid test FEN")
}

/// The UCI text of the move `san` names in `fen`.
fn uci(fen: &str, san: &str) -> String {
    let san: San = san.parse().expect("valid san syntax");
    san.to_move(&pos(fen))
        .unwrap_or_else(|e| panic!("{san} in {fen}: {e}"))
        .to_string()
}

fn error(fen: &str, san: &str) -> SanError {
    let san: San = san.parse().expect("valid san syntax");
    san.to_move(&pos(fen))
        .expect_err("the move should be refused")
}

fn reason(fen: &str, san: &str) -> IllegalSanReason {
    match error(fen, san) {
        SanError::Illegal { reason, .. } => reason,
        other => panic!("{san} in {fen}: expected illegal, got {other:?}"),
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// White may castle both ways; Black has an en-passant capture on d6... after d7d5 (see EP).
const CASTLES: &str = "r3k2r/pppq1ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1";
const EP: &str = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
const PROMOTE: &str = "3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1";

#[test]
fn strict_san_names_the_move_it_means() {
    assert_eq!(uci(START, "Nf3"), "g1f3");
    assert_eq!(uci(START, "e4"), "e2e4");
    assert_eq!(uci(CASTLES, "O-O"), "e1g1");
    assert_eq!(uci(CASTLES, "O-O-O"), "e1c1");
    assert_eq!(uci(EP, "exd6"), "e5d6");
    assert_eq!(uci(PROMOTE, "exd8=N"), "e7d8n");
    assert_eq!(uci(PROMOTE, "exd8=Q+"), "e7d8q");
}

#[test]
fn forgiving_san_names_the_same_moves() {
    for (fen, text, expected) in [
        (START, "Ng1f3", "g1f3"),
        (START, "N1f3", "g1f3"),
        (START, "Ngf3", "g1f3"),
        (START, "g1f3", "g1f3"),
        (START, "e2e4", "e2e4"),
        (START, "e2-e4", "e2e4"),
        (START, "Pe4", "e2e4"),
        (START, "e4!?", "e2e4"),
        (CASTLES, "0-0", "e1g1"),
        (CASTLES, "0-0-0", "e1c1"),
        (CASTLES, "e1g1", "e1g1"),
        (CASTLES, "e1h1", "e1g1"),
        (CASTLES, "e1a1", "e1c1"),
        (CASTLES, "Nxe5", "f3e5"),
        (CASTLES, "Ne5", "f3e5"),
        (EP, "ed6", "e5d6"),
        (EP, "e5d6", "e5d6"),
        (PROMOTE, "ed8Q", "e7d8q"),
        (PROMOTE, "exd8q", "e7d8q"),
        (PROMOTE, "e7d8r", "e7d8r"),
    ] {
        assert_eq!(uci(fen, text), expected, "{text} in {fen}");
    }
}

#[test]
fn an_ambiguous_move_names_every_candidate() {
    let fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    let err = error(fen, "Nd2");
    let SanError::Ambiguous { candidates, .. } = &err else {
        panic!("expected ambiguous, got {err:?}");
    };
    let mut names: Vec<String> = candidates.iter().map(Move::to_string).collect();
    names.sort();
    assert_eq!(names, ["b1d2", "f3d2"]);
    assert_eq!(
        err.to_string(),
        "ambiguous move Nd2: it could be Nb1d2 or Nf3d2"
    );
    assert_eq!(uci(fen, "Nbd2"), "b1d2");
    assert_eq!(uci(fen, "Nfd2"), "f3d2");
}

#[test]
fn an_illegal_move_says_why() {
    // No piece of that kind can get there.
    assert_eq!(reason(START, "Nd4"), IllegalSanReason::NoPieceCanGoThere);
    assert_eq!(
        error(START, "Nd4").to_string(),
        "illegal move Nd4: no knight can go to d4"
    );
    assert_eq!(reason(START, "e5"), IllegalSanReason::NoPieceCanGoThere);
    assert_eq!(reason(START, "Qd3"), IllegalSanReason::NoPieceCanGoThere);
    // A pinned knight (Bb4 pins Nc3 to Ke1) may not move.
    let pinned = "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1";
    assert_eq!(reason(pinned, "Nd5"), IllegalSanReason::LeavesKingInCheck);
    assert_eq!(
        error(pinned, "Nd5").to_string(),
        "illegal move Nd5: it would leave the king in check"
    );
    // In check, a move that ignores it.
    let check = "4k3/8/8/8/8/8/8/R3K2r w - - 0 1";
    assert_eq!(reason(check, "Ra7"), IllegalSanReason::LeavesKingInCheck);
    assert_eq!(reason(check, "Kf1"), IllegalSanReason::LeavesKingInCheck);
    assert_eq!(reason(check, "Kd1"), IllegalSanReason::LeavesKingInCheck);
    assert_eq!(uci(check, "Kd2"), "e1d2");
    // Promotion.
    assert_eq!(reason(PROMOTE, "exd8"), IllegalSanReason::MissingPromotion);
    assert_eq!(reason(START, "e4=Q"), IllegalSanReason::UnexpectedPromotion);
    assert_eq!(
        reason(START, "e2e4q"),
        IllegalSanReason::UnexpectedPromotion
    );
    assert_eq!(
        reason(START, "g1f3q"),
        IllegalSanReason::UnexpectedPromotion
    );
    assert_eq!(reason(PROMOTE, "e8=Q"), IllegalSanReason::NoPieceCanGoThere);
    assert_eq!(
        error(PROMOTE, "e8=Q").to_string(),
        "illegal move e8=Q: no pawn can go to e8"
    );
    // Coordinates.
    assert_eq!(reason(START, "e3e4"), IllegalSanReason::NoPieceOnSquare);
    assert_eq!(reason(START, "e7e5"), IllegalSanReason::NotYourPiece);
    assert_eq!(reason(START, "g1g3"), IllegalSanReason::NoPieceCanGoThere);
    assert_eq!(
        error(START, "e7e5").to_string(),
        "illegal move e7e5: the piece on e7 belongs to the opponent"
    );
}

#[test]
fn an_illegal_pawn_move_says_whether_the_pawn_could_get_there() {
    // The d2 pawn is pinned on the diagonal by Bh6: its pushes would expose Kc1.
    let pinned = "4k3/8/7b/8/8/8/3P4/2K5 w - - 0 1";
    assert_eq!(reason(pinned, "d3"), IllegalSanReason::LeavesKingInCheck);
    assert_eq!(reason(pinned, "d4"), IllegalSanReason::LeavesKingInCheck);
    assert_eq!(reason(pinned, "d5"), IllegalSanReason::NoPieceCanGoThere);
    assert_eq!(reason(pinned, "dxe3"), IllegalSanReason::NoPieceCanGoThere);
    // A piece on d3 blocks both the single and the double push.
    let blocked = "4k3/8/8/8/8/3b4/3P4/4K3 w - - 0 1";
    assert_eq!(reason(blocked, "d3"), IllegalSanReason::NoPieceCanGoThere);
    assert_eq!(reason(blocked, "d4"), IllegalSanReason::NoPieceCanGoThere);
    // Taking en passant would empty the fifth rank between Ka5 and Rh5.
    let exposing = "8/8/8/KPp4r/8/8/8/7k w - c6 0 2";
    assert_eq!(
        reason(exposing, "bxc6"),
        IllegalSanReason::LeavesKingInCheck
    );
    assert_eq!(uci(exposing, "b6"), "b5b6");
    // Black pawns push down the board.
    let black = "4k3/4p3/8/8/8/8/8/4K2B b - - 0 1";
    assert_eq!(uci(black, "e5"), "e7e5");
    assert_eq!(reason(black, "e4"), IllegalSanReason::NoPieceCanGoThere);
}

#[test]
fn illegal_castling_says_why() {
    assert_eq!(reason(START, "O-O"), IllegalSanReason::CastlingBlocked);
    let no_rights = "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1";
    assert_eq!(
        reason(no_rights, "O-O-O"),
        IllegalSanReason::NoCastlingRight
    );
    assert_eq!(uci(no_rights, "O-O"), "e1g1");
    let in_check = "r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1";
    assert_eq!(reason(in_check, "O-O"), IllegalSanReason::CastlingInCheck);
    let through = "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1";
    assert_eq!(
        reason(through, "O-O"),
        IllegalSanReason::CastlingThroughCheck
    );
    assert_eq!(uci(through, "O-O-O"), "e1c1");
    assert_eq!(
        error(through, "O-O").to_string(),
        "illegal move O-O: the king would pass through or land on an attacked square"
    );
}

#[test]
fn a_king_step_to_g1_is_not_castling() {
    assert_eq!(reason(CASTLES, "Kg1"), IllegalSanReason::NoPieceCanGoThere);
}

/// The SAN `from_move` writes for the move given in UCI.
fn written(fen: &str, uci_text: &str) -> String {
    let pos = pos(fen);
    let m = uci_text
        .parse::<alphachess_engine::UciMove>()
        .expect("valid uci")
        .to_move(&pos)
        .expect("legal");
    SanPlus::from_move(&pos, m).to_string()
}

#[test]
fn writing_disambiguates_by_file_then_rank_then_both() {
    assert_eq!(written("1n2k3/8/5n2/8/8/8/8/4K3 b - - 0 1", "b8d7"), "Nbd7");
    assert_eq!(written("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
    assert_eq!(written("2k5/8/K7/8/4Q2Q/8/8/7Q w - - 0 1", "h4e1"), "Qh4e1");
    assert_eq!(written("2k5/8/K7/8/4Q2Q/8/8/7Q w - - 0 1", "e4e1"), "Qee1");
    assert_eq!(written("2k5/8/K7/8/4Q2Q/8/8/7Q w - - 0 1", "h1e1"), "Q1e1");
    assert_eq!(written("4k3/8/8/8/8/5N2/8/1N5K w - - 0 1", "b1d2"), "Nbd2");
    // A pinned rival does not count: only the knight on b1 can legally go to d2.
    assert_eq!(written("4k3/8/8/3b4/8/5N2/8/1N5K w - - 0 1", "b1d2"), "Nd2");
}

#[test]
fn writing_marks_captures_promotions_castling_check_and_mate() {
    assert_eq!(written(EP, "e5d6"), "exd6");
    assert_eq!(written(PROMOTE, "e7d8q"), "exd8=Q+");
    assert_eq!(written(PROMOTE, "e7d8n"), "exd8=N");
    assert_eq!(written(CASTLES, "e1g1"), "O-O");
    assert_eq!(written(CASTLES, "e1c1"), "O-O-O");
    assert_eq!(written(CASTLES, "c4f7"), "Bxf7+");
    let fools = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2";
    assert_eq!(written(fools, "d8h4"), "Qh4#");
    let plus = SanPlus::from_move(
        &pos(fools),
        Move::normal(alphachess_engine::Square::D8, alphachess_engine::Square::H4),
    );
    assert_eq!(plus.suffix, Some(Suffix::Checkmate));
}

/// A small deterministic pseudo-random generator (xorshift64*), enough to pick moves.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

/// Checks that every legal move of `pos` survives writing then reading, as San and as SanPlus.
fn assert_every_move_round_trips(pos: &Position) {
    for &m in pos.legal_moves().iter() {
        let plus = SanPlus::from_move(pos, m);
        let text = plus.to_string();
        let read: SanPlus = text
            .parse()
            .unwrap_or_else(|e| panic!("{text} in {pos}: {e}"));
        assert_eq!(read, plus, "{text} in {pos}");
        assert_eq!(read.san.to_move(pos), Ok(m), "{text} in {pos}");
        let after = pos.after(m).expect("legal");
        let expected = if after.is_checkmate() {
            Some(Suffix::Checkmate)
        } else if after.is_check() {
            Some(Suffix::Check)
        } else {
            None
        };
        assert_eq!(plus.suffix, expected, "{text} in {pos}");
        // The UCI-like spelling of the same move reads back to it too.
        let coordinates: San = m.to_string().parse().expect("uci text is forgiving san");
        assert_eq!(coordinates.to_move(pos), Ok(m), "{m} in {pos}");
    }
}

#[test]
fn every_legal_move_of_random_games_reads_back_from_its_san() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut positions = 0;
    for _ in 0..30 {
        let mut pos = Position::startpos();
        for _ in 0..250 {
            assert_every_move_round_trips(&pos);
            positions += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            pos.play_unchecked(m);
        }
    }
    assert!(positions > 2_500, "only {positions} positions visited");
}

#[test]
fn every_legal_move_round_trips_in_positions_full_of_ambiguity() {
    for fen in [
        // Kiwipete, and positions with several queens, knights and promotions.
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "2k5/8/K7/8/4Q2Q/8/8/7Q w - - 0 1",
        "Q6Q/8/1k6/8/8/8/8/Q3K2Q w - - 0 1",
        "4k3/8/8/2N1N3/1N3N2/8/1N3N2/2N1KN2 w - - 0 1",
        "r6k/1P1P1P2/8/8/8/8/1p1p1p2/R6K w - - 0 1",
        "r6k/1P1P1P2/8/8/8/8/1p1p1p2/R6K b - - 0 1",
        "8/8/8/K2pP2q/8/8/8/7k w - d6 0 2",
    ] {
        assert_every_move_round_trips(&pos(fen));
    }
}
