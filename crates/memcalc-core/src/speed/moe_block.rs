//! A pooled engine's fused MoE block beyond its bytes (issue 37, defect 3): each MoE layer of
//! a vLLM or SGLang decode step runs the top-k routing, the token-to-expert alignment
//! (`moe_align_block_size`) and two grouped GEMMs over the experts the step's tokens were routed
//! to (Triton `fused_moe`). Under a CUDA graph the launches cost little, but the block does not
//! read the touched experts at the bandwidth the memory term charges: the engines' own kernel
//! benchmarks (vLLM `benchmarks/kernels/benchmark_moe.py`, SGLang
//! `benchmark/kernels/fused_moe_triton/tuning_fused_moe_triton.py`, both timing the whole
//! `fused_moe` call replayed in a CUDA graph) publish the block's time per batch size. At one
//! token, that time less the touched experts' bytes at the datasheet bandwidth × 80 % (the
//! memory term's default `bw_eff`) is the block's fixed time per layer and step; the term is
//! the median of that over the published tables ([`PUBLISHED`]), times the MoE layers.
//!
//! Only vLLM and SGLang run these kernels; llama.cpp's expert products (`mul_mat_id`) are
//! counted by its own terms (speed/launch.rs), Transformers' by its dispatch (speed/dispatch.rs).

use crate::scenario::serving::Engine;
use crate::scenario::Scenario;

/// One published `fused_moe` kernel time at batch size 1: the source, the GPU's datasheet
/// bandwidth (bytes/s, as `catalog/hardware.rs` has it), the bytes of the experts one token
/// reads (top-k experts × 3 matrices of hidden × intermediate-per-GPU × bytes per weight) and
/// the kernel time (seconds).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Published {
    pub source: &'static str,
    pub bandwidth: f64,
    pub expert_bytes: f64,
    pub seconds: f64,
}

/// The published tables: sgl-project/sglang#6825 (A100 PCIe 40GB, Qwen3-30B-A3B: E=128, N=768,
/// hidden 2048, top 8, BF16, default config: 109.21 µs); vllm-project/vllm#24700 (H100 80GB
/// HBM3, Mixtral 8x7B at TP 2: E=8, N=7168, hidden 4096, top 2, BF16, tuned config: 144.03 µs);
/// vllm-project/vllm#31448 (B200, Qwen3-30B-A3B's shape, BF16, default config: 39.61 µs);
/// sgl-project/sglang#11730 (H200, Qwen3-235B-A22B FP8 at TP 8: E=128, N=192, hidden 4096,
/// top 8, one byte per weight, default config: 31.70 µs).
pub const PUBLISHED: [Published; 4] = [
    Published {
        source: "sgl-project/sglang#6825, A100 PCIe 40GB",
        bandwidth: 1.555e12,
        expert_bytes: 8.0 * 3.0 * 2048.0 * 768.0 * 2.0,
        seconds: 109.21e-6,
    },
    Published {
        source: "vllm-project/vllm#24700, H100 SXM",
        bandwidth: 3.35e12,
        expert_bytes: 2.0 * 3.0 * 4096.0 * 7168.0 * 2.0,
        seconds: 144.03e-6,
    },
    Published {
        source: "vllm-project/vllm#31448, B200",
        bandwidth: 8.0e12,
        expert_bytes: 8.0 * 3.0 * 2048.0 * 768.0 * 2.0,
        seconds: 39.61e-6,
    },
    Published {
        source: "sgl-project/sglang#11730, H200",
        bandwidth: 4.8e12,
        expert_bytes: 8.0 * 3.0 * 4096.0 * 192.0,
        seconds: 31.70e-6,
    },
];

/// The bandwidth share the memory term charges by default (`bw_eff`), at which the published
/// blocks' bytes are taken.
pub const BW_EFF: f64 = 0.8;

/// Each published block's fixed time: its kernel time less its bytes at the bandwidth × 80 %
/// (48.5, 12.6, 27.8 and 26.8 µs).
pub fn fixed_times() -> [f64; 4] {
    PUBLISHED.map(|p| p.seconds - p.expert_bytes / (p.bandwidth * BW_EFF))
}

/// The fixed time of one MoE layer's block per decode step, seconds: the median of
/// [`fixed_times`] (27.3 µs).
pub fn seconds_per_layer() -> f64 {
    let mut t = fixed_times();
    t.sort_by(f64::total_cmp);
    let n = t.len();
    if n.is_multiple_of(2) {
        (t[n / 2 - 1] + t[n / 2]) / 2.0
    } else {
        t[n / 2]
    }
}

/// The fixed time of one MoE layer's block for the scenario, seconds: `moe_block_us` where
/// given (0 turns the term off), else [`seconds_per_layer`].
pub fn seconds_per_layer_of(s: &Scenario) -> f64 {
    s.speed
        .moe_block_ns
        .map_or_else(seconds_per_layer, |ns| ns as f64 * 1e-9)
}

/// The MoE layers whose block a decode step runs (every layer but the dense ones), where the
/// engine runs the fused MoE kernels (vLLM, SGLang); `None` otherwise.
pub fn layers(s: &Scenario) -> Option<u64> {
    let (a, _) = s.shape();
    if a.experts <= 1 || !matches!(s.engine, Engine::Vllm | Engine::Sglang) {
        return None;
    }
    Some(a.layers.saturating_sub(a.params().dense_layers)).filter(|&n| n > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_blocks_give_27_microseconds_a_layer() {
        let t = fixed_times();
        let us: Vec<u64> = t.iter().map(|x| (x * 1e7).round() as u64).collect();
        assert_eq!(us, [485, 126, 278, 268], "tenths of µs");
        assert!((seconds_per_layer() - 27.3e-6).abs() < 0.1e-6);
    }
}
