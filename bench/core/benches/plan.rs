//! The planner (issue 41): one goal's whole search, native. Run: `bench/run-core.sh`.
//! The page's target is under 150 ms for at least 2,000 candidates (docs/performance.md).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use memcalc_core::analysis::plan::{plan, Goal};
use memcalc_core::{Inputs, Scenario};

fn scenario(q: &str) -> Scenario {
    Inputs::from_typed_query(q).0.parse().unwrap()
}

fn plans(c: &mut Criterion) {
    let cases = [
        // The page's case (docs/performance.md): 70B on every GPU of the catalog, 84,604 setups.
        ("train_70b_all_gpus_24h", "params=70B&mode=train&seq=4096", "plan_tokens=20B&plan_deadline_h=24"),
        // Training: every GPU of the catalog × 1 to 1,024 GPUs × every Megatron layout.
        ("train_7b_all_gpus", "params=7B&seq=4096&framework=megatron", "plan_tokens=20B&plan_deadline_h=72"),
        // Training on four GPU types × 1 to 1,024 GPUs × every Megatron layout.
        ("train_7b_four_gpus", "params=7B&seq=4096&framework=megatron", "plan_tokens=20B&plan_deadline_h=72&plan_devices=h100-80,h200,b200,mi300x"),
        // Training on "my cluster": 64 H100s.
        ("train_70b_cluster", "params=70B&seq=4096&framework=megatron", "plan_tokens=20B&plan_cluster=h100-80:64"),
        // Serving: every GPU × TP 1–8 × replicas up to 1,024 GPUs.
        ("serve_70b_all_gpus", "mode=infer&params=70B&engine=vllm&prompt=1024&seq=2048", "plan_users=64&plan_tpot_ms=50&plan_ttft_ms=1000"),
        // Simulation: every CPU node type × 1 to 1,024 nodes.
        ("sim_lbm_nodes", "mode=sim&method=lbm&nx=1024&ny=1024&nz=1024&nodes=8&ranks=512", "plan_steps=10000&plan_deadline_h=2"),
    ];
    for (name, q, goal) in cases {
        let s = scenario(q);
        let g = Goal::from_query(goal, &s).unwrap().unwrap();
        let p = plan(&s, g.clone());
        eprintln!("{name}: {} setups evaluated, {} fit", p.evaluated, p.fitting.len());
        c.bench_function(&format!("plan/{name}"), |b| b.iter(|| plan(black_box(&s), g.clone())));
    }
}

criterion_group!(benches, plans);
criterion_main!(benches);
