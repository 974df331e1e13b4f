//! The activations of scientific-ML networks per sample, in values (the bytes multiply them by
//! the bytes per value and the samples): what the forward pass keeps for the backward pass, and
//! the working set of one forward pass in inference.

use crate::scenario::sciml::{ModelKind, SciMl};
use crate::{add, mul};

/// Activations kept for the backward pass, per sample, in values (multiply by bytes).
pub fn activation_values(m: &SciMl) -> u64 {
    let w = m.width;
    match m.model {
        ModelKind::Transformer => 0,
        // Pre-activation and activation per neuron and point; every derivative order of the
        // residual adds a copy of the graph per input coordinate (autograd with
        // create_graph=True, Raissi et al. 2019).
        ModelKind::Pinn => mul!(m.points, w, m.depth, 2, 1 + m.inputs * m.derivs),
        // Per Fourier layer: input, its rFFT (half spectrum, complex), spectral and pointwise
        // outputs and the activation: about 5 real values per point and channel.
        ModelKind::Fno => mul!(m.grid, w, add!(mul!(m.depth, 5), 2)),
        // Per step: concatenated edge inputs (3L), hidden and output (2L) per edge, and
        // 2L + 2L per node, plus LayerNorm inputs.
        ModelKind::Gnn => mul!(m.depth, add!(mul!(m.edges, 6, w), mul!(m.nodes, 5, w))),
        // Per level, down and up: conv outputs, normalisation and activation (4 tensors),
        // at grid / 2^(d·level) points and base·2^level channels.
        ModelKind::Unet => {
            let mut total = 0u64;
            for level in 0..m.depth {
                let points = m.grid / SciMl::pow(2, m.dims * level).max(1);
                let c = mul!(m.channels, SciMl::pow(2, level));
                total = add!(total, mul!(points, c, 8));
            }
            total
        }
    }
}

/// Peak working set of one forward pass in inference, per sample, in values.
pub fn inference_values(m: &SciMl) -> u64 {
    match m.model {
        ModelKind::Transformer => 0,
        ModelKind::Pinn => mul!(m.points, m.width, 2),
        ModelKind::Fno => mul!(m.grid, m.width, 4),
        ModelKind::Gnn => add!(mul!(m.edges, 3, m.width), mul!(m.nodes, 2, m.width)),
        ModelKind::Unet => mul!(m.grid, m.channels, 3),
    }
}
