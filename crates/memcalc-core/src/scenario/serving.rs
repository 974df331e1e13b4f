//! Which program serves the model, and how it treats CUDA graphs (settings, with each engine's
//! name and sources; the bytes they imply are in `model::neural::engine`).

use crate::base::choice::choice_enum;

/// Where vLLM's defaults and reserve order come from.
pub const SRC_VLLM: &str = "vLLM v0.10 vllm/v1/worker/gpu_worker.py determine_available_memory (requested = gpu_memory_utilization × total; KV = requested − weights − peak activation − non-torch), vllm/engine/arg_utils.py defaults (max_num_batched_tokens 8192 and max_num_seqs 1024 for `vllm serve` on GPUs of 70 GiB or more other than A100, else 2048 and 256), block_size 16; CUDA graphs reserved before the pool with VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS (vllm-project/vllm#21489 and later)";
/// Where SGLang's defaults and static fraction come from.
pub const SRC_SGLANG: &str = "SGLang v0.5 python/sglang/srt/server_args.py _handle_gpu_memory_settings (mem_fraction_static = (capacity − reserved) / capacity, reserved = 512 MiB + 1.5 MiB × max(chunked_prefill_size, 2048) + 2 MiB × cuda_graph_max_bs + tp × pp / 8 GiB, at least 10 GiB above 60 GiB; chunked_prefill_size 2048 below 35 GiB, 4096 below 60, 8192 below 160, else 16384; cuda_graph_max_bs 8 below 20 GiB, 24/80 below 35, 32/160 below 60, 256/512 below 160 (tp < 4 / ≥ 4), else 512) and model_executor/model_runner.py profile_max_num_token (pool = free after loading − free before loading × (1 − mem_fraction_static), free memory from torch.cuda.mem_get_info after the distributed init; cell_size = KV heads × head_dim × layers × 2 (K and V) × bytes; one token per page)";
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
