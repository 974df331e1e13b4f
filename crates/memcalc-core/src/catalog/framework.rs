//! `framework=`: the settings a training framework uses by default, each with its source.
//! Choosing one changes the base the link's other values are read against (like a preset), so
//! a link keeps `framework=` and only the fields changed after it; each implied setting stays
//! overridable.

use crate::base::choice::choice_enum;
use crate::base::keys::{FieldId as F, Value, Value::*};

choice_enum!(
    /// The software the run uses.
    Framework {
        None => ("none", "None (textbook accounting)"),
        HfTrainer => ("hf_trainer", "Hugging Face Trainer / PEFT"),
        Trl => ("trl", "Hugging Face TRL (SFTTrainer)"),
        Torchtune => ("torchtune", "torchtune"),
        Torchtitan => ("torchtitan", "torchtitan"),
        Deepspeed => ("deepspeed", "DeepSpeed"),
        Fsdp => ("fsdp", "PyTorch FSDP (accelerate)"),
        Megatron => ("megatron", "Megatron-LM"),
        Axolotl => ("axolotl", "Axolotl"),
        Unsloth => ("unsloth", "Unsloth"),
    }
);

/// One setting a framework implies: the key, its typed value (read through the field's row by
/// `schema::fields`'s tests), and where the default is documented.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Implied {
    pub key: F,
    pub value: Value,
    pub source: &'static str,
}

const fn i(key: F, value: Value, source: &'static str) -> Implied {
    Implied { key, value, source }
}

const PT_ZERO_GRAD: &str = "PyTorch >= 2.0: zero_grad(set_to_none=True) by default";
const HF_EAGER: &str =
    "transformers runs eager PyTorch unless torch_compile=True (TrainingArguments)";
const HF_AMP: &str = "Trainer with fp16/bf16 runs PyTorch AMP over FP32 parameters: gradients are FP32 (transformers 'Model training anatomy')";
const HF_LOSS: &str =
    "transformers ForCausalLMLoss: logits.float() then F.cross_entropy over the whole sequence";
const HF_SOFTMAX: &str =
    "eager attention under autocast runs softmax in FP32 (transformers eager_attention_forward)";
const PEFT_KBIT: &str = "PEFT prepare_model_for_kbit_training casts non-quantized weights to FP32";
const TT_LOSS: &str = "torchtune configs: loss CEWithChunkedOutputLoss, num_output_chunks=8";
const TT_AC: &str = "torchtune configs: enable_activation_checkpointing: True";
const TT_BF16: &str = "torchtune recipes train in pure bf16 (dtype: bf16), no FP32 master copy";
const TT_COMPILE: &str = "torchtune configs: compile: False";
const TT_LORA: &str = "torchtune Llama 3 LoRA configs: lora_attn_modules [q_proj, v_proj, output_proj], apply_lora_to_mlp: True";
const TITAN_FSDP: &str = "torchtitan: FSDP2 fully_shard with MixedPrecisionPolicy(param bf16, reduce fp32) over FP32 sharded parameters";
const TITAN_AC: &str =
    "torchtitan llama3 configs: activation_checkpoint mode 'selective', selective_ac_option 'op'";
const TITAN_SP: &str = "torchtitan parallelize_llama: with tensor parallelism the norms and layer inputs are SequenceParallel (sharded along the sequence), and the loss is vocabulary-parallel (loss_parallel)";
const TITAN_RESHARD: &str = "torchtitan apply_fsdp: reshard_after_forward=False when pipeline parallelism is on, 'to avoid per-microbatch all-gathers' (fsdp_reshard_after_forward = 'default')";
const PT_PP_GRADS: &str = "torch.distributed.pipelining PipelineStage: FSDP gradient sync off (set_requires_gradient_sync(False)) for every backward but the step's last";
const TITAN_COMPILE: &str = "torchtitan: compile.enable = false by default";
const FSDP_GATHER: &str = "FSDP: the running unit plus the prefetched next one are unsharded (backward_prefetch=BACKWARD_PRE)";
const DS_BUCKETS: &str =
    "DeepSpeed zero_optimization defaults: reduce_bucket_size = allgather_bucket_size = 5e8";
const DS_GATHER: &str = "DeepSpeed ZeRO-3 gathers the running module and prefetches the next (stage3_prefetch_bucket_size)";
const DS_GRADS: &str =
    "DeepSpeed ZeRO keeps contiguous gradient partitions (contiguous_gradients: true)";
const MEG_GRADS: &str =
    "Megatron-LM DDP: persistent FP32 main_grad buffers (accumulate_allreduce_grads_in_fp32)";
const MEG_FUSED: &str =
    "Megatron-LM fuses layer norm, RoPE and softmax kernels (Transformer Engine / apex)";
// TRL's SFTConfig overrides TrainingArguments' gradient_checkpointing=False with True
// (huggingface/trl#3510, in releases since mid-2025; trl/trainer/sft_config.py: "These
// parameters have default values different from TrainingArguments: gradient_checkpointing:
// Defaults to True instead of False"). Transformers checkpoints each decoder layer whole.
const TRL_AC: &str = "TRL SFTConfig (trl/trainer/sft_config.py, since huggingface/trl#3510, 2025): gradient_checkpointing defaults to True instead of TrainingArguments' False; earlier TRL releases: off (set recompute=none)";
// The loss's precision follows the transformers release the trainer runs on, not the trainer:
// LlamaForCausalLM computes the cross-entropy on `logits.float()` since transformers 4.31
// (huggingface/transformers#24891), and every model's shared ForCausalLMLoss does since 4.46
// (src/transformers/loss/loss_utils.py). TRL's SFTConfig loss_type defaults to "nll", the
// model's own loss.
const HF_UPCAST: &str = "transformers loss/loss_utils.py ForCausalLMLoss (4.46 and later; LlamaForCausalLM since 4.31, huggingface/transformers#24891): the cross-entropy runs on logits.float(); with an older transformers set logits_upcast=off";
const AXO_AC: &str = "Axolotl example configs: gradient_checkpointing: true";
const UNS_AC: &str =
    "Unsloth use_gradient_checkpointing='unsloth' offloads checkpoints to host RAM";
const UNS_FUSED: &str = "Unsloth Triton kernels for RMSNorm, RoPE and cross-entropy";
const UNS_LOSS: &str =
    "Unsloth documentation: Apple's Cut Cross-Entropy, the logits are never materialised whole";

const TT_EXPANDABLE: &str = "torchtune/__init__.py sets PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True unless the user set it";
const AXO_EXPANDABLE: &str = "Axolotl sets PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True,roundup_power2_divisions:16 when unset (axolotl #2183)";
const UNS_EXPANDABLE: &str = "unsloth/__init__.py sets PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True ('reduce VRAM usage by reducing fragmentation')";

const HF: &[Implied] = &[
    i(F::ZeroGrad, Choice("none"), PT_ZERO_GRAD),
    i(F::GradDtype, Choice("fp32"), HF_AMP),
    i(F::Compile, Toggle(false), HF_EAGER),
    i(F::LossChunks, Count(1), HF_LOSS),
    i(F::LogitsUpcast, Toggle(true), HF_UPCAST),
    i(F::SoftmaxFp32, Toggle(true), HF_SOFTMAX),
    i(F::KbitFp32, Toggle(true), PEFT_KBIT),
];
const TRL: &[Implied] = &[
    i(F::ZeroGrad, Choice("none"), PT_ZERO_GRAD),
    i(F::GradDtype, Choice("fp32"), HF_AMP),
    i(F::Compile, Toggle(false), HF_EAGER),
    i(F::LossChunks, Count(1), HF_LOSS),
    i(F::Recompute, Choice("full"), TRL_AC),
    i(F::LogitsUpcast, Toggle(true), HF_UPCAST),
    i(F::SoftmaxFp32, Toggle(true), HF_SOFTMAX),
    i(F::KbitFp32, Toggle(true), PEFT_KBIT),
];
const TORCHTUNE: &[Implied] = &[
    i(F::ZeroGrad, Choice("none"), PT_ZERO_GRAD),
    i(F::Compile, Toggle(false), TT_COMPILE),
    i(F::LossChunks, Count(8), TT_LOSS),
    i(F::Recompute, Choice("full"), TT_AC),
    i(F::Mixed, Toggle(false), TT_BF16),
    i(F::LoraTargets, Choice("q,v,o,gate,up,down"), TT_LORA),
    i(F::ExpandableSegments, Toggle(true), TT_EXPANDABLE),
];
const TORCHTITAN: &[Implied] = &[
    i(F::ZeroGrad, Choice("none"), PT_ZERO_GRAD),
    i(F::Compile, Toggle(false), TITAN_COMPILE),
    i(
        F::LossChunks,
        Count(1),
        "torchtitan: cross_entropy_loss on pred.float() (unchunked)",
    ),
    i(F::Recompute, Choice("selective_op"), TITAN_AC),
    i(F::Zero, Choice("3"), TITAN_FSDP),
    i(F::GradDtype, Choice("fp32"), TITAN_FSDP),
    i(F::GatheredLayers, Count(2), FSDP_GATHER),
    i(F::ReshardAfterForward, Choice("except_pp"), TITAN_RESHARD),
    i(F::PpGradSync, Choice("last"), PT_PP_GRADS),
    i(F::Sp, Toggle(true), TITAN_SP),
];
const DEEPSPEED: &[Implied] = &[
    i(F::ZeroGrad, Choice("keep"), DS_GRADS),
    i(F::Compile, Toggle(false), HF_EAGER),
    i(F::LossChunks, Count(1), HF_LOSS),
    i(F::BucketSize, Count(500_000_000), DS_BUCKETS),
    i(F::GatheredLayers, Count(2), DS_GATHER),
];
const FSDP: &[Implied] = &[
    i(F::ZeroGrad, Choice("none"), PT_ZERO_GRAD),
    i(F::Compile, Toggle(false), HF_EAGER),
    i(F::LossChunks, Count(1), HF_LOSS),
    i(
        F::Zero,
        Choice("3"),
        "FSDP FULL_SHARD shards parameters, gradients and optimizer states",
    ),
    i(F::GatheredLayers, Count(2), FSDP_GATHER),
];
const MEGATRON: &[Implied] = &[
    i(F::ZeroGrad, Choice("keep"), MEG_GRADS),
    i(F::GradDtype, Choice("fp32"), MEG_GRADS),
    i(F::Compile, Toggle(true), MEG_FUSED),
    // No dp_overlap here: Megatron-LM's argument defaults to off (arguments.py), but its own
    // training scripts pass --overlap-grad-reduce --overlap-param-gather with the distributed
    // optimizer (examples/llama/train_llama3_8b_h100_fp8.sh, DDP_ARGS), as most public launch
    // scripts do: a run as launched today overlaps, the page's default. dp_overlap=off is the
    // bare flag set.
];
const AXOLOTL: &[Implied] = &[
    i(F::ZeroGrad, Choice("none"), PT_ZERO_GRAD),
    i(F::Compile, Toggle(false), HF_EAGER),
    i(F::LossChunks, Count(1), HF_LOSS),
    i(F::Recompute, Choice("full"), AXO_AC),
    i(F::KbitFp32, Toggle(true), PEFT_KBIT),
    i(F::ExpandableSegments, Toggle(true), AXO_EXPANDABLE),
];
const UNSLOTH: &[Implied] = &[
    i(F::ZeroGrad, Choice("none"), PT_ZERO_GRAD),
    i(F::Compile, Toggle(true), UNS_FUSED),
    i(F::FusedLoss, Toggle(true), UNS_LOSS),
    i(F::Recompute, Choice("full"), UNS_AC),
    i(F::ActOffload, Toggle(true), UNS_AC),
    i(F::ExpandableSegments, Toggle(true), UNS_EXPANDABLE),
];

impl Framework {
    /// Whether this framework sets `key`.
    pub fn implies(self, key: F) -> bool {
        self.implied().iter().any(|im| im.key == key)
    }

    /// The settings this framework implies, in form order of their keys.
    pub fn implied(self) -> &'static [Implied] {
        match self {
            Framework::None => &[],
            Framework::HfTrainer => HF,
            Framework::Trl => TRL,
            Framework::Torchtune => TORCHTUNE,
            Framework::Torchtitan => TORCHTITAN,
            Framework::Deepspeed => DEEPSPEED,
            Framework::Fsdp => FSDP,
            Framework::Megatron => MEGATRON,
            Framework::Axolotl => AXOLOTL,
            Framework::Unsloth => UNSLOTH,
        }
    }
}

/// What a framework can run, for the layout search: its sharding as ZeRO stages, its
/// recomputation modes and host offloads (ids of `recompute=` and `offload=`), and whether it
/// splits layers over devices (tensor parallelism) or the model into stages (pipeline), each
/// from the framework's own configuration. Declared once here; `analysis::layouts` only reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Runs {
    pub zero: &'static [u8],
    pub recompute: &'static [&'static str],
    pub offload: &'static [&'static str],
    pub tp: bool,
    pub pp: bool,
    /// Where these come from, as the layout search states it.
    pub source: &'static str,
}

const ANY_ZERO: &[u8] = &[0, 1, 2, 3];
const ALL_OFFLOADS: &[&str] = &["none", "optimizer", "all"];
/// Hugging Face's gradient checkpointing (and DeepSpeed's, FSDP's, Axolotl's, Unsloth's)
/// recomputes each decoder layer whole: on or off.
const LAYER_AC: &[&str] = &["none", "full"];

/// Textbook accounting: every split, stage, recomputation and offload.
const TEXTBOOK: Runs = Runs {
    zero: ANY_ZERO,
    recompute: &["none", "selective", "full"],
    offload: ALL_OFFLOADS,
    tp: true,
    pp: true,
    source: "every combination (no framework chosen)",
};
/// transformers Trainer (and TRL, Axolotl on it): data parallel through accelerate, sharding
/// through its DeepSpeed integration (any ZeRO stage, ZeRO-Offload) or FSDP; no Megatron-style
/// tensor or pipeline split of a training model.
const HF_RUNS: Runs = Runs {
    zero: ANY_ZERO,
    recompute: LAYER_AC,
    offload: ALL_OFFLOADS,
    tp: false,
    pp: false,
    source: "transformers Trainer: DDP, DeepSpeed ZeRO 1-3 with offload, or FSDP; gradient_checkpointing on or off",
};

impl Framework {
    /// The layouts this framework can run (see [`Runs`]).
    pub fn runs(self) -> Runs {
        match self {
            Framework::None => TEXTBOOK,
            Framework::HfTrainer | Framework::Trl | Framework::Axolotl => HF_RUNS,
            // torchtune distributed recipes wrap the model in FSDP2 fully_shard
            // (training.shard_model); enable_activation_checkpointing is per layer;
            // fsdp_cpu_offload moves parameters, gradients and optimizer states to the CPU.
            Framework::Torchtune => Runs {
                zero: &[3],
                recompute: LAYER_AC,
                offload: &["none", "all"],
                tp: false,
                pp: false,
                source: "torchtune distributed recipes: FSDP2 fully_shard, enable_activation_checkpointing, fsdp_cpu_offload",
            },
            // torchtitan/config/job_config.py: data_parallel_shard_degree=-1 (FSDP2 over the
            // leftover ranks), tensor_parallel_degree, pipeline_parallel_degree,
            // activation_checkpoint.mode 'selective' | 'full' | 'none' (selective_ac_option
            // 'op': per-op), training.enable_cpu_offload ("CPU offloading of parameters,
            // gradients, and optimizer states in FSDP").
            Framework::Torchtitan => Runs {
                zero: &[3],
                recompute: &["none", "selective_op", "full"],
                offload: &["none", "all"],
                tp: true,
                pp: true,
                source: "torchtitan job_config: FSDP2 (data_parallel_shard_degree), tensor and pipeline parallel degrees, activation_checkpoint.mode none / selective (op) / full, enable_cpu_offload",
            },
            // DeepSpeed's zero_optimization.stage 0-3, offload_optimizer (stages 1-3) and
            // offload_param (stage 3), and deepspeed.checkpointing's per-layer recomputation.
            Framework::Deepspeed => Runs {
                zero: ANY_ZERO,
                recompute: LAYER_AC,
                offload: ALL_OFFLOADS,
                tp: false,
                pp: false,
                source: "DeepSpeed: zero_optimization.stage 0-3, offload_optimizer, offload_param (stage 3), activation checkpointing per layer",
            },
            // FSDP sharding_strategy NO_SHARD (DDP), SHARD_GRAD_OP (ZeRO 2), FULL_SHARD (ZeRO 3);
            // CPUOffload(offload_params=True) moves parameters, gradients and optimizer states.
            Framework::Fsdp => Runs {
                zero: &[0, 2, 3],
                recompute: LAYER_AC,
                offload: &["none", "all"],
                tp: false,
                pp: false,
                source: "PyTorch FSDP sharding_strategy NO_SHARD / SHARD_GRAD_OP / FULL_SHARD, CPUOffload(offload_params=True), activation checkpointing per layer",
            },
            // Megatron-LM: --tensor-model-parallel-size, --pipeline-model-parallel-size,
            // --use-distributed-optimizer (optimizer states sharded over data parallel: ZeRO 1),
            // --recompute-granularity selective | full.
            Framework::Megatron => Runs {
                zero: &[0, 1],
                recompute: &["none", "selective", "full"],
                offload: &["none"],
                tp: true,
                pp: true,
                source: "Megatron-LM: tensor and pipeline model parallel sizes, --use-distributed-optimizer (ZeRO 1), --recompute-granularity selective / full",
            },
            // Unsloth trains on one GPU (data parallel copies at most): no sharding, its
            // offloaded gradient checkpointing on or off.
            Framework::Unsloth => Runs {
                zero: &[0],
                recompute: LAYER_AC,
                offload: &["none"],
                tp: false,
                pp: false,
                source: "Unsloth: one GPU per model copy, use_gradient_checkpointing on or off",
            },
        }
    }
}
