//! The prefill's matrix products (issue 37): where they accumulate, and the tensor rate that
//! follows on GeForce cards.
//!
//! NVIDIA's GeForce RTX cards run FP16 tensor products that accumulate in FP16 at twice the
//! rate of those that accumulate in FP32; data-center and professional cards (A100, H100, L40S,
//! RTX A6000, RTX PRO 6000) run both at one rate. The hardware table holds the FP32-accumulate
//! figure every PyTorch engine runs at (aten/src/ATen/cuda/CUDABlas.cpp: half GEMMs with
//! `CUBLAS_COMPUTE_32F`). llama.cpp's products accumulate in FP16: its cuBLAS path multiplies
//! with `CUBLAS_COMPUTE_16F` unless a graph asks for FP32 precision or the GPU is an AMD CDNA
//! (ggml/src/ggml-cuda/ggml-cuda.cu, `ggml_cuda_op_mul_mat_cublas` and
//! `ggml_cuda_mul_mat_batched_cublas`: `cu_compute_type = CUBLAS_COMPUTE_16F`), and its
//! quantized weights run MMQ on int8 tensor cores (pull requests #7676, #7860, #7921), chosen
//! over that cuBLAS path only where it is faster (`ggml_cuda_should_use_mmq`). The MMQ kernels'
//! own int8 rate at a step's shapes is not sourced here (no published `test-backend-ops perf -o
//! MUL_MAT` output at n = 512 for a CUDA GPU was found), so a quantized prefill is timed at the
//! FP16-accumulate rate of the path it replaced, at the same utilisation (`mfu`): a floor on
//! its rate rather than a fit. BF16 and FP32 weights have no FP16 accumulation: cuBLAS adds
//! them up in FP32.

use crate::catalog::precision::Dtype;
use crate::catalog::quant::Quant;
use crate::scenario::serving::Engine;
use crate::scenario::speed::PrefillAcc;
use crate::scenario::Scenario;
use crate::speed::machine::Machine;

/// GeForce cards whose FP16 products with FP16 accumulation run at twice the FP32-accumulate
/// figure of the hardware table, each with the datasheet that says so (dense figures).
pub const FP16_ACC_DOUBLED: &[(&str, &str)] = &[
    (
        "rtx3090",
        "NVIDIA Ampere GA102 GPU architecture whitepaper, GeForce RTX 3090: FP16 tensor 142 TFLOPS \
         with FP16 accumulate, 71 with FP32 accumulate",
    ),
    (
        "rtx3090ti",
        "NVIDIA Ampere GA102 GPU architecture whitepaper: GeForce GA102 runs FP16 accumulate at \
         twice FP32 accumulate (RTX 3090 Ti: 160 and 80 TFLOPS at its 1.86 GHz)",
    ),
    (
        "rtx4090",
        "NVIDIA Ada GPU architecture whitepaper, GeForce RTX 4090: FP16 tensor 330.3 TFLOPS with \
         FP16 accumulate, 165.2 with FP32 accumulate",
    ),
    (
        "rtx5090",
        "NVIDIA RTX Blackwell GPU architecture whitepaper, GeForce RTX 5090: FP16 tensor 419 \
         TFLOPS with FP16 accumulate, 209.5 with FP32 accumulate",
    ),
];

/// The FP16-accumulate rate a prefill runs at, where it differs from the table's figure.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fp16Acc {
    /// The factor on the FP32-accumulate peak (2 on the cards above).
    pub factor: f64,
    /// The datasheet of the card's rate.
    pub source: &'static str,
    /// Whether the accumulation is the engine's own (llama.cpp's), not the user's
    /// `prefill_acc`.
    pub engine_default: bool,
    /// Whether the weights are quantized (llama.cpp's MMQ, timed at the rate of the cuBLAS path
    /// it replaced).
    pub quantized: bool,
}

/// Where the prefill's products accumulate: the user's `prefill_acc`, else the engine's own
/// (llama.cpp FP16, except its BF16 and FP32 weights; PyTorch engines FP32).
pub fn accumulation(s: &Scenario) -> (PrefillAcc, bool) {
    if let Some(a) = s.speed.prefill_acc {
        return (a, false);
    }
    let fp16 = s.engine == Engine::Llamacpp && (s.quant != Quant::None || s.dtype == Dtype::Fp16);
    (
        if fp16 {
            PrefillAcc::Fp16
        } else {
            PrefillAcc::Fp32
        },
        true,
    )
}

/// The FP16-accumulate rate of the prefill on this GPU, where it applies: FP16 accumulation,
/// FP16 or quantized (llama.cpp MMQ) weights, a card of [`FP16_ACC_DOUBLED`]; `None` otherwise
/// (the table's figure stands).
pub fn fp16_acc(s: &Scenario, m: &Machine, dtype: Dtype) -> Option<Fp16Acc> {
    let (acc, engine_default) = accumulation(s);
    let quantized = s.engine == Engine::Llamacpp && s.quant != Quant::None;
    if acc != PrefillAcc::Fp16 || !(dtype == Dtype::Fp16 || quantized) {
        return None;
    }
    let (_, source) = FP16_ACC_DOUBLED.iter().find(|(id, _)| *id == m.hw.id)?;
    Some(Fp16Acc {
        factor: 2.0,
        source,
        engine_default,
        quantized,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_doubled_card_is_a_preset() {
        for (id, _) in FP16_ACC_DOUBLED {
            assert!(
                crate::catalog::hardware::gpu_hardware(id).is_some(),
                "{id} is not a GPU preset"
            );
        }
    }
}
