//! The catalog table: one row per released model, its configuration as in the publisher's
//! `config.json` on Hugging Face, and the parameter count the publisher states. The test
//! `catalog_counts` in tests/published_figures.rs recomputes every count from the architecture.

use super::{Family, Model, Published};
use crate::catalog::arch::{Arch, Bias, Mlp, Norm, QkNorm};
use crate::catalog::quant::Quant;

/// A gated-MLP, RMSNorm decoder without biases (the Llama layout); heads of hidden ÷ heads.
const fn llama(layers: u64, hidden: u64, heads: u64, kv: u64, ffn: u64, vocab: u64) -> Arch {
    Arch {
        layers,
        hidden,
        heads,
        kv_heads: kv,
        head_dim: hidden / heads,
        ffn,
        vocab,
        ..Arch::BASE
    }
}

/// An encoder or GPT-2 style network: standard MLP, biases everywhere, LayerNorm, tied output.
const fn classic(layers: u64, hidden: u64, heads: u64, vocab: u64, positions: u64) -> Arch {
    Arch {
        mlp: Mlp::Standard,
        bias: Bias::All,
        tied: true,
        learned_pos: positions,
        norm: Norm::LayerNorm,
        ..llama(layers, hidden, heads, heads, 4 * hidden, vocab)
    }
}

/// Exactly the published count.
const fn exact(params: u64) -> Published {
    Published {
        params,
        tolerance_ppm: 0,
    }
}

/// A rounded count: within `ppm` parts per million.
const fn rounded(params: u64, ppm: u64) -> Published {
    Published {
        params,
        tolerance_ppm: ppm,
    }
}

const fn dec(
    id: &'static str,
    alias: &'static str,
    label: &'static str,
    arch: Arch,
    published: Published,
    source: &'static str,
) -> Model {
    Model {
        id,
        alias,
        label,
        family: Family::Decoder,
        arch,
        published,
        source,
        variants: &[],
        ships: Quant::None,
        checkpoints: &[],
    }
}

const fn enc(
    id: &'static str,
    alias: &'static str,
    label: &'static str,
    arch: Arch,
    published: Published,
    source: &'static str,
) -> Model {
    Model {
        family: Family::Encoder,
        ..dec(id, alias, label, arch, published, source)
    }
}

const LLAMA31_70B: Arch = Arch {
    max_context: 131_072,
    ..llama(80, 8192, 64, 8, 28_672, 128_256)
};
const MIXTRAL_8X7B: Arch = Arch {
    experts: 8,
    active_experts: 2,
    max_context: 32_768,
    ..llama(32, 4096, 32, 8, 14_336, 32_000)
};
const QWEN25_SMALL: Arch = Arch {
    bias: Bias::Qkv,
    tied: true,
    max_context: 32_768,
    ..Arch::BASE
};
/// Qwen2.5-VL's vision encoder (config.json vision_config of every size: depth 32, hidden_size
/// 1280, intermediate_size 3420, SiLU-gated MLP, RMSNorm, patch_size 14, temporal_patch_size 2,
/// spatial_merge_size 2, a patch merger to the language model's hidden size) on a language
/// model; one image gives at most 16,384 tokens (preprocessor_config.json max_pixels 12,845,056
/// ÷ 28²), what vLLM's profile encodes.
const fn qwen25_vl(lm: Arch) -> Arch {
    Arch {
        vision_layers: 32,
        vision_hidden: 1280,
        vision_ffn: 3420,
        vision_mlp: Mlp::Gated,
        vision_norm: Norm::RmsNorm,
        vision_patch: 14,
        vision_temporal: 2,
        vision_merge: 2,
        vision_proj: crate::catalog::vision::VisionProj::Merger,
        vision_tokens: 16_384,
        max_context: 128_000,
        ..lm
    }
}

/// Gemma 3's SigLIP vision encoder (config.json vision_config of the 4B, 12B and 27B: 27
/// layers, hidden_size 1152, intermediate_size 4304, patch_size 14, image_size 896 → 4096
/// learned positions; its 4096 patches pooled 4 × 4 to mm_tokens_per_image 256, then
/// mm_soft_emb_norm and mm_input_projection_weight to the language model's width). Counted from
/// schema version 5 (older links pin `vision_layers` empty).
const fn gemma3_vl(lm: Arch) -> Arch {
    Arch {
        vision_layers: 27,
        vision_hidden: 1152,
        vision_ffn: 4304,
        vision_mlp: Mlp::Standard,
        vision_norm: Norm::LayerNorm,
        vision_patch: 14,
        vision_temporal: 1,
        vision_positions: 4096,
        vision_merge: 4,
        vision_proj: crate::catalog::vision::VisionProj::Linear,
        vision_tokens: 256,
        ..lm
    }
}

/// Mistral Small 3.1's Pixtral vision encoder (config.json vision_config, model_type pixtral:
/// 24 layers, hidden_size 1024, intermediate_size 4096, SiLU-gated MLP, RMSNorms, patch_size 14,
/// 2-D rotary positions, image_size 1540; top-level spatial_merge_size 2,
/// multimodal_projector_bias false) and Mistral 3's projector to the language model's width,
/// counted from schema version 6 (older links pin `vision_layers` empty). One image gives at
/// most (1540 ÷ (14 · 2))² = 3,025 tokens, what vLLM's profile encodes
/// (vllm/model_executor/models/pixtral.py PixtralHFEncoderInfo.get_num_image_tokens).
const fn pixtral(lm: Arch) -> Arch {
    Arch {
        vision_layers: 24,
        vision_hidden: 1024,
        vision_ffn: 4096,
        vision_mlp: Mlp::Gated,
        vision_norm: Norm::RmsNorm,
        vision_patch: 14,
        vision_temporal: 1,
        vision_merge: 2,
        vision_proj: crate::catalog::vision::VisionProj::Pixtral,
        vision_tokens: 3025,
        ..lm
    }
}

/// Llama 4's vision encoder (config.json vision_config of Scout and Maverick, base and Instruct:
/// llama4_vision_model, 34 layers, hidden_size 1408, intermediate_size 5632, GELU MLP,
/// LayerNorms, patch_size 14, image_size 336 → 577 learned positions with the class token's,
/// pixel_shuffle_ratio 0.5 (2 × 2 patches per token), projector_input_dim, projector_output_dim
/// and vision_output_dim 4096, multi_modal_projector_bias false), counted from schema version 7
/// (older links pin `vision_layers` empty). One image gives at most 17 tiles of 144 tokens
/// (preprocessor max_patches 16 and the global tile; vLLM mllama4.py get_patch_per_chunk
/// (336 ÷ 14)² ÷ 4, get_max_num_tiles), 2,448 tokens.
const fn llama4_vl(lm: Arch) -> Arch {
    Arch {
        vision_layers: 34,
        vision_hidden: 1408,
        vision_ffn: 5632,
        vision_mlp: Mlp::Standard,
        vision_norm: Norm::LayerNorm,
        vision_patch: 14,
        vision_temporal: 1,
        vision_positions: 577,
        vision_merge: 2,
        vision_proj: crate::catalog::vision::VisionProj::Llama4,
        vision_tokens: 2448,
        ..lm
    }
}

/// Qwen3-VL's vision encoder (config.json vision_config, model_type qwen3_vl: depth 27,
/// hidden_size 1152, intermediate_size 4304 for 8B, 32B, 30B-A3B and 235B-A22B; depth 24,
/// hidden_size 1024, intermediate_size 4096 for 2B and 4B; GELU MLP, LayerNorms, patch_size 16,
/// temporal_patch_size 2, num_position_embeddings 2304, spatial_merge_size 2, three
/// deepstack_visual_indexes, out_hidden_size the language model's width); one image gives at
/// most 16,384 tokens (preprocessor_config.json size.longest_edge 16,777,216 pixels ÷ 32²).
const fn qwen3_vl(depth: u64, width: u64, ffn: u64, lm: Arch) -> Arch {
    Arch {
        vision_layers: depth,
        vision_hidden: width,
        vision_ffn: ffn,
        vision_mlp: Mlp::Standard,
        vision_norm: Norm::LayerNorm,
        vision_patch: 16,
        vision_temporal: 2,
        vision_positions: 2304,
        vision_merge: 2,
        vision_proj: crate::catalog::vision::VisionProj::Deepstack,
        vision_tokens: 16_384,
        ..lm
    }
}

/// Qwen3.5 (Qwen3_5ForConditionalGeneration; issue 38): Qwen3-Next's hybrid text layers, dense
/// (config.json text_config: full_attention_interval 4, head_dim 256, attn_output_gate,
/// linear_num_key_heads 16, linear_key_head_dim and linear_value_head_dim 128,
/// linear_conv_kernel_dim 4, vocab_size 248320, max_position_embeddings 262144), and Qwen3-VL's
/// vision encoder without DeepStack mergers (vision_config deepstack_visual_indexes [], patch_size
/// 16, num_position_embeddings 2304, spatial_merge_size 2; preprocessor size.longest_edge
/// 16,777,216 pixels: 16,384 tokens an image). The multi-token-prediction layer
/// (mtp_num_hidden_layers 1) is not in the published count and not counted.
#[allow(clippy::too_many_arguments)]
const fn qwen35(
    layers: u64,
    hidden: u64,
    heads: u64,
    kv_heads: u64,
    ffn: u64,
    linear_v_heads: u64,
    tied: bool,
    vision: (u64, u64, u64),
) -> Arch {
    Arch {
        layers,
        hidden,
        heads,
        kv_heads,
        head_dim: 256,
        ffn,
        vocab: 248_320,
        tied,
        max_context: 262_144,
        full_every: 4,
        linear_k_heads: 16,
        linear_v_heads,
        linear_k_dim: 128,
        linear_v_dim: 128,
        conv_kernel: 4,
        attn_gate: true,
        vision_layers: vision.0,
        vision_hidden: vision.1,
        vision_ffn: vision.2,
        vision_mlp: Mlp::Standard,
        vision_norm: Norm::LayerNorm,
        vision_patch: 16,
        vision_temporal: 2,
        vision_positions: 2304,
        vision_merge: 2,
        vision_proj: crate::catalog::vision::VisionProj::Qwen35,
        vision_tokens: 16_384,
        ..QWEN3
    }
}

const QWEN3: Arch = Arch {
    head_dim: 128,
    qk_norm: QkNorm::Head,
    max_context: 40_960,
    ..Arch::BASE
};
const GEMMA2: Arch = Arch {
    tied: true,
    sandwich: true,
    window: 4096,
    global_every: 2,
    max_context: 8192,
    vocab: 256_000,
    ..Arch::BASE
};
const GEMMA3: Arch = Arch {
    tied: true,
    sandwich: true,
    qk_norm: QkNorm::Head,
    window: 1024,
    global_every: 6,
    max_context: 131_072,
    vocab: 262_208,
    head_dim: 256,
    ..Arch::BASE
};
const DEEPSEEK_V3: Arch = Arch {
    layers: 61,
    hidden: 7168,
    heads: 128,
    kv_heads: 128,
    head_dim: 128 + 64,
    ffn: 18_432,
    vocab: 129_280,
    experts: 256,
    active_experts: 8,
    moe_ffn: 2048,
    shared_experts: 1,
    dense_layers: 3,
    router_bias: true,
    q_lora_rank: 1536,
    kv_lora_rank: 512,
    rope_dim: 64,
    v_head_dim: 128,
    max_context: 163_840,
    ..Arch::BASE
};
const GPT_OSS: Arch = Arch {
    hidden: 2880,
    heads: 64,
    kv_heads: 8,
    head_dim: 64,
    ffn: 2880,
    vocab: 201_088,
    bias: Bias::All,
    active_experts: 4,
    router_bias: true,
    sinks: true,
    window: 128,
    global_every: 2,
    max_context: 131_072,
    ..Arch::BASE
};
const PHI3: Arch = Arch {
    vocab: 32_064,
    ..Arch::BASE
};
const OLMO2: Arch = Arch {
    qk_norm: QkNorm::Full,
    vocab: 100_352,
    max_context: 4096,
    ..Arch::BASE
};

#[rustfmt::skip]
pub const MODELS: &[Model] = &[
    // --- OpenAI GPT-2 (learned positions, tied output) ---
    dec("openai-community/gpt2", "gpt2", "GPT-2 small (124M)", Arch { max_context: 1024, ..classic(12, 768, 12, 50_257, 1024) },
        exact(124_439_808), "openai-community/gpt2 config.json; count as printed by Hugging Face num_parameters()"),
    dec("openai-community/gpt2-medium", "gpt2-medium", "GPT-2 medium (355M)", Arch { max_context: 1024, ..classic(24, 1024, 16, 50_257, 1024) },
        exact(354_823_168), "openai-community/gpt2-medium config.json; num_parameters()"),
    dec("openai-community/gpt2-large", "gpt2-large", "GPT-2 large (774M)", Arch { max_context: 1024, ..classic(36, 1280, 20, 50_257, 1024) },
        exact(774_030_080), "openai-community/gpt2-large config.json; num_parameters()"),
    dec("openai-community/gpt2-xl", "gpt2-xl", "GPT-2 XL (1.5B)", Arch { max_context: 1024, ..classic(48, 1600, 25, 50_257, 1024) },
        exact(1_557_611_200), "openai-community/gpt2-xl config.json; num_parameters()"),
    // --- Encoders. The token-type rows ride on learned_pos; the embedding LayerNorm stands in
    // for the final norm these lack (both 2h). The pooler (h² + h) is not counted. ---
    enc("google-bert/bert-base-uncased", "bert-base", "BERT-base uncased (110M)", Arch { max_context: 512, ..classic(12, 768, 12, 30_522, 512 + 2) },
        exact(109_482_240 - 768 * 768 - 768), "google-bert/bert-base-uncased config.json; BertModel's 109,482,240 parameters less the pooler"),
    enc("google-bert/bert-large-uncased", "bert-large", "BERT-large uncased (335M)", Arch { max_context: 512, ..classic(24, 1024, 16, 30_522, 512 + 2) },
        exact(334_092_288), "google-bert/bert-large-uncased config.json (encoder and embeddings, without pooler)"),
    enc("FacebookAI/roberta-base", "roberta-base", "RoBERTa-base (125M)", Arch { max_context: 514, ..classic(12, 768, 12, 50_265, 514 + 1) },
        exact(124_645_632 - 768 * 768 - 768), "FacebookAI/roberta-base config.json; RobertaModel's 124,645,632 parameters less the pooler"),
    enc("FacebookAI/roberta-large", "roberta-large", "RoBERTa-large (355M)", Arch { max_context: 514, ..classic(24, 1024, 16, 50_265, 514 + 1) },
        exact(355_359_744 - 1024 * 1024 - 1024), "FacebookAI/roberta-large config.json; RobertaModel's 355,359,744 parameters less the pooler"),
    // The 16×16×3 patch projection is a 768-row "vocabulary"; positions: 197 rows, the class
    // token and the projection's bias (one row each). No classifier head.
    enc("google/vit-base-patch16-224", "vit-base", "ViT-Base/16 (86M)", Arch { tied: true, ..classic(12, 768, 12, 16 * 16 * 3, 197 + 2) },
        rounded(86_000_000, 10_000), "google/vit-base-patch16-224 config.json; Dosovitskiy et al. 2021 (arXiv:2010.11929) table 1: 86M, rounded to 1M (±1 %)"),
    // --- Meta Llama ---
    dec("meta-llama/Llama-2-7b-hf", "llama-2-7b", "Llama 2 7B", Arch { max_context: 4096, ..llama(32, 4096, 32, 32, 11_008, 32_000) },
        exact(6_738_415_616), "meta-llama/Llama-2-7b-hf config.json; 6,738,415,616 parameters")
        .variants(&["meta-llama/Llama-2-7b-chat-hf"]),
    dec("meta-llama/Llama-2-13b-hf", "llama-2-13b", "Llama 2 13B", Arch { max_context: 4096, ..llama(40, 5120, 40, 40, 13_824, 32_000) },
        exact(13_015_864_320), "meta-llama/Llama-2-13b-hf config.json; 13,015,864,320 parameters")
        .variants(&["meta-llama/Llama-2-13b-chat-hf"]),
    dec("meta-llama/Llama-2-70b-hf", "llama-2-70b", "Llama 2 70B", Arch { max_context: 4096, ..llama(80, 8192, 64, 8, 28_672, 32_000) },
        exact(68_976_648_192), "meta-llama/Llama-2-70b-hf config.json; 68,976,648,192 parameters")
        .variants(&["meta-llama/Llama-2-70b-chat-hf"]),
    dec("meta-llama/Llama-3.1-8B", "llama-3.1-8b", "Llama 3.1 8B", Arch { max_context: 131_072, ..llama(32, 4096, 32, 8, 14_336, 128_256) },
        exact(8_030_261_248), "meta-llama/Llama-3.1-8B config.json; 8,030,261,248 parameters")
        .variants(&["meta-llama/Llama-3.1-8B-Instruct", "meta-llama/Meta-Llama-3.1-8B", "meta-llama/Meta-Llama-3.1-8B-Instruct"]),
    dec("meta-llama/Llama-3.1-70B", "llama-3.1-70b", "Llama 3.1 70B", LLAMA31_70B,
        exact(70_553_706_496), "meta-llama/Llama-3.1-70B config.json; 70,553,706,496 parameters")
        .variants(&["meta-llama/Llama-3.1-70B-Instruct", "meta-llama/Meta-Llama-3.1-70B", "meta-llama/Meta-Llama-3.1-70B-Instruct"]),
    dec("meta-llama/Llama-3.1-405B", "llama-3.1-405b", "Llama 3.1 405B", Arch { max_context: 131_072, ..llama(126, 16_384, 128, 8, 53_248, 128_256) },
        exact(405_853_388_800), "meta-llama/Llama-3.1-405B config.json; 405,853,388,800 parameters")
        .variants(&["meta-llama/Llama-3.1-405B-Instruct", "meta-llama/Meta-Llama-3.1-405B-Instruct"]),
    dec("meta-llama/Meta-Llama-3-8B", "llama-3-8b", "Llama 3 8B", Arch { max_context: 8192, ..llama(32, 4096, 32, 8, 14_336, 128_256) },
        exact(8_030_261_248), "meta-llama/Meta-Llama-3-8B config.json; 8,030,261,248 parameters")
        .variants(&["meta-llama/Meta-Llama-3-8B-Instruct"]),
    dec("meta-llama/Meta-Llama-3-70B", "llama-3-70b", "Llama 3 70B", Arch { max_context: 8192, ..LLAMA31_70B },
        exact(70_553_706_496), "meta-llama/Meta-Llama-3-70B config.json; 70,553,706,496 parameters")
        .variants(&["meta-llama/Meta-Llama-3-70B-Instruct"]),
    dec("meta-llama/Llama-3.2-1B", "llama-3.2-1b", "Llama 3.2 1B", Arch { tied: true, head_dim: 64, max_context: 131_072, ..llama(16, 2048, 32, 8, 8192, 128_256) },
        exact(1_235_814_400), "meta-llama/Llama-3.2-1B config.json; 1,235,814,400 parameters")
        .variants(&["meta-llama/Llama-3.2-1B-Instruct"]),
    dec("meta-llama/Llama-3.2-3B", "llama-3.2-3b", "Llama 3.2 3B", Arch { tied: true, max_context: 131_072, ..llama(28, 3072, 24, 8, 8192, 128_256) },
        exact(3_212_749_824), "meta-llama/Llama-3.2-3B config.json; 3,212,749,824 parameters")
        .variants(&["meta-llama/Llama-3.2-3B-Instruct"]),
    dec("meta-llama/Llama-3.3-70B-Instruct", "llama-3.3-70b", "Llama 3.3 70B Instruct", LLAMA31_70B,
        exact(70_553_706_496), "meta-llama/Llama-3.3-70B-Instruct config.json; 70,553,706,496 parameters"),
    // --- Mistral AI ---
    dec("mistralai/Mistral-7B-v0.1", "mistral-7b", "Mistral 7B v0.1 (4k sliding window)", Arch { window: 4096, max_context: 32_768, ..llama(32, 4096, 32, 8, 14_336, 32_000) },
        exact(7_241_732_096), "mistralai/Mistral-7B-v0.1 config.json (sliding_window 4096); 7,241,732,096 parameters")
        .variants(&["mistralai/Mistral-7B-Instruct-v0.1"]),
    dec("mistralai/Mistral-7B-v0.3", "mistral-7b-v0.3", "Mistral 7B v0.3", Arch { max_context: 32_768, ..llama(32, 4096, 32, 8, 14_336, 32_768) },
        exact(7_248_023_552), "mistralai/Mistral-7B-v0.3 config.json (no sliding window); 7,248,023,552 parameters")
        .variants(&["mistralai/Mistral-7B-Instruct-v0.3"]),
    dec("mistralai/Mixtral-8x7B-v0.1", "mixtral-8x7b", "Mixtral 8x7B", MIXTRAL_8X7B,
        exact(46_702_792_704), "mistralai/Mixtral-8x7B-v0.1 config.json; 46,702,792,704 parameters")
        .variants(&["mistralai/Mixtral-8x7B-Instruct-v0.1"]),
    dec("mistralai/Mixtral-8x22B-v0.1", "mixtral-8x22b", "Mixtral 8x22B", Arch { max_context: 65_536, ..llama(56, 6144, 48, 8, 16_384, 32_768) }.moe(8, 2),
        rounded(141_000_000_000, 5_000), "mistralai/Mixtral-8x22B-v0.1 config.json; Mistral AI: 141B parameters, rounded to 1B (±0.5 %)")
        .variants(&["mistralai/Mixtral-8x22B-Instruct-v0.1"]),
    dec("mistralai/Mistral-Nemo-Base-2407", "mistral-nemo", "Mistral Nemo 12B", Arch { head_dim: 128, max_context: 131_072, ..llama(40, 5120, 32, 8, 14_336, 131_072) },
        exact(12_247_782_400), "mistralai/Mistral-Nemo-Base-2407 config.json; 12,247,782,400 parameters")
        .variants(&["mistralai/Mistral-Nemo-Instruct-2407"]),
    dec("mistralai/Mistral-Small-24B-Base-2501", "mistral-small-24b", "Mistral Small 3 24B", Arch { head_dim: 128, max_context: 32_768, ..llama(40, 5120, 32, 8, 32_768, 131_072) },
        exact(23_572_403_200), "mistralai/Mistral-Small-24B-Base-2501 config.json; 23,572,403,200 parameters")
        .variants(&["mistralai/Mistral-Small-24B-Instruct-2501"]),
    // Mistral Small 3.1 and 3.2 (Mistral3ForConditionalGeneration): Mistral Small 3's language
    // model with a 128k context and the Pixtral vision encoder, counted from schema version 6.
    dec("mistralai/Mistral-Small-3.1-24B-Base-2503", "mistral-small-3.1", "Mistral Small 3.1 24B (vision-language)", pixtral(Arch { head_dim: 128, max_context: 131_072, ..llama(40, 5120, 32, 8, 32_768, 131_072) }),
        rounded(24_000_000_000, 20_000), "mistralai/Mistral-Small-3.1-24B-Base-2503 config.json (text_config max_position_embeddings 131072; vision_config pixtral, 24 layers, hidden_size 1024, intermediate_size 4096, patch_size 14, image_size 1540; spatial_merge_size 2; multimodal_projector_bias false; the defaults of transformers' Mistral3Config): 23,572,403,200 language model (Mistral Small 3's) + 438,958,080 vision encoder and projector (catalog::vision); Mistral AI: 24B (±2 %)")
        .variants(&["mistralai/Mistral-Small-3.1-24B-Instruct-2503", "mistralai/Mistral-Small-3.2-24B-Instruct-2506"]),
    // --- Qwen ---
    dec("Qwen/Qwen2-0.5B", "qwen2-0.5b", "Qwen2 0.5B", Arch { head_dim: 64, ..Arch { layers: 24, hidden: 896, heads: 14, kv_heads: 2, ffn: 4864, vocab: 151_936, ..QWEN25_SMALL } },
        exact(494_032_768), "Qwen/Qwen2-0.5B config.json; 494,032,768 parameters")
        .variants(&["Qwen/Qwen2-0.5B-Instruct"]),
    dec("Qwen/Qwen2.5-0.5B", "qwen2.5-0.5b", "Qwen2.5 0.5B", Arch { layers: 24, hidden: 896, heads: 14, kv_heads: 2, head_dim: 64, ffn: 4864, vocab: 151_936, ..QWEN25_SMALL },
        exact(494_032_768), "Qwen/Qwen2.5-0.5B config.json; 494,032,768 parameters")
        .variants(&["Qwen/Qwen2.5-0.5B-Instruct"]),
    dec("Qwen/Qwen2.5-1.5B", "qwen2.5-1.5b", "Qwen2.5 1.5B", Arch { layers: 28, hidden: 1536, heads: 12, kv_heads: 2, head_dim: 128, ffn: 8960, vocab: 151_936, ..QWEN25_SMALL },
        exact(1_543_714_304), "Qwen/Qwen2.5-1.5B config.json; 1,543,714,304 parameters")
        .variants(&["Qwen/Qwen2.5-1.5B-Instruct"]),
    dec("Qwen/Qwen2.5-3B", "qwen2.5-3b", "Qwen2.5 3B", Arch { layers: 36, hidden: 2048, heads: 16, kv_heads: 2, head_dim: 128, ffn: 11_008, vocab: 151_936, ..QWEN25_SMALL },
        exact(3_085_938_688), "Qwen/Qwen2.5-3B config.json; 3,085,938,688 parameters")
        .variants(&["Qwen/Qwen2.5-3B-Instruct"]),
    // Qwen's quantized releases (each repository's config.json quantization_config): Qwen3-*-FP8
    // fine-grained FP8 with 128 × 128 blocks (quant_method fp8, weight_block_size [128, 128]);
    // *-AWQ AutoAWQ 4-bit GEMM, group 128; Qwen2.5-*-Instruct-GPTQ-Int4 GPTQ 4-bit, group 128.
    dec("Qwen/Qwen2.5-7B", "qwen2.5-7b", "Qwen2.5 7B", Arch { bias: Bias::Qkv, max_context: 131_072, ..llama(28, 3584, 28, 4, 18_944, 152_064) },
        exact(7_615_616_512), "Qwen/Qwen2.5-7B config.json; 7,615,616,512 parameters")
        .variants(&["Qwen/Qwen2.5-7B-Instruct"])
        .checkpoints(&[("Qwen/Qwen2.5-7B-Instruct-AWQ", Quant::Awq), ("Qwen/Qwen2.5-7B-Instruct-GPTQ-Int4", Quant::Gptq)]),
    dec("Qwen/Qwen2.5-14B", "qwen2.5-14b", "Qwen2.5 14B", Arch { bias: Bias::Qkv, max_context: 131_072, ..llama(48, 5120, 40, 8, 13_824, 152_064) },
        exact(14_770_033_664), "Qwen/Qwen2.5-14B config.json; 14,770,033,664 parameters")
        .variants(&["Qwen/Qwen2.5-14B-Instruct"])
        .checkpoints(&[("Qwen/Qwen2.5-14B-Instruct-AWQ", Quant::Awq), ("Qwen/Qwen2.5-14B-Instruct-GPTQ-Int4", Quant::Gptq)]),
    dec("Qwen/Qwen2.5-32B", "qwen2.5-32b", "Qwen2.5 32B", Arch { bias: Bias::Qkv, max_context: 131_072, ..llama(64, 5120, 40, 8, 27_648, 152_064) },
        exact(32_763_876_352), "Qwen/Qwen2.5-32B config.json; 32,763,876,352 parameters")
        .variants(&["Qwen/Qwen2.5-32B-Instruct"])
        .checkpoints(&[("Qwen/Qwen2.5-32B-Instruct-AWQ", Quant::Awq), ("Qwen/Qwen2.5-32B-Instruct-GPTQ-Int4", Quant::Gptq)]),
    dec("Qwen/Qwen2.5-72B", "qwen2.5-72b", "Qwen2.5 72B", Arch { bias: Bias::Qkv, max_context: 131_072, ..llama(80, 8192, 64, 8, 29_568, 152_064) },
        exact(72_706_203_648), "Qwen/Qwen2.5-72B config.json; 72,706,203,648 parameters")
        .variants(&["Qwen/Qwen2.5-72B-Instruct"])
        .checkpoints(&[("Qwen/Qwen2.5-72B-Instruct-AWQ", Quant::Awq), ("Qwen/Qwen2.5-72B-Instruct-GPTQ-Int4", Quant::Gptq)]),
    dec("Qwen/Qwen3-0.6B", "qwen3-0.6b", "Qwen3 0.6B", Arch { layers: 28, hidden: 1024, heads: 16, kv_heads: 8, ffn: 3072, vocab: 151_936, tied: true, ..QWEN3 },
        exact(596_049_920), "Qwen/Qwen3-0.6B config.json; 596,049,920 parameters")
        .checkpoints(&[("Qwen/Qwen3-0.6B-FP8", Quant::Fp8Block)]),
    dec("Qwen/Qwen3-1.7B", "qwen3-1.7b", "Qwen3 1.7B", Arch { layers: 28, hidden: 2048, heads: 16, kv_heads: 8, ffn: 6144, vocab: 151_936, tied: true, ..QWEN3 },
        rounded(1_700_000_000, 30_000), "Qwen/Qwen3-1.7B config.json (tie_word_embeddings: true); Qwen model card: 1.7B (1.4B non-embedding), rounded to 0.1B (±3 %). The Hub shows 2.03B because the checkpoint also stores the tied output matrix")
        .checkpoints(&[("Qwen/Qwen3-1.7B-FP8", Quant::Fp8Block)]),
    dec("Qwen/Qwen3-4B", "qwen3-4b", "Qwen3 4B", Arch { layers: 36, hidden: 2560, heads: 32, kv_heads: 8, ffn: 9728, vocab: 151_936, tied: true, ..QWEN3 },
        exact(4_022_468_096), "Qwen/Qwen3-4B config.json; 4,022,468,096 parameters")
        .checkpoints(&[("Qwen/Qwen3-4B-FP8", Quant::Fp8Block), ("Qwen/Qwen3-4B-AWQ", Quant::Awq)]),
    dec("Qwen/Qwen3-8B", "qwen3-8b", "Qwen3 8B", Arch { layers: 36, hidden: 4096, heads: 32, kv_heads: 8, ffn: 12_288, vocab: 151_936, ..QWEN3 },
        exact(8_190_735_360), "Qwen/Qwen3-8B config.json; 8,190,735,360 parameters")
        .checkpoints(&[("Qwen/Qwen3-8B-FP8", Quant::Fp8Block), ("Qwen/Qwen3-8B-AWQ", Quant::Awq)]),
    dec("Qwen/Qwen3-14B", "qwen3-14b", "Qwen3 14B", Arch { layers: 40, hidden: 5120, heads: 40, kv_heads: 8, ffn: 17_408, vocab: 151_936, ..QWEN3 },
        exact(14_768_307_200), "Qwen/Qwen3-14B config.json; 14,768,307,200 parameters")
        .checkpoints(&[("Qwen/Qwen3-14B-FP8", Quant::Fp8Block), ("Qwen/Qwen3-14B-AWQ", Quant::Awq)]),
    dec("Qwen/Qwen3-32B", "qwen3-32b", "Qwen3 32B", Arch { layers: 64, hidden: 5120, heads: 64, kv_heads: 8, ffn: 25_600, vocab: 151_936, ..QWEN3 },
        exact(32_762_123_264), "Qwen/Qwen3-32B config.json; 32,762,123,264 parameters")
        .checkpoints(&[("Qwen/Qwen3-32B-FP8", Quant::Fp8Block), ("Qwen/Qwen3-32B-AWQ", Quant::Awq)]),
    dec("Qwen/Qwen3-30B-A3B", "qwen3-30b-a3b", "Qwen3 30B-A3B (MoE)", Arch { layers: 48, hidden: 2048, heads: 32, kv_heads: 4, ffn: 6144, moe_ffn: 768, vocab: 151_936, ..QWEN3 }.moe(128, 8),
        exact(30_532_122_624), "Qwen/Qwen3-30B-A3B config.json (128 experts, 8 active, moe_intermediate_size 768); 30,532,122,624 parameters")
        .checkpoints(&[("Qwen/Qwen3-30B-A3B-FP8", Quant::Fp8Block)]),
    dec("Qwen/Qwen3-235B-A22B", "qwen3-235b-a22b", "Qwen3 235B-A22B (MoE)", Arch { layers: 94, hidden: 4096, heads: 64, kv_heads: 4, ffn: 12_288, moe_ffn: 1536, vocab: 151_936, ..QWEN3 }.moe(128, 8),
        exact(235_093_634_560), "Qwen/Qwen3-235B-A22B config.json (128 experts, 8 active, moe_intermediate_size 1536); 235,093,634,560 parameters")
        .checkpoints(&[("Qwen/Qwen3-235B-A22B-FP8", Quant::Fp8Block)]),
    // Qwen3's July 2025 updates (issue 38): the same layers with a native 256k context
    // (config.json max_position_embeddings 262144), Instruct and Thinking, each with its FP8
    // release (the block-FP8 layout of the Qwen3 -FP8 repositories above).
    dec("Qwen/Qwen3-30B-A3B-Instruct-2507", "qwen3-30b-a3b-2507", "Qwen3 30B-A3B 2507 (MoE, 256k)", Arch { layers: 48, hidden: 2048, heads: 32, kv_heads: 4, ffn: 6144, moe_ffn: 768, vocab: 151_936, max_context: 262_144, ..QWEN3 }.moe(128, 8),
        exact(30_532_122_624), "Qwen/Qwen3-30B-A3B-Instruct-2507 config.json (Qwen3-30B-A3B's layers, max_position_embeddings 262144); 30,532,122,624 parameters")
        .variants(&["Qwen/Qwen3-30B-A3B-Thinking-2507"])
        .checkpoints(&[("Qwen/Qwen3-30B-A3B-Instruct-2507-FP8", Quant::Fp8Block), ("Qwen/Qwen3-30B-A3B-Thinking-2507-FP8", Quant::Fp8Block)]),
    dec("Qwen/Qwen3-235B-A22B-Instruct-2507", "qwen3-235b-a22b-2507", "Qwen3 235B-A22B 2507 (MoE, 256k)", Arch { layers: 94, hidden: 4096, heads: 64, kv_heads: 4, ffn: 12_288, moe_ffn: 1536, vocab: 151_936, max_context: 262_144, ..QWEN3 }.moe(128, 8),
        exact(235_093_634_560), "Qwen/Qwen3-235B-A22B-Instruct-2507 config.json (Qwen3-235B-A22B's layers, max_position_embeddings 262144); 235,093,634,560 parameters")
        .variants(&["Qwen/Qwen3-235B-A22B-Thinking-2507"])
        .checkpoints(&[("Qwen/Qwen3-235B-A22B-Instruct-2507-FP8", Quant::Fp8Block), ("Qwen/Qwen3-235B-A22B-Thinking-2507-FP8", Quant::Fp8Block)]),
    // --- Zhipu GLM-4.5 / 4.6 (Glm4MoeForCausalLM): grouped-query attention with Q/K/V biases,
    // leading dense layers, one shared expert, a router score-correction bias. The checkpoint's
    // multi-token-prediction layer (num_nextn_predict_layers 1) is loaded by vLLM and SGLang only
    // for speculative decoding, and is not counted. ---
    dec("zai-org/GLM-4.5", "glm-4.5", "GLM-4.5 355B-A32B (MoE)", Arch {
            layers: 92, hidden: 5120, heads: 96, kv_heads: 8, head_dim: 128, ffn: 12_288, vocab: 151_552, bias: Bias::Qkv,
            qk_norm: QkNorm::Head, experts: 160, active_experts: 8, moe_ffn: 1536, shared_experts: 1, dense_layers: 3,
            router_bias: true, max_context: 131_072, ..Arch::BASE },
        rounded(355_000_000_000, 10_000), "zai-org/GLM-4.5 config.json (92 layers, first_k_dense_replace 3, 160 experts, 8 active, moe_intermediate_size 1536, use_qk_norm, attention_bias; THUDM/slime scripts/models/glm4.5-355B-A32B.sh gives the same); Zhipu (arXiv:2508.06471): 355B total, without the MTP layer here (±1 %)")
        .variants(&["zai-org/GLM-4.5-Base"]),
    dec("zai-org/GLM-4.6", "glm-4.6", "GLM-4.6 355B-A32B (MoE)", Arch {
            layers: 92, hidden: 5120, heads: 96, kv_heads: 8, head_dim: 128, ffn: 12_288, vocab: 151_552, bias: Bias::Qkv,
            qk_norm: QkNorm::Head, experts: 160, active_experts: 8, moe_ffn: 1536, shared_experts: 1, dense_layers: 3,
            router_bias: true, max_context: 202_752, ..Arch::BASE },
        rounded(355_000_000_000, 10_000), "zai-org/GLM-4.6 config.json (GLM-4.5's architecture, max_position_embeddings 202752); Zhipu: 355B total, without the MTP layer here (±1 %)"),
    dec("zai-org/GLM-4.5-Air", "glm-4.5-air", "GLM-4.5-Air 106B-A12B (MoE)", Arch {
            layers: 46, hidden: 4096, heads: 96, kv_heads: 8, head_dim: 128, ffn: 10_944, vocab: 151_552, bias: Bias::Qkv,
            experts: 128, active_experts: 8, moe_ffn: 1408, shared_experts: 1, dense_layers: 1,
            router_bias: true, max_context: 131_072, ..Arch::BASE },
        rounded(106_000_000_000, 10_000), "zai-org/GLM-4.5-Air config.json (46 layers, first_k_dense_replace 1, 128 experts, 8 active, moe_intermediate_size 1408, no QK-norm; THUDM/slime scripts/models/glm4.5-106B-A12B.sh); Zhipu: 106B total, without the MTP layer here (±1 %)")
        .variants(&["zai-org/GLM-4.5-Air-Base"]),
    // --- Meta Llama 4 (Llama4ForConditionalGeneration): a shared expert beside the routed
    // ones, 3 of 4 layers attend within 8192-token chunks (attention_chunk_size; the 4th,
    // without RoPE, globally), counted as a window. The vision encoder (`llama4_vl`) is counted
    // from schema version 7. ---
    dec("meta-llama/Llama-4-Scout-17B-16E", "llama-4-scout", "Llama 4 Scout 17B-16E (MoE, vision-language)", llama4_vl(Arch {
            window: 8192, global_every: 4, shared_experts: 1, moe_ffn: 8192, max_context: 262_144,
            ..llama(48, 5120, 40, 8, 16_384, 202_048) }.moe(16, 1)),
        exact(108_641_793_536), "meta-llama/Llama-4-Scout-17B-16E config.json text_config (48 layers, 16 experts, 1 active, intermediate_size 8192, intermediate_size_mlp 16384, attention_chunk_size 8192, no_rope_layers every 4th; use_qk_norm is a weightless L2 norm) and vision_config; the checkpoint's count, 108,641,793,536 (Meta: 109B)"),
    dec("meta-llama/Llama-4-Scout-17B-16E-Instruct", "llama-4-scout-instruct", "Llama 4 Scout 17B-16E Instruct (MoE, vision-language)", llama4_vl(Arch {
            window: 8192, global_every: 4, shared_experts: 1, moe_ffn: 8192, max_context: 10_485_760,
            ..llama(48, 5120, 40, 8, 16_384, 202_048) }.moe(16, 1)),
        exact(108_641_793_536), "meta-llama/Llama-4-Scout-17B-16E-Instruct config.json (the base's layers, max_position_embeddings 10485760); the checkpoint's count, 108,641,793,536"),
    // Maverick alternates dense and MoE layers (interleave_moe_layer_step 2); the 24 dense
    // layers are counted as leading ones: the same count and cache, a pipeline split differs.
    dec("meta-llama/Llama-4-Maverick-17B-128E", "llama-4-maverick", "Llama 4 Maverick 17B-128E (MoE, vision-language)", llama4_vl(Arch {
            window: 8192, global_every: 4, shared_experts: 1, moe_ffn: 8192, dense_layers: 24, max_context: 1_048_576,
            ..llama(48, 5120, 40, 8, 16_384, 202_048) }.moe(128, 1)),
        exact(401_583_781_376), "meta-llama/Llama-4-Maverick-17B-128E config.json text_config (48 layers, 128 experts, 1 active, interleave_moe_layer_step 2, intermediate_size 8192, intermediate_size_mlp 16384) and vision_config (Scout's); the checkpoint's count, 401,583,781,376 (Fireworks' parameter_count; Meta: 400B)")
        .variants(&["meta-llama/Llama-4-Maverick-17B-128E-Instruct"]),
    dec("Qwen/Qwen3-Next-80B-A3B-Instruct", "qwen3-next-80b-a3b", "Qwen3-Next 80B-A3B (hybrid linear attention, MoE)", Arch { layers: 48, hidden: 2048, heads: 16, kv_heads: 2, head_dim: 256, ffn: 5120, moe_ffn: 512, shared_experts: 1, vocab: 151_936, max_context: 262_144, full_every: 4, linear_k_heads: 16, linear_v_heads: 32, linear_k_dim: 128, linear_v_dim: 128, conv_kernel: 4, attn_gate: true, ..QWEN3 }.moe(512, 10),
        rounded(80_000_000_000, 30_000), "Qwen/Qwen3-Next-80B-A3B-Instruct config.json (48 layers, full_attention_interval 4: 12 gated-attention and 36 Gated DeltaNet layers; linear_num_key_heads 16, linear_num_value_heads 32, linear_key_head_dim 128, linear_value_head_dim 128, linear_conv_kernel_dim 4; 512 experts, 10 active, moe_intermediate_size 512, one shared expert of 512; attn_output_gate); Qwen's model card: 80B total, 3B active (±3 %; the shared expert's 1-wide gate, 98,304 parameters, is not counted)")
        .variants(&["Qwen/Qwen3-Next-80B-A3B-Thinking", "Qwen/Qwen3-Next-80B-A3B"])
        .checkpoints(&[("Qwen/Qwen3-Next-80B-A3B-Instruct-FP8", Quant::Fp8Block), ("Qwen/Qwen3-Next-80B-A3B-Thinking-FP8", Quant::Fp8Block)]),
    // --- Vision-language models (issue 38): the language model as its text config, the vision
    // encoder counted apart (`catalog::vision`); the published count is both.
    dec("Qwen/Qwen2.5-VL-3B-Instruct", "qwen2.5-vl-3b", "Qwen2.5-VL 3B (vision-language)", qwen25_vl(Arch { layers: 36, hidden: 2048, heads: 16, kv_heads: 2, head_dim: 128, ffn: 11_008, vocab: 151_936, ..QWEN25_SMALL }),
        rounded(3_750_000_000, 2_000), "Qwen/Qwen2.5-VL-3B-Instruct config.json (Qwen2.5-3B's text layers, tie_word_embeddings true; vision_config depth 32, hidden_size 1280, intermediate_size 3420, out_hidden_size 2048): 3,085,938,688 + 668,684,288 vision; Hugging Face: 3.75B (±0.2 %)"),
    dec("Qwen/Qwen2.5-VL-7B-Instruct", "qwen2.5-vl-7b", "Qwen2.5-VL 7B (vision-language)", qwen25_vl(Arch { bias: Bias::Qkv, ..llama(28, 3584, 28, 4, 18_944, 152_064) }),
        rounded(8_290_000_000, 1_000), "Qwen/Qwen2.5-VL-7B-Instruct config.json (hidden_size 3584, 28 layers, 28 heads, 4 KV heads, intermediate_size 18944, vocab_size 152064, untied; vision_config depth 32, hidden_size 1280, intermediate_size 3420, out_hidden_size 3584): 7,615,616,512 + 676,550,144 vision; Hugging Face: 8.29B (±0.1 %)"),
    dec("Qwen/Qwen2.5-VL-72B-Instruct", "qwen2.5-vl-72b", "Qwen2.5-VL 72B (vision-language)", qwen25_vl(Arch { bias: Bias::Qkv, ..llama(80, 8192, 64, 8, 29_568, 152_064) }),
        rounded(73_400_000_000, 1_000), "Qwen/Qwen2.5-VL-72B-Instruct config.json (Qwen2.5-72B's text layers; vision_config depth 32, hidden_size 1280, intermediate_size 3420, out_hidden_size 8192): 72,706,203,648 + 700,147,712 vision; Hugging Face: 73.4B (±0.1 %)"),
    // Qwen3-VL (Qwen3VLForConditionalGeneration, Qwen3VLMoeForConditionalGeneration): Qwen3's
    // text layers with a 256k context (text_config max_position_embeddings 262144) and the
    // DeepStack vision encoder (`qwen3_vl`). Counts: each checkpoint's published parameter count
    // (the safetensors index total_size ÷ 2 in BF16), reproduced exactly.
    dec("Qwen/Qwen3-VL-2B-Instruct", "qwen3-vl-2b", "Qwen3-VL 2B (vision-language)", qwen3_vl(24, 1024, 4096, Arch { layers: 28, hidden: 2048, heads: 16, kv_heads: 8, ffn: 6144, vocab: 151_936, tied: true, max_context: 262_144, ..QWEN3 }),
        exact(2_127_532_032), "Qwen/Qwen3-VL-2B-Instruct config.json (Qwen3-1.7B's layers, tied; vision depth 24, width 1024, MLP 4096); the checkpoint's count 2,127,532,032 (transformers num_parameters)")
        .variants(&["Qwen/Qwen3-VL-2B-Thinking"]),
    dec("Qwen/Qwen3-VL-4B-Instruct", "qwen3-vl-4b", "Qwen3-VL 4B (vision-language)", qwen3_vl(24, 1024, 4096, Arch { layers: 36, hidden: 2560, heads: 32, kv_heads: 8, ffn: 9728, vocab: 151_936, tied: true, max_context: 262_144, ..QWEN3 }),
        exact(4_437_815_808), "Qwen/Qwen3-VL-4B-Instruct config.json (Qwen3-4B's layers, tied; vision depth 24, width 1024, MLP 4096); the checkpoint's count 4,437,815,808 (transformers num_parameters)")
        .variants(&["Qwen/Qwen3-VL-4B-Thinking"]),
    dec("Qwen/Qwen3-VL-8B-Instruct", "qwen3-vl-8b", "Qwen3-VL 8B (vision-language)", qwen3_vl(27, 1152, 4304, Arch { layers: 36, hidden: 4096, heads: 32, kv_heads: 8, ffn: 12_288, vocab: 151_936, max_context: 262_144, ..QWEN3 }),
        exact(8_767_123_696), "Qwen/Qwen3-VL-8B-Instruct config.json (Qwen3-8B's layers; vision depth 27, width 1152, MLP 4304); model.safetensors.index.json total_size 17,534,247,392 B in BF16")
        .variants(&["Qwen/Qwen3-VL-8B-Thinking"]),
    dec("Qwen/Qwen3-VL-32B-Instruct", "qwen3-vl-32b", "Qwen3-VL 32B (vision-language)", qwen3_vl(27, 1152, 4304, Arch { layers: 64, hidden: 5120, heads: 64, kv_heads: 8, ffn: 25_600, vocab: 151_936, max_context: 262_144, ..QWEN3 }),
        exact(33_357_390_064), "Qwen/Qwen3-VL-32B-Instruct config.json (Qwen3-32B's layers; vision depth 27, width 1152, MLP 4304); the checkpoint's 33,357,390,064 elements (Hugging Face: 33.4B)")
        .variants(&["Qwen/Qwen3-VL-32B-Thinking"]),
    dec("Qwen/Qwen3-VL-30B-A3B-Instruct", "qwen3-vl-30b-a3b", "Qwen3-VL 30B-A3B (MoE, vision-language)", qwen3_vl(27, 1152, 4304, Arch { layers: 48, hidden: 2048, heads: 32, kv_heads: 4, ffn: 6144, moe_ffn: 768, vocab: 151_936, max_context: 262_144, ..QWEN3 }.moe(128, 8)),
        exact(31_070_754_032), "Qwen/Qwen3-VL-30B-A3B-Instruct config.json (Qwen3-30B-A3B's layers; vision depth 27, width 1152, MLP 4304); the checkpoint's count 31,070,754,032 (Fireworks' paramCount)")
        .variants(&["Qwen/Qwen3-VL-30B-A3B-Thinking"]),
    dec("Qwen/Qwen3-VL-235B-A22B-Instruct", "qwen3-vl-235b-a22b", "Qwen3-VL 235B-A22B (MoE, vision-language)", qwen3_vl(27, 1152, 4304, Arch { layers: 94, hidden: 4096, heads: 64, kv_heads: 4, ffn: 12_288, moe_ffn: 1536, vocab: 151_936, max_context: 262_144, ..QWEN3 }.moe(128, 8)),
        exact(235_670_022_896), "Qwen/Qwen3-VL-235B-A22B-Instruct config.json (Qwen3-235B-A22B's layers; vision depth 27, width 1152, MLP 4304); the checkpoint's count 235,670,022,896 (Fireworks' paramCount)")
        .variants(&["Qwen/Qwen3-VL-235B-A22B-Thinking"]),
    // Qwen3.5 dense (issue 38; `qwen35`): counts checked against the checkpoints' own, as
    // keras-team/keras-hub keras_hub/src/models/qwen3_5/qwen3_5_presets.py (commit 48b75967)
    // lists them.
    dec("Qwen/Qwen3.5-0.8B", "qwen3.5-0.8b", "Qwen3.5 0.8B (hybrid linear attention, vision-language)", qwen35(24, 1024, 8, 2, 3584, 16, true, (12, 768, 3072)),
        exact(852_985_920), "Qwen/Qwen3.5-0.8B config.json (24 layers, hidden 1024, 8 heads, 2 KV heads, intermediate 3584, 16 linear value heads, tied; vision depth 12, width 768, MLP 3072); the checkpoint's count 852,985,920 (keras-hub qwen3_5_presets.py)")
        .variants(&["Qwen/Qwen3.5-0.8B-Base"]),
    dec("Qwen/Qwen3.5-9B", "qwen3.5-9b", "Qwen3.5 9B (hybrid linear attention, vision-language)", qwen35(32, 4096, 16, 4, 12_288, 32, false, (27, 1152, 4304)),
        exact(9_409_813_744), "Qwen/Qwen3.5-9B config.json (32 layers, hidden 4096, 16 heads, 4 KV heads, intermediate 12288, 32 linear value heads; vision depth 27, width 1152, MLP 4304); the checkpoint's count 9,409,813,744 (keras-hub qwen3_5_presets.py)")
        .variants(&["Qwen/Qwen3.5-9B-Base"]),
    dec("Qwen/Qwen3.5-27B", "qwen3.5-27b", "Qwen3.5 27B (hybrid linear attention, vision-language)", qwen35(64, 5120, 24, 4, 17_408, 48, false, (27, 1152, 4304)),
        exact(27_356_728_560), "Qwen/Qwen3.5-27B config.json (64 layers, hidden 5120, 24 heads, 4 KV heads, intermediate 17408, 48 linear value heads; vision depth 27, width 1152, MLP 4304); the checkpoint's count 27,356,728,560 (keras-hub qwen3_5_presets.py)"),
    // --- Google Gemma (RMSNorm before and after attention and MLP, tied embeddings) ---
    dec("google/gemma-2-2b", "gemma-2-2b", "Gemma 2 2B", Arch { layers: 26, hidden: 2304, heads: 8, kv_heads: 4, head_dim: 256, ffn: 9216, ..GEMMA2 },
        exact(2_614_341_888), "google/gemma-2-2b config.json (sliding_window 4096 on every other layer); 2,614,341,888 parameters")
        .variants(&["google/gemma-2-2b-it"]),
    dec("google/gemma-2-9b", "gemma-2-9b", "Gemma 2 9B", Arch { layers: 42, hidden: 3584, heads: 16, kv_heads: 8, head_dim: 256, ffn: 14_336, ..GEMMA2 },
        exact(9_241_705_984), "google/gemma-2-9b config.json (sliding_window 4096 on every other layer); 9,241,705,984 parameters")
        .variants(&["google/gemma-2-9b-it"]),
    dec("google/gemma-2-27b", "gemma-2-27b", "Gemma 2 27B", Arch { layers: 46, hidden: 4608, heads: 32, kv_heads: 16, head_dim: 128, ffn: 36_864, ..GEMMA2 },
        exact(27_227_128_320), "google/gemma-2-27b config.json (sliding_window 4096 on every other layer); 27,227,128,320 parameters")
        .variants(&["google/gemma-2-27b-it"]),
    dec("google/gemma-3-1b-pt", "gemma-3-1b", "Gemma 3 1B", Arch { layers: 26, hidden: 1152, heads: 4, kv_heads: 1, ffn: 6912, vocab: 262_144, window: 512, max_context: 32_768, ..GEMMA3 },
        exact(999_885_952), "google/gemma-3-1b-pt config.json (sliding_window 512, 5 local : 1 global); 999,885,952 parameters")
        .variants(&["google/gemma-3-1b-it"]),
    dec("google/gemma-3-4b-pt", "gemma-3-4b", "Gemma 3 4B (vision-language)", gemma3_vl(Arch { layers: 34, hidden: 2560, heads: 8, kv_heads: 4, ffn: 10_240, ..GEMMA3 }),
        rounded(4_300_000_000, 100_000), "google/gemma-3-4b-pt config.json, text_config (sliding_window 1024, 5 local : 1 global); Google: 4.3B with the 0.4B SigLIP vision encoder, counted apart from schema version 5 (catalog::vision: 419,812,848, the patch embedding's bias and SigLIP's post-layernorm, 3,456, left out) (±10 %)")
        .variants(&["google/gemma-3-4b-it"]),
    dec("google/gemma-3-12b-pt", "gemma-3-12b", "Gemma 3 12B (vision-language)", gemma3_vl(Arch { layers: 48, hidden: 3840, heads: 16, kv_heads: 8, ffn: 15_360, ..GEMMA3 }),
        rounded(12_200_000_000, 50_000), "google/gemma-3-12b-pt config.json, text_config (sliding_window 1024, 5 local : 1 global); Google: 12.2B with the 0.4B SigLIP vision encoder, counted apart from schema version 5 (catalog::vision: 421,287,408, the patch embedding's bias and SigLIP's post-layernorm, 3,456, left out) (±5 %)")
        .variants(&["google/gemma-3-12b-it"]),
    dec("google/gemma-3-27b-pt", "gemma-3-27b", "Gemma 3 27B (vision-language)", gemma3_vl(Arch { layers: 62, hidden: 5376, heads: 32, kv_heads: 16, head_dim: 128, ffn: 21_504, ..GEMMA3 }),
        rounded(27_400_000_000, 30_000), "google/gemma-3-27b-pt config.json, text_config (sliding_window 1024, 5 local : 1 global); Google: 27.4B with the 0.4B SigLIP vision encoder, counted apart from schema version 5 (catalog::vision: 423,056,880, the patch embedding's bias and SigLIP's post-layernorm, 3,456, left out) (±3 %)")
        .variants(&["google/gemma-3-27b-it"]),
    // --- Microsoft Phi (fused QKV and gate/up projections: the same counts) ---
    dec("microsoft/Phi-3-mini-4k-instruct", "phi-3-mini", "Phi-3 mini 3.8B", Arch { layers: 32, hidden: 3072, heads: 32, kv_heads: 32, head_dim: 96, ffn: 8192, max_context: 4096, ..PHI3 },
        exact(3_821_079_552), "microsoft/Phi-3-mini-4k-instruct config.json; 3,821,079,552 parameters"),
    dec("microsoft/Phi-3-medium-4k-instruct", "phi-3-medium", "Phi-3 medium 14B", Arch { layers: 40, hidden: 5120, heads: 40, kv_heads: 10, head_dim: 128, ffn: 17_920, max_context: 4096, ..PHI3 },
        exact(13_960_238_080), "microsoft/Phi-3-medium-4k-instruct config.json; 13,960,238,080 parameters"),
    dec("microsoft/Phi-3.5-mini-instruct", "phi-3.5-mini", "Phi-3.5 mini 3.8B", Arch { layers: 32, hidden: 3072, heads: 32, kv_heads: 32, head_dim: 96, ffn: 8192, max_context: 131_072, ..PHI3 },
        exact(3_821_079_552), "microsoft/Phi-3.5-mini-instruct config.json; 3,821,079,552 parameters"),
    dec("microsoft/phi-4", "phi-4", "Phi-4 14B", Arch { max_context: 16_384, ..llama(40, 5120, 40, 10, 17_920, 100_352) },
        exact(14_659_507_200), "microsoft/phi-4 config.json; 14,659,507,200 parameters"),
    // --- DeepSeek: multi-head latent attention, shared experts, dense first layers ---
    dec("deepseek-ai/DeepSeek-V2", "deepseek-v2", "DeepSeek-V2 236B (MoE, MLA)", Arch {
            layers: 60, hidden: 5120, ffn: 12_288, vocab: 102_400, experts: 160, active_experts: 6, moe_ffn: 1536,
            shared_experts: 2, dense_layers: 1, router_bias: false, ..DEEPSEEK_V3 },
        rounded(236_000_000_000, 5_000), "deepseek-ai/DeepSeek-V2 config.json; DeepSeek-V2 paper (arXiv:2405.04434): 236B total, rounded to 1B (±0.5 %)")
        .variants(&["deepseek-ai/DeepSeek-V2-Chat"]),
    dec("deepseek-ai/DeepSeek-V2-Lite", "deepseek-v2-lite", "DeepSeek-V2-Lite 16B (MoE, MLA)", Arch {
            layers: 27, hidden: 2048, heads: 16, kv_heads: 16, ffn: 10_944, vocab: 102_400, experts: 64, active_experts: 6, moe_ffn: 1408,
            shared_experts: 2, dense_layers: 1, router_bias: false, q_lora_rank: 0, ..DEEPSEEK_V3 },
        rounded(15_700_000_000, 5_000), "deepseek-ai/DeepSeek-V2-Lite config.json (q_lora_rank null); DeepSeek: 15.7B total (±0.5 %)")
        .variants(&["deepseek-ai/DeepSeek-V2-Lite-Chat"]),
    // These ship in FP8 (config.json quantization_config: quant_method fp8, e4m3,
    // weight_block_size [128, 128]).
    dec("deepseek-ai/DeepSeek-V3", "deepseek-v3", "DeepSeek-V3 671B (MoE, MLA)", DEEPSEEK_V3,
        rounded(671_000_000_000, 1_000), "deepseek-ai/DeepSeek-V3 config.json; DeepSeek-V3 report (arXiv:2412.19437): 671B total without the 14B multi-token-prediction module (±0.1 %)")
        .variants(&["deepseek-ai/DeepSeek-V3-Base", "deepseek-ai/DeepSeek-V3-0324"]).ships(Quant::Fp8Block),
    dec("deepseek-ai/DeepSeek-R1", "deepseek-r1", "DeepSeek-R1 671B (MoE, MLA)", DEEPSEEK_V3,
        rounded(671_000_000_000, 1_000), "deepseek-ai/DeepSeek-R1 config.json (the DeepSeek-V3 architecture); 671B total without the MTP module (±0.1 %)")
        .variants(&["deepseek-ai/DeepSeek-R1-0528"]).ships(Quant::Fp8Block),
    dec("deepseek-ai/DeepSeek-V3.1", "deepseek-v3.1", "DeepSeek-V3.1 671B (MoE, MLA)", DEEPSEEK_V3,
        rounded(671_000_000_000, 1_000), "deepseek-ai/DeepSeek-V3.1 config.json (the DeepSeek-V3 architecture; quantization_config fp8, weight_block_size [128, 128], scale_fmt ue8m0); 671B without the 14B MTP module (±0.1 %)")
        .variants(&["deepseek-ai/DeepSeek-V3.1-Base", "deepseek-ai/DeepSeek-V3.1-Terminus"]).ships(Quant::Fp8Block),
    // V3.2's sparse attention adds a lightning indexer per layer (index_n_heads 64,
    // index_head_dim 128: about 14M weights a layer, 0.85B in all) and an FP8 key cache of 128
    // values + a scale per token and layer (vLLM DeepseekV32IndexerCache); neither is counted.
    dec("deepseek-ai/DeepSeek-V3.2-Exp", "deepseek-v3.2", "DeepSeek-V3.2-Exp 671B (MoE, MLA, sparse attention; indexer weights not counted)", Arch { index_head_dim: 128, ..DEEPSEEK_V3 },
        rounded(671_000_000_000, 2_000), "deepseek-ai/DeepSeek-V3.2-Exp config.json (DeepSeek-V3's layers plus the indexer, index_topk 2048); DeepSeek: 685B with the MTP module, 671B without; the 0.85B indexer is not counted (±0.2 %)")
        .variants(&["deepseek-ai/DeepSeek-V3.2-Exp-Base", "deepseek-ai/DeepSeek-V3.2"]).ships(Quant::Fp8Block),
    // --- Moonshot Kimi K2: the DeepSeek-V3 architecture with 384 experts, 64 heads, one dense
    // layer; ships in FP8 (quantization_config fp8, weight_block_size [128, 128]). ---
    dec("moonshotai/Kimi-K2-Instruct", "kimi-k2", "Kimi K2 1T-A32B (MoE, MLA)", Arch {
            heads: 64, kv_heads: 64, experts: 384, dense_layers: 1, vocab: 163_840, max_context: 131_072, ..DEEPSEEK_V3 },
        rounded(1_000_000_000_000, 50_000), "moonshotai/Kimi-K2-Instruct config.json (61 layers, 384 experts, 8 active, 64 heads, first_k_dense_replace 1, vocab 163840); Moonshot model card: 1T total, 32B activated, rounded to 0.1T (±5 %)")
        .variants(&["moonshotai/Kimi-K2-Base"]).ships(Quant::Fp8Block),
    // Kimi K2 Thinking (November 2025): Kimi K2's layers with a 256k context, released with its
    // routed experts in INT4 (quantization-aware training; quantization_config
    // compressed-tensors, num_bits 4, group_size 32, every other module in `ignore`, BF16).
    dec("moonshotai/Kimi-K2-Thinking", "kimi-k2-thinking", "Kimi K2 Thinking 1T-A32B (MoE, MLA, 256k, INT4 experts)", Arch {
            heads: 64, kv_heads: 64, experts: 384, dense_layers: 1, vocab: 163_840, max_context: 262_144, ..DEEPSEEK_V3 },
        rounded(1_000_000_000_000, 50_000), "moonshotai/Kimi-K2-Thinking config.json (Kimi K2's layers, max_position_embeddings 262144; quantization_config compressed-tensors, num_bits 4, group_size 32); Moonshot: 1T total (±5 %)")
        .ships(Quant::Int4Experts),
    // The September 2025 update: the same layers with a 256k context (config.json
    // max_position_embeddings 262144), the same FP8 release.
    dec("moonshotai/Kimi-K2-Instruct-0905", "kimi-k2-0905", "Kimi K2 0905 1T-A32B (MoE, MLA, 256k)", Arch {
            heads: 64, kv_heads: 64, experts: 384, dense_layers: 1, vocab: 163_840, max_context: 262_144, ..DEEPSEEK_V3 },
        rounded(1_000_000_000_000, 50_000), "moonshotai/Kimi-K2-Instruct-0905 config.json (Kimi K2's layers, max_position_embeddings 262144; quantization_config fp8, weight_block_size [128, 128]); Moonshot: 1T total (±5 %)")
        .ships(Quant::Fp8Block),
    // --- OpenAI GPT-OSS: MoE with biases, attention sinks, alternating 128-token windows ---
    // Both ship with MXFP4 experts (config.json quantization_config: quant_method mxfp4,
    // modules_to_not_convert: attention, router, embeddings, head).
    dec("openai/gpt-oss-20b", "gpt-oss-20b", "GPT-OSS 20B (MoE)", Arch { layers: 24, experts: 32, ..GPT_OSS },
        exact(20_914_757_184), "openai/gpt-oss-20b config.json; OpenAI gpt-oss model card: 20.91B total (20,914,757,184)")
        .ships(Quant::Mxfp4),
    dec("openai/gpt-oss-120b", "gpt-oss-120b", "GPT-OSS 120B (MoE)", Arch { layers: 36, experts: 128, ..GPT_OSS },
        exact(116_829_156_672), "openai/gpt-oss-120b config.json; OpenAI gpt-oss model card: 116.83B total (116,829,156,672)")
        .ships(Quant::Mxfp4),
    // --- AllenAI OLMo 2: norms after attention and MLP, QK-norm over all heads ---
    dec("allenai/OLMo-2-1124-7B", "olmo-2-7b", "OLMo 2 7B", Arch { layers: 32, hidden: 4096, heads: 32, kv_heads: 32, head_dim: 128, ffn: 11_008, ..OLMO2 },
        exact(7_298_617_344), "allenai/OLMo-2-1124-7B config.json; 7,298,617,344 parameters"),
    dec("allenai/OLMo-2-1124-13B", "olmo-2-13b", "OLMo 2 13B", Arch { layers: 40, hidden: 5120, heads: 40, kv_heads: 40, head_dim: 128, ffn: 13_824, ..OLMO2 },
        rounded(13_700_000_000, 5_000), "allenai/OLMo-2-1124-13B config.json; AllenAI: 13.7B (±0.5 %)"),
];
