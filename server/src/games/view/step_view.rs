//! A step of the ladder as the API shows it: its number, name and measured rating.

use serde::Serialize;
use utoipa::ToSchema;

use crate::games::model::ladder::measured;
use crate::games::model::level::Level;

/// A step as the API shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct StepView {
    /// The step's number, as `level` when creating a game.
    pub level: u8,
    pub name: String,
    /// Measured rating on the engine scale.
    pub rating: i32,
    /// The 95 % interval of the rating.
    pub low: i32,
    pub high: i32,
    /// Games the step played in the measurement.
    pub games: usize,
}

impl StepView {
    pub fn of(level: Level) -> StepView {
        let row = measured(level);
        StepView {
            level: level.get(),
            name: row.name.clone(),
            rating: row.rating,
            low: row.low,
            high: row.high,
            games: row.games,
        }
    }
}
