//! `alphachess-server`: parse the configuration, start logging, build and run the application.

use std::io::IsTerminal;
use std::process::ExitCode;

use actix_web::rt::signal::unix::{signal, Signal, SignalKind};
use alphachess_server::http::error::with_causes;
use alphachess_server::http::routes::docs;
use alphachess_server::{Application, Config};
use clap::Parser;
use tokio_util::sync::CancellationToken;
use tracing_subscriber::EnvFilter;

#[actix_web::main]
async fn main() -> ExitCode {
    let config = Config::parse();
    if config.print_openapi {
        return print_openapi();
    }
    // Colours only for a terminal: in a file or a journal the escape codes are noise (L5).
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .with_ansi(std::io::stdout().is_terminal())
        .init();
    let signals = StopSignals::install();
    let application = match Application::build(&config).await {
        Ok(application) => application,
        Err(error) => {
            eprintln!("alphachess-server: {}", with_causes(&error));
            return ExitCode::FAILURE;
        }
    };
    match signals {
        Ok(signals) => {
            actix_web::rt::spawn(stop_on_signal(signals, application.stopper()));
        }
        Err(error) => {
            tracing::warn!(%error, "cannot catch SIGTERM and SIGINT: they end the process at once");
        }
    }
    match application.run_until_stopped().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("alphachess-server: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Writes the OpenAPI document to stdout.
fn print_openapi() -> ExitCode {
    match docs::openapi().to_pretty_json() {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("alphachess-server: cannot write the OpenAPI document: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Stops the server gracefully on the first SIGTERM or Ctrl-C; a second one ends the process at
/// once, which loses nothing acknowledged (that is on disk already, as after `kill -9`).
async fn stop_on_signal(mut signals: StopSignals, stopper: CancellationToken) {
    let signal = signals.next().await;
    tracing::info!(signal, "stopping: finishing the requests in progress");
    stopper.cancel();
    let signal = signals.next().await;
    tracing::warn!(signal, "stopping now");
    std::process::exit(1);
}

/// SIGTERM and SIGINT (Ctrl-C), caught instead of ending the process.
struct StopSignals {
    terminate: Signal,
    interrupt: Signal,
}

impl StopSignals {
    /// Catches both from now on (before the server starts, so none slips past).
    fn install() -> std::io::Result<StopSignals> {
        Ok(StopSignals {
            terminate: signal(SignalKind::terminate())?,
            interrupt: signal(SignalKind::interrupt())?,
        })
    }

    /// The name of the next one received.
    async fn next(&mut self) -> &'static str {
        tokio::select! {
            _ = self.terminate.recv() => "SIGTERM",
            _ = self.interrupt.recv() => "SIGINT",
        }
    }
}
