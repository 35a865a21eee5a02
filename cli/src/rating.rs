//! The player's rating against the measured ladder, kept beside the saved games
//! (`$XDG_CONFIG_HOME/alphachess/rating.json`) as the browser keeps it beside My games. The server
//! computes it (`POST /api/v1/rating`, Glicko-2), so the CLI and the browser rate alike.

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::api::{Api, ClientError};
use crate::view::GameView;

/// What is kept: the rating as the server returned it, and the games already counted.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct RatingFile {
    pub rating: Option<Value>,
    #[serde(default)]
    pub counted: Vec<String>,
}

fn path(dir: &Path) -> PathBuf {
    dir.join("rating.json")
}

/// The kept rating (a new player when there is none or it cannot be read).
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

/// How a finished game went for the player, if it counts (a finished PGN, which has `players`,
/// is the PGN's players' game and never counts).
fn result_of(view: &GameView) -> Option<&'static str> {
    if !view.is_finished() || view.reason.as_deref() == Some("aborted") || view.players.is_some() {
        return None;
    }
    match &view.winner {
        None if view.result == "1/2-1/2" => Some("draw"),
        None => None,
        Some(winner) if *winner == view.player_color => Some("win"),
        Some(_) => Some("loss"),
    }
}

/// "Your rating: about 1340 ± 120. Next: 1450, a fair fight (level 9)."
pub fn line(answer: &Value) -> String {
    format!(
        "Your rating: {}. {} (level {}).",
        answer["shown"].as_str().unwrap_or("unknown"),
        answer["next_shown"].as_str().unwrap_or("Next: unknown"),
        answer["next"]["level"]
    )
}

/// Counts finished game `view` once in the rating kept in `dir`, and says the new rating; `None`
/// when the game does not count (unfinished, aborted) or was counted before.
pub fn after_game(api: &Api, dir: &Path, view: &GameView) -> Result<Option<String>, ClientError> {
    let Some(result) = result_of(view) else {
        return Ok(None);
    };
    let mut file = load(dir);
    if file.counted.contains(&view.id) {
        return Ok(None);
    }
    let answer = api.rate(&json!({
        "rating": file.rating,
        "game": { "level": view.level, "result": result },
    }))?;
    file.rating = Some(answer["rating"].clone());
    file.counted.push(view.id.clone());
    // Unsaved, the rating still shows; it is only not remembered.
    let _ = save(dir, &file);
    Ok(Some(line(&answer)))
}

/// The ladder and the player's rating, as `alphachess levels` prints them.
pub fn ladder(api: &Api, dir: &Path) -> Result<Vec<String>, ClientError> {
    let levels = api.levels()?;
    let mut lines = vec![format!(
        "Ratings on an {}",
        levels["scale"].as_str().unwrap_or("engine scale")
    )];
    let steps: &[Value] = levels["levels"].as_array().map_or(&[], Vec::as_slice);
    lines.extend(ladder_rows(steps));
    let answer = api.rate(&json!({ "rating": load(dir).rating }))?;
    lines.push(line(&answer));
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
    fn the_rating_line_says_the_rating_and_the_next_step() {
        let answer = json!({
            "shown": "about 1340 ± 120",
            "next_shown": "Next: 1450, a fair fight",
            "next": { "level": 9 },
        });
        assert_eq!(
            line(&answer),
            "Your rating: about 1340 ± 120. Next: 1450, a fair fight (level 9)."
        );
    }

    #[test]
    fn a_missing_or_unreadable_file_is_a_new_player() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        assert!(load(dir.path()).rating.is_none());
        fs::write(dir.path().join("rating.json"), "not json").expect("write");
        assert!(load(dir.path()).rating.is_none());
        let file = RatingFile {
            rating: Some(json!({"rating": 1400.0})),
            counted: vec!["abc".into()],
        };
        save(dir.path(), &file).expect("saved");
        assert_eq!(load(dir.path()).counted, ["abc"]);
    }
}
