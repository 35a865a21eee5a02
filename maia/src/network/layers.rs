//! The network's layers over the 8×8 board, as matrix products on ndarray (whose `dot` is
//! matrixmultiply's SGEMM). Activations are `(64, channels)`: one row per square, a1 first.

use ndarray::{s, Array1, Array2, ArrayView2, Axis};

use crate::weights;

/// A convolution as one matrix product: the 3×3 (or 1×1) neighbourhood of every square
/// unrolled into a row ("im2col"), times the kernels laid out as `(taps × inputs, outputs)`.
pub(crate) struct Convolution {
    /// `(kernel² × inputs, outputs)`, row `tap * inputs + input`.
    weights: Array2<f32>,
    biases: Array1<f32>,
    inputs: usize,
    kernel: usize,
}

impl Convolution {
    /// Lays out lc0's `[out][in][ky][kx]` kernels for the product.
    pub fn new(conv: &weights::Conv) -> Convolution {
        let (inputs, outputs, kernel) = (conv.inputs, conv.outputs, conv.kernel);
        let taps = kernel * kernel;
        let weights = Array2::from_shape_fn((taps * inputs, outputs), |(row, out)| {
            let (tap, input) = (row / inputs, row % inputs);
            conv.weights[(out * inputs + input) * taps + tap]
        });
        Convolution {
            weights,
            biases: Array1::from(conv.biases.clone()),
            inputs,
            kernel,
        }
    }

    /// The convolution of `x` (`(64, inputs)`), zero-padded at the board's edges, plus biases.
    pub fn forward(&self, x: ArrayView2<f32>) -> Array2<f32> {
        let mut out = if self.kernel == 1 {
            x.dot(&self.weights)
        } else {
            self.unroll(x).dot(&self.weights)
        };
        out += &self.biases;
        out
    }

    /// Row `square` holds the 3×3 neighbourhood of `square`, tap `ky * 3 + kx` covering the
    /// square `ky - 1` ranks and `kx - 1` files away (zeros off the board).
    fn unroll(&self, x: ArrayView2<f32>) -> Array2<f32> {
        let inputs = self.inputs;
        let mut columns = Array2::<f32>::zeros((64, 9 * inputs));
        for square in 0..64 {
            let (rank, file) = ((square / 8) as isize, (square % 8) as isize);
            let mut row = columns.row_mut(square);
            for tap in 0..9 {
                let (r, f) = (rank + tap as isize / 3 - 1, file + tap as isize % 3 - 1);
                if (0..8).contains(&r) && (0..8).contains(&f) {
                    row.slice_mut(s![tap * inputs..(tap + 1) * inputs])
                        .assign(&x.row((r * 8 + f) as usize));
                }
            }
        }
        columns
    }
}

/// A fully connected layer, weights laid out `(inputs, outputs)` for `x · W`.
pub(crate) struct FullyConnected {
    weights: Array2<f32>,
    biases: Array1<f32>,
}

impl FullyConnected {
    /// Transposes lc0's `[out][in]` weights.
    pub fn new(dense: &weights::Dense) -> FullyConnected {
        let (inputs, outputs) = (dense.inputs, dense.outputs);
        FullyConnected {
            weights: Array2::from_shape_fn((inputs, outputs), |(i, o)| {
                dense.weights[o * inputs + i]
            }),
            biases: Array1::from(dense.biases.clone()),
        }
    }

    /// `x · W + b`.
    pub fn forward(&self, x: &Array1<f32>) -> Array1<f32> {
        x.dot(&self.weights) + &self.biases
    }
}

/// Squeeze-excitation: the mean of each channel over the board, through two fully connected
/// layers, gives every channel a sigmoid gate and a bias (lc0's and the authors' layout: the
/// first half of the outputs are the gates, the second the biases).
pub(crate) struct SqueezeExcitation {
    squeeze: FullyConnected,
    excite: FullyConnected,
}

impl SqueezeExcitation {
    pub fn new(fc1: &weights::Dense, fc2: &weights::Dense) -> SqueezeExcitation {
        SqueezeExcitation {
            squeeze: FullyConnected::new(fc1),
            excite: FullyConnected::new(fc2),
        }
    }

    /// `relu(sigmoid(gate) * x + bias + residual)`: the end of a residual block.
    pub fn forward_residual(&self, x: &Array2<f32>, residual: &Array2<f32>) -> Array2<f32> {
        let channels = x.ncols();
        let pooled = x.mean_axis(Axis(0)).expect("64 squares");
        let hidden = relu(self.squeeze.forward(&pooled));
        let excited = self.excite.forward(&hidden);
        let gates = excited.slice(s![..channels]).mapv(sigmoid);
        let biases = excited.slice(s![channels..]);
        let mut out = x * &gates + biases + residual;
        out.mapv_inplace(|v| v.max(0.0));
        out
    }
}

/// `max(x, 0)` for every element.
pub(crate) fn relu<D: ndarray::Dimension>(mut x: ndarray::Array<f32, D>) -> ndarray::Array<f32, D> {
    x.mapv_inplace(|v| v.max(0.0));
    x
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}
