//! Timing lines (issue 40): a log's measured rates set beside the time model's matching figure,
//! and the one uncertain efficiency of the bound the step is under fitted from them.
//!
//! | figure | lines (log/<tool>.rs) | the time model's figure |
//! |---|---|---|
//! | `decode_rate` | llama.cpp "eval time … tokens per second", llama-bench `tg<N>` | one sequence's tokens/s (`Steps::Inference::tokens_per_s_per_sequence`) |
//! | `prefill_rate` | llama.cpp "prompt eval time … tokens per second", llama-bench `pp<N>` | prompt ÷ time to first token at the logged prompt |
//! | `generation_rate` | vLLM "Avg generation throughput" (at its "Running: N reqs"), `benchmark_throughput.py`/`vllm bench` output tokens/s | tokens/s over N running sequences; under load (`Served`) for a benchmark |
//! | `step_rate` | LAMMPS "Performance: … timesteps/s" (else steps over "Loop time") | 1 ÷ the step |
//! | `scf_iteration_us` | pw.x's "electrons" clock, the steps of "total cpu time spent up to now", or "PWSCF … WALL" over "convergence has been achieved in N iterations" | the step (one SCF iteration, speed/sim/planewave.rs) |
//!
//! The calibration fits only the efficiency of the bound the model puts the step under: the
//! achieved share of peak bandwidth (`bw_eff`) for a memory-bound step (a decode, a lattice or
//! MD traffic step), the utilisation of peak FLOP/s (`mfu`) for a compute-bound one (a prefill,
//! MD's pair loop, plane-wave DFT's FFTs and algebra). Every other term keeps its value: the
//! fitted efficiency is the one at which the whole model meets the logged rate (a bisection on
//! the key's basis points; the model's rate grows with either efficiency). An efficiency the
//! log would need outside (0, 100 %] is reported, never applied.

use super::{plain, Figure, Reading};
use crate::base::keys::FieldId as F;
use crate::model::Estimate;
use crate::scenario::mechanism::Mechanism;
use crate::scenario::Scenario;
use crate::schema::inputs::Inputs;
use crate::speed::{Bound, Steps};

/// Which headline time figure (and so which band of docs/accuracy.md's rows) a timing is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeFigure {
    Decode,
    Prefill,
    Step,
}

/// What a timing row is compared with: the time figure, the bound the model puts it under, and
/// the scenario's mechanism (the band's class: `analysis::band::class_key`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timed {
    pub figure: TimeFigure,
    pub bound: Bound,
    pub mechanism: Mechanism,
}

/// Whether a figure is a timing one.
pub fn is_timing(f: Figure) -> bool {
    matches!(
        f,
        Figure::DecodeRate
            | Figure::PrefillRate
            | Figure::GenerationRate
            | Figure::StepRate
            | Figure::ScfIterationUs
    )
}

/// The count a figure was measured at (the running requests of a vLLM metrics line, the
/// prompt tokens of a prompt evaluation), kept by its recogniser.
fn count(reading: &Reading, name: &str) -> Option<u64> {
    reading
        .counts
        .iter()
        .find(|(n, _)| *n == name)
        .map(|c| c.1)
        .filter(|v| *v > 0)
}

/// The scenario the model times the figure in: the logged prompt for a prefill, the running
/// requests for an engine's generation throughput (what the log measured at; the link keeps
/// its own).
fn prepared(f: Figure, reading: &Reading, s: &Scenario) -> Scenario {
    let mut p = *s;
    match f {
        Figure::PrefillRate => {
            if let Some(n) = count(reading, "prompt_tokens") {
                p.seq = p.seq.max(n);
                p.speed.prompt = Some(n);
            }
        }
        Figure::DecodeRate => {
            if let Some(n) = count(reading, "generated_tokens") {
                // llama-bench's tg<N> decodes N tokens after an empty prompt.
                if count(reading, "bench") == Some(1) {
                    p.seq = n;
                    p.batch = 1;
                }
            }
        }
        Figure::GenerationRate => {
            if let Some(n) = count(reading, "running") {
                p.batch = n;
            }
        }
        _ => {}
    }
    p
}

/// The model's figure, in the figure's own unit as a float (per second, or milliseconds for an
/// SCF iteration), and the bound of the step it comes from.
fn model_value(f: Figure, reading: &Reading, s: &Scenario, e: &Estimate) -> Option<(f64, Bound)> {
    let sp = step_speed(s, e)?;
    let bound = sp.bound;
    let v = match (f, sp.steps) {
        (
            Figure::DecodeRate,
            Steps::Inference {
                tokens_per_s_per_sequence,
                ..
            },
        ) => tokens_per_s_per_sequence,
        (Figure::PrefillRate, Steps::Inference { ttft, .. }) => {
            let prompt = s.speed.prompt_of(s.seq) as f64;
            return Some((ttft.per_second(prompt), Bound::Compute));
        }
        (
            Figure::GenerationRate,
            Steps::Inference {
                tokens_per_s,
                served,
                ..
            },
        ) => {
            if count(reading, "running").is_some() {
                tokens_per_s
            } else {
                served.map_or(tokens_per_s, |v| v.tokens_per_s)
            }
        }
        (Figure::StepRate, Steps::Sim { step, .. }) => step.per_second(1.0),
        (Figure::ScfIterationUs, Steps::Sim { step, .. }) => step.seconds()? * 1000.0, // ms
        _ => return None,
    };
    (v.is_finite() && v > 0.0).then_some((v, bound))
}

/// The time of the steps a timing line measures: `speed::speed`'s inference branch (one
/// replica) and the particle and plane-wave methods only (`speed::sim::speed_logged`), so that
/// the log's own wasm links no training, surrogate or other simulation model (the figures are
/// `speed()`'s: `tests/log_timing.rs` checks them).
fn step_speed(s: &Scenario, e: &Estimate) -> Option<crate::speed::Speed> {
    use crate::scenario::Mode;
    let m = crate::speed::machine::Machine::of(s).ok()?;
    match s.mode {
        Mode::Sim => crate::speed::sim::speed_logged(s, e, &m),
        Mode::Infer if s.sciml.is_transformer() => {
            Some(crate::speed::inference::speed(&s.per_replica(), e, &m))
        }
        _ => None,
    }
}

/// The logged value in the figure's float unit.
fn logged_value(_f: Figure, v: u64) -> f64 {
    v as f64 / 1000.0
}

/// A float in the figure's unit (thousandths per second, or microseconds: milliseconds × 1000).
fn to_unit(_f: Figure, x: f64) -> u64 {
    (x * 1000.0).round().max(0.0) as u64
}

/// The time figure of a timing figure.
fn time_figure(f: Figure) -> TimeFigure {
    match f {
        Figure::DecodeRate | Figure::GenerationRate => TimeFigure::Decode,
        Figure::PrefillRate => TimeFigure::Prefill,
        _ => TimeFigure::Step,
    }
}

/// A timing figure beside the model: the estimate in the figure's unit, the mechanism to look
/// at first, and what the band is read for.
pub fn compare(
    f: Figure,
    reading: &Reading,
    s: &Scenario,
    e: &Estimate,
) -> (Option<u64>, &'static str, Option<Timed>) {
    let p = prepared(f, reading, s);
    let pe = if p == *s {
        None
    } else {
        Some(crate::model::estimate(&p))
    };
    let est = pe.as_ref().unwrap_or(e);
    let why = match f {
        Figure::DecodeRate => "the decode step: the weights and KV cache read per token over the GPU's bandwidth at its achieved share (bw_eff), the kernels' launches and the quantization's kernel",
        Figure::PrefillRate => "the prefill: the prompt's FLOPs over the GPU's peak at its utilisation (mfu)",
        Figure::GenerationRate => "the running requests' decode steps (their KV cache and the weights over the bandwidth, bw_eff); an engine's interval average also holds prefills and idle time",
        Figure::StepRate => "the MD step: the pair loop's FLOPs at the utilisation (mfu), the neighbour traffic over the bandwidth (bw_eff), the ghosts' exchange",
        Figure::ScfIterationUs => "the SCF iteration: the FFTs and dense algebra at the utilisation (mfu), the FFT traffic over the bandwidth (bw_eff); a clock of the whole run also holds its start-up",
        _ => "",
    };
    match model_value(f, reading, &p, est) {
        Some((v, bound)) => (
            Some(to_unit(f, v)),
            why,
            Some(Timed {
                figure: time_figure(f),
                bound,
                mechanism: e.mechanism,
            }),
        ),
        None => (None, "the time model has no figure for this scenario", None),
    }
}

/// The key that holds the efficiency of a bound, where one does.
fn key_of(bound: Bound) -> Option<F> {
    match bound {
        Bound::MemoryBandwidth => Some(F::BwEff),
        Bound::Compute => Some(F::Mfu),
        _ => None,
    }
}

fn with(s: &Scenario, key: F, bp: u64) -> Scenario {
    let mut t = *s;
    match key {
        F::BwEff => t.speed.bw_eff_bp = Some(bp),
        _ => t.speed.mfu_bp = Some(bp),
    }
    t
}

/// A rate that grows with the efficiency: the figure, or its inverse for a time.
fn rate(f: Figure, v: f64) -> f64 {
    if f == Figure::ScfIterationUs {
        1.0 / v
    } else {
        v
    }
}

fn pct(bp: u64) -> String {
    format!("{} %", plain(bp as f64 / 100.0, 2))
}

fn shown(f: Figure, v: f64) -> String {
    match f {
        Figure::ScfIterationUs => format!("{} ms per iteration", plain(v, 1)),
        Figure::StepRate => format!("{} steps/s", plain(v, 2)),
        _ => format!("{} tokens/s", plain(v, 1)),
    }
}

fn name(f: Figure) -> &'static str {
    match f {
        Figure::DecodeRate => "the decode rate",
        Figure::PrefillRate => "the prefill rate",
        Figure::GenerationRate => "the generation throughput",
        Figure::StepRate => "the step rate",
        _ => "the SCF iteration",
    }
}

fn bound_words(b: Bound) -> &'static str {
    match b {
        Bound::MemoryBandwidth => "memory bandwidth",
        Bound::Compute => "compute",
        Bound::Link => "the GPUs' links",
        Bound::Network => "the network",
        Bound::HostMemory => "host memory",
        Bound::Disk => "the disk",
        Bound::Launch => "kernel launches",
        Bound::Latency => "a dependent chain's latency",
    }
}

/// A timing compared with the model, as the calibration reads it.
#[derive(Debug, Clone, Copy)]
pub struct Row {
    pub figure: Figure,
    pub logged: u64,
    pub line: usize,
    pub timed: Option<Timed>,
}

/// An efficiency fitted from a timing: the key, its value before and after, the line, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fit {
    pub key: F,
    pub before: String,
    pub after: String,
    pub line: usize,
    pub why: String,
}

/// The efficiencies the timing rows support, on the scenario `s` (already carrying the memory
/// calibration), and what could not be applied (said as notes).
pub fn calibrate(
    reading: &Reading,
    s: &Scenario,
    compared: &[Row],
    inputs: &Inputs,
) -> (Vec<Fit>, Vec<String>) {
    let mut out: Vec<Fit> = Vec::new();
    let mut notes = Vec::new();
    // Decode first (its bound decides bw_eff), then prefill, then a simulation's step.
    let mut rows: Vec<&Row> = compared
        .iter()
        .filter(|c| is_timing(c.figure) && c.timed.is_some() && c.logged > 0)
        .collect();
    rows.sort_by_key(|c| match c.figure {
        Figure::DecodeRate => 0,
        Figure::GenerationRate => 1,
        Figure::PrefillRate => 2,
        _ => 3,
    });
    let Ok(machine) = crate::speed::machine::Machine::of(s) else {
        return (out, notes);
    };
    // A log that names no model (a timing excerpt) is timed on the scenario's own model.
    let named = reading.filled.iter().any(|f| {
        matches!(
            f.key,
            F::ModelId | F::Params | F::Layers | F::Hidden | F::Code | F::Particles | F::Atoms
        )
    });
    if !named && !rows.is_empty() {
        notes.push("The log names neither the model nor its shape: its timings are set beside the scenario's model and GPU as they stand, and the efficiency fitted is only meaningful if they are the run's".to_string());
    }
    for c in rows {
        let f = c.figure;
        let bound = c.timed.map(|t| t.bound).unwrap_or(Bound::Compute);
        let Some(key) = key_of(bound) else {
            notes.push(format!(
                "{} is bound by {} in the model, which no efficiency key sets: it is compared, not calibrated",
                name(f),
                bound_words(bound)
            ));
            continue;
        };
        if f == Figure::ScfIterationUs && count(reading, "scf_clock").is_none() {
            notes.push("pw.x's SCF iteration is timed from the whole run's clock (PWSCF), which also holds its start-up (init_run, the first wavefunctions): it is compared, not calibrated; the \"electrons\" clock or the \"total cpu time spent up to now\" lines of a full output time the SCF loop alone".to_string());
            continue;
        }
        if out.iter().any(|o| o.key == key) {
            notes.push(format!(
                "{} is also {}-bound: {} is already fitted to an earlier timing of this log, so it is compared only",
                name(f),
                bound_words(bound),
                key.key()
            ));
            continue;
        }
        let p = prepared(f, reading, s);
        let e = crate::model::estimate(&p);
        let logged = logged_value(f, c.logged);
        let at = |bp: u64| model_value(f, reading, &with(&p, key, bp), &e).map(|v| v.0);
        let now_bp = match key {
            F::BwEff => (machine.bw_eff * 10_000.0).round() as u64,
            _ => (machine.mfu * 10_000.0).round() as u64,
        };
        let (Some(now), Some(top), Some(floor)) = (at(now_bp), at(10_000), at(1)) else {
            continue;
        };
        let want = rate(f, logged);
        if rate(f, top) < want {
            // The bound term alone scaled: the efficiency the log implies, roughly.
            let implied = now_bp as f64 * want / rate(f, now);
            notes.push(format!(
                "{} of the log ({}) is faster than the model even at 100 % {} ({}): it implies about {} of the peak, outside (0, 100 %], so it is reported and not applied; look first at the GPU, the model's shape or its quantization",
                name(f),
                shown(f, logged),
                key.key(),
                shown(f, top),
                pct(implied.round() as u64)
            ));
            continue;
        }
        if rate(f, floor) > want {
            notes.push(format!(
                "{} of the log ({}) is slower than the model at 0.01 % {} ({}): the step's time is not in its {}-bound term, so nothing is applied",
                name(f),
                shown(f, logged),
                key.key(),
                shown(f, floor),
                bound_words(bound)
            ));
            continue;
        }
        // Bisection on whole basis points: the smallest efficiency that reaches the rate.
        let (mut lo, mut hi) = (1u64, 10_000u64);
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if at(mid).is_some_and(|v| rate(f, v) >= want) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        let bp = hi;
        let after_v = at(bp).unwrap_or(logged);
        let after = plain(bp as f64 / 100.0, 2);
        let before = inputs.get(key).to_string();
        if before == after {
            continue;
        }
        out.push(Fit {
            key,
            before,
            after,
            line: c.line,
            why: format!(
                "{} is {}-bound in the model: at {} {} it gives {}, the log {}; at {} it gives {}. Only {} is fitted (every other term keeps its value), so every what-if after it carries it",
                name(f),
                bound_words(bound),
                pct(now_bp),
                key.key(),
                shown(f, now),
                shown(f, logged),
                pct(bp),
                shown(f, after_v),
                key.key()
            ),
        });
    }
    (out, notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_bound_names_the_efficiency_it_fits() {
        assert_eq!(key_of(Bound::MemoryBandwidth), Some(F::BwEff));
        assert_eq!(key_of(Bound::Compute), Some(F::Mfu));
        for b in [
            Bound::Link,
            Bound::Network,
            Bound::HostMemory,
            Bound::Disk,
            Bound::Launch,
            Bound::Latency,
        ] {
            assert_eq!(key_of(b), None, "{b:?}");
        }
    }

    #[test]
    fn a_time_per_iteration_falls_as_the_efficiency_rises() {
        // The bisection needs a figure that grows with the efficiency.
        assert!(rate(Figure::ScfIterationUs, 10.0) > rate(Figure::ScfIterationUs, 20.0));
        assert!(rate(Figure::DecodeRate, 20.0) > rate(Figure::DecodeRate, 10.0));
        assert_eq!(to_unit(Figure::DecodeRate, 48.52), 48_520);
        assert_eq!(logged_value(Figure::StepRate, 95_697), 95.697);
    }

    #[test]
    fn the_fitted_efficiency_meets_the_logged_rate() {
        let log = "LAMMPS (16 Mar 2018)\nCreated 32000 atoms\nLoop time of 1.721 on 1 procs for 100 steps with 32000 atoms\nPerformance: 25101.720 tau/day, 58.106 timesteps/s\n";
        let reading = super::super::read(log);
        let mut inputs = Inputs::default();
        inputs.change(F::Mode, "sim".to_string());
        inputs.change(F::Code, "lammps".to_string());
        inputs.set(F::Particles, "32000".to_string());
        let s = inputs.parse().unwrap();
        let e = crate::model::estimate(&s);
        let l = reading.figure(Figure::StepRate).unwrap();
        let (_, _, timed) = compare(Figure::StepRate, &reading, &s, &e);
        let rows = [Row {
            figure: Figure::StepRate,
            logged: l.value,
            line: l.line,
            timed,
        }];
        let (fits, _) = calibrate(&reading, &s, &rows, &inputs);
        let c = fits.first().expect("a fitted efficiency");
        let bp = (c.after.parse::<f64>().unwrap() * 100.0).round() as u64;
        assert!((1..=10_000).contains(&bp));
        inputs.set(c.key, c.after.clone());
        let s = inputs.parse().unwrap();
        let (v, _) = model_value(Figure::StepRate, &reading, &s, &e).unwrap();
        // The smallest whole basis point that reaches the rate: one fewer falls short (at this
        // scenario's default ranks the fit is a fraction of a percent, so a basis point is
        // a few percent of the rate).
        assert!(v >= 58.106, "{v}");
        let mut below = s;
        below.speed.mfu_bp = Some(bp - 1);
        let (w, _) = model_value(Figure::StepRate, &reading, &below, &e).unwrap();
        assert!(w < 58.106, "{w} at {} bp", bp - 1);
    }
}
