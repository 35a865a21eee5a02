//! The prompt loop: show the game, read a command, ask the server, show what changed.
//!
//! A move request blocks until Stockfish has replied, so it runs on a thread of its own while this
//! loop reads the live stream and shows Stockfish's thinking; both arrive on one channel as
//! [`Update`]s, in the order they happened.
//!
//! One job per file: this one holds the session's state and the loop; `moves.rs` plays a move,
//! `actions.rs` the other commands, `stream_follow.rs` the waits on the live stream,
//! `thinking_line.rs` the line that shows the search, `screen.rs` the board and the last words.

mod actions;
mod moves;
mod screen;
mod stream_follow;
mod thinking_line;

use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Receiver, Sender};

use alphachess_engine::FenError;

use self::stream_follow::Update;
use self::thinking_line::ThinkingLine;
use crate::api::{Api, GameAccess};
use crate::board::{Glyphs, Style};
use crate::commands::{self, Command, HELP};
use crate::stream;
use crate::terminal::Terminal;
use crate::typeahead::TypeAhead;
use crate::view::GameView;

/// Why the session had to stop.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// Reading commands or writing to the terminal failed.
    #[error("the terminal failed")]
    Io(#[from] io::Error),
    /// The server sent a position the engine crate cannot read.
    #[error("the server sent a position this client cannot read")]
    Position(#[from] FenError),
}

/// Whether to read another command.
enum Flow {
    Continue,
    Quit,
}

/// How the session looks.
#[derive(Debug, Clone, Copy)]
pub struct Looks {
    pub glyphs: Glyphs,
    pub terminal: Terminal,
    /// Whether Stockfish's evaluation and line show while it thinks (`--eval`; hidden by default,
    /// as in the browser).
    pub show_eval: bool,
}

/// Plays game `access` (now as `view`) at the prompt until the player quits or input ends.
pub fn run(
    api: Api,
    access: GameAccess,
    view: GameView,
    looks: Looks,
    input: impl BufRead,
    output: impl Write,
) -> Result<(), SessionError> {
    let (sender, updates) = mpsc::channel();
    stream::watch(api.clone(), access.id.clone(), sender.clone());
    let style = Style {
        glyphs: looks.glyphs,
        color: looks.terminal.color,
        bottom: view.player_color,
    };
    let mut session = Session {
        api,
        access,
        view,
        style,
        terminal: looks.terminal,
        updates,
        sender,
        streaming: false,
        stream_version: None,
        thinking: ThinkingLine::new(looks.show_eval),
        out: output,
    };
    session.connect_stream();
    session.play(input)
}

struct Session<W: Write> {
    api: Api,
    access: GameAccess,
    view: GameView,
    style: Style,
    terminal: Terminal,
    updates: Receiver<Update>,
    /// For the move request threads.
    sender: Sender<Update>,
    /// Whether the live stream has said anything (so waiting for it is worth it).
    streaming: bool,
    /// The version of the newest view the stream sent.
    stream_version: Option<u64>,
    thinking: ThinkingLine,
    out: W,
}

impl<W: Write> Session<W> {
    fn play(&mut self, mut input: impl BufRead) -> Result<(), SessionError> {
        let mut held = TypeAhead::hold();
        self.show()?;
        // Keys typed while the program printed, not yet part of a line read.
        let mut typed = String::new();
        loop {
            if self.view.is_engine_turn() {
                self.await_engine()?;
            }
            write!(self.out, "> ")?;
            typed.push_str(&held.release());
            let line = match typed.find('\n') {
                // Enter was pressed while the program printed: that line is the next command.
                Some(end) => {
                    let line: String = typed.drain(..=end).collect();
                    writeln!(self.out, "{}", line.trim_end())?;
                    line
                }
                None => {
                    // Shown after the prompt, as the terminal would have; the rest is typed on.
                    write!(self.out, "{typed}")?;
                    self.out.flush()?;
                    let mut rest = String::new();
                    if input.read_line(&mut rest)? == 0 {
                        writeln!(self.out)?;
                        break;
                    }
                    std::mem::take(&mut typed) + &rest
                }
            };
            held = TypeAhead::hold();
            if self.terminal.echo_input {
                writeln!(self.out, "{}", line.trim_end())?;
            }
            let flow = match commands::parse(&line) {
                Ok(Some(command)) => self.execute(command)?,
                Ok(None) => Flow::Continue,
                Err(error) => {
                    writeln!(self.out, "{error}")?;
                    Flow::Continue
                }
            };
            if let Flow::Quit = flow {
                break;
            }
        }
        self.farewell()
    }

    fn execute(&mut self, command: Command) -> Result<Flow, SessionError> {
        match command {
            Command::Move(text) => self.play_move(&text)?,
            Command::Undo => self.take_back()?,
            Command::Hint => self.hint()?,
            Command::Resign => self.resign()?,
            Command::Draw => self.offer_draw()?,
            Command::Fen => writeln!(self.out, "{}", self.view.fen)?,
            Command::Pgn(file) => self.pgn(file.as_deref())?,
            Command::Flip => {
                self.style.bottom = self.style.bottom.other();
                self.show()?;
            }
            Command::Eval => {
                let shown = self.thinking.toggle_eval();
                let words = if shown {
                    "Stockfish's evaluation and line are shown while it thinks (`eval` hides them)."
                } else {
                    "Stockfish's evaluation is hidden (`eval` shows it)."
                };
                writeln!(self.out, "{words}")?;
            }
            Command::Help => writeln!(self.out, "{HELP}")?,
            Command::Quit => return Ok(Flow::Quit),
        }
        Ok(Flow::Continue)
    }
}
