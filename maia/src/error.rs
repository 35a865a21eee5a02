//! Why a network could not be loaded: always with the file's path, so a server that fails to
//! start says which file to replace.

use std::fmt;
use std::path::PathBuf;

/// A weight file that could not be read, decoded or used.
#[derive(Debug, thiserror::Error)]
#[error("cannot load the Maia network {}: {kind}", path.display())]
pub struct LoadError {
    /// The file.
    pub path: PathBuf,
    /// What was wrong with it.
    #[source]
    pub kind: LoadErrorKind,
}

impl LoadError {
    pub(crate) fn new(path: impl Into<PathBuf>, kind: LoadErrorKind) -> LoadError {
        LoadError {
            path: path.into(),
            kind,
        }
    }
}

/// What was wrong with a weight file.
#[derive(Debug, thiserror::Error)]
pub enum LoadErrorKind {
    /// The file is missing, unreadable, or not gzip data.
    #[error("cannot read it as a gzip file")]
    Read(#[source] std::io::Error),
    /// The file unpacks to more than any Maia-sized network needs.
    #[error("it unpacks to more than {limit} bytes")]
    TooLarge {
        /// The most we read.
        limit: u64,
    },
    /// The unpacked bytes are not a `pblczero.Net` protobuf message.
    #[error("it is not an lc0 network (protobuf pblczero.Net)")]
    Decode(#[source] prost::DecodeError),
    /// A format field names something this crate does not evaluate.
    #[error("{field} is {found}, but only {expected} is supported")]
    Unsupported {
        /// The field, as in lc0's net.proto.
        field: &'static str,
        /// Its value (the enum's number; 0 when absent).
        found: i64,
        /// What Maia's networks have.
        expected: &'static str,
    },
    /// A layer the network needs is absent.
    #[error("layer {0} is missing")]
    MissingLayer(LayerName),
    /// A layer has the wrong number of values for a 64-filter, 6-block Maia network.
    #[error("layer {layer} has {found} values, expected {expected}")]
    Shape {
        /// The layer.
        layer: LayerName,
        /// How many values it holds.
        found: usize,
        /// How many it must hold.
        expected: usize,
    },
    /// A layer's scale is not finite, or its bytes are not whole 16-bit values.
    #[error("layer {0} is corrupt")]
    CorruptLayer(LayerName),
}

/// A layer's place in the network, as lc0 names it: `residual[3].se.w1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerName(pub(crate) String);

impl fmt::Display for LayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
