//! Figures published in the sources the formulas come from, reproduced exactly or within the
//! rounding the source used.

mod common;

use common::{est, expect_part, model_states, scenario};
use memcalc_core::catalog::arch::{Arch, Mlp, Norm};
use memcalc_core::catalog::{model_by_id, MODELS};
use memcalc_core::model::neural::activations::LayerShape;
use memcalc_core::PartId;
use memcalc_core::{estimate, Inputs};

#[test]
fn catalog_counts_match_what_publishers_state() {
    // Exact where the publisher's count is exact (tolerance 0); within the stated rounding
    // (e.g. "671B": ±0.1 %) where it is not. Each row's source says which.
    for m in MODELS {
        // A vision-language model's count holds its vision encoder (issue 38).
        let c = m.arch.total_params() + memcalc_core::catalog::vision::params(&m.arch).total();
        let p = m.published.params;
        let ppm = u128::from(c.abs_diff(p)) * 1_000_000 / u128::from(p);
        assert!(
            ppm <= u128::from(m.published.tolerance_ppm),
            "{}: {c} against {p} ({ppm} ppm; {})",
            m.id,
            m.source
        );
    }
    let exact = MODELS
        .iter()
        .filter(|m| m.published.tolerance_ppm == 0)
        .count();
    assert!(
        MODELS.len() >= 40 && exact >= 40,
        "{} models, {exact} exact",
        MODELS.len()
    );
}

#[test]
fn catalog_holds_the_releases_of_2025_with_their_published_counts() {
    // Issue 38: each read from its config.json; `catalog_counts_match_what_publishers_state`
    // checks its total against the publisher's figure. Active counts as the model cards state
    // them: Llama 4 "17B active", Kimi K2 "32B activated" (±5 %).
    let active = |id: &str| model_by_id(id).unwrap().arch.active_params();
    for id in [
        "deepseek-ai/DeepSeek-V3.1",
        "deepseek-ai/DeepSeek-V3.2-Exp",
        "moonshotai/Kimi-K2-Instruct",
        "moonshotai/Kimi-K2-Instruct-0905",
        "moonshotai/Kimi-K2-Thinking",
        "zai-org/GLM-4.5",
        "zai-org/GLM-4.5-Air",
        "zai-org/GLM-4.6",
        "meta-llama/Llama-4-Scout-17B-16E",
        "meta-llama/Llama-4-Scout-17B-16E-Instruct",
        "meta-llama/Llama-4-Maverick-17B-128E-Instruct",
        "mistralai/Mistral-Small-3.1-24B-Instruct-2503",
        "mistralai/Mistral-Small-3.2-24B-Instruct-2506",
        "Qwen/Qwen3-VL-2B-Instruct",
        "Qwen/Qwen3-VL-4B-Instruct",
        "Qwen/Qwen3-VL-8B-Instruct",
        "Qwen/Qwen3-VL-32B-Instruct",
        "Qwen/Qwen3-VL-30B-A3B-Instruct",
        "Qwen/Qwen3-VL-235B-A22B-Instruct",
        "Qwen/Qwen3-VL-8B-Thinking",
        "Qwen/Qwen3.5-0.8B",
        "Qwen/Qwen3.5-9B",
        "Qwen/Qwen3.5-27B",
    ] {
        assert!(model_by_id(id).is_some(), "{id} is not in the catalog");
    }
    for (id, published) in [
        ("meta-llama/Llama-4-Scout-17B-16E", 17_000_000_000u64),
        ("meta-llama/Llama-4-Maverick-17B-128E", 17_000_000_000),
        ("moonshotai/Kimi-K2-Instruct", 32_000_000_000),
    ] {
        let a = active(id);
        assert!(a.abs_diff(published) * 20 <= published, "{id}: {a} active");
    }
}

#[test]
fn catalog_ids_are_unique_and_found_by_id_or_alias_in_any_case() {
    for (i, m) in MODELS.iter().enumerate() {
        assert!(MODELS[..i].iter().all(|o| !o.id.eq_ignore_ascii_case(m.id)
            && !o.alias.eq_ignore_ascii_case(m.alias)), "{} repeated", m.id);
        assert_eq!(model_by_id(&m.id.to_uppercase()).unwrap().id, m.id);
        assert_eq!(model_by_id(m.alias).unwrap().id, m.id);
    }
    assert_eq!(
        model_by_id("https://huggingface.co/meta-llama/Llama-3.1-70B")
            .unwrap()
            .id,
        "meta-llama/Llama-3.1-70B"
    );
    assert!(model_by_id("meta-llama/Llama-3.1-71B").is_none());
    let near = memcalc_core::catalog::closest_ids("meta-llama/llama-3.1-7b");
    assert!(near.contains(&"meta-llama/Llama-3.1-70B"), "{near:?}");
}

#[test]
fn deepseek_v3_mla_parameters_and_latent_cache() {
    let a = model_by_id("deepseek-ai/DeepSeek-V3").unwrap().arch;
    // Attention per layer: W_DQ 7168·1536 + norm 1536 + W_UQ 1536·128·192, W_DKV
    // 7168·(512+64) + norm 512 + W_UKV 512·128·(128+128), W_O 128·128·7168.
    let attention = 7168 * 1536
        + 1536
        + 1536 * 128 * 192
        + 7168 * 576
        + 512
        + 512 * 128 * 256
        + 128 * 128 * 7168;
    assert_eq!(a.params().attention, attention);
    assert_eq!(a.total_params(), 671_026_419_200);
    // DeepSeek-V3 report: 37B activated per token.
    let active = a.active_params();
    assert!(
        (36_500_000_000..38_000_000_000).contains(&active),
        "{active}"
    );
    // The latent and the shared rotary key, whatever the tensor parallelism.
    assert_eq!(a.kv_values_per_token(1), 512 + 64);
    assert_eq!(a.kv_values_per_token(8), 512 + 64);
}

#[test]
fn gpt_oss_active_parameters_match_the_model_card() {
    // OpenAI gpt-oss model card: 3.61B active of 20.91B, 5.13B active of 116.83B, counting
    // the unembedding but not the embedding table (a lookup, not a matrix product).
    let active = |id| {
        let a = model_by_id(id).unwrap().arch;
        a.active_params() - a.params().embedding
    };
    let (a20, a120) = (active("gpt-oss-20b"), active("gpt-oss-120b"));
    assert!((3_600_000_000..3_620_000_000).contains(&a20), "{a20}");
    assert!((5_120_000_000..5_140_000_000).contains(&a120), "{a120}");
}

#[test]
fn sliding_windows_stop_the_cache_of_local_layers() {
    // Gemma 3 1B: 26 layers, 5 local (512 tokens) : 1 global, so 4 global layers.
    let g = model_by_id("gemma-3-1b").unwrap().arch;
    assert_eq!(g.windowed_in(0, 26), 22);
    assert_eq!(g.cached_token_layers(0, 26, 32_768), 4 * 32_768 + 22 * 512);
    assert_eq!(g.cached_token_layers(0, 26, 100), 26 * 100);
    // Mistral 7B v0.1: every layer windowed at 4096.
    let m = model_by_id("mistral-7b").unwrap().arch;
    assert_eq!(m.cached_token_layers(0, 32, 32_768), 32 * 4096);
    // Gemma 2: alternating, layer 0 local, layer 1 global.
    let g2 = model_by_id("gemma-2-9b").unwrap().arch;
    assert!(g2.windowed(0) && !g2.windowed(1));
    assert_eq!(g2.windowed_in(1, 3), 1);
}

#[test]
fn mixtral_activates_about_13b_parameters_per_token() {
    // Mistral AI: "12.9B active parameters" of 46.7B.
    let a = model_by_id("mixtral-8x7b").unwrap().arch;
    assert_eq!(a.active_params(), 12_879_925_248);
}

#[test]
fn zero_paper_table_1_per_device_model_states() {
    // ZeRO (arXiv:1910.02054) table 1 / figure 1: Ψ = 7.5B, K = 12, Nd = 64:
    // baseline 120 GB, Pos 31.4 GB, Pos+g 16.6 GB, Pos+g+p 1.9 GB.
    let base = "params=7.5B&dtype=fp16&optimizer=adam&gpus=64";
    let gb = |z: u8| model_states(&est(&format!("{base}&zero={z}"))) as f64 / 1e9;
    assert_eq!(gb(0), 120.0);
    assert!((gb(1) - 31.4).abs() < 0.05, "{}", gb(1));
    assert!((gb(2) - 16.6).abs() < 0.05, "{}", gb(2));
    assert!((gb(3) - 1.9).abs() < 0.05, "{}", gb(3));
}

#[test]
fn zero_paper_table_1_trillion_parameters_on_1024_gpus() {
    // Ψ = 1T, Nd = 1024, Pos+g+p: 15.6 GB per device.
    let e = est("params=1T&dtype=fp16&optimizer=adam&gpus=1024&zero=3");
    assert!((model_states(&e) as f64 / 1e9 - 15.6).abs() < 0.05);
}

fn gpt3_layer(tp: u64, sp: bool, selective: bool) -> LayerShape {
    // GPT-3 175B: h = 12288, a = 96, s = 2048; Korthikanti et al. use b = 1 per micro-batch.
    let arch = Arch {
        layers: 96,
        hidden: 12_288,
        heads: 96,
        kv_heads: 96,
        head_dim: 128,
        ffn: 4 * 12_288,
        vocab: 51_200,
        mlp: Mlp::Standard,
        bias: memcalc_core::catalog::arch::Bias::All,
        tied: true,
        learned_pos: 2048,
        norm: Norm::LayerNorm,
        experts: 1,
        active_experts: 1,
        ..Arch::BASE
    };
    LayerShape {
        arch,
        seq: 2048,
        batch: 1,
        elem: 2,
        tp,
        sp,
        dropout: true,
        flash: false,
        selective,
        softmax_fp32: false,
        eager: false,
        selective_op: false,
        loss_chunks: None,
        fused_loss: false,
        logits_upcast: true,
        mlp_tiles: 1,
    }
}

#[test]
fn korthikanti_table_2_activations_per_layer() {
    // Table 2 of arXiv:2205.05198, bytes per layer:
    let (s, b, h, a) = (2048u64, 1u64, 12_288u64, 96u64);
    let sbh = s * b * h;
    let quad = 5 * a * s * s * b; // 5·a·s/h · s·b·h
    let t = 8u64;
    // No parallelism: sbh(34 + 5as/h).
    assert_eq!(gpt3_layer(1, false, false).layer().total(), 34 * sbh + quad);
    // Tensor parallel: sbh(10 + 24/t + 5as/(ht)).
    assert_eq!(
        gpt3_layer(t, false, false).layer().total(),
        10 * sbh + 24 * sbh / t + quad / t
    );
    // Tensor + sequence parallel: sbh/t (34 + 5as/h).
    assert_eq!(
        gpt3_layer(t, true, false).layer().total(),
        (34 * sbh + quad) / t
    );
    // + selective recomputation: sbh·34/t.
    assert_eq!(gpt3_layer(t, true, true).layer().total(), 34 * sbh / t);
    // Full recomputation keeps 2sbh per layer (its input).
    assert_eq!(gpt3_layer(1, false, false).checkpoint(), 2 * sbh);
}

#[test]
fn korthikanti_section_4_attention_dominates_gpt3() {
    // "for GPT-3 175B ... 5as/h = 80", more than twice the 34 of the rest of the layer.
    let l = gpt3_layer(1, false, false).layer();
    assert_eq!(l.core * 34, (l.replicated + l.split) * 80);
}

#[test]
fn pipeline_first_stage_holds_p_micro_batches_of_l_over_p_layers() {
    // Korthikanti section 4.2.3: with 1F1B the first stage stores p micro-batches of L/p
    // layers, i.e. L layers' worth, whatever p.
    let q = "layers=96&hidden=12288&heads=96&vocab=51200&mlp=standard&seq=2048&flash_attention=off&dropout=on&tp=8&sp=on&recompute=selective";
    let one = expect_part(&est(&format!("{q}&gpus=8")), PartId::Activations);
    let eight = est(&format!("{q}&gpus=64&pp=8"));
    let per_layer = gpt3_layer(8, true, true).layer().total();
    assert_eq!(one as u64, 96 * per_layer + 2048 * 12_288 / 8);
    assert_eq!(
        expect_part(&eight, PartId::Activations) as u64,
        96 * per_layer + 8 * (2048 * 12_288 / 8)
    );
    assert!(
        eight.busiest.to_string().contains("stage 1 of 8"),
        "{}",
        eight.busiest
    );
}

#[test]
fn kv_cache_counts_kv_heads_not_query_heads() {
    // Llama 3 8B: 32 query heads, 8 KV heads, head dim 128, FP16, 8192 tokens: 1 GiB, where a
    // calculator using the hidden size would say 4 GiB.
    let e = est("mode=infer&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256&dtype=fp16&seq=8192");
    assert_eq!(
        expect_part(&e, PartId::KvCache),
        2 * 32 * 8 * 128 * 8192 * 2
    );
    // FP8 KV cache halves it; tensor parallelism splits the KV heads.
    let e = est("mode=infer&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256&dtype=fp16&seq=8192&kv_dtype=fp8");
    assert_eq!(expect_part(&e, PartId::KvCache), 2 * 32 * 8 * 128 * 8192);
    let e = est("mode=infer&layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256&dtype=fp16&seq=8192&gpus=4&tp=4");
    assert_eq!(
        expect_part(&e, PartId::KvCache),
        2 * 32 * 2 * 128 * 8192 * 2
    );
}

#[test]
fn quantized_weights_count_block_scales() {
    // Q8_0 stores 32 weights in 34 bytes: 8.5 bits per weight, not 8.
    let e = est("mode=infer&params=7B&quant=q8_0");
    assert_eq!(expect_part(&e, PartId::Weights), 7_000_000_000 * 85 / 80);
    // QLoRA's NF4 with double quantization: 4.127 bits per weight; bitsandbytes keeps the
    // embeddings and output head in 16-bit.
    let q = "mode=infer&layers=32&hidden=4096&heads=32&vocab=32000&quant=nf4";
    let e = est(q);
    let embed_head = 2 * 32_000 * 4096u64;
    let rest = 6_738_415_616 - embed_head;
    assert_eq!(
        expect_part(&e, PartId::Weights),
        (rest * 4127).div_ceil(8000) + embed_head * 2
    );
}

#[test]
fn qlora_trains_only_adapters() {
    // Llama 2 7B, NF4 base, rank 64 on all linear layers: per layer 64 × (4·(4096+4096) +
    // 3·(4096+11008)) = 4,997,120 adapter parameters, 159,907,840 in 32 layers.
    let e = est("mode=finetune&layers=32&hidden=4096&heads=32&vocab=32000&quant=nf4&lora_rank=64&optimizer=adamw");
    assert_eq!(e.trainable_params, 159_907_840);
    assert_eq!(expect_part(&e, PartId::Gradients), 159_907_840 * 2);
    assert_eq!(expect_part(&e, PartId::Optimizer), 159_907_840 * 8);
    assert_eq!(expect_part(&e, PartId::MasterWeights), 159_907_840 * 4);
}

#[test]
fn csr_costs_more_than_dense_at_low_sparsity_and_says_so() {
    let dense = expect_part(&est("mode=infer&params=1B&dtype=fp16"), PartId::Weights);
    let e = est("mode=infer&params=1B&dtype=fp16&sparsity=50&sparse_format=csr");
    assert!(expect_part(&e, PartId::Weights) > dense);
    assert!(e
        .warnings
        .iter()
        .map(memcalc_core::explain::warnings::warning)
        .any(|w| w.contains("larger than dense")));
    let e = est("mode=infer&params=1B&dtype=fp16&sparsity=90&sparse_format=csr");
    assert!(expect_part(&e, PartId::Weights) < dense);
    let e = est("mode=infer&params=1B&dtype=fp16&sparsity=50&sparse_format=bitmask");
    assert_eq!(
        expect_part(&e, PartId::Weights),
        1_000_000_000 / 8 + 500_000_000 * 2
    );
}

#[test]
fn offloaded_states_move_to_host() {
    let e = est("params=7B&gpus=8&zero=2&offload=optimizer&host_mem=512");
    assert_eq!(
        e.component(PartId::Optimizer).unwrap().location,
        memcalc_core::Location::Host
    );
    assert_eq!(
        e.component(PartId::MasterWeights).unwrap().location,
        memcalc_core::Location::Host
    );
    assert_eq!(
        e.component(PartId::Gradients).unwrap().location,
        memcalc_core::Location::Host
    );
    // Per node: 8 GPUs × (12 B × 7e9 / 8) of FP32 states and (4 B × 7e9 / 8) of FP32 gradient
    // partitions (DeepSpeed's CPU optimizer reads them in host memory).
    assert_eq!(
        e.host_per_node_bytes,
        8 * (12 * 7_000_000_000 / 8 + 4 * 7_000_000_000 / 8)
    );
}

#[test]
fn validation_names_the_key_and_the_rule() {
    let err = |q: &str| {
        let (i, _) = Inputs::from_query(q);
        i.parse()
            .unwrap_err()
            .into_iter()
            .map(|e| e.message)
            .collect::<Vec<_>>()
            .join(" | ")
    };
    assert!(err("layers=32&hidden=4096&heads=32&vocab=32000&kv_heads=5")
        .contains("kv_heads must divide heads"));
    assert!(
        err("layers=32&hidden=4096&heads=32&vocab=32000&gpus=3&tp=3")
            .contains("tp must divide heads")
    );
    assert!(err("gpus=6&tp=4").contains("gpus must be a multiple of tp × pp"));
    assert!(err("layers=32&hidden=4096").contains("missing heads, vocab"));
    assert!(err("zero=0&offload=all").contains("needs ZeRO stage 3"));
}

#[test]
fn derived_answers_are_consistent_with_the_estimate() {
    use memcalc_core::analysis::derived::{derive, fewest_gpus, max_batch};
    let s = scenario("layers=32&hidden=4096&heads=32&vocab=32000&mode=finetune&lora_rank=16&quant=nf4&gpu=rtx4090&seq=2048");
    let b = max_batch(&s).expect("QLoRA 7B fits a 24 GB card at batch 1");
    let fits = |batch| estimate(&memcalc_core::Scenario { batch, ..s }).fits_device();
    assert!(fits(b) && !fits(b + 1), "max batch {b} is the boundary");

    let s = scenario("params=70B&zero=3&gpus=8&recompute=full");
    let n = fewest_gpus(&s).expect("ZeRO-3 spreads 70B over enough GPUs");
    let with = |gpus| {
        estimate(&memcalc_core::Scenario {
            parallel: memcalc_core::scenario::Parallel { gpus, ..s.parallel },
            ..s
        })
        .fits_device()
    };
    assert!(with(n) && !with(n - 1), "fewest GPUs {n} is the boundary");

    let d = derive(&est_scenario("params=7B"));
    assert!(!d.savings.is_empty());
    assert!(
        d.savings.windows(2).all(|w| w[0].saved >= w[1].saved),
        "ranked by bytes saved"
    );
    for sv in &d.savings {
        let (mut i, _) = Inputs::from_query(&est_scenario("params=7B").to_query());
        for (k, v) in &sv.patch {
            i.set(*k, v.clone());
        }
        assert_eq!(
            estimate(&i.parse().unwrap()).per_device_bytes,
            sv.bytes_after,
            "{}",
            sv.label
        );
    }
}

fn est_scenario(q: &str) -> memcalc_core::Scenario {
    Inputs::from_query(q).0.parse().unwrap()
}

/// Language-model presets describe released models exactly: each gives the published count.
#[test]
fn model_presets_have_the_published_parameter_counts() {
    use memcalc_core::schema::presets::PRESETS;
    let expected = [
        ("llama-2-7b-train", 6_738_415_616u64),
        ("llama-3-8b-qlora", 8_030_261_248),
        ("llama-3-8b-serve", 8_030_261_248),
        ("mixtral-8x7b-serve", 46_702_792_704),
        ("llama-2-70b-serve", 68_976_648_192),
        ("mistral-7b-lora", 7_241_732_096),
        ("gpt2-small-train", 124_439_808),
    ];
    for (id, params) in expected {
        let p = PRESETS
            .iter()
            .find(|p| p.id == id)
            .unwrap_or_else(|| panic!("no preset {id}"));
        let s = memcalc_core::Inputs::from_query(p.query).0.parse().unwrap();
        assert_eq!(s.param_count(), params, "{id}");
        assert!(p.source.contains("config.json"), "{id} names its source");
    }
}
