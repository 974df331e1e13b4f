//! Weight storage formats for inference and frozen fine-tuning bases, in bits per weight with
//! block scales included: never "FP32 ÷ 8".

use crate::base::choice::choice_enum;

choice_enum!(
    /// How frozen weights are stored.
    Quant {
        None => ("none", "None (weights in the chosen precision)"),
        Int8 => ("int8", "INT8 (bitsandbytes LLM.int8)"),
        Nf4 => ("nf4", "NF4 (bitsandbytes, QLoRA double quantization)"),
        Int4 => ("int4", "INT4, group 128 (GPTQ/AWQ)"),
        Awq => ("awq", "AWQ 4-bit, group 128 (AutoAWQ GEMM)"),
        Gptq => ("gptq", "GPTQ 4-bit, group 128 (with act-order index)"),
        Fp8 => ("fp8", "FP8 E4M3, per-channel scales (llm-compressor, Meta)"),
        Fp8Block => ("fp8_block", "FP8 E4M3, 128×128 block scales (DeepSeek-V3, Qwen3-FP8)"),
        Nvfp4 => ("nvfp4", "NVFP4: FP4 with an FP8 scale per 16 (ModelOpt)"),
        Mxfp4 => ("mxfp4", "MXFP4 experts, rest BF16; Q8_0 in llama.cpp GGUFs (GPT-OSS)"),
        Int4Experts => ("int4_experts", "INT4 experts, group 32, rest BF16 (Kimi K2 Thinking)"),
        Q8_0 => ("q8_0", "GGUF Q8_0"),
        Q6K => ("q6_k", "GGUF Q6_K"),
        Q5KM => ("q5_k_m", "GGUF Q5_K_M"),
        Q4KM => ("q4_k_m", "GGUF Q4_K_M"),
        Q4_0 => ("q4_0", "GGUF Q4_0"),
        Q3KM => ("q3_k_m", "GGUF Q3_K_M"),
        Q2K => ("q2_k", "GGUF Q2_K"),
    }
);

impl Quant {
    /// Bits per weight in thousandths, scales and zero points included; None for no quantization.
    pub fn milli_bpw(self) -> Option<u64> {
        Some(match self {
            Quant::None => return None,
            // One FP32 absmax per row of 4096+ weights: under 0.01 bit per weight.
            Quant::Int8 => 8_000,
            // 4 bits + 8-bit absmax per 64 weights + FP32 per 256 absmaxes (Dettmers et al. 2023,
            // QLoRA, arXiv:2305.14314, section 3: 0.127 bits per parameter for the constants).
            Quant::Nf4 => 4_127,
            // 4 bits + FP16 scale and 4-bit zero point per group of 128.
            Quant::Int4 => 4_156,
            // AutoAWQ: int32-packed 4-bit weights, an FP16 scale and a 4-bit zero point per group
            // of 128 inputs: 4 + (16 + 4) / 128 = 4.15625 bits.
            Quant::Awq => 4_156,
            // AutoGPTQ: the same packing, plus g_idx (one int32 per input row, added by the
            // stage from the matrices' shapes).
            Quant::Gptq => 4_156,
            // One byte per weight; the per-output-channel FP32 scale is added by the stage.
            Quant::Fp8 => 8_000,
            // DeepSeek-V3's and Qwen3-FP8's config.json: quantization_config {quant_method: fp8,
            // fmt: e4m3, weight_block_size: [128, 128]}: one byte per weight and one FP32
            // `weight_scale_inv` per 128 × 128 block (vLLM Fp8LinearMethod.create_weights):
            // 8 + 32/16384 bits, 8.002 to the thousandth.
            Quant::Fp8Block => 8_002,
            // NVIDIA's NVFP4 (TensorRT Model Optimizer, TensorRT "Working with quantized types"):
            // E2M1 values, one FP8 E4M3 scale per block of 16 and one FP32 scale per tensor:
            // 4 + 8/16 = 4.5 bits (the per-tensor scale is under 0.001 bit per weight).
            Quant::Nvfp4 => 4_500,
            // OCP MX: 32 FP4 (E2M1) values share an 8-bit power-of-two scale: 4 + 8/32 bits.
            // GPT-OSS stores only the MoE experts this way (config quantization_config
            // modules_to_not_convert: attention, router, embeddings, head).
            Quant::Mxfp4 => 4_250,
            // Kimi K2 Thinking's config.json quantization_config (compressed-tensors,
            // pack-quantized; config_groups weights num_bits 4, group_size 32, symmetric, type
            // int; `ignore` every module but the routed experts): 4-bit values packed in int32 and
            // one BF16 scale per group of 32 inputs, 4 + 16/32 bits (vLLM
            // compressed_tensors_moe.py CompressedTensorsWNA16MoEMethod: weight_packed,
            // weight_scale).
            Quant::Int4Experts => 4_500,
            // GGUF block formats: Q8_0 is 34 bytes per 32 weights; the K-quant mixtures are the
            // bits per weight llama.cpp's quantize README lists for Llama 2 7B.
            Quant::Q8_0 => 8_500,
            Quant::Q6K => 6_560,
            Quant::Q5KM => 5_680,
            Quant::Q4KM => 4_840,
            Quant::Q4_0 => 4_500,
            Quant::Q3KM => 3_910,
            Quant::Q2K => 3_350,
        })
    }

    /// bitsandbytes leaves the embeddings and the output head in 16-bit; GGUF figures are
    /// whole-file averages that already include them.
    pub fn keeps_embeddings_16bit(self) -> bool {
        matches!(
            self,
            Quant::Int8
                | Quant::Nf4
                | Quant::Int4
                | Quant::Awq
                | Quant::Gptq
                | Quant::Fp8
                | Quant::Fp8Block
                | Quant::Nvfp4
                | Quant::Mxfp4
                | Quant::Int4Experts
        )
    }

    /// Formats that quantize only a mixture of experts' routed experts, leaving attention, the
    /// shared experts, dense layers and routers in 16-bit (GPT-OSS's MXFP4
    /// `modules_to_not_convert`, Kimi K2 Thinking's compressed-tensors `ignore`).
    pub fn experts_only(self) -> bool {
        matches!(self, Quant::Mxfp4 | Quant::Int4Experts)
    }

    /// Bytes per row of `hidden` quantized weights stored beside them: GPTQ's g_idx (an int32
    /// per input feature) and FP8's per-output-channel FP32 scale.
    pub fn row_bytes(self) -> u64 {
        match self {
            Quant::Gptq | Quant::Fp8 => 4,
            _ => 0,
        }
    }

    pub fn source(self) -> &'static str {
        match self {
            Quant::None => "",
            Quant::Int8 => "Dettmers et al. 2022, LLM.int8() (arXiv:2208.07339)",
            Quant::Nf4 => "Dettmers et al. 2023, QLoRA (arXiv:2305.14314), section 3",
            Quant::Int4 => "Frantar et al. 2023, GPTQ (arXiv:2210.17323); Lin et al. 2024, AWQ (arXiv:2306.00978), group size 128",
            Quant::Awq => "Lin et al. 2024, AWQ (arXiv:2306.00978); AutoAWQ WQLinear_GEMM (qweight, qzeros int32-packed, FP16 scales per group of 128)",
            Quant::Gptq => "Frantar et al. 2023, GPTQ (arXiv:2210.17323); AutoGPTQ QuantLinear (qweight, qzeros, FP16 scales per group of 128, int32 g_idx)",
            Quant::Fp8 => "Micikevicius et al. 2022, FP8 Formats for Deep Learning (arXiv:2209.05433); llm-compressor FP8 per-channel scheme; lm_head and embeddings unquantized",
            Quant::Fp8Block => "deepseek-ai/DeepSeek-V3 and Qwen/Qwen3-32B-FP8 config.json quantization_config (fp8, e4m3, weight_block_size [128, 128]); vLLM model_executor/layers/quantization/fp8.py (FP32 weight_scale_inv per 128×128 block); lm_head and embeddings unquantized",
            Quant::Nvfp4 => "NVIDIA TensorRT Model Optimizer (ModelOpt) NVFP4: E2M1 values, an FP8 E4M3 scale per 16 values and an FP32 scale per tensor (NVIDIA TensorRT docs, Working with Quantized Types; NVIDIA blog \"Introducing NVFP4\", 2025); lm_head unquantized",
            Quant::Mxfp4 => "OCP Microscaling Formats (MX) v1.0: MXFP4 = 32 E2M1 values + an E8M0 scale; OpenAI gpt-oss model card (MoE weights in MXFP4)",
            Quant::Int4Experts => "moonshotai/Kimi-K2-Thinking config.json quantization_config (compressed-tensors, num_bits 4, group_size 32; all but the routed experts ignored); vLLM CompressedTensorsWNA16MoEMethod",
            _ => "llama.cpp tools/quantize/README.md, bits per weight for Llama 2 7B; Q8_0 block layout in ggml-common.h",
        }
    }
}

choice_enum!(
    /// How an engine stores MXFP4 expert weights once loaded (`mxfp4_kernel`). vLLM picks its
    /// MoE kernel by GPU (model_executor/layers/quantization/mxfp4.py, get_mxfp4_backend and
    /// Mxfp4MoEMethod.create_weights): Hopper runs OpenAI's triton_kernels and Blackwell
    /// FlashInfer on the checkpoint's layout (the width padded to a multiple of 64, which
    /// gpt-oss's 2880 already is); GPUs without native FP4 (Ampere, Ada) run the Marlin kernel,
    /// which needs n % 256 == 0 and k % 128 == 0, so each expert's hidden size is padded to a
    /// multiple of 256 and its width to a multiple of 128 (gpt-oss: 2880 → 3072 and 2944).
    Mxfp4Kernel {
        Auto => ("auto", "The engine's choice for the GPU (vLLM: Marlin, padded, below Hopper)"),
        Native => ("native", "As the checkpoint stores them (triton_kernels, FlashInfer)"),
        Marlin => ("marlin", "Marlin: hidden padded to 256, width to 128 (vLLM on A100)"),
    }
);

/// The padded size of `n` for the Marlin MXFP4 MoE kernel, as vLLM's `round_up(n, to)`.
pub fn round_up(n: u64, to: u64) -> u64 {
    n.div_ceil(to.max(1)).saturating_mul(to.max(1))
}

choice_enum!(
    /// Storage of pruned (sparse) weights.
    SparseFormat {
        Dense => ("dense", "Dense (zeros stored)"),
        Csr => ("csr", "CSR (values + 32-bit column indices + row pointers)"),
        Bitmask => ("bitmask", "Bitmask (1 bit per weight + nonzero values)"),
    }
);

choice_enum!(
    /// llama.cpp's block-quantized KV cache types (`--cache-type-k/-v`), beside the plain
    /// precisions `kv_dtype` also takes.
    KvQuant {
        Q8_0 => ("q8_0", "Q8_0 (34 bytes per 32 values)"),
        Q4_0 => ("q4_0", "Q4_0 (18 bytes per 32 values)"),
    }
);

impl KvQuant {
    /// Bytes of one block of 32 values: an FP16 scale and 32 8-bit or 4-bit values
    /// (ggml-common.h block_q8_0, block_q4_0).
    pub fn block_bytes(self) -> u64 {
        match self {
            KvQuant::Q8_0 => 34,
            KvQuant::Q4_0 => 18,
        }
    }

    pub fn short(self) -> &'static str {
        match self {
            KvQuant::Q8_0 => "Q8_0",
            KvQuant::Q4_0 => "Q4_0",
        }
    }
}
