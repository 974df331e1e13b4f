//! Which program serves the model, and how it treats CUDA graphs (settings, with each engine's
//! name and sources; the bytes they imply are in `model::neural::engine`).

use crate::base::choice::choice_enum;

/// Where vLLM's defaults and reserve order come from.
macro_rules! src_vllm {
    () => {
        "vLLM v0.10 vllm/v1/worker/gpu_worker.py determine_available_memory (requested = gpu_memory_utilization × total; KV = requested − weights − peak activation − non-torch), vllm/engine/arg_utils.py defaults (max_num_batched_tokens 8192 and max_num_seqs 1024 for `vllm serve` on GPUs of 70 GiB or more other than A100, else 2048 and 256), block_size 16; CUDA graphs reserved before the pool with VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS (vllm-project/vllm#21489 and later)"
    };
}
pub const SRC_VLLM: &str = src_vllm!();
/// Where SGLang's defaults and static fraction come from.
macro_rules! src_sglang {
    () => {
        "SGLang v0.5 python/sglang/srt/server_args.py _handle_gpu_memory_settings (mem_fraction_static = (capacity − reserved) / capacity, reserved = 512 MiB + 1.5 MiB × max(chunked_prefill_size, 2048) + 2 MiB × cuda_graph_max_bs + tp × pp / 8 GiB, at least 10 GiB above 60 GiB; chunked_prefill_size 2048 below 35 GiB, 4096 below 60, 8192 below 160, else 16384; cuda_graph_max_bs 8 below 20 GiB, 24/80 below 35, 32/160 below 60, 256/512 below 160 (tp < 4 / ≥ 4), else 512) and model_executor/model_runner.py profile_max_num_token (pool = free after loading − free before loading × (1 − mem_fraction_static), free memory from torch.cuda.mem_get_info after the distributed init; cell_size = KV heads × head_dim × layers × 2 (K and V) × bytes; one token per page)"
    };
}
pub const SRC_SGLANG: &str = src_sglang!();
/// Where llama.cpp's split and buffers come from.
pub const SRC_LLAMACPP: &str = "llama.cpp src/llama-model.cpp (n_gpu_layers: repeating layers from the last, then the output layer; token embeddings stay on the CPU) and llama-kv-cache.cpp (each layer's K and V on its layer's device); buffer sizes as llama.cpp prints them at load";

choice_enum!(
    /// The program that serves the model.
    Engine {
        Hf => ("hf", "Hugging Face Transformers / plain PyTorch"),
        Vllm => ("vllm", "vLLM (paged KV pool)"),
        Sglang => ("sglang", "SGLang (static memory pool)"),
        Llamacpp => ("llamacpp", "llama.cpp (GPU and CPU layers)"),
    }
);

/// How an engine is named in the texts, and where its defaults come from.
impl Engine {
    /// Where the engine's defaults and allocation order come from ("" for plain PyTorch).
    pub fn source(self) -> &'static str {
        match self {
            Engine::Hf => "",
            Engine::Vllm => SRC_VLLM,
            Engine::Sglang => SRC_SGLANG,
            Engine::Llamacpp => SRC_LLAMACPP,
        }
    }

    /// The engine's name in the texts.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Hf => "PyTorch",
            Engine::Vllm => "vLLM",
            Engine::Sglang => "SGLang",
            Engine::Llamacpp => "llama.cpp",
        }
    }
}

choice_enum!(
    /// Whether the engine captures CUDA graphs, and whether their memory is taken from the
    /// budget before the KV pool is sized.
    CudaGraphs {
        On => ("on", "On, reserved before the KV pool"),
        After => ("after", "On, captured after the KV pool (vLLM ≤ 0.10)"),
        Off => ("off", "Off (eager: --enforce-eager, --disable-cuda-graph)"),
    }
);

/// The most GPUs one llama.cpp process splits over (ggml-cuda `GGML_CUDA_MAX_DEVICES`, 16; the
/// length of `--tensor-split`'s array).
pub const LLAMACPP_MAX_DEVICES: usize = 16;

/// llama.cpp's `--tensor-split` (`-ts`): each GPU's share of the offloaded layers, in
/// thousandths, one per GPU of the layer split; none given (`n` 0): by each GPU's free memory,
/// equal on equal GPUs (src/llama-model.cpp `load_tensors`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TensorSplit {
    pub n: u8,
    pub milli: [u32; LLAMACPP_MAX_DEVICES],
}

impl TensorSplit {
    /// Shares separated by commas (llama.cpp's own syntax, e.g. `3,1`), each a non-negative
    /// number with up to 3 decimals; empty: none given.
    pub fn parse(raw: &str) -> Result<TensorSplit, String> {
        let mut t = TensorSplit::default();
        let raw = raw.trim();
        if raw.is_empty() {
            return Ok(t);
        }
        for part in raw.split([',', '/']) {
            let p = part.trim();
            if t.n as usize == LLAMACPP_MAX_DEVICES {
                return Err(format!(
                    "at most {LLAMACPP_MAX_DEVICES} shares, one per GPU (llama.cpp's most)"
                ));
            }
            let v: f64 = p
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite() && *v >= 0.0 && *v <= 1_000_000.0)
                .ok_or_else(|| {
                    format!(
                        "\"{p}\" is not a share: give numbers from 0 separated by commas, e.g. 3,1"
                    )
                })?;
            let m = (v * 1000.0).round();
            if (v * 1000.0 - m).abs() > 1e-6 {
                return Err(format!("\"{p}\": at most 3 decimals"));
            }
            t.milli[t.n as usize] = m as u32;
            t.n += 1;
        }
        if t.shares().iter().all(|&m| m == 0) {
            return Err("the shares cannot all be 0".into());
        }
        Ok(t)
    }

    /// The shares given, in thousandths.
    pub fn shares(&self) -> &[u32] {
        &self.milli[..self.n as usize]
    }

    /// As written in a link: `3,1`, `0.6,0.4`.
    pub fn text(&self) -> String {
        self.shares()
            .iter()
            .map(|&m| crate::base::units::format_fixed(u64::from(m), 3))
            .collect::<Vec<_>>()
            .join(",")
    }
}
/// Where the engines' counting of windowed layers comes from.
macro_rules! src_hybrid_kv {
    () => {
        "vLLM (commit 001cabc1) vllm/v1/core/kv_cache_utils.py _get_kv_cache_groups_uniform_page_size (layers grouped by attention type, group size the fewest layers of a type, or the most when below 1.5 × the fewest), get_kv_cache_config_from_groups (num_blocks = pool ÷ page size ÷ group size, shared by every group), get_max_concurrency_for_kv_cache_config (blocks ÷ one request's blocks over all groups) and, from vLLM 0.29, _report_kv_cache_config (\"GPU KV cache size\" = int(max_concurrency × max_model_len); at commit 001cabc1 num_blocks ÷ groups × block_size), with vllm/v1/kv_cache_interface.py SlidingWindowSpec.max_memory_usage_bytes (a windowed layer holds cdiv(min(window − 1 + max_num_batched_tokens, max_model_len), block_size) + 1 blocks); SGLang python/sglang/srt/configs/model_config.py is_hybrid_swa_model (Llama 4, GPT-OSS, MiMo-V2, Step-3.5; Gemma 2 and 3 are counted at the full context) and model_executor/model_runner.py set_num_token_hybrid (full tokens = pool tokens × layers ÷ (swa_full_tokens_ratio × windowed layers + full layers), windowed tokens = 0.8 × full, server_args.py swa_full_tokens_ratio 0.8)"
    };
}
/// vLLM's sources with its counting of windowed layers.
pub const SRC_VLLM_HYBRID: &str = concat!(src_vllm!(), "; ", src_hybrid_kv!());
/// SGLang's sources with its windowed pool.
pub const SRC_SGLANG_HYBRID: &str = concat!(src_sglang!(), "; ", src_hybrid_kv!());

choice_enum!(
    /// How a pooled engine counts the KV cache of layers that attend within a sliding window.
    HybridKv {
        Engine => ("engine", "As the engine does (vLLM: per layer group; SGLang: a windowed pool for GPT-OSS)"),
        Full => ("full", "Every layer at the full context (--disable-hybrid-kv-cache-manager)"),
    }
);

choice_enum!(
    /// What `batch` counts when inference runs data-parallel replicas (gpus ÷ (tp × pp) > 1).
    BatchScope {
        All => ("all", "Over all replicas (each serves ⌈batch ÷ replicas⌉)"),
        Replica => ("replica", "Per replica (links before schema version 4)"),
    }
);

choice_enum!(
    /// vLLM's multimodal profile run (`--skip-mm-profiling` turns it off; vllm/config/multimodal.py).
    MmProfile {
        On => ("on", "on: the largest image batch encoded before the pool is sized, as vLLM does by default"),
        Off => ("off", "off: --skip-mm-profiling"),
    }
);

choice_enum!(
    /// How vLLM caches linear-attention (Mamba-style) states for prefix caching
    /// (`--mamba-cache-mode`, vllm/config/cache.py).
    MambaCache {
        Align => ("align", "align: with prefix caching, as vLLM does by default (2 blocks per linear-attention group and request)"),
        None => ("none", "none: without prefix caching (--no-enable-prefix-caching; 1 block)"),
    }
);
