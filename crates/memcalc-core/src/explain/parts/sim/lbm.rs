//! The texts of a lattice Boltzmann run's parts.

use super::super::Template;
use crate::base::choice::Choice;
use crate::base::units::group_digits as g;
use crate::model::values::sim::{LbmDistributions, LbmHalo, LbmMacroscopic, LbmPart};

const SRC_LBM: &str = "Q distributions per cell, two copies or one with in-place streaming (Lehmann et al. 2022, Esoteric Pull and Esoteric Push, Computation 10(6):92; FluidX3D: 93 bytes/cell D3Q19 FP32, 55 with FP16 storage)";

impl Template for LbmPart {
    fn label(&self) -> &'static str {
        match self {
            LbmPart::Distributions(_) => "Distribution functions",
            LbmPart::Macroscopic(_) => "Density, velocity, flags",
            LbmPart::Halo(_) => "Halo (ghost cells)",
        }
    }
    fn formula(&self, bytes: u64) -> String {
        match self {
            LbmPart::Distributions(LbmDistributions {
                q,
                storage,
                copies,
                cells,
                ..
            }) => format!(
                "{q} × {storage} B × {copies} cop{} × {} cells = {} B",
                if *copies == 1 { "y" } else { "ies" },
                g(*cells),
                g(bytes)
            ),
            LbmPart::Macroscopic(LbmMacroscopic { b, cells }) => {
                format!("(4 × {b} B + 1 B) × {} cells = {} B", g(*cells), g(bytes))
            }
            LbmPart::Halo(LbmHalo {
                q,
                storage,
                copies,
                ghost_cells,
            }) => format!(
                "{q} × {storage} B × {copies} × {} ghost cells = {} B",
                g(*ghost_cells),
                g(bytes)
            ),
        }
    }
    fn question(&self) -> &'static str {
        match self {
            LbmPart::Distributions(_) => "Why is a lattice Boltzmann cell so large?",
            LbmPart::Macroscopic(_) => "What else does each cell hold?",
            LbmPart::Halo(_) => "What is the halo of a lattice Boltzmann subdomain?",
        }
    }
    fn explanation(&self) -> String {
        match self {
            LbmPart::Distributions(v) => format!(
                "Each cell stores {} particle distributions ({}), in {} bytes each, {}. {}.",
                v.q,
                v.lattice.label(),
                v.storage,
                if v.copies == 2 {
                    "in two lattices so streaming can read one and write the other"
                } else {
                    "in one lattice thanks to in-place streaming"
                },
                v.shape.text()
            ),
            LbmPart::Macroscopic(_) => "Density and three velocity components in the compute precision, and a byte of boundary flags.".into(),
            LbmPart::Halo(_) => "One layer of ghost cells around each subdomain for streaming across rank boundaries.".into(),
        }
    }
    fn source(&self) -> &'static str {
        SRC_LBM
    }
}
