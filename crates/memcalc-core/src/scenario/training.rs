//! How a training framework actually spends memory beyond the textbook terms: the loss, the
//! lifetime of gradients, offloading, optimizer tricks, compiled kernels and the buffers that
//! sharding and communication keep. Every setting's default reproduces the textbook estimate;
//! `framework=` (crate::catalog::framework) picks the values a given framework uses.

use crate::base::choice::choice_enum;

choice_enum!(
    /// When gradient tensors exist. PyTorch's `optimizer.zero_grad()` sets them to None by
    /// default since 2.0, so they are only allocated during the backward pass; DeepSpeed's
    /// contiguous gradient partitions and Megatron-LM's `main_grad` buffers persist.
    ZeroGrad {
        Keep => ("keep", "Kept between steps (all terms at once)"),
        None => ("none", "Set to None between steps (PyTorch default)"),
    }
);

choice_enum!(
    /// Whether every batch has the same shape. PyTorch's caching allocator cuts a new segment
    /// for a request no cached block can hold and keeps it until the device is full, so a batch
    /// longer than every earlier one leaves the earlier, smaller blocks cached beside its own.
    Batching {
        Fixed => ("fixed", "Fixed shape (packed, or padded to the sequence length)"),
        Variable => ("variable", "Variable length (each batch padded to its longest sequence)"),
    }
);

choice_enum!(
    /// Whether ZeRO-3/FSDP frees a layer's gathered parameters after its forward pass
    /// (torch `fully_shard(reshard_after_forward=...)`). torchtitan's policy "default" keeps
    /// them gathered when pipeline parallelism is on, to avoid an all-gather per micro-batch.
    ReshardAfterForward {
        Always => ("always", "Always (a layer is gathered only while it runs)"),
        ExceptPp => ("except_pp", "Except under pipeline parallelism (torchtitan's default)"),
        Never => ("never", "Never (each device keeps its layers gathered)"),
    }
);

choice_enum!(
    /// When a pipeline stage's sharded gradients are reduce-scattered. PyTorch's pipelining
    /// schedules turn FSDP's gradient sync off for every backward but the step's last, so the
    /// unsharded gradients accumulate (in the reduce dtype) over all micro-batches.
    PpGradSync {
        Each => ("each", "After each micro-batch (textbook ZeRO)"),
        Last => ("last", "After the last micro-batch (torch.distributed.pipelining)"),
    }
);

choice_enum!(
    /// How long the 16-bit copies of FP32 weights live under mixed precision. Megatron-LM and
    /// DeepSpeed keep 16-bit parameters beside the FP32 master copy, and eager autocast caches
    /// each cast for the backward pass; PyTorch AMP under torch.compile keeps only the FP32
    /// parameters: AOTAutograd's partitioner recomputes a weight's cast in the backward pass
    /// instead of saving it (a cast of a graph input is cheaper to redo than to store).
    WeightCasts {
        Kept => ("kept", "Kept for the whole step"),
        PerLayer => ("per_layer", "One layer at a time (compiled AMP)"),
    }
);

choice_enum!(
    /// What saving a checkpoint gathers. FSDP's FULL_STATE_DICT all-gathers every sharded
    /// parameter and clones it into the state dict (on the GPU, or with offload_to_cpu and
    /// rank0_only into rank 0's CPU memory); SHARDED_STATE_DICT saves each rank's shard as is.
    SaveState {
        None => ("none", "Not counted"),
        Sharded => ("sharded", "Sharded state dict"),
        Full => ("full", "Full state dict gathered on each GPU"),
        FullCpu => ("full_cpu", "Full state dict to rank 0's CPU"),
    }
);

/// Bytes per logit the unchunked cross-entropy holds at its peak besides the 16-bit logits: the
/// FP32 upcast, the log-softmax saved for the backward pass and its FP32 gradient
/// (PyTorch `F.cross_entropy` on `logits.float()`; torchtune `CEWithChunkedOutputLoss`
/// docstring; torchtitan PR #996).
pub const FP32_LOSS_BYTES: u64 = 12;

/// The training mechanics that decide when and where tensors live.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mechanics {
    pub framework: crate::catalog::framework::Framework,
    /// Chunks the cross-entropy is computed in; None: the textbook term (16-bit logits and
    /// their FP32 copy, Korthikanti et al. 2022).
    pub loss_chunks: Option<u64>,
    /// The output layer and the loss fused (Cut Cross-Entropy, Liger's fused linear
    /// cross-entropy): the 16-bit logits are never stored, only one chunk of them at a time.
    pub fused_loss: bool,
    /// The loss upcasts the logits to FP32 (`logits.float()`); off: it runs on the 16-bit
    /// logits, so its copy, log-softmax and gradient are 16-bit.
    pub logits_upcast: bool,
    /// Compiled (fused) kernels; off keeps eager PyTorch's FP32 copies in norms and RoPE.
    pub compile: bool,
    pub zero_grad: ZeroGrad,
    /// Optimizer step fused into the backward pass: each gradient is applied and freed as soon
    /// as it is computed.
    pub opt_in_bwd: bool,
    /// Saved activations moved to host memory and brought back in the backward pass.
    pub act_offload: bool,
    /// With `act_offload`: the layers whose activations are offloaded (Megatron-Core
    /// `cpu_offloading_num_layers`); None: all but the layer being computed (issue 38).
    pub offload_layers: Option<u64>,
    /// Unsloth's tiled MLP (ALST TiledMLP): the recomputed layer's MLP in this many sequence
    /// tiles; None: off (issue 38).
    pub tiled_mlp: Option<u64>,
    /// Optimizer states in CUDA unified memory (bitsandbytes paged optimizers).
    pub paged_optimizer: bool,
    /// Unquantized weights (embeddings, output layer) upcast to FP32 beside a k-bit base.
    pub kbit_fp32: bool,
    /// Layers whose parameters ZeRO-3/FSDP hold unsharded at once (current + prefetched).
    pub gathered_layers: u64,
    /// DeepSpeed ZeRO communication buckets, in parameters (reduce + all-gather).
    pub bucket_size: u64,
    /// NCCL buffers per communicator, MiB.
    pub nccl_mib: u64,
    pub batching: Batching,
    /// PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True: segments grow in 2 MiB pages instead
    /// of new blocks being cut for each larger request.
    pub expandable_segments: bool,
    pub reshard_after_forward: ReshardAfterForward,
    pub pp_grad_sync: PpGradSync,
    /// A checkpoint saved during the run, whose gather the peak includes.
    pub save: SaveState,
    pub weight_casts: WeightCasts,
}

impl Default for Mechanics {
    fn default() -> Self {
        Mechanics {
            framework: crate::catalog::framework::Framework::None,
            loss_chunks: None,
            fused_loss: false,
            logits_upcast: true,
            compile: true,
            zero_grad: ZeroGrad::Keep,
            opt_in_bwd: false,
            act_offload: false,
            offload_layers: None,
            tiled_mlp: None,
            paged_optimizer: false,
            kbit_fp32: false,
            gathered_layers: 0,
            bucket_size: 0,
            nccl_mib: 0,
            batching: Batching::Fixed,
            expandable_segments: false,
            reshard_after_forward: ReshardAfterForward::Always,
            pp_grad_sync: PpGradSync::Each,
            save: SaveState::None,
            weight_casts: WeightCasts::Kept,
        }
    }
}

pub const SRC_LOSS: &str = "PyTorch F.cross_entropy on upcast logits (FP32 copy, log-softmax, its gradient); torchtune CEWithChunkedOutputLoss (num_output_chunks=8); torchtitan PR #996 (chunked loss: −7 GiB on Llama 3 8B)";
pub const SRC_HALF_LOSS: &str = "transformers LlamaForCausalLM: CrossEntropyLoss on the 16-bit shift_logits until v4.31.0 (PR #24891) added logits.float(); DeepSpeed fp16";
pub const SRC_COMPILED_LOSS: &str = "torchtune training/_compile.py compile_loss: for CEWithChunkedOutputLoss 'we only compile the upcast + cross-entropy calculation' (compute_cross_entropy, F.cross_entropy(logits.float())); PyTorch AOTAutograd min_cut_rematerialization_partition (torch/_functorch/partitioners.py): the backward recomputes cheap pointwise intermediates from the saved 16-bit input instead of saving FP32 copies";
pub const SRC_FUSED_LOSS: &str = "Wijmans et al. 2024, Cut Your Losses in Large-Vocabulary Language Models (Cut Cross-Entropy, arXiv:2411.09009); Liger Kernel LigerFusedLinearCrossEntropyLoss; Unsloth documentation (Apple's CCE algorithm)";
pub const SRC_ZERO_GRAD: &str = "PyTorch torch.optim.Optimizer.zero_grad(set_to_none=True), the default since 2.0: gradients are allocated in the backward pass while the activations it consumes are freed";
pub const SRC_OPT_IN_BWD: &str = "torchtune memory optimizations tutorial, 'Fusing optimizer step into backward pass' (optimizer_in_bwd); PyTorch tutorial 'How to save memory by fusing the optimizer step into the backward pass' (register_post_accumulate_grad_hook)";
pub const SRC_ACT_OFFLOAD: &str = "torchtune OffloadActivations (enable_activation_offloading); DeepSpeed activation_checkpointing.cpu_checkpointing; Unsloth gradient checkpointing 'unsloth' offloads checkpoints to RAM";
pub const SRC_OFFLOAD_LAYERS: &str = "Megatron-Core transformer_config.py cpu_offloading / cpu_offloading_num_layers ('the number of transformer layers for which activations has to be offloaded', below num_layers) and cpu_offloading_activations; megatron/core/cpu_offload.py (the offloaded layers' saved tensors copied to host in the forward pass and back in the backward)";
pub const SRC_TILED_MLP: &str = "Korthikanti et al. 2022 (arXiv:2205.05198) section 4 for the layer's tensors; Bekman et al. 2025, Arctic Long Sequence Training (arXiv:2506.13996), TiledMLP: the MLP computed in sequence shards, ⌈seqlen ÷ hidden_size⌉ of them, each recomputed in the backward pass; Unsloth's tiled MLP (unsloth_tiled_mlp) for long-context fine-tuning with its gradient checkpointing";
pub const SRC_GATHER: &str = "PyTorch FSDP: one FlatParameter unsharded at a time plus the prefetched next (backward_prefetch=BACKWARD_PRE, forward_prefetch); DeepSpeed ZeRO-3 stage3_prefetch_bucket_size / stage3_max_live_parameters";
pub const SRC_PP_FSDP: &str = "torchtitan parallelize_llama apply_fsdp / distributed/fsdp.py get_fsdp_reshard_after_forward_policy: with pipeline parallelism reshard_after_forward=False ('to avoid per-microbatch all-gathers'), fully_shard(model, reshard_after_forward=not pp_enabled); torch.distributed.pipelining stage.py backward_maybe_with_nosync: set_reshard_after_backward(False) and set_requires_gradient_sync(False) for every backward, FSDP post_backward run once after the last; FSDP2 FSDPParam.to_accumulated_grad_if_needed keeps the unsharded gradient upcast to reduce_dtype";
pub const SRC_CASTS: &str = "PyTorch autocast (FP32 parameters); AOTAutograd min_cut_rematerialization_partition recomputes casts in the backward; torchao optimizer benchmarks";
pub const SRC_SAVE: &str = "PyTorch FSDP FULL_STATE_DICT, FullStateDictConfig(offload_to_cpu, rank0_only): _full_post_state_dict_hook clones each unsharded parameter; SHARDED_STATE_DICT";
pub const SRC_BUCKETS: &str = "DeepSpeed ZeRO configuration: reduce_bucket_size and allgather_bucket_size, default 5e8 elements each, 16-bit";
pub const SRC_NCCL: &str = "NCCL documentation, environment variables: NCCL_BUFFSIZE (Simple protocol, default 4 MiB), NCCL_LL_BUFFSIZE, NCCL_LL128_BUFFSIZE, NCCL_MIN/MAX_NCHANNELS; NCCL src/init.cc DEFAULT_BUFFSIZE (1 << 22), DEFAULT_LL_BUFFSIZE (8 × 512 × 8 × 16 B = 512 KiB), DEFAULT_LL128_BUFFSIZE (120 × 640 × 8 × 8 B = 4.69 MiB): one buffer per protocol for every channel and peer of a communicator, allocated by NCCL itself (cudaMalloc/cuMem), outside PyTorch's allocator";
pub const SRC_FRAG: &str = "PyTorch documentation, CUDA semantics: memory management and PYTORCH_CUDA_ALLOC_CONF (expandable_segments: 'if the batch size or sequence length changes ... fragmentation'); c10/cuda/CUDACachingAllocator.cpp (a request no cached block can hold gets a new segment; cached blocks are released only when cudaMalloc fails or on empty_cache); pytorch/pytorch#96995 (expandable segments); torchtune #1185 and NeMo RL #3476 (reserved far above allocated with variable lengths)";
/// Bytes of one NCCL connection with the default buffer sizes: Simple 4 MiB, LL128 4,915,200 B,
/// LL 524,288 B (NCCL src/init.cc defaults).
pub const NCCL_CONNECTION_BYTES: u64 = (1 << 22) + 120 * 640 * 8 * 8 + 8 * 512 * 8 * 16;
