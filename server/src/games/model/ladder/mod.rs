//! The measured ladder of opponents and the player's rating against it.

mod glicko2;
mod key_rating;
mod suggest;
mod table;

pub use glicko2::{GameScore, Glicko2};
pub use key_rating::{KeyRating, RatedGame};
pub use suggest::{suggest, Suggestion};
pub use table::{ladder, measured, LadderTable, MeasuredAnchor, MeasuredStep, SCALE};
