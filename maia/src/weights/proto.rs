//! The part of lc0's `net.proto` (package `pblczero`) that Maia's files use, written by hand as
//! prost messages: field numbers and types as in the maia repository's
//! `move_prediction/lczero-common/proto/net.proto`. Fields we never read (the licence string,
//! training parameters, the moves-left head) are left out; prost skips them when decoding.

/// `pblczero.Net`: the whole weight file.
#[derive(Clone, PartialEq, prost::Message)]
pub(crate) struct Net {
    /// `WEIGHTS_MAGIC`, 0x1c0 in every lc0 weight file.
    #[prost(fixed32, optional, tag = "1")]
    pub magic: Option<u32>,
    #[prost(message, optional, tag = "4")]
    pub format: Option<Format>,
    #[prost(message, optional, tag = "10")]
    pub weights: Option<Weights>,
}

/// `pblczero.Format`: how the numbers are stored and what the network looks like.
#[derive(Clone, PartialEq, prost::Message)]
pub(crate) struct Format {
    /// `Format.Encoding`: 1 = LINEAR16.
    #[prost(int32, optional, tag = "1")]
    pub weights_encoding: Option<i32>,
    #[prost(message, optional, tag = "2")]
    pub network_format: Option<NetworkFormat>,
}

/// `pblczero.NetworkFormat`: the enums are kept as their numbers and checked in `weights`.
#[derive(Clone, PartialEq, prost::Message)]
pub(crate) struct NetworkFormat {
    #[prost(int32, optional, tag = "1")]
    pub input: Option<i32>,
    #[prost(int32, optional, tag = "3")]
    pub network: Option<i32>,
    #[prost(int32, optional, tag = "4")]
    pub policy: Option<i32>,
    #[prost(int32, optional, tag = "5")]
    pub value: Option<i32>,
}

/// `pblczero.Weights.Layer`: 16-bit values scaled between `min_val` and `max_val`.
#[derive(Clone, PartialEq, prost::Message)]
pub(crate) struct Layer {
    #[prost(float, optional, tag = "1")]
    pub min_val: Option<f32>,
    #[prost(float, optional, tag = "2")]
    pub max_val: Option<f32>,
    #[prost(bytes = "vec", optional, tag = "3")]
    pub params: Option<Vec<u8>>,
}

/// `pblczero.Weights.ConvBlock`: a convolution with an optional batch norm.
#[derive(Clone, PartialEq, prost::Message)]
pub(crate) struct ConvBlock {
    #[prost(message, optional, tag = "1")]
    pub weights: Option<Layer>,
    #[prost(message, optional, tag = "2")]
    pub biases: Option<Layer>,
    #[prost(message, optional, tag = "3")]
    pub bn_means: Option<Layer>,
    /// Despite the name, lc0 stores the batch norm's variances here.
    #[prost(message, optional, tag = "4")]
    pub bn_stddivs: Option<Layer>,
    #[prost(message, optional, tag = "5")]
    pub bn_gammas: Option<Layer>,
    #[prost(message, optional, tag = "6")]
    pub bn_betas: Option<Layer>,
}

/// `pblczero.Weights.SEunit`: the squeeze-excitation unit's two fully connected layers.
#[derive(Clone, PartialEq, prost::Message)]
pub(crate) struct SeUnit {
    #[prost(message, optional, tag = "1")]
    pub w1: Option<Layer>,
    #[prost(message, optional, tag = "2")]
    pub b1: Option<Layer>,
    #[prost(message, optional, tag = "3")]
    pub w2: Option<Layer>,
    #[prost(message, optional, tag = "4")]
    pub b2: Option<Layer>,
}

/// `pblczero.Weights.Residual`: one block of the tower.
#[derive(Clone, PartialEq, prost::Message)]
pub(crate) struct Residual {
    #[prost(message, optional, tag = "1")]
    pub conv1: Option<ConvBlock>,
    #[prost(message, optional, tag = "2")]
    pub conv2: Option<ConvBlock>,
    #[prost(message, optional, tag = "3")]
    pub se: Option<SeUnit>,
}

/// `pblczero.Weights`: the layers.
#[derive(Clone, PartialEq, prost::Message)]
pub(crate) struct Weights {
    #[prost(message, optional, tag = "1")]
    pub input: Option<ConvBlock>,
    #[prost(message, repeated, tag = "2")]
    pub residual: Vec<Residual>,
    #[prost(message, optional, tag = "11")]
    pub policy1: Option<ConvBlock>,
    #[prost(message, optional, tag = "3")]
    pub policy: Option<ConvBlock>,
    #[prost(message, optional, tag = "6")]
    pub value: Option<ConvBlock>,
    #[prost(message, optional, tag = "7")]
    pub ip1_val_w: Option<Layer>,
    #[prost(message, optional, tag = "8")]
    pub ip1_val_b: Option<Layer>,
    #[prost(message, optional, tag = "9")]
    pub ip2_val_w: Option<Layer>,
    #[prost(message, optional, tag = "10")]
    pub ip2_val_b: Option<Layer>,
}
