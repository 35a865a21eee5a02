//! The command line, parsed by clap into typed values: the `///` comments are the `--help` text.
//!
//! `--server` is one global option (it may come before or after the command) whose default and
//! `ALPHACHESS_SERVER` serve a new game; a saved game goes back to the server it was started on
//! unless `--server` is typed, so [`ServerOption`] keeps where the value came from.

use std::path::PathBuf;

use clap::parser::ValueSource;
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};

use crate::analyse::{parse_band, DEFAULT_BAND};
use crate::api::ServerUrl;
use crate::app::{Chess960, ColorChoice, NewGame, Start};
use crate::key::PlayerKey;

/// Where `alphachess-server` listens by default.
const DEFAULT_SERVER: &str = "http://127.0.0.1:8080";
/// The ladder step a new game starts at unless told: the web start screen's default
/// (`client/src/levels/levels.ts`), so a newcomer meets the same Stockfish in either client (the
/// server's own default, full strength, is no first game).
const DEFAULT_LEVEL: u8 = 5;
/// The ladder's last step, full strength (the server's `Level::MAX`; the server refuses any other
/// number with the range it takes, so a stale bound here only moves that message).
const MAX_LEVEL: i64 = 21;
/// The id of the global `--server` argument (its field's name).
const SERVER_ARG: &str = "server";

/// Play Stockfish in the terminal, through an AlphaChess server.
///
/// Start the server first (`./build.sh` in the repository, or `alphachess-server`), then
/// `alphachess play`. Games are kept on the server; their ids and tokens are saved in
/// `$XDG_CONFIG_HOME/alphachess/games.json` (else `~/.config/alphachess/`) for `resume`, beside
/// your player's key (`alphachess key`), under which the server keeps your rating.
#[derive(Debug, Parser)]
#[command(name = "alphachess", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: CliCommand,

    /// The AlphaChess server. `resume` goes to the server the game was started on unless this is
    /// given on the command line
    #[arg(long, global = true, env = "ALPHACHESS_SERVER", default_value = DEFAULT_SERVER)]
    server: ServerUrl,

    /// Draw the pieces with letters (KQRBNP) instead of chess symbols
    #[arg(long, global = true)]
    pub ascii: bool,

    /// No colours (also off when NO_COLOR is set or the output is not a terminal)
    #[arg(long, global = true)]
    pub no_color: bool,

    /// Show Stockfish's evaluation and expected line while it thinks (hidden by default, as in
    /// the browser; `eval` at the prompt shows or hides it)
    #[arg(long, global = true)]
    pub eval: bool,

    /// Your player's key, e.g. the browser's (its settings show it): new games are created under
    /// it and count for its rating. Without it, this client's own key (`alphachess key`)
    #[arg(long, global = true, env = "ALPHACHESS_KEY", hide_env_values = true)]
    pub key: Option<PlayerKey>,
}

#[derive(Debug, Subcommand)]
pub enum CliCommand {
    /// Start a new game against Stockfish
    Play(StartArgs),
    /// Continue a saved game
    Resume {
        /// The game's id, or the start of it [default: the latest game]
        id: Option<String>,
    },
    /// Show the saved games and how they stand
    List,
    /// Show the ladder's steps with their measured ratings, your rating and the step to play next
    Levels,
    /// Review a finished game: accuracy, the evaluation, key moments, then retry your mistakes
    Review {
        /// The game's id, or the start of it [default: the latest saved game]
        id: Option<String>,
    },
    /// Practise your own mistakes from every reviewed game of your key, due cards first (spaced
    /// repetition: a card you solve comes back later, one you miss soon)
    Practice,
    /// Print your player's key, to paste into the browser's settings (one player, one rating);
    /// with KEY (e.g. the browser's), keep that one as this client's own from now on
    Key {
        /// A key to keep instead of this client's own
        new_key: Option<PlayerKey>,
    },
    /// Show Stockfish's best lines for a position or a game's, as its search deepens, under the
    /// moves players of a rating band would choose there (Maia)
    #[command(visible_alias = "analyze")]
    Analyse {
        /// A FEN (quoted), or a game's id (a saved game's, or the start of it; or any game on the
        /// server) [default: the latest saved game]
        target: Option<String>,
        /// The game's position after this many plies [default: its last position with a move]
        #[arg(long)]
        ply: Option<usize>,
        /// How many lines, 1 to 5
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=5))]
        lines: u8,
        /// The rating band whose likeliest moves are shown: 1100, 1200, … 1900 (Maia's networks,
        /// trained on lichess players of that rating)
        #[arg(long, default_value_t = DEFAULT_BAND, value_parser = parse_band)]
        band: u16,
    },
}

/// How a new game starts: the player's side, the ladder's step and the start position.
#[derive(Debug, Args)]
pub struct StartArgs {
    /// Your colour
    #[arg(long, value_enum, default_value_t = ColorChoice::White)]
    pub color: ColorChoice,

    /// The ladder's step, 1 (a true beginner) to 21 (full strength); 5 by default, as on the
    /// web. `alphachess levels` lists them with their measured ratings
    #[arg(long, default_value_t = DEFAULT_LEVEL, value_parser = clap::value_parser!(u8).range(1..=MAX_LEVEL))]
    pub level: u8,

    /// Start from this position (FEN) instead of the initial one
    #[arg(long, conflicts_with = "pgn")]
    pub fen: Option<String>,

    /// Continue the game in this PGN file (its first game, main line)
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,

    /// Play Chess960: from setup --position, a random setup, or --fen/--pgn with Chess960
    /// castling (castle with O-O/O-O-O or the king onto its rook, e.g. b1h1)
    #[arg(long)]
    pub chess960: bool,

    /// The Chess960 setup, 0 to 959 (518 is the standard setup) [default: random]
    #[arg(long, requires = "chess960", conflicts_with_all = ["fen", "pgn"],
          value_parser = clap::value_parser!(u16).range(0..960))]
    pub position: Option<u16>,
}

impl StartArgs {
    /// The game these arguments ask for, on `server`.
    pub fn into_new_game(self, server: ServerUrl) -> NewGame {
        let start = match (self.fen, self.pgn) {
            (Some(fen), _) => Start::Fen(fen),
            (None, Some(path)) => Start::Pgn(path),
            (None, None) => Start::Initial,
        };
        NewGame {
            server,
            color: self.color,
            level: Some(self.level),
            start,
            chess960: self.chess960.then_some(Chess960 {
                position: self.position,
            }),
        }
    }
}

/// The `--server` value, and whether the player typed it (rather than it coming from
/// `ALPHACHESS_SERVER` or the default).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerOption {
    url: ServerUrl,
    typed: bool,
}

impl ServerOption {
    /// The server for a new game, or for the ladder.
    pub fn url(&self) -> &ServerUrl {
        &self.url
    }

    /// The address typed on the command line, if any: the only one that overrides the server a
    /// saved game was started on.
    pub fn typed(&self) -> Option<&ServerUrl> {
        self.typed.then_some(&self.url)
    }
}

impl Cli {
    /// Parses the process's arguments (exiting with a usage error, code 2, on bad ones), with
    /// where `--server` came from.
    pub fn parse_with_server() -> (Cli, ServerOption) {
        Cli::from_matches(&Cli::command().get_matches()).unwrap_or_else(|error| error.exit())
    }

    /// [`Cli::parse_with_server`] on `args` (the program's name first), for tests.
    #[cfg(test)]
    fn try_parse_with_server_from(args: &[&str]) -> Result<(Cli, ServerOption), clap::Error> {
        Cli::from_matches(&Cli::command().try_get_matches_from(args)?)
    }

    fn from_matches(matches: &ArgMatches) -> Result<(Cli, ServerOption), clap::Error> {
        let cli = Cli::from_arg_matches(matches)?;
        // A global argument's value and source are propagated to every level of the matches.
        let typed = matches.value_source(SERVER_ARG) == Some(ValueSource::CommandLine);
        let server = ServerOption {
            url: cli.server.clone(),
            typed,
        };
        Ok((cli, server))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            CliCommand::Play(StartArgs { level, .. }) => level,
            other => panic!("not play: {other:?}"),
        };
        assert_eq!(level(&["alphachess", "play"]), 5);
        assert_eq!(level(&["alphachess", "play", "--level", "8"]), 8);
    }

    #[test]
    fn a_level_outside_the_ladder_is_a_usage_error() {
        let error =
            Cli::try_parse_from(["alphachess", "play", "--level", "22"]).expect_err("out of range");
        assert_eq!(error.exit_code(), 2);
    }

    fn server(text: &str) -> ServerUrl {
        text.parse().expect("a server URL")
    }

    #[test]
    fn the_server_is_read_before_or_after_the_command() {
        for args in [
            &["alphachess", "--server", "http://chess.test:9", "play"][..],
            &["alphachess", "play", "--server", "http://chess.test:9"],
            &["alphachess", "levels", "--server", "http://chess.test:9"],
            &[
                "alphachess",
                "resume",
                "abc",
                "--server",
                "http://chess.test:9",
            ],
        ] {
            let (_, option) = Cli::try_parse_with_server_from(args).expect("valid");
            assert_eq!(option.url(), &server("http://chess.test:9"), "{args:?}");
            assert_eq!(
                option.typed(),
                Some(&server("http://chess.test:9")),
                "{args:?}"
            );
        }
    }

    #[test]
    fn a_resumed_game_goes_to_its_own_server_unless_another_is_typed() {
        let (_, option) =
            Cli::try_parse_with_server_from(&["alphachess", "resume"]).expect("valid");
        // The default (or ALPHACHESS_SERVER) serves new games only.
        assert_eq!(option.typed(), None);
    }
}
