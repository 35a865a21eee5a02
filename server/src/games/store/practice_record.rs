//! A practice card's schedule as both stores keep it (issue #41): one row per mistake of a game
//! (`game_id`, `ply`), written after every graded try. The card itself (the position, the move
//! played, the judgment and sentence) is not stored: it is read from the game's stored review
//! each time, so it can never disagree with it. The owner is the game's: a card is its game's,
//! and a game is its key's.

/// One card's FSRS memory (`practice/fsrs.rs`) and whether the current round already had a
/// wrong try. Times are Unix seconds.
#[derive(Debug, Clone, PartialEq)]
pub struct PracticeRecord {
    pub game_id: String,
    pub ply: i64,
    /// `learning`, `review` or `relearning`.
    pub phase: String,
    pub step: Option<i64>,
    pub stability: Option<f64>,
    pub difficulty: Option<f64>,
    pub due: i64,
    pub last_review: Option<i64>,
    /// A wrong try since the last grade: solving now grades the card Hard, not Good.
    pub failed_try: bool,
}
