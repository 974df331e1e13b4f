//! ReaxFF's bond lists and charge equilibration, as LAMMPS's REAXFF package sizes them.
use super::domain::*;
use crate::base::choice::Choice;
use crate::base::units::{format_fixed, group_digits as g};
use crate::catalog::parts::PartId;
use crate::model::words;
use crate::model::Location;
use crate::scenario::sim::*;

const SRC_REAXFF: &str = "LAMMPS REAXFF package: pair_reaxff.cpp memory_usage, reaxff_forces.cpp Estimate_Storages (bond partners ×2, MIN_BONDS 25), reaxff_init.cpp Init_Lists (bond_cap = MAX(Σ × safezone, mincap × MIN_BONDS)), reaxff_types.h structure sizes, fix_qeq_reaxff.cpp allocate_matrix and memory_usage; pair_style reaxff keywords safezone (1.2) and mincap (50)";

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
    let (slot, atom) = x.version.sizes();
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
    let mut parts = vec![Part { id: PartId::Potential, label: "ReaxFF bond lists", rank_bytes: bytes, total_bytes: total, location: Location::Device,
        formula: words!("{} bond slots × {slot} B + {} atom capacity × {per_cap} B + {} × 12 B = {} B", g(bond_cap), g(total_cap), g(n_all), g(bytes)),
        question: crate::text!("Why does ReaxFF need so much memory?"),
        explanation: crate::text!(words!("ReaxFF sizes its bond list for every local and ghost atom ({} here) at max(2 × {} bond partners, 25) = {slots} slots each, times safezone {}; the three-body, far-neighbour and hydrogen-bond lists are counted per bond slot as LAMMPS's memory report counts them ({slot} B each, {}). An order of magnitude more than a pair potential.", g(n_all), x.bonds, format_fixed(x.safezone_milli, 3), x.version.label())),
        source: crate::text!(SRC_REAXFF), values: None }];
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
        parts.push(Part { id: PartId::Qeq, label: "Charge equilibration (QEq)", rank_bytes: q, total_bytes: up(p * (19.0 * 8.0 * (local + ghost) + 8.0 * local * sz + 12.0 * local_pairs * sz)), location: Location::Device,
            formula: words!("{} allocated × 152 B + {} rows × 8 B + {} matrix entries × 12 B = {} B", g(nmax), g(n_cap), g(m_cap), g(q)),
            question: crate::text!("What does charge equilibration add?"),
            explanation: crate::text!(words!("fix qeq/reaxff solves for the charges every step with a sparse matrix of every local atom's neighbours within the cutoff ({} entries with the safezone) and the conjugate-gradient vectors and charge history of every allocated atom.", g(m_cap))),
            source: crate::text!(SRC_REAXFF), values: None });
    }
    parts
}
