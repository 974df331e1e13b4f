//! The words of the collectives overlap leaves exposed (speed/overlap.rs): tensor parallelism's
//! with `tp_overlap`, and data parallelism's first and last.

use super::{pct, time, via};
use crate::speed::overlap::{DpExposed, TpOverlap, PIPELINE_SPLITS};
use crate::speed::Time;

pub(super) const SRC_TP_OVERLAP: &str = "Megatron-LM --tp-comm-overlap (megatron/training/\
    arguments.py, store_true: off by default; needs --sequence-parallel); Transformer Engine \
    transformer_engine/pytorch/module/base.py initialize_ub: ring_exchange (num_splits = tp) for \
    qkv_fprop, fc1_fprop, proj_dgrad, fc2_dgrad, pipeline (num_splits 4) for proj_fprop, \
    fc2_fprop, bulk for qkv/fc1 dgrad and wgrad; Korthikanti et al. 2022 (arXiv 2205.05198): \
    sequence parallelism's all-gathers and reduce-scatters";
pub(super) const SRC_DP_EXPOSED: &str = "PyTorch FSDP2 torch/distributed/fsdp/_fully_shard/\
    _fsdp_state.py (the root's pre-forward all-gather; _root_post_backward_final_callback waits \
    for the last reduce-scatter); DDP torch/nn/parallel/distributed.py and reducer.cpp \
    (finalize_backward waits for every bucket's all-reduce; bucket_cap_mb=25)";

pub(super) const TP_OVERLAP_LABEL: &str = "Tensor-parallel collectives left exposed by overlap";
pub(super) const DP_EXPOSED_LABEL: &str =
    "Data-parallel collectives nothing overlaps (first and last)";

pub(super) fn tp_formula(o: &TpOverlap) -> String {
    let [qkv, proj, fc1, fc2] = o.gemms;
    format!(
        "{} layers × {} micro-batches × ({} × (ring(c, QKV) + pipe(c, proj) + ring(c, FC1) + \
        pipe(c, FC2)) + ring(c, proj) + ring(c, FC2) + bulk(c, QKV) + bulk(c, FC1)), c = {}, \
        QKV {}, proj {}, FC1 {}, FC2 {}; ring = max(0, c − g × ({tp} − 1)/{tp}), pipe = c/{k} + \
        ({k} − 1)/{k} × max(0, c − g), bulk = max(0, c − g)",
        o.layers,
        o.micro_batches,
        o.forwards,
        time(Time::of(o.one)),
        time(Time::of(qkv)),
        time(Time::of(proj)),
        time(Time::of(fc1)),
        time(Time::of(fc2)),
        tp = o.tp,
        k = PIPELINE_SPLITS,
    )
}

pub(super) fn tp_words(o: &TpOverlap) -> String {
    format!(
        "Tensor-parallel communication overlap is on (tp_overlap=on, Megatron-LM \
        --tp-comm-overlap with Transformer Engine's userbuffers): each all-gather and \
        reduce-scatter of the sequence-parallel layer runs over {} beside the matrix product that \
        consumes or produces it, split into chunks — {} for the all-gathers (a ring exchange, one \
        shard at a time), {} for the reduce-scatters after the output projection and FC2, whose \
        last chunk waits for nothing. Only that chunk, and whatever outlasts its product, is on \
        the critical path: {} of the {} the collectives take unoverlapped. The SMs the \
        communication kernels take from the products are not counted.",
        via(o.collective.via),
        o.tp,
        PIPELINE_SPLITS,
        pct(o.exposed_share()),
        time(o.collective.time()),
    )
}

pub(super) fn dp_formula(x: &DpExposed) -> String {
    if x.replica > 0.0 {
        format!(
            "{} × {} + {}",
            x.count,
            time(Time::of(x.one)),
            time(Time::of(x.replica))
        )
    } else {
        format!("{} × {}", x.count, time(Time::of(x.one)))
    }
}

pub(super) fn dp_words(x: &DpExposed) -> String {
    let what = if x.zero3 {
        "FSDP prefetches each layer's all-gather during the layer before and reduce-scatters \
        its gradients during the layer after, but nothing comes before the first all-gather of \
        the forward, and nothing after the last reduce-scatter of the backward: those two are \
        on the critical path"
    } else {
        "DDP all-reduces each gradient bucket while the backward computes the next, but the \
        last bucket (the first layers' gradients) is ready only when the backward ends, and the \
        optimizer waits for it"
    };
    let hybrid = if x.replica > 0.0 {
        " So is the last all-reduce across the replicas, which follows that reduce-scatter."
    } else {
        ""
    };
    format!("{what}.{hybrid} The rest of the data-parallel traffic overlaps the compute.")
}
