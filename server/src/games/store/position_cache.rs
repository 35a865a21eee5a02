//! A cache of analysed positions, shared by every game's analysis (issue #24): the opening plies
//! of a game already seen, or a second review of the same moves, cost no engine time.
//!
//! An answer is reused only when nothing that changes it differs, so the key is a SHA-256 of:
//! - the position (its Zobrist key) and its halfmove clock, and the Zobrist keys of the earlier
//!   positions since the last capture or pawn move: the engine is sent the game's moves, and a
//!   repetition among those changes its score (the fifty-move rule, the clock);
//! - the search: the engine's name and version (its `id name`), the node budget, and the options
//!   the analysis lane sets.
//!
//! A store keeps at most a bounded number of answers and forgets the least recently used first
//! (`--analysis-cache-positions`). An answer read back is re-validated against the position like
//! a stored analysis (`analysis_record.rs`): a damaged row is a miss, never a move.

use std::fmt;

use alphachess_engine::Game;
use sha2::{Digest, Sha256};

use crate::games::store::analysis_record::PositionRecord;
use crate::uci::PositionAnalysis;

/// Default bound of the cache, in positions: a row is about 150 bytes with its index, so
/// 200,000 answers (about 2,500 reviewed games of 80 plies) take about 30 MB.
pub const DEFAULT_CACHE_POSITIONS: u64 = 200_000;

/// Everything besides the position that changes an engine's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchIdentity {
    /// The engine's `id name`, e.g. `Stockfish 15.1`.
    pub engine: String,
    /// The node budget (`go nodes N`).
    pub nodes: u64,
    /// The options the analysis lane sets (threads, hash, variant), as one string.
    pub options: String,
}

/// Names one cached answer: 32 hex digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CacheKey(String);

impl CacheKey {
    /// The key of the position after `game`'s first `index` moves, searched as `search` says.
    pub fn new(game: &Game, index: usize, search: &SearchIdentity) -> CacheKey {
        let positions = &game.positions()[..=index];
        let current = &positions[index];
        let mut hash = Sha256::new();
        hash.update(b"alphachess position cache v1\n");
        for part in [&search.engine, &search.options] {
            hash.update(part.len().to_le_bytes());
            hash.update(part.as_bytes());
        }
        hash.update(search.nodes.to_le_bytes());
        hash.update(current.halfmove_clock().to_le_bytes());
        let reversible = usize::try_from(current.halfmove_clock()).unwrap_or(usize::MAX);
        for position in positions.iter().rev().take(reversible.saturating_add(1)) {
            hash.update(position.zobrist().to_le_bytes());
        }
        let digest = hash.finalize();
        CacheKey(digest[..16].iter().map(|b| format!("{b:02x}")).collect())
    }

    /// The key as stored.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A key read back from a store.
    pub fn from_stored(text: String) -> CacheKey {
        CacheKey(text)
    }
}

impl fmt::Display for CacheKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One cached answer as a row: an analysed position's fields without the game it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CachedAnswer {
    /// White's centipawns, or `None` for a mate score.
    pub cp: Option<i64>,
    /// Moves to mate from white's point of view, or `None` for a centipawn score.
    pub mate: Option<i64>,
    /// The engine's best move, UCI.
    pub best: String,
    /// The engine's line, UCI moves separated by single spaces, `best` first.
    pub pv: String,
    pub depth: i64,
    pub nodes: i64,
    /// The best other move's score, when it was searched (see `PositionRecord`).
    pub second_cp: Option<i64>,
    pub second_mate: Option<i64>,
}

impl CachedAnswer {
    /// The row for `analysis`.
    pub fn of(analysis: &PositionAnalysis) -> CachedAnswer {
        let row = PositionRecord::of_analysis(0, analysis);
        CachedAnswer {
            cp: row.cp,
            mate: row.mate,
            best: row.best,
            pv: row.pv,
            depth: row.depth,
            nodes: row.nodes,
            second_cp: row.second_cp,
            second_mate: row.second_mate,
        }
    }

    /// The answer for the position after `game`'s first `index` moves, re-validated there.
    pub fn rebuild(&self, game: &Game, index: usize) -> Result<PositionAnalysis, String> {
        let row = PositionRecord {
            position: i64::try_from(index).unwrap_or(i64::MAX),
            cp: self.cp,
            mate: self.mate,
            best: self.best.clone(),
            pv: self.pv.clone(),
            depth: self.depth,
            nodes: self.nodes,
            second_cp: self.second_cp,
            second_mate: self.second_mate,
        };
        row.rebuild(&game.positions()[index])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::model::setup::parse_pgn;

    fn search(nodes: u64) -> SearchIdentity {
        SearchIdentity {
            engine: "Stockfish 15.1".into(),
            nodes,
            options: "Threads=1 Hash=16".into(),
        }
    }

    #[test]
    fn the_key_changes_with_the_budget_the_engine_and_the_options() {
        let game = parse_pgn("1. e4 e5 2. Nf3 *").expect("a legal PGN");
        let key = CacheKey::new(&game, 3, &search(1_000_000));
        assert_eq!(key.as_str().len(), 32);
        assert_eq!(key, CacheKey::new(&game, 3, &search(1_000_000)), "stable");
        assert_ne!(key, CacheKey::new(&game, 3, &search(500_000)), "the budget");
        let mut other = search(1_000_000);
        other.engine = "Stockfish 16".into();
        assert_ne!(key, CacheKey::new(&game, 3, &other), "the engine");
        other = search(1_000_000);
        other.options = "Threads=1 Hash=16 UCI_Chess960=true".into();
        assert_ne!(key, CacheKey::new(&game, 3, &other), "the options");
    }

    #[test]
    fn the_same_position_by_other_moves_shares_a_key_unless_its_history_can_repeat() {
        // 1. Nf3 Nf6 2. e4 and 1. e4 Nf6 2. Nf3: the same position, e4 made the move before
        // irreversible in both: one key.
        let one = parse_pgn("1. Nf3 Nf6 2. e4 *").expect("a legal PGN");
        let two = parse_pgn("1. e4 Nf6 2. Nf3 *").expect("a legal PGN");
        assert_eq!(one.position().zobrist(), two.position().zobrist());
        let nodes = search(1000);
        // The halfmove clocks differ (0 after e4, 1 after Nf3): a different history.
        assert_ne!(
            CacheKey::new(&one, 3, &nodes),
            CacheKey::new(&two, 3, &nodes)
        );
        // After 1. e4 e5 2. Nf3 Nc6 3. Ng1 Nb8: the start of 1. e4 e5 again, but with knight
        // moves behind it that could repeat: another key than the position after 1. e4 e5.
        let back = parse_pgn("1. e4 e5 2. Nf3 Nc6 3. Ng1 Nb8 *").expect("a legal PGN");
        assert_eq!(back.position().zobrist(), back.positions()[2].zobrist());
        assert_ne!(
            CacheKey::new(&back, 6, &nodes),
            CacheKey::new(&back, 2, &nodes)
        );
        // The same moves give the same key in any game.
        let again = parse_pgn("1. e4 e5 2. Nf3 Nc6 3. Ng1 Nb8 4. d4 *").expect("a legal PGN");
        assert_eq!(
            CacheKey::new(&back, 6, &nodes),
            CacheKey::new(&again, 6, &nodes)
        );
    }

    #[test]
    fn a_cached_answer_is_revalidated_against_the_position() {
        let game = parse_pgn("1. e4 *").expect("a legal PGN");
        let row = CachedAnswer {
            cp: Some(-30),
            mate: None,
            best: "e7e5".into(),
            pv: "e7e5 g1f3".into(),
            depth: 20,
            nodes: 1_000_000,
            second_cp: Some(-95),
            second_mate: None,
        };
        let analysis = row.rebuild(&game, 1).expect("legal after 1. e4");
        assert_eq!(CachedAnswer::of(&analysis), row);
        assert!(row.rebuild(&game, 0).is_err(), "e7e5 is not white's move");
    }
}
