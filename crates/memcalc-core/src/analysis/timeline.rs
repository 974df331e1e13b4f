//! Memory over one step (issue 42): the estimate's parts, with the same ids and bytes, set along
//! the phases of a representative step of the busiest device or rank, so that the breakdown's
//! sum becomes a moment — the phase where every part the estimate counts is alive at once.
//!
//! The phases follow what the programs do, in order:
//! - training (PyTorch, "Understanding GPU Memory 1: Visualizing All Allocations over Time",
//!   pytorch.org/blog/understanding-gpu-memory-1, 2023: the first step allocates the optimizer's
//!   states at its optimizer step, each forward pass accumulates activations that the backward
//!   pass frees while gradients accumulate; Hugging Face, "Model training anatomy",
//!   huggingface.co/docs/transformers/model_memory_anatomy: the peak is a maximum over the
//!   phases): start-up (runtime and context, weights), then a first and a steady step, each a
//!   forward pass in groups of layers (under pipeline parallelism: in-flight micro-batches,
//!   1F1B's warm-up), the logits and loss, the remaining micro-batches (gradient accumulation,
//!   1F1B's steady phase), the backward pass and the optimizer step, and a checkpoint's gather;
//! - serving (vLLM v0.10 vllm/v1/worker/gpu_worker.py determine_available_memory: weights, a
//!   profile run at the token budget, CUDA graph capture, then the KV pool; llama.cpp
//!   src/llama-context.cpp: the KV cache, then the compute buffers reserved by
//!   ggml_backend_sched_reserve): start-up, the pool, a prefill, a decode step;
//! - simulations: set-up and partitioning, the state, a steady step with its halo buffers, the
//!   method's phase with its workspace (stencil update, collide and stream, neighbour-list
//!   rebuild, Krylov solve, FFT transposes, SCF iteration, AMR regrid, tree build), an output
//!   burst.
//!
//! Each part's bytes in a phase are a fraction (at most 1) of its bytes in the estimate, and one
//! phase holds every part whole: that phase is the peak and its level is the estimate's total
//! (`tests/timeline.rs` holds them equal over random scenarios). The allocator's own parts
//! (overhead, fragmentation, reserved) follow the high-water mark of the tensors, since a
//! caching allocator keeps what it reserved (PyTorch "CUDA semantics", Memory management).
//!
//! Durations come from the time model's terms (`speed`) where it has them, labelled modelled;
//! a phase no term covers (start-up, the optimizer step) is drawn as wide as the mean modelled
//! phase, labelled not modelled; without a time model every phase is one unit wide. Repeated
//! phases are grouped (at most [`GROUPS`] per run of layers or micro-batches), so the work is
//! bounded whatever the layer or micro-batch count.

use crate::catalog::parts::PartId;
use crate::model::{Component, Estimate, Location, Per};
use crate::scenario::sim::Method;
use crate::scenario::training::ZeroGrad;
use crate::scenario::{Mode, Recompute, Scenario};
use crate::speed::{Speed, Steps, TermId, Time};

/// Most phases a run of layers or micro-batches is drawn in.
pub const GROUPS: u64 = 4;

/// What a phase is. Its words are `report::timeline`'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseId {
    Context,
    WeightsLoad,
    Forward,
    LogitsLoss,
    MicroBatches,
    Backward,
    OptimizerFirst,
    OptimizerStep,
    SaveCheckpoint,
    ProfileRun,
    GraphCapture,
    KvAllocate,
    ComputeReserve,
    Prefill,
    Decode,
    Setup,
    StateAllocate,
    StepHalo,
    StencilUpdate,
    CollideStream,
    NeighbourRebuild,
    LinearSolve,
    FftTranspose,
    ScfIteration,
    Regrid,
    TreeBuild,
    OutputBurst,
}

impl PhaseId {
    /// The stable key in JSON and in the trace.
    pub fn key(self) -> &'static str {
        match self {
            PhaseId::Context => "context",
            PhaseId::WeightsLoad => "weights_load",
            PhaseId::Forward => "forward",
            PhaseId::LogitsLoss => "logits_loss",
            PhaseId::MicroBatches => "micro_batches",
            PhaseId::Backward => "backward",
            PhaseId::OptimizerFirst => "optimizer_first",
            PhaseId::OptimizerStep => "optimizer_step",
            PhaseId::SaveCheckpoint => "save_checkpoint",
            PhaseId::ProfileRun => "profile_run",
            PhaseId::GraphCapture => "graph_capture",
            PhaseId::KvAllocate => "kv_allocate",
            PhaseId::ComputeReserve => "compute_reserve",
            PhaseId::Prefill => "prefill",
            PhaseId::Decode => "decode",
            PhaseId::Setup => "setup",
            PhaseId::StateAllocate => "state_allocate",
            PhaseId::StepHalo => "step_halo",
            PhaseId::StencilUpdate => "stencil_update",
            PhaseId::CollideStream => "collide_stream",
            PhaseId::NeighbourRebuild => "neighbour_rebuild",
            PhaseId::LinearSolve => "linear_solve",
            PhaseId::FftTranspose => "fft_transpose",
            PhaseId::ScfIteration => "scf_iteration",
            PhaseId::Regrid => "regrid",
            PhaseId::TreeBuild => "tree_build",
            PhaseId::OutputBurst => "output_burst",
        }
    }
}

/// Which step a phase belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    StartUp,
    /// The first training step: no optimizer states yet.
    First,
    /// A step like every later one.
    Steady,
}

/// What a phase's span counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    Layers,
    MicroBatches,
}

/// The layers or micro-batches a grouped phase stands for, counted from 1, both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Span {
    pub unit: Unit,
    pub first: u64,
    pub last: u64,
    /// Of how many.
    pub of: u64,
}

/// One phase: when it starts, how long it lasts, and the bytes of each part alive in it.
#[derive(Debug, Clone, PartialEq)]
pub struct Phase {
    pub id: PhaseId,
    pub step: Step,
    pub span: Option<Span>,
    /// Seconds (or phases, without a time model) from the start of the timeline.
    pub start: f64,
    pub duration: f64,
    /// The duration is the time model's; otherwise equal spacing.
    pub modelled: bool,
    /// Every device part of the estimate, in its order, with its bytes in this phase (0: not
    /// alive).
    pub parts: Vec<(PartId, u64)>,
    pub total: u64,
    /// Gradients set to None between steps (PyTorch's `zero_grad(set_to_none=True)`) that
    /// outgrow the activations: they fill the blocks the backward pass freed from the
    /// activations and logits, which the estimate counts under those parts, and only their
    /// excess as gradients (model/neural/stage.rs). Here the activations' and logits' bytes
    /// stand for those blocks.
    pub reuses_freed: bool,
}

/// What the time axis counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Clock {
    Seconds,
    /// No time model: every phase one unit wide.
    Phases,
}

/// The timeline of the busiest device or rank (what `Estimate::busiest` names).
#[derive(Debug, Clone, PartialEq)]
pub struct Timeline {
    pub phases: Vec<Phase>,
    /// The phase with the highest level (the first of equals).
    pub peak: usize,
    pub clock: Clock,
    pub per: Per,
    pub method: Option<Method>,
}

impl Timeline {
    pub fn peak_phase(&self) -> &Phase {
        &self.phases[self.peak]
    }

    /// The highest level: the estimate's total.
    pub fn peak_bytes(&self) -> u64 {
        self.peak_phase().total
    }

    /// The parts alive at the peak, largest first.
    pub fn peak_parts(&self) -> Vec<(PartId, u64)> {
        let mut v: Vec<(PartId, u64)> = self
            .peak_phase()
            .parts
            .iter()
            .copied()
            .filter(|(_, b)| *b > 0)
            .collect();
        crate::base::sat::sort_small(&mut v, |a, b| a.1 > b.1);
        v
    }

    /// The end of the last phase.
    pub fn end(&self) -> f64 {
        self.phases.last().map_or(0.0, |p| p.start + p.duration)
    }
}

/// What a part does over a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// Runtime, context, interpreter, kept calibration: from the start.
    Context,
    /// Loaded before the first step and kept (weights, master copy, data, simulation state).
    Weights,
    Grads,
    Optimizer,
    Activations,
    Logits,
    /// ZeRO-3/FSDP's gathered layers, bucket and NCCL buffers, offload staging: alive from the
    /// first forward pass on.
    Comm,
    Kv,
    /// An engine's compute buffer (llama.cpp) or output buffer.
    Compute,
    Graphs,
    Save,
    /// The caching allocator's own: follows the tensors' high-water mark.
    Allocator,
    // Simulations.
    Halo,
    Neighbours,
    Work,
    Output,
}

fn role(id: PartId) -> Role {
    use PartId as P;
    match id {
        P::Runtime | P::Calibration | P::Interpreter | P::HostProcess | P::Tables => Role::Context,
        P::MasterCopies | P::Replicated => Role::Context,
        P::Gradients => Role::Grads,
        P::Optimizer => Role::Optimizer,
        P::Activations => Role::Activations,
        P::Logits => Role::Logits,
        P::GatheredLayers | P::CommBuffers | P::NcclBuffers | P::OffloadBuffer => Role::Comm,
        P::KvCache | P::LinearState => Role::Kv,
        P::ComputeBuffer | P::OutputBuffer => Role::Compute,
        P::CudaGraphs => Role::Graphs,
        P::StateDict => Role::Save,
        P::Overhead | P::Fragmentation | P::Reserved => Role::Allocator,
        P::Halo | P::CommBuffer | P::Exchange => Role::Halo,
        P::NeighborLists => Role::Neighbours,
        P::Work
        | P::Solver
        | P::Fft
        | P::Subspace
        | P::Mixing
        | P::ExxBuffers
        | P::LongRange
        | P::Ewald
        | P::PmGrid
        | P::Tree
        | P::CoarseFine
        | P::Qeq => Role::Work,
        P::OutputBuffers => Role::Output,
        _ => Role::Weights,
    }
}

/// A share of a part's bytes: `num / den`, at most 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Frac(u64, u64);

const FULL: Frac = Frac(1, 1);
const NONE: Frac = Frac(0, 1);

fn full_if(b: bool) -> Frac {
    if b {
        FULL
    } else {
        NONE
    }
}

/// A phase before its start and its allocator parts are set.
struct Draft {
    id: PhaseId,
    step: Step,
    span: Option<Span>,
    seconds: Option<f64>,
    alive: Box<dyn Fn(Role) -> Frac>,
    reuses_freed: bool,
}

fn draft(
    id: PhaseId,
    step: Step,
    span: Option<Span>,
    seconds: Option<f64>,
    alive: impl Fn(Role) -> Frac + 'static,
) -> Draft {
    Draft {
        id,
        step,
        span,
        seconds: seconds.filter(|s| s.is_finite() && *s >= 0.0),
        alive: Box::new(alive),
        reuses_freed: false,
    }
}

/// `n` items in at most [`GROUPS`] groups: each group's (first, last), counted from 1.
fn groups(n: u64) -> Vec<(u64, u64)> {
    let n = n.max(1);
    let g = n.min(GROUPS);
    (0..g).map(|i| (i * n / g + 1, (i + 1) * n / g)).collect()
}

fn seconds(t: Time) -> Option<f64> {
    t.seconds()
}

fn term_seconds(sp: Option<&Speed>, ids: &[TermId]) -> Option<f64> {
    let sp = sp?;
    let mut total = None;
    for t in sp.terms.iter().filter(|t| ids.contains(&t.id())) {
        total = Some(total.unwrap_or(0.0) + t.time.seconds()?);
    }
    total
}

/// The timeline of a validated scenario, its estimate and its time (if the time model has one).
pub fn timeline(s: &Scenario, e: &Estimate, sp: Option<&Speed>) -> Timeline {
    let drafts = match s.mode {
        Mode::Sim => sim(s, e, sp),
        Mode::Infer => serving(s, e, sp),
        Mode::Train | Mode::Finetune => training(s, e, sp),
    };
    let mut t = assemble(e, drafts);
    t.method = (s.mode == Mode::Sim).then_some(s.sim.method);
    t
}

fn assemble(e: &Estimate, drafts: Vec<Draft>) -> Timeline {
    let device: Vec<&Component> = e
        .components
        .iter()
        .filter(|c| c.location == Location::Device)
        .collect();
    let level = |c: &Component, f: Frac| crate::base::sat::mul_div(c.bytes, f.0.min(f.1), f.1);
    // The tensors' levels first; the allocator's parts follow their running maximum.
    let tensors: Vec<u64> = drafts
        .iter()
        .map(|d| {
            crate::base::sat::sum(
                device
                    .iter()
                    .filter(|c| role(c.id) != Role::Allocator)
                    .map(|c| level(c, (d.alive)(role(c.id)))),
            )
        })
        .collect();
    let top = tensors.iter().copied().max().unwrap_or(0);
    let modelled: Vec<f64> = drafts.iter().filter_map(|d| d.seconds).collect();
    let (clock, filler) = if modelled.is_empty() {
        (Clock::Phases, 1.0)
    } else {
        let mean = modelled.iter().sum::<f64>() / modelled.len() as f64;
        (Clock::Seconds, if mean > 0.0 { mean } else { 1.0 })
    };
    let mut high = 0u64;
    let mut start = 0.0f64;
    let mut phases = Vec::with_capacity(drafts.len());
    for (d, t) in drafts.iter().zip(&tensors) {
        high = high.max(*t);
        let parts: Vec<(PartId, u64)> = device
            .iter()
            .map(|c| {
                let f = match role(c.id) {
                    Role::Allocator if top == 0 => FULL,
                    Role::Allocator => Frac(high, top),
                    r => (d.alive)(r),
                };
                (c.id, level(c, f))
            })
            .collect();
        let total = crate::base::sat::sum(parts.iter().map(|p| p.1));
        let (duration, is_modelled) = match (clock, d.seconds) {
            (Clock::Seconds, Some(x)) => (x, true),
            _ => (filler, false),
        };
        phases.push(Phase {
            id: d.id,
            step: d.step,
            span: d.span,
            start,
            duration,
            modelled: is_modelled,
            parts,
            total,
            reuses_freed: d.reuses_freed,
        });
        let next = start + duration;
        start = if next.is_finite() { next } else { start };
    }
    // The highest level, and among equals (a sum saturated at the largest number) the first
    // phase that holds every part whole.
    let whole = |p: &Phase| p.parts.iter().zip(&device).all(|((_, b), c)| *b == c.bytes);
    let mut peak = 0;
    for (i, p) in phases.iter().enumerate() {
        let best = &phases[peak];
        if (p.total, whole(p)) > (best.total, whole(best)) {
            peak = i;
        }
    }
    Timeline {
        phases,
        peak,
        clock,
        per: e.per,
        method: None,
    }
}

/// The forward share of a training step's FLOPs: 2 of 6 per parameter and token without
/// recomputation, 2 of 8 with full recomputation (a second forward in the backward pass);
/// Narayanan et al., "Efficient Large-Scale Language Model Training on GPU Clusters Using
/// Megatron-LM", SC 2021, §5.1 (eq. 3 and its 4-pass variant).
fn forward_share(r: Recompute) -> f64 {
    match r {
        Recompute::Full => 0.25,
        _ => 1.0 / 3.0,
    }
}

/// The output layer's share of a forward pass: V/(16 L h) over 1 + s/(6h) + V/(16 L h)
/// (Narayanan et al. 2021, eq. 3).
fn logits_share(s: &Scenario) -> f64 {
    if !s.sciml.is_transformer() {
        return 0.0;
    }
    let a = s.shape().0;
    let (v, l, h, q) = (
        a.vocab as f64,
        a.layers.max(1) as f64,
        a.hidden.max(1) as f64,
        s.seq as f64,
    );
    let out = v / (16.0 * l * h);
    let r = out / (1.0 + q / (6.0 * h) + out);
    if r.is_finite() {
        r.clamp(0.0, 1.0)
    } else {
        0.0
    }
}

fn training(s: &Scenario, e: &Estimate, sp: Option<&Speed>) -> Vec<Draft> {
    let pp = s.parallel.pp.max(1);
    let stage_layers = e.components.iter().find_map(|c| match &c.values {
        crate::model::values::Values::Neural(
            crate::model::values::neural::NeuralValues::Activations(a),
        ) => Some((a.layers, a.in_flight)),
        _ => None,
    });
    let layers = if s.sciml.is_transformer() {
        stage_layers.map_or(s.shape().0.layers.div_ceil(pp), |(l, _)| l)
    } else {
        1
    };
    let in_flight = stage_layers.map_or(1, |(_, f)| f.max(1));
    let m = s
        .speed
        .micro_batches
        .unwrap_or(if pp > 1 { pp } else { 1 })
        .max(1);
    // Under pipeline parallelism a stage's activations grow with the micro-batches in flight
    // (1F1B's warm-up); otherwise layer by layer within one micro-batch.
    let pipelined = pp > 1 && in_flight > 1;
    let (unit, n_fwd) = if pipelined {
        (Unit::MicroBatches, in_flight.min(m))
    } else {
        (Unit::Layers, layers.max(1))
    };
    let fwd_mbs = if pipelined { n_fwd } else { 1 };
    // Seconds of one micro-batch, and of its forward, logits and backward.
    let (step_s, compute_s) = match sp.map(|x| x.steps) {
        Some(Steps::Training { step, .. }) => (
            seconds(step),
            term_seconds(sp, &[TermId::TrainCompute]).or(seconds(step)),
        ),
        Some(Steps::Surrogate { step, .. }) => (seconds(step), seconds(step)),
        _ => (None, None),
    };
    let per_mb = step_s.map(|x| x / m as f64);
    let per_mb_compute = compute_s.map(|x| x / m as f64);
    let f = forward_share(s.recompute);
    let o = logits_share(s);
    let fwd_total = per_mb_compute.map(|c| c * f * fwd_mbs as f64);
    let fwd_phase = fwd_total.map(|t| t * (1.0 - o));
    let logits_s = fwd_total.map(|t| t * o);
    let rest = m.saturating_sub(fwd_mbs);
    let middle_s = per_mb.map(|u| u * rest as f64);
    // The backward pass takes what is left of the step: its FLOPs and whatever the step spends
    // outside the compute (communication, the bubble).
    let bwd_total = match (step_s, fwd_total, middle_s) {
        (Some(st), Some(fw), Some(mid)) => Some((st - fw - mid).max(0.0)),
        _ => None,
    };
    let keep_grads = s.mech.zero_grad == ZeroGrad::Keep;
    // Gradients freed between steps that outgrow the activations and logits: the estimate
    // counts their excess, so the peak is the optimizer step, where they are whole.
    let grads_excess = !keep_grads
        && e.components
            .iter()
            .any(|c| c.id == PartId::Gradients && c.location == Location::Device && c.bytes > 0);
    let gs = groups(n_fwd);
    let count = gs.len() as f64;
    let mut d = vec![
        draft(PhaseId::Context, Step::StartUp, None, None, |r| {
            full_if(r == Role::Context)
        }),
        draft(PhaseId::WeightsLoad, Step::StartUp, None, None, |r| {
            full_if(matches!(r, Role::Context | Role::Weights))
        }),
    ];
    for step in [Step::First, Step::Steady] {
        let steady = step == Step::Steady;
        // What every phase of the step holds.
        let base = move |r: Role| -> bool {
            match r {
                Role::Optimizer => steady,
                Role::Grads => steady && keep_grads,
                Role::Activations | Role::Logits | Role::Save => false,
                _ => true,
            }
        };
        for &(a, b) in &gs {
            let span = Span {
                unit,
                first: a,
                last: b,
                of: n_fwd,
            };
            let share = Frac(b, n_fwd);
            d.push(draft(
                PhaseId::Forward,
                step,
                Some(span),
                fwd_phase.map(|t| t / count),
                move |r| match r {
                    Role::Activations => share,
                    r => full_if(base(r)),
                },
            ));
        }
        d.push(draft(
            PhaseId::LogitsLoss,
            step,
            None,
            logits_s,
            move |r| match r {
                Role::Activations | Role::Logits => FULL,
                r => full_if(base(r)),
            },
        ));
        if rest > 0 {
            let span = Span {
                unit: Unit::MicroBatches,
                first: fwd_mbs + 1,
                last: m,
                of: m,
            };
            d.push(draft(
                PhaseId::MicroBatches,
                step,
                Some(span),
                middle_s,
                move |r| match r {
                    Role::Activations | Role::Logits | Role::Grads => FULL,
                    r => full_if(base(r)),
                },
            ));
        }
        for &(a, b) in &gs {
            // The backward pass runs the groups in reverse: this one frees layers (or
            // micro-batches) n − b + 1 ..= n − a + 1.
            let span = Span {
                unit,
                first: n_fwd - b + 1,
                last: n_fwd - a + 1,
                of: n_fwd,
            };
            let left = Frac(n_fwd - b, n_fwd);
            let done = Frac(b, n_fwd);
            d.push(draft(
                PhaseId::Backward,
                step,
                Some(span),
                bwd_total.map(|t| t / count),
                move |r| match r {
                    Role::Activations => left,
                    Role::Grads if base(r) => FULL,
                    Role::Grads => done,
                    r => full_if(base(r)),
                },
            ));
        }
        let mut opt = draft(
            if steady {
                PhaseId::OptimizerStep
            } else {
                PhaseId::OptimizerFirst
            },
            step,
            None,
            None,
            move |r| match r {
                Role::Grads | Role::Optimizer => FULL,
                Role::Activations | Role::Logits if grads_excess => FULL,
                r => full_if(base(r)),
            },
        );
        opt.reuses_freed = grads_excess;
        d.push(opt);
    }
    if e.components
        .iter()
        .any(|c| c.id == PartId::StateDict && c.location == Location::Device && c.bytes > 0)
    {
        // The estimate counts the gather's excess over what the step frees (activations,
        // logits, gradients set to None): the gather reuses their blocks, so the phase holds
        // them all.
        d.push(draft(
            PhaseId::SaveCheckpoint,
            Step::Steady,
            None,
            None,
            |_| FULL,
        ));
    } else {
        // Without a save, the steady step's logits phase already holds every part; a save
        // part of 0 bytes changes nothing.
    }
    d
}

fn serving(s: &Scenario, e: &Estimate, sp: Option<&Speed>) -> Vec<Draft> {
    let has = |id: PartId| {
        e.components
            .iter()
            .any(|c| c.id == id && c.location == Location::Device && c.bytes > 0)
    };
    let pooled = e.serving.is_some();
    let graphs = has(PartId::CudaGraphs);
    let split = s.engine.splits();
    let (ttft, decode) = match sp.map(|x| x.steps) {
        Some(Steps::Inference {
            ttft, decode_step, ..
        }) => (seconds(ttft), seconds(decode_step)),
        Some(Steps::Surrogate { step, .. }) => (seconds(step), None),
        _ => (None, None),
    };
    let mut d = vec![
        draft(PhaseId::Context, Step::StartUp, None, None, |r| {
            full_if(r == Role::Context)
        }),
        draft(PhaseId::WeightsLoad, Step::StartUp, None, None, |r| {
            full_if(matches!(r, Role::Context | Role::Weights | Role::Comm))
        }),
    ];
    let loaded = |r: Role| matches!(r, Role::Context | Role::Weights | Role::Comm);
    if pooled {
        d.push(draft(
            PhaseId::ProfileRun,
            Step::StartUp,
            None,
            None,
            move |r| {
                full_if(loaded(r) || matches!(r, Role::Activations | Role::Logits | Role::Compute))
            },
        ));
    }
    // vLLM ≤ 0.10 captures its graphs after sizing the pool (`cuda_graphs=after`); later
    // versions and SGLang reserve them first.
    let after = s.cuda_graphs == crate::scenario::serving::CudaGraphs::After;
    if graphs && !after {
        d.push(draft(
            PhaseId::GraphCapture,
            Step::StartUp,
            None,
            None,
            move |r| full_if(loaded(r) || r == Role::Graphs),
        ));
    }
    if pooled || split {
        d.push(draft(
            PhaseId::KvAllocate,
            Step::StartUp,
            None,
            None,
            move |r| full_if(loaded(r) || r == Role::Kv || (r == Role::Graphs && !after)),
        ));
    }
    if graphs && after {
        d.push(draft(
            PhaseId::GraphCapture,
            Step::StartUp,
            None,
            None,
            move |r| full_if(loaded(r) || matches!(r, Role::Graphs | Role::Kv)),
        ));
    }
    if split && has(PartId::ComputeBuffer) {
        d.push(draft(
            PhaseId::ComputeReserve,
            Step::StartUp,
            None,
            None,
            move |r| full_if(loaded(r) || matches!(r, Role::Graphs | Role::Kv | Role::Compute)),
        ));
    }
    d.push(draft(PhaseId::Prefill, Step::Steady, None, ttft, |_| FULL));
    d.push(draft(
        PhaseId::Decode,
        Step::Steady,
        None,
        decode,
        move |r| full_if(!matches!(r, Role::Activations | Role::Logits)),
    ));
    d
}

/// The method's own phase, where its workspace is alive, and the terms that time it.
fn method_phase(m: Method) -> (PhaseId, &'static [TermId]) {
    match m {
        Method::Grid => (PhaseId::StencilUpdate, &[TermId::SimMemory]),
        Method::Lbm => (PhaseId::CollideStream, &[TermId::SimMemory]),
        Method::Particles => (
            PhaseId::NeighbourRebuild,
            &[TermId::MdPairs, TermId::MdTraffic],
        ),
        Method::Mesh => (
            PhaseId::LinearSolve,
            &[TermId::MeshSolve, TermId::MeshChain, TermId::SolveAllReduce],
        ),
        Method::Spectral => (PhaseId::FftTranspose, &[TermId::FftTranspose]),
        Method::Planewave => (
            PhaseId::ScfIteration,
            &[
                TermId::PwSubspace,
                TermId::PwDiagonalise,
                TermId::RsSubspace,
                TermId::RsEigensolve,
            ],
        ),
        Method::Amr => (PhaseId::Regrid, &[TermId::AmrAdvance]),
        Method::Nbody => (PhaseId::TreeBuild, &[TermId::NbodyTraffic, TermId::NbodyPm]),
    }
}

fn sim(s: &Scenario, e: &Estimate, sp: Option<&Speed>) -> Vec<Draft> {
    let m = s.sim.method;
    let step = match sp.map(|x| x.steps) {
        Some(Steps::Sim { step, .. }) => seconds(step),
        _ => None,
    };
    let (id, terms) = method_phase(m);
    let disk = term_seconds(sp, &[TermId::SimDisk]);
    // The step less its disk writes: its halo exchange (the halo terms) and the method's phase
    // (its terms, or what the halos leave of the step).
    let inner = step.map(|st| (st - disk.unwrap_or(0.0)).max(0.0));
    let halo_s = term_seconds(
        sp,
        &[
            TermId::SimHalo,
            TermId::MdGhosts,
            TermId::RsHalo,
            TermId::MeshGather,
        ],
    )
    .zip(inner)
    .map(|(h, i)| h.min(i));
    let method_s = match (term_seconds(sp, terms), inner) {
        (Some(w), Some(i)) => Some(w.min((i - halo_s.unwrap_or(0.0)).max(0.0))),
        (None, Some(i)) => Some((i - halo_s.unwrap_or(0.0)).max(0.0)),
        _ => None,
    };
    let particles = m == Method::Particles;
    let state = move |r: Role| {
        matches!(r, Role::Context | Role::Weights | Role::Compute | Role::Kv)
            || (particles && r == Role::Neighbours)
    };
    let stepping =
        move |r: Role| state(r) || matches!(r, Role::Halo | Role::Neighbours | Role::Comm);
    let output = e
        .components
        .iter()
        .any(|c| role(c.id) == Role::Output && c.location == Location::Device && c.bytes > 0);
    let mut d = vec![
        draft(PhaseId::Setup, Step::StartUp, None, None, |r| {
            full_if(r == Role::Context)
        }),
        draft(
            PhaseId::StateAllocate,
            Step::StartUp,
            None,
            None,
            move |r| full_if(state(r)),
        ),
        draft(PhaseId::StepHalo, Step::Steady, None, halo_s, move |r| {
            full_if(stepping(r))
        }),
        draft(id, Step::Steady, None, method_s, move |r| {
            full_if(r != Role::Output)
        }),
    ];
    if output {
        d.push(draft(
            PhaseId::OutputBurst,
            Step::Steady,
            None,
            disk,
            |_| FULL,
        ));
    }
    d
}
