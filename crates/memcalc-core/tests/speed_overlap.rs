//! What overlap leaves exposed of a training step's collectives (issue 37, training;
//! speed/overlap.rs): tensor parallelism's all-gathers and reduce-scatters beside their matrix
//! products with `tp_overlap=on` (Megatron-LM `--tp-comm-overlap`, Transformer Engine's
//! userbuffers: ring exchange in tp chunks, pipeline in 4, bulk), data parallelism's first
//! all-gather and last reduce-scatter (FSDP) or last bucket (DDP), and `dp_overlap=off`
//! (Megatron-LM without `--overlap-grad-reduce`, its default), which puts every data-parallel
//! collective after the backward pass.

mod common;

use common::{scenario, term_seconds, time_of};
use memcalc_core::speed::overlap::{bulk, pipeline, ring};
use memcalc_core::speed::{NeuralTerm, TermValues};
use memcalc_core::{Inputs, Speed, Steps, TermId};

/// Megatron-LM's H100 table, GPT 32B at TP 8 (docs/accuracy.md, MEGATRON-H100).
const TP8: &str = "gpu=h100-80&mode=train&layers=48&hidden=7168&heads=56&vocab=131072&mlp=standard&norm=layernorm&dtype=bf16&seq=4096&batch=1&tp=8&sp=on&gpus=384&micro_batches=4&recompute=none&mfu=46.45";

fn step(sp: &Speed) -> f64 {
    match sp.steps {
        Steps::Training { step, .. } => step.seconds().expect("a finite step"),
        ref s => panic!("not training: {s:?}"),
    }
}

fn has(sp: &Speed, id: TermId) -> bool {
    sp.terms.iter().any(|t| t.id() == id)
}

#[test]
fn tp_overlap_leaves_a_chunk_of_the_collectives_exposed() {
    let off = time_of(TP8);
    let on = time_of(&format!("{TP8}&tp_overlap=on"));
    assert!(has(&off, TermId::TensorParallel) && !has(&off, TermId::TensorParallelOverlap));
    assert!(has(&on, TermId::TensorParallelOverlap) && !has(&on, TermId::TensorParallel));
    let full = term_seconds(&off, TermId::TensorParallel);
    let exposed = term_seconds(&on, TermId::TensorParallelOverlap);
    // The collectives are about a quarter of the compute at TP 8; each is shorter than its
    // product, so what stays is the pipelined reduce-scatters' last chunks and the ring
    // exchanges the output projection's small product cannot hide: a small share.
    assert!(
        exposed > 0.0 && exposed < 0.25 * full,
        "{exposed} of {full}"
    );
    // The step loses what the overlap hides, and nothing else changes.
    assert!((step(&off) - step(&on) - (full - exposed)).abs() < 1e-9 * step(&off));
    assert_eq!(
        common::term(&off, TermId::TrainCompute),
        common::term(&on, TermId::TrainCompute)
    );
    // The values carry the unoverlapped collectives and the share, for the words.
    let TermValues::Neural(NeuralTerm::TensorParallelOverlap(o)) =
        common::term(&on, TermId::TensorParallelOverlap).values
    else {
        panic!("values")
    };
    assert_eq!(o.tp, 8);
    assert_eq!(o.collective.time().seconds(), Some(full));
    assert!((o.exposed_share() - exposed / full).abs() < 1e-12);
}

#[test]
fn overlap_hides_nothing_on_a_slow_link_beyond_the_products() {
    // At 1 GB/s between the GPUs the collectives dwarf the products: the overlap hides at most
    // the products' time, so the exposed time is the collectives' less at most the compute.
    let slow = format!("{TP8}&link_bw=1");
    let off = time_of(&slow);
    let on = time_of(&format!("{slow}&tp_overlap=on"));
    let full = term_seconds(&off, TermId::TensorParallel);
    let exposed = term_seconds(&on, TermId::TensorParallelOverlap);
    let compute = term_seconds(&on, TermId::TrainCompute);
    assert!(
        exposed < full && exposed >= full - compute,
        "{exposed} {full} {compute}"
    );
}

#[test]
fn the_three_methods_of_transformer_engine() {
    // Ring exchange in tp chunks: hidden while it fits in (tp − 1)/tp of the product.
    assert_eq!(ring(0.5, 1.0, 4), 0.0);
    assert!((ring(1.0, 1.0, 4) - 0.25).abs() < 1e-12);
    // Pipeline in 4 chunks: the last chunk's reduce-scatter waits for nothing.
    assert!((pipeline(1.0, 100.0) - 0.25).abs() < 1e-12);
    // Bulk: beside an independent product, only what outlasts it.
    assert_eq!(bulk(1.0, 2.0), 0.0);
    assert!((bulk(2.0, 0.5) - 1.5).abs() < 1e-12);
}

#[test]
fn tp_overlap_is_off_by_default_and_a_toggle() {
    let s = scenario(TP8);
    assert!(!s.speed.tp_overlap);
    assert!(scenario(&format!("{TP8}&tp_overlap=on")).speed.tp_overlap);
    // Without tensor parallelism there is nothing to overlap.
    let tp1 = "gpu=h100-80&mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=8&batch=1&seq=4096";
    assert_eq!(
        format!("{:?}", time_of(tp1).steps),
        format!("{:?}", time_of(&format!("{tp1}&tp_overlap=on")).steps)
    );
}

#[test]
fn fsdp_exposes_its_first_all_gather_and_last_reduce_scatter() {
    let q = "gpu=h100-80&mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=128&zero=3&batch=2&seq=8192&recompute=selective_op&mfu=33";
    let sp = time_of(q);
    let TermValues::Neural(NeuralTerm::DataParallel { collective: c, .. }) =
        common::term(&sp, TermId::DataParallel).values
    else {
        panic!("values")
    };
    let TermValues::Neural(NeuralTerm::DataParallelExposed(x)) =
        common::term(&sp, TermId::DataParallelExposed).values
    else {
        panic!("values")
    };
    // 3 collectives per layer (two all-gathers, one reduce-scatter): two of them exposed.
    assert!(x.zero3);
    assert_eq!(x.count, 2);
    assert_eq!(c.count, 3.0 * 32.0);
    let one = c.time().seconds().unwrap() / c.count;
    assert!((x.one - one).abs() < 1e-15);
    // Compute-bound: the step is the compute plus the two exposed collectives.
    let compute = term_seconds(&sp, TermId::TrainCompute);
    assert!((step(&sp) - compute - 2.0 * one).abs() < 1e-9 * compute);
}

#[test]
fn ddp_exposes_its_last_bucket_and_hybrid_sharding_its_last_all_reduce() {
    let ddp = time_of("gpu=h100-80&mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=16&batch=1&seq=4096&optimizer=sgd");
    let TermValues::Neural(NeuralTerm::DataParallelExposed(x)) =
        common::term(&ddp, TermId::DataParallelExposed).values
    else {
        panic!("values")
    };
    assert!(!x.zero3 && x.count == 1 && x.replica == 0.0);
    let hsdp = time_of("gpu=h100-80&mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=128&zero=3&seq=4096&batch=1&sharding=hybrid");
    let TermValues::Neural(NeuralTerm::DataParallelExposed(h)) =
        common::term(&hsdp, TermId::DataParallelExposed).values
    else {
        panic!("values")
    };
    let r = term_seconds(&hsdp, TermId::HybridAllReduce);
    assert!((h.replica - r / 32.0).abs() < 1e-12 * r);
}

#[test]
fn dp_overlap_off_puts_the_data_parallel_traffic_after_the_backward() {
    let q =
        "gpu=a100-80&mode=train&model_id=meta-llama/Llama-3.1-8B&gpus=64&batch=1&seq=4096&zero=1";
    let on = time_of(q);
    let off = time_of(&format!("{q}&dp_overlap=off"));
    let compute = term_seconds(&off, TermId::TrainCompute);
    let dp = term_seconds(&off, TermId::DataParallel);
    assert!(!has(&off, TermId::DataParallelExposed));
    assert!((step(&off) - compute - dp).abs() < 1e-9 * step(&off));
    assert!(step(&on) < step(&off));
    // Megatron-LM as its own scripts launch it (--overlap-grad-reduce, examples/llama/): on;
    // the bare flag set is dp_overlap=off.
    let (inputs, _) = Inputs::from_query(&format!("{q}&framework=megatron"));
    let s = inputs.parse().expect("parses");
    assert!(!s.speed.dp_serial);
    let (inputs, _) = Inputs::from_query(&format!("{q}&framework=megatron&dp_overlap=off"));
    assert!(inputs.parse().expect("parses").speed.dp_serial);
    // PyTorch FSDP's default overlaps.
    let (inputs, _) = Inputs::from_query(&format!("{q}&framework=fsdp"));
    assert!(!inputs.parse().expect("parses").speed.dp_serial);
}

#[test]
fn the_overlap_toggles_round_trip_through_a_link() {
    let s = scenario(&format!("{TP8}&tp_overlap=on&dp_overlap=off"));
    let link = s.to_query();
    assert!(
        link.contains("tp_overlap=on") && link.contains("dp_overlap=off"),
        "{link}"
    );
    assert_eq!(scenario(&link).speed, s.speed);
    // The defaults are not written.
    let plain = scenario(TP8).to_query();
    assert!(
        !plain.contains("tp_overlap") && !plain.contains("dp_overlap"),
        "{plain}"
    );
    // framework=megatron writes dp_overlap only where the user turned it off.
    let meg = scenario(&format!("{TP8}&framework=megatron"));
    assert!(!meg.to_query().contains("dp_overlap"));
    let off = scenario(&format!("{TP8}&framework=megatron&dp_overlap=off"));
    assert!(off.to_query().contains("dp_overlap=off"));
    assert!(scenario(&off.to_query()).speed.dp_serial);
}
