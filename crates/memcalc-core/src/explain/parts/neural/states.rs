//! Weights and training states: the weights, their FP32 master copy, the gradients, the
//! optimizer's states, and the layers ZeRO-3/FSDP gathers or offloading brings back.

use crate::base::choice::Choice;
use crate::base::units::{format_fixed, group_digits as g};
use crate::catalog::optimizer::Optimizer;
use crate::catalog::quant::{Quant, SparseFormat};
use crate::explain::parts::Template;
use crate::model::values::neural::{
    FrozenTerms, GatheredLayers, GradLifetime, Gradients, MasterWeights, OffloadBuffer,
    OptimizerStates, StatesHome, Weights, Zero,
};
use crate::scenario::training::{
    SRC_CASTS, SRC_GATHER, SRC_OPT_IN_BWD, SRC_PP_FSDP, SRC_ZERO_GRAD,
};

pub const SRC_ZERO: &str = "Rajbhandari et al. 2020, ZeRO (arXiv:1910.02054), sections 3.1 and 5";
pub const SRC_MIXED: &str = "Micikevicius et al. 2018, Mixed Precision Training (arXiv:1710.03740); ZeRO (arXiv:1910.02054) section 3.1";
pub const SRC_TM101: &str = "EleutherAI, Transformer Math 101 (2023), 'Optimizer states'; ZeRO (arXiv:1910.02054) section 3.1";
pub const SRC_UNCONVERTED: &str = "config.json quantization_config: llm-compressor ignore, transformers quantizers' modules_to_not_convert";
pub const SRC_GRAD_OFFLOAD: &str = "DeepSpeed zero/stage_1_and_2.py (cpu_offload: async_inplace_copy_grad_to_fp32_buffer_from_gpu), stage3.py (offload_optimizer: fp32_partitioned_groups_flat grads on the CPU); estimate_zero2_model_states_mem_needs";
pub const SRC_OFFLOAD: &str = "Ren et al. 2021, ZeRO-Offload (arXiv:2101.06840); DeepSpeed estimate_zero3_model_states_mem_needs (4 bytes × largest layer on the GPU)";

/// What ZeRO does to a state, for its explanation.
fn zero_note(z: Zero, from_stage: u8, what: &str) -> String {
    let stage = z.stage;
    if z.shards(from_stage) {
        format!(
            " ZeRO stage {stage} shards {what} over the {} data-parallel ranks.",
            z.dp
        )
    } else if z.trains && z.stage >= from_stage {
        format!(" ZeRO stage {stage} would shard {what}, but there is only one data-parallel rank.")
    } else {
        String::new()
    }
}

/// The division by the data-parallel ranks in a state's formula.
fn sharded(z: Zero, from_stage: u8) -> String {
    if z.shards(from_stage) {
        format!(" ÷ {} (ZeRO)", z.dp)
    } else {
        String::new()
    }
}

fn home_note(h: StatesHome) -> &'static str {
    match h {
        StatesHome::Paged => " Paged (bitsandbytes paged optimizer): kept in CUDA unified memory, which migrates to host memory under pressure; torch.cuda.memory_allocated() does not count it.",
        StatesHome::Offloaded => " Offloaded to host memory (ZeRO-Offload): the CPU runs the optimizer step.",
        StatesHome::Device => "",
    }
}

fn who(lora: bool, trainable: u64) -> String {
    if lora {
        format!("the {} adapter parameters", g(trainable))
    } else {
        format!("the {} trainable parameters", g(trainable))
    }
}

/// Which weights a format leaves unquantized, and at what width they are counted.
fn unquantized_note(quant: Quant, f: FrozenTerms) -> String {
    let which = if quant.experts_only() {
        "the embeddings, the output layer and, in a mixture of experts, all but the routed experts"
    } else {
        "the embeddings and the output layer"
    };
    let width = if f.unquantized_bytes == 4 {
        "upcast to FP32 (4 B each) by PEFT's prepare_model_for_kbit_training (kbit_fp32=on), which casts every non-quantized weight to FP32 before the adapters are added"
    } else {
        "kept in 16-bit (2 B each)"
    };
    format!(
        " The {} parameters of {which} are not quantized: {width}.",
        g(f.unquantized)
    )
}

/// Where expert parallelism's division of the experts comes from.
const SRC_EXPERT_PARALLEL: &str = "vLLM --enable-expert-parallel (vllm/config/parallel.py: expert-parallel size = tensor × data parallel; vllm/model_executor/layers/fused_moe/layer.py determine_expert_map: experts ÷ EP ranks, the first experts mod EP ranks one more); Megatron-Core expert_model_parallel_size (megatron/core/parallel_state.py expert-model-parallel groups within data parallelism; expert_tensor_parallel_size defaults to tensor_model_parallel_size; the distributed optimizer shards expert states over the expert-data-parallel ranks)";

impl Template for Weights {
    fn label(&self) -> &'static str {
        "Weights"
    }
    fn formula(&self, bytes: u64) -> String {
        if let Some(layer) = self.cast_layer {
            return format!(
                "{} parameters of one layer × {} B = {} B",
                g(layer),
                self.dtype.bytes(),
                g(bytes)
            );
        }
        let (mut expr, sum) = if let Some(f) = self.frozen {
            let mut expr = format!("{} × {} bits", g(f.quantized), format_fixed(f.milli_bpw, 3));
            if f.unquantized > 0 {
                // Named, and at the width counted: FP32 when PEFT's k-bit preparation upcast
                // them, so the sum can be checked against the explanation.
                expr.push_str(&format!(
                    " + {} unquantized × {} B{}",
                    g(f.unquantized),
                    f.unquantized_bytes,
                    if f.unquantized_bytes == 4 {
                        " (FP32: PEFT k-bit upcast)"
                    } else {
                        ""
                    }
                ));
            }
            if f.row_scales > 0 {
                expr.push_str(&format!(" + {} B row scales", g(f.row_scales)));
            }
            if self.lora {
                expr.push_str(&format!(
                    " + {} adapter × {} B",
                    g(self.trainable),
                    self.dtype.bytes()
                ));
            }
            let sum = expr.contains(" + ");
            (expr, sum)
        } else if self.lora {
            (
                format!(
                    "({} frozen + {} adapter) × {} B",
                    g(self.params),
                    g(self.trainable),
                    self.dtype.bytes()
                ),
                false,
            )
        } else {
            (
                format!("{} × {} B", g(self.params), self.dtype.bytes()),
                false,
            )
        };
        if self.zero.shards(3) {
            expr = if sum {
                format!("({expr}){}", sharded(self.zero, 3))
            } else {
                format!("{expr}{}", sharded(self.zero, 3))
            };
        }
        let Some(sp) = self.sparse else {
            return format!("{expr} = {} B", g(self.dense_bytes));
        };
        let density = format_fixed(10_000 - sp.sparsity_bp.min(10_000), 2);
        let t = sp.terms;
        match sp.format {
            SparseFormat::Dense => format!(
                "{expr} = {} B, stored densely at {} % zeros",
                g(bytes),
                format_fixed(sp.sparsity_bp, 2)
            ),
            SparseFormat::Csr => format!(
                "csr storage of ({expr}) × {density} % nonzero values + {} × 4 B column indices + {} × 4 B row pointers = {} B",
                g(t.nonzeros),
                g(t.rows),
                g(bytes)
            ),
            SparseFormat::Bitmask => format!(
                "bitmask storage of {} × 1 bit + ({expr}) × {density} % nonzero values = {} B",
                g(self.params),
                g(bytes)
            ),
        }
    }
    fn question(&self) -> &'static str {
        "What are the weights, and why this size?"
    }
    fn explanation(&self) -> String {
        let upper = self.dtype.short();
        let split = if self.tp * self.pp > 1 {
            format!(
                " This device holds {} of them (tensor parallel {} × pipeline stages {}).",
                g(self.params),
                self.tp,
                self.pp
            )
        } else {
            String::new()
        };
        let mut text = if let Some(mbpw) = self.milli_bpw {
            let name = if self.given_format {
                "the given format"
            } else {
                self.quant.label()
            };
            let mut text = format!(
                "The frozen weights are stored in {name} at {} bits per weight, block scales included — never 'FP32 ÷ 8'.{split}",
                format_fixed(mbpw, 3)
            );
            if let Some(f) = self.frozen.filter(|f| f.unquantized > 0) {
                text.push_str(&unquantized_note(self.quant, f));
            }
            if let Some(f) = self.frozen.filter(|f| f.padding > 0) {
                text.push_str(&format!(
                    " Of the {} quantized values, {} are the zeros vLLM's Marlin MoE kernel pads the experts with on a GPU without native FP4 (hidden size to a multiple of 256, expert width to a multiple of 128: vLLM mxfp4.py, Mxfp4MoEMethod.create_weights); mxfp4_kernel=native counts the checkpoint's layout, as Hopper and Blackwell keep it.",
                    g(f.quantized),
                    g(f.padding)
                ));
            }
            if let Some(repo) = self.shipped {
                text.push_str(&format!(
                    " This is the format the checkpoint ships in ({repo} config.json, quantization_config), so it is the default for this model; quant=none counts every weight in {upper} instead."
                ));
            }
            if self.lora {
                text.push_str(&format!(
                    " The {} LoRA adapter parameters are added in {upper}.",
                    g(self.trainable)
                ));
            }
            text
        } else if self.lora {
            format!("The base model is frozen in {upper}; the LoRA adapters are the only trainable weights.{split}")
        } else {
            format!(
                "Every parameter is held once in {upper} ({} bytes each){}.{split}",
                self.dtype.bytes(),
                if self.master_copy {
                    ": the working copy the forward and backward passes read"
                } else {
                    ""
                }
            )
        };
        if let Some(f) = self.frozen.filter(|f| f.kept > 0) {
            text.push_str(&format!(
                " {} of them stay in 16 bits, as the checkpoint's quantization_config lists.",
                g(f.kept)
            ));
        }
        if self.sparse.is_some() {
            text.push_str(
                " Pruned weights only save memory in a sparse format, which pays for indices.",
            );
        }
        if self.cast_layer.is_some() {
            text = format!("PyTorch AMP keeps FP32 parameters (the master row); compiled, it recasts each weight to {upper} as a layer runs, forward and backward.");
        }
        if self.ep > 1 {
            text.push_str(&if self.experts_whole {
                format!(
                    " Expert parallelism (--enable-expert-parallel): the {} routed experts of each layer are divided over {} GPUs (tensor parallel × replicas), each holding {} whole ones, the rest of the model split by tensor parallelism.",
                    g(self.experts),
                    self.ep,
                    g(self.local_experts)
                )
            } else {
                format!(
                    " Expert parallelism (expert_model_parallel_size {}): the {} routed experts of each layer are divided over {} data-parallel ranks, {} on each, every one still split over the {} tensor-parallel ranks.",
                    self.ep,
                    g(self.experts),
                    self.ep,
                    g(self.local_experts),
                    self.tp
                )
            });
        }
        text.push_str(&zero_note(self.zero, 3, "the parameters"));
        if self.on_host {
            text.push_str(" Offloaded: they live in host memory.");
        }
        text
    }
    fn source(&self) -> &'static str {
        if self.cast_layer.is_some() {
            return SRC_CASTS;
        }
        if self.ep > 1 {
            return SRC_EXPERT_PARALLEL;
        }
        if self.frozen.is_some_and(|f| f.kept > 0) {
            return SRC_UNCONVERTED;
        }
        match (self.milli_bpw.is_some(), self.quant.source()) {
            // Bits per weight given without a named format (`bpw`): the user's own figure.
            (true, "") => "The bits per weight given (bpw): parameters × bits ÷ 8, as a format's model card or GGUF header states it",
            (true, source) => source,
            (false, _) => SRC_ZERO,
        }
    }
}

impl Template for OffloadBuffer {
    fn label(&self) -> &'static str {
        "Gathered layer (offload)"
    }
    fn formula(&self, bytes: u64) -> String {
        format!(
            "4 B × {} parameters per layer = {} B",
            g(self.per_layer),
            g(bytes)
        )
    }
    fn question(&self) -> &'static str {
        "What stays on the GPU when parameters are offloaded?"
    }
    fn explanation(&self) -> String {
        "With parameters in host memory, each layer is gathered onto the GPU while it runs: its 16-bit parameters and gradients, as DeepSpeed's own estimator counts.".into()
    }
    fn source(&self) -> &'static str {
        SRC_OFFLOAD
    }
}

impl Template for MasterWeights {
    fn label(&self) -> &'static str {
        "FP32 master weights"
    }
    fn formula(&self, bytes: u64) -> String {
        if self.kept {
            format!(
                "{} × 4 B{} = {} B",
                g(self.trainable),
                sharded(self.zero, 1),
                g(bytes)
            )
        } else {
            format!(
                "0 × {} × 4 B (no FP32 copy) = {} B",
                g(self.trainable),
                g(bytes)
            )
        }
    }
    fn question(&self) -> &'static str {
        "Why is there a second copy of the weights?"
    }
    fn explanation(&self) -> String {
        let upper = self.dtype.short();
        if self.kept {
            format!(
                "With mixed precision the optimizer updates an FP32 copy of {}, because adding small updates to {upper} values would round them away; the {upper} copy is refreshed from it after each step.{}{}",
                who(self.lora, self.trainable),
                zero_note(self.zero, 1, "it"),
                home_note(self.home)
            )
        } else if !self.dtype.is_low_precision() {
            format!("None needed: the weights are already {upper} and are updated in place.")
        } else {
            format!("None kept: mixed precision is off, so the optimizer updates the {upper} weights directly (cheaper, but small updates may be lost to rounding).")
        }
    }
    fn source(&self) -> &'static str {
        SRC_MIXED
    }
}

impl Template for Gradients {
    fn label(&self) -> &'static str {
        "Gradients"
    }
    fn formula(&self, bytes: u64) -> String {
        let all = format!(
            "{} × {} B{} = {} B",
            g(self.trainable),
            self.dtype.bytes(),
            sharded(self.zero, 2),
            g(self.all)
        );
        match self.lifetime {
            GradLifetime::Whole => all,
            GradLifetime::OptInBackward { largest } => format!(
                "min({} × {} B{}, largest single tensor {} × {} B) = {} B",
                g(self.trainable),
                self.dtype.bytes(),
                sharded(self.zero, 2),
                g(largest),
                self.dtype.bytes(),
                g(bytes)
            ),
            // The peak keeps what exceeds the memory given back: shown as a maximum when
            // the freed memory covers all gradients.
            GradLifetime::FreedByBackward { freed } if freed >= self.all => format!(
                "max({} × {} B{} − {} B activations and logits freed by then, 0) = {} B",
                g(self.trainable),
                self.dtype.bytes(),
                sharded(self.zero, 2),
                g(freed),
                g(bytes)
            ),
            GradLifetime::FreedByBackward { freed } => format!(
                "{all} − {} B activations and logits freed by then = {} B",
                g(freed),
                g(bytes)
            ),
        }
    }
    fn question(&self) -> &'static str {
        "Why do gradients take this much?"
    }
    fn explanation(&self) -> String {
        let lifetime = match self.lifetime {
            GradLifetime::Whole => "",
            GradLifetime::OptInBackward { .. } => " The optimizer step runs inside the backward pass, so each gradient is applied and freed at once: only the largest single gradient is alive.",
            GradLifetime::FreedByBackward { .. } => " They are set to None between steps, so they only appear in the backward pass, in memory the activations it consumes give back: only what exceeds the activations and logits counts.",
        };
        if self.on_host {
            return format!(
                "Backpropagation produces one gradient for each of {}. With the optimizer offloaded, DeepSpeed reduces them through its 16-bit buckets and copies this rank's partition in FP32 to host memory for the CPU optimizer: the device keeps only the buckets.{}",
                who(self.lora, self.trainable),
                zero_note(self.zero, 2, "them")
            );
        }
        format!(
            "Backpropagation produces one gradient for each of {}, held until the optimizer step, in {} ({} bytes). Sources differ here: the ZeRO paper keeps gradients in the weights' precision (16 bytes per parameter with mixed-precision Adam), Megatron-LM and Hugging Face's 'model memory anatomy' accumulate them in FP32 (18 bytes): the 'Gradient precision' setting chooses.{}{lifetime}",
            who(self.lora, self.trainable),
            self.dtype.short(),
            self.dtype.bytes(),
            zero_note(self.zero, 2, "them")
        )
    }
    fn source(&self) -> &'static str {
        if self.on_host {
            return SRC_GRAD_OFFLOAD;
        }
        match self.lifetime {
            GradLifetime::Whole => SRC_ZERO,
            GradLifetime::OptInBackward { .. } => SRC_OPT_IN_BWD,
            GradLifetime::FreedByBackward { .. } => SRC_ZERO_GRAD,
        }
    }
}

impl Template for OptimizerStates {
    fn label(&self) -> &'static str {
        "Optimizer states"
    }
    fn formula(&self, bytes: u64) -> String {
        let t = g(self.trainable);
        let sh = sharded(self.zero, 1);
        match self.optimizer {
            Optimizer::Adam8bit => {
                let small = self.small.min(self.trainable);
                if small > 0 {
                    let q = g(self.trainable - small);
                    format!(
                        "2 × ({q} × 1 B + ⌈{q} / 256⌉ × 4 B + {} in small tensors × 4 B){sh} = {} B",
                        g(small),
                        g(bytes)
                    )
                } else {
                    format!("2 × ({t} × 1 B + ⌈{t} / 256⌉ × 4 B){sh} = {} B", g(bytes))
                }
            }
            Optimizer::Adafactor => format!(
                "4 B × 2 × {t} ÷ {} (hidden){sh} = {} B",
                g(self.hidden),
                g(bytes)
            ),
            o => format!(
                "{} × {t} × {} B{sh} = {} B",
                o.state_count(),
                self.state_dtype.bytes(),
                g(bytes)
            ),
        }
    }
    fn question(&self) -> &'static str {
        "What are optimizer states?"
    }
    fn explanation(&self) -> String {
        let kept_in = match self.optimizer {
            Optimizer::Sgd | Optimizer::Adam8bit | Optimizer::Adafactor => String::new(),
            _ => format!(
                " They are kept in {} ({} bytes each).",
                self.state_dtype.short(),
                self.state_dtype.bytes()
            ),
        };
        format!(
            "{}{kept_in}{}{}",
            self.optimizer.describe_states(),
            zero_note(self.zero, 1, "them"),
            home_note(self.home)
        )
    }
    fn source(&self) -> &'static str {
        if self.optimizer == Optimizer::Adam8bit {
            return SRC_ADAM8BIT;
        }
        SRC_TM101
    }
}

/// Where 8-bit Adam's state layout comes from.
const SRC_ADAM8BIT: &str = "bitsandbytes bitsandbytes/optim/optimizer.py Optimizer2State.init_state (uint8 states, one FP32 absmax per 256 values: blocks = n // 256; FP32 states for tensors below min_8bit_size=4096); torchao torchao/optim AdamW8bit (block_size 256, tensors below 4096 values unquantized); Dettmers et al. 2022, arXiv:2110.02861";

impl Template for GatheredLayers {
    fn label(&self) -> &'static str {
        if self.keep || self.defer {
            "Unsharded stage (pipeline + FSDP)"
        } else {
            "Unsharded layers in flight"
        }
    }
    fn formula(&self, bytes: u64) -> String {
        let per = match self.milli_bpw {
            Some(m) => format!("{} bits", format_fixed(m, 3)),
            None => format!("{} B", self.stored_bytes),
        };
        let params = if self.keep {
            format!(
                "{} parameters of this stage × {per} as stored",
                g(self.stage_params)
            )
        } else {
            format!(
                "{} layers × {} parameters × {per} as stored",
                self.gathered_layers,
                g(self.layer_params)
            )
        };
        let grads = if self.defer {
            format!(
                "{} trainable parameters' gradients × {} B",
                g(self.trainable),
                self.grad_bytes
            )
        } else {
            format!(
                "one layer's {} trainable gradients × {} B",
                g(self.layer_grads),
                self.grad_bytes
            )
        };
        format!("{params} + {grads} = {} B", g(bytes))
    }
    fn question(&self) -> &'static str {
        "Why does full sharding still need whole layers?"
    }
    fn explanation(&self) -> String {
        let mut explanation = String::from("With ZeRO stage 3 or FSDP every layer is all-gathered before it runs and freed after; the next one is prefetched to overlap communication, and in the backward pass one layer's full gradients exist until they are reduce-scattered.");
        if self.keep {
            explanation.push_str(if self.pp > 1 {
                " Here parameters are not resharded after the forward pass: with pipeline parallelism each micro-batch would otherwise all-gather every layer again (torchtitan's default), so each device keeps all of its stage's parameters gathered for the whole step."
            } else {
                " Here parameters are not resharded after the forward pass, so every layer stays gathered from its forward to its backward."
            });
        }
        if self.defer {
            explanation.push_str(" PyTorch's pipelining schedules switch FSDP's gradient synchronisation off for every micro-batch's backward but the last: each parameter's unsharded gradient is kept, upcast to the reduce precision, and accumulated until the reduce-scatter after the last micro-batch.");
        }
        explanation
    }
    fn source(&self) -> &'static str {
        if self.keep || self.defer {
            SRC_PP_FSDP
        } else {
            SRC_GATHER
        }
    }
}
