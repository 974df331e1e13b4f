//! The named values of simulation parts' formulas, one variant per method, one file per method
//! (`explain::parts::sim` writes their text). The methods' arithmetic imports these values and
//! they import no method, so the folder has no cycle.

mod amr;
mod grid;
mod hpcg;
mod lbm;
mod mdrun;
mod mesh;
mod nbody;
mod particles;
mod planewave;
mod reaxff;
mod run;
mod spectral;

pub use amr::{AmrBlock, AmrShape, AmrValues};
pub use grid::{GridHalo, GridPart, GridShape, GridState, GridWork};
pub use hpcg::{matrix_row, HpcgPart, COARSE_LEVELS};
pub use lbm::{LbmDistributions, LbmHalo, LbmMacroscopic, LbmPart, LbmShape};
pub use mdrun::MdrunPart;
pub use mesh::{
    CellArrays, LduMatrices, MeshConnectivity, MeshMatrix, MeshPart, MeshShape, MeshSolution,
    MeshSolver, PatchValues, PolyMeshStorage, StressTemporaries,
};
pub use nbody::{NbodyShape, NbodyValues};
pub use particles::{
    GpuPackagePart, IdMap, KspaceMesh, MdGhosts, MdLongRange, MdManyBody, MdNeighbors, MdOther,
    MdPart, MdShake, MdShape, MdState,
};
pub use planewave::{
    AbinitChain, AbinitTerm, Blocks, PwShape, PwTerm, PwValues, PwxTerm, SparcTerm,
};
pub use reaxff::{ReaxBonds, ReaxPart, ReaxQeq};
pub use run::{
    Checkpoint, History, HostMirror, HostProcess, Interpreter, OutputBuffers, OutputTotal,
    Overhead, Replicated, RunPart, Runtime,
};
pub use spectral::{SpectralFft, SpectralFields, SpectralPart, SpectralShape, SpectralWork};

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

/// A method's decomposition as the estimate's summary (`busiest`) names it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SimShape {
    Grid(GridShape),
    Lbm(LbmShape),
    Mesh(MeshShape),
    Spectral(SpectralShape),
    Particles(MdShape),
    Planewave(PwShape),
    Amr(AmrShape),
    Nbody(NbodyShape),
}

/// One rank's part of a simulation: one variant per method, each an enum of its parts.
#[derive(Debug, Clone, PartialEq)]
pub enum SimValues {
    /// A term of a DFT code's report for one process.
    Planewave(PwValues),
    /// A part of a block-structured AMR rank.
    Amr(AmrValues),
    /// A part of an N-body task.
    Nbody(NbodyValues),
    Grid(GridPart),
    Lbm(LbmPart),
    Mesh(MeshPart),
    Spectral(SpectralPart),
    Particles(MdPart),
    Reaxff(ReaxPart),
    Run(RunPart),
}
