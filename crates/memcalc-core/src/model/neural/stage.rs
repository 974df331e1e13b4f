//! The bytes each kind of device holds. Devices differ by pipeline stage (the first holds the
//! embeddings and the most micro-batches in flight, the last the output layer and the loss);
//! within a stage every tensor- and data-parallel rank holds the same.

use crate::catalog::arch::{Arch, Mlp};
use crate::catalog::precision::Dtype;
use crate::catalog::quant::SparseFormat;
use crate::model::neural::activations::LayerShape;
pub use crate::model::values::neural::{FrozenTerms, SparseTerms};
use crate::scenario::{DatasetOn, Mode, Offload, Recompute, Scenario};

/// Bytes per component for one device of one stage.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StageBytes {
    pub weights: u64,
    pub weights_on_host: bool,
    pub offload_buffer: u64,
    pub master: u64,
    pub gradients: u64,
    pub optimizer: u64,
    pub states_on_host: bool,
    /// ZeRO-Offload at stage 2 or 3: each rank's gradient partition is kept in FP32 in host
    /// memory beside the optimizer states; the device keeps only the reduce buckets.
    pub grads_on_host: bool,
    pub activations: u64,
    pub logits: u64,
    pub kv_cache: u64,
    /// Linear-attention layers' fixed state per sequence (Qwen3-Next), outside a pooled
    /// engine's pool.
    pub linear_state: u64,
    /// CUDA graphs a serving engine captured (their memory pool).
    pub graphs: u64,
    /// A vision-language model's vision encoder, frozen, on the first stage (issue 38).
    pub vision_weights: u64,
    /// vLLM's multimodal profile beyond the language model's step (issue 38): the encoder
    /// outputs kept while the step is profiled, or the encoder's own larger peak.
    pub mm_profile: u64,
    /// Context parallelism's K and V blocks in flight around the ring, one layer at a time
    /// (issue 38).
    pub cp_buffers: u64,
    /// A serving engine's stage that samples (the last): its activations cover the sampler.
    pub samples: bool,
    /// llama.cpp: weights and KV cache of the layers left on the CPU, and its host buffers
    /// (compute buffer and output buffer).
    pub weights_host: u64,
    pub kv_host: u64,
    pub buffers_host: u64,
    /// KV bytes of one token on this device (all its layers, K and V).
    pub token_bytes: u64,
    /// A pooled engine that counts windowed layers apart (`hybrid_kv=engine`): the stage's
    /// layers that attend within the sliding window (0: every layer counted at the full
    /// context), the window, and one token's KV bytes in one layer.
    pub kv_windowed: u64,
    pub kv_window: u64,
    pub layer_token_bytes: u64,
    /// A pooled engine's linear-attention layers on this stage and one sequence's state in one
    /// of them (bytes).
    pub kv_linear: u64,
    pub linear_state_layer_bytes: u64,
    pub dataset_device: u64,
    /// Activations moved to host memory (activation offloading).
    pub act_host: u64,
    /// Gradients as a separate term before their lifetime is taken into account.
    pub gradients_all: u64,
    /// Under an optimizer step in the backward pass: the parameters of the largest single
    /// gradient, the one alive at a time.
    pub largest_grad: u64,
    /// Unsharded layers and their gradients in flight (ZeRO-3/FSDP).
    pub gathered: u64,
    /// A full state dict being saved: the whole stage's parameters as the sharded model holds
    /// them, the part of it above what the step's activations and logits gave back (on the
    /// device), or gathered into rank 0's host memory.
    pub save_full: u64,
    pub save_device: u64,
    /// What a save finds freed: the activations and logits, and the gradients that live only
    /// through the backward pass.
    pub save_freed: u64,
    /// Whether `save_freed` includes such gradients.
    pub save_frees_grads: bool,
    pub save_host: u64,
    /// ZeRO communication buckets (PyTorch tensors).
    pub buffers: u64,
    /// NCCL's own buffers, allocated outside PyTorch's caching allocator.
    pub nccl: u64,
    /// Cached blocks an earlier, shorter longest batch left behind (variable-length batches).
    pub fragmentation: u64,
    pub overhead: u64,
    pub runtime: u64,
    /// Parameters held by this device before ZeRO sharding, and the trainable ones.
    pub params: u64,
    pub trainable: u64,
    /// The stage's parameters ÷ tp, every expert sliced (what ZeRO shards with expert
    /// parallelism; the same as `params` without it).
    pub sliced: u64,
    /// Of them, those in tensors below an 8-bit optimizer's `min_8bit_size`.
    pub small_trainable: u64,
    pub layers: u64,
    pub in_flight: u64,
    /// Activations recomputed (or brought back) in the backward pass that reuse the memory of
    /// the logits and loss, freed before them: taken off `activations`.
    pub act_overlap: u64,
}

impl StageBytes {
    /// Tensors resident on the device, before overhead and runtime.
    pub fn device_tensors(&self) -> u64 {
        let w = if self.weights_on_host {
            0
        } else {
            self.weights
        };
        let states = if self.states_on_host {
            0
        } else {
            crate::add!(self.master, self.optimizer)
        };
        let grads = if self.grads_on_host {
            0
        } else {
            self.gradients
        };
        crate::add!(
            w,
            self.offload_buffer,
            states,
            grads,
            self.activations,
            self.logits,
            self.kv_cache,
            self.linear_state,
            self.vision_weights,
            self.mm_profile,
            self.cp_buffers,
            self.dataset_device,
            self.gathered,
            self.save_device,
            self.buffers,
            self.nccl,
            self.graphs
        )
    }

    pub fn device_total(&self) -> u64 {
        crate::add!(
            self.device_tensors(),
            self.overhead,
            self.fragmentation,
            self.runtime
        )
    }

    /// Offloaded bytes this device keeps in host memory.
    pub fn host(&self) -> u64 {
        let w = if self.weights_on_host {
            self.weights
        } else {
            0
        };
        let states = if self.states_on_host {
            crate::add!(self.master, self.optimizer)
        } else {
            0
        };
        let grads = if self.grads_on_host {
            self.gradients
        } else {
            0
        };
        crate::add!(
            w,
            states,
            grads,
            self.act_host,
            self.weights_host,
            self.save_host,
            self.kv_host,
            self.buffers_host
        )
    }
}

/// Everything the per-stage computation shares.
pub struct Plan<'a> {
    pub s: &'a Scenario,
    pub arch: Arch,
    pub total_params: u64,
    arch_total: u64,
}

/// `v × num / den` rounded up, without overflow for the sizes accepted.
fn scale(v: u64, num: u64, den: u64) -> u64 {
    if den == 0 {
        return v;
    }
    u64::try_from((u128::from(v) * u128::from(num)).div_ceil(u128::from(den))).unwrap_or(u64::MAX)
}

impl Plan<'_> {
    /// Context parallelism's ring (TransformerEngine context_parallel.py
    /// AttnFuncWithCPAndKVP2P, used by Megatron-Core; torchtitan's ring attention likewise): a
    /// rank computes attention with one K, V block while receiving the next, so two blocks of
    /// seq ÷ cp tokens are in flight for the layer being computed, on one tp rank.
    pub fn cp_ring_bytes(&self) -> u64 {
        let s = self.s;
        let shape = self.layer_shape(s.batch, s.seq);
        crate::mul!(
            2,
            self.arch.kv_values_per_token(s.parallel.tp),
            shape.seq,
            s.batch,
            shape.elem
        )
    }
}

/// Bytes of one vision-encoder value: the model's 16-bit dtype (FP32 stays FP32; an FP8 or
/// quantized model keeps its vision tower in 16 bits).
pub fn vision_bytes(s: &Scenario) -> u64 {
    s.dtype.bytes().clamp(2, 4)
}

/// Bytes of one linear-attention state value: the model's 16-bit dtype (vLLM
/// MambaStateDtypeCalculator with mamba_ssm_cache_dtype auto), 4 for FP32 or FP64 models.
pub fn linear_state_bytes(s: &Scenario) -> u64 {
    s.dtype.bytes().clamp(2, 4)
}

impl<'a> Plan<'a> {
    pub fn new(s: &'a Scenario) -> Plan<'a> {
        let (arch, _) = s.shape();
        Plan {
            s,
            arch,
            total_params: s.param_count(),
            arch_total: arch.total_params().max(1),
        }
    }

    pub fn stages(&self) -> u64 {
        self.s.parallel.pp
    }

    /// Layers on stage `i`: earlier stages take the remainder.
    pub fn layers_on(&self, i: u64) -> u64 {
        let (l, p) = (self.arch.layers, self.stages());
        l / p + u64::from(i < l % p)
    }

    /// Index of the first layer on stage `i`.
    pub fn first_layer(&self, i: u64) -> u64 {
        let (l, p) = (self.arch.layers, self.stages());
        (l / p) * i + i.min(l % p)
    }

    /// Parameters of stage `i` (before tensor parallelism), following the architecture's
    /// split and scaled to the parameter count in use.
    pub(crate) fn stage_params(&self, i: u64) -> (u64, u64) {
        let pc = self.arch.params();
        let last = i + 1 == self.stages();
        let mut arch_part = pc.layer_range(self.first_layer(i), self.layers_on(i));
        let mut embed = 0;
        if i == 0 {
            arch_part = crate::add!(arch_part, pc.embedding);
            embed = crate::add!(embed, pc.embedding);
        }
        if last {
            arch_part = crate::add!(arch_part, pc.head, pc.final_norm);
            embed = crate::add!(embed, pc.head);
            // Megatron keeps a copy of tied word embeddings on the last stage for the output layer.
            if self.arch.tied && self.stages() > 1 {
                arch_part = crate::add!(arch_part, crate::mul!(self.arch.vocab, self.arch.hidden));
                embed = crate::add!(embed, crate::mul!(self.arch.vocab, self.arch.hidden));
            }
        }
        (
            scale(arch_part, self.total_params, self.arch_total),
            scale(embed, self.total_params, self.arch_total),
        )
    }

    /// Routed experts' parameters on stage `i` (before tensor parallelism), scaled like
    /// [`Plan::stage_params`]: `per` experts of each MoE layer (the leading dense layers have
    /// none).
    fn stage_experts(&self, i: u64, per: u64) -> u64 {
        let a = &self.arch;
        if a.experts <= 1 {
            return 0;
        }
        let (first, n) = (self.first_layer(i), self.layers_on(i));
        let dense = a.dense_layers.min(first + n).saturating_sub(first).min(n);
        let moe = n - dense;
        scale(
            crate::mul!(moe, per, a.expert_params()),
            self.total_params,
            self.arch_total,
        )
    }

    /// Parameters of stage `i` one device holds with expert parallelism, given `params` (the
    /// stage's parameters ÷ tp): the routed experts divided over the `ep` ranks instead of
    /// sliced over tp. Serving (vLLM `--enable-expert-parallel`, ep = tp × dp): each rank
    /// holds whole experts, the first `experts mod ep` ranks one more (vLLM
    /// fused_moe/layer.py `determine_expert_map`); training (Megatron-Core
    /// `expert_model_parallel_size`): experts ÷ ep per rank, each split over tp
    /// (`expert_tensor_parallel_size` defaults to `tensor_model_parallel_size`).
    pub(crate) fn expert_parallel_params(&self, i: u64, params: u64) -> u64 {
        let s = self.s;
        let ep = s.parallel.ep;
        let e = self.arch.experts;
        if ep <= 1 || e <= 1 {
            return params;
        }
        let t = s.parallel.tp.max(1);
        let sliced = self.stage_experts(i, e).div_ceil(t);
        let local = if s.mode.trains() {
            self.stage_experts(i, e / ep).div_ceil(t)
        } else {
            self.stage_experts(i, e.div_ceil(ep))
        };
        crate::add!(params.saturating_sub(sliced), local)
    }

    /// LoRA adapter parameters in one layer: r × (in + out) per targeted matrix.
    pub fn adapters_per_layer(&self) -> u64 {
        let a = &self.arch;
        let t = self.s.lora_targets;
        let (h, q, kv) = (
            a.hidden,
            crate::mul!(a.heads, a.head_dim),
            crate::mul!(a.kv_heads, a.head_dim),
        );
        let mut per_rank = 0;
        for (name, sides) in [("q", h + q), ("k", h + kv), ("v", h + kv), ("o", q + h)] {
            if t.has(name) {
                per_rank = crate::add!(per_rank, sides);
            }
        }
        let mlp = t.mlp_count(a.mlp == Mlp::Gated);
        crate::mul!(
            self.s.lora_rank,
            crate::add!(
                per_rank,
                crate::mul!(mlp, crate::add!(h, a.ffn), a.experts.max(1))
            )
        )
    }

    /// How many matrices per layer carry adapters.
    pub fn adapter_matrices(&self) -> u64 {
        let t = self.s.lora_targets;
        u64::from(t.attention_bits().count_ones())
            + t.mlp_count(self.arch.mlp == Mlp::Gated) * self.arch.experts.max(1)
    }

    /// Each adapter's r-wide intermediate kept for the backward pass, per layer and device.
    pub fn lora_activations(&self, s: &Scenario) -> u64 {
        if s.uses_lora() {
            crate::mul!(
                s.seq,
                s.batch,
                s.lora_rank,
                self.layer_shape(s.batch, s.seq).elem,
                self.adapter_matrices()
            )
            .div_ceil(s.parallel.tp.max(1))
        } else {
            0
        }
    }

    pub fn layer_shape(&self, batch: u64, seq: u64) -> LayerShape {
        let s = self.s;
        // Context parallelism (issue 38): in training each rank holds 1/cp of every sequence
        // (Megatron-Core and torchtitan split it into 2 · cp chunks, two per rank).
        let seq = if s.mode.trains() && s.parallel.cp > 1 {
            seq.div_ceil(s.parallel.cp)
        } else {
            seq
        };
        let elem = if s.dtype == Dtype::Fp8 {
            2
        } else {
            s.dtype.bytes()
        };
        LayerShape {
            arch: self.arch,
            seq,
            batch,
            elem,
            tp: s.parallel.tp,
            sp: s.parallel.sp && s.parallel.tp > 1,
            dropout: s.dropout,
            flash: s.flash_attention,
            selective: s.recompute == Recompute::Selective,
            softmax_fp32: s.softmax_fp32,
            eager: !s.mech.compile,
            selective_op: s.recompute == Recompute::SelectiveOp,
            loss_chunks: s.mech.loss_chunks,
            fused_loss: s.mech.fused_loss,
            logits_upcast: s.mech.logits_upcast,
            // Tiled MLP (issue 38) under full recomputation: the recomputed layer's MLP a tile
            // at a time (validation asks for recompute=full).
            mlp_tiles: match (s.mech.tiled_mlp, s.recompute) {
                (Some(n), Recompute::Full) if s.mode.trains() => n,
                _ => 1,
            },
        }
    }

    /// Bytes of frozen or inference weights for `params` parameters of which `embed` are
    /// embeddings or output head.
    pub(crate) fn frozen_weight_bytes(&self, params: u64, embed: u64) -> u64 {
        match self.frozen_weight_terms(params, embed) {
            Some(f) => f.bytes(),
            None => crate::mul!(params, self.s.dtype.bytes()),
        }
    }

    /// The terms of quantized frozen weights (None when they are not quantized).
    pub(crate) fn frozen_weight_terms(&self, params: u64, embed: u64) -> Option<FrozenTerms> {
        let s = self.s;
        let mbpw = s.weight_milli_bpw()?;
        let sixteen = s.milli_bpw.is_none() && s.quant.keeps_embeddings_16bit();
        let (mut q, mut e) = if sixteen {
            (params - embed.min(params), embed.min(params))
        } else {
            (params, 0)
        };
        let mut rows = 0;
        let mut kept = 0;
        let mut padding = 0;
        if s.milli_bpw.is_none() {
            if s.quant.experts_only() && self.arch.experts > 1 {
                // Only the routed experts are MXFP4 (INT4 for Kimi K2 Thinking); attention and
                // the rest stay 16-bit.
                let experts = self.routed_expert_params();
                let share = crate::base::sat::mul_div(
                    q,
                    experts,
                    self.arch_total
                        .saturating_sub(crate::add!(
                            self.arch.params().embedding,
                            self.arch.params().head
                        ))
                        .max(1),
                );
                e = crate::add!(e, q - share.min(q));
                q = share.min(q);
                // vLLM's Marlin MoE kernel (GPUs without native FP4) stores each expert padded:
                // gate/up 2·round_up(I, 128) × round_up(H, 256), down the transpose
                // (vLLM mxfp4.py, Mxfp4MoEMethod.create_weights, Mxfp4Backend.MARLIN).
                if s.quant == crate::catalog::quant::Quant::Mxfp4 && self.mxfp4_marlin() {
                    use crate::catalog::quant::round_up;
                    let (h, i) = (self.arch.hidden, self.arch.expert_ffn());
                    let stored = crate::base::sat::mul_div(
                        q,
                        crate::mul!(round_up(h, 256), round_up(i, 128)),
                        crate::mul!(h, i).max(1),
                    );
                    padding = stored.saturating_sub(q);
                    q = stored;
                }
            }
            // Modules the checkpoint left unconverted: this device's share of them.
            kept = crate::base::sat::mul_div(self.arch.unquantized, params, self.arch_total.max(1))
                .min(q);
            q -= kept;
            e = crate::add!(e, kept);
            rows = crate::mul!(q / self.arch.hidden.max(1), s.quant.row_bytes());
        }
        Some(FrozenTerms {
            quantized: q,
            milli_bpw: mbpw,
            unquantized: e,
            // PEFT's prepare_model_for_kbit_training upcasts them to FP32.
            unquantized_bytes: if s.mech.kbit_fp32 { 4 } else { 2 },
            row_scales: rows,
            kept,
            padding,
        })
    }

    /// Whether MXFP4 experts are stored padded for vLLM's Marlin kernel: asked for, or vLLM's
    /// own choice on an NVIDIA GPU without native FP4 support (below Hopper).
    fn mxfp4_marlin(&self) -> bool {
        use crate::catalog::quant::Mxfp4Kernel;
        let s = self.s;
        match s.mxfp4_kernel {
            Mxfp4Kernel::Marlin => true,
            Mxfp4Kernel::Native => false,
            Mxfp4Kernel::Auto => {
                s.mode == Mode::Infer
                    && s.engine == crate::scenario::serving::Engine::Vllm
                    && !crate::catalog::device::NATIVE_MXFP4.contains(&s.device.preset.id)
                    && crate::catalog::hardware::gpu_hardware(s.device.preset.id)
                        .is_some_and(|g| g.vendor == crate::catalog::hardware::Vendor::Nvidia)
            }
        }
    }

    /// Parameters of every routed expert in every MoE layer.
    fn routed_expert_params(&self) -> u64 {
        let a = &self.arch;
        crate::mul!(
            a.experts,
            a.expert_params(),
            a.layers.saturating_sub(a.dense_layers)
        )
    }

    /// Pruned weights in a sparse format: the matrices' nonzeros and their index storage.
    fn sparse_weight_bytes(&self, dense: u64, params: u64) -> u64 {
        let s = self.s;
        if s.mode != Mode::Infer || s.sparsity_bp == 0 {
            return dense;
        }
        let t = self.sparse_terms(dense, params);
        match s.sparse_format {
            SparseFormat::Dense => dense,
            SparseFormat::Csr => crate::add!(t.values, t.column_indices, t.row_pointers),
            SparseFormat::Bitmask => crate::add!(t.bitmask, t.values),
        }
    }

    /// The terms of sparse storage for `params` weights of `dense` bytes.
    pub(crate) fn sparse_terms(&self, dense: u64, params: u64) -> SparseTerms {
        let density = 10_000 - self.s.sparsity_bp.min(10_000);
        let nnz = crate::base::sat::mul_div(params, density, 10_000);
        SparseTerms {
            // The nonzero values keep the format's bits per weight.
            values: crate::base::sat::mul_div_ceil(dense, density, 10_000),
            nonzeros: nnz,
            // A 32-bit column index per nonzero and a 32-bit row pointer per row (about
            // params / hidden rows).
            column_indices: crate::mul!(nnz, 4),
            rows: params / self.arch.hidden.max(1) + 1,
            row_pointers: crate::mul!(4, params / self.arch.hidden.max(1) + 1),
            bitmask: params.div_ceil(8),
        }
    }

    pub fn stage(&self, i: u64) -> StageBytes {
        let s = self.s;
        let p = &s.parallel;
        // The ranks the states are sharded over: all data-parallel ones, or a node's (HSDP).
        let (t, dp) = (p.tp, p.shard_dp());
        let (stage_params, stage_embed) = self.stage_params(i);
        // With expert parallelism a device holds its own experts whole (or its tp slice of
        // them) instead of a slice of every expert; ZeRO shards the expert states over the
        // expert-data-parallel ranks (dp ÷ ep), so a sharded term is the same either way.
        let sliced = stage_params.div_ceil(t);
        let params = self.expert_parallel_params(i, sliced);
        let embed = stage_embed.div_ceil(t);
        let layers = self.layers_on(i);
        let mut b = StageBytes {
            params,
            sliced,
            layers,
            ..Default::default()
        };
        let trains = s.mode.trains();
        let zero = if trains { p.zero } else { 0 };
        let shard = |v: u64, from_stage: u8| {
            if zero >= from_stage {
                v.div_ceil(dp)
            } else {
                v
            }
        };
        // A term of the held parameters, or, sharded from ZeRO stage `from_stage`, the same term
        // of the sliced ones over the data-parallel ranks.
        let shard_ep = |held: u64, of_sliced: u64, from_stage: u8| {
            if zero >= from_stage {
                of_sliced.div_ceil(dp)
            } else {
                held
            }
        };

        let (weights, trainable) = if s.uses_lora() {
            let adapters = crate::mul!(layers, self.adapters_per_layer()).div_ceil(t);
            (
                crate::add!(
                    self.frozen_weight_bytes(params, embed),
                    crate::mul!(adapters, s.dtype.bytes())
                ),
                adapters,
            )
        } else if trains {
            (crate::mul!(params, s.dtype.bytes()), params)
        } else {
            let dense = self.frozen_weight_bytes(params, embed);
            (self.sparse_weight_bytes(dense, params), 0)
        };
        b.trainable = trainable;
        // Fully trained: the same terms of the sliced parameters (what ZeRO shards).
        let whole = trains && !s.uses_lora();
        let sliced_trainable = if whole { sliced } else { trainable };
        b.weights = if whole {
            shard_ep(weights, crate::mul!(sliced, s.dtype.bytes()), 3)
        } else {
            shard(weights, 3)
        };
        if self.casts_per_layer() {
            // Only the FP32 parameters persist (the master row); the backward pass recasts
            // one layer's weights at a time.
            b.weights = crate::mul!(self.arch.params().per_layer.div_ceil(t), s.dtype.bytes());
        }
        b.weights_on_host = trains && p.offload == Offload::All;
        if b.weights_on_host {
            // ZeRO-Infinity gathers the layers in use: DeepSpeed's estimator counts 4 bytes ×
            // the largest layer's parameters (16-bit parameter and gradient).
            b.offload_buffer = crate::mul!(4, self.arch.params().per_layer.div_ceil(t));
        }
        if trains {
            let master = |n: u64| {
                if s.keeps_master_copy() {
                    crate::mul!(n, 4)
                } else {
                    0
                }
            };
            b.master = shard_ep(master(trainable), master(sliced_trainable), 1);
            b.grads_on_host = p.offload != Offload::None && zero >= 2;
            b.gradients = if b.grads_on_host {
                // DeepSpeed with offload_optimizer reduces each gradient through its 16-bit
                // reduce bucket and copies this rank's partition, upcast, into the FP32
                // gradient of the CPU optimizer's partition (stage_1_and_2.py
                // async_inplace_copy_grad_to_fp32_buffer_from_gpu; stage3.py
                // partition_grads into fp32_partitioned_groups_flat[i].grad, and no device
                // grad_partitions_flat_buffer under offload_optimizer).
                shard_ep(
                    crate::mul!(trainable, 4),
                    crate::mul!(sliced_trainable, 4),
                    2,
                )
            } else {
                let g = s.grad_dtype().bytes();
                shard_ep(
                    crate::mul!(trainable, g),
                    crate::mul!(sliced_trainable, g),
                    2,
                )
            };
            b.gradients_all = b.gradients;
            let state = s.state_dtype().bytes();
            // The trainable share of the model's small tensors (none for adapters, whose
            // matrices are large, or for networks without a transformer's shape).
            let small = if s.uses_lora() || !s.sciml.is_transformer() {
                0
            } else {
                let all = self.arch.total_params().max(1);
                crate::base::sat::mul_div(
                    self.arch
                        .small_tensor_params(crate::catalog::optimizer::MIN_8BIT_SIZE),
                    trainable,
                    all,
                )
            };
            b.small_trainable = small;
            let states = |n: u64| s.optimizer.state_bytes(n, state, self.arch.hidden, small);
            b.optimizer = shard_ep(states(trainable), states(sliced_trainable), 1);
            b.states_on_host = p.offload != Offload::None || s.mech.paged_optimizer;

            let shape = self.layer_shape(s.batch, s.seq);
            let in_flight = p.pp - i;
            b.in_flight = in_flight;
            if !s.sciml.is_transformer() {
                // Scientific ML networks: their own activation model, split over stages.
                let all = crate::mul!(
                    crate::model::neural::sciml::activation_values(&s.sciml),
                    s.batch,
                    shape.elem
                )
                .div_ceil(p.pp * t);
                let depth = s.sciml.depth.max(1);
                b.activations = match s.recompute {
                    Recompute::Full => crate::mul!(all.div_ceil(depth), 2),
                    _ => all,
                };
            } else {
                let full_layer = shape.layer().total();
                let per_layer = if shape.selective_op {
                    shape.selective_op_layer().total()
                } else {
                    full_layer
                };
                // Each adapter keeps its r-wide intermediate for the backward pass.
                let lora_acts = self.lora_activations(s);
                let per_layer = crate::add!(per_layer, lora_acts);
                let full_layer = crate::add!(full_layer, lora_acts);
                b.activations = match s.recompute {
                    Recompute::Full => crate::add!(
                        crate::mul!(shape.checkpoint(), layers, in_flight),
                        if layers > 0 { per_layer } else { 0 }
                    ),
                    // The backward pass recomputes one layer's unsaved tensors at a time.
                    Recompute::SelectiveOp => crate::add!(
                        crate::mul!(per_layer, layers, in_flight),
                        if layers > 0 {
                            full_layer.saturating_sub(per_layer)
                        } else {
                            0
                        }
                    ),
                    _ => crate::mul!(per_layer, layers, in_flight),
                };
                if s.mech.act_offload && layers > 0 {
                    // The layer being computed stays; the saved tensors of the others wait in
                    // host memory (torchtune OffloadActivations, Unsloth's checkpoint offload).
                    // Megatron's cpu_offloading_num_layers offloads only that many of the
                    // stage's layers (issue 38): the others' share stays.
                    let kept_share = match s.mech.offload_layers {
                        Some(n) if n + 1 < layers => {
                            crate::base::sat::mul_div(b.activations, layers - n, layers)
                        }
                        _ => 0,
                    };
                    let on_device = full_layer.max(kept_share).min(b.activations);
                    b.act_host = b.activations - on_device;
                    b.activations = on_device;
                }
                if i == 0 {
                    b.activations = crate::add!(
                        b.activations,
                        crate::mul!(shape.embedding_mask(), in_flight)
                    );
                }
                if i + 1 == p.pp {
                    b.logits = shape.logits();
                    // With recomputation the backward pass reaches the last layer only after
                    // the loss's backward has freed the logits (torchtune deletes them before
                    // loss.backward(); autograd frees a node's saved tensors once it has run):
                    // the layer recomputed then (with offloading: the layer brought back) and
                    // the logits are never alive together, so only the larger counts.
                    let transient = match s.recompute {
                        Recompute::Full | Recompute::SelectiveOp if layers > 0 => {
                            if s.mech.act_offload {
                                b.activations
                            } else if s.recompute == Recompute::Full {
                                per_layer
                            } else {
                                full_layer.saturating_sub(per_layer)
                            }
                        }
                        _ => 0,
                    };
                    b.act_overlap = transient.min(b.logits).min(b.activations);
                    b.activations -= b.act_overlap;
                }
            }
        } else if !s.sciml.is_transformer() {
            let elem = if s.dtype == crate::catalog::precision::Dtype::Fp8 {
                2
            } else {
                s.dtype.bytes()
            };
            b.activations = crate::mul!(
                crate::model::neural::sciml::inference_values(&s.sciml),
                s.batch,
                elem
            )
            .div_ceil(t);
        } else if s.engine.sizes_itself() {
            self.engine_stage(i, &mut b);
        } else {
            let shape = self.layer_shape(s.batch, s.seq);
            b.activations = if layers > 0 {
                shape.inference_peak()
            } else {
                0
            };
            // Values per token and layer (K and V of the KV heads, or MLA's latent) times the
            // tokens each layer keeps (a sliding window caps its layers).
            b.kv_cache = s.kv_bytes(crate::mul!(
                self.arch.kv_values_per_token(t),
                self.arch
                    .cached_token_layers(self.first_layer(i), layers, s.seq),
                s.batch
            ));
            // Linear-attention layers: a fixed state per sequence, split over tp like their
            // heads.
            b.linear_state = crate::mul!(
                self.arch.linear_layers_in(self.first_layer(i), layers),
                self.arch.linear_state_values().div_ceil(t),
                s.batch,
                linear_state_bytes(s)
            );
            if i + 1 == p.pp {
                // Logits of the last position only, FP32 (vLLM and llama.cpp sample from it).
                b.logits = crate::mul!(s.batch, self.arch.vocab, 4).div_ceil(t);
            }
        }
        if trains {
            b.dataset_device = match s.dataset_on {
                DatasetOn::Device => s.dataset_total(),
                // Double buffering: the batch in use and the next one.
                DatasetOn::Stream => crate::mul!(2, s.batch, s.sample_bytes),
                DatasetOn::Host => 0,
            };
        }
        if trains && s.sciml.is_transformer() {
            self.framework_terms(&mut b);
            self.save_terms(&mut b, weights);
        }
        // --- vision encoder (issue 38): the first stage holds it, split over tp as vLLM's
        // mm_encoder_tp_mode "weights" (its default) splits it, frozen and unquantized (ms-swift
        // freeze_vit and LLaMA-Factory freeze_vision_tower are on by default; quantized
        // checkpoints leave the visual tower out).
        if i == 0 && s.sciml.is_transformer() {
            b.vision_weights = crate::mul!(
                crate::catalog::vision::params(&self.arch)
                    .total()
                    .div_ceil(t.max(1)),
                vision_bytes(s)
            );
        }
        // --- end vision encoder
        // --- context parallelism (issue 38)
        if trains && s.sciml.is_transformer() && p.cp > 1 && b.layers > 0 {
            b.cp_buffers = self.cp_ring_bytes();
        }
        // --- end context parallelism
        if s.mode != Mode::Infer || !s.engine.sizes_itself() {
            b.overhead = crate::base::sat::mul_div(b.device_tensors(), s.overhead_bp, 10_000);
        }
        b.runtime = s.runtime_mib << 20;
        b.fragmentation = self.fragmentation(&b);
        if s.engine.pools() && s.mode == Mode::Infer && s.sciml.is_transformer() {
            self.size_pool(&mut b);
        }
        b
    }

    /// Gradient lifetime, gathered layers and communication buffers: what frameworks add to (or
    /// take from) the textbook terms.
    fn framework_terms(&self, b: &mut StageBytes) {
        let s = self.s;
        let m = &s.mech;
        let p = &s.parallel;
        let t = p.tp.max(1);
        let gd = s.grad_dtype().bytes();
        let pc = self.arch.params();
        // Offloaded gradients stay in host memory for the whole step: no device lifetime.
        let device_grads = !b.grads_on_host;
        if device_grads && m.opt_in_bwd {
            // Only the gradient being applied is alive: the largest single tensor.
            let a = &self.arch;
            let largest = [
                crate::mul!(a.vocab, a.hidden),
                crate::mul!(a.hidden, a.ffn),
                crate::mul!(a.hidden, a.heads, a.head_dim),
            ]
            .into_iter()
            .max()
            .unwrap_or(0)
            .div_ceil(t);
            let largest = if s.uses_lora() {
                crate::mul!(s.lora_rank, crate::add!(a.hidden, a.ffn))
            } else {
                largest
            };
            b.largest_grad = largest.min(b.trainable);
            b.gradients = b.gradients.min(crate::mul!(b.largest_grad, gd));
        } else if device_grads && m.zero_grad == crate::scenario::training::ZeroGrad::None {
            // Gradients are allocated during the backward pass as the activations it consumes
            // are freed: the peak is the larger of the two, so only the excess counts.
            b.gradients = b
                .gradients
                .saturating_sub(crate::add!(b.activations, b.logits));
        }
        if p.zero >= 3 && p.shard_dp() > 1 && b.layers > 0 {
            // Parameters gathered as stored: 16-bit, or packed 4/8-bit for a quantized base;
            // unsharded gradients exist only for the trainable parameters.
            let stored = |params: u64| match s.weight_milli_bpw() {
                Some(mbpw) => crate::base::sat::mul_div_ceil(params, mbpw, 8000),
                None => crate::mul!(
                    params,
                    if s.dtype == Dtype::Fp8 {
                        2
                    } else {
                        s.dtype.bytes()
                    }
                ),
            };
            let layer = pc.per_layer.div_ceil(t);
            let layer_grads = if s.uses_lora() {
                self.adapters_per_layer().div_ceil(t)
            } else {
                layer
            };
            let (keep, defer) = self.pp_unsharded();
            // Kept gathered: the whole stage (its layers and, on the first and last stage, the
            // embeddings and output layer, which the root FSDP unit holds).
            let params_part = if keep {
                stored(b.params)
            } else {
                crate::mul!(m.gathered_layers, stored(layer))
            };
            // Deferred reduce-scatter: every trainable parameter of the stage has its unsharded
            // gradient, accumulated in the reduce precision, until the step's last backward.
            let grads_part = if defer {
                crate::mul!(b.trainable, gd)
            } else if keep || m.gathered_layers > 0 {
                crate::mul!(layer_grads, gd)
            } else {
                0
            };
            b.gathered = crate::add!(params_part, grads_part);
        }
        let buckets = match p.zero {
            0 => 0,
            1 | 2 => 2,
            _ => 1,
        };
        let groups = u64::from(p.dp() > 1) + u64::from(p.tp > 1) + u64::from(p.pp > 1);
        b.buffers = crate::mul!(buckets, m.bucket_size, 2);
        b.nccl = crate::mul!(groups, m.nccl_mib << 20);
    }

    /// Mixed precision whose 16-bit weight copies exist one layer at a time (compiled PyTorch
    /// AMP): full training with an FP32 master copy.
    pub(crate) fn casts_per_layer(&self) -> bool {
        let s = self.s;
        s.mode.trains()
            && !s.uses_lora()
            && s.keeps_master_copy()
            && s.mech.weight_casts == crate::scenario::training::WeightCasts::PerLayer
    }

    /// A checkpoint save during the run. FSDP's FULL_STATE_DICT all-gathers each sharded
    /// parameter and clones it into the state dict (torch.distributed.fsdp
    /// _full_post_state_dict_hook), in the dtype the shards keep: FP32 under MixedPrecision (the
    /// master copy), else the weights' own. It runs between steps, once the activations and
    /// logits are freed, so only what exceeds them raises the peak. Unsharded parameters need
    /// no gather (the state dict references them); offload_to_cpu with rank0_only copies each
    /// gathered unit to rank 0's CPU memory instead.
    fn save_terms(&self, b: &mut StageBytes, weights: u64) {
        use crate::scenario::training::SaveState;
        let s = self.s;
        let p = &s.parallel;
        let gathers = p.zero >= 3 && p.shard_dp() > 1;
        let full = if s.keeps_master_copy() {
            crate::add!(
                weights,
                crate::mul!(b.trainable, 4u64.saturating_sub(s.dtype.bytes()))
            )
        } else {
            weights
        };
        // What the step holds above what stays between steps: the activations and logits, and
        // gradients that only live through the backward pass (zero_grad(set_to_none), the
        // PyTorch default; an optimizer in the backward frees each as it applies it). Their
        // device term is already the excess over the activations (framework_terms), so the peak
        // is the persistent tensors plus the larger of that transient set and the state dict.
        let transient_grads = if b.grads_on_host
            || (s.mech.zero_grad != crate::scenario::training::ZeroGrad::None && !s.mech.opt_in_bwd)
        {
            0
        } else {
            b.gradients
        };
        match s.mech.save {
            SaveState::Full if gathers => {
                b.save_full = full;
                b.save_freed = crate::add!(b.activations, b.logits, transient_grads);
                b.save_frees_grads = transient_grads > 0;
                b.save_device = full.saturating_sub(b.save_freed);
            }
            SaveState::FullCpu => {
                b.save_full = full;
                b.save_host = full;
            }
            _ => {}
        }
    }

    /// Under pipeline parallelism with ZeRO-3/FSDP: whether each device keeps its stage's
    /// parameters gathered for the whole step (reshard_after_forward off), and whether its
    /// unsharded gradients accumulate until the last micro-batch (pp_grad_sync=last).
    pub fn pp_unsharded(&self) -> (bool, bool) {
        use crate::scenario::training::{PpGradSync, ReshardAfterForward};
        let (m, p) = (&self.s.mech, &self.s.parallel);
        let pipelined = p.pp > 1;
        let keep = match m.reshard_after_forward {
            ReshardAfterForward::Always => false,
            ReshardAfterForward::ExceptPp => pipelined,
            ReshardAfterForward::Never => true,
        };
        (keep, pipelined && m.pp_grad_sync == PpGradSync::Last)
    }

    /// Variable-length batches without expandable segments: a batch longer than every earlier
    /// one needs blocks larger than any cached block, so the caching allocator cuts new
    /// segments and keeps the earlier ones (released only when cudaMalloc fails). The cache
    /// then holds the length-dependent tensors (activations, logits and loss) of the previous
    /// longest batch beside those of the longest; taken at the longest length, an upper bound
    /// of one such set. Never more than the device has left: at the limit the allocator frees
    /// its cache and retries instead of failing.
    fn fragmentation(&self, b: &StageBytes) -> u64 {
        let s = self.s;
        let m = &s.mech;
        if !s.mode.trains()
            || !s.sciml.is_transformer()
            || m.batching != crate::scenario::training::Batching::Variable
            || m.expandable_segments
        {
            return 0;
        }
        let set = crate::add!(b.activations, b.logits);
        let used = crate::add!(b.device_tensors(), b.overhead, b.runtime);
        set.min(s.device.capacity_bytes().saturating_sub(used))
    }

    /// Stage holding the most device memory: the first or the last.
    pub fn busiest(&self) -> (u64, StageBytes) {
        let first = self.stage(0);
        let last_i = self.stages() - 1;
        if last_i == 0 {
            return (0, first);
        }
        // llama.cpp's layer split gives each GPU its share, the first ones rounded up: any
        // device may hold the most.
        let s = self.s;
        if s.mode == crate::scenario::Mode::Infer
            && s.sciml.is_transformer()
            && s.engine.splits()
            && last_i < 64
        {
            return (0..=last_i)
                .map(|i| (i, self.stage(i)))
                .fold((0, first), |best, cur| {
                    if cur.1.device_total() > best.1.device_total() {
                        cur
                    } else {
                        best
                    }
                });
        }
        let last = self.stage(last_i);
        if last.device_total() > first.device_total() {
            (last_i, last)
        } else {
            (0, first)
        }
    }

    /// Device memory over every device: each stage's devices times tp × dp.
    pub fn cluster_bytes(&self) -> u64 {
        let per_stage_devices = self.s.parallel.tp * self.s.parallel.dp();
        let p = self.stages();
        // Middle stages differ only in layer count and micro-batches in flight: evaluate a few
        // distinct ones exactly when there are many.
        if p <= 64 {
            return crate::mul!(
                crate::base::sat::sum((0..p).map(|i| self.stage(i).device_total())),
                per_stage_devices
            );
        }
        let first = self.stage(0).device_total();
        let last = self.stage(p - 1).device_total();
        let a = self.stage(1).device_total();
        let z = self.stage(p - 2).device_total();
        // Activations fall linearly with the stage index between stage 1 and p−2.
        let middle = crate::base::sat::mul_div(crate::add!(a, z), p - 2, 2);
        crate::mul!(crate::add!(first, last, middle), per_stage_devices)
    }
}
