//! The texts of ReaxFF's parts.

use super::super::Template;
use crate::base::choice::Choice;
use crate::base::units::{format_fixed, group_digits as g};
use crate::model::values::sim::{ReaxBonds, ReaxPart, ReaxQeq};

const SRC_REAXFF: &str = "LAMMPS REAXFF package: pair_reaxff.cpp memory_usage, reaxff_forces.cpp Estimate_Storages (bond partners ×2, MIN_BONDS 25), reaxff_init.cpp Init_Lists (bond_cap = MAX(Σ × safezone, mincap × MIN_BONDS)), reaxff_types.h structure sizes, fix_qeq_reaxff.cpp allocate_matrix and memory_usage; pair_style reaxff keywords safezone (1.2) and mincap (50)";

impl Template for ReaxPart {
    fn label(&self) -> &'static str {
        match self {
            ReaxPart::Bonds(_) => "ReaxFF bond lists",
            ReaxPart::Qeq(_) => "Charge equilibration (QEq)",
        }
    }
    fn formula(&self, bytes: u64) -> String {
        match self {
            ReaxPart::Bonds(ReaxBonds {
                bond_slots,
                slot_bytes,
                atom_capacity,
                capacity_bytes,
                atoms,
                ..
            }) => format!(
                "{} bond slots × {slot_bytes} B + {} atom capacity × {capacity_bytes} B + {} × 12 B = {} B",
                g(*bond_slots),
                g(*atom_capacity),
                g(*atoms),
                g(bytes)
            ),
            ReaxPart::Qeq(ReaxQeq {
                allocated,
                rows,
                entries,
            }) => format!(
                "{} allocated × 152 B + {} rows × 8 B + {} matrix entries × 12 B = {} B",
                g(*allocated),
                g(*rows),
                g(*entries),
                g(bytes)
            ),
        }
    }
    fn question(&self) -> &'static str {
        match self {
            ReaxPart::Bonds(_) => "Why does ReaxFF need so much memory?",
            ReaxPart::Qeq(_) => "What does charge equilibration add?",
        }
    }
    fn explanation(&self) -> String {
        match self {
            ReaxPart::Bonds(v) => format!(
                "ReaxFF sizes its bond list for every local and ghost atom ({} here) at max(2 × {} bond partners, 25) = {} slots each, times safezone {}; the three-body, far-neighbour and hydrogen-bond lists are counted per bond slot as LAMMPS's memory report counts them ({} B each, {}). An order of magnitude more than a pair potential.",
                g(v.atoms),
                v.bonds,
                v.slots_per_atom,
                format_fixed(v.safezone_milli, 3),
                v.slot_bytes,
                v.version.label()
            ),
            ReaxPart::Qeq(v) => format!(
                "fix qeq/reaxff solves for the charges every step with a sparse matrix of every local atom's neighbours within the cutoff ({} entries with the safezone) and the conjugate-gradient vectors and charge history of every allocated atom.",
                g(v.entries)
            ),
        }
    }
    fn source(&self) -> &'static str {
        SRC_REAXFF
    }
}
