//! A pooled engine's kernels under its CUDA graph (issue 37, "time that holds"): a vLLM or
//! SGLang decode step replays one CUDA graph, so the host launches nothing per kernel, but
//! every kernel of every layer still takes a few microseconds on the GPU however few bytes it
//! reads (its launch inside the graph, the blocks' ramp-up and the tail). At one request that
//! is most of what a step costs beyond its weights' bytes: the norms, the rotary embedding, the
//! activation and the four products of a layer, and the attention layer (the KV-cache write
//! and the FlashAttention decode kernel), about 10 kernels a layer, 12 with Qwen3's per-head
//! query and key norms.
//!
//! The kernels a layer runs are counted from the engine's model code: vLLM's
//! `Qwen3DecoderLayer.forward` and `Qwen3Attention.forward` (vllm-project/vllm@002456df
//! vllm/model_executor/models/qwen3.py; llama.py has the same layer without `q_norm` and
//! `k_norm`): `input_layernorm` (fused add and RMSNorm), `qkv_proj`, `q_norm`, `k_norm`,
//! `rotary_emb`, `attn` (the cache write and the attention kernel), `o_proj`,
//! `post_attention_layernorm`, and the MLP's `gate_up_proj`, `act_fn` (SiluAndMul) and
//! `down_proj`. A mixture-of-experts layer runs the router's product instead of the MLP (its
//! fused block has its own term, speed/moe_block.rs), and a shared expert's MLP beside it.
//!
//! The times are the engine's own kernels measured under CUDA-graph replay: NVIDIA's
//! AIConfigurator collects them per GPU and vLLM version (ai-dynamo/aiconfigurator@095f58a
//! collector/vllm/collect_gemm.py and collect_attn.py, both timed by collector/helper.py
//! `benchmark_with_power`, which captures the op in a CUDA graph and replays it; data under
//! aic-core/src/aiconfigurator_core/systems/data/). A product of one token by a matrix of at
//! most 128 × 128 (no bytes to speak of) takes 2.61 to 2.65 µs on an H100 and an A100
//! ([`KERNEL`]); the attention op (cache write and decode kernel) of one sequence at a context
//! of at most 128 tokens, 9.7 to 12.7 µs ([`ATTENTION`]). The same tables put a product at
//! one token's model shapes (e.g. 4096 × 4096) at its bytes over 80 % of the bandwidth plus
//! 0.3 to 3.6 µs on the H100 and 3.5 to 10.8 µs on the A100, so the floor adds to the bytes
//! rather than hiding under them. AIConfigurator's own estimate charges every memory-bound op
//! its bytes at 80 % of the bandwidth plus 3 µs (`mem_empirical_constant_latency` in every
//! systems/*.yaml), the same shape. Nothing here is fitted to a measured decode rate.
//!
//! When it applies: vLLM and SGLang with their decode steps captured (the default); without a
//! graph the host's launches are counted instead (speed/dispatch.rs), and llama.cpp has its own
//! terms (speed/launch.rs).

use crate::scenario::serving::Engine;
use crate::scenario::Scenario;

/// One published table's floor: the source and the median time, seconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Floor {
    pub source: &'static str,
    pub seconds: f64,
}

/// A product of one token by a matrix of at most 128 × 128 (BF16), the median over the 15 such
/// shapes of each table (`gemm_perf.parquet`, `m` = 1, six products per replay).
pub const KERNEL: [Floor; 4] = [
    Floor {
        source: "AIConfigurator h100_sxm gemm vLLM 0.24.0",
        seconds: 2.612e-6,
    },
    Floor {
        source: "AIConfigurator h100_sxm gemm vLLM 0.19.0",
        seconds: 2.640e-6,
    },
    Floor {
        source: "AIConfigurator h100_sxm gemm vLLM 0.14.0",
        seconds: 2.612e-6,
    },
    Floor {
        source: "AIConfigurator a100_sxm gemm vLLM 0.14.0",
        seconds: 2.646e-6,
    },
];

/// vLLM's attention op (KV-cache write and FlashAttention decode) for one sequence at a context
/// of at most 128 tokens, 8 KV heads of 128, BF16, the median over each table's query-head
/// counts (`generation_attention_perf.parquet`, batch 1).
pub const ATTENTION: [Floor; 4] = [
    Floor {
        source: "AIConfigurator h100_sxm attention vLLM 0.24.0 (FA3)",
        seconds: 11.79e-6,
    },
    Floor {
        source: "AIConfigurator h100_sxm attention vLLM 0.19.0",
        seconds: 9.65e-6,
    },
    Floor {
        source: "AIConfigurator h100_sxm attention vLLM 0.14.0",
        seconds: 11.40e-6,
    },
    Floor {
        source: "AIConfigurator a100_sxm attention vLLM 0.14.0",
        seconds: 12.66e-6,
    },
];

/// Kernels of a dense layer besides attention: two norms, the rotary embedding, the four
/// products and the activation (vLLM llama.py, qwen3.py).
pub const DENSE_KERNELS: u64 = 8;

/// Qwen3's and Gemma 3's per-head query and key norms: two more kernels a layer.
pub const QK_NORM_KERNELS: u64 = 2;

/// Kernels of a MoE layer besides attention and the fused MoE block: two norms, the rotary
/// embedding, the query-key-value and output products and the router's product.
pub const MOE_KERNELS: u64 = 6;

/// A shared expert's MLP beside the routed ones: its two products and activation.
pub const SHARED_EXPERT_KERNELS: u64 = 3;

/// Kernels outside the layers: the embedding lookup, the final norm and the output product.
pub const HEAD: u64 = 3;

fn median(mut t: [f64; 4]) -> f64 {
    t.sort_by(f64::total_cmp);
    (t[1] + t[2]) / 2.0
}

/// One kernel's floor under the graph, seconds: the median of [`KERNEL`] (2.63 µs).
pub fn kernel_seconds() -> f64 {
    median(KERNEL.map(|f| f.seconds))
}

/// One layer's attention op floor, seconds: the median of [`ATTENTION`] (11.6 µs).
pub fn attention_seconds() -> f64 {
    median(ATTENTION.map(|f| f.seconds))
}

/// The kernel floor for the scenario: `graph_kernel_us` where given (0 turns it off).
pub fn kernel_seconds_of(s: &Scenario) -> f64 {
    s.speed
        .graph_kernel_ns
        .map_or_else(kernel_seconds, |ns| ns as f64 * 1e-9)
}

/// The attention floor for the scenario: `graph_attention_us` where given (0 turns it off).
pub fn attention_seconds_of(s: &Scenario) -> f64 {
    s.speed
        .graph_attention_ns
        .map_or_else(attention_seconds, |ns| ns as f64 * 1e-9)
}

/// The kernels a decode step runs, by kind of layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// Dense layers and each one's kernels besides attention.
    pub dense_layers: u64,
    pub dense_kernels: u64,
    /// MoE layers and each one's kernels besides attention and the fused block.
    pub moe_layers: u64,
    pub moe_kernels: u64,
    /// Kernels outside the layers.
    pub head: u64,
}

impl Count {
    /// Every layer: each runs one attention op.
    pub fn layers(&self) -> u64 {
        self.dense_layers + self.moe_layers
    }

    /// Kernels besides the attention ops.
    pub fn kernels(&self) -> u64 {
        self.dense_layers * self.dense_kernels + self.moe_layers * self.moe_kernels + self.head
    }
}

/// The kernels of the scenario's decode step where a vLLM or SGLang CUDA graph replays it;
/// `None` for other engines or where the step runs eagerly (speed/dispatch.rs counts the host's
/// launches there).
pub fn count(s: &Scenario, sequences: u64) -> Option<Count> {
    if !matches!(s.engine, Engine::Vllm | Engine::Sglang)
        || crate::speed::dispatch::eager(s, sequences).is_some()
    {
        return None;
    }
    let (a, _) = s.shape();
    let qk = if a.qk_norm == crate::catalog::arch::QkNorm::None {
        0
    } else {
        QK_NORM_KERNELS
    };
    let moe_layers = crate::speed::moe_block::layers(s).unwrap_or(0);
    let shared = if a.shared_experts > 0 {
        SHARED_EXPERT_KERNELS
    } else {
        0
    };
    Some(Count {
        dense_layers: a.layers.saturating_sub(moe_layers),
        dense_kernels: DENSE_KERNELS + qk,
        moe_layers,
        moe_kernels: MOE_KERNELS + qk + shared,
        head: HEAD,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_floors_give_2_6_and_11_6_microseconds() {
        assert!((kernel_seconds() - 2.626e-6).abs() < 1e-9);
        assert!((attention_seconds() - 11.595e-6).abs() < 1e-9);
    }
}
