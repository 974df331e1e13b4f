//! llama.cpp's CUDA matrix-vector kernel (`mul_mat_vec_q`, MMVQ) on the k-quant formats at one
//! token a step. The k-quants' dot products (`vec_dot_q2_K_q8_1` … `vec_dot_q6_K_q8_1` in
//! ggml-cuda's `vecdotq.cuh`) unpack packed sub-block scales (and mins) before their `dp4a`s; the
//! 2- and 3-bit formats do the most integer work per byte (Q2_K: 2-bit values with a 4-bit scale
//! and min per 16; Q3_K: a separate high-bit mask and 6-bit scales), so on a GPU whose integer
//! rate is low beside its bandwidth their kernel is bound by instructions, not bytes, and reads
//! below the rate the legacy formats and F16 reach (80 % of the datasheet bandwidth in this
//! model, set on Q4_0, Q8_0 and F16 rows).
//!
//! The factor is the achieved rate of a file's weights relative to the legacy formats' on the
//! same card and build, measured end to end at one token a step:
//! - **Q2_K 0.53, Q3_K 0.52**: llama.cpp pull request #5434 (JohannesGaessler, February 2024,
//!   build b2110, four warps per row since #5394), RTX 3090, llama 7B at batch size 1 (`pp512`):
//!   Q2_K_M 104.87 t/s and Q3_K_S 99.08 t/s against Q5_1 110.57 t/s; weights per second at the
//!   quantize README's bits per weight over Llama 2 7B's 6.61 B non-embedding weights (Q2_K 3.35,
//!   Q3_K_S 3.50, Q5_1 6.0 bits). The three steps take about the same time (9.0–10.1 ms), so a
//!   fixed cost per token shared by the files moves the ratio little. A Q2_K or Q3_K_M file's few
//!   promoted tensors (Q4_K–Q6_K, src/llama-quant.cpp) are inside the measured file, so the
//!   factor is the mix's.
//! - **Q4_K_M, Q5_K_M, Q6_K 1**: no shortfall is sourced for today's build. On a 70B model,
//!   whose step is long enough that a fixed cost per token is small beside it, Q4_K_M read at
//!   0.89 of F16's rate in May 2024 (XiongjieDai/GPU-Benchmarks-on-LLM-Inference README, commit
//!   00dd2bde, LLaMA 3 70B `tg 512`: Q4_K_M on 4 × RTX 3090 17.07 t/s and 2 × RTX 4090 19.22
//!   t/s against F16 on 6 × RTX 3090 5.85 t/s and 8 × RTX 4090 6.47 t/s, weights read per second
//!   0.88 and 0.90, median 0.89; the same table's 8B rows, 0.73–0.82, hold the per-token costs
//!   an 8B step of 8–9 ms has beside F16's 21 ms, not the kernel's). `kquant_eff=89` gives that
//!   build. The one current-build k-quant row of docs/accuracy.md, a 70B Q4_K_M over 4 × RTX 4090
//!   (LLAMACPP-19378, 2026), reads faster than the model's 80 % already: no shortfall to add.
//!
//! The factor is taken as one per format for every NVIDIA GPU: a GPU with little bandwidth
//! beside its integer rate (a DGX Spark's 273 GB/s) reads even Q2_K at the bandwidth (pull
//! request #26705's Q2_K, Q4_K and Q5_K rows scale about with the files' bytes), so there the
//! term overstates the time. Not applied to AMD/ROCm or Apple/Metal, whose kernels differ.

use crate::catalog::quant::Quant;
use crate::scenario::serving::Engine;
use crate::scenario::Scenario;

/// Q2_K's achieved rate beside the legacy formats' (pull request #5434, RTX 3090, Q2_K_M vs
/// Q5_1 at batch size 1).
pub const Q2_K: f64 = 0.53;
/// Q3_K's (pull request #5434, RTX 3090, Q3_K_S vs Q5_1 at batch size 1).
pub const Q3_K: f64 = 0.52;

/// Whether a mix is a k-quant file (the formats `kquant_eff` sets).
pub fn is_kquant(q: Quant) -> bool {
    matches!(
        q,
        Quant::Q2K | Quant::Q3KM | Quant::Q4KM | Quant::Q5KM | Quant::Q6K
    )
}

/// The sourced factor of a GGUF mix on today's build: 1 for the legacy formats, MXFP4 and the
/// Q4_K–Q6_K mixes, Q3_K's for Q3_K_M and Q2_K's for Q2_K.
pub fn factor(q: Quant) -> f64 {
    match q {
        Quant::Q3KM => Q3_K,
        Quant::Q2K => Q2_K,
        _ => 1.0,
    }
}

/// The factor where the term applies: llama.cpp, a k-quant file, one token a step, an NVIDIA
/// GPU (the CUDA kernels the sources measured); `None` elsewhere or at 1. `kquant_eff` replaces
/// the file's factor.
pub fn applies(s: &Scenario, nvidia: bool, tokens: u64) -> Option<f64> {
    if s.engine != Engine::Llamacpp || !nvidia || tokens != 1 || !is_kquant(s.quant) {
        return None;
    }
    let f = match s.speed.kquant_eff_bp {
        Some(bp) => bp as f64 / 10_000.0,
        None => factor(s.quant),
    };
    (f < 1.0).then_some(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_2_and_3_bit_k_quants_read_slower_than_legacy_formats() {
        assert_eq!(factor(Quant::Q4_0), 1.0);
        assert_eq!(factor(Quant::Q8_0), 1.0);
        assert_eq!(factor(Quant::Q4KM), 1.0);
        assert!(factor(Quant::Q2K) < 0.6 && factor(Quant::Q3KM) < 0.6);
    }

    #[test]
    fn only_llamacpp_k_quants_on_nvidia_at_one_token() {
        let s = Scenario {
            engine: Engine::Llamacpp,
            quant: Quant::Q2K,
            ..Scenario::default()
        };
        assert_eq!(applies(&s, true, 1), Some(Q2_K));
        assert_eq!(applies(&s, false, 1), None);
        assert_eq!(applies(&s, true, 2), None);
        let q4 = Scenario {
            quant: Quant::Q4_0,
            ..s
        };
        assert_eq!(applies(&q4, true, 1), None);
        let mut set = Scenario {
            quant: Quant::Q4KM,
            ..s
        };
        assert_eq!(applies(&set, true, 1), None);
        set.speed.kquant_eff_bp = Some(8_900);
        assert_eq!(applies(&set, true, 1), Some(0.89));
        // The setting names a k-quant kernel's rate: a legacy file keeps its own.
        let legacy = Scenario {
            quant: Quant::Q8_0,
            ..set
        };
        assert_eq!(applies(&legacy, true, 1), None);
    }
}
