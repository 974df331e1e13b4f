//! Mechanisms of real training stacks that the textbook terms miss: where ZeRO-Offload keeps the
//! gradients, the loss's precision, a full state-dict save, and quantized checkpoints' 16-bit
//! modules. Each test fails without its mechanism.

mod common;

use common::{est, expect_part};
use memcalc_core::{Location, PartId};

/// The ZeRO-Offload tutorial's 10-billion-parameter GPT-2 (Megatron-LM, 50 layers, hidden 4096,
/// 32 heads, batch 10, activation checkpointing) on one 32 GB V100 with ZeRO stage 2 and
/// `offload_optimizer: cpu` (DeepSpeed docs/_tutorials/zero-offload.md).
const TUTORIAL_10B: &str = "mode=train&layers=50&hidden=4096&heads=32&vocab=50257&mlp=standard&norm=layernorm&learned_pos=1024&seq=1024&batch=10&recompute=full&dtype=fp16&gpu=v100-32&zero=2&offload=optimizer&host_mem=1500";

#[test]
fn zero_offload_moves_the_gradients_to_host_in_fp32() {
    let e = est(TUTORIAL_10B);
    let g = e.component(PartId::Gradients).expect("a gradients row");
    assert_eq!(g.location, Location::Host);
    // One rank: the whole FP32 gradient partition, 4 bytes per parameter.
    assert_eq!(g.bytes, 4 * e.trainable_params);
    // The device keeps the 16-bit weights and what the step computes, not 2 bytes × 10B of
    // gradients: the run the tutorial shows fits the 32 GB card.
    assert!(
        e.per_device_bytes < 32 * (1 << 30),
        "{}",
        e.per_device_bytes
    );
    assert!(e.fits_device(), "the tutorial's run must fit");
    // Without offload the gradients stay on the device, in the weights' precision.
    let q = TUTORIAL_10B.replace("&offload=optimizer", "");
    let on = est(&q);
    let g = on.component(PartId::Gradients).unwrap();
    assert_eq!(g.location, Location::Device);
    assert_eq!(g.bytes, 2 * on.trainable_params);
}

#[test]
fn zero3_offload_shards_the_host_gradients_and_leaves_the_layers_in_flight() {
    let q =
        "mode=train&params=13B&gpus=8&zero=3&offload=optimizer&framework=deepspeed&host_mem=1024";
    let e = est(q);
    let g = e.component(PartId::Gradients).unwrap();
    assert_eq!(g.location, Location::Host);
    assert_eq!(g.bytes, (4 * e.trainable_params).div_ceil(8));
    // The unsharded layer in flight and its gradient stay on the device (stage3's
    // prefetch/max_live_parameters buffers).
    assert!(expect_part(&e, PartId::GatheredLayers) > 0);
    // ZeRO-1 does not partition gradients: they stay whole on the device.
    let e1 = est("mode=train&params=13B&gpus=8&zero=1&offload=optimizer&host_mem=1024");
    assert_eq!(
        e1.component(PartId::Gradients).unwrap().location,
        Location::Device
    );
}

const L8: &str = "layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256";

#[test]
fn a_loss_without_the_fp32_upcast_keeps_its_terms_in_16_bits() {
    let q = format!("mode=train&{L8}&batch=1&seq=1000&compile=off");
    let logits = 1000u64 * 128_256;
    let logit_bytes = |extra: &str| expect_part(&est(&format!("{q}{extra}")), PartId::Logits);
    // The default is the upcast: existing links keep their bytes.
    assert_eq!(
        logit_bytes("&loss_chunks=1"),
        logit_bytes("&loss_chunks=1&logits_upcast=on")
    );
    // Unchunked: the copy, log-softmax and gradient go from 3 × 4 B to 3 × 2 B per logit.
    assert_eq!(
        logit_bytes("&loss_chunks=1") - logit_bytes("&loss_chunks=1&logits_upcast=off"),
        logits * 6
    );
    // The textbook term: the copy the softmax reads is 16-bit, not FP32.
    assert_eq!(
        logit_bytes("") - logit_bytes("&logits_upcast=off"),
        logits * 2
    );
    // FP32 training has nothing to upcast.
    assert_eq!(
        logit_bytes("&dtype=fp32&loss_chunks=1"),
        logit_bytes("&dtype=fp32&loss_chunks=1&logits_upcast=off")
    );
    // The explanation names what it follows.
    let e = est(&format!("{q}&loss_chunks=1&logits_upcast=off"));
    let c = e.component(PartId::Logits).unwrap();
    let text = memcalc_core::explain::parts::source(c);
    assert!(text.contains("v4.31.0"), "{text}");
}

#[test]
fn a_full_state_dict_save_gathers_the_sharded_model_above_what_the_step_freed() {
    let q = format!("mode=train&{L8}&gpus=8&zero=3&batch=1&seq=512&recompute=full");
    let none = est(&q);
    assert!(none.component(PartId::StateDict).is_none());
    assert_eq!(
        none.per_device_bytes,
        est(&format!("{q}&save=none")).per_device_bytes
    );
    let full = est(&format!("{q}&save=full"));
    let c = full.component(PartId::StateDict).expect("a state dict row");
    assert_eq!(c.location, Location::Device);
    // BF16 with FP32 master weights: the shards keep FP32, so the state dict is 4 B per
    // parameter, less the activations and logits the step has freed by then.
    let params = full.params;
    let freed = expect_part(&full, PartId::Activations) + expect_part(&full, PartId::Logits);
    assert_eq!(c.bytes, 4 * params - freed);
    assert!(full.per_device_bytes > none.per_device_bytes + 4 * params * 9 / 10);
    // A sharded save gathers nothing; unsharded parameters are referenced, not copied.
    assert_eq!(
        expect_part(&est(&format!("{q}&save=sharded")), PartId::StateDict),
        0
    );
    let one = format!("mode=train&{L8}&batch=1&seq=512&recompute=full&gpu=h200");
    assert_eq!(
        expect_part(&est(&format!("{one}&save=full")), PartId::StateDict),
        0
    );
    // offload_to_cpu + rank0_only: the device keeps its peak, rank 0's host holds the model once
    // per node, not once per GPU.
    let cpu = est(&format!("{q}&save=full_cpu"));
    let c = cpu.component(PartId::StateDict).unwrap();
    assert_eq!(c.location, Location::Host);
    assert_eq!(c.bytes, 4 * params);
    assert_eq!(cpu.per_device_bytes, none.per_device_bytes);
    assert_eq!(
        cpu.host_per_node_bytes,
        none.host_per_node_bytes + 4 * params
    );
}

/// Llama 3.1 8B's config.json with a quantization_config naming the modules left in 16 bits.
fn llama_with(quantization: &str) -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/configs/llama-3.1-8b.json"
    );
    let json = std::fs::read_to_string(path).unwrap();
    json.replacen(
        "\"vocab_size\": 128256",
        &format!("\"vocab_size\": 128256,\n  \"quantization_config\": {quantization}"),
        1,
    )
}

#[test]
fn a_quantized_checkpoints_unconverted_modules_are_read_and_kept_in_16_bits() {
    use memcalc_core::schema::hf_config::read;
    let plain = read(&llama_with("{\"quant_method\": \"fp8\"}")).unwrap();
    assert_eq!(plain.arch.unquantized, 0);
    let p = plain.arch.params();
    // llm-compressor: every layer's attention by regex, the output layer (16-bit already).
    let attn = read(&llama_with(
        "{\"quant_method\": \"compressed-tensors\", \"ignore\": [\"lm_head\", \"re:.*self_attn.*\"]}",
    ))
    .unwrap();
    assert_eq!(attn.arch.unquantized, 32 * p.attention);
    assert!(attn.read.iter().any(|k| k == "quantization_config"));
    // fbgemm_fp8 (Meta's FP8 checkpoints): module paths, here every attention projection of
    // layers 0 and 31 and those layers' whole MLPs, with a projection listed twice.
    let mut names = Vec::new();
    for l in [0, 31] {
        for m in ["q_proj", "k_proj", "v_proj", "o_proj"] {
            names.push(format!("\"model.layers.{l}.self_attn.{m}\""));
        }
        names.push(format!("\"model.layers.{l}.mlp\""));
        names.push(format!("\"model.layers.{l}.mlp.down_proj\""));
    }
    let fb = read(&llama_with(&format!(
        "{{\"quant_method\": \"fbgemm_fp8\", \"modules_to_not_convert\": [{}]}}",
        names.join(", ")
    )))
    .unwrap();
    assert_eq!(fb.arch.unquantized, 2 * (p.attention + p.mlp));

    // The estimate keeps them at 2 bytes where they were counted at FP8's one.
    let q = format!("mode=infer&{L8}&quant=fp8&seq=1024");
    let all = expect_part(&est(&q), PartId::Weights);
    let kept = expect_part(
        &est(&format!("{q}&unquantized={}", attn.arch.unquantized)),
        PartId::Weights,
    );
    let shift = kept - all;
    // One more byte per kept parameter, less the per-channel scales of their rows.
    assert!(
        shift <= attn.arch.unquantized && shift > attn.arch.unquantized * 99 / 100,
        "{shift}"
    );
    let e = est(&format!("{q}&unquantized={}", attn.arch.unquantized));
    let w = e.component(PartId::Weights).unwrap();
    assert!(memcalc_core::explain::parts::source(w).contains("modules_to_not_convert"));
}

#[test]
fn compiled_amp_keeps_only_one_layers_16_bit_casts() {
    let q = "mode=finetune&layers=32&hidden=1280&heads=16&vocab=588&mlp=standard&ffn=5120&bias=all&norm=layernorm&tied=on&learned_pos=257&seq=257&batch=8&dtype=bf16&grad_dtype=fp32&compile=on&overhead=0&runtime=0";
    let kept = est(q);
    assert_eq!(
        kept.per_device_bytes,
        est(&format!("{q}&weight_casts=kept")).per_device_bytes
    );
    assert_eq!(expect_part(&kept, PartId::Weights), 2 * kept.params);
    let per_layer = est(&format!("{q}&weight_casts=per_layer"));
    let layer = 4 * 1280 * 1280 + 4 * 1280 + 2 * 1280 * 5120 + 5120 + 1280 + 4 * 1280;
    assert_eq!(expect_part(&per_layer, PartId::Weights), 2 * layer);
    // The FP32 parameters (the master row) and the rest are untouched.
    assert_eq!(
        expect_part(&per_layer, PartId::MasterWeights),
        expect_part(&kept, PartId::MasterWeights)
    );
    // Without a master copy the 16-bit weights are the parameters: nothing changes.
    let pure = format!("{q}&mixed=off");
    assert_eq!(
        est(&pure).per_device_bytes,
        est(&format!("{pure}&weight_casts=per_layer")).per_device_bytes
    );
}

/// A save during training finds the backward pass's gradients freed as well as the activations
/// (zero_grad set to None): the peak is the persistent tensors plus the larger of that set and
/// the state dict, so a bigger batch never lowers it (a property test found batch 2 below
/// batch 1 when the save subtracted only the activations and logits).
#[test]
fn a_save_never_makes_a_bigger_batch_smaller() {
    let q = "mode=train&params=135258&dtype=fp64&optimizer=sgd&gpus=2&gpus_per_node=1&zero=3&save=full&act_offload=on&zero_grad=none&seq=1&overhead=0&runtime=0";
    let totals: Vec<u64> = (1..=4)
        .map(|b| est(&format!("{q}&batch={b}")).per_device_bytes)
        .collect();
    assert!(totals.windows(2).all(|w| w[1] >= w[0]), "{totals:?}");
    let e = est(&format!("{q}&batch=1"));
    let sd = e
        .components
        .iter()
        .find(|c| c.id == PartId::StateDict)
        .unwrap();
    assert!(
        memcalc_core::explain::parts::formula(sd).contains("backward-pass gradients freed by then"),
        "{}",
        memcalc_core::explain::parts::formula(sd)
    );
}

/// The JSON of a training run too large to hold writes every formula without overflowing.
#[test]
fn a_huge_training_run_writes_its_formulas_without_overflow() {
    let e = est("mode=train&params=1e15&seq=134217728&batch=1048576");
    let json = memcalc_core::report::to_json(&e, &[], None);
    assert!(json.contains("\"activations\""), "{json}");
}
