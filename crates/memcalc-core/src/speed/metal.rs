//! llama.cpp's prompt processing on Apple silicon (issue 37): the rate of ggml-metal's
//! matrix–matrix kernel.
//!
//! On a Mac, llama.cpp multiplies every matrix of a batch of more than a few tokens with its own
//! Metal kernel, `kernel_mul_mm` (ggml/src/ggml-metal, simdgroup_matrix 8×8 tiles; it replaced
//! Metal Performance Shaders in pull request #2615, August 2023, for every weight type, F16 and
//! quantized alike, dequantizing tiles into threadgroup memory). The pull request's author
//! profiled it on an M1 Max (32-core GPU): "When performing matrix multiplication involving a
//! 4096x4096 matrix and a 4096xne1 matrix, our custom kernel demonstrates an utilization of
//! approximately 88% of the hardware ALU". Apple GPUs run FP16 and FP32 at one rate (128 lanes
//! × 2 FLOPs × clock per core, the hardware table's FP16 figure), so the prefill's products are
//! timed at 88 % of that peak: [`METAL_MM_BP`], the `mfu` default for llama.cpp on an Apple GPU.
//! The same pull request's profile of a whole 256-token evaluation reads about 40 % ("the time
//! consumed by non-matrix multiplication processes is considerably extensive"), and its own
//! figure, 316 tokens/s for LLaMA 7B F16 on that M1 Max, is 41 % of the 10.4 TFLOPS peak at 2 FLOPs
//! per parameter: the profiler's utilisation tracks the FLOP rate. The graph's other kernels
//! (norms, rotary, softmax over the scores, copies into the KV cache) are not counted by this
//! rate, so where they take a share of the step the prefill reads faster than measured (the
//! accuracy table's Apple `pp512` rows, docs/accuracy.md). One chip generation (M1, Apple7)
//! measured it; M3 and M4 GPUs (Apple9) were not profiled in that source. Quantized weights are
//! dequantized tile by tile inside the kernel: the same pull request's F16 and Q4_0 runs on that
//! M1 Max give their extra time ([`quantized_rate`], 77.2 %).

use crate::catalog::hardware::{GpuHardware, Vendor};
use crate::catalog::quant::Quant;
use crate::scenario::serving::Engine;
use crate::scenario::{Mode, Scenario};

/// Utilisation of an Apple GPU's FP16/FP32 peak by llama.cpp's `kernel_mul_mm`, basis points:
/// 88 % (pull request #2615, M1 Max, a 4096 × 4096 weight matrix).
pub const METAL_MM_BP: u64 = 8_800;

/// The same pull request's whole-model rates on that M1 Max, tokens per second of a 256-token
/// evaluation, one build, one machine, the weights' type the only difference: LLaMA 7B F16
/// and Q4_0 (its table "M1 Max 32c GPU": 316 and 297 tok/s).
pub const PR2615_RATES: (f64, f64) = (316.0, 297.0);
/// The M1 Max GPU's (32 cores) FP32/FP16 peak, FLOP/s: 10.4 TFLOPS (huggingface.js
/// packages/tasks/src/hardware.ts, "Apple M1 Max"; 32 cores × 128 lanes × 2 × 1.296 GHz, the
/// M1 family's GPU clock, is 10.6).
pub const M1_MAX_PEAK: f64 = 10.4e12;
/// FLOPs per token of LLaMA 7B's matrix products, 2 × its 6.61 G matrix parameters (32 layers ×
/// (4 · 4096² + 3 · 4096 · 11008) + the 4096 × 32000 output matrix).
pub const LLAMA_7B_MATMUL_FLOPS: f64 =
    2.0 * (32.0 * (4.0 * 4096.0 * 4096.0 + 3.0 * 4096.0 * 11008.0) + 4096.0 * 32000.0);

/// The kernel's rate on quantized weights, as a share of the peak: only the products differ
/// between [`PR2615_RATES`]' two runs (the activations are F32 either way), so Q4_0's extra
/// time per token, 1/297 − 1/316 s = 0.20 ms, is the dequantization of its tiles inside
/// `kernel_mul_mm`, beside the F16 products' 1.44 ms at [`METAL_MM_BP`] on the M1 Max:
/// 88 % × 1.44 ÷ (1.44 + 0.20) = 77.2 %. Q4_0 is the type measured; the other quantized types
/// (Q8_0, the k-quants) are given its rate.
pub fn quantized_rate() -> f64 {
    let (f16, q4) = PR2615_RATES;
    let rate = METAL_MM_BP as f64 / 10_000.0;
    let products = LLAMA_7B_MATMUL_FLOPS / (rate * M1_MAX_PEAK);
    let dequantize = 1.0 / q4 - 1.0 / f16;
    rate * products / (products + dequantize)
}

/// [`quantized_rate`] in basis points, as `mfu` is kept.
pub fn quantized_bp() -> u64 {
    (quantized_rate() * 10_000.0).round() as u64
}

/// Which of the kernel's rates a prefill runs at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MetalMm {
    /// F16 (or F32/BF16) weights: [`METAL_MM_BP`].
    Float,
    /// Quantized weights, dequantized tile by tile in the kernel: [`quantized_rate`].
    Quantized,
}

/// The kernel's rate for `s`'s weights, basis points.
pub fn rate_bp(s: &Scenario) -> u64 {
    match which(s) {
        MetalMm::Float => METAL_MM_BP,
        MetalMm::Quantized => quantized_bp(),
    }
}

/// Which rate `s`'s weights take.
pub fn which(s: &Scenario) -> MetalMm {
    if s.quant == Quant::None {
        MetalMm::Float
    } else {
        MetalMm::Quantized
    }
}

/// Bytes the graph's other kernels read and write per layer of a prefill over `tokens` prompt
/// tokens (issue 37): each node beside the matrix products reads and writes the F32 activations
/// of every token once, as llama.cpp builds a llama layer (src/llama-model.cpp, `build_llama`)
/// and ggml-metal runs it today: the RMS norm before attention and before the FFN, each fused
/// with the multiplication by its weight (2 × read + write of `hidden`); rotary embedding of
/// Q and K (read + write); K and V written into the cache (`set_rows`: F32 read, F16 written);
/// without flash attention, the softmax over each head's `tokens` × `tokens` scores with its
/// scale and mask in one pass (`ggml_soft_max_ext`: read + write); the attention output's
/// permute into rows (read + write); the two residual adds (two reads, one write); the FFN's
/// activation, fused for a gated FFN (`ggml_swiglu`: gate and up read, one written; a standard
/// FFN's GELU reads and writes one). A mixture of experts' FFN width is its active experts'
/// (and shared ones').
pub fn graph_bytes_per_layer(s: &Scenario, tokens: f64) -> f64 {
    use crate::catalog::arch::Mlp;
    let (a, _) = s.shape();
    let f32b = 4.0;
    let hidden = a.hidden as f64;
    let width = (a.heads * a.head_dim) as f64;
    let kv = (a.kv_heads.max(1) * a.head_dim) as f64;
    let ffn = if a.experts > 1 {
        ((a.active_experts + a.shared_experts) * a.moe_ffn) as f64
    } else {
        a.ffn as f64
    };
    // Norms (2 × read + write) and residual adds (2 × two reads + a write) over `hidden`.
    let hidden_passes = 2.0 * 2.0 + 2.0 * 3.0;
    // Rotary Q and the attention output's permute, over the heads' width.
    let width_passes = 2.0 + 2.0;
    // Rotary K (read + write, F32) and K and V into the cache (F32 read, F16 written).
    let kv_bytes = 2.0 * f32b + 2.0 * (f32b + 2.0);
    let scores = if s.flash_attention {
        0.0
    } else {
        2.0 * f32b * a.heads as f64 * tokens
    };
    let activation = match a.mlp {
        Mlp::Gated => 3.0,
        Mlp::Standard => 2.0,
    };
    tokens
        * (f32b * (hidden_passes * hidden + width_passes * width + activation * ffn)
            + kv_bytes * kv
            + scores)
}

/// The source of [`METAL_MM_BP`], as the words cite it.
pub const SOURCE: &str = "llama.cpp pull request #2615 (\"metal: matrix-matrix multiplication \
    kernel\", August 2023): kernel_mul_mm at about 88 % of the M1 Max GPU's ALU on a 4096 × 4096 \
    weight matrix";

/// Whether the prefill's products run ggml-metal's `kernel_mul_mm`: llama.cpp serving on an
/// Apple GPU.
pub fn applies(s: &Scenario, hw: &GpuHardware) -> bool {
    s.engine == Engine::Llamacpp && hw.vendor == Vendor::Apple && s.mode == Mode::Infer
}

/// The kernel's rate a scenario's prefill runs at, where it applies and no `mfu` replaces it.
pub fn default_rate(s: &Scenario, hw: &GpuHardware) -> Option<MetalMm> {
    (applies(s, hw) && s.speed.mfu_bp.is_none()).then(|| which(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::hardware::gpu_hardware;

    #[test]
    fn only_llamacpp_on_an_apple_gpu() {
        let mac = gpu_hardware("m2-ultra-192").unwrap();
        let h100 = gpu_hardware("h100-80").unwrap();
        let s = Scenario {
            engine: Engine::Llamacpp,
            ..Scenario::default_for(Mode::Infer)
        };
        assert!(applies(&s, mac));
        assert!(!applies(&s, h100));
        let vllm = Scenario {
            engine: Engine::Vllm,
            ..s
        };
        assert!(!applies(&vllm, mac));
        let train = Scenario {
            mode: Mode::Train,
            ..s
        };
        assert!(!applies(&train, mac));
        let mut set = s;
        set.speed.mfu_bp = Some(5_000);
        assert!(applies(&set, mac) && default_rate(&set, mac).is_none());
    }

    #[test]
    fn quantized_tiles_cost_the_q4_0_run_its_extra_time() {
        // 88 % × 1.444 ÷ (1.444 + 0.202) ms = 77.2 %.
        let r = quantized_rate();
        assert!((r - 0.772).abs() < 0.001, "{r}");
        assert_eq!(quantized_bp(), 7_718);
        let f16 = Scenario {
            engine: Engine::Llamacpp,
            ..Scenario::default_for(Mode::Infer)
        };
        assert_eq!(rate_bp(&f16), METAL_MM_BP);
        let q4 = Scenario {
            quant: Quant::Q4_0,
            ..f16
        };
        assert_eq!(rate_bp(&q4), 7_718);
    }
}
