//! Inference: the prefill of the prompt (compute-bound), each decode step (the larger of the
//! bytes it reads over the memory bandwidth and its FLOPs over the peak), tensor parallelism's
//! all-reduces over the link, llama.cpp's host layers at host memory bandwidth, and llama.cpp's
//! kernel launches where no CUDA graph captures them (speed/launch.rs), and the reads of its
//! one-warp quantized kernel of early 2024 below the bandwidth (speed/mmvq.rs).
//!
//! The time to first token is the prefill of the prompt (`prompt`, by default the whole
//! context `seq`): of one request under a pooled engine, which schedules prefill per request
//! in chunks of a token budget (vLLM's chunked prefill, `max_num_batched_tokens`; SGLang's
//! `chunked_prefill_size`), so a request waits for its own prompt, not for every concurrent
//! one's; of the whole batch under a static batch (Transformers, llama.cpp). A decode step is
//! taken at the full context: the KV cache the memory estimate holds, which is the slowest
//! step of a generation. A pooled engine (vLLM, SGLang) decodes only the sequences its KV pool
//! holds at once; the rest wait in its queue.

use crate::catalog::parts::PartId;
use crate::model::values::{EngineValues, Values};
use crate::model::{Estimate, Location};
use crate::scenario::Scenario;
use crate::speed::latency;
use crate::speed::launch;
use crate::speed::machine::Machine;
use crate::speed::mmvq;
use crate::speed::Bound;
use crate::speed::NeuralTerm;
use crate::speed::{longest, Speed, Steps, TermId, TermValues, Time, TimeTerm, Transfer, Work};

/// Parameters a token multiplies by: the active parameters less the input embedding table (a
/// lookup), plus a tied output layer's matrix (PaLM appendix B and Kaplan et al. 2020 count
/// the same non-embedding parameters).
pub fn matmul_params(s: &Scenario) -> f64 {
    let (a, _) = s.shape();
    let total = a.total_params().max(1) as f64;
    let scale = if s.arch.is_some() {
        1.0
    } else {
        s.param_count() as f64 / total
    };
    let p = a.params();
    let head = if a.tied {
        (a.vocab * a.hidden) as f64
    } else {
        0.0
    };
    ((a.active_params() as f64 - p.embedding as f64 + head) * scale).max(1.0)
}

/// The share of the stored weights one decode step of `sequences` tokens reads: all of a dense
/// model; of a mixture of experts, the shared weights and the experts the tokens are routed to,
/// E · (1 − (1 − k/E)ⁿ) of E per layer for n tokens choosing k each, routing taken as uniform
/// (Mixtral's and DeepSeek's load-balancing losses aim for it). The experts' share is taken in
/// stored bytes, not parameters ([`expert_byte_share`]): a checkpoint that quantizes only its
/// experts (GPT-OSS's MXFP4) keeps the weights every token reads in 16 bits.
pub fn weights_read_share(s: &Scenario, sequences: u64) -> f64 {
    let (a, _) = s.shape();
    if a.experts <= 1 {
        return 1.0;
    }
    let e = a.experts as f64;
    let k = (a.active_experts as f64).min(e);
    let expert_share = expert_byte_share(s);
    let touched = 1.0 - (1.0 - k / e).powf(sequences as f64);
    1.0 - expert_share + expert_share * touched
}

/// The share of a layer's routed experts that `tokens` tokens touch, k of E each, routing taken
/// as uniform: 1 − (1 − k/E)ⁿ (1 for a dense model).
pub fn experts_touched(s: &Scenario, tokens: u64) -> f64 {
    let (a, _) = s.shape();
    if a.experts <= 1 {
        return 1.0;
    }
    let e = a.experts as f64;
    let k = (a.active_experts as f64).min(e);
    1.0 - (1.0 - k / e).powf(tokens as f64)
}

/// The routed experts' share of the stored weight bytes. Unquantized, every parameter takes
/// the same bytes and it is their share of the parameters. Quantized, the experts take the
/// format's bits per weight, and what the checkpoint leaves in 16 bits takes 2 bytes: under
/// MXFP4 everything but the experts (OpenAI gpt-oss model card; config `quantization_config`
/// `modules_to_not_convert`; in Q8_0 under llama.cpp's MXFP4_MOE GGUF), under the other formats the embeddings and output layer
/// (`Quant::keeps_embeddings_16bit`) and the modules the checkpoint names as unconverted
/// (`Arch::unquantized`), as the memory estimate stores them (model/neural/stage.rs).
pub fn expert_byte_share(s: &Scenario) -> f64 {
    let (a, _) = s.shape();
    if a.experts <= 1 {
        return 0.0;
    }
    let total = a.total_params().max(1) as f64;
    let moe_layers = a.layers.saturating_sub(a.params().dense_layers) as f64;
    let experts = (moe_layers * a.experts as f64 * a.expert_params() as f64).min(total);
    let Some(mbpw) = s.weight_milli_bpw() else {
        return experts / total;
    };
    let q = mbpw as f64 / 8000.0;
    let rest = total - experts;
    let rest_bytes = if s.milli_bpw.is_some() {
        rest * q
    } else if s.quant.experts_only() {
        // llama.cpp's MXFP4_MOE GGUF keeps the rest in Q8_0 (8.5 bits: 34 B per 32 values;
        // src/llama-quant.cpp, `gguf_rest=q8_0`), the checkpoint in BF16.
        let llamacpp_q8 = s.quant == crate::catalog::quant::Quant::Mxfp4
            && s.engine == crate::scenario::serving::Engine::Llamacpp
            && s.gguf_rest == crate::catalog::gguf::GgufRest::Q8_0;
        rest * if llamacpp_q8 { 34.0 / 32.0 } else { 2.0 }
    } else {
        let p = a.params();
        let sixteen = if s.quant.keeps_embeddings_16bit() {
            (p.embedding + p.head) as f64
        } else {
            0.0
        };
        let kept = (sixteen + a.unquantized as f64).min(rest);
        kept * 2.0 + (rest - kept) * q
    };
    let expert_bytes = experts * q;
    (expert_bytes / (expert_bytes + rest_bytes).max(1.0)).min(1.0)
}

/// The precision a step's matrix products run in: a pooled engine's FP8 weights with FP8
/// activations (W8A8) on the FP8 tensor cores where the GPU has them (compute capability 8.9
/// and later: Ada, Hopper, Blackwell; MI300), the weights' dtype otherwise. vLLM's FP8 path
/// quantizes the activations per token on the fly and runs FP8 GEMMs there, and weight-only
/// W8A16 (FP8 Marlin) on Turing and Ampere (vLLM docs/features/quantization/fp8.md; SGLang
/// serves the same checkpoints through vLLM-derived FP8 kernels): `Peak::flops` falls back to
/// the 16-bit peak on a GPU without an FP8 figure, so that case is the same rule. Transformers
/// and llama.cpp are left at the weights' dtype (no FP8 GEMM path is assumed for them).
pub fn compute_dtype(s: &Scenario) -> crate::catalog::precision::Dtype {
    use crate::scenario::serving::Engine;
    if s.quant == crate::catalog::quant::Quant::Fp8
        && s.milli_bpw.is_none()
        && matches!(s.engine, Engine::Vllm | Engine::Sglang)
    {
        crate::catalog::precision::Dtype::Fp8
    } else {
        s.dtype
    }
}

/// Expert parallelism's all-to-all over `ep` ranks (`ep` > 1 with a mixture of experts):
/// `passes` all-to-alls per MoE layer, `count` times a step, of `tokens` tokens each, every
/// token's hidden vector to each of its top-k experts, the share (ep − 1) ÷ ep of them on
/// other ranks (uniform routing). The ranks span `span` consecutive GPUs. Megatron-Core's
/// `alltoall` token dispatcher (moe/token_dispatcher.py `MoEAlltoAllTokenDispatcher`:
/// dispatch before the experts, combine after), vLLM's and SGLang's expert-parallel
/// all2all backends (DeepEP, pplx-kernels) likewise.
pub fn expert_all_to_all(
    s: &Scenario,
    m: &Machine,
    tokens: f64,
    passes: u64,
    count: u64,
    span: u64,
) -> Option<TimeTerm> {
    let (a, _) = s.shape();
    let ep = s.parallel.ep;
    if ep <= 1 || a.experts <= 1 {
        return None;
    }
    let layers = a
        .layers
        .saturating_sub(a.dense_layers)
        .div_ceil(s.parallel.pp.max(1));
    let k = a.active_experts.max(1);
    let value_bytes = activation_bytes(s);
    let (via, bandwidth) = m.ring(ep, span.max(ep), s.parallel.gpus_per_node);
    let bytes = (passes * count * layers) as f64
        * tokens
        * (k * a.hidden) as f64
        * value_bytes
        * (ep - 1) as f64
        / ep as f64;
    let transfer = Transfer {
        bytes,
        bandwidth,
        efficiency: 1.0,
    };
    Some(TimeTerm {
        time: transfer.time(),
        bound: via.bound(),
        values: TermValues::Neural(NeuralTerm::ExpertAllToAll {
            layers,
            tokens,
            top_k: k,
            hidden: a.hidden,
            value_bytes,
            ranks: ep,
            passes,
            count,
            transfer,
            via,
        }),
    })
}

/// Bytes of one activation value between layers: 16-bit unless the model computes in FP32 or
/// FP64.
pub fn activation_bytes(s: &Scenario) -> f64 {
    s.dtype.bytes().max(2) as f64
}

fn device_bytes(e: &Estimate, id: PartId) -> f64 {
    e.components
        .iter()
        .filter(|c| c.id == id && c.location == Location::Device)
        .map(|c| c.bytes as f64)
        .sum()
}

/// The host's weights a token reads (llama.cpp's CPU layers and output layer; the token
/// embeddings are only looked up), and its KV cache.
fn host_bytes(s: &Scenario, e: &Estimate) -> (f64, f64, u64, u64) {
    let mut weights = 0.0;
    let mut layers = 0;
    let mut expert_layers = 0;
    for c in &e.components {
        if let Values::Engine(EngineValues::HostWeights(w)) = &c.values {
            // --n-cpu-moe's experts: those the step's tokens are routed to.
            weights += w.layers_bytes as f64 * weights_read_share(s, s.batch.max(1))
                + w.output_bytes as f64
                + w.experts_bytes as f64 * experts_touched(s, s.batch.max(1));
            layers += w.here;
            expert_layers += w.cpu_moe_layers;
        }
    }
    let kv = e
        .components
        .iter()
        .filter(|c| c.id == PartId::KvCacheHost)
        .map(|c| c.bytes as f64)
        .sum();
    (weights, kv, layers, expert_layers)
}

/// llama.cpp's host weights in the prefill of `tokens` prompt tokens, micro-batch by
/// micro-batch of `-ub` tokens: at 32 tokens or more ggml's scheduler runs each op on host
/// weights on the GPU and copies the weights over PCIe every micro-batch (op offload, on by
/// default); below, the CPU runs them at host memory bandwidth. The output layer computes
/// only each sequence's last token, below the threshold: not copied. None without host
/// weights.
fn prefill_host(s: &Scenario, e: &Estimate, m: &Machine, tokens: u64) -> Option<TimeTerm> {
    if !s.engine.splits() || tokens == 0 {
        return None;
    }
    let ubatch = s
        .ubatch
        .unwrap_or(crate::model::neural::engine::LLAMACPP_UBATCH)
        .min(tokens)
        .max(1);
    let mut bytes = 0.0;
    for c in &e.components {
        if let Values::Engine(EngineValues::HostWeights(w)) = &c.values {
            bytes += w.layers_bytes as f64 * weights_read_share(s, ubatch)
                + w.experts_bytes as f64 * experts_touched(s, ubatch);
        }
    }
    if bytes <= 0.0 {
        return None;
    }
    let micro_batches = tokens.div_ceil(ubatch);
    let offloaded = ubatch >= OP_OFFLOAD_MIN_BATCH;
    let transfer = if offloaded {
        Transfer {
            bytes: bytes * micro_batches as f64,
            bandwidth: m.pcie,
            efficiency: 1.0,
        }
    } else {
        Transfer {
            bytes: bytes * micro_batches as f64,
            bandwidth: m.host_bw,
            efficiency: m.host_bw_eff,
        }
    };
    Some(TimeTerm {
        time: transfer.time(),
        bound: if offloaded {
            Bound::Link
        } else {
            Bound::HostMemory
        },
        values: TermValues::Neural(NeuralTerm::PrefillHost {
            bytes,
            micro_batches,
            ubatch,
            offloaded,
            transfer,
        }),
    })
}

/// The batch from which the CUDA backend takes an op on host weights (ggml-cuda.cu
/// `ggml_backend_cuda_device_offload_op`: GGML_OP_OFFLOAD_MIN_BATCH, 32 by default).
const OP_OFFLOAD_MIN_BATCH: u64 = 32;

/// The sequences a decode step runs: the requested ones (`batch`), or for a pooled engine
/// (vLLM, SGLang) as many of them as its KV pool holds at once, and under vLLM at most
/// `max_num_seqs`; the rest wait in its queue (vLLM's scheduler admits a request only when
/// its blocks can be allocated and fewer than max_num_seqs run, vllm/v1/core/sched/
/// scheduler.py). A pool that holds none leaves the requested count, for the time it would
/// take if they fitted.
pub fn concurrent(s: &Scenario, e: &Estimate) -> u64 {
    let requested = s.batch.max(1);
    let cap = match (s.engine, s.engine.pool()) {
        (crate::scenario::serving::Engine::Vllm, Some(p)) => p.max_seqs(s).max(1),
        _ => u64::MAX,
    };
    match e.serving {
        Some(v) if v.sequences > 0 => requested.min(v.sequences).min(cap),
        _ => requested,
    }
}

/// llama.cpp's `--fit`, on by default (common/common.h `fit_params = true`; common/fit.cpp
/// `llama_params_fit_impl`): when the GPU cannot hold the run and the user left `-ngl` and
/// `--n-cpu-moe` unset, llama.cpp places what fits before loading — of a mixture of experts it
/// first keeps layers on the GPU without their sparse expert weights (`LAYER_FRACTION_MOE`),
/// then offloads fewer layers; of a dense model, fewer layers. The run it then makes: the
/// fewest layers' experts in host memory that fit (`--n-cpu-moe`), else every layer's and the
/// most layers on the GPU that fit (`-ngl`). None where the run fits or the user placed it.
pub fn llamacpp_fit(s: &Scenario, e: &Estimate) -> Option<Scenario> {
    if !s.engine.splits() || e.fits_device() || s.gpu_layers.is_some() || s.n_cpu_moe.is_some() {
        return None;
    }
    let a = s.shape().0;
    let fits = |x: &Scenario| crate::model::estimate(x).fits_device();
    let mut base = *s;
    if a.experts > 1 {
        let with = |n: u64| Scenario {
            n_cpu_moe: Some(n),
            ..*s
        };
        if let Some(n) = crate::base::search::smallest(1, a.layers, |n| fits(&with(n))) {
            return Some(with(n));
        }
        base = with(a.layers);
    }
    let with = |n: u64| Scenario {
        gpu_layers: Some(n),
        ..base
    };
    let n = crate::base::search::largest(0, a.layers, |n| fits(&with(n))).unwrap_or(0);
    Some(with(n))
}

/// The time of an inference scenario.
pub fn speed(s: &Scenario, e: &Estimate, m: &Machine) -> Speed {
    // A llama.cpp run the GPU cannot hold runs as llama.cpp's --fit places it.
    if let Some(fitted) = llamacpp_fit(s, e) {
        let mut sp = speed(&fitted, &crate::model::estimate(&fitted), m);
        let placed = (
            fitted.gpu_layers.unwrap_or(s.shape().0.layers + 1),
            fitted.n_cpu_moe.unwrap_or(0),
        );
        for t in &mut sp.terms {
            if let TermValues::Neural(NeuralTerm::DecodeHost { fit, .. }) = &mut t.values {
                *fit = Some(placed);
            }
        }
        return sp;
    }
    let (a, _) = s.shape();
    let tp = s.parallel.tp.max(1);
    let pp = s.parallel.pp.max(1);
    let seqs = concurrent(s, e);
    let ctx = s.seq as f64;
    let prompt_tokens = s.speed.prompt_of(s.seq);
    let prompt = prompt_tokens as f64;
    let p_mm = matmul_params(s);
    let width = (a.heads * a.head_dim) as f64;
    let layers = a.layers as f64;
    let compute = compute_dtype(s);
    let work = |flops: f64| Work {
        flops,
        peak: m.peak(compute),
        utilisation: m.mfu,
        dtype: compute,
    };
    let n = seqs as f64;
    let mut terms = Vec::new();

    // Prefill: every prompt token through every matrix, and causal attention over the prompt
    // (2 · 2 · layers · tokens² · heads · head_dim ÷ 2). A pooled engine batches continuously
    // and prefills each request on its own; a static batch (Transformers' generate, llama.cpp's
    // parallel sequences) prefills every prompt of the batch before any first token.
    let per_request = e.serving.is_some();
    let prompts = if per_request { 1 } else { seqs };
    let np = prompts as f64;
    let prefill_attention = 2.0 * layers * prompt * prompt * width * np / tp as f64;
    let prefill_flops = 2.0 * p_mm * prompt * np / tp as f64 + prefill_attention;
    // The products' accumulation: FP16 on a GeForce card runs at twice the table's
    // FP32-accumulate peak (speed/prefill.rs; llama.cpp's own, `prefill_acc`).
    let fp16_acc = crate::speed::prefill::fp16_acc(s, m, compute);
    let metal_mm = crate::speed::metal::default_rate(s, m.hw);
    // llama.cpp's quantized products (MMQ) convert every block's integer sums to float: on a
    // data-center card that epilogue, not the tensor cores, sets the rate (speed/mmq.rs).
    let mmq = crate::speed::mmq::ceiling(s, m);
    let prefill = Work {
        peak: m.peak(compute)
            * fp16_acc.map_or(1.0, |a| a.factor)
            * mmq.map_or(1.0, |c| c.factor),
        ..work(prefill_flops)
    };
    terms.push(TimeTerm {
        time: prefill.time(),
        bound: Bound::Compute,
        values: TermValues::Neural(NeuralTerm::Prefill {
            matmul_params: p_mm,
            tokens: prompt * np,
            attention_flops: prefill_attention,
            tp,
            work: prefill,
            per_request,
            fp16_acc,
            metal_mm,
            mmq,
        }),
    });

    // Megatron's two all-reduces per layer (after attention and after the MLP) of each token's
    // hidden vector, over the tensor-parallel group (Shoeybi et al. 2019, arXiv 1909.08053).
    let all_reduce = |tokens: f64| {
        let buffer = tokens * a.hidden as f64 * activation_bytes(s);
        latency::ring(
            m,
            tp,
            tp,
            s.parallel.gpus_per_node,
            buffer,
            2.0,
            2.0 * layers,
        )
    };
    let mut ttft = prefill.time();
    // Issue 37 (h-metalpp): at the Metal kernel's own rate the graph's other kernels are not in
    // the products' time: they read and write the activations at the memory bandwidth.
    if metal_mm.is_some() {
        let tokens = prompt * np;
        let per_layer = crate::speed::metal::graph_bytes_per_layer(s, tokens);
        let transfer = Transfer {
            bytes: per_layer * layers,
            bandwidth: m.gpu_bw,
            efficiency: m.bw_eff,
        };
        ttft = ttft.plus(transfer.time());
        terms.push(TimeTerm {
            time: transfer.time(),
            bound: Bound::MemoryBandwidth,
            values: TermValues::Neural(NeuralTerm::PrefillGraph {
                per_layer,
                layers: a.layers,
                tokens,
                scores: !s.flash_attention,
                transfer,
            }),
        });
    }
    if let Some(term) = prefill_host(s, e, m, prompt_tokens.saturating_mul(prompts)) {
        ttft = ttft.plus(term.time);
        terms.push(term);
    }
    if tp > 1 {
        let c = all_reduce(prompt * np);
        ttft = ttft.plus(c.time());
        terms.push(TimeTerm {
            time: c.time(),
            bound: c.via.bound(),
            values: TermValues::Neural(NeuralTerm::PrefillAllReduce {
                tokens: prompt_tokens.saturating_mul(prompts),
                collective: c,
            }),
        });
    }

    // Decode: the weights once and every sequence's KV cache, per stage, stages in turn.
    let mut share = weights_read_share(s, seqs);
    let mut weights = device_bytes(e, PartId::Weights) * share;
    let mut kv = match e.serving {
        Some(v) => v.token_bytes as f64 * ctx * n,
        None => device_bytes(e, PartId::KvCache),
    };
    // llama.cpp: each GPU of the layer split reads its own layers, one GPU after another for
    // a sequence (no pipeline: its stages run in turn), so the step reads every device's
    // bytes; shown as the mean device × the devices. The experts --n-cpu-moe moved to the
    // host are read there ([`host_bytes`]), not here: share · (held + moved) − moved · touched.
    if s.engine.splits() {
        let devices = crate::model::neural::engine::llamacpp_device_bytes(s);
        let touched = experts_touched(s, seqs);
        let per = devices.len().max(1) as f64;
        weights = devices
            .iter()
            .map(|d| {
                ((d.weights + d.experts_off) as f64 * share - d.experts_off as f64 * touched)
                    .max(0.0)
            })
            .sum::<f64>()
            / per;
        kv = devices.iter().map(|d| d.kv as f64).sum::<f64>() / per;
        // The share of what the GPUs hold that the step reads (experts moved to the host
        // leave the GPUs' share below the model's).
        let held = devices.iter().map(|d| d.weights as f64).sum::<f64>() / per;
        if held > 0.0 {
            share = (weights / held).min(1.0);
        }
    }
    let read = Transfer {
        bytes: (weights + kv) * pp as f64,
        bandwidth: m.gpu_bw,
        efficiency: m.bw_eff,
    };
    terms.push(TimeTerm {
        time: read.time(),
        bound: Bound::MemoryBandwidth,
        values: TermValues::Neural(NeuralTerm::DecodeMemory {
            weights,
            share,
            kv,
            sequences: seqs,
            stages: pp,
            transfer: read,
        }),
    });
    // Each new token against its whole context: 2 · 2 · layers · context · heads · head_dim.
    let decode_attention = 4.0 * layers * ctx * width * n / tp as f64;
    let decode = work(2.0 * p_mm * n / tp as f64 + decode_attention);
    terms.push(TimeTerm {
        time: decode.time(),
        bound: Bound::Compute,
        values: TermValues::Neural(NeuralTerm::DecodeCompute {
            matmul_params: p_mm,
            sequences: seqs,
            attention_flops: decode_attention,
            tp,
            work: decode,
        }),
    });
    let mut step = read.time().max(decode.time());
    // vLLM's and SGLang's fused MoE block: a fixed time per MoE layer beyond the experts'
    // bytes (routing, alignment, the grouped GEMMs below the bandwidth; speed/moe_block.rs).
    let moe_block = crate::speed::moe_block::seconds_per_layer_of(s);
    if let Some(moe_layers) = crate::speed::moe_block::layers(s).filter(|_| moe_block > 0.0) {
        let per_layer = moe_block;
        let t = Time::of(moe_layers as f64 * per_layer);
        step = step.plus(t);
        terms.push(TimeTerm {
            time: t,
            bound: Bound::Launch,
            values: TermValues::Neural(NeuralTerm::DecodeMoeBlock {
                layers: moe_layers,
                per_layer,
            }),
        });
    }
    // Issue 37 (vLLM and SGLang at small batch): under the CUDA graph every kernel of the step
    // and every layer's attention op still takes its floor beyond its bytes
    // (speed/graph_kernels.rs).
    if let Some(count) = crate::speed::graph_kernels::count(s, seqs) {
        let per_kernel = crate::speed::graph_kernels::kernel_seconds_of(s);
        let attention = crate::speed::graph_kernels::attention_seconds_of(s);
        let t = count.kernels() as f64 * per_kernel + count.layers() as f64 * attention;
        if t > 0.0 {
            let t = Time::of(t);
            step = step.plus(t);
            terms.push(TimeTerm {
                time: t,
                bound: Bound::Launch,
                values: TermValues::Neural(NeuralTerm::DecodeGraphKernels {
                    count,
                    per_kernel,
                    attention,
                }),
            });
        }
    }
    // A Python engine without a CUDA graph: the host launches every kernel of the step; it
    // runs ahead of the GPU, so the step is the longer of the GPU's time and the launches'.
    if let Some(why) = crate::speed::dispatch::eager(s, seqs) {
        let per_layer = crate::speed::dispatch::per_layer();
        let head = crate::speed::dispatch::head();
        let per_launch = crate::speed::dispatch::HOST_LAUNCH_SECONDS;
        let t = Time::of((per_layer * a.layers + head) as f64 * per_launch);
        step = step.max(t);
        terms.push(TimeTerm {
            time: t,
            bound: Bound::Launch,
            values: TermValues::Neural(NeuralTerm::DecodeDispatch {
                per_layer,
                layers: a.layers,
                head,
                per_launch,
                why,
            }),
        });
    }
    // llama.cpp's one-warp quantized kernel (builds before #5394) reads the weights no faster
    // than its resident warps allow (speed/mmvq.rs): the time beyond the bandwidth-bound read.
    // The legacy formats' rate on this build: the bandwidth-bound one, or the one-warp kernel's
    // occupancy-limited one; the k-quant factor below is relative to it.
    let mut legacy_rate = m.gpu_bw * m.bw_eff;
    if let Some(o) = mmvq::occupancy(s, m.hw.id, seqs).filter(|_| tp == 1 && pp == 1) {
        let bound_rate = m.gpu_bw * m.bw_eff;
        if o.rate < bound_rate && weights > 0.0 {
            legacy_rate = o.rate;
            let t = Time::of(weights / o.rate - weights / bound_rate);
            step = step.plus(t);
            terms.push(TimeTerm {
                time: t,
                bound: Bound::MemoryBandwidth,
                values: TermValues::Neural(NeuralTerm::DecodeOccupancy {
                    weights,
                    occupancy: o,
                    bound_rate,
                }),
            });
        }
    }
    // llama.cpp's k-quant matrix-vector kernels on NVIDIA GPUs read below the legacy formats'
    // rate, bound by their integer work (speed/kquant.rs): the time beyond the bandwidth-bound read.
    let nvidia = m.hw.vendor == crate::catalog::hardware::Vendor::Nvidia;
    if let Some(factor) = crate::speed::kquant::applies(s, nvidia, seqs) {
        let bound_rate = legacy_rate;
        // llama.cpp's layer split reads every stage's weights in turn (the memory term's × pp).
        let weights = weights * pp as f64;
        if weights > 0.0 {
            let t = Time::of(weights / (bound_rate * factor) - weights / bound_rate);
            step = step.plus(t);
            terms.push(TimeTerm {
                time: t,
                bound: Bound::MemoryBandwidth,
                values: TermValues::Neural(NeuralTerm::DecodeKquant {
                    weights,
                    factor,
                    bound_rate,
                }),
            });
        }
    }
    let (host_w, host_kv, host_layers, expert_layers) = host_bytes(s, e);
    if host_w + host_kv > 0.0 {
        let t = Transfer {
            bytes: host_w + host_kv,
            bandwidth: m.host_bw,
            efficiency: m.host_bw_eff,
        };
        step = step.plus(t.time());
        terms.push(TimeTerm {
            time: t.time(),
            bound: Bound::HostMemory,
            values: TermValues::Neural(NeuralTerm::DecodeHost {
                weights: host_w,
                kv: host_kv,
                layers: host_layers,
                expert_layers,
                transfer: t,
                fit: None,
            }),
        });
    }
    // llama.cpp without a CUDA graph: the GPU idles after each kernel of the step before the
    // next starts (speed/launch.rs), on top of the bytes it reads.
    if let Some(why) = launch::uncaptured(s, seqs) {
        let output_on_gpu = !e.components.iter().any(|c| {
            matches!(&c.values, Values::Engine(EngineValues::HostWeights(w)) if !w.output_on_gpu)
        });
        let gpu_layers = a.layers.saturating_sub(host_layers);
        let per_layer = launch::per_layer(s);
        let head = if output_on_gpu { launch::head(s) } else { 0 };
        let gap = why.per_kernel();
        // llama.cpp keeps the last -ngl layers on the GPU; a MoE model's dense layers are its
        // first.
        let moe = launch::moe_extra(s);
        let moe_layers = if moe > 0 {
            gpu_layers.min(a.layers.saturating_sub(a.params().dense_layers))
        } else {
            0
        };
        let t = Time::of((per_layer * gpu_layers + moe * moe_layers + head) as f64 * gap);
        step = step.plus(t);
        terms.push(TimeTerm {
            time: t,
            bound: Bound::Launch,
            values: TermValues::Neural(NeuralTerm::DecodeLaunch {
                per_layer,
                layers: gpu_layers,
                moe,
                moe_layers,
                head,
                gap,
                why,
            }),
        });
    }
    // vLLM's and SGLang's expert-parallel group is tp × dp consecutive GPUs; each rank
    // routes its own replica's sequences (the prefill's all-to-all is not counted).
    if let Some(t) = expert_all_to_all(s, m, n, 2, 1, s.parallel.ep) {
        step = step.plus(t.time);
        terms.push(t);
    }
    if tp > 1 {
        let c = all_reduce(n);
        step = step.plus(c.time());
        terms.push(TimeTerm {
            time: c.time(),
            bound: c.via.bound(),
            values: TermValues::Neural(NeuralTerm::TpAllReduce {
                tokens: seqs,
                collective: c,
            }),
        });
    }
    let decode_terms: Vec<TimeTerm> = terms
        .iter()
        .filter(|t| {
            !matches!(
                t.id(),
                TermId::Prefill
                    | TermId::PrefillAllReduce
                    | TermId::PrefillHost
                    | TermId::PrefillGraph
            )
        })
        .copied()
        .collect();
    let requested = s.batch.max(1);
    // The requests a pooled engine cannot run yet wait in its queue, in waves of the running
    // count: each wave prefills and generates its `seq − prompt` tokens before the next enters.
    let queue = (requested > seqs && per_request).then(|| {
        let waiting = requested - seqs;
        let waves = waiting.div_ceil(seqs.max(1));
        let generated = s.seq.saturating_sub(prompt_tokens);
        crate::speed::Queue {
            waiting,
            waves,
            generated,
            wait: ttft.plus(step.times(generated as f64)).times(waves as f64),
        }
    });
    let served = (per_request && s.seq > prompt_tokens).then(|| {
        under_load(
            s,
            e,
            m,
            &UnderLoad {
                running: n,
                prompt,
                generated: s.seq - prompt_tokens,
                matmul_params: p_mm,
                width,
                weights: device_bytes(e, PartId::Weights),
                others: step.seconds().unwrap_or(0.0)
                    - read.time().max(decode.time()).seconds().unwrap_or(0.0),
                peak: m.peak(compute),
            },
        )
    });
    Speed {
        held: Default::default(),
        steps: Steps::Inference {
            ttft,
            decode_step: step,
            sequences: seqs,
            tokens_per_s_per_sequence: step.per_second(1.0),
            tokens_per_s: step.per_second(n),
            requested,
            gpus: tp * pp,
            queue,
            served,
            replicas: 1,
        },
        bound: longest(&decode_terms),
        terms,
    }
}

/// What [`under_load`] starts from: the decode step's figures.
struct UnderLoad {
    /// Requests the decode step runs.
    running: f64,
    prompt: f64,
    generated: u64,
    matmul_params: f64,
    /// Query heads × head dimension.
    width: f64,
    /// Weight bytes on one device, all of them.
    weights: f64,
    /// Seconds of the decode step beyond its bytes-or-FLOPs roofline (all-reduces, launches).
    others: f64,
    /// Peak FLOP/s at the step's precision.
    peak: f64,
}

/// A pooled engine's throughput under load ([`crate::speed::Served`]): per step, every running
/// request decodes one token and running ÷ generated requests' prompts are prefilled in chunks
/// beside them (so that as many start as finish); the step is the roofline of their bytes and
/// FLOPs together (a prefill chunk's FLOPs run while the decode reads the weights), at the
/// running requests' mean context, plus the decode step's other terms.
fn under_load(s: &Scenario, e: &Estimate, m: &Machine, u: &UnderLoad) -> crate::speed::Served {
    let (a, _) = s.shape();
    let tp = s.parallel.tp.max(1) as f64;
    let pp = s.parallel.pp.max(1) as f64;
    let layers = a.layers as f64;
    let g = u.generated.max(1) as f64;
    let budget = s.engine.pool().map_or(u64::MAX, |p| p.step_tokens(s));
    let context = u.prompt + g / 2.0;
    // A paged pool allocates a request's KV blocks as its context grows (Kwon et al. 2023,
    // PagedAttention, SOSP: blocks on demand), so under load it holds as many requests as fit
    // at their mean context, not at the full one, up to vLLM's max_num_seqs and the requests
    // asked for.
    let pooled = match (e.serving, s.engine.pool()) {
        (Some(v), Some(p)) if v.pool_tokens > 0 => {
            let cap = match s.engine {
                crate::scenario::serving::Engine::Vllm => p.max_seqs(s) as f64,
                _ => f64::INFINITY,
            };
            (v.pool_tokens as f64 / context)
                .floor()
                .min(cap)
                .min(s.batch.max(1) as f64)
                .max(u.running)
        }
        _ => u.running,
    };
    // Decodes and the prefill tokens that keep them running share the step's token budget:
    // n + n · prompt ÷ generated ≤ budget.
    let n = pooled.min(budget as f64 * g / (g + u.prompt)).max(1.0);
    let token_bytes = e.serving.map_or(0.0, |v| v.token_bytes as f64);
    let share = weights_read_share(s, n.ceil() as u64);
    let read = Transfer {
        bytes: (u.weights * share + token_bytes * context * n) * pp,
        bandwidth: m.gpu_bw,
        efficiency: m.bw_eff,
    };
    let decode_flops = 2.0 * u.matmul_params * n + 4.0 * layers * context * u.width * n;
    let prefill_flops =
        2.0 * u.matmul_params * u.prompt + 2.0 * layers * u.prompt * u.prompt * u.width;
    let flops = (decode_flops + n / g * prefill_flops) / tp;
    let compute = Time::of(flops / (u.peak * m.mfu));
    let step = read.time().max(compute).plus(Time::of(u.others.max(0.0)));
    crate::speed::Served {
        sequences: n,
        generated: u.generated,
        context,
        budget,
        step,
        tokens_per_s: step.per_second(n),
    }
}

/// One point of the throughput-versus-latency curve: a decode step of `batch` sequences.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CurvePoint {
    /// Concurrent sequences.
    pub batch: u64,
    /// One decode step: the latency between two tokens of a sequence.
    pub step: Time,
    pub tokens_per_s_per_sequence: f64,
    /// Over every sequence of the step.
    pub tokens_per_s: f64,
}

/// The most sequences that run at once: a pooled engine's ([`concurrent`]), else the largest batch
/// whose estimate fits (doubling, then halving the gap); 0 where one does not fit.
fn most_fitting(s: &Scenario) -> u64 {
    let at = |b: u64| Scenario { batch: b, ..*s };
    let first = crate::model::estimate(&at(1));
    if let Some(v) = first.serving {
        return match v.sequences {
            0 => 0,
            n => concurrent(&at(n), &first),
        };
    }
    if !first.fits() {
        return 0;
    }
    let fits = |b: u64| crate::model::estimate(&at(b)).fits();
    let (mut lo, mut hi) = (1, 2);
    while hi <= crate::scenario::MAX_BATCH && fits(hi) {
        lo = hi;
        hi *= 2;
    }
    let hi = hi.min(crate::scenario::MAX_BATCH + 1);
    // lo fits, hi does not (or is past the limit).
    let (mut lo, mut hi) = (lo, hi);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The throughput-versus-latency curve of a scenario: a decode step at batch 1, 2, 4, … and at
/// the most sequences that fit at once (the scenario's batch replaced, each point
/// re-estimated). Larger batches raise the aggregate tokens/s while the weights' bytes are
/// shared, until the KV cache's bytes or the FLOPs dominate; each sequence's tokens/s falls.
/// Empty where no batch fits, or without a time model.
pub fn batch_curve(s: &Scenario) -> Vec<CurvePoint> {
    let Ok(m) = Machine::of(s) else {
        return Vec::new();
    };
    let most = most_fitting(s);
    let mut batches: Vec<u64> = std::iter::successors(Some(1u64), |b| b.checked_mul(2))
        .take_while(|&b| b < most)
        .collect();
    if most > 0 {
        batches.push(most);
    }
    batches
        .into_iter()
        .filter_map(|b| {
            let sb = Scenario { batch: b, ..*s };
            let e = crate::model::estimate(&sb);
            match speed(&sb, &e, &m).steps {
                Steps::Inference {
                    decode_step,
                    tokens_per_s_per_sequence,
                    tokens_per_s,
                    ..
                } => Some(CurvePoint {
                    batch: b,
                    step: decode_step,
                    tokens_per_s_per_sequence,
                    tokens_per_s,
                }),
                _ => None,
            }
        })
        .collect()
}

/// Aggregate tokens/s and time per decode step for each batch in `batches`: the
/// throughput-versus-latency curve (the scenario's batch replaced; each point re-estimated).
pub fn decode_curve(s: &Scenario, batches: &[u64]) -> Vec<(u64, Time, f64)> {
    let Ok(m) = Machine::of(s) else {
        return Vec::new();
    };
    batches
        .iter()
        .map(|&b| {
            let sb = Scenario {
                batch: b.max(1),
                ..*s
            };
            let e = crate::model::estimate(&sb);
            match speed(&sb, &e, &m).steps {
                Steps::Inference {
                    decode_step,
                    tokens_per_s,
                    ..
                } => (b, decode_step, tokens_per_s),
                _ => (b, Time::Overflow, 0.0),
            }
        })
        .collect()
}
