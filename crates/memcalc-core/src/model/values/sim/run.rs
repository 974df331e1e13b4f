//! The values of the run-level parts every method shares.

use crate::scenario::sim::*;

/// A run-level part's values: what every method's run adds to its arrays.
#[derive(Debug, Clone, PartialEq)]
pub enum RunPart {
    Replicated(Replicated),
    Interpreter(Interpreter),
    History(History),
    OutputBuffers(OutputBuffers),
    Overhead(Overhead),
    Runtime(Runtime),
    HostMirror(HostMirror),
    HostProcess(HostProcess),
    OutputTotal(OutputTotal),
    Checkpoint(Checkpoint),
}

/// Data every rank holds whole.
#[derive(Debug, Clone, PartialEq)]
pub struct Replicated {
    pub mib: u64,
}

/// A Python rank's interpreter and modules, on a CPU node.
#[derive(Debug, Clone, PartialEq)]
pub struct Interpreter {
    pub language: Language,
    pub mib: u64,
}

/// Snapshots kept in memory and the forward states of an adjoint run.
#[derive(Debug, Clone, PartialEq)]
pub struct History {
    pub snapshots: u64,
    /// One snapshot of the rank's state, uncompressed.
    pub snapshot_bytes: u64,
    /// Compression ratio in hundredths.
    pub compression_c: u64,
    pub adjoint: Adjoint,
    pub steps: u64,
    /// Adjoint checkpoints (binomial checkpointing).
    pub checkpoints: u64,
    /// Extra forward runs binomial checkpointing recomputes (`None`: too few snapshots).
    pub repetitions: Option<u64>,
}

/// One output frame gathered and compressed before it is written.
#[derive(Debug, Clone, PartialEq)]
pub struct OutputBuffers {
    pub snapshot_bytes: u64,
    pub compression_c: u64,
}

/// The allocator's share of the arrays.
#[derive(Debug, Clone, PartialEq)]
pub struct Overhead {
    /// In basis points.
    pub overhead_bp: u64,
    pub arrays_bytes: u64,
}

/// The process's libraries (CPU rank) or the CUDA context (GPU rank).
#[derive(Debug, Clone, PartialEq)]
pub struct Runtime {
    pub mib: u64,
    pub gpu: bool,
}

/// A host copy of a GPU rank's device arrays.
#[derive(Debug, Clone, PartialEq)]
pub struct HostMirror {
    pub arrays_bytes: u64,
}

/// The host process driving a GPU.
#[derive(Debug, Clone, PartialEq)]
pub struct HostProcess {
    pub rank_mib: u64,
    pub language: Language,
    pub interpreter_mib: u64,
}

/// The run's output on disk.
#[derive(Debug, Clone, PartialEq)]
pub struct OutputTotal {
    pub frames: u64,
    /// One frame of every rank's state, uncompressed.
    pub snapshot_bytes: u64,
    pub compression_c: u64,
    pub output_every: u64,
    pub steps: u64,
}

/// The restart files kept on disk (two), each of `restart_bytes`.
#[derive(Debug, Clone, PartialEq)]
pub struct Checkpoint {
    pub restart_bytes: u64,
    pub checkpoint_every: u64,
}
