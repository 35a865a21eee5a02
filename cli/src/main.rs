//! `alphachess`: play Stockfish in the terminal, through an AlphaChess server's REST API.
//!
//! Exit codes: 0 when all went well, 1 on an error (its message on stderr), 2 on a usage error.

mod analyse;
mod api;
mod app;
mod args;
mod board;
mod commands;
mod key;
mod movelist;
mod practice;
mod rating;
mod report;
mod review;
mod session;
mod store;
mod stream;
mod terminal;
mod typeahead;
mod view;

use std::process::ExitCode;

use crate::args::{Cli, CliCommand};

fn main() -> ExitCode {
    let (cli, server) = Cli::parse_with_server();
    let looks = app::looks(cli.ascii, cli.no_color, cli.eval);
    let outcome = match cli.command {
        CliCommand::Play(start) => {
            app::play(start.into_new_game(server.url().clone()), cli.key, looks)
        }
        CliCommand::Resume { id } => app::resume(id.as_deref(), server.typed().cloned(), looks),
        CliCommand::List => app::list(),
        CliCommand::Levels => app::levels(server.url().clone(), cli.key),
        CliCommand::Review { id } => app::review(id.as_deref(), server.typed().cloned(), looks),
        CliCommand::Practice => app::practice(cli.key, server.url().clone(), looks),
        CliCommand::Key { new_key } => app::key(cli.key, new_key),
        CliCommand::Analyse {
            target,
            ply,
            lines,
            band,
        } => analyse::run(
            analyse::AnalyseArgs {
                target,
                ply,
                lines,
                band,
            },
            server.typed().cloned(),
            server.url().clone(),
            looks,
        )
        .map_err(app::AppError::from),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("alphachess: {}", report::chain(&error));
            ExitCode::FAILURE
        }
    }
}
