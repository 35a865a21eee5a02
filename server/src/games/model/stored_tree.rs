//! The move tree a player keeps with a finished game: the game's moves as one line of it (not
//! necessarily the main one: the player may have promoted a side line), with side lines and
//! comments around them.
//!
//! Kept as the PGN text [`pgn::write_tree`] writes (the rules crate's own format, which
//! [`pgn::read_tree`] reads back move by move re-validated), not as a [`GameTree`]: a tree holds a
//! position per node, a hundred bytes or more, where its PGN holds a few per move, and a game
//! stays in memory while it is played and reviewed. The text is read back into a tree when it is
//! shown or exported.

use alphachess_engine::pgn::{self, Annotations, Tags};
use alphachess_engine::{Game, GameTree, NodeId, Position, SanPlus};

use crate::games::model::comment_text::clean_tree_comments;
use crate::games::model::error::GameError;
use crate::games::model::tree_input::InvalidTree;

/// Why a move tree was not kept with a game: the game's refusal (unknown, not finished, changed
/// meanwhile, not saved) or the tree's.
#[derive(Debug, thiserror::Error)]
pub enum KeepTreeError {
    #[error(transparent)]
    Game(#[from] GameError),
    #[error(transparent)]
    Tree(#[from] InvalidTree),
}

/// The position a tree for `game` starts from: the game's own start when `sent` is none or the
/// same position (in the game's castling notation: a Chess960 game's FEN may come back as
/// X-FEN, read in standard notation), else [`InvalidTree::OtherStart`].
pub fn start_for(game: &Game, sent: Option<Position>) -> Result<Position, InvalidTree> {
    let start = game.initial_position();
    match sent {
        None => Ok(start.clone()),
        Some(sent) => sent
            .with_castling_mode(start.castling_mode())
            .ok()
            .filter(|sent| sent == start)
            .map(|_| start.clone())
            .ok_or(InvalidTree::OtherStart),
    }
}

/// A game's move tree, checked to hold the game: the game's start, its moves as a line from
/// there, and room for the export to put the game's line first ([`StoredTree::around`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredTree {
    pgn: String,
}

impl StoredTree {
    /// `tree` as `game`'s tree, if it holds the game, its comments cleaned (see
    /// `comment_text.rs`).
    pub fn for_game(game: &Game, tree: &GameTree) -> Result<StoredTree, InvalidTree> {
        check(game, tree)?;
        let mut clean = tree.clone();
        clean_tree_comments(&mut clean);
        Ok(StoredTree {
            pgn: pgn::write_tree(&Tags::new(), &clean),
        })
    }

    /// A tree read back from a store for `game`, re-validated as [`StoredTree::for_game`]
    /// validates a new one; why not, for the record's error. Its comments are cleaned again,
    /// not trusted: one kept before they were cleaned comes back clean.
    pub fn from_stored(game: &Game, text: &str) -> Result<StoredTree, String> {
        let mut read = pgn::read_tree(text).map_err(|error| format!("stored tree: {error}"))?;
        check(game, &read.tree).map_err(|error| format!("stored tree: {error}"))?;
        let pgn = if clean_tree_comments(&mut read.tree) {
            pgn::write_tree(&Tags::new(), &read.tree)
        } else {
            text.to_owned()
        };
        Ok(StoredTree { pgn })
    }

    /// The tree as PGN text, as a store keeps it.
    pub fn as_pgn(&self) -> &str {
        &self.pgn
    }

    /// The tree itself.
    pub fn tree(&self) -> GameTree {
        pgn::read_tree(&self.pgn)
            .expect("written by write_tree and checked when made")
            .tree
    }

    /// The game's line as the main line, with `annotations` on its moves (the review's), and
    /// every other line of this tree around it with its comments: what the export writes. The
    /// fit was checked when the tree was kept, and a finished game's moves do not change; were
    /// `game` another, the export would still be its moves alone rather than fail.
    pub fn around(&self, game: &Game, annotations: &Annotations) -> GameTree {
        let main = GameTree::from_game(game, annotations).expect("a game fits a tree");
        let mut merged = main.clone();
        match merged.graft(&self.tree()) {
            Ok(()) => merged,
            Err(_) => main,
        }
    }
}

/// The tree of `game`'s moves alone: what a game without a stored tree shows.
pub fn tree_of_game(game: &Game) -> GameTree {
    GameTree::from_game(game, &Annotations::new()).expect("a game fits a tree")
}

/// Whether `tree` holds `game`: the same start, the game's moves as a line from it, and the
/// other lines still within the tree's bounds once the game's line is made the main one.
fn check(game: &Game, tree: &GameTree) -> Result<(), InvalidTree> {
    if tree.start() != game.initial_position() {
        return Err(InvalidTree::OtherStart);
    }
    let mut at: NodeId = tree.root();
    for (ply, (&m, before)) in game.moves().iter().zip(game.positions()).enumerate() {
        let children = tree.children(at).expect("a node of the tree");
        at = children
            .iter()
            .copied()
            .find(|&child| tree.node(child).and_then(|node| node.m()) == Some(m))
            .ok_or_else(|| InvalidTree::MissingGameMove {
                ply: ply + 1,
                san: SanPlus::from_move(before, m).to_string(),
            })?;
    }
    tree_of_game(game).graft(tree).map_err(InvalidTree::Misfit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::model::setup::parse_pgn;
    use crate::games::model::tree_input::parse_pgn_tree;

    fn game() -> Game {
        parse_pgn("1. f3 e5 2. g4 Qh4# 0-1").expect("fool's mate")
    }

    #[test]
    fn a_tree_holding_the_game_on_a_side_line_is_kept_and_exported_around_it() {
        let tree = parse_pgn_tree("1. e4 { better } (1. f3 e5 2. g4 (2. e4) 2... Qh4#) *")
            .expect("a tree");
        let stored = StoredTree::for_game(&game(), &tree).expect("holds the game");
        assert_eq!(stored.tree(), tree, "read back as it was");
        let again = StoredTree::from_stored(&game(), stored.as_pgn()).expect("valid");
        assert_eq!(again, stored);
        let merged = stored.around(&game(), &Annotations::new());
        let text = pgn::write_tree(&Tags::new(), &merged);
        let movetext: Vec<&str> = text
            .rsplit("\n\n")
            .next()
            .expect("moves")
            .split_whitespace()
            .collect();
        assert_eq!(
            movetext.join(" "),
            "1. f3 (1. e4 { better }) 1... e5 2. g4 (2. e4) 2... Qh4# 0-1"
        );
    }

    #[test]
    fn a_chess960_games_start_sent_back_in_either_notation_is_its_start() {
        use crate::games::model::setup::parse_fen;
        let start = Position::chess960(0).expect("setup 0");
        let game = Game::new(start.clone());
        for fen in [start.to_fen(), start.to_shredder_fen()] {
            let sent = parse_fen(&fen).expect("a FEN");
            assert_eq!(start_for(&game, Some(sent)), Ok(start.clone()), "{fen}");
        }
        assert_eq!(start_for(&game, None), Ok(start));
        let other = parse_fen(alphachess_engine::STARTPOS_FEN).expect("a FEN");
        assert_eq!(start_for(&game, Some(other)), Err(InvalidTree::OtherStart));
    }

    #[test]
    fn a_tree_without_the_games_moves_or_from_elsewhere_is_refused() {
        let tree = parse_pgn_tree("1. f3 e5 2. g3 *").expect("a tree");
        assert_eq!(
            StoredTree::for_game(&game(), &tree),
            Err(InvalidTree::MissingGameMove {
                ply: 3,
                san: "g4".into()
            })
        );
        let elsewhere =
            parse_pgn_tree("[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"] 1. Kf1 *").expect("a tree");
        assert_eq!(
            StoredTree::for_game(&game(), &elsewhere),
            Err(InvalidTree::OtherStart)
        );
        assert!(StoredTree::from_stored(&game(), "1. e4 *").is_err());
    }
}
