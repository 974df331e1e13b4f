//! The inputs a user can set: one row per URL key ([`FieldId`], declared in `base::keys`) with
//! where its value lives in the scenario (`schema::slot`), label, grouping, bounds and when it
//! applies. The page and the CLI both render and parse from this one table: a new key is its
//! variant, its row and the arithmetic that uses it.

use crate::base::choice::Choice;
pub use crate::base::keys::FieldId;
use crate::catalog::arch::{Bias, Mlp, Norm};
use crate::catalog::device::GPUS;
use crate::catalog::optimizer::Optimizer;
use crate::catalog::precision::Dtype;
use crate::catalog::quant::{Quant, SparseFormat};
use crate::scenario::*;
use crate::schema::slot::*;

/// How a field is entered and parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// A whole count such as `7B`; suffixes are decimal (`k` is 1,000).
    Count,
    /// A whole count of tokens: `k` is 1,024 and `M` 1,048,576, as model cards write contexts.
    Tokens,
    /// A size; a bare number is in the unit named.
    Size { unit: &'static str },
    /// A plain non-negative number in the unit named (e.g. MiB, %).
    Number { unit: &'static str },
    /// On or off.
    Toggle,
    /// One of a fixed list of options.
    Select,
    /// Free text with suggestions (`options` lists them): a searchable picker.
    Search,
}

/// Where a field sits in the form; essentials come first, advanced ones are folded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    Model,
    SciMl,
    Sim,
    SimSize,
    SimRanks,
    SimHistory,
    Architecture,
    Workload,
    Serving,
    Training,
    Mechanics,
    Savers,
    Parallel,
    Data,
    Device,
    Check,
}

impl Group {
    pub const ALL: [Group; 16] = [
        Group::Model,
        Group::SciMl,
        Group::Sim,
        Group::SimSize,
        Group::Workload,
        Group::Serving,
        Group::Training,
        Group::Mechanics,
        Group::Savers,
        Group::Parallel,
        Group::SimRanks,
        Group::Device,
        Group::SimHistory,
        Group::Architecture,
        Group::Data,
        Group::Check,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Group::Model => "Model",
            Group::SciMl => "Network shape",
            Group::Sim => "Simulation",
            Group::SimSize => "Problem size",
            Group::SimRanks => "Ranks and nodes",
            Group::SimHistory => "Run length, output and history",
            Group::Architecture => "Architecture (exact counts, activations, KV cache)",
            Group::Workload => "Batch and sequence",
            Group::Serving => "Serving engine",
            Group::Training => "Precision and optimizer",
            Group::Mechanics => "Framework and training mechanics",
            Group::Savers => "Memory savers",
            Group::Parallel => "GPUs and parallelism",
            Group::Data => "Training data in memory",
            Group::Device => "Device",
            Group::Check => "Check against a measurement",
        }
    }
}

/// Modes a field applies to, as a bit set.
pub const TRAIN: u8 = 1;
pub const FINETUNE: u8 = 2;
pub const INFER: u8 = 4;
pub const SIM: u8 = 8;
const ALL: u8 = TRAIN | FINETUNE | INFER;
const EVERY: u8 = ALL | SIM;

/// Simulation methods a field applies to, as a bit set (0: not method-specific).
pub const GRID: u8 = 1;
pub const PART: u8 = 2;
pub const MESH: u8 = 4;
pub const LBM: u8 = 8;
pub const SPEC: u8 = 16;
pub const PW: u8 = 32;
pub const AMR: u8 = 64;
pub const NBODY: u8 = 128;

pub fn method_bit(m: crate::scenario::sim::Method) -> u8 {
    use crate::scenario::sim::Method;
    match m {
        Method::Grid => GRID,
        Method::Particles => PART,
        Method::Mesh => MESH,
        Method::Lbm => LBM,
        Method::Spectral => SPEC,
        Method::Planewave => PW,
        Method::Amr => AMR,
        Method::Nbody => NBODY,
    }
}
const TRAINING: u8 = TRAIN | FINETUNE;

pub fn mode_bit(m: Mode) -> u8 {
    match m {
        Mode::Train => TRAIN,
        Mode::Finetune => FINETUNE,
        Mode::Infer => INFER,
        Mode::Sim => SIM,
    }
}

/// The numbers a field accepts, read by the parser (`Inputs::parse`) and nowhere else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bounds {
    /// No numeric range: a choice, a toggle, or text checked against a catalog.
    None,
    /// A whole count in `min..=max`.
    Count { min: u64, max: u64 },
    /// A fixed-point number with `places` decimals, kept as an integer in `min..=max`
    /// (e.g. 3 places: 0.9 is 900); `said` is the range as the error message words it.
    Fixed {
        places: u32,
        min: u64,
        max: u64,
        said: &'static str,
    },
    /// A size in bytes; a bare number is in units of `unit` bytes; at most `max`.
    Size { unit: u64, max: u64 },
}

#[derive(Debug, Clone, Copy)]
pub struct Field {
    pub id: FieldId,
    /// URL query key; a public API, never renamed.
    pub key: &'static str,
    pub label: &'static str,
    pub group: Group,
    pub advanced: bool,
    pub kind: FieldKind,
    pub help: &'static str,
    /// Modes the field matters in (bit set of TRAIN, FINETUNE, INFER, SIM).
    pub modes: u8,
    /// Simulation methods it matters in (bit set; 0: all).
    pub methods: u8,
    /// Behind a reference: most rows have none, and the table stays small in the page's wasm.
    pub bounds: &'static Bounds,
    /// Where the value lives in the scenario: how the row reads its text and writes it back.
    pub slot: Slot,
    /// A count written with a suffix (`7B`, `500M`) rather than in digits.
    pub short: bool,
}

impl Field {
    pub fn applies(&self, mode: Mode) -> bool {
        self.modes & mode_bit(mode) != 0
    }

    /// Whether the field matters for this mode and, in simulations, this method, and for
    /// neural models, this network family.
    pub fn applies_to(
        &self,
        mode: Mode,
        method: crate::scenario::sim::Method,
        model: crate::scenario::sciml::ModelKind,
    ) -> bool {
        self.applies(mode)
            && (mode != Mode::Sim || self.methods == 0 || self.methods & method_bit(method) != 0)
            && (mode == Mode::Sim || for_model(self.id, model))
    }
}

const fn f(
    label: &'static str,
    group: Group,
    advanced: bool,
    kind: FieldKind,
    modes: u8,
    help: &'static str,
) -> Field {
    Field {
        id: FieldId::Mode,
        key: "",
        label,
        group,
        advanced,
        kind,
        help,
        modes,
        methods: 0,
        bounds: &Bounds::None,
        // Replaced by the row's own: `fields!` takes one for every key.
        slot: Slot::Toggle(|_, _| {}, |_| false),
        short: false,
    }
}

/// A simulation field for the methods in `methods`.
const fn sf(
    label: &'static str,
    group: Group,
    advanced: bool,
    kind: FieldKind,
    methods: u8,
    help: &'static str,
) -> Field {
    Field {
        methods,
        ..f(label, group, advanced, kind, SIM, help)
    }
}

impl Field {
    const fn row(self, id: FieldId, slot: Slot) -> Field {
        Field {
            id,
            key: id.key(),
            slot,
            ..self
        }
    }

    const fn bounds(self, bounds: &'static Bounds) -> Field {
        Field { bounds, ..self }
    }

    const fn short(self) -> Field {
        Field {
            short: true,
            ..self
        }
    }

    /// Whether the row's slot takes the values its kind and bounds read: a toggle slot for a
    /// toggle, a number slot only with bounds to read the number by.
    const fn consistent(&self) -> bool {
        let numeric = matches!(
            self.slot,
            Slot::Number(..) | Slot::Maybe(..) | Slot::OrZero(..)
        );
        let toggle = matches!(self.slot, Slot::Toggle(..));
        toggle == matches!(self.kind, FieldKind::Toggle)
            && numeric != matches!(self.bounds, Bounds::None)
            && (!self.short || matches!(self.bounds, Bounds::Count { .. }))
    }
}

/// Declares every field once: its [`FieldId`] variant, where its value lives, and its row.
/// [`FIELDS`] comes out in the enum's order, so `FIELDS[id as usize]` is the row of `id`; a
/// key without its row, a row out of order or a slot its kind cannot read fail to compile.
macro_rules! fields {
    ($($id:ident: $slot:expr => $row:expr,)*) => {
        /// Every field in form order, one row per [`FieldId`].
        pub const FIELDS: &[Field] = &[$($row.row(FieldId::$id, $slot),)*];

        const _: () = {
            let ids = [$(FieldId::$id,)*];
            assert!(ids.len() == FieldId::ALL.len(), "every FieldId needs its row");
            let mut i = 0;
            while i < ids.len() {
                assert!(ids[i] as usize == i, "rows must follow FieldId's order");
                assert!(FIELDS[i].consistent(), "a row's slot must suit its kind and bounds");
                i += 1;
            }
        };
    };
}

impl FieldId {
    /// The row declaring this field.
    pub fn field(self) -> &'static Field {
        &FIELDS[self as usize]
    }
}

use Bounds as B;
use FieldId as F;
use FieldKind::*;
use Group as G;

fields! {
    Mode: pick!(mode) => f("Mode", G::Model, false, Select, EVERY, "Training and fine-tuning keep gradients and optimizer states; inference keeps weights and the KV cache."),
    Model: pick!(sciml.model) => f("Network family", G::Model, false, Select, ALL, "Transformers, or a scientific ML architecture with its own parameter and activation model."),
    Width: num!(sciml.width) => f("Width", G::SciMl, false, Count, ALL, "Neurons per layer (PINN), channels (FNO) or latent size (graph network).").bounds(&B::Count { min: 1, max: 1_000_000 }),
    Depth: num!(sciml.depth) => f("Depth", G::SciMl, false, Count, ALL, "Hidden layers (PINN), Fourier layers (FNO), message-passing steps (graph network) or levels (U-Net).").bounds(&B::Count { min: 1, max: 10_000 }),
    Collocation: num!(sciml.points) => f("Collocation points", G::SciMl, false, Count, ALL, "Points per batch element where the PDE residual is evaluated.").bounds(&B::Count { min: 1, max: 1_000_000_000_000 }).short(),
    DerivOrder: num!(sciml.derivs) => f("Derivative order", G::SciMl, false, Count, ALL, "Highest derivative in the residual; each order keeps another copy of the graph per input coordinate.").bounds(&B::Count { min: 0, max: 10 }),
    GridPoints: num!(sciml.grid) => f("Grid points per sample", G::SciMl, false, Count, ALL, "E.g. 4096 for 64×64, 262144 for 64³.").bounds(&B::Count { min: 1, max: 1_000_000_000_000 }).short(),
    FourierModes: num!(sciml.modes) => f("Fourier modes per dimension", G::SciMl, false, Count, ALL, "Modes kept by each spectral convolution.").bounds(&B::Count { min: 1, max: 10_000 }),
    SpatialDims: num!(sciml.dims) => f("Spatial dimensions", G::SciMl, false, Count, ALL, "1, 2 or 3.").bounds(&B::Count { min: 1, max: 3 }),
    GraphNodes: num!(sciml.nodes) => f("Graph nodes per sample", G::SciMl, false, Count, ALL, "Mesh nodes of one sample.").bounds(&B::Count { min: 1, max: 1_000_000_000_000 }).short(),
    GraphEdges: num!(sciml.edges) => f("Graph edges per sample", G::SciMl, false, Count, ALL, "Mesh edges (both directions) of one sample.").bounds(&B::Count { min: 1, max: 1_000_000_000_000 }).short(),
    BaseChannels: num!(sciml.channels) => f("Base channels", G::SciMl, false, Count, ALL, "Channels of the first level; each level doubles them.").bounds(&B::Count { min: 1, max: 1_000_000 }),
    InChannels: num!(sciml.inputs) => f("Input channels", G::SciMl, true, Count, ALL, "Input features per point (PINN: coordinates).").bounds(&B::Count { min: 1, max: 1_000_000 }),
    OutChannels: num!(sciml.outputs) => f("Output channels", G::SciMl, true, Count, ALL, "Output features per point.").bounds(&B::Count { min: 1, max: 1_000_000 }),
    ModelId: MODEL_ID => f("Released model", G::Model, false, Search, ALL, "A Hugging Face id such as meta-llama/Llama-3.1-70B (or a short alias): fills the architecture, which stays editable. Empty: give the count or the architecture yourself."),
    Params: maybe!(params) => f("Parameters", G::Model, false, Count, ALL, "Total count, e.g. 7B, 125M, 6.7e9. Leave empty to derive it from the architecture.").bounds(&B::Count { min: 1, max: MAX_PARAMS }).short(),
    Batch: num!(batch) => f("Micro-batch per device", G::Workload, false, Count, ALL, "Sequences processed at once on each device (inference: concurrent sequences).").bounds(&B::Count { min: 1, max: MAX_BATCH }),
    Seq: num!(seq) => f("Sequence length", G::Workload, false, Tokens, ALL, "Tokens per sequence (inference: the context kept in the KV cache).").bounds(&B::Count { min: 1, max: MAX_SEQ }),
    Engine: pick!(engine) => f("Serving engine", G::Serving, false, Select, INFER, "How the memory is allocated: PyTorch as used; vLLM and SGLang preallocate a KV pool from a share of the GPU; llama.cpp splits layers between GPU and CPU."),
    GpuUtil: maybe!(gpu_util_milli) => f("GPU memory share (vLLM, SGLang)", G::Serving, true, Number { unit: "fraction" }, INFER, "vLLM --gpu-memory-utilization (default 0.9) or SGLang --mem-fraction-static (default from the device's memory less what SGLang reserves for activations and CUDA graphs, about 0.82–0.85 on 80 GB GPUs). Empty: the engine's default.").bounds(&B::Fixed { places: 3, min: 10, max: 1000, said: "a fraction from 0.01 to 1" }),
    MaxBatchedTokens: maybe!(max_batched_tokens) => f("Tokens per scheduler step", G::Serving, true, Count, INFER, "vLLM --max-num-batched-tokens (8192 with `vllm serve` on 80 GB-class GPUs, 2048 on smaller ones and A100) or SGLang --chunked-prefill-size (8192): the prefill chunk whose activations are reserved. Empty: the engine's default.").bounds(&B::Count { min: 1, max: MAX_SEQ }),
    MaxNumSeqs: maybe!(max_num_seqs) => f("Sequences per step (vLLM)", G::Serving, true, Count, INFER, "vLLM --max-num-seqs: the sampler's warm-up covers this many sequences' logits (1024 with `vllm serve` on 80 GB-class GPUs other than A100, else 256; vLLM before V1: 256). Empty: the engine's default.").bounds(&B::Count { min: 1, max: MAX_BATCH }),
    CudaGraphs: pick!(cuda_graphs) => f("CUDA graphs", G::Serving, true, Select, INFER, "Captured decode graphs keep a memory pool. vLLM with VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS reserves it before sizing the KV pool; vLLM ≤ 0.10 captured after, from the headroom. llama.cpp: off launches a decode step's kernels one by one, the GPU idling between them (builds before pull request #6766, spring 2024)."),
    GpuLayers: maybe!(gpu_layers) => f("Layers on the GPU (llama.cpp)", G::Serving, false, Count, INFER, "llama.cpp -ngl: repeating layers offloaded to the GPU; one more than the model's layers also moves the output layer. Empty: all of them.").bounds(&B::Count { min: 0, max: 100_001 }),
    Dtype: pick!(dtype) => f("Precision", G::Training, false, Select, EVERY, "Format of the weights used in the forward and backward passes."),
    Optimizer: pick!(optimizer) => f("Optimizer", G::Training, false, Select, TRAINING, "Decides how many values of state are kept per trainable parameter."),
    Mixed: on!(mixed) => f("FP32 master weights (mixed precision)", G::Training, true, Toggle, TRAINING, "Keep an FP32 copy of the weights and FP32 optimizer states beside 16- or 8-bit weights."),
    GradDtype: pick!(? grad_dtype) => f("Gradient precision", G::Training, true, Select, TRAINING, "ZeRO counts gradients in the weights' precision (16 bytes/param with AdamW); Megatron-LM and Hugging Face keep FP32 gradients (18)."),
    KvDtype: KV_DTYPE => f("KV cache precision", G::Training, true, Select, INFER, "Format of cached keys and values; FP8 halves the cache of a 16-bit model."),
    Framework: pick!(mech.framework) => f("Framework", G::Mechanics, false, Select, TRAINING, "Sets the defaults the framework uses (each listed below the form with its source); every one stays overridable."),
    LossChunks: maybe!(mech.loss_chunks) => f("Loss computed in chunks", G::Mechanics, true, Count, TRAINING, "Empty: the textbook logits term (16-bit + FP32 copy). 1: an unchunked cross-entropy's peak (FP32 upcast, log-softmax and its gradient, 12 B per logit beside the 16-bit logits); 8: torchtune's chunked loss.").bounds(&B::Count { min: 1, max: 1 << 20 }),
    FusedLoss: on!(mech.fused_loss) => f("Output layer fused with the loss", G::Mechanics, true, Toggle, TRAINING, "The logits are never stored: with loss_chunks empty, Cut Cross-Entropy (only a log-sum-exp per token); with loss_chunks, Liger's fused linear cross-entropy (one chunk at a time)."),
    LogitsUpcast: on!(mech.logits_upcast) => f("Loss on FP32 logits", G::Mechanics, true, Toggle, TRAINING, "Off: the loss runs on 16-bit logits (transformers before 4.31, DeepSpeed fp16)."),
    WeightCasts: pick!(mech.weight_casts) => f("16-bit weight copies (mixed precision)", G::Mechanics, true, Select, TRAINING, "Per layer: compiled PyTorch AMP recasts FP32 weights as each layer runs."),
    Compile: on!(mech.compile) => f("Compiled kernels (torch.compile)", G::Mechanics, true, Toggle, TRAINING, "Off: eager PyTorch keeps FP32 copies of the norms' and RoPE's inputs for the backward pass."),
    ZeroGrad: pick!(mech.zero_grad) => f("Gradients between steps", G::Mechanics, true, Select, TRAINING, "PyTorch frees gradients between steps (set_to_none): they reuse the memory the backward pass frees from activations. DeepSpeed and Megatron keep gradient buffers."),
    OptInBwd: on!(mech.opt_in_bwd) => f("Optimizer step in backward", G::Mechanics, true, Toggle, TRAINING, "Each gradient is applied and freed as soon as it is computed (torchtune optimizer_in_bwd): only the largest one is alive."),
    ActOffload: on!(mech.act_offload) => f("Activation offloading", G::Mechanics, true, Toggle, TRAINING, "Saved activations go to host memory and come back for the backward pass; the device keeps one layer's."),
    PagedOptimizer: on!(mech.paged_optimizer) => f("Paged optimizer", G::Mechanics, true, Toggle, TRAINING, "bitsandbytes paged optimizers keep states in unified memory, paged to the host and not counted by torch.cuda."),
    KbitFp32: on!(mech.kbit_fp32) => f("Unquantized weights in FP32 (PEFT k-bit)", G::Mechanics, true, Toggle, FINETUNE, "PEFT's prepare_model_for_kbit_training upcasts the embeddings and output layer beside a 4- or 8-bit base to FP32."),
    GatheredLayers: num!(mech.gathered_layers) => f("Unsharded layers in flight (ZeRO-3/FSDP)", G::Mechanics, true, Count, TRAINING, "Layers whose parameters are gathered at once, plus one layer's unsharded gradients: FSDP holds the running layer and the prefetched next (2).").bounds(&B::Count { min: 0, max: 1 << 16 }),
    ReshardAfterForward: pick!(mech.reshard_after_forward) => f("Reshard after forward (ZeRO-3/FSDP)", G::Mechanics, true, Select, TRAINING, "Whether a layer's gathered parameters are freed after its forward pass. torchtitan keeps them gathered under pipeline parallelism (its policy 'default'), so each device holds all of its stage's parameters unsharded in 16-bit for the whole step."),
    PpGradSync: pick!(mech.pp_grad_sync) => f("Gradient reduce-scatter with pipelining", G::Mechanics, true, Select, TRAINING, "With pipeline parallelism and ZeRO-2/3 or FSDP: after each micro-batch (textbook), or once after the last (PyTorch's pipelining schedules), in which case each device accumulates its stage's unsharded gradients in the gradient precision over the step."),
    Save: pick!(mech.save) => f("Checkpoint save", G::Mechanics, true, Select, TRAINING, "A full state dict gathers the sharded model (FSDP FULL_STATE_DICT)."),
    BucketSize: num!(mech.bucket_size) => f("ZeRO bucket size (parameters)", G::Mechanics, true, Count, TRAINING, "DeepSpeed reduce_bucket_size and allgather_bucket_size (default 5e8 each), held in 16-bit.").bounds(&B::Count { min: 0, max: 1 << 40 }).short(),
    NcclBuffers: num!(mech.nccl_mib) => f("NCCL buffers per communicator", G::Mechanics, true, Number { unit: "MiB" }, TRAINING, "Buffers NCCL allocates itself per process group (data, tensor, pipeline parallel), outside PyTorch's allocator: nvidia-smi sees them, max_memory_reserved does not. Default 0 (inside the runtime row); with NCCL's defaults each channel's connection holds 9.19 MiB (NCCL_BUFFSIZE 4 MiB + LL128 4.69 MiB + LL 0.5 MiB), e.g. 147 MiB for a ring over 16 channels.").bounds(&B::Fixed { places: 0, min: 0, max: MAX_RUNTIME_MIB, said: "whole MiB from 0 to 1048576" }),
    Batching: pick!(mech.batching) => f("Batch shapes", G::Mechanics, true, Select, TRAINING, "Variable: each batch is padded to its longest sequence and the sequence length is the longest of the run; the caching allocator then keeps the blocks of an earlier, shorter longest batch beside the new ones (max_memory_reserved above allocated)."),
    ExpandableSegments: on!(mech.expandable_segments) => f("Expandable segments (PYTORCH_CUDA_ALLOC_CONF)", G::Mechanics, true, Toggle, TRAINING, "expandable_segments:True grows one segment in 2 MiB pages instead of cutting new blocks for larger requests: variable-length batches no longer strand cached memory. torchtune, Axolotl and Unsloth set it."),
    Recompute: pick!(recompute) => f("Activation recomputation", G::Savers, false, Select, TRAINING, "Gradient checkpointing: trade recomputation for activation memory (Korthikanti et al. 2022)."),
    FlashAttention: on!(flash_attention) => f("Flash attention", G::Savers, false, Toggle, ALL, "Never stores the sequence × sequence attention scores."),
    LoraRank: num!(lora_rank) => f("LoRA rank", G::Savers, false, Count, FINETUNE, "0 for full fine-tuning; otherwise only the adapters are trained.").bounds(&B::Count { min: 0, max: 1 << 20 }),
    LoraTargets: LORA_TARGETS => f("LoRA targets", G::Savers, true, Select, FINETUNE, "Which weight matrices get adapters."),
    Quant: pick!(quant) => f("Weight quantization", G::Savers, false, Select, FINETUNE | INFER, "Storage of frozen weights, block scales included (QLoRA: the frozen base)."),
    Bpw: maybe!(milli_bpw) => f("Bits per weight (overrides quantization)", G::Savers, true, Number { unit: "bits" }, FINETUNE | INFER, "Average bits per weight, e.g. 4.85, when your format is not listed.").bounds(&B::Fixed { places: 3, min: 0, max: 64_000, said: "between 0.001 and 64 bits" }),
    Sparsity: num!(sparsity_bp) => f("Sparsity", G::Savers, true, Number { unit: "%" }, INFER, "Share of weights pruned to zero.").bounds(&B::Fixed { places: 2, min: 0, max: 9_999, said: "from 0 to 99.99 %" }),
    SparseFormat: pick!(sparse_format) => f("Sparse storage", G::Savers, true, Select, INFER, "Dense storage saves nothing; CSR pays an index per nonzero and costs more than dense below about 67 % sparsity for 16-bit weights."),
    Dropout: on!(dropout) => f("Dropout", G::Savers, true, Toggle, TRAINING, "Dropout masks are kept for the backward pass (1 byte per element)."),
    SoftmaxFp32: on!(softmax_fp32) => f("Attention scores in FP32", G::Savers, true, Toggle, TRAINING, "PyTorch autocast runs softmax in FP32; Megatron's fused softmax keeps 16-bit. Matters without flash attention."),
    Gpus: num!(parallel.gpus) => f("GPUs", G::Parallel, false, Count, ALL, "Total devices; data parallelism is gpus ÷ (tp × pp).").bounds(&B::Count { min: 1, max: MAX_GPUS }),
    Tp: num!(parallel.tp) => f("Tensor parallel", G::Parallel, false, Count, ALL, "Devices each layer is split over (Megatron-LM; vLLM and SGLang --tensor-parallel-size). Must divide the attention heads, and divide the KV heads or be a multiple of them.").bounds(&B::Count { min: 1, max: MAX_GPUS }),
    Pp: num!(parallel.pp) => f("Pipeline parallel", G::Parallel, true, Count, ALL, "Pipeline stages; the first stage holds the most activations.").bounds(&B::Count { min: 1, max: MAX_GPUS }),
    Sp: on!(parallel.sp) => f("Sequence parallel", G::Parallel, true, Toggle, TRAINING, "Shards the activations tensor parallelism leaves replicated (needs tp > 1)."),
    Zero: ZERO => f("ZeRO stage", G::Parallel, true, Select, TRAINING, "Shard optimizer states (1), gradients (2) and parameters (3) over data-parallel ranks; FSDP full sharding is stage 3."),
    Offload: pick!(parallel.offload) => f("Offload to host", G::Parallel, true, Select, TRAINING, "ZeRO-Offload / ZeRO-Infinity: move states to CPU memory."),
    GpusPerNode: num!(parallel.gpus_per_node) => f("GPUs per node", G::Parallel, true, Count, ALL, "Used for host memory per node.").bounds(&B::Count { min: 1, max: 1024 }),
    Layers: or0!(@arch layers) => f("Layers", G::Architecture, true, Count, ALL, "Transformer blocks. Give layers, hidden, heads and vocab together.").bounds(&B::Count { min: 1, max: 100_000 }),
    Hidden: or0!(@arch hidden) => f("Hidden size", G::Architecture, true, Count, ALL, "Model width h.").bounds(&B::Count { min: 1, max: 10_000_000 }),
    Heads: or0!(@arch heads) => f("Attention heads", G::Architecture, true, Count, ALL, "Query heads a.").bounds(&B::Count { min: 1, max: 1_000_000 }),
    KvHeads: KV_HEADS => f("KV heads", G::Architecture, true, Count, ALL, "Key/value heads for grouped-query attention; default: as many as heads.").bounds(&B::Count { min: 1, max: 1_000_000 }),
    HeadDim: HEAD_DIM => f("Head dimension", G::Architecture, true, Count, ALL, "Default: hidden ÷ heads.").bounds(&B::Count { min: 1, max: 1_000_000 }),
    Ffn: FFN => f("FFN size", G::Architecture, true, Count, ALL, "Feed-forward width; default 4h, or 8h/3 rounded up to 256 for gated MLPs.").bounds(&B::Count { min: 1, max: 100_000_000 }),
    Vocab: or0!(@arch vocab) => f("Vocabulary", G::Architecture, true, Count, ALL, "Tokens in the embedding and output layer.").bounds(&B::Count { min: 1, max: 100_000_000 }),
    Mlp: pick!(@arch mlp) => f("MLP type", G::Architecture, true, Select, ALL, "Gated MLPs (SwiGLU) have three matrices."),
    Bias: pick!(@arch bias) => f("Biases", G::Architecture, true, Select, ALL, "Which linear layers have biases."),
    Norm: pick!(@arch norm) => f("Normalization", G::Architecture, true, Select, ALL, "LayerNorm has weight and bias, RMSNorm a weight only."),
    Tied: on!(@arch tied) => f("Tied embeddings", G::Architecture, true, Toggle, ALL, "Output layer shares the embedding matrix."),
    LearnedPos: num!(@arch learned_pos) => f("Learned positions", G::Architecture, true, Tokens, ALL, "Rows of a learned position table (GPT-2: 1024); 0 for rotary.").bounds(&B::Count { min: 0, max: 1 << 24 }),
    Experts: num!(@arch experts) => f("Experts (MoE)", G::Architecture, true, Count, ALL, "Experts per layer; 1 for a dense model.").bounds(&B::Count { min: 1, max: 1 << 16 }),
    ActiveExperts: num!(@arch active_experts) => f("Active experts", G::Architecture, true, Count, ALL, "Experts each token is routed to.").bounds(&B::Count { min: 1, max: 1 << 16 }),
    MoeFfn: or0!(@arch moe_ffn) => f("Expert FFN size", G::Architecture, true, Count, ALL, "Width of each expert (moe_intermediate_size) when it differs from the dense FFN size; empty: the FFN size.").bounds(&B::Count { min: 0, max: 100_000_000 }),
    SharedExperts: or0!(@arch shared_experts) => f("Shared experts", G::Architecture, true, Count, ALL, "Experts every token passes through besides the routed ones (DeepSeek n_shared_experts).").bounds(&B::Count { min: 0, max: 100_000_000 }),
    DenseLayers: or0!(@arch dense_layers) => f("Dense first layers", G::Architecture, true, Count, ALL, "Leading layers with a dense FFN instead of experts (DeepSeek first_k_dense_replace).").bounds(&B::Count { min: 0, max: 100_000_000 }),
    RouterBias: on!(@arch router_bias) => f("Router bias", G::Architecture, true, Toggle, ALL, "One bias per expert in the router (GPT-OSS; DeepSeek-V3's score correction)."),
    AttnSinks: on!(@arch sinks) => f("Attention sinks", G::Architecture, true, Toggle, ALL, "One learned sink logit per head and layer (GPT-OSS)."),
    KvLoraRank: or0!(@arch kv_lora_rank) => f("MLA latent rank", G::Architecture, true, Count, ALL, "Multi-head latent attention (DeepSeek-V2/V3): the compressed KV vector cached per token and layer; empty: ordinary attention.").bounds(&B::Count { min: 0, max: 100_000_000 }),
    QLoraRank: or0!(@arch q_lora_rank) => f("MLA query rank", G::Architecture, true, Count, ALL, "Rank of MLA's compressed query projection; empty: full-rank queries.").bounds(&B::Count { min: 0, max: 100_000_000 }),
    QkRopeDim: or0!(@arch rope_dim) => f("MLA rotary key size", G::Architecture, true, Count, ALL, "qk_rope_head_dim: the rotary part of each query/key head, one key shared by all heads and cached beside the latent. head_dim is nope + rope.").bounds(&B::Count { min: 0, max: 100_000_000 }),
    VHeadDim: or0!(@arch v_head_dim) => f("MLA value head size", G::Architecture, true, Count, ALL, "Value head dimension when it differs from head_dim; empty: head_dim.").bounds(&B::Count { min: 0, max: 100_000_000 }),
    SlidingWindow: or0!(@arch window) => f("Sliding window", G::Architecture, true, Tokens, ALL, "Tokens a windowed layer attends to; its KV cache stops growing there. Empty: full attention everywhere.").bounds(&B::Count { min: 0, max: 100_000_000 }),
    GlobalEvery: or0!(@arch global_every) => f("Global layer every", G::Architecture, true, Count, ALL, "With a window, every n-th layer attends to the whole context (Gemma 2: 2, Gemma 3: 6); empty: every layer is windowed (Mistral 7B v0.1).").bounds(&B::Count { min: 0, max: 100_000_000 }),
    QkNorm: pick!(@arch qk_norm) => f("QK normalization", G::Architecture, true, Select, ALL, "Norm weights on queries and keys (Qwen3, Gemma 3: per head; OLMo 2: over all heads)."),
    SandwichNorm: on!(@arch sandwich) => f("Norms after attention and MLP", G::Architecture, true, Toggle, ALL, "Four norms per layer instead of two (Gemma 2 and 3)."),
    MaxContext: or0!(@arch max_context) => f("Trained context", G::Architecture, true, Tokens, ALL, "max_position_embeddings: a longer sequence is flagged. Empty: not checked.").bounds(&B::Count { min: 0, max: 1 << 27 }),
    Unquantized: or0!(@arch unquantized) => f("Parameters kept in 16 bits (quantized checkpoint)", G::Architecture, true, Count, FINETUNE | INFER, "quantization_config ignore / modules_to_not_convert (read from config.json).").bounds(&B::Count { min: 0, max: MAX_PARAMS }).short(),
    Shape: pick!(shape) => f("Shape for a bare count", G::Architecture, true, Select, ALL, "Without an architecture, activations and the KV cache take the shape of the nearest released model (grouped-query attention included); version 1 links used a scaled dense shape."),
    Dataset: or0!(dataset_bytes) => f("Dataset size", G::Data, true, Size { unit: "GiB" }, TRAINING, "Bytes of training data held in memory, e.g. 40GB.").bounds(&B::Size { unit: 1 << 30, max: 1 << 60 }),
    Samples: or0!(samples) => f("Samples", G::Data, true, Count, TRAINING, "Alternatively: number of samples × sample size.").bounds(&B::Count { min: 1, max: 1 << 50 }).short(),
    SampleSize: or0!(sample_bytes) => f("Sample size", G::Data, true, Size { unit: "B" }, TRAINING, "Bytes per sample; also sizes the prefetch buffers when streaming.").bounds(&B::Size { unit: 1, max: 1 << 40 }),
    DatasetOn: pick!(dataset_on) => f("Dataset kept in", G::Data, true, Select, TRAINING, "Device, host, or streamed from storage."),
    Gpu: GPU => f("GPU", G::Device, false, Select, EVERY, "The device each shard runs on."),
    GpuMem: maybe!(device.custom_bytes) => f("Device memory (overrides the GPU)", G::Device, true, Size { unit: "GiB" }, EVERY, "Capacity of your device; a bare number is GiB, 80GB is decimal.").bounds(&B::Size { unit: 1 << 30, max: MAX_DEVICE_BYTES }),
    HostMem: maybe!(host_mem) => f("Host memory per node", G::Device, true, Size { unit: "GiB" }, ALL, "CPU memory per node, to check offload and in-memory data.").bounds(&B::Size { unit: 1 << 30, max: 1 << 60 }),
    GpuBw: maybe!(speed.gpu_bw_mb) => f("GPU memory bandwidth (overrides the GPU)", G::Device, true, Number { unit: "GB/s" }, EVERY, "For the time per step; empty: the preset's datasheet figure.").bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000_000, said: "above 0 and at most 10^9 GB/s, with up to 3 decimals" }),
    LinkBw: maybe!(speed.link_bw_mb) => f("GPU link bandwidth (overrides the GPU)", G::Device, true, Number { unit: "GB/s" }, EVERY, "NVLink / Infinity Fabric per GPU, both directions (H100 SXM: 900); empty: the preset's, or PCIe.").bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000_000, said: "above 0 and at most 10^9 GB/s, with up to 3 decimals" }),
    HostBw: maybe!(speed.host_bw_mb) => f("Host memory bandwidth per node", G::Device, true, Number { unit: "GB/s" }, EVERY, "All sockets together (8 × DDR4-3200: 204.8 GB/s per socket); empty: see the URL documentation.").bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000_000, said: "above 0 and at most 10^9 GB/s, with up to 3 decimals" }),
    NetBw: maybe!(speed.net_mbit) => f("Network bandwidth per node", G::Device, true, Number { unit: "Gbit/s" }, EVERY, "All NICs of a node (InfiniBand HDR 200, NDR 400 per port); empty: see the URL documentation.").bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000_000, said: "above 0 and at most 10^9 Gbit/s, with up to 3 decimals" }),
    CpuFlops: maybe!(speed.cpu_mflops) => f("CPU FP64 peak per node", G::Device, true, Number { unit: "GFLOP/s" }, SIM, "All sockets of a CPU node: cores × clock × FP64 FLOPs per cycle (2 × EPYC 7742: 4,608 GFLOP/s), for CPU codes' compute-bound terms; empty: the node's.").bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000_000, said: "above 0 and at most 10^9 GFLOP/s, with up to 3 decimals" }),
    FpAddNs: maybe!(speed.fp_add_ps) => f("CPU FP64 add latency", G::Device, true, Number { unit: "ns" }, SIM, "One dependent FP64 add on a core: latency cycles ÷ clock (Zen 2–4: 3 cycles; at 2.0 GHz 1.5 ns), the step of a sparse row's sum in a CPU mesh solve; empty: the node's.").bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000, said: "above 0 and at most 10^6 ns, with up to 3 decimals" }),
    FpDivNs: maybe!(speed.fp_div_ps) => f("CPU FP64 divide latency", G::Device, true, Number { unit: "ns" }, SIM, "One dependent FP64 divide on a core (Zen 4: 13 cycles), once per row of a Gauss–Seidel sweep; empty: the node's.").bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000, said: "above 0 and at most 10^6 ns, with up to 3 decimals" }),
    Chains: maybe!(speed.chains) => f("Independent sums per sparse row", G::Device, true, Count, SIM, "How many partial sums the build splits a row's sum of products into: 1 for a reference code at -O3 (no reassociation), the SIMD lanes times the unrolling with -ffast-math (gcc SSE2 on HPCG: 4); 0 for a code whose rows carry no dependent chain (an optimized HPCG, multicolour-ordered and vectorized across rows). Empty: 1.").bounds(&B::Count { min: 0, max: 64 }),
    Gather: on!(speed.gather) => f("Rows gathered by vector instructions", G::Device, true, Toggle, SIM, "Whether the build loads each sparse row's x[col[j]] with vector gather instructions (VGATHERDPD; look for them in the disassembly): gcc 12 -O3 -ffast-math -march=native emits them on Zen 4, but on Emerald Rapids (generic tuning) it loads the lanes one by one. Each nonzero then costs a gather element, on top of the chains (measured on Zen 4; an upper bound on Emerald Rapids). Off: no gathers."),
    GatherNs: maybe!(speed.gather_ps) => f("CPU gather time per element", G::Device, true, Number { unit: "ns" }, SIM, "One FP64 element of a vector gather, issue to issue (Zen 4: 1 cycle; Golden Cove-class: 0.72 cycles with 8 lanes, about 1.1 with 4); giving it turns gather on; empty: the node's.").bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000, said: "above 0 and at most 10^6 ns, with up to 3 decimals" }),
    BwEff: maybe!(speed.bw_eff_bp) => f("Achieved share of peak bandwidth", G::Device, true, Number { unit: "%" }, EVERY, "What memory-bound steps reach; empty: 80 %, on AMD Instinct 70 % (BabelStream: MI300X reaches 0.87 of H100's share).").bounds(&B::Fixed { places: 2, min: 1, max: 10_000, said: "above 0 and at most 100 %, with up to 2 decimals" }),
    Mfu: maybe!(speed.mfu_bp) => f("Utilisation of peak FLOP/s", G::Device, true, Number { unit: "%" }, ALL, "Share of the dense peak the step's FLOPs reach; empty: 40 % (published runs: 33–52 %).").bounds(&B::Fixed { places: 2, min: 1, max: 10_000, said: "above 0 and at most 100 %, with up to 2 decimals" }),
    Prompt: maybe!(speed.prompt) => f("Prompt tokens per request", G::Workload, true, Tokens, INFER, "What one request's prefill processes before its first token (time to first token); at most the sequence length, the rest is generated. Empty: the whole sequence.").bounds(&B::Count { min: 1, max: MAX_SEQ }),
    TrainTokens: maybe!(speed.train_tokens) => f("Tokens to train on", G::Training, true, Count, TRAINING, "The run's token budget, e.g. 15T or 2B: its time is the tokens over the tokens per second. Empty: no run time.").bounds(&B::Count { min: 1, max: MAX_PARAMS }),
    MicroBatches: maybe!(speed.micro_batches) => f("Micro-batches per step", G::Parallel, true, Count, TRAINING, "Micro-batches each data-parallel rank runs before the optimizer step (gradient accumulation; Megatron-LM: global batch ÷ (micro-batch × data-parallel size)). The pipeline bubble is (p − 1)/m of the compute. Empty: 1, or as many as pipeline stages. Time only.").bounds(&B::Count { min: 1, max: MAX_BATCH }),
    Vpp: maybe!(speed.vpp) => f("Virtual pipeline stages", G::Parallel, true, Count, TRAINING, "Model chunks per pipeline device (interleaved 1F1B, Megatron-LM --virtual-pipeline-model-parallel-size): the bubble shrinks to (p − 1)/(m · v), the sends between stages grow v-fold. Empty: 1. Time only.").bounds(&B::Count { min: 1, max: 1024 }),
    MmvqWarps: maybe!(speed.mmvq_warps) => f("Warps per row, quantized matrix-vector kernel (llama.cpp)", G::Serving, true, Count, INFER, "llama.cpp's mul_mat_vec_q at one token a step: 1 in builds before pull request #5394 (February 2024), whose one-warp blocks leave an SM short of warps (16 of an RTX 3090's 48), so quantized weights read slower than the bandwidth allows; 4 since. Empty: the current build, no limit. Time only.").bounds(&B::Count { min: 1, max: 32 }),
    Runtime: num!(runtime_mib) => f("Runtime memory per device", G::Device, true, Number { unit: "MiB" }, EVERY, "CUDA context, kernels and library workspaces that nvidia-smi counts before any tensor.").bounds(&B::Fixed { places: 0, min: 0, max: MAX_RUNTIME_MIB, said: "whole MiB from 0 to 1048576" }),
    Overhead: num!(overhead_bp) => f("Allocator overhead", G::Device, true, Number { unit: "%" }, EVERY, "Fragmentation and temporaries of the caching allocator, as a share of the tensors.").bounds(&B::Fixed { places: 2, min: 0, max: MAX_OVERHEAD_BP, said: "between 0 and 100 %" }),
    Code: pick!(sim.code) => sf("Simulation code", G::Sim, false, Select, 0, "Choosing a code sets the method and that code's defaults below (each stays editable); the numbers follow the settings, not the name."),
    Method: pick!(sim.method) => sf("Method", G::Sim, false, Select, 0, "How space is discretised: grid, particles, unstructured mesh, lattice Boltzmann or spectral."),
    Measured: maybe!(measured) => f("Peak you measured", G::Check, false, Size { unit: "GiB" }, EVERY, "The peak a real run reported, e.g. 71.3GiB or 76GB; the estimate is set beside it.").bounds(&B::Size { unit: 1 << 30, max: MAX_DEVICE_BYTES }),
    MeasuredKind: pick!(measured_kind) => f("Reported by", G::Check, false, Select, EVERY, "Each tool counts a different part of the breakdown."),
    Calibration: or0!(calibration) => f("Calibration kept", G::Check, true, Size { unit: "MiB" }, EVERY, "Memory added per device (per rank in simulations) to match a measurement; a bare number is MiB.").bounds(&B::Size { unit: 1 << 20, max: MAX_DEVICE_BYTES }),
    SimDevice: pick!(sim.device) => sf("Runs on", G::Sim, false, Select, 0, "CPU nodes (compared with node memory) or GPU-resident with one rank per GPU."),
    HostMirror: on!(sim.host_mirror) => sf("Host copy of the arrays (GPU)", G::SimRanks, true, Toggle, 0, "GPU codes that keep a host buffer beside every device buffer (FluidX3D) need as much host memory per GPU."),
    HaloOneRank: on!(sim.halo_one_rank) => sf("Ghost layers on a single rank", G::SimSize, true, Toggle, GRID | LBM, "Off: one rank on one device wraps its periodic boundaries in place and keeps no ghost layer (FluidX3D)."),
    SplitZ: on!(sim.split_z) => sf("Split the vertical over ranks", G::SimRanks, true, Toggle, GRID | LBM, "Off: ranks tile x and y only and each keeps whole columns, without ghost layers in z (WRF's nproc_x × nproc_y patches)."),
    Nx: num!(sim.nx) => sf("Cells in x", G::SimSize, false, Count, GRID | LBM | SPEC | AMR, "Grid points along x (AMR: of the base level).").bounds(&B::Count { min: 1, max: 10_000_000 }),
    Ny: num!(sim.ny) => sf("Cells in y", G::SimSize, false, Count, GRID | LBM | SPEC | AMR, "Grid points along y (AMR: of the base level).").bounds(&B::Count { min: 1, max: 10_000_000 }),
    Nz: num!(sim.nz) => sf("Cells in z", G::SimSize, false, Count, GRID | LBM | SPEC | AMR, "Grid points along z; 1 for a 2D problem.").bounds(&B::Count { min: 1, max: 10_000_000 }),
    Fields: num!(sim.fields) => sf("Prognostic fields", G::SimSize, false, Count, GRID | SPEC | AMR, "Variables per cell, e.g. 5 for ρ, ρu, ρv, ρw, E.").bounds(&B::Count { min: 1, max: 1000 }),
    Levels: num!(sim.levels) => sf("Time levels and stages", G::SimSize, false, Count, GRID | MESH | SPEC | AMR, "Copies of the state kept by the time integrator (e.g. 2 levels + Runge–Kutta stages).").bounds(&B::Count { min: 1, max: 100 }),
    Work: num!(sim.work) => sf("Work arrays per cell", G::SimSize, true, Count, GRID | SPEC | AMR, "Diagnostic and scratch arrays per cell (AMR: primitives, fluxes, the ghosted copy the advance fills).").bounds(&B::Count { min: 0, max: 1000 }),
    Halo: num!(sim.halo) => sf("Ghost layers", G::SimSize, true, Count, GRID | AMR, "Halo width of each subdomain or AMR block (stencil radius; Athena++ NGHOST = 2).").bounds(&B::Count { min: 0, max: 64 }),
    Particles: num!(sim.particles) => sf("Particles", G::SimSize, false, Count, PART | NBODY, "Atoms or particles in the whole system.").bounds(&B::Count { min: 1, max: 1_000_000_000_000 }).short(),
    AtomStyle: pick!(sim.atom_style) => sf("Atom style", G::SimSize, false, Select, PART, "Per-particle state, as LAMMPS stores it."),
    Attrs: or0!(sim.attrs) => sf("Bytes per particle (overrides the style)", G::SimSize, true, Count, PART, "Per-particle state in bytes, for codes other than LAMMPS.").bounds(&B::Count { min: 0, max: 1_000_000 }),
    Potential: pick!(sim.potential) => sf("Potential family", G::SimSize, false, Select, PART, "Many-body potentials (Tersoff, Stillinger–Weber, REBO/AIREBO) use full neighbour lists and keep per-atom bond-order data."),
    MaxBonds: maybe!(@topology bonds) => sf("Most bonds per atom", G::SimSize, true, Count, PART, "LAMMPS's log prints it ('4 = max bonds/atom'); molecular atom styles size per-atom arrays by it. Empty: the style's typical size.").bounds(&B::Count { min: 0, max: 1000 }),
    MaxAngles: maybe!(@topology angles) => sf("Most angles per atom", G::SimSize, true, Count, PART, "'8 = max angles/atom' in LAMMPS's log.").bounds(&B::Count { min: 0, max: 1000 }),
    MaxDihedrals: maybe!(@topology dihedrals) => sf("Most dihedrals per atom", G::SimSize, true, Count, PART, "'18 = max dihedrals/atom' in LAMMPS's log.").bounds(&B::Count { min: 0, max: 1000 }),
    MaxImpropers: maybe!(@topology impropers) => sf("Most impropers per atom", G::SimSize, true, Count, PART, "'2 = max impropers/atom' in LAMMPS's log.").bounds(&B::Count { min: 0, max: 1000 }),
    MaxSpecial: maybe!(@topology special) => sf("Most special neighbours per atom", G::SimSize, true, Count, PART, "'26 = max # of special neighbors' in LAMMPS's log (1-2, 1-3 and 1-4 partners).").bounds(&B::Count { min: 0, max: 1000 }),
    Shake: on!(sim.shake) => sf("Bond constraints (SHAKE)", G::SimSize, true, Toggle, PART, "fix shake keeps cluster data and an unconstrained position for every atom."),
    ReaxffVersion: pick!(sim.reax.version) => sf("ReaxFF implementation", G::SimSize, true, Select, PART, "pair reaxff (LAMMPS 2021+) or the older pair reax/c: their bond-list records and memory reports differ."),
    ReaxffBonds: num!(sim.reax.bonds) => sf("ReaxFF bond partners per atom", G::SimSize, true, Count, PART, "Neighbours within the bond cutoff whose uncorrected bond order passes the force field's cutoff; each atom gets max(2 × partners, 25) bond slots, so up to 12 changes nothing.").bounds(&B::Count { min: 0, max: 1000 }),
    Safezone: num!(sim.reax.safezone_milli) => sf("ReaxFF safezone", G::SimSize, true, Number { unit: "×" }, PART, "pair_style reaxff safezone: spare capacity of every ReaxFF list (default 1.2).").bounds(&B::Fixed { places: 3, min: 1000, max: 100_000, said: "a factor from 1 to 100" }),
    Mincap: num!(sim.reax.mincap) => sf("ReaxFF mincap", G::SimSize, true, Count, PART, "pair_style reaxff mincap: the fewest atoms a list is sized for (default 50); matters for small ranks.").bounds(&B::Count { min: 1, max: 1_000_000 }),
    Qeq: on!(sim.reax.qeq) => sf("Charge equilibration (QEq)", G::SimSize, true, Toggle, PART, "fix qeq/reaxff: a sparse matrix of every local atom's neighbours, solved every step."),
    AtomMap: pick!(sim.atom_map) => sf("Atom ID map", G::SimSize, true, Select, PART, "How global IDs are found on each rank; LAMMPS uses an array up to 1,000,000 IDs and a hash above (atom_modify map)."),
    PairList: pick!(sim.pair_list) => sf("Pair lists", G::SimSize, true, Select, PART, "LAMMPS keeps every atom's neighbours in pages of indices; GROMACS mdrun pairs clusters of 4 atoms with clusters of 4 or 8 (nbnxm) and holds its arrays in the run's precision (mixed precision: FP32)."),
    Package: pick!(sim.package) => sf("Accelerator package", G::SimSize, true, Select, PART, "LAMMPS's GPU package (package gpu, -sf gpu) keeps its own arrays on the device: positions packed with the type, forces with energies and virials, and a full neighbour list of fixed stride per atom, each sized 10 % above the atoms; use with Runs on = GPU."),
    Cutoff: num!(sim.cutoff_milli) => sf("Cutoff", G::SimSize, false, Number { unit: "length" }, PART, "Pair interaction cutoff, in the same length unit as the density.").bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000, said: "above 0 and at most 1,000,000, with up to 3 decimals" }),
    Skin: num!(sim.skin_milli) => sf("Neighbour skin", G::SimSize, false, Number { unit: "length" }, PART, "Extra distance so lists last several steps (LAMMPS: 0.3σ in LJ units, 2 Å metal).").bounds(&B::Fixed { places: 3, min: 0, max: 1_000_000_000, said: "from 0 to 1,000,000, with up to 3 decimals" }),
    Density: num!(sim.density_micro) => sf("Number density", G::SimSize, false, Number { unit: "per length³" }, PART, "Particles per unit volume, e.g. 0.8442 (LJ liquid), 0.0847 (copper, Å⁻³), 0.1 (water atoms, Å⁻³).").bounds(&B::Fixed { places: 6, min: 1, max: 1_000_000_000_000, said: "above 0 and at most 1,000,000, with up to 6 decimals" }),
    Neighbors: or0!(sim.neighbors) => sf("Neighbours per particle (overrides)", G::SimSize, true, Count, PART, "Give the count directly instead of cutoff, skin and density.").bounds(&B::Count { min: 0, max: 1_000_000 }),
    Newton: on!(sim.newton) => sf("Newton's third law (half lists)", G::SimSize, true, Toggle, PART, "Store each pair once; off doubles the lists."),
    NeighCheck: on!(sim.neigh_check) => sf("Neighbour distance check", G::SimSize, true, Toggle, PART, "LAMMPS neigh_modify check yes (the default) keeps every atom's position at the last neighbour build (24 B per allocated atom) to rebuild only when one moved half the skin; check no (bench/in.lj) rebuilds on schedule without them."),
    LongRange: pick!(sim.long_range) => sf("Long-range solver", G::SimSize, false, Select, PART, "PPPM or PME mesh for electrostatics."),
    KspaceGrid: or0!(sim.kspace_grid) => sf("Long-range mesh points", G::SimSize, true, Count, PART, "Total mesh points, e.g. 262144 for 64³; default one per particle (GROMACS cluster lists: the box at 0.12 nm spacing).").bounds(&B::Count { min: 0, max: 10_000_000_000_000 }),
    Cells: num!(sim.cells) => sf("Cells", G::SimSize, false, Count, MESH, "Elements or control volumes in the whole mesh.").bounds(&B::Count { min: 1, max: 1_000_000_000_000 }).short(),
    Element: pick!(sim.element) => sf("Element type", G::SimSize, false, Select, MESH, "Decides points per cell and matrix nonzeros per row."),
    Dofs: num!(sim.dofs) => sf("Unknowns per point", G::SimSize, false, Count, MESH, "Coupled unknowns per node, e.g. 4 for u, v, w, p.").bounds(&B::Count { min: 1, max: 1000 }),
    Krylov: num!(sim.krylov) => sf("Krylov restart", G::SimSize, true, Count, MESH, "GMRES restart length (0 for CG).").bounds(&B::Count { min: 0, max: 1000 }),
    Precond: pick!(sim.precond) => sf("Preconditioner", G::SimSize, false, Select, MESH, "Its storage relative to the matrix."),
    Solver: pick!(sim.solver) => sf("Solver", G::SimSize, false, Select, MESH, "Coupled block matrix, one scalar matrix per variable (segregated, as OpenFOAM), or explicit with no matrix."),
    IndexBytes: INDEX_BYTES => sf("Index width", G::SimSize, true, Number { unit: "B" }, MESH, "4 for 32-bit indices; 8 for 64-bit global indices (PETSc --with-64-bit-indices, OpenFOAM WM_LABEL_SIZE=64)."),
    MeshStorage: pick!(sim.mesh_storage) => sf("Mesh storage", G::SimSize, true, Select, MESH, "Nodal: element–node connectivity and a CSR matrix. polyMesh: OpenFOAM's faces with owner and neighbour cells, cell and face geometry, and a matrix stored per face."),
    ViscousStress: on!(sim.viscous_stress) => sf("Viscous stress tensor (polyMesh)", G::SimSize, true, Toggle, MESH, "OpenFOAM's turbulence and laminar models (simpleFoam, pimpleFoam) assemble div(ν_eff dev2(T(grad U))): a velocity-gradient tensor per cell and its values on every face while the momentum matrix is built; icoFoam has no such term."),
    BoundaryFaces: or0!(sim.boundary_faces) => sf("Boundary faces (polyMesh)", G::SimSize, true, Count, MESH, "Faces on the mesh's patches, as blockMesh and checkMesh print them; empty: a compact block's 6 · cells^(2/3). Thin or extruded meshes have many more.").bounds(&B::Count { min: 0, max: 1_000_000_000_000 }),
    LinIters: maybe!(sim.lin_iters) => sf("Linear iterations per step", G::SimSize, true, Count, MESH, "Krylov iterations per time step, summed over its linear solves (OpenFOAM's log: 'No Iterations N' per solve; PETSc -ksp_monitor). Time only; empty: 50 (HPCG's CG set), 0 for an explicit scheme.").bounds(&B::Count { min: 0, max: 1_000_000_000 }),
    HpcgCode: pick!(? sim.hpcg_code) => sf("HPCG implementation", G::SimSize, true, Select, MESH, "Which HPCG code's kernels the time counts (code=hpcg): the reference reads the matrix five times per multigrid level, NVIDIA's and AMD's optimized codes about three (their first sweep skips a triangle, the guess being zero, and the residual reuses a kept product, NVIDIA, or is computed only at the coarse points, AMD). Time only; the rating keeps HPCG's reference FLOP count. Empty: the reference on CPUs, the GPU vendor's code on GPUs."),
    CellValues: num!(sim.cell_values) => sf("Working values per cell", G::SimSize, true, Count, MESH, "Values a code keeps per cell (per vertex of a vertex-centred code) beside the unknowns' time levels and the matrix: gradients, limiters, primitive variables, residuals, local time steps. SU2's compressible solver keeps 93 beside its two solution copies (CVariable, CEulerVariable); nodal storage only.").bounds(&B::Count { min: 0, max: 100_000 }),
    Lattice: pick!(sim.lattice) => sf("Lattice", G::SimSize, false, Select, LBM, "Velocity set: distributions per cell."),
    Streaming: pick!(sim.streaming) => sf("Streaming", G::SimSize, false, Select, LBM, "Two lattices, or one with in-place streaming."),
    LbmDtype: pick!(? sim.lbm_dtype) => sf("Storage precision", G::SimSize, true, Select, LBM, "Distributions can be stored in lower precision than the arithmetic (e.g. FP16 storage, FP32 compute)."),
    Complex: on!(sim.complex) => sf("Complex fields", G::SimSize, true, Toggle, SPEC, "Complex-valued fields (e.g. Schrödinger) instead of real ones."),
    Dealias: on!(sim.dealias) => sf("3/2 dealiasing", G::SimSize, true, Toggle, SPEC, "Compute nonlinear terms on a 3/2-padded grid."),
    Transforms: maybe!(sim.transforms) => sf("Transforms per step", G::SimSize, true, Count, SPEC, "Multidimensional FFTs per time step on the (padded) grid, forward and inverse counted apart. Time only; empty: 2 per field per Runge–Kutta stage (3 stages), a DNS step's transforms; 1: one FFT, as FFT benchmarks time it.").bounds(&B::Count { min: 1, max: 1_000_000 }),
    Ecutwfc: num!(sim.pw.ecutwfc_milli) => sf("Wavefunction cutoff", G::SimSize, false, Number { unit: "Ry" }, PW, "ecutwfc: decides the plane waves per k-point (pw.x prints 'kinetic-energy cutoff'; ABINIT's ecut is in Ha: twice it in Ry).").bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000, said: "above 0 and at most 1,000,000 Ry, with up to 3 decimals" }),
    Ecutrho: or0!(sim.pw.ecutrho_milli) => sf("Charge-density cutoff", G::SimSize, true, Number { unit: "Ry" }, PW, "ecutrho; empty: 4 × ecutwfc (norm-conserving default; ultrasoft and PAW often use 8–12 ×).").bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000, said: "above 0 and at most 1,000,000 Ry, with up to 3 decimals" }),
    CellVolume: num!(sim.pw.volume_milli) => sf("Cell volume", G::SimSize, false, Number { unit: "bohr³" }, PW, "pw.x's 'unit-cell volume' in (a.u.)³, ABINIT's ucvol (1 Å³ = 6.748 bohr³).").bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000_000_000, said: "above 0 and at most 10^12 bohr³, with up to 3 decimals" }),
    Bands: num!(sim.pw.bands) => sf("Bands", G::SimSize, false, Count, PW, "Kohn–Sham states (nbnd).").bounds(&B::Count { min: 1, max: 10_000_000 }),
    Kpoints: num!(sim.pw.kpoints) => sf("k-points", G::SimSize, false, Count, PW, "Irreducible k-points, as pw.x prints 'number of k points' (without the spin doubling).").bounds(&B::Count { min: 1, max: 10_000_000 }),
    Spin: pick!(sim.pw.spin) => sf("Spin", G::SimSize, false, Select, PW, "Collinear spin doubles the k-points; non-collinear makes wavefunctions two-component spinors."),
    GammaOnly: on!(sim.pw.gamma) => sf("Γ-point trick", G::SimSize, true, Toggle, PW, "K_POINTS gamma: real wavefunctions, half the plane waves."),
    Atoms: num!(sim.pw.atoms) => sf("Atoms", G::SimSize, false, Count, PW, "Atoms in the cell (nat).").bounds(&B::Count { min: 1, max: 100_000_000 }),
    Species: num!(sim.pw.species) => sf("Species", G::SimSize, true, Count, PW, "Atomic types (ntyp).").bounds(&B::Count { min: 1, max: 1000 }),
    Pseudopotential: pick!(sim.pw.pp) => sf("Pseudopotentials", G::SimSize, false, Select, PW, "Ultrasoft and PAW add S|ψ⟩ to the Davidson work and augmentation charges."),
    Projectors: or0!(sim.pw.projectors) => sf("Beta projectors (total)", G::SimSize, true, Count, PW, "nkb: Σ over atoms of Σ over beta functions of (2l + 1); empty: 4 per atom (SPARC's time: 18 per atom).").bounds(&B::Count { min: 0, max: 1_000_000_000 }),
    Betas: num!(sim.pw.betas) => sf("Beta functions per species", G::SimSize, true, Count, PW, "The most beta functions of one pseudopotential ('2 beta functions with: l(1) = 0 ...').").bounds(&B::Count { min: 1, max: 100 }),
    LmaxBeta: num!(sim.pw.lmax) => sf("Highest beta angular momentum", G::SimSize, true, Count, PW, "The largest l among the beta functions (0 for s, 1 for p, 2 for d).").bounds(&B::Count { min: 0, max: 3 }),
    Diagonalization: pick!(sim.pw.diagonalization) => sf("Diagonalisation", G::SimSize, true, Select, PW, "Davidson keeps david_ndim × bands work vectors; CG, PPCG and ParO keep the bands only."),
    DavidNdim: num!(sim.pw.david_ndim) => sf("Davidson subspace factor", G::SimSize, true, Count, PW, "diago_david_ndim (pw.x up to 6.5: 4; 6.6 and later: 2).").bounds(&B::Count { min: 2, max: 100 }),
    MixingNdim: num!(sim.pw.mixing_ndim) => sf("Mixing history", G::SimSize, true, Count, PW, "mixing_ndim: past densities kept by Broyden mixing (default 8).").bounds(&B::Count { min: 1, max: 100 }),
    Pools: num!(sim.pw.pools) => sf("k-point pools", G::SimRanks, false, Count, PW, "-nk / -npool: ranks split into pools, each holding all G vectors for its k-points.").bounds(&B::Count { min: 1, max: MAX_GPUS }),
    WfcDisk: on!(sim.pw.wfc_disk) => sf("Wavefunctions on disk", G::SimSize, true, Toggle, PW, "disk_io='high': keep one k-point's wavefunctions in memory instead of every k-point of the pool."),
    FftGrid: or0!(sim.pw.fft_grid) => sf("Dense FFT grid points", G::SimSize, true, Count, PW, "nr1 × nr2 × nr3 from 'FFT dimensions' (ABINIT: nfft; SPARC: the FD_GRID points); empty: from ecutrho and the volume (cubic cell).").bounds(&B::Count { min: 0, max: 1_000_000_000_000 }),
    DftArrays: pick!(sim.pw.arrays) => sf("Arrays counted as", G::SimSize, false, Select, PW, "Each DFT code allocates its own arrays and prints its own estimate: pw.x's memory_report.f90 (plane waves, G vectors, FFT grids, Davidson work), ABINIT's m_memeval.F90 (arrays counted along the call chains alive together, the largest chain, plus static arrays) or SPARC's estimate_memory in initialization.c (orbitals on the real-space grid with 2.5 or 5.5 working copies, grid vectors, subspace matrices, + 10 %)."),
    BandGroups: num!(sim.pw.band_groups) => sf("Band groups", G::SimRanks, true, Count, PW, "SPARC NP_BAND_PARAL: processes splitting the states; above 1 the ScaLAPACK block-cyclic copies raise the orbitals' working copies from 2.5 to 5.5 (initialization.c).").bounds(&B::Count { min: 1, max: MAX_GPUS }),
    Xc: pick!(sim.pw.xc) => sf("Exchange–correlation", G::SimSize, true, Select, PW, "ABINIT arrays: a GGA keeps density gradients and their work arrays on the grid (xclevel 2; m_memeval.F90). pw.x with PAW: a GGA integrates the one-centre energy over more directions and keeps its gradient arrays (paw_onecenter.f90)."),
    Smearing: on!(sim.pw.smearing) => sf("Smeared occupations (metals)", G::SimSize, true, Toggle, PW, "ABINIT arrays: occopt 3–8 adds mkrho's work arrays and getnel's tables (991 + natom KiB of static arrays instead of 231 + 6·natom)."),
    CoreCorrection: on!(sim.pw.core_correction) => sf("Non-linear core correction", G::SimSize, true, Toggle, PW, "ABINIT arrays: pseudopotentials with a model core charge keep it on 2,501 radial points per species and on the grid (n1xccc, xccc3d)."),
    Symmetries: num!(sim.pw.symmetries) => sf("Symmetry operations", G::SimSize, true, Count, PW, "ABINIT arrays: nsym; above 1 the symmetrisation maps irrzon and phnons take 2 integers and 2 reals per grid point.").bounds(&B::Count { min: 1, max: 10_000_000 }),
    Forces: on!(sim.pw.forces) => sf("Forces", G::SimSize, true, Toggle, PW, "tprnfor / relaxations: ultrasoft and PAW augmentation forces need their own scratch."),
    Stress: on!(sim.pw.stress) => sf("Stress", G::SimSize, true, Toggle, PW, "tstress / vc-relax: the stress's augmentation scratch."),
    HubbardWfc: or0!(sim.pw.hubbard_wfc) => sf("Hubbard states (DFT+U)", G::SimSize, true, Count, PW, "pw.x lda_plus_u: nwfcU, Σ (2l + 1) over the atoms with a Hubbard U (5 per d shell, 7 per f shell); their atomic wavefunctions wfcU are kept for every k-point of the pool like the bands (memory_report.f90). Empty: no DFT+U.").bounds(&B::Count { min: 0, max: 1_000_000_000 }),
    Exx: on!(sim.pw.exx) => sf("Hybrid functional (exact exchange)", G::SimSize, true, Toggle, PW, "pw.x with PBE0, HSE, B3LYP…: every band of every k+q point on the EXX FFT grid (exxbuff), the ACE projectors and vexx's work (exx.f90); these dominate such runs."),
    ExxNq: num!(sim.pw.exx_nq) => sf("EXX q-points", G::SimSize, true, Count, PW, "nqx1 × nqx2 × nqx3, the q-point mesh of the Fock operator (pw.x default 1 × 1 × 1).").bounds(&B::Count { min: 1, max: 10_000_000 }),
    ExxKq: or0!(sim.pw.exx_kq) => sf("EXX (k+q) points", G::SimSize, true, Count, PW, "The (k+q)-points pw.x lists after 'EXX: setup a grid of … q-points' (nkqs); empty: the larger of the k-points and the q-points, exact for nq = 1 and for a k mesh equal to the q mesh.").bounds(&B::Count { min: 0, max: 1_000_000_000 }),
    Ecutfock: or0!(sim.pw.ecutfock_milli) => sf("Fock-operator cutoff", G::SimSize, true, Number { unit: "Ry" }, PW, "ecutfock: sizes the EXX FFT grid ('EXX grid: … FFT dimensions'); empty: ecutrho, pw.x's default.").bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000, said: "above 0 and at most 1,000,000 Ry, with up to 3 decimals" }),
    PawMesh: or0!(sim.pw.paw_mesh) => sf("PAW radial grid points", G::SimSize, true, Count, PW, "pw.x with PAW: 'Using radial grid of … points' of the largest PAW pseudopotential; PAW_potential's one-centre arrays (radial points × angular directions × spins) set the peak where they exceed the other scratch. ABINIT with PAW: the datasets' mesh_size in pawtab's radial tables (m_memeval.F90). Empty: 1,200.").bounds(&B::Count { min: 0, max: 1_000_000 }),
    FineGrid: or0!(sim.pw.fine_grid) => sf("PAW fine FFT grid points", G::SimSize, true, Count, PW, "ABINIT with PAW: nfftf, the fine grid of pawecutdg ('PAW method is used; the additional fine FFT grid is defined by: … nfftf ='); the densities, potentials, compensation charge and XC arrays live on it, and pawfgrtab keeps the fine-grid points inside each sphere (m_memeval.F90). Empty: the coarse grid (pawecutdg = ecut, ABINIT's default).").bounds(&B::Count { min: 0, max: 1_000_000_000_000 }),
    PawLmn: or0!(sim.pw.paw_lmn) => sf("PAW projectors per atom (lmn_size)", G::SimSize, true, Count, PW, "ABINIT with PAW: lmn_size of the largest dataset, Σ (2l + 1) over its partial waves (ABINIT's lmnmax; 13 for a Ni dataset with s, s, p, p, d); sizes pawrhoij, dij and cprj (m_memeval.F90). Empty: 2 (lmax + 1)².").bounds(&B::Count { min: 0, max: 10_000 }),
    PawRadius: or0!(sim.pw.paw_radius_milli) => sf("PAW sphere radius", G::SimSize, true, Number { unit: "bohr" }, PW, "ABINIT with PAW: r_paw ('Spheres core radius: rc_sph ='), as the cube mean over the atoms, (Σ r³ / natom)^(1/3); pawfgrtab keeps every fine-grid point inside each sphere with its g_l·Y_lm factors (m_memeval.F90). Empty: 2 bohr.").bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000, said: "above 0 and at most 1,000 bohr, with up to 3 decimals" }),
    ChebDegree: maybe!(speed.cheb_degree) => sf("Chebyshev filter degree", G::SimSize, true, Count, PW, "SPARC CHEB_DEGREE: H applications per state in each SCF iteration's filter. Empty: SPARC's Mesh2ChebDegree of the mesh spacing (35 at 0.2 bohr, 20 at 0.4). Time only.").bounds(&B::Count { min: 1, max: 10_000 }),
    FdOrder: maybe!(speed.fd_order) => sf("Finite-difference order", G::SimSize, true, Count, PW, "SPARC FD_ORDER: the Laplacian reaches FD_ORDER/2 points along each axis, and as many halo layers. Empty: 12. Time only.").bounds(&B::Count { min: 2, max: 64 }),
    ProjectorRadius: maybe!(speed.projector_radius_mbohr) => sf("Nonlocal projector radius", G::SimSize, true, Number { unit: "bohr" }, PW, "SPARC: the largest r_core= of an atom's psp8 file, within which its projectors act. Empty: 2.353 bohr, the median of SPARC's psps/. Time only.").bounds(&B::Fixed { places: 3, min: 1, max: 100_000, said: "above 0 and at most 100 bohr, with up to 3 decimals" }),
    AmrLevels: num!(sim.amr.max_level) => sf("Refined levels", G::SimSize, false, Count, AMR, "Levels above the base grid (AMReX amr.max_level; Athena++ numlevel − 1). 0: a uniform grid of blocks.").bounds(&B::Count { min: 0, max: 30 }),
    RefRatio: num!(sim.amr.ratio) => sf("Refinement ratio", G::SimSize, false, Count, AMR, "Cells per coarse cell per direction between levels (AMReX amr.ref_ratio; Athena++ always 2).").bounds(&B::Count { min: 2, max: 16 }),
    Fill: num!(sim.amr.fill_bp) => sf("Refined share per level", G::SimSize, false, Number { unit: "%" }, AMR, "Share of each level's volume covered by the next finer level.").bounds(&B::Fixed { places: 2, min: 0, max: 10_000, said: "from 0 to 100 %, with up to 2 decimals" }),
    BlockSize: num!(sim.amr.block) => sf("Block size", G::SimSize, false, Count, AMR, "Cells per side of a block (Athena++ <meshblock> nx1; AMReX amr.max_grid_size, 32 in 3D by default).").bounds(&B::Count { min: 1, max: 4096 }),
    AmrBlocks: or0!(sim.amr.blocks) => sf("Blocks in total (overrides the share)", G::SimSize, true, Count, AMR, "Blocks over all levels as the code's log reports them (Athena++ 'Total number of MeshBlocks'); empty: from the refined share.").bounds(&B::Count { min: 0, max: 1_000_000_000_000 }),
    GhostState: on!(sim.amr.ghost_state) => sf("Ghost cells on the stored state", G::SimSize, true, Toggle, AMR, "On: every stored copy of the state has ghost cells (Athena++). Off: only the work arrays do (AMReX StateData)."),
    CoarseCopies: num!(sim.amr.coarse_copies) => sf("Coarse copies per block", G::SimSize, true, Count, AMR, "Coarse-level arrays a block keeps to fill its ghost cells from the parent level (Athena++ coarse_cons_ and coarse_prim_: 2; AMReX FillPatch: 1).").bounds(&B::Count { min: 0, max: 100 }),
    ExchangeCopies: num!(sim.amr.exchange_copies) => sf("Halo exchange buffers per block", G::SimSize, true, Count, AMR, "Ghost-shell-sized buffers each block keeps for the halo exchange: Athena++ keeps a send and a receive buffer per neighbour (2); AMReX takes them from its arena only while exchanging (0).").bounds(&B::Count { min: 0, max: 100 }),
    BlockMeta: num!(sim.amr.meta_bytes) => sf("Metadata per block (on every rank)", G::SimSize, true, Number { unit: "B" }, AMR, "Bytes of bookkeeping per block that every rank keeps for all blocks (AMReX BoxArray + DistributionMapping: 32; Athena++ block lists and tree: about 160).").bounds(&B::Count { min: 0, max: 1_000_000 }),
    Subcycle: on!(sim.amr.subcycle) => sf("Subcycling in time", G::SimSize, true, Toggle, AMR, "Time only. On: each finer level takes ratio steps per step of the level below (AMReX amr.subcycling_mode, its default). Off: every level steps at the finest level's time step (Athena++)."),
    PartBytes: num!(sim.nbody.part_bytes) => sf("Bytes per particle", G::SimSize, false, Count, NBODY, "sizeof(struct particle_data): GADGET-2 stores 68 B, 80 B with PMGRID (single precision); GADGET-4 prints it at start-up.").bounds(&B::Count { min: 1, max: 100_000 }),
    AllocFactor: num!(sim.nbody.alloc_c) => sf("Particle allocation factor", G::SimSize, true, Number { unit: "×" }, NBODY, "PartAllocFactor: particle slots per task = factor × particles ÷ tasks (GADGET-2 examples 1.5; GADGET-4 keeps 10 % headroom).").bounds(&B::Fixed { places: 2, min: 100, max: 10_000, said: "from 1 to 100, with up to 2 decimals" }),
    TreeFactor: num!(sim.nbody.tree_c) => sf("Tree nodes per particle", G::SimSize, true, Number { unit: "×" }, NBODY, "TreeAllocFactor: tree nodes allocated per particle slot (typically 0.7–0.8).").bounds(&B::Fixed { places: 2, min: 0, max: 10_000, said: "from 0 to 100, with up to 2 decimals" }),
    NodeBytes: num!(sim.nbody.node_bytes) => sf("Bytes per tree node", G::SimSize, true, Count, NBODY, "GADGET-2: NODE (48 B) + extNODE (16 B) in single precision; GADGET-4 gravnode about 56 B.").bounds(&B::Count { min: 0, max: 100_000 }),
    PmGrid: num!(sim.nbody.pm_grid) => sf("PM grid per dimension", G::SimSize, false, Count, NBODY, "PMGRID: the particle-mesh grid for the long-range force (often the particle count's cube root or twice it); 0: tree only.").bounds(&B::Count { min: 0, max: 100_000 }),
    PmArrays: num!(sim.nbody.pm_arrays) => sf("PM grid arrays", G::SimSize, true, Count, NBODY, "Arrays of the PM grid's size held at once (GADGET-2 pm_periodic.c: rhogrid, forcegrid, workspace).").bounds(&B::Count { min: 0, max: 100 }),
    TimebinLists: num!(sim.nbody.timebin_lists) => sf("Time-bin lists per particle", G::SimSize, true, Count, NBODY, "Integer lists of active particles per time bin (GADGET-4: 3; GADGET-2: 0).").bounds(&B::Count { min: 0, max: 100 }),
    EwaldBytes: num!(sim.nbody.ewald_bytes) => sf("Bytes per Ewald table entry", G::SimSize, true, Count, NBODY, "Periodic boxes keep an Ewald correction table of 65³ entries on every task: GADGET-2 4 floats (16 B), GADGET-4 20 doubles (160 B, 'Ewd' 41.9 MB in its memory.txt); 0: not periodic.").bounds(&B::Count { min: 0, max: 10_000 }),
    CommBuffer: num!(sim.nbody.comm_mib) => sf("Communication buffer", G::SimRanks, true, Number { unit: "MiB" }, NBODY, "GADGET-2 BufferSize: a fixed buffer per task for exchanging particles ('Allocated 100 MByte communication buffer per processor'); 0 for GADGET-4.").bounds(&B::Count { min: 0, max: MAX_RUNTIME_MIB }),
    MaxMemSize: num!(sim.nbody.max_mem_mib) => sf("MaxMemSize per task", G::SimRanks, true, Number { unit: "MiB" }, NBODY, "GADGET-3/4 MaxMemSize: the memory each task is granted and allocates whole at start-up (GADGET-4 src/data/mymalloc.cc); its generic buffers use what the arrays leave. 0: not given.").bounds(&B::Count { min: 0, max: MAX_RUNTIME_MIB }),
    Ranks: num!(sim.ranks) => sf("MPI ranks", G::SimRanks, false, Count, 0, "Processes the domain is split over.").bounds(&B::Count { min: 1, max: MAX_GPUS }),
    Nodes: num!(sim.nodes) => sf("Nodes", G::SimRanks, false, Count, 0, "Ranks are spread evenly over the nodes.").bounds(&B::Count { min: 1, max: MAX_GPUS }),
    Node: NODE => sf("CPU node", G::SimRanks, false, Select, 0, "A documented node: fills the memory per node and gives CPU codes its sockets, memory bandwidth, FP64 peak and network; the memory stays editable."),
    NodeMem: num!(sim.node_mem) => sf("Memory per node", G::SimRanks, false, Size { unit: "GiB" }, 0, "CPU memory of one node (CPU codes are checked against it).").bounds(&B::Size { unit: 1 << 30, max: 1 << 60 }),
    Numa: pick!(sim.placement) => sf("Rank placement (NUMA)", G::SimRanks, true, Select, 0, "CPU nodes: how ranks are placed on the sockets, each with its own memory. Spread: in turn (srun's default); packed: one socket's cores first (Open MPI's mpirun maps one or two ranks by core)."),
    RankOverhead: num!(sim.rank_mib) => sf("Memory per rank outside the solver", G::SimRanks, true, Number { unit: "MiB" }, 0, "MPI buffers, libraries and executable per process.").bounds(&B::Fixed { places: 0, min: 0, max: MAX_RUNTIME_MIB, said: "whole MiB from 0 to 1048576" }),
    Replicated: num!(sim.replicated_mib) => sf("Data replicated on every rank", G::SimRanks, true, Number { unit: "MiB" }, 0, "Forcing tables, geometry, immersed-boundary facets or coarse meshes each rank holds whole: they do not shrink with more ranks.").bounds(&B::Fixed { places: 0, min: 0, max: MAX_RUNTIME_MIB, said: "whole MiB from 0 to 1048576" }),
    Language: pick!(sim.language) => sf("Language of the program", G::SimRanks, true, Select, 0, "Python ranks carry the interpreter and NumPy/SciPy/mpi4py in memory before any array (measured VmRSS above a compiled MPI rank)."),
    Imbalance: num!(sim.imbalance_bp) => sf("Load imbalance", G::SimRanks, true, Number { unit: "%" }, 0, "Extra work on the busiest rank.").bounds(&B::Fixed { places: 2, min: 0, max: 100_000, said: "from 0 to 1000 %" }),
    Steps: num!(sim.steps) => sf("Time steps", G::SimHistory, false, Count, 0, "Length of the run.").bounds(&B::Count { min: 1, max: 1_000_000_000_000 }).short(),
    OutputEvery: num!(sim.output_every) => sf("Output every", G::SimHistory, true, Count, 0, "Steps between output frames (0: no output).").bounds(&B::Count { min: 0, max: 1_000_000_000_000 }),
    Snapshots: num!(sim.snapshots) => sf("Snapshots in memory", G::SimHistory, true, Count, 0, "States kept in memory for in-situ analysis.").bounds(&B::Count { min: 0, max: 1_000_000 }),
    Compression: num!(sim.compression_c) => sf("Output compression ratio", G::SimHistory, true, Number { unit: ": 1" }, 0, "Lossless (~1.5–2) or lossy (10–100) compression of output and snapshots.").bounds(&B::Fixed { places: 2, min: 100, max: 100_000_000, said: "a ratio from 1 to 1,000,000" }),
    CheckpointEvery: num!(sim.checkpoint_every) => sf("Checkpoint every", G::SimHistory, true, Count, 0, "Steps between restart files (0: none).").bounds(&B::Count { min: 0, max: 1_000_000_000_000 }),
    Adjoint: pick!(sim.adjoint) => sf("Adjoint / differentiable run", G::SimHistory, true, Select, 0, "Store every forward state, or checkpoint binomially and recompute."),
    AdjointSnapshots: num!(sim.adjoint_snapshots) => sf("Adjoint checkpoints", G::SimHistory, true, Count, 0, "Snapshots binomial checkpointing may keep.").bounds(&B::Count { min: 0, max: 1_000_000 }),
}

/// Which network families a field concerns: transformer shape keys, or one family's keys.
fn for_model(key: FieldId, model: crate::scenario::sciml::ModelKind) -> bool {
    use crate::scenario::sciml::ModelKind::*;
    let transformer_only = matches!(
        key,
        F::Params
            | F::ModelId
            | F::Seq
            | F::FlashAttention
            | F::SoftmaxFp32
            | F::KvDtype
            | F::Engine
            | F::GpuUtil
            | F::MaxBatchedTokens
            | F::MaxNumSeqs
            | F::CudaGraphs
            | F::MmvqWarps
            | F::GpuLayers
            | F::Sp
            | F::LoraRank
            | F::LoraTargets
            | F::LossChunks
            | F::FusedLoss
            | F::LogitsUpcast
            | F::WeightCasts
            | F::Compile
            | F::KbitFp32
            | F::GatheredLayers
            | F::ReshardAfterForward
            | F::PpGradSync
            | F::Save
            | F::Batching
            | F::ExpandableSegments
            | F::Sparsity
            | F::SparseFormat
    ) || key.field().group == Group::Architecture;
    match key {
        F::Width => matches!(model, Pinn | Fno | Gnn),
        F::Depth | F::InChannels | F::OutChannels => model != Transformer,
        F::Collocation | F::DerivOrder => model == Pinn,
        F::GridPoints | F::SpatialDims => matches!(model, Fno | Unet),
        F::FourierModes => model == Fno,
        F::GraphNodes | F::GraphEdges => model == Gnn,
        F::BaseChannels => model == Unet,
        _ => !transformer_only || model == Transformer,
    }
}

/// What a token count with a suffix reads as, shown beside the field so `32k` is never a
/// surprise: "= 32,768 tokens". None for plain digits, other fields, or invalid text.
pub fn reading(id: FieldId, raw: &str) -> Option<String> {
    let raw = raw.trim();
    if id.field().kind != FieldKind::Tokens || raw.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n = crate::base::units::parse_count_as(raw, crate::base::units::CountUnit::Tokens).ok()?;
    Some(format!("= {} tokens", crate::base::units::group_digits(n)))
}

/// What a toggle's text says, read the one way the form and the link both read it: `on`, `1`,
/// `true`, `yes` are on, `off`, `0`, `false`, `no` are off, in any case and around spaces; None
/// for anything else (an error for the field).
pub fn toggle_value(raw: &str) -> Option<bool> {
    match raw.trim().to_ascii_lowercase().as_str() {
        "on" | "1" | "true" | "yes" => Some(true),
        "off" | "0" | "false" | "no" => Some(false),
        _ => None,
    }
}

/// A patch of fields as a query fragment, e.g. `recompute=full&zero=3`: how a suggestion or a
/// layout is shown and linked.
pub fn patch_query(patch: &[(FieldId, String)]) -> String {
    patch
        .iter()
        .map(|(id, v)| format!("{}={v}", id.key()))
        .collect::<Vec<_>>()
        .join("&")
}

pub fn field(key: &str) -> Option<&'static Field> {
    FieldId::from_key(key).map(FieldId::field)
}

fn all<C: Choice>() -> Vec<(&'static str, &'static str)> {
    C::ALL.iter().map(|c| (c.id(), c.label())).collect()
}

/// The options of a select field as (id, label), in display order.
pub fn options(id: FieldId) -> Vec<(&'static str, &'static str)> {
    let same = |first: &'static str| {
        let mut v = vec![("", first)];
        v.extend(all::<Dtype>());
        v
    };
    match id {
        F::Mode => all::<Mode>(),
        F::Dtype => all::<Dtype>(),
        F::Optimizer => all::<Optimizer>(),
        F::GradDtype => same("Same as the weights"),
        F::KvDtype => {
            let mut v = same("Same as the weights");
            v.extend(all::<crate::catalog::quant::KvQuant>());
            v
        }
        F::Engine => all::<crate::scenario::serving::Engine>(),
        F::CudaGraphs => all::<crate::scenario::serving::CudaGraphs>(),
        F::Recompute => all::<Recompute>(),
        F::Framework => all::<crate::catalog::framework::Framework>(),
        F::ZeroGrad => all::<crate::scenario::training::ZeroGrad>(),
        F::Batching => all::<crate::scenario::training::Batching>(),
        F::ReshardAfterForward => all::<crate::scenario::training::ReshardAfterForward>(),
        F::PpGradSync => all::<crate::scenario::training::PpGradSync>(),
        F::Save => all::<crate::scenario::training::SaveState>(),
        F::WeightCasts => all::<crate::scenario::training::WeightCasts>(),
        F::LoraTargets => all::<LoraTargets>(),
        F::Quant => all::<Quant>(),
        F::SparseFormat => all::<SparseFormat>(),
        F::Zero => vec![
            ("0", "0: none (plain data parallel)"),
            ("1", "1: optimizer states"),
            ("2", "2: + gradients"),
            ("3", "3: + parameters (FSDP)"),
        ],
        F::Offload => all::<Offload>(),
        F::Mlp => all::<Mlp>(),
        F::Bias => all::<Bias>(),
        F::Norm => all::<Norm>(),
        F::QkNorm => all::<crate::catalog::arch::QkNorm>(),
        F::Shape => all::<ShapeRule>(),
        F::ModelId => crate::catalog::MODELS
            .iter()
            .map(|m| (m.id, m.label))
            .collect(),
        F::DatasetOn => all::<DatasetOn>(),
        F::Gpu => GPUS.iter().map(|g| (g.id, g.label)).collect(),
        F::Node => std::iter::once(("", "None named (two DDR4 sockets)"))
            .chain(
                crate::catalog::device::NODES
                    .iter()
                    .map(|n| (n.id, n.label)),
            )
            .collect(),
        F::Method => all::<crate::scenario::sim::Method>(),
        F::Code => all::<crate::catalog::codes::Code>(),
        F::SimDevice => all::<crate::scenario::sim::SimDevice>(),
        F::AtomStyle => all::<crate::scenario::sim::AtomStyle>(),
        F::LongRange => all::<crate::scenario::sim::LongRange>(),
        F::Potential => all::<crate::scenario::sim::Potential>(),
        F::AtomMap => all::<crate::scenario::sim::AtomMap>(),
        F::PairList => all::<crate::scenario::sim::PairList>(),
        F::Package => all::<crate::scenario::sim::Package>(),
        F::ReaxffVersion => all::<crate::scenario::sim::ReaxVersion>(),
        F::Element => all::<crate::scenario::sim::Element>(),
        F::Precond => all::<crate::scenario::sim::Precond>(),
        F::Solver => all::<crate::scenario::sim::Solver>(),
        F::MeshStorage => all::<crate::scenario::sim::MeshStorage>(),
        F::Lattice => all::<crate::scenario::sim::Lattice>(),
        F::Streaming => all::<crate::scenario::sim::Streaming>(),
        F::Numa => all::<crate::scenario::sim::Placement>(),
        F::LbmDtype => same("Same as the precision"),
        F::HpcgCode => std::iter::once((
            "",
            "The device's: reference on CPUs, the GPU vendor's on GPUs",
        ))
        .chain(all::<crate::scenario::sim::HpcgCode>())
        .collect(),
        F::Adjoint => all::<crate::scenario::sim::Adjoint>(),
        F::Language => all::<crate::scenario::sim::Language>(),
        F::Spin => all::<crate::scenario::planewave::Spin>(),
        F::Pseudopotential => all::<crate::scenario::planewave::PpKind>(),
        F::Diagonalization => all::<crate::scenario::planewave::Diagonalization>(),
        F::DftArrays => all::<crate::scenario::planewave::DftArrays>(),
        F::Xc => all::<crate::scenario::planewave::XcLevel>(),
        F::Model => all::<crate::scenario::sciml::ModelKind>(),
        F::MeasuredKind => all::<crate::scenario::measured::Measured>(),
        _ => Vec::new(),
    }
}
