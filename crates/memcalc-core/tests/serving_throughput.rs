//! Serving and training time that holds (issue 37): throughput named as such (per sequence,
//! aggregate, per GPU) in every suggestion, the time line and the exports; a queue said as a
//! queue; the page's exports carrying the time the CLI's do; FP8 weights with FP8 activations
//! on FP8 tensor cores; and a mixture of experts' decode reading its stored bytes.

mod common;

use common::{scenario, term, time_of};
use memcalc_core::analysis::derived::savings;
use memcalc_core::schema::fields::FieldId;
use memcalc_core::speed::NeuralTerm;
use memcalc_core::{Steps, TermId, TermValues};

/// The FP8 KV case of issue 37: 256 requests of a 70B model on 4 H100 at 32k under vLLM.
const VLLM_70B: &str = "mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&gpu=h100-80&seq=32k&batch=256";

fn saving_text(q: &str, key: FieldId) -> (String, memcalc_core::speed::change::TimeChange) {
    let s = scenario(q);
    let sv = savings(&s)
        .into_iter()
        .find(|sv| sv.patch.iter().any(|(k, _)| *k == key))
        .unwrap_or_else(|| panic!("no saving on {key:?} for {q}"));
    let t = sv.time.expect("a time change");
    (memcalc_core::explain::speed::change(&t), t)
}

#[test]
fn a_suggestion_names_aggregate_per_sequence_and_per_gpu_throughput() {
    // An FP8 KV cache runs about twice the sequences at about the same speed each: the line
    // says the aggregate rises, each sequence's rate does not, and per GPU it is the aggregate.
    let (text, t) = saving_text(VLLM_70B, FieldId::KvDtype);
    assert!(t.speedup > 1.2, "{t:?}");
    assert!(text.starts_with("aggregate throughput "), "{text}");
    assert!(text.contains("; per sequence "), "{text}");
    assert!(text.contains(" tokens/s; per GPU "), "{text}");
    assert!(!text.contains("faster per token"), "{text}");
    let (b, a) = t.per_sequence.unwrap();
    assert!(a <= b * 1.05, "per sequence {b} → {a}");
    assert!((t.per_gpu.unwrap() - t.speedup).abs() < 1e-9, "{t:?}");
}

#[test]
fn twice_the_gpus_for_tensor_parallelism_is_judged_per_gpu() {
    // TP 2 → 4 doubles the GPUs: the aggregate may rise, but per GPU it is the aggregate over
    // twice the GPUs, which is what decides TP 2 against TP 4.
    let q = "mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-70B&gpus=2&tp=2&gpu=h100-80&seq=8k&batch=64";
    let (text, t) = saving_text(q, FieldId::Tp);
    let g = t.per_gpu.unwrap();
    assert!((g - t.speedup / 2.0).abs() < 1e-9, "{t:?}");
    assert!(text.contains("per GPU"), "{text}");
    // The time line names each rate, per GPU with the engine's GPUs.
    let line = memcalc_core::explain::speed::summary(&time_of(q));
    assert!(line.contains("tokens/s per sequence"), "{line}");
    assert!(line.contains("tokens/s in aggregate"), "{line}");
    assert!(line.contains("tokens/s per GPU of 2 GPUs"), "{line}");
}

#[test]
fn training_lines_and_changes_name_the_per_gpu_rate() {
    let q = "mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=8&zero=3&seq=4096";
    let sp = time_of(q);
    let Steps::Training {
        tokens_per_s, gpus, ..
    } = sp.steps
    else {
        panic!("{:?}", sp.steps)
    };
    assert_eq!(gpus, 8);
    let line = memcalc_core::explain::speed::summary(&sp);
    assert!(line.contains("tokens/s in aggregate"), "{line}");
    let per_gpu = memcalc_core::speed::per_gpu(tokens_per_s, gpus);
    assert!((per_gpu * 8.0 - tokens_per_s).abs() < 1e-6 * tokens_per_s);
    assert!(line.contains("tokens/s per GPU of 8 GPUs"), "{line}");
}

#[test]
fn a_queue_is_said_as_a_queue_not_a_time_to_first_token() {
    // Requests beyond what the pool runs at once wait in vLLM's queue: their first token comes
    // after the waves ahead of them, and the line says so beside the running ones' TTFT.
    let q = "mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&gpu=h100-80&seq=32k&prompt=30k&batch=256";
    let sp = time_of(q);
    let Steps::Inference {
        ttft,
        sequences,
        requested,
        queue,
        decode_step,
        ..
    } = sp.steps
    else {
        panic!("{:?}", sp.steps)
    };
    assert!(sequences < requested, "{sp:?}");
    let queue = queue.expect("a queue");
    assert_eq!(queue.waiting, requested - sequences);
    assert_eq!(queue.waves, queue.waiting.div_ceil(sequences));
    assert_eq!(queue.generated, 32 * 1024 - 30 * 1024);
    let wave = ttft.seconds().unwrap() + 2048.0 * decode_step.seconds().unwrap();
    let wait = queue.wait.seconds().unwrap();
    assert!(
        (wait - wave * queue.waves as f64).abs() < 1e-9 * wait,
        "{queue:?}"
    );
    let line = memcalc_core::explain::speed::summary(&sp);
    assert!(
        line.contains("a queued one's is the queue's: up to "),
        "{line}"
    );
    assert!(
        line.contains("running ahead of it, each a prefill and 2,048 generated tokens"),
        "{line}"
    );
    // The JSON names them too.
    let s = scenario(q);
    let e = memcalc_core::estimate(&s);
    let json = memcalc_core::report::to_json_with_speed(&e, &[], None, Some(&sp));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["speed"]["queued"], queue.waiting);
    assert!(v["speed"]["queue_wait_s"].as_f64().unwrap() > 0.0, "{json}");
    assert!(v["speed"]["tokens_per_s_per_gpu"].as_f64().unwrap() > 0.0);
    assert_eq!(v["speed"]["gpus"], 4);
    // Everything fits: no queue, no words for one.
    let fits = time_of(&q.replace("batch=256", "batch=4"));
    assert!(matches!(fits.steps, Steps::Inference { queue: None, .. }));
    assert!(!memcalc_core::explain::speed::summary(&fits).contains("queue"));
}

#[test]
fn the_pages_exports_are_the_clis_documents_with_the_time() {
    // The page writes its JSON, CSV and Markdown from the time wasm's sections of the export
    // (TimeAnswer::export); they are the documents memcalc writes for the same link.
    use memcalc_core::report::{self, Origin};
    for q in [
        "mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&seq=8k&batch=8",
        "mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=8&zero=3&seq=4096",
        "mode=sim&method=lbm&sim_device=gpu&ranks=1",
        "mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&units=decimal",
    ] {
        let s = scenario(q);
        let e = memcalc_core::estimate(&s);
        let sp = memcalc_core::speed(&s, &e).unwrap().unwrap();
        let origin = Origin::new(&s, format!("https://example.org/?{q}"));
        let a = report::time_answer(q).unwrap();
        let x = a
            .export
            .as_ref()
            .expect("the time answer carries the exports' time");
        let curve = match sp.steps {
            Steps::Inference { .. } => memcalc_core::analysis::batch_curve(&s),
            _ => Vec::new(),
        };
        let cli = report::to_json_with_curve(&e, &[], Some(&origin), Some(&sp), &curve);
        let page = report::to_json_with_time(&e, &[], Some(&origin), Some(&x.json));
        assert_eq!(page, cli, "{q}");
        let v: serde_json::Value = serde_json::from_str(&page).unwrap();
        assert!(v["speed"]["summary"].is_string(), "{page}");
        assert_eq!(
            report::to_csv_with_time(&e, Some(&origin), Some(&x.csv)),
            report::to_csv_with_speed(&e, Some(&origin), Some(&sp)),
            "{q}"
        );
        let units = memcalc_core::schema::page::PageOptions::from_query(q)
            .0
            .units;
        let md = report::to_markdown_with_time(&e, units, Some(&origin), Some(&x.markdown));
        assert_eq!(
            md,
            report::to_markdown_with_speed(&e, units, Some(&origin), Some(&sp)),
            "{q}"
        );
        assert!(md.contains("| Time term |"), "{md}");
        // Without a time, the documents are the memory-only ones.
        assert_eq!(
            report::to_json_with_time(&e, &[], None, None),
            report::to_json(&e, &[], None)
        );
    }
}

fn prefill(q: &str) -> f64 {
    common::term_seconds(&time_of(q), TermId::Prefill)
}

#[test]
fn fp8_weights_prefill_on_fp8_tensor_cores_where_the_gpu_has_them() {
    // W8A8: twice the 16-bit peak on H100 and L40S (datasheets); an A100 has no FP8 tensor
    // cores and runs FP8 weights as W8A16 (FP8 Marlin): the 16-bit peak.
    let base = "mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-8B&seq=8k&batch=1";
    for (gpu, ratio) in [("h100-80", 2.0), ("l40s", 733.0 / 362.0), ("a100-80", 1.0)] {
        let bf16 = prefill(&format!("{base}&gpu={gpu}"));
        let fp8 = prefill(&format!("{base}&gpu={gpu}&quant=fp8"));
        let r = bf16 / fp8;
        assert!(
            (r / ratio - 1.0).abs() < 0.02,
            "{gpu}: {bf16} / {fp8} = {r}"
        );
    }
    let sp = time_of(&format!("{base}&gpu=h100-80&quant=fp8"));
    let TermValues::Neural(NeuralTerm::Prefill { work, .. }) = term(&sp, TermId::Prefill).values
    else {
        panic!()
    };
    assert_eq!(work.dtype, memcalc_core::catalog::precision::Dtype::Fp8);
}

#[test]
fn a_mixture_of_experts_decode_reads_its_stored_bytes() {
    // gpt-oss-120b: MXFP4 experts, the rest in BF16. At batch 1 a token reads the BF16
    // weights (attention, router, embeddings' output layer) and 4 of 128 experts per layer: the
    // share is taken of the stored bytes, where the BF16 weights weigh four times an expert's.
    let q = "mode=infer&engine=vllm&model_id=openai/gpt-oss-120b&quant=mxfp4&gpu=h100-80&seq=8k&batch=1";
    let sp = time_of(q);
    let TermValues::Neural(NeuralTerm::DecodeMemory { share, .. }) =
        term(&sp, TermId::DecodeMemory).values
    else {
        panic!()
    };
    let s = scenario(q);
    let bytes = memcalc_core::speed::inference::expert_byte_share(&s);
    let (a, _) = s.shape();
    let params = {
        let moe = (a.layers - a.params().dense_layers) as f64;
        moe * a.experts as f64 * a.expert_params() as f64 / a.total_params() as f64
    };
    // The experts hold less of the bytes than of the parameters.
    assert!(bytes < params, "bytes {bytes} params {params}");
    let rest = 1.0 - bytes;
    assert!(rest > 0.06, "{rest}");
    let expected = rest + bytes * 4.0 / 128.0;
    assert!((share - expected).abs() < 1e-9, "{share} vs {expected}");
    // Unquantized, bytes and parameters agree.
    let bf16 = scenario("mode=infer&model_id=openai/gpt-oss-120b&gpu=h100-80&seq=8k&batch=1");
    let b = memcalc_core::speed::inference::expert_byte_share(&bf16);
    assert!((b - params).abs() < 1e-9, "{b} {params}");
}

#[test]
fn a_python_engine_without_cuda_graphs_pays_the_hosts_launches_per_step() {
    // Transformers' generate is eager: a small model at batch 1 is bound by the host's
    // launches, (20 kernels × layers + 3) × 5 µs at least (HTA: 5–20 µs a launch).
    let hf = "mode=infer&model_id=Qwen/Qwen2.5-0.5B&gpu=h100-80&seq=1024&batch=1";
    let sp = time_of(hf);
    let t = term(&sp, TermId::DecodeDispatch);
    let TermValues::Neural(NeuralTerm::DecodeDispatch {
        per_layer,
        layers,
        head,
        ..
    }) = t.values
    else {
        panic!()
    };
    assert_eq!((per_layer, head), (20, 3));
    let floor = (20 * layers + 3) as f64 * 5e-6;
    assert!((t.time.seconds().unwrap() - floor).abs() < 1e-12);
    assert_eq!(sp.bound, memcalc_core::Bound::Launch, "{sp:?}");
    assert!((common::decode_step(&sp) - floor).abs() < 1e-12);
    // vLLM and SGLang capture the step in a CUDA graph by default: no host term.
    for engine in ["vllm", "sglang"] {
        let q = hf.replace("mode=infer", &format!("mode=infer&engine={engine}"));
        let sp = time_of(&q);
        assert!(
            sp.terms.iter().all(|t| t.id() != TermId::DecodeDispatch),
            "{q}"
        );
        // Eager (enforce_eager, --disable-cuda-graph): the host's launches again.
        let eager = time_of(&format!("{q}&cuda_graphs=off"));
        assert!(
            eager.terms.iter().any(|t| t.id() == TermId::DecodeDispatch),
            "{q}"
        );
    }
    // llama.cpp launches from C++ and has its own launch term.
    let cpp = time_of(&hf.replace("mode=infer", "mode=infer&engine=llamacpp"));
    assert!(cpp.terms.iter().all(|t| t.id() != TermId::DecodeDispatch));
}

#[test]
fn under_load_a_pooled_engine_mixes_prefill_chunks_into_decode_steps_at_the_mean_context() {
    // 2,048-token prompts, 128 generated: every step also prefills the prompts of the requests
    // replacing the finished ones, so output tokens/s under load are far below the decode
    // step's aggregate (the figure the time line gave alone before issue 37).
    let q = "gpu=h100-80&mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-8B&quant=fp8&batch=3000&seq=2176&prompt=2048";
    let sp = time_of(q);
    let Steps::Inference {
        tokens_per_s,
        served: Some(v),
        ..
    } = sp.steps
    else {
        panic!("{:?}", sp.steps)
    };
    assert_eq!(v.generated, 128);
    assert!((v.context - (2048.0 + 64.0)).abs() < 1e-9);
    assert!(
        v.tokens_per_s < 0.5 * tokens_per_s,
        "{v:?} vs {tokens_per_s}"
    );
    // The step's token budget holds the decodes and the prefills that replace them.
    assert!(
        v.sequences * (1.0 + 2048.0 / 128.0) <= v.budget as f64 + 1e-9,
        "{v:?}"
    );
    // 128 prompt tokens, 2,048 generated: the paged pool holds them at their mean context, more
    // than at the full one.
    let long = time_of(&q.replace("prompt=2048", "prompt=128"));
    let Steps::Inference {
        sequences,
        served: Some(w),
        ..
    } = long.steps
    else {
        panic!()
    };
    assert!(w.sequences > sequences as f64, "{w:?} vs {sequences}");
    assert!((w.context - (128.0 + 1024.0)).abs() < 1e-9);
    let line = memcalc_core::explain::speed::summary(&long);
    assert!(line.contains("under load"), "{line}");
    // Without generated tokens (prompt = seq) or under a static batch: no under-load figure.
    let none = time_of("mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80");
    assert!(matches!(none.steps, Steps::Inference { served: None, .. }));
    let hf =
        time_of("mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&seq=2048&prompt=1024");
    assert!(matches!(hf.steps, Steps::Inference { served: None, .. }));
}

#[test]
fn hybrid_sharding_shards_within_a_node_and_all_reduces_across_nodes() {
    // FSDP HYBRID_SHARD on 16 nodes of 8 H100: states sharded over 8 ranks, not 128; the
    // gathers stay on NVLink and each gradient shard is all-reduced across 16 replicas.
    let full =
        "mode=train&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpus=128&zero=3&seq=4096&batch=1";
    let hybrid = format!("{full}&sharding=hybrid");
    let (ef, eh) = (common::est(full), common::est(&hybrid));
    assert!(eh.per_device_bytes > ef.per_device_bytes, "{eh:?}");
    // Every sharded state is 16× the full shard's.
    let states = |e: &memcalc_core::Estimate| common::model_states(e);
    assert!(
        states(&eh) > 10 * states(&ef),
        "{} vs {}",
        states(&eh),
        states(&ef)
    );
    let (tf, th) = (time_of(full), time_of(&hybrid));
    let dp = |sp: &memcalc_core::Speed| match term(sp, TermId::DataParallel).values {
        TermValues::Neural(NeuralTerm::DataParallel { collective, .. }) => collective,
        _ => panic!(),
    };
    assert_eq!(dp(&tf).ranks, 128);
    assert_eq!(dp(&th).ranks, 8);
    assert_eq!(dp(&tf).via.bound(), memcalc_core::Bound::Network);
    assert_eq!(dp(&th).via.bound(), memcalc_core::Bound::Link);
    let TermValues::Neural(NeuralTerm::HybridAllReduce {
        replicas, shard, ..
    }) = term(&th, TermId::HybridAllReduce).values
    else {
        panic!()
    };
    assert_eq!((replicas, shard), (16, 8));
    assert!(tf.terms.iter().all(|t| t.id() != TermId::HybridAllReduce));
    // Each rank sends a sixteenth of the full-shard collectives' bytes over the network.
    assert!(
        common::term_seconds(&th, TermId::HybridAllReduce)
            < common::term_seconds(&tf, TermId::DataParallel)
    );
    // One node: hybrid is full sharding.
    let one = "mode=train&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpus=8&zero=3&seq=4096";
    assert_eq!(
        common::est(one).per_device_bytes,
        common::est(&format!("{one}&sharding=hybrid")).per_device_bytes
    );
}

/// Issue 37, defect 3: a MoE decode step under vLLM or SGLang pays its fused MoE block's fixed
/// time per MoE layer (routing, alignment, the grouped GEMMs below the bandwidth: the engines'
/// fused_moe benchmarks at batch 1, speed/moe_block.rs) on top of the touched experts' bytes; a
/// dense model and llama.cpp do not.
#[test]
fn moe_decode_pays_the_fused_moe_block_per_moe_layer() {
    let q = "v=6&gpu=h100-80&mode=infer&engine=vllm&model_id=openai/gpt-oss-120b&seq=2048&batch=1";
    let sp = time_of(q);
    let t = term(&sp, TermId::DecodeMoeBlock);
    let TermValues::Neural(NeuralTerm::DecodeMoeBlock { layers, per_layer }) = t.values else {
        panic!("{t:?}")
    };
    // gpt-oss-120b: 36 layers, all MoE; 27.3 µs each (the median of four published tables).
    assert_eq!(layers, 36);
    assert!((per_layer - 27.3e-6).abs() < 0.1e-6, "{per_layer}");
    let Steps::Inference { decode_step, .. } = sp.steps else {
        panic!("{:?}", sp.steps)
    };
    let step = decode_step.seconds().unwrap();
    let read = common::term_seconds(&sp, TermId::DecodeMemory);
    // Beside it, every kernel's floor under the CUDA graph (speed/graph_kernels.rs).
    let graph = common::term_seconds(&sp, TermId::DecodeGraphKernels);
    assert!(
        (step - read - graph - 36.0 * per_layer).abs() < 1e-9,
        "{step} = {read} + {graph} + 36 × {per_layer}"
    );
    // SGLang runs the same kernels; DeepSeek-V3's three dense layers run none.
    let sg = time_of("v=6&gpu=h200&gpus=8&tp=8&mode=infer&engine=sglang&model_id=deepseek-ai/DeepSeek-V3&seq=4096&batch=1");
    let TermValues::Neural(NeuralTerm::DecodeMoeBlock { layers, .. }) =
        term(&sg, TermId::DecodeMoeBlock).values
    else {
        panic!()
    };
    assert_eq!(layers, 58);
    // moe_block_us overrides the published median; 0 turns the term off.
    let given = time_of(&format!("{q}&moe_block_us=50"));
    let TermValues::Neural(NeuralTerm::DecodeMoeBlock { per_layer, .. }) =
        term(&given, TermId::DecodeMoeBlock).values
    else {
        panic!()
    };
    assert!((per_layer - 50e-6).abs() < 1e-12, "{per_layer}");
    for q in [
        &format!("{q}&moe_block_us=0"),
        "v=6&gpu=h100-80&mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-8B&batch=1",
        "v=6&gpu=rtx4090&mode=infer&engine=llamacpp&model_id=Qwen/Qwen3-30B-A3B&quant=q4_k_m&seq=128&batch=1",
    ] {
        assert!(
            time_of(q).terms.iter().all(|t| t.id() != TermId::DecodeMoeBlock),
            "{q}"
        );
    }
}
