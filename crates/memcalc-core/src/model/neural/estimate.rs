//! The estimate of a neural model: per-device memory as a sum of named components, each with its formula (the
//! user's numbers substituted), an explanation and its source.

use crate::base::choice::Choice;
use crate::base::units::{format_fixed, group_digits as g};
use crate::catalog::optimizer::Optimizer;
use crate::catalog::parts::PartId;
use crate::model::neural::stage::{Plan, StageBytes};
use crate::model::values::legacy;
use crate::model::words;
use crate::model::{Component, Estimate, Location};
use crate::scenario::{DatasetOn, Mode, Offload, Recompute, Scenario};

pub const SRC_ZERO: &str = "Rajbhandari et al. 2020, ZeRO (arXiv:1910.02054), sections 3.1 and 5";
pub const SRC_MIXED: &str = "Micikevicius et al. 2018, Mixed Precision Training (arXiv:1710.03740); ZeRO (arXiv:1910.02054) section 3.1";
pub const SRC_TM101: &str = "EleutherAI, Transformer Math 101 (2023), 'Optimizer states'; ZeRO (arXiv:1910.02054) section 3.1";
pub const SRC_ACT: &str = "Korthikanti et al. 2022, Reducing Activation Recomputation in Large Transformer Models (arXiv:2205.05198), section 4 and table 2";
pub const SRC_KV: &str = "2 · layers · kv_heads · head_dim · tokens · bytes (K and V per layer); grouped-query attention, Ainslie et al. 2023 (arXiv:2305.13245); multi-head latent attention, DeepSeek-V2 (arXiv:2405.04434) table 1: (kv_lora_rank + qk_rope_head_dim) per token and layer; sliding windows, Mistral 7B (arXiv:2310.06825) section 2 and Gemma 2 (arXiv:2408.00118)";
pub const SRC_RUNTIME: &str = "PyTorch maintainers on the CUDA context: pytorch/pytorch#107667 (about 300 MiB with CUDA >= 11.7 lazy loading) and #20532; Hugging Face 'Model training anatomy' measured 1343 MB on a V100 with CUDA 11.2";
pub const SRC_ALLOCATOR: &str = "PyTorch documentation, CUDA semantics: memory management (caching allocator, memory_reserved vs memory_allocated)";
pub const SRC_OFFLOAD: &str = "Ren et al. 2021, ZeRO-Offload (arXiv:2101.06840); DeepSpeed estimate_zero3_model_states_mem_needs (4 bytes × largest layer on the GPU)";
pub const SRC_LORA: &str =
    "Hu et al. 2021, LoRA (arXiv:2106.09685); Dettmers et al. 2023, QLoRA (arXiv:2305.14314)";
pub const SRC_DATA: &str = "The data as stored: samples × bytes per sample; streaming keeps the batch in use and the next one";

fn upper(d: crate::catalog::precision::Dtype) -> &'static str {
    d.short()
}

/// Text pieces shared by several explanations.
struct Words<'a> {
    s: &'a Scenario,
    dp: u64,
}

impl Words<'_> {
    fn zero_note(&self, from_stage: u8, what: &str) -> String {
        let z = self.s.parallel.zero;
        if self.s.mode.trains() && z >= from_stage && self.dp > 1 {
            words!(
                " ZeRO stage {z} shards {what} over the {} data-parallel ranks.",
                self.dp
            )
        } else if self.s.mode.trains() && z >= from_stage {
            words!(" ZeRO stage {z} would shard {what}, but there is only one data-parallel rank.")
        } else {
            String::new()
        }
    }

    fn sharded(&self, from_stage: u8) -> String {
        if self.s.mode.trains() && self.s.parallel.zero >= from_stage && self.dp > 1 {
            words!(" ÷ {} (ZeRO)", self.dp)
        } else {
            String::new()
        }
    }
}

/// ZeRO-3/FSDP's unsharded parameters and gradients: the layers in flight, or under pipeline
/// parallelism (torchtitan) the whole stage kept gathered and its gradients accumulated.
fn gathered(s: &Scenario, plan: &Plan, b: &StageBytes) -> Component {
    let p = &s.parallel;
    let (keep, defer) = plan.pp_unsharded();
    let gd = s.grad_dtype().bytes();
    let params = if keep {
        let per = s.weight_milli_bpw().map_or_else(
            || {
                words!(
                    "{} B",
                    if s.dtype == crate::catalog::precision::Dtype::Fp8 {
                        2
                    } else {
                        s.dtype.bytes()
                    }
                )
            },
            |m| words!("{} bits", crate::base::units::format_fixed(m, 3)),
        );
        words!("{} parameters of this stage × {per} as stored", g(b.params))
    } else {
        words!(
            "{} layers × {} parameters as stored",
            s.mech.gathered_layers,
            g(plan.arch.params().per_layer.div_ceil(p.tp))
        )
    };
    let grads = if defer {
        words!(
            "{} trainable parameters' gradients × {gd} B",
            g(b.trainable)
        )
    } else {
        words!("one layer's trainable gradients × {gd} B")
    };
    let mut explanation = String::from("With ZeRO stage 3 or FSDP every layer is all-gathered before it runs and freed after; the next one is prefetched to overlap communication, and in the backward pass one layer's full gradients exist until they are reduce-scattered.");
    if keep {
        explanation.push_str(if p.pp > 1 {
            " Here parameters are not resharded after the forward pass: with pipeline parallelism each micro-batch would otherwise all-gather every layer again (torchtitan's default), so each device keeps all of its stage's parameters gathered for the whole step."
        } else {
            " Here parameters are not resharded after the forward pass, so every layer stays gathered from its forward to its backward."
        });
    }
    if defer {
        explanation.push_str(" PyTorch's pipelining schedules switch FSDP's gradient synchronisation off for every micro-batch's backward but the last: each parameter's unsharded gradient is kept, upcast to the reduce precision, and accumulated until the reduce-scatter after the last micro-batch.");
    }
    legacy! {
        id: PartId::GatheredLayers,
        label: if keep || defer {
            "Unsharded stage (pipeline + FSDP)"
        } else {
            "Unsharded layers in flight"
        },
        bytes: b.gathered,
        location: Location::Device,
        formula: words!("{params} + {grads} = {} B", g(b.gathered)),
        question: crate::text!("Why does full sharding still need whole layers?"),
        explanation,
        source: crate::text!(if keep || defer {
            crate::scenario::training::SRC_PP_FSDP
        } else {
            crate::scenario::training::SRC_GATHER
        }),
    }
}

pub(crate) fn estimate_model(s: &Scenario) -> Estimate {
    let plan = Plan::new(s);
    let (stage_i, b) = plan.busiest();
    let p = &s.parallel;
    let w = Words { s, dp: p.dp() };
    let (arch, inferred) = s.shape();
    let mut parts = Vec::new();

    let engine = s.mode == Mode::Infer && s.sciml.is_transformer() && s.engine.sizes_itself();
    if !(engine && s.engine.splits()) {
        parts.push(weights(s, &b, &w));
    }
    if b.offload_buffer > 0 {
        parts.push(legacy! {
            id: PartId::OffloadBuffer,
            label: "Gathered layer (offload)",
            bytes: b.offload_buffer,
            location: Location::Device,
            formula: words!("4 B × {} parameters per layer = {} B", g(arch.params().per_layer.div_ceil(p.tp)), g(b.offload_buffer)),
            question: crate::text!("What stays on the GPU when parameters are offloaded?"),
            explanation: crate::text!("With parameters in host memory, each layer is gathered onto the GPU while it runs: its 16-bit parameters and gradients, as DeepSpeed's own estimator counts.".into()),
            source: crate::text!(SRC_OFFLOAD),
        });
    }
    if !s.sciml.is_transformer() {
        if s.mode.trains() {
            parts.extend(training_states(s, &b, &w));
        }
        parts.push(sciml_activations(s, &b));
    } else if s.mode.trains() {
        parts.extend(training_states(s, &b, &w));
        parts.push(activations(s, &plan, &b, stage_i));
        if b.act_host > 0 {
            parts.push(legacy! {
                id: PartId::ActivationsOffloaded,
                label: "Activations offloaded to host",
                bytes: b.act_host,
                location: Location::Host,
                formula: words!("stored activations − one layer kept on the device = {} B", g(b.act_host)),
                question: crate::text!("Where do offloaded activations go?"),
                explanation: crate::text!("Activation offloading copies the tensors saved for the backward pass to pinned host memory as the forward pass goes and brings them back layer by layer; the device keeps the layer being computed.".into()),
                source: crate::text!(crate::scenario::training::SRC_ACT_OFFLOAD),
            });
        }
        if b.gathered > 0 {
            parts.push(gathered(s, &plan, &b));
        }
        if b.buffers > 0 {
            parts.push(legacy! {
                id: PartId::CommBuffers,
                label: "ZeRO communication buckets",
                bytes: b.buffers,
                location: Location::Device,
                formula: words!("{} parameters × 2 B × {} bucket{} = {} B", g(s.mech.bucket_size), match p.zero { 1 | 2 => 2, _ => 1 }, if matches!(p.zero, 1 | 2) { "s" } else { "" }, g(b.buffers)),
                question: crate::text!("What are communication buckets?"),
                explanation: crate::text!("DeepSpeed ZeRO gathers gradients into a reduce bucket and parameters into an all-gather bucket of a fixed number of values before communicating them (two at stages 1 and 2, the reduce bucket at stage 3). They do not shrink as the cluster grows.".into()),
                source: crate::text!(crate::scenario::training::SRC_BUCKETS),
            });
        }
        if b.nccl > 0 {
            let groups = b.nccl / (s.mech.nccl_mib << 20).max(1);
            parts.push(legacy! {
                id: PartId::NcclBuffers,
                label: "NCCL buffers",
                bytes: b.nccl,
                location: Location::Device,
                formula: words!("{} MiB × {groups} process group{} = {} B", s.mech.nccl_mib, if groups == 1 { "" } else { "s" }, g(b.nccl)),
                question: crate::text!("What does NCCL keep on the GPU?"),
                explanation: crate::text!(words!("Every NCCL communicator (here one per data-, tensor- or pipeline-parallel group larger than one GPU) keeps a buffer per protocol for every channel and peer: with NCCL's defaults {} B per connection (Simple 4 MiB, LL128 4.69 MiB, LL 0.5 MiB), so about 147 MiB for a ring over 16 channels. NCCL allocates them itself: nvidia-smi counts them, torch.cuda.max_memory_reserved() and max_memory_allocated() do not.", g(crate::scenario::training::NCCL_CONNECTION_BYTES))),
                source: crate::text!(crate::scenario::training::SRC_NCCL),
            });
        }
        parts.push(legacy! {
            id: PartId::Logits,
            label: "Logits and loss",
            bytes: b.logits,
            location: Location::Device,
            formula: if b.logits == 0 {
                "0 B: the output layer is on the last pipeline stage".into()
            } else if s.mech.fused_loss && s.mech.loss_chunks.is_none() {
                words!("{} × {} tokens × 4 B (log-sum-exp) + inputs = {} B", g(s.seq), g(s.batch), g(b.logits))
            } else if let (Some(n), true) = (s.mech.loss_chunks, s.mech.fused_loss) {
                words!("{} × {} × {} vocabulary × ({} B + 12 B) ÷ {n} chunk{} + inputs = {} B", g(s.seq), g(s.batch), g(arch.vocab), plan.layer_shape(1, 1).elem, if n == 1 { "" } else { "s" }, g(b.logits))
            } else if let (Some(n), true) = (s.mech.loss_chunks, s.mech.compile && s.mech.loss_chunks > Some(1)) {
                let e = plan.layer_shape(1, 1).elem;
                words!("{} × {} × {} vocabulary × ({e} B + {e} B ÷ {n} chunks) + 4 B per token + inputs = {} B", g(s.seq), g(s.batch), g(arch.vocab), g(b.logits))
            } else if let Some(n) = s.mech.loss_chunks {
                words!("{} × {} × {} vocabulary × ({} B + 12 B ÷ {n} chunk{}) + inputs = {} B", g(s.seq), g(s.batch), g(arch.vocab), plan.layer_shape(1, 1).elem, if n == 1 { "" } else { "s" }, g(b.logits))
            } else {
                words!("{} × {} × {} vocabulary × (16-bit + FP32 copy) + inputs = {} B", g(s.seq), g(s.batch), g(arch.vocab), g(b.logits))
            },
            question: crate::text!("Why does the output layer need so much?"),
            explanation: crate::text!(words!(
                "The output layer turns every position into a score per vocabulary entry: {} sequences × {} tokens × {} entries, kept for the loss in FP32 (and, in Hugging Face causal LMs, also in the training precision they are upcast from). Large vocabularies make this a gigabyte-scale term that most calculators forget.",
                g(s.batch), g(s.seq), g(arch.vocab)
            ) + &match s.mech.loss_chunks {
                None if s.mech.fused_loss => " Here the output layer is fused with the cross-entropy (Cut Cross-Entropy): logits are computed block by block in on-chip memory and never stored; only a log-sum-exp per token remains.".to_string(),
                None => String::new(),
                Some(1) => " The cross-entropy is computed in one piece: at its peak it holds the 16-bit logits, their FP32 upcast, the log-softmax it saves and that term's FP32 gradient — about 12 bytes per logit besides the 16-bit ones.".to_string(),
                Some(n) if s.mech.fused_loss => words!(" The output layer is fused with the cross-entropy and runs in {n} chunks (Cut Cross-Entropy, Liger): the logits are never stored whole, only the chunk being computed with its FP32 terms."),
                Some(n) if s.mech.compile && n > 1 => words!(" The cross-entropy is computed in {n} chunks and compiled (torchtune compiles each chunk's upcast and loss): the FP32 upcast is fused into the kernels and the backward pass recomputes the softmax from the 16-bit chunk and a log-sum-exp per token, so besides the 16-bit logits only one chunk's 16-bit gradient is alive."),
                Some(n) => words!(" The cross-entropy is computed in {n} chunks (torchtune, torchtitan): the 16-bit logits stay, but only one chunk at a time is upcast to FP32 with its log-softmax and gradient."),
            }),
            source: crate::text!(if s.mech.fused_loss { crate::scenario::training::SRC_FUSED_LOSS } else if s.mech.compile && s.mech.loss_chunks > Some(1) { crate::scenario::training::SRC_COMPILED_LOSS } else if s.mech.loss_chunks.is_some() { crate::scenario::training::SRC_LOSS } else { SRC_ACT }),
        });
    } else if engine {
        parts.extend(crate::model::neural::engine_parts::components(s, &plan, &b));
    } else {
        parts.push(inference_activations(s, &b));
        parts.push(kv_cache(s, &plan, &b));
        parts.push(legacy! {
            id: PartId::Logits,
            label: "Logits",
            bytes: b.logits,
            location: Location::Device,
            formula: words!("{} sequences × {} vocabulary × 4 B = {} B", g(s.batch), g(arch.vocab), g(b.logits)),
            question: crate::text!("Are logits kept during generation?"),
            explanation: crate::text!("Only for the position being sampled, in FP32: serving engines such as vLLM and llama.cpp compute the output layer for the last token of each sequence.".into()),
            source: crate::text!(SRC_ACT),
        });
    }
    if s.mode.trains() && (s.dataset_total() > 0 || b.dataset_device > 0) {
        parts.push(dataset(s, &b));
    }

    let tensors = b.device_tensors();
    let pct = format_fixed(s.overhead_bp, 2);
    if engine {
        parts.push(legacy! {
            id: PartId::Overhead,
            label: "Allocator overhead",
            bytes: 0,
            location: Location::Device,
            formula: words!("0 B: inside the engine's own accounting"),
            question: crate::text!("Why add an overhead on top of the tensors?"),
            explanation: crate::text!(words!("{} sizes its memory itself: vLLM and SGLang measure their peak and give the KV pool the rest, llama.cpp allocates exact buffers, so no share of the tensors is added.", s.engine.name())),
            source: crate::text!(s.engine.source()),
        });
    } else {
        parts.push(legacy! {
        id: PartId::Overhead,
        label: "Allocator overhead",
        bytes: b.overhead,
        location: Location::Device,
        formula: words!("{pct} % × {} B = {} B", g(tensors), g(b.overhead)),
        question: crate::text!("Why add an overhead on top of the tensors?"),
        explanation: crate::text!(words!(
            "Frameworks allocate through a caching allocator that rounds block sizes and keeps freed blocks for reuse, and every step creates short-lived temporaries, so the memory reserved exceeds the tensors above. This setting adds {pct} % of them; measure yours by comparing torch.cuda.max_memory_reserved() with max_memory_allocated()."
        )),
        source: crate::text!(SRC_ALLOCATOR),
    });
    }
    if b.fragmentation > 0 {
        parts.push(legacy! {
            id: PartId::Fragmentation,
            label: "Cached blocks of shorter batches",
            bytes: b.fragmentation,
            location: Location::Device,
            formula: words!("activations {} B + logits and loss {} B at the longest batch = {} B", g(b.activations), g(b.logits), g(b.fragmentation)),
            question: crate::text!("Why does reserved memory exceed allocated with variable-length batches?"),
            explanation: crate::text!("Each batch is padded to its own longest sequence, so tensor sizes change from step to step. PyTorch's caching allocator serves a request from a cached block at least as large; when a batch is longer than every earlier one none is, so it cuts new segments and keeps the old ones cached (they are released only if cudaMalloc fails, or by torch.cuda.empty_cache()). At the peak the cache still holds the sequence-dependent tensors of an earlier longest batch: counted here as one more set of activations, logits and loss at the longest length, an upper bound for that one batch. Every further new longest batch can add another set until the device is full, when the allocator frees its cache and retries, so this stays within the capacity and does not by itself cause an out-of-memory error. PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (grows one segment page by page), packing, padding to a fixed length or sorting the longest batch first avoid it. max_memory_reserved() and nvidia-smi count it, max_memory_allocated() does not.".into()),
            source: crate::text!(crate::scenario::training::SRC_FRAG),
        });
    }
    parts.push(legacy! {
        id: PartId::Runtime,
        label: "CUDA context and libraries",
        bytes: b.runtime,
        location: Location::Device,
        formula: words!("{} MiB × 1,048,576 B = {} B", g(s.runtime_mib), g(b.runtime)),
        question: crate::text!("What uses memory before the model is even loaded?"),
        explanation: crate::text!(words!(
            "The CUDA context (driver state and loaded kernels) and library workspaces (cuBLAS, cuDNN, NCCL) are counted by nvidia-smi but not by torch.cuda.memory_allocated(). About 300 MiB since CUDA 11.7 loads kernels lazily, over 1 GiB before; this setting counts {} MiB.{}",
            g(s.runtime_mib),
            if s.mode.trains() && p.gpus > 1 && b.nccl == 0 {
                " NCCL's communicator buffers are left in this row (nccl_buffers = 0): NCCL allocates them itself, so PyTorch's counters never see them, and their size depends on the channels NCCL picks for the topology (with its defaults, 9.19 MiB per channel and peer: NCCL_BUFFSIZE 4 MiB + LL128 4.69 MiB + LL 0.5 MiB). Set nccl_buffers to count them apart."
            } else {
                ""
            }
        )),
        source: crate::text!(SRC_RUNTIME),
    });

    let per_device: u64 = crate::base::sat::sum(
        parts
            .iter()
            .filter(|c| c.location == Location::Device)
            .map(|c| c.bytes),
    );
    let on_node = p.gpus.min(p.gpus_per_node);
    let dataset_host = if s.mode.trains() && s.dataset_on == DatasetOn::Host {
        s.dataset_total()
    } else {
        0
    };
    let host_per_node = crate::add!(crate::mul!(b.host(), on_node), dataset_host);
    let busiest = if p.pp > 1 {
        words!("pipeline stage {} of {} (the busiest)", stage_i + 1, p.pp)
    } else if p.gpus > 1 {
        words!("each of the {} GPUs", g(p.gpus))
    } else {
        "the GPU".to_string()
    };
    Estimate {
        mode: s.mode,
        components: parts,
        per_device_bytes: per_device,
        cluster_bytes: plan.cluster_bytes(),
        host_per_node_bytes: host_per_node,
        capacity_bytes: s.device.capacity_bytes(),
        host_capacity_bytes: s.host_mem,
        device_label: s.device.label(),
        busiest,
        per: crate::model::Per::Device,
        params: s.param_count(),
        trainable_params: crate::mul!(b.trainable, p.tp, p.pp),
        per_rank_bytes: per_device,
        disk_bytes: 0,
        devices_per_node: on_node,
        warnings: warnings(s, &plan, inferred),
        serving: (engine && s.engine.pools())
            .then(|| crate::model::neural::engine::serving(s, b.kv_cache, b.token_bytes))
            .flatten(),
    }
}

fn weights(s: &Scenario, b: &StageBytes, w: &Words) -> Component {
    let p = &s.parallel;
    let mut formula = String::new();
    let mut text = String::new();
    let split = if p.tp * p.pp > 1 {
        words!(
            " This device holds {} of them (tensor parallel {} × pipeline stages {}).",
            g(b.params),
            p.tp,
            p.pp
        )
    } else {
        String::new()
    };
    if let Some(mbpw) = s.weight_milli_bpw() {
        let name = if s.milli_bpw.is_some() {
            "the given format".to_string()
        } else {
            s.quant.label().to_string()
        };
        formula = words!(
            "{} × {} bits ÷ 8{} = {} B",
            g(b.params),
            format_fixed(mbpw, 3),
            if s.milli_bpw.is_none() && s.quant.keeps_embeddings_16bit() {
                " (embeddings and head at 16 bits)"
            } else {
                ""
            },
            g(b.weights)
        );
        text = words!(
            "The frozen weights are stored in {name} at {} bits per weight, block scales included — never 'FP32 ÷ 8'.{split}",
            format_fixed(mbpw, 3)
        );
        if s.uses_lora() {
            text.push_str(&words!(
                " The {} LoRA adapter parameters are added in {}.",
                g(b.trainable),
                upper(s.dtype)
            ));
        }
    } else if s.uses_lora() {
        formula = words!(
            "({} frozen + {} adapter) × {} B = {} B",
            g(b.params),
            g(b.trainable),
            s.dtype.bytes(),
            g(b.weights)
        );
        text = words!("The base model is frozen in {}; the LoRA adapters are the only trainable weights.{split}", upper(s.dtype));
    }
    if formula.is_empty() {
        let full = crate::mul!(b.params, s.dtype.bytes());
        formula = words!(
            "{} × {} B{} = {} B",
            g(b.params),
            s.dtype.bytes(),
            w.sharded(3),
            g(if s.mode.trains() { b.weights } else { full })
        );
        text = words!(
            "Every parameter is held once in {} ({} bytes each){}.{split}",
            upper(s.dtype),
            s.dtype.bytes(),
            if s.keeps_master_copy() {
                ": the working copy the forward and backward passes read"
            } else {
                ""
            }
        );
    }
    if s.mode == Mode::Infer && s.sparsity_bp > 0 {
        formula = words!(
            "{formula} → {} sparse storage at {} % zeros = {} B",
            s.sparse_format.id(),
            format_fixed(s.sparsity_bp, 2),
            g(b.weights)
        );
        text.push_str(
            " Pruned weights only save memory in a sparse format, which pays for indices.",
        );
    }
    text.push_str(&w.zero_note(3, "the parameters"));
    if b.weights_on_host {
        text.push_str(" Offloaded: they live in host memory.");
    }
    legacy! {
        id: PartId::Weights,
        label: "Weights",
        bytes: b.weights,
        location: if b.weights_on_host {
            Location::Host
        } else {
            Location::Device
        },
        formula,
        question: crate::text!("What are the weights, and why this size?"),
        explanation: crate::text!(text),
        source: crate::text!(if s.weight_milli_bpw().is_some() {
            s.quant.source()
        } else {
            SRC_ZERO
        }),
    }
}

fn training_states(s: &Scenario, b: &StageBytes, w: &Words) -> Vec<Component> {
    let dt = s.dtype;
    let host = if b.states_on_host {
        Location::Host
    } else {
        Location::Device
    };
    let offload = if b.states_on_host && s.parallel.offload == Offload::None {
        " Paged (bitsandbytes paged optimizer): kept in CUDA unified memory, which migrates to host memory under pressure; torch.cuda.memory_allocated() does not count it."
    } else if b.states_on_host {
        " Offloaded to host memory (ZeRO-Offload): the CPU runs the optimizer step."
    } else {
        ""
    };
    let trainable = b.trainable;
    let who = if s.uses_lora() {
        words!("the {} adapter parameters", g(trainable))
    } else {
        words!("the {} trainable parameters", g(trainable))
    };

    let master = legacy! {
        id: PartId::MasterWeights,
        label: "FP32 master weights",
        bytes: b.master,
        location: host,
        formula: if b.master > 0 {
            words!("{} × 4 B{} = {} B", g(trainable), w.sharded(1), g(b.master))
        } else {
            "0 B".into()
        },
        question: crate::text!("Why is there a second copy of the weights?"),
        explanation: crate::text!(if b.master > 0 {
            words!(
                "With mixed precision the optimizer updates an FP32 copy of {who}, because adding small updates to {} values would round them away; the {} copy is refreshed from it after each step.{}{offload}",
                upper(dt), upper(dt), w.zero_note(1, "it")
            )
        } else if !dt.is_low_precision() {
            words!(
                "None needed: the weights are already {} and are updated in place.",
                upper(dt)
            )
        } else {
            words!("None kept: mixed precision is off, so the optimizer updates the {} weights directly (cheaper, but small updates may be lost to rounding).", upper(dt))
        }),
        source: crate::text!(SRC_MIXED),
    };
    let gd = s.grad_dtype();
    let (lifetime, lifetime_formula, grad_source) = if b.gradients == b.gradients_all {
        (String::new(), String::new(), SRC_ZERO)
    } else if s.mech.opt_in_bwd {
        (
            " The optimizer step runs inside the backward pass, so each gradient is applied and freed at once: only the largest single gradient is alive.".to_string(),
            words!(" → largest single tensor: {} B", g(b.gradients)),
            crate::scenario::training::SRC_OPT_IN_BWD,
        )
    } else {
        (
            " They are set to None between steps, so they only appear in the backward pass, in memory the activations it consumes give back: only what exceeds the activations and logits counts.".to_string(),
            words!(" − activations and logits freed by then = {} B", g(b.gradients)),
            crate::scenario::training::SRC_ZERO_GRAD,
        )
    };
    let gradients = legacy! {
        id: PartId::Gradients,
        label: "Gradients",
        bytes: b.gradients,
        location: Location::Device,
        formula: words!("{} × {} B{} = {} B{lifetime_formula}", g(trainable), gd.bytes(), w.sharded(2), g(b.gradients_all)),
        question: crate::text!("Why do gradients take this much?"),
        explanation: crate::text!(words!(
            "Backpropagation produces one gradient for each of {who}, held until the optimizer step, in {} ({} bytes). Sources differ here: the ZeRO paper keeps gradients in the weights' precision (16 bytes per parameter with mixed-precision Adam), Megatron-LM and Hugging Face's 'model memory anatomy' accumulate them in FP32 (18 bytes): the 'Gradient precision' setting chooses.{}{lifetime}",
            upper(gd), gd.bytes(), w.zero_note(2, "them")
        )),
        source: crate::text!(grad_source),
    };
    let sd = s.state_dtype();
    let formula = match s.optimizer {
        Optimizer::Sgd => "0 B".to_string(),
        Optimizer::Adam8bit => words!(
            "2 × ({} × 1 B + ⌈{} / 2048⌉ × 4 B){} = {} B",
            g(trainable),
            g(trainable),
            w.sharded(1),
            g(b.optimizer)
        ),
        Optimizer::Adafactor => words!(
            "4 B × 2 × {} ÷ {} (hidden){} = {} B",
            g(trainable),
            g(s.shape().0.hidden),
            w.sharded(1),
            g(b.optimizer)
        ),
        o => words!(
            "{} × {} × {} B{} = {} B",
            o.state_count(),
            g(trainable),
            sd.bytes(),
            w.sharded(1),
            g(b.optimizer)
        ),
    };
    let kept_in = match s.optimizer {
        Optimizer::Sgd | Optimizer::Adam8bit | Optimizer::Adafactor => String::new(),
        _ => words!(
            " They are kept in {} ({} bytes each).",
            upper(sd),
            sd.bytes()
        ),
    };
    let optimizer = legacy! {
        id: PartId::Optimizer,
        label: "Optimizer states",
        bytes: b.optimizer,
        location: host,
        formula,
        question: crate::text!("What are optimizer states?"),
        explanation: crate::text!(words!(
            "{}{kept_in}{}{offload}",
            s.optimizer.describe_states(),
            w.zero_note(1, "them")
        )),
        source: crate::text!(SRC_TM101),
    };
    vec![master, gradients, optimizer]
}

fn activations(s: &Scenario, plan: &Plan, b: &StageBytes, stage_i: u64) -> Component {
    let shape = plan.layer_shape(s.batch, s.seq);
    let layer = shape.layer();
    let a = &plan.arch;
    let p = &s.parallel;
    let before = b.activations + b.act_overlap;
    let flight = if p.pp > 1 {
        words!(
            " With {} pipeline stages (1F1B schedule) this stage keeps {} micro-batches in flight.",
            p.pp,
            b.in_flight
        )
    } else {
        String::new()
    };
    let core = if s.flash_attention {
        "Flash attention never stores the sequence × sequence scores."
    } else if s.recompute == Recompute::Selective {
        "Selective recomputation drops the sequence × sequence attention scores (5·a·s²·b) and recomputes them."
    } else {
        "Without flash attention the sequence × sequence scores, their softmax and dropout are stored: the term that grows with the square of the sequence length."
    };
    let (mut formula, how) = match s.recompute {
        Recompute::Full => (
            words!(
                "{} layers × {} in flight × {} B (layer inputs) + {} B (one layer recomputed) = {} B",
                b.layers, b.in_flight, g(shape.checkpoint()), g(layer.total()), g(before)
            ),
            "Full recomputation keeps only each layer's input and recomputes the rest during the backward pass, one layer at a time.".to_string(),
        ),
        Recompute::SelectiveOp => {
            let op = shape.selective_op_layer();
            (
                words!(
                    "{} layers × {} in flight × ({} + {}) B saved per layer + one layer's recomputed rest = {} B",
                    b.layers, b.in_flight, g(op.replicated), g(op.split), g(before)
                ),
                words!("Per-op selective checkpointing (torchtitan) keeps each layer's input ({} B), every other matmul output and the attention output with its log-sum-exp ({} B) and recomputes the rest in the backward pass, one layer at a time.", g(op.replicated), g(op.split)),
            )
        }
        _ => (
            words!(
                "{} layers × {} in flight × ({} + {} + {}) B per layer = {} B",
                b.layers, b.in_flight, g(layer.replicated), g(layer.split), g(layer.core), g(before)
            ),
            words!(
                "Per layer: {} B of inputs to norms and projections{}, {} B of Q, K, V and MLP internals{}, and {} B of attention scores. {core}",
                g(layer.replicated),
                if s.dropout { " and dropout masks" } else { "" },
                g(layer.split),
                if p.tp > 1 { words!(" split over {} tensor-parallel ranks", p.tp) } else { String::new() },
                g(layer.core)
            ),
        ),
    };
    let _ = stage_i;
    let mut how = how;
    if b.act_overlap > 0 {
        formula.push_str(&words!(
            " − {} B reused from the loss = {} B",
            g(b.act_overlap),
            g(b.activations)
        ));
        how.push_str(" The loss's tensors are freed by its backward pass before the first layer is recomputed (torchtune and torchtitan delete the logits before loss.backward(); autograd frees a node's saved tensors once it has run), so the recomputed layer reuses their memory: only what it needs beyond the logits and loss adds to the peak.");
    }
    if !s.mech.compile && s.dtype.is_low_precision() && s.recompute != Recompute::SelectiveOp {
        how.push_str(" Eager PyTorch (no torch.compile) also keeps FP32 copies of both norms' inputs and of Q and K around RoPE.");
    }
    if b.act_host > 0 {
        how.push_str(" Offloaded: only the layer being computed stays on the device; the rest waits in host memory.");
    }
    legacy! {
        id: PartId::Activations,
        label: "Activations",
        bytes: b.activations,
        location: Location::Device,
        formula,
        question: crate::text!("What are activations, and why do they grow with batch and sequence?"),
        explanation: crate::text!(words!(
            "The forward pass keeps intermediate tensors for the backward pass: {} sequences × {} tokens × hidden {} in every one of {} layers ({} values in {} bytes). {how}{flight}",
            g(s.batch), g(s.seq), g(a.hidden), b.layers, if shape.elem == 2 { "16-bit" } else { "stored" }, shape.elem
        )),
        source: crate::text!(SRC_ACT),
    }
}

fn sciml_activations(s: &Scenario, b: &StageBytes) -> Component {
    let m = &s.sciml;
    let trains = s.mode.trains();
    let per_sample = if trains {
        m.activation_values()
    } else {
        m.inference_values()
    };
    let what = match m.model {
        crate::scenario::sciml::ModelKind::Pinn => words!("{} collocation points × {} neurons × {} layers, kept twice (pre-activation and activation) and again for each of the {} input coordinates at each of the {} derivative orders the PDE residual differentiates", g(m.points), g(m.width), g(m.depth), m.inputs, m.derivs),
        crate::scenario::sciml::ModelKind::Fno => words!("{} grid points × {} channels per Fourier layer ({} layers): the layer input, its half-spectrum, the spectral and pointwise outputs and the activation", g(m.grid), g(m.width), g(m.depth)),
        crate::scenario::sciml::ModelKind::Gnn => words!("per message-passing step ({} steps): edge inputs, hidden and outputs on {} edges and node features on {} nodes, {} latent values each", g(m.depth), g(m.edges), g(m.nodes), g(m.width)),
        crate::scenario::sciml::ModelKind::Unet => words!("feature maps of {} levels, from {} points × {} channels down to a coarse grid with {}× the channels, on the way down and up", g(m.depth), g(m.grid), g(m.channels), 1u64 << m.depth.saturating_sub(1).min(62)),
        crate::scenario::sciml::ModelKind::Transformer => String::new(),
    };
    legacy! {
        id: PartId::Activations,
        label: if trains {
            "Activations"
        } else {
            "Activations (working set)"
        },
        bytes: b.activations,
        location: Location::Device,
        formula: words!(
            "{} values per sample × {} samples × bytes = {} B{}",
            g(per_sample),
            g(s.batch),
            g(b.activations),
            if trains && s.recompute == Recompute::Full {
                " (checkpointed: two layers' worth)"
            } else {
                ""
            }
        ),
        question: crate::text!("What does this network keep for the backward pass?"),
        explanation: crate::text!(words!(
            "{}{what}.",
            if trains {
                "The forward pass keeps, per sample, "
            } else {
                "A forward pass needs, per sample, a working set of roughly one layer of "
            }
        )),
        source: crate::text!(m.source()),
    }
}

fn inference_activations(s: &Scenario, b: &StageBytes) -> Component {
    legacy! {
        id: PartId::Activations,
        label: "Activations (working set)",
        bytes: b.activations,
        location: Location::Device,
        formula: words!("one layer's prefill of {} × {} tokens = {} B", g(s.batch), g(s.seq), g(b.activations)),
        question: crate::text!("Does inference need activation memory?"),
        explanation: crate::text!(words!(
            "Nothing is kept for a backward pass, but each layer's forward pass needs a working set while it runs: the prompt's hidden states, Q, K, V and the MLP's intermediate values for {} sequences of {} tokens{}. It is freed layer by layer, so it is counted once.",
            g(s.batch), g(s.seq), if s.flash_attention { "" } else { ", plus the sequence × sequence attention scores (no flash attention)" }
        )),
        source: crate::text!(SRC_ACT),
    }
}

fn kv_cache(s: &Scenario, plan: &Plan, b: &StageBytes) -> Component {
    let a = &plan.arch;
    let kvd = s.kv_label();
    let tp = s.parallel.tp;
    let per_token = if a.mla() {
        words!("({} latent + {} rotary key)", a.kv_lora_rank, a.rope_dim)
    } else {
        words!(
            "2 × {} KV heads × {} head dim",
            a.kv_heads.div_ceil(tp),
            a.head_dim
        )
    };
    let first = plan.first_layer(plan.busiest().0);
    let windowed = a.windowed_in(first, b.layers);
    let tokens = if windowed > 0 && s.seq > a.window {
        words!(
            "({} full layers × {} tokens + {} windowed layers × {} tokens)",
            b.layers - windowed,
            g(s.seq),
            windowed,
            g(a.window)
        )
    } else {
        words!("{} layers × {} tokens", b.layers, g(s.seq))
    };
    let mechanism = if a.mla() {
        words!(
            " Multi-head latent attention caches one compressed vector of {} values plus a {}-value rotary key per token and layer instead of keys and values per head (DeepSeek-V2, arXiv:2405.04434): {}× smaller than caching all {} heads, and replicated, not split, by tensor parallelism as vLLM and SGLang do. (Hugging Face transformers' eager implementation caches the decompressed keys and values instead.)",
            a.kv_lora_rank,
            a.rope_dim,
            crate::mul!(2, a.heads, a.head_dim) / (a.kv_lora_rank + a.rope_dim).max(1),
            a.heads
        )
    } else {
        words!(
            " With grouped-query attention only the {} KV heads are cached, not all {} query heads — calculators that use the hidden size instead overcount by {}×.",
            a.kv_heads,
            a.heads,
            a.heads / a.kv_heads.max(1)
        )
    };
    let window = if a.window > 0 {
        words!(
            " {} of the {} layers attend within a sliding window of {} tokens and keep no more than that (Mistral 7B's rolling buffer, arXiv:2310.06825; Gemma 2 and 3 alternate local and global layers).",
            a.windowed_in(0, a.layers),
            a.layers,
            g(a.window)
        )
    } else {
        String::new()
    };
    legacy! {
        id: PartId::KvCache,
        label: "KV cache",
        bytes: b.kv_cache,
        location: Location::Device,
        formula: words!(
            "{per_token} × {tokens} × {} sequences × {} = {} B",
            g(s.batch),
            kv_per_value(s),
            g(b.kv_cache)
        ),
        question: crate::text!("Why does the KV cache grow with context and concurrent sequences?"),
        explanation: crate::text!(words!(
            "Each generated token attends to the keys and values of earlier tokens, so they are cached per layer and token, for {} sequences × {} tokens in {}.{mechanism}{window}",
            g(s.batch), g(s.seq), kvd
        )),
        source: crate::text!(SRC_KV),
    }
}

/// One cached value's size as the formulas show it: "2 B", or "34 B / 32" for Q8_0 blocks.
pub fn kv_per_value(s: &Scenario) -> String {
    match s.kv_quant {
        Some(q) => words!("{} B / 32", q.block_bytes()),
        None => words!("{} B", s.kv_dtype().bytes()),
    }
}

fn dataset(s: &Scenario, b: &StageBytes) -> Component {
    let total = s.dataset_total();
    let (bytes, location, formula, text) = match s.dataset_on {
        DatasetOn::Device => (total, Location::Device, words!("{} B", g(total)), "The whole training set is kept in GPU memory on every device, as many scientific training loops do to avoid the data loader."),
        DatasetOn::Host => (total, Location::Host, words!("{} B, once per node", g(total)), "The training set is kept in host memory, once per node, and batches are copied to the GPU as they are used."),
        DatasetOn::Stream => (
            b.dataset_device,
            Location::Device,
            words!("2 × {} samples × {} B = {} B", g(s.batch), g(s.sample_bytes), g(b.dataset_device)),
            "The data is streamed from storage: only the batch in use and the next one are held on the device.",
        ),
    };
    legacy! {
        id: PartId::Dataset,
        label: "Training data",
        bytes,
        location,
        formula,
        question: crate::text!("Does the training data count?"),
        explanation: crate::text!(text.to_string()),
        source: crate::text!(SRC_DATA),
    }
}

fn warnings(s: &Scenario, plan: &Plan, inferred: bool) -> Vec<String> {
    let mut w = Vec::new();
    let a = plan.arch;
    if let (true, true, Some(m)) = (inferred, s.sciml.is_transformer(), s.assumed_model()) {
        w.push(words!(
            "No architecture given: assumed the shape of {} ({} layers, hidden size {}, {} heads, {} KV heads), the released model nearest to {} parameters. Choose the model or give its architecture for exact figures.",
            m.label, a.layers, g(a.hidden), a.heads, a.kv_heads, g(s.param_count())
        ));
    } else if inferred && s.sciml.is_transformer() {
        w.push(words!(
            "No architecture given: activations and the KV cache assume {} layers, hidden size {}, {} heads and a 32,000-token vocabulary (a typical shape for {} parameters). Give the architecture for exact figures.",
            a.layers, g(a.hidden), a.heads, g(s.param_count())
        ));
    }
    if let (Some(given), Some(arch)) = (s.params, s.arch) {
        let derived = arch.total_params();
        if given.abs_diff(derived) > derived / 100 {
            w.push(words!("The parameter count given ({}) differs from the architecture's ({}) by more than 1 %; the given count is used for weights and states.", g(given), g(derived)));
        }
    }
    if let Some(ctx) = s
        .arch
        .map(|a| a.max_context)
        .filter(|c| *c > 0 && s.seq > *c)
    {
        w.push(words!("The sequence ({} tokens) is longer than the {} the model was trained for (max_position_embeddings); quality degrades beyond it unless the model is extended (e.g. RoPE scaling).", g(s.seq), g(ctx)));
    }
    if s.mode.trains() && !s.mixed && s.dtype.is_low_precision() {
        w.push(words!("Training purely in {} without FP32 master weights can stall: updates smaller than the format's resolution are lost.", upper(s.dtype)));
    }
    if s.mode == Mode::Train && s.lora_rank > 0 {
        w.push("LoRA applies to fine-tuning: set mode to finetune to train adapters only.".into());
    }
    if s.mode == Mode::Train
        && (s.quant != crate::catalog::quant::Quant::None || s.milli_bpw.is_some())
    {
        w.push("Quantization applies to inference and to the frozen base of LoRA fine-tuning; training keeps the chosen precision.".into());
    }
    if s.mode.trains() && s.parallel.zero > 0 && s.parallel.dp() == 1 {
        w.push("ZeRO shards over data-parallel ranks, and there is only one: add GPUs for it to save memory.".into());
    }
    // A framework that always shards the sequence with tensor parallelism (torchtitan) implies
    // sp=on; that says nothing wrong when there is no tensor parallelism.
    let implied_sp = s.mech.framework.implied().iter().any(|im| im.key == "sp");
    if s.parallel.sp && s.parallel.tp == 1 && !implied_sp {
        w.push(
            "Sequence parallelism needs tensor parallelism (tp > 1) and has no effect here.".into(),
        );
    }
    if s.mode == Mode::Infer && s.sparsity_bp > 0 {
        let dense_value = s.dtype.bytes();
        match s.sparse_format {
            crate::catalog::quant::SparseFormat::Dense => w.push(
                "Sparse weights stored densely save no memory: choose CSR or bitmask storage."
                    .into(),
            ),
            crate::catalog::quant::SparseFormat::Csr => {
                // CSR pays value + 4-byte index per nonzero: it wins only when nnz·(v+4) < P·v.
                let density = 10_000 - s.sparsity_bp;
                if density * (dense_value + 4) >= 10_000 * dense_value {
                    w.push(words!("At {} % sparsity CSR storage is larger than dense: each nonzero pays a 4-byte column index.", format_fixed(s.sparsity_bp, 2)));
                }
            }
            crate::catalog::quant::SparseFormat::Bitmask => {}
        }
    }
    if s.parallel.offload != Offload::None && s.host_mem.is_none() {
        w.push("Offloading moves states to host memory: set host_mem to check that the node has enough.".into());
    }
    w
}
