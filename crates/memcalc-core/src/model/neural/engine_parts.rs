//! The rows a serving engine adds to the breakdown, each with the engine's own words and source.

use crate::base::choice::Choice;
use crate::base::units::{format_fixed, group_digits as g};
use crate::catalog::parts::PartId;
use crate::model::neural::engine::{llamacpp_compute, Allocation, Pool, Reserve};
use crate::model::neural::estimate::kv_per_value;
use crate::model::neural::stage::{Plan, StageBytes};
use crate::model::values::legacy;
use crate::model::words;
use crate::model::{Component, Location};
use crate::scenario::Scenario;

pub fn components(s: &Scenario, plan: &Plan, b: &StageBytes) -> Vec<Component> {
    match s.engine.allocation() {
        Allocation::Split { ubatch } => llamacpp(s, plan, b, ubatch),
        Allocation::Pool(pool) => pooled(s, &pool, plan, b),
        Allocation::AsUsed => Vec::new(),
    }
}

fn pooled(s: &Scenario, pool: &Pool, plan: &Plan, b: &StageBytes) -> Vec<Component> {
    let a = &plan.arch;
    let src = s.engine.source();
    let name = s.engine.name();
    let profiled = pool.reserve == Reserve::Profiled;
    let util = format_fixed(pool.util_milli(s), 3);
    let budget = pool.budget(s);
    let graphs_in = pool.graphs_before_pool(s);
    let mut taken = vec![words!("{} (weights)", g(b.weights))];
    if profiled {
        taken.push(words!("{} (step activations)", g(b.activations)));
        if graphs_in {
            taken.push(words!("{} (CUDA graphs)", g(b.graphs)));
        }
    }
    taken.push(words!("{} (runtime)", g(b.runtime)));
    let per_token = words!(
        "{} layers × {} values × {} = {} B per token",
        b.layers,
        a.kv_values_per_token(s.parallel.tp),
        kv_per_value(s),
        g(b.token_bytes)
    );
    let Some(v) = crate::model::neural::engine::serving(s, b.kv_cache, b.token_bytes) else {
        return Vec::new();
    };
    let blocks = if v.block_tokens > 1 {
        words!(
            " = {} blocks of {} tokens = {} tokens",
            g(v.blocks),
            v.block_tokens,
            g(v.pool_tokens)
        )
    } else {
        words!(" = {} tokens", g(v.pool_tokens))
    };
    let replicated = if s.parallel.tp > a.kv_heads {
        words!(
            " With tensor parallelism {} over {} KV heads each GPU keeps a replica of one KV head, as vLLM does.",
            s.parallel.tp, a.kv_heads
        )
    } else {
        String::new()
    };
    let step = pool.step_tokens(s);
    let sampler = crate::mul!(pool.max_seqs(s), a.vocab);
    let outside = if profiled {
        String::new()
    } else {
        " SGLang's static fraction holds only the weights and the pool; this working memory must fit in the rest of the GPU.".to_string()
    };
    vec![
        legacy! {
            id: PartId::Activations,
            label: "Activations (one scheduler step)",
            bytes: b.activations,
            location: Location::Device,
            formula: words!(
                "max(one layer's working set over {} tokens, sampler over {} sequences × {} vocabulary) = {} B",
                g(step),
                g(pool.max_seqs(s)),
                g(a.vocab),
                g(b.activations)
            ),
            question: crate::text!("What does the engine reserve besides weights and the KV cache?"),
            explanation: crate::text!(words!(
                "{name} prefills long prompts in chunks of at most {} tokens per step (chunked prefill), so the activation peak is one layer's working set over that many tokens — not the whole batch's prompts at once — or the sampler's {} logits, FP32 copy and probabilities, whichever is larger. {name} measures this peak in a profile run before sizing the KV pool.{outside}",
                g(step),
                g(sampler)
            )),
            source: crate::text!(src),
        },
        legacy! {
            id: PartId::CudaGraphs,
            label: "CUDA graphs",
            bytes: b.graphs,
            location: Location::Device,
            formula: if b.graphs == 0 {
                "0 B: eager mode".into()
            } else {
                words!(
                    "one layer's working set over the largest captured batch, {} tokens = {} B",
                    pool.capture_tokens(s),
                    g(b.graphs)
                )
            },
            question: crate::text!("What do CUDA graphs cost?"),
            explanation: crate::text!(if b.graphs == 0 {
                "Without CUDA graphs (--enforce-eager, --disable-cuda-graph) nothing is captured; decoding is slower.".into()
            } else if graphs_in {
                words!("{name} captures the decode step as CUDA graphs for batch sizes up to {}; their memory pool holds the intermediate tensors of the largest. This version reserves it before sizing the KV pool.", pool.capture_tokens(s))
            } else {
                words!("{name} captures the decode step as CUDA graphs for batch sizes up to {} after the KV pool is allocated, so their memory pool comes from the headroom the memory share leaves.", pool.capture_tokens(s))
            }),
            source: crate::text!(src),
        },
        legacy! {
            id: PartId::KvCache,
            label: "KV cache pool",
            bytes: b.kv_cache,
            location: Location::Device,
            formula: words!(
                "{util} × {} B − {} = {} B; ÷ ({per_token}){blocks}",
                g(s.device.capacity_bytes()),
                taken.join(" − "),
                g(b.kv_cache)
            ),
            question: crate::text!("How many sequences does the KV pool hold?"),
            explanation: crate::text!(words!(
                "{name} takes {util} of the GPU ({} B) and gives everything its other parts leave to a preallocated KV cache pool: {} tokens here, enough for {} concurrent sequences of {} tokens ({} requested). The pool does not grow or shrink with the batch: the batch decides only whether it fits.{replicated}",
                g(budget),
                g(v.pool_tokens),
                g(v.sequences),
                g(s.seq),
                g(s.batch)
            )),
            source: crate::text!(src),
        },
    ]
}

fn llamacpp(s: &Scenario, plan: &Plan, b: &StageBytes, ubatch: u64) -> Vec<Component> {
    let a = &plan.arch;
    let src = crate::model::neural::engine::SRC_LLAMACPP;
    let ngl = s.gpu_layers.unwrap_or(a.layers + 1).min(a.layers + 1);
    let on_gpu = ngl.min(a.layers);
    let ctx = crate::mul!(s.batch, s.seq);
    let fmt = match s.weight_milli_bpw() {
        Some(_)
            if s.milli_bpw.is_none()
                && crate::catalog::gguf::ends_bytes(a, s.quant, s.dtype).is_some()
                && !a.mla() =>
        {
            words!("the {} mix (tensor by tensor)", s.quant.label())
        }
        Some(m) => words!("{} bits per weight", format_fixed(m, 3)),
        None => words!("{} B per weight", s.dtype.bytes()),
    };
    let (attn, out) = llamacpp_compute(s, a, ctx, ubatch);
    let ub = ctx.min(ubatch);
    let output = crate::model::neural::engine::llamacpp_output(s, a);
    let host_compute = b.buffers_host - output;
    let kv = |n: u64, bytes: u64| {
        words!(
            "{n} layers × {} values per token × {} tokens × {} = {} B",
            a.kv_values_per_token(1),
            g(ctx),
            kv_per_value(s),
            g(bytes)
        )
    };
    vec![
        legacy! {
            id: PartId::Weights,
            label: "Weights on the GPU",
            bytes: b.weights,
            location: Location::Device,
            formula: words!(
                "{on_gpu} of {} layers{} at {fmt} = {} B",
                a.layers,
                if ngl > a.layers { " + output layer" } else { "" },
                g(b.weights)
            ),
            question: crate::text!("Which weights does llama.cpp put on the GPU?"),
            explanation: crate::text!(words!(
                "With -ngl {ngl}, llama.cpp offloads the last {on_gpu} repeating layers{}; the token embeddings always stay in host memory (a lookup needs no GPU). GGUF files mix types: llama.cpp's quantizer keeps norms in F32, stores the output layer in Q6_K and, in the _M mixes, attn_v and ffn_down of the first and last eighth of the layers and every third between in Q6_K.",
                if ngl > a.layers { " and the output layer" } else { " (the output layer needs -ngl above the layer count)" }
            )),
            source: crate::text!(src),
        },
        legacy! {
            id: PartId::WeightsHost,
            label: "Weights in host memory",
            bytes: b.weights_host,
            location: Location::Host,
            formula: words!(
                "token embeddings + {} layers{} at {fmt} = {} B",
                a.layers - on_gpu,
                if ngl > a.layers { "" } else { " + output layer" },
                g(b.weights_host)
            ),
            question: crate::text!("Which weights does llama.cpp put on the GPU?"),
            explanation: crate::text!("What is not offloaded runs on the CPU from host memory (llama.cpp's 'CPU buffer size').".into()),
            source: crate::text!(src),
        },
        legacy! {
            id: PartId::KvCache,
            label: "KV cache on the GPU",
            bytes: b.kv_cache,
            location: Location::Device,
            formula: kv(on_gpu, b.kv_cache),
            question: crate::text!("Why does the KV cache grow with context and concurrent sequences?"),
            explanation: crate::text!(words!("llama.cpp allocates the whole context ({} tokens: {} sequences × {}) up front, each layer's keys and values on the device that runs the layer, in {}.", g(ctx), g(s.batch), g(s.seq), s.kv_label())),
            source: crate::text!(src),
        },
        legacy! {
            id: PartId::KvCacheHost,
            label: "KV cache in host memory",
            bytes: b.kv_host,
            location: Location::Host,
            formula: kv(a.layers - on_gpu, b.kv_host),
            question: crate::text!("Why does the KV cache grow with context and concurrent sequences?"),
            explanation: crate::text!("The layers left on the CPU keep their KV cache in host memory.".into()),
            source: crate::text!(src),
        },
        legacy! {
            id: PartId::ComputeBuffer,
            label: "Compute buffer",
            bytes: b.activations,
            location: Location::Device,
            formula: words!(
                "max(attention {} B, output layer {} B) for {} tokens = {} B",
                g(attn),
                g(out),
                ub,
                g(b.activations)
            ),
            question: crate::text!("What is llama.cpp's compute buffer?"),
            explanation: crate::text!(words!(
                "ggml plans the graph of one micro-batch of {ub} tokens and reserves its largest moment: attention over the {} -token context{} or the output layer's FP32 logits for every token of the micro-batch.",
                g(ctx),
                if s.flash_attention { " (flash attention: no score matrix)" } else { " with its F32 score matrix (flash attention off)" }
            )),
            source: crate::text!(src),
        },
        legacy! {
            id: PartId::ComputeHost,
            label: "Host compute buffer",
            bytes: host_compute,
            location: Location::Host,
            formula: words!(
                "{ub} tokens × {} hidden × 4 B + mask {ub} × {} × {} B{} = {} B",
                g(a.hidden),
                g(ctx),
                if s.flash_attention { 2 } else { 4 },
                if on_gpu < a.layers || ngl <= a.layers { " + the CPU layers' graph" } else { "" },
                g(host_compute)
            ),
            question: crate::text!("What is llama.cpp's compute buffer?"),
            explanation: crate::text!("The graph's inputs are staged in host memory: the token embeddings' output and the attention mask over the whole context ('CUDA_Host compute buffer'); layers left on the CPU compute there too.".into()),
            source: crate::text!(src),
        },
        legacy! {
            id: PartId::OutputBuffer,
            label: "Output buffer",
            bytes: output,
            location: Location::Host,
            formula: words!("{} sequences × {} vocabulary × 4 B = {} B", g(s.batch), g(a.vocab), g(output)),
            question: crate::text!("What is llama.cpp's compute buffer?"),
            explanation: crate::text!("The FP32 logits of each sequence's last token, read by the sampler ('output buffer').".into()),
            source: crate::text!(src),
        },
    ]
}
