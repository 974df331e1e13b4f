//! Molecular dynamics (LAMMPS's per-atom neighbour lists, GROMACS mdrun's cluster pair lists):
//! the pair loop's memory traffic and FLOPs, the long-range mesh's FFTs, and the ghost atoms'
//! positions and forces exchanged between ranks. Every count is taken from the estimate's own
//! parts (the pairs of the neighbour pages, the j-clusters of the nbnxm list, the PPPM/PME mesh
//! points), so the time follows the same box, cutoff, skin and decomposition as the memory.

use crate::model::values::sim::{MdPart, MdrunPart};
use crate::model::values::SimValues;
use crate::model::Estimate;
use crate::scenario::sim::{AtomStyle, LongRange, Potential};
use crate::scenario::Scenario;
use crate::speed::sim::{rank_values, word_dtype, MethodStep, SimMachine, SimRate};
use crate::speed::ParticleTerm;
use crate::speed::{Bound, TermValues, Time, TimeTerm, Transfer, Via, Work};

/// LAMMPS pair_lj_cut.cpp (PairLJCut::compute): each listed pair's distance (3 differences,
/// 3 products, 2 sums) before the cutoff test.
pub const DISTANCE_FLOPS: f64 = 8.0;
/// The same loop inside the cutoff: 1/r² (1), r⁻⁶ (2), the LJ force factor (3), fpair (2) and
/// the forces on i and, with Newton's third law, on j (12).
pub const LJ_FLOPS: f64 = 20.0;
/// GROMACS src/gromacs/mdlib/nrnb.cpp: "NxN LJ [F]" 33 FLOPs per atom pair of a cluster pair,
/// "NxN Ewald Elec. + LJ [F]" 66 (force-only steps, the kernel's own accounting).
pub const NXN_LJ_FLOPS: f64 = 33.0;
pub const NXN_EWALD_LJ_FLOPS: f64 = 66.0;
/// "NxN QSTab Elec. + LJ [F]": 41 FLOPs with the Ewald correction read from a table, which
/// GROMACS's nbnxm_setup.cpp (pick_nbnxn_kernel) picks below a SIMD width of 8 without FMA:
/// the 4×4 kernels of SSE4.1 builds; 4×8 (AVX2, AVX-512) computes it analytically.
pub const NXN_TABLE_LJ_FLOPS: f64 = 41.0;
/// The real-space Ewald (erfc) Coulomb term a long-range solver adds to each pair inside the
/// cutoff: the difference of those two GROMACS counts.
pub const EWALD_REAL_FLOPS: f64 = NXN_EWALD_LJ_FLOPS - NXN_LJ_FLOPS;
/// A complex 3-D FFT of N points: 5 N log₂ N FLOPs (the Cooley–Tukey count FFTW's benchmarks
/// use); a real-to-complex one half of it.
pub const FFT_FLOPS: f64 = 5.0;
/// Bytes a pair-loop reads and writes per local or ghost atom: its position (3 reals) read,
/// its force (3 reals) read and written.
pub const ATOM_REALS: u64 = 9;
/// Bytes the integrator (LAMMPS fix nve, mdrun's leap-frog update) moves per local atom:
/// x, v and f read, x and v written (15 reals).
pub const UPDATE_REALS: u64 = 15;
/// Reals exchanged per ghost atom and step: its position to the neighbour, its force back
/// (Newton's third law: LAMMPS's reverse communication, mdrun's force halo).
pub const GHOST_REALS: u64 = 6;

/// The named values of a molecular dynamics term.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MdValues {
    /// The pair list read once, every atom's position and force, and the integrator's arrays.
    Traffic {
        /// List entries: atom pairs (LAMMPS) or j-cluster entries (nbnxm).
        entries: f64,
        entry_bytes: u64,
        clusters: bool,
        /// Local and ghost atoms the pair loop touches.
        atoms: f64,
        atom_bytes: u64,
        local: f64,
        local_bytes: u64,
        transfer: Transfer,
    },
    /// The pair interactions' FLOPs.
    Pairs {
        /// Atom pairs whose distance is computed (listed pairs, or every pair of every
        /// cluster pair).
        pairs: f64,
        /// FLOPs per pair before the cutoff test (0 where the count covers it).
        distance: f64,
        /// FLOPs per pair inside the cutoff (or per computed pair for cluster kernels).
        inner: f64,
        /// Share of the listed pairs inside the cutoff ((rc / (rc + skin))³; 1 for clusters).
        within: f64,
        /// Cluster sizes where the list is nbnxm's (i × j atom pairs per entry).
        clusters: Option<(u64, u64)>,
        coulomb: bool,
        work: Work,
    },
    /// The long-range solver's 3-D FFTs per step over the whole mesh, split over the ranks.
    Kspace {
        solver: LongRange,
        points: f64,
        ffts: u64,
        /// Real-to-complex transforms (half the complex count).
        real: bool,
        ranks: u64,
        work: Work,
    },
    /// Ghost atoms' positions out and forces back, per rank and step.
    Ghosts {
        ghosts: f64,
        bytes_per_ghost: u64,
        ranks_per_node: u64,
        transfer: Transfer,
        via: Via,
    },
}

/// FLOPs of `ffts` 3-D transforms of `points` points (real-to-complex: half).
pub fn fft_flops(points: f64, ffts: u64, real: bool) -> f64 {
    let n = points.max(2.0);
    let per = FFT_FLOPS * n * n.log2();
    ffts as f64 * per * if real { 0.5 } else { 1.0 }
}

fn timesteps(_: &Scenario, step: Time) -> SimRate {
    SimRate::TimestepsPerS(step.per_second(1.0))
}

/// What the estimate's parts say about one rank's pair loop.
struct Counts {
    entries: f64,
    entry_bytes: u64,
    clusters: Option<(u64, u64)>,
    pairs: f64,
    local: f64,
    ghosts: f64,
    real: u64,
    /// LAMMPS's solver and its mesh points over the box; mdrun's PME mesh points.
    mesh: Option<(LongRange, f64)>,
    pme_points: Option<f64>,
}

fn counts(e: &Estimate) -> Option<Counts> {
    let mut c = Counts {
        entries: 0.0,
        entry_bytes: 4,
        clusters: None,
        pairs: 0.0,
        local: 0.0,
        ghosts: 0.0,
        real: 8,
        mesh: None,
        pme_points: None,
    };
    let mut listed = false;
    for v in rank_values(e) {
        let SimValues::Particles(p) = v else { continue };
        match p {
            MdPart::State(s) => {
                c.local = s.local as f64;
                c.ghosts = s.shape.ghosts as f64;
            }
            MdPart::Neighbors(n) => {
                // Only the local atoms' lists are traversed by a pair style (ghost pairs, where
                // ReaxFF stores them, belong to its own bond search).
                c.entries = n.pairs as f64;
                c.pairs = c.entries;
                listed = true;
            }
            MdPart::LongRange(l) => c.mesh = Some((l.solver, l.grid_points as f64)),
            MdPart::Mdrun(MdrunPart::State {
                local, real, shape, ..
            }) => {
                c.local = *local as f64;
                c.ghosts = shape.ghosts as f64;
                c.real = *real;
            }
            MdPart::Mdrun(MdrunPart::Lists {
                j_entries,
                i_size,
                j_size,
                ..
            }) => {
                c.entries = *j_entries as f64;
                c.entry_bytes = 8;
                c.clusters = Some((*i_size, *j_size));
                c.pairs = c.entries * (*i_size * *j_size) as f64;
                listed = true;
            }
            MdPart::Mdrun(MdrunPart::Pme { grid_points, .. }) => {
                c.pme_points = Some(*grid_points as f64);
            }
            _ => {}
        }
    }
    listed.then_some(c)
}

/// The step of a molecular dynamics run; None where the estimate has no neighbour list.
pub fn step(s: &Scenario, e: &Estimate, sm: &SimMachine) -> Option<MethodStep> {
    let sim = &s.sim;
    let c = counts(e)?;
    let real = c.real;
    let atoms = c.local + c.ghosts;
    let traffic = sm.transfer(
        c.entries * c.entry_bytes as f64
            + atoms * (ATOM_REALS * real) as f64
            + c.local * (UPDATE_REALS * real) as f64,
    );
    let mut terms = vec![TimeTerm {
        time: traffic.time(),
        bound: Bound::MemoryBandwidth,
        values: TermValues::Particles(ParticleTerm::Md(MdValues::Traffic {
            entries: c.entries,
            entry_bytes: c.entry_bytes,
            clusters: c.clusters.is_some(),
            atoms,
            atom_bytes: ATOM_REALS * real,
            local: c.local,
            local_bytes: UPDATE_REALS * real,
            transfer: traffic,
        })),
    }];
    let dtype = word_dtype(real);
    let work = |flops: f64| sm.work(flops, dtype);
    let coulomb = sim.long_range != LongRange::None;
    // Sourced operation counts exist for Lennard-Jones (with Ewald real space); many-body
    // potentials and EAM's two passes get the memory term only.
    let lj = sim.potential == Potential::Pair && sim.atom_style != AtomStyle::Eam;
    let mut interior = traffic.time();
    if lj {
        let (distance, inner, within) = match c.clusters {
            Some((_, 4)) if coulomb => (0.0, NXN_TABLE_LJ_FLOPS, 1.0),
            Some(_) if coulomb => (0.0, NXN_EWALD_LJ_FLOPS, 1.0),
            Some(_) => (0.0, NXN_LJ_FLOPS, 1.0),
            None => {
                let rc = sim.cutoff_milli as f64;
                let reach = (rc + sim.skin_milli as f64).max(1.0);
                let coul = if coulomb { EWALD_REAL_FLOPS } else { 0.0 };
                (DISTANCE_FLOPS, LJ_FLOPS + coul, (rc / reach).powi(3))
            }
        };
        let w = work(c.pairs * (distance + within * inner));
        interior = interior.max(w.time());
        terms.push(TimeTerm {
            time: w.time(),
            bound: Bound::Compute,
            values: TermValues::Particles(ParticleTerm::Md(MdValues::Pairs {
                pairs: c.pairs,
                distance,
                inner,
                within,
                clusters: c.clusters,
                coulomb,
                work: w,
            })),
        });
    }
    // The pair loop overlaps its loads with its arithmetic (the longer of the two); the mesh
    // and the ghost exchange follow it.
    let mut step = interior;
    let fft = match (c.pme_points, c.mesh) {
        // mdrun: one real-to-complex transform of the charge grid, one back.
        (Some(points), _) => Some((LongRange::Pme, points, 2, true)),
        // LAMMPS pppm (ik differentiation, its default): the density forward, the three field
        // components back, complex transforms.
        (None, Some((LongRange::Pppm, points))) => Some((LongRange::Pppm, points, 4, false)),
        (None, Some((solver, points))) => Some((solver, points, 2, false)),
        _ => None,
    };
    if let Some((solver, points, ffts, real_fft)) = fft {
        let w = work(fft_flops(points, ffts, real_fft) / sm.ranks as f64);
        step = step.plus(w.time());
        terms.push(TimeTerm {
            time: w.time(),
            bound: Bound::Compute,
            values: TermValues::Particles(ParticleTerm::Md(MdValues::Kspace {
                solver,
                points,
                ffts,
                real: real_fft,
                ranks: sm.ranks,
                work: w,
            })),
        });
    }
    if sm.ranks > 1 && c.ghosts > 0.0 {
        let (via, bandwidth) = sm.exchange();
        let per = GHOST_REALS * real;
        let t = Transfer {
            bytes: c.ghosts * per as f64,
            bandwidth,
            efficiency: 1.0,
        };
        step = step.plus(t.time());
        terms.push(TimeTerm {
            time: t.time(),
            bound: via.bound(),
            values: TermValues::Particles(ParticleTerm::Md(MdValues::Ghosts {
                ghosts: c.ghosts,
                bytes_per_ghost: per,
                ranks_per_node: sm.per_node,
                transfer: t,
                via,
            })),
        });
    }
    Some(MethodStep {
        terms,
        step,
        halo: None,
        rate: Some(timesteps as fn(&Scenario, Time) -> SimRate),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_complex_fft_of_1024_points_is_51200_flops() {
        // 5 × 1024 × log2(1024) = 5 × 1024 × 10.
        assert_eq!(fft_flops(1024.0, 1, false), 51_200.0);
        assert_eq!(fft_flops(1024.0, 2, true), 51_200.0);
    }

    #[test]
    fn the_ewald_real_space_term_is_the_difference_of_gromacs_counts() {
        assert_eq!(EWALD_REAL_FLOPS, 33.0);
        assert_eq!(DISTANCE_FLOPS + LJ_FLOPS, 28.0);
    }
}
