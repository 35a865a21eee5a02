//! A comment of the movetext: the text between `{` and `}`.

use std::fmt;
use std::str::FromStr;

/// The longest comment kept, in bytes; the reader keeps the first this many bytes of a longer one.
pub const MAX_COMMENT_LEN: usize = 4096;

/// The text of a `{ ... }` comment, in the one form that reads back unchanged: whitespace runs
/// (line breaks included) are single spaces, with none at either end; it is not empty, has no
/// `}` and is at most [`MAX_COMMENT_LEN`] bytes.
///
/// Everything else is kept verbatim, so embedded commands such as `[%eval 0.35]` or
/// `[%clk 0:03:00]` survive a round trip; [`Eval`](super::Eval) reads and writes the first.
///
/// ```
/// use alphachess_engine::pgn::{Comment, InvalidCommentError};
/// let comment: Comment = "  [%eval 0.35]\n Inaccuracy.  Nf3 was best. ".parse()?;
/// assert_eq!(comment.as_str(), "[%eval 0.35] Inaccuracy. Nf3 was best.");
/// assert_eq!("a } b".parse::<Comment>(), Err(InvalidCommentError::ClosingBrace));
/// # Ok::<(), InvalidCommentError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Comment(String);

/// Why a text cannot be a [`Comment`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum InvalidCommentError {
    /// Nothing but whitespace: `{ }` reads back as no comment at all.
    Empty,
    /// A `}` would end the comment early.
    ClosingBrace,
    /// Longer than [`MAX_COMMENT_LEN`] bytes once its whitespace is collapsed.
    TooLong,
}

impl fmt::Display for InvalidCommentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InvalidCommentError::Empty => f.write_str("invalid comment: empty"),
            InvalidCommentError::ClosingBrace => f.write_str("invalid comment: contains }"),
            InvalidCommentError::TooLong => {
                write!(f, "invalid comment: longer than {MAX_COMMENT_LEN} bytes")
            }
        }
    }
}

impl std::error::Error for InvalidCommentError {}

impl Comment {
    /// A comment of `text`, its whitespace collapsed (see [`Comment`]).
    pub fn new(text: &str) -> Result<Comment, InvalidCommentError> {
        let words: Vec<&str> = text.split_ascii_whitespace().collect();
        let text = words.join(" ");
        if text.is_empty() {
            Err(InvalidCommentError::Empty)
        } else if text.contains('}') {
            Err(InvalidCommentError::ClosingBrace)
        } else if text.len() > MAX_COMMENT_LEN {
            Err(InvalidCommentError::TooLong)
        } else {
            Ok(Comment(text))
        }
    }

    /// A comment from the lexer, which collapses whitespace, stops at `}` and caps the length
    /// itself; `None` if nothing is left.
    pub(super) fn from_lexed(text: String) -> Option<Comment> {
        debug_assert!(!text.contains('}') && text.len() <= MAX_COMMENT_LEN);
        (!text.is_empty()).then_some(Comment(text))
    }

    /// The text, without the braces.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl FromStr for Comment {
    type Err = InvalidCommentError;

    fn from_str(text: &str) -> Result<Comment, InvalidCommentError> {
        Comment::new(text)
    }
}

impl fmt::Display for Comment {
    /// The text, without the braces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
