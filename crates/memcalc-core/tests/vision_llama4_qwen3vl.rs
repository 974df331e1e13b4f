//! Llama 4's and Qwen3-VL's vision encoders (issue 38), counted as Hugging Face transformers
//! builds them (modeling_llama4.py, modeling_qwen3_vl.py) and checked against the checkpoints'
//! own parameter counts; Llama 4 from schema version 7, with links of version 6 and older keeping
//! the language model only.

mod common;

use common::{est, expect_part, part, scenario};
use memcalc_core::catalog::model_by_id;
use memcalc_core::catalog::vision::{params, VisionProj};
use memcalc_core::PartId;

const SCOUT: &str =
    "mode=infer&model_id=meta-llama/Llama-4-Scout-17B-16E-Instruct&engine=vllm&gpu=h200&seq=8192";

#[test]
fn llama4_counts_its_encoder_adapter_and_projector_as_transformers_builds_them() {
    let a = model_by_id("meta-llama/Llama-4-Scout-17B-16E")
        .unwrap()
        .arch;
    assert_eq!(a.vision_proj, VisionProj::Llama4);
    let v = params(&a);
    // Llama4UnfoldConvolution 3 × 14² × 1408 without bias, positional_embedding_vlm 577 × 1408
    // ((336 ÷ 14)² + 1), class_embedding, layernorm_pre and layernorm_post (LayerNorms).
    assert_eq!(v.embed, 827_904 + 812_416 + 1408 + 4 * 1408);
    // q, k, v, o 1408² with biases, fc1 and fc2 1408 × 5632 with biases, two LayerNorms.
    assert_eq!(
        v.layer,
        4 * (1_982_464 + 1408) + (7_929_856 + 5632) + (7_929_856 + 1408) + 4 * 1408
    );
    assert_eq!(v.layers, 34);
    // vision_adapter.mlp.fc1 5632 × 4096, fc2 4096², multi_modal_projector.linear_1 4096 × 5120.
    assert_eq!(v.projector, 23_068_672 + 16_777_216 + 20_971_520);
    assert_eq!(v.total(), 871_932_416);
    // The checkpoints' counts: Scout 108,641,793,536, Maverick 401,583,781,376.
    assert_eq!(a.total_params() + v.total(), 108_641_793_536);
    let m = model_by_id("meta-llama/Llama-4-Maverick-17B-128E-Instruct")
        .unwrap()
        .arch;
    assert_eq!(params(&m), v);
    assert_eq!(m.total_params() + params(&m).total(), 401_583_781_376);
}

#[test]
fn qwen3_vl_counts_its_merger_and_deepstack_mergers() {
    let a = model_by_id("Qwen/Qwen3-VL-8B-Instruct").unwrap().arch;
    assert_eq!(a.vision_proj, VisionProj::Deepstack);
    let v = params(&a);
    // Conv3d 3 × 2 × 16² × 1152 with its bias, pos_embed 2304 × 1152.
    assert_eq!(v.embed, 3 * 2 * 16 * 16 * 1152 + 1152 + 2304 * 1152);
    // qkv 1152 × 3456 and proj 1152² with biases, linear_fc1/fc2 1152 × 4304 with biases, two
    // LayerNorms.
    assert_eq!(
        v.layer,
        4 * 1152 * 1152 + 4 * 1152 + 2 * 1152 * 4304 + 4304 + 1152 + 4 * 1152
    );
    assert_eq!(v.layers, 27);
    // The merger (LayerNorm over 1152) and three DeepStack mergers (LayerNorm over 4608), each
    // 4608² + 4608 and 4608 × 4096 + 4096.
    let mlp = 4608 * 4608 + 4608 + 4608 * 4096 + 4096;
    assert_eq!(v.projector, 2 * 1152 + mlp + 3 * (2 * 4608 + mlp));
    // model.safetensors.index.json total_size 17,534,247,392 bytes in BF16.
    assert_eq!((a.total_params() + v.total()) * 2, 17_534_247_392);
    for (id, count) in [
        ("Qwen/Qwen3-VL-2B-Instruct", 2_127_532_032u64),
        ("Qwen/Qwen3-VL-4B-Thinking", 4_437_815_808),
        ("Qwen/Qwen3-VL-32B-Instruct", 33_357_390_064),
        ("Qwen/Qwen3-VL-30B-A3B-Instruct", 31_070_754_032),
        ("Qwen/Qwen3-VL-235B-A22B-Thinking", 235_670_022_896),
    ] {
        let a = model_by_id(id).unwrap().arch;
        assert_eq!(a.total_params() + params(&a).total(), count, "{id}");
    }
}

#[test]
fn llama4_counts_its_encoder_from_version_7_and_older_links_keep_theirs() {
    let e = est(&format!("v=7&{SCOUT}"));
    assert_eq!(expect_part(&e, PartId::VisionWeights), 871_932_416 * 2);
    // The Parameters card names both networks, the checkpoint's count in all.
    assert_eq!((e.params, e.vision_params), (107_769_861_120, 871_932_416));
    let facts = memcalc_core::report::facts(
        &e,
        &memcalc_core::analysis::derived::Derived::default(),
        memcalc_core::units::UnitSystem::Binary,
    );
    assert_eq!(
        facts[0].value,
        "108,641,793,536 (107,769,861,120 language model + 871,932,416 vision encoder)"
    );
    // vLLM profiles the largest image: 17 tiles of 144 tokens.
    let c = e.component(PartId::MmProfile).unwrap();
    let words = memcalc_core::explain::parts::explanation(c);
    assert!(words.contains("2,448 tokens"), "{words}");
    // A link of version 6 named the language model only, and keeps it, written again too.
    for v in ["v=6", "v=5", "v=4"] {
        let old = est(&format!("{v}&{SCOUT}"));
        assert_eq!(part(&old, PartId::VisionWeights), None, "{v}");
        assert_eq!(part(&old, PartId::MmProfile), None, "{v}");
        let again = scenario(&format!("{v}&{SCOUT}")).to_query();
        assert!(again.starts_with("v=7"), "{again}");
        assert_eq!(part(&est(&again), PartId::VisionWeights), None, "{again}");
        assert_eq!(
            est(&again).per_device_bytes,
            old.per_device_bytes,
            "{again}"
        );
    }
    // Mistral Small 3.1's Pixtral, counted from version 6, keeps its encoder on a version-6 link.
    let m =
        est("v=6&mode=infer&model_id=mistralai/Mistral-Small-3.1-24B-Instruct-2503&gpu=h100-80");
    assert_eq!(expect_part(&m, PartId::VisionWeights), 438_958_080 * 2);
}

#[test]
fn the_vision_keys_give_the_llama4_and_qwen3_vl_encoders() {
    let llama4 = "vision_layers=34&vision_hidden=1408&vision_ffn=5632&vision_mlp=standard&vision_norm=layernorm&vision_patch=14&vision_positions=577&vision_merge=2&vision_proj=llama4&vision_tokens=2448";
    let lm = "mode=infer&layers=48&hidden=5120&heads=40&kv_heads=8&head_dim=128&ffn=16384&vocab=202048&gpu=h200";
    let e = est(&format!("v=7&{lm}&{llama4}"));
    assert_eq!(expect_part(&e, PartId::VisionWeights), 871_932_416 * 2);
    let qwen = "vision_layers=27&vision_hidden=1152&vision_ffn=4304&vision_mlp=standard&vision_norm=layernorm&vision_patch=16&vision_temporal=2&vision_positions=2304&vision_merge=2&vision_proj=deepstack&vision_tokens=16384";
    let lm = "mode=infer&layers=36&hidden=4096&heads=32&kv_heads=8&head_dim=128&ffn=12288&vocab=151936&gpu=h100-80";
    let e = est(&format!("v=7&{lm}&{qwen}"));
    assert_eq!(expect_part(&e, PartId::VisionWeights), 576_388_336 * 2);
}

#[test]
fn qwen3_vl_and_llama4_configs_give_their_encoders() {
    // Qwen/Qwen3-VL-8B-Instruct config.json (transformers 4.57).
    let qwen = r#"{
      "architectures": ["Qwen3VLForConditionalGeneration"],
      "model_type": "qwen3_vl",
      "image_token_id": 151655,
      "text_config": {
        "model_type": "qwen3_vl_text", "attention_bias": false, "head_dim": 128,
        "hidden_act": "silu", "hidden_size": 4096, "intermediate_size": 12288,
        "max_position_embeddings": 262144, "num_attention_heads": 32, "num_hidden_layers": 36,
        "num_key_value_heads": 8, "rms_norm_eps": 1e-06, "rope_theta": 5000000,
        "tie_word_embeddings": false, "vocab_size": 151936
      },
      "tie_word_embeddings": false,
      "vision_config": {
        "deepstack_visual_indexes": [8, 16, 24], "depth": 27, "hidden_act": "gelu_pytorch_tanh",
        "hidden_size": 1152, "in_channels": 3, "intermediate_size": 4304, "model_type": "qwen3_vl",
        "num_heads": 16, "num_position_embeddings": 2304, "out_hidden_size": 4096,
        "patch_size": 16, "spatial_merge_size": 2, "temporal_patch_size": 2
      }
    }"#;
    let got = memcalc_core::schema::hf_config::read(qwen).unwrap().arch;
    let want = model_by_id("Qwen/Qwen3-VL-8B-Instruct").unwrap().arch;
    assert_eq!(params(&got), params(&want));
    assert_eq!(got.total_params(), want.total_params());
    assert_eq!(
        (got.vision_proj, got.vision_tokens),
        (VisionProj::Deepstack, 16_384)
    );
    // Llama 4 Scout's vision_config (its text_config is read as the language model).
    let vision = r#""vision_config": {
        "hidden_act": "gelu", "hidden_size": 1408, "image_size": 336, "intermediate_size": 5632,
        "model_type": "llama4_vision_model", "multi_modal_projector_bias": false, "norm_eps": 1e-05,
        "num_attention_heads": 16, "num_channels": 3, "num_hidden_layers": 34, "patch_size": 14,
        "pixel_shuffle_ratio": 0.5, "projector_input_dim": 4096, "projector_output_dim": 4096,
        "vision_output_dim": 4096
      }"#;
    let cfg = format!(
        r#"{{"architectures": ["Llama4ForConditionalGeneration"], "model_type": "llama4",
        "text_config": {{"model_type": "llama4_text", "hidden_size": 5120, "num_hidden_layers": 48,
        "num_attention_heads": 40, "num_key_value_heads": 8, "head_dim": 128,
        "intermediate_size": 8192, "vocab_size": 202048}}, {vision}}}"#
    );
    let got = memcalc_core::schema::hf_config::read(&cfg).unwrap().arch;
    let want = model_by_id("meta-llama/Llama-4-Scout-17B-16E")
        .unwrap()
        .arch;
    assert_eq!(params(&got), params(&want));
    assert_eq!(
        (got.vision_proj, got.vision_tokens),
        (VisionProj::Llama4, 2448)
    );
    // Another projector width is not Llama 4's: the encoder is left out, not miscounted.
    let wide = cfg.replace("\"vision_output_dim\": 4096", "\"vision_output_dim\": 8192");
    let got = memcalc_core::schema::hf_config::read(&wide).unwrap().arch;
    assert_eq!(got.vision_layers, 0);
}

#[test]
fn qwen3_5_counts_its_hybrid_layers_and_an_encoder_without_deepstack() {
    // The checkpoints' counts (keras-team/keras-hub qwen3_5_presets.py).
    for (id, count) in [
        ("Qwen/Qwen3.5-0.8B", 852_985_920u64),
        ("Qwen/Qwen3.5-9B", 9_409_813_744),
        ("Qwen/Qwen3.5-27B", 27_356_728_560),
    ] {
        let a = model_by_id(id).unwrap().arch;
        assert_eq!(a.vision_proj, VisionProj::Qwen35, "{id}");
        assert_eq!((a.full_every, a.max_context), (4, 262_144), "{id}");
        let t = a.total_params() + params(&a).total();
        assert_eq!(t, count, "{id}");
    }
    // 9B's encoder is Qwen3-VL 8B's less its three DeepStack mergers (4608² + 4608, 4608 × 4096
    // + 4096 and a LayerNorm over 4608 each).
    let a = model_by_id("Qwen/Qwen3.5-9B").unwrap().arch;
    let deepstack = 4608 * 4608 + 4608 + 4608 * 4096 + 4096 + 2 * 4608;
    assert_eq!(params(&a).total(), 576_388_336 - 3 * deepstack);
    // Its config.json (transformers' Qwen3_5Config) gives the same.
    let cfg = r#"{"architectures": ["Qwen3_5ForConditionalGeneration"], "model_type": "qwen3_5",
      "text_config": {"attn_output_gate": true, "full_attention_interval": 4, "head_dim": 256,
        "hidden_size": 4096, "intermediate_size": 12288, "linear_conv_kernel_dim": 4,
        "linear_key_head_dim": 128, "linear_num_key_heads": 16, "linear_num_value_heads": 32,
        "linear_value_head_dim": 128, "max_position_embeddings": 262144, "model_type": "qwen3_5_text",
        "num_attention_heads": 16, "num_hidden_layers": 32, "num_key_value_heads": 4,
        "tie_word_embeddings": false, "vocab_size": 248320},
      "tie_word_embeddings": false,
      "vision_config": {"deepstack_visual_indexes": [], "depth": 27, "hidden_size": 1152,
        "in_channels": 3, "intermediate_size": 4304, "model_type": "qwen3_5", "num_heads": 16,
        "num_position_embeddings": 2304, "out_hidden_size": 4096, "patch_size": 16,
        "spatial_merge_size": 2, "temporal_patch_size": 2}}"#;
    let got = memcalc_core::schema::hf_config::read(cfg).unwrap().arch;
    assert_eq!(got.total_params() + params(&got).total(), 9_409_813_744);
    assert_eq!(got.vision_proj, VisionProj::Qwen35);
}
