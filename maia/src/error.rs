//! Why a network could not be loaded: always with the file's path (and its band, when it was
//! loaded as one of the nine), so a server that fails to start says which file to replace.

use std::fmt;
use std::path::PathBuf;

use crate::bands::Band;
use crate::checksums::Sha256Digest;

/// A weight file that could not be read, decoded, trusted or used.
#[derive(Debug, thiserror::Error)]
#[error("cannot load the Maia network {}{}: {kind}", path.display(), BandNote(*band))]
pub struct LoadError {
    /// The file.
    pub path: PathBuf,
    /// The band it was loaded for ([`Networks::load`](crate::Networks::load)); `None` for a
    /// file loaded on its own.
    pub band: Option<Band>,
    /// What was wrong with it.
    #[source]
    pub kind: LoadErrorKind,
}

impl LoadError {
    pub(crate) fn new(path: impl Into<PathBuf>, kind: LoadErrorKind) -> LoadError {
        LoadError {
            path: path.into(),
            band: None,
            kind,
        }
    }

    /// The same error, said of the file loaded as `band`'s network.
    pub(crate) fn in_band(self, band: Band) -> LoadError {
        LoadError {
            band: Some(band),
            ..self
        }
    }
}

/// ` (band 1500)` after the path, or nothing.
struct BandNote(Option<Band>);

impl fmt::Display for BandNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(band) => write!(f, " (band {})", band.rating()),
            None => Ok(()),
        }
    }
}

/// ` (it is the network SHA256SUMS lists for maia-1100.pb.gz)`, or nothing.
struct CopyNote<'a>(&'a Option<String>);

impl fmt::Display for CopyNote<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(name) => write!(f, " (the digest SHA256SUMS lists for {name})"),
            None => Ok(()),
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
    /// The folder's `SHA256SUMS`, which every file is checked against, cannot be read.
    #[error("cannot read {} to check it against", list.display())]
    Checksums {
        /// The list's path.
        list: PathBuf,
        /// Why it could not be read.
        #[source]
        source: std::io::Error,
    },
    /// A line of `SHA256SUMS` is not `<sha256>  <file>`.
    #[error("line {line} of SHA256SUMS is not `<sha256>  <file>`")]
    ChecksumsLine {
        /// The line's number, from 1.
        line: usize,
    },
    /// `SHA256SUMS` names no digest for the file.
    #[error("SHA256SUMS lists no digest for it")]
    NotListed,
    /// The file's digest is not the one `SHA256SUMS` lists for it: damaged, or another file.
    #[error(
        "it does not match SHA256SUMS: expected {expected}, found {actual}{}",
        CopyNote(copy_of)
    )]
    Mismatch {
        /// What `SHA256SUMS` lists for the file.
        expected: Sha256Digest,
        /// What the file hashes to.
        actual: Sha256Digest,
        /// The file `SHA256SUMS` lists with the digest found, if any: a network copied under
        /// another band's name.
        copy_of: Option<String>,
    },
}

/// A layer's place in the network, as lc0 names it: `residual[3].se.w1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerName(pub(crate) String);

impl fmt::Display for LayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
