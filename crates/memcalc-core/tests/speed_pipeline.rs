//! The pipeline schedule of a training step: the bubble is (p − 1)/(m · v) of the compute
//! (Narayanan et al. 2021, §2.2.1 and §2.2.2) with m the micro-batches per step
//! (`micro_batches`, gradient accumulation) and v the model chunks per device (`vpp`); the
//! interleaved schedule sends v times as much between stages; gradient accumulation adds tokens
//! and compute, not data-parallel traffic; full recomputation repeats the transformer layers'
//! forward and not the output layer's, which is the FLOP count of the paper's eq. 3.

mod common;

use common::{scenario, time_of};
use memcalc_core::schema::fields::FieldId;
use memcalc_core::speed::NeuralTerm;
use memcalc_core::speed::TermValues;
use memcalc_core::{Inputs, Speed, Steps, TermId};

fn term(sp: &Speed, id: TermId) -> Option<f64> {
    sp.terms
        .iter()
        .find(|t| t.id() == id)
        .and_then(|t| t.time.seconds())
}

fn tokens_per_step(sp: &Speed) -> f64 {
    match sp.steps {
        Steps::Training {
            tokens_per_step, ..
        } => tokens_per_step,
        _ => panic!("not training"),
    }
}

fn send_bytes(sp: &Speed) -> f64 {
    sp.terms
        .iter()
        .find_map(|t| match t.values {
            TermValues::Neural(NeuralTerm::PipelineSend { transfer, .. }) => Some(transfer.bytes),
            _ => None,
        })
        .expect("a pipeline send term")
}

/// Megatron-LM's 145B run of Narayanan et al. 2021 (table 1; sc21/run_table_1.sh): TP 8, PP 8,
/// micro-batch 2, 1,536 A100.
const GPT145B: &str = "gpu=a100-80&mode=train&layers=80&hidden=12288&heads=96&vocab=51200&learned_pos=2048&mlp=standard&norm=layernorm&bias=all&dtype=fp16&seq=2048&batch=2&tp=8&pp=8&gpus=1536&recompute=full&mfu=47.44&net_bw=1600";

#[test]
fn the_bubble_is_stages_less_one_over_micro_batches_times_chunks() {
    let bubble_share = |q: &str| {
        let sp = time_of(q);
        term(&sp, TermId::PipelineBubble).unwrap() / term(&sp, TermId::TrainCompute).unwrap()
    };
    // Unset, m is the number of stages: (8 − 1)/8, as before the key existed.
    assert!((bubble_share(GPT145B) - 7.0 / 8.0).abs() < 1e-12);
    // Megatron's 2,304 ÷ (2 × 24) = 48 micro-batches: 7/48.
    let m48 = format!("{GPT145B}&micro_batches=48");
    assert!((bubble_share(&m48) - 7.0 / 48.0).abs() < 1e-12);
    // Two chunks per device halve it: 7/96.
    let v2 = format!("{m48}&vpp=2");
    assert!((bubble_share(&v2) - 7.0 / 96.0).abs() < 1e-12);
    // The interleaved schedule leaves the work alone and sends twice as much between stages.
    let (plain, inter) = (time_of(&m48), time_of(&v2));
    assert_eq!(
        term(&plain, TermId::TrainCompute),
        term(&inter, TermId::TrainCompute)
    );
    assert_eq!(tokens_per_step(&plain), tokens_per_step(&inter));
    assert!((send_bytes(&inter) / send_bytes(&plain) - 2.0).abs() < 1e-12);
}

#[test]
fn micro_batches_add_tokens_and_compute_not_data_parallel_traffic() {
    let base = "gpu=h100-80&mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=16&tp=2&batch=1&seq=4096&mfu=40";
    let (one, four) = (time_of(base), time_of(&format!("{base}&micro_batches=4")));
    assert!((tokens_per_step(&four) / tokens_per_step(&one) - 4.0).abs() < 1e-12);
    let ratio = |id| term(&four, id).unwrap() / term(&one, id).unwrap();
    assert!((ratio(TermId::TrainCompute) - 4.0).abs() < 1e-12);
    // Each micro-batch all-reduces its own activations: four times the bytes and the latency.
    assert!((ratio(TermId::TensorParallel) - 4.0).abs() < 1e-9);
    // The gradients are reduced once per step, however many micro-batches fed them.
    assert_eq!(ratio(TermId::DataParallel), 1.0);
    // Without pipelining there is no bubble and nothing to interleave: vpp changes nothing.
    assert_eq!(term(&four, TermId::PipelineBubble), None);
    let v = time_of(&format!("{base}&micro_batches=4&vpp=4"));
    assert_eq!(
        format!("{:?}", v.steps),
        format!("{:?}", four.steps),
        "vpp without pp"
    );
}

#[test]
fn full_recomputation_is_the_flop_count_of_narayanan_eq_3() {
    // F / (B · s) = 96 · l · h² · (1 + s/6h + V/16lh): four passes over each layer (the
    // recomputed forward among them) and three over the output layer.
    let (l, h, s, v) = (80.0_f64, 12288.0_f64, 2048.0_f64, 51200.0_f64);
    let eq3 = 96.0 * l * h * h * (1.0 + s / (6.0 * h) + v / (16.0 * l * h));
    let sp = time_of(GPT145B);
    let f = sp
        .terms
        .iter()
        .find_map(|t| match t.values {
            TermValues::Neural(NeuralTerm::TrainCompute(f)) => Some(f),
            _ => None,
        })
        .unwrap();
    let per_token = f.passes * f.matmul_params + f.attention + f.recompute;
    // The model also counts biases and norms' parameters in its 6 · N, eq. 3 does not: 0.02 %.
    assert!(
        (per_token / eq3 - 1.0).abs() < 5e-4,
        "{per_token:e} against eq. 3's {eq3:e}"
    );
    // The output layer's forward is not repeated: recomputation is the layers' forward only.
    let layers_forward = 2.0 * (f.matmul_params - v * h) + 4.0 * l * s * h;
    assert!((f.recompute / layers_forward - 1.0).abs() < 1e-12);
}

#[test]
fn the_words_show_the_schedule_and_cite_it() {
    let sp = time_of(&format!("{GPT145B}&micro_batches=48&vpp=2"));
    let bubble = sp
        .terms
        .iter()
        .find(|t| t.id() == TermId::PipelineBubble)
        .unwrap();
    let formula = memcalc_core::explain::speed::formula(bubble);
    assert!(
        formula.starts_with("(8 − 1) ÷ (48 micro-batches × 2 chunks per device)"),
        "{formula}"
    );
    let words = memcalc_core::explain::speed::explanation(bubble);
    assert!(
        words.contains("(p − 1)/(m · v)") && words.contains("micro_batches"),
        "{words}"
    );
    let source = memcalc_core::explain::speed::source(bubble);
    assert!(source.contains("§2.2.2"), "{source}");
    let plain = time_of(&format!("{GPT145B}&micro_batches=48"));
    let bubble = plain
        .terms
        .iter()
        .find(|t| t.id() == TermId::PipelineBubble)
        .unwrap();
    let formula = memcalc_core::explain::speed::formula(bubble);
    assert!(
        formula.starts_with("(8 − 1) ÷ 48 micro-batches ×"),
        "{formula}"
    );
}

#[test]
fn zero_micro_batches_or_chunks_are_errors_naming_the_key() {
    for (key, field) in [
        ("micro_batches", FieldId::MicroBatches),
        ("vpp", FieldId::Vpp),
    ] {
        let (inputs, _) = Inputs::from_query(&format!("{GPT145B}&{key}=0"));
        let errors = inputs.parse().unwrap_err();
        assert!(
            errors.iter().any(|e| e.field == field),
            "{key}=0: {errors:?}"
        );
    }
}

#[test]
fn a_link_gives_back_the_schedule() {
    let s = scenario(&format!("{GPT145B}&micro_batches=48&vpp=2"));
    assert_eq!((s.speed.micro_batches, s.speed.vpp), (Some(48), Some(2)));
    let q = s.link(None);
    assert!(q.contains("micro_batches=48") && q.contains("vpp=2"), "{q}");
    assert_eq!(scenario(&q), s);
}
