//! The estimate of a neural model: per-device memory as a sum of named components, each with
//! the values its formula uses (`explain::parts::neural` writes the words).

use crate::catalog::parts::PartId;
use crate::model::neural::stage::{Plan, StageBytes};
use crate::model::values::neural::*;
use crate::model::values::Values;
use crate::model::warning::Warning;
use crate::model::{Component, Estimate, Location};
use crate::scenario::{DatasetOn, Mode, Offload, Recompute, Scenario};

fn part(id: PartId, bytes: u64, location: Location, v: NeuralValues) -> Component {
    Component {
        id,
        bytes,
        location,
        values: Values::Neural(v),
    }
}

fn zero(s: &Scenario) -> Zero {
    Zero {
        trains: s.mode.trains(),
        stage: s.parallel.zero,
        dp: s.parallel.shard_dp(),
    }
}

/// ZeRO-3/FSDP's unsharded parameters and gradients: the layers in flight, or under pipeline
/// parallelism (torchtitan) the whole stage kept gathered and its gradients accumulated.
fn gathered(s: &Scenario, plan: &Plan, b: &StageBytes) -> Component {
    let p = &s.parallel;
    let (keep, defer) = plan.pp_unsharded();
    let v = GatheredLayers {
        keep,
        defer,
        pp: p.pp,
        stage_params: b.params,
        milli_bpw: s.weight_milli_bpw(),
        stored_bytes: if s.dtype == crate::catalog::precision::Dtype::Fp8 {
            2
        } else {
            s.dtype.bytes()
        },
        gathered_layers: s.mech.gathered_layers,
        layer_params: plan.arch.params().per_layer.div_ceil(p.tp),
        layer_grads: if s.uses_lora() {
            plan.adapters_per_layer().div_ceil(p.tp)
        } else {
            plan.arch.params().per_layer.div_ceil(p.tp)
        },
        trainable: b.trainable,
        grad_bytes: s.grad_dtype().bytes(),
    };
    part(
        PartId::GatheredLayers,
        b.gathered,
        Location::Device,
        NeuralValues::GatheredLayers(v),
    )
}

/// The state dict a checkpoint save gathers: on the device above what the step freed, or in
/// rank 0's host memory.
fn state_dict(s: &Scenario, b: &StageBytes) -> Component {
    let upcast_bytes = if s.keeps_master_copy() {
        4u64.saturating_sub(s.dtype.bytes())
    } else {
        0
    };
    let upcast = crate::mul!(b.trainable, upcast_bytes);
    let on_host = s.mech.save == crate::scenario::training::SaveState::FullCpu;
    part(
        PartId::StateDict,
        if on_host { b.save_host } else { b.save_device },
        if on_host {
            Location::Host
        } else {
            Location::Device
        },
        NeuralValues::StateDict(StateDict {
            save: s.mech.save,
            gathers: s.parallel.zero >= 3 && s.parallel.shard_dp() > 1,
            params: b.params,
            weight_bytes: b.save_full.saturating_sub(upcast),
            trainable: b.trainable,
            upcast_bytes,
            freed: b.save_freed,
            freed_grads: b.save_frees_grads,
        }),
    )
}

/// The estimate of a neural run; `CLUSTER`: the memory over every device (`cluster_bytes`) summed, one
/// stage at a time (0 without: the planner's search reads only the busiest device's figures).
/// A constant, so that a build that never leaves it out (the app's) compiles the one it had.
pub(crate) fn estimate_model_with<const CLUSTER: bool>(s: &Scenario) -> Estimate {
    let plan = Plan::new(s);
    let (stage_i, b) = plan.busiest();
    let p = &s.parallel;
    let (arch, inferred) = s.shape();
    let mut parts = Vec::new();

    let engine = s.mode == Mode::Infer && s.sciml.is_transformer() && s.engine.sizes_itself();
    if !(engine && s.engine.splits()) {
        parts.push(weights(s, &plan, &b, stage_i));
    }
    // --- vision-language models (issue 38)
    if b.vision_weights > 0 {
        let v = crate::catalog::vision::params(&plan.arch);
        parts.push(part(
            PartId::VisionWeights,
            b.vision_weights,
            Location::Device,
            NeuralValues::VisionWeights(crate::model::values::neural::VisionWeights {
                embed: v.embed,
                layers: v.layers,
                layer: v.layer,
                projector: v.projector,
                tp: p.tp,
                bytes_per_value: crate::model::neural::stage::vision_bytes(s),
            }),
        ));
    }
    if b.mm_profile > 0 {
        if let Some(pool) = s.engine.pool() {
            let r = plan.mm_profile(pool, b.activations);
            parts.push(part(
                PartId::MmProfile,
                b.mm_profile,
                Location::Device,
                NeuralValues::MmProfile(crate::model::values::neural::MmProfile {
                    items: r.items,
                    tokens: r.tokens,
                    patches: r.patches,
                    hidden: plan.arch.hidden,
                    per_patch: r.per_patch,
                    step: r.step,
                    bytes_per_value: plan.layer_shape(1, 1).elem,
                    limit: s.mm_limit,
                }),
            ));
        }
    }
    // --- end vision-language models
    // --- context parallelism (issue 38)
    if b.cp_buffers > 0 {
        let shape = plan.layer_shape(s.batch, s.seq);
        parts.push(part(
            PartId::CpBuffers,
            b.cp_buffers,
            Location::Device,
            NeuralValues::CpBuffers(crate::model::values::neural::CpBuffers {
                cp: p.cp,
                kv_values: plan.arch.kv_values_per_token(p.tp),
                tokens: shape.seq,
                batch: s.batch,
                bytes_per_value: shape.elem,
            }),
        ));
    }
    // --- end context parallelism
    if b.offload_buffer > 0 {
        parts.push(part(
            PartId::OffloadBuffer,
            b.offload_buffer,
            Location::Device,
            NeuralValues::OffloadBuffer(OffloadBuffer {
                per_layer: arch.params().per_layer.div_ceil(p.tp),
            }),
        ));
    }
    if !s.sciml.is_transformer() {
        if s.mode.trains() {
            parts.extend(training_states(s, &b));
        }
        parts.push(sciml_activations(s, &plan, &b));
    } else if s.mode.trains() {
        parts.extend(training_states(s, &b));
        parts.push(activations(s, &plan, &b, stage_i));
        if b.act_host > 0 {
            parts.push(part(
                PartId::ActivationsOffloaded,
                b.act_host,
                Location::Host,
                NeuralValues::ActivationsOffloaded(ActivationsOffloaded {
                    // Saturating: a proptest found a shape whose sum passes u64 (the
                    // activations' own sums saturate, so these must too).
                    stored: crate::add!(b.act_host, b.activations, b.act_overlap)
                        .saturating_sub(embedding_mask(s, &plan, stage_i)),
                    kept: crate::add!(b.activations, b.act_overlap)
                        .saturating_sub(embedding_mask(s, &plan, stage_i)),
                    offload_layers: s.mech.offload_layers.filter(|&n| n + 1 < b.layers),
                    layers: b.layers,
                }),
            ));
        }
        if b.gathered > 0 {
            parts.push(gathered(s, &plan, &b));
        }
        if s.mech.save != crate::scenario::training::SaveState::None {
            parts.push(state_dict(s, &b));
        }
        if b.buffers > 0 {
            parts.push(part(
                PartId::CommBuffers,
                b.buffers,
                Location::Device,
                NeuralValues::CommBuffers(CommBuffers {
                    bucket_size: s.mech.bucket_size,
                    zero: p.zero,
                }),
            ));
        }
        if b.nccl > 0 {
            parts.push(part(
                PartId::NcclBuffers,
                b.nccl,
                Location::Device,
                NeuralValues::NcclBuffers(NcclBuffers {
                    mib: s.mech.nccl_mib,
                    groups: b.nccl / (s.mech.nccl_mib << 20).max(1),
                }),
            ));
        }
        parts.push(train_logits(s, &plan, &b));
    } else if engine {
        parts.extend(crate::model::neural::engine_parts::components(
            s, &plan, &b, stage_i,
        ));
    } else {
        let w = plan.layer_shape(s.batch, s.seq).inference_terms();
        parts.push(part(
            PartId::Activations,
            b.activations,
            Location::Device,
            NeuralValues::InferActivations(InferActivations {
                batch: s.batch,
                seq: s.seq,
                flash: s.flash_attention,
                io_per_token: w.io_per_token,
                qkv_per_token: w.qkv_per_token,
                mlp_per_token: w.mlp_per_token,
                scores: w.scores,
                tp: p.tp,
            }),
        ));
        parts.push(kv_cache(s, &plan, &b));
        if b.linear_state > 0 {
            parts.push(linear_state(s, &plan, &b));
        }
        parts.push(part(
            PartId::Logits,
            b.logits,
            Location::Device,
            NeuralValues::InferLogits(InferLogits {
                batch: s.batch,
                vocab: arch.vocab,
                tp: p.tp,
            }),
        ));
    }
    if s.mode.trains() && (s.dataset_total() > 0 || b.dataset_device > 0) {
        let (bytes, location) = match s.dataset_on {
            DatasetOn::Device => (s.dataset_total(), Location::Device),
            DatasetOn::Host => (s.dataset_total(), Location::Host),
            DatasetOn::Stream => (b.dataset_device, Location::Device),
        };
        parts.push(part(
            PartId::Dataset,
            bytes,
            location,
            NeuralValues::Dataset(Dataset {
                on: s.dataset_on,
                samples: s.samples,
                batch: s.batch,
                sample_bytes: s.sample_bytes,
            }),
        ));
    }

    if engine {
        parts.push(part(
            PartId::Overhead,
            0,
            Location::Device,
            NeuralValues::EngineOverhead(EngineOverhead {
                engine: s.engine,
                tensors: b.device_tensors(),
            }),
        ));
    } else {
        parts.push(part(
            PartId::Overhead,
            b.overhead,
            Location::Device,
            NeuralValues::Overhead(Overhead {
                bp: s.overhead_bp,
                tensors: b.device_tensors(),
            }),
        ));
    }
    if b.fragmentation > 0 {
        parts.push(part(
            PartId::Fragmentation,
            b.fragmentation,
            Location::Device,
            NeuralValues::Fragmentation(Fragmentation {
                activations: b.activations,
                logits: b.logits,
            }),
        ));
    }
    parts.push(part(
        PartId::Runtime,
        b.runtime,
        Location::Device,
        NeuralValues::Runtime(Runtime {
            mib: s.runtime_mib,
            nccl_inside: s.mode.trains() && p.gpus > 1 && b.nccl == 0,
        }),
    ));

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
    // A state dict gathered to the CPU lives on rank 0 only, not on every rank of the node.
    // llama.cpp is one process over the GPUs of its layer split: its host buffers exist once
    // per replica on the node, not once per GPU.
    let host_copies = if engine && s.engine.splits() {
        on_node.div_ceil(p.tp * p.pp).max(1)
    } else {
        on_node
    };
    let host_per_node = crate::add!(
        crate::mul!(b.host().saturating_sub(b.save_host), host_copies),
        dataset_host,
        b.save_host
    );
    let busiest = if p.pp > 1 {
        crate::model::Busiest::Stage {
            stage: stage_i + 1,
            of: p.pp,
        }
    } else if p.gpus > 1 {
        crate::model::Busiest::EachGpu { gpus: p.gpus }
    } else {
        crate::model::Busiest::TheGpu
    };
    Estimate {
        mode: s.mode,
        components: parts,
        per_device_bytes: per_device,
        cluster_bytes: if CLUSTER { plan.cluster_bytes() } else { 0 },
        host_per_node_bytes: host_per_node,
        capacity_bytes: s.device.capacity_bytes(),
        host_capacity_bytes: s.host_mem,
        device_label: s.device.label(),
        unified: s.device.unified(),
        busiest,
        per: crate::model::Per::Device,
        params: s.param_count(),
        trainable_params: crate::mul!(b.trainable, p.tp, p.pp),
        vision_params: crate::catalog::vision::params(&plan.arch).total(),
        per_rank_bytes: per_device,
        disk_bytes: 0,
        devices_per_node: on_node,
        warnings: warnings(s, &plan, inferred),
        serving: (engine && s.engine.pools())
            .then(|| crate::model::neural::engine::serving_of(s, &b))
            .flatten(),
        mechanism: s.mechanism(),
    }
}

/// The first stage's embedding dropout mask, once per micro-batch in flight.
fn embedding_mask(s: &Scenario, plan: &Plan, stage_i: u64) -> u64 {
    if stage_i == 0 {
        crate::mul!(
            plan.layer_shape(s.batch, s.seq).embedding_mask(),
            s.parallel.pp
        )
    } else {
        0
    }
}

fn weights(s: &Scenario, plan: &Plan, b: &StageBytes, stage_i: u64) -> Component {
    let p = &s.parallel;
    let milli_bpw = s.weight_milli_bpw();
    let dense_bytes = if milli_bpw.is_some() || s.uses_lora() || s.mode.trains() {
        b.weights
    } else {
        crate::mul!(b.params, s.dtype.bytes())
    };
    let embed = plan.stage_params(stage_i).1.div_ceil(p.tp);
    let sparse = (s.mode == Mode::Infer && s.sparsity_bp > 0).then(|| Sparse {
        format: s.sparse_format,
        sparsity_bp: s.sparsity_bp,
        terms: plan.sparse_terms(plan.frozen_weight_bytes(b.params, embed), b.params),
    });
    // ZeRO-3 shards the sliced parameters (expert parallelism changes only what is held whole).
    let params = if s.mode.trains() && p.zero >= 3 && !s.uses_lora() {
        b.sliced
    } else {
        b.params
    };
    let (ep, experts) = (p.ep.max(1), plan.arch.experts);
    let trains = s.mode.trains();
    let v = Weights {
        params,
        ep: if experts > 1 { ep } else { 1 },
        experts,
        local_experts: if trains {
            experts / ep
        } else {
            experts.div_ceil(ep)
        },
        experts_whole: !trains,
        dtype: s.dtype,
        tp: p.tp,
        pp: p.pp,
        milli_bpw,
        frozen: plan.frozen_weight_terms(b.params, embed),
        given_format: s.milli_bpw.is_some(),
        quant: s.quant,
        shipped: s
            .model
            .filter(|_| s.milli_bpw.is_none() && s.quant != crate::catalog::quant::Quant::None)
            .and_then(|m| {
                if m.ships == s.quant {
                    Some(m.id)
                } else {
                    m.checkpoints
                        .iter()
                        .find(|(_, q)| *q == s.quant)
                        .map(|(id, _)| *id)
                }
            }),
        lora: s.uses_lora(),
        trainable: if s.uses_lora() { b.trainable } else { params },
        master_copy: s.keeps_master_copy(),
        zero: zero(s),
        dense_bytes: if sparse.is_some() {
            plan.frozen_weight_bytes(b.params, embed)
        } else {
            dense_bytes
        },
        sparse,
        on_host: b.weights_on_host,
        cast_layer: plan
            .casts_per_layer()
            .then(|| plan.arch.params().per_layer.div_ceil(p.tp)),
    };
    part(
        PartId::Weights,
        b.weights,
        if b.weights_on_host {
            Location::Host
        } else {
            Location::Device
        },
        NeuralValues::Weights(v),
    )
}

fn training_states(s: &Scenario, b: &StageBytes) -> Vec<Component> {
    let host = if b.states_on_host {
        Location::Host
    } else {
        Location::Device
    };
    let home = if b.states_on_host && s.parallel.offload == Offload::None {
        StatesHome::Paged
    } else if b.states_on_host {
        StatesHome::Offloaded
    } else {
        StatesHome::Device
    };
    let lora = s.uses_lora();
    // What ZeRO shards from `stage` on: the sliced parameters (with expert parallelism the
    // expert states shard over dp ÷ ep ranks, the same bytes as every expert sliced over dp).
    let sharded = |stage: u8| {
        if !lora && s.parallel.zero >= stage {
            b.sliced
        } else {
            b.trainable
        }
    };
    let trainable = sharded(1);
    let master = part(
        PartId::MasterWeights,
        b.master,
        host,
        NeuralValues::MasterWeights(MasterWeights {
            kept: b.master > 0,
            trainable,
            lora,
            dtype: s.dtype,
            zero: zero(s),
            home,
        }),
    );
    let lifetime = if b.gradients == b.gradients_all {
        GradLifetime::Whole
    } else if s.mech.opt_in_bwd {
        GradLifetime::OptInBackward {
            largest: b.largest_grad,
        }
    } else {
        GradLifetime::FreedByBackward {
            freed: crate::add!(b.activations, b.logits),
        }
    };
    let gradients = part(
        PartId::Gradients,
        b.gradients,
        if b.grads_on_host {
            Location::Host
        } else {
            Location::Device
        },
        NeuralValues::Gradients(Gradients {
            trainable: sharded(2),
            lora,
            dtype: if b.grads_on_host {
                crate::catalog::precision::Dtype::Fp32
            } else {
                s.grad_dtype()
            },
            zero: zero(s),
            all: b.gradients_all,
            lifetime,
            on_host: b.grads_on_host,
        }),
    );
    let optimizer = part(
        PartId::Optimizer,
        b.optimizer,
        host,
        NeuralValues::Optimizer(OptimizerStates {
            optimizer: s.optimizer,
            trainable,
            small: b.small_trainable,
            lora,
            state_dtype: s.state_dtype(),
            hidden: s.shape().0.hidden,
            zero: zero(s),
            home,
        }),
    );
    vec![master, gradients, optimizer]
}

fn activations(s: &Scenario, plan: &Plan, b: &StageBytes, stage_i: u64) -> Component {
    let shape = plan.layer_shape(s.batch, s.seq);
    let layer = shape.layer();
    let op = shape.selective_op_layer();
    let terms = |l: crate::model::neural::activations::LayerActivations| LayerTerms {
        replicated: l.replicated,
        split: l.split,
        core: l.core,
    };
    let v = Activations {
        batch: s.batch,
        seq: shape.seq,
        hidden: plan.arch.hidden,
        layers: b.layers,
        in_flight: b.in_flight,
        pp: s.parallel.pp,
        tp: s.parallel.tp,
        elem: shape.elem,
        recompute: s.recompute,
        checkpoint: shape.checkpoint(),
        layer: terms(layer),
        saved_op: terms(op),
        lora: plan.lora_activations(s),
        embedding_mask: embedding_mask(s, plan, stage_i),
        before: b.activations + b.act_overlap,
        overlap: b.act_overlap,
        flash: s.flash_attention,
        dropout: s.dropout,
        compile: s.mech.compile,
        low_precision: s.dtype.is_low_precision(),
        offloaded: b.act_host > 0,
        mlp_tiles: shape.mlp_tiles,
    };
    part(
        PartId::Activations,
        b.activations,
        Location::Device,
        NeuralValues::Activations(Box::new(v)),
    )
}

fn train_logits(s: &Scenario, plan: &Plan, b: &StageBytes) -> Component {
    let shape = plan.layer_shape(s.batch, s.seq);
    let m = &s.mech;
    let loss = if b.logits == 0 {
        Loss::OtherStage
    } else if m.fused_loss && m.loss_chunks.is_none() {
        Loss::Fused
    } else if let (Some(n), true) = (m.loss_chunks, m.fused_loss) {
        Loss::FusedChunks(n)
    } else if let (Some(n), true) = (m.loss_chunks, m.compile && m.loss_chunks > Some(1)) {
        Loss::CompiledChunks(n)
    } else if let Some(n) = m.loss_chunks {
        Loss::Chunks(n)
    } else {
        Loss::Whole
    };
    part(
        PartId::Logits,
        b.logits,
        Location::Device,
        NeuralValues::TrainLogits(TrainLogits {
            loss,
            batch: s.batch,
            // The tokens of this rank (seq ÷ cp with context parallelism).
            seq: shape.seq,
            vocab: plan.arch.vocab,
            elem: shape.elem,
            tp: s.parallel.tp,
            inputs: shape.logits_inputs(),
            fused: m.fused_loss,
            compile: m.compile,
            chunks: m.loss_chunks,
            loss_elem: shape.loss_elem(),
        }),
    )
}

fn sciml_activations(s: &Scenario, plan: &Plan, b: &StageBytes) -> Component {
    let m = &s.sciml;
    let trains = s.mode.trains();
    let t = s.parallel.tp.max(1);
    let (per_sample, elem, split) = if trains {
        (
            crate::model::neural::sciml::activation_values(m),
            plan.layer_shape(s.batch, s.seq).elem,
            s.parallel.pp * t,
        )
    } else {
        let elem = if s.dtype == crate::catalog::precision::Dtype::Fp8 {
            2
        } else {
            s.dtype.bytes()
        };
        (crate::model::neural::sciml::inference_values(m), elem, t)
    };
    part(
        PartId::Activations,
        b.activations,
        Location::Device,
        NeuralValues::SciActivations(SciActivations {
            model: *m,
            trains,
            per_sample,
            batch: s.batch,
            elem,
            split,
            checkpointed: trains && s.recompute == Recompute::Full,
        }),
    )
}

/// The linear-attention layers' state, one per sequence (Qwen3-Next).
fn linear_state(s: &Scenario, plan: &Plan, b: &StageBytes) -> Component {
    let a = &plan.arch;
    let first = plan.first_layer(plan.busiest().0);
    let recurrent = crate::mul!(a.linear_v_heads, a.linear_k_dim, a.linear_v_dim);
    part(
        PartId::LinearState,
        b.linear_state,
        Location::Device,
        NeuralValues::LinearState(crate::model::values::neural::LinearState {
            layers: a.linear_layers_in(first, b.layers),
            conv_values: a.linear_state_values().saturating_sub(recurrent),
            recurrent_values: recurrent,
            v_heads: a.linear_v_heads,
            k_dim: a.linear_k_dim,
            v_dim: a.linear_v_dim,
            kernel: a.conv_kernel,
            batch: s.batch,
            bytes_per_value: crate::model::neural::stage::linear_state_bytes(s),
            tp: s.parallel.tp,
        }),
    )
}

fn kv_cache(s: &Scenario, plan: &Plan, b: &StageBytes) -> Component {
    let a = &plan.arch;
    let first = plan.first_layer(plan.busiest().0);
    part(
        PartId::KvCache,
        b.kv_cache,
        Location::Device,
        NeuralValues::KvCache(KvCache {
            mla: a.mla(),
            kv_lora_rank: a.kv_lora_rank,
            rope_dim: a.rope_dim,
            kv_heads_here: a.kv_heads.div_ceil(s.parallel.tp),
            kv_heads: a.kv_heads,
            heads: a.heads,
            head_dim: a.head_dim,
            layers: b.layers,
            all_layers: a.layers,
            windowed: a.windowed_in(first, b.layers),
            windowed_all: a.windowed_in(0, a.layers),
            window: a.window,
            linear: a.linear_layers_in(first, b.layers),
            linear_all: a.linear_layers_in(0, a.layers),
            seq: s.seq,
            batch: s.batch,
            value: KvValue {
                quant: s.kv_quant,
                dtype: s.kv_dtype(),
            },
        }),
    )
}

fn warnings(s: &Scenario, plan: &Plan, inferred: bool) -> Vec<Warning> {
    let mut w = Vec::new();
    let a = plan.arch;
    if let (true, true, Some(m)) = (inferred, s.sciml.is_transformer(), s.assumed_model()) {
        w.push(Warning::AssumedModel {
            model: m.label,
            layers: a.layers,
            hidden: a.hidden,
            heads: a.heads,
            kv_heads: a.kv_heads,
            params: s.param_count(),
        });
    } else if inferred && s.sciml.is_transformer() {
        w.push(Warning::AssumedShape {
            layers: a.layers,
            hidden: a.hidden,
            heads: a.heads,
            params: s.param_count(),
        });
    }
    if let (Some(given), Some(arch)) = (s.params, s.arch) {
        let derived = arch.total_params();
        if given.abs_diff(derived) > derived / 100 {
            w.push(Warning::ParamsDiffer { given, derived });
        }
    }
    if let Some(ctx) = s
        .arch
        .map(|a| a.max_context)
        .filter(|c| *c > 0 && s.seq > *c)
    {
        w.push(Warning::BeyondContext {
            seq: s.seq,
            context: ctx,
        });
    }
    if s.mode.trains() && !s.mixed && s.dtype.is_low_precision() {
        w.push(Warning::PureLowPrecision { dtype: s.dtype });
    }
    if s.mode == Mode::Train && s.lora_rank > 0 {
        w.push(Warning::LoraInPretraining);
    }
    if s.mode == Mode::Train && s.quantized_weights() {
        w.push(Warning::QuantInTraining);
    }
    if s.mode.trains() && s.parallel.zero > 0 && s.parallel.dp() == 1 {
        w.push(Warning::ZeroWithOneRank);
    }
    // A framework that always shards the sequence with tensor parallelism (torchtitan) implies
    // sp=on; that says nothing wrong when there is no tensor parallelism.
    let implied_sp = s.mech.framework.implies(crate::base::keys::FieldId::Sp);
    if s.parallel.sp && s.parallel.tp == 1 && !implied_sp {
        w.push(Warning::SequenceParallelWithoutTp);
    }
    if s.mode == Mode::Infer && s.sparsity_bp > 0 {
        let dense_value = s.dtype.bytes();
        match s.sparse_format {
            crate::catalog::quant::SparseFormat::Dense => w.push(Warning::SparseStoredDensely),
            crate::catalog::quant::SparseFormat::Csr => {
                // CSR pays value + 4-byte index per nonzero: it wins only when nnz·(v+4) < P·v.
                let density = 10_000 - s.sparsity_bp;
                if density * (dense_value + 4) >= 10_000 * dense_value {
                    w.push(Warning::CsrLargerThanDense {
                        sparsity_bp: s.sparsity_bp,
                    });
                }
            }
            crate::catalog::quant::SparseFormat::Bitmask => {}
        }
    }
    if s.parallel.offload != Offload::None && s.host_mem.is_none() {
        w.push(Warning::OffloadWithoutHostMem);
    }
    w
}
