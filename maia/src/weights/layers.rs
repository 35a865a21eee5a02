//! De-quantising LINEAR16 layers and folding batch norms, exactly as lc0's `LayerAdapter` and
//! `BaseWeights::ConvBlock` do (same operations in the same `f32` order), so our weights are
//! lc0's weights bit for bit.

use super::proto;
use crate::error::{LayerName, LoadErrorKind};

/// lc0's batch-norm epsilon (`kEpsilon` in network_legacy.cc), also TensorFlow's in the authors'
/// training code.
const BN_EPSILON: f32 = 1e-5;

/// A convolution with its batch norm folded in. `weights` is in lc0's order, [out][in][ky][kx].
pub(crate) struct Conv {
    pub weights: Vec<f32>,
    pub biases: Vec<f32>,
    pub inputs: usize,
    pub outputs: usize,
    pub kernel: usize,
}

/// A fully connected layer. `weights` is in lc0's order, [out][in].
pub(crate) struct Dense {
    pub weights: Vec<f32>,
    pub biases: Vec<f32>,
    pub inputs: usize,
    pub outputs: usize,
}

impl Conv {
    /// A convolution followed by a batch norm (means, variances, gammas, betas; lc0's optional
    /// conv biases are honoured), folded into weights and biases.
    pub fn batch_norm(
        block: Option<&proto::ConvBlock>,
        name: &str,
        inputs: usize,
        outputs: usize,
        kernel: usize,
    ) -> Result<Conv, LoadErrorKind> {
        let block = block.ok_or_else(|| LoadErrorKind::MissingLayer(LayerName(name.into())))?;
        let size = outputs * inputs * kernel * kernel;
        let mut weights = dequantise(block.weights.as_ref(), &format!("{name}.weights"), size)?;
        let mut biases = match block.biases.as_ref() {
            Some(layer) => dequantise(Some(layer), &format!("{name}.biases"), outputs)?,
            None => vec![0.0; outputs],
        };
        let part = |layer: Option<&proto::Layer>, field: &str| {
            dequantise(layer, &format!("{name}.{field}"), outputs)
        };
        let mut means = part(block.bn_means.as_ref(), "bn_means")?;
        let variances = part(block.bn_stddivs.as_ref(), "bn_stddivs")?;
        let mut gammas = part(block.bn_gammas.as_ref(), "bn_gammas")?;
        let betas = part(block.bn_betas.as_ref(), "bn_betas")?;
        for o in 0..outputs {
            gammas[o] *= 1.0 / (variances[o] + BN_EPSILON).sqrt();
            means[o] -= biases[o];
        }
        let per_output = size / outputs;
        for o in 0..outputs {
            for w in &mut weights[o * per_output..(o + 1) * per_output] {
                *w *= gammas[o];
            }
            biases[o] = -gammas[o] * means[o] + betas[o];
        }
        Ok(Conv {
            weights,
            biases,
            inputs,
            outputs,
            kernel,
        })
    }

    /// A convolution with biases and no batch norm (the policy head's last layer).
    pub fn plain(
        block: Option<&proto::ConvBlock>,
        name: &str,
        inputs: usize,
        outputs: usize,
        kernel: usize,
    ) -> Result<Conv, LoadErrorKind> {
        let block = block.ok_or_else(|| LoadErrorKind::MissingLayer(LayerName(name.into())))?;
        let size = outputs * inputs * kernel * kernel;
        Ok(Conv {
            weights: dequantise(block.weights.as_ref(), &format!("{name}.weights"), size)?,
            biases: dequantise(block.biases.as_ref(), &format!("{name}.biases"), outputs)?,
            inputs,
            outputs,
            kernel,
        })
    }
}

impl Dense {
    /// A fully connected layer from its weights and biases layers, each with its lc0 name.
    pub fn read(
        (weights, weights_name): (Option<&proto::Layer>, &str),
        (biases, biases_name): (Option<&proto::Layer>, &str),
        inputs: usize,
        outputs: usize,
    ) -> Result<Dense, LoadErrorKind> {
        Ok(Dense {
            weights: dequantise(weights, weights_name, inputs * outputs)?,
            biases: dequantise(biases, biases_name, outputs)?,
            inputs,
            outputs,
        })
    }
}

/// A LINEAR16 layer's values: each little-endian `u16` scaled onto `[min_val, max_val]`.
pub(crate) fn dequantise(
    layer: Option<&proto::Layer>,
    name: &str,
    expected: usize,
) -> Result<Vec<f32>, LoadErrorKind> {
    let layer_name = || LayerName(name.into());
    let layer = layer.ok_or_else(|| LoadErrorKind::MissingLayer(layer_name()))?;
    let params = layer.params.as_deref().unwrap_or_default();
    let min = layer.min_val.unwrap_or(0.0);
    let range = layer.max_val.unwrap_or(0.0) - min;
    if params.len() % 2 != 0 || !min.is_finite() || !range.is_finite() {
        return Err(LoadErrorKind::CorruptLayer(layer_name()));
    }
    if params.len() / 2 != expected {
        return Err(LoadErrorKind::Shape {
            layer: layer_name(),
            found: params.len() / 2,
            expected,
        });
    }
    Ok(params
        .chunks_exact(2)
        .map(|pair| f32::from(u16::from_le_bytes([pair[0], pair[1]])) / 65535.0 * range + min)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layer(values: &[u16], min: f32, max: f32) -> proto::Layer {
        proto::Layer {
            min_val: Some(min),
            max_val: Some(max),
            params: Some(values.iter().flat_map(|v| v.to_le_bytes()).collect()),
        }
    }

    #[test]
    fn linear16_values_span_min_to_max() {
        let values =
            dequantise(Some(&layer(&[0, 65535, 32768], -2.0, 2.0)), "l", 3).expect("valid");
        assert_eq!(values[0], -2.0);
        assert_eq!(values[1], 2.0);
        assert!((values[2] - 2.0 / 65535.0).abs() < 1e-6);
    }

    #[test]
    fn a_layer_of_the_wrong_size_names_itself() {
        let error = dequantise(Some(&layer(&[1, 2], 0.0, 1.0)), "residual[2].se.w1", 3)
            .expect_err("two values where three are needed");
        assert_eq!(
            error.to_string(),
            "layer residual[2].se.w1 has 2 values, expected 3"
        );
    }

    #[test]
    fn a_layer_with_a_nan_scale_is_corrupt() {
        let error = dequantise(Some(&layer(&[1], f32::NAN, 1.0)), "input.weights", 1)
            .expect_err("NaN scale");
        assert!(matches!(error, LoadErrorKind::CorruptLayer(_)));
    }

    #[test]
    fn batch_norm_is_folded_as_lc0_folds_it() {
        // One output, one input, 1×1: w = 2, mean 1, variance 4 - eps, gamma 3, beta 0.5.
        let block = proto::ConvBlock {
            weights: Some(layer(&[65535], 0.0, 2.0)),
            biases: None,
            bn_means: Some(layer(&[65535], 0.0, 1.0)),
            bn_stddivs: Some(layer(&[65535], 0.0, 4.0 - BN_EPSILON)),
            bn_gammas: Some(layer(&[65535], 0.0, 3.0)),
            bn_betas: Some(layer(&[65535], 0.0, 0.5)),
        };
        let conv = Conv::batch_norm(Some(&block), "c", 1, 1, 1).expect("valid");
        // y = gamma * (w x - mean) / sqrt(var + eps) + beta = 3 (2x - 1) / 2 + 0.5 = 3x - 1.
        assert!((conv.weights[0] - 3.0).abs() < 1e-6);
        assert!((conv.biases[0] + 1.0).abs() < 1e-6);
    }
}
