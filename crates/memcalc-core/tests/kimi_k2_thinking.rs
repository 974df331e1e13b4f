//! Kimi K2 Thinking ships with its routed experts in INT4 (issue 38: `quant=int4_experts`,
//! config.json quantization_config compressed-tensors, num_bits 4, group_size 32, every other
//! module in `ignore`), and Kimi K2 0905 in FP8 with a 256k context.

mod common;

use common::expect_part;
use memcalc_core::catalog::quant::Quant;
use memcalc_core::catalog::{model_by_id, shipped_format};
use memcalc_core::{estimate, Inputs, PartId};

fn typed(q: &str) -> memcalc_core::scenario::Scenario {
    let (i, notices) = Inputs::from_typed_query(q);
    assert!(notices.is_empty(), "{q}: {notices:?}");
    i.parse().unwrap_or_else(|e| panic!("{q}: {e:?}"))
}

#[test]
fn kimi_k2_thinking_counts_int4_experts_and_bf16_for_the_rest() {
    assert_eq!(
        shipped_format("moonshotai/Kimi-K2-Thinking"),
        Some(Quant::Int4Experts)
    );
    assert_eq!(
        shipped_format("moonshotai/Kimi-K2-Instruct-0905"),
        Some(Quant::Fp8Block)
    );
    let a = model_by_id("moonshotai/Kimi-K2-Thinking").unwrap().arch;
    assert_eq!(a.max_context, 262_144);
    assert_eq!(
        model_by_id("moonshotai/Kimi-K2-Instruct-0905")
            .unwrap()
            .arch
            .max_context,
        262_144
    );
    let s =
        typed("mode=infer&model_id=moonshotai/Kimi-K2-Thinking&gpu=h200&gpus=8&tp=8&engine=vllm");
    assert_eq!(s.quant, Quant::Int4Experts);
    let e = estimate(&s);
    let w = expect_part(&e, PartId::Weights) * 8;
    // 60 MoE layers × 384 experts × 3 × 7168 × 2048 routed-expert weights at 4 + 16/32 bits,
    // everything else (attention, the shared experts, the dense first layer, routers,
    // embeddings and head) in BF16.
    let experts: u64 = 60 * 384 * 3 * 7168 * 2048;
    let total = a.total_params();
    let want = experts * 9 / 16 + (total - experts) * 2;
    assert!(w.abs_diff(want) * 1000 <= want, "{w} against {want}");
    // By this count about 594 GB in all: it fits 8 × H200 as it ships, which BF16 (2 TB) does
    // not.
    assert!((590e9..600e9).contains(&(want as f64)), "{want}");
    assert!(e.fits(), "Kimi K2 Thinking as it ships on 8 × H200");
    let bf16 = estimate(&typed(
        "mode=infer&model_id=moonshotai/Kimi-K2-Thinking&gpu=h200&gpus=8&tp=8&engine=vllm&quant=none",
    ));
    assert!(!bf16.fits());
    // The weights row names what is left unquantized.
    let c = e.component(PartId::Weights).unwrap();
    let words = memcalc_core::explain::parts::explanation(c);
    assert!(words.contains("all but the routed experts"), "{words}");
    // A link naming the format keeps it.
    let (i, _) = Inputs::from_query("mode=infer&params=8B&quant=int4_experts");
    assert_eq!(i.parse().unwrap().quant, Quant::Int4Experts);
}
