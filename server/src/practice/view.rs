//! What the practice API shows (issue #41). Before a card is solved or revealed nothing gives
//! its answer away: no best move, no line, no evaluation, and of the review's sentence (which
//! names the engine's line) only its kind. Times are Unix seconds.

use alphachess_engine::Color;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::card::{Card, GamePhase, WeaknessKind};
use super::fsrs::Grade;
use super::schedule::{CardState, Schedule};
use crate::analysis::classes::MoveClass;
use crate::analysis::explain::ExplanationKind;
use crate::analysis::BestMove;
use crate::games::views::{ColorName, RetryAnswer, Solution};

/// `GET /api/practice`: the key's cards due now, and the deck's counts.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct PracticeDeck {
    /// Cards due by the end of today (UTC), those due now included.
    pub due_today: usize,
    /// Cards being learnt or relearnt (short steps).
    pub learning: usize,
    /// Cards never tried.
    pub new: usize,
    /// Every card of the deck.
    pub total: usize,
    /// The cards due now, the longest overdue first (at most 100).
    pub cards: Vec<CardView>,
    /// "What I keep getting wrong".
    pub weaknesses: Weaknesses,
}

/// One card, as asked: nothing of the answer.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CardView {
    /// `<game id>-<ply>`: what `POST /api/practice/{card}/try` takes.
    #[schema(example = "k3v9x2m1q8zt-6")]
    pub id: String,
    pub game_id: String,
    /// The ply of the move to find again: the position is the one before it.
    pub ply: usize,
    #[schema(example = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3")]
    pub fen: String,
    /// The side to move: the player.
    #[schema(value_type = ColorName)]
    pub turn: Color,
    /// The move that was played.
    pub played: BestMove,
    /// The review's class of that move: `inaccuracy`, `mistake`, `blunder` or `miss`.
    pub class: MoveClass,
    /// The kind of the review's sentence about it, if any (its text comes with the answer).
    pub kind: Option<ExplanationKind>,
    pub phase: GamePhase,
    pub state: CardState,
    pub due: i64,
}

/// The deck's cards counted by what went wrong ("missed forks: 7 of 23").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Weaknesses {
    /// By the kind of the review's sentence, the most frequent first.
    pub by_kind: Vec<KindCount>,
    /// By the game's phase, in game order.
    pub by_phase: Vec<PhaseCount>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct KindCount {
    pub kind: WeaknessKind,
    pub cards: usize,
    /// Every card of the deck.
    pub of: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PhaseCount {
    pub phase: GamePhase,
    pub cards: usize,
    pub of: usize,
}

/// `POST /api/practice/{card}/try`'s body.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct PracticeTryRequest {
    /// The move, in SAN (`Nf3`) or UCI (`g1f3`).
    #[serde(rename = "move")]
    #[schema(example = "Nf3")]
    pub text: String,
}

/// The answer to a try: retry's own answer (the verdict, the try's evaluation, its loss in
/// points and in words, the solution once solved), one type for both, so the deck and retry
/// cannot come to say a try differently; and the card's grade and next due date.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct PracticeTry {
    #[serde(flatten)]
    pub answer: RetryAnswer,
    /// Only once solved: the review's sentence about the move played.
    pub sentence: Option<String>,
    /// The grade the try gave (`good` at the first try, `hard` after a wrong one); `null` for a
    /// wrong try, which grades nothing: the card stays due.
    pub grade: Option<Grade>,
    pub state: CardState,
    /// When the card is due next.
    pub due: i64,
}

/// The answer to `POST /api/practice/{card}/reveal`: the card is graded `again`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct PracticeReveal {
    pub solution: Solution,
    pub sentence: Option<String>,
    pub grade: Grade,
    pub state: CardState,
    pub due: i64,
}

/// The counts of `cards` by kind and by phase.
pub fn weaknesses(cards: &[Card]) -> Weaknesses {
    let of = cards.len();
    let mut by_kind: Vec<KindCount> = Vec::new();
    for card in cards {
        let kind = card.weakness();
        match by_kind.iter_mut().find(|count| count.kind == kind) {
            Some(count) => count.cards += 1,
            None => by_kind.push(KindCount { kind, cards: 1, of }),
        }
    }
    by_kind.sort_by(|a, b| b.cards.cmp(&a.cards).then(a.kind.cmp(&b.kind)));
    let by_phase = [
        GamePhase::Opening,
        GamePhase::Middlegame,
        GamePhase::Endgame,
    ]
    .into_iter()
    .map(|phase| PhaseCount {
        phase,
        cards: cards.iter().filter(|card| card.phase == phase).count(),
        of,
    })
    .collect();
    Weaknesses { by_kind, by_phase }
}

impl CardView {
    pub fn of(card: &Card, game: &crate::games::ReviewedGame, schedule: &Schedule) -> CardView {
        let before = &game.review.game().positions()[card.id.ply - 1];
        let played = game.review.game().moves()[card.id.ply - 1];
        CardView {
            id: card.id.to_string(),
            game_id: card.id.game.to_string(),
            ply: card.id.ply,
            fen: before.to_fen(),
            turn: before.turn(),
            played: crate::games::views::both(before, played),
            class: card.class,
            kind: card
                .explanation
                .as_ref()
                .map(|explanation| explanation.kind),
            phase: card.phase,
            state: schedule.state(),
            due: schedule.memory.due,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::explain::Explanation;
    use crate::practice::card::CardId;

    fn card(ply: usize, class: MoveClass, kind: Option<ExplanationKind>, phase: GamePhase) -> Card {
        Card {
            id: CardId {
                game: crate::games::GameId::parse("abcdefghijkl").expect("an id"),
                ply,
            },
            class,
            explanation: kind.map(|kind| Explanation {
                kind,
                sentence: String::new(),
                line: Vec::new(),
                from_ply: ply,
            }),
            phase,
        }
    }

    #[test]
    fn the_deck_is_counted_by_kind_and_by_phase_out_of_every_card() {
        use ExplanationKind::{AllowsFork, AllowsMate, MissesMaterial};
        use GamePhase::{Endgame, Middlegame, Opening};
        use MoveClass::{Blunder, Miss, Mistake};
        let cards = [
            card(3, Mistake, Some(AllowsFork), Opening),
            card(9, Blunder, Some(AllowsFork), Middlegame),
            card(15, Blunder, Some(AllowsFork), Middlegame),
            card(21, Blunder, Some(AllowsMate), Middlegame),
            card(25, Miss, Some(MissesMaterial), Endgame),
            card(31, Miss, None, Endgame),
        ];
        let counts = weaknesses(&cards);
        let by_kind: Vec<_> = counts
            .by_kind
            .iter()
            .map(|count| (count.kind, count.cards, count.of))
            .collect();
        assert_eq!(
            by_kind,
            [
                (WeaknessKind::Forks, 3, 6),
                (WeaknessKind::MissedWins, 2, 6),
                (WeaknessKind::MatesAllowed, 1, 6),
            ],
            "the most frequent first, out of every card"
        );
        let by_phase: Vec<_> = counts
            .by_phase
            .iter()
            .map(|count| (count.phase, count.cards, count.of))
            .collect();
        assert_eq!(
            by_phase,
            [(Opening, 1, 6), (Middlegame, 3, 6), (Endgame, 2, 6)]
        );
    }
}
