//! The URL keys as a typed enum, and typed values for them: the words catalogs, code profiles,
//! framework defaults and suggestions are written in, so the compiler checks every key they
//! name. What each key means (label, bounds, where its value lives in the scenario) is its row
//! in `schema::fields`, one per variant in the same order.

/// Declares every key once, `Variant => "url_key"`, in form (and canonical query) order.
macro_rules! keys {
    ($($id:ident => $key:literal,)*) => {
        /// A URL key, typed: the compiler checks every name, and an exhaustive `match` lists every
        /// place a new key must be handled.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum FieldId {
            $($id,)*
        }

        impl FieldId {
            /// Every key, in form (and canonical query) order.
            pub const ALL: &'static [FieldId] = &[$(FieldId::$id,)*];
        }

        /// The URL key of each [`FieldId`], by its position.
        const KEYS: &[&str] = &[$($key,)*];
    };
}

impl FieldId {
    /// The URL key; a public API, never renamed.
    pub const fn key(self) -> &'static str {
        KEYS[self as usize]
    }

    /// The field a URL key names (`None` for page keys such as `v` and unknown ones). Reading
    /// a link looks up every key it carries: a linear scan over ~200 keys per lookup cost most
    /// of a parse, so the keys are sorted once and searched.
    pub fn from_key(key: &str) -> Option<FieldId> {
        static SORTED: std::sync::OnceLock<Vec<(&'static str, FieldId)>> =
            std::sync::OnceLock::new();
        let sorted = SORTED.get_or_init(|| {
            let mut v: Vec<_> = FieldId::ALL.iter().map(|&id| (id.key(), id)).collect();
            v.sort_unstable();
            v
        });
        sorted
            .binary_search_by(|(k, _)| (*k).cmp(key))
            .ok()
            .map(|i| sorted[i].1)
    }
}

/// A value a patch gives a field, typed by kind; the field's row spells it as its canonical
/// text does (`Field::text`), and tests read every catalog, framework and suggestion value
/// back through that row (`Field::check`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    /// A whole number: a count, or a whole amount in the field's unit (MiB, ratio).
    Count(u64),
    /// A decimal in the field's unit, such as a cutoff of 1.2 (kept exactly to the field's
    /// places, which the tests check).
    Number(f64),
    Toggle(bool),
    /// An option's id, for an option set this layer cannot name (it lives with the scenario);
    /// where the type is in reach, [`Value::choice`] writes it from the variant.
    Choice(&'static str),
}

impl Value {
    /// An option of a closed set, from its variant: a typo is a compile error.
    pub fn choice<C: crate::base::choice::Choice>(c: C) -> Value {
        Value::Choice(c.id())
    }
}

keys! {
    Mode => "mode",
    Model => "model",
    Width => "width",
    Depth => "depth",
    Collocation => "collocation",
    DerivOrder => "deriv_order",
    GridPoints => "grid_points",
    FourierModes => "fourier_modes",
    SpatialDims => "spatial_dims",
    GraphNodes => "graph_nodes",
    GraphEdges => "graph_edges",
    BaseChannels => "base_channels",
    InChannels => "in_channels",
    OutChannels => "out_channels",
    ModelId => "model_id",
    Params => "params",
    Batch => "batch",
    Seq => "seq",
    Engine => "engine",
    GpuUtil => "gpu_util",
    MaxBatchedTokens => "max_batched_tokens",
    MaxNumSeqs => "max_num_seqs",
    CudaGraphs => "cuda_graphs",
    MoeBlockUs => "moe_block_us",
    GraphKernelUs => "graph_kernel_us",
    GraphAttentionUs => "graph_attention_us",
    HybridKv => "hybrid_kv",
    BatchScope => "batch_scope",
    MambaCacheMode => "mamba_cache_mode",
    GpuLayers => "gpu_layers",
    NCpuMoe => "n_cpu_moe",
    Ubatch => "ubatch",
    MmLimit => "mm_limit",
    MmProfile => "mm_profile",
    TensorSplit => "tensor_split",
    Dtype => "dtype",
    Optimizer => "optimizer",
    Mixed => "mixed",
    GradDtype => "grad_dtype",
    KvDtype => "kv_dtype",
    Framework => "framework",
    LossChunks => "loss_chunks",
    FusedLoss => "fused_loss",
    LogitsUpcast => "logits_upcast",
    WeightCasts => "weight_casts",
    Compile => "compile",
    ZeroGrad => "zero_grad",
    OptInBwd => "opt_in_bwd",
    ActOffload => "act_offload",
    OffloadLayers => "offload_layers",
    TiledMlp => "tiled_mlp",
    PagedOptimizer => "paged_optimizer",
    KbitFp32 => "kbit_fp32",
    GatheredLayers => "gathered_layers",
    ReshardAfterForward => "reshard_after_forward",
    PpGradSync => "pp_grad_sync",
    Save => "save",
    BucketSize => "bucket_size",
    NcclBuffers => "nccl_buffers",
    Batching => "batching",
    ExpandableSegments => "expandable_segments",
    Recompute => "recompute",
    FlashAttention => "flash_attention",
    LoraRank => "lora_rank",
    LoraTargets => "lora_targets",
    Quant => "quant",
    Mxfp4Kernel => "mxfp4_kernel",
    GgufRest => "gguf_rest",
    GgufTiedEmbd => "gguf_tied_embd",
    GgufFallback => "gguf_fallback",
    Bpw => "bpw",
    Sparsity => "sparsity",
    SparseFormat => "sparse_format",
    Dropout => "dropout",
    SoftmaxFp32 => "softmax_fp32",
    Gpus => "gpus",
    Tp => "tp",
    Pp => "pp",
    Ep => "ep",
    Cp => "cp",
    Sp => "sp",
    Zero => "zero",
    Offload => "offload",
    Sharding => "sharding",
    GpusPerNode => "gpus_per_node",
    Layers => "layers",
    Hidden => "hidden",
    Heads => "heads",
    KvHeads => "kv_heads",
    HeadDim => "head_dim",
    Ffn => "ffn",
    Vocab => "vocab",
    Mlp => "mlp",
    Bias => "bias",
    Norm => "norm",
    Tied => "tied",
    LearnedPos => "learned_pos",
    Experts => "experts",
    ActiveExperts => "active_experts",
    MoeFfn => "moe_ffn",
    SharedExperts => "shared_experts",
    DenseLayers => "dense_layers",
    RouterBias => "router_bias",
    AttnSinks => "attn_sinks",
    KvLoraRank => "kv_lora_rank",
    QLoraRank => "q_lora_rank",
    QkRopeDim => "qk_rope_dim",
    VHeadDim => "v_head_dim",
    SlidingWindow => "sliding_window",
    GlobalEvery => "global_every",
    FullAttnEvery => "full_attn_every",
    LinearKHeads => "linear_k_heads",
    LinearVHeads => "linear_v_heads",
    LinearKDim => "linear_k_dim",
    LinearVDim => "linear_v_dim",
    ConvKernel => "conv_kernel",
    AttnGate => "attn_gate",
    IndexHeadDim => "index_head_dim",
    VisionLayers => "vision_layers",
    VisionHidden => "vision_hidden",
    VisionFfn => "vision_ffn",
    VisionMlp => "vision_mlp",
    VisionNorm => "vision_norm",
    VisionPatch => "vision_patch",
    VisionTemporal => "vision_temporal",
    VisionPositions => "vision_positions",
    VisionMerge => "vision_merge",
    VisionProj => "vision_proj",
    VisionTokens => "vision_tokens",
    QkNorm => "qk_norm",
    SandwichNorm => "sandwich_norm",
    MaxContext => "max_context",
    Unquantized => "unquantized",
    Shape => "shape",
    Dataset => "dataset",
    Samples => "samples",
    SampleSize => "sample_size",
    DatasetOn => "dataset_on",
    Gpu => "gpu",
    GpuMem => "gpu_mem",
    HostMem => "host_mem",
    GpuBw => "gpu_bw",
    LinkBw => "link_bw",
    HostBw => "host_bw",
    NetBw => "net_bw",
    CpuFlops => "cpu_flops",
    CoreFlops => "core_flops",
    CoreBw => "core_bw",
    Threads => "threads",
    LaunchUs => "launch_us",
    // Issue 37 (h-md): LAMMPS neighbour-list builds and a rank's share of its core.
    NeighEvery => "neigh_every",
    CpuUse => "cpu_use",
    FpAddNs => "fp_add_ns",
    FpDivNs => "fp_div_ns",
    Chains => "chains",
    Gather => "gather",
    GatherNs => "gather_ns",
    BwEff => "bw_eff",
    Mfu => "mfu",
    Prompt => "prompt",
    PrefillAcc => "prefill_acc",
    PrefillMmq => "prefill_mmq",
    TrainTokens => "train_tokens",
    MicroBatches => "micro_batches",
    Vpp => "vpp",
    TpOverlap => "tp_overlap",
    DpOverlap => "dp_overlap",
    MmvqWarps => "mmvq_warps",
    KquantEff => "kquant_eff",
    Runtime => "runtime",
    Overhead => "overhead",
    Code => "code",
    Method => "method",
    Measured => "measured",
    MeasuredKind => "measured_kind",
    Calibration => "calibration",
    SimDevice => "sim_device",
    HostMirror => "host_mirror",
    HaloOneRank => "halo_one_rank",
    SplitZ => "split_z",
    Nx => "nx",
    Ny => "ny",
    Nz => "nz",
    Fields => "fields",
    Levels => "levels",
    Work => "work",
    Halo => "halo",
    Particles => "particles",
    AtomStyle => "atom_style",
    Attrs => "attrs",
    Potential => "potential",
    MaxBonds => "max_bonds",
    MaxAngles => "max_angles",
    MaxDihedrals => "max_dihedrals",
    MaxImpropers => "max_impropers",
    MaxSpecial => "max_special",
    Shake => "shake",
    ReaxffVersion => "reaxff_version",
    ReaxffBonds => "reaxff_bonds",
    Safezone => "safezone",
    Mincap => "mincap",
    Qeq => "qeq",
    AtomMap => "atom_map",
    PairList => "pair_list",
    Package => "package",
    Cutoff => "cutoff",
    Skin => "skin",
    Density => "density",
    Neighbors => "neighbors",
    Newton => "newton",
    NeighCheck => "neigh_check",
    LongRange => "long_range",
    KspaceGrid => "kspace_grid",
    PmeOrder => "pme_order",
    Cells => "cells",
    Element => "element",
    Dofs => "dofs",
    Krylov => "krylov",
    Precond => "precond",
    Solver => "solver",
    IndexBytes => "index_bytes",
    MeshStorage => "mesh_storage",
    ViscousStress => "viscous_stress",
    BoundaryFaces => "boundary_faces",
    LinIters => "lin_iters",
    SmoothIters => "smooth_iters",
    HpcgCode => "hpcg_code",
    CellValues => "cell_values",
    Lattice => "lattice",
    Streaming => "streaming",
    LbmDtype => "lbm_dtype",
    Complex => "complex",
    Dealias => "dealias",
    Transforms => "transforms",
    Ecutwfc => "ecutwfc",
    Ecutrho => "ecutrho",
    CellVolume => "cell_volume",
    Bands => "bands",
    Kpoints => "kpoints",
    Spin => "spin",
    GammaOnly => "gamma_only",
    Atoms => "atoms",
    Species => "species",
    Pseudopotential => "pseudopotential",
    Projectors => "projectors",
    Betas => "betas",
    LmaxBeta => "lmax_beta",
    Diagonalization => "diagonalization",
    DavidNdim => "david_ndim",
    MixingNdim => "mixing_ndim",
    Pools => "pools",
    WfcDisk => "wfc_disk",
    FftGrid => "fft_grid",
    DftArrays => "dft_arrays",
    BandGroups => "band_groups",
    Xc => "xc",
    Smearing => "smearing",
    CoreCorrection => "core_correction",
    Symmetries => "symmetries",
    Forces => "forces",
    Stress => "stress",
    HubbardWfc => "hubbard_wfc",
    Exx => "exx",
    ExxNq => "exx_nq",
    ExxKq => "exx_kq",
    Ecutfock => "ecutfock",
    PawMesh => "paw_mesh",
    FineGrid => "fine_grid",
    PawLmn => "paw_lmn",
    PawRadius => "paw_radius",
    ChebDegree => "cheb_degree",
    FdOrder => "fd_order",
    ProjectorRadius => "projector_radius",
    AmrLevels => "amr_levels",
    RefRatio => "ref_ratio",
    Fill => "fill",
    BlockSize => "block_size",
    AmrBlocks => "amr_blocks",
    GhostState => "ghost_state",
    CoarseCopies => "coarse_copies",
    ExchangeCopies => "exchange_copies",
    BlockMeta => "block_meta",
    Subcycle => "subcycle",
    PartBytes => "part_bytes",
    AllocFactor => "alloc_factor",
    TreeFactor => "tree_factor",
    NodeBytes => "node_bytes",
    PmGrid => "pm_grid",
    PmArrays => "pm_arrays",
    TimebinLists => "timebin_lists",
    EwaldBytes => "ewald_bytes",
    CommBuffer => "comm_buffer",
    MaxMemSize => "max_mem_size",
    Ranks => "ranks",
    Nodes => "nodes",
    Node => "node",
    NodeMem => "node_mem",
    Numa => "numa",
    RankOverhead => "rank_overhead",
    Replicated => "replicated",
    Language => "language",
    Imbalance => "imbalance",
    Steps => "steps",
    OutputEvery => "output_every",
    Snapshots => "snapshots",
    Compression => "compression",
    CheckpointEvery => "checkpoint_every",
    Adjoint => "adjoint",
    AdjointSnapshots => "adjoint_snapshots",
}

// In JSON (the time wasm's answer, a saving's patch) a key is its URL key, the public name.
impl serde::Serialize for FieldId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.key())
    }
}

impl<'de> serde::Deserialize<'de> for FieldId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<FieldId, D::Error> {
        let key = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        FieldId::from_key(&key)
            .ok_or_else(|| serde::de::Error::custom(format_args!("unknown key {key}")))
    }
}
