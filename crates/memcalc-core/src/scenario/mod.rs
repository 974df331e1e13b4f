//! A fully validated scenario: every value in range and consistent, ready to estimate.

pub mod amr;
pub mod lora;
pub mod measured;
pub mod mechanism;
pub mod nbody;
pub mod planewave;
pub mod sciml;
pub mod serving;
pub mod sim;
pub mod speed;
pub mod training;

use crate::base::choice::choice_enum;
use crate::catalog::arch::Arch;
use crate::catalog::device::{GpuPreset, GPUS};
use crate::catalog::optimizer::Optimizer;
use crate::catalog::precision::Dtype;
use crate::catalog::quant::{KvQuant, Quant, SparseFormat};
use crate::scenario::serving::{BatchScope, CudaGraphs, Engine, HybridKv, MambaCache, MmProfile};

choice_enum!(
    /// What the model is being used for.
    Mode {
        Train => ("train", "Training"),
        /// Fine-tuning: full (every parameter trainable) or, with a LoRA rank, adapters only.
        Finetune => ("finetune", "Fine-tuning"),
        Infer => ("infer", "Inference"),
        Sim => ("sim", "Physics simulation"),
    }
);

impl Mode {
    /// Training or fine-tuning a neural model.
    pub fn trains(self) -> bool {
        matches!(self, Mode::Train | Mode::Finetune)
    }
}

choice_enum!(
    /// The shape assumed for a bare parameter count (no architecture given).
    ShapeRule {
        /// The nearest dense catalog model (grouped-query attention included).
        Catalog => ("catalog", "The nearest released model's shape"),
        /// Links of schema version 1: P ≈ 12·L·h², h = 128·L, one KV head per query head.
        Dense => ("dense", "Scaled dense shape without grouped-query attention (version 1 links)"),
    }
);

choice_enum!(
    /// Activation recomputation (gradient checkpointing).
    Recompute {
        None => ("none", "None: keep every activation"),
        Selective => ("selective", "Selective: recompute the attention core"),
        /// torchtitan's per-op selective checkpointing: every other matmul output is saved.
        SelectiveOp => ("selective_op", "Per-op selective: save every other matmul (torchtitan)"),
        Full => ("full", "Full: keep only each layer's input"),
    }
);

choice_enum!(
    /// Over which ranks ZeRO-3 / FSDP shards (PyTorch FSDP `sharding_strategy`,
    /// torch/distributed/fsdp/api.py: FULL_SHARD, the default, and HYBRID_SHARD).
    Sharding {
        Full => ("full", "Every data-parallel rank (FSDP FULL_SHARD, ZeRO-3)"),
        Hybrid => ("hybrid", "Within each node, replicated across nodes (FSDP HYBRID_SHARD, HSDP)"),
    }
);

choice_enum!(
    /// What ZeRO-Offload / ZeRO-Infinity moves to host memory.
    Offload {
        None => ("none", "Nothing"),
        Optimizer => ("optimizer", "Optimizer states and master weights"),
        All => ("all", "Optimizer states and parameters"),
    }
);

choice_enum!(
    /// Where a training set held in memory lives.
    DatasetOn {
        Device => ("device", "GPU memory"),
        Host => ("host", "Host memory"),
        Stream => ("stream", "Streamed (prefetch buffers only)"),
    }
);

pub use crate::scenario::lora::LoraTargets;

/// Largest accepted parameter count (10^15): bytes stay far below u64::MAX for any setting.
pub const MAX_PARAMS: u64 = 1_000_000_000_000_000;
/// Largest accepted device memory: 1 PiB.
pub const MAX_DEVICE_BYTES: u64 = 1 << 50;
/// Largest accepted fixed runtime overhead, in MiB (1 TiB).
pub const MAX_RUNTIME_MIB: u64 = 1 << 20;
/// Largest accepted proportional overhead, in basis points (100 %).
pub const MAX_OVERHEAD_BP: u64 = 10_000;
/// Largest number of devices.
pub const MAX_GPUS: u64 = 1_000_000;
/// Largest micro-batch and sequence length.
pub const MAX_BATCH: u64 = 1 << 24;
pub const MAX_SEQ: u64 = 1 << 27;

/// Default fixed runtime memory per device, MiB. The CUDA context alone is about 300 MiB since
/// CUDA 11.7's lazy kernel loading (over 1000 MiB before it; PyTorch maintainers in
/// pytorch/pytorch#107667 and #20532); cuBLAS and cuDNN workspaces add to it once kernels run.
pub const DEFAULT_RUNTIME_MIB: u64 = 512;
/// Default proportional overhead for the caching allocator's reserved-but-unused blocks and
/// short-lived temporaries, in basis points (10 %).
pub const DEFAULT_OVERHEAD_BP: u64 = 1_000;

/// The device one shard of the model runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Device {
    pub preset: &'static GpuPreset,
    /// Set when the user gave `gpu_mem`, which overrides the preset's capacity.
    pub custom_bytes: Option<u64>,
}

impl Device {
    pub fn capacity_bytes(&self) -> u64 {
        self.custom_bytes.unwrap_or(self.preset.capacity_bytes)
    }

    /// The unified pool the capacity is the default share of (none once `gpu_mem` is given).
    pub fn unified(&self) -> Option<crate::catalog::device::Unified> {
        self.preset.unified.filter(|_| self.custom_bytes.is_none())
    }

    pub fn label(&self) -> String {
        match self.custom_bytes {
            Some(b) => format!(
                "a device with {}",
                crate::base::units::format_bytes(b, Default::default())
            ),
            None => self.preset.label.to_string(),
        }
    }
}

/// How the model is split over devices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parallel {
    pub gpus: u64,
    pub tp: u64,
    pub pp: u64,
    /// Expert parallelism: the ranks the routed experts are divided over (1: every rank of a
    /// tensor-parallel group holds a slice of every expert). Serving (vLLM, SGLang
    /// `--enable-expert-parallel`): tp × dp, each rank holding whole experts; training
    /// (Megatron `expert_model_parallel_size`): ranks of the data-parallel dimension, each
    /// expert also split over tp (expert_tensor_parallel_size defaults to tp).
    pub ep: u64,
    /// Context parallelism (issue 38; Megatron-Core `context_parallel_size`, torchtitan
    /// `context_parallel_degree`): each sequence split over `cp` ranks of the data-parallel
    /// dimension (ZeRO still shards over all of them, as Megatron's distributed optimizer
    /// shards over dp × cp and torchtitan's FSDP over dp_shard × cp); 1: none.
    pub cp: u64,
    /// Megatron sequence parallelism: shards the activations tensor parallelism leaves whole.
    pub sp: bool,
    pub zero: u8,
    pub offload: Offload,
    /// ZeRO-3 / FSDP's sharding group: every data-parallel rank, or the node's (HSDP).
    pub sharding: Sharding,
    pub gpus_per_node: u64,
}

impl Parallel {
    /// Data-parallel degree: gpus / (tp × pp).
    pub fn dp(&self) -> u64 {
        self.gpus / (self.tp * self.pp)
    }

    /// The ranks ZeRO shards over: every data-parallel rank, or under hybrid sharding those of
    /// one node (its GPUs ÷ tp × pp, at least 1, at most dp): HYBRID_SHARD "shards within a
    /// node and replicates across nodes" (torch/distributed/fsdp/api.py).
    pub fn shard_dp(&self) -> u64 {
        let dp = self.dp().max(1);
        match self.sharding {
            Sharding::Full => dp,
            Sharding::Hybrid => (self.gpus_per_node / (self.tp * self.pp).max(1)).clamp(1, dp),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scenario {
    pub mode: Mode,
    /// Parameter count as given; None means derived from `arch`.
    pub params: Option<u64>,
    /// The architecture as given; None means a shape inferred from the count.
    pub arch: Option<Arch>,
    /// The catalog model the architecture was filled from (its fields may have been changed).
    pub model: Option<&'static crate::catalog::Model>,
    /// The shape assumed when only a count is given.
    pub shape: ShapeRule,
    pub batch: u64,
    pub seq: u64,
    pub dtype: Dtype,
    /// Mixed precision: an FP32 master copy and FP32 optimizer states beside low-precision weights.
    pub mixed: bool,
    /// Gradient precision; `None` means the same as `dtype` (the ZeRO paper's 16 bytes/param).
    pub grad_dtype: Option<Dtype>,
    pub optimizer: Optimizer,
    pub recompute: Recompute,
    pub flash_attention: bool,
    pub dropout: bool,
    /// Attention scores kept in FP32 (PyTorch autocast runs softmax in FP32).
    pub softmax_fp32: bool,
    pub parallel: Parallel,
    /// LoRA rank; 0 means full fine-tuning.
    pub lora_rank: u64,
    pub lora_targets: LoraTargets,
    pub quant: Quant,
    /// How the engine stores MXFP4 experts (vLLM pads them for its Marlin kernel below Hopper).
    pub mxfp4_kernel: crate::catalog::quant::Mxfp4Kernel,
    /// How a GGUF with MXFP4 experts stores its other tensors (`gguf_rest`, llama.cpp).
    pub gguf_rest: crate::catalog::gguf::GgufRest,
    /// The type of a tied model's token embeddings in a GGUF (`gguf_tied_embd`, llama.cpp).
    pub gguf_tied_embd: crate::catalog::gguf::GgufTiedEmbd,
    /// llama.cpp's shape fallback for K-quant rows not a whole number of 256-value blocks
    /// (`gguf_fallback`).
    pub gguf_fallback: bool,
    /// Bits per weight in thousandths, overriding `quant`.
    pub milli_bpw: Option<u64>,
    pub kv_dtype: Option<Dtype>,
    /// A block-quantized KV cache (llama.cpp q8_0, q4_0), given through `kv_dtype`.
    pub kv_quant: Option<KvQuant>,
    /// The serving engine (inference): how the KV cache and the working memory are allocated.
    pub engine: Engine,
    /// Share of the device a pooled engine may use, in thousandths (None: the engine's default).
    pub gpu_util_milli: Option<u64>,
    /// Tokens in one scheduler step (None: the engine's default).
    pub max_batched_tokens: Option<u64>,
    /// Sequences one scheduler step may hold (vLLM max_num_seqs; None: the engine's default).
    pub max_num_seqs: Option<u64>,
    pub cuda_graphs: CudaGraphs,
    /// How a pooled engine counts the KV cache of windowed layers (`hybrid_kv`).
    pub hybrid_kv: HybridKv,
    /// What `batch` counts when inference runs data-parallel replicas (`batch_scope`).
    pub batch_scope: BatchScope,
    /// vLLM's caching of linear-attention states (`mamba_cache_mode`).
    pub mamba_cache: MambaCache,
    /// vLLM `--limit-mm-per-prompt` for images (None: vLLM's 999) and its multimodal profile
    /// run (`mm_profile`; issue 38).
    pub mm_limit: Option<u64>,
    pub mm_profile: MmProfile,
    /// llama.cpp n_gpu_layers (None: every layer and the output layer).
    pub gpu_layers: Option<u64>,
    /// llama.cpp `--n-cpu-moe N`: the routed experts (`ffn_*_exps`) of the first N layers kept in
    /// host memory (None: none; the layer count: `--cpu-moe`, all of them).
    pub n_cpu_moe: Option<u64>,
    /// llama.cpp `-ub`, the physical batch one compute graph holds (None: llama.cpp's 512).
    pub ubatch: Option<u64>,
    /// llama.cpp `--tensor-split`: each GPU's share of the layer split (none: equal).
    pub tensor_split: crate::scenario::serving::TensorSplit,
    /// Fraction of zero weights, in basis points.
    pub sparsity_bp: u64,
    pub sparse_format: SparseFormat,
    /// Training data held in memory, as given by `dataset` (0: none).
    pub dataset_bytes: u64,
    /// Or as `samples` × `sample_bytes` (samples 0: not given).
    pub samples: u64,
    pub sample_bytes: u64,
    pub dataset_on: DatasetOn,
    pub device: Device,
    pub host_mem: Option<u64>,
    pub runtime_mib: u64,
    pub overhead_bp: u64,
    pub sim: crate::scenario::sim::Sim,
    pub sciml: crate::scenario::sciml::SciMl,
    /// A peak the user measured, to set the estimate beside (None: not given).
    pub measured: Option<u64>,
    pub measured_kind: crate::scenario::measured::Measured,
    /// Bytes per device (per rank in simulations) kept from a measurement; 0: none.
    pub calibration: u64,
    /// How the training framework spends memory beyond the textbook terms.
    pub mech: crate::scenario::training::Mechanics,
    /// The time model's overrides (no memory figure depends on them).
    pub speed: crate::scenario::speed::SpeedSettings,
}

impl Default for Scenario {
    fn default() -> Self {
        Scenario {
            mode: Mode::Train,
            params: Some(7_000_000_000),
            arch: None,
            model: None,
            shape: ShapeRule::Catalog,
            batch: 1,
            seq: 2048,
            dtype: Dtype::Bf16,
            mixed: true,
            grad_dtype: None,
            optimizer: Optimizer::AdamW,
            recompute: Recompute::None,
            flash_attention: true,
            dropout: false,
            softmax_fp32: false,
            parallel: Parallel {
                gpus: 1,
                tp: 1,
                pp: 1,
                ep: 1,
                cp: 1,
                sp: false,
                zero: 0,
                offload: Offload::None,
                sharding: Sharding::Full,
                gpus_per_node: 8,
            },
            lora_rank: 0,
            lora_targets: LoraTargets::ALL_LINEAR,
            quant: Quant::None,
            mxfp4_kernel: crate::catalog::quant::Mxfp4Kernel::Auto,
            gguf_rest: crate::catalog::gguf::GgufRest::Q8_0,
            gguf_tied_embd: crate::catalog::gguf::GgufTiedEmbd::Output,
            gguf_fallback: true,
            milli_bpw: None,
            kv_dtype: None,
            kv_quant: None,
            engine: Engine::Hf,
            gpu_util_milli: None,
            max_batched_tokens: None,
            max_num_seqs: None,
            cuda_graphs: CudaGraphs::On,
            hybrid_kv: HybridKv::Engine,
            batch_scope: BatchScope::All,
            mamba_cache: MambaCache::Align,
            mm_limit: None,
            mm_profile: MmProfile::On,
            gpu_layers: None,
            n_cpu_moe: None,
            ubatch: None,
            tensor_split: crate::scenario::serving::TensorSplit {
                n: 0,
                milli: [0; crate::scenario::serving::LLAMACPP_MAX_DEVICES],
            },
            sparsity_bp: 0,
            sparse_format: SparseFormat::Dense,
            dataset_bytes: 0,
            samples: 0,
            sample_bytes: 0,
            dataset_on: DatasetOn::Host,
            device: Device {
                preset: &GPUS[0],
                custom_bytes: None,
            },
            host_mem: None,
            runtime_mib: DEFAULT_RUNTIME_MIB,
            overhead_bp: DEFAULT_OVERHEAD_BP,
            sim: crate::scenario::sim::Sim::default(),
            sciml: crate::scenario::sciml::SciMl::default(),
            measured: None,
            measured_kind: crate::scenario::measured::Measured::NvidiaSmi,
            calibration: 0,
            mech: crate::scenario::training::Mechanics::default(),
            speed: crate::scenario::speed::SpeedSettings::default(),
        }
    }
}

impl Scenario {
    /// Data-parallel replicas of an inference run (gpus ÷ (tp × pp)); 1 in training, where
    /// the data-parallel ranks are not replicas of a server.
    pub fn replicas(&self) -> u64 {
        if self.mode == Mode::Infer {
            self.parallel.dp().max(1)
        } else {
            1
        }
    }

    /// Whether `batch` is spread over several replicas (`batch_scope=all`).
    pub fn spreads_batch(&self) -> bool {
        self.replicas() > 1 && self.batch_scope == BatchScope::All
    }

    /// One replica's share of the run: its ⌈batch ÷ replicas⌉ sequences where the batch is over
    /// all of them (a data-parallel router sends each request to one replica: vLLM
    /// `--data-parallel-size`, SGLang `--dp-size`), else the run itself.
    pub fn per_replica(&self) -> Scenario {
        if self.spreads_batch() {
            Scenario {
                batch: self.batch.div_ceil(self.replicas()).max(1),
                ..*self
            }
        } else {
            *self
        }
    }

    /// Whether the weights are stored quantized: a quantization format, or bits per weight given.
    pub fn quantized_weights(&self) -> bool {
        self.quant != Quant::None || self.milli_bpw.is_some()
    }

    /// Defaults differ by mode only in precision: simulations default to FP64.
    pub fn default_for(mode: Mode) -> Scenario {
        let d = Scenario::default();
        match mode {
            Mode::Sim => Scenario {
                mode,
                dtype: Dtype::Fp64,
                ..d
            },
            _ => Scenario { mode, ..d },
        }
    }

    /// The parameter count used: as given, else derived exactly from the architecture.
    pub fn param_count(&self) -> u64 {
        if !self.sciml.is_transformer() {
            return self.sciml.params().max(1);
        }
        self.params
            .or(self.arch.map(|a| a.total_params()))
            .unwrap_or(1)
    }

    /// The architecture the activations and KV cache are computed from, and whether it was
    /// inferred rather than given.
    pub fn shape(&self) -> (Arch, bool) {
        match (self.arch, self.assumed_model()) {
            (Some(a), _) => (a, false),
            (None, Some(m)) => (m.arch, true),
            (None, None) => (Arch::inferred(self.param_count()), true),
        }
    }

    /// The catalog model whose shape a bare count takes (`shape=catalog`, no architecture).
    pub fn assumed_model(&self) -> Option<&'static crate::catalog::Model> {
        (self.arch.is_none() && self.shape == ShapeRule::Catalog)
            .then(|| crate::catalog::nearest_shape(self.param_count()))
    }

    /// Bytes of training data in memory, from `dataset` or `samples` × `sample_size`.
    pub fn dataset_total(&self) -> u64 {
        if self.samples > 0 {
            self.samples * self.sample_bytes
        } else {
            self.dataset_bytes
        }
    }

    pub fn uses_lora(&self) -> bool {
        self.mode == Mode::Finetune && self.lora_rank > 0
    }

    /// Whether an FP32 master copy is kept: mixed precision on and weights below 4 bytes.
    pub fn keeps_master_copy(&self) -> bool {
        self.mode.trains() && self.mixed && self.dtype.is_low_precision()
    }

    pub fn grad_dtype(&self) -> Dtype {
        self.grad_dtype.unwrap_or(self.dtype)
    }

    /// Precision of optimizer states: FP32 when mixed precision keeps them apart from the
    /// low-precision weights, else the training precision (PyTorch creates states like the
    /// parameter).
    pub fn state_dtype(&self) -> Dtype {
        if self.keeps_master_copy() {
            Dtype::Fp32
        } else {
            self.dtype
        }
    }

    /// The KV cache's precision: the one given, else the engine's default. llama.cpp keeps its
    /// cache in F16 whatever the weights are (common/common.h: `cache_type_k = GGML_TYPE_F16`,
    /// likewise `cache_type_v`; `-ctk`/`-ctv` change it), since schema version 3; the other
    /// engines cache in the weights' precision (BF16 for FP8 weights).
    pub fn kv_dtype(&self) -> Dtype {
        self.kv_dtype.unwrap_or_else(|| self.default_kv_dtype())
    }

    /// The KV precision with no `kv_dtype` given (see [`Scenario::kv_dtype`]). Version-2 links
    /// that counted a wider llama.cpp cache pin it (`schema::query`).
    pub fn default_kv_dtype(&self) -> Dtype {
        if self.mode == Mode::Infer && self.engine == Engine::Llamacpp {
            Dtype::Fp16
        } else if self.dtype == Dtype::Fp8 {
            Dtype::Bf16
        } else {
            self.dtype
        }
    }

    /// Bytes of `values` cached keys or values in the KV cache's format.
    pub fn kv_bytes(&self, values: u64) -> u64 {
        match self.kv_quant {
            Some(q) => crate::mul!(values.div_ceil(32), q.block_bytes()),
            None => crate::mul!(values, self.kv_dtype().bytes()),
        }
    }

    /// The KV cache's format in capitals, e.g. "BF16" or "Q8_0".
    pub fn kv_label(&self) -> &'static str {
        match self.kv_quant {
            Some(q) => q.short(),
            None => self.kv_dtype().short(),
        }
    }

    /// Bits per frozen weight in thousandths, when quantized.
    pub fn weight_milli_bpw(&self) -> Option<u64> {
        if self.mode == Mode::Train || (self.mode == Mode::Finetune && !self.uses_lora()) {
            return None;
        }
        self.milli_bpw.or(self.quant.milli_bpw())
    }
}
