//! The values of a lattice Boltzmann run's parts.

use crate::scenario::sim::*;

/// A lattice Boltzmann part's values.
#[derive(Debug, Clone, PartialEq)]
pub enum LbmPart {
    Distributions(LbmDistributions),
    Macroscopic(LbmMacroscopic),
    Halo(LbmHalo),
}

/// The grid and its split over the ranks, as the explanation describes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LbmShape {
    pub nx: u64,
    pub ny: u64,
    pub nz: u64,
    pub px: u64,
    pub py: u64,
    pub pz: u64,
}

/// Q distributions per cell in the storage precision, in one or two lattices.
#[derive(Debug, Clone, PartialEq)]
pub struct LbmDistributions {
    pub lattice: Lattice,
    pub q: u64,
    /// Bytes per stored distribution.
    pub storage: u64,
    /// Lattices kept (2 for A-B streaming, 1 in place).
    pub copies: u64,
    /// Cells of the busiest rank.
    pub cells: u64,
    pub shape: LbmShape,
}

/// Density, three velocity components and a flag byte per cell.
#[derive(Debug, Clone, PartialEq)]
pub struct LbmMacroscopic {
    /// Bytes per value in the compute precision.
    pub b: u64,
    pub cells: u64,
}

/// One ghost layer of distributions.
#[derive(Debug, Clone, PartialEq)]
pub struct LbmHalo {
    pub q: u64,
    pub storage: u64,
    pub copies: u64,
    pub ghost_cells: u64,
}
