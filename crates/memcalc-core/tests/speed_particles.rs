//! The time of molecular dynamics and tree-PM N-body runs (issue 27): the pair loop's bytes and
//! FLOPs from the estimate's own pair counts, the long-range mesh's FFTs, the ghost exchange,
//! and the N-body particles, tree, PM FFTs and slab transposes, each checked against the count
//! worked out by hand.

mod common;

use common::{scenario, term, time_of};
use memcalc_core::speed::sim::nbody::NbodyStep;
use memcalc_core::speed::sim::particles::MdValues;
use memcalc_core::speed::ParticleTerm;
use memcalc_core::{Bound, SimRate, Steps, TermId, TermValues};
use std::f64::consts::PI;

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs()
}

/// bench/in.lj: 32,000 atoms, fcc at ρ = 0.8442, rc = 2.5, skin 0.3.
const LJ: &str = "mode=sim&method=particles&particles=32000&density=0.8442&cutoff=2.5&skin=0.3&nodes=1&ranks=1&host_bw=20";

#[test]
fn particles_and_nbody_runs_have_a_time() {
    for q in [
        "mode=sim&method=particles",
        "mode=sim&method=particles&pair_list=clusters_4x8&long_range=pme",
        "mode=sim&method=particles&potential=tersoff",
        "mode=sim&method=nbody",
    ] {
        let sp = time_of(q);
        let Steps::Sim { step, .. } = sp.steps else {
            panic!("{q}: not a simulation")
        };
        assert!(step.seconds().is_some_and(|s| s > 0.0), "{q}: {step:?}");
    }
}

#[test]
fn the_lj_pair_loop_reads_each_listed_pair_once_and_counts_its_flops() {
    let sp = time_of(LJ);
    // Half list (Newton): 4/3 π (rc + skin)³ ρ / 2 neighbours per atom.
    let pairs = 32_000.0 * 4.0 / 3.0 * PI * 2.8f64.powi(3) * 0.8442 / 2.0;
    let t = term(&sp, TermId::MdTraffic);
    let TermValues::Particles(ParticleTerm::Md(MdValues::Traffic {
        entries,
        atoms,
        local,
        transfer,
        ..
    })) = t.values
    else {
        panic!("{t:?}")
    };
    assert!(close(entries, pairs, 1e-4), "{entries} {pairs}");
    assert_eq!(local, 32_000.0);
    let bytes = entries * 4.0 + atoms * 72.0 + 32_000.0 * 120.0;
    assert!(close(transfer.bytes, bytes, 1e-12));
    // One rank streams one of the default node's two sockets (NUMA first touch): half of
    // 20 GB/s (below one core's 27.19), at the default 80 %.
    assert!(close(t.time.seconds().unwrap(), bytes / 8e9, 1e-12));
    let p = term(&sp, TermId::MdPairs);
    let TermValues::Particles(ParticleTerm::Md(MdValues::Pairs { work, within, .. })) = p.values
    else {
        panic!("{p:?}")
    };
    assert!(close(within, (2.5f64 / 2.8).powi(3), 1e-12));
    let flops = entries * (8.0 + (2.5f64 / 2.8).powi(3) * 20.0);
    assert!(close(work.flops, flops, 1e-12), "{} {flops}", work.flops);
    assert_eq!(work.utilisation, 0.4);
    // LAMMPS's plain pair style runs scalar on one core: two FMAs per cycle at the default
    // node's 2.25 GHz, not the node's 4.6 TFLOP/s.
    assert!(close(work.peak, 4.0 * 2.25e9, 1e-12), "{}", work.peak);
    // The utilisation is the user's mfu; the memory term does not move.
    let half = time_of(&format!("{LJ}&mfu=20"));
    assert!(close(
        term(&half, TermId::MdPairs).time.seconds().unwrap(),
        2.0 * p.time.seconds().unwrap(),
        1e-12
    ));
    // Timesteps/s are the step's inverse.
    let Steps::Sim {
        step,
        rate: Some(SimRate::TimestepsPerS(r)),
        ..
    } = sp.steps
    else {
        panic!("{:?}", sp.steps)
    };
    assert!(close(r, 1.0 / step.seconds().unwrap(), 1e-12));
    assert_eq!(sp.bound, Bound::Compute);
}

#[test]
fn gromacs_counts_every_atom_pair_of_every_cluster_pair() {
    let q = "mode=sim&method=particles&particles=21087&pair_list=clusters_4x4&dtype=fp32&long_range=pme&cutoff=1.0&skin=0.1&density=100.3&nodes=1&ranks=1";
    let sp = time_of(q);
    let TermValues::Particles(ParticleTerm::Md(MdValues::Traffic { entries, .. })) =
        term(&sp, TermId::MdTraffic).values
    else {
        panic!()
    };
    let TermValues::Particles(ParticleTerm::Md(MdValues::Pairs { pairs, work, .. })) =
        term(&sp, TermId::MdPairs).values
    else {
        panic!()
    };
    assert_eq!(pairs, entries * 16.0);
    // 4×4 kernels (128-bit SIMD) read the Ewald correction from a table: "NxN QSTab Elec. +
    // LJ [F]", 41 FLOPs per pair; FP32 on the CPU runs at twice the FP64 peak of the one core
    // the rank runs on (not the node's).
    assert_eq!(work.flops, entries * 16.0 * 41.0);
    let s = scenario(q);
    let m = memcalc_core::speed::machine::Machine::of(&s).unwrap();
    assert_eq!(work.peak, 2.0 * m.core_fp64);
    assert_eq!(m.core_fp64, m.host_fp64 / 128.0);
    // PME: a real-to-complex FFT forward and back over the mesh at the default spacing.
    let TermValues::Particles(ParticleTerm::Md(MdValues::Kspace {
        points, ffts, work, ..
    })) = term(&sp, TermId::MdKspace).values
    else {
        panic!()
    };
    assert_eq!(ffts, 2);
    assert_eq!(work.flops, 2.0 * 2.5 * points * points.log2());
    // 4×8 kernels (AVX2, AVX-512) compute it analytically: 66 FLOPs per pair of 4 × 8 atoms.
    let wide = time_of(&q.replace("clusters_4x4", "clusters_4x8"));
    let TermValues::Particles(ParticleTerm::Md(MdValues::Pairs { pairs, work, .. })) =
        term(&wide, TermId::MdPairs).values
    else {
        panic!()
    };
    let TermValues::Particles(ParticleTerm::Md(MdValues::Traffic { entries, .. })) =
        term(&wide, TermId::MdTraffic).values
    else {
        panic!()
    };
    assert_eq!(pairs, entries * 32.0);
    assert_eq!(work.flops, pairs * 66.0);
}

#[test]
fn pppm_transforms_its_mesh_four_times_and_ranks_exchange_their_ghosts() {
    let q = "mode=sim&method=particles&particles=32000&atom_style=charge&long_range=pppm&kspace_grid=32768&nodes=1&ranks=2";
    let sp = time_of(q);
    let TermValues::Particles(ParticleTerm::Md(MdValues::Kspace { work, .. })) =
        term(&sp, TermId::MdKspace).values
    else {
        panic!()
    };
    // 4 × 5 × 32³ × log2(32³) ÷ 2 ranks.
    assert_eq!(work.flops, 4.0 * 5.0 * 32_768.0 * 15.0 / 2.0);
    // Its memory side: 4 complex FFTs × 3 axis passes × read and write of the rank's half of
    // the mesh (16 B a point), and 16,000 atoms spreading to 5³ points and gathering three
    // field components (8 B words).
    let TermValues::Particles(ParticleTerm::Md(MdValues::Kspace { memory, order, .. })) =
        term(&sp, TermId::MdKspace).values
    else {
        panic!()
    };
    assert_eq!(order, 5);
    assert_eq!(
        memory.bytes,
        4.0 * 3.0 * 2.0 * 16_384.0 * 16.0 + 16_000.0 * 125.0 * 8.0 * 5.0
    );
    assert_eq!(
        term(&sp, TermId::MdKspace).time.seconds().unwrap(),
        memory
            .time()
            .seconds()
            .unwrap()
            .max(work.time().seconds().unwrap())
    );
    let g = term(&sp, TermId::MdGhosts);
    let TermValues::Particles(ParticleTerm::Md(MdValues::Ghosts {
        ghosts, transfer, ..
    })) = g.values
    else {
        panic!()
    };
    // Positions out and forces back: 6 doubles per ghost.
    assert_eq!(transfer.bytes, ghosts * 48.0);
    assert_eq!(g.bound, Bound::HostMemory);
    // One rank has no ghosts to send.
    let one = time_of(&q.replace("ranks=2", "ranks=1"));
    assert!(one.terms.iter().all(|t| t.id() != TermId::MdGhosts));
}

/// bench/in.eam: 32,000 Cu atoms, fcc a = 3.615 Å (4 atoms per 47.24 Å³), Cu_u3.eam's 4.95 Å
/// cutoff, skin 1.0 Å.
const EAM: &str = "mode=sim&method=particles&particles=32000&atom_style=eam&density=0.08467&cutoff=4.95&skin=1.0&nodes=1";

fn step_s(q: &str) -> f64 {
    let Steps::Sim { step, .. } = time_of(q).steps else {
        panic!("{q}")
    };
    step.seconds().unwrap()
}

#[test]
fn one_rank_gets_its_cores_share_of_the_node_not_the_whole_node() {
    // Issue 37: the LAMMPS LJ bench on 1 rank read 13,142 timesteps/s, the node's FP64 peak
    // and a socket's bandwidth given to one rank. LAMMPS's own log of the same input
    // (bench/log.15Jul25.lj.fixed.g++.1) reads 117.25; the rank's share must keep it within 2×.
    let q = LJ.replace("&host_bw=20", "");
    let Steps::Sim {
        rate: Some(SimRate::TimestepsPerS(r)),
        ..
    } = time_of(&q).steps
    else {
        panic!()
    };
    assert!(r < 2.0 * 117.25 && r > 117.25 / 2.0, "{r} timesteps/s");
    // The rank's bandwidth is one core's STREAM triad, not its socket's 204.8 GB/s.
    let sp = time_of(&q);
    let t = term(&sp, TermId::MdTraffic);
    let TermValues::Particles(ParticleTerm::Md(MdValues::Traffic { transfer, .. })) = t.values
    else {
        panic!()
    };
    assert_eq!(transfer.bandwidth, 27.19e9);
    // Threads widen the rank: 4 threads, 4 cores' scalar rate.
    let p = |q: &str| {
        let sp = time_of(q);
        let TermValues::Particles(ParticleTerm::Md(MdValues::Pairs { work, .. })) =
            term(&sp, TermId::MdPairs).values
        else {
            panic!()
        };
        work.peak
    };
    assert!(close(p(&format!("{q}&threads=4")), 4.0 * p(&q), 1e-12));
}

#[test]
fn eam_counts_its_density_embedding_and_force_passes() {
    let sp = time_of(&format!("{EAM}&ranks=1"));
    let TermValues::Particles(ParticleTerm::Md(MdValues::Traffic {
        passes,
        entries,
        atoms,
        transfer,
        ..
    })) = term(&sp, TermId::MdTraffic).values
    else {
        panic!()
    };
    // Two passes over the list and the atoms, one integrator update.
    assert_eq!(passes, 2);
    let bytes = 2.0 * (entries * 4.0 + atoms * 72.0) + 32_000.0 * 120.0;
    assert!(close(transfer.bytes, bytes, 1e-12));
    let TermValues::Particles(ParticleTerm::Md(MdValues::Pairs {
        pairs,
        within,
        work,
        style,
        ..
    })) = term(&sp, TermId::MdPairs).values
    else {
        panic!("EAM's work is counted")
    };
    assert_eq!(style, memcalc_core::speed::sim::particles::PairStyle::Eam);
    // pair_eam.cpp: 2 × 8 FLOPs of distance per listed pair, 18 + 45 inside the cutoff, 7
    // per local atom.
    assert!(close(within, (4.95f64 / 5.95).powi(3), 1e-12));
    let flops = pairs * (16.0 + within * 63.0) + 32_000.0 * 7.0;
    assert!(close(work.flops, flops, 1e-12), "{} {flops}", work.flops);
    // LAMMPS's own log (bench/log.15Jul25.eam.fixed.g++.1): 42.572 timesteps/s: within 2×.
    let r = 1.0 / step_s(&format!("{EAM}&ranks=1"));
    assert!(r < 2.0 * 42.572 && r > 42.572 / 2.0, "{r}");
    // A 100 M-atom EAM campaign on 8 nodes of 128 cores: LAMMPS's per-atom-step cost on one
    // core (2.34899 s ÷ 100 steps ÷ 32,000 atoms) over 1,024 cores, ideally; the step must be
    // within 2× of it.
    let per_atom_step = 2.34899 / 100.0 / 32_000.0;
    let ideal = per_atom_step * 1e8 / 1024.0;
    let big = step_s(
        &EAM.replace("particles=32000", "particles=100000000")
            .replace("nodes=1", "nodes=8&ranks=1024"),
    );
    assert!(
        big < 2.0 * ideal && big > ideal / 2.0,
        "{big} s against {ideal} s"
    );
}

#[test]
fn eam_scales_nearly_linearly_over_the_ranks_of_one_node() {
    // LAMMPS's bench: 4 ranks run the EAM problem 3.71× faster than 1 (42.572 → 158.074
    // timesteps/s). One to eight ranks of one node must keep at least 75 % efficiency.
    let one = step_s(&format!("{EAM}&ranks=1"));
    for ranks in [2u64, 4, 8] {
        let t = step_s(&format!("{EAM}&ranks={ranks}"));
        let eff = one / t / ranks as f64;
        assert!(eff > 0.75, "{ranks} ranks: {:.0} % efficiency", eff * 100.0);
    }
}

#[test]
fn ghosts_between_ranks_of_one_node_do_not_cross_the_network() {
    let ghosts = |q: &str| {
        time_of(q)
            .terms
            .iter()
            .filter(|t| t.id() == TermId::MdGhosts)
            .map(|t| {
                let TermValues::Particles(ParticleTerm::Md(MdValues::Ghosts {
                    share,
                    transfer,
                    ..
                })) = t.values
                else {
                    panic!()
                };
                (t.bound, share, transfer.bytes)
            })
            .collect::<Vec<_>>()
    };
    // One node: every neighbour is on it.
    let one = ghosts(&format!("{EAM}&ranks=8"));
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].0, Bound::HostMemory);
    // Two nodes of 8 ranks (a 2 × 2 × 2 block each): half of a rank's faces face the other
    // node, (4 + 4 + 4) ÷ (3 × 8); the other half stay in the node's memory.
    let two = ghosts(&EAM.replace("nodes=1", "nodes=2&ranks=16"));
    assert_eq!(two.len(), 2, "{two:?}");
    assert_eq!(two[0].0, Bound::Network);
    assert!(close(two[0].1, 0.5, 1e-12));
    assert_eq!(two[1].0, Bound::HostMemory);
    assert!(close(two[0].2, two[1].2, 1e-12));
    // One rank per node: every ghost crosses the network.
    assert_eq!(
        memcalc_core::speed::sim::particles::off_node_share(1, 4),
        1.0
    );
    // EAM exchanges each ghost's density and embedding derivative too: 8 reals.
    let eight = time_of(&format!("{EAM}&ranks=8"));
    let TermValues::Particles(ParticleTerm::Md(MdValues::Ghosts {
        bytes_per_ghost, ..
    })) = term(&eight, TermId::MdGhosts).values
    else {
        panic!()
    };
    assert_eq!(bytes_per_ghost, 64);
}

#[test]
fn more_ranks_than_the_nodes_cores_warn() {
    use memcalc_core::model::warning::Warning;
    let over = |q: &str| {
        memcalc_core::estimate(&scenario(q))
            .warnings
            .iter()
            .any(|w| matches!(w, Warning::Oversubscribed { .. }))
    };
    // The default node has 2 × 64 cores.
    assert!(!over(&format!("{EAM}&ranks=128")));
    assert!(over(&format!("{EAM}&ranks=256")));
    assert!(over(&format!("{EAM}&ranks=64&threads=4")));
    assert!(!over(&EAM.replace("nodes=1", "nodes=2&ranks=256")));
    // GPU runs place one rank per GPU: no CPU cores to oversubscribe.
    assert!(!over(
        "mode=sim&method=particles&sim_device=gpu&ranks=256&nodes=1"
    ));
    let w = memcalc_core::estimate(&scenario(&format!("{EAM}&ranks=16384")))
        .warnings
        .into_iter()
        .find(|w| matches!(w, Warning::Oversubscribed { .. }))
        .unwrap();
    let text = memcalc_core::explain::warnings::warning(&w);
    assert!(
        text.contains("16,384") && text.contains("128") && text.contains("oversubscribed"),
        "{text}"
    );
    // A sweep over the ranks names every oversubscribed row.
    let (i, _) = memcalc_core::Inputs::from_query(&format!("{EAM}&ranks=64"));
    let sw = memcalc_core::analysis::scaling::sweep(
        &i,
        memcalc_core::schema::fields::FieldId::Ranks,
        &[64, 128, 256, 512],
    );
    let xs: Vec<u64> = sw.oversubscribed.iter().map(|(x, _)| *x).collect();
    assert_eq!(xs, vec![256, 512]);
}

#[test]
fn a_small_gpu_md_step_pays_its_kernel_launches() {
    // DHFR-sized (23,558 atoms, PME, constraints) on one A100: OpenMM's CUDA platform launches
    // the buffer clear, 5 list kernels, the nonbonded and the bonded kernel, 7 PME kernels,
    // LangevinMiddleIntegrator's 3 and SETTLE + SHAKE on the velocities and the positions a
    // step, each costing the host 5 µs; the host waits once a step, so they add to the GPU's
    // work.
    let q = "gpu=a100-80&mode=sim&method=particles&sim_device=gpu&particles=23558&atom_style=full&pair_list=clusters_4x8&long_range=pme&cutoff=0.9&skin=0.1&density=100&ranks=1&nodes=1&dtype=fp32&shake=on";
    let sp = time_of(q);
    let t = term(&sp, TermId::MdLaunch);
    let TermValues::Particles(ParticleTerm::Md(MdValues::Launch {
        kernels,
        per_launch,
        ..
    })) = t.values
    else {
        panic!("{t:?}")
    };
    assert_eq!(kernels, 1 + 5 + 1 + 1 + 7 + 3 + 2 * 2);
    assert_eq!(per_launch, 5e-6);
    assert!(close(t.time.seconds().unwrap(), 110e-6, 1e-12));
    // At this size the launches are a large share of the step; at a million atoms a small one.
    let step = step_s(q);
    assert!(110e-6 / step > 0.3, "{step}");
    let big = q.replace("particles=23558", "particles=1067095");
    assert!(110e-6 / step_s(&big) < 0.05);
    // launch_us overrides the host's cost; CPU runs have no such term.
    let fast = time_of(&format!("{q}&launch_us=2"));
    assert!(close(
        term(&fast, TermId::MdLaunch).time.seconds().unwrap(),
        44e-6,
        1e-12
    ));
    let cpu = time_of(&q.replace("sim_device=gpu", "sim_device=cpu"));
    assert!(cpu.terms.iter().all(|t| t.id() != TermId::MdLaunch));
    // Without PME, constraints or bonds fewer kernels: the clear, the list, the pair kernel
    // and the integrator.
    let plain = time_of(
        "gpu=a100-80&mode=sim&method=particles&sim_device=gpu&particles=32000&ranks=1&nodes=1",
    );
    let TermValues::Particles(ParticleTerm::Md(MdValues::Launch { kernels, .. })) =
        term(&plain, TermId::MdLaunch).values
    else {
        panic!()
    };
    assert_eq!(kernels, 1 + 5 + 1 + 3);
}

#[test]
fn a_gpu_pair_kernel_issues_at_most_128_instructions_an_sm_clock() {
    // The same STMV-sized PME step on an A100 (64 FP32 lanes an SM) and an H100 SXM (128): the
    // pair kernel gets the A100's whole FP32 peak but half the H100's, so the H100's pair term
    // is 19.5 / (67 / 2) of the A100's, not 19.5 / 67 of it.
    let q = |gpu: &str| {
        format!("gpu={gpu}&mode=sim&method=particles&sim_device=gpu&atom_style=full&long_range=pme&shake=on&pair_list=clusters_4x8&dtype=fp32&particles=1066628&density=104.627&cutoff=0.9&skin=0.072&kspace_grid=7529536&nodes=1&ranks=1")
    };
    let pairs = |gpu: &str| {
        let sp = time_of(&q(gpu));
        let t = term(&sp, TermId::MdPairs);
        let TermValues::Particles(ParticleTerm::Md(MdValues::Pairs { issue, work, .. })) = t.values
        else {
            panic!("{t:?}")
        };
        (issue, work.peak, t.time.seconds().unwrap())
    };
    let (a_issue, a_peak, a_t) = pairs("a100-80");
    let (h_issue, h_peak, h_t) = pairs("h100-80");
    assert_eq!((a_issue, h_issue), (1.0, 0.5));
    assert!(close(a_peak, 19.5e12, 1e-9) && close(h_peak, 33.5e12, 1e-9));
    assert!(close(h_t / a_t, 19.5 / 33.5, 1e-9), "{a_t} {h_t}");
    // The formula names the share; AMD GPUs and CPU ranks keep their whole peak.
    let sp = time_of(&q("h100-80"));
    let text = memcalc_core::explain::speed::formula(term(&sp, TermId::MdPairs));
    assert!(text.contains("50 % issue"), "{text}");
    let (m_issue, ..) = pairs("mi300x");
    assert_eq!(m_issue, 1.0);
    let cpu = time_of(&q("h100-80").replace("sim_device=gpu", "sim_device=cpu"));
    let TermValues::Particles(ParticleTerm::Md(MdValues::Pairs { issue, .. })) =
        term(&cpu, TermId::MdPairs).values
    else {
        panic!()
    };
    assert_eq!(issue, 1.0);
}

#[test]
fn rebo_and_reaxff_get_the_memory_term_only() {
    for q in [
        "mode=sim&method=particles&potential=rebo",
        "mode=sim&method=particles&potential=reaxff",
    ] {
        let sp = time_of(q);
        assert!(sp.terms.iter().any(|t| t.id() == TermId::MdTraffic));
        assert!(sp.terms.iter().all(|t| t.id() != TermId::MdPairs), "{q}");
    }
}

#[test]
fn tersoff_counts_its_bond_orders_over_ordered_triplets() {
    // bench/POTENTIALS/in.tersoff: 32,000 Si atoms, Si.tersoff's cutoff 3.2 Å, skin 1.
    let q = "mode=sim&method=particles&potential=tersoff&particles=32000&density=0.04994&cutoff=3.2&skin=1.0&nodes=1&ranks=1";
    let sp = time_of(q);
    let TermValues::Particles(ParticleTerm::Md(MdValues::Pairs {
        pairs,
        within,
        triplets,
        work,
        ..
    })) = term(&sp, TermId::MdPairs).values
    else {
        panic!("Tersoff's work is counted")
    };
    // Ordered triplets: n(n − 1) per atom; pair_tersoff.cpp: 8 per entry, 72 per ordered pair,
    // 207 per ordered triplet.
    let n = pairs * within / 32_000.0;
    assert!(close(triplets, 32_000.0 * n * (n - 1.0), 1e-12));
    assert!(close(
        work.flops,
        pairs * (8.0 + within * 72.0) + triplets * 207.0,
        1e-12
    ));
    // LAMMPS's own log (bench/POTENTIALS/log.9Oct20.tersoff.1): 21.212 timesteps/s, within 2×.
    let r = 1.0 / step_s(q);
    assert!(r < 2.0 * 21.212 && r > 21.212 / 2.0, "{r}");
}

#[test]
fn stillinger_weber_counts_its_pairs_and_neighbour_triplets() {
    // bench/POTENTIALS/in.sw: 32,000 Si atoms (diamond, a = 5.431 Å), cutoff 3.771 Å, skin 1.
    let q = "mode=sim&method=particles&potential=sw&particles=32000&density=0.04994&cutoff=3.771&skin=1.0&nodes=1&ranks=1";
    let sp = time_of(q);
    let TermValues::Particles(ParticleTerm::Md(MdValues::Pairs {
        pairs,
        within,
        triplets,
        work,
        style,
        ..
    })) = term(&sp, TermId::MdPairs).values
    else {
        panic!("SW's work is counted")
    };
    assert_eq!(style, memcalc_core::speed::sim::particles::PairStyle::Sw);
    // n neighbours inside the cutoff per atom, n(n − 1)/2 triplets each.
    let n = pairs * within / 32_000.0;
    assert!(close(triplets, 32_000.0 * n * (n - 1.0) / 2.0, 1e-12));
    // pair_sw.cpp: 8 per listed entry, 32 per pair (once, half of each listed entry's 2 × 16),
    // 81 per triplet.
    let flops = pairs * (8.0 + within * 16.0) + triplets * 81.0;
    assert!(close(work.flops, flops, 1e-12));
    // LAMMPS's own log (bench/POTENTIALS/log.9Oct20.sw.1): 25.439 timesteps/s, within 2×.
    let r = 1.0 / step_s(q);
    assert!(r < 2.0 * 25.439 && r > 25.439 / 2.0, "{r}");
}

#[test]
fn nbody_moves_its_particles_and_tree_and_transforms_its_pm_grid() {
    let q = "mode=sim&method=nbody&particles=16777216&ranks=16&nodes=2&dtype=fp32";
    let sp = time_of(q);
    let t = term(&sp, TermId::NbodyTraffic);
    let TermValues::Particles(ParticleTerm::Nbody(NbodyStep::Traffic {
        particles,
        nodes,
        transfer,
        ..
    })) = t.values
    else {
        panic!()
    };
    assert_eq!(particles, 16_777_216.0 / 16.0);
    // TreeAllocFactor 0.8 of MaxPart = 1.5 × N / tasks.
    assert!((nodes - 0.8 * 1.5 * particles).abs() <= 1.0, "{nodes}");
    assert_eq!(transfer.bytes, 2.0 * (particles * 80.0 + nodes * 64.0));
    let TermValues::Particles(ParticleTerm::Nbody(NbodyStep::Pm { work, .. })) =
        term(&sp, TermId::NbodyPm).values
    else {
        panic!()
    };
    // Two real transforms of 256³ points: 2 × 2.5 × 2^24 × 24, split over 16 tasks.
    assert_eq!(work.flops, 2.0 * 2.5 * 16_777_216.0 * 24.0 / 16.0);
    let TermValues::Particles(ParticleTerm::Nbody(NbodyStep::Transpose { transfer, .. })) =
        term(&sp, TermId::NbodyTranspose).values
    else {
        panic!()
    };
    // 16 of 256 slabs per task, each 256 × 2 × 129 floats, sent (p − 1)/p twice.
    let slabs = 16.0 * 256.0 * 258.0 * 4.0;
    assert_eq!(transfer.bytes, 2.0 * 15.0 / 16.0 * slabs);
    assert_eq!(term(&sp, TermId::NbodyTranspose).bound, Bound::Network);
}

#[test]
fn every_particle_term_has_its_texts() {
    for q in [
        LJ,
        "mode=sim&method=particles&particles=32000&atom_style=charge&long_range=pppm&nodes=2&ranks=8",
        "mode=sim&method=particles&pair_list=clusters_4x8&long_range=pme&ranks=4",
        "gpu=a100-80&mode=sim&method=particles&sim_device=gpu&long_range=pme&shake=on&ranks=4&nodes=2",
        "mode=sim&method=particles&atom_style=eam&ranks=16&nodes=2",
        "mode=sim&method=nbody",
    ] {
        let sp = time_of(q);
        for t in &sp.terms {
            let f = memcalc_core::explain::speed::formula(t);
            assert!(f.ends_with(&memcalc_core::explain::speed::time(t.time)), "{q}: {f}");
            assert!(!f.contains("NaN") && !f.contains("inf"), "{q}: {f}");
            assert!(!memcalc_core::explain::speed::label(t).is_empty());
            assert!(!memcalc_core::explain::speed::explanation(t).is_empty());
            assert!(!memcalc_core::explain::speed::source(t).is_empty());
        }
        let summary = memcalc_core::explain::speed::summary(&sp);
        assert!(summary.starts_with("At least"), "{summary}");
    }
    let lj = memcalc_core::explain::speed::summary(&time_of(LJ));
    assert!(lj.contains("timesteps/s"), "{lj}");
}

#[test]
fn pme_order_sets_the_points_each_atom_spreads_to() {
    // OpenMM spreads to 5³ points (PmeOrder = 5), GROMACS, Amber and NAMD to 4³ by default: the
    // mesh term moves order³ words per atom for the spread and the gather, and mdrun's per-atom
    // B-spline arrays hold 3 × order reals of theta and of dtheta.
    let q = "gpu=h100-80&mode=sim&method=particles&sim_device=gpu&atom_style=full&long_range=pme&shake=on&pair_list=clusters_4x8&dtype=fp32&particles=1066628&density=104.627&cutoff=0.9&skin=0.072&kspace_grid=7529536&nodes=1&ranks=1";
    let kspace = |q: &str| {
        let sp = time_of(q);
        let t = term(&sp, TermId::MdKspace);
        let TermValues::Particles(ParticleTerm::Md(MdValues::Kspace { order, memory, .. })) =
            t.values
        else {
            panic!("{t:?}")
        };
        (order, memory.bytes)
    };
    let (four, b4) = kspace(q);
    let (five, b5) = kspace(&format!("{q}&pme_order=5"));
    assert_eq!((four, five), (4, 5));
    // 1,066,628 atoms × (125 − 64) points × 4 B × (spread + read back + gather).
    assert!(
        close(b5 - b4, 1_066_628.0 * 61.0 * 4.0 * 3.0, 1e-9),
        "{b4} {b5}"
    );
    // mdrun's PME arrays: 16 B + (3 + 6 × order) reals per atom.
    let mem = |q: &str| {
        memcalc_core::estimate(&scenario(q))
            .components
            .iter()
            .find(|c| c.id == memcalc_core::PartId::LongRange)
            .map(|c| c.bytes)
            .unwrap()
    };
    let grown = mem(&format!("{q}&pme_order=5")) - mem(q);
    assert_eq!(grown, 1_066_628 * 6 * 4);
    // Beyond GROMACS's limit of 12 it is an error naming the key.
    let (inputs, _) = memcalc_core::Inputs::from_query(&format!("{q}&pme_order=13"));
    let e = inputs.parse().expect_err("order 13 is refused");
    assert!(format!("{e:?}").contains("PmeOrder"), "{e:?}");
}
