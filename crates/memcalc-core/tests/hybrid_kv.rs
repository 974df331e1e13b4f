//! Sliding-window and hybrid KV pools as vLLM V1 and SGLang count them (issue 38): windowed
//! layers keep their window, not the full context; the pool's bytes do not change, its tokens
//! and the sequences it holds do. Older links keep every layer at the full context.

mod common;

use common::{est, expect_part};
use memcalc_core::PartId;

const GPT_OSS: &str = "mode=infer&model_id=openai/gpt-oss-120b&quant=mxfp4&gpu=h100-80&seq=32768";
const GEMMA3: &str = "mode=infer&model_id=google/gemma-3-27b-it&gpu=h100-80&seq=32768";

macro_rules! serving {
    ($e:expr) => {
        $e.serving.expect("a pooled engine reports its pool")
    };
}

#[test]
fn vllm_gpt_oss_counts_windowed_layers_in_their_own_groups() {
    let e = est(&format!("v=4&{GPT_OSS}&engine=vllm"));
    let full = est(&format!("v=4&{GPT_OSS}&engine=vllm&hybrid_kv=full"));
    let (v, f) = (serving!(&e), serving!(&full));
    // The pool's bytes are the same; only its counting differs.
    assert_eq!(
        expect_part(&e, PartId::KvCache),
        expect_part(&full, PartId::KvCache)
    );
    // 18 full + 18 windowed layers: 2 groups of 18 layers; a block holds 16 tokens of 18 layers.
    let k = v.groups;
    assert_eq!(
        (k.full_layers, k.windowed_layers, k.group_layers),
        (18, 18, 18)
    );
    assert_eq!((k.full_groups, k.window_groups), (1, 1));
    let layer_token = v.token_bytes / 36;
    assert_eq!(k.block_bytes, layer_token * 18 * 16);
    assert_eq!(v.blocks, v.pool_bytes / k.block_bytes);
    // A 32k sequence: 2048 blocks in the full group, cdiv(127 + 8192, 16) + 1 = 521 in the
    // windowed one (H100: max_num_batched_tokens 8192).
    assert_eq!(k.window_tokens, 127 + 8192);
    assert_eq!(k.seq_blocks, 2048 + 521);
    assert_eq!(v.sequences, v.blocks / (2048 + 521));
    // vLLM 0.29 logs int(blocks ÷ 2569 × 32768) tokens: more than all 36 layers at the full
    // context would hold.
    assert_eq!(v.pool_tokens, v.blocks * 32768 / (2048 + 521));
    assert!(
        v.pool_tokens > f.pool_tokens * 3 / 2,
        "{} vs {}",
        v.pool_tokens,
        f.pool_tokens
    );
    assert!(
        v.sequences > f.sequences,
        "{} vs {}",
        v.sequences,
        f.sequences
    );
    // Words: the explanation says how vLLM counts them and the source names the code.
    let c = e.component(PartId::KvCache).unwrap();
    let words = memcalc_core::text::parts::explanation(c);
    assert!(words.contains("windowed"), "{words}");
    let source = memcalc_core::text::parts::source(c);
    assert!(source.contains("kv_cache_utils.py"), "{source}");
}

#[test]
fn vllm_gemma3_pads_the_windowed_groups_and_holds_more_sequences() {
    let e = est(&format!("v=4&{GEMMA3}&engine=vllm"));
    let full = est(&format!("v=4&{GEMMA3}&engine=vllm&hybrid_kv=full"));
    let (v, f) = (serving!(&e), serving!(&full));
    let k = v.groups;
    // 62 layers, every 6th global: 10 full, 52 windowed (1024 tokens) → groups of 10 layers,
    // 1 full and 6 windowed (the last padded).
    assert_eq!(
        (k.full_layers, k.windowed_layers, k.group_layers),
        (10, 52, 10)
    );
    assert_eq!((k.full_groups, k.window_groups), (1, 6));
    assert_eq!(k.seq_blocks, 2048 + 6 * ((1023 + 8192u64).div_ceil(16) + 1));
    assert_eq!(v.pool_tokens, v.blocks * 32768 / k.seq_blocks);
    assert!(
        v.sequences >= 2 * f.sequences.max(1),
        "{} vs {}",
        v.sequences,
        f.sequences
    );
}

#[test]
fn sglang_pools_gpt_oss_windows_apart_but_not_gemma3() {
    let e = est(&format!("v=4&{GPT_OSS}&engine=sglang"));
    let full = est(&format!("v=4&{GPT_OSS}&engine=sglang&hybrid_kv=full"));
    let (v, f) = (serving!(&e), serving!(&full));
    let k = v.groups;
    // full = tokens × 36 ÷ (0.8 × 18 + 18); windowed = 0.8 × full.
    let total = v.pool_bytes / v.token_bytes * 36;
    assert_eq!(v.pool_tokens, total * 1000 / (800 * 18 + 1000 * 18));
    assert_eq!(k.window_pool_tokens, v.pool_tokens * 800 / 1000);
    assert!(v.pool_tokens > f.pool_tokens);
    assert_eq!(v.sequences, v.pool_tokens / 32768);
    assert!(v.sequences >= f.sequences);
    // SGLang's is_hybrid_swa_model leaves Gemma 3 at the full context.
    let g = serving!(&est(&format!("v=4&{GEMMA3}&engine=sglang")));
    let gf = serving!(&est(&format!("v=4&{GEMMA3}&engine=sglang&hybrid_kv=full")));
    assert_eq!(g, gf);
    assert!(!g.groups.hybrid());
}

#[test]
fn models_without_windows_and_old_links_keep_their_counting() {
    let q = "mode=infer&engine=vllm&gpu=h100-80&seq=32768&model_id=meta-llama/Llama-3.1-8B";
    assert_eq!(
        serving!(&est(&format!("v=4&{q}"))),
        serving!(&est(&format!("v=4&{q}&hybrid_kv=full")))
    );
    // A version-3 link counted every layer at the full context: it still does.
    let old = serving!(&est(&format!("v=3&{GPT_OSS}&engine=vllm")));
    let full = serving!(&est(&format!("v=4&{GPT_OSS}&engine=vllm&hybrid_kv=full")));
    assert_eq!(old.sequences, full.sequences);
    assert!(!old.groups.hybrid());
    // Written again, it is a version-4 link that says so.
    let again = memcalc_core::Inputs::from_query(&format!("v=3&{GPT_OSS}&engine=vllm"))
        .0
        .parse()
        .unwrap()
        .to_query();
    assert!(
        again.starts_with("v=7&") && again.contains("hybrid_kv=full"),
        "{again}"
    );
}
