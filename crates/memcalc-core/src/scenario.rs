//! A fully validated scenario: every value in range, ready to estimate.

use crate::choice::choice_enum;
use crate::device::{GpuPreset, GPUS};
use crate::optimizer::Optimizer;
use crate::precision::Dtype;

choice_enum!(
    /// What the model is being used for.
    Mode, "mode" {
        Train => ("train", "Training"),
        /// Full fine-tuning: every parameter is trainable, so memory is that of training.
        Finetune => ("finetune", "Fine-tuning"),
        Infer => ("infer", "Inference"),
    }
);

impl Mode {
    pub fn trains(self) -> bool {
        !matches!(self, Mode::Infer)
    }
}

/// Largest accepted parameter count (10^15): bytes stay far below u64::MAX for any setting.
pub const MAX_PARAMS: u128 = 1_000_000_000_000_000;
/// Largest accepted device memory: 1 PiB.
pub const MAX_DEVICE_BYTES: u128 = 1 << 50;
/// Largest accepted fixed runtime overhead, in MiB (1 TiB).
pub const MAX_RUNTIME_MIB: u128 = 1 << 20;
/// Largest accepted proportional overhead, in basis points (100 %).
pub const MAX_OVERHEAD_BP: u128 = 10_000;

/// Default fixed runtime memory per device, MiB. The CUDA context alone is about 300 MiB since
/// CUDA 11.7's lazy kernel loading (over 1000 MiB before it; PyTorch maintainers in
/// pytorch/pytorch#107667 and #20532); cuBLAS and cuDNN workspaces add to it once kernels run.
pub const DEFAULT_RUNTIME_MIB: u128 = 512;
/// Default proportional overhead for the caching allocator's reserved-but-unused blocks and
/// short-lived temporaries, in basis points (10 %). PyTorch's `memory_reserved` exceeds
/// `memory_allocated` by this much or more in typical training loops (PyTorch docs, "CUDA
/// semantics: memory management").
pub const DEFAULT_OVERHEAD_BP: u128 = 1_000;

/// The device one copy of the model runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Device {
    pub preset: &'static GpuPreset,
    /// Set when the user gave `gpu_mem`, which overrides the preset's capacity.
    pub custom_bytes: Option<u128>,
}

impl Device {
    pub fn capacity_bytes(&self) -> u128 {
        self.custom_bytes.unwrap_or(self.preset.capacity_bytes)
    }

    pub fn label(&self) -> String {
        match self.custom_bytes {
            Some(b) => format!("a device with {}", crate::units::format_bytes(b, Default::default())),
            None => self.preset.label.to_string(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scenario {
    pub mode: Mode,
    pub params: u128,
    pub dtype: Dtype,
    /// Mixed precision: an FP32 master copy and FP32 optimizer states beside low-precision weights.
    pub mixed: bool,
    /// Gradient precision; `None` means the same as `dtype` (the ZeRO paper's 16 bytes/param).
    pub grad_dtype: Option<Dtype>,
    pub optimizer: Optimizer,
    pub device: Device,
    pub runtime_mib: u128,
    pub overhead_bp: u128,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            mode: Mode::Train,
            params: 7_000_000_000,
            dtype: Dtype::Bf16,
            mixed: true,
            grad_dtype: None,
            optimizer: Optimizer::AdamW,
            device: Device { preset: &GPUS[0], custom_bytes: None },
            runtime_mib: DEFAULT_RUNTIME_MIB,
            overhead_bp: DEFAULT_OVERHEAD_BP,
        }
    }
}

impl Scenario {
    /// Whether an FP32 master copy is kept: mixed precision on and weights below 4 bytes.
    pub fn keeps_master_copy(&self) -> bool {
        self.mode.trains() && self.mixed && self.dtype.is_low_precision()
    }

    pub fn grad_dtype(&self) -> Dtype {
        self.grad_dtype.unwrap_or(self.dtype)
    }

    /// Precision of optimizer states: FP32 when mixed precision keeps them apart from the
    /// low-precision weights, else the training precision (PyTorch creates states like the
    /// parameter).
    pub fn state_dtype(&self) -> Dtype {
        if self.keeps_master_copy() {
            Dtype::Fp32
        } else {
            self.dtype
        }
    }
}
