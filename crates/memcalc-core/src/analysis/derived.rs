//! Answers derived from the estimate: the largest batch or context that fits, the fewest GPUs,
//! and the single changes that save the most memory.

use crate::base::keys::Value::{self, Count, Number, Toggle};
use crate::base::search::smallest;
use crate::catalog::optimizer::Optimizer;
use crate::catalog::precision::Dtype;
use crate::catalog::quant::Quant;
use crate::model::bytes;
use crate::model::neural::engine::Serving;
use crate::scenario::{Mode, Offload, Recompute, Scenario, MAX_GPUS};
use crate::schema::fields::FieldId;
use crate::schema::inputs::Inputs;

use crate::analysis::limits::fits;
pub use crate::analysis::limits::{max_batch, max_seq};

/// The fewest GPUs that fit with the chosen tensor and pipeline parallelism, growing the
/// data-parallel degree (which helps only with ZeRO sharding).
pub fn fewest_gpus(s: &Scenario) -> Option<u64> {
    if s.mode == Mode::Infer && s.sciml.is_transformer() && s.engine.splits() {
        return fewest_layer_split(s);
    }
    if s.mode == Mode::Infer && s.sciml.is_transformer() {
        return fewest_replicas(s).or_else(|| fewest_tp(s).map(|t| t * s.parallel.pp));
    }
    let group = s.parallel.tp * s.parallel.pp * s.parallel.cp.max(1);
    // Megatron's expert-parallel ranks lie in the data-parallel dimension: at most the
    // part of `ep` that divides dp.
    let gcd = |mut a: u64, mut b: u64| {
        while b > 0 {
            (a, b) = (b, a % b);
        }
        a.max(1)
    };
    let with_dp = |dp: u64| Scenario {
        parallel: crate::scenario::Parallel {
            gpus: group * dp,
            ep: gcd(s.parallel.ep, dp),
            ..s.parallel
        },
        ..*s
    };
    // Per-device memory never rises with dp: the first dp that fits.
    smallest(1, MAX_GPUS / group, |dp| fits(&with_dp(dp))).map(|dp| group * dp)
}

/// llama.cpp: the fewest GPUs its layer split (`-sm layer`, the default) fits on, each GPU
/// holding its share of the layers, their KV cache and its own compute buffer. At most one GPU
/// per layer (and llama.cpp's 16 devices, `GGML_CUDA_MAX_DEVICES`).
pub fn fewest_layer_split(s: &Scenario) -> Option<u64> {
    let layers = s.shape().0.layers.max(1);
    let tp = s.parallel.tp.max(1);
    let split = |n: u64| Scenario {
        parallel: crate::scenario::Parallel {
            gpus: n * tp,
            pp: n,
            ..s.parallel
        },
        ..*s
    };
    smallest(1, layers.min(LLAMACPP_MAX_DEVICES), |n| fits(&split(n))).map(|n| n * tp)
}

/// The GPUs one llama.cpp process can use (ggml-cuda `GGML_CUDA_MAX_DEVICES`, 16).
const LLAMACPP_MAX_DEVICES: u64 = 16;

/// The fewest-GPUs answer's words for llama.cpp's layer split.
pub const LAYER_SPLIT_WORDS: (&str, &str) = (
    "Fewest GPUs (llama.cpp's layer split, -sm layer)",
    "none: the layers do not fit split over 16 GPUs, llama.cpp's most",
);

/// How the fewest-GPUs answer is named, and what is said when there is none.
pub fn fewest_gpus_words(mode: Mode) -> (&'static str, &'static str) {
    if mode == Mode::Infer {
        (
            "Fewest GPUs (smallest tensor-parallel degree × replicas that fits)",
            "none: no tensor-parallel degree dividing the heads fits",
        )
    } else {
        (
            "Fewest GPUs with this parallel setup",
            "no number: data parallelism only helps with ZeRO sharding",
        )
    }
}

/// What is said when training has no fewest-GPUs answer: without ZeRO more data-parallel ranks
/// change nothing per GPU; with it they shard the states, but what each GPU keeps whole (its
/// activations, and the states ZeRO's stage leaves unsharded) does not fit however many share.
pub fn fewest_gpus_none(mode: Mode, zero_shards: bool) -> &'static str {
    match (mode, zero_shards) {
        (Mode::Infer, _) | (_, false) => fewest_gpus_words(mode).1,
        _ => "none: ZeRO shards the states over the data-parallel GPUs, but what each GPU keeps whole (activations, unsharded states) does not fit on any number of them",
    }
}

/// A tensor-parallel degree serving can use: it divides the attention heads, and divides the
/// KV heads or is a multiple of them (each KV head then replicated, as vLLM does).
pub fn valid_tp(s: &Scenario, tp: u64) -> bool {
    let (a, _) = s.shape();
    a.heads.is_multiple_of(tp) && (a.kv_heads.is_multiple_of(tp) || tp.is_multiple_of(a.kv_heads))
}

/// Inference: the smallest valid tensor-parallel degree that fits (one data-parallel replica;
/// more replicas add throughput, not memory per GPU).
pub fn fewest_tp(s: &Scenario) -> Option<u64> {
    let (a, _) = s.shape();
    (1..=a.heads.min(MAX_GPUS / s.parallel.pp))
        .filter(|&t| valid_tp(s, t))
        .find(|&t| {
            fits(&Scenario {
                parallel: crate::scenario::Parallel {
                    gpus: t * s.parallel.pp,
                    tp: t,
                    // --enable-expert-parallel: the group is tp × dp, one replica here.
                    ep: if s.parallel.ep > 1 { t } else { 1 },
                    ..s.parallel
                },
                ..*s
            })
        })
}

/// Inference with the batch over all replicas (`batch_scope=all`): the fewest GPUs within a
/// node, tensor parallelism × data-parallel replicas × pp, that fit, each replica serving its
/// share of the batch (fewer tensor-parallel ranks first for the same count). None when none
/// within a node does, or the batch is per replica (then only tensor parallelism helps).
pub fn fewest_replicas(s: &Scenario) -> Option<u64> {
    use crate::scenario::serving::BatchScope;
    if s.batch_scope != BatchScope::All || s.batch <= 1 {
        return None;
    }
    let pp = s.parallel.pp.max(1);
    let node = s.parallel.gpus_per_node.max(1);
    (1..=node / pp).find_map(|total| {
        (1..=total)
            .filter(|t| total.is_multiple_of(*t) && valid_tp(s, *t))
            .find(|&t| {
                fits(&Scenario {
                    parallel: crate::scenario::Parallel {
                        gpus: total * pp,
                        tp: t,
                        ep: if s.parallel.ep > 1 { total } else { 1 },
                        ..s.parallel
                    },
                    ..*s
                })
            })
            .map(|_| total * pp)
    })
}

/// One change to the scenario and what it does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Saving {
    pub label: String,
    /// Field values to set, as (field, value).
    pub patch: Vec<(FieldId, String)>,
    pub bytes_after: u64,
    pub saved: u64,
    pub fits_after: bool,
    /// A pooled engine's pool before and after the change: its total stays its share, so what
    /// a change does is said in sequences (`report::saving_text`).
    pub serving: Option<(Serving, Serving)>,
    /// What the change does to time, where the time model covers both scenarios.
    pub time: Option<crate::speed::change::TimeChange>,
}

impl Saving {
    /// The change as a query fragment, e.g. `recompute=full&zero=3`.
    pub fn query(&self) -> String {
        crate::schema::fields::patch_query(&self.patch)
    }
}

/// A change to try: its label and the typed values it sets.
type Candidate = (String, Vec<(FieldId, Value)>);

fn sim_candidates(s: &Scenario) -> Vec<Candidate> {
    use crate::scenario::sim::{Adjoint, Method, Precond, Streaming};
    let m = &s.sim;
    let mut c: Vec<Candidate> = Vec::new();
    let nodes = m.nodes * 2;
    c.push((
        format!("Twice the nodes ({nodes}), same ranks per node"),
        vec![
            (FieldId::Nodes, Count(nodes)),
            (FieldId::Ranks, Count(m.ranks.div_ceil(m.nodes) * nodes)),
        ],
    ));
    if s.dtype.bytes() > 4 {
        c.push((
            "Single precision (FP32)".into(),
            vec![(FieldId::Dtype, Value::choice(Dtype::Fp32))],
        ));
    }
    if m.method == Method::Lbm {
        if m.streaming == Streaming::TwoLattice {
            c.push((
                "In-place streaming (esoteric pull, one lattice)".into(),
                vec![(FieldId::Streaming, Value::choice(Streaming::InPlace))],
            ));
        }
        if m.lbm_dtype.is_none_or(|d| d.bytes() > 2) {
            c.push((
                "Store distributions in FP16".into(),
                vec![(FieldId::LbmDtype, Value::choice(Dtype::Fp16))],
            ));
        }
    }
    if m.method == Method::Mesh && matches!(m.precond, Precond::Ilu1 | Precond::Ilu0) {
        c.push((
            "Algebraic multigrid instead of ILU".into(),
            vec![(FieldId::Precond, Value::choice(Precond::Amg))],
        ));
    }
    if m.method == Method::Mesh && m.krylov > 10 {
        c.push((
            "GMRES restart 10".into(),
            vec![(FieldId::Krylov, Count(10))],
        ));
    }
    // AMR: a block's ghost share ((b + 2g)^d − b^d) / b^d falls as blocks grow.
    if m.method == Method::Amr && m.halo > 0 && m.amr.block < 64 {
        let b = m.amr.block * 2;
        c.push((
            format!("Blocks of {b} cells per side (a smaller ghost-cell share)"),
            vec![(FieldId::BlockSize, Count(b))],
        ));
    }
    // N-body: PartAllocFactor reserves slots for particles that may migrate in.
    if m.method == Method::Nbody && m.nbody.alloc_c > 110 {
        c.push((
            "Particle allocation factor 1.1".into(),
            vec![(FieldId::AllocFactor, Number(1.1))],
        ));
    }
    if m.adjoint == Adjoint::StoreAll {
        c.push((
            "Binomial checkpointing instead of storing every step".into(),
            vec![(FieldId::Adjoint, Value::choice(Adjoint::Checkpoint))],
        ));
    }
    if m.snapshots > 0 {
        c.push((
            "Write snapshots to disk instead of keeping them".into(),
            vec![(FieldId::Snapshots, Count(0))],
        ));
    }
    if m.compression_c < 400 && (m.snapshots > 0 || m.output_every > 0) {
        c.push((
            "Compress output 4:1 (lossy)".into(),
            vec![(FieldId::Compression, Count(4))],
        ));
    }
    c
}

/// llama.cpp on a GPU too small for the model: keep the routed experts of a mixture of experts
/// in host memory (`--n-cpu-moe N` with the fewest layers that fit, or `--cpu-moe`), and
/// offload fewer layers (`-ngl` with the most that fit): the two ways people run big MoE
/// models on one card. Offered only when the run does not fit.
fn llamacpp_candidates(s: &Scenario) -> Vec<Candidate> {
    let mut c = Vec::new();
    if fits(s) {
        return c;
    }
    let a = s.shape().0;
    let layers = a.layers;
    let now = s.n_cpu_moe.unwrap_or(0).min(layers);
    if a.experts > 1 && now < layers {
        let with = |n: u64| Scenario {
            n_cpu_moe: Some(n),
            ..*s
        };
        let n = smallest(now + 1, layers, |n| fits(&with(n))).unwrap_or(layers);
        let label = if n == layers {
            "Every layer's experts on the CPU (--cpu-moe, -ot exps=CPU)".to_string()
        } else {
            format!("Experts of the first {n} layers on the CPU (--n-cpu-moe {n})")
        };
        c.push((label, vec![(FieldId::NCpuMoe, Count(n))]));
    }
    // More GPUs for the layer split (-sm layer, llama.cpp's default): each holds fewer layers.
    let pp = s.parallel.pp * 2;
    if pp <= layers.min(16) {
        c.push((
            format!("Split the layers over {pp} GPUs (-sm layer)"),
            vec![
                (FieldId::Pp, Count(pp)),
                (FieldId::Gpus, Count(s.parallel.gpus * 2)),
            ],
        ));
    }
    let ngl = s.gpu_layers.unwrap_or(layers + 1).min(layers + 1);
    if ngl > 0 {
        let with = |n: u64| Scenario {
            gpu_layers: Some(n),
            ..*s
        };
        let n = crate::base::search::largest(0, ngl - 1, |n| fits(&with(n))).unwrap_or(0);
        let n = if n == 0 { ngl / 2 } else { n };
        c.push((
            format!("{n} of {layers} layers on the GPU, the rest on the CPU (-ngl {n})"),
            vec![(FieldId::GpuLayers, Count(n))],
        ));
    }
    c
}

fn candidates(s: &Scenario) -> Vec<Candidate> {
    if s.mode == Mode::Sim {
        return sim_candidates(s);
    }
    let mut c: Vec<Candidate> = Vec::new();
    fn pv(label: &str, patch: &[(FieldId, Value)]) -> Candidate {
        (label.to_string(), patch.to_vec())
    }
    let p = &s.parallel;
    if !s.flash_attention {
        c.push(pv(
            "Use flash attention",
            &[(FieldId::FlashAttention, Toggle(true))],
        ));
    }
    if s.batch > 1 {
        let half = s.batch / 2;
        c.push((
            format!("Halve the micro-batch to {half}"),
            vec![(FieldId::Batch, Count(half))],
        ));
    }
    if !s.dtype.is_low_precision() {
        c.push(pv(
            "Train or run in BF16",
            &[(FieldId::Dtype, Value::choice(Dtype::Bf16))],
        ));
    }
    if s.mode.trains() {
        if s.recompute == Recompute::None && !s.flash_attention {
            c.push(pv(
                "Selective activation recomputation",
                &[(FieldId::Recompute, Value::choice(Recompute::Selective))],
            ));
        }
        if s.recompute != Recompute::Full {
            c.push(pv(
                "Full activation recomputation (gradient checkpointing)",
                &[(FieldId::Recompute, Value::choice(Recompute::Full))],
            ));
        }
        if matches!(s.optimizer, Optimizer::Adam | Optimizer::AdamW) {
            c.push(pv(
                "8-bit Adam (bitsandbytes)",
                &[(FieldId::Optimizer, Value::choice(Optimizer::Adam8bit))],
            ));
        }
        if p.dp() > 1 {
            for z in (p.zero + 1)..=3 {
                let label = format!("ZeRO stage {z} over the {} data-parallel GPUs", p.dp());
                c.push((label, vec![(FieldId::Zero, Count(z.into()))]));
            }
        }
        if p.zero >= 1 && p.offload == Offload::None {
            c.push(pv(
                "Offload optimizer states to host memory (ZeRO-Offload)",
                &[(FieldId::Offload, Value::choice(Offload::Optimizer))],
            ));
        }
        if p.zero == 3 && p.offload != Offload::All {
            c.push(pv(
                "Offload parameters too (ZeRO-Infinity)",
                &[(FieldId::Offload, Value::choice(Offload::All))],
            ));
        }
        if !s.sciml.is_transformer() {
            // LoRA and quantized bases are transformer techniques: not suggested here.
        } else if s.mode != Mode::Finetune {
            // Pre-training cannot be done with adapters: switching to fine-tuning would answer
            // another question than the one asked.
        } else if !s.uses_lora() {
            c.push(pv(
                "LoRA adapters (rank 16) instead of fine-tuning every weight",
                &[(FieldId::LoraRank, Count(16))],
            ));
        } else if s.weight_milli_bpw().is_none() {
            c.push(pv(
                "QLoRA: keep the frozen base in NF4",
                &[(FieldId::Quant, Value::choice(Quant::Nf4))],
            ));
        }
    } else {
        if s.weight_milli_bpw().is_none() && !s.engine.pools() && s.engine.splits() {
            // llama.cpp loads GGUF files: its 8-bit format is Q8_0, not bitsandbytes' LLM.int8
            // (issue 40: the launch round trip found the INT8 suggestion's llama-server command
            // naming a file llama.cpp cannot load).
            c.push(pv(
                "Quantize weights to 8-bit (GGUF Q8_0)",
                &[(FieldId::Quant, Value::choice(Quant::Q8_0))],
            ));
        } else if s.weight_milli_bpw().is_none() {
            c.push(pv(
                "Quantize weights to INT8",
                &[(FieldId::Quant, Value::choice(Quant::Int8))],
            ));
        }
        if s.weight_milli_bpw().is_none() {
            if s.engine.pools() {
                // vLLM and SGLang serve AWQ/GPTQ checkpoints, not GGUF mixes.
                c.push(pv(
                    "Serve a 4-bit AWQ checkpoint",
                    &[(FieldId::Quant, Value::choice(Quant::Awq))],
                ));
            } else {
                c.push(pv(
                    "Quantize weights to 4-bit (GGUF Q4_K_M)",
                    &[(FieldId::Quant, Value::choice(Quant::Q4KM))],
                ));
            }
        }
        if s.engine.splits() {
            // llama.cpp has no FP8 cache: --cache-type-k/-v take f32, f16, bf16 and its block
            // formats (common/arg.cpp kv_cache_types).
            if s.kv_quant.is_none() {
                c.push(pv(
                    "Q8_0 KV cache (--cache-type-k q8_0 --cache-type-v q8_0)",
                    &[(
                        FieldId::KvDtype,
                        Value::choice(crate::catalog::quant::KvQuant::Q8_0),
                    )],
                ));
            }
        } else if s.kv_dtype().bytes() > 1 {
            c.push(pv(
                "FP8 KV cache",
                &[(FieldId::KvDtype, Value::choice(Dtype::Fp8))],
            ));
        }
        if s.engine.splits() && s.sciml.is_transformer() {
            c.extend(llamacpp_candidates(s));
        }
        if s.seq > 1 {
            let half = s.seq / 2;
            c.push((
                format!("Halve the context to {half} tokens"),
                vec![(FieldId::Seq, Count(half))],
            ));
        }
    }
    if s.mode == Mode::Infer && s.sciml.is_transformer() {
        let tp = p.tp * 2;
        if valid_tp(s, tp) {
            c.push((
                {
                    let n = tp * p.pp * p.dp();
                    let gpus = crate::base::units::plural(n, "GPU", "GPUs");
                    format!("Tensor parallelism {tp} ({n} {gpus})")
                },
                vec![(FieldId::Tp, Count(tp)), (FieldId::Gpus, Count(p.gpus * 2))],
            ));
        }
    }
    if s.mode == Mode::Train && s.arch.is_some() {
        let heads = s.arch.map(|a| a.heads).unwrap_or(1);
        let tp = p.tp * 2;
        if heads.is_multiple_of(tp) {
            c.push((
                format!("Tensor parallelism {tp} (twice the GPUs)"),
                vec![(FieldId::Tp, Count(tp)), (FieldId::Gpus, Count(p.gpus * 2))],
            ));
        }
    }
    c
}

/// Keys that state the question (what is run, on which kind of model or method): a suggestion
/// changes how it is run, never what.
pub const STATED: [FieldId; 3] = [FieldId::Mode, FieldId::Model, FieldId::Method];

/// Every single change from the candidates that saves device memory, most first.
pub fn savings(s: &Scenario) -> Vec<Saving> {
    let before_est = bytes(s);
    let before = before_est.per_device_bytes;
    let pool_before = before_est.serving;
    #[cfg(feature = "time")]
    let time_before = crate::speed::change::unit_time(s, &before_est);
    let base = Inputs::from_scenario(s);
    let mut out: Vec<Saving> = candidates(s)
        .into_iter()
        .filter(|(_, patch)| patch.iter().all(|(k, _)| !STATED.contains(k)))
        .filter_map(|(label, patch)| {
            let patch: Vec<(FieldId, String)> = patch
                .into_iter()
                .map(|(id, v)| (id, id.field().text(v)))
                .collect();
            let changed = base.patched(&patch)?;
            let after = bytes(&changed);
            // A pooled engine's total is its memory share whatever the change: what a change
            // frees is room in the pool, counted in the tokens it adds at today's size per token.
            let pool_gain = match (pool_before, after.serving) {
                (Some(b), Some(a)) => crate::mul!(a.pool_tokens, b.token_bytes)
                    .saturating_sub(crate::mul!(b.pool_tokens, b.token_bytes)),
                _ => 0,
            };
            let saved = before.saturating_sub(after.per_device_bytes).max(pool_gain);
            if saved == 0 {
                return None;
            }
            Some(Saving {
                label,
                patch,
                bytes_after: after.per_device_bytes,
                saved,
                fits_after: after.fits_device(),
                serving: pool_before.zip(after.serving),
                #[cfg(feature = "time")]
                time: crate::speed::change::between(
                    time_before,
                    crate::speed::change::unit_time(&changed, &after),
                ),
                #[cfg(not(feature = "time"))]
                time: None,
            })
        })
        .collect();
    crate::base::sat::sort_small(&mut out, |a, b| {
        a.saved > b.saved || (a.saved == b.saved && a.label < b.label)
    });
    out
}

/// The derived answers for a scenario, as shown beside the breakdown.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Derived {
    pub max_batch: Option<u64>,
    /// For inference: the longest context that fits.
    pub max_seq: Option<u64>,
    pub fewest_gpus: Option<u64>,
    /// Whether `fewest_gpus` is llama.cpp's layer split ([`fewest_layer_split`]).
    pub layer_split: bool,
    /// Training: whether ZeRO shards states over the data-parallel ranks (more GPUs then lower
    /// the memory per GPU); the words for no fewest-GPUs answer depend on it.
    pub zero_shards: bool,
    pub savings: Vec<Saving>,
    /// The model's longest context ([`context_limit`]) when it, not memory, bounds `max_seq`.
    pub context_limit: Option<u64>,
    /// Simulations: the fewest nodes, and for binomial checkpointing the snapshots that fit and
    /// the recomputation.
    pub fewest_nodes: Option<u64>,
    pub adjoint: Option<(u64, Option<u64>)>,
    /// Memory against batch, context or nodes, built on the searches above.
    pub scaling: crate::analysis::scaling::Scaling,
}

/// The longest context the model takes, when known: its trained context (`max_context`, which
/// a catalog model or a preset fills from config.json), or a learned position table's rows.
pub fn context_limit(s: &Scenario) -> Option<u64> {
    let a = s.arch.as_ref()?;
    match (a.max_context, a.learned_pos) {
        (0, 0) => None,
        (0, n) | (n, 0) => Some(n),
        (m, n) => Some(m.min(n)),
    }
}

pub fn derive(s: &Scenario) -> Derived {
    let limit = context_limit(s);
    use crate::analysis::scaling::scaling_with;
    if s.mode == Mode::Sim {
        use crate::analysis::sim_nodes::{adjoint_fit, fewest_nodes};
        let nodes = fewest_nodes(s);
        return Derived {
            fewest_nodes: nodes,
            scaling: scaling_with(s, nodes),
            adjoint: adjoint_fit(s),
            savings: savings(s),
            ..Default::default()
        };
    }
    let batch = max_batch(s);
    let fit = if s.mode == Mode::Infer {
        max_seq(s)
    } else {
        None
    };
    // The model's limit caps the answer only for a context within it: a requested context
    // already past it (RoPE scaling) says the user runs the model beyond, and memory answers.
    let capped = limit.filter(|l| s.seq <= *l && fit.is_some_and(|f| f > *l));
    let seq = capped.or(fit);
    Derived {
        max_batch: batch,
        max_seq: seq,
        scaling: scaling_with(
            s,
            // The sweep marks where memory runs out, which the model's limit does not move.
            if crate::analysis::scaling::sweeps_context(s) {
                fit
            } else {
                batch
            },
        ),
        fewest_gpus: fewest_gpus(s),
        layer_split: s.mode == Mode::Infer && s.sciml.is_transformer() && s.engine.splits(),
        zero_shards: s.mode.trains() && s.parallel.zero > 0,
        savings: savings(s),
        context_limit: capped,
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every suggestion's values are ones their fields read (a wrong one would make the
    /// suggestion vanish, since its patched scenario would not parse), over scenarios that
    /// reach every kind of suggestion.
    #[test]
    fn every_suggestion_value_reads_through_its_field() {
        let mut queries: Vec<String> = crate::schema::presets::PRESETS
            .iter()
            .map(|p| format!("preset={}", p.id))
            .collect();
        queries.extend(
            <crate::catalog::codes::Code as crate::base::choice::Choice>::IDS
                .iter()
                .map(|c| {
                    format!(
                        "mode=sim&code={c}&snapshots=2&krylov=30&precond=ilu0&adjoint=store_all"
                    )
                }),
        );
        queries.extend([
            "mode=train&dtype=fp32&flash_attention=off&gpus=8&zero=1&batch=8".into(),
            "mode=train&zero=3&gpus=8&layers=32&hidden=4096&heads=32&vocab=32000".into(),
            "mode=finetune&batch=4".into(),
            "mode=finetune&lora_rank=8".into(),
            "mode=infer&engine=vllm&seq=4096".into(),
            "mode=infer&engine=hf&seq=4096&layers=32&hidden=4096&heads=32&vocab=32000".into(),
            "mode=sim&method=lbm&streaming=two".into(),
            "mode=sim&method=amr&halo=2&block_size=16".into(),
            "mode=sim&method=nbody&alloc_factor=1.5".into(),
        ]);
        let mut keys = Vec::new();
        for q in &queries {
            let (i, _) = Inputs::from_query(q);
            let s = i.parse().unwrap_or_else(|e| panic!("{q}: {e:?}"));
            for (label, patch) in candidates(&s) {
                for (id, v) in patch {
                    if let Err(e) = id.field().check(v) {
                        panic!("{q}: '{label}': {e}");
                    }
                    if !keys.contains(&id) {
                        keys.push(id);
                    }
                }
            }
        }
        assert!(keys.len() >= 24, "suggestions reached only {keys:?}");
    }
}
