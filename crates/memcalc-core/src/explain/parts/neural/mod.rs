//! The templates of neural parts: one per variant of `NeuralValues`, each in the file of its
//! family (training states, activations, output layer, KV cache, runtime, data).

mod activations;
mod data;
mod kv;
pub use kv::SRC_LINEAR_POOL;
mod context;
mod logits;
mod runtime;
mod save;
mod states;
mod vision;

use super::Template;
use crate::model::values::NeuralValues;

/// Calls a `Template` method on the variant's values: one arm per variant.
macro_rules! on_variant {
    ($values:expr, $t:ident => $call:expr) => {
        match $values {
            NeuralValues::Weights($t) => $call,
            NeuralValues::OffloadBuffer($t) => $call,
            NeuralValues::MasterWeights($t) => $call,
            NeuralValues::Gradients($t) => $call,
            NeuralValues::Optimizer($t) => $call,
            NeuralValues::Activations($t) => $call,
            NeuralValues::ActivationsOffloaded($t) => $call,
            NeuralValues::SciActivations($t) => $call,
            NeuralValues::InferActivations($t) => $call,
            NeuralValues::GatheredLayers($t) => $call,
            NeuralValues::StateDict($t) => $call,
            NeuralValues::CommBuffers($t) => $call,
            NeuralValues::NcclBuffers($t) => $call,
            NeuralValues::TrainLogits($t) => $call,
            NeuralValues::InferLogits($t) => $call,
            NeuralValues::KvCache($t) => $call,
            NeuralValues::LinearState($t) => $call,
            NeuralValues::VisionWeights($t) => $call,
            NeuralValues::MmProfile($t) => $call,
            NeuralValues::CpBuffers($t) => $call,
            NeuralValues::Dataset($t) => $call,
            NeuralValues::Overhead($t) => $call,
            NeuralValues::EngineOverhead($t) => $call,
            NeuralValues::Fragmentation($t) => $call,
            NeuralValues::Runtime($t) => $call,
            NeuralValues::Calibration($t) => $call,
        }
    };
}

impl Template for NeuralValues {
    fn label(&self) -> &'static str {
        on_variant!(self, t => t.label())
    }
    fn formula(&self, bytes: u64) -> String {
        on_variant!(self, t => t.formula(bytes))
    }
    fn question(&self) -> &'static str {
        on_variant!(self, t => t.question())
    }
    fn explanation(&self) -> String {
        on_variant!(self, t => t.explanation())
    }
    fn source(&self) -> &'static str {
        on_variant!(self, t => t.source())
    }
}
