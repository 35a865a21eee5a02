//! An error as the player reads it: each cause after the error it caused, `a: b: c`.
//!
//! The error types wrap their causes (`#[source]`) instead of copying their messages, so the
//! whole story is told here, once, for `main`'s last line and the prompt's refusals alike.

use std::error::Error;

/// `error`'s message followed by its causes', joined by `: `.
pub fn chain(error: &dyn Error) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(source) = cause {
        text.push_str(": ");
        text.push_str(&source.to_string());
        cause = source.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, thiserror::Error)]
    #[error("cannot read games.json")]
    struct Outer(#[source] std::io::Error);

    #[test]
    fn each_cause_follows_the_error_it_caused() {
        let error = Outer(std::io::Error::other("the disk is gone"));
        assert_eq!(chain(&error), "cannot read games.json: the disk is gone");
    }

    #[test]
    fn an_error_without_a_cause_is_its_message() {
        assert_eq!(
            chain(&std::io::Error::other("the disk is gone")),
            "the disk is gone"
        );
    }
}
