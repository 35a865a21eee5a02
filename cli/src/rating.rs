//! The player's rating as the server keeps it under the player's key (`GET /api/v1/account`,
//! lichess's `perfs` shape): one player, one rating, in the browser and here. The server counts
//! each finished rated game itself; this client only shows the rating and asks the server which
//! step to play next (`POST /api/v1/rating`, a suggestion that rates nothing).
//!
//! After a rated game the server counts it as soon as the ending is stored; the client waits for
//! that a few seconds at most, knowing from `rating.json` (beside the saved games) how many rated
//! games the rating counted when it was last shown.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::api::{Api, ClientError};
use crate::view::GameView;

/// Plies a rated game needs to count: two moves each (the server's rule, `rated.rs`).
const MIN_PLIES: usize = 4;
/// How often and how long to wait for the server to count a game that just ended.
const WAIT_TRIES: u32 = 20;
const WAIT: Duration = Duration::from_millis(250);

/// What is remembered: how many rated games the shown rating counted, and the games waited for.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct RatingFile {
    #[serde(default)]
    pub shown_games: u64,
    #[serde(default)]
    pub waited: Vec<String>,
}

fn path(dir: &Path) -> PathBuf {
    dir.join("rating.json")
}

/// What was remembered (nothing when there is no file or it cannot be read, e.g. an old one).
pub fn load(dir: &Path) -> RatingFile {
    fs::read_to_string(path(dir))
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default()
}

fn save(dir: &Path, file: &RatingFile) -> std::io::Result<()> {
    fs::create_dir_all(dir)?;
    let text = serde_json::to_string_pretty(file).expect("a rating file serializes");
    fs::write(path(dir), text)
}

/// Whether the server counts finished game `view` for its key: rated (standard start, no
/// takeback, no hint), not an opened PGN, two moves each.
fn counts(view: &GameView) -> bool {
    view.is_finished() && view.rated && view.players.is_none() && view.moves.len() >= MIN_PLIES
}

/// The key's perf (`perfs.correspondence`: rating, rd, games, prog).
fn perf(api: &Api, key: &str) -> Result<Value, ClientError> {
    Ok(api.account(key)?["perfs"]["correspondence"].clone())
}

/// "Your rating: about 1340 ± 120. Next: 1450, a fair fight (level 9)." for the key's `perf`, with
/// the step the server suggests for it.
pub fn line(api: &Api, perf: &Value) -> Result<String, ClientError> {
    let rd = perf["rd"].as_f64().unwrap_or(350.0).clamp(1.0, 350.0);
    let rating = json!({
        "rating": perf["rating"].as_f64().unwrap_or(1500.0),
        "deviation": rd,
        "volatility": 0.06,
    });
    let answer = api.suggest(&json!({ "rating": rating }))?;
    Ok(format!(
        "Your rating: {}. {} (level {}).",
        answer["shown"].as_str().unwrap_or("unknown"),
        answer["next_shown"].as_str().unwrap_or("Next: unknown"),
        answer["next"]["level"]
    ))
}

/// The key's rating after finished game `view` (once the server has counted it, if it counts);
/// `None` for a game that is not rated (casual, aborted, a PGN opened for review).
pub fn after_game(
    api: &Api,
    key: &str,
    dir: &Path,
    view: &GameView,
) -> Result<Option<String>, ClientError> {
    if !counts(view) {
        return Ok(None);
    }
    let mut file = load(dir);
    let mut current = perf(api, key)?;
    if !file.waited.contains(&view.id) {
        let games = |perf: &Value| perf["games"].as_u64().unwrap_or(0);
        for _ in 0..WAIT_TRIES {
            if games(&current) > file.shown_games {
                break;
            }
            std::thread::sleep(WAIT);
            current = perf(api, key)?;
        }
        file.waited.push(view.id.clone());
        let excess = file.waited.len().saturating_sub(500);
        file.waited.drain(..excess);
        file.shown_games = games(&current);
        // Unsaved, the rating still shows; only the next wait may be longer.
        let _ = save(dir, &file);
    }
    line(api, &current).map(Some)
}

/// The ladder and the key's rating, as `alphachess levels` prints them.
pub fn ladder(api: &Api, key: &str) -> Result<Vec<String>, ClientError> {
    let levels = api.levels()?;
    let mut lines = vec![format!(
        "Ratings on an {}",
        levels["scale"].as_str().unwrap_or("engine scale")
    )];
    let steps: &[Value] = levels["levels"].as_array().map_or(&[], Vec::as_slice);
    lines.extend(ladder_rows(steps));
    lines.push(line(api, &perf(api, key)?)?);
    Ok(lines)
}

/// One aligned row per step. The numbers are read out of the JSON first: a `serde_json::Value`
/// ignores a format's width, which pushed every column after a two-digit step one place right.
fn ladder_rows(steps: &[Value]) -> Vec<String> {
    let name_of = |step: &Value| step["name"].as_str().unwrap_or("").to_owned();
    let width = steps.iter().map(|step| name_of(step).chars().count()).max();
    let width = width.unwrap_or(0);
    let number = |value: &Value| value.as_f64().map_or(String::new(), |n| format!("{n:.0}"));
    steps
        .iter()
        .map(|step| {
            format!(
                "{:>3}  {:<width$}  {:>5}  [{}, {}]",
                number(&step["level"]),
                name_of(step),
                number(&step["rating"]),
                number(&step["low"]),
                number(&step["high"]),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_rows_align_at_two_digit_steps() {
        let steps = [
            json!({"level": 9, "name": "Club", "rating": 950, "low": 900, "high": 1000}),
            json!({"level": 10, "name": "Strong club", "rating": 1350, "low": 1300, "high": 1400}),
        ];
        let rows = ladder_rows(&steps);
        assert_eq!(rows[0], "  9  Club           950  [900, 1000]");
        assert_eq!(rows[1], " 10  Strong club   1350  [1300, 1400]");
        let rating_end = |row: &str| row.find("  [").expect("a range");
        assert_eq!(rating_end(&rows[0]), rating_end(&rows[1]));
    }

    #[test]
    fn a_missing_or_unreadable_file_remembers_nothing() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        assert_eq!(load(dir.path()).shown_games, 0);
        // A rating file of the CLI's old local rating reads as nothing remembered.
        fs::write(
            dir.path().join("rating.json"),
            r#"{"rating": {"rating": 1400.0}}"#,
        )
        .expect("write");
        assert!(load(dir.path()).waited.is_empty());
        let file = RatingFile {
            shown_games: 3,
            waited: vec!["abc".into()],
        };
        save(dir.path(), &file).expect("saved");
        assert_eq!(load(dir.path()).shown_games, 3);
    }
}
