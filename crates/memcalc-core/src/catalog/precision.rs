//! Numeric formats and their storage size.

use crate::base::choice::choice_enum;

choice_enum!(
    /// Storage format of weights, gradients or states.
    Dtype {
        Fp64 => ("fp64", "FP64 (8 bytes)"),
        Fp32 => ("fp32", "FP32 (4 bytes)"),
        /// TF32 is a compute mode of tensor cores; values are stored as 4-byte FP32.
        Tf32 => ("tf32", "TF32 (stored as 4 bytes)"),
        Bf16 => ("bf16", "BF16 (2 bytes)"),
        Fp16 => ("fp16", "FP16 (2 bytes)"),
        Fp8 => ("fp8", "FP8 (1 byte)"),
    }
    // PyTorch's and Hugging Face's names (`torch_dtype` in config.json), and C's.
    aliases {
        "float64" => "fp64",
        "double" => "fp64",
        "float32" => "fp32",
        "float" => "fp32",
        "bfloat16" => "bf16",
        "float16" => "fp16",
        "half" => "fp16",
        "float8" => "fp8",
        "float8_e4m3fn" => "fp8",
    }
);

impl Dtype {
    /// The name in capitals, e.g. "BF16".
    pub fn short(self) -> &'static str {
        match self {
            Dtype::Fp64 => "FP64",
            Dtype::Fp32 => "FP32",
            Dtype::Tf32 => "TF32",
            Dtype::Bf16 => "BF16",
            Dtype::Fp16 => "FP16",
            Dtype::Fp8 => "FP8",
        }
    }

    pub fn bytes(self) -> u64 {
        match self {
            Dtype::Fp64 => 8,
            Dtype::Fp32 | Dtype::Tf32 => 4,
            Dtype::Bf16 | Dtype::Fp16 => 2,
            Dtype::Fp8 => 1,
        }
    }

    /// Below 4 bytes a training run keeps an FP32 master copy when mixed precision is on.
    pub fn is_low_precision(self) -> bool {
        self.bytes() < 4
    }
}
