//! Training memory as frameworks do it now (issue 38): Megatron-Core's offloading of a given
//! number of layers' activations, and Unsloth's tiled MLP under full recomputation.

mod common;

use common::{est, expect_part, part};
use memcalc_core::{Inputs, PartId};

const BASE: &str = "v=5&mode=train&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&seq=8192&batch=1";

#[test]
fn megatron_offloads_only_the_layers_it_is_told_to() {
    let all = est(&format!("{BASE}&act_offload=on"));
    let none = est(BASE);
    let stored = expect_part(&none, PartId::Activations);
    // 16 of 32 layers offloaded: half the saved activations stay on the device.
    let half = est(&format!("{BASE}&act_offload=on&offload_layers=16"));
    let kept = expect_part(&half, PartId::Activations);
    assert!(kept > expect_part(&all, PartId::Activations));
    assert!(
        kept.abs_diff(stored / 2) <= stored / 100,
        "{kept} against {stored}"
    );
    assert_eq!(
        kept + expect_part(&half, PartId::ActivationsOffloaded),
        stored
    );
    // 31 of 32: the same as offloading all but the layer being computed.
    let most = est(&format!("{BASE}&act_offload=on&offload_layers=31"));
    assert_eq!(
        expect_part(&most, PartId::Activations),
        expect_part(&all, PartId::Activations)
    );
}

#[test]
fn offload_layers_names_its_limits() {
    for (q, says) in [
        ("&offload_layers=4", "act_offload=on"),
        (
            "&act_offload=on&offload_layers=32",
            "below the model's layers (32)",
        ),
        ("&tiled_mlp=4", "recompute=full"),
    ] {
        let (i, _) = Inputs::from_query(&format!("{BASE}{q}"));
        let e = i.parse().expect_err(q);
        assert!(e.iter().any(|e| e.message.contains(says)), "{q}: {e:?}");
    }
}

#[test]
fn tiled_mlp_shrinks_the_recomputed_layer() {
    // Unsloth's own setting: LoRA, its offloaded checkpoints (recompute=full, act_offload) and
    // its fused loss, which leaves the recomputed layer as the peak.
    let q = "v=5&mode=finetune&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&seq=8192&batch=1&framework=unsloth&lora_rank=16";
    let plain = est(q);
    let tiled = est(&format!("{q}&tiled_mlp=2"));
    // Llama 3.1 8B: the gated MLP's 3 × 14,336 values per token in BF16 over 8,192 tokens, of
    // which a tile of half exists at a time.
    let mlp = 8192 * 3 * 14_336 * 2u64;
    assert_eq!(
        expect_part(&plain, PartId::Activations) - expect_part(&tiled, PartId::Activations),
        mlp / 2
    );
    // Without recomputation it is not a setting (the error above); nothing else moves.
    assert_eq!(part(&tiled, PartId::Weights), part(&plain, PartId::Weights));
}

// --- context parallelism ---

const CP: &str = "v=5&mode=train&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpus=8&seq=65536&zero=3&recompute=full";

#[test]
fn context_parallelism_splits_the_sequence_and_adds_the_ring() {
    let one = est(CP);
    let eight = est(&format!("{CP}&cp=8"));
    // Layer inputs and logits of 65,536 ÷ 8 tokens on each GPU.
    let short = est(&CP.replace("seq=65536", "seq=8192"));
    assert_eq!(
        expect_part(&eight, PartId::Logits),
        expect_part(&short, PartId::Logits)
    );
    assert!(expect_part(&eight, PartId::Activations) < expect_part(&one, PartId::Activations));
    // Two K, V blocks of one layer: 2 × (2 × 8 KV heads × 128) × 8,192 tokens × 2 B.
    assert_eq!(expect_part(&eight, PartId::CpBuffers), 2 * 2048 * 8192 * 2);
    assert_eq!(part(&one, PartId::CpBuffers), None);
    // ZeRO still shards over all 8 ranks.
    assert_eq!(
        expect_part(&eight, PartId::Optimizer),
        expect_part(&one, PartId::Optimizer)
    );
}

#[test]
fn cp_names_what_it_must_divide() {
    for (q, says) in [
        (format!("{CP}&cp=3"), "allowed values 1, 2, 4, 8"),
        (
            format!("{}&cp=8", CP.replace("seq=65536", "seq=65528")),
            "multiple of 2 × cp = 16",
        ),
        (
            "v=5&mode=infer&params=8B&gpus=2&cp=2".to_string(),
            "allowed value 1 when serving",
        ),
    ] {
        let (i, _) = Inputs::from_query(&q);
        let e = i.parse().expect_err(&q);
        assert!(e.iter().any(|e| e.message.contains(says)), "{q}: {e:?}");
    }
}
