//! Stored games that do not load: kept, never dropped.
//!
//! A row that fails to rebuild (a damaged file, a bug in an older release, a rule this release
//! reads differently) would otherwise vanish at startup while its row stays on disk. Instead the
//! startup reports it loudly (an error log naming the game and the reason, and a count in the
//! summary) and the registry keeps it quarantined, read-only: the game answers 409
//! `game_quarantined`, and its PGN export still serves whatever the row holds. The row itself is
//! left untouched (no expiry or eviction ever reaches it, since it is not live), so a release that
//! can replay it gets the game back.

use alphachess_engine::pgn::{self, Annotations, Comment, MAX_COMMENT_LEN};
use alphachess_engine::{DrawRule, Game};

use crate::games::model::color::parse_color_name;
use crate::games::model::export::set_player_tags;
use crate::games::model::id::GameId;
use crate::games::store::record::GameRecord;

/// A stored game that could not be rebuilt, and why.
#[derive(Debug, Clone)]
pub struct QuarantinedGame {
    pub id: GameId,
    pub reason: String,
    pub record: GameRecord,
}

impl QuarantinedGame {
    /// The row as PGN: the moves that replay (as leniently as the rules allow: every draw by
    /// claim only) in SAN, the stored moves that do not, verbatim in a comment, and the reason
    /// the game was quarantined in a comment before the moves.
    pub fn to_pgn(&self) -> String {
        let record = &self.record;
        let mut tags = pgn::Tags::new();
        tags.set("Event", "AlphaChess game (quarantined)");
        tags.set("Site", "AlphaChess");
        tags.set("Round", "-");
        if let Some(player) = parse_color_name(&record.player_color) {
            set_player_tags(&mut tags, player, record.level, record.players.as_ref());
        }
        tags.set("Result", record.result.as_str());
        let (game, unplayed) = replay_leniently(record);
        let mut annotations = Annotations::new();
        annotations.before = comments(&format!(
            "This stored game could not be loaded: {}.",
            self.reason
        ));
        if !unplayed.is_empty() {
            let note = comments(&format!("Stored moves that do not replay: {unplayed}"));
            match game.ply().checked_sub(1) {
                Some(last) => annotations.of_move_mut(last).comments.extend(note),
                None => annotations.before.extend(note),
            }
        }
        pgn::write_annotated(&tags, &game, &annotations)
    }
}

/// As much of the game as replays from its start position, and the stored text that does not
/// (the start position itself included when it is not a valid FEN).
fn replay_leniently(record: &GameRecord) -> (Game, String) {
    let Ok(start) = record.start_position() else {
        let text = format!("(start position {:?}) {}", record.initial_fen, record.moves);
        return (Game::default(), text);
    };
    let mut game = Game::new(start).with_draw_rule(DrawRule::ByClaim);
    let words: Vec<&str> = record.moves.split_whitespace().collect();
    let unplayed = match game.play_uci_moves(&words) {
        Ok(()) => String::new(),
        Err(error) => words[error.index..].join(" "),
    };
    (game, unplayed)
}

/// `text` as PGN comments: `}` (which would end one) replaced, split between words to fit.
fn comments(text: &str) -> Vec<Comment> {
    let text = text.replace('}', ")");
    let mut out = Vec::new();
    let mut chunk = String::new();
    for word in text.split_ascii_whitespace() {
        let word: String = word.chars().take(MAX_COMMENT_LEN / 2).collect();
        if chunk.len() + word.len() + 1 > MAX_COMMENT_LEN {
            out.extend(Comment::new(&chunk));
            chunk.clear();
        }
        if !chunk.is_empty() {
            chunk.push(' ');
        }
        chunk.push_str(&word);
    }
    out.extend(Comment::new(&chunk));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use alphachess_engine::Position;

    fn quarantined(initial_fen: &str, moves: &str) -> QuarantinedGame {
        QuarantinedGame {
            id: GameId::parse("abcdefghijkl").expect("an id"),
            reason: "move 3 e2e4: illegal move".into(),
            record: GameRecord {
                id: "abcdefghijkl".into(),
                token_hash: "00".into(),
                initial_fen: initial_fen.into(),
                moves: moves.into(),
                player_color: "black".into(),
                level: 3,
                status: "ongoing".into(),
                result: "*".into(),
                imported_plies: Some(0),
                first_ply: 0,
                reason: None,
                time_control: None,
                clocks: String::new(),
                players: None,
                variant: None,
                version: None,
                tree: None,
                casual: None,
            },
        }
    }

    #[test]
    fn the_moves_that_replay_are_san_and_the_rest_is_kept_verbatim() {
        let start = Position::startpos().to_fen();
        let text = quarantined(&start, "e2e4 e7e5 e2e4 } g1f3").to_pgn();
        assert!(text.contains("[White \"Stockfish (level 3)\"]"), "{text}");
        // Movetext wraps at 80 columns: compare it with its lines joined.
        let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains("{ This stored game could not be loaded: move 3 e2e4: illegal move. }"),
            "{text}"
        );
        assert!(
            flat.contains("1. e4 e5 { Stored moves that do not replay: e2e4 ) g1f3 } *"),
            "{text}"
        );
        let back = pgn::read_game(&text).expect("reads back");
        assert_eq!(back.game.ply(), 2);
    }

    #[test]
    fn a_row_with_no_valid_start_keeps_its_fen_and_moves_in_a_comment() {
        let text = quarantined("not a fen", "e2e4").to_pgn();
        assert!(
            text.contains("(start position \"not a fen\") e2e4"),
            "{text}"
        );
        assert_eq!(pgn::read_game(&text).expect("reads back").game.ply(), 0);
    }

    #[test]
    fn a_huge_damaged_move_list_still_makes_a_valid_pgn() {
        let start = Position::startpos().to_fen();
        let garbage = "zz ".repeat(5_000);
        let text = quarantined(&start, &garbage).to_pgn();
        assert!(pgn::read_game(&text).is_ok());
    }
}
