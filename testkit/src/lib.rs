//! What the server's, the PostgreSQL and the CLI's test suites share, so that each does not keep
//! its own copy: where the real Stockfish and the Maia networks are, a free loopback port, and a
//! game from a list of moves. A dev-dependency only; nothing here is part of a shipped binary.
#![warn(missing_docs)]

use std::net::TcpListener;
use std::path::PathBuf;

use alphachess_engine::{Game, Position};

/// Where Debian's package installs Stockfish.
pub const DEBIAN_STOCKFISH: &str = "/usr/games/stockfish";

/// The real Stockfish: `$STOCKFISH`, else Debian's. Its absence fails the tests, never skips
/// them: a test that silently does not run the engine proves nothing about it.
pub fn stockfish() -> PathBuf {
    let path = std::env::var_os("STOCKFISH")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(DEBIAN_STOCKFISH));
    assert!(
        path.is_file(),
        "Stockfish is required at {} (apt-get install -y stockfish, or set STOCKFISH)",
        path.display()
    );
    path
}

/// The Maia networks the project ships (`server/data/maia/`), by absolute path: test processes
/// run in their own package's folder, not where the server's `--maia-dir` default points.
pub fn maia_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../server/data/maia")
}

/// A loopback port nobody listens on now (the listener that found it is closed on return).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

/// The standard game after `moves` (UCI, all legal); panics naming the first move that is not.
pub fn game_after(moves: &[&str]) -> Game {
    Game::from_uci_moves(Position::startpos(), moves)
        .unwrap_or_else(|error| panic!("test moves {moves:?}: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_after_moves_has_played_them_all() {
        let game = game_after(&["e2e4", "e7e5", "g1f3"]);
        assert_eq!(game.ply(), 3);
        assert_eq!(game.moves()[2].to_string(), "g1f3");
    }

    #[test]
    #[should_panic(expected = "move 2 (e2e4) at index 1")]
    fn a_game_after_an_illegal_move_names_it() {
        game_after(&["e2e4", "e2e4"]);
    }

    #[test]
    fn a_free_port_can_be_bound() {
        let port = free_port();
        assert_ne!(port, 0);
        TcpListener::bind(("127.0.0.1", port)).expect("nobody took it meanwhile");
    }
}
