//! The values of a molecular dynamics run's parts.

use crate::scenario::sim::*;

/// A molecular dynamics part's values.
#[derive(Debug, Clone, PartialEq)]
pub enum MdPart {
    State(MdState),
    Ghosts(MdGhosts),
    Neighbors(MdNeighbors),
    Other(MdOther),
    ManyBody(MdManyBody),
    Shake(MdShake),
    LongRange(MdLongRange),
    /// GROMACS mdrun's allocation (`pair_list=clusters_*`).
    Mdrun(super::MdrunPart),
    /// LAMMPS's GPU package on the device (`package=gpu*`).
    GpuPackage(GpuPackagePart),
}

/// One of the GPU package's device arrays (lib/gpu).
#[derive(Debug, Clone, PartialEq)]
pub enum GpuPackagePart {
    /// Positions and types (and charges, and cell ids) of local and ghost atoms.
    Atoms {
        slots: u64,
        bytes: u64,
        numtyp: u64,
        charge: bool,
    },
    /// The full neighbour list of fixed stride per local slot.
    Neighbors {
        slots: u64,
        /// Ints per slot: the neighbour stride and the list header.
        stride: u64,
        /// Neighbours per atom within cutoff + skin, in thousandths.
        neighbors_milli: u64,
    },
    /// Forces, energies and virials per local slot.
    Answers { slots: u64, bytes: u64, acctyp: u64 },
}

/// The box and its split over the ranks, as the state's explanation describes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MdShape {
    pub particles: u64,
    /// The box side in thousandths of a length unit.
    pub side_milli: u64,
    pub px: u64,
    pub py: u64,
    pub pz: u64,
    /// Local and ghost particles of the busiest rank.
    pub local: u64,
    pub ghosts: u64,
}

/// The local particles' per-atom arrays.
#[derive(Debug, Clone, PartialEq)]
pub struct MdState {
    pub local: u64,
    /// Bytes per particle of the atom style.
    pub per_atom: u64,
    pub shape: MdShape,
}

/// Per-atom arrays of the ghost particles, allocated in whole chunks.
#[derive(Debug, Clone, PartialEq)]
pub struct MdGhosts {
    /// Particles allocated (local and ghost, rounded up to chunks).
    pub allocated: u64,
    pub local: u64,
    pub per_atom: u64,
    /// Cutoff + skin in thousandths of a length unit.
    pub reach_milli: u64,
    pub ghosts: u64,
    pub chunk: u64,
}

/// Neighbour pages and per-particle list bookkeeping.
#[derive(Debug, Clone, PartialEq)]
pub struct MdNeighbors {
    pub pages: u64,
    /// Indices per page.
    pub page: u64,
    pub allocated: u64,
    pub list_bytes: u64,
    /// The positions at the last build are kept (neigh_modify check yes).
    pub check: bool,
    /// Neighbours per particle, in thousandths.
    pub neighbors_milli: u64,
    /// Half lists (Newton's third law).
    pub newton: bool,
    pub pairs: u64,
}

/// How global atom IDs map to local indices.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum IdMap {
    /// An array of every ID on every rank.
    Array {
        ids: u64,
    },
    /// A hash of 16 B slots.
    Hash {
        slots: u64,
    },
    None,
}

/// Sorting, communication and the ID map.
#[derive(Debug, Clone, PartialEq)]
pub struct MdOther {
    pub allocated: u64,
    pub other_bytes: u64,
    pub id_map: IdMap,
}

/// A many-body potential's per-atom data and its short neighbour list.
#[derive(Debug, Clone, PartialEq)]
pub struct MdManyBody {
    pub allocated: u64,
    /// Bytes per allocated atom.
    pub atom_bytes: u64,
    pub pages: u64,
    pub page: u64,
    pub potential: Potential,
    /// The short list's cutoff and neighbours per atom, in thousandths.
    pub cutoff_milli: u64,
    pub neighbors_milli: u64,
}

/// fix shake's per-atom arrays.
#[derive(Debug, Clone, PartialEq)]
pub struct MdShake {
    pub allocated: u64,
    pub atom_bytes: u64,
}

/// The long-range solver's mesh storage on a rank.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum KspaceMesh {
    /// part2grid per allocated atom, four bricks, 12 doubles per FFT point.
    Pppm {
        allocated: u64,
        brick: u64,
        fft_points: u64,
    },
    /// Four real bricks with ghosts and two complex arrays per mesh point.
    Ewald { mesh_points: u64 },
}

/// The long-range mesh.
#[derive(Debug, Clone, PartialEq)]
pub struct MdLongRange {
    pub solver: LongRange,
    /// Mesh points over the whole box.
    pub grid_points: u64,
    pub mesh: KspaceMesh,
}
