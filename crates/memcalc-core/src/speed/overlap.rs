//! What overlapping leaves exposed of a training step's collectives (issue 37, training).
//!
//! **Tensor parallelism with `tp_overlap`** (Megatron-LM `--tp-comm-overlap`, which needs
//! `--sequence-parallel`: each of a layer's all-reduces is an all-gather before a column-parallel
//! product and a reduce-scatter after a row-parallel one, Korthikanti et al. 2022). Transformer
//! Engine's userbuffers run each collective beside the product that produces or consumes it, by
//! the methods `initialize_ub` gives by default (transformer_engine/pytorch/module/base.py):
//! - `ring_exchange` for the all-gathers before the QKV and FC1 products (`qkv_fprop`,
//!   `fc1_fprop`) and before the backward's data gradients of the output projection and FC2
//!   (`proj_dgrad`, `fc2_dgrad`): the product is split into `tp` chunks (`num_splits = tp_size`),
//!   one per rank's shard, and the tp − 1 point-to-point steps run beside them; the first chunk is
//!   the rank's own shard, so the exchange is hidden unless it outlasts (tp − 1)/tp of the
//!   product: exposed max(0, c − g · (tp − 1)/tp);
//! - `pipeline` for the reduce-scatters after the output projection and FC2 (`proj_fprop`,
//!   `fc2_fprop`): the product in 4 chunks (`num_splits` 4), each chunk's reduce-scatter beside
//!   the next chunk's product; the last chunk's waits for nothing: exposed c/4 + 3/4 · max(0,
//!   c − g);
//! - `bulk` for the backward's reduce-scatters of the QKV and FC1 input gradients beside their
//!   weight-gradient products (`qkv_wgrad`, `fc1_wgrad`): exposed max(0, c − g).
//!
//! c is one collective's time (the model's tensor-parallel volume split evenly over its
//! all-gathers and reduce-scatters: they move the same activations), g the time of the product
//! it runs beside, from that product's parameters (QKV h · (heads + 2 kv heads) · head dim, the
//! output projection heads · head dim · h, FC1 h · ffn (twice for a gated MLP), FC2 ffn · h) at
//! the step's achieved rate. A full recomputation repeats the forward's four. Not counted: the
//! SMs the communication kernels take from the products (`num_sm`), and Megatron's re-gather of
//! the sequence-parallel input for the weight gradients (not in the model's volume either).
//!
//! **Data parallelism** overlaps its collectives with the compute (DDP's buckets, FSDP's
//! prefetch), but not all of them: FSDP cannot all-gather the first unit's parameters before the
//! forward starts, nor reduce-scatter the first unit's gradients before the backward that
//! produces them ends (torch/distributed/fsdp/_fully_shard/_fsdp_state.py: the root's
//! pre-forward all-gathers, `_root_post_backward_final_callback` waits for the last
//! reduce-scatter);
//! DDP launches a bucket's all-reduce when its gradients are ready and waits for every bucket in
//! `finalize_backward`, so the last bucket's, launched as the backward ends, is exposed
//! (torch/nn/parallel/distributed.py, reducer.cpp). Under hybrid sharding the last unit's
//! all-reduce across the replicas follows its reduce-scatter and is exposed too.

use crate::speed::{Collective, Time};

/// Chunks of Transformer Engine's `pipeline` overlap (its default `num_splits` for that
/// method, transformer_engine/pytorch/module/base.py `initialize_ub`).
pub const PIPELINE_SPLITS: u64 = 4;

/// The values of the overlapped tensor-parallel term.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TpOverlap {
    /// Tensor-parallel ranks: the ring exchange's chunks.
    pub tp: u64,
    /// Forward passes per step: 2 with full recomputation.
    pub forwards: u64,
    /// Layers per stage and micro-batches: how often a layer's collectives repeat.
    pub layers: u64,
    pub micro_batches: u64,
    /// One all-gather or reduce-scatter, seconds.
    pub one: f64,
    /// One device's QKV, output projection, FC1 and FC2 products for one micro-batch, seconds.
    pub gemms: [f64; 4],
    /// Exposed seconds per layer and micro-batch.
    pub per_layer: f64,
    /// The collectives as if nothing overlapped them.
    pub collective: Collective,
}

impl TpOverlap {
    /// The exposed time of the step.
    pub fn time(&self) -> Time {
        Time::of(self.per_layer * (self.layers * self.micro_batches) as f64)
    }

    /// The share of the collectives' time that is exposed.
    pub fn exposed_share(&self) -> f64 {
        let full = self.collective.time().seconds().unwrap_or(0.0);
        if full > 0.0 {
            self.time().seconds().unwrap_or(0.0) / full
        } else {
            0.0
        }
    }
}

/// A `ring_exchange` all-gather beside a product in `tp` chunks.
pub fn ring(c: f64, g: f64, tp: u64) -> f64 {
    let n = tp.max(1) as f64;
    (c - g * (n - 1.0) / n).max(0.0)
}

/// A `pipeline` reduce-scatter after a product in [`PIPELINE_SPLITS`] chunks.
pub fn pipeline(c: f64, g: f64) -> f64 {
    let k = PIPELINE_SPLITS as f64;
    c / k + (k - 1.0) / k * (c - g).max(0.0)
}

/// A `bulk` collective beside an independent product.
pub fn bulk(c: f64, g: f64) -> f64 {
    (c - g).max(0.0)
}

/// The overlapped tensor-parallel collectives of a step: `collective` the step's
/// unoverlapped ones (2 (forwards + 1) all-reduce equivalents per layer and micro-batch),
/// `gemms` one device's four products of one micro-batch's forward, seconds.
pub fn tensor_parallel(
    collective: Collective,
    tp: u64,
    forwards: u64,
    layers: u64,
    micro_batches: u64,
    gemms: [f64; 4],
) -> TpOverlap {
    let halves = 4 * (forwards + 1) * layers.max(1) * micro_batches.max(1);
    let one = collective.time().seconds().unwrap_or(f64::MAX) / halves as f64;
    let [qkv, proj, fc1, fc2] = gemms;
    let forward =
        ring(one, qkv, tp) + pipeline(one, proj) + ring(one, fc1, tp) + pipeline(one, fc2);
    // The data gradients are products of the same size as the forward's, as are the weight
    // gradients.
    let backward = ring(one, proj, tp) + ring(one, fc2, tp) + bulk(one, qkv) + bulk(one, fc1);
    TpOverlap {
        tp,
        forwards,
        layers,
        micro_batches,
        one,
        gemms,
        per_layer: forwards as f64 * forward + backward,
        collective,
    }
}

/// The values of the exposed data-parallel term.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DpExposed {
    /// ZeRO-3 / FSDP (first all-gather, last reduce-scatter) or DDP / ZeRO-1/2 (last bucket).
    pub zero3: bool,
    /// Exposed collectives on the data-parallel ring, and one's seconds.
    pub count: u64,
    pub one: f64,
    /// Hybrid sharding's last all-reduce across the replicas, seconds (0 without).
    pub replica: f64,
}

impl DpExposed {
    pub fn time(&self) -> Time {
        Time::of(self.count as f64 * self.one + self.replica)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_collective_shorter_than_its_product_leaves_a_chunk_or_nothing() {
        // Ring exchange: hidden while it fits in (tp − 1)/tp of the product.
        assert_eq!(ring(1.0, 2.0, 8), 0.0);
        assert!((ring(1.0, 1.0, 8) - 0.125).abs() < 1e-12);
        // Pipeline: the last of 4 chunks is always exposed.
        assert!((pipeline(1.0, 10.0) - 0.25).abs() < 1e-12);
        assert!((pipeline(2.0, 1.0) - (0.5 + 0.75)).abs() < 1e-12);
        assert_eq!(bulk(1.0, 3.0), 0.0);
        assert_eq!(bulk(3.0, 1.0), 2.0);
    }
}
