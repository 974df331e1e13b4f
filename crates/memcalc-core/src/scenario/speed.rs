//! The time model's settings: what the user overrides of the hardware's figures and the
//! utilisation a step reaches (URL keys `mfu`, `bw_eff`, `gpu_bw`, `link_bw`, `host_bw`,
//! `net_bw`, `cpu_flops`, `fp_add_ns`, `fp_div_ns`, `chains`, `gather`, `gather_ns`; SPARC's
//! `cheb_degree`, `fd_order`, `projector_radius`), the workload's time inputs (`prompt`,
//! `train_tokens`, `micro_batches`, `vpp`) and the serving build's kernels (`mmvq_warps`,
//! `kquant_eff`). Each is `None` by default: the preset's figure or the cited default applies,
//! and no memory figure depends on them.

/// Default achieved share of peak memory bandwidth, in basis points (80 %): STREAM-like kernels
/// reach 80–90 % of the datasheet bandwidth on GPUs (NVIDIA's and AMD's BabelStream results;
/// FluidX3D's README measures 53–89 % for its bandwidth-bound LBM kernel on the 14 GPUs of
/// docs/accuracy.md's speed table).
pub const DEFAULT_BW_EFF_BP: u64 = 8_000;
/// Default achieved share on AMD Instinct GPUs' HBM, in basis points (70 %): the same
/// BabelStream harness (Azure AI benchmarking guide, `Azure_Results/ND_MI300X_v5_results.md`
/// and `ND_H100_v5_results.md`, "HBM Bandwidth") measures triad at 4.09 of MI300X's 5.3 TB/s
/// (77 %) and at 2.97 of H100's 3.35 TB/s (89 %): AMD's memory reaches 0.87 of NVIDIA's share,
/// so the default is 80 % × 0.87 ≈ 70 %.
pub const AMD_BW_EFF_BP: u64 = 7_000;
/// Default utilisation of peak FLOP/s by the FLOPs a training step executes, in basis points
/// (40 %): torchtitan measures 33–39 % MFU for Llama 3.1 8B on 8 H100 (benchmarks/
/// llama3_h100_202412_torchtitan.md), Narayanan et al. 2021 (arXiv 2104.04473, table 1) 44–52 %
/// of peak on A100 for GPT models of 1.7B to 1T parameters.
pub const DEFAULT_MFU_BP: u64 = 4_000;
/// Default utilisation of a training step on an A100 or A800 (Ampere datacenter GPUs), in basis
/// points (48 %): what published training runs on A100 clusters reached, each counted from its
/// own report: OPT-175B 147 TFLOP/s per GPU, 47.1 % (Zhang et al. 2022, arXiv 2205.01068 §2.3);
/// LLaMA-65B 380 tokens/s per GPU on 2,048 A100 80GB, 47.7 % of 6 · 65.2 G FLOPs per token
/// (Touvron et al. 2023, arXiv 2302.13971 §2.4); LLaMA-13B's 135,168 GPU-hours for 1 T tokens,
/// 51.4 % (the same paper, table 15); BLOOM-176B 156 TFLOP/s per GPU, 50 % (GENCI, "BLOOM …
/// best HPC collaboration", 2022); Megatron-LM 44–52 % of peak (Narayanan et al. 2021, table 1).
/// Their median, 47.7 %, rounded. The same software reaches less of an H100's peak (torchtitan
/// 33–39 %, Llama 3's 38–43 % on H100, Dubey et al. 2024 table 4), whose default stays
/// [`DEFAULT_MFU_BP`]: its FLOP/s grew 3.2× over the A100's, its memory bandwidth 1.6×, so the
/// work a step does outside its matrix products weighs more there.
pub const A100_TRAIN_MFU_BP: u64 = 4_800;
/// The GPUs [`A100_TRAIN_MFU_BP`] applies to (catalog ids).
pub const A100_IDS: [&str; 4] = ["a100-80", "a100-40", "a100-pcie-80", "a800"];

/// The user's overrides of the hardware and the achieved shares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SpeedSettings {
    /// Utilisation of peak FLOP/s, basis points (`mfu`).
    pub mfu_bp: Option<u64>,
    /// Achieved share of peak memory bandwidth, basis points (`bw_eff`).
    pub bw_eff_bp: Option<u64>,
    /// GPU memory bandwidth, MB/s (`gpu_bw`, given in GB/s).
    pub gpu_bw_mb: Option<u64>,
    /// GPU-to-GPU link bandwidth per GPU, both directions, MB/s (`link_bw`, in GB/s).
    pub link_bw_mb: Option<u64>,
    /// Host memory bandwidth per node, MB/s (`host_bw`, in GB/s).
    pub host_bw_mb: Option<u64>,
    /// Network injection bandwidth per node, Mbit/s (`net_bw`, given in Gbit/s).
    pub net_mbit: Option<u64>,
    /// FP64 peak of a CPU node, MFLOP/s (`cpu_flops`, given in GFLOP/s).
    pub cpu_mflops: Option<u64>,
    /// FP64 peak of one CPU core, MFLOP/s (`core_flops`, in GFLOP/s); `None`: the node's peak
    /// over its cores.
    pub core_mflops: Option<u64>,
    /// What one core streams from memory alone, MB/s (`core_bw`, in GB/s; single-core STREAM
    /// triad); `None`: the node preset's figure.
    pub core_bw_mb: Option<u64>,
    /// OpenMP threads per MPI rank (`threads`); `None`: 1.
    pub threads: Option<u64>,
    /// Host time of one GPU kernel launch, nanoseconds (`launch_us`, in µs); `None`: 5 µs
    /// (speed::sim::particles::LAUNCH_S).
    pub launch_ns: Option<u64>,
    /// Steps between a LAMMPS run's neighbour-list builds (`neigh_every`); `None`: 10
    /// (speed::sim::md_build::DEFAULT_NEIGH_EVERY).
    pub neigh_every: Option<u64>,
    /// Share of the wall time a CPU rank's core runs it, basis points (`cpu_use`, in %; LAMMPS's
    /// "% CPU use" line); `None`: 100 %.
    pub cpu_use_bp: Option<u64>,
    /// Fixed time of one MoE layer's fused block in a vLLM or SGLang decode step, nanoseconds
    /// (`moe_block_us`, in µs); `None`: the published tables' median (speed/moe_block.rs).
    pub moe_block_ns: Option<u64>,
    /// Floor of one kernel under a vLLM or SGLang CUDA graph, nanoseconds (`graph_kernel_us`,
    /// in µs); `None`: the published tables' median (speed/graph_kernels.rs).
    pub graph_kernel_ns: Option<u64>,
    /// Floor of one layer's attention op under a vLLM or SGLang CUDA graph, nanoseconds
    /// (`graph_attention_us`, in µs); `None`: the published tables' median.
    pub graph_attention_ns: Option<u64>,
    /// Latency of one dependent FP64 add on a CPU core, picoseconds (`fp_add_ns`, in ns):
    /// the add latency in cycles over the core clock.
    pub fp_add_ps: Option<u64>,
    /// Latency of one dependent FP64 divide, picoseconds (`fp_div_ns`, in ns).
    pub fp_div_ps: Option<u64>,
    /// Independent partial sums a sparse row's sum is split into by the build (`chains`):
    /// 1 for a reference code compiled without reassociation.
    pub chains: Option<u64>,
    /// Whether the build gathers a sparse row's x[col[j]] with vector gather instructions
    /// (`gather`): every nonzero then costs one gathered element.
    pub gather: bool,
    /// Time of one gathered element, picoseconds (`gather_ns`, in ns); given, it implies
    /// `gather`.
    pub gather_ps: Option<u64>,
    // SPARC's real-space SCF iteration (speed/sim/sparc.rs).
    /// Chebyshev filter degree (`cheb_degree`, SPARC CHEB_DEGREE); `None`: SPARC's
    /// Mesh2ChebDegree of the mesh spacing.
    pub cheb_degree: Option<u64>,
    /// Finite-difference order (`fd_order`, SPARC FD_ORDER); `None`: 12, SPARC's default.
    pub fd_order: Option<u64>,
    /// Radius of the nonlocal projectors, milli-bohr (`projector_radius`, in bohr); `None`:
    /// the median of SPARC's shipped pseudopotentials.
    pub projector_radius_mbohr: Option<u64>,
    // Serving and training time inputs (issue 27, inference and training).
    /// Prompt tokens of one request (`prompt`): what its prefill processes before the first
    /// token; `None`: the whole context (`seq`).
    pub prompt: Option<u64>,
    /// Tokens the training run processes (`train_tokens`): the run's time is them over the
    /// tokens per second; `None`: no run time.
    pub train_tokens: Option<u64>,
    /// Micro-batches each data-parallel rank runs per optimizer step (`micro_batches`,
    /// gradient accumulation; Megatron-LM: global batch ÷ (micro-batch × data-parallel size));
    /// `None`: one, or as many as pipeline stages with pipelining.
    pub micro_batches: Option<u64>,
    /// Model chunks per pipeline device, the interleaved 1F1B schedule's v (`vpp`; Megatron-LM
    /// `--virtual-pipeline-model-parallel-size`); `None`: 1, plain 1F1B.
    pub vpp: Option<u64>,
    /// Whether tensor parallelism's collectives run beside the matrix products that produce or
    /// consume them (`tp_overlap`; Megatron-LM `--tp-comm-overlap`, Transformer Engine's
    /// userbuffers; torchtitan's async TP). Off by default: both flags default off
    /// (megatron/training/arguments.py `action='store_true'`; torchtitan
    /// `enable_async_tensor_parallel = False`).
    pub tp_overlap: bool,
    /// Whether data parallelism's collectives wait for the end of the backward pass instead of
    /// overlapping it (`dp_overlap=off`; Megatron-LM without `--overlap-grad-reduce`, its
    /// default: megatron/core/distributed/distributed_data_parallel_config.py
    /// `overlap_grad_reduce: bool = False`). Stored inverted so that the default, false, is
    /// PyTorch DDP's and FSDP's overlap.
    pub dp_serial: bool,
    /// Warps per matrix row of llama.cpp's quantized matrix-vector kernel (`mmvq_warps`): 1 in
    /// builds before pull request #5394 (February 2024), whose one-warp blocks leave an SM
    /// below its warp limit (speed/mmvq.rs); `None`: the current build, no limit modelled.
    pub mmvq_warps: Option<u64>,
    /// Achieved rate of llama.cpp's k-quant matrix-vector kernels relative to the legacy
    /// formats', basis points (`kquant_eff`); `None`: the file type's sourced factor
    /// (speed/kquant.rs).
    pub kquant_eff_bp: Option<u64>,
    /// Where the prefill's matrix products accumulate (`prefill_acc`); `None`: the engine's own
    /// (speed/prefill.rs): llama.cpp FP16, PyTorch engines FP32.
    pub prefill_acc: Option<PrefillAcc>,
    /// What bounds llama.cpp's quantized prefill kernel (MMQ) on an NVIDIA GPU (`prefill_mmq`,
    /// issue 37); `None`: the lower of the tensor rate and its epilogue's conversions
    /// (speed/mmq.rs).
    pub prefill_mmq: Option<PrefillMmq>,
}

crate::base::choice::choice_enum!(
    /// What bounds llama.cpp's quantized prefill kernel (`prefill_mmq`, speed/mmq.rs).
    PrefillMmq {
        Epilogue => ("epilogue", "Its int-to-float epilogue (mmq.cuh)"),
        Tensor => ("tensor", "The tensor rate"),
    }
);

crate::base::choice::choice_enum!(
    /// Where the prefill's matrix products accumulate (`prefill_acc`): GeForce RTX cards run
    /// FP16 products with FP16 accumulation at twice the FP32-accumulate rate.
    PrefillAcc {
        Fp16 => ("fp16", "FP16 (llama.cpp's cuBLAS CUBLAS_COMPUTE_16F)"),
        Fp32 => ("fp32", "FP32 (PyTorch's cuBLAS; llama.cpp on AMD CDNA)"),
    }
);

impl SpeedSettings {
    /// The utilisation as a fraction: the user's, else `default_bp` (the scenario's default,
    /// `speed::machine::mfu_default`).
    pub fn mfu_or(&self, default_bp: u64) -> f64 {
        self.mfu_bp.unwrap_or(default_bp) as f64 / 10_000.0
    }

    /// The achieved share of peak bandwidth as a fraction.
    pub fn bw_eff(&self) -> f64 {
        self.bw_eff_or(DEFAULT_BW_EFF_BP)
    }

    /// The prompt tokens of one request of a context of `seq` tokens: the user's, at most
    /// `seq` (a longer prompt is refused by the form), or the whole context.
    pub fn prompt_of(&self, seq: u64) -> u64 {
        self.prompt.map_or(seq, |p| p.min(seq)).max(1)
    }

    /// The user's achieved share, or `default_bp` (the memory's own default) when none is set.
    pub fn bw_eff_or(&self, default_bp: u64) -> f64 {
        self.bw_eff_bp.unwrap_or(default_bp) as f64 / 10_000.0
    }
}
