//! Training and fine-tuning: FLOPs per step (6 · parameters · tokens for a dense model,
//! Kaplan et al. 2020, arXiv 2001.08361; the attention term of Narayanan et al. 2021,
//! arXiv 2104.04473, eq. 3; the forward each recomputation mode repeats; MoE's active
//! parameters; LoRA's frozen base: forward and input gradients only, 4 · parameters · tokens)
//! at a utilisation of peak, the bytes each parallel dimension sends per step over the slowest
//! link it crosses, the pipeline bubble, and offload's traffic over PCIe.
//!
//! Micro-batches per step: the user's (`micro_batches`, gradient accumulation: Megatron-LM's
//! global batch ÷ (micro-batch × data-parallel size)), else one, or as many as pipeline stages
//! (the fewest 1F1B keeps every stage busy with, and what the activation estimate holds in
//! flight). The interleaved schedule (`vpp` model chunks per device) divides the bubble by v
//! and multiplies the sends between stages by v (Narayanan et al. 2021, §2.2.2).

use crate::scenario::{Offload, Recompute, Scenario};
use crate::speed::inference::{activation_bytes, matmul_params};
use crate::speed::latency;
use crate::speed::machine::Machine;
use crate::speed::NeuralTerm;
use crate::speed::{
    longest, Bound, Speed, Steps, TermValues, Time, TimeTerm, TrainFlops, Transfer, Work,
};

/// DDP's default gradient bucket, bytes (`bucket_cap_mb=25`, torch.nn.parallel
/// DistributedDataParallel).
pub(crate) const DDP_BUCKET_BYTES: f64 = 25.0 * 1024.0 * 1024.0;

/// FLOPs per token of a training step: passes · params + attention + recomputation.
pub fn flops_per_token(s: &Scenario) -> (f64, f64, f64, f64) {
    let (a, _) = s.shape();
    let p_mm = matmul_params(s);
    let passes = if s.uses_lora() { 4.0 } else { 6.0 };
    // Forward 2 · 2 · seq · heads · head_dim per layer (QKᵀ and AV), three times with the
    // backward: 12 · layers · seq · width, the count of Narayanan et al. eq. 3 (s / 6h term),
    // PaLM appendix B and torchtitan's MFU.
    let width = (a.heads * a.head_dim) as f64;
    let core_forward = 4.0 * a.layers as f64 * s.seq as f64 * width;
    let attention = 3.0 * core_forward;
    let recompute = match s.recompute {
        Recompute::None => 0.0,
        // Korthikanti et al. 2022: the attention core's forward again.
        Recompute::Selective => core_forward,
        // torchtitan's per-op policy saves every other matmul's output: half of the matmuls'
        // forward is repeated.
        Recompute::SelectiveOp => p_mm,
        // The transformer layers' forward again: Megatron-LM checkpoints the layers, not the
        // output layer (Narayanan et al. eq. 3 counts the logits' 6 · V · h without a
        // recomputed forward; torchtitan's apply_ac wraps each TransformerBlock).
        Recompute::Full => 2.0 * (p_mm - (a.vocab * a.hidden) as f64).max(0.0) + core_forward,
    };
    (p_mm, passes, attention, recompute)
}

/// Micro-batches per optimizer step and model chunks per pipeline device: the user's
/// `micro_batches` (else 1, or as many as stages with pipelining) and `vpp` (else 1; without
/// pipelining there is no schedule to interleave, so 1).
pub fn micro_batches(s: &Scenario) -> (u64, u64) {
    let pp = s.parallel.pp.max(1);
    let default = if pp > 1 { pp } else { 1 };
    let micro = s.speed.micro_batches.unwrap_or(default).max(1);
    let chunks = if pp > 1 {
        s.speed.vpp.unwrap_or(1).max(1)
    } else {
        1
    };
    (micro, chunks)
}

/// The pipeline's idle share of the compute: (p − 1) / (m · v) (Narayanan et al. 2021,
/// §2.2.1 for 1F1B, §2.2.2 for v chunks per device).
pub fn bubble_share(stages: u64, micro: u64, chunks: u64) -> f64 {
    stages.saturating_sub(1) as f64 / (micro.max(1) * chunks.max(1)) as f64
}

/// One device's QKV, output-projection, FC1 and FC2 products of one micro-batch's forward,
/// seconds: each product's 2 · parameters ÷ tp FLOPs per token at the step's achieved rate (the
/// compute term's seconds over its FLOPs per device). FC1 is the gate and up projections of a
/// gated MLP; a mixture of experts is taken at one expert's width per token and k experts.
fn layer_gemms(s: &Scenario, compute: Time, flops_per_device: f64) -> [f64; 4] {
    let (a, _) = s.shape();
    let tp = s.parallel.tp.max(1) as f64;
    let per_flop = compute.seconds().unwrap_or(0.0) / flops_per_device.max(1.0);
    let tokens = (s.batch * s.seq) as f64;
    let h = a.hidden as f64;
    let q = (a.heads * a.head_dim) as f64;
    let kv = (a.kv_heads.max(1) * a.head_dim) as f64;
    let (ffn, k) = if a.experts > 1 {
        (a.moe_ffn.max(1) as f64, a.active_experts.max(1) as f64)
    } else {
        (a.ffn as f64, 1.0)
    };
    let up = if a.mlp == crate::catalog::arch::Mlp::Gated {
        2.0
    } else {
        1.0
    };
    let t = |params: f64| 2.0 * params / tp * tokens * per_flop;
    [
        t(h * (q + 2.0 * kv)),
        t(q * h),
        t(k * up * h * ffn),
        t(k * ffn * h),
    ]
}

/// The time of a training or fine-tuning step.
pub fn speed(s: &Scenario, e: &crate::model::Estimate, m: &Machine) -> Speed {
    let (a, _) = s.shape();
    let par = s.parallel;
    let (tp, pp, dp) = (par.tp.max(1), par.pp.max(1), par.dp().max(1));
    let gpus = par.gpus.max(1);
    let (micro, chunks) = micro_batches(s);
    // Context parallelism (issue 38): cp of the data-parallel ranks share each sequence.
    let tokens = (s.batch * s.seq) as f64 * (dp * micro) as f64 / par.cp.max(1) as f64;
    let (p_mm, passes, attention, recompute) = flops_per_token(s);
    let per_token = passes * p_mm + attention + recompute;
    // FP8 training runs FP8 in Transformer Engine's linear layers only: its recipes leave the
    // attention core (QKᵀ and the weighted sum of V) in BF16 unless `fp8_dpa` is set, off by
    // default (NVIDIA/TransformerEngine transformer_engine/common/recipe/__init__.py:
    // `fp8_dpa: bool = False`, `fp8_mha: bool = False` in DelayedScaling and the block-scaling
    // recipes), so those FLOPs run at the BF16 peak, the attention's recomputed forward too.
    let bf16_attention = if s.dtype == crate::catalog::precision::Dtype::Fp8 {
        let core_forward = attention / 3.0;
        let recomputed = match s.recompute {
            Recompute::Selective | Recompute::Full => core_forward,
            _ => 0.0,
        };
        attention + recomputed
    } else {
        0.0
    };
    let (attention, recompute) = if bf16_attention > 0.0 {
        (0.0, recompute - (bf16_attention - attention))
    } else {
        (attention, recompute)
    };
    let work = Work {
        flops: tokens * (passes * p_mm + attention + recompute) / gpus as f64,
        peak: m.peak(s.dtype),
        utilisation: m.mfu,
        dtype: s.dtype,
    };
    let compute = work.time();
    let mut terms = vec![TimeTerm {
        time: compute,
        bound: Bound::Compute,
        values: TermValues::Neural(NeuralTerm::TrainCompute(TrainFlops {
            matmul_params: p_mm,
            passes,
            attention,
            recompute,
            recompute_mode: s.recompute,
            lora: s.uses_lora(),
            tokens,
            gpus,
            work,
        })),
    }];
    let mut compute = compute;
    if bf16_attention > 0.0 {
        let w = Work {
            flops: tokens * bf16_attention / gpus as f64,
            peak: m.peak(crate::catalog::precision::Dtype::Bf16),
            utilisation: m.mfu,
            dtype: crate::catalog::precision::Dtype::Bf16,
        };
        compute = compute.plus(w.time());
        terms.push(TimeTerm {
            time: w.time(),
            bound: Bound::Compute,
            values: TermValues::Neural(NeuralTerm::TrainAttention {
                flops_per_token: bf16_attention,
                tokens,
                gpus,
                work: w,
            }),
        });
    }
    let mut busy = compute;
    if pp > 1 {
        // 1F1B: (p − 1) / m of the ideal time idle (Narayanan et al. 2021, §2.2.1); with v
        // model chunks per device each fill and drain step is a chunk, 1/v of a stage's work:
        // (p − 1) / (m · v) (§2.2.2, the interleaved schedule).
        let bubble = compute.times(bubble_share(pp, micro, chunks));
        busy = busy.plus(bubble);
        terms.push(TimeTerm {
            time: bubble,
            bound: Bound::Compute,
            values: TermValues::Neural(NeuralTerm::PipelineBubble {
                stages: pp,
                micro_batches: micro,
                virtual_stages: chunks,
                compute_seconds: compute.seconds().unwrap_or(f64::MAX),
            }),
        });
    }
    let act = activation_bytes(s);
    let node = par.gpus_per_node.max(1);
    let trainable_here = e.trainable_params as f64 / (tp * pp) as f64;
    // Data parallelism overlaps with the backward pass (DDP's buckets, FSDP's prefetch), so
    // the longer of the two counts; everything else is on the critical path.
    let mut overlapped = Time::Seconds(0.0);
    let mut exposed: Option<crate::speed::overlap::DpExposed> = None;
    if dp > 1 {
        let total = trainable_here * s.grad_dtype().bytes() as f64;
        let shard = s.parallel.shard_dp();
        let c = if s.parallel.zero >= 3 {
            // ZeRO-3/FSDP gathers the parameters for the forward and again for the backward
            // and reduce-scatters the gradients: 1.5× an all-reduce (Rajbhandari et al. 2020,
            // §7), each a collective per layer (torchtitan and FSDP wrap each block). Under
            // hybrid sharding (HSDP) over the shard group only: a node's ranks.
            let layers = a.layers.div_ceil(pp).max(1) as f64;
            latency::ring(
                m,
                shard,
                tp * shard,
                node,
                total / layers,
                1.0,
                3.0 * layers,
            )
        } else {
            // DDP all-reduces its gradients in buckets of 25 MiB (bucket_cap_mb), one
            // collective each.
            let buckets = (total / DDP_BUCKET_BYTES).ceil().max(1.0);
            latency::ring(m, dp, tp * dp, node, total / buckets, 2.0, buckets)
        };
        overlapped = c.time();
        // What no compute hides (speed/overlap.rs): FSDP's first all-gather and last
        // reduce-scatter, one of its 3 · layers collectives each; DDP's last bucket.
        let zero3 = s.parallel.zero >= 3;
        exposed = Some(crate::speed::overlap::DpExposed {
            zero3,
            count: if zero3 { 2 } else { 1 },
            one: c.time().seconds().unwrap_or(f64::MAX) / c.count.max(1.0),
            replica: 0.0,
        });
        terms.push(TimeTerm {
            time: c.time(),
            bound: c.via.bound(),
            values: TermValues::Neural(NeuralTerm::DataParallel {
                zero: s.parallel.zero,
                collective: c,
                overlapped: !s.speed.dp_serial,
            }),
        });
        if shard < dp {
            // HYBRID_SHARD: each rank's reduce-scattered gradient shard is all-reduced across
            // the replicas, one per FSDP unit (torch/distributed/fsdp/api.py: "shard within a
            // node and replicate across nodes"); FSDP2 runs it beside the intra-node
            // collectives, on their own streams (fsdp/_fully_shard/_fsdp_param_group.py), over
            // another link: the longer of the two overlaps the backward pass.
            let replicas = dp / shard;
            let layers = a.layers.div_ceil(pp).max(1) as f64;
            let r = latency::ring(
                m,
                replicas,
                tp * dp,
                node,
                total / shard as f64 / layers,
                2.0,
                layers,
            );
            overlapped = overlapped.max(r.time());
            if let Some(x) = exposed.as_mut() {
                // The last unit's all-reduce across the replicas follows its reduce-scatter.
                x.replica = r.time().seconds().unwrap_or(f64::MAX) / r.count.max(1.0);
            }
            terms.push(TimeTerm {
                time: r.time(),
                bound: r.via.bound(),
                values: TermValues::Neural(NeuralTerm::HybridAllReduce {
                    replicas,
                    shard,
                    collective: r,
                }),
            });
        }
    }
    let mut step = busy.max(overlapped);
    if s.speed.dp_serial {
        // dp_overlap=off: the collectives follow the backward pass (Megatron-LM's
        // finish_grad_sync without --overlap-grad-reduce), all on the critical path.
        step = busy.plus(overlapped);
    } else if let Some(x) = exposed {
        // The exposed collectives come before or after the compute; the rest overlaps it.
        let hidden = Time::of(
            (overlapped.seconds().unwrap_or(f64::MAX) - x.time().seconds().unwrap_or(0.0)).max(0.0),
        );
        step = busy.max(hidden).plus(x.time());
        terms.push(TimeTerm {
            time: x.time(),
            bound: Bound::Link,
            values: TermValues::Neural(NeuralTerm::DataParallelExposed(x)),
        });
    }
    if tp > 1 {
        // Two all-reduces per layer forward and two backward; a full recomputation's forward
        // adds two (Shoeybi et al. 2019; with sequence parallelism each is a reduce-scatter
        // and an all-gather of the same volume, Korthikanti et al. 2022).
        let per_layer = if s.recompute == Recompute::Full { 6 } else { 4 };
        let layers = a.layers.div_ceil(pp);
        let c = latency::ring(
            m,
            tp,
            tp,
            node,
            (s.batch * s.seq) as f64 * a.hidden as f64 * act,
            2.0,
            (per_layer * layers * micro) as f64,
        );
        if s.speed.tp_overlap {
            // Transformer Engine's userbuffers run each collective beside its product
            // (speed/overlap.rs): only what a chunk leaves exposed is on the critical path.
            let o = crate::speed::overlap::tensor_parallel(
                c,
                tp,
                if s.recompute == Recompute::Full { 2 } else { 1 },
                layers,
                micro,
                layer_gemms(s, compute, tokens * per_token / gpus as f64),
            );
            step = step.plus(o.time());
            terms.push(TimeTerm {
                time: o.time(),
                bound: c.via.bound(),
                values: TermValues::Neural(NeuralTerm::TensorParallelOverlap(o)),
            });
        } else {
            step = step.plus(c.time());
            terms.push(TimeTerm {
                time: c.time(),
                bound: c.via.bound(),
                values: TermValues::Neural(NeuralTerm::TensorParallel {
                    per_layer,
                    layers,
                    micro_batches: micro,
                    collective: c,
                }),
            });
        }
    }
    // Megatron's expert-parallel ranks lie in the data-parallel dimension, tp apart: two
    // all-to-alls per MoE layer forward, two backward, two more with full recomputation.
    let ep_passes = if s.recompute == Recompute::Full { 6 } else { 4 };
    let ep_tokens = (s.batch * s.seq) as f64;
    if let Some(t) = crate::speed::inference::expert_all_to_all(
        s,
        m,
        ep_tokens,
        ep_passes,
        micro,
        tp * s.parallel.ep,
    ) {
        step = step.plus(t.time);
        terms.push(t);
    }
    if pp > 1 {
        let (via, bandwidth) = m.ring(pp, gpus, node);
        // Each micro-batch's activations forward and their gradients back, per boundary: v
        // boundaries per device with the interleaved schedule ("the amount of communication
        // also increases by v", §2.2.2); split over the tensor-parallel ranks (the
        // scatter/gather optimisation, §4.1).
        let t = Transfer {
            bytes: 2.0 * (micro * chunks) as f64 * (s.batch * s.seq) as f64 * a.hidden as f64 * act
                / tp as f64,
            bandwidth,
            efficiency: 1.0,
        };
        step = step.plus(t.time());
        terms.push(TimeTerm {
            time: t.time(),
            bound: via.bound(),
            values: TermValues::Neural(NeuralTerm::PipelineSend {
                micro_batches: micro,
                virtual_stages: chunks,
                transfer: t,
                via,
            }),
        });
    }
    if s.uses_lora() && s.quant == crate::catalog::quant::Quant::Nf4 {
        // QLoRA: bitsandbytes keeps the frozen linear layers in NF4 and dequantizes each to the
        // compute dtype before its product, in the forward pass and again for the input
        // gradient in the backward (bitsandbytes/autograd/_functions.py, `MatMul4Bit.forward`:
        // `F.dequantize_4bit(B, quant_state)`; `backward`: the same for `grad_A`), and again in
        // a recomputed forward. Each dequantization reads the packed weights with their scales
        // and writes the 16-bit matrix the product then reads: memory traffic the FLOPs leave
        // out. Unsloth's `fast_dequantize` materialises the same matrix. The output layer stays
        // in 16 bits (transformers' `llm_int8_skip_modules` default: lm_head).
        let (a, _) = s.shape();
        let params = (crate::speed::inference::matmul_params(s) - (a.vocab * a.hidden) as f64)
            .max(0.0)
            / (tp * pp) as f64;
        let passes: u64 = if s.recompute == Recompute::Full { 3 } else { 2 };
        let read = crate::catalog::quant::Quant::Nf4.milli_bpw().unwrap_or(4_127) as f64 / 8000.0;
        let write = s.dtype.bytes() as f64;
        let t = Transfer {
            bytes: passes as f64 * params * (read + write),
            bandwidth: m.gpu_bw,
            efficiency: m.bw_eff,
        };
        step = step.plus(t.time());
        terms.push(TimeTerm {
            time: t.time(),
            bound: Bound::MemoryBandwidth,
            values: TermValues::Neural(NeuralTerm::QloraDequant {
                params,
                passes,
                read,
                write,
                transfer: t,
            }),
        });
    }
    if s.parallel.offload != Offload::None {
        // ZeRO-Offload: each device's gradient shard to the host and its updated 16-bit
        // parameters back, over PCIe, once per step (Ren et al. 2021, arXiv 2101.06840, §4).
        let shard = if s.parallel.zero >= 1 {
            trainable_here / dp as f64
        } else {
            trainable_here
        };
        let t = Transfer {
            bytes: shard * (s.grad_dtype().bytes() + s.dtype.bytes()) as f64,
            bandwidth: m.pcie,
            efficiency: 1.0,
        };
        step = step.plus(t.time());
        terms.push(TimeTerm {
            time: t.time(),
            bound: Bound::Link,
            values: TermValues::Neural(NeuralTerm::OffloadTraffic {
                params: shard,
                transfer: t,
            }),
        });
        // The optimizer step itself runs on the host CPU (DeepSpeed's CPU Adam, Ren et al. 2021
        // §5.1), after the gradients arrive and before the parameters go back: without the
        // optional delayed parameter update (§5.2, off by default) it is on the critical path.
        // Its vectorised loop (DeepSpeed csrc/includes/cpu_adam.h, `Step_AVX`) loads the FP32
        // gradient, parameter and each state and stores the parameter and each state: 4 B × (3
        // + 2 × states) per parameter, streamed from host memory, whose bandwidth the node's
        // ranks share (each its own optimizer over its shard).
        let states = s.optimizer.state_count();
        let bytes_per_param = 4.0 * (3 + 2 * states) as f64;
        let ranks = gpus.min(node).max(1);
        let t = Transfer {
            bytes: shard * bytes_per_param,
            bandwidth: m.host_bw / ranks as f64,
            efficiency: m.host_bw_eff,
        };
        step = step.plus(t.time());
        terms.push(TimeTerm {
            time: t.time(),
            bound: Bound::HostMemory,
            values: TermValues::Neural(NeuralTerm::OffloadStep {
                params: shard,
                states,
                bytes_per_param,
                ranks,
                transfer: t,
            }),
        });
    }
    // The run: the token budget over the tokens each step processes, step after step.
    let run = s
        .speed
        .train_tokens
        .map(|budget| (budget, step.times(budget as f64 / tokens)));
    Speed {
        held: Default::default(),
        steps: Steps::Training {
            step,
            tokens_per_step: tokens,
            tokens_per_s: step.per_second(tokens),
            gpus: s.parallel.gpus.max(1),
            flops_per_step: tokens * per_token,
            run,
        },
        bound: longest(&terms),
        terms,
    }
}
