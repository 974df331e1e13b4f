//! The named values of simulation parts' formulas, one variant per method (each method declares
//! its parts' values beside the arithmetic that fills them; `explain::parts::sim` writes their
//! text).

pub use super::assemble::{
    Checkpoint, History, HostMirror, HostProcess, Interpreter, OutputBuffers, OutputTotal,
    Overhead, Replicated, RunPart, Runtime,
};
pub use super::grid::{GridHalo, GridPart, GridShape, GridState, GridWork};
pub use super::lbm::{LbmDistributions, LbmHalo, LbmMacroscopic, LbmPart, LbmShape};
pub use super::mesh::{
    MeshConnectivity, MeshMatrix, MeshPart, MeshShape, MeshSolution, MeshSolver,
};
pub use super::particles::{
    IdMap, KspaceMesh, MdGhosts, MdLongRange, MdManyBody, MdNeighbors, MdOther, MdPart, MdShake,
    MdShape, MdState,
};
pub use super::reaxff::{ReaxBonds, ReaxPart, ReaxQeq};
pub use super::spectral::{SpectralFft, SpectralFields, SpectralPart, SpectralShape, SpectralWork};

/// A simulation part as a node or GPU holds it: one rank's part, times the ranks that share the
/// total (1 where the total is per rank or per GPU).
#[derive(Debug, Clone, PartialEq)]
pub struct SimPart {
    /// The part of one rank, with its own template.
    pub rank: SimValues,
    /// One rank's bytes (the busiest rank's).
    pub rank_bytes: u64,
    /// Ranks counted in the shown total.
    pub ranks_per_node: u64,
}

/// One rank's part of a simulation: one variant per method, each an enum of its parts.
#[derive(Debug, Clone, PartialEq)]
pub enum SimValues {
    Grid(GridPart),
    Lbm(LbmPart),
    Mesh(MeshPart),
    Spectral(SpectralPart),
    Particles(MdPart),
    Reaxff(ReaxPart),
    Run(RunPart),
}
