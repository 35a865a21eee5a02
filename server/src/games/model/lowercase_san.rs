//! The forgiving reader for moves typed in lower case (`nf3`, `bc4`, `o-o`, `e8=q`), as phone
//! keyboards and lichess's keyboard-move users type them. Strict SAN is case-sensitive (`b` is the
//! b-file, `B` the bishop), so this gives the strict parser of the engine crate the readings a
//! lower-case text can mean, most likely first; the game's position then picks the first legal one.
//! A leading `b` is read as lichess reads it: the bishop if that move is legal, else the b-pawn.
//!
//! It lives at the server's edge for now because the engine crate was being changed by another
//! branch; it belongs beside the strict parser in `engine/src/san/` and should move there.

use alphachess_engine::{San, SanPlus};

/// The SAN readings of an all-lower-case `text`, most likely first (at most two: a leading `b`
/// gives the bishop's and the pawn's); empty when the text has a capital letter (it is then read
/// strictly, as typed) or no reading parses.
pub(in crate::games) fn lowercase_readings(text: &str) -> Vec<San> {
    if text.bytes().any(|b| b.is_ascii_uppercase()) {
        return Vec::new();
    }
    let text = promotion_upper(text);
    let capitalised = || {
        let mut chars = text.chars();
        chars
            .next()
            .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
            .unwrap_or_default()
    };
    let candidates: Vec<String> = match text.as_bytes().first() {
        Some(b'n' | b'r' | b'q' | b'k') => vec![capitalised()],
        Some(b'b') => vec![capitalised(), pawn_capture(&text)],
        Some(b'o' | b'0') => vec![text.replace(['o', '0'], "O")],
        _ => vec![pawn_capture(&text)],
    };
    candidates
        .iter()
        .filter_map(|candidate| candidate.parse::<SanPlus>().ok())
        .map(|san| san.san)
        .collect()
}

/// `e8=q` → `e8=Q`: the promotion piece after `=` is a capital in SAN.
fn promotion_upper(text: &str) -> String {
    match text.split_once('=') {
        Some((before, after)) => format!("{before}={}", after.to_ascii_uppercase()),
        None => text.to_owned(),
    }
}

/// `bc5` → `bxc5`: a pawn that changes file captures, and lichess lets the `x` be left out.
fn pawn_capture(text: &str) -> String {
    let bytes = text.as_bytes();
    let is_file = |b: u8| (b'a'..=b'h').contains(&b);
    if bytes.len() >= 3
        && is_file(bytes[0])
        && is_file(bytes[1])
        && bytes[0] != bytes[1]
        && (b'1'..=b'8').contains(&bytes[2])
    {
        format!("{}x{}", &text[..1], &text[1..])
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn readings(text: &str) -> Vec<String> {
        lowercase_readings(text)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn a_lower_case_piece_letter_is_the_piece() {
        assert_eq!(readings("nf3"), ["Nf3"]);
        assert_eq!(readings("qxd8"), ["Qxd8"]);
        assert_eq!(readings("ke2"), ["Ke2"]);
        assert_eq!(readings("rae1"), ["Rae1"]);
    }

    #[test]
    fn a_leading_b_is_the_bishop_first_then_the_b_pawn() {
        assert_eq!(readings("bc4"), ["Bc4", "bxc4"]);
        assert_eq!(readings("bxc4"), ["Bxc4", "bxc4"]);
        assert_eq!(readings("b4"), ["b4"]);
    }

    #[test]
    fn castling_promotion_and_pawn_captures_are_read_too() {
        assert_eq!(readings("o-o"), ["O-O"]);
        assert_eq!(readings("0-0-0"), ["O-O-O"]);
        assert_eq!(readings("e8=q"), ["e8=Q"]);
        assert_eq!(readings("ed5"), ["exd5"]);
    }

    #[test]
    fn text_with_a_capital_is_left_to_the_strict_reader() {
        assert!(readings("Nf3").is_empty());
        assert!(readings("hello").is_empty());
    }
}
