//! Prints every time text (each term's key, bound, seconds, label, formula with the user's
//! numbers, explanation and source, and the headline time line) over the same corpus as
//! `texts`: every preset, every pinned v1 link, every code profile and `tests/text_corpus.txt`.
//! A change that moves the time words without changing them leaves this output identical:
//! `cargo run -q -p memcalc-core --example times > before.txt`, change, run again, diff.

use memcalc_core::catalog::codes::PROFILES;
use memcalc_core::explain::speed as words;
use memcalc_core::schema::presets::PRESETS;
use memcalc_core::{estimate, Choice, Inputs};

const LINKS: &str = include_str!("../tests/links_v1.txt");
const EXTRA: &str = include_str!("../tests/text_corpus.txt");

/// Terms the corpus above never shows (llama.cpp's launches and old quantized kernel, a CPU
/// build's gathers), from the tests that pin them.
const MORE: &[&str] = &[
    "gpu=rtx3090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&seq=128&flash_attention=off&batch=1&cuda_graphs=off",
    "gpu=h200&mode=infer&engine=llamacpp&model_id=mistralai/Mixtral-8x7B-v0.1&quant=q4_0&seq=512&batch=8",
    "gpu=rtx3090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&seq=128&batch=1&flash_attention=off&cuda_graphs=off&mmvq_warps=1",
    "node=frontier&mode=sim&sim_device=cpu&nodes=1&ranks=1&host_bw=27.19&bw_eff=100&code=hpcg&cells=262144&rank_overhead=0&overhead=0&lin_iters=50&fp_add_ns=0.87&fp_div_ns=3.756&chains=8&gather=on",
    "node=fugaku&mode=sim&sim_device=cpu&nodes=1&ranks=1&code=hpcg&cells=262144&lin_iters=50&gather=on",
];

fn print(query: &str) {
    println!("## {query}");
    let (inputs, _) = Inputs::from_query(query);
    let Ok(s) = inputs.parse() else {
        println!("error");
        return;
    };
    let e = estimate(&s);
    let speed = match memcalc_core::speed(&s, &e) {
        Ok(Some(speed)) => speed,
        Ok(None) => {
            println!("no time model");
            return;
        }
        Err(err) => {
            println!("speed error: {err}");
            return;
        }
    };
    println!("time: {}", words::summary(&speed));
    for t in &speed.terms {
        println!(
            "{} {} {:?}\n  label: {}\n  formula: {}\n  decimal: {}\n  explanation: {}\n  source: {}",
            t.id().key(),
            t.bound.key(),
            t.time.seconds(),
            words::label(t),
            words::formula(t),
            words::formula_in(t, memcalc_core::units::UnitSystem::Decimal),
            words::explanation(t),
            words::source(t),
        );
    }
}

fn main() {
    for p in PRESETS {
        print(p.query);
    }
    for line in LINKS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        print(line.split_whitespace().next().unwrap_or(""));
    }
    for p in PROFILES {
        print(&format!("v=2&mode=sim&code={}", p.code.id()));
        print(&format!(
            "v=2&mode=sim&code={}&ranks=64&nodes=4",
            p.code.id()
        ));
    }
    for q in EXTRA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        print(q);
    }
    for q in MORE {
        print(q);
    }
}
