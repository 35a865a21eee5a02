//! What a store shared by several servers (PostgreSQL) does beyond storing: one optional
//! capability ([`GameStore::shared`]) rather than defaulted methods and flags, so the code that
//! only matters with several servers asks for it once and is plainly skipped alone.

use tokio::sync::broadcast;

use super::{Change, Claimed, GameStore, Holding, Pending};
use crate::games::model::id::GameId;
use crate::token::TokenHash;

/// The duties of a store other servers write too.
pub trait SharedStore: GameStore {
    /// Keeps this server's lease on the engine's reply to the game at `version` for as long as
    /// it is polled (the search runs beside it); never resolves. Another server takes the reply
    /// over once the lease is not renewed.
    fn hold_lease(&self, id: &GameId, version: u64) -> Holding<'_>;

    /// Takes over (up to `limit`) games whose engine reply was leased by a server that stopped
    /// renewing the lease: this server makes those moves now.
    fn claim_expired_leases(&self, limit: usize) -> Pending<'_, Vec<Claimed>>;

    /// Every change of every game, as other servers make them.
    fn changes(&self) -> broadcast::Receiver<Change>;

    /// The ids of the stored games whose token hashes to `owner` (a key's games, see
    /// `owners.rs`), at most `limit`, whichever server holds them.
    fn owned_games(&self, owner: &TokenHash, limit: usize) -> Pending<'_, Vec<GameId>>;
}
