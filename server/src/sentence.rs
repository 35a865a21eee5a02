//! Messages for people: the engine's and the domain's `Display` texts are lowercase with no full
//! stop (Rust style, so they can be embedded in longer ones); a person is shown a sentence.

/// `text` with its first letter in upper case ("blitz" gives "Blitz").
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `text` as a sentence: a capital first letter, and a full stop unless it already ends with
/// `.`, `?` or `!` ("the game is over" gives "The game is over.").
pub fn sentence(text: &str) -> String {
    let mut out = capitalised(text);
    if !out.ends_with(['.', '?', '!']) {
        out.push('.');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_becomes_a_sentence_with_one_full_stop() {
        assert_eq!(sentence("the game is over"), "The game is over.");
        assert_eq!(sentence("Already one."), "Already one.");
        assert_eq!(sentence("is it your turn?"), "Is it your turn?");
        assert_eq!(sentence(""), ".");
    }

    #[test]
    fn only_the_first_letter_is_capitalised() {
        assert_eq!(capitalised("ultraBullet"), "UltraBullet");
        assert_eq!(capitalised("élan e4"), "Élan e4");
        assert_eq!(capitalised(""), "");
    }
}
