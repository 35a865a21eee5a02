//! What the terminal can show: colours, a line rewritten in place, and whether to echo input.

use std::io::IsTerminal;

/// Decided once at startup from the flags, the environment and where the streams go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terminal {
    /// ANSI colours: stdout is a terminal, `NO_COLOR` is unset or empty, and no `--no-color`.
    pub color: bool,
    /// stdout is a terminal, so a status line can be rewritten in place (`\r`, erase line).
    pub live: bool,
    /// stdin is not a terminal (a script or a pipe): repeat each line read after the prompt so a
    /// transcript shows what was played.
    pub echo_input: bool,
}

impl Terminal {
    pub fn detect(no_color_flag: bool) -> Terminal {
        let stdout = std::io::stdout().is_terminal();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        Terminal {
            color: stdout && !no_color && !no_color_flag,
            live: stdout,
            echo_input: !std::io::stdin().is_terminal(),
        }
    }
}

/// Moves to the start of the line and erases it.
pub const CLEAR_LINE: &str = "\r\x1b[2K";
