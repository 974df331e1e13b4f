//! The texts of a GROMACS mdrun run's parts (cluster pair lists, `pair_list=clusters_*`).

use super::super::Template;
use crate::base::units::{format_fixed, group_digits as g};
use crate::model::values::sim::MdrunPart;

const SRC_MDRUN: &str = "GROMACS 2022 src/gromacs/nbnxm (pairlist.h: nbnxn_ci_t 16 B, nbnxn_cj_t 8 B; pairlist.cpp: half lists on the CPU, cluster pairs within rlist by bounding-box distance; grid.h: a 32 B bounding box per cluster; atomdata.h: x, q, type, lj_comb, f per atom), mdtypes/state.h, forcebuffers.h, mdatoms.h; reals in the build's precision (mixed precision: FP32)";
const SRC_MASTER: &str = "GROMACS 2022 src/gromacs/mdrun/runner.cpp (the global t_state on the main rank, beside each rank's local state when domain decomposition is on), src/gromacs/mdtypes/state.h (x, v), src/gromacs/domdec/atomdistribution.h (AtomDistribution, only on the main rank: atomGroups of the whole system and rvecBuffer, an RVec per atom for scattering and gathering the state)";
const SRC_PME: &str = "GROMACS 2022 src/gromacs/ewald/pme_internal.h (PmeAtomComm: idx, fractx, splinedata_t theta and dtheta per dimension × pme-order), pme.cpp (the spreading grid, the FFT's real grid and its complex transform); mdp defaults pme-order = 4, fourierspacing = 0.12 nm";

fn real_name(real: u64) -> &'static str {
    if real == 8 {
        "double"
    } else {
        "single"
    }
}

impl Template for MdrunPart {
    fn label(&self) -> &'static str {
        match self {
            MdrunPart::State { .. } => "Particle state",
            MdrunPart::Ghosts { .. } => "Ghost particles",
            MdrunPart::Lists { .. } => "Neighbour lists",
            MdrunPart::Other { .. } => "Other per-particle buffers",
            MdrunPart::Pme { .. } => "Long-range mesh",
            MdrunPart::Master { .. } => "Main rank's global copies",
        }
    }
    fn formula(&self, bytes: u64) -> String {
        match self {
            MdrunPart::State {
                local, per_atom, ..
            } => format!("{} particles × {per_atom} B = {} B", g(*local), g(bytes)),
            MdrunPart::Ghosts {
                ghosts, per_atom, ..
            } => format!(
                "{} halo particles × {per_atom} B = {} B",
                g(*ghosts),
                g(bytes)
            ),
            MdrunPart::Lists {
                i_clusters,
                j_clusters,
                i_bytes,
                j_entries,
                j_box_bytes,
                atoms,
                ..
            } => {
                let j_boxes = if *j_box_bytes > 0 {
                    format!(" + {} j-clusters × {j_box_bytes} B", g(*j_clusters))
                } else {
                    String::new()
                };
                format!(
                    "{} i-clusters × {i_bytes} B{j_boxes} + {} cluster pairs × 8 B + {} atoms × 8 B = {} B",
                    g(*i_clusters),
                    g(*j_entries),
                    g(*atoms),
                    g(bytes)
                )
            }
            MdrunPart::Other {
                atoms,
                local,
                per_atom,
                exclusions,
            } => format!(
                "{} atoms × {per_atom} B + {} home atoms × {exclusions} B (exclusions) = {} B",
                g(*atoms),
                g(*local),
                g(bytes)
            ),
            MdrunPart::Pme {
                local,
                atom_bytes,
                rank_points,
                real,
                ..
            } => format!(
                "{} particles × {atom_bytes} B + 3 grids × {} points × {real} B = {} B",
                g(*local),
                g(*rank_points),
                g(bytes)
            ),
            MdrunPart::Master {
                atoms, per_atom, ..
            } => format!(
                "{} particles of the system × {per_atom} B (main rank only) = {} B",
                g(*atoms),
                g(bytes)
            ),
        }
    }
    fn question(&self) -> &'static str {
        match self {
            MdrunPart::State { .. } => "What does each particle cost?",
            MdrunPart::Ghosts { .. } => "What are ghost particles?",
            MdrunPart::Lists { .. } => "Why are cluster pair lists smaller?",
            MdrunPart::Other { .. } => "What else is per particle?",
            MdrunPart::Pme { .. } => "What does the long-range solver add?",
            MdrunPart::Master { .. } => "Why is the first rank the busiest?",
        }
    }
    fn explanation(&self) -> String {
        match self {
            MdrunPart::State {
                per_atom,
                real,
                shape,
                ..
            } => format!(
                "GROMACS mdrun keeps positions, velocities, forces and the update's new positions in {} precision, with masses, charges and types: {per_atom} bytes per particle. {}.",
                real_name(*real),
                shape.text()
            ),
            MdrunPart::Ghosts { reach_milli, .. } => format!(
                "Domain decomposition copies the atoms within rlist = {} beyond the upper faces of each split dimension (the eighth-shell zones), with their positions, forces, charges and types; a single rank copies none.",
                format_fixed(*reach_milli, 3)
            ),
            MdrunPart::Lists {
                i_size, j_size, ..
            } => format!(
                "mdrun groups atoms into clusters of {i_size} and lists, for each i-cluster, the clusters of {j_size} whose bounding boxes lie within rlist (each pair once): 8 bytes per cluster pair, so about {} bytes per atom-pair instead of 4 per neighbour.",
                format_fixed(8000 / (i_size * j_size), 3)
            ),
            MdrunPart::Other { .. } => "The nonbonded kernels' own copy of each atom (coordinates, charge, type, Lennard-Jones parameters, force output) and the local topology's exclusion lists (each atom and its excluded neighbours, max_special).".into(),
            MdrunPart::Pme {
                order,
                grid_points,
                ..
            } => format!(
                "PME spreads charges on a mesh of {} points with B-splines of order {order}: per particle its grid index, fraction and {order} spline coefficients and derivatives per dimension; the spreading grid, the FFT grid and its complex transform.",
                g(*grid_points)
            ),
            MdrunPart::Master { real, .. } => format!(
                "With domain decomposition mdrun's main rank keeps the whole system beside its own domain: the global state's positions and velocities and the buffer that scatters and gathers them ({} precision), and the division of every atom group over the domains. The other ranks hold only their domain, so the busiest rank, the one the estimate reports, is the main one; a single rank has no second copy.",
                real_name(*real)
            ),
        }
    }
    fn source(&self) -> &'static str {
        match self {
            MdrunPart::Pme { .. } => SRC_PME,
            MdrunPart::Master { .. } => SRC_MASTER,
            _ => SRC_MDRUN,
        }
    }
}
