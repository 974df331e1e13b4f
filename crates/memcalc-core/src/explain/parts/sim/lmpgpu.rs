//! The texts of LAMMPS's GPU package arrays on the device (`package=gpu*`).

use super::super::Template;
use crate::base::units::{format_fixed, group_digits as g};
use crate::model::values::sim::GpuPackagePart;

const SRC_GPU: &str = "LAMMPS lib/gpu: lal_atom.cpp (Atom::alloc: _max_atoms = 1.10 × nall, x as numtyp4 with the type, q, dev_cell_id and dev_particle_id), lal_answer.cpp (Answer::alloc: _max_local = 1.10 × inum, engv of 7 or 8 and force of 4 acctyp), lal_neighbor.cpp (dev_nbor: (_max_nbors + 2) ints per local slot; _max_nbors from the pair style's 5e-2 × neigh_modify one, re-allocated at 1.10 × the largest count); GPU pair styles require newton off (full lists)";

fn real_name(bytes: u64) -> &'static str {
    if bytes == 8 {
        "double"
    } else {
        "float"
    }
}

impl Template for GpuPackagePart {
    fn label(&self) -> &'static str {
        match self {
            GpuPackagePart::Atoms { .. } => "GPU package: atom data",
            GpuPackagePart::Neighbors { .. } => "GPU package: neighbour list",
            GpuPackagePart::Answers { .. } => "GPU package: forces, energies, virials",
        }
    }
    fn formula(&self, bytes: u64) -> String {
        match self {
            GpuPackagePart::Atoms {
                slots, bytes: per, ..
            }
            | GpuPackagePart::Answers {
                slots, bytes: per, ..
            } => format!("{} slots × {per} B = {} B", g(*slots), g(bytes)),
            GpuPackagePart::Neighbors { slots, stride, .. } => {
                format!("{} slots × {stride} × 4 B = {} B", g(*slots), g(bytes))
            }
        }
    }
    fn question(&self) -> &'static str {
        match self {
            GpuPackagePart::Atoms { .. } => "What does the GPU package copy to the device?",
            GpuPackagePart::Neighbors { .. } => {
                "Why is the GPU neighbour list larger than LAMMPS's own?"
            }
            GpuPackagePart::Answers { .. } => "Where do the forces come back from?",
        }
    }
    fn explanation(&self) -> String {
        match self {
            GpuPackagePart::Atoms { numtyp, charge, .. } => format!(
                "Local and ghost atoms' positions packed with their type as four {}s{}, and the cell and particle ids of the neighbour build on the device, in slots 10 % above the atoms.",
                real_name(*numtyp),
                if *charge { ", their charges" } else { "" }
            ),
            GpuPackagePart::Neighbors { stride, neighbors_milli, .. } => format!(
                "The device list is full (GPU pair styles run with newton off: every pair twice, {} neighbours per atom here) and has one fixed stride for every atom: {} ints, the first allocation of 104 neighbours or 1.10 × the most found, with a two-int header. LAMMPS's own pages are half lists packed without gaps.",
                format_fixed(*neighbors_milli, 3),
                stride
            ),
            GpuPackagePart::Answers { acctyp, .. } => format!(
                "Per local slot four {}s of force and six virial terms and the energy (one more with charges), read back each step.",
                real_name(*acctyp)
            ),
        }
    }
    fn source(&self) -> &'static str {
        SRC_GPU
    }
}
