//! The named values of a serving engine's parts, one variant per template
//! (`explain::parts::engine` writes their text).

use crate::catalog::precision::Dtype;
use crate::catalog::quant::{KvQuant, Quant};
use crate::scenario::serving::Engine;

/// A serving engine's part's values.
#[derive(Debug, Clone, PartialEq)]
pub enum EngineValues {
    StepActivations(StepActivations),
    Graphs(Graphs),
    KvPool(Box<KvPool>),
    GpuWeights(SplitWeights),
    HostWeights(SplitWeights),
    GpuKv(SplitKv),
    HostKv(SplitKv),
    ComputeBuffer(ComputeBuffer),
    HostCompute(HostCompute),
    OutputBuffer(OutputBuffer),
}

/// How one cached value is stored: a dtype, or a block format of 32 values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KvFormat {
    pub quant: Option<KvQuant>,
    pub dtype: Dtype,
    /// No `kv_dtype` was given: the engine's default format (llama.cpp: F16), which the text
    /// names as such.
    pub defaulted: bool,
}

/// A pooled engine's activation reserve: one scheduler step's working set or the sampler's
/// dummy run, whichever is larger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepActivations {
    pub engine: Engine,
    pub reserve: Reserve,
    pub step_tokens: u64,
    /// One layer's working set for one token (the step's is this times its tokens, up to the
    /// rounding of tensor-parallel shards).
    pub token_working_bytes: u64,
    /// Sequences the sampler's dummy run covers.
    pub sampler_seqs: u64,
    pub vocab: u64,
    /// Bytes of one logit in the model's precision (the FP32 copy and probabilities add 4 + 4).
    pub logit_bytes: u64,
    /// Whether this stage samples (the last pipeline stage).
    pub samples: bool,
}

/// CUDA graphs captured for the decode step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Graphs {
    pub engine: Engine,
    /// Whether any are captured (off: eager mode).
    pub captured: bool,
    /// Whether their memory is taken from the share before the pool is sized.
    pub before_pool: bool,
    pub capture_tokens: u64,
    pub token_working_bytes: u64,
}

/// A pooled engine's KV pool: the share of the device less what it takes first, in tokens of
/// all the device's layers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KvPool {
    pub engine: Engine,
    pub util_milli: u64,
    pub capacity: u64,
    /// The memory the share gives: util × capacity; SGLang's runtime + util × (capacity −
    /// runtime) (`Pool::budget`).
    pub budget: u64,
    pub weights: u64,
    /// A vision-language model's encoder and vLLM's multimodal profile, taken before the pool
    /// (issue 38; 0 without).
    pub vision: u64,
    pub mm_profile: u64,
    /// The step's activations, when taken before the pool.
    pub activations: Option<u64>,
    /// CUDA graphs, when taken before the pool.
    pub graphs: Option<u64>,
    pub runtime: u64,
    /// Whether the share is of the memory free before the weights load (SGLang) or of the
    /// whole device (vLLM).
    pub reserve: Reserve,
    /// What the engine takes beside its share, from the rest of the GPU (`Pool::outside`).
    pub outside: u64,
    pub layers: u64,
    /// Cached values of one token in one layer on this device (K and V).
    pub values_per_token: u64,
    pub kv: KvFormat,
    /// DeepSeek sparse attention's indexer: bytes per token and layer (0: none; issue 38).
    pub indexer_bytes: u64,
    pub token_bytes: u64,
    pub block_tokens: u64,
    pub blocks: u64,
    pub pool_tokens: u64,
    pub sequences: u64,
    pub seq: u64,
    pub batch: u64,
    pub tp: u64,
    pub kv_heads: u64,
    pub groups: KvGroups,
    /// Tokens per scheduler step (vLLM max_num_batched_tokens, SGLang chunked_prefill_size).
    pub step_tokens: u64,
    /// The pool's bytes.
    pub pool_bytes: u64,
    /// Data-parallel replicas and the requests of all of them (`batch` is one replica's).
    pub replicas: u64,
    pub total_batch: u64,
}

impl KvPool {
    /// The pool's tokens counted in all layers (SGLang's max_total_num_tokens before its split).
    pub fn pool_bytes_tokens(&self) -> u64 {
        self.pool_bytes / self.token_bytes.max(1)
    }
}

/// How a pooled engine shares its KV pool between full-attention and windowed layers
/// (`model::neural::engine::kv_groups`); one group of every layer when none is windowed or
/// `hybrid_kv=full`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KvGroups {
    pub full_layers: u64,
    pub windowed_layers: u64,
    /// Layers per group (vLLM); SGLang: the full layers.
    pub group_layers: u64,
    pub full_groups: u64,
    pub window_groups: u64,
    pub window: u64,
    /// Tokens a windowed layer keeps for one sequence: vLLM min(window − 1 + step, seq),
    /// SGLang min(window + chunk, seq).
    pub window_tokens: u64,
    /// SGLang's windowed pool, in tokens (0: none).
    pub window_pool_tokens: u64,
    /// Bytes of one block in one group (its layers × tokens per block × bytes per layer-token).
    pub block_bytes: u64,
    pub blocks: u64,
    /// The pool's tokens as the engine logs them.
    pub pool_tokens: u64,
    /// Blocks one sequence takes over all groups.
    pub seq_blocks: u64,
    pub sequences: u64,
    /// Tokens per block (vLLM raises it so that an attention page holds a linear-attention
    /// layer's state).
    pub block_tokens: u64,
    /// Linear-attention layers (their state one block per sequence in vLLM), and one
    /// sequence's state in one of them, in bytes.
    pub linear_layers: u64,
    pub state_bytes: u64,
    pub linear_groups: u64,
}

impl KvGroups {
    /// Whether windowed layers are counted apart from the full ones.
    pub fn hybrid(&self) -> bool {
        self.windowed_layers > 0 && self.window > 0
    }

    /// Whether linear-attention layers keep their state in the pool.
    pub fn linear(&self) -> bool {
        self.linear_layers > 0
    }
}

/// How llama.cpp's weights are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WeightFormat {
    /// A GGUF mix, counted tensor by tensor.
    Mix(Quant),
    /// Bits per weight, in thousandths.
    MilliBits(u64),
    /// Bytes per weight.
    Bytes(u64),
}

/// llama.cpp's weights on one side of the split: on the GPU, the offloaded layers and the
/// output layer past them; in host memory, the token embeddings and the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SplitWeights {
    /// -ngl as applied (at most the layers + 1).
    pub ngl: u64,
    pub layers: u64,
    /// Repeating layers on this side.
    pub here: u64,
    /// Whether the output layer is on the GPU.
    pub output_on_gpu: bool,
    pub format: WeightFormat,
    /// Token embeddings (host memory only; 0 on the GPU).
    pub embed_bytes: u64,
    pub layers_bytes: u64,
    /// The output layer, when on this side.
    pub output_bytes: u64,
    /// GPUs the layers are split over (`-sm layer`), and which one this is (from 0).
    pub devices: u64,
    pub device: u64,
    /// The first of this device's repeating layers (0 in host memory).
    pub first_layer: u64,
    /// `--n-cpu-moe` as given (at most the layer count), and the offloaded MoE layers whose
    /// routed experts it keeps in host memory.
    pub cpu_moe: u64,
    pub cpu_moe_layers: u64,
    /// On the GPU: the routed experts taken off this device's layers (already left out of
    /// `layers_bytes`); in host memory: those of every such layer, added.
    pub experts_bytes: u64,
}

/// llama.cpp's KV cache of the layers on one side of the split, for the whole context.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SplitKv {
    pub layers: u64,
    /// Of them, layers that attend within a sliding window and keep at most `window_tokens`.
    pub windowed: u64,
    pub window_tokens: u64,
    pub values_per_token: u64,
    pub batch: u64,
    pub seq: u64,
    pub kv: KvFormat,
}

/// llama.cpp's GPU compute buffer: the larger moment of one micro-batch's graph on the GPU.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputeBuffer {
    pub ubatch_tokens: u64,
    pub ctx: u64,
    pub attention: u64,
    pub output: u64,
    pub layers_on_gpu: u64,
    pub output_on_gpu: bool,
    /// The output layer is on another GPU of the layer split.
    pub output_elsewhere: bool,
    pub flash: bool,
}

/// llama.cpp's host compute buffer: the graph's inputs and the CPU layers' work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HostCompute {
    pub ubatch_tokens: u64,
    pub hidden: u64,
    pub ctx: u64,
    /// Bytes of one mask value (F16 with flash attention, else F32).
    pub mask_value_bytes: u64,
    /// The CPU layers' graph, when some layer or the output layer runs there.
    pub cpu_work: Option<u64>,
}

/// llama.cpp's output buffer: FP32 logits of each sequence's last token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutputBuffer {
    pub batch: u64,
    pub vocab: u64,
}

/// What a pooled engine takes from its share before the KV pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reserve {
    /// Weights, runtime, the profiled step's activations and, when reserved before the pool,
    /// CUDA graphs (vLLM's profile run).
    Profiled,
    /// Weights and runtime only: the working memory lives in the rest of the device (SGLang's
    /// static fraction).
    Static,
}
