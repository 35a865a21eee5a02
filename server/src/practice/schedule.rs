//! A card's schedule: its FSRS memory (`fsrs.rs`) and how a try grades it (issue #41). A round
//! of a card ends with a grade: solved at the first try, **good**; solved after a wrong try,
//! **hard**; revealed, **again**. A wrong try alone grades nothing (the card stays due) and is
//! remembered, so solving it next grades hard.

use serde::Serialize;
use utoipa::ToSchema;

use super::card::CardId;
use super::fsrs::{Grade, Memory, Phase};
use crate::games::stores::PracticeRecord;

/// A card's schedule.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Schedule {
    pub memory: Memory,
    /// A wrong try since the last grade.
    pub failed_try: bool,
}

/// Where a card stands, as the deck counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CardState {
    /// Never graded.
    New,
    Learning,
    Review,
    Relearning,
}

impl Schedule {
    /// A card never tried, due at `now`.
    pub fn new(now: i64) -> Schedule {
        Schedule {
            memory: Memory::new(now),
            failed_try: false,
        }
    }

    pub fn state(&self) -> CardState {
        match self.memory.phase {
            _ if self.memory.is_new() => CardState::New,
            Phase::Learning => CardState::Learning,
            Phase::Review => CardState::Review,
            Phase::Relearning => CardState::Relearning,
        }
    }

    /// After a try at `now`: graded when solved (good, or hard after a wrong try).
    pub fn after_try(self, solved: bool, now: i64) -> (Schedule, Option<Grade>) {
        if !solved {
            let schedule = Schedule {
                failed_try: true,
                ..self
            };
            return (schedule, None);
        }
        let grade = if self.failed_try {
            Grade::Hard
        } else {
            Grade::Good
        };
        (self.graded(grade, now), Some(grade))
    }

    /// After the answer was revealed at `now`: again.
    pub fn after_reveal(self, now: i64) -> Schedule {
        self.graded(Grade::Again, now)
    }

    fn graded(self, grade: Grade, now: i64) -> Schedule {
        Schedule {
            memory: self.memory.review(grade, now),
            failed_try: false,
        }
    }

    /// The row the stores keep.
    pub fn record(&self, id: &CardId) -> PracticeRecord {
        let m = &self.memory;
        PracticeRecord {
            game_id: id.game.to_string(),
            ply: i64::try_from(id.ply).unwrap_or(i64::MAX),
            phase: match m.phase {
                Phase::Learning => "learning",
                Phase::Review => "review",
                Phase::Relearning => "relearning",
            }
            .to_owned(),
            step: m.step.map(i64::from),
            stability: m.stability,
            difficulty: m.difficulty,
            due: m.due,
            last_review: m.last_review,
            failed_try: self.failed_try,
        }
    }

    /// The schedule a stored row holds; `None` for a row this release cannot read (the card is
    /// then new again rather than lost).
    pub fn of(record: &PracticeRecord) -> Option<Schedule> {
        let phase = match record.phase.as_str() {
            "learning" => Phase::Learning,
            "review" => Phase::Review,
            "relearning" => Phase::Relearning,
            _ => return None,
        };
        Some(Schedule {
            memory: Memory {
                phase,
                step: record.step.and_then(|step| u32::try_from(step).ok()),
                stability: record.stability,
                difficulty: record.difficulty,
                due: record.due,
                last_review: record.last_review,
            },
            failed_try: record.failed_try,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_767_225_600;

    #[test]
    fn a_first_try_solve_is_good_a_solve_after_a_wrong_try_hard_a_reveal_again() {
        let (solved, grade) = Schedule::new(NOW).after_try(true, NOW);
        assert_eq!(grade, Some(Grade::Good));
        let (wrong, grade) = Schedule::new(NOW).after_try(false, NOW);
        assert_eq!(grade, None);
        assert!(wrong.failed_try);
        assert_eq!(
            wrong.memory,
            Memory::new(NOW),
            "a wrong try alone grades nothing"
        );
        let (hard, grade) = wrong.after_try(true, NOW);
        assert_eq!(grade, Some(Grade::Hard));
        assert!(!hard.failed_try);
        let revealed = wrong.after_reveal(NOW);
        assert!(solved.memory.due > hard.memory.due, "{solved:?} {hard:?}");
        assert!(
            hard.memory.due > revealed.memory.due,
            "{hard:?} {revealed:?}"
        );
    }

    #[test]
    fn a_schedule_reads_back_from_its_row() {
        let id: CardId = "abcdefghijkl-9".parse().expect("an id");
        let (schedule, _) = Schedule::new(NOW).after_try(true, NOW + 5);
        let (schedule, _) = schedule.after_try(false, NOW + 60);
        assert_eq!(Schedule::of(&schedule.record(&id)), Some(schedule));
    }
}
