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

// EAM, counted from LAMMPS src/MANYBODY/pair_eam.cpp (PairEAM::compute, lammps/lammps commit
// 03d7c8e): two passes over the half neighbour list and one over the local atoms.
/// The density pass, per listed pair inside the cutoff: r = √r² (1), p = r·rdr + 1 and its
/// fraction (3), the two cubic splines ρ(r) for i and j in Horner form (6 each) and their sums
/// into ρ_i and ρ_j (2).
pub const EAM_DENSITY_FLOPS: f64 = 18.0;
/// The embedding pass, per local atom: p = ρ·rdrho + 1 and its fraction (3) and F′(ρ), a
/// quadratic (4).
pub const EAM_EMBED_FLOPS: f64 = 7.0;
/// The force pass, per listed pair inside the cutoff: √ (1), p (3), ρ′ for i and j and z2′
/// (4 each), z2 (6), 1/r (1), φ = z2/r (1), φ′ (3), ψ′ = F′_i ρ′_j + F′_j ρ′_i + φ′ (4),
/// fpair (2) and the forces on i and j (12).
pub const EAM_FORCE_FLOPS: f64 = 45.0;
/// Reals each ghost atom adds to the exchange with EAM: its density summed back to its owner
/// (reverse_comm_pair) and its embedding derivative sent out (forward_comm_pair).
pub const EAM_GHOST_REALS: u64 = 2;

// A GPU step's kernels, as OpenMM's CUDA platform launches them each step without CUDA
// graphs (openmm@1a47c2f, summarized in shared/reference/speed-mechanisms.md §1): counted only
// where the source names them, so the count is a floor.
/// The neighbour list: four kernels and a sort every force evaluation
/// (platforms/cuda/src/CudaKernels.cpp:63–75), then the host blocks on the download of the
/// interaction count (CudaNonbondedUtilities.cpp:402–411, 434–437).
pub const LIST_KERNELS: u64 = 5;
/// The nonbonded kernel itself.
pub const PAIR_KERNELS: u64 = 1;
/// PME: grid index, sort, spread, forward FFT, convolution, inverse FFT, interpolate
/// (platforms/common/src/CommonCalcNonbondedForce.cpp:946–1032).
pub const PME_KERNELS: u64 = 7;
/// Constraints, applied twice a step by LangevinMiddleIntegrator (the velocities, then the
/// positions: platforms/common/src/CommonKernels.cpp:3188–3191), each time SETTLE for the
/// rigid waters and SHAKE for the hydrogen clusters (platforms/cuda/src/
/// CudaIntegrationUtilities.cpp:67–101; CCMA's kernels only where constraints couple).
pub const CONSTRAINT_KERNELS: u64 = 2 * 2;
/// Kernels every GPU step launches whatever the system: the force buffers cleared
/// (CudaKernels.cpp:66, CudaContext.cpp:750) and LangevinMiddleIntegrator's three update
/// kernels (CommonKernels.cpp:3188–3192).
pub const STEP_KERNELS: u64 = 1 + 3;
/// Molecular topologies add the bonded kernel: every bonded force in one kernel
/// (CudaKernels.cpp:80, platforms/common/src/BondedUtilities.cpp:207).
pub const BONDED_KERNELS: u64 = 1;
/// Host time of one kernel launch, seconds: the low end of the 5–20 µs a profiler trace
/// measures per cudaLaunchKernel (facebookresearch/HolisticTraceAnalysis@0c2146a,
/// docs/source/features/cuda_kernel_launch_stats.rst); `launch_us` overrides it.
pub const LAUNCH_S: f64 = 5e-6;

// The GPU pair kernel's rate. GROMACS's and OpenMM's CUDA nonbonded kernels are limited by
// instruction issue and latency, not by their FMAs (Páll & Hess 2013, Comput. Phys. Commun.
// 184, 2641, "A flexible algorithm for calculating pair interactions on SIMD architectures",
// §5: "the CUDA kernels are instruction latency-limited"): the loads, shuffles, exclusion
// masks and cutoff tests issue beside the arithmetic. Every NVIDIA SM since Volta issues one
// warp instruction per clock from each of its 4 schedulers (128 thread-instructions a clock;
// NVIDIA's Volta, Turing, Ampere GA100 and GA102, Ada, Hopper and Blackwell architecture
// whitepapers), while its FP32 peak counts an FMA as 2 FLOPs on each FP32 lane: 64 lanes an SM
// on GV100, TU10x and GA100, 128 on GA10x, AD10x, GH100 and the Blackwell GPUs. The kernel's
// counted FLOPs therefore run at most at FP32 peak × 64 / lanes: the whole FP32 peak on a V100,
// T4 or A100, half of it on the 128-lane GPUs, whose second FP32 datapath an issue-bound kernel
// cannot feed.
/// NVIDIA presets whose SMs have 64 FP32 lanes (GV100, TU104, GA100).
pub const FP32_LANES_64: &[&str] = &[
    "v100-16",
    "v100-32",
    "t4",
    "a100-40",
    "a100-80",
    "a100-pcie-80",
    "a800",
];

/// Share of a GPU's FP32 peak its pair kernel can issue: 64 over the FP32 lanes of an SM on
/// NVIDIA GPUs (1 or ½); 1 on AMD and Apple GPUs, for which no issue figure is sourced here.
pub fn issue_share(hw: &crate::catalog::hardware::GpuHardware) -> f64 {
    use crate::catalog::hardware::Vendor;
    match hw.vendor {
        Vendor::Nvidia if !FP32_LANES_64.contains(&hw.id) => 0.5,
        _ => 1.0,
    }
}

/// Mesh points each atom's charge is spread to and its force gathered from, per dimension: mdp
/// `pme-order` 4 (GROMACS's default cubic B-splines; `pme_order` overrides it, OpenMM's is 5:
/// `PmeOrder` in platforms/common/include/openmm/common/CommonCalcNonbondedForce.h:173),
/// LAMMPS `kspace_modify order` 5 (PPPM).
pub const PME_ORDER: u64 = 4;
pub const PPPM_ORDER: u64 = 5;
/// Passes a 3-D FFT makes over its grid, each reading and writing it: one per axis (cuFFT's and
/// FFTW's row-column transforms; the spectral step's FFT memory term, checked against cuFFT's
/// measured 3-D transforms in docs/accuracy.md, KDA-FFT3D).
pub const FFT_AXIS_PASSES: u64 = 3;

// Stillinger–Weber, counted from LAMMPS src/MANYBODY/pair_sw.cpp (PairSW::compute, twobody,
// threebody; lammps/lammps commit 02e2e22), each sqrt, pow, exp and divide counted as one
// operation (so a floor: a libm exp or pow takes tens of cycles).
/// Per pair inside the cutoff, once (the full list skips half of them by tag parity):
/// twobody's r, 1/r², two powers, 1/(r − a·σ), its square × r, the exponential and the force
/// factor (20), and the forces on i and j (12).
pub const SW_PAIR_FLOPS: f64 = 32.0;
/// Per triplet j < k of i's neighbours inside the cutoff: r_ik (8), threebody's two radial
/// factors with their exponentials (16), cos θ and its deviation (10), the radial and angular
/// factors (11), the forces on j and k (24), and their sums into i, j and k (12).
pub const SW_TRIPLET_FLOPS: f64 = 81.0;

// Tersoff, counted from LAMMPS src/MANYBODY/pair_tersoff.cpp (PairTersoff::compute, repulsive,
// zeta, force_zeta, attractive, ters_zetaterm_d, costheta_d; lammps/lammps commit 6dc6762),
// each sqrt, pow, exp, sin and divide counted as one operation and the cutoff function taken
// inside its smooth region's inner edge (a floor).
/// Per listed entry: its distance, once, to build the short list (8).
pub const TERSOFF_ENTRY_FLOPS: f64 = 8.0;
/// Per ordered pair i → j inside the cutoff: the repulsive term, once per pair (22, half per
/// direction: 11), r_ij and its unit vector (13), force_zeta's bond order b_ij, its derivative
/// and the pair force (36) and the forces on i and j (12).
pub const TERSOFF_PAIR_FLOPS: f64 = 72.0;
/// Per ordered triplet (j ≠ k, both inside the cutoff): r_ik and its unit vector, once in the ζ
/// loop and once in the attractive loop (26), ζ's term (26: two roots, cos θ, the exponential
/// of λ3(r_ij − r_ik), f_c and g(θ)) and the attractive forces (155: two roots and inverses,
/// ters_zetaterm_d's 142 with costheta_d, and the sums into i, j and k).
pub const TERSOFF_TRIPLET_FLOPS: f64 = 207.0;

/// What a pair style computes per listed pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PairStyle {
    /// Lennard-Jones (with the real-space Ewald term where a solver is set): LAMMPS's
    /// pair_lj_cut or mdrun's nbnxm kernels.
    Lj,
    /// The embedded-atom method: a density pass, the embedding per atom, a force pass.
    Eam,
    /// Stillinger–Weber: two-body terms per pair and three-body terms per neighbour triplet.
    Sw,
    /// Tersoff: a bond order per ordered pair from its neighbour triplets.
    Tersoff,
}

/// The named values of a molecular dynamics term.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MdValues {
    /// The pair list read once per pass (EAM: twice), every atom's position and force, and the
    /// integrator's arrays.
    Traffic {
        /// Passes over the list and the atoms (1; EAM's density and force passes: 2).
        passes: u64,
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
        style: PairStyle,
        /// Passes over the list, each computing every listed pair's distance (EAM: 2).
        passes: u64,
        /// Local atoms and the FLOPs of each between the passes (EAM's embedding; 0 else).
        local: f64,
        per_atom: f64,
        /// Whether the kernel runs scalar on a CPU (LAMMPS's plain C++ pair styles): its peak
        /// is the core's scalar rate, not its SIMD one.
        scalar: bool,
        /// Many-body styles: neighbour triplets (j < k around each local atom, inside the
        /// cutoff) and the FLOPs of each (0 for pair styles).
        triplets: f64,
        per_triplet: f64,
        /// GPU runs: the share of the FP32 peak the kernel's instruction issue reaches
        /// (`issue_share`); 1 on CPUs.
        issue: f64,
        work: Work,
    },
    /// The long-range solver's 3-D FFTs per step over the whole mesh, split over the ranks,
    /// and the spreading and gathering of the rank's charges: the longer of the FFTs' FLOPs and
    /// the bytes both move.
    Kspace {
        solver: LongRange,
        points: f64,
        ffts: u64,
        /// Real-to-complex transforms (half the complex count).
        real: bool,
        ranks: u64,
        work: Work,
        /// Interpolation order (points per dimension each atom touches) and the rank's atoms.
        order: u64,
        atoms: f64,
        /// The FFTs' axis passes over the rank's share of the grid and the spread and gather's
        /// grid points, each read and written.
        memory: Transfer,
    },
    /// A GPU step's kernel launches: the host launches each kernel and waits for the GPU once
    /// a step (the neighbour list's interaction count), so it cannot run ahead of the GPU and
    /// its launches add to the GPU's work.
    Launch {
        kernels: u64,
        /// Host seconds per launch.
        per_launch: f64,
        /// Whether the step has a PME mesh, constraints and bonded forces (their kernels
        /// counted).
        pme: bool,
        constraints: bool,
        bonded: bool,
        /// The figure's source: None where the user gave `launch_us`.
        given: bool,
    },
    /// LAMMPS's neighbour-list builds (speed/sim/md_build.rs): every `every` steps each local
    /// atom tests the atoms of its stencil's bins, each candidate charged as a listed pair of
    /// the pair loop; spread over the steps.
    Build {
        local: f64,
        /// Distances one atom's build computes.
        per_atom: f64,
        /// Half stencil (a Newton half list) or full.
        half: bool,
        /// Bins of the stencil.
        bins: u64,
        /// FLOPs a candidate is charged (a listed Lennard-Jones pair's).
        per_candidate: f64,
        every: u64,
        /// Whether `neigh_every` was given.
        given: bool,
        scalar: bool,
        work: Work,
    },
    /// The time a CPU rank waits while other jobs hold its core (`cpu_use` below 100 %): the
    /// rest of the step over the share, less the step.
    CpuWait {
        /// The step's other terms.
        busy: Time,
        /// Share of the wall time the rank runs.
        share: f64,
    },
    /// Ghost atoms' positions out and forces back, per rank and step: the share of them whose
    /// owner is on another node over the network, the rest through the node's own memory or
    /// links.
    Ghosts {
        ghosts: f64,
        /// Share of the rank's ghosts that cross this path.
        share: f64,
        /// Nodes of the run (1: every neighbour on the node).
        nodes: u64,
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

/// Share of a rank's ghost atoms whose owners sit on another node: the node's ranks form a
/// near-cubic block (px × py × pz, as LAMMPS's processor grid and MPI_Dims_create split them),
/// and only the ranks on the block's faces have neighbours off the node. Of the 6 faces of
/// every rank, those on the block's surface, 2 (py·pz + px·pz + px·py), face another node:
/// one rank per node, all; 8 (2 × 2 × 2), half. On one node, none.
pub fn off_node_share(per_node: u64, nodes: u64) -> f64 {
    if nodes <= 1 {
        return 0.0;
    }
    let (px, py, pz) = crate::model::sim::domain::split(per_node.max(1), 1.0, 1.0, 1.0, false);
    let (x, y, z) = (px as f64, py as f64, pz as f64);
    ((y * z + x * z + x * y) / (3.0 * x * y * z)).min(1.0)
}

/// The step of a molecular dynamics run; None where the estimate has no neighbour list.
pub fn step(s: &Scenario, e: &Estimate, sm: &SimMachine) -> Option<MethodStep> {
    let sim = &s.sim;
    let c = counts(e)?;
    let real = c.real;
    let atoms = c.local + c.ghosts;
    let eam = sim.potential == Potential::Pair && sim.atom_style == AtomStyle::Eam;
    let passes: u64 = if eam { 2 } else { 1 };
    let traffic = sm.transfer(
        passes as f64 * (c.entries * c.entry_bytes as f64 + atoms * (ATOM_REALS * real) as f64)
            + c.local * (UPDATE_REALS * real) as f64,
    );
    let mut terms = vec![TimeTerm {
        time: traffic.time(),
        bound: Bound::MemoryBandwidth,
        values: TermValues::Particles(ParticleTerm::Md(MdValues::Traffic {
            passes,
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
    // Sourced operation counts exist for Lennard-Jones (with Ewald real space), EAM and
    // Stillinger–Weber; other many-body potentials get the memory term only.
    let sw = sim.potential == Potential::Sw;
    let tersoff = sim.potential == Potential::Tersoff;
    let counted = sim.potential == Potential::Pair || sw || tersoff;
    // LAMMPS's plain C++ pair styles loop over a neighbour list of indices: compilers do not
    // vectorize the gathered loop (the OPT, INTEL and KOKKOS packages exist to), so a CPU rank
    // runs them at its scalar rate; mdrun's nbnxm kernels are SIMD by construction.
    let scalar = !sm.gpu && c.clusters.is_none();
    let mut interior = traffic.time();
    if counted {
        let rc = sim.cutoff_milli as f64;
        let reach = (rc + sim.skin_milli as f64).max(1.0);
        let share = (rc / reach).powi(3);
        let (style, distance, inner, within, per_atom) = match c.clusters {
            // A full list: every pair listed twice, its two-body term computed once.
            _ if tersoff => (
                PairStyle::Tersoff,
                TERSOFF_ENTRY_FLOPS,
                TERSOFF_PAIR_FLOPS,
                share,
                0.0,
            ),
            _ if sw => (
                PairStyle::Sw,
                DISTANCE_FLOPS,
                SW_PAIR_FLOPS / 2.0,
                share,
                0.0,
            ),
            _ if eam => (
                PairStyle::Eam,
                DISTANCE_FLOPS,
                EAM_DENSITY_FLOPS + EAM_FORCE_FLOPS,
                share,
                EAM_EMBED_FLOPS,
            ),
            Some((_, 4)) if coulomb => (PairStyle::Lj, 0.0, NXN_TABLE_LJ_FLOPS, 1.0, 0.0),
            Some(_) if coulomb => (PairStyle::Lj, 0.0, NXN_EWALD_LJ_FLOPS, 1.0, 0.0),
            Some(_) => (PairStyle::Lj, 0.0, NXN_LJ_FLOPS, 1.0, 0.0),
            None => {
                let coul = if coulomb { EWALD_REAL_FLOPS } else { 0.0 };
                (PairStyle::Lj, DISTANCE_FLOPS, LJ_FLOPS + coul, share, 0.0)
            }
        };
        // Each local atom's n neighbours inside the cutoff form n(n − 1)/2 triplets.
        // Tersoff visits them in both orders.
        let n = c.pairs * within / c.local.max(1.0);
        let (triplets, per_triplet) = if sw {
            (c.local * n * (n - 1.0).max(0.0) / 2.0, SW_TRIPLET_FLOPS)
        } else if tersoff {
            (c.local * n * (n - 1.0).max(0.0), TERSOFF_TRIPLET_FLOPS)
        } else {
            (0.0, 0.0)
        };
        let flops = c.pairs * (passes as f64 * distance + within * inner)
            + c.local * per_atom
            + triplets * per_triplet;
        let mut w = work(flops);
        if scalar {
            w.peak = sm.scalar_peak();
        }
        let issue = if sm.gpu { issue_share(sm.m.hw) } else { 1.0 };
        w.peak *= issue;
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
                style,
                passes,
                local: c.local,
                per_atom,
                scalar,
                triplets,
                per_triplet,
                issue,
                work: w,
            })),
        });
    }
    // Issue 37 (h-md): LAMMPS's neighbour-list builds, every `neigh_every` steps, on CPU ranks
    // with per-atom lists (mdrun's cluster search and the GPU codes' lists are not counted).
    let build = if !sm.gpu && c.clusters.is_none() && c.local > 0.0 {
        let rc = sim.cutoff_milli as f64 / 1000.0;
        let reach = rc + sim.skin_milli as f64 / 1000.0;
        let density = sim.density_micro as f64 * 1e-6;
        let half = sim.potential == Potential::Pair && sim.newton;
        let per_atom = super::md_build::candidates_per_atom(reach, density, half);
        let every = s
            .speed
            .neigh_every
            .unwrap_or(super::md_build::DEFAULT_NEIGH_EVERY)
            .max(1);
        let share = if reach > 0.0 { (rc / reach).powi(3) } else { 1.0 };
        let per_candidate =
            super::md_build::CANDIDATE_PAIRS * (DISTANCE_FLOPS + share * LJ_FLOPS);
        let mut w = work(c.local * per_atom * per_candidate / every as f64);
        if scalar {
            w.peak = sm.scalar_peak();
        }
        (per_atom > 0.0).then(|| TimeTerm {
            time: w.time(),
            bound: Bound::Compute,
            values: TermValues::Particles(ParticleTerm::Md(MdValues::Build {
                local: c.local,
                per_atom,
                half,
                bins: super::md_build::stencil_bins(half),
                per_candidate,
                every,
                given: s.speed.neigh_every.is_some(),
                scalar,
                work: w,
            })),
        })
    } else {
        None
    };
    // The pair loop overlaps its loads with its arithmetic (the longer of the two); the mesh
    // and the ghost exchange follow it.
    let mut step = interior;
    if let Some(b) = build {
        step = step.plus(b.time);
        terms.push(b);
    }
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
        let order = if solver == LongRange::Pppm {
            PPPM_ORDER
        } else if sim.pme_order > 0 {
            sim.pme_order
        } else {
            PME_ORDER
        };
        // A real-to-complex grid holds half as many complex points: one word per point either
        // way; a complex one two.
        let point_bytes = real as f64 * if real_fft { 1.0 } else { 2.0 };
        let grid =
            ffts as f64 * FFT_AXIS_PASSES as f64 * 2.0 * points / sm.ranks as f64 * point_bytes;
        // Spread: each local atom adds to order³ points; gather: reads them back (PPPM's ik
        // gathers three field components).
        let gathers = if solver == LongRange::Pppm { 3.0 } else { 1.0 };
        let stencil = c.local * (order * order * order) as f64 * real as f64 * (2.0 + gathers);
        let memory = sm.transfer(grid + stencil);
        let t = w.time().max(memory.time());
        step = step.plus(t);
        terms.push(TimeTerm {
            time: t,
            bound: if memory.time().seconds() > w.time().seconds() {
                Bound::MemoryBandwidth
            } else {
                Bound::Compute
            },
            values: TermValues::Particles(ParticleTerm::Md(MdValues::Kspace {
                solver,
                points,
                ffts,
                real: real_fft,
                ranks: sm.ranks,
                work: w,
                order,
                atoms: c.local,
                memory,
            })),
        });
    }
    if sm.gpu {
        let pme = fft.is_some();
        let constraints = sim.shake;
        let bonded = sim.atom_style.molecular();
        let kernels = STEP_KERNELS
            + LIST_KERNELS
            + PAIR_KERNELS
            + if bonded { BONDED_KERNELS } else { 0 }
            + if pme { PME_KERNELS } else { 0 }
            + if constraints { CONSTRAINT_KERNELS } else { 0 };
        let per_launch = s.speed.launch_ns.map_or(LAUNCH_S, |ns| ns as f64 * 1e-9);
        let t = Time::of(kernels as f64 * per_launch);
        step = step.plus(t);
        terms.push(TimeTerm {
            time: t,
            bound: Bound::Latency,
            values: TermValues::Particles(ParticleTerm::Md(MdValues::Launch {
                kernels,
                per_launch,
                pme,
                constraints,
                bonded,
                given: s.speed.launch_ns.is_some(),
            })),
        });
    }
    if sm.ranks > 1 && c.ghosts > 0.0 {
        let per = (GHOST_REALS + if eam { EAM_GHOST_REALS } else { 0 }) * real;
        // Ghosts owned by a rank of another node cross the network; the rest are copied
        // through the node's shared memory (MPI's shared-memory transport) or its GPU links.
        let off = off_node_share(sm.per_node, sm.nodes);
        let paths = [(off, sm.network()), (1.0 - off, sm.on_node())];
        for (share, (via, bandwidth)) in paths {
            if share <= 0.0 {
                continue;
            }
            let t = Transfer {
                bytes: c.ghosts * share * per as f64,
                bandwidth,
                efficiency: 1.0,
            };
            step = step.plus(t.time());
            terms.push(TimeTerm {
                time: t.time(),
                bound: via.bound(),
                values: TermValues::Particles(ParticleTerm::Md(MdValues::Ghosts {
                    ghosts: c.ghosts,
                    share,
                    nodes: sm.nodes,
                    bytes_per_ghost: per,
                    ranks_per_node: sm.per_node,
                    transfer: t,
                    via,
                })),
            });
        }
    }
    // Issue 37 (h-md): a CPU rank that gets only part of its core's wall time (LAMMPS's "% CPU
    // use") waits for the rest.
    if let Some(bp) = s.speed.cpu_use_bp.filter(|bp| !sm.gpu && *bp < 10_000) {
        let share = bp.max(1) as f64 / 10_000.0;
        let busy = step;
        let t = busy
            .seconds()
            .map_or(Time::Overflow, |b| Time::of(b * (1.0 / share - 1.0)));
        // The wait stretches the work the rank does: it carries the bound of its longest term.
        let bound = terms
            .iter()
            .max_by(|a, b| {
                let (x, y) = (a.time.seconds(), b.time.seconds());
                x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal)
            })
            .map_or(Bound::Compute, |t| t.bound);
        step = step.plus(t);
        terms.push(TimeTerm {
            time: t,
            bound,
            values: TermValues::Particles(ParticleTerm::Md(MdValues::CpuWait { busy, share })),
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
