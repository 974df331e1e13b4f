//! Expert parallelism (issue 38): the routed experts divided over the expert-parallel ranks
//! instead of sliced on every GPU — vLLM's and SGLang's `--enable-expert-parallel` (ep = tp ×
//! dp, whole experts per GPU) and Megatron-Core's `expert_model_parallel_size` (ep ranks in
//! the data-parallel dimension, each expert still split over tp) — with the all-to-all of the
//! tokens in the time model and errors for groups that do not fit.

mod common;

use common::{est, expect_part, scenario};
use memcalc_core::{Inputs, PartId};

/// Qwen3-30B-A3B: 48 MoE layers of 128 experts (768 wide, gated), top 8.
const QWEN3_MOE: &str = "model_id=Qwen/Qwen3-30B-A3B";
const EXPERT: u64 = 3 * 2048 * 768;

fn errors(q: &str) -> Vec<(String, String)> {
    match Inputs::from_query(q).0.parse() {
        Ok(_) => Vec::new(),
        Err(e) => e
            .iter()
            .map(|e| (e.key().to_string(), e.message.clone()))
            .collect(),
    }
}

#[test]
fn vllm_expert_parallel_holds_whole_experts_over_tp_times_dp() {
    let q = |ep: u64| {
        format!("v=4&mode=infer&engine=vllm&{QWEN3_MOE}&gpus=8&tp=2&gpu=h100-80&seq=8192&ep={ep}")
    };
    let (off, on) = (est(&q(1)), est(&q(8)));
    let w = |e: &memcalc_core::Estimate| expect_part(e, PartId::Weights);
    // Without: each GPU a half of all 128 experts of 48 layers; with: 16 whole experts each.
    let sliced = 48 * 128 * EXPERT / 2 * 2;
    let whole = 48 * 16 * EXPERT * 2;
    assert_eq!(
        w(&off) - w(&on),
        sliced - whole,
        "{} vs {}",
        w(&off),
        w(&on)
    );
    // The pool gains what the experts gave back.
    assert!(expect_part(&on, PartId::KvCache) > expect_part(&off, PartId::KvCache));
}

#[test]
fn megatron_expert_parallel_divides_unsharded_states_and_leaves_zero_shards() {
    let q = |ep: u64, zero: u8| {
        format!("v=4&mode=train&{QWEN3_MOE}&gpus=8&ep={ep}&zero={zero}&optimizer=adamw&dtype=bf16&seq=4096")
    };
    let (off, on) = (est(&q(1, 0)), est(&q(8, 0)));
    let experts = 48 * 128 * EXPERT;
    // Weights in BF16: 7/8 of the experts leave each GPU; gradients likewise; Adam's two FP32
    // moments and the FP32 master copy too.
    assert_eq!(
        expect_part(&off, PartId::Weights) - expect_part(&on, PartId::Weights),
        experts / 8 * 7 * 2
    );
    assert!(expect_part(&on, PartId::Optimizer) < expect_part(&off, PartId::Optimizer) / 2);
    // With the distributed optimizer (ZeRO-1) the expert states are sharded over dp ÷ ep
    // expert-data-parallel ranks: the same bytes as without expert parallelism.
    let (z_off, z_on) = (est(&q(1, 1)), est(&q(8, 1)));
    assert_eq!(
        expect_part(&z_off, PartId::Optimizer),
        expect_part(&z_on, PartId::Optimizer)
    );
    assert!(expect_part(&z_on, PartId::Weights) < expect_part(&z_off, PartId::Weights));
}

#[test]
fn expert_groups_that_do_not_fit_name_the_field_and_the_allowed_values() {
    // Megatron: ep divides dp (8) and the experts (128).
    let e = errors(&format!("v=4&mode=train&{QWEN3_MOE}&gpus=8&ep=3"));
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].0, "ep");
    assert!(e[0].1.contains("allowed values 1, 2, 4, 8"), "{}", e[0].1);
    // vLLM: the group is tp × dp.
    let e = errors(&format!(
        "v=4&mode=infer&engine=vllm&{QWEN3_MOE}&gpus=8&tp=2&ep=4"
    ));
    assert_eq!(e[0].0, "ep");
    assert!(e[0].1.contains("allowed values 1 or 8"), "{}", e[0].1);
    // Not an engine with expert parallelism, nor a mixture of experts.
    let e = errors(&format!("v=4&mode=infer&engine=hf&{QWEN3_MOE}&gpus=2&ep=2"));
    assert_eq!(e[0].0, "ep");
    let e = errors("v=4&mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=8&ep=2");
    assert!(e[0].1.contains("allowed value 1"), "{}", e[0].1);
    // ep=1 is always fine, and the key survives the link.
    let s = scenario(&format!("v=4&mode=train&{QWEN3_MOE}&gpus=8&ep=4"));
    assert_eq!(s.parallel.ep, 4);
    assert!(s.to_query().contains("ep=4"));
}

#[cfg(feature = "time")]
#[test]
fn the_all_to_all_of_the_tokens_is_a_time_term() {
    use memcalc_core::TermId;
    let base = format!("v=4&mode=train&{QWEN3_MOE}&gpus=8&gpu=h100-80&seq=4096&batch=1");
    let on = common::time_of(&format!("{base}&ep=8"));
    let off = common::time_of(&base);
    assert!(off.terms.iter().all(|t| t.id() != TermId::ExpertAllToAll));
    let t = common::term(&on, TermId::ExpertAllToAll);
    // 4 all-to-alls × 48 layers × 4096 tokens × 8 experts × 2048 × 2 B × 7/8 per micro-batch.
    let memcalc_core::TermValues::Neural(memcalc_core::speed::NeuralTerm::ExpertAllToAll {
        transfer,
        ..
    }) = t.values
    else {
        panic!("{t:?}")
    };
    let per_micro = 4.0 * 48.0 * 4096.0 * 8.0 * 2048.0 * 2.0 * 7.0 / 8.0;
    assert!(
        (transfer.bytes / per_micro).fract() == 0.0,
        "{}",
        transfer.bytes
    );
    let serve = common::time_of(&format!(
        "v=4&mode=infer&engine=vllm&{QWEN3_MOE}&gpus=8&tp=2&gpu=h100-80&seq=8192&batch=64&ep=8"
    ));
    common::term(&serve, TermId::ExpertAllToAll);
}
