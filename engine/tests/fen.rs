//! FEN parsing and writing: round trips, and every way a FEN can be refused.

mod common;

use alphachess_engine::{Color, FenError, Position, Square, STARTPOS_FEN};

#[test]
fn start_position_round_trips_and_is_the_default() {
    let pos = Position::from_fen(STARTPOS_FEN).expect("valid");
    assert_eq!(pos.to_fen(), STARTPOS_FEN);
    assert_eq!(pos, Position::default());
    assert_eq!(pos.zobrist(), 0x463b96181691fc9c);
    assert_eq!(pos.to_string(), STARTPOS_FEN);
    assert_eq!(STARTPOS_FEN.parse::<Position>(), Ok(pos));
}

#[test]
fn every_suite_fen_round_trips() {
    for (index, line) in include_str!("data/perft-suite.epd").lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fen = line.split(';').next().unwrap_or_default().trim();
        let pos = Position::from_fen(fen)
            .unwrap_or_else(|err| panic!("line {}: {err}: {fen}", index + 1));
        let written = pos.to_fen();
        assert_eq!(
            Position::from_fen(&written).as_ref(),
            Ok(&pos),
            "line {}: {fen}",
            index + 1
        );
        let full = if fen.split_whitespace().count() == 4 {
            format!("{fen} 0 1")
        } else {
            fen.to_string()
        };
        assert_eq!(written, full, "line {}", index + 1);
    }
}

#[test]
fn positions_of_random_games_round_trip() {
    let mut rng = common::Rng::new(77);
    for game in 0..60 {
        let start = Position::from_fen(common::STARTS[game % 6]).expect("valid");
        common::random_game(&start, 150, &mut rng, |_, m, after| {
            let fen = after.to_fen();
            assert_eq!(
                Position::from_fen(&fen).as_ref(),
                Ok(after),
                "game {game} after {m}: {fen}"
            );
        });
    }
}

#[test]
fn move_counters_may_be_omitted_as_in_epd() {
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - -").expect("valid");
    assert_eq!(
        (pos.turn(), pos.halfmove_clock(), pos.fullmove_number()),
        (Color::Black, 0, 1)
    );
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 17").expect("valid");
    assert_eq!(pos.halfmove_clock(), 17);
}

#[test]
fn readers_report_what_the_fen_says() {
    let pos = Position::from_fen("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w Kq d6 0 3")
        .expect("valid");
    assert_eq!(pos.ep_square(), Some(Square::D6));
    assert_eq!(pos.legal_ep_square(), Some(Square::D6));
    assert_eq!(pos.castling_rights().to_string(), "Kq");
    assert_eq!(pos.king_of(Color::Black), Square::E8);
    assert_eq!(pos.fullmove_number(), 3);
}

/// Each refused FEN with the error it must give.
const REFUSED: [(&str, FenError); 36] = [
    ("", FenError::WrongFieldCount),
    ("garbage", FenError::WrongFieldCount),
    ("4k3/8/8/8/8/8/8/4K3 w", FenError::WrongFieldCount),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
        FenError::WrongFieldCount,
    ),
    ("4k3/8/8/8/8/8/4K3 w - - 0 1", FenError::InvalidBoard),
    ("4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", FenError::InvalidBoard),
    ("4k3/8/8/8/8/8/8/4K4 w - - 0 1", FenError::InvalidBoard),
    ("4k3/8/8/8/8/8/8/4K2 w - - 0 1", FenError::InvalidBoard),
    ("4k3/8/8/8/8/8/8/4X3 w - - 0 1", FenError::InvalidBoard),
    ("4k3/8/8/8/8/8/8/9 w - - 0 1", FenError::InvalidBoard),
    ("4k3/8/8/8/8/8/8/0K7 w - - 0 1", FenError::InvalidBoard),
    ("4k3/8/8/8/8/8/8/4K3é w - - 0 1", FenError::InvalidBoard),
    ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", FenError::InvalidTurn),
    ("4k3/8/8/8/8/8/8/4K3 W - - 0 1", FenError::InvalidTurn),
    ("4k3/8/8/8/8/8/8/4K3 w KK - 0 1", FenError::InvalidCastling),
    ("4k3/8/8/8/8/8/8/4K3 w X - 0 1", FenError::InvalidCastling),
    ("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", FenError::InvalidEnPassant),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - x 1",
        FenError::InvalidHalfmoveClock,
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - -1 1",
        FenError::InvalidHalfmoveClock,
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 0 0",
        FenError::InvalidFullmoveNumber,
    ),
    (
        "4k3/8/8/8/8/8/8/4K3 w - - 0 y",
        FenError::InvalidFullmoveNumber,
    ),
    ("8/8/8/8/8/8/8/4K3 w - - 0 1", FenError::NoKing),
    ("4k3/8/8/8/8/8/8/8 w - - 0 1", FenError::NoKing),
    ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", FenError::TooManyKings),
    ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", FenError::PawnOnBackRank),
    ("4k3/8/8/8/8/8/8/p3K3 b - - 0 1", FenError::PawnOnBackRank),
    (
        "4k3/8/3N4/1B6/8/8/8/4RK2 b - - 0 1",
        FenError::ImpossibleCheck,
    ),
    ("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", FenError::OppositeCheck),
    ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", FenError::BadCastlingRights),
    (
        "4k3/8/8/8/8/8/8/R3K3 w K - 0 1",
        FenError::BadCastlingRights,
    ),
    (
        "4k3/8/8/8/8/8/8/3KR3 w Q - 0 1",
        FenError::BadCastlingRights,
    ),
    (
        "4k3/8/8/8/8/8/8/3KR3 w C - 0 1",
        FenError::BadCastlingRights,
    ),
    ("4k3/8/8/8/8/8/8/3KR3 w EE - 0 1", FenError::InvalidCastling),
    ("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", FenError::BadEnPassant),
    ("4k3/8/8/8/8/8/8/4K3 b - e3 0 1", FenError::BadEnPassant),
    (
        "QQQQkQQQ/QQQQQQQQ/8/8/8/8/8/Q3K3 w - - 0 1",
        FenError::TooManyPieces,
    ),
];

#[test]
fn every_kind_of_bad_fen_is_refused_with_its_own_error() {
    for (index, (fen, error)) in REFUSED.iter().enumerate() {
        assert_eq!(
            Position::from_fen(fen).as_ref().err(),
            Some(error),
            "case {index}: {fen:?}"
        );
        assert!(!error.to_string().ends_with('.'), "{error}");
    }
}

#[test]
fn an_en_passant_square_with_a_blocked_origin_is_refused() {
    let fen = "4k3/4p3/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(Position::from_fen(fen).err(), None);
    let blocked = "4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(Position::from_fen(blocked), Err(FenError::BadEnPassant));
    let double_pawn = "4k3/8/8/8/8/8/8/4K3 w - e6 0 1";
    assert_eq!(Position::from_fen(double_pawn), Err(FenError::BadEnPassant));
}

#[test]
fn more_than_eight_pawns_is_too_many_pieces() {
    let fen = "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1";
    assert_eq!(Position::from_fen(fen), Err(FenError::TooManyPieces));
}

#[test]
fn garbage_never_panics() {
    let mut rng = common::Rng::new(99);
    let alphabet: Vec<char> = "pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0123456789"
        .chars()
        .collect();
    for _ in 0..20_000 {
        let len = rng.below(80);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        let _ = Position::from_fen(&text);
    }
    for (fen, _) in REFUSED {
        for cut in 0..fen.len() {
            if fen.is_char_boundary(cut) {
                let _ = Position::from_fen(&fen[..cut]);
            }
        }
    }
}

#[test]
fn huge_move_counters_parse_and_playing_on_does_not_overflow() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 b - - 4294967295 4294967295";
    let mut pos = Position::from_fen(fen).expect("valid");
    let m = pos.legal_moves()[0];
    pos.play(m).expect("legal");
    assert_eq!(
        (pos.halfmove_clock(), pos.fullmove_number()),
        (u32::MAX, u32::MAX)
    );
    let too_big = "4k3/8/8/8/8/8/8/R3K3 b - - 4294967296 1";
    assert_eq!(
        Position::from_fen(too_big),
        Err(FenError::InvalidHalfmoveClock)
    );
}
