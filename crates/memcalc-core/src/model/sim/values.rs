//! The named values of simulation parts' formulas, one variant per template
//! (`explain::parts::sim` writes their text).

pub use super::amr::{AmrBlock, AmrShape, AmrValues};
pub use super::nbody::{NbodyShape, NbodyValues};
pub use super::planewave::{
    AbinitChain, AbinitTerm, Blocks, PwShape, PwTerm, PwValues, PwxTerm, SparcTerm,
};

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

/// One rank's part of a simulation: one variant per template.
#[derive(Debug, Clone, PartialEq)]
pub enum SimValues {
    /// A term of a DFT code's report for one process.
    Planewave(PwValues),
    /// A part of a block-structured AMR rank.
    Amr(AmrValues),
    /// A part of an N-body task.
    Nbody(NbodyValues),
}
