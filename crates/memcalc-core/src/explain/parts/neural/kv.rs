//! The KV cache of a model run without a serving engine.

use crate::base::units::group_digits as g;
use crate::explain::parts::Template;
use crate::explain::wording::sequences as seqs;
use crate::model::values::neural::{KvCache, KvValue, LinearState};

pub const SRC_KV: &str = "2 · layers · kv_heads · head_dim · tokens · bytes (K and V per layer); grouped-query attention, Ainslie et al. 2023 (arXiv:2305.13245); multi-head latent attention, DeepSeek-V2 (arXiv:2405.04434) table 1: (kv_lora_rank + qk_rope_head_dim) per token and layer; sliding windows, Mistral 7B (arXiv:2310.06825) section 2 and Gemma 2 (arXiv:2408.00118)";

/// One cached value's size as the formulas show it: "2 B", or "34 B / 32" for Q8_0 blocks.
pub fn per_value(v: KvValue) -> String {
    match v.quant {
        Some(q) => format!("{} B / 32", q.block_bytes()),
        None => format!("{} B", v.dtype.bytes()),
    }
}

impl Template for KvCache {
    fn label(&self) -> &'static str {
        "KV cache"
    }
    fn formula(&self, bytes: u64) -> String {
        let per_token = if self.mla {
            format!(
                "({} latent + {} rotary key)",
                self.kv_lora_rank, self.rope_dim
            )
        } else {
            format!(
                "2 × {} KV heads × {} head dim",
                self.kv_heads_here, self.head_dim
            )
        };
        let attending = self.layers.saturating_sub(self.linear);
        let tokens = if self.windowed > 0 && self.seq > self.window {
            format!(
                "({} full layers × {} tokens + {} windowed layers × {} tokens)",
                attending.saturating_sub(self.windowed),
                g(self.seq),
                self.windowed,
                g(self.window)
            )
        } else if self.linear > 0 {
            format!("{attending} attention layers × {} tokens", g(self.seq))
        } else {
            format!("{} layers × {} tokens", self.layers, g(self.seq))
        };
        format!(
            "{per_token} × {tokens} × {} × {} = {} B",
            seqs(self.batch),
            per_value(self.value),
            g(bytes)
        )
    }
    fn question(&self) -> &'static str {
        "Why does the KV cache grow with context and concurrent sequences?"
    }
    fn explanation(&self) -> String {
        let mechanism = if self.mla {
            format!(
                " Multi-head latent attention caches one compressed vector of {} values plus a {}-value rotary key per token and layer instead of keys and values per head (DeepSeek-V2, arXiv:2405.04434): {}× smaller than caching all {} heads, and replicated, not split, by tensor parallelism as vLLM and SGLang do. (Hugging Face transformers' eager implementation caches the decompressed keys and values instead.)",
                self.kv_lora_rank,
                self.rope_dim,
                crate::mul!(2, self.heads, self.head_dim) / (self.kv_lora_rank + self.rope_dim).max(1),
                self.heads
            )
        } else {
            format!(
                " With grouped-query attention only the {} KV heads are cached, not all {} query heads — calculators that use the hidden size instead overcount by {}×.",
                self.kv_heads,
                self.heads,
                self.heads / self.kv_heads.max(1)
            )
        };
        let window = if self.window > 0 {
            format!(
                " {} of the {} layers attend within a sliding window of {} tokens and keep no more than that (Mistral 7B's rolling buffer, arXiv:2310.06825; Gemma 2 and 3 alternate local and global layers).",
                self.windowed_all,
                self.all_layers,
                g(self.window)
            )
        } else {
            String::new()
        };
        let window = if self.linear_all > 0 {
            format!(
                "{window} Only {} of the {} layers attend to the whole context; the other {} are linear-attention layers that keep a fixed state per sequence instead (the linear-attention state row).",
                self.all_layers - self.linear_all,
                self.all_layers,
                self.linear_all
            )
        } else {
            window
        };
        let kvd = match self.value.quant {
            Some(q) => q.short(),
            None => self.value.dtype.short(),
        };
        format!(
            "Each generated token attends to the keys and values of earlier tokens, so they are cached per layer and token, for {} × {} tokens in {kvd}.{mechanism}{window}",
            seqs(self.batch),
            g(self.seq)
        )
    }
    fn source(&self) -> &'static str {
        SRC_KV
    }
}

/// Where the linear-attention state comes from.
pub const SRC_LINEAR_STATE: &str = "Qwen3-Next (Hugging Face transformers modeling_qwen3_next.py Qwen3NextGatedDeltaNet and Qwen3NextDynamicCache: conv_states of (kernel − 1) inputs of 2 · key + value channels, recurrent_states of value heads × key size × value size per layer and sequence); vLLM model_executor/layers/mamba/mamba_utils.py MambaStateShapeCalculator.gated_delta_net_state_shape and MambaStateDtypeCalculator (model dtype with mamba_ssm_cache_dtype auto); Yang et al. 2024, Gated Delta Networks (arXiv:2412.06464)";

impl Template for LinearState {
    fn label(&self) -> &'static str {
        "Linear-attention state"
    }
    fn formula(&self, bytes: u64) -> String {
        let split = if self.tp > 1 {
            format!(" ÷ {}", self.tp)
        } else {
            String::new()
        };
        format!(
            "{} linear layers × ({} conv values + {} × {} × {} recurrent values){split} × {} × {} B = {} B",
            self.layers,
            g(self.conv_values),
            self.v_heads,
            self.k_dim,
            self.v_dim,
            seqs(self.batch),
            self.bytes_per_value,
            g(bytes)
        )
    }
    fn question(&self) -> &'static str {
        "Why do some layers keep a fixed state instead of a KV cache?"
    }
    fn explanation(&self) -> String {
        format!(
            "Linear-attention (Gated DeltaNet) layers fold the context into one matrix per value head ({} × {} values) and keep the last {} inputs of their causal convolution, whatever the length of the sequence: {} per sequence and layer, for {} here. Only the full-attention layers keep a KV cache that grows with the context.",
            self.k_dim,
            self.v_dim,
            self.kernel.saturating_sub(1),
            g(crate::add!(self.conv_values, self.recurrent_values)),
            seqs(self.batch)
        )
    }
    fn source(&self) -> &'static str {
        SRC_LINEAR_STATE
    }
}

/// Where a pooled engine's counting of linear-attention states comes from.
pub const SRC_LINEAR_POOL: &str = "vLLM model_executor/models/config.py HybridAttentionMambaModelConfig.verify_and_update_config (attention block size raised in multiples of 16 until an attention page holds a linear-attention layer's state), vllm/v1/kv_cache_interface.py MambaSpec (one page per request), vllm/v1/core/kv_cache_utils.py (layer groups sharing one pool of blocks); SGLang python/sglang/srt/mem_cache/memory_pool.py MambaPool and HybridLinearKVPool; the state's shape: HF transformers modeling_qwen3_next.py Qwen3NextDynamicCache, vLLM mamba_utils.py gated_delta_net_state_shape";
