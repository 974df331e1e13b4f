//! Memory over one step (issue 42): the timeline's peak is the estimate's total for any valid
//! scenario, its phases are bounded and finite, each kind of run gets its phases, and the Chrome
//! trace carries the fields the Trace Event Format requires.

mod strategies;

use memcalc_core::analysis::timeline::{timeline, Clock, PhaseId, Step, Timeline, GROUPS};
use memcalc_core::report::timeline as words;
use memcalc_core::{estimate, speed, Inputs, Location, Mode, Scenario};
use proptest::prelude::*;
use strategies::{scenario_strategy, SHRINK_ITERS};

fn of(q: &str) -> (Scenario, memcalc_core::Estimate, Timeline) {
    let s = Inputs::from_typed_query(q).0.parse().expect(q);
    let e = estimate(&s);
    let sp = speed(&s, &e).ok().flatten();
    let t = timeline(&s, &e, sp.as_ref());
    (s, e, t)
}

fn ids(t: &Timeline) -> Vec<PhaseId> {
    t.phases.iter().map(|p| p.id).collect()
}

/// What every timeline holds: the peak is the estimate's total and holds every device part
/// whole, no part exceeds its bytes, the phases follow each other, and nothing is NaN.
fn check(e: &memcalc_core::Estimate, t: &Timeline) -> Result<(), String> {
    if t.peak_bytes() != e.per_device_bytes {
        return Err(format!(
            "peak {} ≠ total {} ({:?})",
            t.peak_bytes(),
            e.per_device_bytes,
            t.peak_phase().id
        ));
    }
    let device: Vec<_> = e
        .components
        .iter()
        .filter(|c| c.location == Location::Device)
        .collect();
    let peak = t.peak_phase();
    for (c, (id, b)) in device.iter().zip(&peak.parts) {
        if c.id != *id || c.bytes != *b {
            let phases: Vec<String> = t
                .phases
                .iter()
                .map(|p| format!("{:?} {:?} {} {:?}", p.id, p.step, p.total, p.parts))
                .collect();
            return Err(format!(
                "peak holds {id} at {b}, the estimate {}: {}",
                c.bytes,
                phases.join("\n")
            ));
        }
    }
    let mut end = 0.0;
    for p in &t.phases {
        if p.parts.len() != device.len() {
            return Err(format!("{:?} has {} parts", p.id, p.parts.len()));
        }
        for (c, (_, b)) in device.iter().zip(&p.parts) {
            if *b > c.bytes {
                return Err(format!("{:?}: {} above {}", p.id, b, c.bytes));
            }
        }
        if p.total > t.peak_bytes() {
            return Err(format!("{:?} above the peak", p.id));
        }
        if !(p.start.is_finite() && p.duration.is_finite() && p.duration >= 0.0) {
            return Err(format!(
                "{:?}: start {} duration {}",
                p.id, p.start, p.duration
            ));
        }
        if (p.start - end).abs() > 1e-9 * end.max(1.0) {
            return Err(format!("{:?} starts at {} after {}", p.id, p.start, end));
        }
        end = p.start + p.duration;
    }
    if t.phases.len() > 40 {
        return Err(format!("{} phases", t.phases.len()));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, max_shrink_iters: SHRINK_ITERS, ..ProptestConfig::default() })]

    /// The peak equals the estimate's total, over random scenarios of every mode.
    #[test]
    fn peak_equals_the_total(s in scenario_strategy(), sim in any::<bool>()) {
        let s = if sim { Scenario { mode: Mode::Sim, ..s } } else { s };
        let e = estimate(&s);
        let sp = speed(&s, &e).ok().flatten();
        let t = timeline(&s, &e, sp.as_ref());
        prop_assert!(check(&e, &t).is_ok(), "{}", check(&e, &t).unwrap_err());
        let trace = words::chrome_trace(&e, &t);
        prop_assert!(!trace.contains("NaN") && !trace.contains("null"), "{trace}");
    }
}

#[test]
fn training_first_step_allocates_the_optimizer_states_and_the_steady_loss_is_the_peak() {
    let (_, e, t) = of("params=7B&optimizer=adamw&batch=4&seq=4096");
    check(&e, &t).unwrap();
    let first = t
        .phases
        .iter()
        .position(|p| p.id == PhaseId::OptimizerFirst)
        .unwrap();
    let opt = |i: usize| {
        t.phases[i]
            .parts
            .iter()
            .find(|(id, _)| id.key() == "optimizer")
            .unwrap()
            .1
    };
    assert_eq!(
        opt(first - 1),
        0,
        "no optimizer states before the first step"
    );
    assert!(opt(first) > 0);
    assert_eq!(t.peak_phase().id, PhaseId::LogitsLoss);
    assert_eq!(t.peak_phase().step, Step::Steady);
    assert_eq!(t.clock, Clock::Seconds);
    // Forward phases accumulate activations, backward phases free them.
    let act = |p: &memcalc_core::analysis::timeline::Phase| {
        p.parts
            .iter()
            .find(|(id, _)| id.key() == "activations")
            .unwrap()
            .1
    };
    let fwd: Vec<u64> = t
        .phases
        .iter()
        .filter(|p| p.id == PhaseId::Forward && p.step == Step::Steady)
        .map(act)
        .collect();
    assert!(fwd.windows(2).all(|w| w[0] < w[1]), "{fwd:?}");
    let bwd: Vec<u64> = t
        .phases
        .iter()
        .filter(|p| p.id == PhaseId::Backward && p.step == Step::Steady)
        .map(act)
        .collect();
    assert!(bwd.windows(2).all(|w| w[0] > w[1]), "{bwd:?}");
    assert_eq!(*bwd.last().unwrap(), 0);
    // Start-up and the optimizer step are not modelled; the passes are.
    assert!(t.phases.iter().all(|p| p.modelled
        == matches!(
            p.id,
            PhaseId::Forward | PhaseId::LogitsLoss | PhaseId::Backward
        )));
}

#[test]
fn recomputation_lowers_the_forward_levels_and_shifts_the_time_to_the_backward() {
    let (_, _, none) = of("params=7B&batch=4&seq=4096");
    let (_, e, full) = of("params=7B&batch=4&seq=4096&recompute=full");
    check(&e, &full).unwrap();
    assert!(full.peak_bytes() < none.peak_bytes());
    let share = |t: &Timeline| {
        let sum = |id: PhaseId| -> f64 {
            t.phases
                .iter()
                .filter(|p| p.id == id && p.step == Step::Steady)
                .map(|p| p.duration)
                .sum()
        };
        sum(PhaseId::Forward) / (sum(PhaseId::Forward) + sum(PhaseId::Backward))
    };
    assert!(
        share(&full) < share(&none),
        "{} {}",
        share(&full),
        share(&none)
    );
}

#[test]
fn zero3_and_fsdp_hold_their_gathered_layers_from_the_first_forward_pass() {
    let (_, e, t) = of("params=7B&gpus=8&zero=3&framework=fsdp");
    check(&e, &t).unwrap();
    let gathered = |p: &memcalc_core::analysis::timeline::Phase| {
        p.parts
            .iter()
            .find(|(id, _)| id.key() == "gathered_layers")
            .map(|x| x.1)
    };
    let load = t
        .phases
        .iter()
        .find(|p| p.id == PhaseId::WeightsLoad)
        .unwrap();
    let fwd = t.phases.iter().find(|p| p.id == PhaseId::Forward).unwrap();
    assert_eq!(gathered(load), Some(0));
    assert!(gathered(fwd).unwrap() > 0);
}

#[test]
fn pipeline_stages_accumulate_their_in_flight_micro_batches() {
    let (_, e, t) = of("params=70B&gpus=8&pp=4&tp=2&batch=1&seq=4096&micro_batches=8");
    check(&e, &t).unwrap();
    let fwd: Vec<_> = t
        .phases
        .iter()
        .filter(|p| p.id == PhaseId::Forward && p.step == Step::Steady)
        .collect();
    // Stage 1 of 4 holds 4 micro-batches in flight under 1F1B: one phase each.
    assert_eq!(fwd.len(), 4);
    assert_eq!(fwd[3].span.unwrap().of, 4);
    assert!(ids(&t).contains(&PhaseId::MicroBatches));
    let label = words::phase_label(fwd[0]);
    assert!(label.contains("micro-batch in flight 1 of 4"), "{label}");
}

#[test]
fn thousands_of_layers_and_micro_batches_make_a_bounded_timeline() {
    let (_, e, t) = of("layers=10000&hidden=256&heads=4&vocab=32000&ffn=1024&micro_batches=100000");
    check(&e, &t).unwrap();
    let fwd = t
        .phases
        .iter()
        .filter(|p| p.id == PhaseId::Forward && p.step == Step::Steady)
        .count() as u64;
    assert_eq!(fwd, GROUPS);
    assert!(t.phases.len() <= 30, "{}", t.phases.len());
}

#[test]
fn serving_engines_start_up_before_their_pool_and_peak_in_a_prefill() {
    let (_, e, t) = of("mode=infer&model_id=meta-llama/Llama-3.1-8B&engine=vllm");
    check(&e, &t).unwrap();
    assert_eq!(
        ids(&t),
        [
            PhaseId::Context,
            PhaseId::WeightsLoad,
            PhaseId::ProfileRun,
            PhaseId::GraphCapture,
            PhaseId::KvAllocate,
            PhaseId::Prefill,
            PhaseId::Decode
        ]
    );
    assert_eq!(t.peak_phase().id, PhaseId::Prefill);
    let (_, e, t) = of("mode=infer&params=8B&engine=llamacpp");
    check(&e, &t).unwrap();
    assert!(ids(&t).contains(&PhaseId::ComputeReserve));
    assert!(!ids(&t).contains(&PhaseId::ProfileRun));
}

#[test]
fn five_simulation_methods_have_their_own_phase() {
    for (q, id) in [
        ("mode=sim&method=planewave", PhaseId::ScfIteration),
        ("mode=sim&method=particles", PhaseId::NeighbourRebuild),
        ("mode=sim&method=amr", PhaseId::Regrid),
        ("mode=sim&method=spectral", PhaseId::FftTranspose),
        ("mode=sim&method=mesh", PhaseId::LinearSolve),
        ("mode=sim&method=nbody", PhaseId::TreeBuild),
        ("mode=sim&method=lbm", PhaseId::CollideStream),
    ] {
        let (_, e, t) = of(q);
        check(&e, &t).unwrap();
        assert!(ids(&t).contains(&id), "{q}: {:?}", ids(&t));
        assert_eq!(t.phases[0].id, PhaseId::Setup, "{q}");
    }
    // An output step gathers its buffers: it is the peak.
    let (_, e, t) = of("mode=sim&method=grid&output_every=10");
    check(&e, &t).unwrap();
    assert_eq!(t.peak_phase().id, PhaseId::OutputBurst);
}

#[test]
fn a_scenario_without_a_time_model_is_drawn_at_equal_spacing() {
    // A GPU without a bandwidth figure has no time: gpu_mem alone is a custom device.
    let s: Scenario = Inputs::from_typed_query("params=1B").0.parse().unwrap();
    let e = estimate(&s);
    let t = timeline(&s, &e, None);
    check(&e, &t).unwrap();
    assert_eq!(t.clock, Clock::Phases);
    assert!(t.phases.iter().all(|p| !p.modelled && p.duration == 1.0));
}

#[test]
fn the_peak_sentence_names_the_phase_and_the_change_that_lowers_it_most() {
    let (s, e, t) = of("params=7B&optimizer=adamw&batch=4&seq=4096");
    let savings = memcalc_core::analysis::derived::savings(&s);
    let line = words::peak_sentence(&e, &t, &savings, Default::default());
    assert!(
        line.starts_with("The peak is the logits and loss (steady step): "),
        "{line}"
    );
    assert!(line.contains(&savings[0].label), "{line}");
    assert!(line.contains("lowers it most, by"), "{line}");
}

/// The Chrome trace carries what the Trace Event Format requires of each event (Trace Event
/// Format, docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU: "name",
/// "ph", "ts" in microseconds, "pid", "tid", "args"; complete events "X" a "dur"; counter events
/// "C" one numeric series per args key; metadata "M" process_name with args.name), inside the
/// JSON Object Format's `traceEvents`.
#[test]
fn the_chrome_trace_has_the_trace_event_formats_required_fields() {
    for q in [
        "params=7B&optimizer=adamw&batch=4&seq=4096",
        "mode=infer&params=8B&engine=vllm",
        "mode=sim&method=planewave",
    ] {
        let (_, e, t) = of(q);
        let text = words::chrome_trace(&e, &t);
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let events = v["traceEvents"].as_array().expect("traceEvents");
        assert!(["ms", "ns"].contains(&v["displayTimeUnit"].as_str().unwrap()));
        let mut counters = 0;
        for ev in events {
            let ph = ev["ph"].as_str().expect("ph");
            assert!(ev["name"].is_string(), "{ev}");
            assert!(ev["pid"].is_u64() && ev["tid"].is_u64(), "{ev}");
            assert!(ev["ts"].as_f64().is_some_and(|x| x >= 0.0), "{ev}");
            assert!(ev["args"].is_object(), "{ev}");
            match ph {
                "X" => assert!(ev["dur"].as_f64().is_some_and(|x| x >= 0.0), "{ev}"),
                "C" => {
                    counters += 1;
                    let args = ev["args"].as_object().unwrap();
                    assert!(
                        !args.is_empty() && args.values().all(|x| x.is_number()),
                        "{ev}"
                    );
                }
                "M" => assert_eq!(ev["name"], "process_name"),
                other => panic!("unexpected phase type {other}"),
            }
        }
        // One counter per device part per phase, and each set to 0 at the end.
        let parts = t.phases[0].parts.len();
        assert_eq!(counters, parts * (t.phases.len() + 1), "{q}");
        // The peak's counters sum to the total.
        let peak_ts = t.peak_phase().start * 1e6;
        let at_peak: u64 = events
            .iter()
            .filter(|x| x["ph"] == "C" && (x["ts"].as_f64().unwrap() - peak_ts).abs() < 1e-3)
            .map(|x| x["args"]["bytes"].as_u64().unwrap())
            .sum();
        // Phases of zero width share a timestamp; then the sum counts both.
        if t.phases
            .iter()
            .filter(|p| (p.start * 1e6 - peak_ts).abs() < 1e-3)
            .count()
            == 1
        {
            assert_eq!(at_peak, e.per_device_bytes, "{q}");
        }
    }
}

#[test]
fn the_json_object_is_the_documents_last_key() {
    let (s, e, t) = of("params=1B");
    let doc = memcalc_core::report::to_json(&e, &[], None);
    let savings = memcalc_core::analysis::derived::savings(&s);
    let out = words::with_timeline(&doc, &words::to_json(&e, &t, &savings));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["timeline"]["peak_bytes"], e.per_device_bytes);
    let phases = v["timeline"]["phases"].as_array().unwrap();
    assert_eq!(phases.len(), t.phases.len());
    assert!(phases.iter().filter(|p| p["peak"] == true).count() == 1);
    assert!(phases[0]["bytes"]["runtime"].is_u64());
}

/// A PyTorch snapshot as `torch.cuda.memory._snapshot()` writes it (torch/cuda/memory.py,
/// torch/cuda/_memory_viz.py: `segments` with `total_size` and `blocks`, `device_traces` with
/// `action` and `size`): 1 GiB allocated before the trace, then 2 GiB and 3 GiB allocated and
/// 2 GiB freed.
#[test]
fn a_measured_snapshot_is_read_for_its_peak() {
    let g = 1u64 << 30;
    let snap = serde_json::json!({
        "segments": [
            {"device": 0, "total_size": 8 * g, "blocks": [
                {"size": g, "state": "active_allocated"},
                {"size": 3 * g, "state": "active_allocated"},
                {"size": 4 * g, "state": "inactive"}
            ]}
        ],
        "device_traces": [[
            {"action": "alloc", "size": 2 * g, "addr": 1},
            {"action": "alloc", "size": 3 * g, "addr": 2},
            {"action": "free_requested", "size": 2 * g, "addr": 1},
            {"action": "free_completed", "size": 2 * g, "addr": 1}
        ]]
    });
    let (_, _, t) = of("params=1B");
    let c = words::check_snapshot(&t, &snap.to_string()).unwrap();
    assert_eq!(c.measured_peak, 6 * g);
    assert_eq!(c.reserved, 8 * g);
    assert_eq!(c.events, 3);
    assert!(words::check_snapshot(&t, "{}").is_err());
}

/// The phase a row names, with the first and steady optimizer steps as one.
fn family(id: &str) -> &str {
    if id.starts_with("optimizer") {
        "optimizer"
    } else {
        id
    }
}

/// docs/accuracy.md's "Timeline" table: every Predicted cell is what the code gives today, and
/// every row not marked miss is within its tolerance (or names the same phase).
#[test]
fn timeline_table_holds() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/accuracy.md");
    let text = std::fs::read_to_string(path).unwrap();
    let section = text
        .split("\n## Timeline")
        .nth(1)
        .expect("the Timeline section")
        .split("\n## ")
        .next()
        .unwrap();
    let mib = |b: u64| b as f64 / (1u64 << 20) as f64;
    let mut rows = 0;
    for line in section
        .lines()
        .filter(|l| l.starts_with("| ") && l.contains('`'))
    {
        let c: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        assert_eq!(c.len(), 8, "malformed row: {line}");
        let (_, e, t) = of(c[2].trim_matches('`'));
        let level = |id: &str| -> (usize, u64) {
            let i = t
                .phases
                .iter()
                .position(|p| p.id.key() == id)
                .unwrap_or_else(|| panic!("{}: no phase {id}", c[0]));
            (i, t.phases[i].total)
        };
        let predicted = match c[3].split_once(':') {
            Some(("level", id)) => format!("{:.1}", mib(level(id).1)),
            Some(("rise", id)) => {
                let (i, b) = level(id);
                format!("{:.1}", mib(b - t.phases[i - 1].total))
            }
            None if c[3] == "peak" => format!("{:.1}", mib(e.per_device_bytes)),
            None if c[3] == "peak_phase" => t.peak_phase().id.key().to_string(),
            _ => panic!("{}: unknown quantity {}", c[0], c[3]),
        };
        assert_eq!(c[5], predicted, "{}: the Predicted cell is stale", c[0]);
        rows += 1;
        if c[3] == "peak_phase" {
            assert_eq!(c[7], "same phase", "{}", c[0]);
            assert_eq!(family(c[4]), family(&predicted), "{}", c[0]);
            continue;
        }
        let (m, p): (f64, f64) = (c[4].parse().unwrap(), predicted.parse().unwrap());
        let err = (p / m - 1.0) * 100.0;
        assert_eq!(c[6], format!("{err:+.1} %"), "{}", c[0]);
        if c[7] != "miss" {
            let tol: f64 = c[7].trim_end_matches('%').trim().parse().unwrap();
            assert!(err.abs() <= tol, "{}: {err:+.1} % beyond {tol} %", c[0]);
        }
    }
    assert!(rows >= 8, "the Timeline table lost rows");
}
