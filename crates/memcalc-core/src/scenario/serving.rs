//! Which program serves the model, and how it treats CUDA graphs (settings; the bytes they
//! imply are in `model::neural::engine`).

use crate::base::choice::choice_enum;

choice_enum!(
    /// The program that serves the model.
    Engine {
        Hf => ("hf", "Hugging Face Transformers / plain PyTorch"),
        Vllm => ("vllm", "vLLM (paged KV pool)"),
        Sglang => ("sglang", "SGLang (static memory pool)"),
        Llamacpp => ("llamacpp", "llama.cpp (GPU and CPU layers)"),
    }
);

choice_enum!(
    /// Whether the engine captures CUDA graphs, and whether their memory is taken from the
    /// budget before the KV pool is sized.
    CudaGraphs {
        On => ("on", "On, reserved before the KV pool"),
        After => ("after", "On, captured after the KV pool (vLLM ≤ 0.10)"),
        Off => ("off", "Off (eager: --enforce-eager, --disable-cuda-graph)"),
    }
);
