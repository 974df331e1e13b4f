//! ReaxFF's bond lists and charge equilibration, as LAMMPS's REAXFF package sizes them.
use super::domain::*;
use crate::catalog::parts::PartId;
use crate::model::values::sim::*;
use crate::scenario::sim::*;

/// ReaxFF's storage as LAMMPS's pair reaxff and fix qeq/reaxff report it (memory_usage):
/// the per-atom system arrays, the bond list and the lists sized by it, and the QEq matrix.
pub(super) fn reaxff_parts(
    m: &Sim,
    local: f64,
    ghost: f64,
    nmax: u64,
    local_pairs: f64,
    p: f64,
) -> Vec<Part> {
    let x = m.reax;
    let sz = x.safezone_milli.max(1000) as f64 / 1000.0;
    let (slot, atom) = reax_sizes(x.version);
    let n_all = up(local + ghost);
    // reaxff_allocate.cpp: total_cap = MAX(N × safezone, mincap); per capacity the reax_atom,
    // 19 doubles and 3 ints of bond-order work (memory_usage "From reaxff_allocate: BO") and
    // the bond list's two index arrays.
    let total_cap = up(n_all as f64 * sz).max(x.mincap);
    let per_cap = atom + 19 * 8 + 3 * 4 + 2 * 4;
    // reaxff_forces.cpp Estimate_Storages: each atom max(2 × bond partners, MIN_BONDS = 25)
    // slots; reaxff_init.cpp Init_Lists: bond_cap = MAX(Σ × safezone, mincap × MIN_BONDS).
    let slots = (2 * x.bonds).max(25);
    let bond_cap = up(n_all as f64 * slots as f64 * sz).max(x.mincap * 25);
    let system = crate::add!(crate::mul!(total_cap, per_cap), crate::mul!(n_all, 12));
    let lists = crate::mul!(bond_cap, slot);
    let bytes = crate::add!(system, lists);
    let in_use = (local + ghost) * p;
    let total = up(in_use * (per_cap as f64 * sz + 12.0 + slots as f64 * sz * slot as f64));
    let mut parts = vec![Part::of(
        PartId::Potential,
        bytes,
        total,
        SimValues::Reaxff(ReaxPart::Bonds(ReaxBonds {
            bond_slots: bond_cap,
            slot_bytes: slot,
            atom_capacity: total_cap,
            capacity_bytes: per_cap,
            atoms: n_all,
            slots_per_atom: slots,
            bonds: x.bonds,
            safezone_milli: x.safezone_milli,
            version: x.version,
        })),
    )];
    if x.qeq {
        // fix_qeq_reaxff.cpp: s_hist and t_hist (nprev = 4 each) and 11 work vectors per
        // allocated atom; the H matrix row starts and counts (n_cap = MAX(nlocal × safezone,
        // mincap)) and m_cap = MAX(Σ local neighbours × safezone, mincap × 100) entries of an
        // int and a double.
        let n_cap = up(local * sz).max(x.mincap);
        let m_cap = up(local_pairs * sz).max(x.mincap * 100);
        let q = crate::add!(
            crate::mul!(nmax, (2 * 4 + 11) * 8),
            crate::add!(crate::mul!(n_cap, 8), crate::mul!(m_cap, 12))
        );
        parts.push(Part::of(
            PartId::Qeq,
            q,
            up(p * (19.0 * 8.0 * (local + ghost) + 8.0 * local * sz + 12.0 * local_pairs * sz)),
            SimValues::Reaxff(ReaxPart::Qeq(ReaxQeq {
                allocated: nmax,
                rows: n_cap,
                entries: m_cap,
            })),
        ));
    }
    parts
}

/// (bytes per bond-list slot as pair reaxff's memory_usage counts them, bytes of one
/// reax_atom). The slot is the bond list's capacity times the sizes of the lists the
/// code sizes by it (reaxff_types.h, x86-64): three_body_interaction_data 96 B,
/// bond_data 304 B (296 B before CdboReduction), far_neighbor_data 48 B, hbond_data
/// 16 B; reax/c also counted dbond_data 80 B and dDelta_data 32 B. reax_atom shrank from
/// 472 B (with per-atom bond tables of 20 neighbours) to 112 B.
fn reax_sizes(version: ReaxVersion) -> (u64, u64) {
    match version {
        ReaxVersion::Reaxff => (96 + 304 + 48 + 16, 112),
        ReaxVersion::Reaxc => (96 + 296 + 80 + 32 + 48 + 16, 472),
    }
}
