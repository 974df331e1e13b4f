//! llama.cpp's kernel launches in a decode step: one CUDA kernel per node of its ggml graph,
//! each followed by a gap in which the GPU idles before the next one starts, unless the step's
//! kernels are captured in a CUDA graph and launched as one (llama.cpp pull request #6766,
//! NVIDIA's Alan Gray, April 2024). The host is not the limit: "llama.cpp already does a good
//! job of pre-launching all kernels in the GGML graph, so CPU-side launch overheads are not the
//! issue. But CUDA graphs also optimises GPU-side launch overheads, to reduce the 'gaps'
//! between kernels" (Gray, #6766). So the term is GPU idle time, added to the step.
//!
//! Apple silicon and AMD Instinct GPUs (issue 37): ggml-metal dispatches every node, so a Mac
//! pays a fixed time per kernel in every build ([`Uncaptured::Metal`], 6.06 µs, from llama.cpp's
//! own F16/Q4_0 pair in pull request #9698), and a HIP build without graphs on an Instinct pays
//! [`Uncaptured::Instinct`]'s 5.73 µs (an MI100's run in #11867); consumer AMD cards keep the
//! CUDA gap.
//!
//! Python engines (Transformers' eager generate, vLLM with enforce_eager) pay a different cost
//! per op, the host's dispatch, which can exceed the GPU's work; no term models it yet.

use crate::scenario::serving::{CudaGraphs, Engine};
use crate::scenario::Scenario;

/// Published batch-1 decode rates of one build with CUDA graphs off and on, tokens per second:
/// pull request #6766 (JohannesGaessler's table, llama 2 7B Q4_0, `./main` tg, RTX 3090 and
/// RTX 4090) and issue #6763 (Alan Gray, llama-2-7b Q4_K_M, H100 PCIe, `-n 128`).
pub const GRAPH_AB: [(&str, f64, f64); 3] = [
    ("RTX 3090", 116.31, 128.27),
    ("RTX 4090", 138.31, 146.81),
    ("H100 PCIe", 143.35, 163.83),
];

/// Kernels of the graph that produced [`GRAPH_AB`]: llama 2 7B (32 layers), quantized
/// weights, no flash attention (it came to llama.cpp in pull request #5021, 30 April 2024).
pub const GRAPH_AB_KERNELS: u64 = 32 * (BASE_PER_LAYER + QUANT_PER_LAYER) + HEAD + QUANT_HEAD;

/// The ggml nodes of one llama layer that launch a kernel at batch 1 without flash attention
/// (llama.cpp `llm_build_llama`; views, reshapes and permutes launch none): attention norm
/// (`rms_norm`, `mul`), Q, K and V (3 `mul_mat`), `rope` of Q and K, the K and V cache stores
/// (2 `cpy`), K·Q (`mul_mat`), `soft_max_ext`, V·softmax (`mul_mat`), `cont` of the merged
/// heads, the output projection (`mul_mat`), the residual `add`, the FFN norm (`rms_norm`,
/// `mul`), gate and up (2 `mul_mat`), `silu`, `mul`, down (`mul_mat`) and the residual `add`.
pub const BASE_PER_LAYER: u64 = 23;
/// With flash attention, K·Q, the softmax, V·softmax and the `cont` become one
/// `flash_attn_ext` kernel.
pub const FLASH_SAVES: u64 = 3;
/// Quantized weights: ggml-cuda's `ggml_cuda_op_mul_mat` quantizes the activations to q8_1
/// before each of the layer's 7 weight products (`quantize_row_q8_1_cuda`), a kernel each.
pub const QUANT_PER_LAYER: u64 = 7;
/// After the layers: the output norm (`rms_norm`, `mul`) and the output matrix (`mul_mat`).
pub const HEAD: u64 = 3;
/// The output matrix's q8_1 quantization of its input.
pub const QUANT_HEAD: u64 = 1;

/// The GPU's idle gap per kernel that CUDA graphs remove, seconds: the mean over [`GRAPH_AB`]
/// of (1 ÷ rate off − 1 ÷ rate on) ÷ [`GRAPH_AB_KERNELS`] (0.83, 0.43 and 0.90 µs: 0.72 µs).
pub fn gap_seconds() -> f64 {
    let n = GRAPH_AB.len() as f64;
    GRAPH_AB
        .iter()
        .map(|(_, off, on)| (1.0 / off - 1.0 / on) / GRAPH_AB_KERNELS as f64)
        .sum::<f64>()
        / n
}

/// The most tokens per step whose expert products llama.cpp still captures (#19645).
pub const MAX_EXPERT_TOKENS: u64 = 4;

/// Why a llama.cpp step launches its kernels one by one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Uncaptured {
    /// `cuda_graphs=off`: GGML_CUDA_DISABLE_GRAPHS, or a build before pull request #6766 (spring 2024).
    Setting,
    /// A mixture of experts with more than 4 tokens per step: ggml-cuda.cu
    /// `ggml_cuda_graph_check_compability` disables graphs for an expert product
    /// (`mul_mat_id`) of more tokens (pull request #19645, February 2026, which lifted the
    /// "batch size > 1" limit on every other graph and raised `mul_mat_id`'s from 1 to 4).
    Batch,
    /// Apple silicon (issue 37): ggml-metal encodes every node of the graph as its own compute
    /// dispatch (`ggml_metal_encode_node`); Metal has no graph capture, so every build, every
    /// step, pays a fixed time per kernel ([`metal_kernel_seconds`]).
    Metal,
    /// An AMD Instinct (CDNA) GPU with `cuda_graphs=off`: a HIP build without GGML_HIP_GRAPHS,
    /// its default ("experimental, slow", ggml/CMakeLists.txt) from pull request #11362
    /// (January 2025) until #22254 (April 2026) turned it on; each kernel then costs
    /// [`instinct_kernel_seconds`], measured on an MI100.
    Instinct,
}

impl Uncaptured {
    /// Seconds per kernel launched one by one: Metal's and an AMD Instinct's own figures, the
    /// CUDA gap ([`gap_seconds`]) otherwise.
    pub fn per_kernel(self) -> f64 {
        match self {
            Uncaptured::Metal => metal_kernel_seconds(),
            Uncaptured::Instinct => instinct_kernel_seconds(),
            Uncaptured::Setting | Uncaptured::Batch => gap_seconds(),
        }
    }
}

/// llama.cpp's Metal pair (issue 37): pull request #9698 ("metal : reduce command encoding
/// overhead", September 2024, Georgi Gerganov), `llama-bench` tg128 of TinyLlama 1.1B (22
/// llama layers) at F16 and Q4_0, column "t/s gg/perf-metal" (the merged build): (model size in
/// GiB as llama-bench prints it, tokens per second).
pub const METAL_PAIR: [(f64, f64); 2] = [(2.05, 153.89), (0.59, 245.85)];

/// Kernels of [`METAL_PAIR`]'s step: 22 layers × 23 nodes (no flash attention; ggml-metal's
/// matrix–vector kernels read F32 activations, so no quantization kernel) + norm, mul and the
/// output matrix.
pub const METAL_PAIR_KERNELS: u64 = 22 * BASE_PER_LAYER + HEAD;

/// Metal's fixed time per kernel, seconds: the part of [`METAL_PAIR`]'s step that does not
/// grow with the bytes read. Two sizes on one machine give both the time per byte and the fixed
/// time without assuming the machine's bandwidth: fixed = t(Q4_0) − size(Q4_0) × (t(F16) −
/// t(Q4_0)) ÷ (size(F16) − size(Q4_0)) = 3.09 ms, over 509 kernels: 6.06 µs. (The pair's time
/// per byte is 645 GB/s: 81 % of an M2 Ultra's 800 GB/s, the share `bw_eff` assumes.)
pub fn metal_kernel_seconds() -> f64 {
    let [(big, big_rate), (small, small_rate)] = METAL_PAIR;
    let (t_big, t_small) = (1.0 / big_rate, 1.0 / small_rate);
    let fixed = t_small - small * (t_big - t_small) / (big - small);
    fixed / METAL_PAIR_KERNELS as f64
}

/// An AMD Instinct GPU without HIP graphs (issue 37): llama.cpp's master of February 2025 on
/// an MI100, `llama-bench` tg128 of Qwen2 1.5B Q4_0 (888.43 MiB), 156.20 t/s (IMbackK, pull
/// request #11867, comment of 2025-02-19): (model bytes, tokens per second, the MI100's
/// datasheet bandwidth in bytes per second).
pub const INSTINCT_POINT: (f64, f64, f64) = (888.43 * 1_048_576.0, 156.20, 1.2288e12);

/// Kernels of [`INSTINCT_POINT`]'s step: 28 layers × (23 nodes + Qwen2's 3 Q, K and V bias
/// adds + 7 q8_1 quantizations) + the head's 4.
pub const INSTINCT_POINT_KERNELS: u64 = 28 * (BASE_PER_LAYER + 3 + QUANT_PER_LAYER) + HEAD + QUANT_HEAD;

/// An AMD Instinct's time per kernel without HIP graphs, seconds: [`INSTINCT_POINT`]'s step
/// less its bytes at the MI100's bandwidth × the AMD share (`AMD_BW_EFF_BP`, 70 %), over its
/// 928 kernels: (6.40 − 1.08 ms) ÷ 928 = 5.73 µs.
pub fn instinct_kernel_seconds() -> f64 {
    let (bytes, rate, bandwidth) = INSTINCT_POINT;
    let eff = crate::scenario::speed::AMD_BW_EFF_BP as f64 / 10_000.0;
    (1.0 / rate - bytes / (bandwidth * eff)) / INSTINCT_POINT_KERNELS as f64
}

/// Which GPU family the scenario's device is: Apple's (Metal) or an AMD Instinct (HIP on CDNA).
fn family(s: &Scenario) -> (bool, bool) {
    use crate::catalog::hardware::{gpu_hardware, Vendor};
    match gpu_hardware(s.device.preset.id) {
        Some(h) => (
            h.vendor == Vendor::Apple,
            h.vendor == Vendor::Amd && !h.desktop,
        ),
        None => (false, false),
    }
}

/// The kernels of one decode step and why they are launched one by one; `None` where the
/// step's launches are captured in a CUDA graph, or the engine is not llama.cpp.
pub fn uncaptured(s: &Scenario, tokens: u64) -> Option<Uncaptured> {
    if s.engine != Engine::Llamacpp {
        return None;
    }
    let (metal, instinct) = family(s);
    if metal {
        Some(Uncaptured::Metal)
    } else if s.cuda_graphs == CudaGraphs::Off && instinct {
        Some(Uncaptured::Instinct)
    } else if s.cuda_graphs == CudaGraphs::Off {
        Some(Uncaptured::Setting)
    } else if s.shape().0.experts > 1 && tokens > MAX_EXPERT_TOKENS {
        Some(Uncaptured::Batch)
    } else {
        // ggml_cuda_graph_set_enabled turns graphs off below Volta (compute capability 7.0;
        // below Ampere until pull request #25749, July 2026): every GPU preset is Volta or
        // later, and AMD's HIP graphs are on by default (GGML_HIP_GRAPHS).
        None
    }
}

/// Kernels per layer of the scenario's graph: a dense llama layer's. A mixture of experts'
/// layer launches more ([`moe_extra`]).
pub fn per_layer(s: &Scenario) -> u64 {
    BASE_PER_LAYER - if s.flash_attention { FLASH_SAVES } else { 0 }
        + if quantizes_activations(s) {
            QUANT_PER_LAYER
        } else {
            0
        }
}

/// The routing kernels of a mixture of experts' layer beyond a dense one's
/// (llama.cpp `llm_graph_context::build_moe_ffn`, src/llama-graph.cpp): the router's product
/// (`ffn_gate_inp`, left unquantized by llama-quant, so no q8_1 kernel), its gating (softmax or
/// sigmoid), the top-k selection (`argsort`/`top_k`), the chosen weights' gather (`get_rows`)
/// and the experts' outputs weighted by them (`mul`). The expert products (`mul_mat_id`) take
/// the dense FFN's products' place one for one.
pub const MOE_ROUTING: u64 = 5;
/// A shared expert's FFN beside the routed ones (DeepSeek, Qwen2-MoE, Llama 4): gate, up,
/// activation, product and down, as a dense FFN's, and the `add` of its output.
pub const SHARED_FFN: u64 = 6;

/// Kernels a mixture of experts' layer launches beyond [`per_layer`]: [`MOE_ROUTING`], the
/// k − 1 `add`s that sum the k experts' outputs (`build_moe_ffn`'s "aggregate experts"), and a
/// shared expert's FFN with the q8_1 quantization of its three products when the weights are
/// quantized. The routing weights' normalisation (`sum_rows`, `clamp`, `div`, for models that
/// normalise them) is not counted: no field says which do. 0 for a dense model.
pub fn moe_extra(s: &Scenario) -> u64 {
    let (a, _) = s.shape();
    if a.experts <= 1 {
        return 0;
    }
    let shared = if a.shared_experts > 0 {
        SHARED_FFN + if quantizes_activations(s) { 3 } else { 0 }
    } else {
        0
    };
    MOE_ROUTING + a.active_experts.max(1) - 1 + shared
}

/// Kernels after the layers (norm and output matrix), when the output layer is on the GPU.
pub fn head(s: &Scenario) -> u64 {
    HEAD + if quantizes_activations(s) {
        QUANT_HEAD
    } else {
        0
    }
}

/// Whether each quantized weight product launches a q8_1 quantization of its input first:
/// ggml-cuda's (and HIP's) MMVQ does; ggml-metal's `kernel_mul_mv_q*_f32` read the F32
/// activations directly.
fn quantizes_activations(s: &Scenario) -> bool {
    s.quantized_weights() && !family(s).0
}
