//! A Python engine's host dispatch in a decode step where no CUDA graph captures it: PyTorch
//! launches every kernel of the step from the host, one `cudaLaunchKernel` at a time, and
//! "usually, the launch time on the CPU side is between 5-20 microseconds"
//! (facebookresearch/HolisticTraceAnalysis docs/source/features/cuda_kernel_launch_stats.rst,
//! "Short GPU kernels"). Launches are asynchronous, so the host runs ahead of the GPU while the
//! GPU's work is longer; the step takes the longer of the two: the GPU's time or the host's
//! launches. A floor: the lower end of that range, and only the kernels of a llama layer as
//! llama.cpp's graph counts them (speed/launch.rs), which an eager PyTorch layer launches at
//! least (Transformers' LlamaRMSNorm alone launches several element-wise kernels).
//!
//! When it applies: Hugging Face Transformers' `generate` runs eagerly (no CUDA graph unless a
//! static cache is compiled, which no key sets); vLLM and SGLang capture their decode steps in
//! CUDA graphs by default and run eagerly with `cuda_graphs=off` (vLLM `enforce_eager`, SGLang
//! `--disable-cuda-graph`), and vLLM also above its largest captured batch, 512 sequences by
//! default (vllm/config/compilation.py `max_cudagraph_capture_size`; docs/design/cuda_graphs.md:
//! a batch larger than the largest capture size runs eagerly). llama.cpp launches from C++ and
//! has its own term (speed/launch.rs).

use crate::scenario::serving::{CudaGraphs, Engine};
use crate::scenario::Scenario;
use crate::speed::launch;

/// The lower end of the host's launch time per kernel, seconds (HTA, "Short GPU kernels").
pub const HOST_LAUNCH_SECONDS: f64 = 5e-6;

/// vLLM's largest captured decode batch by default: larger batches run eagerly.
pub const VLLM_MAX_CAPTURE: u64 = 512;

/// Why a Python engine dispatches the step's kernels from the host one by one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eager {
    /// Transformers' generate: eager PyTorch.
    Transformers,
    /// `cuda_graphs=off`: vLLM's enforce_eager, SGLang's --disable-cuda-graph.
    Setting,
    /// More sequences than vLLM's largest captured batch.
    BeyondCapture,
}

/// Why the step's launches come from the host one by one; None where a CUDA graph launches
/// them (vLLM and SGLang by default) or the engine is llama.cpp.
pub fn eager(s: &Scenario, sequences: u64) -> Option<Eager> {
    match s.engine {
        Engine::Hf => Some(Eager::Transformers),
        Engine::Llamacpp => None,
        Engine::Vllm | Engine::Sglang if s.cuda_graphs == CudaGraphs::Off => Some(Eager::Setting),
        Engine::Vllm if sequences > VLLM_MAX_CAPTURE => Some(Eager::BeyondCapture),
        Engine::Vllm | Engine::Sglang => None,
    }
}

/// Kernels per layer the host launches at least: a llama layer's ggml nodes, with the
/// attention fused into one kernel (PyTorch's scaled_dot_product_attention, FlashAttention).
pub fn per_layer() -> u64 {
    launch::BASE_PER_LAYER - launch::FLASH_SAVES
}

/// Kernels after the layers: the output norm and the output matrix.
pub fn head() -> u64 {
    launch::HEAD
}
