//! Lattice Boltzmann: distributions per cell, macroscopic fields and the halo.
use super::domain::*;
use crate::base::choice::Choice;
use crate::base::units::group_digits as g;
use crate::catalog::parts::PartId;
use crate::model::words;
use crate::model::Location;
use crate::scenario::sim::*;

const SRC_LBM: &str = "Q distributions per cell, two copies or one with in-place streaming (Lehmann et al. 2022, Esoteric Pull and Esoteric Push, Computation 10(6):92; FluidX3D: 93 bytes/cell D3Q19 FP32, 55 with FP16 storage)";

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
    MethodParts {
        parts: vec![
            Part { id: PartId::Lattice, label: "Distribution functions", rank_bytes: dist, total_bytes: crate::mul!(q, storage, copies, n), location: Location::Device,
                formula: words!("{q} × {storage} B × {copies} cop{} × {} cells = {} B", if copies == 1 { "y" } else { "ies" }, g(up(local)), g(dist)),
                question: crate::text!("Why is a lattice Boltzmann cell so large?"),
                explanation: crate::text!(words!("Each cell stores {q} particle distributions ({}), in {} bytes each, {}. {shape}.", m.lattice.label(), storage,
                    if copies == 2 { "in two lattices so streaming can read one and write the other" } else { "in one lattice thanks to in-place streaming" })),
                source: crate::text!(SRC_LBM), values: None },
            Part { id: PartId::State, label: "Density, velocity, flags", rank_bytes: macro_bytes, total_bytes: crate::mul!(4 * b + 1, n), location: Location::Device,
                formula: words!("(4 × {b} B + 1 B) × {} cells = {} B", g(up(local)), g(macro_bytes)),
                question: crate::text!("What else does each cell hold?"),
                explanation: crate::text!("Density and three velocity components in the compute precision, and a byte of boundary flags.".into()),
                source: crate::text!(SRC_LBM), values: None },
            Part { id: PartId::Halo, label: "Halo (ghost cells)", rank_bytes: halo, total_bytes: up(per_cell * ghost * p), location: Location::Device,
                formula: words!("{q} × {storage} B × {copies} × {} ghost cells = {} B", g(up(ghost)), g(halo)),
                question: crate::text!("What is the halo of a lattice Boltzmann subdomain?"),
                explanation: crate::text!("One layer of ghost cells around each subdomain for streaming across rank boundaries.".into()),
                source: crate::text!(SRC_LBM), values: None },
        ],
        snapshot_rank: up((4 * b) as f64 * local),
        snapshot_total: crate::mul!(4, b, n),
        restart_total: crate::mul!(q, storage, n),
        shape,
    }
}
