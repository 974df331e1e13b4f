//! The templates of a serving engine's parts: one per variant of `EngineValues`.

use super::Template;
use crate::base::choice::Choice;
use crate::base::units::{format_fixed, group_digits as g};
use crate::explain::wording::sequences as seqs;
use crate::model::neural::engine::Reserve;
use crate::model::values::engine::{
    ComputeBuffer, EngineValues, Graphs, HostCompute, KvFormat, KvPool, SplitKv, SplitWeights,
    StepActivations, WeightFormat,
};
use crate::scenario::serving::SRC_LLAMACPP;

/// One cached value's size as the formulas show it: "2 B", or "34 B / 32" for Q8_0 blocks.
fn per_value(kv: KvFormat) -> String {
    match kv.quant {
        Some(q) => format!("{} B / 32", q.block_bytes()),
        None => format!("{} B", kv.dtype.bytes()),
    }
}

/// The KV cache's format in capitals, e.g. "BF16" or "Q8_0".
fn kv_label(kv: KvFormat) -> &'static str {
    match kv.quant {
        Some(q) => q.short(),
        None => kv.dtype.short(),
    }
}

fn format_words(f: WeightFormat) -> String {
    match f {
        // llama.cpp's MXFP4_MOE ftype (src/llama-quant.cpp): experts MXFP4, other matrices Q8_0.
        WeightFormat::Mix(crate::catalog::quant::Quant::Mxfp4) => {
            "llama.cpp's MXFP4_MOE mix (experts MXFP4, other matrices Q8_0; tensor by tensor)"
                .into()
        }
        WeightFormat::Mix(q) => format!("the {} mix (tensor by tensor)", q.label()),
        WeightFormat::MilliBits(m) => format!("{} bits per weight", format_fixed(m, 3)),
        WeightFormat::Bytes(b) => format!("{b} B per weight"),
    }
}

impl Template for EngineValues {
    fn label(&self) -> &'static str {
        match self {
            EngineValues::StepActivations(_) => "Activations (one scheduler step)",
            EngineValues::Graphs(_) => "CUDA graphs",
            EngineValues::KvPool(_) => "KV cache pool",
            EngineValues::GpuWeights(_) => "Weights on the GPU",
            EngineValues::HostWeights(_) => "Weights in host memory",
            EngineValues::GpuKv(_) => "KV cache on the GPU",
            EngineValues::HostKv(_) => "KV cache in host memory",
            EngineValues::ComputeBuffer(_) => "Compute buffer",
            EngineValues::HostCompute(_) => "Host compute buffer",
            EngineValues::OutputBuffer(_) => "Output buffer",
        }
    }

    fn formula(&self, bytes: u64) -> String {
        match self {
            EngineValues::StepActivations(v) => step_formula(v, bytes),
            EngineValues::Graphs(v) => graphs_formula(v, bytes),
            EngineValues::KvPool(v) => pool_formula(v, bytes),
            EngineValues::GpuWeights(v) => weights_formula(v, true, bytes),
            EngineValues::HostWeights(v) => weights_formula(v, false, bytes),
            EngineValues::GpuKv(v) | EngineValues::HostKv(v) => split_kv_formula(v, bytes),
            EngineValues::ComputeBuffer(v) => compute_formula(v, bytes),
            EngineValues::HostCompute(v) => host_compute_formula(v, bytes),
            EngineValues::OutputBuffer(v) => format!(
                "{} × {} vocabulary × 4 B = {} B",
                seqs(v.batch),
                g(v.vocab),
                g(bytes)
            ),
        }
    }

    fn question(&self) -> &'static str {
        match self {
            EngineValues::StepActivations(_) => {
                "What does the engine reserve besides weights and the KV cache?"
            }
            EngineValues::Graphs(_) => "What do CUDA graphs cost?",
            EngineValues::KvPool(_) => "How many sequences does the KV pool hold?",
            EngineValues::GpuWeights(_) | EngineValues::HostWeights(_) => {
                "Which weights does llama.cpp put on the GPU?"
            }
            EngineValues::GpuKv(_) | EngineValues::HostKv(_) => {
                "Why does the KV cache grow with context and concurrent sequences?"
            }
            EngineValues::ComputeBuffer(_)
            | EngineValues::HostCompute(_)
            | EngineValues::OutputBuffer(_) => "What is llama.cpp's compute buffer?",
        }
    }

    fn explanation(&self) -> String {
        match self {
            EngineValues::StepActivations(v) => step_explanation(v),
            EngineValues::Graphs(v) => graphs_explanation(v),
            EngineValues::KvPool(v) => pool_explanation(v),
            EngineValues::GpuWeights(v) => format!(
                "{}{}With -ngl {}, llama.cpp offloads the last {} repeating layers{}; the token embeddings always stay in host memory (a lookup needs no GPU). GGUF files mix types: llama.cpp's quantizer keeps norms in F32, stores the output layer in Q6_K and, in the _M mixes, attn_v and ffn_down of the first and last eighth of the layers and every third between in Q6_K.",
                if v.devices > 1 {
                    format!("llama.cpp splits the offloaded layers over the {} GPUs by layer (-sm layer, its default), each its share (--tensor-split; by default by free memory, equal on equal GPUs): this one holds {} layers, their KV cache and its own compute buffer. ", v.devices, v.here)
                } else {
                    String::new()
                },
                if v.experts_bytes > 0 {
                    format!("--n-cpu-moe {} keeps the routed experts (the ffn_*_exps tensors) of the first {} layers in host memory, where the CPU runs them; attention, norms and shared experts stay on the GPU. ", v.cpu_moe, v.cpu_moe)
                } else {
                    String::new()
                },
                v.ngl,
                v.here,
                if v.output_on_gpu { " and the output layer" } else if v.devices > 1 { "" } else { " (the output layer needs -ngl above the layer count)" }
            ),
            EngineValues::HostWeights(v) => format!(
                "What is not offloaded runs on the CPU from host memory (llama.cpp's 'CPU buffer size'){}.",
                if v.experts_bytes > 0 {
                    format!(", with the routed experts of {} offloaded layers that --n-cpu-moe {} keeps there (common/arg.cpp: one override of llm_ffn_exps_block_regex per block; --cpu-moe, or -ot exps=CPU, is every layer)", v.cpu_moe_layers, v.cpu_moe)
                } else {
                    String::new()
                }
            ),
            EngineValues::GpuKv(v) => format!(
                "llama.cpp allocates the whole context ({} tokens: {} × {}) up front, each layer's keys and values on the device that runs the layer, in {}{}.",
                g(crate::mul!(v.batch, v.seq)),
                seqs(v.batch),
                g(v.seq),
                kv_label(v.kv),
                if v.kv.defaulted {
                    // common/common.h: cache_type_k = cache_type_v = GGML_TYPE_F16.
                    ", llama.cpp's default cache type whatever the weights' type (common/common.h: cache_type_k = GGML_TYPE_F16, likewise V; -ctk and -ctv change it)"
                } else {
                    ""
                }
            ),
            EngineValues::HostKv(_) => "The layers left on the CPU keep their KV cache in host memory.".into(),
            EngineValues::ComputeBuffer(v) => format!(
                "ggml plans the graph of one micro-batch of {} tokens and reserves its largest moment: attention over the {} -token context{} or the output layer's FP32 logits for every token of the micro-batch.",
                v.ubatch_tokens,
                g(v.ctx),
                if v.flash { " (flash attention: no score matrix)" } else { " with its F32 score matrix (flash attention off)" }
            ),
            EngineValues::HostCompute(_) => "The graph's inputs are staged in host memory: the token embeddings' output and the attention mask over the whole context ('CUDA_Host compute buffer'); layers left on the CPU compute there too.".into(),
            EngineValues::OutputBuffer(_) => "The FP32 logits of each sequence's last token, read by the sampler ('output buffer').".into(),
        }
    }

    fn source(&self) -> &'static str {
        match self {
            EngineValues::StepActivations(v) => v.engine.source(),
            EngineValues::Graphs(v) => v.engine.source(),
            EngineValues::KvPool(v) if v.groups.linear() => {
                crate::explain::parts::neural::SRC_LINEAR_POOL
            }
            EngineValues::KvPool(v) if v.groups.hybrid() => match v.engine {
                crate::scenario::serving::Engine::Sglang => {
                    crate::scenario::serving::SRC_SGLANG_HYBRID
                }
                _ => crate::scenario::serving::SRC_VLLM_HYBRID,
            },
            EngineValues::KvPool(v) => v.engine.source(),
            EngineValues::GpuWeights(_)
            | EngineValues::HostWeights(_)
            | EngineValues::GpuKv(_)
            | EngineValues::HostKv(_)
            | EngineValues::ComputeBuffer(_)
            | EngineValues::HostCompute(_)
            | EngineValues::OutputBuffer(_) => SRC_LLAMACPP,
        }
    }
}

/// The step's working set and the sampler's, each as its product, and the larger.
fn step_formula(v: &StepActivations, bytes: u64) -> String {
    let working = format!(
        "{} tokens × {} B per token (one layer's working set)",
        g(v.step_tokens),
        g(v.token_working_bytes)
    );
    if v.samples {
        format!(
            "max({working}, {} × {} vocabulary × ({} + 4 + 4) B (sampler)) = {} B",
            seqs(v.sampler_seqs),
            g(v.vocab),
            v.logit_bytes,
            g(bytes)
        )
    } else {
        format!("{working} = {} B", g(bytes))
    }
}

fn step_explanation(v: &StepActivations) -> String {
    let name = v.engine.name();
    let outside = match v.reserve {
        Reserve::Profiled => String::new(),
        Reserve::Static => format!(" {name}'s static fraction holds only the weights and the pool; this working memory must fit in the rest of the GPU."),
    };
    format!(
        "{name} prefills long prompts in chunks of at most {} tokens per step (chunked prefill), so the activation peak is one layer's working set over that many tokens — not the whole batch's prompts at once — or the sampler's {} logits, FP32 copy and probabilities, whichever is larger. {name} measures this peak in a profile run before sizing the KV pool.{outside}",
        g(v.step_tokens),
        g(crate::mul!(v.sampler_seqs, v.vocab))
    )
}

fn graphs_formula(v: &Graphs, bytes: u64) -> String {
    if v.captured {
        format!(
            "one layer's working set over the largest captured batch: {} tokens × {} B per token = {} B",
            v.capture_tokens,
            g(v.token_working_bytes),
            g(bytes)
        )
    } else {
        "0 graphs captured (eager mode) = 0 B".into()
    }
}

fn graphs_explanation(v: &Graphs) -> String {
    let name = v.engine.name();
    if !v.captured {
        "Without CUDA graphs (--enforce-eager, --disable-cuda-graph) nothing is captured; decoding is slower.".into()
    } else if v.before_pool {
        format!("{name} captures the decode step as CUDA graphs for batch sizes up to {}; their memory pool holds the intermediate tensors of the largest. This version reserves it before sizing the KV pool.", v.capture_tokens)
    } else {
        format!("{name} captures the decode step as CUDA graphs for batch sizes up to {} after the KV pool is allocated, so their memory pool comes from the headroom the memory share leaves.", v.capture_tokens)
    }
}

/// The token's bytes and the pool's tokens first, then the share less what is taken before
/// the pool, so the arithmetic ends in the pool's bytes.
fn pool_formula(v: &KvPool, bytes: u64) -> String {
    let mut taken = vec![format!("{} (weights)", g(v.weights))];
    if v.vision > 0 {
        taken.push(format!("{} (vision encoder)", g(v.vision)));
    }
    if let Some(a) = v.activations {
        taken.push(format!("{} (step activations)", g(a)));
    }
    if v.mm_profile > 0 {
        taken.push(format!("{} (multimodal profile)", g(v.mm_profile)));
    }
    if let Some(gr) = v.graphs {
        taken.push(format!("{} (CUDA graphs)", g(gr)));
    }
    // SGLang's fraction is a share of what is free once its runtime exists.
    let of_free = v.reserve == Reserve::Static;
    if !of_free {
        taken.push(format!("{} (runtime)", g(v.runtime)));
    }
    let k = &v.groups;
    let tokens = if k.hybrid() && k.window_pool_tokens > 0 {
        // SGLang's full pool: the tokens of all layers spread over the full layers and 0.8 of
        // the windowed ones.
        format!(
            "{} tokens × {} layers ÷ (0.8 × {} windowed + {} full layers) = {} tokens (windowed pool: {} tokens)",
            g(v.pool_bytes_tokens()),
            v.layers,
            k.windowed_layers,
            k.full_layers,
            g(v.pool_tokens),
            g(k.window_pool_tokens)
        )
    } else if k.linear() && k.linear_groups == 0 {
        format!(
            "{} B ÷ ({} tokens × {} B + {} linear layers × {} B of state) × {} tokens = {} tokens",
            g(v.pool_bytes),
            g(v.seq),
            g(v.token_bytes),
            k.linear_layers,
            g(k.state_bytes),
            g(v.seq),
            g(v.pool_tokens)
        )
    } else if k.hybrid() || k.linear() {
        format!(
            "{} blocks of {} layers × {} tokens ÷ {} blocks per sequence × {} tokens = {} tokens",
            g(v.blocks),
            k.group_layers,
            v.block_tokens,
            g(k.seq_blocks),
            g(v.seq),
            g(v.pool_tokens)
        )
    } else if v.block_tokens > 1 {
        format!(
            "{} blocks of {} tokens = {} tokens",
            g(v.blocks),
            v.block_tokens,
            g(v.pool_tokens)
        )
    } else {
        format!("{} tokens", g(v.pool_tokens))
    };
    let share = if of_free {
        format!(
            "{} × ({} B − {} (runtime)) − {}",
            format_fixed(v.util_milli, 3),
            g(v.capacity),
            g(v.runtime),
            taken.join(" − ")
        )
    } else {
        format!(
            "{} × {} B − {}",
            format_fixed(v.util_milli, 3),
            g(v.capacity),
            taken.join(" − ")
        )
    };
    let used = [
        v.weights,
        v.vision,
        v.mm_profile,
        v.activations.unwrap_or(0),
        v.graphs.unwrap_or(0),
        v.runtime,
    ]
    .into_iter()
    .fold(0u64, |a, b| crate::add!(a, b));
    // Taken past the share, the pool is empty rather than negative.
    let share = if used > v.budget {
        format!("max({share}, 0)")
    } else {
        share
    };
    if v.indexer_bytes > 0 {
        // DeepSeek sparse attention: the indexer's FP8 key and scale beside each layer's latent.
        return format!(
            "{} layers × ({} values × {} + {} B indexer) = {} B per token; {tokens} in the pool = {share} = {} B",
            v.layers,
            v.values_per_token,
            per_value(v.kv),
            v.indexer_bytes,
            g(v.token_bytes),
            g(bytes)
        );
    }
    format!(
        "{} layers × {} values × {} = {} B per token; {tokens} in the pool = {share} = {} B",
        v.layers,
        v.values_per_token,
        per_value(v.kv),
        g(v.token_bytes),
        g(bytes)
    )
}

fn pool_explanation(v: &KvPool) -> String {
    let replicated = if v.tp > v.kv_heads {
        format!(
            " With tensor parallelism {} over {} KV heads each GPU keeps a replica of one KV head, as vLLM does.",
            v.tp, v.kv_heads
        )
    } else {
        String::new()
    };
    // SGLang's static share holds the weights and the pool only (server_args.py:
    // mem_fraction_static is "the fraction of the memory used for static allocation (model
    // weights and KV cache memory pool)"); vLLM's graphs captured after the pool likewise.
    let beside = if v.outside > 0 {
        format!(
            " The parts it does not count in the share ({} B here: its step's activations or CUDA graphs) come from the rest of the GPU, so its total is the share and them.",
            g(v.outside)
        )
    } else {
        String::new()
    };
    let of = if v.reserve == Reserve::Static {
        "the memory free before the weights load, with its runtime"
    } else {
        "the GPU"
    };
    // --- vision encoder (issue 38)
    let beside = if v.vision > 0 && v.reserve == Reserve::Static {
        format!("{beside} Serving a vision-language model, SGLang lowers its default share by the encoder's size (server_args.py adjust_mem_fraction_for_vlm: 0.95 × a factor from its layers and width against a ViT-L/14) to leave room for encoding images, which it does not profile.")
    } else {
        beside
    };
    // --- end vision encoder
    let k = &v.groups;
    let windowed = if k.linear() && k.linear_groups > 0 {
        format!(
            " Its {} linear-attention layers keep no KV cache but a fixed state of {} B per sequence each; vLLM grows the attention block to {} tokens so that one layer's block holds such a state, groups the layers {} at a time ({} attention, {} linear-attention groups) and gives a sequence of {} tokens {} blocks in each attention group and {} in each linear-attention group (with prefix caching's mamba_cache_mode=align, vLLM's default, the running state and the last cached one), {} in all; the token count it logs is the blocks ÷ a sequence's blocks × {} tokens.",
            k.linear_layers,
            g(k.state_bytes),
            g(v.block_tokens),
            k.group_layers,
            k.full_groups,
            k.linear_groups,
            g(v.seq),
            g(v.seq.div_ceil(v.block_tokens.max(1))),
            (k.seq_blocks - k.full_groups * v.seq.div_ceil(v.block_tokens.max(1)))
                / k.linear_groups.max(1),
            g(k.seq_blocks),
            g(v.seq)
        )
    } else if k.linear() {
        format!(
            " Its {} linear-attention layers keep no KV cache but a fixed state of {} B per sequence each, taken from the same memory: SGLang keeps the states in a pool of their own (MambaPool), counted here as each sequence's state beside its KV.",
            k.linear_layers,
            g(k.state_bytes)
        )
    } else if !k.hybrid() {
        String::new()
    } else if k.window_pool_tokens > 0 {
        format!(
            " SGLang keeps the {} layers that attend within a {}-token window in a pool of their own with 0.8 × the full pool's tokens ({} tokens): a sequence keeps all its tokens in the {} full-attention layers and at most {} in the windowed ones (its window and one chunk), and the pool's token count is the full layers'.",
            k.windowed_layers,
            g(k.window),
            g(k.window_pool_tokens),
            k.full_layers,
            g(k.window_tokens)
        )
    } else if k.full_groups == 0 {
        format!(
            " Every layer attends within a {}-token window, so a sequence keeps at most {} tokens (its window and one scheduler step) in {} blocks.",
            g(k.window),
            g(k.window_tokens),
            g(k.seq_blocks)
        )
    } else {
        format!(
            " vLLM counts the {} layers that attend within a {}-token window apart from the {} full-attention layers: {} groups of {} layers ({} full, {} windowed) take blocks from one pool, a sequence of {} tokens takes {} blocks in each full group and {} in each windowed one (its window and one scheduler step of {} tokens), {} in all; the token count it logs (\"GPU KV cache size\") is the blocks ÷ a sequence's blocks (its \"maximum concurrency\", a fraction) × {} tokens.",
            k.windowed_layers,
            g(k.window),
            k.full_layers,
            k.full_groups + k.window_groups,
            k.group_layers,
            k.full_groups,
            k.window_groups,
            g(v.seq),
            g(v.seq.div_ceil(v.block_tokens.max(1))),
            g(k.window_tokens.div_ceil(v.block_tokens.max(1)) + 1),
            g(v.step_tokens),
            g(k.seq_blocks),
            g(v.seq)
        )
    };
    let replicas = if v.replicas > 1 {
        format!(
            " The {} data-parallel replicas each have a pool like this one: {} sequences in all; the {} requests are spread over them, {} on each.",
            v.replicas,
            g(v.sequences.saturating_mul(v.replicas)),
            g(v.total_batch),
            g(v.batch)
        )
    } else {
        String::new()
    };
    format!(
        "{} takes {} of {of} ({} B) and gives everything its other parts leave to a preallocated KV cache pool: {} tokens here, enough for {} of {} tokens ({} requested). The pool does not grow or shrink with the batch: the batch decides only whether it fits.{windowed}{replicas}{beside}{replicated}",
        v.engine.name(),
        format_fixed(v.util_milli, 3),
        g(v.budget),
        g(v.pool_tokens),
        crate::explain::wording::count(v.sequences, "concurrent sequence", "concurrent sequences"),
        g(v.seq),
        g(v.batch)
    )
}

/// The side's layers (and output layer) and format, then each term's bytes.
fn weights_formula(v: &SplitWeights, gpu: bool, bytes: u64) -> String {
    let output_here = v.output_on_gpu == gpu;
    let what = if gpu && v.devices > 1 {
        format!(
            "GPU {} of {}: layers {}–{} ({} of {})",
            v.device + 1,
            v.devices,
            v.first_layer,
            (v.first_layer + v.here).saturating_sub(1),
            v.here,
            v.layers
        )
    } else if gpu {
        format!("{} of {} layers", v.here, v.layers)
    } else {
        format!("token embeddings + {} layers", v.here)
    };
    let mut terms = Vec::new();
    if !gpu {
        terms.push(format!("{} B", g(v.embed_bytes)));
    }
    if gpu && v.experts_bytes > 0 {
        terms.push(format!(
            "({} B − {} B (their routed experts, in host memory))",
            g(crate::add!(v.layers_bytes, v.experts_bytes)),
            g(v.experts_bytes)
        ));
    } else {
        terms.push(format!("{} B", g(v.layers_bytes)));
    }
    if output_here {
        terms.push(format!("{} B", g(v.output_bytes)));
    }
    if !gpu && v.experts_bytes > 0 {
        terms.push(format!(
            "{} B (routed experts that --n-cpu-moe keeps here)",
            g(v.experts_bytes)
        ));
    }
    format!(
        "{what}{} at {} = {} = {} B",
        if output_here { " + output layer" } else { "" },
        format_words(v.format),
        terms.join(" + "),
        g(bytes)
    )
}

fn compute_formula(v: &ComputeBuffer, bytes: u64) -> String {
    let batch = format!("one micro-batch of {} tokens", v.ubatch_tokens);
    match (v.layers_on_gpu > 0, v.output_on_gpu) {
        (_, true) => format!(
            "{batch} = max(attention {} B, output layer {} B) = {} B",
            g(v.attention),
            g(v.output),
            g(bytes)
        ),
        (true, false) => format!(
            "{batch}, the output layer {} = attention {} B = {} B",
            if v.output_elsewhere {
                "on another GPU"
            } else {
                "on the CPU"
            },
            g(v.attention),
            g(bytes)
        ),
        (false, false) => format!("0 layers on the GPU = {} B", g(bytes)),
    }
}

fn host_compute_formula(v: &HostCompute, bytes: u64) -> String {
    format!(
        "{ub} tokens × {} hidden × 4 B + mask {ub} × {} × {} B{} = {} B",
        g(v.hidden),
        g(v.ctx),
        v.mask_value_bytes,
        v.cpu_work
            .map(|w| format!(" + {} B (the CPU layers' graph)", g(w)))
            .unwrap_or_default(),
        g(bytes),
        ub = v.ubatch_tokens
    )
}

/// Each layer's K and V for every sequence's tokens; windowed layers keep only their window.
fn split_kv_formula(v: &SplitKv, bytes: u64) -> String {
    if v.windowed == 0 {
        return format!(
            "{} layers × {} values per token × {} tokens × {} = {} B",
            v.layers,
            v.values_per_token,
            g(crate::mul!(v.batch, v.seq)),
            per_value(v.kv),
            g(bytes)
        );
    }
    format!(
        "({} layers × {} tokens + {} windowed layers × {} tokens) × {} values per token × {} × {} = {} B",
        v.layers - v.windowed,
        g(v.seq),
        v.windowed,
        g(v.window_tokens),
        v.values_per_token,
        seqs(v.batch),
        per_value(v.kv),
        g(bytes)
    )
}
