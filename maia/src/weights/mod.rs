//! Reading an lc0 weight file into plain `f32` layers: gunzip, decode the protobuf, check that it
//! is the network shape Maia's files have, de-quantise every layer and fold the batch norms into
//! their convolutions, as lc0's own loader does.

mod layers;
mod proto;

use std::fs::File;
use std::io::Read;
use std::path::Path;

use flate2::read::GzDecoder;
use prost::Message;

use crate::error::{LayerName, LoadError, LoadErrorKind};

pub(crate) use layers::{Conv, Dense};

/// Filters in the residual tower of every Maia-1 network.
pub(crate) const FILTERS: usize = 64;
/// Residual blocks in the tower.
pub(crate) const BLOCKS: usize = 6;
/// Hidden units of each squeeze-excitation unit (64 filters / SE ratio 8).
pub(crate) const SE_CHANNELS: usize = 8;
/// Planes of the convolutional policy head, which lc0 maps onto its 1858 moves.
pub(crate) const POLICY_PLANES: usize = 80;
/// Channels of the value head's 1×1 convolution.
pub(crate) const VALUE_CHANNELS: usize = 32;
/// Hidden units of the value head's first fully connected layer.
pub(crate) const VALUE_HIDDEN: usize = 128;

/// The most a file may unpack to: a Maia file unpacks to about 1.2 MB of 16-bit values, so
/// anything far larger is not one (and is not read into memory whole).
const MAX_UNPACKED_BYTES: u64 = 16 << 20;

/// lc0's `WEIGHTS_MAGIC`.
const MAGIC: u32 = 0x1c0;

/// One residual block: two 3×3 convolutions and a squeeze-excitation unit.
pub(crate) struct Block {
    pub conv1: Conv,
    pub conv2: Conv,
    pub se_fc1: Dense,
    pub se_fc2: Dense,
}

/// Every layer of a Maia network, batch norms folded.
pub(crate) struct NetWeights {
    pub input: Conv,
    pub blocks: Vec<Block>,
    pub policy1: Conv,
    pub policy: Conv,
    pub value: Conv,
    pub value_fc1: Dense,
    pub value_fc2: Dense,
}

/// Reads, checks and de-quantises the weight file at `path`.
pub(crate) fn read(path: &Path) -> Result<NetWeights, LoadError> {
    let file = File::open(path).map_err(|e| LoadError::new(path, LoadErrorKind::Read(e)))?;
    decode(path, file)
}

/// The gzipped file at `path`, whole, within the unpacked bound (gzip packs a network smaller
/// than it is): for a caller that checks the bytes before [`decode`] reads them, so the bytes
/// checked are the bytes loaded.
pub(crate) fn read_packed(path: &Path) -> Result<Vec<u8>, LoadError> {
    let error = |kind| LoadError::new(path, kind);
    let file = File::open(path).map_err(|e| error(LoadErrorKind::Read(e)))?;
    let mut packed = Vec::new();
    file.take(MAX_UNPACKED_BYTES + 1)
        .read_to_end(&mut packed)
        .map_err(|e| error(LoadErrorKind::Read(e)))?;
    if packed.len() as u64 > MAX_UNPACKED_BYTES {
        return Err(error(LoadErrorKind::TooLarge {
            limit: MAX_UNPACKED_BYTES,
        }));
    }
    Ok(packed)
}

/// The weights in `gzipped`, the content of the file at `path` (which errors name).
pub(crate) fn decode(path: &Path, gzipped: impl Read) -> Result<NetWeights, LoadError> {
    let error = |kind| LoadError::new(path, kind);
    let mut bytes = Vec::new();
    GzDecoder::new(gzipped)
        .take(MAX_UNPACKED_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| error(LoadErrorKind::Read(e)))?;
    if bytes.len() as u64 > MAX_UNPACKED_BYTES {
        return Err(error(LoadErrorKind::TooLarge {
            limit: MAX_UNPACKED_BYTES,
        }));
    }
    let net = proto::Net::decode(bytes.as_slice()).map_err(|e| error(LoadErrorKind::Decode(e)))?;
    check_format(&net).map_err(error)?;
    let weights = net
        .weights
        .as_ref()
        .ok_or_else(|| error(LoadErrorKind::MissingLayer(LayerName("weights".into()))))?;
    build(weights).map_err(error)
}

/// The file's format fields must name exactly what this crate evaluates.
fn check_format(net: &proto::Net) -> Result<(), LoadErrorKind> {
    let magic = net.magic.unwrap_or(0);
    if magic != MAGIC {
        return Err(LoadErrorKind::Unsupported {
            field: "magic",
            found: magic.into(),
            expected: "0x1c0 (an lc0 weight file)",
        });
    }
    let format = net.format.clone().unwrap_or_default();
    let network = format.network_format.unwrap_or_default();
    let fields: [(&'static str, Option<i32>, i32, &'static str); 5] = [
        (
            "format.weights_encoding",
            format.weights_encoding,
            1,
            "LINEAR16",
        ),
        (
            "network_format.input",
            network.input,
            1,
            "INPUT_CLASSICAL_112_PLANE",
        ),
        (
            "network_format.network",
            network.network,
            4,
            "NETWORK_SE_WITH_HEADFORMAT",
        ),
        (
            "network_format.policy",
            network.policy,
            2,
            "POLICY_CONVOLUTION",
        ),
        ("network_format.value", network.value, 2, "VALUE_WDL"),
    ];
    for (field, found, wanted, expected) in fields {
        let found = found.unwrap_or(0);
        if found != wanted {
            return Err(LoadErrorKind::Unsupported {
                field,
                found: found.into(),
                expected,
            });
        }
    }
    Ok(())
}

/// Every layer with the shape a 64-filter, 6-block Maia network needs.
fn build(weights: &proto::Weights) -> Result<NetWeights, LoadErrorKind> {
    use crate::encoder::PLANES;
    if weights.residual.len() != BLOCKS {
        return Err(LoadErrorKind::Shape {
            layer: LayerName("residual".into()),
            found: weights.residual.len(),
            expected: BLOCKS,
        });
    }
    let blocks = weights
        .residual
        .iter()
        .enumerate()
        .map(|(i, residual)| {
            let name = format!("residual[{i}]");
            let se = residual.se.as_ref();
            Ok(Block {
                conv1: Conv::batch_norm(
                    residual.conv1.as_ref(),
                    &format!("{name}.conv1"),
                    FILTERS,
                    FILTERS,
                    3,
                )?,
                conv2: Conv::batch_norm(
                    residual.conv2.as_ref(),
                    &format!("{name}.conv2"),
                    FILTERS,
                    FILTERS,
                    3,
                )?,
                se_fc1: Dense::read(
                    (se.and_then(|s| s.w1.as_ref()), &format!("{name}.se.w1")),
                    (se.and_then(|s| s.b1.as_ref()), &format!("{name}.se.b1")),
                    FILTERS,
                    SE_CHANNELS,
                )?,
                se_fc2: Dense::read(
                    (se.and_then(|s| s.w2.as_ref()), &format!("{name}.se.w2")),
                    (se.and_then(|s| s.b2.as_ref()), &format!("{name}.se.b2")),
                    SE_CHANNELS,
                    2 * FILTERS,
                )?,
            })
        })
        .collect::<Result<Vec<_>, LoadErrorKind>>()?;
    Ok(NetWeights {
        input: Conv::batch_norm(weights.input.as_ref(), "input", PLANES, FILTERS, 3)?,
        blocks,
        policy1: Conv::batch_norm(weights.policy1.as_ref(), "policy1", FILTERS, FILTERS, 3)?,
        policy: Conv::plain(weights.policy.as_ref(), "policy", FILTERS, POLICY_PLANES, 3)?,
        value: Conv::batch_norm(weights.value.as_ref(), "value", FILTERS, VALUE_CHANNELS, 1)?,
        value_fc1: Dense::read(
            (weights.ip1_val_w.as_ref(), "ip1_val_w"),
            (weights.ip1_val_b.as_ref(), "ip1_val_b"),
            VALUE_CHANNELS * 64,
            VALUE_HIDDEN,
        )?,
        value_fc2: Dense::read(
            (weights.ip2_val_w.as_ref(), "ip2_val_w"),
            (weights.ip2_val_b.as_ref(), "ip2_val_b"),
            VALUE_HIDDEN,
            3,
        )?,
    })
}
