//! What an estimate warns about, as named values: the words are written by
//! `explain::warnings`, only when a warning is shown or exported.

use crate::catalog::precision::Dtype;

/// One warning of an estimate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Warning {
    /// No architecture was given: the shape of the released model nearest to the count.
    AssumedModel {
        model: &'static str,
        layers: u64,
        hidden: u64,
        heads: u64,
        kv_heads: u64,
        params: u64,
    },
    /// No architecture was given and no released model is near: a typical shape.
    AssumedShape {
        layers: u64,
        hidden: u64,
        heads: u64,
        params: u64,
    },
    /// The given parameter count is more than 1 % from the architecture's.
    ParamsDiffer {
        given: u64,
        derived: u64,
    },
    /// The sequence is longer than the model's trained context.
    BeyondContext {
        seq: u64,
        context: u64,
    },
    /// Training in a 16- or 8-bit format without FP32 master weights.
    PureLowPrecision {
        dtype: Dtype,
    },
    LoraInPretraining,
    QuantInTraining,
    ZeroWithOneRank,
    SequenceParallelWithoutTp,
    SparseStoredDensely,
    /// CSR storage at this sparsity (hundredths of a per cent) is larger than dense.
    CsrLargerThanDense {
        sparsity_bp: u64,
    },
    OffloadWithoutHostMem,
    /// Simulations: fewer ranks than nodes.
    IdleNodes,
    /// Simulations: a grid without ghost layers.
    NoGhostLayers,
    /// N-body: the busiest task's arrays need more than the MaxMemSize it is given (MiB).
    MaxMemSizeTooSmall {
        needed_mib: u64,
        given_mib: u64,
    },
}
