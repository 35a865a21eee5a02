//! The move tree a player keeps with a finished game: shown to anyone, as the game is, and kept
//! by the game's player through the same change, durability and roll-back as any other change.

use alphachess_engine::Position;
use bytes::Bytes;

use super::GameService;
use crate::games::model::error::GameError;
use crate::games::model::id::GameId;
use crate::games::model::state::GameState;
use crate::games::model::stored_tree::{start_for, tree_of_game, KeepTreeError, StoredTree};
use crate::games::model::tree_input::{tree_of_entries, TreeEntry};
use crate::games::view::export_cache::{Export, Stamp};
use crate::games::view::tree_view::TreeView;

impl GameService {
    /// The move tree kept with a game, or the tree of its moves alone when none was kept (no
    /// token needed, like the game), as JSON (a [`TreeView`]): made once per change of the game
    /// (see `export_cache.rs`).
    pub async fn tree_json(&self, id: &GameId) -> Result<Bytes, GameError> {
        let slot = self.games.find(id).await?;
        Ok(slot.read(|state| {
            let stamp = Stamp::tree(state.version());
            self.exports.get_or_make(id, Export::Tree, stamp, || {
                let tree = match state.tree() {
                    Some(kept) => kept.tree(),
                    None => tree_of_game(state.game()),
                };
                let view = TreeView::of(&tree);
                Bytes::from(serde_json::to_vec(&view).expect("a tree view always serializes"))
            })
        }))
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
