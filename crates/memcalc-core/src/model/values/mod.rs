//! The named values a part's formula uses, one variant per template: what the model hands to
//! `explain::parts` (which writes the row's words from them) and to anything else that reads a
//! part's quantities rather than its bytes. Each family declares its own values here (`sim/`, one
//! file per method; `neural`; `engine`), so that the model filling them depends on them and they
//! on no part of the model.

pub mod engine;
pub mod neural;
pub mod sim;

pub use engine::EngineValues;
pub use neural::NeuralValues;
pub use sim::{
    AbinitChain, AbinitTerm, AmrBlock, AmrValues, Blocks, NbodyValues, PwTerm, PwValues, PwxTerm,
    SimPart, SimValues, SparcTerm,
};

/// A part's values: the variant names the template that writes its text.
#[derive(Debug, Clone, PartialEq)]
pub enum Values {
    /// A simulation's part: one rank's values and the ranks a total counts.
    Sim(SimPart),
    /// A neural network's part (weights, training states, activations, KV cache, runtime).
    Neural(NeuralValues),
    /// A serving engine's own part (vLLM's and SGLang's pool, llama.cpp's split).
    Engine(EngineValues),
}
