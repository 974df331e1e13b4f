//! Serving engines: the KV pool of vLLM and SGLang, llama.cpp's GPU/host split, llama.cpp's KV
//! block formats and tensor-parallel validation.

mod common;

use common::{est, expect_part};
use memcalc_core::PartId;
use memcalc_core::{Estimate, Inputs};

const L70: &str = "layers=80&hidden=8192&heads=64&kv_heads=8&ffn=28672&vocab=128256";
const L8: &str = "layers=32&hidden=4096&heads=32&kv_heads=8&ffn=14336&vocab=128256";

#[test]
fn vllm_pool_is_the_budget_left_and_counts_32k_sequences() {
    let e = est(&format!(
        "mode=infer&engine=vllm&tp=4&gpu=h100-80&seq=32768&{L70}"
    ));
    let v = e.serving.expect("a pooled engine reports its pool");
    // Everything the budget holds adds up to it (graphs reserved before the pool).
    let parts = [
        PartId::Weights,
        PartId::Activations,
        PartId::CudaGraphs,
        PartId::Runtime,
        PartId::KvCache,
    ]
    .iter()
    .map(|&id| expect_part(&e, id))
    .sum::<u64>();
    assert!(v.budget - parts < 16, "{} vs {parts}", v.budget);
    assert_eq!(v.budget, 81_559u64 * (1 << 20) * 9 / 10);
    // 2 × 80 layers × (8 KV heads ÷ 4) × 128 × 2 B per token, blocks of 16 tokens.
    assert_eq!(v.token_bytes, 81_920);
    assert_eq!(v.pool_tokens, v.blocks * 16);
    assert_eq!(v.blocks, expect_part(&e, PartId::KvCache) / (16 * 81_920));
    assert_eq!(v.sequences, v.blocks / 2048);
    assert!(v.sequences >= 10 && v.sequences < 20, "{}", v.sequences);
    // The batch decides only the verdict.
    let many = est(&format!(
        "mode=infer&engine=vllm&tp=4&gpu=h100-80&seq=32768&batch={}&{L70}",
        v.sequences + 1
    ));
    assert_eq!(many.serving.unwrap().pool_tokens, v.pool_tokens);
    assert!(!many.fits());
    assert!(e.fits());
}

#[test]
fn cuda_graph_setting_moves_their_memory_in_or_out_of_the_pool() {
    let q = |g: &str| {
        est(&format!(
            "mode=infer&engine=vllm&gpu=h100-80&cuda_graphs={g}&{L8}"
        ))
    };
    let (on, after, off) = (q("on"), q("after"), q("off"));
    let pool = |e: &Estimate| expect_part(e, PartId::KvCache);
    assert_eq!(pool(&after), pool(&off));
    assert_eq!(pool(&on) + expect_part(&on, PartId::CudaGraphs), pool(&off));
    assert_eq!(expect_part(&off, PartId::CudaGraphs), 0);
    assert_eq!(
        after.per_device_bytes,
        off.per_device_bytes + expect_part(&after, PartId::CudaGraphs)
    );
}

#[test]
fn larger_step_or_smaller_share_shrinks_the_pool() {
    let q = |extra: &str| {
        expect_part(
            &est(&format!("mode=infer&engine=vllm&gpu=h100-80&{L8}&{extra}")),
            PartId::KvCache,
        )
    };
    assert!(q("max_batched_tokens=32768") < q("max_batched_tokens=8192"));
    assert!(q("gpu_util=0.8") < q("gpu_util=0.9"));
    // SGLang's static share holds only weights and pool: at a given share the step's
    // activations are outside it.
    let s1 = est(&format!(
        "mode=infer&engine=sglang&gpu=h100-80&{L8}&max_batched_tokens=2048&gpu_util=0.88"
    ));
    let s2 = est(&format!(
        "mode=infer&engine=sglang&gpu=h100-80&{L8}&max_batched_tokens=16384&gpu_util=0.88"
    ));
    assert_eq!(
        expect_part(&s1, PartId::KvCache),
        expect_part(&s2, PartId::KvCache)
    );
    assert_eq!(s1.serving.unwrap().block_tokens, 1);
    // By default a larger chunked prefill reserves more and shrinks the share (SGLang v0.5).
    let d1 = est(&format!(
        "mode=infer&engine=sglang&gpu=h100-80&{L8}&max_batched_tokens=2048"
    ));
    let d2 = est(&format!(
        "mode=infer&engine=sglang&gpu=h100-80&{L8}&max_batched_tokens=16384"
    ));
    assert!(expect_part(&d2, PartId::KvCache) < expect_part(&d1, PartId::KvCache));
}

#[test]
fn sglang_share_follows_server_args_and_is_of_the_memory_free_before_loading() {
    // server_args.py _handle_gpu_memory_settings on an H100 80GB (81,559 MiB) at tp 1:
    // chunked_prefill_size 8192, cuda_graph_max_bs 256: reserved = 512 + 8192 × 1.5 + 256 × 2
    // + 1/8 × 1024 = 13,440 MiB, (81,559 − 13,440) / 81,559 = 0.835.
    let e = est(&format!("mode=infer&engine=sglang&gpu=h100-80&{L8}"));
    let v = e.serving.unwrap();
    assert_eq!(v.util_milli, 835);
    // tp 4: cuda_graph_max_bs 512, + 4/8 GiB: 14,336 MiB reserved, 0.824.
    let tp4 = est(&format!("mode=infer&engine=sglang&gpu=h100-80&{L8}&tp=4"));
    assert_eq!(tp4.serving.unwrap().util_milli, 824);
    // An A100 40GB: chunked_prefill_size 4096, cuda_graph_max_bs 32; below 60 GiB no 10 GiB
    // floor.
    let a100 = est(&format!("mode=infer&engine=sglang&gpu=a100-40&{L8}"));
    let cap = (a100.serving.unwrap().capacity >> 20) as f64;
    let reserved = 512.0 + 4096.0 * 1.5 + 32.0 * 2.0 + 128.0;
    assert_eq!(
        a100.serving.unwrap().util_milli,
        ((cap - reserved) / cap * 1000.0).round() as u64
    );
    // model_runner.py profile_max_num_token: pool = free after loading − free before × (1 −
    // fraction), free before = capacity − runtime: fraction × (capacity − runtime) − weights.
    let runtime = expect_part(&e, PartId::Runtime);
    let weights = expect_part(&e, PartId::Weights);
    let pool = (v.capacity - runtime) * 835 / 1000 - weights;
    let kv = expect_part(&e, PartId::KvCache);
    assert!(kv.abs_diff(pool) <= 1, "{kv} {pool}");
}

#[test]
fn llamacpp_splits_weights_and_kv_between_gpu_and_host() {
    let base = "mode=infer&engine=llamacpp&layers=32&hidden=4096&heads=32&vocab=32000&quant=q8_0&seq=4096&flash_attention=off";
    let all = est(base);
    let half = est(&format!("{base}&gpu_layers=16"));
    let none = est(&format!("{base}&gpu_layers=0"));
    let total =
        |e: &Estimate| expect_part(e, PartId::Weights) + expect_part(e, PartId::WeightsHost);
    assert_eq!(total(&all), total(&half));
    assert_eq!(total(&all), total(&none));
    assert_eq!(expect_part(&none, PartId::Weights), 0);
    assert_eq!(expect_part(&none, PartId::KvCache), 0);
    // 16 of 32 layers: half the KV cache on each side.
    assert_eq!(
        expect_part(&half, PartId::KvCache),
        expect_part(&half, PartId::KvCacheHost)
    );
    assert_eq!(expect_part(&all, PartId::KvCache), 2 * 32 * 4096 * 4096 * 2);
    assert!(half.host_per_node_bytes > all.host_per_node_bytes);
    // The host part is checked against host_mem.
    assert!(!est(&format!("{base}&gpu_layers=0&host_mem=4")).fits());
    // Without flash attention the compute buffer holds the 512 × 4096 × 32 F32 scores.
    assert!(expect_part(&all, PartId::ComputeBuffer) >= 512 * 4096 * 32 * 4);
}

#[test]
fn block_quantized_kv_cache_counts_its_scales() {
    let q = |kv: &str| {
        expect_part(
            &est(&format!("mode=infer&{L8}&seq=8192&kv_dtype={kv}")),
            PartId::KvCache,
        )
    };
    let values = 2 * 32 * 8 * 128 * 8192u64;
    assert_eq!(q("fp16"), values * 2);
    assert_eq!(q("q8_0"), values / 32 * 34);
    assert_eq!(q("q4_0"), values / 32 * 18);
}

#[test]
fn tensor_parallel_degrees_follow_the_heads() {
    let err = |q: &str| {
        let (i, _) = Inputs::from_query(q);
        format!("{:?}", i.parse().unwrap_err())
    };
    assert!(err(&format!("mode=infer&tp=3&{L70}")).contains("tp must divide heads (64)"));
    // 32 query heads, 8 KV heads: tp 16 replicates KV heads; tp 32 too; but 12 does not divide.
    let ok = |q: &str| Inputs::from_query(q).0.parse().is_ok();
    assert!(ok(&format!("mode=infer&tp=16&gpus=16&{L8}")));
    // KV heads replicated: each of 16 ranks keeps 1 of the 8 heads.
    let e = est(&format!(
        "mode=infer&engine=vllm&tp=16&gpus=16&gpu=h100-80&{L8}"
    ));
    assert_eq!(e.serving.unwrap().token_bytes, 2 * 32 * 128 * 2);
    // Fewest GPUs for inference: the smallest valid tp that fits.
    let (i, _) = Inputs::from_query(&format!(
        "mode=infer&engine=vllm&gpu=h100-80&seq=32768&batch=16&{L70}"
    ));
    let s = i.parse().unwrap();
    assert_eq!(memcalc_core::analysis::derived::fewest_gpus(&s), Some(8));
}

#[test]
fn downloaded_formats_count_their_scales_and_what_stays_16_bit() {
    const L2: &str = "layers=32&hidden=4096&heads=32&vocab=32000";
    let w = |q: &str| expect_part(&est(&format!("mode=infer&{L2}&quant={q}")), PartId::Weights);
    let p = 6_738_415_616u64;
    let ends = 2 * 32_000 * 4096u64;
    // AWQ: 4 + (16 + 4) / 128 bits for the matrices, embeddings and head in 16-bit.
    let awq = w("awq");
    assert_eq!(awq, ((p - ends) * 4156).div_ceil(8000) + ends * 2);
    // GPTQ adds one int32 per input row.
    assert_eq!(w("gptq") - awq, (p - ends) / 4096 * 4);
    // FP8: a byte per weight and an FP32 scale per output channel.
    assert_eq!(w("fp8"), (p - ends) + (p - ends) / 4096 * 4 + ends * 2);
    // MXFP4 on a dense model: every matrix at 4.25 bits.
    assert_eq!(w("mxfp4"), ((p - ends) * 4250).div_ceil(8000) + ends * 2);
    // GPT-OSS 20B: only the 24 × 32 experts are MXFP4; the published checkpoint is 12.8 GiB.
    let oss = est("mode=infer&layers=24&hidden=2880&heads=64&kv_heads=8&head_dim=64&ffn=2880&vocab=201088&bias=all&experts=32&active_experts=4&router_bias=on&attn_sinks=on&sliding_window=128&global_every=2&quant=mxfp4");
    let gib = expect_part(&oss, PartId::Weights) as f64 / (1u64 << 30) as f64;
    assert!((gib - 12.8).abs() < 0.05, "{gib}");
}

#[test]
fn llamacpp_counts_gguf_mixes_tensor_by_tensor() {
    // Llama 2 7B Q4_K_M: llama.cpp reports CUDA0 3820.94 MiB + CPU 70.31 MiB (token embeddings).
    let e = est("mode=infer&engine=llamacpp&layers=32&hidden=4096&heads=32&vocab=32000&dtype=fp16&quant=q4_k_m&seq=2048");
    let mib = |id: PartId| expect_part(&e, id) as f64 / (1u64 << 20) as f64;
    assert!(
        (mib(PartId::Weights) - 3820.94).abs() < 1.0,
        "{}",
        mib(PartId::Weights)
    );
    assert!(
        (mib(PartId::WeightsHost) - 70.31).abs() < 0.1,
        "{}",
        mib(PartId::WeightsHost)
    );
    // The promoted layers: first and last eighth, every third between.
    let more: Vec<u64> = (0..32)
        .filter(|&i| memcalc_core::catalog::gguf::use_more_bits(i, 32))
        .collect();
    assert_eq!(
        more,
        [0, 1, 2, 3, 6, 9, 12, 15, 18, 21, 24, 27, 28, 29, 30, 31]
    );
    // Without the llama.cpp engine the whole-file average stays (today's numbers).
    let hf = est(
        "mode=infer&layers=32&hidden=4096&heads=32&vocab=32000&dtype=fp16&quant=q4_k_m&seq=2048",
    );
    assert_eq!(
        expect_part(&hf, PartId::Weights),
        (6_738_415_616u64 * 4840).div_ceil(8000)
    );
}

#[test]
fn pooled_engines_advise_what_grows_the_pool() {
    // 16 × 32k on 4 H100s under vLLM: the pool is the share's remainder, so the advice ranks
    // changes by the room they add to it, and includes tensor parallelism 8.
    let (i, _) = Inputs::from_query(&format!(
        "mode=infer&engine=vllm&tp=4&gpu=h100-80&seq=32768&batch=16&{L70}"
    ));
    let s = i.parse().unwrap();
    let advice = memcalc_core::analysis::derived::savings(&s);
    let find = |q: &str| advice.iter().find(|a| a.query() == q);
    let fp8 = find("kv_dtype=fp8").expect("an FP8 KV cache doubles the pool");
    assert!(fp8.fits_after);
    assert!(find("tp=8&gpus=8").is_some_and(|a| a.fits_after));
    assert!(find("quant=awq").is_some());
    assert!(find("quant=q4_k_m").is_none());
}

#[test]
fn the_scaling_chart_of_a_pooled_engine_turns_where_the_pool_runs_out() {
    // 16 sequences on 4 H100s: the pool holds 14 of 32k tokens, so the context sweep must cross
    // the share between the longest context that fits and the next.
    let (i, _) = Inputs::from_query(&format!(
        "mode=infer&engine=vllm&tp=4&gpu=h100-80&seq=32768&batch=16&{L70}"
    ));
    let s = i.parse().unwrap();
    let d = memcalc_core::analysis::derived::derive(&s);
    let longest = d.max_seq.expect("a shorter context fits");
    match d.scaling.boundary() {
        memcalc_core::analysis::scaling::Boundary::UpTo { fit, over } => {
            assert_eq!((fit, over), (longest, longest + 1));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn llamacpp_names_its_kv_cache_fp16_as_it_allocates_it() {
    // Issue 39: the text said "in BF16" (the weights' type); llama.cpp's cache is F16 unless
    // -ctk/-ctv say otherwise (common/common.h: GGML_TYPE_F16), the same two bytes a value.
    let kv_text = |q: &str| {
        let e = est(q);
        let c = e
            .components
            .iter()
            .find(|c| c.id == PartId::KvCache)
            .unwrap();
        (
            memcalc_core::explain::parts::explanation(c),
            expect_part(&e, PartId::KvCache),
        )
    };
    let base = "mode=infer&engine=llamacpp&model_id=meta-llama/Llama-3.1-8B&seq=4096";
    let (text, bytes) = kv_text(base);
    // Named as llama.cpp's default, with its source (schema version 3 made it the default
    // whatever the weights: `tests/query_links.rs` checks FP32 weights).
    assert!(
        text.ends_with("in FP16, llama.cpp's default cache type whatever the weights' type (common/common.h: cache_type_k = GGML_TYPE_F16, likewise V; -ctk and -ctv change it)."),
        "{text}"
    );
    // The bytes are the weights' 16-bit ones, as before.
    let (_, fp16) = kv_text(&format!("{base}&kv_dtype=fp16"));
    assert_eq!(bytes, fp16);
    // A cache type given is named as given.
    let (text, _) = kv_text(&format!("{base}&kv_dtype=bf16"));
    assert!(text.ends_with("in BF16."), "{text}");
    let (text, _) = kv_text(&format!("{base}&kv_dtype=q8_0"));
    assert!(text.ends_with("in Q8_0."), "{text}");
}
