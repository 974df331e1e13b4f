//! Issue 37 (h-md): a LAMMPS CPU step counts its neighbour-list builds (LAMMPS's bins and
//! stencils, every `neigh_every` steps), and a rank that gets only part of its core's wall time
//! (`cpu_use`, LAMMPS's "% CPU use") waits for the rest. Both keys are time only.

mod common;

use common::{est, scenario, term, time_of};
use memcalc_core::speed::sim::particles::MdValues;
use memcalc_core::speed::ParticleTerm;
use memcalc_core::{Steps, TermId, TermValues};

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs()
}

/// bench/in.lj on one rank of the default node: 32,000 atoms at ρ = 0.8442, rc 2.5, skin 0.3.
const LJ: &str =
    "mode=sim&method=particles&particles=32000&density=0.8442&cutoff=2.5&skin=0.3&nodes=1&ranks=1";

fn step_s(q: &str) -> f64 {
    let Steps::Sim { step, .. } = time_of(q).steps else {
        panic!("{q}: not a simulation")
    };
    step.seconds().unwrap()
}

#[test]
fn a_lammps_cpu_step_counts_its_neighbour_list_builds() {
    let sp = time_of(&format!("{LJ}&neigh_every=20"));
    let t = term(&sp, TermId::MdNeighBuild);
    let TermValues::Particles(ParticleTerm::Md(MdValues::Build {
        local,
        per_atom,
        half,
        bins,
        per_candidate,
        every,
        given,
        work,
        ..
    })) = t.values
    else {
        panic!("{t:?}")
    };
    // Bins of 1.4 (half of 2.8) hold 0.8442 × 1.4³ = 2.317 atoms; the half stencil's 62 bins and
    // half of the other 1.317 atoms of the atom's own bin: 144.3 distances an atom.
    assert!(half && given);
    assert_eq!((local, bins, every), (32_000.0, 62, 20));
    let per_bin = 0.8442 * 1.4f64.powi(3);
    assert!(close(
        per_atom,
        62.0 * per_bin + (per_bin - 1.0) / 2.0,
        1e-12
    ));
    // Each candidate is charged as a listed LJ pair: 8 + (2.5 / 2.8)³ × 20 FLOPs.
    assert!(close(
        per_candidate,
        8.0 + (2.5f64 / 2.8).powi(3) * 20.0,
        1e-12
    ));
    assert!(close(
        work.flops,
        32_000.0 * per_atom * per_candidate / 20.0,
        1e-12
    ));
    // At the pair loop's own rate: a build spread over 20 steps costs 0.186 of the pair term.
    let pairs = term(&sp, TermId::MdPairs);
    let ratio = t.time.seconds().unwrap() / pairs.time.seconds().unwrap();
    let TermValues::Particles(ParticleTerm::Md(MdValues::Pairs { pairs: listed, .. })) =
        pairs.values
    else {
        panic!()
    };
    assert!(
        close(ratio, 32_000.0 * per_atom / 20.0 / listed, 1e-9),
        "{ratio}"
    );
    // The default interval is 10 steps: twice the build's share of a step.
    let d = time_of(LJ);
    let TermValues::Particles(ParticleTerm::Md(MdValues::Build { every, given, .. })) =
        term(&d, TermId::MdNeighBuild).values
    else {
        panic!()
    };
    assert_eq!((every, given), (10, false));
    // Full lists (Tersoff) walk the full stencil; GPU runs and mdrun's cluster lists have no
    // such term.
    let full = time_of(&LJ.replace("method=particles", "method=particles&potential=tersoff"));
    let TermValues::Particles(ParticleTerm::Md(MdValues::Build { half, bins, .. })) =
        term(&full, TermId::MdNeighBuild).values
    else {
        panic!()
    };
    assert_eq!((half, bins), (false, 125));
    for q in [
        format!("{LJ}&sim_device=gpu&gpu=a100-80"),
        format!("{LJ}&pair_list=clusters_4x8"),
    ] {
        assert!(
            time_of(&q)
                .terms
                .iter()
                .all(|t| t.id() != TermId::MdNeighBuild),
            "{q}"
        );
    }
}

#[test]
fn a_rank_with_half_its_core_takes_twice_as_long() {
    let full = step_s(LJ);
    let half = time_of(&format!("{LJ}&cpu_use=50"));
    let Steps::Sim { step, .. } = half.steps else {
        panic!()
    };
    assert!(close(step.seconds().unwrap(), 2.0 * full, 1e-12));
    let t = term(&half, TermId::MdCpuWait);
    assert!(close(t.time.seconds().unwrap(), full, 1e-12));
    // 100 % is the default: no wait term; GPU runs have none either.
    assert!(time_of(&format!("{LJ}&cpu_use=100"))
        .terms
        .iter()
        .all(|t| t.id() != TermId::MdCpuWait));
    assert!(
        time_of(&format!("{LJ}&sim_device=gpu&gpu=a100-80&cpu_use=50"))
            .terms
            .iter()
            .all(|t| t.id() != TermId::MdCpuWait)
    );
}

#[test]
fn the_keys_change_no_memory_figure() {
    let base = est(LJ);
    for q in ["neigh_every=3", "cpu_use=40"] {
        let e = est(&format!("{LJ}&{q}"));
        assert_eq!(
            (e.per_device_bytes, e.cluster_bytes, e.host_per_node_bytes),
            (
                base.per_device_bytes,
                base.cluster_bytes,
                base.host_per_node_bytes
            ),
            "{q}"
        );
    }
}

#[test]
fn bad_values_are_errors_naming_the_key() {
    for (q, key) in [
        ("cpu_use=0", "cpu_use"),
        ("cpu_use=100.5", "cpu_use"),
        ("cpu_use=-3", "cpu_use"),
        ("neigh_every=0", "neigh_every"),
        ("neigh_every=-1", "neigh_every"),
    ] {
        let (inputs, _) = memcalc_core::Inputs::from_query(&format!("{LJ}&{q}"));
        let errs = inputs.parse().expect_err(q);
        assert!(errs.iter().any(|e| e.field.key() == key), "{q}: {errs:?}");
    }
    // A scenario built in code is held to the same bounds.
    let mut s = scenario(LJ);
    s.speed.cpu_use_bp = Some(20_000);
    let err = memcalc_core::speed(&s, &memcalc_core::estimate(&s)).unwrap_err();
    assert_eq!(err.field.key(), "cpu_use");
    let mut s = scenario(LJ);
    s.speed.neigh_every = Some(0);
    let err = memcalc_core::speed(&s, &memcalc_core::estimate(&s)).unwrap_err();
    assert_eq!(err.field.key(), "neigh_every");
}

#[test]
fn a_lammps_log_states_its_cpu_use_and_its_builds() {
    // This project's run on the Intel VM (HERE-LAMMPS): 500 steps, 25 builds, 77.5 % CPU use.
    let text = "LAMMPS (29 Sep 2021 - Update 2)\nCreated 32000 atoms\nLoop time of 15.7258 on 1 procs for 500 steps with 32000 atoms\n\nPerformance: 13735.598 tau/day, 31.795 timesteps/s\n77.5% CPU use with 1 MPI tasks x 1 OpenMP threads\n\nNeighbor list builds = 25\nDangerous builds not checked\n";
    let r = memcalc_core::log::read(text);
    let get = |k: &str| {
        r.filled
            .iter()
            .find(|f| f.key.key() == k)
            .map(|f| f.value.clone())
    };
    assert_eq!(get("cpu_use").as_deref(), Some("77.5"));
    assert_eq!(get("neigh_every").as_deref(), Some("20"));
    // A process that had its whole core states no share; the builds need the steps.
    let full = memcalc_core::log::read(&text.replace("77.5% CPU", "100.0% CPU"));
    assert!(full.filled.iter().all(|f| f.key.key() != "cpu_use"));
    let cut = memcalc_core::log::read(&text.replace("for 500 steps", ""));
    assert!(cut.filled.iter().all(|f| f.key.key() != "neigh_every"));
}
