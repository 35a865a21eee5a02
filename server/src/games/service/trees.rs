//! The move tree a player keeps with a finished game: shown to anyone, as the game is, and kept
//! by the game's player through the same change, durability and roll-back as any other change.

use alphachess_engine::Position;

use super::GameService;
use crate::games::model::error::GameError;
use crate::games::model::id::GameId;
use crate::games::model::state::GameState;
use crate::games::model::stored_tree::{start_for, tree_of_game, KeepTreeError, StoredTree};
use crate::games::model::tree_input::{tree_of_entries, TreeEntry};
use crate::games::view::tree_view::TreeView;

impl GameService {
    /// The move tree kept with a game, or the tree of its moves alone when none was kept (no
    /// token needed, like the game).
    pub async fn tree(&self, id: &GameId) -> Result<TreeView, GameError> {
        let slot = self.games.find(id).await?;
        let (game, kept) = slot.read(|state| (state.game().clone(), state.tree().cloned()));
        let tree = match kept {
            Some(kept) => kept.tree(),
            None => tree_of_game(&game),
        };
        Ok(TreeView::of(&tree))
    }

    /// Keeps the tree of `entries` from `start` (the game's start if `None`) with the finished
    /// game, in place of any kept before: it must hold the game's moves as a line from the start.
    /// Durable before it is answered; a tree the store failed to keep is not kept in memory.
    pub async fn keep_tree(
        &self,
        id: &GameId,
        token: &str,
        start: Option<Position>,
        entries: &[TreeEntry],
    ) -> Result<TreeView, KeepTreeError> {
        let slot = self.games.find_authorized(id, token).await?;
        let (game, version, finished) =
            slot.read(|state| (state.game().clone(), state.version(), state.is_finished()));
        if !finished {
            return Err(GameError::NotFinished.into());
        }
        let tree = tree_of_entries(start_for(&game, start)?, entries)?;
        let kept = StoredTree::for_game(&game, &tree)?;
        self.kept(&slot, move |state: &mut GameState| {
            state.keep_tree(kept, version)
        })
        .await?;
        Ok(TreeView::of(&tree))
    }
}
