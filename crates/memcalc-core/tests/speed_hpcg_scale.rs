//! HPCG across many ranks: each CG iteration's three dot products end in an all-reduce that
//! the iteration waits for (HPCG `ComputeDotProduct_ref.cpp`), so the step pays their latency
//! on top of the memory-bound kernels: nothing on one rank, more with every doubling of the
//! nodes, and the same whatever the bandwidth.

mod common;

use common::{sim_step, time_of};
use memcalc_core::{Speed, TermId, TermValues};

fn seconds(sp: &Speed, id: TermId) -> Option<f64> {
    sp.terms
        .iter()
        .find(|t| t.id() == id)
        .map(|t| t.time.seconds().expect("finite"))
}

/// 64³ per rank, `nodes` Fugaku nodes of `per_node` ranks.
fn fugaku(nodes: u64, per_node: u64) -> String {
    let ranks = nodes * per_node;
    format!(
        "node=fugaku&mode=sim&sim_device=cpu&code=hpcg&lin_iters=50&chains=0&nodes={nodes}&ranks={ranks}&cells={}",
        ranks * 64 * 64 * 64
    )
}

#[test]
fn one_rank_pays_no_all_reduce() {
    let sp = time_of(&fugaku(1, 1));
    assert_eq!(seconds(&sp, TermId::SolveAllReduce), None);
}

#[test]
fn all_reduces_follow_the_kernels() {
    let sp = time_of(&fugaku(1024, 4));
    let solve = seconds(&sp, TermId::MeshSolve).unwrap();
    let dots = seconds(&sp, TermId::SolveAllReduce).unwrap();
    // The iteration waits for each all-reduce: the step is the kernels plus the reductions
    // (the halo, overlapped, is shorter than both here).
    assert!((sim_step(&sp) - (solve + dots)).abs() < 1e-12 * sim_step(&sp));
    let t = sp
        .terms
        .iter()
        .find(|t| t.id() == TermId::SolveAllReduce)
        .unwrap();
    let TermValues::SolveAllReduce(d) = t.values else {
        panic!("{:?}", t.values);
    };
    // 1,024 nodes: 10 rounds over the network; 4 ranks a node: 2 through shared memory.
    assert_eq!((d.net_rounds, d.node_rounds, d.per_iteration), (10, 2, 3));
    assert_eq!(d.iterations, 50);
    let each = 10.0 * 2.7e-6 + 2.0 * 0.6e-6;
    assert!((dots - 150.0 * each).abs() < 1e-12, "{dots}");
}

#[test]
fn latency_grows_with_the_nodes_not_the_grid() {
    let small = seconds(&time_of(&fugaku(16, 4)), TermId::SolveAllReduce).unwrap();
    let large = seconds(&time_of(&fugaku(16_384, 4)), TermId::SolveAllReduce).unwrap();
    // 4 → 14 rounds across nodes.
    assert!(large > 3.0 * small, "{small} {large}");
    // The same ranks with 8× the grid per rank: the same all-reduces, a longer solve.
    let base = "node=fugaku&mode=sim&sim_device=cpu&code=hpcg&lin_iters=50&nodes=64&ranks=256";
    let a = time_of(&format!("{base}&cells={}", 256 * 64 * 64 * 64));
    let b = time_of(&format!("{base}&cells={}", 256 * 128 * 128 * 128));
    assert_eq!(
        seconds(&a, TermId::SolveAllReduce),
        seconds(&b, TermId::SolveAllReduce)
    );
    assert!(seconds(&b, TermId::MeshSolve) > seconds(&a, TermId::MeshSolve));
}

#[test]
fn gpus_in_one_node_reduce_over_their_links() {
    let sp = time_of(
        "gpu=gh200&mode=sim&sim_device=gpu&ranks=4&nodes=1&code=hpcg&cells=16777216&lin_iters=50",
    );
    let t = sp
        .terms
        .iter()
        .find(|t| t.id() == TermId::SolveAllReduce)
        .expect("four ranks reduce");
    let TermValues::SolveAllReduce(d) = t.values else {
        panic!("{:?}", t.values);
    };
    assert_eq!((d.net_rounds, d.node_rounds), (0, 2));
    let words = memcalc_core::explain::speed::formula(t);
    assert!(words.contains("3 all-reduces"), "{words}");
}

#[test]
fn only_hpcg_solves_pay_the_term_for_now() {
    // A generic mesh solve's Krylov method is not HPCG's CG; its reductions are not modelled
    // yet (the solve's explanation says so), so the term must not appear there silently.
    let sp = time_of("mode=sim&method=mesh&code=openfoam&cells=1M&ranks=4");
    assert_eq!(seconds(&sp, TermId::SolveAllReduce), None);
    assert!(seconds(&sp, TermId::MeshSolve).is_some());
}
