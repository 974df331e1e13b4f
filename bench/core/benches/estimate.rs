//! Time per estimate and per 1,000-point sweep. Run: `bench/run-core.sh`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use memcalc_core::analysis::derived::derive;
use memcalc_core::explain::parts;
use memcalc_core::{estimate, Inputs, Scenario};

fn scenario(q: &str) -> Scenario {
    Inputs::from_query(q).0.parse().unwrap()
}

fn benches(c: &mut Criterion) {
    let cases = [
        ("default_7b_training", "params=7B"),
        ("llama2_70b_tp8_pp4", "params=&layers=80&hidden=8192&heads=64&kv_heads=8&ffn=28672&vocab=32000&gpus=256&tp=8&pp=4&zero=1&recompute=selective&seq=4096"),
        ("inference_llama3_8b", "mode=infer&params=&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256&seq=8192&batch=16"),
        ("sim_grid_1024_ranks", "mode=sim&method=grid&nx=1440&ny=721&nz=137&ranks=1024&nodes=16"),
        ("sim_particles_lammps", "mode=sim&method=particles&particles=32000&density=0.8442&cutoff=2.5&skin=0.3&ranks=4"),
    ];
    for (name, q) in cases {
        let s = scenario(q);
        c.bench_function(&format!("estimate/{name}"), |b| b.iter(|| estimate(black_box(&s))));
        c.bench_function(&format!("bytes/{name}"), |b| b.iter(|| memcalc_core::bytes(black_box(&s))));
    }
    // What the page writes for a shown breakdown: every row's label and formula (the table), and
    // with the folds opened every row's question, explanation and source.
    for (name, q) in cases {
        let s = scenario(q);
        c.bench_function(&format!("shown/{name}"), |b| {
            b.iter(|| {
                let e = estimate(black_box(&s));
                e.components.iter().map(|c| parts::label(c).len() + parts::formula(c).len()).sum::<usize>()
            })
        });
        c.bench_function(&format!("all_texts/{name}"), |b| {
            b.iter(|| {
                let e = estimate(black_box(&s));
                e.components
                    .iter()
                    .map(|c| {
                        parts::label(c).len()
                            + parts::formula(c).len()
                            + parts::question(c).len()
                            + parts::explanation(c).len()
                            + parts::source(c).len()
                    })
                    .sum::<usize>()
            })
        });
    }
    let s = scenario("params=7B");
    c.bench_function("parse_and_estimate/link", |b| {
        b.iter(|| estimate(&Inputs::from_query(black_box("v=1&params=13B&optimizer=adam8bit&gpus=8&zero=2")).0.parse().unwrap()))
    });
    c.bench_function("derive/7b_training", |b| b.iter(|| derive(black_box(&s))));
    c.bench_function("scaling/7b_training_batch", |b| b.iter(|| memcalc_core::analysis::scaling::scaling(black_box(&s))));
    let sim = scenario("preset=atmosphere-25km");
    c.bench_function("scaling/atmosphere_nodes", |b| b.iter(|| memcalc_core::analysis::scaling::scaling(black_box(&sim))));
    c.bench_function("faq/7b_training", |b| {
        let e = estimate(&s);
        b.iter(|| memcalc_core::explain::faq::faq(black_box(&s), &e, memcalc_core::units::UnitSystem::Binary))
    });
    c.bench_function("sweep/1000_batch_sizes", |b| {
        b.iter(|| (1..=1000u64).map(|batch| estimate(&Scenario { batch, ..s }).per_device_bytes).sum::<u64>())
    });
}

criterion_group!(all, benches);
criterion_main!(all);
