//! The rows a serving engine adds to the breakdown, each with the named values its template
//! (`explain::parts::engine`) writes from.

use crate::catalog::parts::PartId;
use crate::model::neural::engine::{llamacpp_compute, llamacpp_output, Allocation, Pool, Reserve};
use crate::model::neural::stage::{Plan, StageBytes};
use crate::model::values::engine::{
    ComputeBuffer, EngineValues, Graphs, HostCompute, KvFormat, KvPool, OutputBuffer, SplitKv,
    SplitWeights, StepActivations, WeightFormat,
};
use crate::model::values::Values;
use crate::model::{Component, Location};
use crate::scenario::Scenario;

pub fn components(s: &Scenario, plan: &Plan, b: &StageBytes, stage: u64) -> Vec<Component> {
    match s.engine.allocation() {
        Allocation::Split { ubatch } => llamacpp(s, plan, b, stage, s.ubatch.unwrap_or(ubatch)),
        Allocation::Pool(pool) => pooled(s, &pool, plan, b),
        Allocation::AsUsed => Vec::new(),
    }
}

fn part(id: PartId, bytes: u64, location: Location, values: EngineValues) -> Component {
    Component {
        id,
        bytes,
        location,
        values: Values::Engine(values),
    }
}

fn kv_format(s: &Scenario) -> KvFormat {
    // llama.cpp's default F16 cache (common/common.h `cache_type_k = GGML_TYPE_F16`) is the
    // scenario's rule, `Scenario::kv_dtype`: the parts and the time model read the same format.
    KvFormat {
        quant: s.kv_quant,
        dtype: s.kv_dtype(),
        defaulted: s.kv_dtype.is_none() && s.kv_quant.is_none(),
    }
}

fn pooled(s: &Scenario, pool: &Pool, plan: &Plan, b: &StageBytes) -> Vec<Component> {
    let a = &plan.arch;
    let Some(v) = crate::model::neural::engine::serving_of(s, b) else {
        return Vec::new();
    };
    let token_working_bytes = plan.step_working_bytes(1);
    let graphs_before = pool.graphs_before_pool(s);
    let profiled = match pool.reserve {
        Reserve::Profiled => true,
        Reserve::Static => false,
    };
    vec![
        part(
            PartId::Activations,
            b.activations,
            Location::Device,
            EngineValues::StepActivations(StepActivations {
                engine: s.engine,
                reserve: pool.reserve,
                step_tokens: pool.step_tokens(s),
                token_working_bytes,
                sampler_seqs: pool.max_seqs(s),
                vocab: a.vocab,
                logit_bytes: plan.layer_shape(1, 1).elem,
                samples: b.samples,
            }),
        ),
        part(
            PartId::CudaGraphs,
            b.graphs,
            Location::Device,
            EngineValues::Graphs(Graphs {
                engine: s.engine,
                captured: b.graphs > 0,
                before_pool: graphs_before,
                capture_tokens: pool.capture_tokens(s),
                token_working_bytes,
            }),
        ),
        part(
            PartId::KvCache,
            b.kv_cache,
            Location::Device,
            EngineValues::KvPool(Box::new(KvPool {
                engine: s.engine,
                util_milli: v.util_milli,
                capacity: s.device.capacity_bytes(),
                budget: v.budget,
                weights: b.weights,
                vision: b.vision_weights,
                mm_profile: if profiled { b.mm_profile } else { 0 },
                activations: profiled.then_some(b.activations),
                graphs: graphs_before.then_some(b.graphs),
                runtime: b.runtime,
                reserve: pool.reserve,
                outside: v.outside,
                layers: b.layers - b.kv_linear,
                values_per_token: a.kv_values_per_token(s.parallel.tp),
                kv: kv_format(s),
                indexer_bytes: a.indexer_token_bytes(),
                token_bytes: b.token_bytes,
                block_tokens: v.block_tokens,
                blocks: v.blocks,
                pool_tokens: v.pool_tokens,
                sequences: v.sequences,
                seq: s.seq,
                batch: s.batch,
                tp: s.parallel.tp,
                kv_heads: a.kv_heads,
                groups: v.groups,
                step_tokens: v.step_tokens,
                pool_bytes: v.pool_bytes,
                replicas: 1,
                total_batch: s.batch,
            })),
        ),
    ]
}

fn llamacpp(s: &Scenario, plan: &Plan, b: &StageBytes, stage: u64, ubatch: u64) -> Vec<Component> {
    let a = &plan.arch;
    let split = plan.llamacpp_split();
    let dev = plan.llamacpp_device(stage);
    let devices = plan.llamacpp_devices();
    let (on_gpu, out_gpu) = (split.on_gpu, split.output_on_gpu);
    let ctx = crate::mul!(s.batch, s.seq);
    let format = match s.weight_milli_bpw() {
        Some(_)
            if s.milli_bpw.is_none()
                && crate::catalog::gguf::ends_bytes(a, s.quant, s.dtype, super::engine::gguf_rules(s))
                    .is_some()
                && !a.mla() =>
        {
            WeightFormat::Mix(s.quant)
        }
        Some(m) => WeightFormat::MilliBits(m),
        None => WeightFormat::Bytes(s.dtype.bytes()),
    };
    let (attn, out) = llamacpp_compute(s, a, ctx, ubatch);
    let ub = ctx.min(ubatch);
    let output = llamacpp_output(s, a);
    let host_compute = b.buffers_host - output;
    let w = plan.llamacpp_weights(stage);
    let weights = |here: u64, gpu: bool| SplitWeights {
        ngl: on_gpu + u64::from(out_gpu),
        layers: a.layers,
        here,
        output_on_gpu: if gpu { dev.output } else { out_gpu },
        format,
        embed_bytes: if gpu { 0 } else { w.embed },
        layers_bytes: if gpu { w.gpu_layers } else { w.host_layers },
        output_bytes: if gpu { w.gpu_output() } else { w.host_output() },
        devices,
        device: stage,
        first_layer: if gpu { dev.first } else { 0 },
        cpu_moe: s.n_cpu_moe.unwrap_or(0).min(a.layers),
        cpu_moe_layers: w.cpu_moe_layers,
        experts_bytes: if gpu { w.gpu_experts } else { w.host_experts },
    };
    let kv = |first: u64, layers: u64| SplitKv {
        layers,
        windowed: a.windowed_in(first, layers),
        window_tokens: s.seq.min(a.window.max(1)),
        values_per_token: a.kv_values_per_token(1),
        batch: s.batch,
        seq: s.seq,
        kv: kv_format(s),
    };
    // The CPU runs a graph of its own when a layer or the output layer stays there.
    let cpu_graph = on_gpu < a.layers || !out_gpu;
    let inputs = crate::add!(
        crate::mul!(ub, a.hidden, 4),
        crate::mul!(ub, ctx, if s.flash_attention { 2 } else { 4 })
    );
    vec![
        part(
            PartId::Weights,
            b.weights,
            Location::Device,
            EngineValues::GpuWeights(weights(dev.count, true)),
        ),
        part(
            PartId::WeightsHost,
            b.weights_host,
            Location::Host,
            EngineValues::HostWeights(weights(a.layers - on_gpu, false)),
        ),
        part(
            PartId::KvCache,
            b.kv_cache,
            Location::Device,
            EngineValues::GpuKv(kv(dev.first, dev.count)),
        ),
        part(
            PartId::KvCacheHost,
            b.kv_host,
            Location::Host,
            EngineValues::HostKv(kv(0, a.layers - on_gpu)),
        ),
        part(
            PartId::ComputeBuffer,
            b.activations,
            Location::Device,
            EngineValues::ComputeBuffer(ComputeBuffer {
                ubatch_tokens: ub,
                ctx,
                attention: attn,
                output: out,
                layers_on_gpu: dev.count,
                output_on_gpu: dev.output,
                output_elsewhere: out_gpu && !dev.output,
                flash: s.flash_attention,
            }),
        ),
        part(
            PartId::ComputeHost,
            host_compute,
            Location::Host,
            EngineValues::HostCompute(HostCompute {
                ubatch_tokens: ub,
                hidden: a.hidden,
                ctx,
                mask_value_bytes: if s.flash_attention { 2 } else { 4 },
                cpu_work: cpu_graph.then(|| host_compute.saturating_sub(inputs)),
            }),
        ),
        part(
            PartId::OutputBuffer,
            output,
            Location::Host,
            EngineValues::OutputBuffer(OutputBuffer {
                batch: s.batch,
                vocab: a.vocab,
            }),
        ),
    ]
}
