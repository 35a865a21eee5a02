//! FSRS-6, the spaced-repetition scheduler Anki uses, as its reference implementation py-fsrs
//! 6.3.2 (MIT) schedules a card with its default parameters, learning steps (1 and 10 minutes),
//! relearning step (10 minutes), 90 % desired retention and no fuzz (a random interval would make
//! due dates untestable; our decks are small enough not to bunch up).
//!
//! Why not the `fsrs` crate (fsrs-rs 6.6.2, BSD-3-Clause, which passes the licence gate): it is
//! Anki's optimizer and memory model, in `f32` over `ndarray` and `rayon` (and `burn` for
//! training, a dev-dependency since 2.x), and it has no card state machine: the learning steps
//! and card states that turn a grade into a due date live in Anki, so we would write them anyway
//! and its `f32` would not give py-fsrs's due dates. The scheduler is the ~20 published formulas
//! below; the test `matches_the_reference_implementation` replays 150 generated grade sequences
//! written by py-fsrs (`scripts/fsrs/reference.py`, `server/tests/data/fsrs_reference.json`) and
//! checks every state, stability, difficulty and due date.

use std::f64::consts::E;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// py-fsrs 6.3.2's `DEFAULT_PARAMETERS` (FSRS-6's w0..w20).
const W: [f64; 21] = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835,
    0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
];
const DESIRED_RETENTION: f64 = 0.9;
const MINUTE: i64 = 60;
const DAY: i64 = 86_400;
const LEARNING_STEPS: [i64; 2] = [MINUTE, 10 * MINUTE];
const RELEARNING_STEPS: [i64; 1] = [10 * MINUTE];
const MAXIMUM_INTERVAL_DAYS: f64 = 36_500.0;
const STABILITY_MIN: f64 = 0.001;

/// How a try went, as FSRS grades a review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Grade {
    Again = 1,
    Hard = 2,
    Good = 3,
    Easy = 4,
}

/// Where a card is in FSRS's cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// New or being learnt (short steps).
    Learning,
    Review,
    /// Forgotten after a review: short steps again.
    Relearning,
}

/// A card's memory as FSRS keeps it. Times are Unix seconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Memory {
    pub phase: Phase,
    /// The learning or relearning step (`None` in review).
    pub step: Option<u32>,
    /// `None` until the first review.
    pub stability: Option<f64>,
    pub difficulty: Option<f64>,
    pub due: i64,
    pub last_review: Option<i64>,
}

impl Memory {
    /// A card never reviewed, due at `now`.
    pub fn new(now: i64) -> Memory {
        Memory {
            phase: Phase::Learning,
            step: Some(0),
            stability: None,
            difficulty: None,
            due: now,
            last_review: None,
        }
    }

    /// Never reviewed yet.
    pub fn is_new(&self) -> bool {
        self.last_review.is_none()
    }

    /// The card after a review graded `grade` at `now`.
    pub fn review(self, grade: Grade, now: i64) -> Memory {
        let elapsed_days = self.last_review.map(|last| (now - last).div_euclid(DAY));
        let (stability, difficulty) = match (self.stability, self.difficulty) {
            (Some(s), Some(d)) => {
                let s = match elapsed_days {
                    Some(days) if days < 1 => short_term_stability(s, grade),
                    _ => next_stability(d, s, retrievability(s, elapsed_days.unwrap_or(0)), grade),
                };
                (s, next_difficulty(d, grade))
            }
            _ => (
                initial_stability(grade),
                clamp_difficulty(initial_difficulty(grade)),
            ),
        };
        let (phase, step, interval) = self.next_step(grade, stability);
        Memory {
            phase,
            step,
            stability: Some(stability),
            difficulty: Some(difficulty),
            due: now + interval,
            last_review: Some(now),
        }
    }

    /// The phase, step and interval (seconds) after `grade`, the new stability being `stability`.
    fn next_step(&self, grade: Grade, stability: f64) -> (Phase, Option<u32>, i64) {
        let review = (Phase::Review, None, next_interval_days(stability) * DAY);
        let steps: &[i64] = match self.phase {
            Phase::Review => {
                return match grade {
                    Grade::Again => (Phase::Relearning, Some(0), RELEARNING_STEPS[0]),
                    _ => review,
                };
            }
            Phase::Learning => &LEARNING_STEPS,
            Phase::Relearning => &RELEARNING_STEPS,
        };
        let step = self.step.unwrap_or(0);
        let index = step as usize;
        if index >= steps.len() && grade != Grade::Again {
            return review;
        }
        match grade {
            Grade::Again => (self.phase, Some(0), steps[0]),
            Grade::Hard => {
                let interval = match (step, steps) {
                    (0, [only]) => only * 3 / 2,
                    (0, [first, second, ..]) => (first + second) / 2,
                    _ => steps[index],
                };
                (self.phase, Some(step), interval)
            }
            Grade::Good if index + 1 == steps.len() => review,
            Grade::Good => (self.phase, Some(step + 1), steps[index + 1]),
            Grade::Easy => review,
        }
    }
}

/// FSRS-6's decay and the factor that makes retrievability 0.9 after `stability` days.
fn decay_and_factor() -> (f64, f64) {
    let decay = -W[20];
    (decay, 0.9_f64.powf(1.0 / decay) - 1.0)
}

fn retrievability(stability: f64, elapsed_days: i64) -> f64 {
    let (decay, factor) = decay_and_factor();
    (1.0 + factor * elapsed_days.max(0) as f64 / stability).powf(decay)
}

fn clamp_stability(stability: f64) -> f64 {
    stability.max(STABILITY_MIN)
}

fn clamp_difficulty(difficulty: f64) -> f64 {
    difficulty.clamp(1.0, 10.0)
}

fn g(grade: Grade) -> f64 {
    f64::from(grade as u8)
}

fn initial_stability(grade: Grade) -> f64 {
    clamp_stability(W[grade as usize - 1])
}

fn initial_difficulty(grade: Grade) -> f64 {
    W[4] - E.powf(W[5] * (g(grade) - 1.0)) + 1.0
}

fn next_interval_days(stability: f64) -> i64 {
    let (decay, factor) = decay_and_factor();
    let days = stability / factor * (DESIRED_RETENTION.powf(1.0 / decay) - 1.0);
    // Python's `round` rounds halves to even.
    days.round_ties_even().clamp(1.0, MAXIMUM_INTERVAL_DAYS) as i64
}

fn short_term_stability(stability: f64, grade: Grade) -> f64 {
    let mut increase = E.powf(W[17] * (g(grade) - 3.0 + W[18])) * stability.powf(-W[19]);
    if grade != Grade::Again {
        increase = increase.max(1.0);
    }
    clamp_stability(stability * increase)
}

fn next_difficulty(difficulty: f64, grade: Grade) -> f64 {
    let delta = -(W[6] * (g(grade) - 3.0));
    let damped = difficulty + (10.0 - difficulty) * delta / 9.0;
    clamp_difficulty(W[7] * initial_difficulty(Grade::Easy) + (1.0 - W[7]) * damped)
}

fn next_stability(difficulty: f64, stability: f64, retrievability: f64, grade: Grade) -> f64 {
    let next = match grade {
        Grade::Again => {
            let long_term = W[11]
                * difficulty.powf(-W[12])
                * ((stability + 1.0).powf(W[13]) - 1.0)
                * E.powf((1.0 - retrievability) * W[14]);
            let short_term = stability / E.powf(W[17] * W[18]);
            long_term.min(short_term)
        }
        _ => {
            let hard_penalty = if grade == Grade::Hard { W[15] } else { 1.0 };
            let easy_bonus = if grade == Grade::Easy { W[16] } else { 1.0 };
            stability
                * (1.0
                    + E.powf(W[8])
                        * (11.0 - difficulty)
                        * stability.powf(-W[9])
                        * (E.powf((1.0 - retrievability) * W[10]) - 1.0)
                        * hard_penalty
                        * easy_bonus)
        }
    };
    clamp_stability(next)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct Reference {
        sequences: Vec<Vec<Reviewed>>,
    }

    #[derive(Deserialize)]
    struct Reviewed {
        grade: u8,
        at: i64,
        state: Phase,
        step: Option<u32>,
        stability: f64,
        difficulty: f64,
        due: i64,
    }

    fn grade(value: u8) -> Grade {
        match value {
            1 => Grade::Again,
            2 => Grade::Hard,
            3 => Grade::Good,
            _ => Grade::Easy,
        }
    }

    #[test]
    fn matches_the_reference_implementation() {
        let reference: Reference =
            serde_json::from_str(include_str!("../../tests/data/fsrs_reference.json"))
                .expect("the fixture parses");
        assert!(reference.sequences.len() >= 100);
        for (n, sequence) in reference.sequences.iter().enumerate() {
            let mut memory = Memory::new(sequence[0].at);
            for (i, expected) in sequence.iter().enumerate() {
                memory = memory.review(grade(expected.grade), expected.at);
                let at = format!("sequence {n}, review {i}");
                assert_eq!(memory.due, expected.due, "{at}: due");
                assert_eq!(memory.phase, expected.state, "{at}: phase");
                assert_eq!(memory.step, expected.step, "{at}: step");
                let s = memory.stability.expect("reviewed");
                let d = memory.difficulty.expect("reviewed");
                assert!(
                    (s - expected.stability).abs() <= 1e-9 * s.max(1.0),
                    "{at}: {s}"
                );
                assert!((d - expected.difficulty).abs() <= 1e-9, "{at}: {d}");
            }
        }
    }

    #[test]
    fn a_solved_card_comes_back_later_than_a_failed_one() {
        let now = 1_767_225_600;
        let learnt = Memory::new(now)
            .review(Grade::Good, now)
            .review(Grade::Good, now + 600);
        let later = learnt.due + DAY;
        let good = learnt.review(Grade::Good, later);
        let again = learnt.review(Grade::Again, later);
        assert!(good.due > later + DAY, "{good:?}");
        assert_eq!(again.due, later + RELEARNING_STEPS[0]);
    }
}
