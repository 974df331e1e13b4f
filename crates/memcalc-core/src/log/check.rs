//! What a log does to the scenario: the keys it states fill the form (the rest keep their
//! values and are named), every figure it reports is set beside the estimate's matching rows,
//! and the terms the estimate declares uncertain are calibrated from it — never a part the log
//! measures directly.
//!
//! The tolerance of each comparison is the accuracy the project has shown for that mechanism
//! (`docs/accuracy.md`, the "tolerance" column of the rows named); a figure without such a row
//! is compared and shown, never flagged.

use super::{Figure, Filled, Reading, Tool};
use crate::base::choice::Choice;
use crate::base::keys::FieldId as F;
use crate::catalog::parts::PartId;
use crate::model::calibrate;
use crate::model::{Estimate, Location};
use crate::scenario::measured::Measured;
use crate::scenario::{Mode, Scenario};
use crate::schema::inputs::Inputs;

/// The keys a tool's log can state, in the form's order: those it did not state are listed as
/// kept.
pub fn keys_of(tool: Tool) -> &'static [F] {
    match tool {
        Tool::Vllm => &[
            F::ModelId,
            F::Seq,
            F::Engine,
            F::GpuUtil,
            F::MaxBatchedTokens,
            F::MaxNumSeqs,
            F::CudaGraphs,
            F::Dtype,
            F::KvDtype,
            F::Quant,
            F::Tp,
            F::GpuMem,
            F::Runtime,
        ],
        Tool::LlamaCpp => &[
            F::Batch,
            F::Seq,
            F::Engine,
            F::GpuLayers,
            F::KvDtype,
            F::FlashAttention,
            F::Quant,
            F::Layers,
            F::Hidden,
            F::Heads,
            F::KvHeads,
            F::Ffn,
            F::Vocab,
            // Stated by a llama-server command only (log/launch.rs; issue 40, h-fsdp).
            F::Ubatch,
            F::TensorSplit,
            F::NCpuMoe,
            F::Pp,
        ],
        Tool::Lammps => &[
            F::Code,
            F::Particles,
            F::AtomStyle,
            F::Potential,
            F::Cutoff,
            F::Skin,
            F::Density,
            F::Ranks,
            F::Nodes,
            // Issue 37 (h-md): the loop's CPU use and the builds over the steps.
            F::CpuUse,
            F::NeighEvery,
        ],
        Tool::Pwx => &[
            F::Code,
            F::Ecutwfc,
            F::Ecutrho,
            F::CellVolume,
            F::Bands,
            F::Kpoints,
            F::Atoms,
            F::Species,
            F::Pseudopotential,
            F::Projectors,
            F::Pools,
            F::FftGrid,
            F::Ranks,
            F::Nodes,
        ],
        Tool::NvidiaSmi => &[F::Gpu, F::GpuMem],
        Tool::Pytorch | Tool::TimeV => &[],
        // The header's GPUs too (an sbatch script, log/launch.rs; issue 40, h-fsdp).
        Tool::Seff => &[F::Nodes, F::Ranks, F::Gpus, F::GpusPerNode],
        // SGLang: the server_args line and the scheduler's line (log/sglang.rs).
        Tool::DeepSpeed => &[
            F::Zero,
            F::Gpus,
            F::GpusPerNode,
            F::Params,
            // Stated by a ds_config.json only (log/launch.rs; issue 40, h-fsdp).
            F::Batch,
            F::MicroBatches,
            F::Dtype,
            F::BucketSize,
            F::Sharding,
            F::Offload,
        ],
        Tool::Gromacs => &[F::Code, F::Particles, F::Ranks, F::Cutoff, F::Skin],
        Tool::Gadget => &[F::Code, F::PartBytes, F::PmGrid, F::MaxMemSize],
        Tool::Openfoam => &[F::Code, F::Cells, F::Ranks],
        Tool::Abinit => &[
            F::Code,
            F::Ecutwfc,
            F::CellVolume,
            F::Bands,
            F::Kpoints,
            F::Atoms,
            F::Species,
            F::Betas,
            F::LmaxBeta,
            F::FftGrid,
            F::Xc,
            F::Smearing,
            F::CoreCorrection,
            F::Symmetries,
            F::Ranks,
        ],
        // Issue 40 (h-fsdp): torchrun, FSDP and TrainingArguments (log/trainer.rs).
        Tool::Trainer => &[
            F::Mode,
            F::Framework,
            F::Batch,
            F::MicroBatches,
            F::Dtype,
            F::Recompute,
            F::Optimizer,
            F::Zero,
            F::Sharding,
            F::Offload,
            F::Gpus,
            F::GpusPerNode,
        ],
        Tool::Sglang => &[
            F::ModelId,
            F::Seq,
            F::Engine,
            F::GpuUtil,
            F::MaxBatchedTokens,
            F::CudaGraphs,
            F::Dtype,
            F::KvDtype,
            F::Quant,
            F::Tp,
        ],
    }
}

/// The scenario a log fills.
#[derive(Debug, Clone)]
pub struct Applied {
    pub inputs: Inputs,
    /// The keys the log stated that took, each with its line.
    pub filled: Vec<Filled>,
    /// Keys the log stated that the form does not take (an unknown model, a value out of
    /// range), each with the form's reason; they keep their value.
    pub refused: Vec<(Filled, String)>,
    /// Keys the main tool's log can state but this one did not: they keep their value.
    pub kept: Vec<F>,
}

fn order(key: F) -> u8 {
    match key {
        F::Mode => 0,
        F::Code => 1,
        // A framework (a guard's link, issue 40) moves the settings its profile implies.
        F::Framework => 1,
        F::ModelId => 2,
        _ => 3,
    }
}

/// Fills `base` with what the log states: the mode first (its defaults move), then the code
/// (its profile), then the model (its shape), then every other key. A value the form refuses
/// goes back to what it was and is listed with the reason.
pub fn apply(reading: &Reading, base: &Inputs) -> Applied {
    let mut fills: Vec<Filled> = reading.filled.clone();
    fills.sort_by_key(|f| (order(f.key), f.key as usize));
    let mut inputs = base.clone();
    for f in &fills {
        match f.key {
            F::Mode | F::Code | F::Framework | F::ModelId => inputs.change(f.key, f.value.clone()),
            _ => inputs.set(f.key, f.value.clone()),
        }
    }
    let mut refused: Vec<(Filled, String)> = Vec::new();
    for _ in 0..4 {
        let Err(errors) = inputs.parse() else { break };
        let mut any = false;
        for e in &errors {
            if let Some(f) = fills.iter().find(|f| f.key == e.field) {
                if refused.iter().any(|(r, _)| r.key == f.key) {
                    continue;
                }
                inputs.set(f.key, base.get(f.key).to_string());
                refused.push((f.clone(), e.message.clone()));
                any = true;
            }
        }
        if !any {
            break;
        }
    }
    // An error on a key the log did not state (a shape it only half prints): the filled keys
    // are taken back one at a time, last first, while that lowers the errors.
    if let Err(errors) = inputs.parse() {
        let said: Vec<String> = errors.iter().map(|e| e.message.clone()).collect();
        let mut count = errors.len();
        for f in fills.iter().rev() {
            if refused.iter().any(|(r, _)| r.key == f.key)
                || matches!(f.key, F::Mode | F::Code | F::Engine)
            {
                continue;
            }
            let mut trial = inputs.clone();
            trial.set(f.key, base.get(f.key).to_string());
            let n = trial.parse().err().map_or(0, |e| e.len());
            if n < count {
                inputs = trial;
                refused.push((
                    f.clone(),
                    format!(
                        "with the other keys the log states, the form refuses it: {}",
                        said.join("; ")
                    ),
                ));
                count = n;
                if n == 0 {
                    break;
                }
            }
        }
    }
    let filled: Vec<Filled> = fills
        .into_iter()
        .filter(|f| !refused.iter().any(|(r, _)| r.key == f.key))
        .collect();
    let kept = reading
        .tool()
        .map(|t| {
            keys_of(t)
                .iter()
                .copied()
                .filter(|k| !filled.iter().any(|f| f.key == *k))
                .collect()
        })
        .unwrap_or_default();
    Applied {
        inputs,
        filled,
        refused,
        kept,
    }
}

/// The accuracy the project has shown for a mechanism: the largest error its rows allow, and
/// the rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown {
    pub tolerance_bp: u64,
    pub rows: &'static str,
}

/// One logged figure beside the estimate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compared {
    pub figure: Figure,
    pub line: usize,
    pub text: String,
    pub logged: u64,
    /// None: the estimate has no row this figure corresponds to for this scenario.
    pub estimated: Option<u64>,
    /// The estimate's rows that make up `estimated`.
    pub parts: Vec<PartId>,
    /// Estimate − logged, in hundredths of a percent of the logged figure.
    pub error_bp: Option<i64>,
    pub shown: Option<Shown>,
    /// Outside what the project has shown for the mechanism.
    pub flagged: bool,
    /// The mechanism to look at first when the two differ.
    pub mechanism: &'static str,
    /// A timing: which time figure and bound it is compared as (its band is the project's
    /// rows for that mechanism, `report::log_check::timing_band`).
    pub timed: Option<super::timing::Timed>,
}

fn parts_sum(e: &Estimate, parts: &[PartId], at: Location) -> Option<u64> {
    let hits: Vec<u64> = e
        .components
        .iter()
        .filter(|c| c.location == at && parts.contains(&c.id))
        .map(|c| c.bytes)
        .collect();
    (!hits.is_empty()).then(|| crate::base::sat::sum(hits))
}

fn error_bp(estimated: u64, logged: u64) -> i64 {
    let gap = estimated.abs_diff(logged);
    let e = crate::base::sat::mul_div(gap, 10_000, logged.max(1)).min(i64::MAX as u64) as i64;
    if estimated < logged {
        -e
    } else {
        e
    }
}

const VLLM_WEIGHTS: Shown = Shown {
    tolerance_bp: 100,
    rows: "VLLM-10511 (weights)",
};
const VLLM_POOL: Shown = Shown {
    tolerance_bp: 500,
    rows: "VLLM-10511, VLLM-2031 (KV pool)",
};
const LLAMA_BUFFERS: Shown = Shown {
    tolerance_bp: 100,
    rows: "LLAMACPP-LOG, OLLAMA-9352, LLAMAFILE-552 (buffers)",
};
const SIM_RANK: Shown = Shown {
    tolerance_bp: 1000,
    rows: "LAMMPS-LJ1 … LAMMPS-POT, QE-TEST (per-rank reports)",
};

const SIM_EWALD: Shown = Shown {
    tolerance_bp: 100,
    rows: "G4-COSMOBOX (Ewald table)",
};

/// Sets every figure of the log beside the estimate's matching rows.
pub fn compare(reading: &Reading, s: &Scenario, e: &Estimate) -> Vec<Compared> {
    let tool = reading.tool();
    let llama = tool == Some(Tool::LlamaCpp);
    // SGLang: no row of docs/accuracy.md reproduces its weights or pool yet (the one SGLang row
    // is among those that could not be reproduced), so its figures are compared, never flagged.
    let sglang = tool == Some(Tool::Sglang);
    let serving = e.serving.as_ref();
    let mut out = Vec::new();
    for l in &reading.logged {
        let mut row = Compared {
            figure: l.figure,
            line: l.line,
            text: l.text.clone(),
            logged: l.value,
            estimated: None,
            parts: Vec::new(),
            error_bp: None,
            shown: None,
            flagged: false,
            mechanism: "",
            timed: None,
        };
        let device = |parts: &[PartId]| (parts_sum(e, parts, Location::Device), parts.to_vec());
        let (est, parts, shown, mechanism): (Option<u64>, Vec<PartId>, Option<Shown>, &'static str) = match l.figure {
            Figure::Weights => {
                let (v, p) = device(&[PartId::Weights]);
                let shown = if llama { LLAMA_BUFFERS } else { VLLM_WEIGHTS };
                (v, p, Some(shown), "the weights' storage: the quantization format (quant, bpw) and which tensors stay in 16-bit, or the model's shape")
            }
            Figure::WeightsHost => {
                let (v, p) = (parts_sum(e, &[PartId::WeightsHost], Location::Host), vec![PartId::WeightsHost]);
                (v, p, Some(LLAMA_BUFFERS), "the layers left in host memory (gpu_layers) and the token embeddings")
            }
            Figure::KvBytes => {
                let (v, p) = device(&[PartId::KvCache]);
                let shown = if llama { LLAMA_BUFFERS } else { VLLM_POOL };
                let why = if llama {
                    "the cache's length and type (seq × batch, kv_dtype) and the KV heads"
                } else {
                    "the pool's budget: gpu_util × capacity less the weights, the profiled step, CUDA graphs and the runtime (the non-torch memory)"
                };
                (v, p, Some(shown), why)
            }
            Figure::KvTokens => (
                serving.map(|v| v.pool_tokens),
                vec![PartId::KvCache],
                Some(VLLM_POOL),
                "the pool's budget (see the KV memory), or the KV bytes per token (KV heads, head size, kv_dtype)",
            ),
            Figure::KvBlocks => (
                serving.map(|v| v.blocks),
                vec![PartId::KvCache],
                Some(VLLM_POOL),
                "the pool's budget (see the KV memory), or the KV bytes per token",
            ),
            Figure::Concurrency => {
                let per = reading
                    .filled(F::Seq)
                    .and_then(|f| f.value.parse::<u64>().ok())
                    .unwrap_or(s.seq)
                    .max(1);
                (
                    serving.map(|v| crate::base::sat::mul_div(v.pool_tokens, 1000, per)),
                    vec![PartId::KvCache],
                    Some(VLLM_POOL),
                    "the pool's tokens over the request length",
                )
            }
            Figure::ComputeBuffer => {
                let (v, p) = device(&[PartId::ComputeBuffer]);
                (v, p, Some(LLAMA_BUFFERS), "the micro-batch (n_ubatch, 512 in the estimate), flash attention and the vocabulary")
            }
            Figure::ComputeHost => {
                let (v, p) = (parts_sum(e, &[PartId::ComputeHost], Location::Host), vec![PartId::ComputeHost]);
                (v, p, Some(LLAMA_BUFFERS), "the graph's inputs in host memory")
            }
            Figure::CudaGraphs => {
                let (v, p) = device(&[PartId::CudaGraphs]);
                // Issue 40 (h-launch): SGLang's figure holds every captured size's logits.
                let why = if sglang {
                    "every captured batch size's FP32 logits, which SGLang keeps in the graphs' shared pool (the sizes × the vocabulary × 4 B: cuda_graph_runner.py output_buffers, logits_processor.py .float()) and the estimate does not model: its row is the largest size's working set, a lower bound (docs/accuracy.md)"
                } else {
                    "the captured batch sizes and the compilation mode, which the log does not state (a lower bound: docs/accuracy.md)"
                };
                (v, p, None, why)
            }
            Figure::NonTorch => {
                let (v, p) = device(&[PartId::Runtime]);
                (v, p, None, "the runtime key, which this log fills with it")
            }
            Figure::ActivationPeak => {
                let (v, p) = device(&[PartId::Activations]);
                (v, p, None, "the profiled step: max_batched_tokens, max_num_seqs, and V1's torch.compile path")
            }
            Figure::RankMemory | Figure::ProcessEstimate => {
                let c = checked(s, e, l.value, Measured::Rank);
                (Some(c.estimated), c.rows, Some(SIM_RANK), "the per-rank arrays: the inputs the log does not state (see the kept keys)")
            }
            Figure::Reserved => {
                let c = checked(s, e, l.value, Measured::Reserved);
                (Some(c.estimated), c.rows, None, "activations and the allocator's slack (overhead, fragmentation)")
            }
            Figure::Allocated => {
                let c = checked(s, e, l.value, Measured::Allocated);
                (Some(c.estimated), c.rows, None, "activations and temporaries")
            }
            Figure::DeviceUsed => {
                let c = checked(s, e, l.value, Measured::NvidiaSmi);
                (Some(c.estimated), c.rows, None, "the CUDA context and libraries (runtime), or other processes on the device")
            }
            Figure::MaxRss => {
                if s.mode == Mode::Sim {
                    // One process's resident peak: one rank with everything it maps.
                    (Some(e.per_rank_bytes), Vec::new(), None, "the bare process (rank_overhead) and the language runtime")
                } else {
                    (None, Vec::new(), None, "host memory of a neural run is not one process's peak in the estimate")
                }
            }
            Figure::JobMemory => {
                if s.mode == Mode::Sim {
                    (Some(crate::mul!(e.per_rank_bytes, s.sim.ranks)), Vec::new(), None, "every rank's peak summed, as Slurm sums the tasks' MaxRSS")
                } else {
                    (None, Vec::new(), None, "a neural run's host memory is not summed over tasks in the estimate")
                }
            }
            Figure::WallMs => (None, Vec::new(), None, "a run's wall time holds its start-up and output: its rate (timing lines) is what is set beside the time model"),
            // Timing lines (issue 40): log/timing.rs.
            Figure::DecodeRate
            | Figure::PrefillRate
            | Figure::GenerationRate
            | Figure::StepRate
            | Figure::ScfIterationUs => {
                let (v, why, timed) = super::timing::compare(l.figure, reading, s, e);
                row.timed = timed;
                (v, Vec::new(), None, why)
            }
            // GADGET-4's memory report (log/gadget.rs).
            Figure::LargestAllocation => (None, Vec::new(), None, "GADGET-4's high-water mark includes the tree walk's fetch buffers (gwalk.cc Foreign_Points, Foreign_Nodes), sized from what MaxMemSize leaves free, not from the particles: read, not compared"),
            Figure::EwaldTable => (
                e.component(PartId::Ewald).map(|c| c.bytes),
                vec![PartId::Ewald],
                Some(SIM_EWALD),
                "the Ewald correction table's side and entry size (ewald.cc), which depend on the build (DOUBLEPRECISION) not on the particles",
            ),
            // DeepSpeed's estimator: its own estimate, not a measurement, for one offload setting.
            Figure::ZeroStates | Figure::ZeroStatesOffloadOptimizer | Figure::ZeroStatesOffloadAll => {
                use crate::scenario::Offload;
                let row = match l.figure {
                    Figure::ZeroStates => Offload::None,
                    Figure::ZeroStatesOffloadOptimizer => Offload::Optimizer,
                    _ => Offload::All,
                };
                let states = [PartId::Weights, PartId::MasterWeights, PartId::Gradients, PartId::Optimizer];
                if s.mode.trains() && s.parallel.offload == row {
                    let (v, p) = device(&states);
                    (v, p, None, "DeepSpeed's own estimate, not a measurement (stage3.py / stage_1_and_2.py estimate_zero*_model_states_mem_needs: 16-bit parameters and gradients, FP32 master weights and Adam moments at 18 bytes per parameter over the GPUs, the largest layer gathered): the model-state rows here")
                } else {
                    (None, Vec::new(), None, "a row of DeepSpeed's table for another offload setting than the scenario's")
                }
            }
        };
        let shown = if sglang { None } else { shown };
        let mechanism = if sglang && matches!(l.figure, Figure::KvBytes | Figure::KvTokens) {
            "SGLang's pool: the memory free after loading less (1 − mem_fraction_static) × the memory free before it (model_runner.py profile_max_num_token), so the fraction (gpu_util), the weights and what the runtime held by then; or the KV bytes per token"
        } else {
            mechanism
        };
        row.estimated = est;
        row.parts = parts;
        row.shown = shown;
        row.mechanism = mechanism;
        if let Some(v) = est.filter(|_| l.value > 0) {
            let err = error_bp(v, l.value);
            row.error_bp = Some(err);
            row.flagged = shown.is_some_and(|sh| err.unsigned_abs() > sh.tolerance_bp);
        }
        out.push(row);
    }
    out
}

fn checked(s: &Scenario, e: &Estimate, measured: u64, kind: Measured) -> calibrate::Check {
    let mut m = *s;
    m.measured = Some(measured);
    m.measured_kind = kind;
    calibrate::check(&m, e).expect("a measured figure is set")
}

/// A calibration the log supports: a key the estimate declares uncertain, its value before
/// and after, and the figure it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Calibrated {
    pub key: F,
    pub before: String,
    pub after: String,
    pub line: usize,
    pub why: String,
}

/// The terms the log calibrates. vLLM: the runtime (the non-torch memory) from the KV pool
/// when the log does not print it and the weights agree; a total peak (nvidia-smi, PyTorch's
/// reserved or allocated, a simulation code's per-rank report) is kept as `measured` and
/// `measured_kind`, so the check travels with the link, and where the estimate is below it the
/// difference is kept as the `calibration` row; `/usr/bin/time -v` of one simulation rank: the
/// bare process (`rank_overhead`). Nothing the log measures directly is calibrated.
pub fn calibrate(
    reading: &Reading,
    s: &Scenario,
    e: &Estimate,
    compared: &[Compared],
    inputs: &Inputs,
) -> Vec<Calibrated> {
    let mut out = Vec::new();
    let get = |f: Figure| compared.iter().find(|c| c.figure == f);
    // Only when the weights agree: then the shape and storage are right and the pool's
    // difference is the memory outside it, not a wrong model.
    let weights_agree = get(Figure::Weights).is_some_and(|w| w.estimated.is_some() && !w.flagged);
    if reading.tool() == Some(Tool::Vllm)
        && reading.figure(Figure::NonTorch).is_none()
        && weights_agree
    {
        if let Some(sv) = e.serving.as_ref() {
            // The logged pool in bytes: as printed, or its tokens or blocks times the bytes of a
            // token (which the weights' agreement makes the estimate's own).
            let logged = get(Figure::KvBytes)
                .map(|k| (k.logged, k.line))
                .or_else(|| {
                    get(Figure::KvTokens).map(|k| (crate::mul!(k.logged, sv.token_bytes), k.line))
                })
                .or_else(|| {
                    get(Figure::KvBlocks).map(|k| {
                        (
                            crate::mul!(k.logged, sv.block_tokens, sv.token_bytes),
                            k.line,
                        )
                    })
                });
            if let Some((logged, line)) = logged {
                // The pool is what the budget leaves: a pool larger than logged means more
                // memory outside it, which the estimate holds in `runtime`.
                let runtime =
                    ((s.runtime_mib as i128) << 20) + sv.pool_bytes as i128 - logged as i128;
                let mib = (runtime.max(0) as u64).div_ceil(1 << 20);
                let before = inputs.get(F::Runtime).to_string();
                if sv.pool_bytes > 0 && mib.to_string() != before {
                    out.push(Calibrated {
                        key: F::Runtime,
                        before,
                        after: mib.to_string(),
                        line,
                        why: "vLLM's KV pool is what its budget leaves after the weights, the profiled step, CUDA graphs and the non-torch memory; the log does not print the non-torch memory, so it is fitted to the logged pool (the runtime row)".into(),
                    });
                }
            }
        }
    }
    let total = [
        (Figure::DeviceUsed, Measured::NvidiaSmi),
        (Figure::Reserved, Measured::Reserved),
        (Figure::Allocated, Measured::Allocated),
        (Figure::RankMemory, Measured::Rank),
        (Figure::ProcessEstimate, Measured::Rank),
    ];
    let total_figure = total
        .iter()
        .find_map(|(f, k)| reading.figure(*f).filter(|l| l.value > 0).map(|l| (l, *k)));
    if let Some((l, kind)) = total_figure {
        // In bytes, as the canonical link writes a size: exact.
        out.push(Calibrated {
            key: F::Measured,
            before: inputs.get(F::Measured).to_string(),
            after: format!("{}B", l.value),
            line: l.line,
            why: "the logged peak, kept so the check travels with the link".into(),
        });
        out.push(Calibrated {
            key: F::MeasuredKind,
            before: inputs.get(F::MeasuredKind).to_string(),
            after: kind.id().to_string(),
            line: l.line,
            why: "which rows the tool counts".into(),
        });
        let direct = matches!(kind, Measured::Rank);
        if !direct {
            let c = checked(s, e, l.value, kind);
            if let Some(cal) = c.suggested_calibration {
                out.push(Calibrated {
                    key: F::Calibration,
                    before: inputs.get(F::Calibration).to_string(),
                    after: format!("{cal}B"),
                    line: l.line,
                    why: "the difference the tool sees beyond the estimate's rows, kept as its own row (the calibration key)".into(),
                });
            }
        }
    }
    if s.mode == Mode::Sim {
        if let Some(rss) = get(Figure::MaxRss) {
            if let Some(est) = rss.estimated {
                let overhead = ((s.sim.rank_mib as i128) << 20) + rss.logged as i128 - est as i128;
                let mib = (overhead.max(0) as u64).div_ceil(1 << 20);
                out.push(Calibrated {
                    key: F::RankOverhead,
                    before: inputs.get(F::RankOverhead).to_string(),
                    after: mib.to_string(),
                    line: rss.line,
                    why: "a process's resident peak is its arrays plus the bare process (MPI, libraries, the interpreter): the bare process is fitted".into(),
                });
            }
        }
    }
    out
}

/// Everything a log gives, in one answer.
#[derive(Debug, Clone)]
pub struct LogAnswer {
    pub reading: Reading,
    pub applied: Applied,
    pub compared: Vec<Compared>,
    pub calibrated: Vec<Calibrated>,
    /// The inputs with the calibration applied: what the link keeps.
    pub inputs: Inputs,
    /// The scenario after filling and calibrating, when valid.
    pub scenario: Option<Scenario>,
}

impl LogAnswer {
    /// The fields the answer changes from `base`, leaving out `locked` ones: what a page applies
    /// as one step (nothing when the log was not recognised).
    pub fn patch(&self, base: &Inputs, locked: &[F]) -> Vec<(F, String)> {
        if !self.reading.recognised() {
            return Vec::new();
        }
        F::ALL
            .iter()
            .copied()
            .filter(|k| !locked.contains(k) && self.inputs.get(*k) != base.get(*k))
            .map(|k| (k, self.inputs.get(k).to_string()))
            .collect()
    }

    /// The median of the absolute errors of the memory figures set beside the estimate (basis
    /// points); the timings have their own ([`LogAnswer::median_timing_error_bp`]).
    pub fn median_error_bp(&self) -> Option<u64> {
        median(
            self.compared
                .iter()
                .filter(|c| !super::timing::is_timing(c.figure))
                .filter_map(|c| c.error_bp.map(i64::unsigned_abs))
                .collect(),
        )
    }

    /// The median of the absolute errors of the timings set beside the time model.
    pub fn median_timing_error_bp(&self) -> Option<u64> {
        median(
            self.compared
                .iter()
                .filter(|c| super::timing::is_timing(c.figure))
                .filter_map(|c| c.error_bp.map(i64::unsigned_abs))
                .collect(),
        )
    }
}

pub fn median(mut v: Vec<u64>) -> Option<u64> {
    if v.is_empty() {
        return None;
    }
    v.sort_unstable();
    let n = v.len();
    Some(if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2
    })
}

/// Reads a log onto `base`: fill, compare, calibrate. An unrecognised text changes nothing.
pub fn answer(text: &str, base: &Inputs) -> LogAnswer {
    answer_of(super::read(text), base)
}

/// The answer of a finished [`super::Reader`].
pub fn answer_of(reading: Reading, base: &Inputs) -> LogAnswer {
    if !reading.recognised() {
        return LogAnswer {
            applied: Applied {
                inputs: base.clone(),
                filled: Vec::new(),
                refused: Vec::new(),
                kept: Vec::new(),
            },
            reading,
            compared: Vec::new(),
            calibrated: Vec::new(),
            inputs: base.clone(),
            scenario: base.parse().ok(),
        };
    }
    let applied = apply(&reading, base);
    let Ok(s) = applied.inputs.parse() else {
        return LogAnswer {
            inputs: applied.inputs.clone(),
            applied,
            reading,
            compared: Vec::new(),
            calibrated: Vec::new(),
            scenario: None,
        };
    };
    let e = crate::model::estimate(&s);
    let compared = compare(&reading, &s, &e);
    let calibrated = calibrate(&reading, &s, &e, &compared, &applied.inputs);
    let mut inputs = applied.inputs.clone();
    for c in &calibrated {
        inputs.set(c.key, c.after.clone());
    }
    // Timing lines (issue 40): the efficiency of the bound each timed step is under, fitted on
    // the scenario that already carries the memory calibration (log/timing.rs).
    let mut reading = reading;
    let mut calibrated = calibrated;
    if let Ok(sc) = inputs.parse() {
        let rows: Vec<super::timing::Row> = compared
            .iter()
            .map(|c| super::timing::Row {
                figure: c.figure,
                logged: c.logged,
                line: c.line,
                timed: c.timed,
            })
            .collect();
        let (fits, notes) = super::timing::calibrate(&reading, &sc, &rows, &inputs);
        for f in fits {
            inputs.set(f.key, f.after.clone());
            calibrated.push(Calibrated {
                key: f.key,
                before: f.before,
                after: f.after,
                line: f.line,
                why: f.why,
            });
        }
        for n in notes {
            if !reading.notes.contains(&n) {
                reading.notes.push(n);
            }
        }
    }
    let scenario = inputs.parse().ok();
    LogAnswer {
        reading,
        applied,
        compared,
        calibrated,
        inputs,
        scenario,
    }
}
