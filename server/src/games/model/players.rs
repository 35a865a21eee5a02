//! The players a finished PGN names (its `White` and `Black` tags), kept with a game imported
//! already over: such a game is reviewed, not played, so it shows and exports the PGN's own
//! players instead of "You" and "Stockfish", and is nobody's win or loss here.
//!
//! The names come from text anyone can send, so they are cleaned once, here, the same way on
//! import and on load: control and bidirectional-override characters become spaces, runs of
//! whitespace one space, the ends are trimmed and the name is cut at [`MAX_NAME_CHARS`]. A
//! missing, empty or unknown (`"?"`, the PGN standard's word for it) name is none: the clients
//! then call the side by its colour.

use alphachess_engine::pgn::Tags;
use alphachess_engine::Color;
use serde::{Deserialize, Serialize};

/// The most characters a player's name keeps (a long "Surname, Forename (Club)" fits).
pub const MAX_NAME_CHARS: usize = 100;

/// The players a finished PGN names (its `White` and `Black` tags), for a game created from a
/// PGN already over: it is reviewed, not played, and is nobody's win or loss here (clients do not
/// rate it). Absent (null) for a game against Stockfish.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "RawPlayers")]
pub struct Players {
    /// White's name, from the PGN's `White` tag; null when the PGN does not name white.
    white: Option<String>,
    /// Black's name, from the PGN's `Black` tag; null when the PGN does not name black.
    black: Option<String>,
}

/// [`Players`] as read from a store, before its names are cleaned.
#[derive(Deserialize)]
struct RawPlayers {
    white: Option<String>,
    black: Option<String>,
}

impl From<RawPlayers> for Players {
    /// A stored name is cleaned again, not trusted: what the import wrote comes back unchanged
    /// (cleaning is idempotent), a damaged one comes back clean.
    fn from(raw: RawPlayers) -> Players {
        Players::new(raw.white.as_deref(), raw.black.as_deref())
    }
}

impl Players {
    /// The players named `white` and `black`, each cleaned (none if nothing is left of it).
    pub fn new(white: Option<&str>, black: Option<&str>) -> Players {
        Players {
            white: white.and_then(clean_name),
            black: black.and_then(clean_name),
        }
    }

    /// The players a PGN's tags name.
    pub fn of_tags(tags: &Tags) -> Players {
        Players::new(tags.get("White"), tags.get("Black"))
    }

    /// The name of the side playing `color`, if the PGN gave one.
    pub fn name(&self, color: Color) -> Option<&str> {
        color.fold_wb(&self.white, &self.black).as_deref()
    }
}

/// `text` cleaned as a player's name (see the module), or none if nothing is left of it or it
/// says the name is unknown.
fn clean_name(text: &str) -> Option<String> {
    let spaced: String = text
        .chars()
        .map(|c| if is_unsafe(c) { ' ' } else { c })
        .collect();
    let name: String = spaced
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(MAX_NAME_CHARS)
        .collect();
    let name = name.trim_end();
    (!name.is_empty() && name != "?").then(|| name.to_owned())
}

/// A character that must not reach a screen or a PGN tag as it is: a control character, or one
/// that reorders the text around it (Unicode's bidirectional embeddings, overrides and isolates).
/// Comments are cleaned with it too (see `comment_text.rs`).
pub(crate) fn is_unsafe(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::pgn;

    #[test]
    fn the_tags_name_the_players_and_a_missing_or_unknown_one_is_none() {
        let read = pgn::read_game(
            "[White \"Anna \\\"the Rook\\\" Berg\"]\n[Black \"?\"]\n\n1. f3 e5 2. g4 Qh4# 0-1",
        )
        .expect("a legal PGN");
        let players = Players::of_tags(&read.tags);
        assert_eq!(players.name(Color::White), Some("Anna \"the Rook\" Berg"));
        assert_eq!(players.name(Color::Black), None);
        let bare = pgn::read_game("1. f3 e5 2. g4 Qh4# 0-1").expect("a legal PGN");
        assert_eq!(Players::of_tags(&bare.tags), Players::new(None, None));
    }

    #[test]
    fn names_are_cleaned_of_control_characters_and_bounded() {
        let players = Players::new(Some("  Anna\t\u{7}Berg\u{202E}  "), Some("   "));
        assert_eq!(players.name(Color::White), Some("Anna Berg"));
        assert_eq!(players.name(Color::Black), None);
        let long = "é".repeat(MAX_NAME_CHARS + 20);
        let players = Players::new(Some(&long), Some(" ? "));
        assert_eq!(
            players.name(Color::White).map(|n| n.chars().count()),
            Some(MAX_NAME_CHARS)
        );
        assert_eq!(players.name(Color::Black), None);
    }

    #[test]
    fn players_read_back_from_json_as_written_and_damage_is_cleaned() {
        let players = Players::new(Some("Anna"), None);
        let json = serde_json::to_value(&players).expect("serializes");
        assert_eq!(json, serde_json::json!({"white": "Anna", "black": null}));
        let back: Players = serde_json::from_value(json).expect("reads back");
        assert_eq!(back, players);
        let damaged: Players =
            serde_json::from_value(serde_json::json!({"white": "A\nB", "black": "?"}))
                .expect("reads");
        assert_eq!(damaged, Players::new(Some("A B"), None));
    }
}
