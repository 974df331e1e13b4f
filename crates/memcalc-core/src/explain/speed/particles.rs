//! The words of the particle and N-body time terms (speed/sim/particles.rs, nbody.rs).

use super::{bytes, count, pct, rate, si, sig, via, Template};
use crate::base::units::{self, UnitSystem};
use crate::scenario::sim::LongRange;
use crate::speed::sim::nbody::NbodyStep;
use crate::speed::sim::particles::{MdValues, PairStyle};
use crate::speed::{ParticleTerm, Work};

fn work(w: &Work) -> String {
    format!("({} × {})", si(w.peak, "FLOP/s"), pct(w.utilisation))
}

/// Why a GPU's pair kernel gets only part of its FP32 peak.
fn issue_words(issue: f64) -> String {
    if issue < 1.0 {
        format!(
            " On this GPU the kernel reaches {} of the FP32 peak: GPU pair kernels are bound by \
                instruction issue (loads, shuffles, exclusion masks and cutoff tests issue beside \
                the arithmetic), and an SM issues 128 thread-instructions a clock while its FP32 \
                peak counts an FMA as 2 FLOPs on 128 lanes; a V100, T4 or A100 has 64 lanes an \
                SM and reaches all of it.",
            pct(issue)
        )
    } else {
        String::new()
    }
}

/// A GPU pair kernel's rate: the FP32 peak × the share its instruction issue reaches × the
/// utilisation (the peak alone where the share is 1).
fn issued(w: &Work, issue: f64) -> String {
    if issue < 1.0 {
        format!(
            "({} × {} issue × {})",
            si(w.peak / issue, "FLOP/s"),
            pct(issue),
            pct(w.utilisation)
        )
    } else {
        work(w)
    }
}

/// A molecular dynamics term's formula body.
fn md(v: &MdValues) -> String {
    match v {
        MdValues::Traffic {
            passes,
            entries,
            entry_bytes,
            clusters,
            atoms,
            atom_bytes,
            local,
            local_bytes,
            transfer: tr,
        } => {
            format!(
            "({}{} {} × {entry_bytes} B + {} atoms × {atom_bytes} B{} + {} local × {local_bytes} \
                B) ÷ ({} × {})",
            if *passes > 1 { format!("{passes} × (") } else { String::new() },
            count(*entries),
            if *clusters { "cluster pairs" } else { "pairs" },
            count(*atoms),
            if *passes > 1 { ")" } else { "" },
            count(*local),
            rate(tr.bandwidth),
            pct(tr.efficiency)
        )
        }
        MdValues::Pairs {
            pairs,
            distance,
            inner,
            within,
            clusters,
            passes,
            local,
            per_atom,
            triplets,
            per_triplet,
            issue,
            work: w,
            ..
        } => match clusters {
            Some((i, j)) => format!(
                "{} cluster pairs × {i} × {j} atoms × {} FLOP ÷ {}",
                count(*pairs / (i * j).max(1) as f64),
                sig(*inner),
                issued(w, *issue)
            ),
            None if *triplets > 0.0 => format!(
                "({} pairs × ({} + {} × {}) + {} triplets × {}) FLOP ÷ {}",
                count(*pairs),
                sig(*distance),
                pct(*within),
                sig(*inner),
                count(*triplets),
                sig(*per_triplet),
                work(w)
            ),
            None if *passes > 1 || *per_atom > 0.0 => format!(
                "({} pairs × ({passes} × {} + {} × {}) + {} atoms × {}) FLOP ÷ {}",
                count(*pairs),
                sig(*distance),
                pct(*within),
                sig(*inner),
                count(*local),
                sig(*per_atom),
                work(w)
            ),
            None => format!(
                "{} pairs × ({} + {} × {}) FLOP ÷ {}",
                count(*pairs),
                sig(*distance),
                pct(*within),
                sig(*inner),
                issued(w, *issue)
            ),
        },
        MdValues::Kspace {
            solver,
            points,
            ffts,
            real,
            ranks,
            work: w,
            order,
            atoms,
            memory,
        } => {
            format!(
            "max({ffts} × {} × {} points × log₂ {} ÷ {} ÷ {}, {} ({ffts} × 3 axis passes × 2 × \
                {} points + {} atoms × {order}³ points × {} words) ÷ ({} × {}))",
            if *real { "2.5" } else { "5" },
            count(*points),
            count(*points),
            units::count(*ranks, "rank", "ranks"),
            work(w),
            si(memory.bytes, "B"),
            count(*points / (*ranks).max(1) as f64),
            count(*atoms),
            if *solver == LongRange::Pppm { "(2 + 3)" } else { "(2 + 1)" },
            rate(memory.bandwidth),
            pct(memory.efficiency)
        )
        }
        MdValues::Launch {
            kernels,
            per_launch,
            ..
        } => format!(
            "{} kernels × {}",
            kernels,
            super::time(crate::speed::Time::of(*per_launch))
        ),
        MdValues::Build {
            local,
            per_atom,
            per_candidate,
            every,
            work: w,
            ..
        } => format!(
            "{} atoms × {} candidates × {} FLOP ÷ {} ÷ {}",
            count(*local),
            sig(*per_atom),
            sig(*per_candidate),
            units::count(*every, "step", "steps"),
            work(w)
        ),
        MdValues::CpuWait { busy, share } => {
            format!("{} × (1 ÷ {} − 1)", super::time(*busy), pct(*share))
        }
        MdValues::Ghosts {
            ghosts,
            share,
            bytes_per_ghost,
            transfer: tr,
            ..
        } if *share < 1.0 => format!(
            "{} ghosts × {} × {bytes_per_ghost} B ÷ {}",
            count(*ghosts),
            pct(*share),
            rate(tr.bandwidth)
        ),
        MdValues::Ghosts {
            ghosts,
            bytes_per_ghost,
            transfer: tr,
            ..
        } => format!(
            "{} ghosts × {bytes_per_ghost} B ÷ {}",
            count(*ghosts),
            rate(tr.bandwidth)
        ),
    }
}

/// An N-body term's formula body.
fn nbody(v: &NbodyStep, u: UnitSystem) -> String {
    match v {
        NbodyStep::Traffic {
            particles,
            part_bytes,
            nodes,
            node_bytes,
            transfer: tr,
        } => format!(
            "2 × ({} particles × {part_bytes} B + {} nodes × {node_bytes} B) ÷ ({} × {})",
            count(*particles),
            count(*nodes),
            rate(tr.bandwidth),
            pct(tr.efficiency)
        ),
        NbodyStep::Pm {
            grid,
            ranks,
            work: w,
        } => format!(
            "2 × 2.5 × {grid}³ × log₂ {grid}³ ÷ {} ÷ {}",
            units::count(*ranks, "task", "tasks"),
            work(w)
        ),
        NbodyStep::Transpose {
            slab_bytes,
            ranks,
            transfer: tr,
            ..
        } => format!(
            "2 × ({ranks} − 1)/{ranks} × {} ÷ {}",
            bytes(*slab_bytes, u),
            rate(tr.bandwidth)
        ),
    }
}

/// Why a molecular dynamics term takes this long.
fn md_explanation(v: &MdValues) -> String {
    match v {
        MdValues::Traffic {
            clusters, passes, ..
        } => {
            format!(
                "Each step the pair loop reads the neighbour list {} ({}), every local and ghost \
                atom's position and its force (read and written), and the integrator reads x, v \
                and f of the local atoms and writes x and v: a lower bound at the achieved \
                bandwidth (neighbours' positions are gathered from cache, not memory). Rebuilding \
                the list is not counted here (a CPU rank's LAMMPS lists: its own term).",
                if *passes > 1 {
                    "twice, and the atoms with it (EAM's density pass, then its force pass)"
                } else {
                    "once"
                },
                if *clusters {
                    "nbnxm's j-cluster entries, 8 B each"
                } else {
                    "a 4 B index per pair"
                }
            )
        }
        MdValues::Pairs {
            style: PairStyle::Tersoff,
            scalar,
            ..
        } => format!(
            "LAMMPS's pair tersoff walks a full neighbour list: per listed entry its distance \
                (8 FLOPs, building the short list); for each neighbour j inside the cutoff the \
                repulsive term (half of 22 per direction), r_ij's unit vector, the bond order b_ij \
                and its derivative and the pair forces (72 in all); for each ordered triplet j ≠ k \
                inside the cutoff r_ik twice, ζ's term and the attractive forces on i, j and k \
                (207). Counted from pair_tersoff.cpp with each sqrt, pow, exp and sine as one \
                operation, so a floor{}, at an assumed utilisation of the peak (set mfu).",
            scalar_words(*scalar)
        ),
        MdValues::Pairs {
            style: PairStyle::Sw,
            scalar,
            ..
        } => format!(
            "LAMMPS's pair sw walks a full neighbour list: every listed pair's distance (8 \
                FLOPs), inside the cutoff its two-body term once per pair (32: two powers, an \
                exponential and the forces on both atoms, half of the 2 × 16 per listed entry), \
                and for each triplet of an atom's neighbours inside the cutoff the three-body \
                term (81: two radial exponentials, the angle's cosine, the forces on all three \
                atoms). Counted from pair_sw.cpp with each sqrt, pow and exp as one operation, so \
                a floor{}, at an assumed utilisation of the peak (set mfu).",
            scalar_words(*scalar)
        ),
        MdValues::Pairs {
            style: PairStyle::Eam,
            scalar,
            ..
        } => format!(
            "LAMMPS's pair eam makes two passes over the half list: the density pass computes \
                each listed pair's distance and, inside the cutoff, the density spline for both \
                atoms (18 FLOPs); the embedding derivative F′(ρ) is computed per local atom (7); \
                the force pass computes the distance again and, inside the cutoff, three more \
                splines, φ, φ′ and the force on both atoms (45). Counted from pair_eam.cpp{}, at \
                an assumed utilisation of the peak (set mfu).",
            scalar_words(*scalar)
        ),
        MdValues::Pairs {
            clusters,
            coulomb,
            scalar,
            issue,
            ..
        } => match clusters {
            Some(_) => format!(
                "mdrun's SIMD kernels compute every atom pair of every cluster pair in the list, \
                    inside the cutoff or not; GROMACS counts {} FLOPs per pair (force-only steps) \
                    in its own accounting, run here at an assumed utilisation of the peak (set \
                    mfu).{}",
                match (clusters, coulomb) {
                    (Some((_, 4)), true) =>
                        "41 for LJ with tabulated Ewald electrostatics (the \
                        4×4 kernels of 128-bit SIMD builds)",
                    (_, true) => "66 for LJ with analytical Ewald electrostatics",
                    _ => "33 for LJ",
                },
                issue_words(*issue)
            ),
            None => format!(
                "LAMMPS computes each listed pair's distance and, inside the cutoff (the share (rc \
                    / (rc + skin))³ of the list), the Lennard-Jones force on both atoms{}{}, at an \
                    assumed utilisation of the peak (set mfu). Many-body potentials other than \
                    Stillinger–Weber and Tersoff (REBO, AIREBO, ReaxFF) are not counted yet.{}",
                if *coulomb { " and the real-space Ewald term" } else { "" },
                scalar_words(*scalar),
                issue_words(*issue)
            ),
        },
        MdValues::Kspace { solver, order, .. } => match solver {
            LongRange::Pppm => "LAMMPS's PPPM (ik differentiation) transforms the charge density \
                forward and the three field components back: four complex 3-D FFTs of the mesh per \
                step, split over the ranks. Each FFT reads and writes the rank's share of the mesh \
                once per axis, and each atom spreads its charge to 5³ points (kspace_modify order \
                5) and gathers three field components from them: the longer of those bytes and \
                the FFTs' FLOPs."
                .into(),
            _ => format!(
                "PME transforms the spread charges forward and the convolved potential back: two \
                3-D FFTs of the mesh per step (mdrun: real-to-complex), split over the ranks. Each \
                FFT reads and writes the rank's share of the mesh once per axis, and each atom \
                spreads its charge to {order}³ points (pme_order {order}; GROMACS's, Amber's and \
                NAMD's default is 4, OpenMM's 5) and gathers its force from them: the longer of \
                those bytes and the FFTs' FLOPs (an FFT on a GPU is bound by its memory passes, \
                as the spectral step's FFT rows measure)."
            ),
        },
        MdValues::Launch {
            pme,
            constraints,
            bonded,
            given,
            ..
        } => format!(
            "A GPU step is a chain of short kernels the host launches one by one: the force \
                buffers cleared, the neighbour list's four kernels and a sort, the nonbonded \
                kernel{}{}{} and the integrator's three (OpenMM's CUDA platform with \
                LangevinMiddleIntegrator, without CUDA graphs). The host then waits for the \
                list's interaction count, so it cannot queue the next step ahead of the GPU: \
                each launch's host time ({}) adds to the GPU's work. Further constraint \
                iterations, virtual sites and energy reports launch more: a floor. For a small \
                system this, not the pair FLOPs, sets the step; CUDA graphs (GROMACS 2023+, \
                GMX_CUDA_GRAPH) launch a step's kernels at once.",
            if *bonded { ", the bonded kernel" } else { "" },
            if *pme {
                ", PME's seven (grid index, sort, spread, two FFTs, convolution, interpolation)"
            } else {
                ""
            },
            if *constraints {
                ", SETTLE and SHAKE on the velocities and again on the positions"
            } else {
                ""
            },
            if *given {
                "launch_us, given"
            } else {
                "5 µs, the low end of the 5–20 µs a profiler trace measures"
            }
        ),
        MdValues::Build {
            half,
            bins,
            every,
            given,
            scalar,
            ..
        } => format!(
            "Every {} LAMMPS rebuilds each local atom's neighbour list: it bins the atoms (bins of \
                half the cutoff plus skin) and computes the distance to every atom of the {} bins \
                around the atom's own{}, keeping those within the cutoff plus skin. A candidate \
                is charged as one listed Lennard-Jones pair of the pair loop, as LAMMPS's own \
                timing breakdowns measure it (Neigh over the builds against Pair over the steps: \
                0.79 to 0.94 of a listed pair, three machines), at the pair loop's rate{}; spread \
                over the steps between builds ({}).",
            units::count(*every, "step", "steps"),
            bins,
            if *half {
                " (the half stencil of a Newton half list, and the rest of its own bin)"
            } else {
                " (the full stencil of a full list)"
            },
            scalar_words(*scalar),
            if *given {
                "neigh_every, given"
            } else {
                "10, GROMACS's nstlist default; LAMMPS's distance check rebuilds every 8 to 9 steps \
                 in its own benchmark logs"
            }
        ),
        MdValues::CpuWait { share, .. } => format!(
            "The rank ran {} of the wall time (LAMMPS's \"% CPU use\" line, cpu_use): other \
                jobs held its core the rest, so the step's work takes 1 ÷ {} of its time.",
            pct(*share),
            pct(*share)
        ),
        MdValues::Ghosts {
            ranks_per_node,
            nodes,
            share,
            via: v,
            ..
        } => format!(
            "Each rank sends its ghost atoms' positions to its neighbours before the pair loop and \
                receives their forces after it (Newton's third law), over {}, shared by \
                {ranks_per_node} ranks per node; added to the step (not overlapped).{}",
            via(*v),
            if *nodes > 1 {
                format!(
                    " The node's ranks form a near-cubic block: only ghosts owned by a rank on \
                     another node, those across the block's faces ({} of them here), cross the \
                     network; the rest are copied through the node's memory or links.",
                    pct(if matches!(v, crate::speed::Via::Network) { *share } else { 1.0 - *share })
                )
            } else {
                " Every neighbour is on this node: nothing crosses the network.".to_string()
            }
        ),
    }
}

/// How the pair kernel's peak is taken.
fn scalar_words(scalar: bool) -> &'static str {
    if scalar {
        " at the core's scalar rate (LAMMPS's plain C++ styles loop over gathered neighbour \
         indices, which compilers do not vectorize: two scalar FMAs per cycle × the clock; the \
         OPT, INTEL and KOKKOS packages exist to vectorize them)"
    } else {
        ""
    }
}

/// Why an N-body term takes this long.
fn nbody_explanation(v: &NbodyStep) -> String {
    match v {
        NbodyStep::Traffic { .. } => "Each step rebuilds the tree and kicks and drifts the \
            particles: every particle and tree node of the task read and written once, at the \
            achieved bandwidth. The tree walk's particle–node interactions are not counted, so \
            this is a lower bound, well below a real step."
            .into(),
        NbodyStep::Pm { .. } => "The long-range force transforms the PM grid's mass density \
            forward and the potential back (real-to-complex, 2.5 N log₂ N FLOPs each), split over \
            the slabs; counted every step (with individual time steps GADGET computes it on the \
            long-range step only)."
            .into(),
        NbodyStep::Transpose { via: v, .. } => format!(
            "The slab-decomposed FFT transposes the grid after the forward transform and before \
                the backward one: each task sends (p − 1)/p of its slabs, over {}.",
            via(*v)
        ),
    }
}

const SRC_MD_PAIRS: &str = "LAMMPS src/pair_lj_cut.cpp (PairLJCut::compute: 8 FLOPs per listed \
    pair, 20 more inside the cutoff with Newton's third law), src/MANYBODY/pair_sw.cpp \
    (commit 02e2e22: 32 per pair, 81 per triplet), pair_tersoff.cpp (commit 6dc6762: 8 per \
    entry, 72 per ordered pair, 207 per ordered triplet) and \
    src/MANYBODY/pair_eam.cpp \
    (PairEAM::compute, commit 03d7c8e: 2 × 8 per listed pair, 18 + 45 inside the cutoff, 7 per \
    atom); LAMMPS docs Speed_packages (OPT, INTEL, KOKKOS vectorize what the plain styles do \
    not); Agner Fog, instruction tables (two FMA pipes); GROMACS src/gromacs/mdlib/nrnb.cpp \
    (\"NxN LJ [F]\" 33, \"NxN QSTab Elec. + LJ [F]\" 41, \"NxN Ewald Elec. + LJ [F]\" 66 FLOPs per \
    atom pair) and nbnxm_setup.cpp (tabulated Ewald below a SIMD width of 8 without FMA); Williams \
    et al. 2009, Roofline; CPU peak from catalog/hardware.rs; GPU pair kernels: Páll & Hess \
    2013, Comput. Phys. Commun. 184, 2641 (the CUDA kernels are instruction latency-limited) and \
    NVIDIA's Volta, Turing, Ampere, Ada, Hopper and Blackwell whitepapers (4 warp schedulers an \
    SM, each issuing one instruction a clock; 64 FP32 lanes an SM on GV100, TU10x and GA100, 128 \
    on the others)";
const SRC_MD_KSPACE: &str =
    "LAMMPS src/KSPACE/pppm.cpp (compute: one forward, three backward FFTs \
    for ik differentiation); GROMACS src/gromacs/ewald/pme.cpp (real-to-complex forward and back); \
    FFT operation count 5 N log₂ N (complex), 2.5 N log₂ N (real), as FFTW's benchmarks \
    (fftw.org/speed) count it";
const SRC_MD_GHOSTS: &str = "LAMMPS src/comm_brick.cpp (forward_comm of ghost positions, \
    reverse_comm of their forces; EAM adds reverse_comm_pair of ρ and forward_comm_pair of F′, \
    pair_eam.cpp); processor grid as MPI_Dims_create (near-cubic), ranks of a node contiguous \
    in it; GROMACS domain decomposition (dd_move_x, dd_move_f); network \
    figures from catalog/hardware.rs";
const SRC_MD_LAUNCH: &str = "OpenMM (openmm@1a47c2f) platforms/cuda/src/CudaKernels.cpp:63–75 \
    and CudaNonbondedUtilities.cpp:402–437 (neighbour-list kernels, sort, the host's wait on the \
    interaction count), platforms/common/src/CommonCalcNonbondedForce.cpp:946–1032 (PME's \
    kernels), platforms/cuda/src/CudaIntegrationUtilities.cpp:67–127 (SETTLE, SHAKE, CCMA), \
    CudaKernels.cpp:66 and 80 (clearing the buffers, the bonded kernel), \
    platforms/common/src/CommonKernels.cpp:3188–3192 (LangevinMiddleIntegrator); launch cost: \
    HolisticTraceAnalysis@0c2146a docs/source/features/cuda_kernel_launch_stats.rst (5–20 µs \
    per launch on the CPU side); GROMACS mdrun-performance.rst (CUDA graphs, GMX_CUDA_GRAPH)";
const SRC_MD_BUILD: &str = "LAMMPS src/nbin_standard.cpp (bins of half the neighbour cutoff), \
    src/nstencil.cpp and nstencil_bin.cpp (the half and full stencils), src/npair_bin.cpp (one \
    distance per candidate); the cost of a candidate from LAMMPS's timing breakdowns: \
    bench/log.15Jul25.lj.fixed.g++.1, bench/POTENTIALS/log.16Mar18.lj.1 and this project's run \
    (docs/accuracy/lammps/out-z4); rebuild interval: GROMACS mdp nstlist (10), LAMMPS \
    neigh_modify (every, check)";
const SRC_MD_CPU_WAIT: &str = "LAMMPS src/finish.cpp (\"% CPU use with N MPI tasks\": the \
    process's CPU time over the loop's wall time); GNU time's \"Percent of CPU this job got\"";
const SRC_NBODY_TRAFFIC: &str = "GADGET-2 (Springel 2005, MNRAS 364, 1105) forcetree.c and \
    predict.c: the tree rebuilt and the particles drifted each step; Williams et al. 2009, \
    Roofline";
const SRC_NBODY_PM: &str = "GADGET-2 pm_periodic.c (pmforce_periodic: FFTW rfftwnd forward \
    transform of the density, backward of the potential); FFT count 2.5 N log₂ N per real \
    transform (fftw.org/speed)";
const SRC_NBODY_TRANSPOSE: &str = "GADGET-2 pm_periodic.c (FFTW MPI slab decomposition: a \
    transpose per transform); network figures from catalog/hardware.rs";
const SRC_MD_TRAFFIC: &str = "LAMMPS src/npair_half_bin_newton.cpp and neigh_list.h (4 B per \
    neighbour index); GROMACS src/gromacs/nbnxm/pairlist.h (nbnxn_cj_t 8 B); Williams et al. 2009, \
    Roofline; achieved share of bandwidth assumed (bw_eff)";

/// The words of a molecular dynamics or N-body term.
impl Template for ParticleTerm {
    fn label(&self) -> &'static str {
        match self {
            ParticleTerm::Md(MdValues::Traffic { .. }) => "Pair loop: memory traffic per step",
            ParticleTerm::Md(MdValues::Pairs { .. }) => "Pair interactions: FLOPs",
            ParticleTerm::Md(MdValues::Kspace { .. }) => "Long-range mesh: 3-D FFTs",
            ParticleTerm::Md(MdValues::Ghosts { nodes: 1, .. }) => "Ghost atoms exchanged per step",
            ParticleTerm::Md(MdValues::Ghosts {
                via: crate::speed::Via::Network,
                ..
            }) => "Ghost atoms exchanged per step, across nodes",
            ParticleTerm::Md(MdValues::Ghosts { .. }) => {
                "Ghost atoms exchanged per step, within the node"
            }
            ParticleTerm::Md(MdValues::Launch { .. }) => "GPU kernel launches per step",
            ParticleTerm::Md(MdValues::Build { .. }) => "Neighbour-list builds",
            ParticleTerm::Md(MdValues::CpuWait { .. }) => "Waiting for the core (other jobs)",
            ParticleTerm::Nbody(NbodyStep::Traffic { .. }) => {
                "Particles and tree: memory traffic per step (lower bound)"
            }
            ParticleTerm::Nbody(NbodyStep::Pm { .. }) => "PM grid: FFTs",
            ParticleTerm::Nbody(NbodyStep::Transpose { .. }) => "PM grid: slab transposes",
        }
    }

    fn formula(&self, u: UnitSystem) -> String {
        match self {
            ParticleTerm::Md(v) => md(v),
            ParticleTerm::Nbody(v) => nbody(v, u),
        }
    }

    fn explanation(&self) -> String {
        match self {
            ParticleTerm::Md(v) => md_explanation(v),
            ParticleTerm::Nbody(v) => nbody_explanation(v),
        }
    }

    fn source(&self) -> &'static str {
        match self {
            ParticleTerm::Md(MdValues::Traffic { .. }) => SRC_MD_TRAFFIC,
            ParticleTerm::Md(MdValues::Pairs { .. }) => SRC_MD_PAIRS,
            ParticleTerm::Md(MdValues::Kspace { .. }) => SRC_MD_KSPACE,
            ParticleTerm::Md(MdValues::Ghosts { .. }) => SRC_MD_GHOSTS,
            ParticleTerm::Md(MdValues::Launch { .. }) => SRC_MD_LAUNCH,
            ParticleTerm::Md(MdValues::Build { .. }) => SRC_MD_BUILD,
            ParticleTerm::Md(MdValues::CpuWait { .. }) => SRC_MD_CPU_WAIT,
            ParticleTerm::Nbody(NbodyStep::Traffic { .. }) => SRC_NBODY_TRAFFIC,
            ParticleTerm::Nbody(NbodyStep::Pm { .. }) => SRC_NBODY_PM,
            ParticleTerm::Nbody(NbodyStep::Transpose { .. }) => SRC_NBODY_TRANSPOSE,
        }
    }
}
