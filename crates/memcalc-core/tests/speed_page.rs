//! The time the page shows beside memory (issue 27): the links its end-to-end tests open give
//! the bounds those tests expect, and the scaling view's time lines follow the time model over
//! the memory lines' points.

mod common;

use common::scenario;
use memcalc_core::analysis::scaling::{scaling, time_series, TimeMeasure};
use memcalc_core::{estimate, speed, Bound, TermId};

fn bound_of(q: &str) -> (Bound, String) {
    let s = scenario(q);
    let sp = speed(&s, &estimate(&s)).unwrap().unwrap();
    (sp.bound, memcalc_core::explain::speed::summary(&sp))
}

/// tests/e2e/speed.spec.ts opens these links and expects these bounds.
#[test]
fn the_links_of_the_pages_time_line_give_their_bounds() {
    for (q, bound, says) in [
        (
            "v=2&mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80",
            Bound::MemoryBandwidth,
            "tokens/s per sequence",
        ),
        (
            "v=2&mode=train&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpus=8&zero=3&seq=4096&batch=1",
            Bound::Compute,
            "per step",
        ),
        (
            "v=2&mode=sim&method=lbm&sim_device=gpu&ranks=1&nodes=1&gpu=h100-80",
            Bound::MemoryBandwidth,
            "MLUPs",
        ),
    ] {
        let (b, summary) = bound_of(q);
        assert_eq!(b, bound, "{q}: {summary}");
        assert!(summary.contains(says), "{q}: {summary}");
    }
    // The terms the spec opens in the fold, with their bounds.
    let terms = |q: &str| {
        let s = scenario(q);
        let sp = speed(&s, &estimate(&s)).unwrap().unwrap();
        sp.terms
            .iter()
            .map(|t| (t.id(), t.bound))
            .collect::<Vec<_>>()
    };
    let infer = terms("v=2&mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80");
    assert!(
        infer.contains(&(TermId::DecodeMemory, Bound::MemoryBandwidth)),
        "{infer:?}"
    );
    assert!(
        infer.contains(&(TermId::Prefill, Bound::Compute)),
        "{infer:?}"
    );
    let train = terms("v=2&mode=train&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpus=8&zero=3&seq=4096&batch=1");
    assert!(
        train.iter().any(|t| t.0 == TermId::DataParallel),
        "{train:?}"
    );
}

fn xs(points: &[(u64, impl Copy)]) -> Vec<u64> {
    points.iter().map(|p| p.0).collect()
}

#[test]
fn strong_scaling_loses_efficiency_to_the_halo_over_the_memory_lines_nodes() {
    let s = scenario("mode=sim&method=grid&nx=256&ny=256&nz=256&ranks=128&nodes=1");
    let sc = scaling(&s);
    let lines = time_series(&s, &sc);
    assert_eq!(lines.len(), 2);
    for (memory, time) in sc.series.iter().zip(&lines) {
        assert_eq!(time.measure, TimeMeasure::Efficiency);
        assert_eq!(xs(&time.points), xs(&memory.points), "{:?}", time.line);
        assert!((time.points[0].1 - 1.0).abs() < 1e-12, "{time:?}");
    }
    let strong = &lines[0].points;
    let last = strong.last().unwrap();
    // The more nodes share the grid, the more of each rank's step its halo takes.
    assert!(strong.windows(2).all(|w| w[1].1 < w[0].1), "{strong:?}");
    assert!(last.0 >= 64 && last.1 < 0.5, "{strong:?}");
    // Each point is the time model's at that node count.
    let at = |n: u64| {
        let mut t = s;
        t.sim.nodes = n;
        t.sim.ranks = 128 * n;
        match speed(&t, &estimate(&t)).unwrap().unwrap().steps {
            memcalc_core::Steps::Sim { step, .. } => step.seconds().unwrap(),
            _ => unreachable!(),
        }
    };
    let (n, e) = strong[3];
    assert!((e - at(1) / (at(n) * n as f64)).abs() < 1e-9, "{n} {e}");
    // Weak scaling keeps each rank's share: its efficiency stays at or below 1, up to the
    // whole-point rounding of the grid refined in every direction over the ranks' blocks
    // (issue 37: x alone was stretched before, which kept the blocks' rounding exact).
    assert!(
        lines[1].points.iter().all(|p| p.1 <= 1.0 + 2e-3),
        "{:?}",
        lines[1]
    );
}

#[test]
fn training_time_per_step_grows_with_the_micro_batch() {
    let s = scenario(
        "mode=train&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpus=8&zero=3&seq=4096&batch=1",
    );
    let sc = scaling(&s);
    let lines = time_series(&s, &sc);
    assert_eq!(lines.len(), 1);
    let line = &lines[0];
    assert_eq!(line.measure, TimeMeasure::Seconds);
    assert_eq!(xs(&line.points), xs(&sc.series[0].points));
    assert!(line.points.windows(2).all(|w| w[1].1 > w[0].1), "{line:?}");
}

#[test]
fn inference_time_per_decode_step_grows_with_the_context() {
    let s = scenario("mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&batch=8");
    let sc = scaling(&s);
    let line = &time_series(&s, &sc)[0];
    assert_eq!(line.line.label(), "Time per decode step");
    assert_eq!(xs(&line.points), xs(&sc.series[0].points));
    assert!(line.points.last().unwrap().1 > line.points[0].1, "{line:?}");
}

#[test]
fn sparc_has_time_lines_now_that_it_has_a_time_model() {
    // SPARC was the last method without a time model, and its page drew no time line.
    let s = scenario("mode=sim&method=planewave&dft_arrays=sparc");
    assert!(!time_series(&s, &scaling(&s)).is_empty());
}

/// The words a suggestion gets for time, by its query.
fn change_of(q: &str, saving: &str) -> String {
    let s = scenario(q);
    let found = memcalc_core::analysis::derived::savings(&s);
    let sv = found
        .iter()
        .find(|sv| sv.query() == saving)
        .unwrap_or_else(|| panic!("{q}: no {saving} in {found:#?}"));
    memcalc_core::explain::speed::change(&sv.time.expect(saving))
}

#[test]
fn suggestions_say_what_they_do_to_time() {
    let train = "v=2&mode=train&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpus=8&zero=3&seq=4096&batch=1";
    // Full recomputation adds a forward: 8 FLOPs per parameter and token instead of 6.
    assert_eq!(
        change_of(train, "recompute=full"),
        "aggregate throughput 1.3× lower; per GPU 1.3× lower"
    );
    // A lattice stored in FP16 instead of FP64 moves 77 B per cell and step instead of 305.
    let lbm = "v=2&mode=sim&method=lbm&sim_device=gpu&ranks=1&nodes=1&gpu=h100-80";
    assert_eq!(change_of(lbm, "lbm_dtype=fp16"), "4.0× faster per step");
    // Decode reads the weights as stored: INT8 halves the weights' bytes, not the KV cache.
    let infer = "v=2&mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80";
    assert_eq!(
        change_of(infer, "quant=int8"),
        "aggregate throughput 1.7× higher; per sequence 164 → 287 tokens/s; per GPU 1.7× higher"
    );
    assert_eq!(
        change_of(infer, "kv_dtype=fp8"),
        "aggregate throughput about the same; per sequence 164 → 165 tokens/s; per GPU about the same"
    );
}

#[test]
fn the_words_say_how_many_times_faster_or_slower() {
    use memcalc_core::explain::speed::change;
    use memcalc_core::speed::change::{TimeChange, TimePer};
    let c = |speedup, per| {
        change(&TimeChange {
            speedup,
            per,
            per_sequence: None,
            per_gpu: None,
        })
    };
    assert_eq!(c(1.63, TimePer::Step), "1.6× faster per step");
    assert_eq!(c(1.0 / 2.1, TimePer::Sample), "2.1× slower per sample");
    assert_eq!(c(0.97, TimePer::Step), "about the same time per step");
    assert_eq!(c(12.4, TimePer::Step), "12× faster per step");
    // A token's change names its throughput as such (issue 37): the aggregate, and per
    // sequence and per GPU where the scenarios have them.
    assert_eq!(
        c(1.0 / 2.1, TimePer::Token),
        "aggregate throughput 2.1× lower"
    );
    assert_eq!(
        c(1.04, TimePer::Token),
        "aggregate throughput about the same"
    );
    let tokens = change(&TimeChange {
        speedup: 2.83,
        per: TimePer::Token,
        per_sequence: Some((36.1, 34.1)),
        per_gpu: Some(2.83 / 2.0),
    });
    assert_eq!(
        tokens,
        "aggregate throughput 2.8× higher; per sequence 36.1 → 34.1 tokens/s; per GPU 1.4× higher"
    );
}
