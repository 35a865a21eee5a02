//! UCI move notation: syntax errors, legality errors, castling forms and round trips.

mod common;

use alphachess_engine::{
    IllegalUciMoveError, Move, ParseUciMoveError, Position, Role, Square, UciMove,
};

/// Parses text as UCI and resolves it against `pos`.
fn resolve(pos: &Position, text: &str) -> Result<Move, IllegalUciMoveError> {
    text.parse::<UciMove>()
        .expect("well-formed uci")
        .to_move(pos)
}

#[test]
fn malformed_uci_text_is_a_parse_error() {
    for text in [
        "", "e2", "e2e", "e2e4qq", "e2e9", "i2e4", "e2e4k", "e2e4p", "e2-e4", "0000", "é2e4",
        "E2E4", " e2e4",
    ] {
        assert_eq!(text.parse::<UciMove>(), Err(ParseUciMoveError), "{text:?}");
    }
    assert!(!ParseUciMoveError.to_string().ends_with('.'));
}

#[test]
fn well_formed_uci_text_parses_into_its_parts() {
    let uci: UciMove = "e7e8q".parse().expect("valid");
    assert_eq!(
        uci,
        UciMove {
            from: Square::E7,
            to: Square::E8,
            promotion: Some(Role::Queen)
        }
    );
    assert_eq!(uci.to_string(), "e7e8q");
    assert_eq!(
        "a7a8N".parse::<UciMove>().map(|u| u.promotion),
        Ok(Some(Role::Knight))
    );
}

#[test]
fn illegal_uci_moves_say_why() {
    let start = Position::startpos();
    assert_eq!(
        resolve(&start, "e3e4"),
        Err(IllegalUciMoveError::NoPiece { from: Square::E3 })
    );
    assert_eq!(
        resolve(&start, "e7e5"),
        Err(IllegalUciMoveError::NotYourPiece { from: Square::E7 })
    );
    let e2e5: UciMove = "e2e5".parse().expect("valid");
    let mut unchanged = start.clone();
    assert!(unchanged
        .play(Move::normal(Square::E2, Square::E5))
        .is_err());
    assert_eq!(unchanged, start);
    assert_eq!(
        e2e5.to_move(&start),
        Err(IllegalUciMoveError::IllegalMove { uci: e2e5 })
    );
    let e2e4q: UciMove = "e2e4q".parse().expect("valid");
    assert_eq!(
        e2e4q.to_move(&start),
        Err(IllegalUciMoveError::IllegalMove { uci: e2e4q })
    );

    let promo = Position::from_fen("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1").expect("valid");
    let e7e8: UciMove = "e7e8".parse().expect("valid");
    assert_eq!(
        e7e8.to_move(&promo),
        Err(IllegalUciMoveError::MissingPromotion { uci: e7e8 })
    );
    assert_eq!(
        resolve(&promo, "e7e8n"),
        Ok(Move::promote(Square::E7, Square::E8, Role::Knight))
    );
    for err in [
        IllegalUciMoveError::NoPiece { from: Square::E3 },
        IllegalUciMoveError::MissingPromotion { uci: e7e8 },
    ] {
        assert!(!err.to_string().ends_with('.'), "{err}");
    }
}

#[test]
fn castling_is_the_kings_move_and_king_takes_rook_is_tolerated() {
    let pos = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").expect("valid");
    let short = Move::castle(Square::E1, Square::G1);
    let long = Move::castle(Square::E1, Square::C1);
    assert_eq!(resolve(&pos, "e1g1"), Ok(short));
    assert_eq!(resolve(&pos, "e1h1"), Ok(short));
    assert_eq!(resolve(&pos, "e1c1"), Ok(long));
    assert_eq!(resolve(&pos, "e1a1"), Ok(long));
    assert_eq!(short.to_string(), "e1g1");
    assert!(short.is_castle() && !short.is_en_passant() && !short.is_promotion());
    let mut after = pos.clone();
    after.play(short).expect("legal");
    assert_eq!(after.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
}

#[test]
fn every_legal_move_round_trips_through_uci_text() {
    let mut rng = common::Rng::new(3);
    for game in 0..60 {
        let start = Position::from_fen(common::STARTS[game % 6]).expect("valid");
        common::random_game(&start, 120, &mut rng, |before, m, _| {
            let text = m.to_string();
            assert_eq!(m.to_uci().to_string(), text);
            let parsed: UciMove = text.parse().expect("written uci parses");
            assert_eq!(parsed, m.to_uci());
            assert_eq!(
                parsed.to_move(before),
                Ok(m),
                "game {game}: {text} in {before}"
            );
        });
    }
}
