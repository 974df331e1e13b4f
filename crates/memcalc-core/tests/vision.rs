//! Vision-language models (issue 38): the vision encoder's weights from config.json's
//! `vision_config`, and vLLM's multimodal profile run (the largest image batch its encoder budget
//! admits, encoded before the pool is sized).

mod common;

use common::{est, expect_part, part, scenario};
use memcalc_core::catalog::model_by_id;
use memcalc_core::catalog::vision::params;
use memcalc_core::{Inputs, PartId};

const VL7: &str = "v=5&mode=infer&model_id=Qwen/Qwen2.5-VL-7B-Instruct";

#[test]
fn qwen25_vl_counts_its_vision_encoder_from_the_config() {
    let a = model_by_id("Qwen/Qwen2.5-VL-7B-Instruct").unwrap().arch;
    let v = params(&a);
    // Patch embedding 3 × 2 × 14² × 1280 (conv3d, no bias); 32 blocks of qkv and proj with
    // biases, a gated MLP with biases and two RMSNorms; the merger: RMSNorm, 5120² + 5120 and
    // 5120 × 3584 + 3584.
    assert_eq!(v.embed, 1_505_280);
    assert_eq!(
        v.layer,
        4 * 1280 * 1280 + 4 * 1280 + 3 * 1280 * 3420 + 2 * 3420 + 1280 + 2 * 1280
    );
    assert_eq!(v.projector, 1280 + 5120 * 5120 + 5120 + 5120 * 3584 + 3584);
    assert_eq!(v.total(), 676_550_144);
    // The language model as Qwen2.5-7B's; the two together, 8,292,166,656 (8.29B).
    assert_eq!(a.total_params() + v.total(), 8_292_166_656);
}

#[test]
fn the_encoder_is_a_row_of_its_own_split_over_tp() {
    let e = est(&format!("{VL7}&gpu=h100-80"));
    assert_eq!(expect_part(&e, PartId::VisionWeights), 676_550_144 * 2);
    let e2 = est(&format!("{VL7}&gpu=h100-80&gpus=2&tp=2"));
    assert_eq!(expect_part(&e2, PartId::VisionWeights), 676_550_144 / 2 * 2);
    // A text-only model has none.
    let t = est("v=5&mode=infer&model_id=Qwen/Qwen2.5-7B&gpu=h100-80");
    assert_eq!(part(&t, PartId::VisionWeights), None);
    assert_eq!(part(&t, PartId::MmProfile), None);
}

#[test]
fn vllm_profiles_the_largest_image_batch_before_the_pool() {
    // H100: max_num_batched_tokens 8192; one Qwen2.5-VL image gives up to 16,384 tokens, so
    // the budget is 16,384 tokens and one image of 65,536 patches is encoded, as vLLM logs
    // ("Encoder cache will be initialized with a budget of 16384 tokens, and profiled with 1
    // image items of the maximum feature size").
    let q = format!("{VL7}&engine=vllm&gpu=h100-80&seq=32768");
    let e = est(&q);
    let profile = expect_part(&e, PartId::MmProfile);
    let outputs = 16_384 * 3584 * 2u64;
    let working = 65_536 * (2 * 1280 + 3 * 3420) * 2u64;
    assert!(profile >= outputs && profile <= working, "{profile}");
    // Without the profile (--skip-mm-profiling) or without images (--limit-mm-per-prompt
    // image=0) the pool gains exactly that.
    for off in ["mm_profile=off", "mm_limit=0"] {
        let o = est(&format!("{q}&{off}"));
        assert_eq!(part(&o, PartId::MmProfile), None, "{off}");
        assert_eq!(
            o.serving.unwrap().pool_bytes,
            e.serving.unwrap().pool_bytes + profile,
            "{off}"
        );
    }
    let c = e.component(PartId::MmProfile).unwrap();
    assert!(memcalc_core::text::parts::source(c).contains("profile_run"));
}

#[test]
fn the_vision_keys_give_the_catalog_encoder() {
    // The same encoder typed in as keys on Qwen2.5-7B's language model.
    let keys = "vision_layers=32&vision_hidden=1280&vision_ffn=3420&vision_mlp=gated&vision_norm=rmsnorm&vision_patch=14&vision_temporal=2&vision_merge=2&vision_proj=merger&vision_tokens=16384";
    let s = scenario(&format!(
        "v=5&mode=infer&model_id=Qwen/Qwen2.5-7B&{keys}&gpu=h100-80"
    ));
    let e = memcalc_core::estimate(&s);
    assert_eq!(expect_part(&e, PartId::VisionWeights), 676_550_144 * 2);
}

// --- DeepSeek sparse attention (issue 38) ---

const V32: &str =
    "mode=infer&model_id=deepseek-ai/DeepSeek-V3.2-Exp&engine=vllm&gpus=8&tp=8&gpu=h200";

#[test]
fn deepseek_v32_caches_its_indexer_beside_the_latent() {
    let e = est(&format!("v=5&{V32}"));
    let v = e.serving.unwrap();
    // 61 layers × ((512 + 64) latent values × 2 B + 128 FP8 key values + one FP32 scale).
    assert_eq!(v.token_bytes, 61 * ((512 + 64) * 2 + 128 + 4));
    let c = e.component(PartId::KvCache).unwrap();
    assert!(memcalc_core::text::parts::formula(c).contains("132 B indexer"));
    // A version-4 link keeps the latent only: its bytes do not change.
    let old = est(&format!("v=4&{V32}"));
    assert_eq!(old.serving.unwrap().token_bytes, 61 * (512 + 64) * 2);
    // index_head_dim given on a version-4 link counts.
    let named = est(&format!("v=4&{V32}&index_head_dim=128"));
    assert_eq!(named.serving.unwrap().token_bytes, v.token_bytes);
}

#[test]
fn a_version_4_deepseek_v32_link_written_again_keeps_no_indexer() {
    let again = scenario(&format!("v=4&{V32}")).to_query();
    assert!(again.starts_with("v=7"), "{again}");
    let e = est(&again);
    assert_eq!(
        e.serving.unwrap().token_bytes,
        61 * (512 + 64) * 2,
        "{again}"
    );
}

#[test]
fn gemma_3_counts_its_siglip_encoder_from_version_5_and_older_links_keep_theirs() {
    let q = "mode=infer&model_id=google/gemma-3-27b-it&engine=vllm&gpu=h100-80&seq=32768";
    let e = est(&format!("v=5&{q}"));
    // 27 SigLIP layers of 1152, 4096 learned positions, the 1152 → 5376 projection.
    assert_eq!(expect_part(&e, PartId::VisionWeights), 423_056_880 * 2);
    // 256 tokens an image, 8192 a step on an H100: 32 images of 4096 patches each.
    let c = e.component(PartId::MmProfile).unwrap();
    assert!(memcalc_core::text::parts::explanation(c).contains("32 images of 256 tokens"));
    let old = est(&format!("v=4&{q}"));
    assert_eq!(part(&old, PartId::VisionWeights), None);
    assert_eq!(part(&old, PartId::MmProfile), None);
    let again = scenario(&format!("v=4&{q}")).to_query();
    assert_eq!(part(&est(&again), PartId::VisionWeights), None, "{again}");
}

/// Links written with schema version 4 whose bytes version 5's defaults would change (Gemma 3's
/// vision encoder, DeepSeek-V3.2's indexer) and every preset, kept verbatim with their bytes:
/// `pin_v4_defaults` keeps them, and written again they keep them.
#[test]
fn links_written_with_schema_version_4_still_open() {
    let text = include_str!("links_v4.txt");
    let bytes = |link: &str| {
        let (inputs, notices) = Inputs::from_query(link);
        assert!(notices.is_empty(), "{link}: {notices:?}");
        let s = inputs.parse().unwrap_or_else(|e| panic!("{link}: {e:?}"));
        memcalc_core::estimate(&s).per_device_bytes.to_string()
    };
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let (link, want) = line.split_once(' ').unwrap();
        if std::env::var_os("PRINT_LINKS_V4").is_some() {
            println!("{link} {}", bytes(link));
            continue;
        }
        assert_eq!(bytes(link), want.trim(), "{link}");
        let again = scenario(link).to_query();
        assert_eq!(bytes(&again), want.trim(), "{link} → {again}");
        n += 1;
    }
    assert!(n >= 10 || std::env::var_os("PRINT_LINKS_V4").is_some());
}

#[test]
fn sglang_lowers_its_default_share_for_a_vision_language_model() {
    let q = "mode=infer&engine=sglang&gpu=h100-80&seq=32768";
    let text = est(&format!("v=5&{q}&model_id=Qwen/Qwen2.5-7B"))
        .serving
        .unwrap();
    let vl = est(&format!("v=5&{q}&model_id=Qwen/Qwen2.5-VL-7B-Instruct"))
        .serving
        .unwrap();
    // Qwen2.5-VL names its layers `depth`: SGLang reads 24 layers of width 1280, a ratio of
    // 1.5625 to ViT-L/14, so 0.95 × (1 − 0.05625).
    let factor = 0.95 * (1.0 - 0.1 * (1.5625 - 1.0));
    assert_eq!(
        vl.util_milli,
        (text.util_milli as f64 * factor).round() as u64
    );
    // Given explicitly, the fraction is kept.
    let given = est(&format!(
        "v=5&{q}&model_id=Qwen/Qwen2.5-VL-7B-Instruct&gpu_util=0.8"
    ));
    assert_eq!(given.serving.unwrap().util_milli, 800);
}
