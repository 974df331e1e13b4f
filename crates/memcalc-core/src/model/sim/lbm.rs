//! Lattice Boltzmann: distributions per cell, macroscopic fields and the halo.
use super::domain::*;
use super::values::SimValues;
use crate::catalog::parts::PartId;
use crate::model::words;
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

pub(super) fn lbm(m: &Sim, b: u64) -> MethodParts {
    let Subdomains {
        n,
        ranks: (px, py, pz),
        p,
        local,
        ghost,
        ..
    } = subdomains(m, 1.0);
    let storage = m.lbm_dtype.map(|d| d.bytes()).unwrap_or(b);
    let copies = match m.streaming {
        Streaming::TwoLattice => 2,
        Streaming::InPlace => 1,
    };
    let q = m.lattice.q();
    let per_cell = (q * storage * copies) as f64;
    let dist = up(per_cell * local);
    let macro_bytes = up((4 * b + 1) as f64 * local);
    let halo = up(per_cell * ghost);
    let shape = words!(
        "{}×{}×{} cells over a {}×{}×{} rank grid",
        m.nx,
        m.ny,
        m.nz,
        px,
        py,
        pz
    );
    let lbm_shape = LbmShape {
        nx: m.nx,
        ny: m.ny,
        nz: m.nz,
        px,
        py,
        pz,
    };
    let v = |part: LbmPart| SimValues::Lbm(part);
    MethodParts {
        parts: vec![
            Part::of(
                PartId::Lattice,
                dist,
                crate::mul!(q, storage, copies, n),
                v(LbmPart::Distributions(LbmDistributions {
                    lattice: m.lattice,
                    q,
                    storage,
                    copies,
                    cells: up(local),
                    shape: lbm_shape,
                })),
            ),
            Part::of(
                PartId::State,
                macro_bytes,
                crate::mul!(4 * b + 1, n),
                v(LbmPart::Macroscopic(LbmMacroscopic {
                    b,
                    cells: up(local),
                })),
            ),
            Part::of(
                PartId::Halo,
                halo,
                up(per_cell * ghost * p),
                v(LbmPart::Halo(LbmHalo {
                    q,
                    storage,
                    copies,
                    ghost_cells: up(ghost),
                })),
            ),
        ],
        snapshot_rank: up((4 * b) as f64 * local),
        snapshot_total: crate::mul!(4, b, n),
        restart_total: crate::mul!(q, storage, n),
        shape,
    }
}
