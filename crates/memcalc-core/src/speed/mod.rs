//! Time beside memory: how long a step takes on the scenario's hardware, from the bytes each
//! part of the estimate holds and the FLOPs the step does (the roofline of Williams, Waterman
//! and Patterson, CACM 2009: time ≥ max(bytes ÷ bandwidth, FLOPs ÷ peak)). Each term carries
//! its named values, like the memory parts, so `explain::speed` writes its formula with the
//! user's numbers, its explanation and its source; this layer holds no text. A term is one row
//! of `terms!` (id, key, family) and one variant of its family's values type, which says which
//! term it is, so a term's id cannot disagree with its values.
//!
//! `speed` is the one entry point: inference (prefill, decode, tensor-parallel all-reduces,
//! llama.cpp's host layers), training and fine-tuning (FLOPs per step at a utilisation, the
//! bytes each parallel dimension sends, the pipeline bubble, offload traffic) and simulations
//! (memory-bound lower bounds and, where a standard operation count exists, compute: lattice
//! Boltzmann and structured grids, unstructured meshes' Krylov iterations, AMR's block updates,
//! molecular dynamics' pair loop and long-range mesh, tree-PM N-body, pseudo-spectral FFTs and
//! their transposes, plane-wave DFT's FFTs and dense algebra, real-space DFT's Chebyshev
//! filtering; halos over the network, spills to
//! disk), and scientific-ML surrogates (PINN, FNO, mesh graph networks, U-Nets: FLOPs per
//! sample beside their activations' traffic).

pub mod change;
pub mod dispatch;
pub mod inference;
pub mod latency;
pub mod launch;
pub mod machine;
// Issue 37, h-metalpp: llama.cpp's Metal matrix–matrix kernel rate.
pub mod metal;
pub mod mmq;
pub mod mmvq;
pub mod kquant;
pub mod moe_block;
// Issue 37 (vLLM and SGLang at small batch): the kernels under a CUDA graph.
pub mod graph_kernels;
pub mod overlap;
pub mod prefill;
// A serving engine's wait for a running slot under a random load (issue 41, h-compare).
pub mod queueing;
pub mod sciml;
pub mod sim;
pub mod training;

use crate::base::keys::FieldId;
use crate::model::Estimate;
use crate::scenario::{Mode, Scenario};

/// What limits a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bound {
    MemoryBandwidth,
    Compute,
    /// The links between the GPUs of a node (NVLink, Infinity Fabric or PCIe).
    Link,
    Network,
    HostMemory,
    Disk,
    /// The GPU idling between kernels launched one by one (llama.cpp without CUDA graphs).
    Launch,
    /// A chain of dependent operations on one core: each waits for the last one's result.
    Latency,
}

impl Bound {
    /// The stable key in JSON and CSV.
    pub fn key(self) -> &'static str {
        match self {
            Bound::MemoryBandwidth => "memory_bandwidth",
            Bound::Compute => "compute",
            Bound::Link => "link",
            Bound::Network => "network",
            Bound::HostMemory => "host_memory",
            Bound::Disk => "disk",
            Bound::Launch => "launch",
            Bound::Latency => "latency",
        }
    }
}

/// Seconds, or a time too long to hold (never NaN or infinity).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Time {
    Seconds(f64),
    /// Longer than [`Time::MAX_SECONDS`], or not a number the arithmetic could give.
    Overflow,
}

impl Time {
    /// A thousand times the age of the universe: anything longer is reported as overflow.
    pub const MAX_SECONDS: f64 = 4.4e20;

    /// `seconds` as a time; non-finite, negative or overlong values are overflow.
    pub fn of(seconds: f64) -> Time {
        if seconds.is_finite() && (0.0..=Time::MAX_SECONDS).contains(&seconds) {
            Time::Seconds(seconds)
        } else {
            Time::Overflow
        }
    }

    /// The seconds, None on overflow.
    pub fn seconds(self) -> Option<f64> {
        match self {
            Time::Seconds(s) => Some(s),
            Time::Overflow => None,
        }
    }

    /// Per second of this time (a rate); 0 on overflow or a zero time.
    pub fn per_second(self, count: f64) -> f64 {
        match self {
            Time::Seconds(s) if s > 0.0 => {
                let r = count / s;
                if r.is_finite() {
                    r
                } else {
                    0.0
                }
            }
            _ => 0.0,
        }
    }

    /// The sum of two times.
    pub fn plus(self, other: Time) -> Time {
        match (self, other) {
            (Time::Seconds(a), Time::Seconds(b)) => Time::of(a + b),
            _ => Time::Overflow,
        }
    }

    /// The longer of two times (overflow is longest).
    pub fn max(self, other: Time) -> Time {
        match (self, other) {
            (Time::Seconds(a), Time::Seconds(b)) => Time::Seconds(a.max(b)),
            _ => Time::Overflow,
        }
    }

    /// This time `n` times over.
    pub fn times(self, n: f64) -> Time {
        match self {
            Time::Seconds(s) => Time::of(s * n),
            Time::Overflow => Time::Overflow,
        }
    }
}

/// Declares `TermId` from one row per term, `Variant = "key", Family;`, in the order the
/// terms are listed: the key (JSON, the page's `data-term`) and the family whose values type
/// carries the term (and whose template in `explain::speed` writes its words) are written once.
macro_rules! terms {
    ($($(#[$doc:meta])* $variant:ident = $key:literal, $family:ident;)*) => {
        /// Which term of a step a [`TimeTerm`] is: read off its values ([`TermValues::id`]).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum TermId {
            $($(#[$doc])* $variant,)*
        }

        impl TermId {
            /// Every term, in declaration order.
            pub const ALL: &'static [TermId] = &[$(TermId::$variant,)*];

            /// The stable key in JSON (serde's name for the variant too).
            pub const fn key(self) -> &'static str {
                match self {
                    $(TermId::$variant => $key,)*
                }
            }

            /// The family whose values type carries this term.
            pub const fn family(self) -> TermFamily {
                match self {
                    $(TermId::$variant => TermFamily::$family,)*
                }
            }
        }
    };
}

terms! {
    Prefill = "prefill", Neural;
    PrefillAllReduce = "prefill_all_reduce", Neural;
    DecodeMemory = "decode_memory", Neural;
    DecodeCompute = "decode_compute", Neural;
    DecodeHost = "decode_host", Neural;
    /// llama.cpp's host-resident weights during prefill: copied to the GPU per micro-batch
    /// (op offload) or read by the CPU below its batch threshold.
    PrefillHost = "prefill_host", Neural;
    /// llama.cpp's prefill on an Apple GPU: the graph's kernels beside the matrix products,
    /// at the memory bandwidth (speed/metal.rs; issue 37, h-metalpp).
    PrefillGraph = "prefill_graph", Neural;
    /// llama.cpp's kernel launches without a CUDA graph (speed/launch.rs).
    DecodeLaunch = "decode_launch", Neural;
    /// llama.cpp's one-warp quantized kernel below its SMs' warp limit (speed/mmvq.rs).
    DecodeOccupancy = "decode_occupancy", Neural;
    /// llama.cpp's k-quant kernels below the bandwidth, bound by integer work (speed/kquant.rs).
    DecodeKquant = "decode_kquant", Neural;
    /// A Python engine's host launches where no CUDA graph captures the step (speed/dispatch.rs).
    DecodeDispatch = "decode_dispatch", Neural;
    TpAllReduce = "tp_all_reduce", Neural;
    /// vLLM's and SGLang's fused MoE block beyond its bytes: routing, alignment and the grouped
    /// GEMMs' fixed time per MoE layer (speed/moe_block.rs).
    DecodeMoeBlock = "decode_moe_block", Neural;
    /// vLLM's and SGLang's kernels under their CUDA graph: each kernel's and each attention
    /// op's floor beyond its bytes (speed/graph_kernels.rs).
    DecodeGraphKernels = "decode_graph_kernels", Neural;
    TrainCompute = "train_compute", Neural;
    /// FP8 training's attention products, left in BF16 by Transformer Engine's default recipe
    /// (`fp8_dpa` off; speed/training.rs).
    TrainAttention = "train_attention", Neural;
    PipelineBubble = "pipeline_bubble", Neural;
    DataParallel = "data_parallel", Neural;
    /// Hybrid sharding's gradient all-reduce across the replicas (HSDP).
    HybridAllReduce = "hybrid_all_reduce", Neural;
    TensorParallel = "tensor_parallel", Neural;
    /// Tensor parallelism's collectives overlapped with the matrix products (`tp_overlap`,
    /// Transformer Engine's userbuffers): the share left exposed (speed/overlap.rs).
    TensorParallelOverlap = "tensor_parallel_overlap", Neural;
    /// The data-parallel collectives nothing overlaps: FSDP's first all-gather and last
    /// reduce-scatter, DDP's last bucket (speed/overlap.rs).
    DataParallelExposed = "data_parallel_exposed", Neural;
    ExpertAllToAll = "expert_all_to_all", Neural;
    PipelineSend = "pipeline_send", Neural;
    OffloadTraffic = "offload_traffic", Neural;
    /// ZeRO-Offload's optimizer step on the host CPU (DeepSpeed's CPU Adam), over host memory
    /// bandwidth (speed/training.rs).
    OffloadStep = "offload_step", Neural;
    /// QLoRA's NF4 base weights dequantized to 16 bits before every matrix product that uses
    /// them (bitsandbytes `MatMul4Bit`; speed/training.rs).
    QloraDequant = "qlora_dequant", Neural;
    SimMemory = "sim_memory", Grid;
    SimHalo = "sim_halo", Grid;
    SimDisk = "sim_disk", Grid;
    // Spectral transforms and plane-wave DFT: FFTs, their transposes, dense algebra.
    FftCompute = "fft_compute", Spectral;
    FftMemory = "fft_memory", Spectral;
    FftTranspose = "fft_transpose", Spectral;
    PwProjectors = "pw_projectors", Spectral;
    PwSubspace = "pw_subspace", Spectral;
    PwDiagonalise = "pw_diagonalise", Spectral;
    // Particles and N-body (speed/sim/particles.rs, speed/sim/nbody.rs).
    MdTraffic = "md_traffic", Particles;
    MdPairs = "md_pairs", Particles;
    MdKspace = "md_kspace", Particles;
    MdGhosts = "md_ghosts", Particles;
    MdLaunch = "md_launch", Particles;
    // Issue 37 (h-md): LAMMPS's neighbour-list builds; a CPU rank's wait for its core.
    MdNeighBuild = "md_neigh_build", Particles;
    MdCpuWait = "md_cpu_wait", Particles;
    NbodyTraffic = "nbody_traffic", Particles;
    NbodyPm = "nbody_pm", Particles;
    NbodyTranspose = "nbody_transpose", Particles;
    // Unstructured meshes and block-structured AMR (speed/sim/mesh.rs, speed/sim/amr.rs).
    MeshAssembly = "mesh_assembly", Mesh;
    MeshSolve = "mesh_solve", Mesh;
    MeshChain = "mesh_chain", Mesh;
    /// A segregated step's smoother solves (OpenFOAM's smoothSolver with symGaussSeidel):
    /// sweeps and residuals over the matrix, with their dependent chains (speed/sim/mesh.rs).
    MeshSmooth = "mesh_smooth", Mesh;
    MeshGather = "mesh_gather", Mesh;
    AmrAdvance = "amr_advance", Mesh;
    // A Krylov solve's dot products across ranks (speed/sim/reductions.rs).
    SolveAllReduce = "solve_all_reduce", Reductions;
    // Scientific-ML surrogates (speed/sciml.rs).
    SurrogateCompute = "surrogate_compute", Surrogate;
    SurrogateMemory = "surrogate_memory", Surrogate;
    // SPARC's real-space DFT (speed/sim/sparc.rs).
    RsStencilCompute = "rs_stencil_compute", RealSpace;
    RsStencilMemory = "rs_stencil_memory", RealSpace;
    RsProjectors = "rs_projectors", RealSpace;
    RsSubspace = "rs_subspace", RealSpace;
    RsEigensolve = "rs_eigensolve", RealSpace;
    RsHalo = "rs_halo", RealSpace;
}

/// The family of a [`TermId`]: the variant of [`TermValues`] that holds its values, and so
/// the file of `explain::speed` whose template writes its words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TermFamily {
    /// Inference and training of neural networks ([`NeuralTerm`], `explain/speed/neural.rs`).
    Neural,
    /// Grids and lattices, their halos and the disk ([`GridTerm`], `explain/speed/grid.rs`).
    Grid,
    /// Spectral transforms and plane-wave DFT ([`SpectralTerm`], `explain/speed/spectral.rs`).
    Spectral,
    /// Molecular dynamics and N-body ([`ParticleTerm`], `explain/speed/particles.rs`).
    Particles,
    /// Unstructured meshes and AMR ([`MeshTerm`], `explain/speed/mesh.rs`).
    Mesh,
    /// Scientific-ML surrogates ([`SurrogateTerm`], `explain/speed/sciml.rs`).
    Surrogate,
    /// A solve's all-reduces across ranks (`explain/speed/reductions.rs`).
    Reductions,
    /// SPARC's real-space DFT (`explain/speed/sparc.rs`).
    RealSpace,
}

/// Bytes over a bandwidth: the values of every transfer-bound term.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Transfer {
    /// Bytes moved per step (one device's or rank's share).
    pub bytes: f64,
    /// Peak bandwidth, bytes per second.
    pub bandwidth: f64,
    /// Achieved share of it (1 where the figure is already achieved, e.g. a link).
    pub efficiency: f64,
}

impl Transfer {
    pub fn time(&self) -> Time {
        Time::of(self.bytes / (self.bandwidth * self.efficiency))
    }
}

/// FLOPs over a peak at a utilisation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Work {
    pub flops: f64,
    /// Peak FLOP/s of one device at the step's precision.
    pub peak: f64,
    pub utilisation: f64,
    pub dtype: crate::catalog::precision::Dtype,
}

impl Work {
    pub fn time(&self) -> Time {
        Time::of(self.flops / (self.peak * self.utilisation))
    }
}

/// Which link a collective crosses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Via {
    /// The GPUs' own links inside a node.
    Link(crate::catalog::hardware::LinkKind),
    /// PCI Express (GPUs without links, or host traffic).
    Pcie(u8),
    /// The network between nodes (each GPU's share of its node's NICs).
    Network,
    /// Host memory shared by the ranks of one node.
    HostMemory,
}

impl Via {
    pub fn bound(self) -> Bound {
        match self {
            Via::Link(_) | Via::Pcie(_) => Bound::Link,
            Via::Network => Bound::Network,
            Via::HostMemory => Bound::HostMemory,
        }
    }
}

/// A ring collective's values (NCCL: an all-reduce sends 2 (n − 1)/n of the buffer per rank,
/// an all-gather or reduce-scatter (n − 1)/n), and the latency each collective pays
/// ([`latency::ring`] builds one).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Collective {
    /// Ranks in the ring.
    pub ranks: u64,
    /// Bytes of the buffer reduced or gathered, per collective.
    pub buffer: f64,
    /// Collectives per step, counted in all-reduce equivalents' share: 2 for an all-reduce,
    /// 1 for an all-gather or a reduce-scatter, summed over the step.
    pub halves: f64,
    pub via: Via,
    /// One-way bandwidth per rank, bytes per second.
    pub bandwidth: f64,
    /// Collectives per step: each pays the latency once.
    pub count: f64,
    pub latency: latency::Latency,
}

impl Collective {
    /// Bytes each rank sends per step: halves × (n − 1)/n × buffer.
    pub fn bytes(&self) -> f64 {
        let n = self.ranks.max(1) as f64;
        self.halves * (n - 1.0) / n * self.buffer
    }

    /// The bytes at the protocol's share of the bandwidth, plus every collective's latency.
    pub fn time(&self) -> Time {
        Time::of(
            self.bytes() / (self.bandwidth * self.latency.protocol.efficiency())
                + self.count * self.latency.seconds(),
        )
    }
}

/// The named values of a term: one variant per family, whose values type says which term it
/// is ([`TermValues::id`]), so a term's id cannot disagree with its values.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TermValues {
    Neural(NeuralTerm),
    Grid(GridTerm),
    Spectral(SpectralTerm),
    Particles(ParticleTerm),
    Mesh(MeshTerm),
    Surrogate(SurrogateTerm),
    /// A solve's dot products, each an all-reduce across the ranks.
    SolveAllReduce(sim::reductions::DotReductions),
    /// A term of SPARC's real-space SCF iteration (speed/sim/sparc.rs).
    RealSpace(sim::sparc::RsTerm),
}

impl TermValues {
    /// The term these values are.
    pub fn id(&self) -> TermId {
        match self {
            TermValues::Neural(v) => v.id(),
            TermValues::Grid(v) => v.id(),
            TermValues::Spectral(v) => v.id(),
            TermValues::Particles(v) => v.id(),
            TermValues::Mesh(v) => v.id(),
            TermValues::Surrogate(v) => v.id(),
            TermValues::SolveAllReduce(_) => TermId::SolveAllReduce,
            TermValues::RealSpace(v) => v.id(),
        }
    }

    /// The family these values belong to: the `terms!` row of their id names the same one
    /// (checked by `tests/speed_terms.rs` over the corpus).
    pub fn family(&self) -> TermFamily {
        match self {
            TermValues::Neural(_) => TermFamily::Neural,
            TermValues::Grid(_) => TermFamily::Grid,
            TermValues::Spectral(_) => TermFamily::Spectral,
            TermValues::Particles(_) => TermFamily::Particles,
            TermValues::Mesh(_) => TermFamily::Mesh,
            TermValues::Surrogate(_) => TermFamily::Surrogate,
            TermValues::SolveAllReduce(_) => TermFamily::Reductions,
            TermValues::RealSpace(_) => TermFamily::RealSpace,
        }
    }
}

/// The values of an inference or training term of a neural network.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum NeuralTerm {
    /// FLOPs of a forward pass over the prompt: 2 · params · tokens + causal attention.
    Prefill {
        matmul_params: f64,
        tokens: f64,
        /// 2 · layers · tokens² · heads · head_dim · sequences ÷ tp (causal).
        attention_flops: f64,
        tp: u64,
        work: Work,
        /// One request's prompt (a pooled engine's continuous batching), not the batch's.
        per_request: bool,
        /// The FP16-accumulate rate `work.peak` includes (GeForce cards; speed/prefill.rs).
        fp16_acc: Option<prefill::Fp16Acc>,
        /// The utilisation is llama.cpp's Metal `kernel_mul_mm` rate (speed/metal.rs), the
        /// default on an Apple GPU: for float or quantized weights.
        metal_mm: Option<metal::MetalMm>,
        /// The share of the tensor rate llama.cpp's MMQ epilogue allows, which `work.peak`
        /// includes (data-center cards; speed/mmq.rs).
        mmq: Option<mmq::MmqCeiling>,
    },
    /// Bytes a decode step reads from device memory: the weights as stored and every running
    /// sequence's KV cache.
    DecodeMemory {
        /// The weights read: all of them, or a mixture of experts' routed share.
        weights: f64,
        /// That share of the stored weights (1 for a dense model).
        share: f64,
        kv: f64,
        sequences: u64,
        /// Pipeline stages read one after the other.
        stages: u64,
        transfer: Transfer,
    },
    /// FLOPs of a decode step: 2 · params · sequences + attention over the context.
    DecodeCompute {
        matmul_params: f64,
        sequences: u64,
        attention_flops: f64,
        tp: u64,
        work: Work,
    },
    /// llama.cpp's weights in host memory during the prefill, once per micro-batch: copied over
    /// PCIe to the GPU that runs them (ggml's scheduler offloads an op on host weights when
    /// its batch reaches the CUDA backend's threshold, 32 tokens), or read by the CPU below it.
    PrefillHost {
        /// Bytes of host weights one micro-batch uses.
        bytes: f64,
        micro_batches: u64,
        ubatch: u64,
        /// Copied to the GPU (op offload) rather than read by the CPU.
        offloaded: bool,
        transfer: Transfer,
    },
    /// llama.cpp's prefill on an Apple GPU (issue 37): the graph's other kernels (norms,
    /// rotary, cache copies, softmax, adds, the FFN's activation), each reading and writing the
    /// prompt's F32 activations at the memory bandwidth (speed/metal.rs).
    PrefillGraph {
        /// Bytes per layer ([`metal::graph_bytes_per_layer`]).
        per_layer: f64,
        layers: u64,
        tokens: f64,
        /// Without flash attention the softmax over the scores is among them.
        scores: bool,
        transfer: Transfer,
    },
    /// llama.cpp's host layers and their KV cache, read at host memory bandwidth.
    DecodeHost {
        weights: f64,
        kv: f64,
        layers: u64,
        /// Offloaded layers whose routed experts `--n-cpu-moe` keeps in host memory.
        expert_layers: u64,
        transfer: Transfer,
        /// The placement llama.cpp's `--fit` made for a run whose GPU could not hold it (the
        /// time is that run's): `-ngl` and `--n-cpu-moe` as fitted.
        fit: Option<(u64, u64)>,
    },
    /// llama.cpp's kernels launched one by one: the GPU's gap after each (speed/launch.rs).
    DecodeLaunch {
        per_layer: u64,
        /// Layers on the GPU.
        layers: u64,
        /// A mixture of experts' routing kernels beyond `per_layer`, per MoE layer on the GPU
        /// (`launch::moe_extra`), and those layers.
        moe: u64,
        moe_layers: u64,
        /// Kernels after the layers (0 with the output layer on the host).
        head: u64,
        /// Seconds per kernel: the CUDA gap, or Metal's or an Instinct's time per kernel (`why`).
        gap: f64,
        why: launch::Uncaptured,
    },
    /// The host's launches of a decode step's kernels, one by one, where no CUDA graph
    /// captures it (speed/dispatch.rs): the step takes at least this long.
    DecodeDispatch {
        per_layer: u64,
        layers: u64,
        head: u64,
        /// Host seconds per launch.
        per_launch: f64,
        why: dispatch::Eager,
    },
    /// vLLM's and SGLang's fused MoE block per MoE layer beyond the bytes of the experts it
    /// reads (speed/moe_block.rs): `layers` × `per_layer` seconds a step.
    DecodeMoeBlock {
        /// MoE layers a step runs.
        layers: u64,
        /// Fixed seconds of one layer's block.
        per_layer: f64,
    },
    /// vLLM's and SGLang's kernels under their CUDA graph (speed/graph_kernels.rs): every
    /// kernel's floor and every layer's attention op floor, a step.
    DecodeGraphKernels {
        /// The step's kernels by kind of layer.
        count: graph_kernels::Count,
        /// Seconds of one kernel's floor.
        per_kernel: f64,
        /// Seconds of one layer's attention op floor.
        attention: f64,
    },
    /// What the weights' reads take beyond the bandwidth-bound time when llama.cpp's
    /// quantized kernel runs too few warps to keep the memory busy (speed/mmvq.rs).
    DecodeOccupancy {
        /// Weights' bytes the kernel reads.
        weights: f64,
        occupancy: mmvq::Occupancy,
        /// The bandwidth-bound rate the memory term charges (bandwidth × bw_eff).
        bound_rate: f64,
    },
    /// What the weights' reads take beyond the bandwidth-bound time when llama.cpp's k-quant
    /// matrix-vector kernels are bound by their integer work (speed/kquant.rs).
    DecodeKquant {
        /// Weights' bytes the kernel reads.
        weights: f64,
        /// Achieved rate relative to the legacy formats' (the mix's factor).
        factor: f64,
        /// The bandwidth-bound rate the memory term charges (bandwidth × bw_eff).
        bound_rate: f64,
    },
    /// Training FLOPs per step per device at the utilisation.
    TrainCompute(TrainFlops),
    /// The pipeline's idle share of a 1F1B step: (p − 1) / (m · v) of the compute, v the
    /// model chunks per device of the interleaved schedule (1: plain 1F1B).
    PipelineBubble {
        stages: u64,
        micro_batches: u64,
        virtual_stages: u64,
        compute_seconds: f64,
    },
    /// Tensor-parallel all-reduces of a decode step: two per layer for each token.
    TpAllReduce { tokens: u64, collective: Collective },
    /// Tensor-parallel all-reduces of the prefill: two per layer for every prompt token.
    PrefillAllReduce { tokens: u64, collective: Collective },
    /// Gradients (and ZeRO's parameter gathers) over the data-parallel ranks.
    /// Hybrid sharding (HSDP): each rank's gradient shard all-reduced across the replicas,
    /// one node's shard group each.
    HybridAllReduce {
        replicas: u64,
        /// Ranks of a shard group.
        shard: u64,
        collective: Collective,
    },
    DataParallel {
        zero: u8,
        collective: Collective,
        /// Whether it runs beside the backward pass (`dp_overlap`, default on).
        overlapped: bool,
    },
    /// Megatron tensor parallelism's all-reduces in training.
    TensorParallel {
        per_layer: u64,
        layers: u64,
        micro_batches: u64,
        collective: Collective,
    },
    /// Megatron tensor parallelism's collectives run beside the matrix products (`tp_overlap`):
    /// what of them stays exposed (speed/overlap.rs).
    TensorParallelOverlap(crate::speed::overlap::TpOverlap),
    /// The data-parallel collectives that nothing overlaps (speed/overlap.rs).
    DataParallelExposed(crate::speed::overlap::DpExposed),
    /// Expert parallelism's all-to-all: each token's hidden vector sent to the ranks of its
    /// top-k experts (dispatch) and their outputs back (combine), in each MoE layer.
    ExpertAllToAll {
        /// MoE layers on a device.
        layers: u64,
        /// Tokens a rank routes per pass.
        tokens: f64,
        top_k: u64,
        hidden: u64,
        /// Bytes of one activation value.
        value_bytes: f64,
        /// Ranks the experts are divided over.
        ranks: u64,
        /// All-to-alls per layer: dispatch and combine, and the backward's two in training.
        passes: u64,
        /// Steps (micro-batches) per step.
        count: u64,
        transfer: Transfer,
        via: Via,
    },
    /// Activations between pipeline stages, point to point.
    PipelineSend {
        micro_batches: u64,
        virtual_stages: u64,
        transfer: Transfer,
        via: Via,
    },
    /// ZeRO-Offload's gradients to the host and updated parameters back, over PCIe.
    OffloadTraffic { params: f64, transfer: Transfer },
    /// FP8 training: the attention core's FLOPs per token (forward, backward, recomputed) run
    /// at the BF16 peak, over `tokens` on `gpus`.
    TrainAttention {
        flops_per_token: f64,
        tokens: f64,
        gpus: u64,
        work: Work,
    },
    /// ZeRO-Offload's optimizer step on the host: each rank's `params` read and written in FP32
    /// with their gradient and `states` FP32 optimizer states, `bytes_per_param` in all, at the
    /// host bandwidth shared by the node's `ranks` (DeepSpeed csrc/includes/cpu_adam.h).
    /// QLoRA: `params` frozen NF4 weights dequantized `passes` times a step (forward, backward,
    /// and the recomputed forward), each reading `read` B and writing `write` B a weight.
    QloraDequant {
        params: f64,
        passes: u64,
        read: f64,
        write: f64,
        transfer: Transfer,
    },
    OffloadStep {
        params: f64,
        states: u64,
        bytes_per_param: f64,
        ranks: u64,
        transfer: Transfer,
    },
}

/// The values of a grid or lattice term: a step's memory traffic, its halo and the disk.
#[derive(Debug, Clone, Copy, PartialEq)]
// The variants are the terms' ids (`terms!`), which name what they time: most of a grid's
// terms are a simulation's.
#[allow(clippy::enum_variant_names)]
pub enum GridTerm {
    /// A simulation step's bytes over the memory bandwidth (a lower bound on its time).
    SimMemory(SimBytes),
    /// A rank's halo per step over the network or shared memory.
    SimHalo {
        cells: f64,
        bytes_per_cell: f64,
        ranks_per_node: u64,
        transfer: Transfer,
        via: Via,
    },
    /// The part of the memory beyond the node's RAM, read and written each step at disk
    /// bandwidth.
    SimDisk { excess: f64, transfer: Transfer },
}

/// The values of a spectral-transform or plane-wave DFT term.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SpectralTerm {
    /// A step's FFTs at the compute peak: 5 N log2 N FLOPs each (2.5 for real-to-complex).
    FftCompute { ffts: Ffts, work: Work },
    /// A step's FFTs through memory: each pass over the rank's share reads and writes it.
    FftMemory {
        ffts: Ffts,
        passes: u64,
        transfer: Transfer,
    },
    /// The all-to-all transposes of the distributed FFTs.
    FftTranspose(Transpose),
    /// Plane-wave DFT: a step's complex matrix products of a kind (projectors or subspace).
    PwGemm(PwGemm),
    /// Plane-wave DFT: the subspace's dense eigenproblems.
    PwDiagonalise {
        /// The matrix order.
        n: u64,
        /// Eigenproblems per step (per k-point, per solver block, over the rank's k-points).
        count: f64,
        work: Work,
    },
}

/// The values of a molecular dynamics or tree-PM N-body term.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ParticleTerm {
    /// A molecular dynamics term (pair loop, long-range mesh, ghost exchange).
    Md(sim::particles::MdValues),
    /// A tree-PM N-body term.
    Nbody(sim::nbody::NbodyStep),
}

/// The values of an unstructured-mesh or block-structured AMR term (speed/sim/mesh.rs,
/// speed/sim/amr.rs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MeshTerm {
    /// A mesh step's own traffic besides its solve: the solution read and written, the mesh
    /// read and the matrix written once.
    MeshAssembly(sim::mesh::Assembly),
    /// A mesh step's linear solve: the Krylov iterations' bytes.
    MeshSolve(sim::mesh::Solve),
    /// A CPU mesh solve's dependent-add chains: every sparse row's sum, one add after another.
    MeshChain(sim::mesh::Chain),
    /// A segregated step's smoother iterations: symmetric Gauss–Seidel sweeps and residuals.
    MeshSmooth(sim::mesh::Smooth),
    /// A CPU mesh solve's gathers, where the build gathers its rows with vector instructions.
    MeshGather(sim::gather::Gather),
    /// An AMR step: every block update of every level.
    AmrAdvance(sim::amr::Advance),
}

/// The values of a scientific-ML surrogate's term (speed/sciml.rs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SurrogateTerm {
    /// A surrogate network's FLOPs per step on one device at the utilisation.
    SurrogateCompute(sciml::SurrogateFlops),
    /// The activations a surrogate's forward writes and reads back, over the memory bandwidth.
    SurrogateMemory(sciml::SurrogateBytes),
}

impl NeuralTerm {
    /// The term these values are.
    pub fn id(&self) -> TermId {
        match self {
            NeuralTerm::Prefill { .. } => TermId::Prefill,
            NeuralTerm::DecodeMemory { .. } => TermId::DecodeMemory,
            NeuralTerm::DecodeCompute { .. } => TermId::DecodeCompute,
            NeuralTerm::DecodeHost { .. } => TermId::DecodeHost,
            NeuralTerm::PrefillHost { .. } => TermId::PrefillHost,
            NeuralTerm::PrefillGraph { .. } => TermId::PrefillGraph,
            NeuralTerm::DecodeLaunch { .. } => TermId::DecodeLaunch,
            NeuralTerm::DecodeOccupancy { .. } => TermId::DecodeOccupancy,
            NeuralTerm::DecodeKquant { .. } => TermId::DecodeKquant,
            NeuralTerm::DecodeDispatch { .. } => TermId::DecodeDispatch,
            NeuralTerm::DecodeMoeBlock { .. } => TermId::DecodeMoeBlock,
            NeuralTerm::DecodeGraphKernels { .. } => TermId::DecodeGraphKernels,
            NeuralTerm::TrainCompute(_) => TermId::TrainCompute,
            NeuralTerm::PipelineBubble { .. } => TermId::PipelineBubble,
            NeuralTerm::TpAllReduce { .. } => TermId::TpAllReduce,
            NeuralTerm::PrefillAllReduce { .. } => TermId::PrefillAllReduce,
            NeuralTerm::DataParallel { .. } => TermId::DataParallel,
            NeuralTerm::HybridAllReduce { .. } => TermId::HybridAllReduce,
            NeuralTerm::TensorParallel { .. } => TermId::TensorParallel,
            NeuralTerm::TensorParallelOverlap(_) => TermId::TensorParallelOverlap,
            NeuralTerm::DataParallelExposed(_) => TermId::DataParallelExposed,
            NeuralTerm::ExpertAllToAll { .. } => TermId::ExpertAllToAll,
            NeuralTerm::PipelineSend { .. } => TermId::PipelineSend,
            NeuralTerm::OffloadTraffic { .. } => TermId::OffloadTraffic,
            NeuralTerm::TrainAttention { .. } => TermId::TrainAttention,
            NeuralTerm::OffloadStep { .. } => TermId::OffloadStep,
            NeuralTerm::QloraDequant { .. } => TermId::QloraDequant,
        }
    }
}

impl GridTerm {
    /// The term these values are.
    pub fn id(&self) -> TermId {
        match self {
            GridTerm::SimMemory(_) => TermId::SimMemory,
            GridTerm::SimHalo { .. } => TermId::SimHalo,
            GridTerm::SimDisk { .. } => TermId::SimDisk,
        }
    }
}

impl SpectralTerm {
    /// The term these values are: a plane-wave product's kind says which.
    pub fn id(&self) -> TermId {
        match self {
            SpectralTerm::FftCompute { .. } => TermId::FftCompute,
            SpectralTerm::FftMemory { .. } => TermId::FftMemory,
            SpectralTerm::FftTranspose(_) => TermId::FftTranspose,
            SpectralTerm::PwGemm(g) => match g.kind {
                PwGemmKind::Projectors { .. } => TermId::PwProjectors,
                PwGemmKind::Subspace => TermId::PwSubspace,
            },
            SpectralTerm::PwDiagonalise { .. } => TermId::PwDiagonalise,
        }
    }
}

impl ParticleTerm {
    /// The term these values are.
    pub fn id(&self) -> TermId {
        use sim::nbody::NbodyStep;
        use sim::particles::MdValues;
        match self {
            ParticleTerm::Md(MdValues::Traffic { .. }) => TermId::MdTraffic,
            ParticleTerm::Md(MdValues::Pairs { .. }) => TermId::MdPairs,
            ParticleTerm::Md(MdValues::Kspace { .. }) => TermId::MdKspace,
            ParticleTerm::Md(MdValues::Ghosts { .. }) => TermId::MdGhosts,
            ParticleTerm::Md(MdValues::Launch { .. }) => TermId::MdLaunch,
            ParticleTerm::Md(MdValues::Build { .. }) => TermId::MdNeighBuild,
            ParticleTerm::Md(MdValues::CpuWait { .. }) => TermId::MdCpuWait,
            ParticleTerm::Nbody(NbodyStep::Traffic { .. }) => TermId::NbodyTraffic,
            ParticleTerm::Nbody(NbodyStep::Pm { .. }) => TermId::NbodyPm,
            ParticleTerm::Nbody(NbodyStep::Transpose { .. }) => TermId::NbodyTranspose,
        }
    }
}

impl MeshTerm {
    /// The term these values are.
    pub fn id(&self) -> TermId {
        match self {
            MeshTerm::MeshAssembly(_) => TermId::MeshAssembly,
            MeshTerm::MeshSolve(_) => TermId::MeshSolve,
            MeshTerm::MeshChain(_) => TermId::MeshChain,
            MeshTerm::MeshSmooth(_) => TermId::MeshSmooth,
            MeshTerm::MeshGather(_) => TermId::MeshGather,
            MeshTerm::AmrAdvance(_) => TermId::AmrAdvance,
        }
    }
}

impl SurrogateTerm {
    /// The term these values are.
    pub fn id(&self) -> TermId {
        match self {
            SurrogateTerm::SurrogateCompute(_) => TermId::SurrogateCompute,
            SurrogateTerm::SurrogateMemory(_) => TermId::SurrogateMemory,
        }
    }
}

/// The FFTs of a step, and what they are for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ffts {
    pub of: FftsOf,
    /// Transforms per step (each distributed over `ranks`).
    pub transforms: f64,
    /// Points of one transform's grid (padded where it dealiases).
    pub points: f64,
    /// The busiest rank's share of those points.
    pub local: f64,
    /// Real-to-complex (half the FLOPs and half the complex points).
    pub real: bool,
    /// Ranks sharing one transform.
    pub ranks: u64,
    /// Bytes of one point's value as transformed (complex: two words).
    pub point_bytes: f64,
}

/// Where a step's transform count comes from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FftsOf {
    /// Pseudo-spectral: each field to physical space and its nonlinear term back, per
    /// Runge–Kutta stage.
    Spectral { fields: u64, stages: u64 },
    /// Pseudo-spectral with the count given (`transforms`): an FFT benchmark's one transform,
    /// or a code whose step does more than two per field and stage.
    Given { per_step: u64 },
    /// Plane-wave DFT: two FFTs per band per H·ψ, one more per band for the density, per
    /// k-point of the rank's pool (two real bands per FFT with the Γ trick).
    Planewave {
        bands: u64,
        kpoints: u64,
        applications: f64,
        gamma: bool,
    },
}

/// The all-to-all transposes of a step's distributed FFTs: each rank sends (P − 1)/P of its
/// share per transpose (across nodes only the share bound for other nodes crosses the network).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Transpose {
    /// Transposes per step: the FFTs × transposes per FFT.
    pub transforms: f64,
    pub per_fft: u64,
    pub ranks: u64,
    /// Bytes of a rank's share of one transform's data.
    pub share: f64,
    /// The part of it sent over `via`: (P − 1)/P, or (P − ranks per node)/P across nodes.
    pub sent: f64,
    pub via: Via,
    /// One-way bandwidth per rank, B/s.
    pub bandwidth: f64,
    /// The transposes' time over the FFTs' local time (compute or memory, the longer).
    pub ratio: f64,
}

impl Transpose {
    /// Bytes a rank sends per step.
    pub fn bytes(&self) -> f64 {
        self.transforms * self.per_fft as f64 * self.sent * self.share
    }

    pub fn time(&self) -> Time {
        Time::of(self.bytes() / self.bandwidth)
    }
}

/// Plane-wave DFT's complex matrix products of one kind per step: `units` products of
/// Npw × m × n each, 8 real FLOPs per complex multiply-add (4 with the Γ trick's real ones).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PwGemm {
    pub kind: PwGemmKind,
    /// Plane waves of a k-point (times spinor components), the rank's share.
    pub plane_waves: f64,
    pub m: u64,
    pub n: u64,
    /// Products per k-point per step.
    pub units: f64,
    pub kpoints: u64,
    /// FLOPs per multiply-add: 8 complex, 4 real (Γ).
    pub flops_per_fma: f64,
    pub work: Work,
}

/// Which products a [`PwGemm`] counts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PwGemmKind {
    /// ⟨β|ψ⟩ and the projectors' sum back (and S|ψ⟩ for ultrasoft/PAW), per H·ψ.
    Projectors { applications: f64, per_apply: u64 },
    /// Overlaps and rotations of the subspace (Davidson's reduced H and S, CG's
    /// orthogonalisation).
    Subspace,
}

impl PwGemm {
    pub fn flops(&self) -> f64 {
        self.flops_per_fma
            * self.plane_waves
            * self.m as f64
            * self.n as f64
            * self.units
            * self.kpoints as f64
    }
}

/// A training step's FLOPs per token and the tokens.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrainFlops {
    pub matmul_params: f64,
    /// 6 for full training, 4 for a frozen base (LoRA: forward + input gradients).
    pub passes: f64,
    /// Attention FLOPs per token, forward and backward: 12 · layers · seq · heads · head_dim.
    pub attention: f64,
    /// Recomputation's extra FLOPs per token.
    pub recompute: f64,
    pub recompute_mode: crate::scenario::Recompute,
    pub lora: bool,
    /// Tokens per step over all devices.
    pub tokens: f64,
    pub gpus: u64,
    pub work: Work,
}

/// What a simulation step reads and writes per cell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SimBytes {
    /// Lattice Boltzmann: Q distributions read and written, plus a flag byte.
    Lbm {
        q: u64,
        storage: u64,
        cells: f64,
        transfer: Transfer,
        /// CPU ranks: their socket's share (NUMA).
        share: Option<crate::speed::machine::RankShare>,
    },
    /// A structured grid: every stored level of every field, and the work arrays, read and
    /// written once.
    Grid {
        fields: u64,
        levels: u64,
        work: u64,
        b: u64,
        cells: f64,
        transfer: Transfer,
        /// CPU ranks: their socket's share (NUMA).
        share: Option<crate::speed::machine::RankShare>,
    },
}

/// One term of a step's time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimeTerm {
    pub time: Time,
    pub bound: Bound,
    /// Its named values, which say which term it is.
    pub values: TermValues,
}

impl TimeTerm {
    /// Which term this is, read off its values.
    pub fn id(&self) -> TermId {
        self.values.id()
    }
}

/// The headline figures of a run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Steps {
    Inference {
        /// Time to first token: the prefill of the prompt.
        ttft: Time,
        /// One decode step (one token for each running sequence).
        decode_step: Time,
        /// The sequences a decode step runs: the requested ones, or as many as a pooled
        /// engine's KV pool holds.
        sequences: u64,
        tokens_per_s_per_sequence: f64,
        tokens_per_s: f64,
        /// The sequences asked for (`batch`; one replica's share with `batch_scope=all`).
        requested: u64,
        /// The GPUs one engine instance runs on (tp × pp): `tokens_per_s` over them is the
        /// throughput per GPU, which decides between layouts of different sizes.
        gpus: u64,
        /// The requests a pooled engine's queue holds while the running ones decode: their
        /// first token waits for running ones to finish, so their time to first token is the
        /// queue's, not `ttft`.
        queue: Option<Queue>,
        /// A pooled engine under load, where requests generate tokens after their prompts:
        /// the throughput over a request's life (speed/inference.rs `under_load`).
        served: Option<Served>,
        /// Data-parallel replicas, each running these steps: the run's throughput is
        /// `tokens_per_s` × replicas.
        replicas: u64,
    },
    Training {
        step: Time,
        tokens_per_step: f64,
        tokens_per_s: f64,
        /// Every GPU of the run: `tokens_per_s` over them is the throughput per GPU.
        gpus: u64,
        /// FLOPs of the step over all devices (recomputation included).
        flops_per_step: f64,
        /// The user's token budget (`train_tokens`) and the run's time for it; None without
        /// one.
        run: Option<(u64, Time)>,
    },
    Sim {
        step: Time,
        /// The whole run (every step).
        run: Time,
        steps: u64,
        /// The throughput the method's users quote (lattice Boltzmann: MLUPs), where it has
        /// one.
        rate: Option<sim::SimRate>,
        /// The step is one SCF iteration (plane-wave and real-space DFT), and its words say so
        /// (issue 37, defect 9: a plane-wave "time step" read as a time step).
        scf: bool,
    },
    // Scientific-ML surrogates (speed/sciml.rs).
    /// A PINN, FNO, mesh graph network or U-Net step: samples, not tokens.
    Surrogate {
        step: Time,
        /// A training step (forward and backward) or an inference forward.
        training: bool,
        /// Samples per step over all devices.
        samples_per_step: f64,
        samples_per_s: f64,
        /// FLOPs of the step over all devices.
        flops_per_step: f64,
    },
}

/// The requests waiting in a pooled engine's queue (vLLM's scheduler admits a waiting request
/// only when a running one frees its KV blocks or its max_num_seqs slot,
/// vllm/v1/core/sched/scheduler.py): they are served in waves of the running count, each wave
/// a prefill and the generation of `seq − prompt` tokens, so the last of them waits
/// `waves` × (time to first token + generation) before its own prefill starts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Queue {
    /// Requests waiting (requested − running).
    pub waiting: u64,
    /// Waves of running requests ahead of the last waiting one: ⌈waiting ÷ running⌉.
    pub waves: u64,
    /// Tokens each request generates after its prompt (`seq − prompt`).
    pub generated: u64,
    /// The wait of the last request in the queue before its own prefill.
    pub wait: Time,
}

/// A pooled engine under load (continuous batching, an offline benchmark's steady state): each
/// step runs a decode for every running request and the prefill chunks of the requests that
/// replace the finished ones (vLLM V1's scheduler hands tokens to running requests first, then
/// to waiting ones, until `max_num_batched_tokens` is spent, vllm/v1/core/sched/scheduler.py;
/// SGLang mixes them with `--enable-mixed-chunk`), and the running requests are spread over
/// their lives, so the KV cache a step reads is at their mean context, prompt + generated ÷ 2.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Served {
    /// Requests running at once: as many as the paged pool holds at their mean context (up to
    /// vLLM's max_num_seqs and the requests asked for), or fewer where the step's token budget
    /// cannot also hold the prefills that replace them: budget × generated ÷ (generated +
    /// prompt).
    pub sequences: f64,
    /// Tokens generated per request after its prompt.
    pub generated: u64,
    /// The mean context a step reads: prompt + generated ÷ 2.
    pub context: f64,
    /// The scheduler's token budget per step.
    pub budget: u64,
    /// One mixed step: the roofline of its bytes (weights, KV at the mean context) and FLOPs
    /// (decodes plus sequences ÷ generated prompts' prefill), plus the decode step's other terms.
    pub step: Time,
    /// Output tokens per second: sequences ÷ step.
    pub tokens_per_s: f64,
}

/// Aggregate tokens/s over `gpus` GPUs: the throughput per GPU.
pub fn per_gpu(tokens_per_s: f64, gpus: u64) -> f64 {
    tokens_per_s / gpus.max(1) as f64
}

/// The time of a scenario: its headline figures, what bounds them, and every term.
#[derive(Debug, Clone, PartialEq)]
pub struct Speed {
    pub steps: Steps,
    pub bound: Bound,
    pub terms: Vec<TimeTerm>,
    /// The GPUs and nodes the run holds, for its time in GPU-hours and node-hours (issue 41);
    /// set by [`speed`].
    pub held: Held,
}

/// What a run holds while it runs (issue 41): its GPUs (None for CPU codes) and nodes. A run's
/// time × these is its cost in GPU-hours and node-hours, the currency of HPC allocations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Held {
    pub gpus: Option<u64>,
    pub nodes: u64,
}

impl Held {
    /// Training and serving: every GPU, on ⌈GPUs ÷ GPUs per node⌉ nodes; simulation: its
    /// nodes, and its ranks as GPUs where the code runs on GPUs (one rank per GPU).
    pub fn of(s: &Scenario) -> Held {
        if s.mode == Mode::Sim {
            let gpu = s.sim.device == crate::scenario::sim::SimDevice::Gpu;
            Held {
                gpus: gpu.then_some(s.sim.ranks),
                nodes: s.sim.nodes,
            }
        } else {
            let g = s.parallel.gpus;
            Held {
                gpus: Some(g),
                nodes: g.div_ceil(s.parallel.gpus_per_node.max(1)),
            }
        }
    }
}

/// A hardware figure out of range, naming the key that sets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpeedError {
    pub field: FieldId,
    pub message: String,
}

impl std::fmt::Display for SpeedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field.key(), self.message)
    }
}

/// The time of a validated scenario and its estimate. `Ok(None)` where no time model exists
/// for it; an error where a hardware figure is out of range.
pub fn speed(s: &Scenario, e: &Estimate) -> Result<Option<Speed>, SpeedError> {
    let m = machine::Machine::of(s)?;
    let sp = match s.mode {
        Mode::Sim => sim::speed(s, e, &m),
        Mode::Infer if s.sciml.is_transformer() => {
            // One replica's steps; every replica runs the same.
            let mut sp = inference::speed(&s.per_replica(), e, &m);
            if let Steps::Inference { replicas, .. } = &mut sp.steps {
                *replicas = s.replicas();
            }
            Some(sp)
        }
        Mode::Train | Mode::Finetune if s.sciml.is_transformer() => Some(training::speed(s, e, &m)),
        Mode::Infer | Mode::Train | Mode::Finetune => Some(sciml::speed(s, e, &m)),
    };
    Ok(sp.map(|sp| Speed {
        held: Held::of(s),
        ..sp
    }))
}

/// The bound of the longest of `terms` (the first on a tie).
fn longest(terms: &[TimeTerm]) -> Bound {
    let mut best: Option<&TimeTerm> = None;
    for t in terms {
        let longer = best.is_none_or(|b| match (t.time, b.time) {
            (Time::Overflow, Time::Seconds(_)) => true,
            (Time::Seconds(x), Time::Seconds(y)) => x > y,
            _ => false,
        });
        if longer {
            best = Some(t);
        }
    }
    best.map_or(Bound::Compute, |t| t.bound)
}

#[cfg(test)]
mod tests {
    use super::TermId;

    #[test]
    fn serde_names_every_term_by_its_key_and_reads_it_back() {
        for &id in TermId::ALL {
            let json = serde_json::to_string(&id).unwrap();
            assert_eq!(json, format!("\"{}\"", id.key()), "{id:?}");
            assert_eq!(serde_json::from_str::<TermId>(&json).unwrap(), id);
        }
    }

    #[test]
    fn all_lists_every_term_once_with_a_key_of_its_own() {
        assert_eq!(TermId::ALL.len(), 61);
        assert_eq!(TermId::ALL.first(), Some(&TermId::Prefill));
        assert_eq!(TermId::ALL.last(), Some(&TermId::RsHalo));
        for (i, a) in TermId::ALL.iter().enumerate() {
            for b in &TermId::ALL[i + 1..] {
                assert_ne!(a, b);
                assert_ne!(a.key(), b.key());
            }
        }
    }
}
