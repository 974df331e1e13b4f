//! Reading a Hugging Face `config.json` into an architecture. Every key of the file ends up in
//! exactly one of three lists shown to the user: read (it set a field), not needed (known, and
//! without effect on memory, each with the reason), or not understood. Nothing is dropped
//! silently; a file that is not JSON, lacks a required key or describes a layout the core cannot
//! represent gives an error naming the key.

use crate::catalog::arch::{Arch, Bias, Mlp, Norm, QkNorm};
use serde_json::{Map, Value};

/// What a config.json gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub arch: Arch,
    /// `model_type`, or "" when the file has none.
    pub model_type: String,
    /// Keys that set a field.
    pub read: Vec<String>,
    /// Keys known not to change memory, with why.
    pub not_needed: Vec<(String, &'static str)>,
    /// Keys this version does not know: they may matter, so they are named.
    pub not_understood: Vec<String>,
    /// The format the checkpoint stores its weights in (`quantization_config`), when it is
    /// one `quant` names: a released model is what it ships as.
    pub quant: Option<crate::catalog::quant::Quant>,
}

/// The weight format a `quantization_config` describes: `quant_method` mxfp4 (gpt-oss), fp8
/// with `weight_block_size` [128, 128] (DeepSeek-V3, Qwen3-FP8) or without (per channel), awq,
/// gptq (4 bits), modelopt with `quant_algo` NVFP4, bitsandbytes 4-bit NF4 or 8-bit. None for
/// others (compressed-tensors schemes, other bit widths): the form's `quant` stays.
pub fn checkpoint_format(q: &Map<String, Value>) -> Option<crate::catalog::quant::Quant> {
    use crate::catalog::quant::Quant;
    let s = |k: &str| {
        q.get(k)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    let bits = q.get("bits").and_then(Value::as_u64);
    match s("quant_method").as_str() {
        "mxfp4" => Some(Quant::Mxfp4),
        "fp8" => {
            let block = q
                .get("weight_block_size")
                .and_then(Value::as_array)
                .is_some_and(|b| b.len() == 2 && b.iter().all(|v| v.as_u64() == Some(128)));
            Some(if block { Quant::Fp8Block } else { Quant::Fp8 })
        }
        "awq" if bits.is_none_or(|b| b == 4) => Some(Quant::Awq),
        "gptq" if bits.is_none_or(|b| b == 4) => Some(Quant::Gptq),
        "modelopt" if s("quant_algo") == "nvfp4" => Some(Quant::Nvfp4),
        "bitsandbytes" if q.get("load_in_4bit").and_then(Value::as_bool) == Some(true) => {
            Some(Quant::Nf4)
        }
        "bitsandbytes" if q.get("load_in_8bit").and_then(Value::as_bool) == Some(true) => {
            Some(Quant::Int8)
        }
        _ => None,
    }
}

/// Why a config.json could not be used, naming the key at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError {
    pub key: String,
    pub message: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.key.is_empty() {
            write!(f, "config.json: {}", self.message)
        } else {
            write!(f, "config.json: {}: {}", self.key, self.message)
        }
    }
}

fn err(key: &str, message: impl Into<String>) -> ConfigError {
    ConfigError {
        key: key.into(),
        message: message.into(),
    }
}

/// Keys that never change memory, grouped by the reason shown.
const NOT_NEEDED: &[(&str, &[&str])] = &[
    (
        "metadata",
        &[
            "architectures",
            "model_type",
            "transformers_version",
            "_name_or_path",
            "auto_map",
            "tokenizer_class",
            "id2label",
            "label2id",
            "problem_type",
            "task_specific_params",
            "torchscript",
            "return_dict",
            "finetuning_task",
            "prefix",
            "_attn_implementation_autoset",
            "_attn_implementation",
        ],
    ),
    (
        "token ids",
        &[
            "bos_token_id",
            "eos_token_id",
            "pad_token_id",
            "sep_token_id",
            "decoder_start_token_id",
            "unk_token_id",
            "mask_token_id",
            "image_token_index",
            "image_token_id",
            "video_token_id",
            "vision_token_id",
            "vision_start_token_id",
            "vision_end_token_id",
            "boi_token_index",
            "eoi_token_index",
        ],
    ),
    (
        "numerics of the forward pass (no stored tensors)",
        &[
            "rope_theta",
            "rope_scaling",
            "rope_local_base_freq",
            "partial_rotary_factor",
            "rms_norm_eps",
            "layer_norm_eps",
            "layer_norm_epsilon",
            "norm_epsilon",
            "initializer_range",
            "initializer_factor",
            "hidden_act",
            "hidden_activation",
            "activation_function",
            "query_pre_attn_scalar",
            "final_logit_softcapping",
            "attn_logit_softcapping",
            "scale_attn_weights",
            "reorder_and_upcast_attn",
            "scale_attn_by_inverse_layer_idx",
            "routed_scaling_factor",
            "scoring_func",
            "norm_topk_prob",
            "n_group",
            "topk_group",
            "swiglu_limit",
            "position_embedding_type",
            "rope_type",
            "attention_multiplier",
            "logits_scaling",
            "embedding_multiplier",
            "residual_multiplier",
            "clip_qkv",
        ],
    ),
    (
        "training-time settings",
        &[
            "attention_dropout",
            "hidden_dropout",
            "hidden_dropout_prob",
            "attention_probs_dropout_prob",
            "resid_pdrop",
            "embd_pdrop",
            "attn_pdrop",
            "summary_first_dropout",
            "classifier_dropout",
            "router_aux_loss_coef",
            "aux_loss_alpha",
            "output_router_logits",
            "seq_aux",
            "router_z_loss_coef",
            "router_jitter_noise",
            "pretraining_tp",
            "ep_size",
            "gradient_checkpointing",
        ],
    ),
    (
        "runtime switches",
        &[
            "use_cache",
            "cache_implementation",
            "tie_encoder_decoder",
            "is_decoder",
            "add_cross_attention",
            "chunk_size_feed_forward",
            "output_attentions",
            "output_hidden_states",
            "is_encoder_decoder",
            "use_return_dict",
            "max_window_layers",
            "initial_context_length",
            "n_ctx",
        ],
    ),
    (
        "classification heads (not counted)",
        &[
            "summary_type",
            "summary_use_proj",
            "summary_activation",
            "summary_proj_to_labels",
            "num_labels",
        ],
    ),
];

/// Keys with their own explanation.
const SPECIAL: &[(&str, &str)] = &[
    (
        "torch_dtype",
        "the checkpoint's storage type; choose the precision in the form",
    ),
    (
        "dtype",
        "the checkpoint's storage type; choose the precision in the form",
    ),
    (
        "quantization_config",
        "a quantized checkpoint in a format quant does not name; choose the weight format in the form (quant)",
    ),
    (
        "num_nextn_predict_layers",
        "the multi-token-prediction module is not counted (DeepSeek states 671B without it)",
    ),
    (
        "vision_config",
        "the vision encoder is not counted; the language model is",
    ),
];

fn reason(key: &str) -> Option<&'static str> {
    SPECIAL
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, r)| *r)
        .or_else(|| {
            NOT_NEEDED
                .iter()
                .find(|(_, keys)| keys.contains(&key))
                .map(|(r, _)| *r)
        })
}

/// Reads the config and tracks which keys were used.
struct Reader<'a> {
    map: &'a Map<String, Value>,
    read: Vec<String>,
}

impl Reader<'_> {
    /// The first of `keys` present and not null; every one of them present is marked read
    /// (aliases such as GPT-OSS's `experts_per_token` beside `num_experts_per_tok`).
    fn value(&mut self, keys: &[&'static str]) -> Option<(&'static str, &Value)> {
        let map = self.map;
        let mut found = None;
        for k in keys {
            if let Some(v) = map.get(*k) {
                self.read.push((*k).to_string());
                if found.is_none() && !v.is_null() {
                    found = Some((*k, v));
                }
            }
        }
        found
    }

    fn count(&mut self, keys: &[&'static str]) -> Result<Option<u64>, ConfigError> {
        match self.value(keys) {
            None => Ok(None),
            Some((k, v)) => v
                .as_u64()
                .map(Some)
                .ok_or_else(|| err(k, format!("expected a whole number, found {v}"))),
        }
    }

    fn required(&mut self, keys: &[&'static str]) -> Result<u64, ConfigError> {
        self.count(keys)?.ok_or_else(|| {
            err(
                keys[0],
                format!("is required (also accepted: {})", keys[1..].join(", ")),
            )
        })
    }

    fn flag(&mut self, key: &str) -> Result<Option<bool>, ConfigError> {
        match self.map.get(key) {
            None => Ok(None),
            Some(v) => {
                self.read.push(key.to_string());
                match v {
                    Value::Null => Ok(None),
                    Value::Bool(b) => Ok(Some(*b)),
                    _ => Err(err(key, format!("expected true or false, found {v}"))),
                }
            }
        }
    }
}

/// Model types whose MLP has two matrices, LayerNorm and biases everywhere.
const CLASSIC: &[&str] = &["gpt2", "bert", "roberta", "distilbert", "xlm-roberta"];

/// Reads a config.json (a multimodal one's `text_config`).
pub fn read(json: &str) -> Result<Imported, ConfigError> {
    let root: Value = serde_json::from_str(json).map_err(|e| {
        err(
            "",
            format!(
                "not valid JSON (line {}, column {}): {e}",
                e.line(),
                e.column()
            ),
        )
    })?;
    let Value::Object(top) = &root else {
        return Err(err(
            "",
            "expected a JSON object like a Hugging Face config.json",
        ));
    };
    let mut not_needed: Vec<(String, &'static str)> = Vec::new();
    // Multimodal checkpoints (Gemma 3, Llava…) keep the language model in text_config.
    let (map, prefix) = match top.get("text_config") {
        Some(Value::Object(t)) => {
            for k in top.keys().filter(|k| *k != "text_config") {
                let why = reason(k).unwrap_or("outside the language model: not counted");
                not_needed.push((k.clone(), why));
            }
            (t, "text_config.")
        }
        _ => (top, ""),
    };
    let model_type = map
        .get("model_type")
        .or(top.get("model_type"))
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let mt = model_type.as_str();
    if matches!(mt, "vit" | "clip_vision_model" | "siglip_vision_model") {
        return Err(err(
            "model_type",
            format!("{mt} is a vision encoder; choose ViT from the model list instead"),
        ));
    }
    let mut r = Reader {
        map,
        read: Vec::new(),
    };
    let layers = r.required(&["num_hidden_layers", "n_layer", "num_layers"])?;
    let hidden = r.required(&["hidden_size", "n_embd", "d_model"])?;
    let heads = r.required(&["num_attention_heads", "n_head"])?;
    let vocab = r.required(&["vocab_size"])?;
    let kv_heads = r.count(&["num_key_value_heads"])?.unwrap_or(heads);
    let classic = CLASSIC.contains(&mt);
    let mut arch = Arch {
        layers,
        hidden,
        heads,
        kv_heads,
        vocab,
        ..Arch::BASE
    };

    // Attention: MLA (DeepSeek), else heads of head_dim (default hidden ÷ heads).
    arch.kv_lora_rank = r.count(&["kv_lora_rank"])?.unwrap_or(0);
    if arch.kv_lora_rank > 0 {
        let nope = r.required(&["qk_nope_head_dim"])?;
        arch.rope_dim = r.required(&["qk_rope_head_dim"])?;
        arch.head_dim = nope + arch.rope_dim;
        arch.v_head_dim = r.count(&["v_head_dim"])?.unwrap_or(0);
        arch.q_lora_rank = r.count(&["q_lora_rank"])?.unwrap_or(0);
        // MLA caches one latent shared by all heads.
        arch.kv_heads = heads;
    } else {
        for k in [
            "q_lora_rank",
            "qk_nope_head_dim",
            "qk_rope_head_dim",
            "v_head_dim",
        ] {
            if map.get(k).is_some_and(|v| !v.is_null()) {
                return Err(err(
                    k,
                    "belongs to multi-head latent attention, but kv_lora_rank is not given",
                ));
            }
        }
        arch.head_dim = match r.count(&["head_dim"])? {
            Some(d) => d,
            None if hidden % heads == 0 => hidden / heads,
            None => {
                return Err(err(
                    "head_dim",
                    format!("is needed: hidden_size ({hidden}) is not a multiple of num_attention_heads ({heads})"),
                ))
            }
        };
    }
    if heads % arch.kv_heads != 0 {
        return Err(err(
            "num_key_value_heads",
            format!(
                "{} does not divide num_attention_heads ({heads})",
                arch.kv_heads
            ),
        ));
    }

    // Feed-forward: GPT-2 leaves n_inner null for 4h.
    arch.mlp = if classic { Mlp::Standard } else { Mlp::Gated };
    arch.ffn = r
        .count(&["intermediate_size", "n_inner", "ffn_dim"])?
        .unwrap_or(Arch::default_ffn(hidden, arch.mlp));
    arch.norm = if classic {
        Norm::LayerNorm
    } else {
        Norm::RmsNorm
    };
    arch.bias = match mt {
        _ if classic => Bias::All,
        "qwen2" | "qwen2_moe" | "qwen2_vl" | "qwen2_5_vl" => Bias::Qkv,
        "gpt_oss" => Bias::All,
        _ => Bias::None,
    };
    let attention_bias = r.flag("attention_bias")?.unwrap_or(false);
    let mlp_bias = r.flag("mlp_bias")?.unwrap_or(false);
    if (attention_bias || mlp_bias) && arch.bias == Bias::None {
        let key = if attention_bias {
            "attention_bias"
        } else {
            "mlp_bias"
        };
        return Err(err(
            key,
            "biases on only some layers of this model type cannot be represented; choose biases in the form",
        ));
    }
    // PretrainedConfig defaults tie_word_embeddings to true.
    arch.tied = r.flag("tie_word_embeddings")?.unwrap_or(true);

    // Positions learned as a table: GPT-2's n_positions, BERT's positions plus token types.
    let positions = r.count(&["max_position_embeddings", "n_positions"])?;
    arch.max_context = positions.unwrap_or(0);
    if classic {
        let types = r.count(&["type_vocab_size"])?.unwrap_or(0);
        arch.learned_pos = positions.unwrap_or(0) + types;
        arch.tied = true;
    }

    // Mixture of experts.
    if let Some(e) = r.count(&["num_local_experts", "num_experts", "n_routed_experts"])? {
        if e > 1 {
            arch.experts = e;
            arch.active_experts = r
                .count(&["num_experts_per_tok", "experts_per_token", "moe_topk"])?
                .ok_or_else(|| err("num_experts_per_tok", "is required with experts"))?;
            arch.moe_ffn = r.count(&["moe_intermediate_size"])?.unwrap_or(0);
            arch.shared_experts = r.count(&["n_shared_experts"])?.unwrap_or(0);
            arch.dense_layers = r.count(&["first_k_dense_replace"])?.unwrap_or(0);
            for (k, ok) in [("moe_layer_freq", 1), ("decoder_sparse_step", 1)] {
                if let Some(v) = r.count(&[k])? {
                    if v != ok {
                        return Err(err(
                            k,
                            format!("experts in only every {v}-th layer cannot be represented"),
                        ));
                    }
                }
            }
            if let Some(Value::Array(a)) = map.get("mlp_only_layers") {
                r.read.push("mlp_only_layers".into());
                if !a.is_empty() {
                    return Err(err(
                        "mlp_only_layers",
                        "dense layers among the expert layers cannot be represented",
                    ));
                }
            }
            if let Some(v) = map.get("shared_expert_intermediate_size") {
                // Qwen3-Next: one shared expert as wide as a routed one (its 1-wide gate is
                // not counted).
                if mt == "qwen3_next" && v.as_u64() == Some(arch.moe_ffn) && arch.moe_ffn > 0 {
                    r.read.push("shared_expert_intermediate_size".into());
                    arch.shared_experts = 1;
                } else {
                    return Err(err(
                        "shared_expert_intermediate_size",
                        format!(
                            "a gated shared expert of its own width ({v}) cannot be represented"
                        ),
                    ));
                }
            }
            // DeepSeek-V3's noaux_tc routing keeps a score-correction bias per expert.
            let topk = map.get("topk_method").and_then(Value::as_str);
            if topk.is_some() {
                r.read.push("topk_method".into());
            }
            arch.router_bias = mt == "gpt_oss" || topk == Some("noaux_tc");
        }
    }
    arch.sinks = mt == "gpt_oss";

    // Sliding windows: Mistral (every layer), Gemma 2 (alternating), Gemma 3 (pattern),
    // or an explicit layer_types list; Qwen configs carry a window they do not use.
    let use_window = r.flag("use_sliding_window")?.unwrap_or(true);
    let window = r.count(&["sliding_window"])?.filter(|_| use_window);
    if let Some(w) = window {
        arch.window = w;
        arch.global_every = match mt {
            "gemma2" => 2,
            "gemma3" | "gemma3_text" => r.count(&["sliding_window_pattern"])?.unwrap_or(6),
            _ => 0,
        };
        if let Some(Value::Array(types)) = map.get("layer_types") {
            r.read.push("layer_types".into());
            arch.global_every = global_every(types, layers)?;
        }
    }

    // Hybrid linear attention (Qwen3-Next, Qwen3.5's text model): Gated DeltaNet layers between
    // full-attention ones.
    if matches!(mt, "qwen3_next" | "qwen3_5_text") {
        arch.full_every = r.count(&["full_attention_interval"])?.unwrap_or(4);
        arch.linear_k_heads = r.count(&["linear_num_key_heads"])?.unwrap_or(0);
        arch.linear_v_heads = r.count(&["linear_num_value_heads"])?.unwrap_or(0);
        arch.linear_k_dim = r.count(&["linear_key_head_dim"])?.unwrap_or(0);
        arch.linear_v_dim = r.count(&["linear_value_head_dim"])?.unwrap_or(0);
        arch.conv_kernel = r.count(&["linear_conv_kernel_dim"])?.unwrap_or(4);
        arch.attn_gate = r.flag("attn_output_gate")?.unwrap_or(true);
        if let Some(Value::Array(_)) = map.get("layer_types") {
            r.read.push("layer_types".into());
        }
    }

    arch.qk_norm = match mt {
        "qwen3" | "qwen3_moe" | "qwen3_next" | "gemma3" | "gemma3_text" => QkNorm::Head,
        // Qwen3-VL's text model is Qwen3's (issue 38).
        "qwen3_vl_text" | "qwen3_vl_moe_text" | "qwen3_5_text" => QkNorm::Head,
        "olmo2" => QkNorm::Full,
        _ => QkNorm::None,
    };
    arch.sandwich = matches!(mt, "gemma2" | "gemma3" | "gemma3_text");

    // Modules a quantized checkpoint leaves in 16 bits: llm-compressor's `ignore`, the
    // fbgemm_fp8 / bitsandbytes / AWQ `modules_to_not_convert`.
    let mut quant = None;
    if let Some(Value::Object(q)) = map
        .get("quantization_config")
        .or(top.get("quantization_config"))
    {
        quant = checkpoint_format(q);
        if quant.is_some() && map.contains_key("quantization_config") {
            r.read.push("quantization_config".into());
        }
        let names: Vec<&str> = ["ignore", "modules_to_not_convert"]
            .iter()
            .filter_map(|k| q.get(*k))
            .filter_map(Value::as_array)
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        if !names.is_empty() {
            r.read.push("quantization_config".into());
            arch.unquantized = unconverted_params(&names, &arch);
        }
    }

    // --- vision encoder (issue 38)
    let vision = match top.get("vision_config") {
        Some(Value::Object(vc)) => read_vision(
            top.get("model_type").and_then(Value::as_str).unwrap_or(mt),
            vc,
            top,
            &mut arch,
        ),
        _ => false,
    };
    // --- end vision encoder

    if arch.total_params() > crate::scenario::MAX_PARAMS {
        return Err(err(
            "num_hidden_layers",
            "more than 10^15 parameters, the limit",
        ));
    }

    let mut read: Vec<String> = r.read.iter().map(|k| format!("{prefix}{k}")).collect();
    let mut not_understood = Vec::new();
    for k in map.keys() {
        if r.read.contains(k) {
            continue;
        }
        match reason(k) {
            Some(why) => not_needed.push((format!("{prefix}{k}"), why)),
            None => not_understood.push(format!("{prefix}{k}")),
        }
    }
    // --- vision encoder (issue 38)
    if vision {
        not_needed.retain(|(k, _)| k != "vision_config");
        read.push("vision_config".into());
    }
    // --- end vision encoder
    read.dedup();
    Ok(Imported {
        arch,
        model_type,
        read,
        not_needed,
        not_understood,
        quant,
    })
}

/// A module of one layer that a quantized checkpoint can leave unconverted.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Module {
    Attention,
    Q,
    K,
    V,
    O,
    Mlp,
    /// One of a gated MLP's gate/up/down projections (or a classic MLP's two).
    MlpMatrix(u8),
    Router,
}

/// Parameters of the repeating layers named by a quantization config's `ignore` /
/// `modules_to_not_convert` entries: module paths (`model.layers.0.mlp`,
/// `model.layers.3.self_attn.q_proj`) or llm-compressor regexes (`re:.*self_attn.*`,
/// `re:.*mlp.gate$`), which match every layer. The embeddings and output layer (`lm_head`)
/// are 16-bit already and add nothing; an attention module covers its projections.
fn unconverted_params(names: &[&str], arch: &Arch) -> u64 {
    let mut kept = std::collections::BTreeSet::new();
    for name in names {
        let (pattern, is_regex) = match name.strip_prefix("re:") {
            Some(p) => (p, true),
            None => (*name, false),
        };
        if pattern.contains("experts.") || pattern.contains("shared_expert") {
            continue;
        }
        let layer = pattern
            .split("layers.")
            .nth(1)
            .and_then(|t| t.split('.').next())
            .and_then(|n| n.parse::<u64>().ok());
        let last = pattern
            .trim_end_matches('$')
            .rsplit(['.', '*'])
            .find(|s| !s.is_empty())
            .unwrap_or("");
        let module = if pattern.contains("attn") || pattern.contains("attention") {
            match last {
                "q_proj" => Module::Q,
                "k_proj" => Module::K,
                "v_proj" => Module::V,
                "o_proj" => Module::O,
                _ => Module::Attention,
            }
        } else if pattern.contains("mlp") || pattern.contains("feed_forward") {
            match last {
                "gate" if arch.experts > 1 => Module::Router,
                // A dense model has no router.
                "gate" => continue,
                "gate_proj" | "fc1" | "c_fc" => Module::MlpMatrix(0),
                "up_proj" => Module::MlpMatrix(1),
                "down_proj" | "fc2" | "c_proj" => Module::MlpMatrix(2),
                _ => Module::Mlp,
            }
        } else {
            continue;
        };
        let layers: Vec<u64> = match layer {
            Some(l) if l < arch.layers => vec![l],
            Some(_) => continue,
            None if is_regex || !pattern.contains("layers") => (0..arch.layers).collect(),
            None => continue,
        };
        for l in layers {
            kept.insert((l, module));
        }
    }
    let p = arch.params();
    let (h, hd) = (arch.hidden, arch.head_dim);
    let dense = |l: u64| arch.experts <= 1 || l < arch.dense_layers;
    // A dense layer's MLP; an MoE layer's is its experts and router.
    let mlp = |l: u64| {
        if dense(l) {
            p.dense_layer - p.attention - (p.per_layer - p.attention - p.mlp)
        } else {
            p.mlp
        }
    };
    let matrices = match arch.mlp {
        crate::catalog::arch::Mlp::Standard => 2,
        crate::catalog::arch::Mlp::Gated => 3,
    };
    kept.iter()
        .filter(|(l, m)| match m {
            // A whole module covers its parts.
            Module::Q | Module::K | Module::V | Module::O => {
                !kept.contains(&(*l, Module::Attention))
            }
            Module::MlpMatrix(_) | Module::Router => !kept.contains(&(*l, Module::Mlp)),
            _ => true,
        })
        .map(|&(l, m)| match m {
            Module::Attention => p.attention,
            _ if arch.mla() && matches!(m, Module::Q | Module::K | Module::V | Module::O) => {
                p.attention / 4
            }
            Module::Q | Module::O => crate::mul!(h, arch.heads, hd),
            Module::K | Module::V => crate::mul!(h, arch.kv_heads, hd),
            Module::Mlp => mlp(l),
            Module::MlpMatrix(_) if dense(l) => mlp(l) / matrices,
            Module::MlpMatrix(_) => 0,
            Module::Router => crate::mul!(h, arch.experts),
        })
        .fold(0, u64::saturating_add)
}

/// The period of full-attention layers in a `layer_types` list: every layer windowed (0), or a
/// full layer at every n-th position.
fn global_every(types: &[Value], layers: u64) -> Result<u64, ConfigError> {
    let full: Vec<bool> = types
        .iter()
        .map(|t| t.as_str() == Some("full_attention"))
        .collect();
    if full.len() as u64 != layers {
        return Err(err(
            "layer_types",
            format!(
                "lists {} layers, not num_hidden_layers ({layers})",
                full.len()
            ),
        ));
    }
    let Some(first) = full.iter().position(|f| *f) else {
        return Ok(0);
    };
    let n = first as u64 + 1;
    if full
        .iter()
        .enumerate()
        .all(|(i, f)| *f == (i as u64 + 1).is_multiple_of(n))
    {
        Ok(n)
    } else {
        Err(err(
            "layer_types",
            "full-attention layers that do not recur every n-th layer cannot be represented",
        ))
    }
}

impl Imported {
    /// The report shown after reading: what was read, what was not needed and why, and what
    /// was not understood.
    pub fn summary(&self) -> Vec<String> {
        let mut out = vec![format!(
            "Read {} keys{}: {}.",
            self.read.len(),
            if self.model_type.is_empty() {
                String::new()
            } else {
                // "an acme config", "a llama config": the article follows the sound of a
                // vowel letter, as the model types are read.
                let an = self
                    .model_type
                    .starts_with(['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U']);
                format!(
                    " of {} {} config",
                    if an { "an" } else { "a" },
                    self.model_type
                )
            },
            self.read.join(", ")
        )];
        if let Some(q) = self.quant {
            out.push(format!(
                "The checkpoint stores its weights as {} (quantization_config): quant={}.",
                crate::base::choice::Choice::label(q),
                crate::base::choice::Choice::id(q)
            ));
        }
        let mut reasons: Vec<&'static str> = self.not_needed.iter().map(|(_, r)| *r).collect();
        reasons.dedup();
        let mut seen: Vec<&str> = Vec::new();
        for why in reasons {
            if seen.contains(&why) {
                continue;
            }
            seen.push(why);
            let keys: Vec<&str> = self
                .not_needed
                .iter()
                .filter(|(_, r)| *r == why)
                .map(|(k, _)| k.as_str())
                .collect();
            out.push(format!("Not needed ({why}): {}.", keys.join(", ")));
        }
        if !self.not_understood.is_empty() {
            out.push(format!(
                "Not understood, so not used — check they do not change memory: {}.",
                self.not_understood.join(", ")
            ));
        }
        out
    }
}

// --- vision encoder (issue 38) ---

/// A whole number, or the first of an array of them (InternVL's `patch_size: [14, 14]`).
fn vision_count(vc: &Map<String, Value>, keys: &[&str]) -> Option<u64> {
    keys.iter().find_map(|k| match vc.get(*k) {
        Some(Value::Array(a)) => a.first().and_then(Value::as_u64),
        Some(v) => v.as_u64(),
        None => None,
    })
}

/// Reads the vision encoder of a vision-language model's `vision_config` into `arch`, by the
/// top-level `model_type`: Qwen2-VL and Qwen2.5-VL (patch merger; Qwen2-VL's `hidden_size` is
/// the merger's output, its encoder `embed_dim` × `mlp_ratio`), Gemma 3 (SigLIP, 4 × 4 pooling
/// to `mm_tokens_per_image`, one projection), LLaVA / LLaVA-NeXT / LLaVA-OneVision (SigLIP or
/// CLIP, two-layer MLP), InternVL (InternViT, pixel shuffle 2, two-layer MLP), Mistral 3
/// (Pixtral without biases, the top level's `spatial_merge_size`, Mistral 3's projector), Llama 4
/// (class token, pixel shuffle 0.5, the 4096-wide adapter and projector), Qwen3-VL (learned
/// positions, LayerNorms, the merger and its DeepStack mergers).
/// Whether it was read: another model type's encoder stays "not counted".
fn read_vision(
    model_type: &str,
    vc: &Map<String, Value>,
    top: &Map<String, Value>,
    arch: &mut Arch,
) -> bool {
    use crate::catalog::arch::VisionProj;
    let layers = vision_count(vc, &["depth", "num_hidden_layers"]);
    let patch = vision_count(vc, &["patch_size"]).unwrap_or(14);
    let image = vision_count(vc, &["image_size"]).unwrap_or(0);
    let side = image.checked_div(patch).unwrap_or(0);
    let positions = side.saturating_mul(side);
    let (hidden, ffn, mlp, norm, proj, merge, temporal, positions, tokens) = match model_type {
        "qwen2_5_vl" => {
            let h = vision_count(vc, &["hidden_size"]);
            (
                h,
                vision_count(vc, &["intermediate_size"]),
                Mlp::Gated,
                Norm::RmsNorm,
                VisionProj::Merger,
                vision_count(vc, &["spatial_merge_size"]).unwrap_or(2),
                vision_count(vc, &["temporal_patch_size"]).unwrap_or(2),
                0,
                // preprocessor_config.json max_pixels 12,845,056 ÷ (patch · merge)².
                12_845_056 / (patch * 2).pow(2).max(1),
            )
        }
        "qwen2_vl" => {
            let h = vision_count(vc, &["embed_dim"]);
            let ratio = vision_count(vc, &["mlp_ratio"]).unwrap_or(4);
            (
                h,
                h.map(|h| h * ratio),
                Mlp::Standard,
                Norm::LayerNorm,
                VisionProj::Merger,
                vision_count(vc, &["spatial_merge_size"]).unwrap_or(2),
                vision_count(vc, &["temporal_patch_size"]).unwrap_or(2),
                0,
                12_845_056 / (patch * 2).pow(2).max(1),
            )
        }
        "gemma3" => {
            let per_image = 256;
            let side = if positions > 0 {
                ((positions / per_image) as f64).sqrt().round() as u64
            } else {
                4
            };
            (
                vision_count(vc, &["hidden_size"]),
                vision_count(vc, &["intermediate_size"]),
                Mlp::Standard,
                Norm::LayerNorm,
                VisionProj::Linear,
                side,
                1,
                positions,
                per_image,
            )
        }
        // Mistral Small 3.1/3.2 (issue 38): Pixtral's 2-D rotary positions, no learned ones; one
        // image gives (image_size ÷ (patch · merge))² tokens (vLLM PixtralHFEncoderInfo).
        "mistral3" => {
            let merge = vision_count(top, &["spatial_merge_size"]).unwrap_or(2);
            let per_side = image.checked_div(patch * merge).unwrap_or(0);
            (
                vision_count(vc, &["hidden_size"]),
                vision_count(vc, &["intermediate_size"]),
                Mlp::Gated,
                Norm::RmsNorm,
                VisionProj::Pixtral,
                merge,
                1,
                0,
                per_side * per_side,
            )
        }
        // Llama 4 (issue 38): (image_size ÷ patch_size)² positions and the class token's; pixel
        // shuffle by pixel_shuffle_ratio (0.5: 2 × 2 patches a token); one image gives the
        // preprocessor's max_patches 16 tiles and the global tile (vLLM mllama4.py).
        "llama4" => {
            let ratio = vc.get("pixel_shuffle_ratio").and_then(Value::as_f64);
            let widths = [
                "projector_input_dim",
                "projector_output_dim",
                "vision_output_dim",
            ];
            let four_k = widths
                .iter()
                .all(|k| vision_count(vc, &[k]).is_none_or(|w| w == crate::catalog::vision::LLAMA4_PROJ));
            if ratio != Some(0.5) || !four_k {
                return false;
            }
            (
                vision_count(vc, &["hidden_size"]),
                vision_count(vc, &["intermediate_size"]),
                Mlp::Standard,
                Norm::LayerNorm,
                VisionProj::Llama4,
                2,
                1,
                positions + 1,
                17 * (positions / 4),
            )
        }
        // Qwen3-VL (issue 38): learned positions (num_position_embeddings), three DeepStack
        // mergers; one image gives preprocessor_config.json's size.longest_edge 16,777,216
        // pixels ÷ (patch · merge)² tokens.
        // Qwen3.5 (issue 38): Qwen3-VL's encoder with no DeepStack mergers
        // (deepstack_visual_indexes []).
        "qwen3_vl" | "qwen3_vl_moe" | "qwen3_5" => {
            let deepstack = match vc.get("deepstack_visual_indexes") {
                Some(Value::Array(a)) => a.len() as u64,
                _ => 0,
            };
            let proj = match deepstack {
                crate::catalog::vision::DEEPSTACK_MERGERS => VisionProj::Deepstack,
                0 => VisionProj::Qwen35,
                _ => return false,
            };
            let merge = vision_count(vc, &["spatial_merge_size"]).unwrap_or(2);
            (
                vision_count(vc, &["hidden_size"]),
                vision_count(vc, &["intermediate_size"]),
                Mlp::Standard,
                Norm::LayerNorm,
                proj,
                merge,
                vision_count(vc, &["temporal_patch_size"]).unwrap_or(2),
                vision_count(vc, &["num_position_embeddings"]).unwrap_or(0),
                16_777_216 / (patch * merge).pow(2).max(1),
            )
        }
        "llava" | "llava_next" | "llava_onevision" => (
            vision_count(vc, &["hidden_size"]),
            vision_count(vc, &["intermediate_size"]),
            Mlp::Standard,
            Norm::LayerNorm,
            VisionProj::Mlp,
            1,
            1,
            // CLIP adds a class token's position; SigLIP has none.
            positions
                + u64::from(
                    vc.get("model_type").and_then(Value::as_str) == Some("clip_vision_model"),
                ),
            0,
        ),
        "internvl" | "internvl_chat" => (
            vision_count(vc, &["hidden_size"]),
            vision_count(vc, &["intermediate_size"]),
            Mlp::Standard,
            Norm::LayerNorm,
            VisionProj::Mlp,
            2,
            1,
            positions + 1,
            0,
        ),
        _ => return false,
    };
    let (Some(layers), Some(hidden), Some(ffn)) = (layers, hidden, ffn) else {
        return false;
    };
    arch.vision_layers = layers;
    arch.vision_hidden = hidden;
    arch.vision_ffn = ffn;
    arch.vision_mlp = mlp;
    arch.vision_norm = norm;
    arch.vision_patch = patch;
    arch.vision_temporal = temporal;
    arch.vision_positions = positions;
    arch.vision_merge = merge;
    arch.vision_proj = proj;
    arch.vision_tokens = tokens;
    true
}
