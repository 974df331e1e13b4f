//! The words of the time model: each term's label, formula with the user's numbers, explanation
//! and source, written from the term's values (`speed::TermValues`) by one `Template` per
//! family's values type, in the file of that family; and the bound's name and the time line.

mod grid;
mod mesh;
mod neural;
mod numa;
mod overlap;
mod particles;
mod reductions;
mod sciml;
mod sparc;
mod spectral;

use crate::base::units::{self, format_bytes, UnitSystem};
use crate::speed::{Bound, TermValues, Time, TimeTerm, Transfer, Via};

/// The bound's name as the time line says it: "memory bandwidth".
pub fn bound(b: Bound) -> &'static str {
    match b {
        Bound::MemoryBandwidth => "memory bandwidth",
        Bound::Compute => "compute",
        Bound::Link => "the GPU link",
        Bound::Network => "the network",
        Bound::HostMemory => "host memory bandwidth",
        Bound::Disk => "disk bandwidth",
        Bound::Launch => "kernel launches",
        Bound::Latency => "the core's dependent-operation latency",
    }
}

/// What a suggestion does to time, as its line says it. A simulation's or a surrogate's:
/// "1.6× faster per step", "2.1× slower per sample", "about the same time per step". A token's
/// names each throughput as such, since they can go different ways: "aggregate throughput 2.0×
/// higher; per sequence 34.1 → 33.9 tokens/s; per GPU 1.0×" (inference), "aggregate throughput
/// 1.8× higher; per GPU 1.1× lower" (training).
pub fn change(c: &crate::speed::change::TimeChange) -> String {
    use crate::speed::change::TimePer;
    let per = match c.per {
        TimePer::Token => {
            let mut out = format!("aggregate throughput {}", ratio(c.speedup));
            if let Some((b, a)) = c.per_sequence {
                out.push_str(&format!("; per sequence {} → {} tokens/s", sig(b), sig(a)));
            }
            if let Some(g) = c.per_gpu {
                out.push_str(&format!("; per GPU {}", ratio(g)));
            }
            return out;
        }
        TimePer::Step => "per step",
        TimePer::Sample => "per sample",
    };
    let (factor, way) = if c.speedup >= 1.0 {
        (c.speedup, "faster")
    } else {
        (1.0 / c.speedup, "slower")
    };
    let text = factor_text(factor);
    if text == "1.0" {
        format!("about the same time {per}")
    } else {
        format!("{text}× {way} {per}")
    }
}

/// "2.0", "12": a factor to two significant figures below 10.
fn factor_text(factor: f64) -> String {
    if factor >= 9.95 {
        format!("{factor:.0}")
    } else {
        format!("{factor:.1}")
    }
}

/// A throughput ratio after ÷ before: "2.0× higher", "1.4× lower", "about the same".
fn ratio(r: f64) -> String {
    let (factor, way) = if r >= 1.0 {
        (r, "higher")
    } else {
        (1.0 / r, "lower")
    };
    let text = factor_text(factor);
    if text == "1.0" {
        "about the same".into()
    } else {
        format!("{text}× {way}")
    }
}

/// A time as the page writes it: "12.3 ms", "4.5 h"; "too long to compute" on overflow.
pub fn time(t: Time) -> String {
    let Some(s) = t.seconds() else {
        return "too long to compute".into();
    };
    let (v, unit) = if s < 1e-6 {
        (s * 1e9, "ns")
    } else if s < 1e-3 {
        (s * 1e6, "µs")
    } else if s < 1.0 {
        (s * 1e3, "ms")
    } else if s < 120.0 {
        (s, "s")
    } else if s < 7200.0 {
        (s / 60.0, "min")
    } else if s < 172_800.0 {
        (s / 3600.0, "h")
    } else if s < 3.2e8 {
        (s / 86_400.0, "days")
    } else {
        (s / 3.156e7, "years")
    };
    format!("{} {unit}", sig(v))
}

/// Three significant figures, without a trailing ".0".
fn sig(v: f64) -> String {
    let text = if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    };
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// A decimal quantity with an SI prefix: "3.35 T" + unit.
fn si(v: f64, unit: &str) -> String {
    let prefixes = [
        (1e18, "E"),
        (1e15, "P"),
        (1e12, "T"),
        (1e9, "G"),
        (1e6, "M"),
        (1e3, "k"),
    ];
    for (scale, p) in prefixes {
        if v.abs() >= scale {
            return format!("{} {p}{unit}", sig(v / scale));
        }
    }
    format!("{} {unit}", sig(v))
}

fn bytes(v: f64, units: UnitSystem) -> String {
    if v >= 1.8e19 {
        return si(v, "B");
    }
    format_bytes(v.round() as u64, units)
}

/// "1 sequence", "8 sequences".
fn rate(v: f64) -> String {
    si(v, "B/s")
}

fn pct(v: f64) -> String {
    format!("{} %", sig(v * 100.0))
}

fn count(v: f64) -> String {
    si(v, "").trim_end().to_string()
}

fn via(v: Via) -> String {
    use crate::catalog::hardware::LinkKind;
    match v {
        Via::Link(LinkKind::NvLink(0)) => "the GPU link".into(),
        Via::Link(LinkKind::NvLink(g)) | Via::Link(LinkKind::NvLinkBridge(g)) => {
            format!("NVLink {g}")
        }
        Via::Link(LinkKind::InfinityFabric) => "Infinity Fabric".into(),
        Via::Pcie(g) => format!("PCIe {g}.0 x16"),
        Via::Network => "the network".into(),
        Via::HostMemory => "host memory".into(),
    }
}

fn transfer(t: &Transfer, u: UnitSystem) -> String {
    if t.efficiency < 1.0 {
        format!(
            "{} ÷ ({} × {})",
            bytes(t.bytes, u),
            rate(t.bandwidth),
            pct(t.efficiency)
        )
    } else {
        format!("{} ÷ {}", bytes(t.bytes, u), rate(t.bandwidth))
    }
}

/// One template per family of terms: the four texts of a term, written from its values. Each
/// family's values type implements it with exhaustive matches, so a new term without its words
/// does not compile.
pub(crate) trait Template {
    /// The term's name, e.g. "Decode step: FLOPs".
    fn label(&self) -> &'static str;
    /// The computation with the user's numbers, without the "= time" that ends it; byte
    /// counts in `u`.
    fn formula(&self, u: UnitSystem) -> String;
    /// Why the term takes this long.
    fn explanation(&self) -> String;
    /// Where the formula comes from.
    fn source(&self) -> &'static str;
}

/// Calls a `Template` method on whichever family's values the term holds.
macro_rules! on_template {
    ($values:expr, $t:ident => $call:expr) => {
        match $values {
            TermValues::Neural($t) => $call,
            TermValues::Grid($t) => $call,
            TermValues::Spectral($t) => $call,
            TermValues::Particles($t) => $call,
            TermValues::Mesh($t) => $call,
            TermValues::Surrogate($t) => $call,
            TermValues::SolveAllReduce($t) => $call,
            TermValues::RealSpace($t) => $call,
        }
    };
}

/// The term's label.
pub fn label(t: &TimeTerm) -> &'static str {
    on_template!(&t.values, v => v.label())
}

/// The formula with the user's numbers, ending in the term's time.
pub fn formula(t: &TimeTerm) -> String {
    formula_in(t, UnitSystem::default())
}

/// [`formula`] with its byte counts in `u` (GB with `units=decimal`, GiB by default).
pub fn formula_in(t: &TimeTerm, u: UnitSystem) -> String {
    let body = on_template!(&t.values, v => v.formula(u));
    format!("{body} = {}", time(t.time))
}

/// Why the term takes this long.
pub fn explanation(t: &TimeTerm) -> String {
    on_template!(&t.values, v => v.explanation())
}

/// Where the term's formula comes from.
pub fn source(t: &TimeTerm) -> &'static str {
    on_template!(&t.values, v => v.source())
}

/// The time line: the headline figure and its bound, e.g. "Decode: 5.1 ms per step
/// (196 tokens/s per sequence), bound by memory bandwidth".
/// The figure a user of the mode waits for, as the time line words it: an engine's or a
/// training run's tokens/s, a surrogate's samples/s, a simulation's time per step ("≥ 1.2 s per
/// step"). The phone's pinned summary shows it beside the memory (`report::pill`).
pub fn headline(s: &crate::speed::Speed) -> String {
    use crate::speed::Steps;
    match s.steps {
        Steps::Inference { tokens_per_s, .. } => format!("{} tokens/s", sig(tokens_per_s)),
        Steps::Training { tokens_per_s, .. } => format!("{} tokens/s", count(tokens_per_s)),
        Steps::Sim { step, scf, .. } => format!("≥ {} {}", time(step), per_step(scf)),
        Steps::Surrogate { samples_per_s, .. } => format!("{} samples/s", count(samples_per_s)),
    }
}

/// A simulation's step as its users count it: "per SCF iteration" for plane-wave and real-space
/// DFT (each `steps` is one self-consistent iteration: pw.x's "total cpu time spent up to now"
/// per iteration, SPARC's "Timing (sec)" column), "per step" otherwise.
fn per_step(scf: bool) -> &'static str {
    if scf {
        "per SCF iteration"
    } else {
        "per step"
    }
}

pub fn summary(s: &crate::speed::Speed) -> String {
    use crate::speed::Steps;
    let by = bound(s.bound);
    match s.steps {
        Steps::Inference {
            ttft,
            decode_step,
            sequences,
            tokens_per_s_per_sequence,
            tokens_per_s,
            requested,
            gpus,
            queue,
            served,
            replicas,
        } => format!(
            "Time to first token {}{}; decode {} per step: {} tokens/s per sequence, {} tokens/s \
                in aggregate for {}{}, {} tokens/s per GPU of {}{}; bound by {by}",
            time(ttft),
            neural::queue(queue, sequences),
            time(decode_step),
            sig(tokens_per_s_per_sequence),
            sig(tokens_per_s),
            neural::sequences(sequences, requested),
            if replicas > 1 {
                format!(
                    " on each of {replicas} replicas, {} tokens/s in all",
                    sig(tokens_per_s * replicas as f64)
                )
            } else {
                String::new()
            },
            sig(crate::speed::per_gpu(tokens_per_s, gpus)),
            units::count(gpus, "GPU", "GPUs"),
            neural::served(served, gpus),
        ),
        Steps::Training {
            step,
            tokens_per_s,
            gpus,
            run,
            ..
        } => format!(
            "{} per step, {} tokens/s in aggregate, {} tokens/s per GPU of {}{}; bound by {by}",
            time(step),
            count(tokens_per_s),
            count(crate::speed::per_gpu(tokens_per_s, gpus)),
            units::count(gpus, "GPU", "GPUs"),
            neural::run(run) + &run.map_or(String::new(), |(_, t)| held_cost(s, t))
        ),
        Steps::Sim {
            step,
            run,
            rate,
            scf,
            ..
        } => {
            let lups = rate.map_or(String::new(), |r| {
                format!(", {} {}", sig(r.value()), r.unit())
            });
            format!(
                "At least {} {}{lups}, {} for the run{}; bound by {by}",
                time(step),
                per_step(scf),
                time(run),
                held_cost(s, run)
            )
        }
        Steps::Surrogate {
            step,
            training,
            samples_per_s,
            ..
        } => sciml::summary(step, training, samples_per_s, by),
    }
}

// --- A run's time in GPU-hours and node-hours (issue 41) -------------------------------------

/// The run's cost after its time, from what the run holds ([`run_cost`]).
fn held_cost(s: &crate::speed::Speed, run: Time) -> String {
    if s.held.nodes == 0 {
        return String::new();
    }
    run_cost(run, s.held.gpus, s.held.nodes)
}

/// GPU-hours or node-hours as written: three significant figures below 1,000, whole and
/// grouped above ("0.277", "52.9", "10,491").
pub fn hours_figure(v: f64) -> String {
    if v.is_finite() && v >= 999.5 {
        units::group_digits(v.round() as u64)
    } else {
        units::format_sig(v)
    }
}

/// A run's time in the currency of allocations, after its hours: " on 8 nodes = 52.9
/// node-hours" (CPU codes: nodes × hours), " on 64 GPUs = 10,491 GPU-hours (8 nodes: 1,311
/// node-hours)" (GPU-hours = GPUs × hours; nodes = ⌈GPUs ÷ GPUs per node⌉). Empty where the
/// run's time overflows.
pub fn run_cost(run: Time, gpus: Option<u64>, nodes: u64) -> String {
    let Some(h) = run.seconds().map(|s| s / 3600.0).filter(|h| h.is_finite()) else {
        return String::new();
    };
    let nodes_text = units::count(nodes, "node", "nodes");
    match gpus {
        Some(g) if g > 0 => format!(
            " on {} = {} GPU-hours ({nodes_text}: {} node-hours)",
            units::count(g, "GPU", "GPUs"),
            hours_figure(g as f64 * h),
            hours_figure(nodes as f64 * h)
        ),
        _ => format!(
            " on {nodes_text} = {} node-hours",
            hours_figure(nodes as f64 * h)
        ),
    }
}
