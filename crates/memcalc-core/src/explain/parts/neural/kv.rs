//! The KV cache of a model run without a serving engine.

use crate::base::units::group_digits as g;
use crate::explain::parts::Template;
use crate::explain::wording::sequences as seqs;
use crate::model::values::neural::{KvCache, KvValue};

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
        let tokens = if self.windowed > 0 && self.seq > self.window {
            format!(
                "({} full layers × {} tokens + {} windowed layers × {} tokens)",
                self.layers - self.windowed,
                g(self.seq),
                self.windowed,
                g(self.window)
            )
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
