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
    // 20 GB/s, at the default 80 %.
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
    assert_eq!(sp.bound, Bound::MemoryBandwidth);
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
    // LJ [F]", 41 FLOPs per pair; FP32 on the CPU runs at twice the FP64 peak.
    assert_eq!(work.flops, entries * 16.0 * 41.0);
    let s = scenario(q);
    let m = memcalc_core::speed::machine::Machine::of(&s).unwrap();
    assert_eq!(work.peak, 2.0 * m.host_fp64);
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

#[test]
fn many_body_potentials_get_the_memory_term_only() {
    let sp = time_of("mode=sim&method=particles&potential=tersoff");
    assert!(sp.terms.iter().any(|t| t.id() == TermId::MdTraffic));
    assert!(sp.terms.iter().all(|t| t.id() != TermId::MdPairs));
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
        "mode=sim&method=nbody",
    ] {
        let sp = time_of(q);
        for t in &sp.terms {
            let f = memcalc_core::text::speed::formula(t);
            assert!(f.ends_with(&memcalc_core::text::speed::time(t.time)), "{q}: {f}");
            assert!(!f.contains("NaN") && !f.contains("inf"), "{q}: {f}");
            assert!(!memcalc_core::text::speed::label(t).is_empty());
            assert!(!memcalc_core::text::speed::explanation(t).is_empty());
            assert!(!memcalc_core::text::speed::source(t).is_empty());
        }
        let summary = memcalc_core::text::speed::summary(&sp);
        assert!(summary.starts_with("At least"), "{summary}");
    }
    let lj = memcalc_core::text::speed::summary(&time_of(LJ));
    assert!(lj.contains("timesteps/s"), "{lj}");
}
