//! The prompt loop: show the game, read a command, ask the server, show what changed.
//!
//! A move request blocks until Stockfish has replied, so it runs on a thread of its own while this
//! loop reads the live stream and shows Stockfish's thinking; both arrive on one channel as
//! [`Update`]s, in the order they happened.

use std::fmt;
use std::io::{self, BufRead, Write};
use std::path::Path;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use alphachess_engine::FenError;

use crate::api::{Api, ClientError, ErrorCode, GameAccess};
use crate::board::{self, Glyphs, Style};
use crate::commands::{self, Command, MoveText, HELP};
use crate::movelist::{self, move_list};
use crate::stream::{self, StreamEvent};
use crate::terminal::{Terminal, CLEAR_LINE};
use crate::typeahead::TypeAhead;
use crate::view::{GameView, Thinking};

/// How long to wait for the live stream to connect before playing without it.
const STREAM_CONNECT: Duration = Duration::from_secs(3);

/// After the server's answer, how long the stream may take to deliver the search's last lines.
const STREAM_SETTLE: Duration = Duration::from_secs(1);

/// How often to ask the server directly while waiting for an engine move that no stream reports.
const POLL: Duration = Duration::from_secs(1);

/// The most characters of a thinking line rewritten in place (an 80-column terminal's line).
const LIVE_WIDTH: usize = 79;

/// How long to wait for Stockfish to move in a resumed game before giving the prompt back.
const ENGINE_PATIENCE: Duration = Duration::from_secs(120);

/// Something that happened while the loop waited.
#[derive(Debug)]
enum Update {
    Stream(StreamEvent),
    /// The answer to the move request in flight (boxed: a view is far larger than an event).
    Answer(Box<Result<GameView, ClientError>>),
}

impl From<StreamEvent> for Update {
    fn from(event: StreamEvent) -> Update {
        Update::Stream(event)
    }
}

/// Why the session had to stop.
#[derive(Debug)]
pub enum SessionError {
    /// Reading commands or writing to the terminal failed.
    Io(io::Error),
    /// The server sent a position the engine crate cannot read.
    Position(FenError),
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::Io(error) => write!(f, "the terminal failed: {error}"),
            SessionError::Position(error) => write!(f, "the server sent a position {error}"),
        }
    }
}

impl std::error::Error for SessionError {}

impl From<io::Error> for SessionError {
    fn from(error: io::Error) -> SessionError {
        SessionError::Io(error)
    }
}

impl From<FenError> for SessionError {
    fn from(error: FenError) -> SessionError {
        SessionError::Position(error)
    }
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
        bottom: view.player_color.color(),
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
        stream_ply: None,
        thinking: ThinkingLine::default(),
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
    /// The ply of the newest view the stream sent.
    stream_ply: Option<usize>,
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
            Command::Resign => {
                let answer = self.api.resign(&self.access);
                self.changed(answer)?;
            }
            Command::Draw => self.offer_draw()?,
            Command::Fen => writeln!(self.out, "{}", self.view.fen)?,
            Command::Pgn(file) => self.pgn(file.as_deref())?,
            Command::Flip => {
                self.style.bottom = self.style.bottom.other();
                self.show()?;
            }
            Command::Help => writeln!(self.out, "{HELP}")?,
            Command::Quit => return Ok(Flow::Quit),
        }
        Ok(Flow::Continue)
    }

    /// Sends the move, shows Stockfish's thinking until the answer comes, then the new board.
    fn play_move(&mut self, text: &MoveText) -> Result<(), SessionError> {
        self.drain();
        let ply = self.view.ply;
        let (api, access, sender) = (self.api.clone(), self.access.clone(), self.sender.clone());
        let text_sent = text.as_str().to_owned();
        thread::spawn(move || {
            let answer = api.play(&access, &text_sent, ply);
            // The session waits for this answer, so it still listens.
            let _ = sender.send(Update::Answer(Box::new(answer)));
        });
        // The engine searches in the position after the player's move.
        let answer = self.await_answer(ply + 1)?;
        match answer {
            Ok(view) => {
                self.settle(view.ply, ply + 1)?;
                self.thinking.finish(&mut self.out, self.terminal.live)?;
                if view.ply > ply + 1 {
                    if let Some(reply) = &view.last_move {
                        writeln!(self.out, "Stockfish plays {}.", reply.san)?;
                    }
                }
                self.view = view;
                self.show()
            }
            Err(error) => {
                self.thinking.finish(&mut self.out, self.terminal.live)?;
                self.report(error)
            }
        }
    }

    fn take_back(&mut self) -> Result<(), SessionError> {
        let answer = self.api.take_back(&self.access);
        if answer.is_ok() {
            writeln!(self.out, "Took back your last move.")?;
        }
        self.changed(answer)
    }

    fn hint(&mut self) -> Result<(), SessionError> {
        match self.api.hint(&self.access) {
            Ok(hint) => writeln!(self.out, "Stockfish suggests {}.", hint.san)?,
            Err(error) => self.report(error)?,
        }
        Ok(())
    }

    fn offer_draw(&mut self) -> Result<(), SessionError> {
        match self.api.offer_draw(&self.access) {
            Ok(answer) => {
                if !answer.game.is_finished() {
                    writeln!(self.out, "Stockfish declines the draw.")?;
                }
                self.changed(Ok(answer.game))
            }
            Err(error)
                if matches!(
                    error.code(),
                    Some(ErrorCode::NotFound | ErrorCode::MethodNotAllowed)
                ) =>
            {
                writeln!(self.out, "This server has no draw offers.")?;
                Ok(())
            }
            Err(error) => self.report(error),
        }
    }

    /// Prints the game's PGN, or writes it to `file`.
    fn pgn(&mut self, file: Option<&Path>) -> Result<(), SessionError> {
        let text = match self.api.pgn(&self.access.id) {
            Ok(text) => text,
            Err(error) => return self.report(error),
        };
        match file {
            None => write!(self.out, "{}", ensure_newline(&text))?,
            Some(path) => match std::fs::write(path, ensure_newline(&text)) {
                Ok(()) => writeln!(self.out, "PGN written to {}.", path.display())?,
                Err(error) => writeln!(self.out, "Cannot write {}: {error}.", path.display())?,
            },
        }
        Ok(())
    }

    /// Shows the game after a change, or why it did not happen.
    fn changed(&mut self, answer: Result<GameView, ClientError>) -> Result<(), SessionError> {
        match answer {
            Ok(view) => {
                self.view = view;
                self.show()
            }
            Err(error) => self.report(error),
        }
    }

    /// Says what went wrong, with what helps next.
    fn report(&mut self, error: ClientError) -> Result<(), SessionError> {
        writeln!(self.out, "{}", sentence(&error.to_string()))?;
        match error.code() {
            Some(ErrorCode::IllegalMove) => {
                let legal: Vec<&str> = self
                    .view
                    .legal_moves
                    .iter()
                    .map(|m| m.san.as_str())
                    .collect();
                if !legal.is_empty() {
                    writeln!(self.out, "Legal moves: {}", legal.join(" "))?;
                }
            }
            Some(ErrorCode::InvalidMoveNotation) => {
                writeln!(self.out, "Type a move such as Nf3 or g1f3, or `help`.")?;
            }
            // Someone else changed the game: show it as it is.
            Some(ErrorCode::StalePly | ErrorCode::NotYourTurn) => {
                if let Ok(view) = self.api.game(&self.access.id) {
                    self.view = view;
                    self.show()?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The board, the moves and whose turn it is (or how the game ended).
    fn show(&mut self) -> Result<(), SessionError> {
        writeln!(self.out)?;
        for line in board::render(&self.view, self.style)? {
            writeln!(self.out, "{line}")?;
        }
        writeln!(self.out)?;
        for line in move_list(&self.view, movelist::WIDTH)? {
            writeln!(self.out, "{line}")?;
        }
        writeln!(self.out, "{}", self.status())?;
        Ok(())
    }

    fn status(&self) -> String {
        let view = &self.view;
        if view.is_finished() {
            return format!("Game over. {}", view.result_line());
        }
        let check = if view.check { " Check!" } else { "" };
        if view.is_engine_turn() {
            format!("Stockfish ({}) to move.{check}", view.turn)
        } else {
            format!("Your move ({}).{check}", view.turn)
        }
    }

    fn farewell(&mut self) -> Result<(), SessionError> {
        if self.view.is_finished() {
            let said = crate::store::Store::from_env()
                .map_err(|e| e.to_string())
                .and_then(|store| {
                    crate::rating::after_game(&self.api, store.dir(), &self.view)
                        .map_err(|e| e.to_string())
                });
            match said {
                Ok(Some(line)) => writeln!(self.out, "{line}")?,
                Ok(None) => {}
                Err(error) => writeln!(self.out, "Your rating could not be updated: {error}")?,
            }
        }
        if !self.view.is_finished() {
            writeln!(
                self.out,
                "The game stays on the server: continue it with `alphachess resume {}`.",
                self.access.id
            )?;
        }
        Ok(())
    }

    /// Waits briefly for the stream's first view, so the search of the first move is watched.
    fn connect_stream(&mut self) {
        let deadline = Instant::now() + STREAM_CONNECT;
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.updates.recv_timeout(left) {
                Ok(Update::Stream(event)) => {
                    let is_view = matches!(event, StreamEvent::Game(_));
                    self.note(&event);
                    if is_view {
                        return;
                    }
                }
                Ok(Update::Answer(_)) => {}
                Err(_) => return,
            }
        }
    }

    /// Remembers what the stream says about the game.
    fn note(&mut self, event: &StreamEvent) {
        self.streaming = true;
        if let StreamEvent::Game(view) = event {
            self.stream_ply = Some(view.ply);
        }
    }

    /// Forgets stream events that arrived while the prompt waited (they are about the past).
    fn drain(&mut self) {
        while let Ok(update) = self.updates.try_recv() {
            if let Update::Stream(event) = update {
                self.note(&event);
            }
        }
    }

    /// Shows the thinking for a search at `ply` until the move request's answer arrives.
    fn await_answer(&mut self, ply: usize) -> Result<Result<GameView, ClientError>, SessionError> {
        loop {
            let update = self
                .updates
                .recv()
                .expect("the session holds a sender, so the channel stays open");
            match update {
                Update::Answer(answer) => return Ok(*answer),
                Update::Stream(event) => self.observe(&event, ply)?,
            }
        }
    }

    /// After the answer at `answer_ply`, lets the stream catch up (its last thinking line comes
    /// before its view of the reply), for at most [`STREAM_SETTLE`].
    fn settle(&mut self, answer_ply: usize, searched_ply: usize) -> Result<(), SessionError> {
        let deadline = Instant::now() + STREAM_SETTLE;
        while self.streaming && self.stream_ply.is_none_or(|ply| ply < answer_ply) {
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                break;
            };
            match self.updates.recv_timeout(left) {
                Ok(Update::Stream(event)) => self.observe(&event, searched_ply)?,
                Ok(Update::Answer(_)) => {}
                Err(_) => break,
            }
        }
        Ok(())
    }

    /// Notes a stream event and shows it if it is thinking about the search at `ply`.
    fn observe(&mut self, event: &StreamEvent, ply: usize) -> Result<(), SessionError> {
        self.note(event);
        if let StreamEvent::Thinking(thinking) = event {
            if thinking.ply == ply {
                self.thinking
                    .update(thinking, &mut self.out, self.terminal.live)?;
            }
        }
        Ok(())
    }

    /// Waits for Stockfish's move when it is its turn (a resumed game), showing its thinking.
    fn await_engine(&mut self) -> Result<(), SessionError> {
        writeln!(self.out, "Waiting for Stockfish to move…")?;
        let deadline = Instant::now() + ENGINE_PATIENCE;
        while self.view.is_engine_turn() && Instant::now() < deadline {
            match self.updates.recv_timeout(POLL) {
                Ok(Update::Stream(event)) => {
                    self.observe(&event, self.view.ply)?;
                    if let StreamEvent::Game(view) = event {
                        self.view = *view;
                    }
                }
                Ok(Update::Answer(_)) => {}
                Err(RecvTimeoutError::Timeout) => {
                    if let Ok(view) = self.api.game(&self.access.id) {
                        self.view = view;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        self.thinking.finish(&mut self.out, self.terminal.live)?;
        if self.view.is_engine_turn() {
            writeln!(
                self.out,
                "Stockfish has not moved yet; the prompt is yours meanwhile."
            )?;
            // Show the prompt instead of waiting again at once.
            return Ok(());
        }
        self.show()
    }
}

/// The line that shows Stockfish's thinking: rewritten in place on a terminal; elsewhere only the
/// last one is printed, when the search is over, so a transcript gets one line per move.
#[derive(Debug, Default)]
struct ThinkingLine {
    last: Option<Thinking>,
    drawn: bool,
}

impl ThinkingLine {
    fn update(&mut self, thinking: &Thinking, out: &mut impl Write, live: bool) -> io::Result<()> {
        if live {
            // Cut to one line of a narrow terminal: a wrapped line could not be erased in place.
            let text: String = format!("Stockfish: {thinking}")
                .chars()
                .take(LIVE_WIDTH)
                .collect();
            write!(out, "{CLEAR_LINE}{text}")?;
            out.flush()?;
            self.drawn = true;
        }
        self.last = Some(thinking.clone());
        Ok(())
    }

    /// Ends the search's line: a newline after the live one, or the last line now.
    fn finish(&mut self, out: &mut impl Write, live: bool) -> io::Result<()> {
        let last = self.last.take();
        if std::mem::take(&mut self.drawn) {
            writeln!(out)?;
        } else if let (Some(thinking), false) = (last, live) {
            writeln!(out, "Stockfish: {thinking}")?;
        }
        Ok(())
    }
}

/// `text` as a sentence: a capital first letter and a full stop (the server writes messages in
/// lowercase without one, to be embedded).
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut sentence: String = chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    if !sentence.ends_with(['.', '!', '?']) {
        sentence.push('.');
    }
    sentence
}

fn ensure_newline(text: &str) -> String {
    if text.ends_with('\n') {
        text.to_owned()
    } else {
        format!("{text}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_messages_are_shown_as_sentences() {
        assert_eq!(sentence("the game is over"), "The game is over.");
        assert_eq!(sentence("Already one."), "Already one.");
        assert_eq!(sentence(""), ".");
    }

    #[test]
    fn off_a_terminal_only_the_last_thinking_line_is_printed() {
        let thinking = |depth| Thinking {
            ply: 1,
            depth,
            target_depth: Some(3),
            score: crate::view::Score::Cp(20),
            pv: vec!["e5".into()],
        };
        let mut out = Vec::new();
        let mut line = ThinkingLine::default();
        line.update(&thinking(1), &mut out, false).expect("written");
        line.update(&thinking(3), &mut out, false).expect("written");
        line.finish(&mut out, false).expect("written");
        line.finish(&mut out, false).expect("nothing more");
        assert_eq!(
            String::from_utf8(out).expect("UTF-8"),
            "Stockfish: depth 3/3, eval +0.20, line e5\n"
        );
    }

    #[test]
    fn on_a_terminal_the_thinking_line_is_rewritten_in_place() {
        let thinking = Thinking {
            ply: 1,
            depth: 2,
            target_depth: None,
            score: crate::view::Score::Mate(-1),
            pv: Vec::new(),
        };
        let mut out = Vec::new();
        let mut line = ThinkingLine::default();
        line.update(&thinking, &mut out, true).expect("written");
        line.update(&thinking, &mut out, true).expect("written");
        line.finish(&mut out, true).expect("written");
        let shown = "\r\x1b[2KStockfish: depth 2, eval #-1";
        assert_eq!(
            String::from_utf8(out).expect("UTF-8"),
            format!("{shown}{shown}\n")
        );
    }

    #[test]
    fn a_live_thinking_line_is_cut_to_one_terminal_line() {
        let thinking = Thinking {
            ply: 1,
            depth: 20,
            target_depth: Some(20),
            score: crate::view::Score::Cp(31),
            pv: ["Nf3", "Nc6"]
                .repeat(20)
                .into_iter()
                .map(String::from)
                .collect(),
        };
        let mut out = Vec::new();
        ThinkingLine::default()
            .update(&thinking, &mut out, true)
            .expect("written");
        let text = String::from_utf8(out).expect("UTF-8");
        let shown = text.strip_prefix(CLEAR_LINE).expect("erased first");
        assert_eq!(shown.chars().count(), LIVE_WIDTH);
        assert!(shown.starts_with("Stockfish: depth 20/20, eval +0.31, line Nf3 Nc6"));
    }
}
