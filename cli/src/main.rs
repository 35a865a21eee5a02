//! `alphachess`: play Stockfish in the terminal, through an AlphaChess server's REST API.
//!
//! Exit codes: 0 when all went well, 1 on an error (its message on stderr), 2 on a usage error.

mod api;
mod app;
mod board;
mod commands;
mod movelist;
mod rating;
mod report;
mod session;
mod store;
mod stream;
mod terminal;
mod typeahead;
mod view;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::api::ServerUrl;
use crate::app::{ColorChoice, NewGame, Start};

/// Where `alphachess-server` listens by default.
const DEFAULT_SERVER: &str = "http://127.0.0.1:8080";
/// The ladder step a new game starts at unless told: the web start screen's default
/// (`client/src/levels/levels.ts`), so a newcomer meets the same Stockfish in either client (the
/// server's own default, full strength, is no first game).
const DEFAULT_LEVEL: u8 = 5;

/// Play Stockfish in the terminal, through an AlphaChess server.
///
/// Start the server first (`./build.sh` in the repository, or `alphachess-server`), then
/// `alphachess play`. Games are kept on the server; their ids and tokens are saved in
/// `$XDG_CONFIG_HOME/alphachess/games.json` (else `~/.config/alphachess/`) for `resume`.
#[derive(Debug, Parser)]
#[command(name = "alphachess", version, about)]
struct Cli {
    #[command(subcommand)]
    command: CliCommand,

    /// Draw the pieces with letters (KQRBNP) instead of chess symbols
    #[arg(long, global = true)]
    ascii: bool,

    /// No colours (also off when NO_COLOR is set or the output is not a terminal)
    #[arg(long, global = true)]
    no_color: bool,
}

#[derive(Debug, Subcommand)]
enum CliCommand {
    /// Start a new game against Stockfish
    Play {
        /// The AlphaChess server
        #[arg(long, env = "ALPHACHESS_SERVER", default_value = DEFAULT_SERVER)]
        server: ServerUrl,

        /// Your colour
        #[arg(long, value_enum, default_value_t = ColorChoice::White)]
        color: ColorChoice,

        /// The ladder's step, 1 (a true beginner) to 16 (full strength); 5 by default, as on the
        /// web. `alphachess levels` lists them with their measured ratings
        #[arg(long, default_value_t = DEFAULT_LEVEL, value_parser = clap::value_parser!(u8).range(1..=16))]
        level: u8,

        /// Start from this position (FEN) instead of the initial one
        #[arg(long, conflicts_with = "pgn")]
        fen: Option<String>,

        /// Continue the game in this PGN file (its first game, main line)
        #[arg(long, value_name = "FILE")]
        pgn: Option<PathBuf>,

        /// Play Chess960: from setup --position, a random setup, or --fen/--pgn with Chess960
        /// castling (castle with O-O/O-O-O or the king onto its rook, e.g. b1h1)
        #[arg(long)]
        chess960: bool,

        /// The Chess960 setup, 0 to 959 (518 is the standard setup) [default: random]
        #[arg(long, requires = "chess960", conflicts_with_all = ["fen", "pgn"],
              value_parser = clap::value_parser!(u16).range(0..960))]
        position: Option<u16>,
    },
    /// Continue a saved game
    Resume {
        /// The game's id, or the start of it [default: the latest game]
        id: Option<String>,

        /// Another address for the game's server [default: the one it was started on]
        #[arg(long)]
        server: Option<ServerUrl>,
    },
    /// Show the saved games and how they stand
    List,
    /// Show the ladder's steps with their measured ratings, your rating and the step to play next
    Levels {
        /// The AlphaChess server
        #[arg(long, env = "ALPHACHESS_SERVER", default_value = DEFAULT_SERVER)]
        server: ServerUrl,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let looks = app::looks(cli.ascii, cli.no_color);
    let outcome = match cli.command {
        CliCommand::Play {
            server,
            color,
            level,
            fen,
            pgn,
            chess960,
            position,
        } => {
            let start = match (fen, pgn) {
                (Some(fen), _) => Start::Fen(fen),
                (None, Some(path)) => Start::Pgn(path),
                (None, None) => Start::Initial,
            };
            let new = NewGame {
                server,
                color,
                level: Some(level),
                start,
                chess960: chess960.then_some(app::Chess960 { position }),
            };
            app::play(new, looks)
        }
        CliCommand::Resume { id, server } => app::resume(id.as_deref(), server, looks),
        CliCommand::List => app::list(),
        CliCommand::Levels { server } => app::levels(server),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("alphachess: {}", report::chain(&error));
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn a_chess960_position_needs_the_flag_and_a_number_below_960() {
        for args in [
            &["alphachess", "play", "--position", "3"][..],
            &["alphachess", "play", "--chess960", "--position", "960"],
            &[
                "alphachess",
                "play",
                "--chess960",
                "--position",
                "3",
                "--fen",
                "x",
            ],
        ] {
            assert!(Cli::try_parse_from(args).is_err(), "{args:?}");
        }
        assert!(
            Cli::try_parse_from(["alphachess", "play", "--chess960", "--position", "959"]).is_ok()
        );
    }

    #[test]
    fn fen_and_pgn_cannot_both_be_given() {
        let parsed = Cli::try_parse_from(["alphachess", "play", "--fen", "x", "--pgn", "y"]);
        assert!(parsed.is_err());
    }

    #[test]
    fn play_starts_at_the_webs_default_step_unless_told() {
        let level = |args: &[&str]| match Cli::try_parse_from(args).expect("valid").command {
            CliCommand::Play { level, .. } => level,
            other => panic!("not play: {other:?}"),
        };
        assert_eq!(level(&["alphachess", "play"]), 5);
        assert_eq!(level(&["alphachess", "play", "--level", "8"]), 8);
    }

    #[test]
    fn a_level_outside_the_ladder_is_a_usage_error() {
        let error =
            Cli::try_parse_from(["alphachess", "play", "--level", "17"]).expect_err("out of range");
        assert_eq!(error.exit_code(), 2);
    }
}
