//! The practice use cases (issue #41): the key's deck, a try, a reveal. Cards come from the
//! done reviews of the key's games each time (`card.rs`); only their schedules are stored. A try
//! is judged by the retry flow's judge (`PracticeService::judge_try`), at the review's budget.

use std::collections::HashMap;

use super::card::{cards, Card, CardId};
use super::schedule::{CardState, Schedule};
use super::view::{weaknesses, CardView, PracticeDeck, PracticeReveal, PracticeTry};
use crate::analysis::retry::{puzzle_at, Verdict};
use crate::games::views::Solution;
use crate::games::{GameError, PracticeService, RetryError, ReviewedGame};

/// Most due cards one answer lists.
pub const MAX_LISTED: usize = 100;
const DAY: i64 = 86_400;

/// The key's deck at `now` (Unix seconds).
pub async fn deck(
    service: &PracticeService,
    key: &str,
    now: i64,
) -> Result<PracticeDeck, RetryError> {
    let games = service.reviewed_games(key).await?;
    let ids: Vec<_> = games.iter().map(|game| game.id.clone()).collect();
    let schedules = schedules(service, &ids).await?;
    let mut deck: Vec<(Card, &ReviewedGame, Schedule)> = games
        .iter()
        .flat_map(|game| cards(game).into_iter().map(move |card| (card, game)))
        .map(|(card, game)| {
            let schedule = schedules
                .get(&card.id)
                .copied()
                .unwrap_or_else(|| Schedule::new(now));
            (card, game, schedule)
        })
        .collect();
    deck.sort_by(|a, b| (a.2.memory.due, &a.0.id).cmp(&(b.2.memory.due, &b.0.id)));
    let end_of_day = (now.div_euclid(DAY) + 1) * DAY;
    let count = |keep: &dyn Fn(&Schedule) -> bool| deck.iter().filter(|c| keep(&c.2)).count();
    let all: Vec<Card> = deck.iter().map(|(card, _, _)| card.clone()).collect();
    Ok(PracticeDeck {
        due_today: count(&|s| s.memory.due < end_of_day),
        learning: count(&|s| matches!(s.state(), CardState::Learning | CardState::Relearning)),
        new: count(&|s| s.state() == CardState::New),
        total: deck.len(),
        cards: deck
            .iter()
            .filter(|(_, _, schedule)| schedule.memory.due <= now)
            .take(MAX_LISTED)
            .map(|(card, game, schedule)| CardView::of(card, game, schedule))
            .collect(),
        weaknesses: weaknesses(&all),
    })
}

/// Judges the try `text` at card `id` of `key` at `now`, and grades the card when solved.
pub async fn try_card(
    service: &PracticeService,
    key: &str,
    id: &CardId,
    text: &str,
    now: i64,
) -> Result<PracticeTry, RetryError> {
    let (game, card, schedule) = card_of(service, key, id, now).await?;
    let puzzle = puzzle_at(&game.review, id.ply).ok_or(RetryError::NoSuchPuzzle(id.ply))?;
    let answer = service
        .judge_try(
            &id.game,
            &puzzle,
            game.review.game().clone(),
            game.nodes,
            text,
        )
        .await?;
    let solved = answer.verdict == Verdict::Solved;
    let (schedule, grade) = schedule.after_try(solved, now);
    keep(service, id, &schedule).await?;
    Ok(PracticeTry {
        answer,
        sentence: solved.then(|| sentence(&card)).flatten(),
        grade,
        state: schedule.state(),
        due: schedule.memory.due,
    })
}

/// The answer of card `id` of `key`, given up at `now`: the card is graded again.
pub async fn reveal(
    service: &PracticeService,
    key: &str,
    id: &CardId,
    now: i64,
) -> Result<PracticeReveal, RetryError> {
    let (game, card, schedule) = card_of(service, key, id, now).await?;
    let puzzle = puzzle_at(&game.review, id.ply).ok_or(RetryError::NoSuchPuzzle(id.ply))?;
    let schedule = schedule.after_reveal(now);
    keep(service, id, &schedule).await?;
    Ok(PracticeReveal {
        solution: Solution::of(&puzzle),
        sentence: sentence(&card),
        grade: super::fsrs::Grade::Again,
        state: schedule.state(),
        due: schedule.memory.due,
    })
}

fn sentence(card: &Card) -> Option<String> {
    card.explanation
        .as_ref()
        .map(|explanation| explanation.sentence.clone())
}

/// Card `id` of `key`'s game (refused as a wrong token is when the game is not the key's), and
/// its schedule.
async fn card_of(
    service: &PracticeService,
    key: &str,
    id: &CardId,
    now: i64,
) -> Result<(ReviewedGame, Card, Schedule), RetryError> {
    let game = service.reviewed_game(&id.game, key).await?;
    let card = cards(&game)
        .into_iter()
        .find(|card| card.id == *id)
        .ok_or(RetryError::NoSuchPuzzle(id.ply))?;
    let schedule = schedules(service, std::slice::from_ref(&id.game))
        .await?
        .remove(id)
        .unwrap_or_else(|| Schedule::new(now));
    Ok((game, card, schedule))
}

/// The stored schedules of the cards of `games`.
async fn schedules(
    service: &PracticeService,
    games: &[crate::games::GameId],
) -> Result<HashMap<CardId, Schedule>, RetryError> {
    let records = service
        .practice_records(games)
        .await
        .map_err(GameError::Store)?;
    Ok(records
        .iter()
        .filter_map(|record| {
            let id = CardId {
                game: crate::games::GameId::parse(&record.game_id)?,
                ply: usize::try_from(record.ply).ok()?,
            };
            Some((id, Schedule::of(record)?))
        })
        .collect())
}

async fn keep(
    service: &PracticeService,
    id: &CardId,
    schedule: &Schedule,
) -> Result<(), RetryError> {
    service
        .save_practice_record(schedule.record(id))
        .await
        .map_err(GameError::Store)?;
    Ok(())
}

/// Now, in Unix seconds (the deck's clock).
pub fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| i64::try_from(elapsed.as_secs()).unwrap_or(i64::MAX))
        .unwrap_or_default()
}
