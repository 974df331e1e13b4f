//! Mistral Small 3.1 and 3.2 (issue 38): the Pixtral vision encoder and Mistral 3's projector,
//! counted from schema version 6 as Hugging Face transformers builds them (modeling_pixtral.py,
//! modeling_mistral3.py: no biases anywhere), and the links of version 5 and older that keep
//! the language model only.

mod common;

use common::{est, expect_part, part, scenario};
use memcalc_core::catalog::model_by_id;
use memcalc_core::catalog::vision::{params, VisionProj};
use memcalc_core::PartId;

const Q: &str = "mode=infer&model_id=mistralai/Mistral-Small-3.1-24B-Instruct-2503&engine=vllm&gpu=h100-80&seq=16384";

#[test]
fn pixtral_counts_its_encoder_and_projector_without_biases() {
    let a = model_by_id("mistralai/Mistral-Small-3.2-24B-Instruct-2506")
        .unwrap()
        .arch;
    assert_eq!(a.vision_proj, VisionProj::Pixtral);
    let v = params(&a);
    // patch_conv 3 × 14² × 1024 without bias, and ln_pre (an RMSNorm of 1024).
    assert_eq!(v.embed, 3 * 14 * 14 * 1024 + 1024);
    // q, k, v, o of 1024² and a gated MLP of 3 × 1024 × 4096, no biases; two RMSNorms.
    assert_eq!(v.layer, 4 * 1024 * 1024 + 3 * 1024 * 4096 + 2 * 1024);
    assert_eq!(v.layers, 24);
    // Projector: RMSNorm, the 2 × 2 merger (4096 → 1024), linear_1 1024 → 5120, linear_2 5120².
    assert_eq!(v.projector, 1024 + 4096 * 1024 + 1024 * 5120 + 5120 * 5120);
    assert_eq!(v.total(), 438_958_080);
    // With the language model, Mistral Small 3's: 24,011,361,280, Mistral AI's "24B".
    assert_eq!(a.total_params() + v.total(), 24_011_361_280);
}

#[test]
fn mistral_small_3_1_counts_pixtral_from_version_6_and_older_links_keep_theirs() {
    let e = est(&format!("v=6&{Q}"));
    assert_eq!(expect_part(&e, PartId::VisionWeights), 438_958_080 * 2);
    // vLLM profiles the largest images: 3,025 tokens each ((1540 ÷ 28)², PixtralHFEncoderInfo).
    let c = e.component(PartId::MmProfile).unwrap();
    assert!(
        memcalc_core::text::parts::explanation(c).contains("3,025 tokens"),
        "{}",
        memcalc_core::text::parts::explanation(c)
    );
    // A link of version 5 named the language model only, and keeps it, written again too.
    for v in ["v=5", "v=4", "v=2"] {
        let old = est(&format!("{v}&{Q}"));
        assert_eq!(part(&old, PartId::VisionWeights), None, "{v}");
        assert_eq!(part(&old, PartId::MmProfile), None, "{v}");
        let again = scenario(&format!("{v}&{Q}")).to_query();
        assert!(again.starts_with("v=7"), "{again}");
        assert_eq!(part(&est(&again), PartId::VisionWeights), None, "{again}");
        assert_eq!(
            est(&again).per_device_bytes,
            old.per_device_bytes,
            "{again}"
        );
    }
    // The other encoders were counted from version 5: a version-5 Gemma 3 link keeps its own.
    let g = est("v=5&mode=infer&model_id=google/gemma-3-27b-it&gpu=h100-80");
    assert_eq!(expect_part(&g, PartId::VisionWeights), 423_056_880 * 2);
}

#[test]
fn the_vision_keys_give_the_pixtral_encoder() {
    let keys = "vision_layers=24&vision_hidden=1024&vision_ffn=4096&vision_mlp=gated&vision_norm=rmsnorm&vision_patch=14&vision_merge=2&vision_proj=pixtral&vision_tokens=3025";
    let lm = "mode=infer&layers=40&hidden=5120&heads=32&kv_heads=8&head_dim=128&ffn=32768&vocab=131072&gpu=h100-80";
    let e = est(&format!("v=6&{lm}&{keys}"));
    assert_eq!(expect_part(&e, PartId::VisionWeights), 438_958_080 * 2);
}

#[test]
fn a_mistral3_config_gives_the_pixtral_encoder() {
    // The vision part of mistralai/Mistral-Small-3.1-24B-Instruct-2503's config.json, as
    // transformers' Mistral3Config defaults give it (configuration_mistral3.py).
    let cfg = r#"{
      "architectures": ["Mistral3ForConditionalGeneration"],
      "model_type": "mistral3",
      "image_token_index": 10,
      "multimodal_projector_bias": false,
      "projector_hidden_act": "gelu",
      "spatial_merge_size": 2,
      "vision_feature_layer": -1,
      "text_config": {
        "model_type": "mistral", "head_dim": 128, "hidden_act": "silu", "hidden_size": 5120,
        "intermediate_size": 32768, "max_position_embeddings": 131072, "num_attention_heads": 32,
        "num_hidden_layers": 40, "num_key_value_heads": 8, "rms_norm_eps": 1e-05,
        "rope_theta": 1000000000.0, "sliding_window": null, "vocab_size": 131072
      },
      "vision_config": {
        "model_type": "pixtral", "head_dim": 64, "hidden_act": "silu", "hidden_size": 1024,
        "image_size": 1540, "intermediate_size": 4096, "num_attention_heads": 16,
        "num_channels": 3, "num_hidden_layers": 24, "patch_size": 14, "rope_theta": 10000.0
      }
    }"#;
    let got = memcalc_core::schema::hf_config::read(cfg).unwrap().arch;
    let want = model_by_id("mistralai/Mistral-Small-3.1-24B-Instruct-2503")
        .unwrap()
        .arch;
    assert_eq!(params(&got), params(&want));
    assert_eq!(
        (got.vision_proj, got.vision_tokens, got.vision_merge),
        (VisionProj::Pixtral, 3025, 2)
    );
}
