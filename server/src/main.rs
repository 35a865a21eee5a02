//! `alphachess-server`: parse the configuration, start logging, build and run the application.

use std::process::ExitCode;

use alphachess_server::{Application, Config};
use clap::Parser;
use tracing_subscriber::EnvFilter;

#[actix_web::main]
async fn main() -> ExitCode {
    let config = Config::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .init();
    let application = match Application::build(&config).await {
        Ok(application) => application,
        Err(error) => {
            eprintln!("alphachess-server: {error}");
            return ExitCode::FAILURE;
        }
    };
    match application.run_until_stopped().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("alphachess-server: {error}");
            ExitCode::FAILURE
        }
    }
}
