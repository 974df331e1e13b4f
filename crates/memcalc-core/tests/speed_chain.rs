//! The dependent-add chains of a CPU mesh solve: every sparse row's sum, compiled without
//! reassociation, is one add after another, so a row costs its adds times the core's add
//! latency (HPCG's reference SpMV and Gauss–Seidel; docs/accuracy.md, "Measured here"). The
//! term exists only for CPU solves, says it is latency-bound, follows the solve's memory time,
//! and its inputs are checked.

mod common;

use common::{scenario, sim_step, time_of};
use memcalc_core::speed::machine::Machine;
use memcalc_core::speed::sim::mesh::{hpcg_row_passes, Chain};
use memcalc_core::speed::MeshTerm;
use memcalc_core::{Bound, Speed, TermId, TermValues};

/// HPCG 64³ on one core of a Zen 4 CPU, as docs/accuracy.md's rows run it.
const HPCG_CPU: &str = "node=frontier&mode=sim&sim_device=cpu&nodes=1&ranks=1&host_bw=27.19&bw_eff=100&code=hpcg&cells=262144&rank_overhead=0&overhead=0&lin_iters=50&fp_add_ns=0.87&fp_div_ns=3.756";

fn chain(sp: &Speed) -> Option<Chain> {
    sp.terms.iter().find_map(|t| match t.values {
        TermValues::Mesh(MeshTerm::MeshChain(c)) => Some(c),
        _ => None,
    })
}

#[test]
fn hpcg_rows_sum_in_order_on_a_cpu() {
    let sp = time_of(HPCG_CPU);
    let c = chain(&sp).expect("a CPU HPCG solve has a chain term");
    let term = sp
        .terms
        .iter()
        .find(|t| t.id() == TermId::MeshChain)
        .unwrap();
    assert_eq!(term.bound, Bound::Latency);
    assert_eq!(term.bound.key(), "latency");
    // 64³ with levels of 32³, 16³, 8³: 6 row passes on the fine level (CG's SpMV, the
    // residual's and two sweeps of two), 5 on the middle ones, 2 on the coarsest.
    let (r0, r1, r2, r3) = (262_144.0, 32_768.0, 4_096.0, 512.0);
    assert_eq!(c.row_passes, 6.0 * r0 + 5.0 * r1 + 5.0 * r2 + 2.0 * r3);
    assert_eq!(c.sweep_rows, 4.0 * (r0 + r1 + r2) + 2.0 * r3);
    assert_eq!(c.per_row, 27.0);
    assert_eq!(c.chains, 1);
    assert_eq!(c.row_adds(), 27.0);
    assert_eq!(c.fp_add, 0.87e-9);
    assert_eq!(c.fp_div, 3.756e-9);
    assert!(c.source.is_none(), "both latencies were given");
    let per_iteration = c.row_passes * 27.0 * 0.87e-9 + c.sweep_rows * (0.87e-9 + 3.756e-9);
    let chain_s = 50.0 * per_iteration;
    assert!((term.time.seconds().unwrap() - chain_s).abs() < 1e-12);
    // The step is the solve's bytes plus the chains (measured: they add, not overlap).
    let solve = sp
        .terms
        .iter()
        .find(|t| t.id() == TermId::MeshSolve)
        .unwrap()
        .time
        .seconds()
        .unwrap();
    assert!((sim_step(&sp) - (solve + chain_s)).abs() < 1e-9 * sim_step(&sp));
}

#[test]
fn reassociated_sums_shorten_the_chain() {
    let one = chain(&time_of(HPCG_CPU)).unwrap();
    let four = chain(&time_of(&format!("{HPCG_CPU}&chains=4"))).unwrap();
    // 27 products over 4 partial sums: 7 adds each, then 2 to join them.
    assert_eq!(four.row_adds(), 9.0);
    assert!(four.time().seconds().unwrap() < one.time().seconds().unwrap());
    let eight = chain(&time_of(&format!("{HPCG_CPU}&chains=8"))).unwrap();
    assert_eq!(eight.row_adds(), 4.0 + 3.0);
}

#[test]
fn the_node_preset_gives_the_latency_by_default() {
    // Frontier's EPYC 7A53: Zen 3, ADDSD 3 cycles at 2.0 GHz = 1.5 ns; DIVSD 13 = 6.5 ns.
    let q = "node=frontier&mode=sim&sim_device=cpu&nodes=1&ranks=1&code=hpcg&cells=262144";
    let c = chain(&time_of(q)).unwrap();
    assert!((c.fp_add - 1.5e-9).abs() < 1e-18);
    assert!((c.fp_div - 6.5e-9).abs() < 1e-18);
    assert!(c.source.is_some_and(|s| s.contains("Agner Fog")));
    // A64FX's scalar FADD takes 4 cycles at 2.2 GHz (LLVM's model).
    let q = "node=fugaku&mode=sim&sim_device=cpu&nodes=1&ranks=1&code=hpcg&cells=262144";
    let c = chain(&time_of(q)).unwrap();
    assert!((c.fp_add - 4.0 / 2.2e9).abs() < 1e-18);
}

#[test]
fn gpu_solves_have_no_chain() {
    let q = "gpu=h100-80&mode=sim&sim_device=gpu&ranks=1&code=hpcg&cells=262144&lin_iters=50";
    let sp = time_of(q);
    assert!(chain(&sp).is_none(), "{:?}", sp.terms);
    assert!(sp.terms.iter().all(|t| t.bound != Bound::Latency));
}

#[test]
fn generic_cpu_solves_chain_their_spmv_and_their_factor() {
    // 1M hexahedral rows, 27 nonzeros each, CG without a preconditioner: one row sum a row
    // per iteration; ILU(0) reads its factor once more per iteration (a second pass).
    let base = "mode=sim&method=mesh&sim_device=cpu&cells=1M&element=hex8&dofs=1&solver=coupled&krylov=0&index_bytes=4&ranks=1&nodes=1&lin_iters=10&fp_add_ns=1";
    let none = chain(&time_of(&format!("{base}&precond=none"))).unwrap();
    assert_eq!(none.per_row, 27.0);
    assert!((none.row_passes - 1e6).abs() < 1.0, "{none:?}");
    assert_eq!(none.sweep_rows, 0.0);
    assert!((none.time().seconds().unwrap() - 10.0 * 27e6 * 1e-9).abs() < 1e-6);
    let jacobi = chain(&time_of(&format!("{base}&precond=jacobi"))).unwrap();
    assert_eq!(jacobi.row_passes, none.row_passes);
    let ilu = chain(&time_of(&format!("{base}&precond=ilu0"))).unwrap();
    assert!(ilu.row_passes > 1.9e6, "{ilu:?}");
}

#[test]
fn row_passes_follow_hpcgs_v_cycle() {
    assert_eq!(hpcg_row_passes(&[]), (0.0, 0.0));
    // One level: the CG's SpMV and one sweep (forward and back) on the coarsest = only level.
    assert_eq!(hpcg_row_passes(&[8.0]), (8.0 + 16.0, 16.0));
    assert_eq!(hpcg_row_passes(&[8.0, 1.0]), (6.0 * 8.0 + 2.0, 32.0 + 2.0));
}

#[test]
fn bad_latencies_and_chains_name_their_key() {
    for (key, bad) in [
        ("fp_add_ns", "0"),
        ("fp_add_ns", "-1"),
        ("fp_add_ns", "x"),
        ("fp_div_ns", "0"),
        ("chains", "-1"),
        ("chains", "65"),
        ("chains", "1.5"),
    ] {
        let (i, _) = memcalc_core::Inputs::from_query(&format!("{HPCG_CPU}&{key}={bad}"));
        let errs = i.parse().unwrap_err();
        assert!(
            errs.iter().any(|e| e.field.key() == key),
            "{key}={bad}: {errs:?}"
        );
    }
    // chains=0 is a code without dependent chains (an optimized HPCG): no chain term at all.
    let sp = time_of(&format!("{HPCG_CPU}&chains=0"));
    assert!(sp.terms.iter().all(|t| t.id() != TermId::MeshChain));
    assert!(time_of(HPCG_CPU)
        .terms
        .iter()
        .any(|t| t.id() == TermId::MeshChain));
    let mut s = scenario(HPCG_CPU);
    s.speed.fp_add_ps = Some(0);
    assert_eq!(Machine::of(&s).unwrap_err().field.key(), "fp_add_ns");
}

#[test]
fn the_words_name_the_latency_and_the_sums() {
    let sp = time_of(&format!("{HPCG_CPU}&chains=4"));
    let t = sp
        .terms
        .iter()
        .find(|t| t.id() == TermId::MeshChain)
        .unwrap();
    let f = memcalc_core::explain::speed::formula(t);
    assert!(f.contains("0.87 ns") && f.contains("3.76 ns"), "{f}");
    assert!(f.contains("× 9 adds"), "{f}");
    let e = memcalc_core::explain::speed::explanation(t);
    assert!(e.contains("4 partial sums"), "{e}");
    assert!(e.contains("one given (fp_add_ns, fp_div_ns)"), "{e}");
    assert!(memcalc_core::explain::speed::source(t).contains("ComputeSYMGS_ref.cpp"));
}
