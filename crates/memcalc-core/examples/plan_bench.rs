//! The planner's search (issue 41), timed natively: each goal's whole `plan`, best and median of
//! several runs, with the setups evaluated and a fingerprint of the answer (its front and picks),
//! so that a change of the search can be checked to give the same answer.
//! Run: `cargo run --release -p memcalc-core --example plan_bench [runs = 7]`
//! (figures in docs/performance.md, "The planner (issue 41)").

use memcalc_core::analysis::plan::{plan, Goal};
use memcalc_core::{Inputs, Scenario};
use std::time::Instant;

/// (name, scenario query, goal keys): the page's case first (docs/performance.md: 84,604 setups
/// over every device took the release core wasm 498 ms).
pub const CASES: &[(&str, &str, &str)] = &[
    (
        "train_70b_all_gpus_24h",
        "params=70B&mode=train&seq=4096",
        "plan_tokens=20B&plan_deadline_h=24",
    ),
    (
        "train_7b_all_gpus",
        "params=7B&seq=4096&framework=megatron",
        "plan_tokens=20B&plan_deadline_h=72",
    ),
    (
        "train_7b_four_gpus",
        "params=7B&seq=4096&framework=megatron",
        "plan_tokens=20B&plan_deadline_h=72&plan_devices=h100-80,h200,b200,mi300x",
    ),
    (
        "train_70b_cluster",
        "params=70B&seq=4096&framework=megatron",
        "plan_tokens=20B&plan_cluster=h100-80:64",
    ),
    (
        "serve_8b_64_users",
        "mode=infer&model_id=meta-llama/Llama-3.1-8B&seq=2048&prompt=1024",
        "plan_users=64&plan_tpot_ms=50&plan_ttft_ms=1000",
    ),
    (
        "serve_70b_all_gpus",
        "mode=infer&params=70B&engine=vllm&prompt=1024&seq=2048",
        "plan_users=64&plan_tpot_ms=50&plan_ttft_ms=1000",
    ),
    (
        "sim_lbm_nodes",
        "mode=sim&method=lbm&nx=1024&ny=1024&nz=1024&nodes=8&ranks=512",
        "plan_steps=10000&plan_deadline_h=2",
    ),
];

fn scenario(q: &str) -> Scenario {
    Inputs::from_typed_query(q).0.parse().unwrap()
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(7);
    let only = std::env::args().nth(2);
    for (name, q, goal) in CASES {
        if only.as_deref().is_some_and(|o| !name.contains(o)) {
            continue;
        }
        let s = scenario(q);
        let g = Goal::from_query(goal, &s).unwrap().unwrap();
        let mut times = Vec::new();
        let mut p = None;
        for _ in 0..runs.max(1) {
            let t = Instant::now();
            let r = plan(&s, g.clone());
            times.push(t.elapsed().as_secs_f64() * 1e3);
            p = Some(r);
        }
        let p = p.unwrap();
        times.sort_by(f64::total_cmp);
        let named = |i: Option<usize>| i.map(|i| p.fitting[i].query.clone()).unwrap_or_default();
        let front: Vec<String> = p
            .front
            .iter()
            .map(|&i| p.fitting[i].query.clone())
            .collect();
        let mut h = std::collections::hash_map::DefaultHasher::new();
        std::hash::Hash::hash(
            &(
                front,
                named(p.cheapest),
                named(p.fastest),
                format!("{:?}", p.binding),
                p.closest.as_ref().map(|c| c.query.clone()),
            ),
            &mut h,
        );
        println!(
            "{name:24} evaluated {:>7} fit {:>6} front {:>3}  best {:>8.2} ms  median {:>8.2} ms  answer {:016x}",
            p.evaluated,
            p.fitting.len(),
            p.front.len(),
            times[0],
            times[times.len() / 2],
            std::hash::Hasher::finish(&h)
        );
    }
}
