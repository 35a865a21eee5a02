//! What the docs and the `--help` texts say about the ladder, checked against the ladder itself
//! (`Level::MAX`, passed in by the server's and the CLI's tests), so a change of the ladder cannot
//! leave "levels 1–8" or `--level 1-16` behind.
//!
//! The claims read, in prose or in a flag's help:
//! - a count of steps: "21 steps", "a 21-step ladder", "Twenty-one steps" must be the ladder's;
//! - the whole range: `--level 1-21`, "levels 1–21", "1 (a true beginner) to 21" must end at it;
//! - a part of it: "steps 7–20", "step 5" must lie within it;
//! - the top: "the strongest step (21)", "21 is full strength" must be it.
//!
//! The ladder before this one is history, told in its own words: a claim with "old", "first",
//! "legacy", "lichess" or "then" near it (within its sentence) is about that scale and is left
//! alone, as is a gap ("steps 250–420 apart").

/// The claims of `text` that disagree with a ladder of `max` steps, each with its context.
pub fn ladder_mismatches(text: &str, max: u32) -> Vec<String> {
    let lower = text.to_lowercase();
    let mut found = Vec::new();
    for (at, claim) in claims(&lower) {
        let context = sentence_around(&lower, at);
        if ["old", "first", "legacy", "lichess", "then", "apart"]
            .iter()
            .any(|word| has_word(context, word))
        {
            continue;
        }
        let wrong = match claim {
            Claim::Count(n) => n != max,
            Claim::Whole(low, high) => low != 1 || high != max,
            Claim::Part(low, high) => low < 1 || high > max || low > high,
            Claim::Top(n) => n != max,
        };
        if wrong {
            found.push(format!("{claim:?} in \"{}\"", context.trim()));
        }
    }
    found
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Claim {
    Count(u32),
    Whole(u32, u32),
    Part(u32, u32),
    Top(u32),
}

/// The sentence (or line of a table) holding byte `at`.
fn sentence_around(text: &str, at: usize) -> &str {
    let ends = |c: char| c == '.' || c == '\n' || c == '|' || c == ';';
    let start = text[..at].rfind(ends).map_or(0, |i| i + 1);
    let end = text[at..].find(ends).map_or(text.len(), |i| at + i);
    &text[start..end]
}

fn has_word(text: &str, word: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric())
        .any(|part| part == word)
}

/// The number at the start of `text` (digits, or "twenty-one"), and its length.
fn number(text: &str) -> Option<(u32, usize)> {
    if text.starts_with("twenty-one") {
        return Some((21, "twenty-one".len()));
    }
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    let value = digits.parse().ok()?;
    Some((value, digits.len()))
}

/// `a–b`, `a-b` or `a to b` at the start of `text`.
fn range(text: &str) -> Option<(u32, u32)> {
    let (low, used) = number(text)?;
    let rest = &text[used..];
    let rest = ["–", "-", " to ", " – "]
        .iter()
        .find_map(|dash| rest.strip_prefix(dash))?;
    let (high, _) = number(rest)?;
    Some((low, high))
}

/// Every claim of `text` (lower-cased), with where it starts.
fn claims(text: &str) -> Vec<(usize, Claim)> {
    let mut found = Vec::new();
    for (at, _) in text.char_indices() {
        let rest = &text[at..];
        let word_start =
            at == 0 || !text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '-');
        if !word_start {
            continue;
        }
        // "--level 1-21", "levels 1–8", "steps 7–20", "step 5"
        for (word, whole) in [
            ("--level ", true),
            ("levels ", true),
            ("steps ", false),
            ("step ", false),
            ("level ", false),
        ] {
            if let Some(after) = rest.strip_prefix(word) {
                // Stockfish's own "Skill Level 0–20" is no step of ours.
                if text[..at].ends_with("skill ") {
                    break;
                }
                let after = after.trim_start_matches('`');
                if let Some((low, high)) = range(after) {
                    found.push((
                        at,
                        if whole {
                            Claim::Whole(low, high)
                        } else {
                            Claim::Part(low, high)
                        },
                    ));
                } else if let Some((n, _)) = number(after).filter(|_| !whole) {
                    found.push((at, Claim::Part(n, n)));
                }
                break;
            }
        }
        if let Some(after) = rest.strip_prefix("(a true beginner) to ") {
            if let Some((n, _)) = number(after) {
                found.push((at, Claim::Whole(1, n)));
            }
        }
        for top in ["strongest step (", "strongest level ("] {
            if let Some((n, _)) = rest.strip_prefix(top).and_then(number) {
                found.push((at, Claim::Top(n)));
            }
        }
        // "21 steps", "21-step", "twenty-one steps", "21 is full strength"
        if let Some((n, used)) = number(rest) {
            let after = &rest[used..];
            if after.starts_with(" steps") || after.starts_with("-step") {
                found.push((at, Claim::Count(n)));
            }
            if after.starts_with(" is full strength") || after.starts_with(" (full strength") {
                found.push((at, Claim::Top(n)));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yesterdays_claims_are_found() {
        let text = "Play at levels 1–8 (level 2 by default). `--level 1-16`. \
            Search depth of the strongest level (8). Levels 1–7 are weaker, 8 is full strength.";
        let found = ladder_mismatches(text, 21);
        assert_eq!(found.len(), 5, "{found:#?}");
    }

    #[test]
    fn todays_claims_and_history_pass() {
        let text = "Twenty-one steps from 1 (a true beginner) to 21; steps 1–6 mix random moves, \
            steps 7–20 are Skill Level with Skill Level 0–20; `--level 1-21`, step 5 by default; the strongest step (21). \
            Old levels 1–8 became steps of the first, 16-step ladder. Its top four steps (250–420 \
            apart) became nine. The players played steps 1–3.";
        assert_eq!(ladder_mismatches(text, 21), Vec::<String>::new());
        assert_eq!(ladder_mismatches("a 21-step ladder", 22).len(), 1);
        assert_eq!(ladder_mismatches("step 22 plays", 21).len(), 1);
    }
}
