//! Transformer architecture: the exact parameter count of a configuration, per part, and the
//! shape assumed when only a parameter count is known.

use crate::choice::choice_enum;

choice_enum!(
    /// Feed-forward block: two matrices (GELU/ReLU MLP) or three (gated: SwiGLU, GeGLU).
    Mlp, "mlp" {
        Standard => ("standard", "Standard (2 matrices)"),
        Gated => ("gated", "Gated, e.g. SwiGLU (3 matrices)"),
    }
);

choice_enum!(
    /// Which linear layers carry a bias vector.
    Bias, "bias" {
        None => ("none", "None (Llama, Mistral)"),
        Qkv => ("qkv", "Q, K, V only (Qwen2)"),
        All => ("all", "All linear layers (GPT-2, BERT)"),
    }
);

choice_enum!(
    /// Normalisation layers: LayerNorm has a weight and a bias, RMSNorm a weight only.
    Norm, "norm" {
        LayerNorm => ("layernorm", "LayerNorm (weight and bias)"),
        RmsNorm => ("rmsnorm", "RMSNorm (weight only)"),
    }
);

/// A decoder (or encoder) transformer, enough to count its parameters exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arch {
    pub layers: u64,
    pub hidden: u64,
    pub heads: u64,
    pub kv_heads: u64,
    pub head_dim: u64,
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
}

/// Parameters by part, for one whole model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParamCount {
    /// Token embeddings plus learned positions.
    pub embedding: u64,
    /// Output projection when not tied to the embeddings.
    pub head: u64,
    pub per_layer: u64,
    /// Attention part of one layer (with biases).
    pub attention: u64,
    /// Feed-forward part of one layer, all experts and router included.
    pub mlp: u64,
    pub final_norm: u64,
}

impl ParamCount {
    pub fn total(&self, layers: u64) -> u64 {
        crate::add!(
            self.embedding,
            self.head,
            crate::mul!(self.per_layer, layers),
            self.final_norm
        )
    }
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

    /// Parameters of one expert's (or the dense) feed-forward block.
    pub fn expert_params(&self) -> u64 {
        let (h, i) = (self.hidden, self.ffn);
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

    /// Exact parameter count, part by part, following the Hugging Face implementations
    /// (GPT-2, BERT, Llama, Mistral, Mixtral, Qwen2).
    pub fn params(&self) -> ParamCount {
        let (h, q, kv) = (
            self.hidden,
            crate::mul!(self.heads, self.head_dim),
            crate::mul!(self.kv_heads, self.head_dim),
        );
        let attn_matrices = crate::add!(crate::mul!(2, h, q), crate::mul!(2, h, kv));
        let attn_bias = match self.bias {
            Bias::None => 0,
            Bias::Qkv => crate::add!(q, crate::mul!(2, kv)),
            Bias::All => crate::add!(q, crate::mul!(2, kv), h),
        };
        let attention = attn_matrices.saturating_add(attn_bias);
        let router = if self.experts > 1 {
            crate::mul!(h, self.experts)
        } else {
            0
        };
        let mlp = crate::add!(
            crate::mul!(self.experts.max(1), self.expert_params()),
            router
        );
        let per_layer = crate::add!(attention, mlp, crate::mul!(2, self.norm_params()));
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
        }
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
        self.total_params()
            .saturating_sub(crate::mul!(self.layers, inactive))
    }

    /// A plausible dense shape for a bare parameter count: P ≈ 12·L·h² with h = 128·L (the
    /// width-to-depth ratio of GPT-3-era models, Kaplan et al. 2020, arXiv:2001.08361, fig. 5),
    /// 128-wide heads and a 32 000-token vocabulary. Used only for activations and the KV cache,
    /// and always flagged as an assumption.
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
            bias: Bias::None,
            tied: false,
            learned_pos: 0,
            norm: Norm::LayerNorm,
            experts: 1,
            active_experts: 1,
        }
    }
}

/// A released model's configuration, with where it comes from.
#[derive(Debug, Clone, Copy)]
pub struct ModelPreset {
    pub id: &'static str,
    pub label: &'static str,
    pub arch: Arch,
    /// Published total parameter count, for the tests.
    pub published_params: u64,
    pub source: &'static str,
}

const fn dense(layers: u64, hidden: u64, heads: u64, kv_heads: u64, ffn: u64, vocab: u64) -> Arch {
    Arch {
        layers,
        hidden,
        heads,
        kv_heads,
        head_dim: hidden / heads,
        ffn,
        vocab,
        mlp: Mlp::Gated,
        bias: Bias::None,
        tied: false,
        learned_pos: 0,
        norm: Norm::RmsNorm,
        experts: 1,
        active_experts: 1,
    }
}

pub const MODELS: &[ModelPreset] = &[
    ModelPreset {
        id: "gpt2",
        label: "GPT-2 small (124M)",
        arch: Arch {
            mlp: Mlp::Standard,
            bias: Bias::All,
            tied: true,
            learned_pos: 1024,
            norm: Norm::LayerNorm,
            ..dense(12, 768, 12, 12, 3072, 50_257)
        },
        published_params: 124_439_808,
        source:
            "openai-community/gpt2 config.json; count as printed by Hugging Face num_parameters()",
    },
    ModelPreset {
        id: "bert-large",
        label: "BERT-large uncased (335M)",
        // The two token-type rows ride on learned_pos; the embedding LayerNorm stands in for the
        // final norm BERT lacks (both 2h). The pooler (h² + h) is not part of this count.
        arch: Arch {
            mlp: Mlp::Standard,
            bias: Bias::All,
            tied: true,
            learned_pos: 512 + 2,
            norm: Norm::LayerNorm,
            ..dense(24, 1024, 16, 16, 4096, 30_522)
        },
        published_params: 334_092_288,
        source:
            "google-bert/bert-large-uncased config.json (encoder and embeddings, without pooler)",
    },
    ModelPreset {
        id: "llama-2-7b",
        label: "Llama 2 7B",
        arch: dense(32, 4096, 32, 32, 11_008, 32_000),
        published_params: 6_738_415_616,
        source: "meta-llama/Llama-2-7b-hf config.json; 6,738,415,616 parameters",
    },
    ModelPreset {
        id: "llama-2-70b",
        label: "Llama 2 70B",
        arch: dense(80, 8192, 64, 8, 28_672, 32_000),
        published_params: 68_976_648_192,
        source: "meta-llama/Llama-2-70b-hf config.json; 68,976,648,192 parameters",
    },
    ModelPreset {
        id: "llama-3-8b",
        label: "Llama 3 8B",
        arch: dense(32, 4096, 32, 8, 14_336, 128_256),
        published_params: 8_030_261_248,
        source: "meta-llama/Meta-Llama-3-8B config.json; 8,030,261,248 parameters",
    },
    ModelPreset {
        id: "mistral-7b",
        label: "Mistral 7B v0.1",
        arch: dense(32, 4096, 32, 8, 14_336, 32_000),
        published_params: 7_241_732_096,
        source: "mistralai/Mistral-7B-v0.1 config.json; 7,241,732,096 parameters",
    },
    ModelPreset {
        id: "mixtral-8x7b",
        label: "Mixtral 8x7B",
        arch: Arch {
            experts: 8,
            active_experts: 2,
            ..dense(32, 4096, 32, 8, 14_336, 32_000)
        },
        published_params: 46_702_792_704,
        source: "mistralai/Mixtral-8x7B-v0.1 config.json; 46,702,792,704 parameters",
    },
    ModelPreset {
        id: "qwen2-0.5b",
        label: "Qwen2 0.5B",
        arch: Arch {
            bias: Bias::Qkv,
            tied: true,
            head_dim: 64,
            ..dense(24, 896, 14, 2, 4864, 151_936)
        },
        published_params: 494_032_768,
        source: "Qwen/Qwen2-0.5B config.json; 494,032,768 parameters",
    },
];

pub fn model_by_id(id: &str) -> Option<&'static ModelPreset> {
    MODELS.iter().find(|m| m.id == id)
}
