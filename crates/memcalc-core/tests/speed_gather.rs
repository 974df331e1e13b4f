//! The gathers of a CPU build that vectorizes its sparse rows with gather instructions: every
//! nonzero is one gathered element at the core's rate (LLVM #212997 for Zen 4, measured here
//! on Emerald Rapids), the term exists only where the user says the build gathers (the same
//! flags gather on Zen 4 and not on Emerald Rapids), and it adds to the chains and the memory
//! (measured on Zen 4).

mod common;

use common::{scenario, sim_step, time_of};
use memcalc_core::speed::machine::Machine;
use memcalc_core::speed::sim::gather::Gather;
use memcalc_core::speed::MeshTerm;
use memcalc_core::{Bound, Speed, TermId, TermValues};

/// HPCG 64³ on one Zen 4 core with an 8-lane -ffast-math build, as docs/accuracy.md's rows.
const HPCG_FM: &str = "node=frontier&mode=sim&sim_device=cpu&nodes=1&ranks=1&host_bw=27.19&bw_eff=100&code=hpcg&cells=262144&rank_overhead=0&overhead=0&lin_iters=50&fp_add_ns=0.87&fp_div_ns=3.756&chains=8";

fn gather(sp: &Speed) -> Option<Gather> {
    sp.terms.iter().find_map(|t| match t.values {
        TermValues::Mesh(MeshTerm::MeshGather(g)) => Some(g),
        _ => None,
    })
}

#[test]
fn no_gathers_unless_the_build_gathers() {
    // chains=8 alone is an 8-lane sum, which gcc builds without gathers on Emerald Rapids.
    assert!(gather(&time_of(HPCG_FM)).is_none());
    assert!(gather(&time_of(&format!("{HPCG_FM}&gather=off"))).is_none());
    // A code without chains (multicolour-ordered, chains=0) and a GPU solve gather nothing here.
    assert!(gather(&time_of(&format!(
        "{}&chains=0&gather=on",
        HPCG_FM.trim_end_matches("&chains=8")
    )))
    .is_none());
    let gpu = "gpu=h100-80&mode=sim&sim_device=gpu&ranks=1&nodes=1&code=hpcg&cells=262144&lin_iters=50&gather=on";
    assert!(gather(&time_of(gpu)).is_none());
}

#[test]
fn every_nonzero_of_every_row_sum_is_one_element() {
    let plain = time_of(HPCG_FM);
    let sp = time_of(&format!("{HPCG_FM}&gather=on"));
    let g = gather(&sp).expect("the build gathers");
    let term = sp
        .terms
        .iter()
        .find(|t| t.id() == TermId::MeshGather)
        .unwrap();
    assert_eq!(term.bound, Bound::Latency);
    assert_eq!(term.id().key(), "mesh_gather");
    let (r0, r1, r2, r3) = (262_144.0, 32_768.0, 4_096.0, 512.0);
    assert_eq!(g.row_passes, 6.0 * r0 + 5.0 * r1 + 5.0 * r2 + 2.0 * r3);
    assert_eq!(g.per_row, 27.0);
    // Frontier's preset core: Zen, 1 cycle per element (LLVM #212997) at its 2.0 GHz.
    assert_eq!(g.per_element, 1.0 / 2.0e9);
    assert!(g.source.unwrap().contains("212997"));
    let gather_s = 50.0 * g.row_passes * 27.0 * 0.5e-9;
    assert!((term.time.seconds().unwrap() - gather_s).abs() < 1e-12);
    // It adds to the step: the chains and the memory stay as they were.
    assert!((sim_step(&sp) - sim_step(&plain) - gather_s).abs() < 1e-9);
    assert_eq!(sp.terms.len(), plain.terms.len() + 1);
}

#[test]
fn a_given_figure_implies_the_gathers_and_is_used() {
    let sp = time_of(&format!("{HPCG_FM}&gather_ns=0.299"));
    let g = gather(&sp).expect("gather_ns says the build gathers");
    assert!((g.per_element - 0.299e-9).abs() < 1e-18);
    assert!(g.source.is_none());
    let e = memcalc_core::explain::speed::explanation(
        sp.terms
            .iter()
            .find(|t| t.id() == TermId::MeshGather)
            .unwrap(),
    );
    assert!(e.contains("one given (gather_ns)"), "{e}");
    assert!(e.contains("27 elements a row"), "{e}");
    // Slower gathers, slower step: the term moves the rate.
    let fast = sim_step(&time_of(&format!("{HPCG_FM}&gather_ns=0.1")));
    assert!(sim_step(&sp) > fast);
}

#[test]
fn the_keys_round_trip_and_bad_figures_name_their_key() {
    let q = format!("{HPCG_FM}&gather=on&gather_ns=0.25");
    let s = scenario(&q);
    assert!(s.speed.gather);
    assert_eq!(s.speed.gather_ps, Some(250));
    let back = s.to_query();
    assert_eq!(scenario(&back).speed, s.speed);
    assert!(
        back.contains("gather=on") && back.contains("gather_ns=0.25"),
        "{back}"
    );
    for bad in ["0", "-1", "x"] {
        let (i, _) = memcalc_core::Inputs::from_query(&format!("{HPCG_FM}&gather_ns={bad}"));
        let errs = i.parse().unwrap_err();
        assert!(
            errs.iter().any(|e| e.field.key() == "gather_ns"),
            "{bad}: {errs:?}"
        );
    }
    // A64FX has no sourced gather figure: turning gathers on without one is an error on the key.
    let fugaku = "node=fugaku&mode=sim&sim_device=cpu&nodes=1&ranks=1&code=hpcg&cells=262144&lin_iters=50&gather=on";
    assert_eq!(
        Machine::of(&scenario(fugaku)).unwrap_err().field.key(),
        "gather_ns"
    );
    assert!(Machine::of(&scenario(&format!("{fugaku}&gather_ns=0.5"))).is_ok());
}
