//! The words of the serving and training terms that name a collective's latency, one
//! request's prefill, the sequences a pool decodes, a training run's token budget and its
//! pipeline schedule (the bubble and the sends between stages).

use super::{bytes, count, pct, rate, si, sig, time, transfer, via, Template};
use crate::base::units::{self, UnitSystem};
use crate::catalog::precision::Dtype;
use crate::scenario::Recompute;
use crate::speed::{Collective, NeuralTerm, Time};

/// A ring collective: its bytes over the bandwidth (at the protocol's share of it), plus every
/// collective's latency, e.g. "4 × (2 − 1)/2 × 8 KiB ÷ (450 GB/s × 50 %) + 64 × (6.6 µs + 2 ×
/// 0.6 µs)".
fn collective(c: &Collective, u: UnitSystem) -> String {
    let eff = c.latency.protocol.efficiency();
    let bandwidth = if eff < 1.0 {
        format!("({} × {})", rate(c.bandwidth), pct(eff))
    } else {
        rate(c.bandwidth)
    };
    let l = &c.latency;
    let mut per = time(Time::of(l.base));
    if l.link_steps > 0.0 {
        per.push_str(&format!(
            " + {} × {}",
            sig(l.link_steps),
            time(Time::of(l.link_hop))
        ));
    }
    if l.net_steps > 0.0 {
        per.push_str(&format!(
            " + {} × {}",
            sig(l.net_steps),
            time(Time::of(l.net_hop))
        ));
    }
    format!(
        "{} × ({} − 1)/{} × {} ÷ {bandwidth} + {} × ({per})",
        sig(c.halves),
        c.ranks,
        c.ranks,
        bytes(c.buffer, u),
        units::group_digits(c.count.round() as u64)
    )
}

/// What each collective's latency is, as an explanation's closing sentence.
fn latency(c: &Collective) -> String {
    format!(
        "Each of the {} collectives also pays NCCL's latency: a base and one per ring step ({} per \
            collective{}), with the {} protocol, the faster of LL and Simple for this buffer.",
        units::group_digits(c.count.round() as u64),
        sig(c.latency.link_steps + c.latency.net_steps),
        if c.latency.net_steps > 0.0 {
            format!(", {} of them between nodes", sig(c.latency.net_steps))
        } else {
            String::new()
        },
        c.latency.protocol.name()
    )
}

/// The tensor-parallel all-reduces of inference.
fn tp_all_reduce(tokens: u64, c: &Collective) -> String {
    format!(
        "Megatron tensor parallelism all-reduces each token's hidden vector twice per layer, over \
            {} ({} tokens); a ring all-reduce sends 2 (n − 1)/n of the buffer per GPU. {}",
        via(c.via),
        tokens,
        latency(c)
    )
}

/// One request's prefill.
fn prefill(tokens: f64) -> String {
    format!(
        "One request's prompt ({} tokens) passes through every weight matrix (2 FLOPs per \
            parameter) and attends causally to the tokens before it, at the compute peak times the \
            utilisation; its first token follows. Serving engines prefill each request on its own, \
            in chunks of their token budget (vLLM's chunked prefill, max_num_batched_tokens), so a \
            request waits for its own prompt, not for every concurrent sequence's (set prompt for \
            a prompt shorter than the context).",
        units::group_digits(tokens.round() as u64)
    )
}

/// Why a prefill runs at twice the table's FP16 peak on a GeForce card (speed/prefill.rs).
fn fp16_acc(a: &crate::speed::prefill::Fp16Acc) -> String {
    format!(
        "Its products accumulate in FP16, which this GeForce card runs at {}× its FP32-accumulate \
        rate ({}){}.{}",
        a.factor,
        a.source,
        if a.engine_default {
            ": llama.cpp multiplies with cuBLAS's CUBLAS_COMPUTE_16F (prefill_acc=fp32 times FP32 \
            accumulation)"
        } else {
            " (prefill_acc=fp16)"
        },
        if a.quantized {
            " Quantized weights run llama.cpp's MMQ kernels on int8 tensor cores, used only where \
            they beat that FP16 path; their own rate at these shapes is not sourced, so the prefill \
            is timed at the FP16 path's rate, a floor on its speed."
        } else {
            ""
        }
    )
}

/// Issue 37 (h-metalpp): why a llama.cpp prefill on a Mac runs at the Metal kernel's rate.
fn metal_mm(which: crate::speed::metal::MetalMm, utilisation: f64) -> String {
    use crate::speed::metal::MetalMm;
    format!(
        "On an Apple GPU llama.cpp multiplies with its own Metal kernel (kernel_mul_mm, \
        simdgroup matrices), so the utilisation is that kernel's rate: {} % of the GPU's FP16 \
        peak on F16 weights ({}){}; mfu replaces it. The graph's other kernels (norms, rotary, \
        softmax, copies into the cache) are not in that rate: where they take a share of the \
        step, the prompt is processed slower than this.",
        crate::speed::metal::METAL_MM_BP / 100,
        crate::speed::metal::SOURCE,
        match which {
            MetalMm::Float => String::new(),
            MetalMm::Quantized => format!(
                ", {} on quantized weights, whose tiles it dequantizes: the pull request's Q4_0 \
                run on the same M1 Max took 1/297 − 1/316 s a token more than its F16 run \
                (Q4_0 measured; other quantized types given its rate)",
                pct(utilisation)
            ),
        }
    )
}

/// Why a quantized llama.cpp prefill runs below a data-center card's tensor rate
/// (speed/mmq.rs).
fn mmq_epilogue(c: &crate::speed::mmq::MmqCeiling) -> String {
    format!(
        "Quantized weights run llama.cpp's MMQ, which converts each 32-value block's int8 sums to \
        float (ggml-cuda/mmq.cuh): at 16 conversions a clock per SM that is {} FLOP a clock, {} \
        of this card's tensor rate ({} FLOP; {}); prefill_mmq=tensor times the tensor rate.",
        units::group_digits(crate::speed::mmq::EPILOGUE_FLOP_PER_SM_CLOCK as u64),
        pct(c.factor),
        units::group_digits(c.tensor_per_sm_clock as u64),
        c.source
    )
}

/// The sequences a decode step runs, as the summary says them: "14 sequences (the most the
/// engine runs at once: …; of 256 requested, 242 wait in its queue)".
pub(super) fn sequences(running: u64, requested: u64) -> String {
    let n = units::count(running, "sequence", "sequences");
    if running < requested {
        format!(
            "{n} (the most the engine runs at once: its KV pool, or vLLM's max_num_seqs; of {} \
                requested, {} wait in its queue)",
            units::group_digits(requested),
            units::group_digits(requested - running)
        )
    } else {
        n
    }
}

/// The time to first token's qualifier where a pooled engine queues requests: the figure is
/// a running request's; a queued request's first token waits for the queue (" for a running
/// request; a queued one's is the queue's: up to 7.82 s before its prefill (4 waves of the 13
/// running ahead of it, each a prefill and 2,048 generated tokens)").
pub(super) fn queue(queue: Option<crate::speed::Queue>, running: u64) -> String {
    let Some(q) = queue else {
        return String::new();
    };
    let generated = if q.generated > 0 {
        format!(" and {} generated tokens", units::group_digits(q.generated))
    } else {
        String::new()
    };
    format!(
        " for a running request; a queued one's is the queue's: up to {} before its prefill ({} \
            of the {} running ahead of it, each a prefill{generated})",
        time(q.wait),
        units::count(q.waves, "wave", "waves"),
        units::group_digits(running),
    )
}

/// A pooled engine's throughput under load, as the time line adds it: "; under load
/// (continuous batching: …): 9,120 output tokens/s for 212 running, 9,120 per GPU".
pub(super) fn served(served: Option<crate::speed::Served>, gpus: u64) -> String {
    let Some(v) = served else {
        return String::new();
    };
    format!(
        "; under load (continuous batching: every step decodes the running requests and \
            prefills, in chunks of its {}-token budget, the prompts of those replacing the \
            finished ones; the paged KV cache holds and reads them at their mean context of {} \
            tokens): {} output tokens/s for {} running, {} per GPU",
        units::group_digits(v.budget),
        units::group_digits(v.context.round() as u64),
        sig(v.tokens_per_s),
        units::group_digits(v.sequences.round() as u64),
        sig(crate::speed::per_gpu(v.tokens_per_s, gpus)),
    )
}

/// A training run's time for its token budget: ", 12 days for 15 T tokens".
pub(super) fn run(run: Option<(u64, Time)>) -> String {
    run.map_or(String::new(), |(tokens, t)| {
        format!(", {} for {} tokens", time(t), super::count(tokens as f64))
    })
}

/// The pipeline bubble's formula, e.g. "(8 − 1) ÷ (48 micro-batches × 2 chunks) × 61.2 s";
/// plain 1F1B (one chunk per device) leaves the chunks out.
fn bubble_formula(stages: u64, micro: u64, chunks: u64, compute_seconds: f64) -> String {
    let compute = time(Time::of(compute_seconds));
    if chunks > 1 {
        format!("({stages} − 1) ÷ ({micro} micro-batches × {chunks} chunks per device) × {compute}")
    } else {
        format!("({stages} − 1) ÷ {micro} micro-batches × {compute}")
    }
}

/// What the bubble is and where its micro-batch count comes from.
fn bubble_words(chunks: u64) -> String {
    let schedule = if chunks > 1 {
        format!(
            "An interleaved 1F1B pipeline ({chunks} model chunks per device, vpp) idles (p − 1)/(m \
                · v) of the ideal time filling and draining: each step of the fill is one chunk, \
                1/v of a stage's work."
        )
    } else {
        "A 1F1B pipeline idles (p − 1)/m of the ideal time filling and draining.".to_string()
    };
    format!(
        "{schedule} m is the micro-batches per step (micro_batches: Megatron-LM's global batch ÷ \
            (micro-batch × data-parallel size); empty: as many as stages, the fewest that keep \
            every stage busy)."
    )
}

/// The sends between stages: per micro-batch, and per chunk with the interleaved schedule.
fn pipeline_send_words(micro: u64, chunks: u64, over: String) -> String {
    let at = if chunks > 1 {
        format!(
            " at each of {chunks} chunk boundaries per device (interleaving multiplies the \
            sends by v)"
        )
    } else {
        String::new()
    };
    format!(
        "Each of {micro} micro-batches sends its activations to the next stage and its \
        gradients back{at}, point to point over {over}, split over the tensor-parallel ranks."
    )
}

/// The source of llama.cpp's launch term.
const SRC_LAUNCH_METAL: &str = "llama.cpp pull request #9698 (\"metal : reduce command \
    encoding overhead\", September 2024): llama-bench tg128 of TinyLlama 1.1B, F16 (2.05 GiB) \
    153.89 t/s and Q4_0 (0.59 GiB) 245.85 t/s on one Mac; the fixed time per step is t(Q4_0) − \
    size(Q4_0) × (t(F16) − t(Q4_0)) ÷ (size(F16) − size(Q4_0)) = 3.09 ms, over its 509 kernels \
    (22 layers × 23 nodes of llm_build_llama + 3): 6.06 µs per kernel; ggml-metal dispatches \
    every node (ggml_metal_encode_node) and its mul_mv kernels read F32 activations, so no q8_1 \
    quantization kernel is counted; flash attention saves 3 nodes a layer";
const SRC_LAUNCH_INSTINCT: &str = "llama.cpp pull request #11867 (IMbackK, 2025-02-19): \
    llama-bench tg128 of Qwen2 1.5B Q4_0 (888.43 MiB) on an AMD Instinct MI100, master 156.20 \
    t/s; less its bytes at the MI100's 1.2288 TB/s × 70 % (the AMD share), over its 928 kernels \
    (28 layers × (23 nodes + 3 bias adds + 7 q8_1 quantizations) + 4): 5.73 µs per kernel; HIP \
    graphs were off by default (ggml/CMakeLists.txt GGML_HIP_GRAPHS \"experimental, slow\", pull \
    request #11362) until pull request #22254 (April 2026)";
const SRC_LAUNCH: &str = "llama.cpp pull request #6766 (CUDA graphs, Alan Gray, April 2024: \
    GPU-side gaps between kernels; JohannesGaessler's table, llama 2 7B Q4_0 ./main tg, RTX 3090 \
    116.31 → 128.27 t/s, RTX 4090 138.31 → 146.81) and issue #6763 (H100 PCIe, llama-2-7b Q4_K_M, \
    143.35 → 163.83 t/s): the gap per kernel is the mean of (1 ÷ rate off − 1 ÷ rate on) ÷ 964 \
    kernels (0.83, 0.43, 0.90 µs); kernels per layer counted from llm_build_llama's ggml nodes \
    (23; 20 with flash attention) and ggml-cuda's q8_1 quantization before each quantized weight \
    product (7); graphs off where ggml-cuda.cu turns them off: a mixture of experts' mul_mat_id of \
    more than 4 tokens per step (ggml_cuda_graph_check_compability; any step of more than one \
    token before pull request #19645, February 2026), GGML_CUDA_DISABLE_GRAPHS; on from compute \
    capability 7.0 (ggml_cuda_graph_set_enabled: Volta and Turing since pull request #25749); a \
    mixture of experts' layer adds its routing kernels (llm_graph_context::build_moe_ffn in \
    src/llama-graph.cpp: router product, gating, top-k, get_rows, the weighting mul, k − 1 adds \
    summing the experts, and a shared expert's FFN)";

/// The launch term's formula: "(27 kernels × 32 layers + 4) × 0.72 µs".
fn launch_formula(per_layer: u64, layers: u64, head: u64, gap: f64) -> String {
    format!(
        "({per_layer} kernels × {layers} layers + {head}) × {}",
        time(Time::of(gap))
    )
}

/// vLLM's and SGLang's kernels under their CUDA graph: "(12 kernels × 28 layers + 3) × 2.63 µs
/// + 28 attention ops × 11.6 µs"; a MoE model's MoE layers as "+ 8 × 48 MoE layers".
fn graph_kernels_formula(
    c: &crate::speed::graph_kernels::Count,
    per_kernel: f64,
    attention: f64,
) -> String {
    let mut kernels = Vec::new();
    if c.dense_layers > 0 {
        kernels.push(format!(
            "{} kernels × {}",
            c.dense_kernels,
            units::count(c.dense_layers, "layer", "layers")
        ));
    }
    if c.moe_layers > 0 {
        kernels.push(format!(
            "{} × {}",
            c.moe_kernels,
            units::count(c.moe_layers, "MoE layer", "MoE layers")
        ));
    }
    kernels.push(c.head.to_string());
    format!(
        "({}) × {} + {} × {}",
        kernels.join(" + "),
        time(Time::of(per_kernel)),
        units::count(c.layers(), "attention op", "attention ops"),
        time(Time::of(attention))
    )
}

/// llama.cpp's launches with a mixture of experts' routing kernels: "(30 kernels × 48 layers +
/// 12 × 48 MoE layers + 4) × 723 ns"; a dense model's as [`launch_formula`].
fn moe_launch_formula(
    per_layer: u64,
    layers: u64,
    moe: u64,
    moe_layers: u64,
    head: u64,
    gap: f64,
) -> String {
    if moe_layers == 0 {
        return launch_formula(per_layer, layers, head, gap);
    }
    format!(
        "({per_layer} kernels × {layers} layers + {moe} × {moe_layers} MoE layers + {head}) × {}",
        time(Time::of(gap))
    )
}

/// Why llama.cpp launches the step's kernels one by one, and what that costs.
fn launch(why: crate::speed::launch::Uncaptured) -> String {
    use crate::speed::launch::Uncaptured;
    let reason = match why {
        Uncaptured::Setting => {
            "CUDA graphs are off (cuda_graphs=off: GGML_CUDA_DISABLE_GRAPHS, or \
            a build before pull request #6766, spring 2024)"
        }
        Uncaptured::Batch => {
            "llama.cpp turns CUDA graphs off for a mixture of experts' expert \
            products of more than 4 tokens a step (ggml-cuda.cu, pull request #19645)"
        }
        Uncaptured::Metal => {
            return "On Apple silicon llama.cpp's Metal backend encodes every node of its graph \
            as its own compute dispatch, and Metal has no graph capture: each kernel costs a \
            fixed time besides the bytes it reads, whatever the build. The time per kernel is what \
            llama.cpp's own pair of measurements on one Mac (TinyLlama 1.1B at F16 and Q4_0, pull \
            request #9698) leaves once the time per byte is taken out. A fixed cost per step, so \
            it weighs most on small, fast steps (a 4-bit 7B model on an M2 Ultra: about half the \
            step) and least on a big model on a small chip."
                .to_string();
        }
        Uncaptured::Instinct => {
            return "On an AMD Instinct GPU a HIP build of llama.cpp without HIP graphs \
            (cuda_graphs=off: GGML_HIP_GRAPHS off, its default until pull request #22254, April \
            2026) launches one kernel per node of its graph, and each costs several microseconds \
            on these GPUs: what llama.cpp's own run on an MI100 (Qwen2 1.5B Q4_0, pull request \
            #11867) leaves once its bytes are read at the AMD share of the bandwidth. A fixed cost \
            per step, so it weighs most on small, fast steps."
                .to_string();
        }
    };
    format!(
        "llama.cpp launches one CUDA kernel per node of its graph. Here {reason}, so the kernels \
            are launched one by one and the GPU idles in a gap after each before the next starts; \
            the host is not the limit (it queues every kernel ahead). With a CUDA graph the whole \
            step launches at once and the gaps close: the gap per kernel is what graphs saved in \
            llama.cpp's own measurements on an RTX 3090, an RTX 4090 and an H100. A fixed cost per \
            step, so it weighs most on small, fast steps (a 4-bit 7B model) and its share falls as \
            the step grows."
    )
}

/// The source of a Python engine's host-dispatch term.
const SRC_MOE_BLOCK: &str = "The engines' fused_moe kernel benchmarks at batch size 1 (vLLM \
    benchmarks/kernels/benchmark_moe.py, SGLang tuning_fused_moe_triton.py, CUDA-graph replay): \
    sgl-project/sglang#6825 (A100 PCIe 40GB, Qwen3-30B-A3B, BF16, 109.21 µs), \
    vllm-project/vllm#24700 (H100, Mixtral 8x7B TP 2, BF16, 144.03 µs), vllm-project/vllm#31448 \
    (B200, Qwen3-30B-A3B shape, BF16, 39.61 µs), sgl-project/sglang#11730 (H200, Qwen3-235B-A22B \
    FP8 TP 8, 31.70 µs); each less its top-k experts' bytes at the datasheet bandwidth × 80 % \
    (48.5, 12.6, 27.8, 26.8 µs), median 27.3 µs per MoE layer";
const SRC_GRAPH_KERNELS: &str = "Kernels per layer from vLLM's model code \
    (vllm-project/vllm@002456df vllm/model_executor/models/qwen3.py Qwen3DecoderLayer and \
    Qwen3Attention forward; llama.py without q_norm and k_norm); floors from NVIDIA AIConfigurator's \
    graph-replayed vLLM op tables (ai-dynamo/aiconfigurator@095f58a collector/vllm/collect_gemm.py, \
    collect_attn.py, collector/helper.py benchmark_with_power): a product of one token by a matrix \
    of at most 128 × 128, median 2.61, 2.64, 2.61 and 2.65 µs (H100 vLLM 0.24.0, 0.19.0, 0.14.0; \
    A100 vLLM 0.14.0), 2.63 µs; the attention op at one sequence and at most 128 tokens of \
    context, 11.79, 9.65, 11.40 and 12.66 µs, 11.6 µs";
const SRC_DISPATCH: &str = "facebookresearch/HolisticTraceAnalysis \
    docs/source/features/cuda_kernel_launch_stats.rst (\"usually, the launch time on the CPU side \
    is between 5-20 microseconds\": the lower end taken); kernels per layer: llama.cpp's count of a \
    llama layer's ops (llm_build_llama, 23), the attention as one kernel (20), and the output norm \
    and matrix (3); when: Transformers' generate runs eagerly; vLLM and SGLang capture decode in \
    CUDA graphs unless enforce_eager / --disable-cuda-graph (cuda_graphs=off), vLLM up to 512 \
    sequences (vllm/config/compilation.py max_cudagraph_capture_size; docs/design/cuda_graphs.md)";

/// Why a Python engine launches the step's kernels from the host, and what that costs.
fn dispatch(why: crate::speed::dispatch::Eager) -> String {
    use crate::speed::dispatch::Eager;
    let reason = match why {
        Eager::Transformers => "Transformers' generate runs eager PyTorch",
        Eager::Setting => {
            "CUDA graphs are off (cuda_graphs=off: vLLM's enforce_eager, SGLang's \
            --disable-cuda-graph)"
        }
        Eager::BeyondCapture => {
            "the step runs more sequences than vLLM's largest captured CUDA graph (512 by \
            default), so it runs eagerly"
        }
    };
    format!(
        "Here {reason}: the host launches each kernel of the step itself, at least 5 µs each. The \
            launches are asynchronous, so the host runs ahead while the GPU's work takes longer; \
            the step takes the longer of the two. A floor: only a llama layer's essential kernels \
            are counted, at the lower end of the measured launch time. It bounds small, fast \
            steps (a small model at batch 1); a CUDA graph (vLLM's and SGLang's default) removes \
            it."
    )
}

/// The source of the one-warp kernel's term.
const SRC_KQUANT: &str = "Q2_K 0.53 and Q3_K 0.52: llama.cpp pull request #5434 (build b2110, \
        February 2024), RTX 3090, llama 7B at batch size 1, Q2_K_M 104.87 and Q3_K_S 99.08 t/s \
        against Q5_1 110.57 t/s, weights at the quantize README's bits per weight; Q4_K_M, Q5_K_M \
        and Q6_K 1 on today's build (0.89 in May 2024: XiongjieDai/GPU-Benchmarks-on-LLM-Inference, \
        LLaMA 3 70B tg 512, Q4_K_M against F16 on RTX 3090s and 4090s; kquant_eff sets it)";

const SRC_OCCUPANCY: &str =
    "llama.cpp pull request #5394 (JohannesGaessler, February 2024: \"only \
    a single warp is used for each matrix row\"; 4 warps per row on NVIDIA since) and ggml-cuda.cu \
        at #4766 (mul_mat_vec_q, block_dims(WARP_SIZE, GGML_CUDA_MMV_Y = 1)); CUDA C++ Programming \
        Guide, technical specifications per compute capability (resident blocks per SM: 16 on 7.5 \
        and 8.6, 24 on 8.9, 32 on 7.0, 8.0, 9.0; resident warps 32, 48 or 64); the rate per \
        resident warp from slaren's llama-bench in pull request #4812 (RTX 3090 Ti, 84 SMs × 16 \
        warps, llama 7B Q4_0 3.56 GiB, tg 128, 127.43 t/s, build 32d9f7d9), less the KV cache at \
        80 % and the launch gaps (speed/launch.rs)";

/// The term's formula: "3.49 GiB ÷ (82 SMs × 16 warps × 0.39 GB/s) − 3.49 GiB ÷ 749 GB/s".
fn occupancy_formula(
    weights: String,
    o: &crate::speed::mmvq::Occupancy,
    bound_rate: f64,
) -> String {
    format!(
        "{weights} ÷ ({} SMs × {} warps × {}) − {weights} ÷ {}",
        o.sms,
        o.resident_warps,
        rate(o.rate / (o.sms * o.resident_warps) as f64),
        rate(bound_rate)
    )
}

/// Why the one-warp kernel reads slower than the bandwidth.
fn occupancy_words(o: &crate::speed::mmvq::Occupancy) -> String {
    format!(
        "llama.cpp multiplies quantized weights by the token's vector with mul_mat_vec_q, {} per \
            matrix row (mmvq_warps; 1 before pull request #5394, February 2024). Blocks that small \
            fill an SM's block limit before its warp limit: {} warps resident per SM, and the \
            memory is only as busy as their loads in flight keep it (memory latency, not \
            bandwidth). The rate per resident warp is measured, on an RTX 3090 Ti running the same \
            kernel (pull request #4812); this term is what the weights take beyond the \
            bandwidth-bound read. That rate is the January 2024 build's whole shortfall per warp, \
            and may hold costs other than occupancy (a May 2024 build with 4 warps still read \
            slower than the bandwidth). Since #5394 a row has 4 warps and the SMs fill.",
        crate::base::units::count(o.warps_per_row, "warp", "warps"),
        o.resident_warps
    )
}

const PREFILL: &str = "Every prompt token passes through every weight matrix (2 FLOPs per \
    parameter) and attends causally to the tokens before it; the prefill runs at the compute peak \
    times the utilisation, and ends with the first token.";
const DECODE_COMPUTE: &str = "2 FLOPs per parameter for each sequence's new token, and its \
    attention over the context; it overtakes the bytes term as the batch grows (the roofline's \
    ridge point).";
const OFFLOAD: &str = "ZeRO-Offload moves each device's gradients to the host and its updated \
    parameters back over PCIe once per step.";

/// The roofline and the forward FLOPs, which every decode and prefill source starts with.
macro_rules! roofline {
    () => {
        "Williams, Waterman, Patterson 2009, Roofline (CACM 52(4)); Kaplan et al. 2020 (arXiv \
            2001.08361): 2 FLOPs per parameter and token forward; hardware figures from the \
            vendor's datasheet (catalog/hardware.rs)"
    };
}
const SRC_PREFILL: &str = concat!(
    roofline!(),
    "; prefill per request: vLLM docs, Optimization and \
    Tuning, chunked prefill (max_num_batched_tokens), SGLang server_args.py chunked_prefill_size"
);
/// Where a pooled engine's FP8 weights multiply: on the FP8 tensor cores.
macro_rules! fp8 {
    () => {
        "; FP8 weights under vLLM and SGLang multiply on the FP8 tensor cores with FP8 \
            activations (W8A8) where the GPU has them, compute capability 8.9 and later, and as \
            weight-only W8A16 (FP8 Marlin) at the 16-bit peak before (vLLM \
            docs/features/quantization/fp8.md)"
    };
}
const SRC_PREFILL_FP8: &str = concat!(
    roofline!(),
    "; prefill per request: vLLM docs, Optimization and \
    Tuning, chunked prefill (max_num_batched_tokens), SGLang server_args.py chunked_prefill_size",
    fp8!()
);
const SRC_DECODE_COMPUTE_FP8: &str = concat!(roofline!(), fp8!());
/// A static batch (Transformers' generate, llama.cpp's parallel sequences): every prompt of the
/// batch before any first token, so no serving engine's chunked prefill is cited.
const SRC_PREFILL_BATCH: &str = concat!(
    roofline!(),
    "; a static batch prefills every prompt before its first token: Hugging Face Transformers \
    generate(), llama.cpp's llama_decode over the batch's prompt tokens (n_batch)"
);
const SRC_DECODE_COMPUTE: &str = roofline!();
/// A prefill whose products accumulate in FP16 on a GeForce card (speed/prefill.rs).
const SRC_PREFILL_FP16_ACC: &str = concat!(
    roofline!(),
    "; llama.cpp ggml/src/ggml-cuda/ggml-cuda.cu (ggml_cuda_op_mul_mat_cublas: cu_compute_type = \
    CUBLAS_COMPUTE_16F; ggml_cuda_should_use_mmq; MMQ on int8 tensor cores: pull requests #7676, \
    #7860, #7921); FP16-accumulate tensor rates: NVIDIA Ampere GA102, Ada and RTX Blackwell GPU \
    architecture whitepapers (GeForce RTX 3090 142 vs 71, RTX 4090 330.3 vs 165.2, RTX 5090 419 \
    vs 209.5 TFLOPS with FP16 vs FP32 accumulate, dense)"
);
/// Issue 37 (h-metalpp): llama.cpp's prefill on an Apple GPU, at ggml-metal's kernel_mul_mm
/// rate (speed/metal.rs).
const SRC_PREFILL_METAL: &str = concat!(
    roofline!(),
    "; a static batch prefills every prompt before its first token: llama.cpp's llama_decode \
    over the batch's prompt tokens (n_batch); the products' rate: llama.cpp pull request #2615 \
    (\"metal: matrix-matrix multiplication kernel\", August 2023, M1 Max 32-core GPU: \
    kernel_mul_mm at about 88 % of the hardware ALU on a 4096 × 4096 weight matrix; LLaMA 7B F16 \
    316 and Q4_0 297 tok/s, the quantized tiles' extra time); M1 Max 10.4 TFLOPS (huggingface.js \
    packages/tasks/src/hardware.ts); Apple GPU FP16 = FP32 rate, 128 lanes × 2 × clock per core \
    (hmc-tech.com)"
);
/// Issue 37 (h-metalpp): the prefill graph's other kernels on Metal (speed/metal.rs).
const SRC_PREFILL_GRAPH: &str = "llama.cpp src/llama-model.cpp (build_llama: the nodes of a \
    layer) and ggml/src/ggml-metal (RMS_NORM fused with MUL, ggml_soft_max_ext with its scale \
    and mask, ggml_swiglu, set_rows into the cache), F32 activations; llama.cpp pull request \
    #2615 (the products' kernel at 88 % of the ALU, a whole evaluation at about 40 %); memory \
    bandwidth × bw_eff";
const SRC_PREFILL_MMQ: &str = concat!(
    roofline!(),
    "; llama.cpp ggml/src/ggml-cuda/mmq.cuh (vec_dot_q8_0_q8_1_mma: one int8 mma.sync m16n8k32 \
    per 32-value block, its 128 sums converted to float and scaled, sum += C·dA·dB); CUDA C++ \
    Programming Guide, Arithmetic Instructions (type conversions: 16 results a clock per SM, \
    compute capability 7.x–9.0); dense FP16 tensor rate per SM and clock: NVIDIA A100 and H100 \
    Tensor Core GPU Architecture whitepapers (2,048 and 4,096 FLOP)"
);
const SRC_DECODE_MEMORY: &str = concat!(
    roofline!(),
    "; achieved share of bandwidth assumed \
    (bw_eff): 80 %, AMD Instinct 70 % (BabelStream triad, Azure AI benchmarking guide: MI300X 77 \
    %, H100 89 % of the datasheet figure)"
);
const SRC_DECODE_HOST: &str =
    "llama.cpp src/llama-model.cpp (n_gpu_layers: CPU layers computed on \
    the host); roofline at host memory bandwidth";
const SRC_PREFILL_HOST: &str = "llama.cpp ggml/src/ggml-backend.cpp \
    (ggml_backend_sched: op_offload, on by default, --no-op-offload turns it off, sends an op whose \
    weights are in a host buffer to a backend whose offload_op accepts it, and copies its inputs \
    per graph compute; MoE copies only the used experts) and ggml/src/ggml-cuda/ggml-cuda.cu \
    (offload_op: batch ≥ GGML_OP_OFFLOAD_MIN_BATCH, 32 by default); common/common.h n_ubatch \
    512; PCIe one-way bandwidth from the GPU's datasheet";
const SRC_TENSOR: &str =
    "Shoeybi et al. 2019, Megatron-LM (arXiv 1909.08053): two all-reduces per \
    layer forward, two backward; NCCL nccl-tests doc/PERFORMANCE.md: ring all-reduce bus bandwidth \
    factor 2 (n − 1)/n; latency: NCCL src/graph/tuning.cc (baseLat per collective, hwLat per ring \
    step: NVLink, PCI, network; LL at half the bandwidth, Simple)";
const SRC_EXPERT: &str = "Megatron-Core megatron/core/transformer/moe/token_dispatcher.py \
    MoEAlltoAllTokenDispatcher (moe_token_dispatcher_type alltoall: token_permutation's all-to-all \
    before the experts, token_unpermutation's after; expert_model_parallel_size ranks); vLLM \
    --enable-expert-parallel (EP = TP × DP, all2all backends DeepEP / pplx-kernels, \
    vllm/distributed/device_communicators/all2all.py); Lepikhin et al. 2020, GShard \
    (arXiv 2006.16668) §2.2: dispatch and combine all-to-alls";
const SRC_TRAIN: &str = "Kaplan et al. 2020 (6 · N · D); Narayanan et al. 2021 (arXiv 2104.04473) \
    eq. 3 attention term; Chowdhery et al. 2022 (PaLM) appendix B: model FLOPs utilisation; \
    default utilisation from torchtitan benchmarks/llama3_h100_202412_torchtitan.md (33–39 % MFU); \
    on an A100 or A800 48 %, the median of OPT-175B (arXiv 2205.01068 §2.3: 147 TFLOP/s per GPU), \
    LLaMA-65B and -13B (arXiv 2302.13971 §2.4, table 15), BLOOM-176B (156 TFLOP/s per GPU) and \
    Megatron-LM (arXiv 2104.04473 table 1: 44–52 %)";
const SRC_PIPELINE: &str = "Narayanan et al. 2021 (arXiv 2104.04473) §2.2.1: 1F1B bubble (p − \
    1)/m; §2.2.2: interleaved schedule, (p − 1)/(m · v) and v times the communication; §4.1: \
    scatter/gather of the sends over the tensor-parallel ranks; micro-batches per step: \
    Megatron-LM global batch ÷ (micro-batch × data-parallel size) \
    (megatron/core/num_microbatches_calculator.py)";
const SRC_DATA: &str =
    "Rajbhandari et al. 2020, ZeRO (arXiv 1910.02054) §7: data-parallel volume, \
    1.5× for stage 3; PyTorch DistributedDataParallel bucket_cap_mb=25; NCCL nccl-tests \
    doc/PERFORMANCE.md (all-gather and reduce-scatter (n − 1)/n); latency: NCCL \
    src/graph/tuning.cc (baseLat per collective, hwLat per ring step: NVLink, PCI, network; LL at \
    half the bandwidth, Simple)";
const SRC_HYBRID: &str = "PyTorch torch/distributed/fsdp/api.py (ShardingStrategy.HYBRID_SHARD: \
    \"apply FULL_SHARD within a node, and replicate parameters across nodes\"), \
    fsdp/_fully_shard/_fsdp_param_group.py (FSDP2: the HSDP all-reduce on its own stream beside \
    the all-gathers and reduce-scatters); nccl-tests doc/PERFORMANCE.md (all-reduce 2 (n − 1)/n)";
const SRC_QLORA_DEQUANT: &str = "bitsandbytes/autograd/_functions.py MatMul4Bit: forward \
    F.dequantize_4bit(B, quant_state) before the linear, backward the same for grad_A; NF4 at 4.127 \
    bits a weight (Dettmers et al. 2023, QLoRA, arXiv:2305.14314, section 3); over the GPU's memory \
    bandwidth";
const SRC_OFFLOAD_STEP: &str = "Ren et al. 2021, ZeRO-Offload (arXiv 2101.06840) §5.1 CPU-Adam and §5.2 \
    delayed parameter update (optional); bytes per parameter from DeepSpeed csrc/includes/cpu_adam.h \
    (Step_AVX: loads gradient, momentum, variance and parameter in FP32, stores parameter, momentum \
    and variance), over host memory bandwidth";
const SRC_TRAIN_ATTENTION: &str =
    "NVIDIA TransformerEngine, transformer_engine/common/recipe/__init__.py \
    (DelayedScaling and the block-scaling recipes: fp8_dpa = False, fp8_mha = False by default); \
    attention FLOPs as the training step counts them (12 · layers · seq · width per token), at the \
    BF16 peak and the same utilisation (mfu)";
const SRC_OFFLOAD: &str = "Ren et al. 2021, ZeRO-Offload (arXiv 2101.06840) §4: gradients to the \
    CPU, parameters back, over PCIe";

/// The words of an inference or training term.
impl Template for NeuralTerm {
    fn label(&self) -> &'static str {
        match self {
            NeuralTerm::Prefill { .. } => "Prefill (time to first token)",
            NeuralTerm::PrefillAllReduce { .. } => "Prefill: tensor-parallel all-reduces",
            NeuralTerm::DecodeMemory { .. } => "Decode step: bytes read from GPU memory",
            NeuralTerm::DecodeCompute { .. } => "Decode step: FLOPs",
            NeuralTerm::DecodeHost { .. } => "Decode step: layers in host memory (llama.cpp)",
            NeuralTerm::PrefillHost {
                offloaded: true, ..
            } => "Prefill: host weights copied to the GPU per micro-batch (llama.cpp)",
            NeuralTerm::PrefillHost { .. } => "Prefill: host weights read by the CPU (llama.cpp)",
            NeuralTerm::PrefillGraph { .. } => {
                "Prefill: the graph's other kernels on Metal (llama.cpp)"
            }
            NeuralTerm::DecodeLaunch {
                why: crate::speed::launch::Uncaptured::Metal,
                ..
            } => "Decode step: kernel dispatches on Metal (llama.cpp)",
            NeuralTerm::DecodeLaunch {
                why: crate::speed::launch::Uncaptured::Instinct,
                ..
            } => "Decode step: kernel launches without a HIP graph (llama.cpp)",
            NeuralTerm::DecodeLaunch { .. } => {
                "Decode step: kernel launches without a CUDA graph \
                (llama.cpp)"
            }
            NeuralTerm::DecodeOccupancy { .. } => {
                "Decode step: quantized weights read by too few \
                warps (llama.cpp before February 2024)"
            }
            NeuralTerm::DecodeKquant { .. } => {
                "Decode step: k-quant kernels bound by integer work (llama.cpp, CUDA)"
            }
            NeuralTerm::DecodeDispatch { .. } => {
                "Decode step: the host's kernel launches without a CUDA graph"
            }
            NeuralTerm::DecodeMoeBlock { .. } => {
                "Decode step: the fused MoE block's fixed time (vLLM, SGLang)"
            }
            NeuralTerm::DecodeGraphKernels { .. } => {
                "Decode step: each kernel's floor under the CUDA graph (vLLM, SGLang)"
            }
            NeuralTerm::TpAllReduce { .. } => "Decode step: tensor-parallel all-reduces",
            NeuralTerm::TrainCompute(_) => "Training step: FLOPs",
            NeuralTerm::PipelineBubble { .. } => "Pipeline bubble",
            NeuralTerm::DataParallel { .. } => "Data-parallel gradients and parameters",
            NeuralTerm::HybridAllReduce { .. } => {
                "Hybrid sharding: gradient shards all-reduced across nodes"
            }
            NeuralTerm::TensorParallel { .. } => "Tensor-parallel all-reduces",
            NeuralTerm::TensorParallelOverlap(_) => super::overlap::TP_OVERLAP_LABEL,
            NeuralTerm::DataParallelExposed(_) => super::overlap::DP_EXPOSED_LABEL,
            NeuralTerm::ExpertAllToAll { .. } => "Expert-parallel all-to-all",
            NeuralTerm::PipelineSend { .. } => "Pipeline activations between stages",
            NeuralTerm::OffloadTraffic { .. } => "Offload traffic over PCIe",
            NeuralTerm::TrainAttention { .. } => "Attention in BF16 (FP8 training)",
            NeuralTerm::OffloadStep { .. } => "Optimizer step on the host CPU (ZeRO-Offload)",
            NeuralTerm::QloraDequant { .. } => {
                "NF4 weights dequantized before each product (QLoRA)"
            }
        }
    }

    fn formula(&self, u: UnitSystem) -> String {
        match self {
            NeuralTerm::Prefill {
                matmul_params,
                tokens,
                attention_flops,
                tp,
                work: w,
                ..
            } => format!(
                "(2 × {} params × {} tokens ÷ {tp} + {} attention) ÷ ({} × {})",
                count(*matmul_params),
                count(*tokens),
                si(*attention_flops, "FLOP"),
                si(w.peak, "FLOP/s"),
                pct(w.utilisation)
            ),
            NeuralTerm::DecodeMemory {
                weights,
                share,
                kv,
                stages,
                transfer: tr,
                ..
            } => format!(
                "({}{} weights + {} KV cache) × {stages} stage{} ÷ ({} × {})",
                if *share < 1.0 {
                    format!("{} × ", pct(*share))
                } else {
                    String::new()
                },
                bytes(*weights / share.max(f64::MIN_POSITIVE), u),
                bytes(*kv, u),
                units::plural(*stages, "", "s"),
                rate(tr.bandwidth),
                pct(tr.efficiency)
            ),
            NeuralTerm::DecodeCompute {
                matmul_params,
                sequences,
                attention_flops,
                tp,
                work: w,
            } => format!(
                "(2 × {} params × {} ÷ {tp} + {} attention) ÷ ({} × {})",
                count(*matmul_params),
                units::count(*sequences, "sequence", "sequences"),
                si(*attention_flops, "FLOP"),
                si(w.peak, "FLOP/s"),
                pct(w.utilisation)
            ),
            NeuralTerm::PrefillGraph {
                per_layer,
                layers,
                transfer: tr,
                ..
            } => format!(
                "{layers} layers × {} ÷ ({} × {})",
                bytes(*per_layer, u),
                rate(tr.bandwidth),
                pct(tr.efficiency)
            ),
            NeuralTerm::PrefillHost {
                bytes: b,
                micro_batches,
                transfer: tr,
                ..
            } => format!(
                "{} micro-batch{} × {} ÷ ({} × {})",
                micro_batches,
                if *micro_batches == 1 { "" } else { "es" },
                bytes(*b, u),
                rate(tr.bandwidth),
                pct(tr.efficiency)
            ),
            NeuralTerm::DecodeHost {
                weights,
                kv,
                transfer: tr,
                ..
            } => format!(
                "({} weights + {} KV cache) ÷ ({} × {})",
                bytes(*weights, u),
                bytes(*kv, u),
                rate(tr.bandwidth),
                pct(tr.efficiency)
            ),
            NeuralTerm::TpAllReduce { collective: c, .. }
            | NeuralTerm::PrefillAllReduce { collective: c, .. }
            | NeuralTerm::DataParallel { collective: c, .. }
            | NeuralTerm::HybridAllReduce { collective: c, .. }
            | NeuralTerm::TensorParallel { collective: c, .. } => collective(c, u),
            NeuralTerm::TensorParallelOverlap(o) => super::overlap::tp_formula(o),
            NeuralTerm::DataParallelExposed(x) => super::overlap::dp_formula(x),
            NeuralTerm::DecodeLaunch {
                per_layer,
                layers,
                moe,
                moe_layers,
                head,
                gap,
                ..
            } => moe_launch_formula(*per_layer, *layers, *moe, *moe_layers, *head, *gap),
            NeuralTerm::DecodeOccupancy {
                weights,
                occupancy,
                bound_rate,
            } => occupancy_formula(bytes(*weights, u), occupancy, *bound_rate),
            NeuralTerm::DecodeKquant {
                weights,
                factor,
                bound_rate,
            } => {
                let w = bytes(*weights, u);
                format!(
                    "{w} ÷ ({} × {}) − {w} ÷ {}",
                    rate(*bound_rate),
                    sig(*factor),
                    rate(*bound_rate)
                )
            }
            NeuralTerm::DecodeDispatch {
                per_layer,
                layers,
                head,
                per_launch,
                ..
            } => launch_formula(*per_layer, *layers, *head, *per_launch),
            NeuralTerm::DecodeMoeBlock { layers, per_layer } => format!(
                "{} × {}",
                units::count(*layers, "MoE layer", "MoE layers"),
                time(Time::of(*per_layer))
            ),
            NeuralTerm::DecodeGraphKernels {
                count: c,
                per_kernel,
                attention,
            } => graph_kernels_formula(c, *per_kernel, *attention),
            NeuralTerm::TrainCompute(f) => format!(
                "({} × {} params + {} attention + {} recomputed) FLOP per token × {} tokens ÷ {} ÷ \
                    ({} × {})",
                sig(f.passes),
                count(f.matmul_params),
                count(f.attention),
                count(f.recompute),
                count(f.tokens),
                units::count(f.gpus, "GPU", "GPUs"),
                si(f.work.peak, "FLOP/s"),
                pct(f.work.utilisation)
            ),
            NeuralTerm::PipelineBubble {
                stages,
                micro_batches,
                virtual_stages,
                compute_seconds,
            } => bubble_formula(*stages, *micro_batches, *virtual_stages, *compute_seconds),
            NeuralTerm::ExpertAllToAll {
                layers,
                tokens,
                top_k,
                hidden,
                value_bytes,
                ranks,
                passes,
                count: steps,
                transfer: tr,
                ..
            } => format!(
                "{passes} × {steps} × {layers} MoE layers × {} tokens × {top_k} experts × {hidden} × {} B × ({ranks} − 1) ÷ {ranks} = {}",
                count(*tokens),
                sig(*value_bytes),
                transfer(tr, u)
            ),
            NeuralTerm::PipelineSend { transfer: tr, .. }
            | NeuralTerm::OffloadTraffic { transfer: tr, .. } => transfer(tr, u),
            NeuralTerm::TrainAttention {
                flops_per_token,
                tokens,
                gpus,
                work,
            } => format!(
                "{} attention FLOP per token × {} tokens ÷ {} ÷ ({} × {})",
                count(*flops_per_token),
                count(*tokens),
                units::count(*gpus, "GPU", "GPUs"),
                si(work.peak, "FLOP/s"),
                pct(work.utilisation)
            ),
            NeuralTerm::QloraDequant {
                params,
                passes,
                read,
                write,
                transfer: tr,
            } => format!(
                "{passes} × {} params × ({} + {} B) ÷ ({} × {})",
                count(*params),
                sig(*read),
                sig(*write),
                rate(tr.bandwidth),
                pct(tr.efficiency)
            ),
            NeuralTerm::OffloadStep {
                params,
                bytes_per_param,
                ranks,
                transfer: tr,
                ..
            } => format!(
                "{} params × {} B ÷ ({} ÷ {ranks} {} × {})",
                count(*params),
                sig(*bytes_per_param),
                rate(tr.bandwidth * *ranks as f64),
                if *ranks == 1 { "rank" } else { "ranks" },
                pct(tr.efficiency)
            ),
        }
    }

    fn explanation(&self) -> String {
        // llama.cpp's MMQ on a data-center card: its epilogue's rate (speed/mmq.rs).
        if let NeuralTerm::Prefill {
            tokens,
            per_request,
            mmq: Some(c),
            ..
        } = self
        {
            let base = if *per_request {
                prefill(*tokens)
            } else {
                PREFILL.into()
            };
            return format!("{base} {}", mmq_epilogue(c));
        }
        match self {
            NeuralTerm::Prefill {
                tokens,
                per_request,
                fp16_acc: Some(a),
                ..
            } => format!(
                "{} {}",
                if *per_request {
                    prefill(*tokens)
                } else {
                    PREFILL.into()
                },
                fp16_acc(a)
            ),
            NeuralTerm::Prefill {
                tokens,
                per_request,
                metal_mm: Some(which),
                work,
                ..
            } => format!(
                "{} {}",
                if *per_request {
                    prefill(*tokens)
                } else {
                    PREFILL.into()
                },
                metal_mm(*which, work.utilisation)
            ),
            NeuralTerm::Prefill {
                tokens,
                per_request: true,
                ..
            } => prefill(*tokens),
            NeuralTerm::Prefill { .. } => PREFILL.into(),
            NeuralTerm::DecodeMemory {
                sequences, share, ..
            } => format!(
                "Each decode step produces one token for each running sequence ({}) and reads the \
                weights once, as stored (quantized bytes, not parameters × 2){}, plus every \
                sequence's KV cache at its full context. At small batches this bytes term bounds \
                the step: tokens/s scale with memory bandwidth and with the bytes per weight.",
                units::count(*sequences, "sequence", "sequences"),
                if *share < 1.0 {
                    " — of a mixture of experts only the shared weights and the experts the tokens \
                    are routed to, their share taken of the stored bytes (a checkpoint that \
                    quantizes only its experts, as GPT-OSS's MXFP4, keeps the rest in 16 bits, \
                    its llama.cpp MXFP4_MOE GGUF in Q8_0; uniform routing assumed)"
                } else {
                    ""
                }
            ),
            NeuralTerm::DecodeCompute { .. } => DECODE_COMPUTE.into(),
            NeuralTerm::PrefillGraph { tokens, scores, .. } => format!(
                "Beside its matrix products, llama.cpp's graph runs in every layer the RMS norms \
                (fused with their weight), the rotary embedding of Q and K, the copies of K and V \
                into the cache (F32 to F16), {}the attention output's permute, the two residual \
                adds and the FFN's activation (SwiGLU fused). Each reads and writes the F32 \
                activations of the prompt's {} tokens once, at the memory bandwidth, as its own \
                Metal dispatch: the Metal kernel's rate of the products leaves them out (llama.cpp \
                pull request #2615 profiled about 40 % over a whole evaluation where its products \
                reached 88 %). Counted as today's graph fuses them; a build of 2023 ran the scale, \
                mask and softmax as three passes and its norms unfused, so read more.",
                if *scores {
                    "the softmax over each head's prompt × prompt scores with its scale and mask \
                    (no flash attention), "
                } else {
                    ""
                },
                units::group_digits(tokens.round() as u64)
            ),
            NeuralTerm::PrefillHost {
                ubatch,
                offloaded: true,
                ..
            } => format!(
                "llama.cpp processes the prompt in micro-batches of {ubatch} tokens (-ub). The \
                weights left in host memory (layers not offloaded, experts kept on the CPU) are \
                not computed there: ggml's scheduler sends an op on host weights to the GPU when \
                its batch is at least 32 tokens, and copies the weights over PCIe for every \
                micro-batch (of a mixture of experts only the experts the micro-batch is routed \
                to). Hence a larger -ub, or --no-op-offload, changes the time to first token of a \
                partly offloaded model."
            ),
            NeuralTerm::PrefillHost { ubatch, .. } => format!(
                "A micro-batch of {ubatch} tokens is below the 32 tokens at which ggml's \
                scheduler offloads an op on host weights to the GPU: the CPU runs the host \
                layers, reading their weights at host memory bandwidth once per micro-batch."
            ),
            NeuralTerm::DecodeHost {
                layers,
                expert_layers,
                fit,
                ..
            } => format!(
                "{}llama.cpp runs the {layers} layers \
                left in host memory on the CPU{}, which reads their weights at host memory \
                bandwidth, several times below the GPU's: why a model with part of its layers on \
                the CPU runs several times slower.",
                match fit {
                    Some((ngl, moe)) => format!(
                        "The GPU cannot hold the run as given; llama.cpp's --fit (on by default) \
                        places what fits before loading, and this time is of that run: -ngl {ngl}{}. \
                        Set gpu_layers or n_cpu_moe to time another placement. ",
                        if *moe > 0 {
                            format!(", --n-cpu-moe {moe} (those layers' routed experts in host memory, read by the CPU)")
                        } else {
                            String::new()
                        }
                    ),
                    None => String::new(),
                },
                if *expert_layers > 0 {
                    format!(
                        ", and the routed experts of {expert_layers} offloaded layers that \
                        --n-cpu-moe keeps there (only those each token is routed to are read)"
                    )
                } else {
                    String::new()
                }
            ),
            NeuralTerm::TpAllReduce {
                tokens,
                collective: c,
            }
            | NeuralTerm::PrefillAllReduce {
                tokens,
                collective: c,
            } => tp_all_reduce(*tokens, c),
            NeuralTerm::DecodeLaunch { why, .. } => launch(*why),
            NeuralTerm::DecodeOccupancy { occupancy, .. } => occupancy_words(occupancy),
            NeuralTerm::DecodeKquant { factor, .. } => format!(
                "llama.cpp's CUDA matrix-vector kernel (mul_mat_vec_q) unpacks the k-quants' packed \
                sub-block scales before its integer dot products; the 2- and 3-bit formats do the \
                most integer work per byte (vecdotq.cuh), so on NVIDIA GPUs it reads them below the \
                bandwidth the legacy formats and F16 reach: {} of that rate for this file, measured \
                end to end at one token a step against a legacy format on the same card and build \
                (kquant_eff sets it). The term is what the weights take beyond that read. On a GPU \
                with little bandwidth beside its integer rate (DGX Spark) the k-quants read at the \
                bandwidth and this overstates the time.",
                pct(*factor)
            ),
            NeuralTerm::DecodeDispatch { why, .. } => dispatch(*why),
            NeuralTerm::DecodeGraphKernels { .. } => "vLLM and SGLang replay a decode step as one \
                CUDA graph, so the host launches nothing per kernel, but each kernel still takes \
                a few microseconds on the GPU however few bytes it reads: every norm, rotary \
                embedding, activation and product of every layer, and each layer's attention op \
                (the KV-cache write and the decode kernel). At one request that is most of a \
                step beyond the weights' bytes. The floors are the engine's own kernels timed \
                under graph replay by NVIDIA's AIConfigurator (graph_kernel_us and \
                graph_attention_us set them; 0 turns either off)."
                .to_string(),
            NeuralTerm::DecodeMoeBlock { .. } => "Each MoE layer of the step routes its tokens (top-k), \
                sorts them by expert and runs the grouped products over the experts they chose: \
                under a CUDA graph the launches cost little, but the engines' own kernel \
                benchmarks time the block at one token well above its experts' bytes over the \
                bandwidth; that fixed time, the median over four published tables, is added per \
                MoE layer (moe_block_us sets it; 0 turns it off)."
                .to_string(),
            NeuralTerm::TrainCompute(f) => {
                format!(
                "{} FLOPs per parameter and token ({}), the attention term, and {} at an assumed \
                    utilisation of the dense peak (published runs reach 33–52 %; set mfu).",
                sig(f.passes),
                if f.lora {
                    "LoRA: the frozen base does the forward and the input gradients only"
                } else {
                    "forward 2, backward 4"
                },
                match f.recompute_mode {
                    Recompute::None => "no recomputation",
                    Recompute::Selective => "the attention core's forward again (selective \
                        recomputation)",
                    Recompute::SelectiveOp => "half the matrix products' forward again (per-op \
                        checkpointing)",
                    Recompute::Full => "one more forward of the transformer layers (full \
                        recomputation; the output layer is not recomputed)",
                }
            )
            }
            NeuralTerm::PipelineBubble { virtual_stages, .. } => bubble_words(*virtual_stages),
            NeuralTerm::TensorParallelOverlap(o) => super::overlap::tp_words(o),
            NeuralTerm::DataParallelExposed(x) => super::overlap::dp_words(x),
            NeuralTerm::DataParallel {
                zero,
                collective: c,
                overlapped,
            } => format!(
                "{} over {} data-parallel ranks, via {}; {} {}",
                if *zero >= 3 {
                    "ZeRO-3/FSDP gathers the parameters for the forward and the backward and \
                    reduce-scatters the gradients (1.5× an all-reduce), layer by layer"
                } else {
                    "The gradients are all-reduced in DDP's 25 MiB buckets (ZeRO-1/2: \
                    reduce-scattered and the parameters all-gathered, the same volume)"
                },
                c.ranks,
                via(c.via),
                if *overlapped {
                    "overlapped with the backward pass, so it only costs time where it is longer."
                } else {
                    "after the backward pass, not overlapped (dp_overlap=off: Megatron-LM without \
                    --overlap-grad-reduce), so all of it is on the critical path."
                },
                latency(c)
            ),
            NeuralTerm::HybridAllReduce {
                replicas,
                shard,
                collective: c,
            } => format!(
                "Hybrid sharding (FSDP HYBRID_SHARD, sharding=hybrid) shards the states over the \
                    {shard} data-parallel ranks of a node, which gather the parameters and \
                    reduce-scatter the gradients over the node's links; each rank then all-reduces \
                    its gradient shard with the same shard of the other {} replicas, via {}. It \
                    runs beside the node's collectives and overlaps the backward pass: only the \
                    longer of them costs time where it outlasts the compute. {}",
                replicas - 1,
                via(c.via),
                latency(c)
            ),
            NeuralTerm::TensorParallel {
                per_layer,
                layers,
                micro_batches,
                collective: c,
            } => format!(
                "{per_layer} all-reduces of the micro-batch's activations per layer ({layers} \
                layers per stage, {micro_batches} micro-batches) over {}, between the layers' \
                matrix products: on the critical path. {}",
                via(c.via),
                latency(c)
            ),
            NeuralTerm::PipelineSend {
                micro_batches,
                virtual_stages,
                via: v,
                ..
            } => pipeline_send_words(*micro_batches, *virtual_stages, via(*v)),
            NeuralTerm::OffloadTraffic { .. } => OFFLOAD.into(),
            NeuralTerm::TrainAttention { .. } => "FP8 training runs FP8 in the linear layers only: \
                Transformer Engine's recipes leave the attention's own products (queries times keys, \
                and the weighted sum of the values) in BF16 unless fp8_dpa is set, which is off by \
                default, so their FLOPs, forward, backward and recomputed, run at the BF16 peak, half \
                the FP8 one."
                .into(),
            NeuralTerm::QloraDequant { passes, .. } => format!(
                "QLoRA keeps the frozen weights in NF4; bitsandbytes dequantizes each layer's \
                matrix to 16 bits before every product that uses it: in the forward pass, again for \
                the backward's input gradient{}, {passes} times a step. Each pass reads the packed \
                4-bit weights with their scales and writes the 16-bit matrix: memory traffic beside \
                the FLOPs, the same in every framework that calls bitsandbytes (Unsloth's own \
                dequantization writes the same matrix).",
                if *passes > 2 { " and in the recomputed forward" } else { "" }
            ),
            NeuralTerm::OffloadStep { states, ranks, .. } => format!(
                "With the optimizer offloaded, its step runs on the CPU (DeepSpeed's CPU Adam): every \
                parameter of the rank's shard is read with its FP32 gradient and {states} FP32 \
                optimizer states and written back, a stream over host memory that the node's \
                {ranks} {} share. It follows the backward pass and precedes the parameters' copy \
                back, so nothing hides it (ZeRO-Offload's delayed parameter update, which would, is \
                off by default).",
                if *ranks == 1 { "rank" } else { "ranks" }
            ),
            NeuralTerm::ExpertAllToAll {
                ranks,
                passes,
                via: v,
                ..
            } => format!(
                "With the experts divided over {ranks} GPUs, each MoE layer sends every token's hidden vector to the GPUs holding its top-k experts and their outputs back: {passes} all-to-alls per layer ({}), over {}. Of each token's k copies, (ranks − 1) ÷ ranks leave the GPU with uniform routing; a skewed router sends more to some.",
                if *passes > 2 {
                    "dispatch and combine forward, their gradients backward"
                } else {
                    "dispatch and combine"
                },
                via(*v)
            ),
        }
    }

    fn source(&self) -> &'static str {
        match self {
            NeuralTerm::Prefill { mmq: Some(_), .. } => SRC_PREFILL_MMQ,
            NeuralTerm::Prefill {
                fp16_acc: Some(_), ..
            } => SRC_PREFILL_FP16_ACC,
            NeuralTerm::Prefill {
                metal_mm: Some(_), ..
            } => SRC_PREFILL_METAL,
            NeuralTerm::Prefill {
                per_request: true,
                work,
                ..
            } if work.dtype == Dtype::Fp8 => SRC_PREFILL_FP8,
            NeuralTerm::Prefill {
                per_request: true, ..
            } => SRC_PREFILL,
            NeuralTerm::Prefill { .. } => SRC_PREFILL_BATCH,
            NeuralTerm::DecodeCompute { work, .. } if work.dtype == Dtype::Fp8 => {
                SRC_DECODE_COMPUTE_FP8
            }
            NeuralTerm::DecodeCompute { .. } => SRC_DECODE_COMPUTE,
            NeuralTerm::DecodeMemory { .. } => SRC_DECODE_MEMORY,
            NeuralTerm::DecodeHost { .. } => SRC_DECODE_HOST,
            NeuralTerm::PrefillHost { .. } => SRC_PREFILL_HOST,
            NeuralTerm::PrefillGraph { .. } => SRC_PREFILL_GRAPH,
            NeuralTerm::DecodeLaunch {
                why: crate::speed::launch::Uncaptured::Metal,
                ..
            } => SRC_LAUNCH_METAL,
            NeuralTerm::DecodeLaunch {
                why: crate::speed::launch::Uncaptured::Instinct,
                ..
            } => SRC_LAUNCH_INSTINCT,
            NeuralTerm::DecodeLaunch { .. } => SRC_LAUNCH,
            NeuralTerm::DecodeOccupancy { .. } => SRC_OCCUPANCY,
            NeuralTerm::DecodeKquant { .. } => SRC_KQUANT,
            NeuralTerm::DecodeDispatch { .. } => SRC_DISPATCH,
            NeuralTerm::DecodeMoeBlock { .. } => SRC_MOE_BLOCK,
            NeuralTerm::DecodeGraphKernels { .. } => SRC_GRAPH_KERNELS,
            NeuralTerm::TpAllReduce { .. }
            | NeuralTerm::PrefillAllReduce { .. }
            | NeuralTerm::TensorParallel { .. } => SRC_TENSOR,
            NeuralTerm::TrainCompute(_) => SRC_TRAIN,
            NeuralTerm::PipelineBubble { .. } | NeuralTerm::PipelineSend { .. } => SRC_PIPELINE,
            NeuralTerm::DataParallel { .. } => SRC_DATA,
            NeuralTerm::HybridAllReduce { .. } => SRC_HYBRID,
            NeuralTerm::TensorParallelOverlap(_) => super::overlap::SRC_TP_OVERLAP,
            NeuralTerm::DataParallelExposed(_) => super::overlap::SRC_DP_EXPOSED,
            NeuralTerm::OffloadTraffic { .. } => SRC_OFFLOAD,
            NeuralTerm::TrainAttention { .. } => SRC_TRAIN_ATTENTION,
            NeuralTerm::OffloadStep { .. } => SRC_OFFLOAD_STEP,
            NeuralTerm::QloraDequant { .. } => SRC_QLORA_DEQUANT,
            NeuralTerm::ExpertAllToAll { .. } => SRC_EXPERT,
        }
    }
}
