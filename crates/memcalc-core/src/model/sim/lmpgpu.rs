//! LAMMPS's GPU package (`package gpu`, `-sf gpu`): the device holds the package's own arrays,
//! not LAMMPS's host arrays, each sized 10 % above the atoms it was set up for.
//!
//! Sources (LAMMPS lib/gpu, the LAMMPS Accelerator Library):
//! - `lal_atom.cpp` (Atom::alloc, bytes_per_atom): `_max_atoms = 1.10 × nall`; positions with
//!   the type packed as a numtyp4 (`x`), the charge (`q`) for charged styles, and with
//!   neighbour lists built on the device the cell and particle ids (`dev_cell_id`,
//!   `dev_particle_id`, an int each).
//! - `lal_answer.cpp` (Answer::alloc): `_max_local = 1.10 × inum`; `engv` of 6 virial terms and
//!   1 energy (2 with charges) and `force` of 4 acctyp per local atom.
//! - `lal_neighbor.cpp` (Neighbor::init, alloc, build_nbor_list): `dev_nbor` of
//!   (`_max_nbors` + 2) ints per local slot, a fixed stride for every atom; `_max_nbors` starts
//!   at the pair style's `mnf = 5e-2 × neighbor->oneatom` (100, rounded up to the 4 threads per
//!   atom: 104) and is re-allocated at 1.10 × the largest count found. GPU pair styles need
//!   `newton off`, so the lists are full.
use super::domain::*;
use crate::catalog::parts::PartId;
use crate::model::values::sim::*;
use crate::scenario::sim::*;

/// Headroom lib/gpu allocates above the atoms (`_max_atoms`, `_max_local`, `_max_nbors`).
const GPU_SLACK: f64 = 1.10;
/// The pair styles' first neighbour stride: 5 % of neigh_modify one (2,000).
const GPU_FIRST_NBORS: u64 = 100;
/// Threads per atom of the package's pair kernels (package gpu tpa, 4 for lj/cut).
const GPU_TPA: u64 = 4;
/// Two ints of list header per local slot besides its neighbours (lal_neighbor.cpp).
const GPU_NBOR_HEADER: u64 = 2;

fn lanes(n: u64) -> u64 {
    n.div_ceil(GPU_TPA) * GPU_TPA
}

/// The neighbour stride: the first allocation, or 1.10 × the neighbours found (the mean count of
/// the full sphere stands for the largest), rounded up to whole lanes.
fn stride(full: f64) -> u64 {
    let first = (GPU_FIRST_NBORS / GPU_TPA + 1) * GPU_TPA;
    first.max(lanes(up(full * GPU_SLACK))) + GPU_NBOR_HEADER
}

/// The device parts of the GPU package for `local` and `ghost` atoms per rank, `full`
/// neighbours per atom (the whole sphere within cutoff + skin), over `ranks` ranks.
pub(super) fn gpu_parts(
    m: &Sim,
    (numtyp, acctyp): (u64, u64),
    local: f64,
    ghost: f64,
    full: f64,
    ranks: f64,
) -> Vec<Part> {
    let charge = matches!(m.atom_style, AtomStyle::Charge | AtomStyle::Full);
    let atom_bytes = 4 * numtyp + 2 * 4 + if charge { numtyp } else { 0 };
    let answer_bytes = (6 + 1 + u64::from(charge) + 4) * acctyp;
    let stride = stride(full);
    let atoms = up((local + ghost) * GPU_SLACK);
    let slots = up(local * GPU_SLACK);
    let v = |part: GpuPackagePart| SimValues::Particles(MdPart::GpuPackage(part));
    let total = |per_rank: f64| up(per_rank * ranks);
    vec![
        Part::of(
            PartId::State,
            crate::mul!(atoms, atom_bytes),
            total((local + ghost) * GPU_SLACK * atom_bytes as f64),
            v(GpuPackagePart::Atoms {
                slots: atoms,
                bytes: atom_bytes,
                numtyp,
                charge,
            }),
        ),
        Part::of(
            PartId::NeighborLists,
            crate::mul!(slots, stride, 4),
            total(local * GPU_SLACK * (stride * 4) as f64),
            v(GpuPackagePart::Neighbors {
                slots,
                stride,
                neighbors_milli: up(full * 1000.0),
            }),
        ),
        Part::of(
            PartId::Work,
            crate::mul!(slots, answer_bytes),
            total(local * GPU_SLACK * answer_bytes as f64),
            v(GpuPackagePart::Answers {
                slots,
                bytes: answer_bytes,
                acctyp,
            }),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_stride_holds_104_neighbours_and_grows_by_a_tenth() {
        // 100 rounded up to whole lanes of 4 (and one more lane, as lal_neighbor.cpp does).
        assert_eq!(stride(40.0), 104 + 2);
        // 1.1 × 150 = 165 → 168 lanes.
        assert_eq!(stride(150.0), 168 + 2);
    }
}
