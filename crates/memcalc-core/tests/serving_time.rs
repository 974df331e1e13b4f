//! Serving and training time beyond one step (issue 27): the time to first token is one
//! request's prompt, a pooled engine decodes only the sequences its pool holds, the
//! throughput-versus-latency curve over the batch, a training run's time for its token budget,
//! and the latency every collective pays.

mod common;

use common::{scenario, term, time_of};
use memcalc_core::analysis::batch_curve;
use memcalc_core::speed::NeuralTerm;
use memcalc_core::{speed, Speed, Steps, TermId, TermValues};

fn ttft(sp: &Speed) -> f64 {
    match sp.steps {
        Steps::Inference { ttft, .. } => ttft.seconds().unwrap(),
        s => panic!("{s:?}"),
    }
}

const VLLM_8B: &str = "mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-8B&seq=32k";

#[test]
fn the_first_token_waits_for_its_own_prompt_not_the_batchs() {
    // Sixteen requests of 32k tokens: each request's prefill is its own (chunked prefill), so
    // the time to first token is one prompt's, whatever the batch.
    let one = time_of(&format!("{VLLM_8B}&batch=1"));
    let sixteen = time_of(&format!("{VLLM_8B}&batch=16"));
    assert!(
        (ttft(&one) - ttft(&sixteen)).abs() < 1e-12,
        "{one:?} {sixteen:?}"
    );
    // 2 × 7.5 G × 32,768 plus causal attention at 40 % of 990 TFLOP/s: about 2 s, not 16× it.
    assert!(ttft(&sixteen) > 1.0 && ttft(&sixteen) < 3.0, "{sixteen:?}");
    // A static batch (plain PyTorch, Transformers' generate) prefills every prompt of the
    // batch before the first token: sixteen times one request's.
    let hf = |b: u32| {
        ttft(&time_of(&format!(
            "mode=infer&model_id=meta-llama/Llama-3.1-8B&seq=8k&batch={b}"
        )))
    };
    assert!((hf(16) / hf(1) - 16.0).abs() < 1e-9);
    // The default prompt is the whole context: giving it changes nothing.
    let same = time_of(&format!("{VLLM_8B}&batch=16&prompt=32k"));
    assert_eq!(same, sixteen);
    // A 2k prompt prefills 16× fewer tokens (attention less still); the decode step, at the
    // full context, is the same.
    let short = time_of(&format!("{VLLM_8B}&batch=16&prompt=2k"));
    let ratio = ttft(&sixteen) / ttft(&short);
    assert!(ratio > 16.0 && ratio < 40.0, "{ratio}");
    match (short.steps, sixteen.steps) {
        (Steps::Inference { decode_step: a, .. }, Steps::Inference { decode_step: b, .. }) => {
            assert_eq!(a, b)
        }
        s => panic!("{s:?}"),
    }
    match term(&short, TermId::Prefill).values {
        TermValues::Neural(NeuralTerm::Prefill { tokens, .. }) => assert_eq!(tokens, 2048.0),
        v => panic!("{v:?}"),
    }
    let text = memcalc_core::explain::speed::explanation(term(&short, TermId::Prefill));
    assert!(
        text.contains("One request's prompt (2,048 tokens)"),
        "{text}"
    );
}

#[test]
fn a_prompt_longer_than_the_context_is_an_error_naming_it() {
    let (inputs, _) = memcalc_core::Inputs::from_query("mode=infer&params=7B&seq=1024&prompt=2048");
    let errors = inputs.parse().unwrap_err();
    assert!(
        errors.iter().any(|e| e.message.starts_with("prompt: ")),
        "{errors:?}"
    );
    // A prompt within the context reads.
    let (inputs, _) = memcalc_core::Inputs::from_query("mode=infer&params=7B&seq=1024&prompt=1k");
    assert!(inputs.parse().is_ok());
}

const VLLM_70B: &str =
    "mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&gpu=h100-80&seq=32k";

#[test]
fn a_pooled_engine_decodes_the_sequences_its_pool_holds() {
    // 256 requested, 14 fit the pool: the step runs 14, and the rest wait.
    let s = scenario(&format!("{VLLM_70B}&batch=256"));
    let e = memcalc_core::estimate(&s);
    assert_eq!(e.serving.unwrap().sequences, 14);
    let asked = speed(&s, &e).unwrap().unwrap();
    let fourteen = time_of(&format!("{VLLM_70B}&batch=14"));
    match (asked.steps, fourteen.steps) {
        (
            Steps::Inference {
                sequences,
                requested,
                tokens_per_s,
                decode_step,
                ..
            },
            Steps::Inference {
                tokens_per_s: t14,
                decode_step: d14,
                ..
            },
        ) => {
            assert_eq!((sequences, requested), (14, 256));
            assert_eq!(tokens_per_s, t14);
            assert_eq!(decode_step, d14);
        }
        s => panic!("{s:?}"),
    }
    let summary = memcalc_core::explain::speed::summary(&asked);
    assert!(
        summary.contains(
            "for 14 sequences (the most the engine runs at once: its KV pool, or vLLM's max_num_seqs; of 256 requested, 242 wait in its queue)"
        ),
        "{summary}"
    );
    // vLLM runs at most max_num_seqs at once, however many the pool holds.
    let capped = time_of(&format!("{VLLM_70B}&batch=256&max_num_seqs=8"));
    assert!(matches!(
        capped.steps,
        Steps::Inference {
            sequences: 8,
            requested: 256,
            ..
        }
    ));
    // Without a pool the requested batch is what runs.
    let hf = time_of("mode=infer&model_id=meta-llama/Llama-3.1-8B&seq=1024&batch=8");
    assert!(matches!(
        hf.steps,
        Steps::Inference {
            sequences: 8,
            requested: 8,
            ..
        }
    ));
}

#[test]
fn the_batch_curve_trades_latency_for_throughput_up_to_what_fits() {
    let s = scenario(&format!("{VLLM_70B}&batch=1"));
    let curve = batch_curve(&s);
    let batches: Vec<u64> = curve.iter().map(|p| p.batch).collect();
    assert_eq!(batches, [1, 2, 4, 8, 14]);
    for w in curve.windows(2) {
        assert!(w[1].tokens_per_s > w[0].tokens_per_s, "{curve:?}");
        assert!(
            w[1].tokens_per_s_per_sequence < w[0].tokens_per_s_per_sequence,
            "{curve:?}"
        );
        assert!(w[1].step.seconds() > w[0].step.seconds(), "{curve:?}");
    }
    for p in &curve {
        let per = 1.0 / p.step.seconds().unwrap();
        assert!((p.tokens_per_s_per_sequence - per).abs() < 1e-9 * per);
        assert!((p.tokens_per_s - per * p.batch as f64).abs() < 1e-9 * p.tokens_per_s);
    }
    // vLLM's max_num_seqs ends it sooner.
    let capped = batch_curve(&scenario(&format!("{VLLM_70B}&batch=1&max_num_seqs=6")));
    assert_eq!(
        capped.iter().map(|p| p.batch).collect::<Vec<_>>(),
        [1, 2, 4, 6]
    );
    // Without a pool the curve ends at the largest batch whose estimate fits.
    let q = "mode=infer&model_id=meta-llama/Llama-3.1-8B&seq=8192&gpu=h100-80";
    let curve = batch_curve(&scenario(q));
    let last = curve.last().unwrap().batch;
    let fits = |b: u64| memcalc_core::estimate(&scenario(&format!("{q}&batch={b}"))).fits();
    assert!(fits(last) && !fits(last + 1), "{last}");
    // Nothing fits: no curve.
    assert!(batch_curve(&scenario("mode=infer&params=400B&gpu=l4")).is_empty());
}

const TITAN: &str = "gpu=h100-80&mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=8&zero=3&batch=2&seq=8192&recompute=selective_op&mfu=33";

#[test]
fn a_token_budget_gives_the_runs_time() {
    let sp = time_of(&format!("{TITAN}&train_tokens=15T"));
    let Steps::Training {
        tokens_per_s, run, ..
    } = sp.steps
    else {
        panic!("{sp:?}")
    };
    let (tokens, t) = run.unwrap();
    assert_eq!(tokens, 15_000_000_000_000);
    let expected = 15e12 / tokens_per_s;
    assert!((t.seconds().unwrap() - expected).abs() < 1e-6 * expected);
    let summary = memcalc_core::explain::speed::summary(&sp);
    // The run also in GPU-hours and node-hours (issue 41).
    assert!(
        summary.contains(
            " for 15 T tokens on 8 GPUs = 835,280 GPU-hours (1 node: 104,410 node-hours); bound by"
        ),
        "{summary}"
    );
    // Without a budget, no run time and the line as before.
    let sp = time_of(TITAN);
    assert!(matches!(sp.steps, Steps::Training { run: None, .. }));
    assert!(!memcalc_core::explain::speed::summary(&sp).contains(" for "));
}

#[test]
fn every_collective_pays_nccls_latency() {
    // A decode step's tensor-parallel all-reduces carry a few KiB each: 160 of them cost their
    // latency (LL protocol), far more than their bytes.
    let sp =
        time_of("mode=infer&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&gpu=h100-80&seq=1024");
    let t = term(&sp, TermId::TpAllReduce);
    let TermValues::Neural(NeuralTerm::TpAllReduce { collective: c, .. }) = t.values else {
        panic!("{t:?}")
    };
    assert_eq!(c.count, 160.0);
    let bytes_time = c.bytes() / c.bandwidth;
    let secs = t.time.seconds().unwrap();
    // NCCL's Ring LL: 6.6 µs + 2 (4 − 1) × 0.6 µs per all-reduce.
    let latency = 160.0 * (6.6e-6 + 6.0 * 0.6e-6);
    assert!(
        (secs - (2.0 * bytes_time + latency)).abs() < 1e-12,
        "{secs} {bytes_time}"
    );
    let f = memcalc_core::explain::speed::formula(t);
    assert!(
        f.contains("÷ (450 GB/s × 50 %) + 160 × (6.6 µs + 6 × 600 ns)"),
        "{f}"
    );
    // Data parallelism over 16 nodes: FSDP's per-layer collectives, with steps between nodes.
    let sp = time_of(&TITAN.replace("gpus=8", "gpus=128"));
    let t = term(&sp, TermId::DataParallel);
    let TermValues::Neural(NeuralTerm::DataParallel { collective: c, .. }) = t.values else {
        panic!("{t:?}")
    };
    assert_eq!(c.count, 3.0 * 32.0);
    assert_eq!((c.latency.link_steps, c.latency.net_steps), (112.0, 15.0));
    let f = memcalc_core::explain::speed::formula(t);
    assert!(
        f.contains("+ 96 × (8.4 µs + 112 × 3.4 µs + 15 × 14 µs)"),
        "{f}"
    );
}
