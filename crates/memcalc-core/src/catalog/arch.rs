//! Transformer architecture: the exact parameter count of a configuration, per part, and the
//! shape assumed when only a parameter count is known.

use crate::base::choice::choice_enum;

choice_enum!(
    /// Feed-forward block: two matrices (GELU/ReLU MLP) or three (gated: SwiGLU, GeGLU).
    Mlp {
        Standard => ("standard", "Standard (2 matrices)"),
        Gated => ("gated", "Gated, e.g. SwiGLU (3 matrices)"),
    }
);

choice_enum!(
    /// Which linear layers carry a bias vector.
    Bias {
        None => ("none", "None (Llama, Mistral)"),
        Qkv => ("qkv", "Q, K, V only (Qwen2)"),
        All => ("all", "All linear layers (GPT-2, BERT)"),
    }
);

choice_enum!(
    /// Normalisation layers: LayerNorm has a weight and a bias, RMSNorm a weight only.
    Norm {
        LayerNorm => ("layernorm", "LayerNorm (weight and bias)"),
        RmsNorm => ("rmsnorm", "RMSNorm (weight only)"),
    }
);

choice_enum!(
    /// Normalisation of queries and keys inside attention (QK-norm).
    QkNorm {
        None => ("none", "None"),
        Head => ("head", "Per head: one head_dim weight each for Q and K (Qwen3, Gemma 3)"),
        Full => ("full", "Over all heads: heads·head_dim + kv_heads·head_dim (OLMo 2)"),
    }
);

choice_enum!(
    /// How the encoder's patches reach the language model's width.
    VisionProj {
        Merger => ("merger", "Patch merger: norm, (width · merge²)² and (width · merge²) → hidden, with biases (Qwen2-VL, Qwen2.5-VL)"),
        Mlp => ("mlp", "Two-layer MLP: (width · merge²) → hidden → hidden, with biases (LLaVA, LLaVA-OneVision, InternVL)"),
        Linear => ("linear", "One matrix: RMSNorm and width → hidden, no bias (Gemma 3)"),
        Pixtral => ("pixtral", "Pixtral encoder and Mistral 3 projector, no biases anywhere: an RMSNorm before the layers; norm, patch merger (width · merge²) → width, two-layer MLP width → hidden → hidden (Mistral Small 3.1, 3.2)"),
        Llama4 => ("llama4", "Llama 4: pixel-shuffle MLP (width · merge²) → 4096 → 4096, then 4096 → hidden, no biases"),
        Qwen35 => ("qwen3_5", "Qwen3.5: Qwen3-VL's merger, no DeepStack mergers"),
        Deepstack => ("deepstack", "Qwen3-VL: patch merger with LayerNorm and three DeepStack mergers of its shape"),
    }
);

/// A decoder (or encoder) transformer, enough to count its parameters exactly and size its KV
/// cache. Fields after `active_experts` describe newer designs; their zero/false values mean the
/// classic layer, so every older link keeps its numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arch {
    pub layers: u64,
    pub hidden: u64,
    pub heads: u64,
    pub kv_heads: u64,
    /// Query/key head dimension (with MLA: qk_nope_head_dim + qk_rope_head_dim).
    pub head_dim: u64,
    /// Feed-forward width of dense layers (and of experts unless `moe_ffn` is given).
    pub ffn: u64,
    pub vocab: u64,
    pub mlp: Mlp,
    pub bias: Bias,
    pub tied: bool,
    /// Rows of a learned position-embedding table (GPT-2, BERT); 0 for rotary or none.
    pub learned_pos: u64,
    pub norm: Norm,
    /// Experts per MoE layer; 1 for a dense model.
    pub experts: u64,
    /// Experts each token is routed to.
    pub active_experts: u64,
    /// Width of each expert's FFN (HF `moe_intermediate_size`); 0: the same as `ffn`.
    pub moe_ffn: u64,
    /// Experts every token passes through besides the routed ones (DeepSeek `n_shared_experts`).
    pub shared_experts: u64,
    /// Leading layers with a dense FFN of width `ffn` (DeepSeek `first_k_dense_replace`).
    pub dense_layers: u64,
    /// The router has a bias (GPT-OSS) or score-correction bias (DeepSeek-V3): one per expert.
    pub router_bias: bool,
    /// Learned attention sinks: one logit per query head and layer (GPT-OSS).
    pub sinks: bool,
    /// MLA query compression rank (`q_lora_rank`); 0: a full-rank query projection.
    pub q_lora_rank: u64,
    /// MLA latent KV rank (`kv_lora_rank`); 0: ordinary (grouped-query) attention.
    pub kv_lora_rank: u64,
    /// MLA decoupled rotary key dimension (`qk_rope_head_dim`), shared by all heads.
    pub rope_dim: u64,
    /// MLA value head dimension (`v_head_dim`); 0: `head_dim`.
    pub v_head_dim: u64,
    /// Sliding attention window in tokens; 0: every layer attends to the whole context.
    pub window: u64,
    /// With a window, every n-th layer attends globally (Gemma 2: 2, Gemma 3: 6); 0: none does.
    pub global_every: u64,
    pub qk_norm: QkNorm,
    /// Norms before and after both attention and MLP: four per layer (Gemma 2 and 3).
    pub sandwich: bool,
    /// Longest context the model was trained for (`max_position_embeddings`); 0: unknown.
    pub max_context: u64,
    /// Parameters of the repeating layers a quantized checkpoint keeps in 16 bits
    /// (config.json `quantization_config` `ignore` / `modules_to_not_convert`), beside the
    /// embeddings and output layer; 0: every linear layer is quantized.
    pub unquantized: u64,
    /// Hybrid linear attention (Qwen3-Next `full_attention_interval`): every n-th layer attends
    /// to the whole context, the others are Gated DeltaNet linear-attention layers that keep a
    /// fixed state per sequence instead of a KV cache; 0: every layer attends.
    pub full_every: u64,
    /// The linear-attention layers' key and value heads and head sizes (Qwen3-Next
    /// `linear_num_key_heads`, `linear_num_value_heads`, `linear_key_head_dim`,
    /// `linear_value_head_dim`) and their causal convolution's kernel
    /// (`linear_conv_kernel_dim`).
    pub linear_k_heads: u64,
    pub linear_v_heads: u64,
    pub linear_k_dim: u64,
    pub linear_v_dim: u64,
    pub conv_kernel: u64,
    /// A sigmoid gate on the attention output (Qwen3-Next `attn_output_gate`): the query
    /// projection is twice as wide.
    pub attn_gate: bool,
    /// The vision encoder of a vision-language model (config.json `vision_config`; issue 38):
    /// its transformer layers (0: no vision encoder), width, MLP width and kind, norms, patch
    /// side, frames per patch (Qwen2/2.5-VL `temporal_patch_size` 2), learned positions, the
    /// patches merged into one language-model token (`spatial_merge_size`², InternVL's pixel
    /// shuffle, Gemma 3's pooling: the side here), the projector and the most tokens one image
    /// gives (the processor's `max_pixels` ÷ (patch · merge)²). Counted by
    /// [`crate::catalog::vision`].
    pub vision_layers: u64,
    pub vision_hidden: u64,
    pub vision_ffn: u64,
    pub vision_mlp: Mlp,
    pub vision_norm: Norm,
    pub vision_patch: u64,
    pub vision_temporal: u64,
    pub vision_positions: u64,
    pub vision_merge: u64,
    pub vision_proj: VisionProj,
    pub vision_tokens: u64,
    /// DeepSeek sparse attention's lightning indexer (DeepSeek-V3.2 `index_head_dim`): each
    /// layer caches one FP8 key of this size per token with its FP32 scale; 0: no indexer.
    pub index_head_dim: u64,
}

/// The classic layer every newer field defaults to; `..Arch::BASE` fills them.
impl Arch {
    pub const BASE: Arch = Arch {
        layers: 1,
        hidden: 1,
        heads: 1,
        kv_heads: 1,
        head_dim: 1,
        ffn: 4,
        vocab: 1,
        mlp: Mlp::Gated,
        bias: Bias::None,
        tied: false,
        learned_pos: 0,
        norm: Norm::RmsNorm,
        experts: 1,
        active_experts: 1,
        moe_ffn: 0,
        shared_experts: 0,
        dense_layers: 0,
        router_bias: false,
        sinks: false,
        q_lora_rank: 0,
        kv_lora_rank: 0,
        rope_dim: 0,
        v_head_dim: 0,
        window: 0,
        global_every: 0,
        qk_norm: QkNorm::None,
        sandwich: false,
        max_context: 0,
        unquantized: 0,
        full_every: 0,
        linear_k_heads: 0,
        linear_v_heads: 0,
        linear_k_dim: 0,
        linear_v_dim: 0,
        conv_kernel: 0,
        attn_gate: false,
        vision_layers: 0,
        vision_hidden: 0,
        vision_ffn: 0,
        vision_mlp: Mlp::Standard,
        vision_norm: Norm::LayerNorm,
        vision_patch: 0,
        vision_temporal: 0,
        vision_positions: 0,
        vision_merge: 0,
        vision_proj: VisionProj::Mlp,
        vision_tokens: 0,
        index_head_dim: 0,
    };
}

/// Parameters by part, for one whole model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParamCount {
    /// Token embeddings plus learned positions.
    pub embedding: u64,
    /// Output projection when not tied to the embeddings.
    pub head: u64,
    /// One (MoE, when the model has experts) layer.
    pub per_layer: u64,
    /// Attention part of one layer (with biases, norms inside attention and sinks).
    pub attention: u64,
    /// Feed-forward part of one layer, all experts, shared experts and router included.
    pub mlp: u64,
    pub final_norm: u64,
    /// One of the leading dense layers, and how many there are (DeepSeek).
    pub dense_layer: u64,
    pub dense_layers: u64,
    /// Hybrid linear attention: every `full_every`-th layer attends fully, the others hold
    /// `linear_mixer` parameters in place of `attention` (0: none).
    pub full_every: u64,
    pub linear_mixer: u64,
}

impl ParamCount {
    pub fn total(&self, layers: u64) -> u64 {
        crate::add!(
            self.embedding,
            self.head,
            self.layer_range(0, layers),
            self.final_norm
        )
    }

    /// Parameters of layers `start .. start + n`: leading dense layers differ from the rest.
    pub fn layer_range(&self, start: u64, n: u64) -> u64 {
        let dense = self
            .dense_layers
            .min(start + n)
            .saturating_sub(start)
            .min(n);
        let linear = linear_in(self.full_every, start, n);
        crate::add!(
            crate::mul!(self.dense_layer, dense),
            crate::mul!(self.per_layer, n - dense),
            crate::mul!(linear, self.linear_mixer)
        )
        .saturating_sub(crate::mul!(linear, self.attention))
    }
}

/// Linear-attention layers among `start .. start + n` when every `full_every`-th layer (from
/// 1) attends fully; 0 without linear attention.
pub fn linear_in(full_every: u64, start: u64, n: u64) -> u64 {
    if full_every == 0 {
        return 0;
    }
    let full_below = |x: u64| x / full_every;
    n - (full_below(start + n) - full_below(start))
}

impl Arch {
    /// Llama's rule for the FFN width of a gated MLP: 2/3 of 4h, rounded up to a multiple of 256.
    pub fn default_ffn(hidden: u64, mlp: Mlp) -> u64 {
        match mlp {
            Mlp::Standard => 4 * hidden,
            Mlp::Gated => (8 * hidden / 3).div_ceil(256) * 256,
        }
    }

    fn norm_params(&self) -> u64 {
        match self.norm {
            Norm::LayerNorm => 2 * self.hidden,
            Norm::RmsNorm => self.hidden,
        }
    }

    /// Parameters in tensors of fewer than `threshold` elements over the whole model: the
    /// norms' weights and biases, the linear layers' bias vectors and QK-norm's, each a
    /// tensor of its own (Hugging Face and timm layouts); an 8-bit optimizer keeps their
    /// states in FP32 (bitsandbytes `min_8bit_size`).
    pub fn small_tensor_params(&self, threshold: u64) -> u64 {
        let h = self.hidden;
        let small = |n: u64| if n < threshold { n } else { 0 };
        let norm_tensors = match self.norm {
            Norm::LayerNorm => 2,
            Norm::RmsNorm => 1,
        };
        let norm = crate::mul!(norm_tensors, small(h));
        let norms = crate::mul!(if self.sandwich { 4 } else { 2 }, norm);
        let q = crate::mul!(self.heads, self.head_dim);
        let kv = crate::mul!(self.kv_heads, self.head_dim);
        let attention_bias = match self.bias {
            Bias::None => 0,
            Bias::Qkv => crate::add!(small(q), small(kv), small(kv)),
            Bias::All => crate::add!(small(q), small(kv), small(kv), small(h)),
        };
        let qk_norm = match self.qk_norm {
            QkNorm::None => 0,
            QkNorm::Head => crate::mul!(2, small(self.head_dim)),
            QkNorm::Full => crate::add!(small(q), small(kv)),
        };
        let ffn_bias = |i: u64| {
            if self.bias != Bias::All {
                return 0;
            }
            match self.mlp {
                Mlp::Standard => crate::add!(small(i), small(h)),
                Mlp::Gated => crate::add!(small(i), small(i), small(h)),
            }
        };
        let mlp_bias = if self.experts > 1 {
            crate::mul!(
                self.experts + self.shared_experts,
                ffn_bias(self.expert_ffn())
            )
        } else {
            ffn_bias(self.ffn)
        };
        let per_layer = crate::add!(norms, attention_bias, qk_norm, mlp_bias);
        crate::add!(crate::mul!(self.layers, per_layer), norm)
    }

    /// Multi-head latent attention (DeepSeek-V2/V3) is on.
    pub fn mla(&self) -> bool {
        self.kv_lora_rank > 0
    }

    /// Width of one routed expert's FFN.
    pub fn expert_ffn(&self) -> u64 {
        if self.moe_ffn > 0 {
            self.moe_ffn
        } else {
            self.ffn
        }
    }

    /// Parameters of one FFN block of width `i` (gated: gate, up, down).
    fn ffn_params(&self, i: u64) -> u64 {
        let h = self.hidden;
        let matrices = match self.mlp {
            Mlp::Standard => crate::mul!(2, h, i),
            Mlp::Gated => crate::mul!(3, h, i),
        };
        let biases = if self.bias == Bias::All {
            match self.mlp {
                Mlp::Standard => i + h,
                Mlp::Gated => 2 * i + h,
            }
        } else {
            0
        };
        matrices.saturating_add(biases)
    }

    /// Parameters of one routed expert's (or the dense) feed-forward block.
    pub fn expert_params(&self) -> u64 {
        self.ffn_params(self.expert_ffn())
    }

    /// Feed-forward width a token passes through in an MoE layer (routed and shared experts),
    /// or the dense width: what the MLP's activations scale with.
    pub fn active_ffn(&self) -> u64 {
        if self.experts > 1 {
            crate::mul!(
                self.expert_ffn(),
                self.active_experts.max(1) + self.shared_experts
            )
        } else {
            self.ffn
        }
    }

    /// Value head dimension (MLA may differ from the query/key one).
    pub fn v_dim(&self) -> u64 {
        if self.v_head_dim > 0 {
            self.v_head_dim
        } else {
            self.head_dim
        }
    }

    /// Attention weights of one layer. Grouped-query: Q, K, V, O. MLA (DeepSeek-V2 paper,
    /// arXiv:2405.04434, section 2.1; HF modeling_deepseek_v3): W_DQ, its norm and W_UQ (or a
    /// full-rank W_Q), W_DKV with the shared rotary key, its norm, W_UK and W_UV, and W_O.
    fn attention_params(&self) -> u64 {
        let (h, heads) = (self.hidden, self.heads);
        let q = crate::mul!(heads, self.head_dim);
        let qk_norm = match self.qk_norm {
            QkNorm::None => 0,
            QkNorm::Head => crate::mul!(2, self.head_dim),
            QkNorm::Full => crate::add!(q, crate::mul!(self.kv_heads, self.head_dim)),
        };
        let sinks = if self.sinks { heads } else { 0 };
        if self.mla() {
            let (ql, kvl, rope) = (self.q_lora_rank, self.kv_lora_rank, self.rope_dim);
            let nope = self.head_dim.saturating_sub(rope);
            let query = if ql > 0 {
                crate::add!(crate::mul!(h, ql), ql, crate::mul!(ql, q))
            } else {
                crate::mul!(h, q)
            };
            let kv = crate::add!(
                crate::mul!(h, kvl + rope),
                kvl,
                crate::mul!(kvl, heads, nope + self.v_dim())
            );
            let out = crate::mul!(heads, self.v_dim(), h);
            return crate::add!(query, kv, out, qk_norm, sinks);
        }
        let kv = crate::mul!(self.kv_heads, self.head_dim);
        // The output gate doubles the query projection (Qwen3-Next attn_output_gate).
        let gate = if self.attn_gate { crate::mul!(h, q) } else { 0 };
        let matrices = crate::add!(crate::mul!(2, h, q), crate::mul!(2, h, kv), gate);
        let bias = match self.bias {
            Bias::None => 0,
            Bias::Qkv => crate::add!(q, crate::mul!(2, kv)),
            Bias::All => crate::add!(q, crate::mul!(2, kv), h),
        };
        crate::add!(matrices, bias, qk_norm, sinks)
    }

    /// Exact parameter count, part by part, following the Hugging Face implementations
    /// (GPT-2, BERT, Llama, Mistral, Mixtral, Qwen2/3, Gemma 2/3, Phi-3, OLMo 2, DeepSeek-V2/V3,
    /// GPT-OSS).
    pub fn params(&self) -> ParamCount {
        let h = self.hidden;
        let attention = self.attention_params();
        let mlp = if self.experts > 1 {
            let router = crate::add!(
                crate::mul!(h, self.experts),
                if self.router_bias { self.experts } else { 0 }
            );
            crate::add!(
                crate::mul!(self.experts + self.shared_experts, self.expert_params()),
                router
            )
        } else {
            self.ffn_params(self.ffn)
        };
        let norms = crate::mul!(if self.sandwich { 4 } else { 2 }, self.norm_params());
        let per_layer = crate::add!(attention, mlp, norms);
        let dense_layers = if self.experts > 1 {
            self.dense_layers.min(self.layers)
        } else {
            0
        };
        let dense_layer = crate::add!(attention, self.ffn_params(self.ffn), norms);
        let embedding = crate::add!(crate::mul!(self.vocab, h), crate::mul!(self.learned_pos, h));
        let head = if self.tied {
            0
        } else {
            crate::mul!(self.vocab, h)
        };
        ParamCount {
            embedding,
            head,
            per_layer,
            attention,
            mlp,
            final_norm: self.norm_params(),
            dense_layer,
            dense_layers,
            full_every: self.full_every,
            linear_mixer: self.linear_mixer_params(),
        }
    }

    /// Whether the model mixes linear-attention layers with full ones (Qwen3-Next).
    pub fn hybrid_linear(&self) -> bool {
        self.full_every > 0
    }

    /// Linear-attention layers among `start .. start + n`.
    pub fn linear_layers_in(&self, start: u64, n: u64) -> u64 {
        linear_in(self.full_every, start, n)
    }

    /// The causal convolution's channels: queries and keys of every key head, values of every
    /// value head.
    fn conv_dim(&self) -> u64 {
        crate::add!(
            crate::mul!(2, self.linear_k_heads, self.linear_k_dim),
            crate::mul!(self.linear_v_heads, self.linear_v_dim)
        )
    }

    /// One Gated DeltaNet layer's token mixer (HF transformers modeling_qwen3_next.py
    /// `Qwen3NextGatedDeltaNet`): in_proj_qkvz (hidden → 2 · key + 2 · value widths),
    /// in_proj_ba (hidden → 2 · value heads), the depthwise conv1d (conv_dim × kernel, no
    /// bias), dt_bias and A_log (one per value head), the gated RMSNorm (value head size) and
    /// out_proj (value width → hidden).
    pub fn linear_mixer_params(&self) -> u64 {
        if !self.hybrid_linear() {
            return 0;
        }
        let h = self.hidden;
        let key = crate::mul!(self.linear_k_heads, self.linear_k_dim);
        let value = crate::mul!(self.linear_v_heads, self.linear_v_dim);
        crate::add!(
            crate::mul!(h, crate::add!(crate::mul!(2, key), crate::mul!(2, value))),
            crate::mul!(h, 2, self.linear_v_heads),
            crate::mul!(self.conv_dim(), self.conv_kernel),
            crate::mul!(2, self.linear_v_heads),
            self.linear_v_dim,
            crate::mul!(value, h)
        )
    }

    /// Values one sequence's state holds in one linear-attention layer, whatever its length:
    /// the convolution's last kernel − 1 inputs of every channel and the recurrent state, one
    /// key-size × value-size matrix per value head (vLLM
    /// model_executor/layers/mamba/mamba_utils.py `gated_delta_net_state_shape`; HF
    /// `Qwen3NextDynamicCache` conv_states and recurrent_states).
    pub fn linear_state_values(&self) -> u64 {
        if !self.hybrid_linear() {
            return 0;
        }
        crate::add!(
            crate::mul!(self.conv_kernel.saturating_sub(1), self.conv_dim()),
            crate::mul!(self.linear_v_heads, self.linear_k_dim, self.linear_v_dim)
        )
    }

    /// Bytes the lightning indexer of DeepSeek sparse attention caches per token and layer: one
    /// FP8 key of `index_head_dim` values and one FP32 scale per 128 of them (DeepSeek-V3.2-Exp
    /// inference/model.py `Indexer` k_cache and k_scale_cache; vLLM
    /// model_executor/models/deepseek_v2.py `DeepseekV32IndexerCache`, head size
    /// index_head_dim + index_head_dim ÷ 128 × 4, uint8). One key per token, whatever the heads,
    /// so tensor parallelism replicates it as it does MLA's latent.
    pub fn indexer_token_bytes(&self) -> u64 {
        if self.index_head_dim == 0 {
            return 0;
        }
        crate::add!(
            self.index_head_dim,
            crate::mul!(self.index_head_dim.div_ceil(128), 4)
        )
    }

    pub fn total_params(&self) -> u64 {
        self.params().total(self.layers)
    }

    /// Parameters a token actually passes through (MoE: only the active experts).
    pub fn active_params(&self) -> u64 {
        if self.experts <= 1 {
            return self.total_params();
        }
        let inactive = crate::mul!(self.experts - self.active_experts, self.expert_params());
        let moe_layers = self.layers - self.params().dense_layers;
        self.total_params()
            .saturating_sub(crate::mul!(moe_layers, inactive))
    }

    /// Values cached per token and layer on one of `tp` tensor-parallel devices. Grouped-query:
    /// K and V of each KV head (heads split over the devices, replicated when fewer than tp).
    /// MLA: the compressed latent plus the shared rotary key, kv_lora_rank + qk_rope_head_dim
    /// (DeepSeek-V2, arXiv:2405.04434, table 1), which tensor parallelism replicates (vLLM, SGLang).
    pub fn kv_values_per_token(&self, tp: u64) -> u64 {
        if self.mla() {
            self.kv_lora_rank + self.rope_dim
        } else {
            crate::mul!(2, self.kv_heads.div_ceil(tp.max(1)), self.head_dim)
        }
    }

    /// The same architecture with `experts` routed experts, `active` of them per token.
    pub const fn moe(self, experts: u64, active: u64) -> Arch {
        Arch {
            experts,
            active_experts: active,
            ..self
        }
    }

    /// Whether layer `i` (from 0) attends only within the sliding window.
    pub fn windowed(&self, i: u64) -> bool {
        self.window > 0 && (self.global_every == 0 || !(i + 1).is_multiple_of(self.global_every))
    }

    /// Windowed layers among `start .. start + n`.
    pub fn windowed_in(&self, start: u64, n: u64) -> u64 {
        if self.window == 0 {
            return 0;
        }
        if self.global_every == 0 {
            return n;
        }
        let globals_below = |x: u64| x / self.global_every;
        n - (globals_below(start + n) - globals_below(start))
    }

    /// Cached tokens × layers for one sequence of `seq` tokens over layers `start .. start + n`:
    /// a windowed layer keeps at most `window` tokens (Mistral 7B's rolling buffer cache,
    /// arXiv:2310.06825 section 2; Gemma 2's local layers, arXiv:2408.00118).
    /// Linear-attention layers keep no KV cache (their state is counted apart).
    pub fn cached_token_layers(&self, start: u64, n: u64, seq: u64) -> u64 {
        let w = self.windowed_in(start, n);
        let full = n - w - self.linear_layers_in(start, n).min(n - w);
        crate::add!(
            crate::mul!(full, seq),
            crate::mul!(w, seq.min(self.window.max(1)))
        )
    }

    /// A plausible dense shape for a bare parameter count: P ≈ 12·L·h² with h = 128·L (the
    /// width-to-depth ratio of GPT-3-era models, Kaplan et al. 2020, arXiv:2001.08361, fig. 5),
    /// 128-wide heads and a 32 000-token vocabulary. Links of schema version 1 keep it
    /// (`shape=dense`); newer ones take the nearest catalog model ([`crate::catalog`]).
    pub fn inferred(params: u64) -> Arch {
        // Integer cube root keeps the page and the CLI bit-identical on every platform.
        let target = params / (12 * 128 * 128);
        let mut layers: u64 = 1;
        while (layers + 1).pow(3) <= target && layers < 100_000 {
            layers += 1;
        }
        if layers < 100_000 && (layers + 1).pow(3).abs_diff(target) < layers.pow(3).abs_diff(target)
        {
            layers += 1;
        }
        let hidden = 128 * layers;
        Arch {
            layers,
            hidden,
            heads: layers,
            kv_heads: layers,
            head_dim: 128,
            ffn: 4 * hidden,
            vocab: 32_000,
            mlp: Mlp::Standard,
            norm: Norm::LayerNorm,
            ..Arch::BASE
        }
    }
}
