//! llama.cpp's quantized prefill kernel (MMQ) on data-center NVIDIA GPUs (issue 37,
//! speed/mmq.rs): every 32-value block's int8 tensor product is followed by 128 int-to-float
//! conversions, and an SM converts 16 values a clock, so the kernel runs at 1,024 FLOP a clock
//! per SM: a half of an A100's FP16 tensor rate, a quarter of an H100's, and all of a GeForce
//! or professional card's. `prefill_mmq=tensor` gives the tensor rate back.

mod common;

use common::{scenario, time_of};
use memcalc_core::explain;
use memcalc_core::schema::fields::FieldId;
use memcalc_core::speed::NeuralTerm;
use memcalc_core::{Speed, Steps, TermId, TermValues};

/// llama.cpp discussion #15013's scoreboard query: llama 2 7B Q4_0, pp512.
const Q4: &str = "gpu=h100-80&mode=infer&engine=llamacpp&model_id=meta-llama/Llama-2-7b-hf&quant=q4_0&seq=512&prompt=512&batch=1&flash_attention=off";

fn prefill(sp: &Speed) -> &memcalc_core::speed::TimeTerm {
    sp.terms
        .iter()
        .find(|t| t.id() == TermId::Prefill)
        .expect("a prefill term")
}

fn peak(sp: &Speed) -> f64 {
    match prefill(sp).values {
        TermValues::Neural(NeuralTerm::Prefill { work, .. }) => work.peak,
        ref v => panic!("{v:?}"),
    }
}

fn rate(sp: &Speed) -> f64 {
    match sp.steps {
        Steps::Inference { ttft, .. } => 512.0 / ttft.seconds().expect("a finite time"),
        ref s => panic!("not an inference: {s:?}"),
    }
}

#[test]
fn a_quantized_prefill_on_an_h100_runs_at_the_epilogue_rate() {
    let sp = time_of(Q4);
    let tensor = time_of(&format!("{Q4}&prefill_mmq=tensor"));
    // A quarter of the H100 SXM's dense FP16 989.5 TFLOPS (4,096 FLOP a clock per SM).
    assert!((peak(&sp) / peak(&tensor) - 0.25).abs() < 1e-9);
    // The scoreboard's H100 row (9,918.34 t/s, build 5143fa8) within 35 %; at the tensor rate
    // the prefill read three times too fast (+199 %).
    let r = rate(&sp);
    assert!((r / 9_918.34 - 1.0).abs() < 0.35, "{r}");
    assert!(rate(&tensor) / 9_918.34 > 2.5, "{}", rate(&tensor));
    // The A100: a half (2,048 FLOP a clock per SM); its row (4,849.53 t/s) within 15 %.
    let a100 = Q4.replace("h100-80", "a100-80");
    let ratio = peak(&time_of(&a100)) / peak(&time_of(&format!("{a100}&prefill_mmq=tensor")));
    assert!((ratio - 0.5).abs() < 1e-9, "{ratio}");
    let r = rate(&time_of(&a100));
    assert!((r / 4_849.53 - 1.0).abs() < 0.15, "{r}");
}

#[test]
fn geforce_professional_and_unquantized_prefills_do_not_move() {
    for q in [
        Q4.replace("h100-80", "rtx4090"),
        Q4.replace("h100-80", "rtx-pro-6000"),
        Q4.replace("h100-80", "l40s"),
        Q4.replace("quant=q4_0", "dtype=fp16"),
        Q4.replace("engine=llamacpp", "engine=vllm"),
    ] {
        let ratio = peak(&time_of(&q)) / peak(&time_of(&format!("{q}&prefill_mmq=tensor")));
        assert!((ratio - 1.0).abs() < 1e-12, "{q}: {ratio}");
    }
}

#[test]
fn the_term_says_why_and_cites_the_kernel() {
    let sp = time_of(Q4);
    let t = prefill(&sp);
    let why = explain::speed::explanation(t);
    assert!(
        why.contains("MMQ") && why.contains("1,024") && why.contains("4,096") && why.contains("25"),
        "{why}"
    );
    let src = explain::speed::source(t);
    assert!(
        src.contains("mmq.cuh") && src.contains("Programming Guide") && src.contains("H100"),
        "{src}"
    );
    let tensor = time_of(&format!("{Q4}&prefill_mmq=tensor"));
    assert!(!explain::speed::explanation(prefill(&tensor)).contains("mmq.cuh"));
}

#[test]
fn a_link_keeps_the_setting_and_a_bad_value_names_the_field() {
    let s = scenario(&format!("{Q4}&prefill_mmq=tensor"));
    let q = s.link(None);
    assert!(q.contains("prefill_mmq=tensor"), "{q}");
    assert_eq!(scenario(&q), s);
    assert!(!scenario(Q4).link(None).contains("prefill_mmq"));
    assert_eq!(
        common::est(Q4).per_device_bytes,
        common::est(&format!("{Q4}&prefill_mmq=tensor")).per_device_bytes
    );
    let (inputs, _) = memcalc_core::Inputs::from_query(&format!("{Q4}&prefill_mmq=int4"));
    let errors = inputs.parse().unwrap_err();
    assert!(
        errors.iter().any(|e| e.field == FieldId::PrefillMmq),
        "{errors:?}"
    );
}
