//! One Maia network: loaded once, then evaluated on the CPU for any number of positions, from
//! any number of threads (it is immutable).

mod layers;

use std::path::Path;

use alphachess_engine::{Game, Move, Position};
use ndarray::{Array1, Array2, ArrayView2};

use self::layers::{relu, Convolution, FullyConnected, SqueezeExcitation};
use crate::encoder::{InputPlanes, PLANES};
use crate::error::LoadError;
use crate::policy::Policy;
use crate::policy_map::PolicyMove;
use crate::weights::{self, POLICY_PLANES};

/// A Maia network ready to evaluate positions.
pub struct Network {
    input: Convolution,
    blocks: Vec<Block>,
    policy1: Convolution,
    policy: Convolution,
    value: Convolution,
    value_fc1: FullyConnected,
    value_fc2: FullyConnected,
}

struct Block {
    conv1: Convolution,
    conv2: Convolution,
    se: SqueezeExcitation,
}

/// What a network says about a position.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// Every legal move with its probability, most likely first.
    pub policy: Policy,
    /// The value head: the side to move's chances to win, draw and lose (summing to 1).
    pub wdl: [f32; 3],
}

impl Network {
    /// Loads the lc0 weight file at `path` (`maia-1100.pb.gz`, …).
    ///
    /// # Errors
    /// A [`LoadError`] naming the file if it is missing, unreadable, corrupt, or not a network
    /// of the shape Maia's are (64 filters, 6 SE residual blocks, convolutional policy, WDL).
    pub fn load(path: impl AsRef<Path>) -> Result<Network, LoadError> {
        Ok(Network::of(weights::read(path.as_ref())?))
    }

    /// [`Network::load`] of the gzipped content of the file at `path`, already read (and
    /// checked against its digest by `Networks::load`).
    pub(crate) fn from_packed(path: &Path, packed: &[u8]) -> Result<Network, LoadError> {
        Ok(Network::of(weights::decode(path, packed)?))
    }

    /// The network built from its weights.
    fn of(weights: weights::NetWeights) -> Network {
        Network {
            input: Convolution::new(&weights.input),
            blocks: weights
                .blocks
                .iter()
                .map(|b| Block {
                    conv1: Convolution::new(&b.conv1),
                    conv2: Convolution::new(&b.conv2),
                    se: SqueezeExcitation::new(&b.se_fc1, &b.se_fc2),
                })
                .collect(),
            policy1: Convolution::new(&weights.policy1),
            policy: Convolution::new(&weights.policy),
            value: Convolution::new(&weights.value),
            value_fc1: FullyConnected::new(&weights.value_fc1),
            value_fc2: FullyConnected::new(&weights.value_fc2),
        }
    }

    /// The probability of every legal move in the game's current position, most likely first
    /// (empty when there is none). The game's earlier positions are the network's history.
    pub fn policy(&self, game: &Game) -> Policy {
        self.evaluate(game.positions()).policy
    }

    /// The policy and the value head for the last of `history` (a game's positions, its first
    /// position first, as [`Game::positions`] gives them).
    ///
    /// # Panics
    /// If `history` is empty.
    pub fn evaluate(&self, history: &[Position]) -> Evaluation {
        let position = history
            .last()
            .expect("a history holds at least one position");
        let planes = InputPlanes::encode(history);
        let (policy_planes, wdl) = self.forward(&planes);
        let logits: Vec<(Move, f32)> = position
            .legal_moves()
            .into_iter()
            .map(|m| {
                let slot = PolicyMove::of(position, m).slot();
                (m, policy_planes[[slot % 64, slot / 64]])
            })
            .collect();
        Evaluation {
            policy: Policy::from_logits(logits),
            wdl,
        }
    }

    /// The tower and both heads: the policy planes as `(64 squares, 80 planes)` and the
    /// win/draw/loss probabilities.
    fn forward(&self, planes: &InputPlanes) -> (Array2<f32>, [f32; 3]) {
        let x = Array2::from_shape_fn((64, PLANES), |(square, plane)| planes.at(plane, square));
        let mut flow = relu(self.input.forward(x.view()));
        for block in &self.blocks {
            let hidden = relu(block.conv1.forward(flow.view()));
            let out = block.conv2.forward(hidden.view());
            flow = block.se.forward_residual(&out, &flow);
        }
        let policy = self
            .policy
            .forward(relu(self.policy1.forward(flow.view())).view());
        debug_assert_eq!(policy.ncols(), POLICY_PLANES);
        (policy, self.wdl(flow.view()))
    }

    /// The value head: a 1×1 convolution, flattened channel by channel (as the authors'
    /// `Flatten` of a channels-first tensor), two fully connected layers and a softmax.
    fn wdl(&self, flow: ArrayView2<f32>) -> [f32; 3] {
        let value = relu(self.value.forward(flow));
        let flat: Array1<f32> = value.t().iter().copied().collect();
        let hidden = relu(self.value_fc1.forward(&flat));
        let logits = self.value_fc2.forward(&hidden);
        let max = logits.fold(f32::NEG_INFINITY, |a, &b| a.max(b));
        let exp = logits.mapv(|v| (v - max).exp());
        let sum = exp.sum();
        [exp[0] / sum, exp[1] / sum, exp[2] / sum]
    }
}
