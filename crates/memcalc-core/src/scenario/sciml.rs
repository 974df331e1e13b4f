//! Scientific machine learning architectures on top of the neural-model engine (its
//! optimizers, precisions, ZeRO and recomputation apply): physics-informed MLPs, Fourier neural
//! operators, mesh graph networks and U-Net surrogates, each with its shape and parameter
//! count (their activations per sample are the model's: `model::neural::sciml`).

use crate::base::choice::choice_enum;
use crate::{add, mul};

choice_enum!(
    /// The network family.
    ModelKind {
        Transformer => ("transformer", "Transformer (language and vision models)"),
        Pinn => ("pinn", "Physics-informed MLP (PINN)"),
        Fno => ("fno", "Fourier neural operator (FNO)"),
        Gnn => ("gnn", "Mesh graph network (MeshGraphNet)"),
        Unet => ("unet", "U-Net / CNN surrogate"),
    }
);

/// Shape of a scientific ML model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SciMl {
    pub model: ModelKind,
    /// Hidden width (PINN neurons, FNO channels) or latent size (GNN).
    pub width: u64,
    /// Hidden layers (PINN), Fourier layers (FNO), message-passing steps (GNN), levels (U-Net).
    pub depth: u64,
    /// Collocation points per batch element (PINN).
    pub points: u64,
    /// Input and output channels (or coordinates for a PINN).
    pub inputs: u64,
    pub outputs: u64,
    /// Highest derivative order in the PDE residual (PINN).
    pub derivs: u64,
    /// Grid points per sample (FNO, U-Net).
    pub grid: u64,
    /// Fourier modes kept per dimension (FNO).
    pub modes: u64,
    /// Spatial dimensions (FNO, U-Net).
    pub dims: u64,
    /// Graph nodes and edges per sample (GNN).
    pub nodes: u64,
    pub edges: u64,
    /// Base channels of the first level (U-Net).
    pub channels: u64,
}

impl Default for SciMl {
    fn default() -> Self {
        SciMl {
            model: ModelKind::Transformer,
            width: 64,
            depth: 4,
            points: 10_000,
            inputs: 3,
            outputs: 1,
            derivs: 2,
            grid: 64 * 64,
            modes: 16,
            dims: 2,
            nodes: 10_000,
            edges: 60_000,
            channels: 32,
        }
    }
}

/// FNO's projection width (Li et al. 2021 use 128).
const FNO_PROJECTION: u64 = 128;

impl SciMl {
    pub fn is_transformer(&self) -> bool {
        self.model == ModelKind::Transformer
    }

    pub(crate) fn pow(base: u64, e: u64) -> u64 {
        (0..e).fold(1u64, |a, _| a.saturating_mul(base))
    }

    /// Exact parameter count of the network.
    pub fn params(&self) -> u64 {
        let w = self.width;
        match self.model {
            ModelKind::Transformer => 0,
            // Input layer, depth − 1 hidden layers, output layer, each with biases.
            ModelKind::Pinn => add!(
                mul!(self.inputs, w),
                w,
                mul!(self.depth.saturating_sub(1), add!(mul!(w, w), w)),
                mul!(w, self.outputs),
                self.outputs
            ),
            // Lifting, per layer complex spectral weights on 2^(d−1) corners of modes^d plus a
            // pointwise linear map, and a two-layer projection (Li et al. 2021, arXiv:2010.08895).
            ModelKind::Fno => {
                let spectral = mul!(
                    w,
                    w,
                    Self::pow(self.modes, self.dims),
                    2,
                    Self::pow(2, self.dims.saturating_sub(1))
                );
                add!(
                    mul!(self.inputs + self.dims, w),
                    w,
                    mul!(self.depth, add!(spectral, mul!(w, w), w)),
                    mul!(w, FNO_PROJECTION),
                    FNO_PROJECTION,
                    mul!(FNO_PROJECTION, self.outputs),
                    self.outputs
                )
            }
            // Encoders, per step an edge MLP (3L → L → L) and a node MLP (2L → L → L) with
            // LayerNorm, and a decoder (Pfaff et al. 2021, arXiv:2010.03409).
            ModelKind::Gnn => {
                let l = w;
                let mlp = |i: u64| add!(mul!(i, l), l, mul!(l, l), l, mul!(2, l));
                add!(
                    mlp(self.inputs),
                    mlp(self.inputs),
                    mul!(self.depth, add!(mlp(3 * l), mlp(2 * l))),
                    mul!(l, l),
                    l,
                    mul!(l, self.outputs),
                    self.outputs
                )
            }
            // Two 3^d convolutions per level on the way down and up, channels doubling per
            // level, plus the up-sampling convolutions (Ronneberger et al. 2015).
            ModelKind::Unet => {
                let k = Self::pow(3, self.dims);
                let mut total = 0u64;
                let mut prev = self.inputs;
                for level in 0..self.depth {
                    let c = mul!(self.channels, Self::pow(2, level));
                    let down = add!(mul!(k, prev, c), c, mul!(k, c, c), c);
                    let up = if level + 1 < self.depth {
                        add!(
                            mul!(k, 3, c, c),
                            c,
                            mul!(k, c, c),
                            c,
                            mul!(Self::pow(2, self.dims), 2, c, c)
                        )
                    } else {
                        0
                    };
                    total = add!(total, down, up);
                    prev = c;
                }
                add!(total, mul!(self.channels, self.outputs), self.outputs)
            }
        }
    }
}
