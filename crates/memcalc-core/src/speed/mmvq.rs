//! llama.cpp's quantized matrix-vector kernel at batch 1 (`mul_mat_vec_q`, ggml-cuda), when it
//! ran one warp per matrix row. Until pull request #5394 ("CUDA: more warps for mmvq on
//! NVIDIA", JohannesGaessler, 8 February 2024) each row was one 32-thread block ("On master
//! currently only a single warp is used for each matrix row", its description; ggml-cuda.cu at
//! #4766: `block_dims(WARP_SIZE, GGML_CUDA_MMV_Y = 1)`, one row per block). An SM holds at most
//! so many resident blocks (CUDA C++ Programming Guide, "Technical Specifications per Compute
//! Capability"): 16 on compute capability 7.5 and 8.6, 24 on 8.9, 32 on 7.0, 8.0 and 9.0. So a
//! one-warp block leaves an RTX 3090's SM 16 warps of its 48, and the step reads no faster than
//! those warps' loads in flight allow (Little's law: bytes in flight ÷ memory latency), below
//! the bandwidth the other formats reach. #5394 set 4 warps per row on NVIDIA (and #5434, the
//! tiling, kept 4 at batch 1): 64 warps of blocks ask for more than an SM holds, so the warp
//! limit, not the block limit, binds.
//! The 18-byte Q4_0 blocks are read as 2-byte halves (`get_int_from_uint8` then, `get_int_b2`
//! in 2025's vecdotq.cuh): the same in the current build, so not what this term models.
//!
//! The rate one resident warp sustains is measured, not assumed: slaren's `llama-bench` in
//! pull request #4812 (7 January 2024, build 32d9f7d9, the one-warp kernel, no CUDA graphs),
//! llama 7B Q4_0 `tg 128` on an RTX 3090 Ti (84 SMs, GA102 at compute capability 8.6, 16
//! resident blocks each) at 127.43 t/s. The per-warp rate carries to other GPUs on the
//! assumption that a warp's bytes in flight and the memory's latency are alike; each warp reads
//! 8 bytes of quants per thread and iteration whatever the legacy format (`vdr` 2 ints: 16
//! Q4_0 blocks of 18 B or 8 Q8_0 blocks of 34 B per warp), so the rate is taken per warp, not
//! per format. The k-quants do more integer work per byte and are slower still (#5394's
//! table: Q2_K 1.21× from more warps on the RTX 3090); that is not modelled.
//!
//! What the rate does not split: it is the January build's whole shortfall per resident warp.
//! slaren's 3090 Ti with 4 warps per row and CUDA graphs (#7302, May 2024, 164.12 t/s) still
//! took about 1.35 ms of the 2.42 ms that build's step had beyond the bytes at 80 % and the
//! launch gaps, gone by the current build (LLAMACPP-15802): on a GPU other than GA102 the term
//! may overstate the occupancy's part.

use crate::scenario::serving::Engine;
use crate::scenario::Scenario;

/// Warps per row of the current kernel (#5394 on, NVIDIA).
#[cfg(any(test, feature = "internals"))]
pub const CURRENT_WARPS: u64 = 4;

/// An SM's residency limits and count: (SMs, most resident blocks, most resident warps), per
/// GPU preset the one-warp kernel ran on. SM counts from each GPU's NVIDIA whitepaper or
/// datasheet; limits from the CUDA C++ Programming Guide's table by compute capability (7.0:
/// 32 blocks, 64 warps; 7.5: 16, 32; 8.0: 32, 64; 8.6: 16, 48; 8.9: 24, 48; 9.0: 32, 64).
/// Blackwell (B200, RTX 5090) is absent: no build of that era ran on it.
const SMS: [(&str, u64, u64, u64); 17] = [
    ("h100-80", 132, 32, 64),
    ("h100-pcie", 114, 32, 64),
    ("h100-nvl", 132, 32, 64),
    ("gh200", 132, 32, 64),
    ("gh200-144", 132, 32, 64),
    ("h200", 132, 32, 64),
    ("a100-80", 108, 32, 64),
    ("a100-40", 108, 32, 64),
    ("l40s", 142, 24, 48),
    ("l40", 142, 24, 48),
    ("a10", 72, 16, 48),
    ("l4", 58, 24, 48),
    ("t4", 40, 16, 32),
    ("rtx-a6000", 84, 16, 48),
    ("v100-32", 80, 32, 64),
    ("v100-16", 80, 32, 64),
    ("rtx4090", 128, 24, 48),
];

/// The RTX 3090's SMs and limits, kept beside the table so the tests name it.
const RTX3090: (&str, u64, u64, u64) = ("rtx3090", 82, 16, 48);

/// The measurement the per-warp rate comes from (#4812): tokens per second, the file's bytes
/// (3.56 GiB as llama-bench prints it), the token embeddings' bytes that the step does not read
/// (32,000 × 4,096 weights at 18 B per 32), the KV cache read at `tg 128` (32 layers × K and V ×
/// 4,096 × 2 B × 128 tokens), and the GPU's SMs, resident blocks and bandwidth.
pub const SOURCE: Measured = Measured {
    tokens_per_s: 127.43,
    file_bytes: 3.56 * 1_073_741_824.0,
    embedding_bytes: 32_000.0 * 4_096.0 * 18.0 / 32.0,
    kv_bytes: 32.0 * 2.0 * 4_096.0 * 2.0 * 128.0,
    sms: 84,
    resident_warps: 16,
    bandwidth: 1.008e12,
};

/// A measured one-warp decode step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measured {
    pub tokens_per_s: f64,
    pub file_bytes: f64,
    pub embedding_bytes: f64,
    pub kv_bytes: f64,
    pub sms: u64,
    pub resident_warps: u64,
    pub bandwidth: f64,
}

/// Bytes per second one resident warp reads: the weights' bytes over the step's time less what
/// the model charges the rest of it (the KV cache at 80 % of the bandwidth and the launch gaps
/// of 964 kernels, speed/launch.rs), over the resident warps (≈ 0.39 GB/s).
pub fn warp_rate() -> f64 {
    let m = SOURCE;
    let launches =
        crate::speed::launch::GRAPH_AB_KERNELS as f64 * crate::speed::launch::gap_seconds();
    let kv =
        m.kv_bytes / (m.bandwidth * crate::scenario::speed::DEFAULT_BW_EFF_BP as f64 / 10_000.0);
    let weights_time = 1.0 / m.tokens_per_s - launches - kv;
    (m.file_bytes - m.embedding_bytes) / weights_time / (m.sms * m.resident_warps) as f64
}

/// How the kernel's occupancy limits a step: warps per row, resident warps per SM, SMs, and the
/// bytes per second they sustain.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Occupancy {
    pub warps_per_row: u64,
    pub resident_warps: u64,
    pub sms: u64,
    pub rate: f64,
}

fn limits(gpu: &str) -> Option<(u64, u64, u64)> {
    SMS.iter()
        .chain(std::iter::once(&RTX3090))
        .find(|(id, ..)| *id == gpu)
        .map(|&(_, sms, blocks, warps)| (sms, blocks, warps))
}

/// The occupancy-limited read rate of llama.cpp's quantized weights at one token a step, where
/// the user names the kernel's warps per row (`mmvq_warps`) on a GPU of the table; `None` for
/// other engines, unquantized weights (F16 goes through `dequantize_mul_mat_vec`), more than one
/// token a step (that era's kernel took one column; larger batches went to mul_mat_q), an
/// unlisted GPU, or no setting (the current build: LLAMACPP-15802 reads at 72 % of an RTX
/// 3090's bandwidth, no limit to model).
pub fn occupancy(s: &Scenario, gpu: &str, tokens: u64) -> Option<Occupancy> {
    let warps = s.speed.mmvq_warps?.max(1);
    if s.engine != Engine::Llamacpp || !s.quantized_weights() || tokens != 1 {
        return None;
    }
    let (sms, blocks, most) = limits(gpu)?;
    // Blocks of `warps` warps: as many as the block limit and the warp limit both allow.
    let resident = blocks.min(most / warps).max(1) * warps;
    Some(Occupancy {
        warps_per_row: warps,
        resident_warps: resident,
        sms,
        rate: (sms * resident) as f64 * warp_rate(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_warp_rate_is_the_3090_ti_measurement() {
        let r = warp_rate();
        assert!((0.38e9..0.41e9).contains(&r), "{r}");
    }

    #[test]
    fn one_warp_leaves_a_3090_sm_a_third_full_and_four_fill_it() {
        let s = Scenario {
            engine: Engine::Llamacpp,
            quant: crate::catalog::quant::Quant::Q4_0,
            speed: crate::scenario::speed::SpeedSettings {
                mmvq_warps: Some(1),
                ..Default::default()
            },
            ..Scenario::default()
        };
        let one = occupancy(&s, "rtx3090", 1).unwrap();
        assert_eq!((one.resident_warps, one.sms), (16, 82));
        // 82 × 16 warps read about 0.52 TB/s: 55 % of the 3090's 936 GB/s, below 80 %.
        assert!(
            one.rate < 0.6 * 936e9 && one.rate > 0.5 * 936e9,
            "{}",
            one.rate
        );
        let four = crate::scenario::speed::SpeedSettings {
            mmvq_warps: Some(CURRENT_WARPS),
            ..Default::default()
        };
        let full = occupancy(&Scenario { speed: four, ..s }, "rtx3090", 1).unwrap();
        assert_eq!(full.resident_warps, 48);
        assert!(full.rate > 0.8 * 936e9);
        // The 4090's 24 blocks of 128 SMs keep its one-warp reads above 80 % of 1,008 GB/s.
        assert!(occupancy(&s, "rtx4090", 1).unwrap().rate > 0.8 * 1.008e12);
    }

    #[test]
    fn the_setting_is_needed_and_applies_to_one_quantized_token() {
        let s = Scenario {
            engine: Engine::Llamacpp,
            quant: crate::catalog::quant::Quant::Q4_0,
            ..Scenario::default()
        };
        assert_eq!(occupancy(&s, "rtx3090", 1), None);
        let set = Scenario {
            speed: crate::scenario::speed::SpeedSettings {
                mmvq_warps: Some(1),
                ..Default::default()
            },
            ..s
        };
        assert!(occupancy(&set, "rtx3090", 1).is_some());
        assert_eq!(occupancy(&set, "rtx3090", 2), None);
        assert_eq!(occupancy(&set, "b200", 1), None);
        let f16 = Scenario {
            quant: crate::catalog::quant::Quant::None,
            ..set
        };
        assert_eq!(occupancy(&f16, "rtx3090", 1), None);
    }
}
