//! A line typed at the prompt, parsed into a [`Command`].
//!
//! Anything that is not a command word is a move, sent to the server as typed: the server's
//! forgiving SAN/UCI reader decides what it means, so this client never second-guesses the rules.

use std::fmt;
use std::path::PathBuf;

/// A move as the player typed it (`Nf3`, `e2e4`, `O-O`, `e8=Q`), one word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveText(String);

impl MoveText {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What the player asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Move(MoveText),
    /// Take back the last move (and the engine's reply).
    Undo,
    Hint,
    Resign,
    /// Offer a draw.
    Draw,
    /// Print the current position as FEN.
    Fen,
    /// Print the game as PGN, or write it to a file.
    Pgn(Option<PathBuf>),
    /// Turn the board around.
    Flip,
    /// Show or hide Stockfish's evaluation and line while it thinks.
    Eval,
    Help,
    Quit,
}

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseCommandError {
    /// Several words that do not start with a command that takes an argument.
    #[error("{0:?} is neither a move nor a command (type `help`)")]
    Unknown(String),
    /// A command that takes no argument was given some.
    #[error("`{0}` takes no argument")]
    UnexpectedArgument(&'static str),
}

/// The commands and what they do, as `help` prints them.
pub const HELP: &str = "\
Type a move in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3, e7e8q), or a command:
  undo        take back your last move and Stockfish's reply
  hint        ask Stockfish for a move
  resign      give up the game
  draw        offer a draw
  fen         print the position as FEN
  pgn [FILE]  print the game as PGN, or write it to FILE
  flip        turn the board around
  eval        show or hide Stockfish's evaluation while it thinks (hidden by default)
  help        this list
  quit        leave (the game stays on the server: `alphachess resume ID`)";

/// Reads one prompt line; `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, ParseCommandError> {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    let word = first.to_ascii_lowercase();
    let bare = |command: Command, name: &'static str| {
        if rest.is_empty() {
            Ok(Some(command))
        } else {
            Err(ParseCommandError::UnexpectedArgument(name))
        }
    };
    match word.as_str() {
        "undo" | "takeback" => bare(Command::Undo, "undo"),
        "hint" => bare(Command::Hint, "hint"),
        "resign" => bare(Command::Resign, "resign"),
        "draw" => bare(Command::Draw, "draw"),
        "fen" => bare(Command::Fen, "fen"),
        "flip" => bare(Command::Flip, "flip"),
        "eval" => bare(Command::Eval, "eval"),
        "help" | "?" => bare(Command::Help, "help"),
        "quit" | "exit" => bare(Command::Quit, "quit"),
        // A file name may contain spaces: everything after the word, as typed.
        "pgn" => Ok(Some(Command::Pgn(pgn_file(line)))),
        _ if rest.is_empty() => Ok(Some(Command::Move(MoveText(first.to_owned())))),
        _ => Err(ParseCommandError::Unknown(line.trim().to_owned())),
    }
}

/// The text after `pgn`, if any.
fn pgn_file(line: &str) -> Option<PathBuf> {
    let after = line.trim_start()[3..].trim();
    (!after.is_empty()).then(|| PathBuf::from(after))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(line: &str) -> Command {
        parse(line).expect("a command").expect("not blank")
    }

    #[test]
    fn one_word_that_is_not_a_command_is_a_move_kept_as_typed() {
        assert_eq!(command("Nf3"), Command::Move(MoveText("Nf3".into())));
        assert_eq!(
            command("  e7e8q \n"),
            Command::Move(MoveText("e7e8q".into()))
        );
        assert_eq!(command("O-O"), Command::Move(MoveText("O-O".into())));
    }

    #[test]
    fn command_words_are_read_in_any_case_with_their_aliases() {
        assert_eq!(command("undo"), Command::Undo);
        assert_eq!(command("TakeBack"), Command::Undo);
        assert_eq!(command("HINT"), Command::Hint);
        assert_eq!(command("resign"), Command::Resign);
        assert_eq!(command("draw"), Command::Draw);
        assert_eq!(command("fen"), Command::Fen);
        assert_eq!(command("flip"), Command::Flip);
        assert_eq!(command("eval"), Command::Eval);
        assert_eq!(command("?"), Command::Help);
        assert_eq!(command("exit"), Command::Quit);
    }

    #[test]
    fn pgn_takes_an_optional_file_name_which_may_contain_spaces() {
        assert_eq!(command("pgn"), Command::Pgn(None));
        assert_eq!(
            command(" pgn  my games/last one.pgn "),
            Command::Pgn(Some(PathBuf::from("my games/last one.pgn")))
        );
    }

    #[test]
    fn a_blank_line_is_nothing() {
        assert_eq!(parse("   "), Ok(None));
    }

    #[test]
    fn extra_words_are_refused_with_a_reason() {
        assert_eq!(
            parse("undo twice"),
            Err(ParseCommandError::UnexpectedArgument("undo"))
        );
        let error = parse("knight to f3").expect_err("not a move");
        assert_eq!(
            error.to_string(),
            "\"knight to f3\" is neither a move nor a command (type `help`)"
        );
    }
}
