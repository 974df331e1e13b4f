//! The timeline's words (issue 42): each phase's label and source, the sentence at the peak,
//! the CLI's table, the JSON object, the Chrome trace, and the comparison with a measured
//! PyTorch memory snapshot. The phases themselves are `analysis::timeline`'s.

use crate::analysis::derived::Saving;
use crate::analysis::timeline::{Clock, Phase, PhaseId, Step, Timeline, Unit};
use crate::base::units::{format_bytes, UnitSystem};
use crate::catalog::parts::PartId;
use crate::model::{Estimate, Location};

/// Where the order of a training step's phases comes from.
pub const SRC_TRAINING: &str = "PyTorch, \"Understanding GPU Memory 1: Visualizing All Allocations over Time\" (pytorch.org/blog/understanding-gpu-memory-1, 2023): the first step allocates the optimizer's states at its optimizer step; each forward pass accumulates activations, which the backward pass frees as gradients accumulate; Hugging Face, \"Model training anatomy\" (huggingface.co/docs/transformers/model_memory_anatomy): the peak is a maximum over the phases";
/// Where the order of a serving engine's start-up comes from.
pub const SRC_SERVING: &str = "vLLM v0.10 vllm/v1/worker/gpu_worker.py determine_available_memory (weights, a profile run at max_num_batched_tokens, CUDA graph capture, then the KV pool from what is left); llama.cpp src/llama-context.cpp (the KV cache, then the compute buffers reserved by ggml_backend_sched_reserve)";
/// Where a simulation's phases come from.
pub const SRC_SIM: &str = "the method's own arrays as the estimate counts them (model/sim/): set-up and the main rank's global copies first, then the state, the halo and communication buffers of a step, the method's workspace (stencil work arrays, neighbour lists and pair-loop buffers, Krylov vectors, FFT transposes, the SCF iteration's diagonalisation workspace, AMR's coarse-fine and exchange buffers, the tree and PM grid) and an output step's buffers";

/// The sources of a timeline's phases, by what it is of.
pub fn sources(t: &Timeline, e: &Estimate) -> [&'static str; 2] {
    let what = if t.method.is_some() {
        SRC_SIM
    } else if e.mode == crate::scenario::Mode::Infer {
        SRC_SERVING
    } else {
        SRC_TRAINING
    };
    [what, SRC_DURATIONS]
}

/// Whose memory the timeline is: "the GPU", "pipeline stage 1 of 4", "one node".
pub fn whose(e: &Estimate) -> String {
    match e.busiest {
        crate::model::Busiest::Sim { .. } => format!("one {}", e.per.word()),
        _ => e.busiest.to_string(),
    }
}

/// What a phase whose gradients fill the activations' freed blocks says.
pub const REUSE: &str = "The gradients (set to None between steps, PyTorch's zero_grad default) fill the blocks the backward pass freed from the activations and logits, counted under those rows; the gradients row is their excess (Hugging Face, \"Visualize and understand GPU memory in PyTorch\", huggingface.co/blog/train_memory: the peak moves to the optimizer step when the gradients outgrow the activations).";

/// Where the durations come from.
pub const SRC_DURATIONS: &str = "durations from the time model's terms (memcalc's `speed`); the forward share of a training step's FLOPs is 2 of 6 per parameter and token (2 of 8 with full recomputation) and the output layer's share of a forward pass V/(16 L h) over 1 + s/(6h) + V/(16 L h), Narayanan et al., SC 2021, eq. 3";
/// The trace format.
pub const SRC_TRACE: &str = "Trace Event Format (Google, docs.google.com/document/d/1CvAClvFfyA5R-PhYUmn5OOQtYMH4h6I0nSsKchNAySU): counter events (\"ph\": \"C\", one series per args key) and complete events (\"ph\": \"X\", with \"dur\"), timestamps in microseconds; opened by Perfetto (ui.perfetto.dev) and chrome://tracing";

/// The phase's name, without its span or step.
pub fn phase_name(id: PhaseId) -> &'static str {
    match id {
        PhaseId::Context => "Runtime and context",
        PhaseId::WeightsLoad => "Weights loading",
        PhaseId::Forward => "Forward pass",
        PhaseId::LogitsLoss => "Logits and loss",
        PhaseId::MicroBatches => "Further micro-batches",
        PhaseId::Backward => "Backward pass",
        PhaseId::OptimizerFirst => "First optimizer step (allocates the optimizer's states)",
        PhaseId::OptimizerStep => "Optimizer step",
        PhaseId::SaveCheckpoint => "Checkpoint save (state dict gathered)",
        PhaseId::ProfileRun => "Profile run at the token budget",
        PhaseId::GraphCapture => "CUDA graph capture",
        PhaseId::KvAllocate => "KV cache allocation",
        PhaseId::ComputeReserve => "Compute buffers' reservation",
        PhaseId::Prefill => "Prefill of a prompt",
        PhaseId::Decode => "Decode step",
        PhaseId::Setup => "Set-up and partitioning",
        PhaseId::StateAllocate => "State allocation",
        PhaseId::StepHalo => "Steady step with its halo and communication buffers",
        PhaseId::StencilUpdate => "Stencil update with its work arrays",
        PhaseId::CollideStream => "Collide and stream",
        PhaseId::NeighbourRebuild => "Neighbour-list rebuild and pair loop",
        PhaseId::LinearSolve => "Linear solve with its Krylov workspace",
        PhaseId::FftTranspose => "FFT transposes",
        PhaseId::ScfIteration => "SCF iteration with its diagonalisation workspace",
        PhaseId::Regrid => "AMR regrid",
        PhaseId::TreeBuild => "Tree build and PM solve",
        PhaseId::OutputBurst => "Output burst",
    }
}

/// The phase as the table, the chart and the trace name it: "Forward pass, layers 1–8 of 32
/// (steady step)".
pub fn phase_label(p: &Phase) -> String {
    let mut out = phase_name(p.id).to_string();
    if let Some(sp) = p.span {
        let what = match (p.id, sp.unit) {
            (PhaseId::MicroBatches, _) => "micro-batches",
            (_, Unit::Layers) => "layers",
            (_, Unit::MicroBatches) => "micro-batches in flight",
        };
        if sp.first == sp.last {
            let one =
                what.replacen("layers", "layer", 1)
                    .replacen("micro-batches", "micro-batch", 1);
            out.push_str(&format!(", {one} {} of {}", sp.first, sp.of));
        } else {
            out.push_str(&format!(", {what} {}–{} of {}", sp.first, sp.last, sp.of));
        }
    }
    match p.step {
        Step::StartUp => {}
        Step::First if p.id != PhaseId::OptimizerFirst => out.push_str(" (first step)"),
        Step::First => {}
        Step::Steady
            if matches!(
                p.id,
                PhaseId::Forward | PhaseId::LogitsLoss | PhaseId::MicroBatches | PhaseId::Backward
            ) =>
        {
            out.push_str(" (steady step)")
        }
        Step::Steady => {}
    }
    out
}

/// "modelled" or "not modelled (drawn at equal width)".
pub fn timing_word(p: &Phase) -> &'static str {
    if p.modelled {
        "modelled"
    } else {
        "not modelled (equal width)"
    }
}

/// A duration as the table writes it.
pub fn duration_text(t: &Timeline, seconds: f64) -> String {
    match t.clock {
        Clock::Phases => format!("{seconds:.0} ph"),
        Clock::Seconds if seconds == 0.0 => "0 s".to_string(),
        Clock::Seconds => crate::explain::speed::time(crate::speed::Time::of(seconds)),
    }
}

fn label_of(e: &Estimate, id: PartId) -> &'static str {
    e.components
        .iter()
        .find(|c| c.id == id && c.location == Location::Device)
        .map_or(id.key(), crate::explain::parts::label)
}

/// The sentence at the peak: which phase, what is alive, and the single change that lowers the
/// peak most (the first of `savings`, which lists them most first): "The peak is the logits and
/// loss (steady step): 79.2 GiB, mostly optimizer states 48 GiB, weights 12 GiB and activations
/// 10 GiB. Recomputation full lowers it by 9.8 GiB."
pub fn peak_sentence(e: &Estimate, t: &Timeline, savings: &[Saving], units: UnitSystem) -> String {
    let p = t.peak_phase();
    let size = |b: u64| format_bytes(b, units);
    let parts: Vec<String> = t
        .peak_parts()
        .into_iter()
        .take(3)
        .map(|(id, b)| format!("{} {}", in_sentence(label_of(e, id)), size(b)))
        .collect();
    let mut out = format!(
        "The peak is {}: {}",
        lower_first(&phase_label(p)),
        size(p.total)
    );
    match parts.as_slice() {
        [] => {}
        [one] => out.push_str(&format!(", all of it {one}")),
        [init @ .., last] => {
            out.push_str(&format!(", mostly {} and {last}", init.join(", ")));
        }
    }
    out.push('.');
    if p.reuses_freed {
        out.push(' ');
        out.push_str(REUSE);
    }
    match savings.first() {
        Some(sv) if sv.serving.is_none() => out.push_str(&format!(
            " {} lowers it most, by {}.",
            sv.label,
            size(sv.saved)
        )),
        Some(sv) => out.push_str(&format!(
            " {} frees the most room in the pool: {}.",
            sv.label,
            size(sv.saved)
        )),
        None => out.push_str(" No single change among the suggestions lowers it."),
    }
    out
}

/// A part's label inside a sentence: each word lower-cased at its start, acronyms and names with
/// capitals further in kept as they are ("MPI and libraries per rank" → "MPI and libraries per
/// rank", "Optimizer states" → "optimizer states", "FP32 master weights" kept).
fn in_sentence(label: &str) -> String {
    label
        .split(' ')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) if !c.clone().any(char::is_uppercase) => {
                    format!("{}{}", f.to_lowercase(), c.as_str())
                }
                _ => w.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        // Keep acronyms (CUDA, KV, SCF, FFT, AMR) as they are.
        Some(f) if c.clone().next().is_some_and(|n| n.is_lowercase()) => {
            format!("the {}{}", f.to_lowercase(), c.as_str())
        }
        Some(f) => format!("the {f}{}", c.as_str()),
        None => String::new(),
    }
}

/// The CLI's table: one row per phase (start, duration, level, the largest parts), the peak
/// marked, then the sentence at the peak and the sources.
pub fn table(e: &Estimate, t: &Timeline, savings: &[Saving], units: UnitSystem) -> String {
    let size = |b: u64| format_bytes(b, units);
    let labels: Vec<String> = t.phases.iter().map(phase_label).collect();
    let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let mut out = format!(
        "Memory over one step of {} (timeline: {} phases)\n",
        whose(e),
        t.phases.len()
    );
    for (i, (p, l)) in t.phases.iter().zip(&labels).enumerate() {
        let pad = width - l.chars().count();
        let mark = match (i == t.peak, p.reuses_freed) {
            (true, _) => "▲ peak",
            (false, true) => "*",
            _ => "",
        };
        let mut top: Vec<(PartId, u64)> = p.parts.iter().copied().filter(|(_, b)| *b > 0).collect();
        crate::base::sat::sort_small(&mut top, |a, b| a.1 > b.1);
        let tops: Vec<String> = top
            .iter()
            .take(3)
            .map(|(id, b)| format!("{} {}", id.key(), size(*b)))
            .collect();
        out.push_str(&format!(
            "{l}{} {:>11} {:>12}  {:<26} {:>12} {mark}  {}\n",
            " ".repeat(pad),
            duration_text(t, p.start),
            duration_text(t, p.duration),
            timing_word(p),
            size(p.total),
            tops.join(", ")
        ));
    }
    out.push_str(&peak_sentence(e, t, savings, units));
    out.push('\n');
    out.push_str(&format!(
        "The peak equals the total ({}). Columns: start, duration, timing, level, largest parts.\n",
        size(e.per_device_bytes)
    ));
    out.push_str(&format!("Sources: {}.\n", sources(t, e).join("; ")));
    out
}

#[derive(serde::Serialize)]
struct PhaseJson<'a> {
    id: &'static str,
    label: String,
    step: Step,
    #[serde(skip_serializing_if = "Option::is_none")]
    span: Option<crate::analysis::timeline::Span>,
    start: f64,
    duration: f64,
    modelled: bool,
    total_bytes: u64,
    peak: bool,
    reuses_freed: bool,
    bytes: PartBytes<'a>,
}

struct PartBytes<'a>(&'a [(PartId, u64)]);

impl serde::Serialize for PartBytes<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (id, b) in self.0 {
            m.serialize_entry(id.key(), b)?;
        }
        m.end()
    }
}

#[derive(serde::Serialize)]
struct TimelineJson<'a> {
    clock: Clock,
    peak_phase: usize,
    peak_bytes: u64,
    peak_parts: Vec<&'static str>,
    peak_sentence: String,
    phases: Vec<PhaseJson<'a>>,
    sources: [&'static str; 2],
}

/// The timeline as a JSON object: `memcalc --timeline --json` adds it to the document as
/// `timeline`.
pub fn to_json(e: &Estimate, t: &Timeline, savings: &[Saving]) -> String {
    let doc = TimelineJson {
        clock: t.clock,
        peak_phase: t.peak,
        peak_bytes: t.peak_bytes(),
        peak_parts: t.peak_parts().iter().map(|(id, _)| id.key()).collect(),
        peak_sentence: peak_sentence(e, t, savings, UnitSystem::Binary),
        phases: t
            .phases
            .iter()
            .enumerate()
            .map(|(i, p)| PhaseJson {
                id: p.id.key(),
                label: phase_label(p),
                step: p.step,
                span: p.span,
                start: finite(p.start),
                duration: finite(p.duration),
                modelled: p.modelled,
                total_bytes: p.total,
                peak: i == t.peak,
                reuses_freed: p.reuses_freed,
                bytes: PartBytes(&p.parts),
            })
            .collect(),
        sources: sources(t, e),
    };
    serde_json::to_string(&doc).unwrap_or_default()
}

fn finite(x: f64) -> f64 {
    if x.is_finite() {
        x
    } else {
        0.0
    }
}

/// `doc` (a JSON document as `report::to_json_with_curve` writes it, one object and a newline)
/// with `timeline` as its last key.
pub fn with_timeline(doc: &str, timeline_json: &str) -> String {
    let body = doc.trim_end();
    match body.strip_suffix('}') {
        Some(head) if timeline_json.starts_with('{') => {
            format!("{head},\"timeline\":{timeline_json}}}\n")
        }
        _ => doc.to_string(),
    }
}

/// The timeline in the Chrome trace event format: one complete event (`X`) per phase on one
/// track, and one counter event (`C`) per part at each phase's start (its bytes, args
/// `{"bytes": n}`), with every counter set to 0 at the end. Timestamps are microseconds; without
/// a time model each phase is one second wide.
pub fn chrome_trace(e: &Estimate, t: &Timeline) -> String {
    let us = |x: f64| {
        let v = x * 1e6;
        if v.is_finite() && v >= 0.0 {
            v
        } else {
            0.0
        }
    };
    let mut ev: Vec<serde_json::Value> = Vec::new();
    ev.push(serde_json::json!({
        "name": "process_name", "ph": "M", "pid": 1, "tid": 1, "ts": 0,
        "args": {"name": format!("memcalc prediction: {}", whose(e))}
    }));
    for (i, p) in t.phases.iter().enumerate() {
        ev.push(serde_json::json!({
            "name": phase_label(p),
            "cat": "phase",
            "ph": "X",
            "ts": us(p.start),
            "dur": us(p.duration),
            "pid": 1,
            "tid": 1,
            "args": {
                "total_bytes": p.total,
                "modelled": p.modelled,
                "peak": i == t.peak,
            }
        }));
        for (id, b) in &p.parts {
            ev.push(serde_json::json!({
                "name": id.key(),
                "cat": "memory",
                "ph": "C",
                "ts": us(p.start),
                "pid": 1,
                "tid": 1,
                "args": {"bytes": b}
            }));
        }
    }
    if let Some(last) = t.phases.last() {
        for (id, _) in &last.parts {
            ev.push(serde_json::json!({
                "name": id.key(), "cat": "memory", "ph": "C", "ts": us(t.end()),
                "pid": 1, "tid": 1, "args": {"bytes": 0}
            }));
        }
    }
    let doc = serde_json::json!({
        "traceEvents": ev,
        "displayTimeUnit": "ms",
        "otherData": {
            "generator": "memcalc --trace",
            "clock": match t.clock { Clock::Seconds => "modelled seconds", Clock::Phases => "one second per phase (no time model)" },
            "peak_bytes": t.peak_bytes(),
            "format": SRC_TRACE,
        }
    });
    let mut out = serde_json::to_string(&doc).unwrap_or_default();
    out.push('\n');
    out
}

/// A measured PyTorch memory snapshot set beside the prediction.
#[derive(Debug, Clone, PartialEq)]
pub struct SnapshotCheck {
    /// Bytes allocated at the snapshot's highest point, from its allocation trace.
    pub measured_peak: u64,
    /// Bytes the segments held when the snapshot was taken (reserved).
    pub reserved: u64,
    pub predicted_peak: u64,
    /// The trace's allocation events read.
    pub events: usize,
}

/// Reads a PyTorch memory snapshot as JSON (`torch.cuda.memory._snapshot()`, pickled by
/// `torch.cuda.memory._dump_snapshot` and converted with `json.dump`; torch/cuda/memory.py and
/// torch/cuda/_memory_viz.py, PyTorch 2.1+): `segments` (each with `total_size`) and
/// `device_traces` (per device, events with `action` alloc / free_completed and `size`). The
/// measured peak is the highest running sum of the trace's allocations on device 0, plus what
/// the segments' blocks held before the trace began (active blocks not allocated in it).
pub fn check_snapshot(t: &Timeline, json: &str) -> Result<SnapshotCheck, String> {
    let v: serde_json::Value =
        serde_json::from_str(json).map_err(|e| format!("not a JSON snapshot: {e}"))?;
    let segments = v
        .get("segments")
        .and_then(|s| s.as_array())
        .ok_or("no `segments` list: not a torch.cuda.memory._snapshot()")?;
    let reserved: u64 = crate::base::sat::sum(
        segments
            .iter()
            .filter_map(|s| s.get("total_size").and_then(|x| x.as_u64())),
    );
    let active: u64 = crate::base::sat::sum(segments.iter().flat_map(|s| {
        s.get("blocks")
            .and_then(|b| b.as_array())
            .into_iter()
            .flatten()
            .filter(|b| b.get("state").and_then(|x| x.as_str()) == Some("active_allocated"))
            .filter_map(|b| b.get("size").and_then(|x| x.as_u64()))
    }));
    let traces = v
        .get("device_traces")
        .and_then(|d| d.as_array())
        .and_then(|d| d.first())
        .and_then(|d| d.as_array());
    let mut level: i128 = 0;
    let mut high: i128 = 0;
    let mut events = 0;
    // Allocated at the end of the trace, and the running high-water mark within it.
    for ev in traces.into_iter().flatten() {
        let size = i128::from(ev.get("size").and_then(|x| x.as_u64()).unwrap_or(0));
        match ev.get("action").and_then(|x| x.as_str()) {
            Some("alloc") => {
                level += size;
                events += 1;
            }
            Some("free_completed") => {
                level -= size;
                events += 1;
            }
            _ => {}
        }
        high = high.max(level);
    }
    // The blocks active at the snapshot that the trace's net level does not account for were
    // allocated before it began: they were alive throughout.
    let before = (i128::from(active) - level).max(0);
    let measured_peak = u64::try_from(high + before).unwrap_or(u64::MAX);
    Ok(SnapshotCheck {
        measured_peak,
        reserved,
        predicted_peak: t.peak_bytes(),
        events,
    })
}

/// The comparison's sentence.
pub fn snapshot_sentence(c: &SnapshotCheck, units: UnitSystem) -> String {
    let size = |b: u64| format_bytes(b, units);
    let pct = if c.measured_peak > 0 {
        (c.predicted_peak as f64 / c.measured_peak as f64 - 1.0) * 100.0
    } else {
        0.0
    };
    format!(
        "Measured snapshot: peak allocated {} over {} trace events, {} reserved by its segments; predicted peak {} ({:+.1} % of the measured peak allocated).",
        size(c.measured_peak),
        c.events,
        size(c.reserved),
        size(c.predicted_peak),
        pct
    )
}

/// One phase as the page's chart draws it (issue 42): plain data, keys as text.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PhaseView {
    pub label: String,
    /// Start and duration in the timeline's clock (seconds, or phases without a time model).
    pub start: f64,
    pub duration: f64,
    pub modelled: bool,
    pub total: u64,
    /// Each device part's key and bytes in this phase, in the breakdown's order; parts of 0
    /// bytes left out.
    pub parts: Vec<(String, u64)>,
}

/// The timeline as the page receives it: what `memcalc-charts`' timeline chart draws and its
/// tooltips say, so the page computes nothing.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct View {
    pub phases: Vec<PhaseView>,
    /// The peak phase's index.
    pub peak: usize,
    /// The x axis counts modelled seconds (else phases at equal width).
    pub seconds: bool,
    /// The sentence at the peak ([`peak_sentence`]).
    pub sentence: String,
    /// Whose memory: "the GPU", "pipeline stage 1 of 4 (the busiest)", "one node".
    pub whose: String,
    /// Each phase's tooltip ([`View::tooltip`]), written here so the page links no words.
    #[serde(default)]
    pub tooltips: Vec<String>,
}

/// The page's view of a timeline.
pub fn view(e: &Estimate, t: &Timeline, savings: &[Saving], units: UnitSystem) -> View {
    let mut v = View {
        phases: t
            .phases
            .iter()
            .map(|p| PhaseView {
                label: phase_label(p),
                start: finite(p.start),
                duration: finite(p.duration),
                modelled: p.modelled,
                total: p.total,
                parts: p
                    .parts
                    .iter()
                    .filter(|(_, b)| *b > 0)
                    .map(|(id, b)| (id.key().to_string(), *b))
                    .collect(),
            })
            .collect(),
        peak: t.peak,
        seconds: t.clock == Clock::Seconds,
        sentence: peak_sentence(e, t, savings, units),
        whose: whose(e),
        tooltips: Vec::new(),
    };
    v.tooltips = (0..v.phases.len())
        .filter_map(|i| v.tooltip(i, units))
        .collect();
    v
}

impl View {
    /// The phase's tooltip: its label, start and duration (modelled or not), its level and
    /// its largest parts.
    pub fn tooltip(&self, i: usize, units: UnitSystem) -> Option<String> {
        let p = self.phases.get(i)?;
        let time = |s: f64| {
            if self.seconds {
                crate::explain::speed::time(crate::speed::Time::of(s))
            } else {
                format!("phase {}", s.round() as u64 + 1)
            }
        };
        let mut top = p.parts.clone();
        crate::base::sat::sort_small(&mut top, |a, b| a.1 > b.1);
        let parts: Vec<String> = top
            .iter()
            .take(3)
            .map(|(k, b)| format!("{k} {}", format_bytes(*b, units)))
            .collect();
        Some(format!(
            "{}{}: {} ({}; from {}{}){}",
            p.label,
            if i == self.peak { ", the peak" } else { "" },
            format_bytes(p.total, units),
            parts.join(", "),
            time(p.start),
            if p.modelled {
                format!(", {} modelled", time(p.duration))
            } else {
                ", duration not modelled".to_string()
            },
            if i == self.peak {
                format!(". {}", self.sentence)
            } else {
                String::new()
            }
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::in_sentence;

    #[test]
    fn a_part_s_label_in_the_peak_sentence_keeps_its_acronyms() {
        assert_eq!(
            in_sentence("MPI and libraries per rank"),
            "MPI and libraries per rank"
        );
        assert_eq!(in_sentence("Optimizer states"), "optimizer states");
        assert_eq!(in_sentence("FP32 master weights"), "FP32 master weights");
        assert_eq!(in_sentence("KV cache pool"), "KV cache pool");
        assert_eq!(in_sentence("Logits and loss"), "logits and loss");
    }
}
