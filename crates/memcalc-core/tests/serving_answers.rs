//! A pooled engine agrees with itself (issue 29, point 3): the verdict, the capacity it states,
//! the suggestions and every export say the same thing, in sequences; its total never exceeds
//! the capacity it states; counts are worded in the singular for one; llama.cpp is never offered
//! a KV cache format it does not have; the longest context is memory's answer once the asked
//! context is past the model's own.

use memcalc_core::analysis::derived::{derive, savings};
use memcalc_core::explain::serving::{answer, share};
use memcalc_core::report::{
    facts, saving_text, to_csv, to_json, to_markdown, verdict_with_capacity,
};
use memcalc_core::units::UnitSystem::Binary;
use memcalc_core::{estimate, Estimate, Inputs, Scenario};

/// Llama 3.1 70B, 16 sequences of 32k tokens on 4 H100s with tensor parallelism 4.
const SERVE: &str =
    "v=2&model_id=meta-llama/Llama-3.1-70B&mode=infer&seq=32768&batch=16&gpus=4&tp=4&gpu=h100-80";

fn scenario(q: &str) -> Scenario {
    let (i, _) = Inputs::from_query(q);
    i.parse().unwrap_or_else(|e| panic!("{q}: {e:?}"))
}

fn with(engine: &str, extra: &str) -> (Scenario, Estimate) {
    let s = scenario(&format!("{SERVE}&engine={engine}{extra}"));
    let e = estimate(&s);
    (s, e)
}

#[test]
fn vllm_says_its_verdict_capacity_and_suggestions_in_sequences() {
    let (s, e) = with("vllm", "");
    let v = e.serving.expect("vLLM reports its pool");
    assert_eq!((v.sequences, v.batch), (14, 16));
    assert!(!e.fits());
    // The capacity it states is its share, and the verdict is in sequences against it.
    assert_eq!(v.limit(), e.per_device_bytes);
    assert_eq!(share(&v, "79.65 GiB", Binary), "vLLM's 90 % of 79.65 GiB");
    assert_eq!(
        verdict_with_capacity(&e, Binary),
        "Does not fit in vLLM's 90 % of NVIDIA H100 80GB (71.68 GiB): the KV pool holds 14 sequences of 32,768 tokens, 16 requested."
    );
    // Each suggestion says what it does to the sequences, not a saving to the same total.
    let advice = savings(&s);
    let text = |q: &str| {
        let sv = advice
            .iter()
            .find(|a| a.query() == q)
            .unwrap_or_else(|| panic!("no {q} in {advice:?}"));
        saving_text(sv, Binary)
    };
    assert_eq!(text("kv_dtype=fp8"), "14 → 29 sequences fit");
    assert_eq!(text("tp=8&gpus=8"), "14 → 42 sequences fit");
    assert!(advice
        .iter()
        .all(|sv| !saving_text(sv, Binary).contains("GiB")));
    // A server is asked for concurrent sequences, not a micro-batch.
    let d = derive(&s);
    let f = facts(&e, &d, Binary);
    let batch = f.iter().find(|f| f.id == "max-batch").unwrap();
    assert_eq!(
        (batch.label, batch.value.as_str()),
        ("Concurrent sequences that fit", "14 of 32,768 tokens")
    );
}

#[test]
fn every_export_carries_the_serving_answer() {
    let (_, e) = with("vllm", "&kv_dtype=fp8");
    let said = "29 concurrent sequences of 32,768 tokens fit";
    assert_eq!(answer(&e.serving.unwrap()), said);
    assert!(to_csv(&e, None).contains(said), "{}", to_csv(&e, None));
    assert!(to_markdown(&e, Binary, None).contains(said));
    let json: serde_json::Value = serde_json::from_str(&to_json(&e, &[], None)).unwrap();
    assert_eq!(json["serving"]["answer"], said);
    assert_eq!(json["serving"]["requested_sequences"], 16);
    assert_eq!(json["serving"]["sequence_tokens"], 32_768);
    // The Markdown's verdict is in sequences too, whether or not they fit.
    assert!(to_markdown(&e, Binary, None).contains(
        "Fits on NVIDIA H100 80GB: the KV pool holds 29 sequences of 32,768 tokens, 16 requested."
    ));
}

#[test]
fn sglang_never_exceeds_the_capacity_it_states() {
    let (s, e) = with("sglang", "");
    let v = e.serving.unwrap();
    // Its static share holds the weights and the pool; the step's activations and CUDA graphs
    // come from the rest of the GPU, and the capacity it states says so.
    assert!(v.outside > 0);
    assert!(
        e.per_device_bytes <= v.limit(),
        "{} above {}",
        e.per_device_bytes,
        v.limit()
    );
    assert!(v.limit() <= e.capacity_bytes);
    assert!(share(&v, "79.65 GiB", Binary).ends_with(" beside it"));
    assert_eq!(
        verdict_with_capacity(&e, Binary),
        "Does not fit in SGLang's 82.4 % of NVIDIA H100 80GB + 671.50 MiB beside it (66.37 GiB): the KV pool holds 12 sequences of 32,768 tokens, 16 requested."
    );
    let pool = e
        .component(memcalc_core::PartId::KvCache)
        .expect("a pool row");
    assert!(memcalc_core::explain::parts::explanation(pool).contains("rest of the GPU"));
    // The scaling chart's line is the same capacity.
    assert_eq!(derive(&s).scaling.capacity, v.limit());
}

#[test]
fn one_is_counted_in_the_singular() {
    // 30,365 blocks of 16 tokens hold one sequence of 400,000 tokens.
    let (_, e) = with("vllm", "&seq=400000&batch=1");
    let v = e.serving.unwrap();
    assert_eq!(v.sequences, 1);
    assert!(memcalc_core::explain::serving::summary(&v)
        .contains("1 concurrent sequence of 400,000 tokens fits, 1 requested: fits."));
    // Plain PyTorch inference of one sequence: its KV cache formula and explanation.
    let e = estimate(&scenario(&format!("{SERVE}&engine=hf&batch=1&tp=1&gpus=1")));
    let kv = e.component(memcalc_core::PartId::KvCache).unwrap();
    let (f, x) = (
        memcalc_core::explain::parts::formula(kv),
        memcalc_core::explain::parts::explanation(kv),
    );
    assert!(
        f.contains(" × 1 sequence × ") && !f.contains("sequences"),
        "{f}"
    );
    assert!(x.contains("for 1 sequence × 32,768 tokens"), "{x}");
    assert_eq!(
        memcalc_core::explain::wording::count(1, "GPU", "GPUs"),
        "1 GPU"
    );
    assert_eq!(
        memcalc_core::explain::wording::count(1_024, "GPU", "GPUs"),
        "1,024 GPUs"
    );
}

#[test]
fn llamacpp_is_never_offered_an_fp8_cache() {
    let q = "v=2&model_id=meta-llama/Llama-3.1-8B&mode=infer&engine=llamacpp&quant=q4_k_m&seq=131072&batch=4&gpu=rtx4090";
    let advice = savings(&scenario(q));
    assert!(
        advice.iter().all(|sv| sv.query() != "kv_dtype=fp8"),
        "{advice:?}"
    );
    assert!(
        advice.iter().any(|sv| sv.query() == "kv_dtype=q8_0"),
        "{advice:?}"
    );
    let (i, _) = Inputs::from_query(&format!("{q}&kv_dtype=fp8"));
    let err = i.parse().unwrap_err();
    assert_eq!(err[0].key(), "kv_dtype");
    assert!(err[0].message.contains("q8_0"), "{}", err[0].message);
    // Nor does the form offer it.
    use memcalc_core::explain::wording::{options, Visibility};
    use memcalc_core::schema::fields::FieldId;
    let offered = |q: &str| {
        let (i, _) = Inputs::from_query(q);
        options(
            FieldId::KvDtype,
            memcalc_core::Mode::Infer,
            Visibility::of(&i),
            "",
        )
        .iter()
        .any(|(id, _)| *id == "fp8")
    };
    assert!(!offered(q));
    assert!(offered(&q.replace("llamacpp", "vllm")));
    // Its own formats stay valid.
    let (i, _) = Inputs::from_query(&format!("{q}&kv_dtype=q4_0"));
    assert!(i.parse().is_ok());
}

#[test]
fn a_context_asked_past_the_models_own_is_answered_by_memory() {
    let q = "v=2&model_id=meta-llama/Llama-3.1-8B&mode=infer&engine=vllm&gpu=h200&batch=1";
    // Within the model's 131,072 tokens, the answer stops there and says why.
    let d = derive(&scenario(&format!("{q}&seq=4096")));
    assert_eq!((d.max_seq, d.context_limit), (Some(131_072), Some(131_072)));
    // Asked for 262,144 (RoPE scaling), which fits: the longest is memory's answer.
    let s = scenario(&format!("{q}&seq=262144"));
    assert!(estimate(&s).fits());
    let d = derive(&s);
    assert_eq!(d.context_limit, None);
    assert!(d.max_seq.unwrap() >= 262_144, "{:?}", d.max_seq);
}
