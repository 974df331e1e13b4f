//! The named values of neural parts' formulas, one variant per template
//! (`explain::parts::neural` writes their text).

use crate::catalog::optimizer::Optimizer;
use crate::catalog::precision::Dtype;
use crate::catalog::quant::{KvQuant, Quant, SparseFormat};
use crate::scenario::sciml::SciMl;
use crate::scenario::serving::Engine;
use crate::scenario::{DatasetOn, Recompute};

/// A neural part's values.
#[derive(Debug, Clone, PartialEq)]
pub enum NeuralValues {
    Weights(Weights),
    OffloadBuffer(OffloadBuffer),
    MasterWeights(MasterWeights),
    Gradients(Gradients),
    Optimizer(OptimizerStates),
    Activations(Box<Activations>),
    ActivationsOffloaded(ActivationsOffloaded),
    SciActivations(SciActivations),
    InferActivations(InferActivations),
    GatheredLayers(GatheredLayers),
    StateDict(StateDict),
    CommBuffers(CommBuffers),
    NcclBuffers(NcclBuffers),
    TrainLogits(TrainLogits),
    InferLogits(InferLogits),
    KvCache(KvCache),
    LinearState(LinearState),
    VisionWeights(VisionWeights),
    MmProfile(MmProfile),
    CpBuffers(CpBuffers),
    Dataset(Dataset),
    Overhead(Overhead),
    EngineOverhead(EngineOverhead),
    Fragmentation(Fragmentation),
    Runtime(Runtime),
    Calibration(Calibration),
}

/// How ZeRO shards a training state: the stage chosen and the data-parallel ranks it shards over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Zero {
    /// The run trains (ZeRO only applies then).
    pub trains: bool,
    pub stage: u8,
    pub dp: u64,
}

impl Zero {
    /// Whether a state that ZeRO shards from `from_stage` on is split over several ranks.
    pub fn shards(&self, from_stage: u8) -> bool {
        self.trains && self.stage >= from_stage && self.dp > 1
    }
}

/// Where the optimizer's states and master weights are kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatesHome {
    Device,
    /// bitsandbytes' paged optimizer: CUDA unified memory.
    Paged,
    /// ZeRO-Offload: host memory, the CPU runs the step.
    Offloaded,
}

/// Weights stored in a sparse format (inference with pruned weights).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sparse {
    pub format: SparseFormat,
    /// Share of zeros in hundredths of a percent.
    pub sparsity_bp: u64,
    pub terms: SparseTerms,
}

/// The weights one device holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Weights {
    /// Parameters on this device.
    pub params: u64,
    /// Expert parallelism (1: off), the routed experts and the ones this device holds.
    pub ep: u64,
    pub experts: u64,
    pub local_experts: u64,
    /// Whether the experts are whole on a device (vLLM, SGLang) or still split over tp
    /// (Megatron).
    pub experts_whole: bool,
    pub dtype: Dtype,
    pub tp: u64,
    pub pp: u64,
    /// Bits per frozen weight in thousandths, when quantized.
    pub milli_bpw: Option<u64>,
    /// The quantized weights' terms, when quantized.
    pub frozen: Option<FrozenTerms>,
    /// The bits per weight were given directly (no named format).
    pub given_format: bool,
    pub quant: Quant,
    /// The repository whose checkpoint stores the weights in `quant` (the catalog model's own
    /// or its `-FP8`/`-AWQ` release), when the format is the one a release ships in.
    pub shipped: Option<&'static str>,
    pub lora: bool,
    /// Trainable (adapter) parameters on this device.
    pub trainable: u64,
    /// An FP32 master copy is kept beside these weights.
    pub master_copy: bool,
    pub zero: Zero,
    /// The bytes before a sparse format is applied.
    pub dense_bytes: u64,
    pub sparse: Option<Sparse>,
    pub on_host: bool,
    /// Compiled PyTorch AMP: only one layer's 16-bit casts exist, of these parameters.
    pub cast_layer: Option<u64>,
}

/// One layer's parameters gathered onto the device while parameters are offloaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OffloadBuffer {
    pub per_layer: u64,
}

/// A checkpoint's state dict gathered while it is saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StateDict {
    pub save: crate::scenario::training::SaveState,
    /// The parameters are sharded (ZeRO-3/FSDP over more than one rank), so a full state dict
    /// must gather them.
    pub gathers: bool,
    pub params: u64,
    /// The weights as stored, unsharded, and the trainable parameters' upcast to the FP32 the
    /// shards keep under mixed precision.
    pub weight_bytes: u64,
    pub trainable: u64,
    pub upcast_bytes: u64,
    /// Activations and logits freed before the save (and gradients alive only in the backward
    /// pass, where `freed_grads`).
    pub freed: u64,
    pub freed_grads: bool,
}

/// The FP32 copy mixed precision updates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MasterWeights {
    /// A master copy is kept (mixed precision with low-precision weights).
    pub kept: bool,
    pub trainable: u64,
    pub lora: bool,
    /// The training precision of the working weights.
    pub dtype: Dtype,
    pub zero: Zero,
    pub home: StatesHome,
}

/// How long the gradients live, which decides how much of them is at the peak.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GradLifetime {
    /// Held whole until the optimizer step.
    Whole,
    /// Applied and freed in the backward pass: only the largest single tensor (in parameters)
    /// is alive.
    OptInBackward { largest: u64 },
    /// Allocated in the backward pass into the memory of the activations and logits it frees.
    FreedByBackward { freed: u64 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gradients {
    pub trainable: u64,
    pub lora: bool,
    pub dtype: Dtype,
    pub zero: Zero,
    /// All gradients of this device, before their lifetime is taken into account.
    pub all: u64,
    pub lifetime: GradLifetime,
    /// Offloaded with the optimizer states (ZeRO-Offload at stage 2 or 3): FP32, in host memory.
    pub on_host: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptimizerStates {
    pub optimizer: Optimizer,
    pub trainable: u64,
    /// Trainable parameters in tensors below `min_8bit_size` (FP32 states under 8-bit Adam).
    pub small: u64,
    pub lora: bool,
    pub state_dtype: Dtype,
    pub hidden: u64,
    pub zero: Zero,
    pub home: StatesHome,
}

/// One transformer layer's stored activations, in bytes: the terms tensor parallelism leaves
/// whole, those it splits, and the attention scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayerTerms {
    pub replicated: u64,
    pub split: u64,
    pub core: u64,
}

/// A training transformer's stored activations on the busiest stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Activations {
    pub batch: u64,
    pub seq: u64,
    pub hidden: u64,
    pub layers: u64,
    pub in_flight: u64,
    pub pp: u64,
    pub tp: u64,
    /// Bytes per stored value.
    pub elem: u64,
    pub recompute: Recompute,
    /// One layer's input, what full recomputation keeps.
    pub checkpoint: u64,
    pub layer: LayerTerms,
    /// What per-op selective checkpointing saves per layer.
    pub saved_op: LayerTerms,
    /// Adapters' intermediates per layer (LoRA).
    pub lora: u64,
    /// Embedding dropout mask of the first stage, per micro-batch in flight.
    pub embedding_mask: u64,
    /// Bytes before the loss's freed tensors are reused.
    pub before: u64,
    /// Reused from the loss's freed tensors.
    pub overlap: u64,
    pub flash: bool,
    pub dropout: bool,
    pub compile: bool,
    pub low_precision: bool,
    pub offloaded: bool,
    /// Unsloth's tiled MLP: the recomputed layer's MLP in this many tiles (1: untiled).
    pub mlp_tiles: u64,
}

/// Saved activations moved to host memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActivationsOffloaded {
    /// All saved activations of the stage.
    pub stored: u64,
    /// The layer being computed, kept on the device.
    pub kept: u64,
    /// Megatron's cpu_offloading_num_layers: the layers offloaded, of `layers` (None: all
    /// but the one being computed).
    pub offload_layers: Option<u64>,
    pub layers: u64,
}

/// A scientific-ML network's activations.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SciActivations {
    pub model: SciMl,
    pub trains: bool,
    pub per_sample: u64,
    pub batch: u64,
    /// Bytes per value.
    pub elem: u64,
    /// Split over pipeline stages × tensor-parallel ranks.
    pub split: u64,
    /// Full recomputation: two layers' worth of the network's depth.
    pub checkpointed: bool,
}

/// A transformer's working set in inference (Hugging Face, no engine).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InferActivations {
    pub batch: u64,
    pub seq: u64,
    pub flash: bool,
    /// Bytes per token of the layer's input and normed input.
    pub io_per_token: u64,
    /// Bytes per token of Q, K and V.
    pub qkv_per_token: u64,
    /// Bytes per token of the MLP's intermediate values.
    pub mlp_per_token: u64,
    /// The sequence × sequence scores and softmax (no flash attention).
    pub scores: u64,
    pub tp: u64,
}

/// ZeRO-3/FSDP's unsharded parameters and gradients.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GatheredLayers {
    /// The whole stage stays gathered (pipeline + FSDP, no resharding).
    pub keep: bool,
    /// Gradients accumulated unsharded until the last micro-batch.
    pub defer: bool,
    pub pp: u64,
    /// Parameters of this stage.
    pub stage_params: u64,
    /// Bits per stored weight in thousandths (quantized base), else bytes per weight.
    pub milli_bpw: Option<u64>,
    pub stored_bytes: u64,
    pub gathered_layers: u64,
    pub layer_params: u64,
    /// One layer's trainable parameters (its adapters under LoRA).
    pub layer_grads: u64,
    pub trainable: u64,
    pub grad_bytes: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommBuffers {
    pub bucket_size: u64,
    pub zero: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NcclBuffers {
    pub mib: u64,
    pub groups: u64,
}

/// How the loss is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Loss {
    /// The output layer is on another pipeline stage.
    OtherStage,
    /// Cut Cross-Entropy: only a log-sum-exp per token.
    Fused,
    /// Fused and chunked.
    FusedChunks(u64),
    /// Chunked and compiled.
    CompiledChunks(u64),
    Chunks(u64),
    /// The textbook logits with their FP32 copy.
    Whole,
}

/// A training run's output layer and loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrainLogits {
    pub loss: Loss,
    pub batch: u64,
    pub seq: u64,
    pub vocab: u64,
    pub elem: u64,
    /// Tensor-parallel ranks the loss is split over.
    pub tp: u64,
    /// The final norm's and the projection's inputs.
    pub inputs: u64,
    pub fused: bool,
    pub compile: bool,
    pub chunks: Option<u64>,
    /// Bytes of each loss term per logit: 4 when the logits are upcast to FP32, else `elem`.
    pub loss_elem: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InferLogits {
    pub batch: u64,
    pub vocab: u64,
    pub tp: u64,
}

/// One cached value: its precision, or a block format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KvValue {
    pub quant: Option<KvQuant>,
    pub dtype: Dtype,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KvCache {
    pub mla: bool,
    pub kv_lora_rank: u64,
    pub rope_dim: u64,
    /// KV heads on this device.
    pub kv_heads_here: u64,
    pub kv_heads: u64,
    pub heads: u64,
    pub head_dim: u64,
    pub layers: u64,
    pub all_layers: u64,
    /// Windowed layers on this stage, and in the whole model.
    pub windowed: u64,
    pub windowed_all: u64,
    pub window: u64,
    /// Linear-attention layers on this stage and in the whole model: no KV cache.
    pub linear: u64,
    pub linear_all: u64,
    pub seq: u64,
    pub batch: u64,
    pub value: KvValue,
}

/// The fixed state per sequence of the linear-attention layers (Qwen3-Next's Gated DeltaNet).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinearState {
    /// Linear-attention layers on this device.
    pub layers: u64,
    pub conv_values: u64,
    pub recurrent_values: u64,
    pub v_heads: u64,
    pub k_dim: u64,
    pub v_dim: u64,
    pub kernel: u64,
    pub batch: u64,
    pub bytes_per_value: u64,
    /// Tensor-parallel ranks the heads (and so the state) are split over.
    pub tp: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dataset {
    pub on: DatasetOn,
    /// Samples stored (0: the size was given in bytes).
    pub samples: u64,
    pub batch: u64,
    pub sample_bytes: u64,
}

/// The caching allocator's share of the tensors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overhead {
    pub bp: u64,
    pub tensors: u64,
}

/// A serving engine sizes its memory itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EngineOverhead {
    pub engine: Engine,
    /// The tensors the engine accounts for itself.
    pub tensors: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fragmentation {
    pub activations: u64,
    pub logits: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Runtime {
    pub mib: u64,
    /// NCCL's buffers are left in this row (several GPUs, no nccl_buffers given).
    pub nccl_inside: bool,
}

/// The difference to a measurement the user kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Calibration {
    pub per_rank: u64,
    pub ranks_per_bar: u64,
}

/// Quantized frozen weights: the quantized parameters at their bits per weight, those left
/// unquantized (embeddings and head, or what a format does not cover), and per-row scales.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrozenTerms {
    pub quantized: u64,
    pub milli_bpw: u64,
    pub unquantized: u64,
    pub unquantized_bytes: u64,
    pub row_scales: u64,
    /// Of `unquantized`, the layers' parameters the checkpoint leaves unconverted.
    pub kept: u64,
    /// Of `quantized`, the zeros vLLM's Marlin MXFP4 kernel pads the experts with (hidden size
    /// to a multiple of 256, width to a multiple of 128); 0 in the checkpoint's layout.
    pub padding: u64,
}

impl FrozenTerms {
    pub fn bytes(&self) -> u64 {
        crate::add!(
            crate::base::sat::mul_div_ceil(self.quantized, self.milli_bpw, 8000),
            crate::mul!(self.unquantized, self.unquantized_bytes),
            self.row_scales
        )
    }
}

/// Sparse storage of pruned weights, in bytes (and counts of nonzeros and rows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SparseTerms {
    pub values: u64,
    pub nonzeros: u64,
    pub column_indices: u64,
    pub rows: u64,
    pub row_pointers: u64,
    pub bitmask: u64,
}

/// A vision-language model's vision encoder (issue 38): patch embedding and positions, its
/// layers, the projector to the language model's width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VisionWeights {
    pub embed: u64,
    pub layers: u64,
    pub layer: u64,
    pub projector: u64,
    pub tp: u64,
    pub bytes_per_value: u64,
}

/// vLLM's multimodal profile beyond the language model's step (issue 38).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MmProfile {
    pub items: u64,
    pub tokens: u64,
    pub patches: u64,
    pub hidden: u64,
    pub per_patch: u64,
    pub step: u64,
    pub bytes_per_value: u64,
    pub limit: Option<u64>,
}

/// Context parallelism's ring: two K, V blocks of one layer in flight (issue 38).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CpBuffers {
    pub cp: u64,
    /// K and V values of one token in one layer on this tensor-parallel rank.
    pub kv_values: u64,
    /// Tokens of a sequence this rank holds (seq ÷ cp), and the sequences.
    pub tokens: u64,
    pub batch: u64,
    pub bytes_per_value: u64,
}
