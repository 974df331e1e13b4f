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
/// (Mixtral's and DeepSeek's load-balancing losses aim for it).
pub fn weights_read_share(s: &Scenario, sequences: u64) -> f64 {
    let (a, _) = s.shape();
    if a.experts <= 1 {
        return 1.0;
    }
    let e = a.experts as f64;
    let k = (a.active_experts as f64).min(e);
    let moe_layers = a.layers.saturating_sub(a.params().dense_layers) as f64;
    let expert_share =
        (moe_layers * e * a.expert_params() as f64 / a.total_params().max(1) as f64).min(1.0);
    let touched = 1.0 - (1.0 - k / e).powf(sequences as f64);
    1.0 - expert_share + expert_share * touched
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
fn host_bytes(s: &Scenario, e: &Estimate) -> (f64, f64, u64) {
    let mut weights = 0.0;
    let mut layers = 0;
    for c in &e.components {
        if let Values::Engine(EngineValues::HostWeights(w)) = &c.values {
            weights += w.layers_bytes as f64 * weights_read_share(s, s.batch.max(1))
                + w.output_bytes as f64;
            layers += w.here;
        }
    }
    let kv = e
        .components
        .iter()
        .filter(|c| c.id == PartId::KvCacheHost)
        .map(|c| c.bytes as f64)
        .sum();
    (weights, kv, layers)
}

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

/// The time of an inference scenario.
pub fn speed(s: &Scenario, e: &Estimate, m: &Machine) -> Speed {
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
    let work = |flops: f64| Work {
        flops,
        peak: m.peak(s.dtype),
        utilisation: m.mfu,
        dtype: s.dtype,
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
    let prefill = work(prefill_flops);
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
    let share = weights_read_share(s, seqs);
    let weights = device_bytes(e, PartId::Weights) * share;
    let kv = match e.serving {
        Some(v) => v.token_bytes as f64 * ctx * n,
        None => device_bytes(e, PartId::KvCache),
    };
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
    // llama.cpp's one-warp quantized kernel (builds before #5394) reads the weights no faster
    // than its resident warps allow (speed/mmvq.rs): the time beyond the bandwidth-bound read.
    if let Some(o) = mmvq::occupancy(s, m.hw.id, seqs).filter(|_| tp == 1 && pp == 1) {
        let bound_rate = m.gpu_bw * m.bw_eff;
        if o.rate < bound_rate && weights > 0.0 {
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
    let (host_w, host_kv, host_layers) = host_bytes(s, e);
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
                transfer: t,
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
        let gap = launch::gap_seconds();
        let t = Time::of((per_layer * gpu_layers + head) as f64 * gap);
        step = step.plus(t);
        terms.push(TimeTerm {
            time: t,
            bound: Bound::Launch,
            values: TermValues::Neural(NeuralTerm::DecodeLaunch {
                per_layer,
                layers: gpu_layers,
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
        .filter(|t| !matches!(t.id(), TermId::Prefill | TermId::PrefillAllReduce))
        .copied()
        .collect();
    Speed {
        steps: Steps::Inference {
            ttft,
            decode_step: step,
            sequences: seqs,
            tokens_per_s_per_sequence: step.per_second(1.0),
            tokens_per_s: step.per_second(n),
            requested: s.batch.max(1),
            replicas: 1,
        },
        bound: longest(&decode_terms),
        terms,
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
