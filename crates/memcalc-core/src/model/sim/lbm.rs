//! Lattice Boltzmann: distributions per cell, macroscopic fields and the halo.
use super::domain::*;
use crate::catalog::parts::PartId;
use crate::model::values::sim::*;
use crate::scenario::sim::*;

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
        shape: SimShape::Lbm(lbm_shape),
    }
}
