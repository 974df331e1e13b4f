//! Words that depend on what is estimated: a physics run speaks of ranks, nodes and GPUs as the
//! run has them, a neural model of devices; the page and the exports take them from here.

use crate::base::choice::Choice;
use crate::model::Estimate;
use crate::model::Per;
use crate::scenario::planewave::DftArrays;
use crate::scenario::serving::Engine;
use crate::scenario::sim::SimDevice;
use crate::scenario::Mode;
use crate::schema::fields::FieldId as F;
use crate::schema::inputs::Inputs;

/// The results' heading: a CPU simulation is checked per node, a GPU one per GPU, a neural
/// model per device (the app and the first screen written before it both show it).
pub fn results_heading(mode: Mode, device: SimDevice) -> &'static str {
    match (mode, device) {
        (Mode::Sim, SimDevice::Cpu) => "Memory per node",
        (Mode::Sim, _) => "Memory per GPU",
        _ => "Memory per device",
    }
}

// The pluralising helper every counting sentence uses; it lives in `base` so that the answers
// (`analysis`) word their suggestions with it too.
pub use crate::base::units::{count, plural};

/// "1 sequence", "16 sequences": the count formulas and explanations multiply by.
pub fn sequences(n: u64) -> String {
    count(n, "sequence", "sequences")
}

/// The page's tagline under its title (the live header and the first screen written before it).
pub const TAGLINE: &str = "How much memory your model or simulation needs per GPU or node, part by part, with the formula and source behind every number.";

/// What a field's text is shown as when an estimate took it: empty, an option's label, or as is.
fn as_taken(id: crate::schema::fields::FieldId, text: &str) -> String {
    if text.is_empty() {
        return "empty".into();
    }
    crate::schema::fields::options(id)
        .into_iter()
        .find(|(v, _)| *v == text)
        .map_or_else(|| text.to_string(), |(_, label)| label.to_string())
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Under the verdict while a field is invalid (the live verdict and the first screen): which
/// fields the estimate shown leaves out and what it took for them (issue 29: never another
/// scenario's figures without saying so).
pub fn left_out(l: &crate::schema::lenient::Lenient) -> Option<String> {
    // Named as the form labels them in the estimate's mode.
    let mode = l.scenario.map_or(Mode::Train, |s| s.mode);
    let method = l
        .scenario
        .map_or(crate::scenario::sim::Method::Grid, |s| s.sim.method);
    let names: Vec<String> = l
        .left_out
        .iter()
        .map(|o| field_label_for(o.field.field(), mode, method).to_string())
        .collect();
    let list = and_list(&names);
    let (its, is) = match names.len() {
        0 => return None,
        1 => ("its value is", "is"),
        _ => ("their values are", "are"),
    };
    if l.scenario.is_none() {
        return Some(format!(
            "No estimate for these values: {list} {is} not valid, and the rest do not make a scenario without {}. The figures are the last valid result's; correct the highlighted fields to update them.",
            if names.len() == 1 { "it" } else { "them" }
        ));
    }
    let taken: Vec<String> = l
        .left_out
        .iter()
        .zip(&names)
        .enumerate()
        .map(|(i, (o, name))| {
            let verb = if i == 0 { " taken as " } else { " as " };
            format!("{name}{verb}{}", as_taken(o.field, &o.taken))
        })
        .collect();
    Some(format!(
        "Estimate without {list}: {its} not valid; {}. Correct the highlighted field{} to use {}.",
        taken.join(", "),
        if names.len() == 1 { "" } else { "s" },
        if names.len() == 1 { "it" } else { "them" }
    ))
}

/// The breakdown table's caption.
pub fn table_caption(e: &Estimate) -> String {
    match e.per {
        Per::Gpu => "Memory per GPU by part, and host memory per node".into(),
        Per::Node => "Memory per node by part (every rank on the node)".into(),
        Per::Device => "Memory per device by component".into(),
    }
}

/// The note beside the total.
pub fn total_note(e: &Estimate) -> &'static str {
    match e.per {
        Per::Gpu => "The sum of every GPU row for one GPU, not the largest one: all of them are resident at the peak. Host rows are the node's memory for that GPU's rank; disk rows are written to storage.",
        Per::Node => "The sum of every row for one node (each row is per rank × ranks per node), not the largest one: all of them are resident at the peak. Disk rows are written to storage.",
        Per::Device => "The sum of every GPU row, not the largest one: all of them are resident at the peak. Rows marked host are in CPU memory, rows marked disk are written to storage.",
    }
}

/// A field's help in this mode: some fields mean something else in a simulation.
pub fn field_help(f: &crate::schema::fields::Field, mode: Mode) -> &'static str {
    match (mode, f.id) {
        (Mode::Sim, F::Mode) => "A physics simulation: memory per rank, per node and per GPU from the discretisation, the code and the decomposition.",
        (Mode::Sim, F::Dtype) => "Bytes per value of the state arrays (fields, particles, distributions; N-body: the PM grid, particles use their struct's bytes): FP64 for most codes, FP32 on GPUs.",
        (Mode::Sim, F::Gpu) => "The GPU each rank runs on (GPU-resident codes, one rank per GPU).",
        (Mode::Sim, F::Runtime) => "CUDA or HIP context, kernels and library workspaces on each GPU, before any array.",
        (Mode::Sim, F::Overhead) => "Allocator rounding and temporaries of the solver, as a share of the arrays.",
        (Mode::Sim, F::Calibration) => "Memory added per rank (per GPU for GPU codes) to match a measurement; a bare number is MiB.",
        (Mode::Sim, F::GpuMem) => "Memory of each GPU, overriding the GPU picked above; a bare number is GiB, 80GB is decimal.",
        (Mode::Sim, F::Measured) => "The peak a run reported per rank (the code's own report) or per GPU (nvidia-smi).",
        _ => f.id.help(),
    }
}

/// A field's label in this mode and, in a simulation, this method: a plane-wave DFT run
/// (pw.x, ABINIT, SPARC) repeats SCF iterations, not time steps, so `steps` is named so there.
pub fn field_label_for(
    f: &crate::schema::fields::Field,
    mode: Mode,
    method: crate::scenario::sim::Method,
) -> &'static str {
    match (mode, method, f.id) {
        (Mode::Sim, crate::scenario::sim::Method::Planewave, F::Steps) => "SCF iterations",
        _ => field_label(f, mode),
    }
}

/// A field's help in this mode and method (see [`field_label_for`]).
pub fn field_help_for(
    f: &crate::schema::fields::Field,
    mode: Mode,
    method: crate::scenario::sim::Method,
) -> &'static str {
    match (mode, method, f.id) {
        (Mode::Sim, crate::scenario::sim::Method::Planewave, F::Steps) => "SCF iterations of the run (pw.x's electron_maxstep caps them; a relaxation or MD run repeats them per ionic step): the time is one iteration's times this count.",
        _ => field_help(f, mode),
    }
}

/// A field's label in this mode.
pub fn field_label(f: &crate::schema::fields::Field, mode: Mode) -> &'static str {
    match (mode, f.id) {
        (Mode::Sim, F::Runtime) => "CUDA context and libraries per GPU",
        (Mode::Sim, F::GpuMem) => "GPU memory (overrides the GPU)",
        _ => f.label,
    }
}

/// What, beside the mode, the method and the network, decides which fields the form shows. A
/// small value read from the inputs, so the form's groups are rebuilt only when it changes, not
/// on every keystroke.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Visibility {
    gpu_sim: bool,
    dft: DftArrays,
    paw: bool,
    engine: Engine,
}

impl Visibility {
    pub fn of(inputs: &Inputs) -> Visibility {
        Visibility {
            gpu_sim: inputs.get(F::SimDevice) == "gpu",
            dft: Choice::parse(inputs.get(F::DftArrays)).unwrap_or(DftArrays::Pwx),
            paw: inputs.get(F::Pseudopotential) == "paw",
            engine: Choice::parse(inputs.get(F::Engine)).unwrap_or(Engine::Hf),
        }
    }
}

/// Whether a field is shown: a CPU simulation has no GPU to pick, a GPU one no per-rank MPI
/// memory on the device. Each DFT code's arrays read their own inputs (scenario/planewave.rs):
/// ABINIT keeps the whole plane-wave set on every process, so k-point pools change nothing;
/// only SPARC splits the states into band groups and reads the Chebyshev degree, the
/// finite-difference order and the projector radius (its time); ABINIT's count and pw.x's with PAW read
/// the functional, only ABINIT's the smearing, the core correction and the symmetries, only
/// pw.x's DFT+U and exact exchange, pw.x's and ABINIT's with PAW the radial grid, and only ABINIT's with PAW the fine grid, the projectors per atom and the sphere radius. Only llama.cpp splits layers between
/// GPU and CPU (-ngl); the other engines keep every layer on the GPU.
pub fn shown(f: &crate::schema::fields::Field, mode: Mode, v: Visibility) -> bool {
    let no_gpu = mode == Mode::Sim && !v.gpu_sim && matches!(f.id, F::Gpu | F::GpuMem | F::Runtime);
    let other_code = match f.id {
        F::Pools => v.dft == DftArrays::Abinit,
        F::BandGroups | F::ChebDegree | F::FdOrder | F::ProjectorRadius => {
            v.dft != DftArrays::Sparc
        }
        F::Xc => !(v.dft == DftArrays::Abinit || (v.dft == DftArrays::Pwx && v.paw)),
        F::PawMesh => !v.paw || v.dft == DftArrays::Sparc,
        F::FineGrid | F::PawLmn | F::PawRadius => !(v.dft == DftArrays::Abinit && v.paw),
        F::Smearing | F::CoreCorrection | F::Symmetries => v.dft != DftArrays::Abinit,
        F::HubbardWfc | F::Exx | F::ExxNq | F::ExxKq | F::Ecutfock => v.dft != DftArrays::Pwx,
        F::GpuLayers | F::NCpuMoe | F::Ubatch | F::TensorSplit => v.engine != Engine::Llamacpp,
        _ => false,
    };
    !(no_gpu || other_code)
}

/// A form group's heading in this mode.
pub fn group_label(g: crate::schema::fields::Group, mode: Mode) -> &'static str {
    match (mode, g) {
        (Mode::Sim, crate::schema::fields::Group::Training) => "Precision",
        (Mode::Sim, crate::schema::fields::Group::Device) => "GPU and allocator",
        _ => g.label(),
    }
}

/// A select's options in this mode: a simulation is compared with the code's own per-rank
/// report or, on GPUs, nvidia-smi, never with PyTorch's counters (which the input rejects in
/// simulations); llama.cpp is not offered a KV cache format it does not have (FP8, FP64). The
/// option in use is always kept, so the control shows what the link says.
pub fn options(
    id: F,
    mode: Mode,
    v: Visibility,
    current: &str,
) -> Vec<(&'static str, &'static str)> {
    let all = crate::schema::fields::options(id);
    let kept = |id: &str| id.eq_ignore_ascii_case(current.trim());
    if id == F::KvDtype && v.engine == Engine::Llamacpp {
        // llama.cpp has no FP8 or FP64 cache (schema/validate.rs names its formats), and an
        // empty choice is its own default, F16 whatever the weights (common/common.h:
        // cache_type_k = GGML_TYPE_F16; `Scenario::kv_dtype`), not the weights' format.
        return all
            .into_iter()
            .filter(|(id, _)| !matches!(*id, "fp8" | "fp64") || kept(id))
            .map(|(id, label)| {
                if id.is_empty() {
                    (id, "llama.cpp's default (FP16)")
                } else {
                    (id, label)
                }
            })
            .collect();
    }
    if mode != Mode::Sim || id != F::MeasuredKind {
        return all;
    }
    all.into_iter()
        .filter(|(id, _)| *id == "rank" || (v.gpu_sim && *id == "nvidia_smi") || kept(id))
        .collect()
}
