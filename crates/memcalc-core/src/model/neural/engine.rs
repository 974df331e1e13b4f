//! Serving engines as they allocate: vLLM and SGLang preallocate a KV pool from a fixed share of
//! the device after profiling one scheduler step; llama.cpp splits layers (weights and their KV
//! cache) between the GPU and host memory. `hf` is the plain PyTorch count the rest of the core
//! makes. Defaults follow vLLM v0.10 (`vllm serve`), SGLang v0.5 and llama.cpp b5000-era logs.

pub use crate::model::values::engine::{KvGroups, Reserve};
use crate::scenario::serving::{CudaGraphs, Engine, HybridKv};
use crate::scenario::Scenario;

/// llama.cpp's physical batch (n_ubatch default 512): the tokens one compute graph holds.
pub const LLAMACPP_UBATCH: u64 = 512;

/// How an engine takes its memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allocation {
    /// Plain PyTorch: every tensor counted as it is used, with the allocator's share on top.
    AsUsed,
    /// A KV pool preallocated from a share of the device after profiling one scheduler step.
    Pool(Pool),
    /// Layers (weights and their KV cache) split between the GPU and host memory, with compute
    /// buffers for one micro-batch of `ubatch` tokens.
    Split { ubatch: u64 },
}

/// Which devices count as large for a default that depends on the device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LargeDevice {
    /// 70 GiB or more, except the A100 (vLLM matches the device name).
    VllmLarge,
    /// At least this many bytes.
    AtLeast(u64),
}

/// A default that is one number, or one on large devices and another on the rest, or one per
/// band of device memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BySize {
    Fixed(u64),
    Large {
        large: u64,
        other: u64,
        when: LargeDevice,
    },
    /// The first band whose bound the device's MiB are below.
    Bands(&'static [Band]),
}

/// One band of device memory and its default, below and from tensor parallelism 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Band {
    /// Devices with fewer MiB than this.
    pub below_mib: u64,
    pub small_tp: u64,
    pub large_tp: u64,
}

/// The share of the device a pooled engine takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Share {
    /// Thousandths by tensor-parallel ranks: the first `(ranks, share)` whose ranks the run
    /// reaches, largest first.
    ByTp(&'static [(u64, u64)]),
    /// SGLang ≥ 0.5 (server_args.py `_handle_gpu_memory_settings`): (capacity − reserved) ÷
    /// capacity, rounded to 3 places, with reserved = 512 MiB + 1.5 MiB per token of
    /// max(chunked_prefill_size, 2048) + 2 MiB per sequence of cuda_graph_max_bs + tp · pp / 8
    /// GiB, at least 10 GiB on devices above 60 GiB.
    Reserved,
}

/// The largest batch CUDA graphs are captured for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Capture {
    /// A fixed largest batch.
    Fixed(u64),
    /// A largest batch by device memory and tensor parallelism.
    Sized(BySize),
    /// Twice the sequences of a step, up to a largest size.
    TwiceSeqs { max: u64 },
}

/// A pooled engine's defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pool {
    /// Share of the device, by default.
    pub share: Share,
    /// Tokens in one scheduler step.
    pub step_tokens: BySize,
    /// Sequences one step may hold (its sampler's dummy run covers as many).
    pub max_seqs: BySize,
    pub capture: Capture,
    /// Tokens per KV block.
    pub block_tokens: u64,
    pub reserve: Reserve,
}

/// vLLM v0.10 (`vllm serve`): gpu_memory_utilization 0.9; max_num_batched_tokens 8192 and
/// max_num_seqs 1024 on GPUs of 70 GiB or more other than A100, else 2048 and 256
/// (vllm/engine/arg_utils.py); cuda_graph_sizes up to 512, at most twice max_num_seqs
/// (compilation config); block_size 16 on CUDA (CacheConfig); the profile run measures the
/// step's peak before the pool (gpu_worker.py determine_available_memory).
const VLLM: Pool = Pool {
    share: Share::ByTp(&[(1, 900)]),
    step_tokens: BySize::Large {
        large: 8192,
        other: 2048,
        when: LargeDevice::VllmLarge,
    },
    max_seqs: BySize::Large {
        large: 1024,
        other: 256,
        when: LargeDevice::VllmLarge,
    },
    capture: Capture::TwiceSeqs { max: 512 },
    block_tokens: 16,
    reserve: Reserve::Profiled,
};

/// SGLang's device bands (python/sglang/srt/server_args.py `_handle_gpu_memory_settings`, v0.5):
/// chunked_prefill_size 2048 below 35 GiB, 4096 below 60 GiB, 8192 below 160 GiB, else 16384.
const SGLANG_CHUNK: &[Band] = &[
    Band {
        below_mib: 35 << 10,
        small_tp: 2048,
        large_tp: 2048,
    },
    Band {
        below_mib: 60 << 10,
        small_tp: 4096,
        large_tp: 4096,
    },
    Band {
        below_mib: 160 << 10,
        small_tp: 8192,
        large_tp: 8192,
    },
    Band {
        below_mib: u64::MAX,
        small_tp: 16384,
        large_tp: 16384,
    },
];

/// cuda_graph_max_bs by the same bands, below and from tp 4: 8 below 20 GiB, 24 / 80 below
/// 35 GiB, 32 / 160 below 60 GiB, 256 / 512 below 160 GiB, else 512.
const SGLANG_GRAPHS: &[Band] = &[
    Band {
        below_mib: 20 << 10,
        small_tp: 8,
        large_tp: 8,
    },
    Band {
        below_mib: 35 << 10,
        small_tp: 24,
        large_tp: 80,
    },
    Band {
        below_mib: 60 << 10,
        small_tp: 32,
        large_tp: 160,
    },
    Band {
        below_mib: 160 << 10,
        small_tp: 256,
        large_tp: 512,
    },
    Band {
        below_mib: u64::MAX,
        small_tp: 512,
        large_tp: 512,
    },
];

/// SGLang v0.5 (python/sglang/srt/server_args.py `_handle_gpu_memory_settings`): the static
/// fraction from what it reserves for activations and CUDA graphs ([`Share::Reserved`]),
/// chunked_prefill_size and cuda_graph_max_bs by device memory, its sampler runs on the
/// captured batch (max_running_requests follows the pool); one token per page; the static
/// fraction holds the weights and the pool, and is a share of the memory free before the
/// weights load (model_runner.py `profile_max_num_token`: rest = free after loading −
/// free before × (1 − mem_fraction_static)).
const SGLANG: Pool = Pool {
    share: Share::Reserved,
    step_tokens: BySize::Bands(SGLANG_CHUNK),
    max_seqs: BySize::Bands(SGLANG_GRAPHS),
    capture: Capture::Sized(BySize::Bands(SGLANG_GRAPHS)),
    block_tokens: 1,
    reserve: Reserve::Static,
};

impl Engine {
    /// The engine's row: how it allocates and, for pooled engines, its defaults.
    pub fn allocation(self) -> Allocation {
        match self {
            Engine::Hf => Allocation::AsUsed,
            Engine::Vllm => Allocation::Pool(VLLM),
            Engine::Sglang => Allocation::Pool(SGLANG),
            Engine::Llamacpp => Allocation::Split {
                ubatch: LLAMACPP_UBATCH,
            },
        }
    }

    /// Engines that size a KV pool from a share of the device.
    pub fn pools(self) -> bool {
        self.pool().is_some()
    }

    /// A pooled engine's defaults.
    pub fn pool(self) -> Option<Pool> {
        match self.allocation() {
            Allocation::Pool(p) => Some(p),
            Allocation::AsUsed | Allocation::Split { .. } => None,
        }
    }

    /// Engines that size their memory themselves rather than as PyTorch uses it.
    pub fn sizes_itself(self) -> bool {
        match self.allocation() {
            Allocation::AsUsed => false,
            Allocation::Pool(_) | Allocation::Split { .. } => true,
        }
    }

    /// Engines that split layers between the GPU and host memory.
    pub fn splits(self) -> bool {
        match self.allocation() {
            Allocation::Split { .. } => true,
            Allocation::AsUsed | Allocation::Pool(_) => false,
        }
    }
}

impl LargeDevice {
    fn holds(self, s: &Scenario) -> bool {
        let cap = s.device.capacity_bytes();
        match self {
            LargeDevice::VllmLarge => {
                cap >= 70 << 30
                    && (s.device.custom_bytes.is_some() || !s.device.preset.id.starts_with("a100"))
            }
            LargeDevice::AtLeast(b) => cap >= b,
        }
    }
}

impl BySize {
    fn on(self, s: &Scenario) -> u64 {
        match self {
            BySize::Fixed(n) => n,
            BySize::Large { large, other, when } => {
                if when.holds(s) {
                    large
                } else {
                    other
                }
            }
            BySize::Bands(bands) => {
                let mib = s.device.capacity_bytes() >> 20;
                bands
                    .iter()
                    .find(|b| mib < b.below_mib)
                    .or(bands.last())
                    .map_or(0, |b| {
                        if s.parallel.tp >= 4 {
                            b.large_tp
                        } else {
                            b.small_tp
                        }
                    })
            }
        }
    }
}

impl Pool {
    /// Share of the device the engine may use, in thousandths.
    pub fn util_milli(&self, s: &Scenario) -> u64 {
        if let Some(u) = s.gpu_util_milli {
            return u;
        }
        let tp = s.parallel.tp;
        match self.share {
            Share::ByTp(table) => table
                .iter()
                .find(|(ranks, _)| tp >= *ranks)
                .or(table.last())
                .map_or(1000, |(_, m)| *m),
            Share::Reserved => {
                let mib = (s.device.capacity_bytes() >> 20) as f64;
                let chunk = self.step_tokens(s).max(2048) as f64;
                let graphs = self.capture_tokens(s) as f64;
                let parallel = (tp * s.parallel.pp.max(1)) as f64 / 8.0 * 1024.0;
                let mut reserved = 512.0 + chunk * 1.5 + graphs * 2.0 + parallel;
                if mib > 60.0 * 1024.0 {
                    reserved = reserved.max(10.0 * 1024.0);
                }
                let share = ((mib - reserved) / mib * 1000.0).round();
                // A vision-language model's fraction is reduced by its encoder's size (issue 38).
                let share =
                    (share * crate::catalog::vision::sglang_share_factor(&s.shape().0)).round();
                if share.is_finite() {
                    share.clamp(0.0, 1000.0) as u64
                } else {
                    0
                }
            }
        }
    }

    /// Tokens in one scheduler step (vLLM max_num_batched_tokens, SGLang chunked_prefill_size).
    pub fn step_tokens(&self, s: &Scenario) -> u64 {
        s.max_batched_tokens.unwrap_or(self.step_tokens.on(s))
    }

    /// Sequences one step may hold (vLLM max_num_seqs): the sampler's dummy run covers as many.
    pub fn max_seqs(&self, s: &Scenario) -> u64 {
        s.max_num_seqs.unwrap_or(self.max_seqs.on(s))
    }

    /// The largest batch CUDA graphs are captured for.
    pub fn capture_tokens(&self, s: &Scenario) -> u64 {
        match self.capture {
            Capture::Fixed(n) => n,
            Capture::Sized(by) => by.on(s),
            Capture::TwiceSeqs { max } => max.min(self.max_seqs(s) * 2),
        }
    }

    /// Whether CUDA graphs are taken from the share before the pool is sized.
    pub fn graphs_before_pool(&self, s: &Scenario) -> bool {
        match self.reserve {
            Reserve::Profiled => s.cuda_graphs == CudaGraphs::On,
            Reserve::Static => false,
        }
    }

    /// The memory the share gives the engine, `runtime` (the CUDA context and communicators
    /// created before the weights load) included: util × capacity (vLLM's
    /// requested_memory), or SGLang's runtime + util × (capacity − runtime), its fraction
    /// being a share of the memory free before the weights load (model_runner.py
    /// init_torch_distributed measures it after the distributed init; profile_max_num_token
    /// keeps the weights and the pool within it).
    pub fn budget(&self, s: &Scenario, runtime: u64) -> u64 {
        let cap = s.device.capacity_bytes();
        match self.reserve {
            Reserve::Profiled => crate::base::sat::mul_div(cap, self.util_milli(s), 1000),
            Reserve::Static => crate::add!(
                runtime.min(cap),
                crate::base::sat::mul_div(cap.saturating_sub(runtime), self.util_milli(s), 1000)
            ),
        }
    }

    /// What the engine takes beside its share, from the rest of the GPU: SGLang's
    /// mem_fraction_static holds only the weights and the pool ("the fraction of the memory used
    /// for static allocation (model weights and KV cache memory pool)", server_args.py), so its
    /// step's activations and CUDA graphs come from the other part; vLLM's graphs captured after
    /// the pool is sized (cuda_graphs=after) likewise.
    pub fn outside(&self, s: &Scenario, activations: u64, graphs: u64) -> u64 {
        let graphs = if self.graphs_before_pool(s) {
            0
        } else {
            graphs
        };
        match self.reserve {
            Reserve::Profiled => graphs,
            Reserve::Static => crate::add!(activations, graphs),
        }
    }
}

/// The answer a pooled engine gives: its pool, in tokens and blocks, and how many sequences of
/// `seq` tokens it holds at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Serving {
    pub engine: Engine,
    pub util_milli: u64,
    /// The device's memory the share is taken from.
    pub capacity: u64,
    /// The memory the share gives ([`Pool::budget`]): util × capacity; SGLang's runtime +
    /// util × (capacity − runtime).
    pub budget: u64,
    /// What the engine takes beside its share ([`Pool::outside`]).
    pub outside: u64,
    pub step_tokens: u64,
    pub pool_bytes: u64,
    /// KV bytes of one token on this device (all its layers, K and V).
    pub token_bytes: u64,
    /// Tokens per block (vLLM 16, SGLang 1).
    pub block_tokens: u64,
    pub blocks: u64,
    pub pool_tokens: u64,
    pub seq: u64,
    pub batch: u64,
    /// Sequences of `seq` tokens that fit the pool at once.
    pub sequences: u64,
    /// How the pool is shared between full-attention and windowed layers.
    pub groups: KvGroups,
    /// Data-parallel replicas, each with its own pool, and the requests of all of them
    /// (`batch` is one replica's share where `batch_scope=all`).
    pub replicas: u64,
    pub total_batch: u64,
}

impl Serving {
    pub fn batch_fits(&self) -> bool {
        self.sequences >= self.batch && self.sequences > 0
    }

    /// The memory the engine holds itself to: its share, and what it takes beside it. Its total
    /// is this whenever the pool is not empty, so the capacity the page states for a pooled
    /// engine is this, never the share alone.
    pub fn limit(&self) -> u64 {
        crate::add!(self.budget, self.outside)
    }

    /// Memory the requested sequences would need within the engine's limit: what it takes
    /// besides the pool, plus their KV blocks. It fits the limit exactly when they fit the pool.
    pub fn demand(&self, per_device: u64) -> u64 {
        let others = if self.pool_bytes > 0 {
            self.limit().saturating_sub(self.pool_bytes)
        } else {
            per_device.max(self.limit())
        };
        crate::add!(
            others,
            crate::mul!(self.batch, self.groups.seq_blocks, self.groups.block_bytes)
        )
    }
}

/// The stage's layers as the pool counts them: how many, how many of them attend within a
/// sliding window counted apart (0: all at the full context), the window, and one token's KV
/// bytes in one layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolLayers {
    pub layers: u64,
    pub windowed: u64,
    pub window: u64,
    pub layer_token_bytes: u64,
    /// Linear-attention layers (no KV cache) and one sequence's state in one of them.
    pub linear: u64,
    pub state_bytes: u64,
    /// Blocks one request keeps in each linear-attention group (vLLM: 2 with prefix caching's
    /// `mamba_cache_mode=align`, 1 without).
    pub state_blocks: u64,
}

/// SGLang's `swa_full_tokens_ratio` default (server_args.py), in thousandths: the windowed
/// layers' pool holds 0.8 × the full layers' tokens.
pub const SGLANG_SWA_RATIO_MILLI: u64 = 800;

/// How the pool's blocks are shared between full-attention and windowed layers.
///
/// vLLM V1 (kv_cache_utils.py `_get_kv_cache_groups_uniform_page_size`,
/// `get_kv_cache_config_from_groups`): the layers of each attention type are split into groups
/// of `group` layers (the fewest layers of a type, or the most when that is below 1.5 × the
/// fewest; the last group of a type padded), every group takes its blocks from one pool of
/// `pool ÷ (group × page)` blocks, and a request of `seq` tokens takes `cdiv(seq, 16)` blocks in each full group and
/// `cdiv(min(window − 1 + max_num_batched_tokens, seq), 16) + 1` in each windowed group
/// (`SlidingWindowSpec.max_memory_usage_bytes`; `get_max_concurrency_for_kv_cache_config`);
/// vLLM 0.29's logged "GPU KV cache size" is int(blocks ÷ request blocks × max_model_len)
/// (`_report_kv_cache_config`; earlier builds logged blocks ÷ groups × block size).
/// SGLang (model_runner.py `set_num_token_hybrid`): a full pool and a windowed pool of 0.8 ×
/// its tokens, splitting the layers' tokens; a request keeps `seq` tokens in the first and
/// at most its window and one chunk in the second.
pub fn kv_groups(
    engine: Engine,
    block_tokens: u64,
    step_tokens: u64,
    seq: u64,
    l: PoolLayers,
    token_bytes: u64,
    pool_bytes: u64,
) -> KvGroups {
    let per_seq = seq.div_ceil(block_tokens).max(1);
    let full = l.layers.saturating_sub(l.windowed);
    let windowed = l.windowed.min(l.layers);
    let uniform = |seq_blocks: u64| {
        let block_bytes = crate::mul!(token_bytes, block_tokens).max(1);
        let blocks = pool_bytes / block_bytes;
        KvGroups {
            full_layers: full,
            windowed_layers: windowed,
            group_layers: l.layers,
            full_groups: u64::from(full > 0 || windowed == 0),
            window_groups: u64::from(full == 0 && windowed > 0),
            window: l.window,
            window_tokens: seq,
            window_pool_tokens: 0,
            block_bytes,
            blocks,
            pool_tokens: crate::mul!(blocks, block_tokens),
            seq_blocks,
            sequences: blocks / seq_blocks.max(1),
            block_tokens,
            linear_layers: 0,
            state_bytes: 0,
            linear_groups: 0,
        }
    };
    if l.linear > 0 {
        return linear_groups(engine, block_tokens, seq, l, token_bytes, pool_bytes);
    }
    if windowed == 0 || l.window == 0 {
        return uniform(per_seq);
    }
    match engine {
        Engine::Sglang if full > 0 => {
            // Total layer-tokens: the pool's tokens of all layers times the layers.
            let total = crate::mul!(pool_bytes / token_bytes.max(1), l.layers);
            let denominator = crate::add!(
                crate::mul!(SGLANG_SWA_RATIO_MILLI, windowed),
                crate::mul!(1000, full)
            );
            let full_tokens = crate::base::sat::mul_div(total, 1000, denominator.max(1));
            let swa_tokens = crate::base::sat::mul_div(full_tokens, SGLANG_SWA_RATIO_MILLI, 1000);
            let window_tokens = seq.min(crate::add!(l.window, step_tokens)).max(1);
            KvGroups {
                full_layers: full,
                windowed_layers: windowed,
                group_layers: full,
                full_groups: 1,
                window_groups: 1,
                window: l.window,
                window_tokens,
                window_pool_tokens: swa_tokens,
                // What one full-pool token costs with its share of the windowed pool.
                block_bytes: (pool_bytes / full_tokens.max(1)).max(1),
                blocks: full_tokens,
                pool_tokens: full_tokens,
                seq_blocks: per_seq,
                sequences: (full_tokens / per_seq).min(swa_tokens / window_tokens),
                block_tokens,
                linear_layers: 0,
                state_bytes: 0,
                linear_groups: 0,
            }
        }
        Engine::Vllm => {
            let window_tokens = seq.min(crate::add!(l.window.saturating_sub(1), step_tokens));
            let window_blocks = window_tokens.div_ceil(block_tokens) + 1;
            // vLLM 0.29 logs "GPU KV cache size" as int(max_concurrency × max_model_len),
            // the concurrency being the blocks ÷ one request's blocks over all groups.
            let logged = |blocks: u64, seq_blocks: u64| {
                crate::base::sat::mul_div(blocks, seq, seq_blocks.max(1))
            };
            if full == 0 {
                let u = uniform(window_blocks);
                return KvGroups {
                    window_tokens,
                    pool_tokens: logged(u.blocks, u.seq_blocks),
                    ..u
                };
            }
            let (few, many) = (full.min(windowed), full.max(windowed));
            // max < 1.5 × min, in integers.
            let group = if 2 * many < 3 * few { many } else { few };
            let (full_groups, window_groups) = (full.div_ceil(group), windowed.div_ceil(group));
            let block_bytes = crate::mul!(l.layer_token_bytes, group, block_tokens).max(1);
            let blocks = pool_bytes / block_bytes;
            let seq_blocks = crate::add!(
                crate::mul!(full_groups, per_seq),
                crate::mul!(window_groups, window_blocks)
            );
            KvGroups {
                full_layers: full,
                windowed_layers: windowed,
                group_layers: group,
                full_groups,
                window_groups,
                window: l.window,
                window_tokens,
                window_pool_tokens: 0,
                block_bytes,
                blocks,
                pool_tokens: logged(blocks, seq_blocks),
                seq_blocks,
                sequences: blocks / seq_blocks.max(1),
                block_tokens,
                linear_layers: 0,
                state_bytes: 0,
                linear_groups: 0,
            }
        }
        _ => uniform(per_seq),
    }
}

/// A pool shared by full-attention layers and linear-attention layers that keep a fixed state
/// per sequence (Qwen3-Next). vLLM (model_executor/models/config.py
/// `HybridAttentionMambaModelConfig.verify_and_update_config`): the attention block grows, in
/// steps of 16 tokens, until one layer's block holds a linear layer's state, so every page is
/// alike; layers are grouped as for windows (`_get_kv_cache_groups_uniform_page_size`), and a
/// request takes cdiv(seq, block) blocks in each attention group and, in each linear-attention
/// group, one (no prefix caching) or two (`mamba_cache_mode=align`, the default with prefix
/// caching: the running state and the last cached one; a Qwen3.6 log, docs/accuracy.md). SGLang keeps the
/// states in a pool of their own (mem_cache/memory_pool.py `MambaPool`, sized by
/// `--max-mamba-cache-size` / `--mamba-full-memory-ratio`); counted here as each sequence's
/// state beside its KV.
fn linear_groups(
    engine: Engine,
    block_tokens: u64,
    seq: u64,
    l: PoolLayers,
    token_bytes: u64,
    pool_bytes: u64,
) -> KvGroups {
    let attn = l.layers.saturating_sub(l.linear);
    let linear = l.linear.min(l.layers);
    let base = KvGroups {
        full_layers: attn,
        windowed_layers: 0,
        group_layers: l.layers,
        full_groups: 1,
        window_groups: 0,
        window: 0,
        window_tokens: seq,
        window_pool_tokens: 0,
        block_bytes: 1,
        blocks: 0,
        pool_tokens: 0,
        seq_blocks: 1,
        sequences: 0,
        block_tokens,
        linear_layers: linear,
        state_bytes: l.state_bytes,
        linear_groups: 0,
    };
    match engine {
        Engine::Vllm if attn > 0 => {
            let a = l.layer_token_bytes.max(1);
            let unit = crate::mul!(block_tokens, a);
            let block = if l.state_bytes > unit {
                crate::mul!(block_tokens, l.state_bytes.div_ceil(unit))
            } else {
                block_tokens
            };
            let (few, many) = (attn.min(linear), attn.max(linear));
            let group = if 2 * many < 3 * few { many } else { few };
            let (full_groups, linear_groups) = (attn.div_ceil(group), linear.div_ceil(group));
            let block_bytes = crate::mul!(block, a, group).max(1);
            let blocks = pool_bytes / block_bytes;
            let seq_blocks = crate::add!(
                crate::mul!(full_groups, seq.div_ceil(block).max(1)),
                crate::mul!(linear_groups, l.state_blocks.max(1))
            );
            KvGroups {
                group_layers: group,
                full_groups,
                block_bytes,
                blocks,
                pool_tokens: crate::base::sat::mul_div(blocks, seq, seq_blocks.max(1)),
                seq_blocks,
                sequences: blocks / seq_blocks.max(1),
                block_tokens: block,
                linear_groups,
                ..base
            }
        }
        _ => {
            // Each sequence: its tokens' KV in the attention layers and its state in the
            // linear ones.
            let per_seq = crate::add!(
                crate::mul!(seq.div_ceil(block_tokens).max(1), block_tokens, token_bytes),
                crate::mul!(linear, l.state_bytes)
            )
            .max(1);
            let sequences = pool_bytes / per_seq;
            KvGroups {
                // One "block" is one sequence's KV and state, so demand is sequences × it.
                block_bytes: per_seq,
                blocks: sequences,
                pool_tokens: crate::base::sat::mul_div(pool_bytes, seq, per_seq),
                seq_blocks: 1,
                sequences,
                ..base
            }
        }
    }
}

/// Sizes the pool from what it must leave to the rest (None for an engine without a pool);
/// `outside` is what the engine takes beside its share ([`Pool::outside`]).
/// `runtime` is what the device holds before the weights load.
pub fn serving(
    s: &Scenario,
    pool_bytes: u64,
    token_bytes: u64,
    layers: PoolLayers,
    outside: u64,
    runtime: u64,
) -> Option<Serving> {
    let pool = s.engine.pool()?;
    let block_tokens = pool.block_tokens;
    let groups = kv_groups(
        s.engine,
        block_tokens,
        pool.step_tokens(s),
        s.seq,
        layers,
        token_bytes,
        pool_bytes,
    );
    Some(Serving {
        engine: s.engine,
        util_milli: pool.util_milli(s),
        capacity: s.device.capacity_bytes(),
        budget: pool.budget(s, runtime),
        outside,
        step_tokens: pool.step_tokens(s),
        pool_bytes,
        token_bytes,
        block_tokens: groups.block_tokens,
        blocks: groups.blocks,
        pool_tokens: groups.pool_tokens,
        seq: s.seq,
        batch: s.batch,
        sequences: groups.sequences,
        groups,
        replicas: 1,
        total_batch: s.batch,
    })
}

use crate::model::neural::stage::{Plan, StageBytes};

/// The answer of a sized stage's engine, with what it takes beside its share.
pub(crate) fn serving_of(s: &Scenario, b: &StageBytes) -> Option<Serving> {
    let outside = s.engine.pool()?.outside(s, b.activations, b.graphs);
    let layers = PoolLayers {
        layers: b.layers,
        windowed: b.kv_windowed,
        window: b.kv_window,
        layer_token_bytes: b.layer_token_bytes,
        linear: b.kv_linear,
        state_bytes: b.linear_state_layer_bytes,
        state_blocks: match s.mamba_cache {
            crate::scenario::serving::MambaCache::Align => 2,
            crate::scenario::serving::MambaCache::None => 1,
        },
    };
    serving(s, b.kv_cache, b.token_bytes, layers, outside, b.runtime)
}

/// vLLM's multimodal profile run, worked out (issue 38).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MmProfileRun {
    /// Images encoded at once, language-model tokens they give, and their patches.
    pub items: u64,
    pub tokens: u64,
    pub patches: u64,
    /// The outputs kept in the encoder cache (tokens × hidden × bytes).
    pub outputs: u64,
    /// One encoder layer's working set over the patches: the residual and normed input
    /// (2 × width) and the MLP's intermediates (gated: gate_up and the product, 3 × MLP width;
    /// standard: 2 × MLP width), the MLP split over tp.
    pub per_patch: u64,
    pub working: u64,
    /// The language model's profiled step it is compared with.
    pub step: u64,
    /// Beyond the step: max(outputs, working − step).
    pub bytes: u64,
}

impl Plan<'_> {
    /// vLLM's multimodal profile: the encoder run on the largest image batch its budget admits,
    /// its outputs kept while the language model's dummy step runs, one peak measured over both
    /// (vllm/v1/worker/gpu_model_runner.py profile_run; [`crate::catalog::vision::profile_items`]).
    pub fn mm_profile(&self, pool: Pool, step: u64) -> MmProfileRun {
        let s = self.s;
        let a = &self.arch;
        if s.mm_profile == crate::scenario::serving::MmProfile::Off {
            return MmProfileRun::default();
        }
        let items = crate::catalog::vision::profile_items(
            a,
            pool.step_tokens(s),
            pool.max_seqs(s),
            s.seq,
            s.mm_limit.unwrap_or(999),
        );
        if items == 0 {
            return MmProfileRun::default();
        }
        let elem = self.layer_shape(1, 1).elem;
        let tokens = crate::mul!(items, a.vision_tokens);
        let patches = crate::mul!(tokens, crate::catalog::vision::merge_patches(a));
        let k = match a.vision_mlp {
            crate::catalog::arch::Mlp::Gated => 3,
            crate::catalog::arch::Mlp::Standard => 2,
        };
        let per_patch = crate::add!(
            crate::mul!(2, a.vision_hidden),
            crate::mul!(k, a.vision_ffn).div_ceil(s.parallel.tp.max(1))
        );
        let outputs = crate::mul!(tokens, a.hidden, elem);
        let working = crate::mul!(patches, per_patch, elem);
        MmProfileRun {
            items,
            tokens,
            patches,
            outputs,
            per_patch,
            working,
            step,
            bytes: outputs.max(working.saturating_sub(step)),
        }
    }

    /// Cached values of one token over `layers` layers on one device, K and V. With more
    /// tensor-parallel ranks than KV heads each rank keeps one head (vLLM replicates them).
    pub fn kv_token_values(&self, layers: u64) -> u64 {
        crate::mul!(layers, self.arch.kv_values_per_token(self.s.parallel.tp))
    }

    /// One layer's working set over one step of `tokens` tokens, with the fused attention
    /// kernels engines use.
    pub(crate) fn step_working_bytes(&self, tokens: u64) -> u64 {
        crate::model::neural::activations::LayerShape {
            flash: true,
            ..self.layer_shape(1, tokens)
        }
        .step_peak()
    }

    /// The working memory of a serving engine's stage; the pool is sized once the runtime is
    /// known ([`Plan::size_pool`]).
    pub(crate) fn engine_stage(&self, i: u64, b: &mut StageBytes) {
        let s = self.s;
        let pool = match s.engine.allocation() {
            Allocation::Split { ubatch } => {
                return self.llamacpp_stage(i, s.ubatch.unwrap_or(ubatch), b)
            }
            // Counted as PyTorch uses it, by the stage itself.
            Allocation::AsUsed => return,
            Allocation::Pool(pool) => pool,
        };
        let step = |tokens: u64| self.step_working_bytes(tokens);
        let elem = self.layer_shape(1, 1).elem;
        // The sampler's dummy run: logits of max_num_seqs sequences in the model's precision,
        // their FP32 copy and the FP32 probabilities (gathered whole on the first rank).
        b.samples = i + 1 == s.parallel.pp;
        let sampler = if b.samples {
            crate::mul!(pool.max_seqs(s), self.arch.vocab, elem + 8)
        } else {
            0
        };
        b.activations = step(pool.step_tokens(s)).max(sampler);
        b.graphs = if s.cuda_graphs == CudaGraphs::Off {
            0
        } else {
            step(pool.capture_tokens(s))
        };
        // --- multimodal profile (issue 38)
        if i == 0 && s.engine == Engine::Vllm {
            b.mm_profile = self.mm_profile(pool, b.activations).bytes;
        }
        // --- end multimodal profile
        // Linear-attention layers cache no tokens; their state takes its place in the pool.
        b.kv_linear = self.arch.linear_layers_in(self.first_layer(i), b.layers);
        b.linear_state_layer_bytes = crate::mul!(
            self.arch
                .linear_state_values()
                .div_ceil(s.parallel.tp.max(1)),
            crate::model::neural::stage::linear_state_bytes(s)
        );
        // DeepSeek sparse attention: each layer's indexer keys beside the latent (issue 38).
        let indexer = self.arch.indexer_token_bytes();
        b.token_bytes = crate::add!(
            s.kv_bytes(self.kv_token_values(b.layers - b.kv_linear)),
            crate::mul!(b.layers - b.kv_linear, indexer)
        );
        b.layer_token_bytes = crate::add!(s.kv_bytes(self.kv_token_values(1)), indexer);
        // Windowed layers counted apart where the engine does (SGLang only for the
        // architectures of model_config.py is_hybrid_swa_model: of the catalog's, GPT-OSS,
        // known by its attention sinks).
        let apart = s.hybrid_kv == HybridKv::Engine
            && match s.engine {
                Engine::Vllm => true,
                Engine::Sglang => self.arch.sinks,
                Engine::Hf | Engine::Llamacpp => false,
            };
        if apart {
            b.kv_windowed = self.arch.windowed_in(self.first_layer(i), b.layers);
            b.kv_window = self.arch.window;
        }
    }

    /// The pool: what the budget leaves after the weights, the runtime and (an engine that
    /// profiles them first) the step's activations and CUDA graphs reserved before it.
    pub(crate) fn size_pool(&self, b: &mut StageBytes) {
        let s = self.s;
        let Some(pool) = s.engine.pool() else { return };
        let mut used = crate::add!(b.weights, b.vision_weights, b.runtime);
        match pool.reserve {
            Reserve::Profiled => used = crate::add!(used, b.activations, b.mm_profile),
            Reserve::Static => {}
        }
        if pool.graphs_before_pool(s) {
            used = crate::add!(used, b.graphs);
        }
        b.kv_cache = pool.budget(s, b.runtime).saturating_sub(used);
    }

    /// llama.cpp's `-ngl` as applied: the last `gpu_layers` repeating layers and, past them,
    /// the output layer on the GPU, the rest in host memory.
    pub(crate) fn llamacpp_split(&self) -> LayerSplit {
        let layers = self.arch.layers;
        let ngl = self.s.gpu_layers.unwrap_or(layers + 1).min(layers + 1);
        let on_gpu = ngl.min(layers);
        LayerSplit {
            on_gpu,
            first_gpu: layers - on_gpu,
            output_on_gpu: ngl > layers,
        }
    }

    /// The GPUs llama.cpp splits the layers over (`-sm layer`, its default split mode,
    /// common/common.h `split_mode = LLAMA_SPLIT_MODE_LAYER`): the pipeline stages `pp`.
    pub fn llamacpp_devices(&self) -> u64 {
        self.s.parallel.pp.max(1)
    }

    /// What device `d` of llama.cpp's layer split holds: its repeating layers (the first and
    /// how many) and whether the output layer. src/llama-model.cpp `load_tensors`: the split
    /// points are the devices' cumulative shares (`--tensor-split`; by default each device's
    /// free memory, equal on equal devices), and offloaded layer `il` (the output layer
    /// counting as one past the last) goes to the first device whose point exceeds
    /// (il − i_gpu_start) ÷ act_gpu_layers (`std::upper_bound`). In integers: the offloaded
    /// slots j with ⌈cum(d−1) · act ÷ sum⌉ ≤ j < ⌈cum(d) · act ÷ sum⌉.
    pub(crate) fn llamacpp_device(&self, d: u64) -> DeviceLayers {
        let split = self.llamacpp_split();
        let n = self.llamacpp_devices();
        let act = split.on_gpu + u64::from(split.output_on_gpu);
        // --tensor-split's shares when given for every device, else equal shares (the
        // default split by free memory, over equal devices).
        let given = self.s.tensor_split.shares();
        let share = |k: u64| -> u64 {
            if given.len() as u64 == n {
                u64::from(given[k as usize])
            } else {
                1
            }
        };
        let sum: u64 = (0..n).map(share).sum::<u64>().max(1);
        let cum = |k: u64| -> u64 { (0..k.min(n)).map(share).sum() };
        let lo = |k: u64| crate::base::sat::mul_div_ceil(cum(k), act, sum);
        let (j0, j1) = (lo(d), lo(d + 1));
        let first = split.first_gpu + j0.min(split.on_gpu);
        let last = split.first_gpu + j1.min(split.on_gpu);
        DeviceLayers {
            first,
            count: last - first,
            output: split.output_on_gpu && j0 <= split.on_gpu && split.on_gpu < j1,
        }
    }

    /// Layers whose routed experts `--n-cpu-moe` keeps in host memory among `first .. first +
    /// n`: its blocks 0 .. N − 1 (common/arg.cpp pushes `llm_ffn_exps_block_regex(i)` for each),
    /// MoE layers only (dense ones have no `_exps` tensors).
    fn cpu_moe_layers(&self, first: u64, n: u64) -> (u64, u64) {
        let a = &self.arch;
        let upto = self.s.n_cpu_moe.unwrap_or(0).min(a.layers);
        if a.experts <= 1 {
            return (first, 0);
        }
        let lo = first.max(a.dense_layers.min(a.layers));
        let hi = (first + n).min(upto);
        (lo, hi.saturating_sub(lo))
    }

    /// Bytes of the routed experts of layers `first .. first + n`, as stored.
    fn llamacpp_experts(&self, first: u64, n: u64) -> u64 {
        let s = self.s;
        let a = &self.arch;
        if n == 0 || a.experts <= 1 {
            return 0;
        }
        if s.milli_bpw.is_none() {
            if let Some(b) = crate::catalog::gguf::experts_bytes(a, s.quant, s.dtype, gguf_rules(s), first, n) {
                return b;
            }
        }
        let per_layer = crate::mul!(a.experts, a.expert_params());
        self.frozen_weight_bytes(crate::mul!(per_layer, n), 0)
    }

    /// The output layer's parameters as llama.cpp loads them: a tied one is a second copy of
    /// the token embeddings.
    fn llamacpp_head(&self) -> u64 {
        let a = &self.arch;
        if a.tied {
            crate::mul!(a.vocab, a.hidden)
        } else {
            a.params().head
        }
    }

    /// llama.cpp's weights on each side of the split, term by term, for device `d`: its
    /// layers and output layer; the host side (embeddings, layers left on the CPU, experts
    /// kept there) is the process's, the same seen from every device.
    pub(crate) fn llamacpp_weights(&self, d: u64) -> SplitBytes {
        let s = self.s;
        let a = &self.arch;
        let pc = a.params();
        let LayerSplit { first_gpu, .. } = self.llamacpp_split();
        let dev = self.llamacpp_device(d);
        let layer_bytes =
            |first: u64, n: u64| self.frozen_weight_bytes(pc.layer_range(first, n), 0);
        let head = self.llamacpp_head();
        let mut w = SplitBytes {
            gpu_layers: layer_bytes(dev.first, dev.count),
            host_layers: layer_bytes(0, first_gpu),
            embed: self.frozen_weight_bytes(pc.embedding, pc.embedding),
            output: self.frozen_weight_bytes(crate::add!(head, pc.final_norm), head),
            output_on_gpu: self.llamacpp_split().output_on_gpu,
            output_here: dev.output,
            gpu_experts: 0,
            host_experts: 0,
            cpu_moe_layers: 0,
        };
        // A GGUF mix counted tensor by tensor, as llama.cpp's buffers hold it.
        let gguf = |first: u64, n: u64| {
            crate::catalog::gguf::layers_bytes(a, s.quant, s.dtype, gguf_rules(s), first, n)
        };
        if let (None, Some(gpu), Some(host), Some((embed, out))) = (
            s.milli_bpw,
            gguf(dev.first, dev.count),
            gguf(0, first_gpu),
            crate::catalog::gguf::ends_bytes(a, s.quant, s.dtype, gguf_rules(s)),
        ) {
            w = SplitBytes {
                gpu_layers: gpu,
                host_layers: host,
                embed,
                output: out,
                ..w
            };
        }
        // --n-cpu-moe: the routed experts of this device's first layers stay in host memory;
        // every offloaded layer's moved experts are in the one host buffer.
        let (moe_first, moe_n) = self.cpu_moe_layers(dev.first, dev.count);
        w.gpu_experts = self.llamacpp_experts(moe_first, moe_n);
        w.gpu_layers = w.gpu_layers.saturating_sub(w.gpu_experts);
        let split = self.llamacpp_split();
        let (all_first, all_n) = self.cpu_moe_layers(first_gpu, split.on_gpu);
        w.host_experts = self.llamacpp_experts(all_first, all_n);
        w.cpu_moe_layers = all_n;
        w
    }

    /// llama.cpp's device `d`: the split's weights on each side, each layer's KV cache beside
    /// it, compute buffers for one micro-batch of `n_ubatch` tokens.
    fn llamacpp_stage(&self, d: u64, ubatch: u64, b: &mut StageBytes) {
        let s = self.s;
        let a = &self.arch;
        let pc = a.params();
        let layers = a.layers;
        let LayerSplit {
            on_gpu, first_gpu, ..
        } = self.llamacpp_split();
        let dev = self.llamacpp_device(d);
        let head = self.llamacpp_head();
        let w = self.llamacpp_weights(d);
        b.weights = crate::add!(w.gpu_layers, w.gpu_output());
        b.weights_host = crate::add!(w.embed, w.host_layers, w.host_output(), w.host_experts);
        b.params = crate::add!(
            pc.layer_range(dev.first, dev.count),
            if dev.output { head } else { 0 }
        );
        let ctx = crate::mul!(s.batch, s.seq);
        // Each layer's K and V for every sequence's tokens (a sliding window caps its layers).
        let kv = |first: u64, n: u64| {
            s.kv_bytes(crate::mul!(
                a.kv_values_per_token(1),
                a.cached_token_layers(first, n, s.seq),
                s.batch
            ))
        };
        b.kv_cache = kv(dev.first, dev.count);
        b.kv_host = kv(0, first_gpu);
        b.token_bytes = s.kv_bytes(crate::mul!(layers, a.kv_values_per_token(1)));
        let (attn, out) = llamacpp_compute(s, a, ctx, ubatch);
        let whole = self.llamacpp_split();
        let gpu_compute = match (dev.count > 0, dev.output) {
            (_, true) => attn.max(out),
            (true, false) => attn,
            (false, false) => 0,
        };
        b.activations = gpu_compute;
        b.buffers_host = crate::add!(
            llamacpp_host_compute(s, a, ctx, ubatch, on_gpu, whole.output_on_gpu),
            llamacpp_output(s, a)
        );
        b.layers = dev.count;
    }
}

/// What each GPU of llama.cpp's layer split reads in a decode step, device by device: its
/// weights as held, the routed experts `--n-cpu-moe` took off its layers (read from host memory
/// instead) and its KV cache; one entry per device, in the order the layers run.
pub fn llamacpp_device_bytes(s: &Scenario) -> Vec<DeviceBytes> {
    let plan = Plan::new(s);
    let ubatch = s.ubatch.unwrap_or(LLAMACPP_UBATCH);
    (0..plan.llamacpp_devices())
        .map(|d| {
            let mut b = StageBytes::default();
            plan.llamacpp_stage(d, ubatch, &mut b);
            DeviceBytes {
                weights: b.weights,
                experts_off: plan.llamacpp_weights(d).gpu_experts,
                kv: b.kv_cache,
            }
        })
        .collect()
}

/// One GPU's bytes in llama.cpp's layer split ([`llamacpp_device_bytes`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeviceBytes {
    pub weights: u64,
    pub experts_off: u64,
    pub kv: u64,
}

/// What one device of llama.cpp's layer split holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DeviceLayers {
    pub first: u64,
    pub count: u64,
    pub output: bool,
}

/// Where llama.cpp's `-ngl` puts the layers: how many repeating layers are on the GPU (the last
/// ones, from `first_gpu`) and whether the output layer is too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LayerSplit {
    pub on_gpu: u64,
    pub first_gpu: u64,
    pub output_on_gpu: bool,
}

/// llama.cpp's weights, term by term: the repeating layers on each side, the token embeddings
/// (always in host memory) and the output layer on whichever side it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SplitBytes {
    pub gpu_layers: u64,
    pub host_layers: u64,
    pub embed: u64,
    pub output: u64,
    /// Whether the output layer is on a GPU, and whether on this device.
    pub output_on_gpu: bool,
    pub output_here: bool,
    /// `--n-cpu-moe`: the routed experts taken off this device's layers, and those of every
    /// offloaded layer kept in host memory (and how many layers that is).
    pub gpu_experts: u64,
    pub host_experts: u64,
    pub cpu_moe_layers: u64,
}

impl SplitBytes {
    pub fn gpu_output(&self) -> u64 {
        if self.output_here {
            self.output
        } else {
            0
        }
    }
    pub fn host_output(&self) -> u64 {
        if self.output_on_gpu {
            0
        } else {
            self.output
        }
    }
}

/// llama.cpp's host compute buffer: the graph's inputs live there (the token embeddings'
/// output, F32, and the attention mask over the whole context: F32, F16 with flash attention),
/// and so does the work of layers left on the CPU.
pub fn llamacpp_host_compute(
    s: &Scenario,
    a: &crate::catalog::arch::Arch,
    ctx: u64,
    ubatch: u64,
    on_gpu: u64,
    out_gpu: bool,
) -> u64 {
    let ub = ctx.min(ubatch);
    let (attn, out) = llamacpp_compute(s, a, ctx, ubatch);
    let inputs = crate::add!(crate::mul!(ub, a.hidden, 4), llamacpp_mask(s, ctx, ubatch));
    let cpu_work = match (on_gpu < a.layers, out_gpu) {
        (_, false) => attn.max(out),
        (true, true) => attn,
        (false, true) => 0,
    };
    crate::add!(inputs, cpu_work)
}

/// The KQ mask: one value per micro-batch token and context position.
fn llamacpp_mask(s: &Scenario, ctx: u64, ubatch: u64) -> u64 {
    let ub = ctx.min(ubatch);
    crate::mul!(ub, ctx, if s.flash_attention { 2 } else { 4 })
}

/// The output buffer: FP32 logits of each sequence's last token (llama_context output_reserve,
/// n_outputs_max = n_seq_max).
pub fn llamacpp_output(s: &Scenario, a: &crate::catalog::arch::Arch) -> u64 {
    crate::mul!(a.vocab, 4, s.batch)
}

/// llama.cpp's compute graph for one micro-batch of `ubatch` tokens, its two largest
/// moments, in bytes: attention (without flash attention the F32 score matrix over the whole
/// context, the mask beside it, the layer's F32 input, normed input, Q, K and V) and the output layer (F32
/// logits for every token of the micro-batch and the normed input). ggml's allocator reuses
/// memory between them, so the buffer is the larger.
pub fn llamacpp_compute(
    s: &Scenario,
    a: &crate::catalog::arch::Arch,
    ctx: u64,
    ubatch: u64,
) -> (u64, u64) {
    let ub = ctx.min(ubatch);
    let scores = if s.flash_attention {
        0
    } else {
        crate::mul!(ub, ctx, a.heads, 4)
    };
    let inputs = crate::mul!(
        ub,
        crate::add!(
            crate::mul!(2, a.hidden),
            crate::mul!(a.heads + 2 * a.kv_heads, a.head_dim)
        ),
        4
    );
    (
        crate::add!(scores, llamacpp_mask(s, ctx, ubatch), inputs),
        crate::mul!(ub, crate::add!(a.vocab, a.hidden), 4),
    )
}

/// How llama.cpp's quantizer typed the GGUF's tensors, as the scenario's keys say (`gguf_rest`,
/// `gguf_tied_embd`, `gguf_fallback`).
pub(crate) fn gguf_rules(s: &Scenario) -> crate::catalog::gguf::Rules {
    crate::catalog::gguf::Rules {
        rest: s.gguf_rest,
        tied_embd: s.gguf_tied_embd,
        fallback: s.gguf_fallback,
    }
}
