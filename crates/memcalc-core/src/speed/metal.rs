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
//! measured it; M3 and M4 GPUs (Apple9) were not profiled in that source.

use crate::catalog::hardware::{GpuHardware, Vendor};
use crate::scenario::serving::Engine;
use crate::scenario::{Mode, Scenario};

/// Utilisation of an Apple GPU's FP16/FP32 peak by llama.cpp's `kernel_mul_mm`, basis points:
/// 88 % (pull request #2615, M1 Max, a 4096 × 4096 weight matrix).
pub const METAL_MM_BP: u64 = 8_800;

/// The source of [`METAL_MM_BP`], as the words cite it.
pub const SOURCE: &str = "llama.cpp pull request #2615 (\"metal: matrix-matrix multiplication \
    kernel\", August 2023): kernel_mul_mm at about 88 % of the M1 Max GPU's ALU on a 4096 × 4096 \
    weight matrix";

/// Whether the prefill's products run ggml-metal's `kernel_mul_mm`: llama.cpp serving on an
/// Apple GPU.
pub fn applies(s: &Scenario, hw: &GpuHardware) -> bool {
    s.engine == Engine::Llamacpp && hw.vendor == Vendor::Apple && s.mode == Mode::Infer
}

/// Whether the kernel's rate is the one a scenario's prefill runs at: it applies and no `mfu`
/// replaces it.
pub fn default_applies(s: &Scenario, hw: &GpuHardware) -> bool {
    applies(s, hw) && s.speed.mfu_bp.is_none()
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
            ..s.clone()
        };
        assert!(!applies(&vllm, mac));
        let train = Scenario {
            mode: Mode::Train,
            ..s.clone()
        };
        assert!(!applies(&train, mac));
        let mut set = s;
        set.speed.mfu_bp = Some(5_000);
        assert!(applies(&set, mac) && !default_applies(&set, mac));
    }
}
