//! The binary at a real terminal (a pseudo-terminal): what the player sees, echo included.

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::helpers::spawn_server_at_depth;

/// A pseudo-terminal's two ends: the program gets `terminal`, the test reads and types on `screen`.
fn open_pty() -> (File, OwnedFd) {
    let (mut screen, mut terminal) = (-1, -1);
    // SAFETY: two valid out-pointers; no name, settings or size asked for.
    let status = unsafe {
        libc::openpty(
            &mut screen,
            &mut terminal,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(status, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: openpty opened both descriptors and nothing else owns them.
    unsafe { (File::from_raw_fd(screen), OwnedFd::from_raw_fd(terminal)) }
}

/// Everything the program has written to the terminal so far, read on its own thread.
struct Screen {
    text: Arc<Mutex<String>>,
}

impl Screen {
    fn watch(mut screen: File) -> Screen {
        let text = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&text);
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            // The read fails (EIO) once the program has closed the terminal.
            while let Ok(read @ 1..) = screen.read(&mut buffer) {
                let chunk = String::from_utf8_lossy(&buffer[..read]).into_owned();
                sink.lock().expect("the text").push_str(&chunk);
            }
        });
        Screen { text }
    }

    fn text(&self) -> String {
        self.text.lock().expect("the text").clone()
    }

    /// Waits (at most a minute) until the text after byte `from` contains `needle`; its end.
    fn wait_for(&self, needle: &str, from: usize) -> usize {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let text = self.text();
            if let Some(at) = text.get(from..).and_then(|rest| rest.find(needle)) {
                return from + at + needle.len();
            }
            assert!(
                Instant::now() < deadline,
                "{needle:?} never came after byte {from}:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

#[test]
fn keys_typed_while_stockfish_thinks_stay_out_of_the_thinking_line_and_make_the_next_command() {
    // Level 8 at depth 22 thinks long enough to be typed over.
    let server = spawn_server_at_depth(22);
    let home = tempfile::tempdir().expect("a config folder");
    let (mut screen, terminal) = open_pty();
    let mut child = Command::new(env!("CARGO_BIN_EXE_alphachess"))
        .args(["play", "--server", &server.url, "--level", "16", "--ascii"])
        .env("XDG_CONFIG_HOME", home.path())
        .env_remove("ALPHACHESS_SERVER")
        .env("NO_COLOR", "1")
        .stdin(Stdio::from(terminal.try_clone().expect("a copy")))
        .stdout(Stdio::from(terminal.try_clone().expect("a copy")))
        .stderr(Stdio::from(terminal))
        .spawn()
        .expect("the binary runs");
    let shown = Screen::watch(screen.try_clone().expect("a copy"));

    let prompt = shown.wait_for("> ", 0);
    screen.write_all(b"e4\r").expect("typed");
    let thinking = shown.wait_for("Stockfish: depth ", prompt);
    // A command, not a move: a move could be in Stockfish's own line.
    screen.write_all(b"help").expect("typed");
    let reply = shown.wait_for("Stockfish plays ", thinking);
    let next_prompt = shown.wait_for("> ", reply);
    // The keys come back after the prompt, and Enter plays them.
    shown.wait_for("help", next_prompt);
    screen.write_all(b"\r").expect("typed");
    shown.wait_for("pgn [FILE]", next_prompt);
    screen.write_all(b"quit\r").expect("typed");
    let status = child.wait().expect("the binary ends");
    let text = shown.text();
    assert!(status.success(), "{text}");

    for line in text.lines().filter(|line| line.contains("Stockfish: ")) {
        assert!(
            !line.contains("help"),
            "typed keys inside the thinking line {line:?} in:\n{text}"
        );
    }
    let typed_line = text[next_prompt - 2..]
        .lines()
        .next()
        .expect("the prompt's line");
    assert!(
        typed_line.starts_with("> help"),
        "{typed_line:?} in:\n{text}"
    );
}
