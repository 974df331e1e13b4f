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

const fn f(label: &'static str, group: Group, advanced: bool, kind: FieldKind, modes: u8) -> Field {
    Field {
        id: FieldId::Mode,
        key: "",
        label,
        group,
        advanced,
        kind,
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
) -> Field {
    Field {
        methods,
        ..f(label, group, advanced, kind, SIM)
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

    /// What an empty free-text field shows as an example.
    pub fn placeholder(&self) -> &'static str {
        match self.id {
            FieldId::TensorSplit => "e.g. 3,1 (one share per GPU)",
            _ => "Search released models, e.g. Llama-3.1-70B",
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
    Mode: pick!(mode) => f("Mode", G::Model, false, Select, EVERY),
    Model: pick!(sciml.model) => f("Network family", G::Model, false, Select, ALL),
    Width: num!(sciml.width) => f("Width", G::SciMl, false, Count, ALL).bounds(&B::Count { min: 1, max: 1_000_000 }),
    Depth: num!(sciml.depth) => f("Depth", G::SciMl, false, Count, ALL).bounds(&B::Count { min: 1, max: 10_000 }),
    Collocation: num!(sciml.points) => f("Collocation points", G::SciMl, false, Count, ALL).bounds(&B::Count { min: 1, max: 1_000_000_000_000 }).short(),
    DerivOrder: num!(sciml.derivs) => f("Derivative order", G::SciMl, false, Count, ALL).bounds(&B::Count { min: 0, max: 10 }),
    GridPoints: num!(sciml.grid) => f("Grid points per sample", G::SciMl, false, Count, ALL).bounds(&B::Count { min: 1, max: 1_000_000_000_000 }).short(),
    FourierModes: num!(sciml.modes) => f("Fourier modes per dimension", G::SciMl, false, Count, ALL).bounds(&B::Count { min: 1, max: 10_000 }),
    SpatialDims: num!(sciml.dims) => f("Spatial dimensions", G::SciMl, false, Count, ALL).bounds(&B::Count { min: 1, max: 3 }),
    GraphNodes: num!(sciml.nodes) => f("Graph nodes per sample", G::SciMl, false, Count, ALL).bounds(&B::Count { min: 1, max: 1_000_000_000_000 }).short(),
    GraphEdges: num!(sciml.edges) => f("Graph edges per sample", G::SciMl, false, Count, ALL).bounds(&B::Count { min: 1, max: 1_000_000_000_000 }).short(),
    BaseChannels: num!(sciml.channels) => f("Base channels", G::SciMl, false, Count, ALL).bounds(&B::Count { min: 1, max: 1_000_000 }),
    InChannels: num!(sciml.inputs) => f("Input channels", G::SciMl, true, Count, ALL).bounds(&B::Count { min: 1, max: 1_000_000 }),
    OutChannels: num!(sciml.outputs) => f("Output channels", G::SciMl, true, Count, ALL).bounds(&B::Count { min: 1, max: 1_000_000 }),
    ModelId: MODEL_ID => f("Released model", G::Model, false, Search, ALL),
    Params: maybe!(params) => f("Parameters", G::Model, false, Count, ALL).bounds(&B::Count { min: 1, max: MAX_PARAMS }).short(),
    Batch: num!(batch) => f("Micro-batch per device", G::Workload, false, Count, ALL).bounds(&B::Count { min: 1, max: MAX_BATCH }),
    Seq: num!(seq) => f("Sequence length", G::Workload, false, Tokens, ALL).bounds(&B::Count { min: 1, max: MAX_SEQ }),
    Engine: pick!(engine) => f("Serving engine", G::Serving, false, Select, INFER),
    GpuUtil: maybe!(gpu_util_milli) => f("GPU memory share (vLLM, SGLang)", G::Serving, true, Number { unit: "fraction" }, INFER).bounds(&B::Fixed { places: 3, min: 10, max: 1000, said: "a fraction from 0.01 to 1" }),
    MaxBatchedTokens: maybe!(max_batched_tokens) => f("Tokens per scheduler step", G::Serving, true, Count, INFER).bounds(&B::Count { min: 1, max: MAX_SEQ }),
    MaxNumSeqs: maybe!(max_num_seqs) => f("Sequences per step (vLLM)", G::Serving, true, Count, INFER).bounds(&B::Count { min: 1, max: MAX_BATCH }),
    CudaGraphs: pick!(cuda_graphs) => f("CUDA graphs", G::Serving, true, Select, INFER),
    MoeBlockUs: maybe!(speed.moe_block_ns) => f("Fused MoE block per layer (vLLM, SGLang)", G::Serving, true, Number { unit: "µs" }, INFER).bounds(&B::Fixed { places: 3, min: 0, max: 1_000_000_000, said: "from 0 to 10^6 µs, with up to 3 decimals" }),
    GraphKernelUs: maybe!(speed.graph_kernel_ns) => f("Kernel under a CUDA graph (vLLM, SGLang)", G::Serving, true, Number { unit: "µs" }, INFER).bounds(&B::Fixed { places: 3, min: 0, max: 1_000_000_000, said: "from 0 to 10^6 µs, with up to 3 decimals" }),
    GraphAttentionUs: maybe!(speed.graph_attention_ns) => f("Attention op under a CUDA graph (vLLM, SGLang)", G::Serving, true, Number { unit: "µs" }, INFER).bounds(&B::Fixed { places: 3, min: 0, max: 1_000_000_000, said: "from 0 to 10^6 µs, with up to 3 decimals" }),
    HybridKv: pick!(hybrid_kv) => f("Windowed layers' KV (vLLM, SGLang)", G::Serving, true, Select, INFER),
    BatchScope: pick!(batch_scope) => f("Batch with replicas", G::Serving, true, Select, INFER),
    MambaCacheMode: pick!(mamba_cache) => f("Linear-attention state cache (vLLM)", G::Serving, true, Select, INFER),
    GpuLayers: maybe!(gpu_layers) => f("Layers on the GPU (llama.cpp)", G::Serving, false, Count, INFER).bounds(&B::Count { min: 0, max: 100_001 }),
    NCpuMoe: maybe!(n_cpu_moe) => f("Layers whose experts stay on the CPU (llama.cpp)", G::Serving, true, Count, INFER).bounds(&B::Count { min: 0, max: 100_000 }),
    Ubatch: maybe!(ubatch) => f("Physical batch (llama.cpp -ub)", G::Serving, true, Count, INFER).bounds(&B::Count { min: 1, max: MAX_SEQ }),
    MmLimit: maybe!(mm_limit) => f("Images per prompt (vLLM --limit-mm-per-prompt)", G::Serving, true, Count, INFER).bounds(&B::Count { min: 0, max: 1_000_000 }),
    MmProfile: pick!(mm_profile) => f("Multimodal profile (vLLM)", G::Serving, true, Select, INFER),
    TensorSplit: TENSOR_SPLIT => f("GPU shares of the layer split (llama.cpp --tensor-split)", G::Serving, true, Search, INFER),
    Dtype: pick!(dtype) => f("Precision", G::Training, false, Select, EVERY),
    Optimizer: pick!(optimizer) => f("Optimizer", G::Training, false, Select, TRAINING),
    Mixed: on!(mixed) => f("FP32 master weights (mixed precision)", G::Training, true, Toggle, TRAINING),
    GradDtype: pick!(? grad_dtype) => f("Gradient precision", G::Training, true, Select, TRAINING),
    KvDtype: KV_DTYPE => f("KV cache precision", G::Training, true, Select, INFER),
    Framework: pick!(mech.framework) => f("Framework", G::Mechanics, false, Select, TRAINING),
    LossChunks: maybe!(mech.loss_chunks) => f("Loss computed in chunks", G::Mechanics, true, Count, TRAINING).bounds(&B::Count { min: 1, max: 1 << 20 }),
    FusedLoss: on!(mech.fused_loss) => f("Output layer fused with the loss", G::Mechanics, true, Toggle, TRAINING),
    LogitsUpcast: on!(mech.logits_upcast) => f("Loss on FP32 logits", G::Mechanics, true, Toggle, TRAINING),
    WeightCasts: pick!(mech.weight_casts) => f("16-bit weight copies (mixed precision)", G::Mechanics, true, Select, TRAINING),
    Compile: on!(mech.compile) => f("Compiled kernels (torch.compile)", G::Mechanics, true, Toggle, TRAINING),
    ZeroGrad: pick!(mech.zero_grad) => f("Gradients between steps", G::Mechanics, true, Select, TRAINING),
    OptInBwd: on!(mech.opt_in_bwd) => f("Optimizer step in backward", G::Mechanics, true, Toggle, TRAINING),
    ActOffload: on!(mech.act_offload) => f("Activation offloading", G::Mechanics, true, Toggle, TRAINING),
    OffloadLayers: maybe!(mech.offload_layers) => f("Layers whose activations are offloaded (Megatron)", G::Mechanics, true, Count, TRAINING).bounds(&B::Count { min: 1, max: 100_000 }),
    TiledMlp: maybe!(mech.tiled_mlp) => f("MLP tiles (Unsloth, ALST tiled MLP)", G::Mechanics, true, Count, TRAINING).bounds(&B::Count { min: 1, max: 1_000_000 }),
    PagedOptimizer: on!(mech.paged_optimizer) => f("Paged optimizer", G::Mechanics, true, Toggle, TRAINING),
    KbitFp32: on!(mech.kbit_fp32) => f("Unquantized weights in FP32 (PEFT k-bit)", G::Mechanics, true, Toggle, FINETUNE),
    GatheredLayers: num!(mech.gathered_layers) => f("Unsharded layers in flight (ZeRO-3/FSDP)", G::Mechanics, true, Count, TRAINING).bounds(&B::Count { min: 0, max: 1 << 16 }),
    ReshardAfterForward: pick!(mech.reshard_after_forward) => f("Reshard after forward (ZeRO-3/FSDP)", G::Mechanics, true, Select, TRAINING),
    PpGradSync: pick!(mech.pp_grad_sync) => f("Gradient reduce-scatter with pipelining", G::Mechanics, true, Select, TRAINING),
    Save: pick!(mech.save) => f("Checkpoint save", G::Mechanics, true, Select, TRAINING),
    BucketSize: num!(mech.bucket_size) => f("ZeRO bucket size (parameters)", G::Mechanics, true, Count, TRAINING).bounds(&B::Count { min: 0, max: 1 << 40 }).short(),
    NcclBuffers: num!(mech.nccl_mib) => f("NCCL buffers per communicator", G::Mechanics, true, Number { unit: "MiB" }, TRAINING).bounds(&B::Fixed { places: 0, min: 0, max: MAX_RUNTIME_MIB, said: "whole MiB from 0 to 1048576" }),
    Batching: pick!(mech.batching) => f("Batch shapes", G::Mechanics, true, Select, TRAINING),
    ExpandableSegments: on!(mech.expandable_segments) => f("Expandable segments (PYTORCH_CUDA_ALLOC_CONF)", G::Mechanics, true, Toggle, TRAINING),
    Recompute: pick!(recompute) => f("Activation recomputation", G::Savers, false, Select, TRAINING),
    FlashAttention: on!(flash_attention) => f("Flash attention", G::Savers, false, Toggle, ALL),
    LoraRank: num!(lora_rank) => f("LoRA rank", G::Savers, false, Count, FINETUNE).bounds(&B::Count { min: 0, max: 1 << 20 }),
    LoraTargets: LORA_TARGETS => f("LoRA targets", G::Savers, true, Select, FINETUNE),
    Quant: pick!(quant) => f("Weight quantization", G::Savers, false, Select, FINETUNE | INFER),
    Mxfp4Kernel: pick!(mxfp4_kernel) => f("MXFP4 kernel (expert storage)", G::Savers, true, Select, INFER),
    GgufRest: pick!(gguf_rest) => f("GGUF: tensors beside the MXFP4 experts", G::Savers, true, Select, INFER),
    GgufTiedEmbd: pick!(gguf_tied_embd) => f("GGUF: tied token embeddings", G::Savers, true, Select, INFER),
    GgufFallback: on!(gguf_fallback) => f("GGUF: llama.cpp's fallback for odd row widths", G::Savers, true, Toggle, INFER),
    Bpw: maybe!(milli_bpw) => f("Bits per weight (overrides quantization)", G::Savers, true, Number { unit: "bits" }, FINETUNE | INFER).bounds(&B::Fixed { places: 3, min: 0, max: 64_000, said: "between 0.001 and 64 bits" }),
    Sparsity: num!(sparsity_bp) => f("Sparsity", G::Savers, true, Number { unit: "%" }, INFER).bounds(&B::Fixed { places: 2, min: 0, max: 9_999, said: "from 0 to 99.99 %" }),
    SparseFormat: pick!(sparse_format) => f("Sparse storage", G::Savers, true, Select, INFER),
    Dropout: on!(dropout) => f("Dropout", G::Savers, true, Toggle, TRAINING),
    SoftmaxFp32: on!(softmax_fp32) => f("Attention scores in FP32", G::Savers, true, Toggle, TRAINING),
    Gpus: num!(parallel.gpus) => f("GPUs", G::Parallel, false, Count, ALL).bounds(&B::Count { min: 1, max: MAX_GPUS }),
    Tp: num!(parallel.tp) => f("Tensor parallel", G::Parallel, false, Count, ALL).bounds(&B::Count { min: 1, max: MAX_GPUS }),
    Pp: num!(parallel.pp) => f("Pipeline parallel", G::Parallel, true, Count, ALL).bounds(&B::Count { min: 1, max: MAX_GPUS }),
    Ep: num!(parallel.ep) => f("Expert parallel", G::Parallel, true, Count, ALL).bounds(&B::Count { min: 1, max: MAX_GPUS }),
    Cp: num!(parallel.cp) => f("Context parallel", G::Parallel, true, Count, TRAINING).bounds(&B::Count { min: 1, max: MAX_GPUS }),
    Sp: on!(parallel.sp) => f("Sequence parallel", G::Parallel, true, Toggle, TRAINING),
    Zero: ZERO => f("ZeRO stage", G::Parallel, true, Select, TRAINING),
    Offload: pick!(parallel.offload) => f("Offload to host", G::Parallel, true, Select, TRAINING),
    Sharding: pick!(parallel.sharding) => f("Sharding group (ZeRO-3 / FSDP)", G::Parallel, true, Select, TRAINING),
    GpusPerNode: num!(parallel.gpus_per_node) => f("GPUs per node", G::Parallel, true, Count, ALL).bounds(&B::Count { min: 1, max: 1024 }),
    Layers: or0!(@arch layers) => f("Layers", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 1, max: 100_000 }),
    Hidden: or0!(@arch hidden) => f("Hidden size", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 1, max: 10_000_000 }),
    Heads: or0!(@arch heads) => f("Attention heads", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 1, max: 1_000_000 }),
    KvHeads: KV_HEADS => f("KV heads", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 1, max: 1_000_000 }),
    HeadDim: HEAD_DIM => f("Head dimension", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 1, max: 1_000_000 }),
    Ffn: FFN => f("FFN size", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 1, max: 100_000_000 }),
    Vocab: or0!(@arch vocab) => f("Vocabulary", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 1, max: 100_000_000 }),
    Mlp: pick!(@arch mlp) => f("MLP type", G::Architecture, true, Select, ALL),
    Bias: pick!(@arch bias) => f("Biases", G::Architecture, true, Select, ALL),
    Norm: pick!(@arch norm) => f("Normalization", G::Architecture, true, Select, ALL),
    Tied: on!(@arch tied) => f("Tied embeddings", G::Architecture, true, Toggle, ALL),
    LearnedPos: num!(@arch learned_pos) => f("Learned positions", G::Architecture, true, Tokens, ALL).bounds(&B::Count { min: 0, max: 1 << 24 }),
    Experts: num!(@arch experts) => f("Experts (MoE)", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 1, max: 1 << 16 }),
    ActiveExperts: num!(@arch active_experts) => f("Active experts", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 1, max: 1 << 16 }),
    MoeFfn: or0!(@arch moe_ffn) => f("Expert FFN size", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 100_000_000 }),
    SharedExperts: or0!(@arch shared_experts) => f("Shared experts", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 100_000_000 }),
    DenseLayers: or0!(@arch dense_layers) => f("Dense first layers", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 100_000_000 }),
    RouterBias: on!(@arch router_bias) => f("Router bias", G::Architecture, true, Toggle, ALL),
    AttnSinks: on!(@arch sinks) => f("Attention sinks", G::Architecture, true, Toggle, ALL),
    KvLoraRank: or0!(@arch kv_lora_rank) => f("MLA latent rank", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 100_000_000 }),
    QLoraRank: or0!(@arch q_lora_rank) => f("MLA query rank", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 100_000_000 }),
    QkRopeDim: or0!(@arch rope_dim) => f("MLA rotary key size", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 100_000_000 }),
    VHeadDim: or0!(@arch v_head_dim) => f("MLA value head size", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 100_000_000 }),
    SlidingWindow: or0!(@arch window) => f("Sliding window", G::Architecture, true, Tokens, ALL).bounds(&B::Count { min: 0, max: 100_000_000 }),
    GlobalEvery: or0!(@arch global_every) => f("Global layer every", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 100_000_000 }),
    FullAttnEvery: or0!(@arch full_every) => f("Full-attention layer every (linear attention between)", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 100_000 }),
    LinearKHeads: or0!(@arch linear_k_heads) => f("Linear-attention key heads", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 100_000 }),
    LinearVHeads: or0!(@arch linear_v_heads) => f("Linear-attention value heads", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 100_000 }),
    LinearKDim: or0!(@arch linear_k_dim) => f("Linear-attention key head size", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 100_000 }),
    LinearVDim: or0!(@arch linear_v_dim) => f("Linear-attention value head size", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 100_000 }),
    ConvKernel: or0!(@arch conv_kernel) => f("Linear-attention convolution kernel", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 1_000 }),
    AttnGate: on!(@arch attn_gate) => f("Attention output gate", G::Architecture, true, Toggle, ALL),
    IndexHeadDim: or0!(@arch index_head_dim) => f("Sparse-attention indexer key size (DeepSeek-V3.2)", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 100_000 }),
    VisionLayers: or0!(@arch vision_layers) => f("Vision encoder layers", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 10_000 }),
    VisionHidden: or0!(@arch vision_hidden) => f("Vision encoder width", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 1_000_000 }),
    VisionFfn: or0!(@arch vision_ffn) => f("Vision encoder MLP width", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 10_000_000 }),
    VisionMlp: pick!(@arch vision_mlp) => f("Vision encoder MLP type", G::Architecture, true, Select, ALL),
    VisionNorm: pick!(@arch vision_norm) => f("Vision encoder normalization", G::Architecture, true, Select, ALL),
    VisionPatch: or0!(@arch vision_patch) => f("Vision patch size", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 1_000 }),
    VisionTemporal: or0!(@arch vision_temporal) => f("Video frames per patch", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 100 }),
    VisionPositions: or0!(@arch vision_positions) => f("Vision learned positions", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 10_000_000 }),
    VisionMerge: or0!(@arch vision_merge) => f("Patches merged per side", G::Architecture, true, Count, ALL).bounds(&B::Count { min: 0, max: 100 }),
    VisionProj: pick!(@arch vision_proj) => f("Vision projector", G::Architecture, true, Select, ALL),
    VisionTokens: or0!(@arch vision_tokens) => f("Most tokens per image", G::Architecture, true, Tokens, ALL).bounds(&B::Count { min: 0, max: 100_000_000 }),
    QkNorm: pick!(@arch qk_norm) => f("QK normalization", G::Architecture, true, Select, ALL),
    SandwichNorm: on!(@arch sandwich) => f("Norms after attention and MLP", G::Architecture, true, Toggle, ALL),
    MaxContext: or0!(@arch max_context) => f("Trained context", G::Architecture, true, Tokens, ALL).bounds(&B::Count { min: 0, max: 1 << 27 }),
    Unquantized: or0!(@arch unquantized) => f("Parameters kept in 16 bits (quantized checkpoint)", G::Architecture, true, Count, FINETUNE | INFER).bounds(&B::Count { min: 0, max: MAX_PARAMS }).short(),
    Shape: pick!(shape) => f("Shape for a bare count", G::Architecture, true, Select, ALL),
    Dataset: or0!(dataset_bytes) => f("Dataset size", G::Data, true, Size { unit: "GiB" }, TRAINING).bounds(&B::Size { unit: 1 << 30, max: 1 << 60 }),
    Samples: or0!(samples) => f("Samples", G::Data, true, Count, TRAINING).bounds(&B::Count { min: 1, max: 1 << 50 }).short(),
    SampleSize: or0!(sample_bytes) => f("Sample size", G::Data, true, Size { unit: "B" }, TRAINING).bounds(&B::Size { unit: 1, max: 1 << 40 }),
    DatasetOn: pick!(dataset_on) => f("Dataset kept in", G::Data, true, Select, TRAINING),
    Gpu: GPU => f("GPU", G::Device, false, Select, EVERY),
    GpuMem: maybe!(device.custom_bytes) => f("Device memory (overrides the GPU)", G::Device, true, Size { unit: "GiB" }, EVERY).bounds(&B::Size { unit: 1 << 30, max: MAX_DEVICE_BYTES }),
    HostMem: maybe!(host_mem) => f("Host memory per node", G::Device, true, Size { unit: "GiB" }, ALL).bounds(&B::Size { unit: 1 << 30, max: 1 << 60 }),
    GpuBw: maybe!(speed.gpu_bw_mb) => f("GPU memory bandwidth (overrides the GPU)", G::Device, true, Number { unit: "GB/s" }, EVERY).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000_000, said: "above 0 and at most 10^9 GB/s, with up to 3 decimals" }),
    LinkBw: maybe!(speed.link_bw_mb) => f("GPU link bandwidth (overrides the GPU)", G::Device, true, Number { unit: "GB/s" }, EVERY).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000_000, said: "above 0 and at most 10^9 GB/s, with up to 3 decimals" }),
    HostBw: maybe!(speed.host_bw_mb) => f("Host memory bandwidth per node", G::Device, true, Number { unit: "GB/s" }, EVERY).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000_000, said: "above 0 and at most 10^9 GB/s, with up to 3 decimals" }),
    NetBw: maybe!(speed.net_mbit) => f("Network bandwidth per node", G::Device, true, Number { unit: "Gbit/s" }, EVERY).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000_000, said: "above 0 and at most 10^9 Gbit/s, with up to 3 decimals" }),
    CpuFlops: maybe!(speed.cpu_mflops) => f("CPU FP64 peak per node", G::Device, true, Number { unit: "GFLOP/s" }, SIM).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000_000, said: "above 0 and at most 10^9 GFLOP/s, with up to 3 decimals" }),
    CoreFlops: maybe!(speed.core_mflops) => f("CPU FP64 peak per core", G::Device, true, Number { unit: "GFLOP/s" }, SIM).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000_000, said: "above 0 and at most 10^9 GFLOP/s, with up to 3 decimals" }),
    CoreBw: maybe!(speed.core_bw_mb) => f("Memory bandwidth one core streams", G::Device, true, Number { unit: "GB/s" }, SIM).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000_000, said: "above 0 and at most 10^9 GB/s, with up to 3 decimals" }),
    Threads: maybe!(speed.threads) => f("Threads per rank", G::Device, true, Count, SIM).bounds(&B::Count { min: 1, max: 4096 }),
    LaunchUs: maybe!(speed.launch_ns) => f("Host time per GPU kernel launch", G::Device, true, Number { unit: "µs" }, SIM).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000, said: "above 0 and at most 10^6 µs, with up to 3 decimals" }),
    NeighEvery: maybe!(speed.neigh_every) => f("Steps between neighbour-list builds", G::Device, true, Count, SIM).bounds(&B::Count { min: 1, max: 1_000_000_000 }),
    CpuUse: maybe!(speed.cpu_use_bp) => f("Share of the wall time a CPU rank runs", G::Device, true, Number { unit: "%" }, SIM).bounds(&B::Fixed { places: 2, min: 1, max: 10_000, said: "above 0 and at most 100 %, with up to 2 decimals" }),
    FpAddNs: maybe!(speed.fp_add_ps) => f("CPU FP64 add latency", G::Device, true, Number { unit: "ns" }, SIM).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000, said: "above 0 and at most 10^6 ns, with up to 3 decimals" }),
    FpDivNs: maybe!(speed.fp_div_ps) => f("CPU FP64 divide latency", G::Device, true, Number { unit: "ns" }, SIM).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000, said: "above 0 and at most 10^6 ns, with up to 3 decimals" }),
    Chains: maybe!(speed.chains) => f("Independent sums per sparse row", G::Device, true, Count, SIM).bounds(&B::Count { min: 0, max: 64 }),
    Gather: on!(speed.gather) => f("Rows gathered by vector instructions", G::Device, true, Toggle, SIM),
    GatherNs: maybe!(speed.gather_ps) => f("CPU gather time per element", G::Device, true, Number { unit: "ns" }, SIM).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000, said: "above 0 and at most 10^6 ns, with up to 3 decimals" }),
    BwEff: maybe!(speed.bw_eff_bp) => f("Achieved share of peak bandwidth", G::Device, true, Number { unit: "%" }, EVERY).bounds(&B::Fixed { places: 2, min: 1, max: 10_000, said: "above 0 and at most 100 %, with up to 2 decimals" }),
    Mfu: maybe!(speed.mfu_bp) => f("Utilisation of peak FLOP/s", G::Device, true, Number { unit: "%" }, ALL).bounds(&B::Fixed { places: 2, min: 1, max: 10_000, said: "above 0 and at most 100 %, with up to 2 decimals" }),
    Prompt: maybe!(speed.prompt) => f("Prompt tokens per request", G::Workload, true, Tokens, INFER).bounds(&B::Count { min: 1, max: MAX_SEQ }),
    PrefillAcc: pick!(? speed.prefill_acc) => f("Prefill products' accumulation", G::Serving, true, Select, INFER),
    PrefillMmq: pick!(? speed.prefill_mmq) => f("Quantized prefill bound (llama.cpp, CUDA)", G::Serving, true, Select, INFER),
    TrainTokens: maybe!(speed.train_tokens) => f("Tokens to train on", G::Training, true, Count, TRAINING).bounds(&B::Count { min: 1, max: MAX_PARAMS }),
    MicroBatches: maybe!(speed.micro_batches) => f("Micro-batches per step", G::Parallel, true, Count, TRAINING).bounds(&B::Count { min: 1, max: MAX_BATCH }),
    Vpp: maybe!(speed.vpp) => f("Virtual pipeline stages", G::Parallel, true, Count, TRAINING).bounds(&B::Count { min: 1, max: 1024 }),
    TpOverlap: on!(speed.tp_overlap) => f("Tensor-parallel communication overlap", G::Parallel, true, Toggle, TRAINING),
    DpOverlap: Slot::Toggle(|s, v| s.speed.dp_serial = !v, |s| !s.speed.dp_serial) => f("Data-parallel communication overlap", G::Parallel, true, Toggle, TRAINING),
    MmvqWarps: maybe!(speed.mmvq_warps) => f("Warps per row, quantized matrix-vector kernel (llama.cpp)", G::Serving, true, Count, INFER).bounds(&B::Count { min: 1, max: 32 }),
    KquantEff: maybe!(speed.kquant_eff_bp) => f("K-quant kernel rate beside Q4_0's (llama.cpp, CUDA)", G::Serving, true, Number { unit: "%" }, INFER).bounds(&B::Fixed { places: 2, min: 1, max: 10_000, said: "above 0 and at most 100 %, with up to 2 decimals" }),
    Runtime: num!(runtime_mib) => f("Runtime memory per device", G::Device, true, Number { unit: "MiB" }, EVERY).bounds(&B::Fixed { places: 0, min: 0, max: MAX_RUNTIME_MIB, said: "whole MiB from 0 to 1048576" }),
    Overhead: num!(overhead_bp) => f("Allocator overhead", G::Device, true, Number { unit: "%" }, EVERY).bounds(&B::Fixed { places: 2, min: 0, max: MAX_OVERHEAD_BP, said: "between 0 and 100 %" }),
    Code: pick!(sim.code) => sf("Simulation code", G::Sim, false, Select, 0),
    Method: pick!(sim.method) => sf("Method", G::Sim, false, Select, 0),
    Measured: maybe!(measured) => f("Peak you measured", G::Check, false, Size { unit: "GiB" }, EVERY).bounds(&B::Size { unit: 1 << 30, max: MAX_DEVICE_BYTES }),
    MeasuredKind: pick!(measured_kind) => f("Reported by", G::Check, false, Select, EVERY),
    Calibration: or0!(calibration) => f("Calibration kept", G::Check, true, Size { unit: "MiB" }, EVERY).bounds(&B::Size { unit: 1 << 20, max: MAX_DEVICE_BYTES }),
    SimDevice: pick!(sim.device) => sf("Runs on", G::Sim, false, Select, 0),
    HostMirror: on!(sim.host_mirror) => sf("Host copy of the arrays (GPU)", G::SimRanks, true, Toggle, 0),
    HaloOneRank: on!(sim.halo_one_rank) => sf("Ghost layers on a single rank", G::SimSize, true, Toggle, GRID | LBM),
    SplitZ: on!(sim.split_z) => sf("Split the vertical over ranks", G::SimRanks, true, Toggle, GRID | LBM),
    Nx: num!(sim.nx) => sf("Cells in x", G::SimSize, false, Count, GRID | LBM | SPEC | AMR).bounds(&B::Count { min: 1, max: 10_000_000 }),
    Ny: num!(sim.ny) => sf("Cells in y", G::SimSize, false, Count, GRID | LBM | SPEC | AMR).bounds(&B::Count { min: 1, max: 10_000_000 }),
    Nz: num!(sim.nz) => sf("Cells in z", G::SimSize, false, Count, GRID | LBM | SPEC | AMR).bounds(&B::Count { min: 1, max: 10_000_000 }),
    Fields: num!(sim.fields) => sf("Prognostic fields", G::SimSize, false, Count, GRID | SPEC | AMR).bounds(&B::Count { min: 1, max: 1000 }),
    Levels: num!(sim.levels) => sf("Time levels and stages", G::SimSize, false, Count, GRID | MESH | SPEC | AMR).bounds(&B::Count { min: 1, max: 100 }),
    Work: num!(sim.work) => sf("Work arrays per cell", G::SimSize, true, Count, GRID | SPEC | AMR).bounds(&B::Count { min: 0, max: 1000 }),
    Halo: num!(sim.halo) => sf("Ghost layers", G::SimSize, true, Count, GRID | AMR).bounds(&B::Count { min: 0, max: 64 }),
    Particles: num!(sim.particles) => sf("Particles", G::SimSize, false, Count, PART | NBODY).bounds(&B::Count { min: 1, max: 1_000_000_000_000 }).short(),
    AtomStyle: pick!(sim.atom_style) => sf("Atom style", G::SimSize, false, Select, PART),
    Attrs: or0!(sim.attrs) => sf("Bytes per particle (overrides the style)", G::SimSize, true, Count, PART).bounds(&B::Count { min: 0, max: 1_000_000 }),
    Potential: pick!(sim.potential) => sf("Potential family", G::SimSize, false, Select, PART),
    MaxBonds: maybe!(@topology bonds) => sf("Most bonds per atom", G::SimSize, true, Count, PART).bounds(&B::Count { min: 0, max: 1000 }),
    MaxAngles: maybe!(@topology angles) => sf("Most angles per atom", G::SimSize, true, Count, PART).bounds(&B::Count { min: 0, max: 1000 }),
    MaxDihedrals: maybe!(@topology dihedrals) => sf("Most dihedrals per atom", G::SimSize, true, Count, PART).bounds(&B::Count { min: 0, max: 1000 }),
    MaxImpropers: maybe!(@topology impropers) => sf("Most impropers per atom", G::SimSize, true, Count, PART).bounds(&B::Count { min: 0, max: 1000 }),
    MaxSpecial: maybe!(@topology special) => sf("Most special neighbours per atom", G::SimSize, true, Count, PART).bounds(&B::Count { min: 0, max: 1000 }),
    Shake: on!(sim.shake) => sf("Bond constraints (SHAKE)", G::SimSize, true, Toggle, PART),
    ReaxffVersion: pick!(sim.reax.version) => sf("ReaxFF implementation", G::SimSize, true, Select, PART),
    ReaxffBonds: num!(sim.reax.bonds) => sf("ReaxFF bond partners per atom", G::SimSize, true, Count, PART).bounds(&B::Count { min: 0, max: 1000 }),
    Safezone: num!(sim.reax.safezone_milli) => sf("ReaxFF safezone", G::SimSize, true, Number { unit: "×" }, PART).bounds(&B::Fixed { places: 3, min: 1000, max: 100_000, said: "a factor from 1 to 100" }),
    Mincap: num!(sim.reax.mincap) => sf("ReaxFF mincap", G::SimSize, true, Count, PART).bounds(&B::Count { min: 1, max: 1_000_000 }),
    Qeq: on!(sim.reax.qeq) => sf("Charge equilibration (QEq)", G::SimSize, true, Toggle, PART),
    AtomMap: pick!(sim.atom_map) => sf("Atom ID map", G::SimSize, true, Select, PART),
    PairList: pick!(sim.pair_list) => sf("Pair lists", G::SimSize, true, Select, PART),
    Package: pick!(sim.package) => sf("Accelerator package", G::SimSize, true, Select, PART),
    Cutoff: num!(sim.cutoff_milli) => sf("Cutoff", G::SimSize, false, Number { unit: "length" }, PART).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000, said: "above 0 and at most 1,000,000, with up to 3 decimals" }),
    Skin: num!(sim.skin_milli) => sf("Neighbour skin", G::SimSize, false, Number { unit: "length" }, PART).bounds(&B::Fixed { places: 3, min: 0, max: 1_000_000_000, said: "from 0 to 1,000,000, with up to 3 decimals" }),
    Density: num!(sim.density_micro) => sf("Number density", G::SimSize, false, Number { unit: "per length³" }, PART).bounds(&B::Fixed { places: 6, min: 1, max: 1_000_000_000_000, said: "above 0 and at most 1,000,000, with up to 6 decimals" }),
    Neighbors: or0!(sim.neighbors) => sf("Neighbours per particle (overrides)", G::SimSize, true, Count, PART).bounds(&B::Count { min: 0, max: 1_000_000 }),
    Newton: on!(sim.newton) => sf("Newton's third law (half lists)", G::SimSize, true, Toggle, PART),
    NeighCheck: on!(sim.neigh_check) => sf("Neighbour distance check", G::SimSize, true, Toggle, PART),
    LongRange: pick!(sim.long_range) => sf("Long-range solver", G::SimSize, false, Select, PART),
    KspaceGrid: or0!(sim.kspace_grid) => sf("Long-range mesh points", G::SimSize, true, Count, PART).bounds(&B::Count { min: 0, max: 10_000_000_000_000 }),
    PmeOrder: or0!(sim.pme_order) => sf("PME order", G::SimSize, true, Count, PART).bounds(&B::Count { min: 0, max: 12 }),
    Cells: num!(sim.cells) => sf("Cells", G::SimSize, false, Count, MESH).bounds(&B::Count { min: 1, max: 1_000_000_000_000 }).short(),
    Element: pick!(sim.element) => sf("Element type", G::SimSize, false, Select, MESH),
    Dofs: num!(sim.dofs) => sf("Unknowns per point", G::SimSize, false, Count, MESH).bounds(&B::Count { min: 1, max: 1000 }),
    Krylov: num!(sim.krylov) => sf("Krylov restart", G::SimSize, true, Count, MESH).bounds(&B::Count { min: 0, max: 1000 }),
    Precond: pick!(sim.precond) => sf("Preconditioner", G::SimSize, false, Select, MESH),
    Solver: pick!(sim.solver) => sf("Solver", G::SimSize, false, Select, MESH),
    IndexBytes: INDEX_BYTES => sf("Index width", G::SimSize, true, Number { unit: "B" }, MESH),
    MeshStorage: pick!(sim.mesh_storage) => sf("Mesh storage", G::SimSize, true, Select, MESH),
    ViscousStress: on!(sim.viscous_stress) => sf("Viscous stress tensor (polyMesh)", G::SimSize, true, Toggle, MESH),
    BoundaryFaces: or0!(sim.boundary_faces) => sf("Boundary faces (polyMesh)", G::SimSize, true, Count, MESH).bounds(&B::Count { min: 0, max: 1_000_000_000_000 }),
    LinIters: maybe!(sim.lin_iters) => sf("Linear iterations per step", G::SimSize, true, Count, MESH).bounds(&B::Count { min: 0, max: 1_000_000_000 }),
    SmoothIters: maybe!(sim.smooth_iters) => sf("Smoother iterations per step", G::SimSize, true, Count, MESH).bounds(&B::Count { min: 0, max: 1_000_000_000 }),
    HpcgCode: pick!(? sim.hpcg_code) => sf("HPCG implementation", G::SimSize, true, Select, MESH),
    CellValues: num!(sim.cell_values) => sf("Working values per cell", G::SimSize, true, Count, MESH).bounds(&B::Count { min: 0, max: 100_000 }),
    Lattice: pick!(sim.lattice) => sf("Lattice", G::SimSize, false, Select, LBM),
    Streaming: pick!(sim.streaming) => sf("Streaming", G::SimSize, false, Select, LBM),
    LbmDtype: pick!(? sim.lbm_dtype) => sf("Storage precision", G::SimSize, true, Select, LBM),
    Complex: on!(sim.complex) => sf("Complex fields", G::SimSize, true, Toggle, SPEC),
    Dealias: on!(sim.dealias) => sf("3/2 dealiasing", G::SimSize, true, Toggle, SPEC),
    Transforms: maybe!(sim.transforms) => sf("Transforms per step", G::SimSize, true, Count, SPEC).bounds(&B::Count { min: 1, max: 1_000_000 }),
    Ecutwfc: num!(sim.pw.ecutwfc_milli) => sf("Wavefunction cutoff", G::SimSize, false, Number { unit: "Ry" }, PW).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000, said: "above 0 and at most 1,000,000 Ry, with up to 3 decimals" }),
    Ecutrho: or0!(sim.pw.ecutrho_milli) => sf("Charge-density cutoff", G::SimSize, true, Number { unit: "Ry" }, PW).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000, said: "above 0 and at most 1,000,000 Ry, with up to 3 decimals" }),
    CellVolume: num!(sim.pw.volume_milli) => sf("Cell volume", G::SimSize, false, Number { unit: "bohr³" }, PW).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000_000_000, said: "above 0 and at most 10^12 bohr³, with up to 3 decimals" }),
    Bands: num!(sim.pw.bands) => sf("Bands", G::SimSize, false, Count, PW).bounds(&B::Count { min: 1, max: 10_000_000 }),
    Kpoints: num!(sim.pw.kpoints) => sf("k-points", G::SimSize, false, Count, PW).bounds(&B::Count { min: 1, max: 10_000_000 }),
    Spin: pick!(sim.pw.spin) => sf("Spin", G::SimSize, false, Select, PW),
    GammaOnly: on!(sim.pw.gamma) => sf("Γ-point trick", G::SimSize, true, Toggle, PW),
    Atoms: num!(sim.pw.atoms) => sf("Atoms", G::SimSize, false, Count, PW).bounds(&B::Count { min: 1, max: 100_000_000 }),
    Species: num!(sim.pw.species) => sf("Species", G::SimSize, true, Count, PW).bounds(&B::Count { min: 1, max: 1000 }),
    Pseudopotential: pick!(sim.pw.pp) => sf("Pseudopotentials", G::SimSize, false, Select, PW),
    Projectors: or0!(sim.pw.projectors) => sf("Beta projectors (total)", G::SimSize, true, Count, PW).bounds(&B::Count { min: 0, max: 1_000_000_000 }),
    Betas: num!(sim.pw.betas) => sf("Beta functions per species", G::SimSize, true, Count, PW).bounds(&B::Count { min: 1, max: 100 }),
    LmaxBeta: num!(sim.pw.lmax) => sf("Highest beta angular momentum", G::SimSize, true, Count, PW).bounds(&B::Count { min: 0, max: 3 }),
    Diagonalization: pick!(sim.pw.diagonalization) => sf("Diagonalisation", G::SimSize, true, Select, PW),
    DavidNdim: num!(sim.pw.david_ndim) => sf("Davidson subspace factor", G::SimSize, true, Count, PW).bounds(&B::Count { min: 2, max: 100 }),
    MixingNdim: num!(sim.pw.mixing_ndim) => sf("Mixing history", G::SimSize, true, Count, PW).bounds(&B::Count { min: 1, max: 100 }),
    Pools: num!(sim.pw.pools) => sf("k-point pools", G::SimRanks, false, Count, PW).bounds(&B::Count { min: 1, max: MAX_GPUS }),
    WfcDisk: on!(sim.pw.wfc_disk) => sf("Wavefunctions on disk", G::SimSize, true, Toggle, PW),
    FftGrid: or0!(sim.pw.fft_grid) => sf("Dense FFT grid points", G::SimSize, true, Count, PW).bounds(&B::Count { min: 0, max: 1_000_000_000_000 }),
    DftArrays: pick!(sim.pw.arrays) => sf("Arrays counted as", G::SimSize, false, Select, PW),
    BandGroups: num!(sim.pw.band_groups) => sf("Band groups", G::SimRanks, true, Count, PW).bounds(&B::Count { min: 1, max: MAX_GPUS }),
    Xc: pick!(sim.pw.xc) => sf("Exchange–correlation", G::SimSize, true, Select, PW),
    Smearing: on!(sim.pw.smearing) => sf("Smeared occupations (metals)", G::SimSize, true, Toggle, PW),
    CoreCorrection: on!(sim.pw.core_correction) => sf("Non-linear core correction", G::SimSize, true, Toggle, PW),
    Symmetries: num!(sim.pw.symmetries) => sf("Symmetry operations", G::SimSize, true, Count, PW).bounds(&B::Count { min: 1, max: 10_000_000 }),
    Forces: on!(sim.pw.forces) => sf("Forces", G::SimSize, true, Toggle, PW),
    Stress: on!(sim.pw.stress) => sf("Stress", G::SimSize, true, Toggle, PW),
    HubbardWfc: or0!(sim.pw.hubbard_wfc) => sf("Hubbard states (DFT+U)", G::SimSize, true, Count, PW).bounds(&B::Count { min: 0, max: 1_000_000_000 }),
    Exx: on!(sim.pw.exx) => sf("Hybrid functional (exact exchange)", G::SimSize, true, Toggle, PW),
    ExxNq: num!(sim.pw.exx_nq) => sf("EXX q-points", G::SimSize, true, Count, PW).bounds(&B::Count { min: 1, max: 10_000_000 }),
    ExxKq: or0!(sim.pw.exx_kq) => sf("EXX (k+q) points", G::SimSize, true, Count, PW).bounds(&B::Count { min: 0, max: 1_000_000_000 }),
    Ecutfock: or0!(sim.pw.ecutfock_milli) => sf("Fock-operator cutoff", G::SimSize, true, Number { unit: "Ry" }, PW).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000_000, said: "above 0 and at most 1,000,000 Ry, with up to 3 decimals" }),
    PawMesh: or0!(sim.pw.paw_mesh) => sf("PAW radial grid points", G::SimSize, true, Count, PW).bounds(&B::Count { min: 0, max: 1_000_000 }),
    FineGrid: or0!(sim.pw.fine_grid) => sf("PAW fine FFT grid points", G::SimSize, true, Count, PW).bounds(&B::Count { min: 0, max: 1_000_000_000_000 }),
    PawLmn: or0!(sim.pw.paw_lmn) => sf("PAW projectors per atom (lmn_size)", G::SimSize, true, Count, PW).bounds(&B::Count { min: 0, max: 10_000 }),
    PawRadius: or0!(sim.pw.paw_radius_milli) => sf("PAW sphere radius", G::SimSize, true, Number { unit: "bohr" }, PW).bounds(&B::Fixed { places: 3, min: 1, max: 1_000_000, said: "above 0 and at most 1,000 bohr, with up to 3 decimals" }),
    ChebDegree: maybe!(speed.cheb_degree) => sf("Chebyshev filter degree", G::SimSize, true, Count, PW).bounds(&B::Count { min: 1, max: 10_000 }),
    FdOrder: maybe!(speed.fd_order) => sf("Finite-difference order", G::SimSize, true, Count, PW).bounds(&B::Count { min: 2, max: 64 }),
    ProjectorRadius: maybe!(speed.projector_radius_mbohr) => sf("Nonlocal projector radius", G::SimSize, true, Number { unit: "bohr" }, PW).bounds(&B::Fixed { places: 3, min: 1, max: 100_000, said: "above 0 and at most 100 bohr, with up to 3 decimals" }),
    AmrLevels: num!(sim.amr.max_level) => sf("Refined levels", G::SimSize, false, Count, AMR).bounds(&B::Count { min: 0, max: 30 }),
    RefRatio: num!(sim.amr.ratio) => sf("Refinement ratio", G::SimSize, false, Count, AMR).bounds(&B::Count { min: 2, max: 16 }),
    Fill: num!(sim.amr.fill_bp) => sf("Refined share per level", G::SimSize, false, Number { unit: "%" }, AMR).bounds(&B::Fixed { places: 2, min: 0, max: 10_000, said: "from 0 to 100 %, with up to 2 decimals" }),
    BlockSize: num!(sim.amr.block) => sf("Block size", G::SimSize, false, Count, AMR).bounds(&B::Count { min: 1, max: 4096 }),
    AmrBlocks: or0!(sim.amr.blocks) => sf("Blocks in total (overrides the share)", G::SimSize, true, Count, AMR).bounds(&B::Count { min: 0, max: 1_000_000_000_000 }),
    GhostState: on!(sim.amr.ghost_state) => sf("Ghost cells on the stored state", G::SimSize, true, Toggle, AMR),
    CoarseCopies: num!(sim.amr.coarse_copies) => sf("Coarse copies per block", G::SimSize, true, Count, AMR).bounds(&B::Count { min: 0, max: 100 }),
    ExchangeCopies: num!(sim.amr.exchange_copies) => sf("Halo exchange buffers per block", G::SimSize, true, Count, AMR).bounds(&B::Count { min: 0, max: 100 }),
    BlockMeta: num!(sim.amr.meta_bytes) => sf("Metadata per block (on every rank)", G::SimSize, true, Number { unit: "B" }, AMR).bounds(&B::Count { min: 0, max: 1_000_000 }),
    Subcycle: on!(sim.amr.subcycle) => sf("Subcycling in time", G::SimSize, true, Toggle, AMR),
    PartBytes: num!(sim.nbody.part_bytes) => sf("Bytes per particle", G::SimSize, false, Count, NBODY).bounds(&B::Count { min: 1, max: 100_000 }),
    AllocFactor: num!(sim.nbody.alloc_c) => sf("Particle allocation factor", G::SimSize, true, Number { unit: "×" }, NBODY).bounds(&B::Fixed { places: 2, min: 100, max: 10_000, said: "from 1 to 100, with up to 2 decimals" }),
    TreeFactor: num!(sim.nbody.tree_c) => sf("Tree nodes per particle", G::SimSize, true, Number { unit: "×" }, NBODY).bounds(&B::Fixed { places: 2, min: 0, max: 10_000, said: "from 0 to 100, with up to 2 decimals" }),
    NodeBytes: num!(sim.nbody.node_bytes) => sf("Bytes per tree node", G::SimSize, true, Count, NBODY).bounds(&B::Count { min: 0, max: 100_000 }),
    PmGrid: num!(sim.nbody.pm_grid) => sf("PM grid per dimension", G::SimSize, false, Count, NBODY).bounds(&B::Count { min: 0, max: 100_000 }),
    PmArrays: num!(sim.nbody.pm_arrays) => sf("PM grid arrays", G::SimSize, true, Count, NBODY).bounds(&B::Count { min: 0, max: 100 }),
    TimebinLists: num!(sim.nbody.timebin_lists) => sf("Time-bin lists per particle", G::SimSize, true, Count, NBODY).bounds(&B::Count { min: 0, max: 100 }),
    EwaldBytes: num!(sim.nbody.ewald_bytes) => sf("Bytes per Ewald table entry", G::SimSize, true, Count, NBODY).bounds(&B::Count { min: 0, max: 10_000 }),
    CommBuffer: num!(sim.nbody.comm_mib) => sf("Communication buffer", G::SimRanks, true, Number { unit: "MiB" }, NBODY).bounds(&B::Count { min: 0, max: MAX_RUNTIME_MIB }),
    MaxMemSize: num!(sim.nbody.max_mem_mib) => sf("MaxMemSize per task", G::SimRanks, true, Number { unit: "MiB" }, NBODY).bounds(&B::Count { min: 0, max: MAX_RUNTIME_MIB }),
    Ranks: num!(sim.ranks) => sf("MPI ranks", G::SimRanks, false, Count, 0).bounds(&B::Count { min: 1, max: MAX_GPUS }),
    Nodes: num!(sim.nodes) => sf("Nodes", G::SimRanks, false, Count, 0).bounds(&B::Count { min: 1, max: MAX_GPUS }),
    Node: NODE => sf("CPU node", G::SimRanks, false, Select, 0),
    NodeMem: num!(sim.node_mem) => sf("Memory per node", G::SimRanks, false, Size { unit: "GiB" }, 0).bounds(&B::Size { unit: 1 << 30, max: 1 << 60 }),
    Numa: pick!(sim.placement) => sf("Rank placement (NUMA)", G::SimRanks, true, Select, 0),
    RankOverhead: num!(sim.rank_mib) => sf("Memory per rank outside the solver", G::SimRanks, true, Number { unit: "MiB" }, 0).bounds(&B::Fixed { places: 0, min: 0, max: MAX_RUNTIME_MIB, said: "whole MiB from 0 to 1048576" }),
    Replicated: num!(sim.replicated_mib) => sf("Data replicated on every rank", G::SimRanks, true, Number { unit: "MiB" }, 0).bounds(&B::Fixed { places: 0, min: 0, max: MAX_RUNTIME_MIB, said: "whole MiB from 0 to 1048576" }),
    Language: pick!(sim.language) => sf("Language of the program", G::SimRanks, true, Select, 0),
    Imbalance: num!(sim.imbalance_bp) => sf("Load imbalance", G::SimRanks, true, Number { unit: "%" }, 0).bounds(&B::Fixed { places: 2, min: 0, max: 100_000, said: "from 0 to 1000 %" }),
    Steps: num!(sim.steps) => sf("Time steps", G::SimHistory, false, Count, 0).bounds(&B::Count { min: 1, max: 1_000_000_000_000 }).short(),
    OutputEvery: num!(sim.output_every) => sf("Output every", G::SimHistory, true, Count, 0).bounds(&B::Count { min: 0, max: 1_000_000_000_000 }),
    Snapshots: num!(sim.snapshots) => sf("Snapshots in memory", G::SimHistory, true, Count, 0).bounds(&B::Count { min: 0, max: 1_000_000 }),
    Compression: num!(sim.compression_c) => sf("Output compression ratio", G::SimHistory, true, Number { unit: ": 1" }, 0).bounds(&B::Fixed { places: 2, min: 100, max: 100_000_000, said: "a ratio from 1 to 1,000,000" }),
    CheckpointEvery: num!(sim.checkpoint_every) => sf("Checkpoint every", G::SimHistory, true, Count, 0).bounds(&B::Count { min: 0, max: 1_000_000_000_000 }),
    Adjoint: pick!(sim.adjoint) => sf("Adjoint / differentiable run", G::SimHistory, true, Select, 0),
    AdjointSnapshots: num!(sim.adjoint_snapshots) => sf("Adjoint checkpoints", G::SimHistory, true, Count, 0).bounds(&B::Count { min: 0, max: 1_000_000 }),
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
            | F::MoeBlockUs
            | F::GraphKernelUs
            | F::GraphAttentionUs
            | F::HybridKv
            | F::MmvqWarps
            | F::KquantEff
            | F::PrefillAcc
            | F::PrefillMmq
            | F::GpuLayers
            | F::NCpuMoe
            | F::Ubatch
            | F::TensorSplit
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
            | F::Mxfp4Kernel
            | F::GgufRest
            | F::GgufTiedEmbd
            | F::GgufFallback
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
        F::PrefillAcc => {
            let mut v = vec![("", "The engine's own")];
            v.extend(all::<crate::scenario::speed::PrefillAcc>());
            v
        }
        F::PrefillMmq => {
            let mut v = vec![("", "The lower of the two")];
            v.extend(all::<crate::scenario::speed::PrefillMmq>());
            v
        }
        F::HybridKv => all::<crate::scenario::serving::HybridKv>(),
        F::BatchScope => all::<crate::scenario::serving::BatchScope>(),
        F::MambaCacheMode => all::<crate::scenario::serving::MambaCache>(),
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
        F::Mxfp4Kernel => all::<crate::catalog::quant::Mxfp4Kernel>(),
        F::GgufRest => all::<crate::catalog::gguf::GgufRest>(),
        F::GgufTiedEmbd => all::<crate::catalog::gguf::GgufTiedEmbd>(),
        F::SparseFormat => all::<SparseFormat>(),
        F::Zero => vec![
            ("0", "0: none (plain data parallel)"),
            ("1", "1: optimizer states"),
            ("2", "2: + gradients"),
            ("3", "3: + parameters (FSDP)"),
        ],
        F::Offload => all::<Offload>(),
        F::Sharding => all::<crate::scenario::Sharding>(),
        F::Mlp => all::<Mlp>(),
        F::VisionMlp => all::<Mlp>(),
        F::VisionNorm => all::<Norm>(),
        F::VisionProj => all::<crate::catalog::vision::VisionProj>(),
        F::MmProfile => all::<crate::scenario::serving::MmProfile>(),
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

/// The catalogs `memcalc --list` names in the plural, each the options of the field that picks
/// from it (presets are listed apart: they are no field's).
pub const LISTS: &[(&str, FieldId)] = &[
    ("models", F::ModelId),
    ("devices", F::Gpu),
    ("nodes", F::Node),
    ("codes", F::Code),
    ("engines", F::Engine),
    ("frameworks", F::Framework),
    ("methods", F::Method),
    ("optimizers", F::Optimizer),
    ("dtypes", F::Dtype),
    ("modes", F::Mode),
    ("networks", F::Model),
    ("quants", F::Quant),
];

/// What a user picks from, as (id, the page's name): `presets`, a catalog of [`LISTS`], or the
/// key of any select field (`precond`, `kv_dtype`); `None` for a name that is none of these.
/// An empty id (the page's "none named" or "same as the weights") is no value to type: left out.
pub fn list(name: &str) -> Option<Vec<(&'static str, &'static str)>> {
    let name = name.trim().to_ascii_lowercase();
    if name == "presets" {
        return Some(
            crate::schema::presets::PRESETS
                .iter()
                .map(|p| (p.id, p.label))
                .collect(),
        );
    }
    let id = LISTS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, id)| id)
        .or_else(|| FieldId::from_key(&name))?;
    let rows: Vec<_> = options(id)
        .into_iter()
        .filter(|(id, _)| !id.is_empty())
        .collect();
    (!rows.is_empty()).then_some(rows)
}

/// Every name [`list`] takes: `presets`, the catalogs, then the select fields' keys.
pub fn list_names() -> Vec<&'static str> {
    let mut names = vec!["presets"];
    names.extend(LISTS.iter().map(|(n, _)| *n));
    names.extend(
        FIELDS
            .iter()
            .filter(|f| !LISTS.iter().any(|(_, id)| *id == f.id))
            .filter(|f| options(f.id).iter().any(|(id, _)| !id.is_empty()))
            .map(|f| f.key),
    );
    names
}

/// "did you mean engines?" for a name [`list`] does not take; `None` when none is close.
pub fn closest_list(name: &str) -> Option<String> {
    crate::base::choice::did_you_mean(name, list_names().into_iter())
}
