//! `alphachess-server`: parse the configuration, start logging, build and run the application.

use std::io::IsTerminal;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::process::ExitCode;

use actix_web::rt::signal::unix::{signal, Signal, SignalKind};
use alphachess_server::games::Level;
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
    println!("{}", welcome_line(&config, application.port()));
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

/// The step the browser's start card offers a newcomer (`DEFAULT_LEVEL` in
/// client/src/levels/levels.ts; tests/api/logging.rs checks that the two agree).
const BROWSER_FIRST_STEP: u8 = 5;

/// The one line a person who has just run `./build.sh` acts on (issue #54): the address to open,
/// what they meet there and how to stop. Printed, not logged, so no `RUST_LOG` hides it, the moment
/// the port listens.
fn welcome_line(config: &Config, port: u16) -> String {
    // A server bound to every address is opened on this machine through loopback.
    let host = match config.bind.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    let address = match host {
        IpAddr::V4(ip) => format!("http://{ip}:{port}"),
        IpAddr::V6(ip) => format!("http://[{ip}]:{port}"),
    };
    if config.static_dir.join("index.html").is_file() {
        format!(
            "AlphaChess is ready: open {address} in a browser. New games start at step \
             {BROWSER_FIRST_STEP} of {} (the start card changes it). Ctrl-C stops the server.",
            Level::MAX.get()
        )
    } else {
        format!(
            "AlphaChess's API is ready at {address}/api (its document: {address}/api/docs); no \
             client is built in {} (`./build.sh` builds it). Ctrl-C stops the server.",
            config.static_dir.display()
        )
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
