//! Maia's human-move networks for AlphaChess: the nine Maia-1 networks (trained on lichess games
//! of players rated 1100 … 1900) read from their lc0 weight files and evaluated on the CPU with
//! no search — what the Maia authors call `go nodes 1` — over the legal moves of our rules crate.
//!
//! ```
//! use alphachess_engine::{Game, UciMove};
//! use alphachess_maia::Network;
//!
//! let network = Network::load("../server/data/maia/maia-1100.pb.gz")?;
//! let mut game = Game::default();
//! let e4 = "e2e4".parse::<UciMove>()?.to_move(game.position())?;
//! game.play(e4)?;
//! let policy = network.policy(&game);
//! assert_eq!(policy.len(), 20, "every legal reply, and only those");
//! let (best, p) = policy[0];
//! assert_eq!(best.to_string(), "e7e5");
//! assert!(p > 0.4);
//! assert_eq!(policy.sample(1.0, 0.0), Some(best));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! How it is built, layer by layer:
//! - [`weights`](Network::load): gzip (flate2) of a protobuf `pblczero.Net` (prost, with the few
//!   messages written by hand), every LINEAR16 layer de-quantised and checked against the shape
//!   of a Maia network, batch norms folded into the convolutions as lc0 folds them. Anything
//!   missing, corrupt or unsupported is a [`LoadError`] naming the file. [`Networks::load`]
//!   first checks every file against the folder's `SHA256SUMS` (sha2), so a damaged file or one
//!   copied under another band's name is refused by name and band, never played.
//! - [`InputPlanes`]: lc0's 112-plane input of the position and its last seven predecessors,
//!   seen from the side to move.
//! - the network: a 3×3 input convolution (112 → 64), 6 residual blocks of two 3×3 convolutions
//!   and a squeeze-excitation unit, the convolutional policy head (64 → 64 → 80 planes) and the
//!   WDL value head.
//! - [`Policy`]: the 80 planes mapped onto lc0's 1858-move index ([`policy_index`]) for the
//!   legal moves only, softmaxed over them: an illegal move is never returned.
//!
//! The tensor code is ndarray, whose matrix product is matrixmultiply's SGEMM (AVX2 and FMA
//! kernels chosen at run time, no BLAS to install). Every convolution is one product of the
//! unrolled 3×3 neighbourhoods of the 64 squares (64 × 576) with the kernels (576 × 64): about
//! 80 million multiply-adds a position, a few milliseconds on one core. It is the light choice:
//! two small, long-maintained pure-Rust crates (MIT/Apache-2.0, MSRV far below ours) that build
//! in seconds, where candle or tract would bring a framework (its own GEMM crates, half floats,
//! safetensors or ONNX parsing, rayon) to run five layer types on an 8×8 board.
//!
//! The weight files are GPL v3 data, read at run time from `server/data/maia/` and never
//! compiled in; this crate's code is MIT/Apache-2.0 like the rest.
#![warn(missing_docs)]
#![deny(unsafe_code)]

mod bands;
mod checksums;
mod encoder;
mod error;
mod network;
mod policy;
mod policy_map;
mod weights;

pub use bands::{Band, Networks};
pub use checksums::{Sha256Digest, CHECKSUMS_FILE};
pub use encoder::{InputPlanes, PLANES};
pub use error::{LayerName, LoadError, LoadErrorKind};
pub use network::{Evaluation, Network};
pub use policy::{uniform_from_seed, Policy};
pub use policy_map::{policy_index, POLICY_SIZE};
