//! `alphachess review [ID]`: a saved game's review in the terminal — accuracy (by phase too), the
//! evaluation as a sparkline, the key moments with their checked sentences — then the retry loop:
//! each of the player's mistakes to play again at the prompt, judged by the server.
//!
//! The analysis is asked for when the game has none, and waited for with its progress shown.
//! Nothing of a mistake's answer is printed before the player solves it or types `reveal`.

mod sparkline;
pub(crate) mod wire;

use std::io::{self, BufRead, Write};
use std::thread;
use std::time::Duration;

use alphachess_engine::{Color, Position};

use crate::api::{Api, ClientError, ErrorCode, GameAccess};
use crate::board::{render_position, Style};
use crate::session::Looks;
use sparkline::sparkline;
use wire::{Analysis, KeyMoment, Puzzle, RetryAnswer, RetryList, Solution};

/// How often a running analysis is asked how far it got.
const POLL: Duration = Duration::from_millis(500);
/// Moves of a solution's line shown.
const SOLUTION_SHOWN: usize = 8;
/// The sparkline's width (an 80-column terminal, less its label).
const SPARK_WIDTH: usize = 64;

/// Why the review could not be shown.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    #[error(transparent)]
    Client(#[from] ClientError),
    #[error("the analysis failed on the server; ask again with `alphachess review`")]
    Failed,
    #[error("the server sent a position this client cannot read: {0}")]
    Position(String),
    #[error("cannot write the output")]
    Output(#[from] io::Error),
}

/// Shows game `access`'s review (the player is `player`), then runs the retry loop on `input`.
pub fn run(
    api: &Api,
    access: &GameAccess,
    player: Color,
    looks: Looks,
    mut input: impl BufRead,
    out: &mut impl Write,
) -> Result<(), ReviewError> {
    let analysis = finished_analysis(api, access, out)?;
    summary(&analysis, player, looks, out)?;
    let list: RetryList = api.retry_list(&access.id)?;
    retry_loop(api, access, player, looks, &list.puzzles, &mut input, out)
}

/// The game's analysis once done, asking for it first if nobody has.
fn finished_analysis(
    api: &Api,
    access: &GameAccess,
    out: &mut impl Write,
) -> Result<Analysis, ReviewError> {
    let mut analysis: Analysis = match api.analysis(&access.id) {
        Ok(analysis) => analysis,
        Err(error) if error.code() == Some(&ErrorCode::Other("analysis_not_found".into())) => {
            api.request_analysis(access)?
        }
        Err(error) => return Err(error.into()),
    };
    let mut shown = None;
    loop {
        match analysis.status.as_str() {
            "done" => return Ok(analysis),
            "failed" => return Err(ReviewError::Failed),
            _ => {}
        }
        let line = waiting_line(&analysis);
        if shown.as_ref() != Some(&line) {
            writeln!(out, "{line}")?;
            out.flush()?;
            shown = Some(line);
        }
        thread::sleep(POLL);
        analysis = api.analysis(&access.id)?;
    }
}

/// Where an unfinished review stands: its place while it waits behind others ("2 reviews ahead
/// of yours", as the browser says), else how far it has got.
fn waiting_line(analysis: &Analysis) -> String {
    match analysis.ahead {
        Some(ahead) if analysis.status == "queued" && ahead > 0 => {
            let reviews = if ahead == 1 { "review" } else { "reviews" };
            format!("Waiting: {ahead} {reviews} ahead of yours…")
        }
        _ => format!(
            "Analysing: {} of {} positions…",
            analysis.progress.done, analysis.progress.total
        ),
    }
}

fn percent(value: Option<f64>) -> String {
    value.map_or_else(|| "—".into(), |v| format!("{v:.1}%"))
}

fn side_name(color: Color, player: Color) -> &'static str {
    if color == player {
        "You"
    } else {
        "Stockfish"
    }
}

/// Accuracy, the sparkline and the key moments.
fn summary(
    analysis: &Analysis,
    player: Color,
    looks: Looks,
    out: &mut impl Write,
) -> Result<(), ReviewError> {
    if let Some(accuracy) = &analysis.accuracy {
        writeln!(
            out,
            "Accuracy: White {}, Black {}",
            percent(accuracy.white),
            percent(accuracy.black)
        )?;
    }
    if let Some(phases) = &analysis.phases {
        for (name, phase) in [
            ("opening", &phases.opening),
            ("middlegame", &phases.middlegame),
            ("endgame", &phases.endgame),
        ] {
            if phase.white.is_some() || phase.black.is_some() {
                writeln!(
                    out,
                    "  {name:<11} White {:>6}, Black {:>6}",
                    percent(phase.white),
                    percent(phase.black)
                )?;
            }
        }
    }
    let evals: Vec<_> = analysis.plies.iter().map(|ply| ply.eval).collect();
    let ascii = matches!(looks.glyphs, crate::board::Glyphs::Ascii);
    writeln!(out, "Eval:  {}", sparkline(&evals, SPARK_WIDTH, ascii))?;
    if let Some(moments) = &analysis.key_moments {
        writeln!(out, "Key moments:")?;
        for (color, list) in [
            (Color::White, &moments.white),
            (Color::Black, &moments.black),
        ] {
            for moment in list {
                writeln!(
                    out,
                    "  {}",
                    moment_line(analysis, moment, side_name(color, player))
                )?;
            }
        }
    }
    Ok(())
}

/// `ply 6 (You): blunder — Allows mate in 1: Qxf7#.`
fn moment_line(analysis: &Analysis, moment: &KeyMoment, who: &str) -> String {
    let what = match moment.kind.as_str() {
        "last_book" => "the last book move".to_owned(),
        "missed_win" => "a missed win".to_owned(),
        _ => moment.class.clone(),
    };
    let sentence = analysis
        .plies
        .iter()
        .find(|ply| ply.ply == moment.ply)
        .and_then(|ply| ply.explanation.as_ref())
        .map(|explanation| format!(" — {}", explanation.sentence))
        .unwrap_or_default();
    format!("ply {} ({who}): {what}{sentence}", moment.ply)
}

/// Each mistake in turn: the board, then tries until solved, skipped or revealed.
fn retry_loop(
    api: &Api,
    access: &GameAccess,
    player: Color,
    looks: Looks,
    puzzles: &[Puzzle],
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<(), ReviewError> {
    if puzzles.is_empty() {
        writeln!(out, "No mistakes of yours to retry.")?;
        return Ok(());
    }
    let mut solved = 0;
    writeln!(
        out,
        "Retry your mistakes: type a move (SAN or UCI), `skip`, `reveal` or `quit`."
    )?;
    for (index, puzzle) in puzzles.iter().enumerate() {
        let position = Position::from_fen(&puzzle.fen)
            .map_err(|error| ReviewError::Position(error.to_string()))?;
        let style = Style {
            glyphs: looks.glyphs,
            color: looks.terminal.color,
            bottom: player,
        };
        writeln!(out)?;
        writeln!(
            out,
            "Mistake {} of {} (ply {}): you played {}.{} Find better.",
            index + 1,
            puzzles.len(),
            puzzle.ply,
            puzzle.played.san,
            puzzle
                .loss
                .as_ref()
                .map(|loss| format!(" It {loss}."))
                .unwrap_or_default()
        )?;
        for line in render_position(&position, None, None, style) {
            writeln!(out, "{line}")?;
        }
        loop {
            write!(out, "retry> ")?;
            out.flush()?;
            let mut line = String::new();
            if input.read_line(&mut line)? == 0 {
                return finish(solved, puzzles.len(), out);
            }
            let text = line.trim();
            if looks.terminal.echo_input {
                writeln!(out, "{text}")?;
            }
            match text {
                "" => continue,
                "quit" => return finish(solved, puzzles.len(), out),
                "skip" => break,
                "reveal" => {
                    let solution: Solution = api.retry_reveal(access, puzzle.ply)?;
                    show_solution(&solution, out)?;
                    break;
                }
                text => match api.retry_try::<RetryAnswer>(access, puzzle.ply, text) {
                    Ok(answer) => {
                        if let Some(solution) = &answer.solution {
                            writeln!(out, "Solved!")?;
                            show_solution(solution, out)?;
                            solved += 1;
                            break;
                        }
                        let verdict = match answer.verdict.as_str() {
                            "not_quite" => match &answer.loss {
                                Some(loss) => format!("Not quite: it {loss}. Try again."),
                                None => format!(
                                    "Not quite: {:.2} points worse than the best. Try again.",
                                    answer.points_lost
                                ),
                            },
                            _ => "Wrong. Try again.".to_owned(),
                        };
                        writeln!(out, "{verdict}")?;
                    }
                    // A move the server cannot read or that is illegal: say so, ask again.
                    Err(ClientError::Api(error)) if error.status.is_client_error() => {
                        writeln!(out, "{}", error.message)?;
                    }
                    Err(error) => return Err(error.into()),
                },
            }
        }
    }
    finish(solved, puzzles.len(), out)
}

fn show_solution(solution: &Solution, out: &mut impl Write) -> Result<(), ReviewError> {
    writeln!(
        out,
        "Best: {} ({}), line: {}",
        solution.best.san,
        solution.eval,
        solution.line[..solution.line.len().min(SOLUTION_SHOWN)].join(" ")
    )?;
    Ok(())
}

fn finish(solved: usize, total: usize, out: &mut impl Write) -> Result<(), ReviewError> {
    writeln!(out, "Solved {solved} of {total}.")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analysis(status: &str, ahead: Option<u32>) -> Analysis {
        serde_json::from_value(serde_json::json!({
            "status": status,
            "progress": { "done": 3, "total": 9 },
            "plies": [],
            "accuracy": null,
            "ahead": ahead,
        }))
        .expect("an analysis")
    }

    #[test]
    fn a_waiting_review_says_its_place_and_a_running_one_its_progress() {
        assert_eq!(
            waiting_line(&analysis("queued", Some(2))),
            "Waiting: 2 reviews ahead of yours…"
        );
        assert_eq!(
            waiting_line(&analysis("queued", Some(1))),
            "Waiting: 1 review ahead of yours…"
        );
        assert_eq!(
            waiting_line(&analysis("queued", None)),
            "Analysing: 3 of 9 positions…"
        );
        assert_eq!(
            waiting_line(&analysis("running", None)),
            "Analysing: 3 of 9 positions…"
        );
    }
}
