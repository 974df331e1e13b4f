//! llama.cpp's prompt processing on Apple silicon (issue 37): the prefill's products run
//! ggml-metal's `kernel_mul_mm` at its own sourced rate (llama.cpp pull request #2615: 88 % of
//! the M1 Max's ALU on F16 weights; 77.2 % on quantized weights, from the same pull request's F16
//! and Q4_0 runs), the `mfu` default for llama.cpp on an Apple GPU. Other engines, other GPUs and
//! a given `mfu` keep their own utilisation.

mod common;

use common::time_of;
use memcalc_core::catalog::hardware::gpu_hardware;
use memcalc_core::speed::metal::{self, MetalMm};
use memcalc_core::speed::NeuralTerm;
use memcalc_core::{TermId, TermValues};

fn llama7b(gpu: &str, rest: &str) -> String {
    format!(
        "gpu={gpu}&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&seq=512&prompt=512&batch=1&flash_attention=off&{rest}"
    )
}

/// The prefill term's utilisation and which Metal rate it is, if any.
fn prefill(q: &str) -> (f64, Option<MetalMm>, f64) {
    let sp = time_of(q);
    let t = sp
        .terms
        .iter()
        .find(|t| t.id() == TermId::Prefill)
        .expect("a prefill term");
    match t.values {
        TermValues::Neural(NeuralTerm::Prefill { work, metal_mm, .. }) => {
            (work.utilisation, metal_mm, t.time.seconds().unwrap())
        }
        v => panic!("{q}: {v:?}"),
    }
}

#[test]
fn a_mac_prefills_at_the_metal_kernels_rate() {
    // F16 weights: 88 % of the Apple GPU's FP16 peak.
    let (u, which, _) = prefill(&llama7b("m2-ultra-192", "dtype=fp16"));
    assert_eq!(which, Some(MetalMm::Float));
    assert!((u - 0.88).abs() < 1e-9, "{u}");
    // Quantized weights: the Q4_0 run's extra time, 77.2 %.
    let (u, which, _) = prefill(&llama7b("m4-max-128", "quant=q4_0"));
    assert_eq!(which, Some(MetalMm::Quantized));
    assert!((u - 0.7718).abs() < 1e-9, "{u}");
    // The table's M2 Max Q4_0 pp512, 537.60 t/s, reads within its 25 % target (322 at 40 %).
    let (_, _, ttft) = prefill(&llama7b("m2-max-64", "quant=q4_0"));
    let rate = 512.0 / ttft;
    assert!((rate - 621.0).abs() < 1.0, "{rate}");
    assert!(((rate - 537.60) / 537.60).abs() < 0.25, "{rate}");
}

#[test]
fn the_words_cite_the_kernel_and_its_source() {
    let sp = time_of(&llama7b("m4-pro-64", "quant=q4_0"));
    let t = sp.terms.iter().find(|t| t.id() == TermId::Prefill).unwrap();
    let words = memcalc_core::explain::speed::explanation(t);
    println!("{words}");
    for said in [
        "kernel_mul_mm",
        "#2615",
        "88 %",
        "77.2 %",
        "1/297 − 1/316",
        "mfu replaces it",
    ] {
        assert!(words.contains(said), "{said}: {words}");
    }
    let source = memcalc_core::explain::speed::source(t);
    assert!(
        source.contains("#2615") && source.contains("10.4 TFLOPS"),
        "{source}"
    );
    // An F16 prefill names no quantized rate.
    let sp = time_of(&llama7b("m4-pro-64", "dtype=fp16"));
    let t = sp.terms.iter().find(|t| t.id() == TermId::Prefill).unwrap();
    assert!(!memcalc_core::explain::speed::explanation(t).contains("77.2"));
}

#[test]
fn mfu_replaces_it_and_other_gpus_and_engines_keep_theirs() {
    let (u, which, _) = prefill(&llama7b("m2-ultra-192", "dtype=fp16&mfu=50"));
    assert_eq!(which, None);
    assert!((u - 0.5).abs() < 1e-9, "{u}");
    let (u, which, _) = prefill(&llama7b("rtx4090", "quant=q4_0"));
    assert_eq!(which, None);
    assert!((u - 0.4).abs() < 1e-9, "{u}");
    let hf = "gpu=m4-max-128&mode=infer&engine=hf&model_id=meta-llama/Llama-2-7b-hf&seq=512&prompt=512&batch=1";
    let (u, which, _) = prefill(hf);
    assert_eq!(which, None);
    assert!((u - 0.4).abs() < 1e-9, "{u}");
}

#[test]
fn the_60_core_m2_ultra_is_a_preset() {
    // llama.cpp's Apple-silicon table (discussion #4167) has both M2 Ultra GPUs: 60 cores at the
    // M2 family's 1.398 GHz give 21.47 TFLOPS beside the 76-core part's 27.2.
    let h = gpu_hardware("m2-ultra-60-192").expect("the 60-core M2 Ultra");
    assert!((h.peak.half - 60.0 * 128.0 * 2.0 * 1.398e9 / 1e12).abs() < 0.01);
    assert_eq!(h.bandwidth, 800e9);
    // Its tg128 rows hold with the decode mechanisms as they are (Q4_0 88.64 t/s measured).
    let q4 = "gpu=m2-ultra-60-192&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&seq=128&batch=1&flash_attention=off";
    let rate = 1.0 / common::decode_step(&time_of(q4));
    assert!(((rate - 88.64) / 88.64).abs() < 0.1, "{rate}");
}

#[test]
fn the_quantized_rate_follows_from_the_pull_requests_two_runs() {
    let (f16, q4) = metal::PR2615_RATES;
    let products = metal::LLAMA_7B_MATMUL_FLOPS / (0.88 * metal::M1_MAX_PEAK);
    assert!((products * 1e3 - 1.444).abs() < 0.001, "{products}");
    assert!(((1.0 / q4 - 1.0 / f16) * 1e3 - 0.2024).abs() < 0.0005);
    assert_eq!(metal::quantized_bp(), 7_718);
}
