//! The values of a GROMACS mdrun run's parts (cluster pair lists, arrays in the run's precision).

use super::MdShape;

/// A part of mdrun's allocation.
#[derive(Debug, Clone, PartialEq)]
pub enum MdrunPart {
    /// Home atoms' state, forces, update buffer and mdatoms, `per_atom` bytes each.
    State {
        local: u64,
        per_atom: u64,
        real: u64,
        shape: MdShape,
    },
    /// Domain-decomposition halo atoms (none on one rank: PBC shift vectors, no copies).
    Ghosts {
        ghosts: u64,
        per_atom: u64,
        reach_milli: u64,
    },
    /// nbnxm: i-cluster entries and bounding boxes, j-cluster entries, grid indices.
    Lists {
        i_clusters: u64,
        j_clusters: u64,
        i_size: u64,
        j_size: u64,
        /// Bytes per i-cluster (entry, bounding box, flags), per j-cluster list entry, per
        /// j-cluster bounding box (0 when j-clusters are the i-clusters).
        i_bytes: u64,
        j_entries: u64,
        j_box_bytes: u64,
        atoms: u64,
    },
    /// The nonbonded atom data (coordinates, charges, types, LJ parameters, force output) and
    /// the local topology's exclusions, per home and halo atom.
    Other {
        atoms: u64,
        local: u64,
        per_atom: u64,
        exclusions: u64,
    },
    /// PME: per home atom the grid index, fraction and B-spline coefficients with their
    /// derivatives, and three grids of the rank's mesh points.
    Pme {
        local: u64,
        atom_bytes: u64,
        order: u64,
        grid_points: u64,
        rank_points: u64,
        real: u64,
    },
    /// Domain decomposition's main rank: the global state and the atom distribution of every
    /// one of `atoms`, `per_atom` bytes each, on that rank only.
    Master {
        atoms: u64,
        per_atom: u64,
        real: u64,
    },
}
