//! The catalog through the public API: every model survives a link, and the newer mechanisms
//! (MLA, sliding windows, shared experts, dense first layers) give their exact KV caches.

mod common;

use common::{est, expect_part, part, scenario};
use memcalc_core::catalog::{model_by_id, MODELS};
use memcalc_core::scenario::{Mode, Scenario};
use memcalc_core::Inputs;
use memcalc_core::PartId;

#[test]
fn every_catalog_architecture_round_trips_through_a_link() {
    for m in MODELS {
        let s = Scenario {
            mode: Mode::Infer,
            params: None,
            arch: Some(m.arch),
            ..Scenario::default()
        };
        let link = s.to_query();
        let back = Inputs::from_query(&link)
            .0
            .parse()
            .unwrap_or_else(|e| panic!("{}: {link}: {e:?}", m.id));
        assert_eq!(back.arch, Some(m.arch), "{}: {link}", m.id);
        assert_eq!(back.param_count(), m.arch.total_params());
    }
}

const DEEPSEEK_V3: &str = "mode=infer&layers=61&hidden=7168&heads=128&head_dim=192&ffn=18432&vocab=129280&experts=256&active_experts=8&moe_ffn=2048&shared_experts=1&dense_layers=3&router_bias=on&kv_lora_rank=512&q_lora_rank=1536&qk_rope_dim=64&v_head_dim=128&dtype=bf16";

#[test]
fn mla_caches_the_latent_and_rotary_key_per_layer() {
    let e = est(&format!("{DEEPSEEK_V3}&seq=1"));
    assert_eq!(expect_part(&e, PartId::KvCache), (512 + 64) * 61 * 2);
    assert_eq!(e.params, 671_026_419_200);
    // 32k tokens, 4 sequences, 8-way tensor parallel: the latent is replicated, not split.
    let e = est(&format!("{DEEPSEEK_V3}&seq=32768&batch=4&gpus=8&tp=8"));
    assert_eq!(expect_part(&e, PartId::KvCache), 576 * 61 * 2 * 32_768 * 4);
}

#[test]
fn sliding_window_layers_stop_at_the_window() {
    let base =
        "mode=infer&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=32000&dtype=bf16";
    let kv = |q: &str| expect_part(&est(&format!("{base}&{q}")), PartId::KvCache);
    let per_token_layer = 2 * 8 * 128 * 2;
    assert_eq!(kv("seq=32768"), per_token_layer * 32 * 32_768);
    assert_eq!(
        kv("seq=32768&sliding_window=4096"),
        per_token_layer * 32 * 4096
    );
    // Every 2nd layer global: 16 full, 16 windowed.
    assert_eq!(
        kv("seq=32768&sliding_window=4096&global_every=2"),
        per_token_layer * (16 * 32_768 + 16 * 4096)
    );
    // Shorter than the window: no difference.
    assert_eq!(kv("seq=1000&sliding_window=4096"), kv("seq=1000"));
}

#[test]
fn windows_split_over_pipeline_stages_by_layer_index() {
    // Gemma 3 1B's pattern over 2 stages of 13 layers: globals at 5, 11 | 17, 23.
    let g = model_by_id("gemma-3-1b").unwrap().arch;
    assert_eq!(
        g.windowed_in(0, 13) + g.windowed_in(13, 13),
        g.windowed_in(0, 26)
    );
    assert_eq!(g.windowed_in(0, 13), 11);
}

#[test]
fn dense_first_layers_are_counted_with_their_own_width() {
    let v3 = model_by_id("deepseek-v3").unwrap().arch;
    let pc = v3.params();
    assert_eq!(pc.dense_layers, 3);
    assert_eq!(
        pc.layer_range(0, 61),
        3 * pc.dense_layer + 58 * pc.per_layer
    );
    assert_eq!(pc.layer_range(2, 4), pc.dense_layer + 3 * pc.per_layer);
    // Pipeline stages hold different layers: the sum over stages is the whole model.
    let e = est(&format!("{DEEPSEEK_V3}&seq=1&gpus=4&pp=4"));
    assert!(part(&e, PartId::Weights).is_some());
}

#[test]
fn newer_keys_report_what_they_need() {
    let err = |q: &str| {
        Inputs::from_query(q)
            .0
            .parse()
            .unwrap_err()
            .iter()
            .map(|e| e.message.clone())
            .collect::<Vec<_>>()
            .join("; ")
    };
    let llama = "layers=32&hidden=4096&heads=32&vocab=32000";
    assert!(
        err(&format!("{llama}&moe_ffn=1024")).contains("moe_ffn: applies to mixture-of-experts")
    );
    assert!(err(&format!("{llama}&q_lora_rank=1536"))
        .contains("q_lora_rank: belongs to multi-head latent attention"));
    assert!(
        err(&format!("{llama}&global_every=2")).contains("global_every: needs a sliding_window")
    );
    assert!(err(&format!("{llama}&kv_lora_rank=512&qk_rope_dim=128"))
        .contains("qk_rope_dim: must be below head_dim (128)"));
    assert!(err("sliding_window=4096").contains("an architecture needs layers"));
}

#[test]
fn a_sequence_beyond_the_trained_context_is_flagged() {
    let e = est("mode=infer&layers=32&hidden=4096&heads=32&vocab=32000&max_context=4096&seq=8192");
    assert!(
        e.warnings
            .iter()
            .map(memcalc_core::explain::warnings::warning)
            .any(|w| w.contains("longer than the 4,096")),
        "{:?}",
        e.warnings
    );
}

#[test]
fn model_id_fills_the_architecture_and_the_link_carries_only_changes() {
    let (i, n) = Inputs::from_query("v=2&mode=infer&model_id=META-LLAMA/llama-3.1-70b");
    assert!(n.is_empty(), "{n:?}");
    let s = i.parse().unwrap();
    assert_eq!(s.param_count(), 70_553_706_496);
    assert_eq!(s.arch.unwrap().kv_heads, 8);
    assert_eq!(
        s.to_query(),
        "v=7&model_id=meta-llama%2FLlama-3.1-70B&mode=infer"
    );
    // A changed field stays on top of the model.
    let s = scenario("mode=infer&model_id=llama-3.1-70b&kv_heads=16&seq=32768");
    assert_eq!(s.arch.unwrap().kv_heads, 16);
    let link = s.to_query();
    assert_eq!(
        link,
        "v=7&model_id=meta-llama%2FLlama-3.1-70B&mode=infer&seq=32768&kv_heads=16"
    );
    assert_eq!(scenario(&link), s);
    // Choosing a model in the form does the same.
    let mut i = Inputs::default();
    i.choose_model("deepseek-ai/DeepSeek-V3");
    let s = i.parse().unwrap();
    assert_eq!(s.param_count(), 671_026_419_200);
    assert_eq!(s.arch.unwrap().kv_lora_rank, 512);
}

#[test]
fn an_unknown_model_id_names_the_closest_known_ones() {
    let (i, _) = Inputs::from_query("model_id=meta-llama/Llama-3.1-7B");
    let e = i.parse().unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].key(), "model_id");
    assert!(
        e[0].message
            .contains("unknown model 'meta-llama/Llama-3.1-7B'")
            && e[0].message.contains("meta-llama/Llama-3.1-70B"),
        "{}",
        e[0].message
    );
}

#[test]
fn a_bare_count_takes_the_nearest_released_shape_in_version_2_links() {
    let q = "mode=infer&params=70B&seq=32768&batch=16&gpus=4&tp=4";
    let new = est(&format!("v=2&{q}"));
    // Llama 3.1 70B: 80 layers, 8 KV heads (2 per GPU), head 128, BF16.
    assert_eq!(
        expect_part(&new, PartId::KvCache),
        2 * 80 * 2 * 128 * 32_768 * 16 * 2
    );
    assert!(
        new.warnings
            .iter()
            .map(memcalc_core::explain::warnings::warning)
            .any(|w| w.contains("assumed the shape of Llama 3.1 70B")),
        "{:?}",
        new.warnings
    );
    // The same query as a version-1 link keeps the dense shape it was written with.
    let old = est(&format!("v=1&{q}"));
    assert!(expect_part(&old, PartId::KvCache) > 4 * expect_part(&new, PartId::KvCache));
    let (i, _) = Inputs::from_query(&format!("v=1&{q}"));
    let link = i.parse().unwrap().to_query();
    assert!(link.ends_with("&shape=dense"), "{link}");
    assert_eq!(
        est(&link).per_device_bytes,
        old.per_device_bytes,
        "re-written version-1 link"
    );
    // An empty query is the page's default state, not a version-1 link.
    let s = scenario("");
    assert_eq!(s, memcalc_core::Scenario::default());
    assert_eq!(s.to_query(), "v=7");
    // 7B: the nearest full-attention dense model (Mistral 7B v0.3, 7.25B).
    let s = scenario("v=2&params=7B");
    assert_eq!(s.assumed_model().unwrap().id, "mistralai/Mistral-7B-v0.3");
}
