//! The gathers of a CPU build that vectorizes a sparse row's sum with gather instructions: each
//! nonzero's x[col[j]] is one element of a VGATHERDPD, and a core issues gathers at a fixed
//! rate per element whatever the cache holds.
//!
//! Sources:
//! - gcc 12's code for HPCG's rows (`ComputeSPMV_ref.cpp`, `ComputeSYMGS_ref.cpp`) with
//!   `-O3 -ffast-math -march=native`: on Zen 4 two 8-lane VGATHERDPD per 16 nonzeros
//!   (spmv-nativefm.s in docs/accuracy/speed-here/zen4/out/disassembly.tar.gz), on Emerald
//!   Rapids with gcc's Sapphire Rapids tuning 4-lane ones per 8, and with its generic tuning no
//!   gathers at all, the lanes loaded one by one (docs/accuracy/speed-here/emr/out/): the same flags gather or not by the
//!   compiler's tuning, so whether a build gathers is the user's setting (`gather`), not a
//!   consequence of `chains`.
//! - The cost per element: LLVM pull request #212997 (Zen 4/5: microcoded, 8 FP64 lanes every 8.0
//!   cycles, 41 macro-ops) and this project's measurement on Emerald Rapids (latency.c's gather
//!   loops), `catalog::hardware::CoreLatency::gather_cycles`, or the user's `gather_ns`.
//! - How it combines with the rest: on Zen 4 (docs/accuracy.md, "Measured here") the gathers add
//!   to the memory stream and the chains as the chains do (+4.0 %; the longer of chain and
//!   gathers would give +27.6 %): their 41 macro-ops per 8 lanes fill the reorder window that
//!   would otherwise keep the next rows' loads in flight. On Emerald Rapids a gathering build
//!   ran no slower than one loading its lanes one by one (64³ within the runs' spread, faster
//!   inside the L3), so there the term is an upper bound.

use crate::speed::sim::SimMachine;
use crate::speed::MeshTerm;
use crate::speed::{Bound, TermValues, Time, TimeTerm};

/// One step's gathers on one rank: every nonzero of every row sum of the chains.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Gather {
    pub iterations: u64,
    /// Row sums per iteration (the chains' `row_passes`).
    pub row_passes: f64,
    /// Elements one row gathers: its nonzeros.
    pub per_row: f64,
    /// Seconds per gathered element.
    pub per_element: f64,
    /// The figure's source: the node preset's, or None where the user gave `gather_ns`.
    pub source: Option<&'static str>,
}

impl Gather {
    /// Seconds of one iteration's gathers.
    pub fn per_iteration(&self) -> f64 {
        self.row_passes * self.per_row * self.per_element
    }

    pub fn time(&self) -> Time {
        Time::of(self.iterations as f64 * self.per_iteration())
    }
}

/// The gathers of `row_passes` row sums of `per_row` nonzeros per iteration (a chain's rows,
/// `speed::sim::mesh::Chain`), where the build gathers (`gather`, `gather_ns`). A build whose
/// rows carry no chain (`chains=0`, or a GPU) has none either: the caller has no rows to give.
pub fn of(sm: &SimMachine, iterations: u64, row_passes: f64, per_row: f64) -> Option<Gather> {
    sm.m.gather.map(|per_element| Gather {
        iterations,
        row_passes,
        per_row,
        per_element,
        source: sm.m.gather_source,
    })
}

/// The gather term: its time follows the chains' (measured on Zen 4: they add).
pub fn term(g: Gather) -> TimeTerm {
    TimeTerm {
        time: g.time(),
        bound: Bound::Latency,
        values: TermValues::Mesh(MeshTerm::MeshGather(g)),
    }
}
