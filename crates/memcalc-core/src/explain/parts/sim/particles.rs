//! The texts of a molecular dynamics run's parts (LAMMPS's allocation).

use super::super::Template;
use crate::base::choice::Choice;
use crate::base::units::{format_fixed, group_digits as g};
use crate::model::values::sim::{
    IdMap, KspaceMesh, MdGhosts, MdLongRange, MdManyBody, MdNeighbors, MdOther, MdPart, MdShake,
    MdState,
};

const SRC_MD: &str = "LAMMPS conventions (atom_vec.cpp, neigh_list.cpp, my_page.h): per-atom arrays sized for local + ghost atoms in chunks of 16384, neighbour pages of 100,000 indices with 2,000 kept free; neighbours ≈ 4/3·π·(cutoff + skin)³·density, halved with Newton's third law";
const SRC_KSPACE: &str = "LAMMPS PPPM (pppm.cpp): density brick, three field bricks with ghost layers and two FFT work arrays; Darden et al. 1993 (PME)";
const SRC_MANYBODY: &str = "LAMMPS pair_tersoff.cpp, pair_sw.cpp (full neighbour lists: init_style requests full = 1) and pair_airebo.cpp (REBO_neigh: REBO_numneigh, REBO_firstneigh, nC, nH per atom and REBO neighbour pages of local and ghost atoms)";
const SRC_SHAKE: &str = "LAMMPS fix_shake.cpp (grow_arrays, memory_usage): per-atom shake_flag, shake_atom, shake_type and xshake";

impl Template for MdPart {
    fn label(&self) -> &'static str {
        match self {
            MdPart::State(_) => "Particle state",
            MdPart::Ghosts(_) => "Ghost particles",
            MdPart::Neighbors(_) => "Neighbour lists",
            MdPart::Other(_) => "Other per-particle buffers",
            MdPart::ManyBody(_) => "Many-body potential storage",
            MdPart::Shake(_) => "Constraints (SHAKE)",
            MdPart::LongRange(_) => "Long-range mesh",
            MdPart::Mdrun(v) => v.label(),
            MdPart::GpuPackage(v) => v.label(),
        }
    }
    fn formula(&self, bytes: u64) -> String {
        match self {
            MdPart::Mdrun(v) => v.formula(bytes),
            MdPart::GpuPackage(v) => v.formula(bytes),
            MdPart::State(MdState {
                local, per_atom, ..
            }) => format!(
                "{} particles × {per_atom} B = {} B",
                g(*local),
                g(bytes)
            ),
            MdPart::Ghosts(MdGhosts {
                allocated,
                local,
                per_atom,
                ..
            }) => format!(
                "({} allocated − {} local) × {per_atom} B = {} B",
                g(*allocated),
                g(*local),
                g(bytes)
            ),
            MdPart::Neighbors(MdNeighbors {
                pages,
                page,
                allocated,
                list_bytes,
                ..
            }) => format!(
                "{pages} pages × {} × 4 B + {} × {list_bytes} B = {} B",
                g(*page),
                g(*allocated),
                g(bytes)
            ),
            MdPart::Other(MdOther {
                allocated,
                other_bytes,
                id_map,
            }) => match id_map {
                IdMap::Hash { slots } => format!(
                    "{} × {other_bytes} B + 16 B × {} hash slots (id map) = {} B",
                    g(*allocated),
                    g(*slots),
                    g(bytes)
                ),
                IdMap::Array { ids } => format!(
                    "{} × {other_bytes} B + 4 B × {} (id map) = {} B",
                    g(*allocated),
                    g(*ids),
                    g(bytes)
                ),
                IdMap::None => format!(
                    "{} × {other_bytes} B (no id map) = {} B",
                    g(*allocated),
                    g(bytes)
                ),
            },
            MdPart::ManyBody(MdManyBody {
                allocated,
                atom_bytes,
                pages,
                page,
                ..
            }) => format!(
                "{} × {atom_bytes} B + {pages} pages × {} × 4 B = {} B",
                g(*allocated),
                g(*page),
                g(bytes)
            ),
            MdPart::Shake(MdShake {
                allocated,
                atom_bytes,
            }) => format!("{} × {atom_bytes} B = {} B", g(*allocated), g(bytes)),
            MdPart::LongRange(MdLongRange { mesh, .. }) => match mesh {
                KspaceMesh::Pppm {
                    allocated,
                    brick,
                    fft_points,
                } => format!(
                    "{} allocated atoms × 12 B + 4 bricks × {} points × 8 B + {} FFT points × 12 × 8 B = {} B",
                    g(*allocated),
                    g(*brick),
                    g(*fft_points),
                    g(bytes)
                ),
                KspaceMesh::Ewald { mesh_points } => format!(
                    "{} mesh points × (4 × 8 B × 1.5 + 2 × 16 B) = {} B",
                    g(*mesh_points),
                    g(bytes)
                ),
            },
        }
    }
    fn question(&self) -> &'static str {
        match self {
            MdPart::State(_) => "What does each particle cost?",
            MdPart::Ghosts(_) => "What are ghost particles?",
            MdPart::Neighbors(_) => "Why do neighbour lists dominate?",
            MdPart::Other(_) => "What else is per particle?",
            MdPart::ManyBody(_) => "What does a many-body potential add?",
            MdPart::Shake(_) => "What do bond constraints cost?",
            MdPart::LongRange(_) => "What does the long-range solver add?",
            MdPart::Mdrun(v) => v.question(),
            MdPart::GpuPackage(v) => v.question(),
        }
    }
    fn explanation(&self) -> String {
        match self {
            MdPart::Mdrun(v) => v.explanation(),
            MdPart::GpuPackage(v) => v.explanation(),
            MdPart::State(v) => format!(
                "Positions, velocities and forces in double precision plus identifiers: {} bytes per particle for this atom style. {}.",
                v.per_atom,
                v.shape.text()
            ),
            MdPart::Ghosts(v) => format!(
                "Copies of the neighbours' particles within cutoff + skin = {} of the subdomain's faces ({} of them), with the same per-particle arrays; arrays grow in chunks of {} particles, so the allocation is rounded up.",
                format_fixed(v.reach_milli, 3),
                g(v.ghosts),
                v.chunk
            ),
            MdPart::Neighbors(v) => format!(
                "Each particle keeps the indices of the particles within cutoff + skin: {} per particle here ({} list{}), {} pairs per rank, in pages of {} indices; plus per-particle list bookkeeping, binning{}. This, not the particle state, is what the folk rule of 'a few hundred bytes per atom' misses.",
                format_fixed(v.neighbors_milli, 3),
                if v.newton { "half" } else { "full" },
                if v.newton { ", Newton's third law" } else { "" },
                g(v.pairs),
                g(v.page),
                if v.check {
                    " and the positions at the last rebuild"
                } else {
                    " (no positions of the last rebuild: with neigh_modify check no, LAMMPS neighbor.cpp frees xhold)"
                }
            ),
            MdPart::Other(v) => format!(
                "Spatial sorting permutations, communication bookkeeping and the global-id-to-local map: {}.",
                match v.id_map {
                    IdMap::Hash { .. } => "a hash table sized by the atoms a rank holds, so it shrinks with more ranks",
                    IdMap::None => "none here (atomic systems need no map unless a command asks for one)",
                    IdMap::Array { .. } => "an array sized by the largest atom ID, on every rank, so it does not shrink with more ranks (LAMMPS switches to a hash above 1,000,000 IDs: atom_map=auto)",
                }
            ),
            MdPart::ManyBody(v) => format!(
                "{} keeps per-atom bond-order data for local and ghost atoms and a second neighbour list of every atom within {} ({} neighbours each).",
                v.potential.label(),
                format_fixed(v.cutoff_milli, 3),
                format_fixed(v.neighbors_milli, 3)
            ),
            MdPart::Shake(_) => "fix shake keeps, for every allocated atom, its cluster flag, the IDs of up to four cluster atoms, three bond types and the unconstrained position.".into(),
            MdPart::LongRange(v) => format!(
                "{} spreads charges on a mesh of {} points and solves Poisson's equation by FFT: {}.",
                v.solver.label(),
                g(v.grid_points),
                match v.mesh {
                    KspaceMesh::Pppm { .. } => "each atom's grid cell, a charge-density brick and three field bricks widened by the stencil order, and per FFT point the Green's function, virial coefficients and two complex work arrays",
                    KspaceMesh::Ewald { .. } => "a charge-density brick and three field bricks with ghost layers, and two complex work arrays per rank",
                }
            ),
        }
    }
    fn source(&self) -> &'static str {
        match self {
            MdPart::ManyBody(_) => SRC_MANYBODY,
            MdPart::Shake(_) => SRC_SHAKE,
            MdPart::LongRange(_) => SRC_KSPACE,
            MdPart::Mdrun(v) => v.source(),
            MdPart::GpuPackage(v) => v.source(),
            _ => SRC_MD,
        }
    }
}
