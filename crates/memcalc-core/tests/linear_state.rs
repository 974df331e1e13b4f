//! Hybrid linear attention (issue 38): Qwen3-Next's Gated DeltaNet layers keep a fixed state per
//! sequence instead of a KV cache; only its full-attention layers cache tokens.

mod common;

use common::{est, expect_part, scenario};
use memcalc_core::PartId;

#[test]
fn qwen3_next_counts_its_parameters_from_the_config() {
    let s = scenario("v=4&mode=infer&model_id=Qwen/Qwen3-Next-80B-A3B-Instruct");
    // 79,674,391,296 published for the same architecture (Qwen3-Coder-Next) less the shared
    // experts' gates (48 × 2048).
    assert_eq!(s.param_count(), 79_674_391_296 - 48 * 2048);
}

const QWEN3_NEXT: &str = "v=4&mode=infer&model_id=Qwen/Qwen3-Next-80B-A3B-Instruct";
/// One sequence's state in one Gated DeltaNet layer: 3 × (2 × 16 × 128 + 32 × 128) conv values
/// and 32 × 128 × 128 recurrent values.
const STATE: u64 = 3 * 8192 + 32 * 128 * 128;

#[test]
fn only_the_full_attention_layers_cache_tokens_and_the_others_keep_a_state() {
    let e = est(&format!(
        "{QWEN3_NEXT}&seq=32768&batch=4&gpus=4&tp=4&gpu=h100-80"
    ));
    // 12 attention layers × 2 × 1 KV head per rank (2 heads over 4 ranks, replicated) × 256 ×
    // 32,768 tokens × 4 sequences × 2 B.
    assert_eq!(
        expect_part(&e, PartId::KvCache),
        12 * 2 * 256 * 32768 * 4 * 2
    );
    // 36 linear layers × the state ÷ 4 ranks × 4 sequences × 2 B, whatever the length.
    assert_eq!(
        expect_part(&e, PartId::LinearState),
        36 * (STATE / 4) * 4 * 2
    );
    let longer = est(&format!(
        "{QWEN3_NEXT}&seq=65536&batch=4&gpus=4&tp=4&gpu=h100-80"
    ));
    assert_eq!(
        expect_part(&longer, PartId::LinearState),
        expect_part(&e, PartId::LinearState)
    );
    let c = e.component(PartId::LinearState).unwrap();
    assert!(memcalc_core::explain::parts::source(c).contains("Gated"));
}

#[test]
fn vllm_grows_its_block_until_a_page_holds_a_state() {
    let e = est(&format!(
        "{QWEN3_NEXT}&engine=vllm&seq=32768&gpus=4&tp=4&gpu=h100-80"
    ));
    let v = e.serving.unwrap();
    let k = v.groups;
    // One attention layer's token on a rank: 2 × 1 × 256 × 2 B; a state: STATE ÷ 4 × 2 B.
    let (token, state) = (2 * 256 * 2u64, STATE / 4 * 2);
    assert_eq!(v.block_tokens, 16 * state.div_ceil(16 * token));
    assert_eq!(
        (k.linear_layers, k.full_layers, k.group_layers),
        (36, 12, 12)
    );
    assert_eq!((k.full_groups, k.linear_groups), (1, 3));
    // Prefix caching's align mode (vLLM's default): 2 blocks per linear-attention group.
    assert_eq!(k.seq_blocks, 32768u64.div_ceil(v.block_tokens) + 3 * 2);
    let none = est(&format!(
        "{QWEN3_NEXT}&engine=vllm&seq=32768&gpus=4&tp=4&gpu=h100-80&mamba_cache_mode=none"
    ))
    .serving
    .unwrap();
    assert_eq!(none.groups.seq_blocks, k.seq_blocks - 3);
    assert_eq!(v.blocks, v.pool_bytes / (v.block_tokens * token * 12));
    assert_eq!(v.sequences, v.blocks / k.seq_blocks);
    // Per token only the 12 attention layers: far more sequences than 48 layers' worth.
    assert_eq!(v.token_bytes, 12 * token);
}

#[test]
fn a_hybrid_ratio_outside_the_layers_is_refused() {
    let errors = |q: &str| match memcalc_core::Inputs::from_query(q).0.parse() {
        Ok(_) => Vec::new(),
        Err(e) => e.iter().map(|e| (e.key(), e.message.clone())).collect(),
    };
    let e = errors(&format!("{QWEN3_NEXT}&full_attn_every=49"));
    assert_eq!(e[0].0, "full_attn_every", "{e:?}");
    assert!(
        e[0].1.contains("between 1 and the layers (48)"),
        "{}",
        e[0].1
    );
    let e = errors("v=4&mode=infer&layers=8&hidden=1024&heads=8&vocab=1000&full_attn_every=4");
    assert_eq!(e[0].0, "linear_k_heads", "{e:?}");
    // The link keeps the model and its layer pattern.
    let s = scenario(QWEN3_NEXT);
    assert_eq!(s.shape().0.full_every, 4);
}
