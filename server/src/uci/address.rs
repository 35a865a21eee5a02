//! Where an engine runs: a local executable or a UCI engine served over TCP.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// An engine's location, parsed from `--stockfish`: `tcp://host:port` or a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineAddress {
    /// An executable started as a child process (a bare name is looked up on PATH).
    Local(PathBuf),
    /// A remote engine (e.g. `socat TCP-LISTEN:port,fork EXEC:stockfish`): one connection is one
    /// engine process on the other side.
    Tcp { host: String, port: u16 },
}

/// The scheme that marks a remote engine.
const TCP_SCHEME: &str = "tcp://";

/// A `tcp://` address without a usable host and port.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not tcp://host:port")]
pub struct ParseEngineAddressError(String);

impl FromStr for EngineAddress {
    type Err = ParseEngineAddressError;

    fn from_str(text: &str) -> Result<EngineAddress, ParseEngineAddressError> {
        let Some(rest) = text.strip_prefix(TCP_SCHEME) else {
            return Ok(EngineAddress::Local(PathBuf::from(text)));
        };
        let error = || ParseEngineAddressError(text.to_owned());
        let (host, port) = rest.rsplit_once(':').ok_or_else(error)?;
        let host = host
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .unwrap_or(host);
        let port: u16 = port.parse().map_err(|_| error())?;
        let host_ok = !host.is_empty()
            && host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '_'));
        if !host_ok || port == 0 {
            return Err(error());
        }
        Ok(EngineAddress::Tcp {
            host: host.to_owned(),
            port,
        })
    }
}

impl From<PathBuf> for EngineAddress {
    fn from(path: PathBuf) -> EngineAddress {
        EngineAddress::Local(path)
    }
}

impl fmt::Display for EngineAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineAddress::Local(path) => write!(f, "{}", path.display()),
            EngineAddress::Tcp { host, port } if host.contains(':') => {
                write!(f, "{TCP_SCHEME}[{host}]:{port}")
            }
            EngineAddress::Tcp { host, port } => write!(f, "{TCP_SCHEME}{host}:{port}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tcp_addresses_and_paths_are_told_apart() {
        assert_eq!(
            "tcp://127.0.0.1:4000".parse(),
            Ok(EngineAddress::Tcp {
                host: "127.0.0.1".into(),
                port: 4000
            })
        );
        assert_eq!(
            "tcp://[::1]:9".parse(),
            Ok(EngineAddress::Tcp {
                host: "::1".into(),
                port: 9
            })
        );
        assert_eq!(
            "/usr/games/stockfish".parse(),
            Ok(EngineAddress::Local(PathBuf::from("/usr/games/stockfish")))
        );
    }

    #[test]
    fn an_address_reads_back_as_it_displays() {
        for text in [
            "tcp://engines.local:4000",
            "tcp://[::1]:9",
            "/usr/games/stockfish",
        ] {
            let address: EngineAddress = text.parse().expect("valid");
            assert_eq!(address.to_string(), text);
        }
    }

    #[test]
    fn malformed_tcp_addresses_are_refused() {
        for text in [
            "tcp://",
            "tcp://host",
            "tcp://:4000",
            "tcp://host:0",
            "tcp://host:99999",
            "tcp://ho st:4000",
            "tcp://host:40x",
        ] {
            assert!(text.parse::<EngineAddress>().is_err(), "{text}");
        }
    }
}
