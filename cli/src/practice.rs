//! `alphachess practice`: the key's deck of its own mistakes (issue #41), due cards one after
//! another at the `practice>` prompt, each try judged by the server's engine and the next due
//! date set by the server (FSRS). The key is the player's (`--key` or `ALPHACHESS_KEY`).

use std::io::{self, BufRead, Write};

use alphachess_engine::Position;
use serde::Deserialize;

use crate::api::{Api, ClientError};
use crate::board::{render_position, Style};
use crate::review::wire::{Named, Solution};
use crate::session::Looks;

/// `GET /api/v1/practice`, as far as this client reads it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Deck {
    pub due_today: usize,
    pub learning: usize,
    pub new: usize,
    pub total: usize,
    pub cards: Vec<Card>,
    pub weaknesses: Weaknesses,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Card {
    pub id: String,
    pub fen: String,
    pub played: Named,
    pub class: String,
    pub phase: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Weaknesses {
    pub by_kind: Vec<Count>,
    pub by_phase: Vec<Count>,
}

/// One group of the deck: `kind` or `phase`, and how many of all the cards.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Count {
    #[serde(alias = "phase")]
    pub kind: String,
    pub cards: usize,
    pub of: usize,
}

/// The answer to a try.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct TryAnswer {
    pub verdict: String,
    /// The try's loss in words, as retry's answer has it ("loses about 1.8 pawns (62 % → 35 %)").
    pub loss: String,
    pub solution: Option<Solution>,
    pub sentence: Option<String>,
    pub due: i64,
}

/// The answer to a reveal.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Revealed {
    pub solution: Solution,
    pub sentence: Option<String>,
    pub due: i64,
}

/// Why the practice session stopped.
#[derive(Debug, thiserror::Error)]
pub enum PracticeError {
    #[error(transparent)]
    Client(#[from] ClientError),
    #[error("the server sent a position this client cannot read: {0}")]
    Position(String),
    #[error("cannot write the output")]
    Output(#[from] io::Error),
}

/// A group's name as a player says it ("missed forks").
fn kind_name(kind: &str) -> String {
    match kind {
        "hangs" => "pieces hung".to_owned(),
        "forks" => "forks allowed".to_owned(),
        "mates_allowed" => "mates allowed".to_owned(),
        "missed_wins" => "wins missed".to_owned(),
        "other_tactics" => "pins, skewers and promotions allowed".to_owned(),
        "material_lost" => "material lost".to_owned(),
        "unexplained" => "other mistakes".to_owned(),
        other => other.replace('_', " "),
    }
}

/// Runs the session with `key` on `input`.
pub fn run(
    api: &Api,
    key: &str,
    looks: Looks,
    mut input: impl BufRead,
    out: &mut impl Write,
) -> Result<(), PracticeError> {
    let deck: Deck = api.practice_deck(key)?;
    writeln!(
        out,
        "Practice — {} due ({} new, {} learning, {} cards in all).",
        deck.due_today, deck.new, deck.learning, deck.total
    )?;
    if deck.total > 0 {
        let counts: Vec<String> = deck
            .weaknesses
            .by_kind
            .iter()
            .chain(
                deck.weaknesses
                    .by_phase
                    .iter()
                    .filter(|count| count.cards > 0),
            )
            .map(|count| {
                format!(
                    "{}: {} of {}",
                    kind_name(&count.kind),
                    count.cards,
                    count.of
                )
            })
            .collect();
        writeln!(out, "What you keep getting wrong: {}.", counts.join("; "))?;
    }
    if deck.cards.is_empty() {
        writeln!(out, "Nothing is due now.")?;
        return Ok(());
    }
    writeln!(
        out,
        "Find the better move: type a move (SAN or UCI), `reveal`, `skip` or `quit`."
    )?;
    let mut solved = 0;
    for (index, card) in deck.cards.iter().enumerate() {
        let position = Position::from_fen(&card.fen)
            .map_err(|error| PracticeError::Position(error.to_string()))?;
        writeln!(out)?;
        writeln!(
            out,
            "Card {} of {} ({}, {}): you played {}.",
            index + 1,
            deck.cards.len(),
            card.class,
            card.phase,
            card.played.san
        )?;
        let style = Style {
            glyphs: looks.glyphs,
            color: looks.terminal.color,
            bottom: position.turn(),
        };
        for line in render_position(&position, None, None, style) {
            writeln!(out, "{line}")?;
        }
        match card_loop(api, key, card, looks, &mut input, out)? {
            Outcome::Solved => solved += 1,
            Outcome::Next => {}
            Outcome::Quit => break,
        }
    }
    writeln!(out, "Solved {solved} of {}.", deck.cards.len())?;
    Ok(())
}

enum Outcome {
    Solved,
    Next,
    Quit,
}

/// Tries at one card until solved, revealed, skipped or quit.
fn card_loop(
    api: &Api,
    key: &str,
    card: &Card,
    looks: Looks,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Outcome, PracticeError> {
    loop {
        write!(out, "practice> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(Outcome::Quit);
        }
        let text = line.trim();
        if looks.terminal.echo_input {
            writeln!(out, "{text}")?;
        }
        match text {
            "" => continue,
            "quit" => return Ok(Outcome::Quit),
            "skip" => return Ok(Outcome::Next),
            "reveal" => {
                let revealed: Revealed = api.practice_reveal(key, &card.id)?;
                show(&revealed.solution, revealed.sentence.as_deref(), out)?;
                writeln!(out, "It comes back soon ({}).", due_in(revealed.due))?;
                return Ok(Outcome::Next);
            }
            text => match api.practice_try::<TryAnswer>(key, &card.id, text) {
                Ok(answer) => {
                    if let Some(solution) = &answer.solution {
                        writeln!(out, "Solved!")?;
                        show(solution, answer.sentence.as_deref(), out)?;
                        writeln!(out, "Next due {}.", due_in(answer.due))?;
                        return Ok(Outcome::Solved);
                    }
                    writeln!(out, "{}", verdict(&answer))?;
                }
                Err(ClientError::Api(error)) if error.status.is_client_error() => {
                    writeln!(out, "{}", error.message)?;
                }
                Err(error) => return Err(error.into()),
            },
        }
    }
}

/// A try that did not solve the card, worded with its loss.
fn verdict(answer: &TryAnswer) -> String {
    match answer.verdict.as_str() {
        "not_quite" => format!("It {}. Not quite. Try again.", answer.loss),
        _ => format!("It {}. Wrong. Try again.", answer.loss),
    }
}

fn show(solution: &Solution, sentence: Option<&str>, out: &mut impl Write) -> io::Result<()> {
    let line: Vec<&str> = solution.line.iter().take(6).map(String::as_str).collect();
    writeln!(
        out,
        "Best: {} ({}), line: {}",
        solution.best.san,
        solution.eval,
        line.join(" ")
    )?;
    if let Some(sentence) = sentence {
        writeln!(out, "You played: {sentence}")?;
    }
    Ok(())
}

/// How far off a due date is, in words.
fn due_in(due: i64) -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| i64::try_from(elapsed.as_secs()).unwrap_or(i64::MAX))
        .unwrap_or_default();
    let seconds = (due - now).max(0);
    match seconds {
        s if s < 3_600 => format!("in {} min", (s + 59) / 60),
        s if s < 86_400 => format!("in {} h", (s + 1_799) / 3_600),
        s => format!("in {} days", (s + 43_199) / 86_400),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_due_date_reads_in_minutes_hours_or_days() {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("after 1970")
            .as_secs() as i64;
        assert_eq!(due_in(now + 600), "in 10 min");
        assert_eq!(due_in(now + 5 * 3_600), "in 5 h");
        assert_eq!(due_in(now + 3 * 86_400), "in 3 days");
    }

    #[test]
    fn a_try_that_falls_short_is_worded_with_its_loss() {
        let answer = |verdict: &str, loss: &str| TryAnswer {
            verdict: verdict.to_owned(),
            loss: loss.to_owned(),
            solution: None,
            sentence: None,
            due: 0,
        };
        assert_eq!(
            verdict(&answer("not_quite", "loses about 0.4 pawns (59 % → 53 %)")),
            "It loses about 0.4 pawns (59 % → 53 %). Not quite. Try again."
        );
        assert_eq!(
            verdict(&answer("wrong", "allows a forced mate (52 % → 0 %)")),
            "It allows a forced mate (52 % → 0 %). Wrong. Try again."
        );
    }
}
