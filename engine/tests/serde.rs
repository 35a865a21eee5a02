//! The optional `serde` feature: squares and moves as their text, enums as lowercase names.
#![cfg(feature = "serde")]

use alphachess_engine::{Color, DrawReason, Outcome, Piece, Role, Square, UciMove};

#[test]
fn vocabulary_types_serialize_as_short_readable_json() {
    assert_eq!(serde_json::to_string(&Square::E4).expect("json"), r#""e4""#);
    assert_eq!(
        serde_json::to_string(&Color::White).expect("json"),
        r#""white""#
    );
    let piece = Piece {
        color: Color::Black,
        role: Role::Knight,
    };
    assert_eq!(
        serde_json::to_string(&piece).expect("json"),
        r#"{"color":"black","role":"knight"}"#
    );
    let uci: UciMove = "e7e8q".parse().expect("uci");
    assert_eq!(serde_json::to_string(&uci).expect("json"), r#""e7e8q""#);
    let m = uci.to_move(&"4k3/4P3/8/8/8/8/8/K7 w - - 0 1".parse().expect("fen"));
    assert!(m.is_err(), "e8 is occupied by the black king");
    let draw = Outcome::Draw {
        reason: DrawReason::ThreefoldRepetition,
    };
    assert_eq!(
        serde_json::to_string(&draw).expect("json"),
        r#"{"draw":{"reason":"threefold_repetition"}}"#
    );
}

#[test]
fn vocabulary_types_deserialize_from_their_json() {
    assert_eq!(
        serde_json::from_str::<Square>(r#""h8""#).expect("json"),
        Square::H8
    );
    assert!(serde_json::from_str::<Square>(r#""i9""#).is_err());
    let uci: UciMove = serde_json::from_str(r#""e1g1""#).expect("json");
    assert_eq!(uci.to_string(), "e1g1");
    assert_eq!(
        serde_json::from_str::<Role>(r#""queen""#).expect("json"),
        Role::Queen
    );
}
