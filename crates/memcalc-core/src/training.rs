//! How a training framework actually spends memory beyond the textbook terms: the loss, the
//! lifetime of gradients, offloading, optimizer tricks, compiled kernels and the buffers that
//! sharding and communication keep. Every setting's default reproduces the textbook estimate;
//! `framework=` (crate::framework) picks the values a given framework uses.

use crate::choice::choice_enum;

choice_enum!(
    /// When gradient tensors exist. PyTorch's `optimizer.zero_grad()` sets them to None by
    /// default since 2.0, so they are only allocated during the backward pass; DeepSpeed's
    /// contiguous gradient partitions and Megatron-LM's `main_grad` buffers persist.
    ZeroGrad, "zero_grad" {
        Keep => ("keep", "Kept between steps (all terms at once)"),
        None => ("none", "Set to None between steps (PyTorch default)"),
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
    pub framework: crate::framework::Framework,
    /// Chunks the cross-entropy is computed in; None: the textbook term (16-bit logits and
    /// their FP32 copy, Korthikanti et al. 2022).
    pub loss_chunks: Option<u64>,
    /// The output layer and the loss fused (Cut Cross-Entropy, Liger's fused linear
    /// cross-entropy): the 16-bit logits are never stored, only one chunk of them at a time.
    pub fused_loss: bool,
    /// Compiled (fused) kernels; off keeps eager PyTorch's FP32 copies in norms and RoPE.
    pub compile: bool,
    pub zero_grad: ZeroGrad,
    /// Optimizer step fused into the backward pass: each gradient is applied and freed as soon
    /// as it is computed.
    pub opt_in_bwd: bool,
    /// Saved activations moved to host memory and brought back in the backward pass.
    pub act_offload: bool,
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
}

impl Default for Mechanics {
    fn default() -> Self {
        Mechanics {
            framework: crate::framework::Framework::None,
            loss_chunks: None,
            fused_loss: false,
            compile: true,
            zero_grad: ZeroGrad::Keep,
            opt_in_bwd: false,
            act_offload: false,
            paged_optimizer: false,
            kbit_fp32: false,
            gathered_layers: 0,
            bucket_size: 0,
            nccl_mib: 0,
        }
    }
}

pub const SRC_LOSS: &str = "PyTorch F.cross_entropy on upcast logits (FP32 copy, log-softmax, its gradient); torchtune CEWithChunkedOutputLoss (num_output_chunks=8); torchtitan PR #996 (chunked loss: −7 GiB on Llama 3 8B)";
pub const SRC_FUSED_LOSS: &str = "Wijmans et al. 2024, Cut Your Losses in Large-Vocabulary Language Models (Cut Cross-Entropy, arXiv:2411.09009); Liger Kernel LigerFusedLinearCrossEntropyLoss; Unsloth documentation (Apple's CCE algorithm)";
pub const SRC_ZERO_GRAD: &str = "PyTorch torch.optim.Optimizer.zero_grad(set_to_none=True), the default since 2.0: gradients are allocated in the backward pass while the activations it consumes are freed";
pub const SRC_OPT_IN_BWD: &str = "torchtune memory optimizations tutorial, 'Fusing optimizer step into backward pass' (optimizer_in_bwd); PyTorch tutorial 'How to save memory by fusing the optimizer step into the backward pass' (register_post_accumulate_grad_hook)";
pub const SRC_ACT_OFFLOAD: &str = "torchtune OffloadActivations (enable_activation_offloading); DeepSpeed activation_checkpointing.cpu_checkpointing; Unsloth gradient checkpointing 'unsloth' offloads checkpoints to RAM";
pub const SRC_PAGED: &str = "bitsandbytes paged optimizers (PagedAdamW8bit): states in CUDA unified memory, paged to host under pressure, invisible to torch.cuda.memory_allocated";
pub const SRC_EAGER: &str = "Eager PyTorch RMSNorm and RoPE (Hugging Face LlamaRMSNorm, torchtune RMSNorm/RotaryPositionalEmbeddings) compute in FP32 and save the FP32 input for backward; torch.compile fuses them (torchtune README optimization flags: compile −15 %)";
pub const SRC_GATHER: &str = "PyTorch FSDP: one FlatParameter unsharded at a time plus the prefetched next (backward_prefetch=BACKWARD_PRE, forward_prefetch); DeepSpeed ZeRO-3 stage3_prefetch_bucket_size / stage3_max_live_parameters";
pub const SRC_BUCKETS: &str = "DeepSpeed ZeRO configuration: reduce_bucket_size and allgather_bucket_size, default 5e8 elements each, 16-bit";
pub const SRC_NCCL: &str = "NCCL environment variables: NCCL_BUFFSIZE (4 MiB per channel and peer) × channels (NCCL_MAX_NCHANNELS), per communicator";
pub const SRC_KBIT: &str = "PEFT prepare_model_for_kbit_training: 'casts all the non int8 modules to full precision (fp32)' — embeddings, output layer and norms";
