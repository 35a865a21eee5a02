//! What a PGN game says about its moves besides the moves: NAGs and comments.

use super::{Comment, Nag};

/// The NAGs and comments that follow one move of the main line: `Nxe5?! { [%eval 0.35] }`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveAnnotation {
    /// The NAGs, in the order written (a mark such as `?!` counts as its NAG, here `$6`).
    pub nags: Vec<Nag>,
    /// The comments, in the order written.
    pub comments: Vec<Comment>,
}

impl MoveAnnotation {
    /// Whether there are neither NAGs nor comments.
    pub fn is_empty(&self) -> bool {
        self.nags.is_empty() && self.comments.is_empty()
    }
}

/// The annotations of a game's main line: comments before the first move, then the NAGs and
/// comments of each move. Variations, and whatever they hold, are not kept here: a
/// [`GameTree`](crate::GameTree) keeps them ([`read_tree`](super::read_tree)).
///
/// ```
/// use alphachess_engine::pgn::{self, Eval, Nag};
///
/// let text = "1. e4 { [%eval 0.17] } 1... f5?! { [%eval 0.90] Inaccuracy. } 2. exf5 *";
/// let game = pgn::read_game(text)?;
/// let f5 = &game.annotations.moves[1];
/// assert_eq!(f5.nags, [Nag::DUBIOUS]);
/// assert_eq!(Eval::from_comment(&f5.comments[0]), Some(Eval::Centipawns(90)));
/// let written = pgn::write_annotated(&game.tags, &game.game, &game.annotations);
/// assert!(written.ends_with("\n\n1. e4 { [%eval 0.17] } 1... f5?! { [%eval 0.90] Inaccuracy. } 2. exf5 *\n"));
/// # Ok::<(), pgn::PgnError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Annotations {
    /// Comments after the tags and before the first move.
    pub before: Vec<Comment>,
    /// The annotations of each move, by ply: `moves[0]` follows the first move. The reader gives
    /// one entry per move of the main line (empty where there is nothing); the writer ignores
    /// entries past the last move and treats missing ones as empty.
    pub moves: Vec<MoveAnnotation>,
}

impl Annotations {
    /// No annotations.
    pub fn new() -> Annotations {
        Annotations::default()
    }

    /// Whether there is no comment and no NAG anywhere.
    pub fn is_empty(&self) -> bool {
        self.before.is_empty() && self.moves.iter().all(MoveAnnotation::is_empty)
    }

    /// The annotation of the move at `ply` (0 for the first move), if there is one.
    pub fn of_move(&self, ply: usize) -> Option<&MoveAnnotation> {
        self.moves
            .get(ply)
            .filter(|annotation| !annotation.is_empty())
    }

    /// The annotation of the move at `ply`, made (with empty ones before it) if missing.
    pub fn of_move_mut(&mut self, ply: usize) -> &mut MoveAnnotation {
        if self.moves.len() <= ply {
            self.moves.resize_with(ply + 1, MoveAnnotation::default);
        }
        &mut self.moves[ply]
    }
}
