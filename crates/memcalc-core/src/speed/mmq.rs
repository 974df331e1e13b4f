//! llama.cpp's quantized prefill kernel (MMQ) on NVIDIA GPUs: the int-to-float epilogue that
//! bounds it where the tensor cores are faster (issue 37).
//!
//! MMQ multiplies int8 tiles on the tensor cores with one `mma.sync` m16n8k32 per 32-value
//! block of the weights (ggml-org/llama.cpp ggml/src/ggml-cuda/mmq.cuh,
//! `vec_dot_q8_0_q8_1_mma`, which Q4_0, Q5_0 and Q8_0 share; the k-quants' functions beside it
//! do the same per sub-block), and after each product converts its 16 × 8 integer sums to float
//! and scales them by the two blocks' scales before adding them up (`sum += C.x[l] · dA · dB`).
//! One product is 16 · 8 · 32 · 2 = 8,192 FLOP for 128 conversions: 64 FLOP a conversion. An SM
//! converts 16 32-bit values a clock on compute capabilities 7.x to 9.0 (CUDA C++ Programming
//! Guide, "Arithmetic Instructions", throughput of native arithmetic instructions: "all other
//! type conversions", 16 results per clock per multiprocessor), so the epilogue caps MMQ at
//! 16 × 64 = 1,024 FLOP a clock per SM, whatever the tensor cores could do.
//!
//! That is the FP16 (FP16-accumulate) tensor rate per SM and clock of GA102, AD102 and GB202,
//! the GeForce and professional cards (GeForce RTX 3090: 142 TFLOPS = 82 SMs × 1.695 GHz ×
//! 1,024), so on them the bound changes nothing; the data-center cards' tensor cores do more per
//! SM and clock (A100 2,048, H100 4,096 FLOP), so their quantized prefill runs at the
//! epilogue's rate: a half and a quarter of the table's FP16 figure. The rate follows from the
//! kernel's instruction mix and the guide's throughput, not from a measured row; the same
//! utilisation (`mfu`) applies to it as to the tensor rate. `prefill_mmq=tensor` gives the
//! tensor rate back.

use crate::catalog::quant::Quant;
use crate::scenario::serving::Engine;
use crate::scenario::speed::PrefillMmq;
use crate::scenario::Scenario;
use crate::speed::machine::Machine;

/// FLOP a clock per SM that MMQ's epilogue allows: 16 conversions (CUDA C++ Programming Guide,
/// arithmetic instruction throughput, compute capability 7.x–9.0) × 64 FLOP a conversion (one
/// m16n8k32 int8 product, 8,192 FLOP, gives 128 sums; mmq.cuh).
pub const EPILOGUE_FLOP_PER_SM_CLOCK: f64 = 16.0 * 64.0;

/// GPUs whose dense FP16 tensor rate per SM and clock exceeds the epilogue's, with that rate
/// (FLOP a clock per SM) and the whitepaper that gives it.
pub const TENSOR_FLOP_PER_SM_CLOCK: &[(&str, f64, &str)] = &[
    ("a100-80", 2048.0, A100),
    ("a100-40", 2048.0, A100),
    ("a100-pcie-80", 2048.0, A100),
    ("a800", 2048.0, A100),
    ("h100-80", 4096.0, H100),
    ("h100-pcie", 4096.0, H100),
    ("h100-nvl", 4096.0, H100),
    ("h800", 4096.0, H100),
    ("h200", 4096.0, H100),
    ("gh200", 4096.0, H100),
    ("gh200-144", 4096.0, H100),
];

const A100: &str = "NVIDIA A100 Tensor Core GPU Architecture whitepaper: 1,024 dense FP16 FMA a \
                    clock per SM";
const H100: &str = "NVIDIA H100 Tensor Core GPU Architecture whitepaper: twice the A100 SM's dense \
                    FP16 rate a clock";

/// The epilogue's bound on a quantized llama.cpp prefill, where it is below the tensor rate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MmqCeiling {
    /// The card's dense FP16 tensor rate, FLOP a clock per SM.
    pub tensor_per_sm_clock: f64,
    /// The share of the tensor rate MMQ reaches: the epilogue's rate over it.
    pub factor: f64,
    /// The whitepaper of the card's tensor rate.
    pub source: &'static str,
}

/// The bound that applies to this prefill: llama.cpp, quantized weights (MMQ), an NVIDIA GPU
/// of [`TENSOR_FLOP_PER_SM_CLOCK`], and `prefill_mmq` empty or `epilogue`; `None` otherwise.
pub fn ceiling(s: &Scenario, m: &Machine) -> Option<MmqCeiling> {
    if s.engine != Engine::Llamacpp
        || s.quant == Quant::None
        || s.speed.prefill_mmq == Some(PrefillMmq::Tensor)
    {
        return None;
    }
    let (_, per_sm, source) = TENSOR_FLOP_PER_SM_CLOCK
        .iter()
        .find(|(id, _, _)| *id == m.hw.id)?;
    Some(MmqCeiling {
        tensor_per_sm_clock: *per_sm,
        factor: EPILOGUE_FLOP_PER_SM_CLOCK / per_sm,
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bound_card_is_an_nvidia_preset_above_the_epilogue() {
        for (id, per_sm, _) in TENSOR_FLOP_PER_SM_CLOCK {
            let hw = crate::catalog::hardware::gpu_hardware(id)
                .unwrap_or_else(|| panic!("{id} is not a GPU preset"));
            assert_eq!(hw.vendor, crate::catalog::hardware::Vendor::Nvidia, "{id}");
            assert!(*per_sm > EPILOGUE_FLOP_PER_SM_CLOCK, "{id}");
        }
    }
}
