//! Sweeps and the scaling chart's data: memory as one input grows, with the exact boundary.

use crate::model::bytes;
use crate::scenario::{Mode, Scenario};
use crate::schema::fields::FieldId;
use crate::schema::inputs::Inputs;
pub use crate::schema::page::ScalingY;

/// The values of a sweep: every integer for short ranges, else doubling from `from`.
pub fn sweep_values(from: u64, to: u64) -> Vec<u64> {
    if to.saturating_sub(from) < 64 {
        return (from..=to).collect();
    }
    let mut v = Vec::new();
    let mut x = from.max(1);
    while x < to {
        v.push(x);
        x = x.saturating_mul(2);
    }
    v.push(to);
    v
}

/// One point of a sweep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Point {
    pub x: u64,
    pub bytes: u64,
    pub capacity: u64,
    pub fits: bool,
    /// With a pooled serving engine (vLLM, SGLang): the sequences of `seq` tokens its KV pool
    /// holds at once. The engine takes its share of the GPU whatever the load, so this, not
    /// the total, is what a change moves.
    pub sequences: Option<u64>,
}

/// A sweep's rows, the values skipped as invalid (each with why), and, when every row is the
/// same, why the key changes nothing here.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Sweep {
    pub points: Vec<Point>,
    pub skipped: Vec<(u64, String)>,
    pub unchanged: Option<String>,
    /// Rows whose scenario oversubscribes its nodes (more ranks × threads than cores), each
    /// with its warning: a sweep over ranks or threads must not pass over them.
    pub oversubscribed: Vec<(u64, crate::model::warning::Warning)>,
}

/// Estimates with `key` set to each value. A value the scenario does not take (a tensor-parallel
/// degree that does not divide the heads) is skipped with its message, as a job script sweeping
/// a range wants the rest.
pub fn sweep(base: &Inputs, key: FieldId, values: &[u64]) -> Sweep {
    let mut out = Sweep::default();
    let mut last = None;
    for &v in values {
        let mut i = base.clone();
        i.set(key, v.to_string());
        let s = match i.parse() {
            Ok(s) => s,
            Err(e) => {
                let why = e.into_iter().map(|e| e.message).collect::<Vec<_>>();
                out.skipped.push((v, why.join("; ")));
                continue;
            }
        };
        let e = bytes(&s);
        for w in &e.warnings {
            if matches!(w, crate::model::warning::Warning::Oversubscribed { .. }) {
                out.oversubscribed.push((v, *w));
            }
        }
        out.points.push(Point {
            x: v,
            bytes: e.per_device_bytes,
            capacity: e.capacity_bytes,
            fits: e.fits(),
            sequences: e.serving.map(|v| v.sequences),
        });
        last = Some(s);
    }
    let same = |p: &Point| {
        let f = out.points[0];
        (p.bytes, p.capacity, p.fits, p.sequences) == (f.bytes, f.capacity, f.fits, f.sequences)
    };
    if let Some(s) = last.filter(|_| out.points.len() > 1 && out.points.iter().all(same)) {
        out.unchanged = Some(unchanged_reason(&s, key));
    }
    out
}

/// Why setting `key` changes nothing in `s`, for a sweep whose rows are all the same.
pub fn unchanged_reason(s: &Scenario, key: FieldId) -> String {
    let k = key.key();
    let f = key.field();
    if !f.applies_to(s.mode, s.sim.method, s.sciml.model) {
        return format!(
            "{k} does not apply to this scenario ({}), so every row is the same",
            crate::base::choice::Choice::label(s.mode).to_lowercase()
        );
    }
    let group = s.parallel.tp * s.parallel.pp;
    match key {
        FieldId::Gpus if s.mode == Mode::Infer => format!(
            "in inference, GPUs beyond tp × pp = {group} hold whole copies of the model \
             (data-parallel replicas): gpus does not change this scenario's per-device bytes; \
             sweep tp to split the model over more GPUs"
        ),
        FieldId::Gpus if s.parallel.zero == 0 => format!(
            "without ZeRO sharding (zero=0) each of the gpus ÷ {group} data-parallel ranks holds \
             the whole model, gradients and optimizer states: gpus does not change this \
             scenario's per-device bytes; zero=1..3 shards them"
        ),
        _ => match bytes(s).serving {
            // The engine preallocates its share: the total and the pool stay as they are.
            Some(v) => format!(
                "{} takes the same share of the GPU whatever the load (its KV pool holds {} \
                 sequences of {} tokens): {k} changes neither the total nor the pool over this \
                 range",
                v.engine.name(),
                crate::base::units::group_digits(v.sequences),
                crate::base::units::group_digits(v.seq)
            ),
            None => format!("{k} does not change this scenario's per-device bytes over this range"),
        },
    }
}

/// A line of the scaling chart.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Series {
    #[serde(deserialize_with = "crate::base::static_str::deserialize")]
    pub label: crate::base::static_str::Static,
    pub points: Vec<(u64, u64)>,
}

/// What the scaling chart shows for a scenario: memory per device against the quantity that
/// matters most (micro-batch for training, context length for inference, nodes for
/// simulations, strong and weak), the capacity, and the current value of that quantity.
// Serde: the page's answer carries it from the core worker (`report::Advice`, issue 36).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Scaling {
    #[serde(deserialize_with = "crate::base::static_str::deserialize")]
    pub x_label: crate::base::static_str::Static,
    /// The same in a sentence: "how memory scales with {x_words}".
    #[serde(deserialize_with = "crate::base::static_str::deserialize")]
    pub x_words: crate::base::static_str::Static,
    pub key: FieldId,
    pub series: Vec<Series>,
    pub capacity: u64,
    pub current: u64,
}

impl Default for Scaling {
    /// Nothing to draw yet (no valid scenario): an empty micro-batch sweep.
    fn default() -> Self {
        Scaling {
            x_label: "",
            x_words: "",
            key: FieldId::Batch,
            series: Vec::new(),
            capacity: 0,
            current: 0,
        }
    }
}

/// Where the first series crosses the capacity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Boundary {
    /// Memory grows with x: fits up to `fit`, not from `over` on.
    UpTo {
        fit: u64,
        over: u64,
    },
    /// Memory falls with x (more nodes): does not fit at `over`, fits from `fit` on.
    From {
        over: u64,
        fit: u64,
    },
    Always,
    Never,
}

impl Scaling {
    pub fn boundary(&self) -> Boundary {
        let pts = self
            .series
            .first()
            .map(|s| s.points.as_slice())
            .unwrap_or(&[]);
        let fits = |p: &(u64, u64)| p.1 <= self.capacity;
        match (
            pts.first(),
            pts.iter().position(|p| !fits(p)),
            pts.iter().position(fits),
        ) {
            (_, None, _) => Boundary::Always,
            (_, _, None) => Boundary::Never,
            (Some(first), Some(o), _) if fits(first) => Boundary::UpTo {
                fit: pts[o - 1].0,
                over: pts[o].0,
            },
            (_, _, Some(f)) => Boundary::From {
                over: pts[f - 1].0,
                fit: pts[f].0,
            },
        }
    }

    /// The boundary in words, e.g. "fits up to 3, not at 4".
    pub fn boundary_text(&self) -> String {
        use crate::base::units::group_digits as g;
        match self.boundary() {
            Boundary::UpTo { fit, over } => format!("fits up to {}, not at {}", g(fit), g(over)),
            Boundary::From { over, fit } => format!("fits from {}, not at {}", g(fit), g(over)),
            Boundary::Always => "fits over the whole range".into(),
            Boundary::Never => "does not fit anywhere in the range".into(),
        }
    }
}

/// Powers of two from 1 reaching at least `at_least` (and never beyond `cap`).
fn doubling(at_least: u64, cap: u64) -> Vec<u64> {
    let mut v = vec![1u64];
    while *v.last().unwrap_or(&1) < at_least.min(cap) {
        let next = v.last().unwrap_or(&1).saturating_mul(2).min(cap);
        v.push(next);
    }
    v
}

/// Whether the scaling view sweeps the context length (transformer inference) rather than
/// the micro-batch.
pub(crate) fn sweeps_context(s: &Scenario) -> bool {
    s.mode == Mode::Infer && s.sciml.is_transformer()
}

/// The scaling view of a scenario, running the search for its boundary.
pub fn scaling(s: &Scenario) -> Scaling {
    let found = if s.mode == Mode::Sim {
        crate::analysis::sim_nodes::fewest_nodes(s)
    } else if sweeps_context(s) {
        crate::analysis::limits::max_seq(s)
    } else {
        crate::analysis::limits::max_batch(s)
    };
    scaling_with(s, found)
}

/// The scaling view, given the boundary already found by the core's searches: the fewest
/// nodes for simulations, the longest context for inference, the largest micro-batch otherwise.
pub fn scaling_with(s: &Scenario, found: Option<u64>) -> Scaling {
    let here = bytes(s);
    let capacity = here.serving.map_or(here.capacity_bytes, |v| v.limit());
    if s.mode == Mode::Sim {
        use crate::analysis::sim_nodes::{scaling as nodes_sweep, scaling_at};
        let top = (s.sim.nodes * 64).clamp(64, 4096);
        // The doubling sweep, plus the current node count and the exact boundary.
        let mut extra = vec![s.sim.nodes];
        if let Some(f) = found {
            extra.extend([f, f.saturating_sub(1).max(1)]);
        }
        let series = |weak: bool| {
            let mut pts = nodes_sweep(s, weak, top);
            for &n in &extra {
                if n <= top && !pts.iter().any(|p| p.0 == n) {
                    pts.push((n, scaling_at(s, weak, n)));
                }
            }
            pts.sort_unstable();
            pts
        };
        return Scaling {
            x_label: "Nodes",
            x_words: "nodes",
            key: FieldId::Nodes,
            series: vec![
                Series {
                    label: "Strong scaling (same problem)",
                    points: series(false),
                },
                Series {
                    label: "Weak scaling (grows in every direction)",
                    points: series(true),
                },
            ],
            capacity,
            current: s.sim.nodes,
        };
    }
    let at = |key: FieldId, v: u64| {
        let mut t = *s;
        match key {
            FieldId::Seq => t.seq = v,
            _ => t.batch = v,
        }
        let e = bytes(&t);
        // A pooled engine's total is its share whatever the load: what grows is the KV the
        // sequences need, set against the share (crate::model::neural::engine::Serving::demand).
        e.serving
            .map_or(e.per_device_bytes, |v| v.demand(e.per_device_bytes))
    };
    let (key, x_label, x_words, current, limit) = if sweeps_context(s) {
        (
            FieldId::Seq,
            "Context length (tokens)",
            "context length",
            s.seq,
            crate::scenario::MAX_SEQ,
        )
    } else {
        (
            FieldId::Batch,
            "Micro-batch size",
            "micro-batch size",
            s.batch,
            crate::scenario::MAX_BATCH,
        )
    };
    // Powers of two far enough to show where memory crosses the capacity and past the current
    // value, plus the current value and the exact limit (the largest that fits and the next).
    let floor = if key == FieldId::Seq { 4096 } else { 8 };
    let limit_found = found;
    let reach = current
        .saturating_mul(2)
        .max(floor)
        .max(limit_found.map_or(0, |m| m.saturating_add(1).saturating_mul(2)));
    let mut xs = doubling(reach, limit);
    xs.push(current);
    if let Some(m) = limit_found {
        xs.push(m);
        if m < limit {
            xs.push(m + 1);
        }
    }
    xs.sort_unstable();
    xs.dedup();
    if key == FieldId::Seq {
        xs.retain(|&x| x >= 128 || x == current);
    }
    let points = xs.into_iter().map(|x| (x, at(key, x))).collect();
    Scaling {
        x_label,
        x_words,
        key,
        series: vec![Series {
            label: "Memory per device",
            points,
        }],
        capacity,
        current,
    }
}

/// What a time line of the scaling chart measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeMeasure {
    /// Parallel efficiency against the line's first point (simulations over nodes): strong
    /// scaling T(n₀) · n₀ ÷ (T(n) · n), weak scaling T(n₀) ÷ T(n). Above 1 where fewer nodes
    /// spill to disk (superlinear).
    Efficiency,
    /// Seconds per step: a training step over the micro-batch, a decode step over the context.
    Seconds,
}

/// Which time line of the scaling chart a [`TimeSeries`] is: the neural models' time per step
/// (inference, training), then a simulation's strong and weak lines in seconds, then in
/// efficiency. Typed, so that the charts read it back from the time wasm's JSON as it was sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeLine {
    DecodeStep,
    TrainingStep,
    StrongSeconds,
    WeakSeconds,
    StrongEfficiency,
    WeakEfficiency,
}

impl TimeLine {
    pub const ALL: [TimeLine; 6] = [
        TimeLine::DecodeStep,
        TimeLine::TrainingStep,
        TimeLine::StrongSeconds,
        TimeLine::WeakSeconds,
        TimeLine::StrongEfficiency,
        TimeLine::WeakEfficiency,
    ];

    /// The line's name in the chart's legend and its accessible summary.
    pub fn label(self) -> &'static str {
        match self {
            TimeLine::DecodeStep => "Time per decode step",
            TimeLine::TrainingStep => "Time per training step",
            TimeLine::StrongSeconds => "Time per step, strong scaling",
            TimeLine::WeakSeconds => "Time per step, weak scaling",
            TimeLine::StrongEfficiency => "Parallel efficiency, strong scaling",
            TimeLine::WeakEfficiency => "Parallel efficiency, weak scaling",
        }
    }
}

/// A time line of the scaling chart, over the x values of the memory line with the same index.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TimeSeries {
    pub line: TimeLine,
    pub measure: TimeMeasure,
    /// (x, value); an x where the time model gives no time (none for the method, a hardware
    /// figure out of range, overflow) is left out.
    pub points: Vec<(u64, f64)>,
}

/// The step's seconds of a scenario, from the time model.
#[cfg(feature = "time")]
fn step_seconds(s: &Scenario) -> Option<f64> {
    use crate::speed::Steps;
    let sp = crate::speed::speed(s, &bytes(s)).ok()??;
    match sp.steps {
        Steps::Inference { decode_step, .. } => decode_step.seconds(),
        Steps::Training { step, .. } | Steps::Sim { step, .. } | Steps::Surrogate { step, .. } => {
            step.seconds()
        }
    }
    .filter(|t| *t > 0.0)
}

/// Without the time model (the web app's build: its time lines come from the core worker, crates/memcalc-worker)
/// no point has a time, so there are no time lines.
#[cfg(not(feature = "time"))]
fn step_seconds(_: &Scenario) -> Option<f64> {
    None
}

/// The time lines of a scaling view `sc` of `s` (from [`scaling`] or [`scaling_with`]), one
/// per memory line over the same points: parallel efficiency for simulations' strong and weak
/// scaling, the time per step otherwise. Empty where the time model has no time for `s`.
pub fn time_series(s: &Scenario, sc: &Scaling) -> Vec<TimeSeries> {
    if step_seconds(s).is_none() {
        return Vec::new();
    }
    if s.mode == Mode::Sim {
        return vec![
            sim_line(s, sc, 0, false, TimeMeasure::Efficiency),
            sim_line(s, sc, 1, true, TimeMeasure::Efficiency),
        ];
    }
    let points = xs(sc, 0)
        .filter_map(|x| {
            let mut t = *s;
            match sc.key {
                FieldId::Seq => t.seq = x,
                _ => t.batch = x,
            }
            step_seconds(&t).map(|secs| (x, secs))
        })
        .collect();
    vec![TimeSeries {
        line: if s.mode == Mode::Infer {
            TimeLine::DecodeStep
        } else {
            TimeLine::TrainingStep
        },
        measure: TimeMeasure::Seconds,
        points,
    }]
}

/// The x values of the memory line `i` of `sc`.
fn xs(sc: &Scaling, i: usize) -> impl Iterator<Item = u64> + '_ {
    sc.series
        .get(i)
        .into_iter()
        .flat_map(|l| l.points.iter().map(|p| p.0))
}

/// A simulation's strong (`weak` false) or weak scaling line over the node counts of memory
/// line `i`: the step's seconds, or the parallel efficiency against the line's first point.
fn sim_line(s: &Scenario, sc: &Scaling, i: usize, weak: bool, measure: TimeMeasure) -> TimeSeries {
    use crate::analysis::sim_nodes::{problem_size, scenario_at};
    // Each point's time and, for weak scaling, the size its problem grew to.
    let runs: Vec<(u64, f64, Option<f64>)> = xs(sc, i)
        .filter_map(|n| {
            let at = scenario_at(s, weak, n);
            step_seconds(&at).map(|t| (n, t, problem_size(&at)))
        })
        .collect();
    let times: Vec<(u64, f64)> = runs.iter().map(|&(n, t, _)| (n, t)).collect();
    let points = match (measure, runs.first()) {
        (TimeMeasure::Seconds, _) => times,
        (TimeMeasure::Efficiency, Some(&(n0, t0, w0))) => runs
            .iter()
            .map(|&(n, t, w)| {
                let e = if weak {
                    // T(n₀) ÷ T(n), for the problem grown exactly n ÷ n₀ times: the grid's
                    // whole-point rounding divided out (sim_nodes::problem_size).
                    let grown = match (w, w0) {
                        (Some(w), Some(w0)) if w0 > 0.0 => w / w0 * n0 as f64 / n as f64,
                        _ => 1.0,
                    };
                    t0 / t * grown
                } else {
                    t0 * n0 as f64 / (t * n as f64)
                };
                (n, e)
            })
            .filter(|p| p.1.is_finite())
            .collect(),
        (TimeMeasure::Efficiency, None) => Vec::new(),
    };
    let line = match (measure, weak) {
        (TimeMeasure::Seconds, false) => TimeLine::StrongSeconds,
        (TimeMeasure::Seconds, true) => TimeLine::WeakSeconds,
        (TimeMeasure::Efficiency, false) => TimeLine::StrongEfficiency,
        (TimeMeasure::Efficiency, true) => TimeLine::WeakEfficiency,
    };
    TimeSeries {
        line,
        measure,
        points,
    }
}

/// The choices of `scaling_y` that mean something for `s`: efficiency only where nodes are
/// swept (simulations); the time only where the time model has one.
pub fn offered(s: &Scenario) -> Vec<ScalingY> {
    let timed = step_seconds(s).is_some();
    ScalingY::ALL
        .into_iter()
        .filter(|y| match y {
            ScalingY::Memory => true,
            ScalingY::Time => timed,
            ScalingY::Efficiency => timed && s.mode == Mode::Sim,
        })
        .collect()
}

/// The lines the scaling chart draws in place of memory when `y` asks for time or efficiency:
/// a simulation's strong and weak lines in seconds or efficiency, a neural model's time per
/// step (its sweep is not over devices, so efficiency reads as the time). Empty for memory, or
/// where the time model has no time for `s`.
pub fn time_lines(s: &Scenario, sc: &Scaling, y: ScalingY) -> Vec<TimeSeries> {
    match y {
        ScalingY::Memory => Vec::new(),
        ScalingY::Time if s.mode == Mode::Sim && step_seconds(s).is_some() => vec![
            sim_line(s, sc, 0, false, TimeMeasure::Seconds),
            sim_line(s, sc, 1, true, TimeMeasure::Seconds),
        ],
        _ => time_series(s, sc),
    }
}
