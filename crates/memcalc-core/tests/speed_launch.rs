//! llama.cpp's kernel launches in a decode step (speed/launch.rs): without a CUDA graph every
//! kernel is followed by a GPU idle gap, a fixed cost per step added to the bytes' time.

mod common;

use common::{decode_step, time_of};
use memcalc_core::speed::launch::{self, Uncaptured};
use memcalc_core::speed::NeuralTerm;
use memcalc_core::{Bound, Speed, TermId, TermValues};

fn launch_term(sp: &Speed) -> Option<&memcalc_core::speed::TimeTerm> {
    sp.terms.iter().find(|t| t.id() == TermId::DecodeLaunch)
}

/// The January 2024 row of docs/accuracy.md: llama 7B Q4_0 on an RTX 3090, tg128.
const Q4: &str = "gpu=rtx3090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&seq=128&flash_attention=off";

/// A mixture of experts (8 experts, 2 a token) on a GPU it fits.
const MOE: &str =
    "gpu=h200&mode=infer&engine=llamacpp&model_id=mistralai/Mixtral-8x7B-v0.1&quant=q4_0&seq=512";

#[test]
fn the_gap_per_kernel_is_what_graphs_saved_in_the_published_pairs() {
    // 32 layers × (23 nodes + 7 q8_1 quantizations) + norm, mul, output matrix and its
    // quantization.
    assert_eq!(launch::GRAPH_AB_KERNELS, 964);
    // RTX 3090 0.80 ms, RTX 4090 0.42 ms, H100 PCIe 0.87 ms per token over 964 kernels.
    let g = launch::gap_seconds();
    assert!((g - 0.7235e-6).abs() < 0.001e-6, "{g}");
}

#[test]
fn graphs_off_slows_a_batch_1_step_by_exactly_its_kernels_times_the_gap() {
    let on = time_of(&format!("{Q4}&batch=1"));
    let off = time_of(&format!("{Q4}&batch=1&cuda_graphs=off"));
    // With a graph (an Ampere GPU, one token a step) llama.cpp has no launch term.
    assert!(launch_term(&on).is_none(), "{on:?}");
    let t = launch_term(&off).expect("a launch term with graphs off");
    assert_eq!(t.bound, Bound::Launch);
    let TermValues::Neural(NeuralTerm::DecodeLaunch {
        per_layer,
        layers,
        head,
        gap,
        why,
        ..
    }) = t.values
    else {
        panic!("{t:?}")
    };
    assert_eq!((per_layer, layers, head), (30, 32, 4));
    assert_eq!(why, Uncaptured::Setting);
    let expected = 964.0 * gap;
    assert!((t.time.seconds().unwrap() - expected).abs() < 1e-15);
    assert!(
        (decode_step(&off) - decode_step(&on) - expected).abs() < 1e-12,
        "{on:?} {off:?}"
    );
    // 0.70 ms on a 5.1 ms step: 196 → 173 tokens/s.
    assert!((expected - 0.6974e-3).abs() < 0.001e-3, "{expected}");
    // Graphs on restores the step the bytes give.
    let bytes = on
        .terms
        .iter()
        .find(|t| t.id() == TermId::DecodeMemory)
        .unwrap()
        .time
        .seconds()
        .unwrap();
    assert!((decode_step(&on) - bytes).abs() < 1e-15);
    // `after` is on for llama.cpp (it has no pool to capture after).
    let after = time_of(&format!("{Q4}&batch=1&cuda_graphs=after"));
    assert_eq!(decode_step(&after), decode_step(&on));
}

#[test]
fn the_kernel_count_follows_the_format_and_flash_attention() {
    let kernels = |q: &str| match launch_term(&time_of(q)).map(|t| t.values) {
        Some(TermValues::Neural(NeuralTerm::DecodeLaunch {
            per_layer,
            layers,
            head,
            ..
        })) => per_layer * layers + head,
        v => panic!("{q}: {v:?}"),
    };
    let f16 = "gpu=rtx3090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&dtype=fp16&seq=128&cuda_graphs=off";
    // 16-bit weights need no q8_1 activations: 23 a layer and 3 after.
    assert_eq!(kernels(&format!("{f16}&flash_attention=off")), 23 * 32 + 3);
    // Flash attention: K·Q, the softmax, V·softmax and the cont are one kernel.
    assert_eq!(kernels(&format!("{f16}&flash_attention=on")), 20 * 32 + 3);
    assert_eq!(kernels(&format!("{Q4}&cuda_graphs=off")), 964);
    // With 16 layers on the GPU (-ngl 16) the host runs the rest and the output layer: only
    // the GPU's layers launch CUDA kernels.
    assert_eq!(
        kernels(&format!("{Q4}&cuda_graphs=off&gpu_layers=16")),
        30 * 16
    );
}

#[test]
fn llama_cpp_turns_graphs_off_itself_for_batches() {
    let why = |q: &str| match launch_term(&time_of(q)).map(|t| t.values) {
        Some(TermValues::Neural(NeuralTerm::DecodeLaunch { why, .. })) => Some(why),
        None => None,
        v => panic!("{v:?}"),
    };
    // A dense model's step of several tokens is captured since pull request #19645; a mixture
    // of experts' only up to 4 tokens.
    assert_eq!(why(&format!("{Q4}&batch=8")), None);
    assert_eq!(why(&format!("{MOE}&batch=4")), None);
    assert_eq!(why(&format!("{MOE}&batch=5")), Some(Uncaptured::Batch));
    // Ampere and later, and since pull request #25749 (July 2026) Volta and Turing, capture.
    for gpu in ["t4", "v100-32", "h100-80", "rtx3090"] {
        let q = format!("gpu={gpu}&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&seq=128");
        assert_eq!(why(&q), None, "{gpu}");
    }
    // The Python engines' eager cost (host dispatch per op) is not this term.
    for engine in ["vllm", "sglang", "hf"] {
        let q = format!(
            "gpu=rtx3090&mode=infer&engine={engine}&model_id=meta-llama/Llama-2-7b-hf&seq=128&cuda_graphs=off"
        );
        assert_eq!(why(&q), None, "{engine}");
    }
}

#[test]
fn a_larger_batch_or_a_longer_step_shrinks_the_launches_share() {
    let share = |q: &str| {
        let sp = time_of(q);
        launch_term(&sp).unwrap().time.seconds().unwrap() / decode_step(&sp)
    };
    let long = "gpu=rtx3090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&seq=4096&flash_attention=off&cuda_graphs=off";
    let one = share(&format!("{long}&batch=1"));
    let four = share(&format!("{long}&batch=4"));
    // The same kernels launch for 4 sequences; their KV caches lengthen the step.
    assert!(four < one, "{one} {four}");
    // A 16-bit model's step is longer than a 4-bit one's: the same gaps weigh less.
    let q4 = share(&format!("{Q4}&cuda_graphs=off"));
    let f16 = share("gpu=rtx3090&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&dtype=fp16&seq=128&flash_attention=off&cuda_graphs=off");
    assert!(f16 < q4 / 2.0, "{q4} {f16}");
}

#[test]
fn a_bad_cuda_graphs_value_is_an_error_naming_the_key() {
    for bad in ["sometimes", "2", ""] {
        let q = format!("{Q4}&cuda_graphs={bad}");
        let (inputs, _) = memcalc_core::Inputs::from_query(&q);
        match inputs.parse() {
            Err(errs) => assert!(
                errs.iter().any(|e| e.field.key() == "cuda_graphs"),
                "{q}: {errs:?}"
            ),
            // An empty value is the default, like every other key's.
            Ok(s) => assert!(bad.is_empty(), "{q}: {s:?}"),
        }
    }
}

#[test]
fn the_words_give_the_formula_with_the_users_numbers_and_the_source() {
    let sp = time_of(&format!("{Q4}&cuda_graphs=off"));
    let t = launch_term(&sp).unwrap();
    let f = memcalc_core::explain::speed::formula(t);
    assert!(
        f.starts_with("(30 kernels × 32 layers + 4) × 723 ns"),
        "{f}"
    );
    assert!(f.ends_with("= 697 µs"), "{f}");
    let e = memcalc_core::explain::speed::explanation(t);
    assert!(e.contains("cuda_graphs=off"), "{e}");
    let src = memcalc_core::explain::speed::source(t);
    assert!(src.contains("#6766") && src.contains("116.31"), "{src}");
    assert!(!memcalc_core::explain::speed::label(t).is_empty());
    let batch = time_of(&format!("{MOE}&batch=8"));
    let e = memcalc_core::explain::speed::explanation(launch_term(&batch).unwrap());
    assert!(e.contains("more than 4 tokens"), "{e}");
}

/// Issue 37, defect 3: a mixture of experts' layer launches its routing kernels too (llama.cpp
/// `build_moe_ffn`: router product, gating, top-k, get_rows, the weighting mul, k − 1 adds, and
/// a shared expert's FFN), so its uncaptured step is no longer a dense layer's count.
#[test]
fn a_moe_layer_launches_its_routing_kernels() {
    let kernels = |q: &str| match launch_term(&time_of(q)).map(|t| t.values) {
        Some(TermValues::Neural(NeuralTerm::DecodeLaunch {
            per_layer,
            layers,
            moe,
            moe_layers,
            head,
            ..
        })) => (per_layer, layers, moe, moe_layers, head),
        v => panic!("{q}: {v:?}"),
    };
    // Mixtral (top 2, no shared expert) at 8 tokens, past the 4 a graph captures: 5 routing
    // kernels and one add a MoE layer, all 32 layers MoE.
    let (per, layers, moe, moe_layers, head) = kernels(&format!("{MOE}&batch=8"));
    assert_eq!((moe, moe_layers), (5 + 1, 32));
    let sp = time_of(&format!("{MOE}&batch=8"));
    let t = launch_term(&sp).unwrap();
    let gap = launch::gap_seconds();
    let n = (per * layers + moe * moe_layers + head) as f64;
    assert!((t.time.seconds().unwrap() - n * gap).abs() < 1e-15);
    // DeepSeek-V2-Lite (top 6, two shared experts as one FFN, the first layer dense), Q4_0:
    // 5 + 5 adds + the shared FFN's 6 kernels and 3 q8_1 quantizations, on 26 of 27 layers.
    let lite = "gpu=rtx3090&mode=infer&engine=llamacpp&model_id=deepseek-ai/DeepSeek-V2-Lite&quant=q4_0&seq=512&batch=8";
    let (_, _, moe, moe_layers, _) = kernels(lite);
    assert_eq!((moe, moe_layers), (5 + 5 + 9, 26));
    // A dense model has none.
    let (_, _, moe, moe_layers, _) = kernels(&format!("{Q4}&cuda_graphs=off"));
    assert_eq!((moe, moe_layers), (0, 0));
}
