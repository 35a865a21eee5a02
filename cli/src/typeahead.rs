//! Keys typed while the program prints (Stockfish's thinking, the board): held back unechoed so they
//! never land in the middle of a live line, then shown after the next prompt and kept for its line.
//!
//! A terminal echoes keys the moment they are typed, wherever its cursor is; while the thinking line
//! is rewritten in place that is inside it. So while the program has the screen, stdin's terminal
//! is switched to no echo and no line editing, and what was typed is read back before the prompt.

/// Echo held back on stdin's terminal until [`TypeAhead::release`] (or drop, on an early return).
pub struct TypeAhead {
    #[cfg(unix)]
    saved: Option<libc::termios>,
}

impl TypeAhead {
    /// Stops the echo when stdin is a terminal; elsewhere (a script, a pipe) does nothing.
    pub fn hold() -> TypeAhead {
        TypeAhead {
            #[cfg(unix)]
            saved: unix::quiet(),
        }
    }

    /// Restores the terminal and returns the keys typed meanwhile, backspaces applied.
    pub fn release(mut self) -> String {
        #[cfg(unix)]
        if let Some(saved) = self.saved.take() {
            let typed = unix::pending();
            unix::restore(&saved);
            return edited(&typed);
        }
        String::new()
    }
}

impl Drop for TypeAhead {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some(saved) = self.saved.take() {
            unix::restore(&saved);
        }
    }
}

/// `bytes` as typed text: backspace (DEL or ^H) removes the character before it, other control
/// characters but the newline are dropped.
fn edited(bytes: &[u8]) -> String {
    let mut text = String::new();
    for c in String::from_utf8_lossy(bytes).chars() {
        match c {
            '\u{7f}' | '\u{8}' => {
                text.pop();
            }
            '\n' => text.push('\n'),
            c if c.is_control() => {}
            c => text.push(c),
        }
    }
    text
}

#[cfg(unix)]
mod unix {
    use std::io::IsTerminal;

    /// Switches stdin's terminal to no echo, no line editing and reads that never wait; returns
    /// the settings to restore, or `None` when stdin is no terminal.
    pub fn quiet() -> Option<libc::termios> {
        if !std::io::stdin().is_terminal() {
            return None;
        }
        // SAFETY: termios is plain data, filled by tcgetattr before it is read.
        let mut saved: libc::termios = unsafe { std::mem::zeroed() };
        // SAFETY: fd 0 is open (it is a terminal) and `saved` is a valid termios to write.
        if unsafe { libc::tcgetattr(libc::STDIN_FILENO, &mut saved) } != 0 {
            return None;
        }
        let mut quiet = saved;
        quiet.c_lflag &= !(libc::ECHO | libc::ICANON);
        quiet.c_cc[libc::VMIN] = 0;
        quiet.c_cc[libc::VTIME] = 0;
        // SAFETY: fd 0 is a terminal and `quiet` a valid termios.
        if unsafe { libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, &quiet) } != 0 {
            return None;
        }
        Some(saved)
    }

    /// The bytes waiting on stdin, read without waiting (VMIN and VTIME are 0 while quiet).
    pub fn pending() -> Vec<u8> {
        let mut typed = Vec::new();
        let mut buffer = [0u8; 256];
        loop {
            // SAFETY: `buffer` is valid for its length; fd 0 is open.
            let read =
                unsafe { libc::read(libc::STDIN_FILENO, buffer.as_mut_ptr().cast(), buffer.len()) };
            let Ok(read) = usize::try_from(read) else {
                break;
            };
            if read == 0 {
                break;
            }
            typed.extend_from_slice(&buffer[..read]);
        }
        typed
    }

    /// Puts back the settings [`quiet`] saved.
    pub fn restore(saved: &libc::termios) {
        // SAFETY: fd 0 is a terminal (quiet saw one) and `saved` came from tcgetattr.
        unsafe { libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, saved) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backspaces_remove_the_character_before_them() {
        assert_eq!(edited(b"Nf4\x7f3"), "Nf3");
        assert_eq!(edited(b"\x7fe5\x08\x084\n"), "4\n");
    }
}
