//! llama.cpp's CUDA matrix-vector kernel (`mul_mat_vec_q`) on the k-quant formats at one token
//! a step. The k-quants' dot products (`vec_dot_q2_K_q8_1` … `vec_dot_q6_K_q8_1` in ggml-cuda's
//! `vecdotq.cuh`) unpack 6-bit sub-block scales and mins and do several times more integer work
//! per byte than Q4_0's or Q8_0's, so on a GPU whose integer rate is low beside its bandwidth the
//! kernel is bound by instructions, not bytes, and reads below the rate the legacy formats and
//! F16 reach (80 % of the datasheet bandwidth in this model, set on Q4_0, Q8_0 and F16 rows).
//!
//! The factor is the achieved rate of a k-quant file's weights relative to that rate, measured
//! end to end at one token a step on the same GPU and build as a reference format:
//! - Q4_K_M, Q5_K_M, Q6_K (the Q4_K/Q5_K/Q6_K family): XiongjieDai/GPU-Benchmarks-on-LLM-Inference
//!   README (commit 00dd2bde, llama.cpp of May 2024, CUDA 12.1), LLaMA 3 8B `tg 512`, Q4_K_M
//!   against F16 on the same card: weights read per second (file less token embeddings: 4.30 GiB
//!   Q4_K_M, 13.98 GiB F16) RTX 3090 115.42 × 4.30 ÷ (47.40 × 13.98) = 0.749, RTX 4090 0.732,
//!   RTX 4080 0.820; median **0.75**.
//! - Q2_K and Q3_K: llama.cpp pull request #5434 (JohannesGaessler, February 2024, build b2110,
//!   four warps per row since #5394), RTX 3090, llama 7B at batch size 1 (`pp512`): Q2_K_M
//!   104.87 t/s, Q3_K_S 99.08 t/s against Q5_1 110.57 t/s; weights per second at the quantize
//!   README's bits per weight over Llama 2 7B's 6.61 B non-embedding weights (Q2_K 3.35, Q3_K_S
//!   3.50, Q5_1 6.0 bits): Q2_K 0.53, Q3_K 0.52.
//! The end-to-end ratios include the per-token costs both formats share, so they understate the
//! kernel's own slowdown a little. One factor per family holds for every NVIDIA GPU: a GPU with
//! little bandwidth beside its integer rate (a DGX Spark's 273 GB/s) reads the k-quants at the
//! bandwidth (pull request #26705's Q2_K, Q4_K and Q5_K rows scale with the files' bytes), so
//! there the term overstates the time. Not applied to AMD/ROCm or Apple/Metal.

use crate::catalog::quant::Quant;
use crate::scenario::serving::Engine;
use crate::scenario::Scenario;

/// Achieved rate of the k-quant family's MMVQ relative to the legacy formats' (XiongjieDai,
/// LLaMA 3 8B Q4_K_M vs F16, median of RTX 3090, 4090 and 4080).
pub const K_4_6: f64 = 0.75;
/// Q2_K's (pull request #5434, RTX 3090, Q2_K_M vs Q5_1).
pub const K_2: f64 = 0.53;
/// Q3_K's (pull request #5434, RTX 3090, Q3_K_S vs Q5_1).
pub const K_3: f64 = 0.52;

/// The factor of a GGUF mix: the mix's base type's. Q4_K_M and Q5_K_M promote some tensors to
/// Q6_K (catalog/gguf.rs), of the same family and factor, so the bytes-weighted rate is the
/// family's; Q2_K's and Q3_K_M's promoted tensors (Q4_K to Q6_K, a minority of the bytes) are
/// counted at the base type's factor. 1 for the legacy formats (Q4_0, Q8_0) and MXFP4.
pub fn factor(q: Quant) -> f64 {
    match q {
        Quant::Q4KM | Quant::Q5KM | Quant::Q6K => K_4_6,
        Quant::Q3KM => K_3,
        Quant::Q2K => K_2,
        _ => 1.0,
    }
}

/// The factor where the term applies: llama.cpp, k-quant weights, one token a step, an NVIDIA
/// GPU (the CUDA kernels the sources measured); `None` elsewhere.
pub fn applies(s: &Scenario, nvidia: bool, tokens: u64) -> Option<f64> {
    let f = factor(s.quant);
    (s.engine == Engine::Llamacpp && nvidia && tokens == 1 && f < 1.0).then_some(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn k_quants_read_slower_than_legacy_formats() {
        assert_eq!(factor(Quant::Q4_0), 1.0);
        assert_eq!(factor(Quant::Q8_0), 1.0);
        assert!(factor(Quant::Q2K) < factor(Quant::Q4KM));
        assert_eq!(factor(Quant::Q4KM), factor(Quant::Q6K));
    }

    #[test]
    fn only_llamacpp_on_nvidia_at_one_token() {
        let s = Scenario {
            engine: Engine::Llamacpp,
            quant: Quant::Q4KM,
            ..Scenario::default()
        };
        assert_eq!(applies(&s, true, 1), Some(K_4_6));
        assert_eq!(applies(&s, false, 1), None);
        assert_eq!(applies(&s, true, 2), None);
        let q4 = Scenario {
            quant: Quant::Q4_0,
            ..s.clone()
        };
        assert_eq!(applies(&q4, true, 1), None);
    }
}
