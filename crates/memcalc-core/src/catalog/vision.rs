//! The vision encoder of a vision-language model (issue 38): its parameters from config.json's
//! `vision_config`, counted as the Hugging Face and vLLM implementations build it, and the shape
//! of vLLM's multimodal profile run (the largest image batch the encoder budget admits).

pub use crate::catalog::arch::VisionProj;
use crate::catalog::arch::{Arch, Mlp, Norm};

/// Where the vision encoder's parameters come from.
pub const SRC_VISION: &str = "the encoder as Hugging Face transformers builds it from config.json vision_config: Pixtral modeling_pixtral.py (Mistral Small 3.1/3.2: patch_conv and q, k, v, o, gate, up, down without biases, ln_pre and two RMSNorms per layer) with modeling_mistral3.py Mistral3MultiModalProjector (RMSNorm, Mistral3PatchMerger, linear_1, linear_2; multimodal_projector_bias false), Qwen2.5-VL modeling_qwen2_5_vl.py (Qwen2_5_VisionPatchEmbed conv3d without bias, Qwen2_5_VLVisionBlock: qkv and proj with biases, gated MLP with biases, two RMSNorms; Qwen2_5_VLPatchMerger), SigLIP modeling_siglip.py (LLaVA-OneVision, Gemma 3: learned positions, standard MLP, LayerNorms), InternVL modeling_internvl.py (InternViT, mlp1 projector), Gemma 3 modeling_gemma3.py Gemma3MultiModalProjector (mm_soft_emb_norm, mm_input_projection_weight), Llama 4 modeling_llama4.py (patch linear without bias, class token, (image ÷ patch)² + 1 positions, LayerNorms before and after the layers, q, k, v, o, fc1, fc2 with biases; pixel-shuffle MLP and projector without biases), Qwen3-VL modeling_qwen3_vl.py (conv3d with bias, learned positions, biased qkv, proj, fc1, fc2, LayerNorms; the merger and one per deepstack_visual_indexes entry; Qwen3.5 none); elsewhere the patch embedding's bias (at most one width of values) is not counted";

/// Llama 4's pixel-shuffle MLP and projector width: `projector_input_dim`,
/// `projector_output_dim` and `vision_output_dim`, 4096 in the config.json of every released
/// Llama 4 (Scout and Maverick, base and Instruct); a config giving another width is not read.
pub const LLAMA4_PROJ: u64 = 4096;

/// Qwen3-VL's DeepStack mergers: one per `deepstack_visual_indexes` entry, three in the
/// config.json of every released Qwen3-VL (2B to 235B-A22B: layers 5, 11, 17 of 24 or 8, 16, 24
/// of 27); a config naming another number is not read.
pub const DEEPSTACK_MERGERS: u64 = 3;

/// Where vLLM's multimodal profile comes from.
pub const SRC_MM_PROFILE: &str = "vLLM v0.11 vllm/v1/worker/gpu_model_runner.py profile_run (the encoder run on a dummy batch of the largest items, its outputs kept in the encoder cache while the language model's dummy step runs; one peak measured over both), vllm/v1/worker/utils.py MultiModalBudget._get_max_items (items = max(1, min(budget ÷ tokens per item, max_num_seqs × max(1, min(limit_mm_per_prompt, max_model_len ÷ tokens per item))))), vllm/v1/core/encoder_cache_manager.py compute_encoder_budget (budget = max(max_num_batched_tokens, tokens per item)); vllm/config/multimodal.py (limit_mm_per_prompt 999 per modality unless given, skip_mm_profiling false); the encoder layer's working set: vllm/model_executor/models/qwen2_5_vl.py Qwen2_5_VisionMLP (merged gate_up, act, down)";

/// The projector's input width: the encoder width times the merged patches (Gemma 3 pools,
/// so its projector reads one patch's width).
pub fn proj_in(a: &Arch) -> u64 {
    match a.vision_proj {
        VisionProj::Linear => a.vision_hidden,
        VisionProj::Merger
        | VisionProj::Mlp
        | VisionProj::Pixtral
        | VisionProj::Llama4
        | VisionProj::Deepstack
        | VisionProj::Qwen35 => {
            crate::mul!(a.vision_hidden, merge_patches(a))
        }
    }
}

/// Patches per language-model token (merge side squared, at least 1).
pub fn merge_patches(a: &Arch) -> u64 {
    let m = a.vision_merge.max(1);
    crate::mul!(m, m)
}

fn norm(kind: Norm, width: u64) -> u64 {
    match kind {
        Norm::LayerNorm => crate::mul!(2, width),
        Norm::RmsNorm => width,
    }
}

/// Parameters of the vision encoder, by part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VisionParams {
    /// Patch embedding (3 colours × frames × patch²) × width, and learned positions.
    pub embed: u64,
    /// One encoder layer: attention (q, k, v, o with biases), MLP with biases, two norms.
    pub layer: u64,
    pub layers: u64,
    pub projector: u64,
}

impl VisionParams {
    pub fn total(&self) -> u64 {
        crate::add!(
            self.embed,
            crate::mul!(self.layer, self.layers),
            self.projector
        )
    }
}

/// The encoder's parameters (0 for a model without one).
pub fn params(a: &Arch) -> VisionParams {
    if a.vision_layers == 0 {
        return VisionParams {
            embed: 0,
            layer: 0,
            layers: 0,
            projector: 0,
        };
    }
    let h = a.vision_hidden;
    let f = a.vision_ffn;
    // Pixtral's linear layers carry no bias (modeling_pixtral.py PixtralAttention, PixtralMLP).
    let biased = u64::from(a.vision_proj != VisionProj::Pixtral);
    let attention = crate::add!(crate::mul!(4, h, h), crate::mul!(4, h, biased));
    let mlp = match a.vision_mlp {
        Mlp::Gated => crate::add!(
            crate::mul!(3, h, f),
            crate::mul!(crate::add!(crate::mul!(2, f), h), biased)
        ),
        Mlp::Standard => crate::add!(crate::mul!(2, h, f), crate::mul!(crate::add!(f, h), biased)),
    };
    let layer = crate::add!(attention, mlp, crate::mul!(2, norm(a.vision_norm, h)));
    let embed = crate::add!(
        crate::mul!(
            3,
            a.vision_temporal.max(1),
            a.vision_patch,
            a.vision_patch,
            h
        ),
        crate::mul!(a.vision_positions, h),
        match a.vision_proj {
            // Pixtral's ln_pre, an RMSNorm over the patch embeddings.
            VisionProj::Pixtral => h,
            // Llama 4's class_embedding, layernorm_pre and layernorm_post (LayerNorms).
            VisionProj::Llama4 => crate::mul!(5, h),
            // Qwen3-VL's patch embedding is a Conv3d with bias.
            VisionProj::Deepstack | VisionProj::Qwen35 => h,
            VisionProj::Merger | VisionProj::Mlp | VisionProj::Linear => 0,
        }
    );
    let d = proj_in(a);
    let lm = a.hidden;
    let projector = match a.vision_proj {
        VisionProj::Merger => crate::add!(
            norm(a.vision_norm, h),
            crate::mul!(d, d),
            d,
            crate::mul!(d, lm),
            lm
        ),
        VisionProj::Mlp => crate::add!(crate::mul!(d, lm), lm, crate::mul!(lm, lm), lm),
        VisionProj::Linear => crate::add!(h, crate::mul!(h, lm)),
        // Mistral3MultiModalProjector: norm, merging_layer (width · merge² → width), linear_1
        // (width → hidden), linear_2 (hidden → hidden), no biases.
        VisionProj::Pixtral => crate::add!(
            h,
            crate::mul!(d, h),
            crate::mul!(h, lm),
            crate::mul!(lm, lm)
        ),
        // Llama4VisionPixelShuffleMLP fc1 (width · merge² → 4096), fc2 (4096²), then
        // Llama4MultiModalProjector linear_1 (4096 → hidden); no biases.
        VisionProj::Llama4 => crate::add!(
            crate::mul!(d, LLAMA4_PROJ),
            crate::mul!(LLAMA4_PROJ, LLAMA4_PROJ),
            crate::mul!(LLAMA4_PROJ, lm)
        ),
        // The merger (LayerNorm over one patch's width before the merge) and the DeepStack
        // mergers (LayerNorm over the merged width); each linear_fc1 d → d and linear_fc2
        // d → hidden with biases.
        VisionProj::Deepstack | VisionProj::Qwen35 => {
            let mlp = crate::add!(crate::mul!(d, d), d, crate::mul!(d, lm), lm);
            let deepstack = if a.vision_proj == VisionProj::Deepstack {
                DEEPSTACK_MERGERS
            } else {
                0
            };
            crate::add!(
                norm(a.vision_norm, h),
                mlp,
                crate::mul!(deepstack, crate::add!(norm(a.vision_norm, d), mlp))
            )
        }
    };
    VisionParams {
        embed,
        layer,
        layers: a.vision_layers,
        projector,
    }
}

/// The items vLLM's profile run encodes at once and the tokens they give
/// (`MultiModalBudget._get_max_items`, `compute_encoder_budget`; chunked prefill on, as in V1).
pub fn profile_items(
    a: &Arch,
    step_tokens: u64,
    max_seqs: u64,
    max_model_len: u64,
    limit: u64,
) -> u64 {
    let per_item = a.vision_tokens;
    if per_item == 0 || limit == 0 || a.vision_layers == 0 {
        return 0;
    }
    let budget = step_tokens.max(per_item);
    let per_prompt = limit.min(max_model_len / per_item).max(1);
    (budget / per_item)
        .min(crate::mul!(max_seqs, per_prompt))
        .max(1)
}

/// SGLang's reduction of its default static fraction for a vision-language model
/// (python/sglang/srt/server_args.py `adjust_mem_fraction_for_vlm`, applied by
/// `_handle_gpu_memory_settings` when `--mem-fraction-static` is not given): 0.95 × clamp(1 −
/// 0.1 × (layers · width² ÷ (24 · 1024²) − 1), 0.8, 1.05), against a ViT-L/14. It reads
/// `vision_config.num_hidden_layers`, 24 where the config names them otherwise (Qwen2/2.5-VL's
/// `depth`, the patch-merger family here, Qwen3-VL's too). 1 without a vision encoder.
pub fn sglang_share_factor(a: &Arch) -> f64 {
    if a.vision_layers == 0 {
        return 1.0;
    }
    let layers = match a.vision_proj {
        VisionProj::Merger | VisionProj::Deepstack | VisionProj::Qwen35 => 24.0,
        VisionProj::Mlp | VisionProj::Linear | VisionProj::Pixtral | VisionProj::Llama4 => {
            a.vision_layers as f64
        }
    };
    let width = a.vision_hidden as f64;
    let ratio = layers * width * width / (24.0 * 1024.0 * 1024.0);
    0.95 * (1.0 - 0.1 * (ratio - 1.0)).clamp(0.8, 1.05)
}
