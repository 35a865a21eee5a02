//! A practice card: one of the player's own mistakes in a reviewed game (issue #41), read from
//! the game's stored review each time, never stored itself.
//!
//! Which moves: the player's own moves the review classes `inaccuracy`, `mistake`, `blunder` or
//! `miss` (a missed win), with the review's sentence when it has one. Both are read by
//! [`judged`], the one place that knows where the review keeps them.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use utoipa::ToSchema;

use crate::analysis::classes::MoveClass;
use crate::analysis::explain::{Explanation, ExplanationKind};
use crate::analysis::phases::divide;
use crate::analysis::Review;
use crate::games::{GameId, ReviewedGame};

/// Names a card: its game and the ply of the move to find again (`<game id>-<ply>`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardId {
    pub game: GameId,
    pub ply: usize,
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.game, self.ply)
    }
}

/// A card id that is not `<game id>-<ply>`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a practice card: a card is named <game id>-<ply>, as GET /api/practice lists it")]
pub struct BadCardId;

impl FromStr for CardId {
    type Err = BadCardId;

    fn from_str(text: &str) -> Result<CardId, BadCardId> {
        let (game, ply) = text.split_once('-').ok_or(BadCardId)?;
        let game = GameId::parse(game).ok_or(BadCardId)?;
        let ply = ply.parse().ok().filter(|&ply| ply > 0).ok_or(BadCardId)?;
        Ok(CardId { game, ply })
    }
}

/// The game's phase a move was played in (as the review divides the game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum GamePhase {
    Opening,
    Middlegame,
    Endgame,
}

/// One of the player's mistakes.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    pub id: CardId,
    /// The review's class of the move: inaccuracy, mistake, blunder or miss.
    pub class: MoveClass,
    /// The review's sentence about the move, if a rule proved one. Its text names the engine's
    /// line, so it is shown only once the card is solved or revealed; its kind before.
    pub explanation: Option<Explanation>,
    pub phase: GamePhase,
}

/// What the review says of one move: its class and sentence.
#[derive(Debug, Clone, PartialEq)]
pub struct JudgedPly {
    pub ply: usize,
    pub class: MoveClass,
    pub explanation: Option<Explanation>,
}

/// The review's per-move classes and sentences (final plies only): the one place the deck reads
/// them, so a change of how the review judges moves is a change here alone.
pub fn judged(review: &Review) -> Vec<JudgedPly> {
    review
        .final_plies()
        .into_iter()
        .filter_map(|ply| {
            Some(JudgedPly {
                ply: ply.ply,
                class: ply.class?,
                explanation: ply.explanation,
            })
        })
        .collect()
}

/// Whether a class makes a card.
fn is_card(class: MoveClass) -> bool {
    matches!(
        class,
        MoveClass::Inaccuracy | MoveClass::Mistake | MoveClass::Blunder | MoveClass::Miss
    )
}

/// The cards of a reviewed game: the player's own mistakes, in game order.
pub fn cards(game: &ReviewedGame) -> Vec<Card> {
    let positions = game.review.game().positions();
    let division = divide(positions);
    let phase = |ply: usize| {
        let index = ply - 1;
        if division.endgame.is_some_and(|start| index >= start) {
            GamePhase::Endgame
        } else if division.middlegame.is_some_and(|start| index >= start) {
            GamePhase::Middlegame
        } else {
            GamePhase::Opening
        }
    };
    let mover = |ply: usize| positions.get(ply - 1).map(|position| position.turn());
    judged(&game.review)
        .into_iter()
        .filter(|judged| is_card(judged.class) && mover(judged.ply) == Some(game.player))
        .map(|judged| Card {
            id: CardId {
                game: game.id.clone(),
                ply: judged.ply,
            },
            class: judged.class,
            explanation: judged.explanation,
            phase: phase(judged.ply),
        })
        .collect()
}

/// What the "What I keep getting wrong" counts group a card under: the sentence's kind, folded
/// to the four a player recognises, or the class for a missed win without a sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WeaknessKind {
    Hangs,
    Forks,
    MatesAllowed,
    MissedWins,
    /// Pins, skewers and promotions allowed.
    OtherTactics,
    /// Material given away over Stockfish's line (no single tactic named).
    MaterialLost,
    /// A better move and its line, no tactic or material named.
    Unexplained,
}

impl Card {
    /// The group of the card in the counts.
    pub fn weakness(&self) -> WeaknessKind {
        match self
            .explanation
            .as_ref()
            .map(|explanation| explanation.kind)
        {
            Some(ExplanationKind::HangsPiece) => WeaknessKind::Hangs,
            Some(ExplanationKind::AllowsFork) => WeaknessKind::Forks,
            Some(ExplanationKind::AllowsMate) => WeaknessKind::MatesAllowed,
            Some(ExplanationKind::MissesMate | ExplanationKind::MissesMaterial) => {
                WeaknessKind::MissedWins
            }
            Some(
                ExplanationKind::AllowsPin
                | ExplanationKind::AllowsSkewer
                | ExplanationKind::AllowsPromotion,
            ) => WeaknessKind::OtherTactics,
            Some(ExplanationKind::LosesMaterial) => WeaknessKind::MaterialLost,
            Some(ExplanationKind::BetterMove) | None if self.class == MoveClass::Miss => {
                WeaknessKind::MissedWins
            }
            Some(ExplanationKind::BetterMove) | None => WeaknessKind::Unexplained,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_id_reads_back_and_nothing_else_does() {
        let id: CardId = "abcdefghijkl-7".parse().expect("a card id");
        assert_eq!(id.ply, 7);
        assert_eq!(id.to_string(), "abcdefghijkl-7");
        for bad in [
            "abcdefghijkl",
            "abcdefghijkl-0",
            "abc-7",
            "abcdefghijkl-x",
            "",
        ] {
            assert_eq!(bad.parse::<CardId>(), Err(BadCardId), "{bad}");
        }
    }
}
