//! Hand-computed and published figures for model-state memory.

mod common;

use common::{est, expect_part, model_states, part};
use memcalc_core::explain::parts;
use memcalc_core::PartId;
use memcalc_core::{estimate, Scenario};

#[test]
fn seven_billion_mixed_precision_adamw_is_16_bytes_per_parameter() {
    // 7e9 × (2 weights + 4 master + 2 gradients + 8 moments) = 112e9 B.
    let e = est("params=7B&dtype=bf16&optimizer=adamw&mode=train");
    assert_eq!(expect_part(&e, PartId::Weights), 14_000_000_000);
    assert_eq!(expect_part(&e, PartId::MasterWeights), 28_000_000_000);
    assert_eq!(expect_part(&e, PartId::Gradients), 14_000_000_000);
    assert_eq!(expect_part(&e, PartId::Optimizer), 56_000_000_000);
    assert_eq!(model_states(&e), 112_000_000_000);
}

#[test]
fn fp32_gradients_give_the_18_bytes_of_megatron_and_hugging_face() {
    assert_eq!(
        model_states(&est("params=7B&grad_dtype=fp32")),
        126_000_000_000
    );
}

#[test]
fn zero_paper_figure_1_baseline() {
    // ZeRO (arXiv:1910.02054) Figure 1: Ψ = 7.5B, K = 12, baseline (2 + 2 + K)Ψ = 120 GB.
    assert_eq!(
        model_states(&est("params=7.5B&dtype=fp16&optimizer=adam")),
        120_000_000_000
    );
}

#[test]
fn zero_paper_section_3_gpt2_1_5b_needs_24_gb() {
    // ZeRO section 3.1: "a 1.5B parameter GPT-2 ... requires at least 24 GB" of model states.
    assert_eq!(
        model_states(&est("params=1.5B&dtype=fp16&optimizer=adam")),
        24_000_000_000
    );
}

#[test]
fn transformer_math_101_bytes_per_parameter() {
    // EleutherAI Transformer Math 101: AdamW 12, 8-bit Adam 6 (with the fp32 copy), SGD+momentum 8.
    let per = |q: &str| {
        let e = est(q);
        (expect_part(&e, PartId::MasterWeights) + expect_part(&e, PartId::Optimizer)) as f64 / 1e9
    };
    assert_eq!(per("params=1B&optimizer=adamw"), 12.0);
    // 6 B plus the block scales: one FP32 absmax per 256 values and state, 8/256 B.
    assert!(
        (per("params=1B&optimizer=adam8bit") - (6.0 + 8.0 / 256.0)).abs() < 0.001,
        "{}",
        per("params=1B&optimizer=adam8bit")
    );
    assert_eq!(per("params=1B&optimizer=momentum"), 8.0);
}

#[test]
fn eight_bit_adam_counts_its_block_scales() {
    // 2 states × (1 B per value + one 4 B scale per 256 values, bitsandbytes
    // optim/optimizer.py `blocks = n // 256`); 4096 params = 16 blocks.
    assert_eq!(
        expect_part(&est("params=4096&optimizer=adam8bit"), PartId::Optimizer),
        2 * (4096 + 16 * 4)
    );
    assert_eq!(
        expect_part(&est("params=4097&optimizer=adam8bit"), PartId::Optimizer),
        2 * (4097 + 17 * 4)
    );
}

#[test]
fn pure_fp32_training_has_no_master_copy() {
    let e = est("params=1B&dtype=fp32&optimizer=adamw");
    assert_eq!(part(&e, PartId::MasterWeights).unwrap_or(0), 0);
    assert_eq!(model_states(&e), 16_000_000_000);
}

#[test]
fn low_precision_without_mixed_keeps_states_in_that_precision() {
    let e = est("params=1B&dtype=bf16&mixed=off&optimizer=adamw");
    assert_eq!(part(&e, PartId::MasterWeights).unwrap_or(0), 0);
    assert_eq!(expect_part(&e, PartId::Optimizer), 4_000_000_000);
}

#[test]
fn inference_has_no_training_state() {
    let e = est("mode=infer&params=7B&dtype=fp16&overhead=10&runtime=512");
    let ids: Vec<PartId> = e.components.iter().map(|c| c.id).collect();
    assert_eq!(
        ids,
        [
            PartId::Weights,
            PartId::Activations,
            PartId::KvCache,
            PartId::Logits,
            PartId::Overhead,
            PartId::Runtime
        ]
    );
    assert_eq!(expect_part(&e, PartId::Weights), 14_000_000_000);
}

#[test]
fn total_is_the_sum_of_the_parts_not_their_max() {
    let e = estimate(&Scenario::default());
    let sum: u64 = e.components.iter().map(|c| c.bytes).sum();
    assert_eq!(e.per_device_bytes, sum);
    let tensors: u64 = e
        .components
        .iter()
        .filter(|c| c.id != PartId::Overhead && c.id != PartId::Runtime)
        .map(|c| c.bytes)
        .sum();
    assert_eq!(expect_part(&e, PartId::Overhead), tensors / 10);
    assert!(tensors > 112_000_000_000, "model states plus activations");
    assert!(
        !e.fits(),
        "7B full AdamW training does not fit one 80 GB H100"
    );
}

#[test]
fn custom_device_memory_overrides_the_preset() {
    let e = est("mode=infer&params=1B&gpu_mem=8");
    assert_eq!(e.capacity_bytes, 8 << 30);
    assert!(e.fits());
}

#[test]
fn every_formula_shows_the_result_it_sums_to() {
    let e = estimate(&Scenario::default());
    for c in &e.components {
        let formula = parts::formula(c);
        let digits: String = formula
            .rsplit('=')
            .next()
            .unwrap()
            .chars()
            .filter(|c| c.is_ascii_digit())
            .collect();
        assert_eq!(digits, c.bytes.to_string(), "{}: {formula}", c.id);
        assert!(!parts::explanation(c).is_empty() && !parts::source(c).is_empty());
    }
}
