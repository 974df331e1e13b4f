//! GGUF files as llama.cpp users download them (GGUF audit, issue 38): the per-tensor types of
//! llama.cpp's quantizer (src/llama-quant.cpp, `llama_tensor_get_type_impl`) for the MXFP4_MOE
//! ftype (gpt-oss: routed experts MXFP4, every other matrix Q8_0; `gguf_rest`) and for tied
//! models (the token embeddings in the output layer's type; `gguf_tied_embd`), with links of
//! schema 6 and older keeping the bytes they were written with.

mod common;

use common::{est, expect_part};
use memcalc_core::{Estimate, PartId};

const GPT_OSS_20B: &str = "v=7&mode=infer&engine=llamacpp&model_id=openai/gpt-oss-20b&seq=512";
const GPT_OSS_120B: &str = "v=7&mode=infer&engine=llamacpp&model_id=openai/gpt-oss-120b&seq=512";
const LLAMA32_3B: &str =
    "v=7&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-3.2-3B&quant=q4_k_m&seq=512";

fn file(e: &Estimate) -> u64 {
    expect_part(e, PartId::Weights) + expect_part(e, PartId::WeightsHost)
}

fn gib(b: u64) -> f64 {
    b as f64 / (1u64 << 30) as f64
}

/// llama-bench prints ggml-org's gpt-oss-20b-mxfp4.gguf as 11.27 GiB and gpt-oss-120b's as
/// 59.02 GiB (docs/accuracy.md, GGUF-GPTOSS20 and GGUF-GPTOSS120): the experts in MXFP4 (17 B
/// per 32 values), everything else that is a matrix in Q8_0 (34 B per 32).
#[test]
fn mxfp4_moe_files_are_llama_bench_sizes() {
    let (small, large) = (file(&est(GPT_OSS_20B)), file(&est(GPT_OSS_120B)));
    assert!((gib(small) - 11.27).abs() < 0.006, "{}", gib(small));
    assert!((gib(large) - 59.02).abs() < 0.006, "{}", gib(large));
}

/// The routed experts alone are 17/32 bytes a value: 24 layers × 32 experts × 3 matrices of
/// 2880 × 2880 for gpt-oss-20b, all of which `--n-cpu-moe 24` moves to host memory.
#[test]
fn mxfp4_experts_are_17_bytes_per_32_values() {
    let all = est(GPT_OSS_20B);
    let moved = est(&format!("{GPT_OSS_20B}&n_cpu_moe=24"));
    let experts = 24 * 32 * 3 * 2880 * 2880 / 32 * 17;
    assert_eq!(
        expect_part(&moved, PartId::WeightsHost) - expect_part(&all, PartId::WeightsHost),
        experts
    );
}

/// The token embeddings (201088 × 2880) are Q8_0 in an MXFP4_MOE file, in host memory.
#[test]
fn mxfp4_moe_embeddings_are_q8_0() {
    let host = expect_part(&est(GPT_OSS_20B), PartId::WeightsHost);
    assert_eq!(host, 201_088 * 2880 / 32 * 34);
}

/// A link of schema 6 reads `gguf_rest=bf16`: the same bytes it was written with (the non-expert
/// tensors in BF16); `gguf_rest=bf16` on a version-7 link gives them too.
#[test]
fn older_links_keep_bf16_rest() {
    let old = file(&est(&GPT_OSS_20B.replace("v=7", "v=6")));
    let asked = file(&est(&format!("{GPT_OSS_20B}&gguf_rest=bf16")));
    assert_eq!(old, asked);
    assert!(gib(old) > 12.8 && gib(old) < 12.82, "{}", gib(old));
    // A link without `v` is a version-1 link: it names its format to get MXFP4 at all.
    let unversioned = file(&est(&format!(
        "{}&quant=mxfp4",
        GPT_OSS_20B.replace("v=7&", "")
    )));
    assert_eq!(unversioned, old);
}

/// A tied model's GGUF stores `token_embd` once, in the output layer's type (Q6_K in a Q4_K_M
/// file, 210 B per 256 values); llama.cpp keeps it in host memory for the input: Llama 3.2 3B's
/// 128256 × 3072 embeddings are 308.23 MiB there.
#[test]
fn tied_embeddings_take_the_output_type() {
    let host = expect_part(&est(LLAMA32_3B), PartId::WeightsHost);
    assert_eq!(host, 128_256 * 3072 / 256 * 210);
    let old = expect_part(&est(&LLAMA32_3B.replace("v=7", "v=6")), PartId::WeightsHost);
    assert_eq!(
        old,
        128_256 * 3072 / 256 * 144,
        "schema 6: the base type, Q4_K"
    );
    // The GPU side is the file's tensors either way: llama-bench's 1.87 GiB.
    let gpu = expect_part(&est(LLAMA32_3B), PartId::Weights);
    assert!((gib(gpu) - 1.87).abs() < 0.006, "{}", gib(gpu));
}

/// Writing a version-6 link again carries the pinned values, so it keeps its bytes.
#[test]
fn rewritten_old_links_carry_the_pins() {
    use memcalc_core::Inputs;
    let (inputs, _) = Inputs::from_query(&GPT_OSS_20B.replace("v=7", "v=6"));
    let q = inputs.parse().expect("parses").to_query();
    assert!(q.contains("gguf_rest=bf16"), "{q}");
    let (inputs, _) = Inputs::from_query(&LLAMA32_3B.replace("v=7", "v=6"));
    let q = inputs.parse().expect("parses").to_query();
    assert!(q.contains("gguf_tied_embd=base"), "{q}");
    // Where the setting does not matter, nothing is added.
    let (inputs, _) = Inputs::from_query("v=6&mode=infer&engine=vllm&model_id=openai/gpt-oss-20b");
    assert!(!inputs.parse().expect("parses").to_query().contains("gguf_"));
}

/// llama.cpp's `tensor_type_fallback`: GLM-4.5-Air's `ffn_down_exps` rows are 1408 wide, not a
/// whole number of Q4_K's 256-value blocks, so a Q4_K_M file stores them in Q5_0 (22 B per 32)
/// and the `use_more_bits` layers' Q6_K in Q8_0 (34 B per 32); the gate/up experts (4096 wide)
/// keep Q4_K. llama-bench prints 65.71 GiB for that file's 106.85 B parameters.
#[test]
fn odd_row_widths_take_llama_cpp_fallback_types() {
    const AIR: &str =
        "v=7&mode=infer&engine=llamacpp&model_id=zai-org/GLM-4.5-Air&quant=q4_k_m&seq=512";
    let on = file(&est(AIR));
    let off = file(&est(&format!("{AIR}&gguf_fallback=off")));
    // Every layer's ffn_down: the dense first layer's 10944-wide one and the MoE layers' 128
    // routed and 1 shared expert, 1408 wide; Q4_K → Q5_0 (18 → 22 B per 32 values), and in the
    // layers `use_more_bits(i, 46)` picks Q6_K → Q8_0 (210 B per 256 → 34 B per 32).
    let expected: u64 = (0..46u64)
        .map(|i| {
            let v = if i == 0 {
                4096 * 10_944
            } else {
                129 * 4096 * 1408
            };
            if memcalc_core::catalog::gguf::use_more_bits(i, 46) {
                v / 32 * 34 - v / 256 * 210
            } else {
                v / 32 * (22 - 18)
            }
        })
        .sum();
    assert!(
        (on - off).abs_diff(expected) < 1024,
        "{} against {expected}",
        on - off
    );
    assert!((gib(on) - 65.71).abs() / 65.71 < 0.005, "{}", gib(on));
    // A link of schema 6 keeps the mix's type.
    assert_eq!(file(&est(&AIR.replace("v=7", "v=6"))), off);
}
