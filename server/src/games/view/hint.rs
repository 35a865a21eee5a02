//! The engine's suggestion for the player's move, as the API shows it.

use serde::Serialize;
use utoipa::ToSchema;

/// The engine's suggestion for the player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Hint {
    #[schema(example = "e2e4")]
    pub uci: String,
    #[schema(example = "e4")]
    pub san: String,
}
