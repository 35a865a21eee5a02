//! Splits PGN bytes into tokens, streaming from any [`BufRead`] with bounded memory.
//!
//! `%` escape lines, `;` comments, periods and unknown bytes never reach the reader: they are
//! skipped here, byte by byte, without being stored. The only text kept is a tag (name and value,
//! each capped), a symbol (capped) or a `{ }` comment (capped at [`MAX_COMMENT_LEN`], whitespace
//! collapsed as it is read), so a hostile file costs constant memory per token however long its
//! comments or lines are. NAGs (`$6`) and move marks (`?!`) become [`Nag`]s.

use std::io::{self, BufRead};

use super::{Comment, Nag, MAX_COMMENT_LEN};
use crate::GameResult;

/// Longest symbol kept; longer ones are kept truncated and can never parse as a move.
const MAX_SYMBOL_LEN: usize = 32;
/// Longest tag name accepted; a longer one makes the tag malformed (and skipped).
const MAX_TAG_NAME_LEN: usize = 255;
/// Longest tag value accepted; a longer one makes the tag malformed (and skipped).
const MAX_TAG_VALUE_LEN: usize = 16 * 1024;

/// One meaningful piece of PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token {
    /// `[Name "value"]`, with `\"` and `\\` unescaped.
    Tag { name: String, value: String },
    /// A move number such as `12` (its periods are skipped).
    MoveNumber,
    /// Anything else made of symbol characters: a move in SAN, or something that fails to parse as one.
    Symbol(Symbol),
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(GameResult),
    /// `(`: a variation starts.
    OpenVariation,
    /// `)`: a variation ends.
    CloseVariation,
    /// A `{ }` comment with something in it.
    Comment(Comment),
    /// `$6`, or a move mark such as `?!` (unknown marks such as `!!!` are skipped).
    Nag(Nag),
}

/// The bytes of a symbol, at most [`MAX_SYMBOL_LEN`] of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Symbol {
    bytes: Vec<u8>,
    truncated: bool,
}

impl Symbol {
    /// The symbol's bytes, unless it was too long to be a move.
    pub(super) fn bytes(&self) -> Option<&[u8]> {
        (!self.truncated).then_some(&self.bytes[..])
    }

    /// The symbol as text for error messages, `...` marking a truncation.
    pub(super) fn text(&self) -> String {
        let text = String::from_utf8_lossy(&self.bytes);
        if self.truncated {
            format!("{text}...")
        } else {
            text.into_owned()
        }
    }
}

/// A byte source with one byte of lookahead that knows the current line.
pub(super) struct Lexer<R> {
    src: R,
    line: u64,
    at_line_start: bool,
}

/// Bytes that make up tag names: printable ASCII except quotes and brackets (the standard
/// only uses letters, digits and `_`).
fn is_tag_name_byte(b: u8) -> bool {
    b.is_ascii_graphic() && !matches!(b, b'"' | b'[' | b']')
}

/// Bytes that make up symbols (moves, move numbers, results), as in the PGN standard plus `/`
/// for `1/2-1/2`.
fn is_symbol_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-' | b'/')
}

impl<R: BufRead> Lexer<R> {
    pub(super) fn new(src: R) -> Lexer<R> {
        Lexer {
            src,
            line: 1,
            at_line_start: true,
        }
    }

    /// The line (1-based) of the next byte.
    pub(super) fn line(&self) -> u64 {
        self.line
    }

    fn peek(&mut self) -> io::Result<Option<u8>> {
        loop {
            match self.src.fill_buf() {
                Ok(buf) => return Ok(buf.first().copied()),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    fn bump(&mut self, b: u8) {
        self.src.consume(1);
        self.at_line_start = b == b'\n';
        if b == b'\n' {
            self.line += 1;
        }
    }

    /// The buffered bytes, refilled if empty (empty only at the end of input).
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        loop {
            match self.src.fill_buf() {
                Ok(_) => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
        // The buffer is full now, so this returns it without reading (returning the first
        // borrow from inside the loop is what the borrow checker cannot yet accept).
        self.src.fill_buf()
    }

    /// Consumes bytes up to and including `end` (or to the end of input).
    fn skip_past(&mut self, end: u8) -> io::Result<()> {
        loop {
            // Skip whole buffered runs at once: lines can be long.
            let (found, used) = {
                let buf = self.fill_buf()?;
                if buf.is_empty() {
                    return Ok(());
                }
                match buf.iter().position(|&b| b == end) {
                    Some(i) => (true, &buf[..=i]),
                    None => (false, buf),
                }
            };
            let newlines = used.iter().filter(|&&b| b == b'\n').count() as u64;
            let last = *used.last().expect("fill_buf returned a non-empty buffer");
            let len = used.len();
            self.line += newlines;
            self.at_line_start = last == b'\n';
            self.src.consume(len);
            if found {
                return Ok(());
            }
        }
    }

    /// The next token, or `None` at the end of input.
    pub(super) fn next_token(&mut self) -> io::Result<Option<Token>> {
        loop {
            let Some(b) = self.peek()? else {
                return Ok(None);
            };
            match b {
                b'%' if self.at_line_start => self.skip_past(b'\n')?,
                b';' => self.skip_past(b'\n')?,
                b'{' => {
                    self.bump(b);
                    if let Some(comment) = self.comment()? {
                        return Ok(Some(Token::Comment(comment)));
                    }
                }
                b'!' | b'?' => {
                    if let Some(nag) = self.move_mark()? {
                        return Ok(Some(Token::Nag(nag)));
                    }
                }
                b'[' => {
                    self.bump(b);
                    if let Some(tag) = self.tag()? {
                        return Ok(Some(tag));
                    }
                }
                b'(' => {
                    self.bump(b);
                    return Ok(Some(Token::OpenVariation));
                }
                b')' => {
                    self.bump(b);
                    return Ok(Some(Token::CloseVariation));
                }
                b'*' => {
                    self.bump(b);
                    return Ok(Some(Token::Result(GameResult::Ongoing)));
                }
                b'$' => {
                    self.bump(b);
                    if let Some(nag) = self.numeric_nag()? {
                        return Ok(Some(Token::Nag(nag)));
                    }
                }
                b if b.is_ascii_alphanumeric() || b == b'-' => return self.symbol().map(Some),
                // A UTF-8 byte-order mark leaves a line start a line start.
                0xEF | 0xBB | 0xBF if self.at_line_start => self.src.consume(1),
                // Whitespace, periods, anything unknown.
                _ => self.bump(b),
            }
        }
    }

    fn skip_while(&mut self, keep_going: impl Fn(u8) -> bool) -> io::Result<()> {
        while let Some(b) = self.peek()? {
            if !keep_going(b) {
                break;
            }
            self.bump(b);
        }
        Ok(())
    }

    /// Reads a comment after its `{`, up to and including its `}` (or the end of input).
    /// Whitespace runs become single spaces and the ends are trimmed as the bytes go by; bytes
    /// past [`MAX_COMMENT_LEN`] are skipped unstored. `None` if nothing but whitespace is left.
    fn comment(&mut self) -> io::Result<Option<Comment>> {
        let mut text = Vec::new();
        let mut pending_space = false;
        loop {
            // Work on whole buffered runs at once: comments can be long.
            let (closed, used, newlines, last) = {
                let buf = self.fill_buf()?;
                if buf.is_empty() {
                    break;
                }
                let end = buf.iter().position(|&b| b == b'}');
                let body = &buf[..end.unwrap_or(buf.len())];
                for &b in body {
                    if b.is_ascii_whitespace() {
                        pending_space = !text.is_empty();
                    } else if text.len() < MAX_COMMENT_LEN {
                        if pending_space {
                            text.push(b' ');
                            pending_space = false;
                        }
                        text.push(b);
                    }
                }
                let used = body.len() + usize::from(end.is_some());
                let newlines = body.iter().filter(|&&b| b == b'\n').count() as u64;
                (end.is_some(), used, newlines, buf[used - 1])
            };
            self.line += newlines;
            self.at_line_start = last == b'\n';
            self.src.consume(used);
            if closed {
                break;
            }
        }
        let mut text = String::from_utf8_lossy(&text).into_owned();
        // Invalid bytes grow into three-byte replacement characters: cap the text again, at a
        // character boundary, so that what is read once reads the same when written back.
        if text.len() > MAX_COMMENT_LEN {
            let mut end = MAX_COMMENT_LEN;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            text.truncate(end);
        }
        text.truncate(text.trim_end().len());
        Ok(Comment::from_lexed(text))
    }

    /// Reads a run of `!` and `?`: the NAG of one of the six move marks, else nothing.
    fn move_mark(&mut self) -> io::Result<Option<Nag>> {
        let mut mark = String::new();
        while let Some(b @ (b'!' | b'?')) = self.peek()? {
            self.bump(b);
            if mark.len() < 3 {
                mark.push(char::from(b));
            }
        }
        Ok(Nag::from_glyph(&mark))
    }

    /// Reads the digits after a `$`: the NAG they number, if they are 0 to 255.
    fn numeric_nag(&mut self) -> io::Result<Option<Nag>> {
        let mut digits = String::new();
        while let Some(b) = self.peek()?.filter(u8::is_ascii_digit) {
            self.bump(b);
            if digits.len() < 4 {
                digits.push(char::from(b));
            }
        }
        Ok(digits.parse().ok().map(Nag))
    }

    fn symbol(&mut self) -> io::Result<Token> {
        let mut bytes = Vec::new();
        let mut truncated = false;
        while let Some(b) = self.peek()? {
            if !is_symbol_byte(b) {
                break;
            }
            self.bump(b);
            if bytes.len() < MAX_SYMBOL_LEN {
                bytes.push(b);
            } else {
                truncated = true;
            }
        }
        if !truncated {
            // Symbol bytes are ASCII, so the text is always there.
            let text = std::str::from_utf8(&bytes).unwrap_or_default();
            if let Ok(result) = text.parse() {
                return Ok(Token::Result(result));
            }
            if bytes.iter().all(u8::is_ascii_digit) {
                return Ok(Token::MoveNumber);
            }
        }
        Ok(Token::Symbol(Symbol { bytes, truncated }))
    }

    /// Reads a tag after its `[`; `None` if it is malformed (the rest of its line is then skipped).
    fn tag(&mut self) -> io::Result<Option<Token>> {
        self.skip_while(|b| b == b' ' || b == b'\t')?;
        let mut name = Vec::new();
        while let Some(b) = self.peek()? {
            if !is_tag_name_byte(b) {
                break;
            }
            self.bump(b);
            name.push(b);
            if name.len() > MAX_TAG_NAME_LEN {
                return self.malformed_tag();
            }
        }
        self.skip_while(|b| b == b' ' || b == b'\t')?;
        if name.is_empty() || self.peek()? != Some(b'"') {
            return self.malformed_tag();
        }
        self.bump(b'"');
        let Some(value) = self.tag_value()? else {
            return self.malformed_tag();
        };
        // The limit applies to the decoded text too (an invalid byte becomes a three-byte
        // replacement character), so that a value read once always reads again.
        let value = String::from_utf8_lossy(&value).into_owned();
        if value.len() > MAX_TAG_VALUE_LEN {
            return Ok(None);
        }
        let name = String::from_utf8(name).expect("tag names are ascii");
        Ok(Some(Token::Tag { name, value }))
    }

    fn malformed_tag(&mut self) -> io::Result<Option<Token>> {
        if !self.at_line_start {
            self.skip_past(b'\n')?;
        }
        Ok(None)
    }

    /// Reads a tag value after its opening quote, up to the closing `"]`. A quote not followed by
    /// `]` is part of the value (real files have `[Event "the "big" one"]`), and a missing `]` at
    /// the end of the line is forgiven. `None` if the line ends without a closing quote.
    fn tag_value(&mut self) -> io::Result<Option<Vec<u8>>> {
        /// Appends a byte; false once the value is too long.
        fn push(value: &mut Vec<u8>, b: u8) -> bool {
            value.push(b);
            value.len() <= MAX_TAG_VALUE_LEN
        }
        let mut value = Vec::new();
        loop {
            let Some(b) = self.peek()? else {
                return Ok(None);
            };
            match b {
                b'\n' => return Ok(None),
                b'\\' => {
                    self.bump(b);
                    match self.peek()? {
                        Some(escaped @ (b'"' | b'\\')) => {
                            self.bump(escaped);
                            if !push(&mut value, escaped) {
                                return Ok(None);
                            }
                        }
                        _ => {
                            if !push(&mut value, b'\\') {
                                return Ok(None);
                            }
                        }
                    }
                }
                b'"' => {
                    self.bump(b);
                    let mut blanks = Vec::new();
                    loop {
                        match self.peek()? {
                            Some(b']') => {
                                self.bump(b']');
                                return Ok(Some(value));
                            }
                            None | Some(b'\n') => return Ok(Some(value)),
                            Some(blank @ (b' ' | b'\t' | b'\r')) => {
                                self.bump(blank);
                                blanks.push(blank);
                                if blanks.len() > MAX_TAG_VALUE_LEN {
                                    return Ok(None);
                                }
                            }
                            Some(_) => break,
                        }
                    }
                    for b in std::iter::once(b'"').chain(blanks) {
                        if !push(&mut value, b) {
                            return Ok(None);
                        }
                    }
                }
                _ => {
                    self.bump(b);
                    if !push(&mut value, b) {
                        return Ok(None);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every token of `text`, read through a one-byte buffer so that every buffer boundary is hit.
    fn tokens(text: &str) -> Vec<Token> {
        let mut lexer = Lexer::new(io::BufReader::with_capacity(1, text.as_bytes()));
        let mut tokens = Vec::new();
        while let Some(token) = lexer.next_token().expect("reading from memory") {
            tokens.push(token);
        }
        tokens
    }

    fn tag(name: &str, value: &str) -> Token {
        Token::Tag {
            name: name.to_owned(),
            value: value.to_owned(),
        }
    }

    fn sym(text: &str) -> Token {
        Token::Symbol(Symbol {
            bytes: text.as_bytes().to_vec(),
            truncated: false,
        })
    }

    fn comment(text: &str) -> Token {
        Token::Comment(text.parse().expect("a valid comment"))
    }

    #[test]
    fn tags_are_read_with_their_escapes() {
        assert_eq!(
            tokens(r#"[Event "A \"big\" one"] [Site "C:\\x\y"]"#),
            [tag("Event", r#"A "big" one"#), tag("Site", r"C:\x\y")]
        );
    }

    #[test]
    fn an_unescaped_quote_inside_a_tag_value_is_kept() {
        assert_eq!(
            tokens("[Event \"the \"big\" one\"]\n"),
            [tag("Event", "the \"big\" one")]
        );
    }

    #[test]
    fn a_tag_missing_its_bracket_ends_with_its_line() {
        assert_eq!(
            tokens("[Event \"x\"\r\n[Site \"y\" ]\n"),
            [tag("Event", "x"), tag("Site", "y")]
        );
    }

    #[test]
    fn malformed_tags_are_skipped_to_the_end_of_their_line() {
        assert_eq!(
            tokens("[Event x]\n[Site \"unterminated\n[ \"no name\"]\n[Round \"1\"]"),
            [tag("Round", "1")]
        );
    }

    #[test]
    fn movetext_is_split_into_numbers_moves_and_results() {
        assert_eq!(
            tokens("1.e4 e5!? 2. Nf3 $1 Nc6 3...a6 1/2-1/2 0-1 1-0 *"),
            [
                Token::MoveNumber,
                sym("e4"),
                sym("e5"),
                Token::Nag(Nag::INTERESTING),
                Token::MoveNumber,
                sym("Nf3"),
                Token::Nag(Nag::GOOD),
                sym("Nc6"),
                Token::MoveNumber,
                sym("a6"),
                Token::Result(GameResult::Draw),
                Token::Result(GameResult::BlackWins),
                Token::Result(GameResult::WhiteWins),
                Token::Result(GameResult::Ongoing),
            ]
        );
    }

    #[test]
    fn escapes_semicolon_comments_and_byte_order_marks_are_skipped_and_brace_comments_kept() {
        assert_eq!(
            tokens("\u{feff}% escaped line e4\n{a comment (e4) [x] ; } d4 ; rest e4\r\n(c4)"),
            [
                comment("a comment (e4) [x] ;"),
                sym("d4"),
                Token::OpenVariation,
                sym("c4"),
                Token::CloseVariation
            ]
        );
    }

    #[test]
    fn a_percent_sign_only_escapes_at_the_start_of_a_line() {
        assert_eq!(
            tokens("e4 % d4\n%c4\nNf3"),
            [sym("e4"), sym("d4"), sym("Nf3")]
        );
    }

    #[test]
    fn castling_with_zeros_is_a_move_not_a_result() {
        assert_eq!(
            tokens("0-0 0-0-0 O-O"),
            [sym("0-0"), sym("0-0-0"), sym("O-O")]
        );
    }

    #[test]
    fn an_overlong_symbol_is_truncated_and_never_a_move() {
        let long = "a".repeat(10_000);
        let tokens = tokens(&long);
        let [Token::Symbol(symbol)] = &tokens[..] else {
            panic!("one symbol expected, got {tokens:?}");
        };
        assert_eq!(symbol.bytes(), None);
        assert!(symbol.text().ends_with("..."));
        assert!(symbol.text().len() < 64);
    }

    #[test]
    fn lines_are_counted_through_comments() {
        let mut lexer = Lexer::new("{a\nb\nc} e4\n".as_bytes());
        assert_eq!(lexer.next_token().expect("memory"), Some(comment("a b c")));
        assert_eq!(lexer.next_token().expect("memory"), Some(sym("e4")));
        assert_eq!(lexer.line(), 3);
    }

    #[test]
    fn comments_are_kept_with_their_whitespace_collapsed() {
        assert_eq!(
            tokens("{  [%eval 0.35]\r\n\tInaccuracy.  } e4 {} { \n } {x}"),
            [comment("[%eval 0.35] Inaccuracy."), sym("e4"), comment("x")]
        );
        assert_eq!(
            tokens("e4 {unterminated\n"),
            [sym("e4"), comment("unterminated")]
        );
    }

    #[test]
    fn an_overlong_comment_keeps_its_first_bytes_and_ends_at_its_brace() {
        let text = format!("{{{}}} e4", "word ".repeat(2_000));
        let tokens = tokens(&text);
        let [Token::Comment(comment), Token::Symbol(_)] = &tokens[..] else {
            panic!("a comment and a move expected, got {tokens:?}");
        };
        assert!(comment.as_str().len() <= MAX_COMMENT_LEN);
        assert!(comment.as_str().len() > MAX_COMMENT_LEN - 5);
        assert!(comment.as_str().starts_with("word word"));
        assert!(!comment.as_str().ends_with(' '));
    }

    #[test]
    fn invalid_utf8_in_a_comment_is_replaced_within_the_length_limit() {
        let mut bytes = b"{".to_vec();
        bytes.extend(std::iter::repeat_n(0xff, MAX_COMMENT_LEN));
        bytes.extend(b"} e4");
        let mut lexer = Lexer::new(&bytes[..]);
        let Some(Token::Comment(comment)) = lexer.next_token().expect("memory") else {
            panic!("a comment expected");
        };
        assert!(comment.as_str().len() <= MAX_COMMENT_LEN);
        assert!(comment
            .as_str()
            .chars()
            .all(|c| c == char::REPLACEMENT_CHARACTER));
        assert_eq!(lexer.next_token().expect("memory"), Some(sym("e4")));
    }

    #[test]
    fn move_marks_and_numbered_nags_are_nags_and_unknown_ones_are_skipped() {
        assert_eq!(
            tokens("e4! e4? e4!! e4?? e4!? e4?! e4!!! e4?!? $0 $14 $255 $256 $0001 $"),
            [
                sym("e4"),
                Token::Nag(Nag(1)),
                sym("e4"),
                Token::Nag(Nag(2)),
                sym("e4"),
                Token::Nag(Nag(3)),
                sym("e4"),
                Token::Nag(Nag(4)),
                sym("e4"),
                Token::Nag(Nag(5)),
                sym("e4"),
                Token::Nag(Nag(6)),
                sym("e4"),
                sym("e4"),
                Token::Nag(Nag(0)),
                Token::Nag(Nag(14)),
                Token::Nag(Nag(255)),
                Token::Nag(Nag(1)),
            ]
        );
    }
}
