//! What the form shows and says beside the numbers (issue 29): llama.cpp's own field only under
//! llama.cpp, and the config.json report in plain English.

use memcalc_core::explain::wording::{shown, Visibility};
use memcalc_core::schema::fields::FieldId;
use memcalc_core::schema::hf_config::read;
use memcalc_core::{Inputs, Mode};

#[test]
fn layers_on_the_gpu_show_only_under_llama_cpp() {
    let visible = |engine: &str| {
        let (inputs, _) = Inputs::from_query(&format!("v=2&mode=infer&engine={engine}"));
        shown(
            FieldId::GpuLayers.field(),
            Mode::Infer,
            Visibility::of(&inputs),
        )
    };
    assert!(visible("llamacpp"));
    for engine in ["vllm", "sglang", "hf"] {
        assert!(!visible(engine), "Layers on the GPU shown under {engine}");
    }
    // The engines' other fields are not touched by this rule.
    let (inputs, _) = Inputs::from_query("v=2&mode=infer&engine=vllm");
    assert!(shown(
        FieldId::GpuUtil.field(),
        Mode::Infer,
        Visibility::of(&inputs)
    ));
}

#[test]
fn the_config_report_takes_the_article_its_model_type_needs() {
    let llama = std::fs::read_to_string(format!(
        "{}/tests/configs/llama-3.1-8b.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let first = |json: &str| read(json).unwrap().summary()[0].clone();
    assert!(
        first(&llama).contains(" of a llama config: "),
        "{}",
        first(&llama)
    );
    let acme = llama.replace("\"model_type\": \"llama\"", "\"model_type\": \"acme\"");
    assert!(
        first(&acme).contains(" of an acme config: "),
        "{}",
        first(&acme)
    );
}

#[test]
fn the_kv_cache_choice_names_llama_cpp_s_own_default() {
    use memcalc_core::explain::wording::options;
    let empty = |engine: &str| {
        let (inputs, _) = Inputs::from_typed_query(&format!("mode=infer&engine={engine}"));
        options(FieldId::KvDtype, Mode::Infer, Visibility::of(&inputs), "")
            .into_iter()
            .find(|(id, _)| id.is_empty())
            .unwrap()
            .1
    };
    // Since schema version 3 an empty kv_dtype is F16 under llama.cpp whatever the weights.
    assert_eq!(empty("llamacpp"), "llama.cpp's default (FP16)");
    for engine in ["vllm", "sglang", "hf"] {
        assert_eq!(empty(engine), "Same as the weights", "{engine}");
    }
}
