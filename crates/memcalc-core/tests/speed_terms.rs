//! Every time term of a corpus of scenarios (the presets, the pinned links, every code profile,
//! `text_corpus.txt` and the few queries that show llama.cpp's launches and old kernel and a CPU
//! build's gathers): its values' family is the one its `terms!` row names, every declared term
//! shows up, and none of its words is empty.

use memcalc_core::catalog::codes::PROFILES;
use memcalc_core::explain::speed as words;
use memcalc_core::schema::presets::PRESETS;
use memcalc_core::{estimate, Choice, Inputs, TermId};

const LINKS: &str = include_str!("links_v1.txt");
const EXTRA: &str = include_str!("text_corpus.txt");
const MORE: &[&str] = &[
    "gpu=rtx3090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&seq=128&flash_attention=off&batch=1&cuda_graphs=off",
    "gpu=rtx3090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&seq=128&batch=1&flash_attention=off&cuda_graphs=off&mmvq_warps=1",
    // llama.cpp's k-quant kernel below the legacy formats' rate (issue 37, speed/kquant.rs).
    "gpu=rtx3090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q2_k&seq=128&batch=1",
    "node=frontier&mode=sim&sim_device=cpu&nodes=1&ranks=1&host_bw=27.19&bw_eff=100&code=hpcg&cells=262144&rank_overhead=0&overhead=0&lin_iters=50&fp_add_ns=0.87&fp_div_ns=3.756&chains=8&gather=on",
    // A CPU rank sharing its core: LAMMPS's "% CPU use" below 100 (issue 37, md_cpu_wait).
    "node=frontier&mode=sim&sim_device=cpu&method=particles&particles=32000&density=0.8442&cutoff=2.5&skin=0.3&nodes=1&ranks=1&host_bw=10&core_bw=10&core_flops=64&neigh_every=20&cpu_use=77.5",
    // Hybrid sharding's all-reduce across nodes (issue 37).
    "mode=train&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpus=128&zero=3&seq=4096&batch=1&sharding=hybrid",
    // Tensor parallelism's collectives overlapped with the products (issue 37).
    "mode=train&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpus=64&tp=8&sp=on&seq=4096&batch=1&tp_overlap=on",
    // FP8 training's attention in BF16 (issue 37).
    "mode=train&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpus=8&seq=4096&batch=1&dtype=fp8",
    // OpenFOAM's smoother sweeps (issue 37).
    "mode=sim&code=openfoam&cells=1000000&lin_iters=355&smooth_iters=220",
    // llama.cpp's prefill on an Apple GPU: the graph's other kernels (issue 37, speed/metal.rs).
    "gpu=m2-max-64&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&seq=512&prompt=512&batch=1",
];

fn queries() -> Vec<String> {
    let lines = |t: &'static str| {
        t.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
    };
    let mut q: Vec<String> = PRESETS.iter().map(|p| p.query.to_string()).collect();
    q.extend(lines(LINKS));
    for p in PROFILES {
        q.push(format!("v=2&mode=sim&code={}", p.code.id()));
        q.push(format!(
            "v=2&mode=sim&code={}&ranks=64&nodes=4",
            p.code.id()
        ));
    }
    q.extend(
        EXTRA
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(String::from),
    );
    q.extend(MORE.iter().map(|s| s.to_string()));
    q
}

#[test]
fn every_term_is_of_its_declared_family_and_has_all_its_words() {
    let mut seen = Vec::new();
    for q in queries() {
        let Ok(s) = Inputs::from_query(&q).0.parse() else {
            continue;
        };
        let Ok(Some(sp)) = memcalc_core::speed(&s, &estimate(&s)) else {
            continue;
        };
        for t in &sp.terms {
            let id = t.id();
            assert_eq!(t.values.family(), id.family(), "{q}: {id:?}");
            for (what, text) in [
                ("label", words::label(t).to_string()),
                ("formula", words::formula(t)),
                ("explanation", words::explanation(t)),
                ("source", words::source(t).to_string()),
            ] {
                assert!(!text.trim().is_empty(), "{q}: {id:?} has no {what}");
            }
            if !seen.contains(&id) {
                seen.push(id);
            }
        }
    }
    let missing: Vec<_> = TermId::ALL.iter().filter(|id| !seen.contains(id)).collect();
    assert!(
        missing.is_empty(),
        "terms the corpus never shows: {missing:?}"
    );
}
