//! Neural models: weights, training states, activations, KV cache, serving engines.

pub mod activations;
pub mod engine;
pub mod engine_parts;
pub mod estimate;
pub mod sciml;
pub mod stage;
