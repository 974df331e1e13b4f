//! Which program serves the model, and how it treats CUDA graphs (settings, with each engine's
//! name and sources; the bytes they imply are in `model::neural::engine`).

use crate::base::choice::choice_enum;

/// Where vLLM's defaults and reserve order come from.
pub const SRC_VLLM: &str = "vLLM v0.10 vllm/v1/worker/gpu_worker.py determine_available_memory (requested = gpu_memory_utilization × total; KV = requested − weights − peak activation − non-torch), vllm/engine/arg_utils.py defaults (max_num_batched_tokens 8192 and max_num_seqs 1024 for `vllm serve` on GPUs of 70 GiB or more other than A100, else 2048 and 256), block_size 16; CUDA graphs reserved before the pool with VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS (vllm-project/vllm#21489 and later)";
/// Where SGLang's defaults and static fraction come from.
pub const SRC_SGLANG: &str = "SGLang v0.4 python/sglang/srt/server_args.py (mem_fraction_static 0.88 at tp 1, 0.87 at 2, 0.85 at 4, 0.81 at 8, 0.79 at 16; chunked_prefill_size 8192, 2048 below 25 GB) and model_runner.py profile_max_num_token (pool = mem_fraction_static × total − weights − context; one token per page)";
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
