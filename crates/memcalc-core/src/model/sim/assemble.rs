//! The run-level parts every method shares (replicated data, interpreter, history, output
//! buffers, allocator overhead, runtime, host side, disk output and restart files) and the
//! assembly of the estimate per node or per GPU.

use super::domain::*;
use super::values::SimPart;
use crate::base::choice::Choice;
use crate::base::units::{format_fixed, group_digits as g};
use crate::catalog::parts::PartId;
use crate::model::values::legacy;
use crate::model::words;
use crate::model::{Component, Estimate, Location};
use crate::scenario::sim::*;
use crate::scenario::{Mode, Scenario};

const SRC_HISTORY: &str = "Snapshots and output frames are the prognostic state; binomial checkpointing after Griewank & Walther 2000 (Algorithm 799: revolve)";
const SRC_MIRROR: &str = "FluidX3D src/opencl.hpp (Memory<T>: a host buffer beside every device buffer); CUDA codes with host staging copies";
const SRC_REPLICATED: &str = "Replicated (non-distributed) data in MPI codes: every rank allocates the whole array (e.g. WRF's boundary and forcing tables on each task, global coarse meshes of multigrid, immersed-boundary geometry)";
const SRC_LANGUAGE: &str = "Measured on 2026-11-30 (Linux x86-64, 2 ranks, VmRSS after MPI_Init and a barrier; MPICH 5.0.2 and mpi4py 4.1.2 from PyPI): a C rank 16.0 MiB; Python 3.11.7 + NumPy 2.4.6 + mpi4py 41.4 MiB; with SciPy 1.17.1 imported 75.8 MiB. GPAW, a Python DFT code, prints 'Process memory now: 69.03 MiB' before its arrays";
const SRC_CUDA_CONTEXT: &str = "NVIDIA CUDA C++ Programming Guide, 'Lazy Loading' (CUDA 11.7 and later load a module's kernels on first use, so a context holds a few hundred MiB before any array, more with eager loading); read it with nvidia-smi after the code's first CUDA call";
const SRC_SIM_ALLOCATOR: &str = "glibc malloc (mallopt: allocations above M_MMAP_THRESHOLD, 128 KiB by default, are mapped whole pages; smaller ones share arenas that keep freed blocks); compare a code's own report with VmHWM in /proc/<pid>/status to measure the gap";
const SRC_RANK: &str = "Per-process memory outside the solver's arrays (MPI eager buffers, libraries, executable): tens to hundreds of MiB per rank; measure with your code's report or /proc/<pid>/status";

/// The estimate from a method's parts: the run-level parts added, shown per node or per GPU.
pub(super) fn assemble(s: &Scenario, mp: MethodParts) -> Estimate {
    let m = &s.sim;
    let mut parts = mp.parts;
    if m.replicated_mib > 0 {
        let bytes = m.replicated_mib << 20;
        parts.push(Part { id: PartId::Replicated, label: "Data replicated on every rank", rank_bytes: bytes, total_bytes: crate::mul!(bytes, m.ranks), location: Location::Device,
            formula: words!("{} MiB on each of {} ranks", g(m.replicated_mib), g(m.ranks)),
            question: crate::text!("Why doesn't this part shrink with more ranks?"),
            explanation: crate::text!("Forcing tables, geometry, immersed-boundary facets or a coarse mesh that every rank keeps whole: adding ranks multiplies it instead of splitting it, and with many ranks per node it can outweigh the decomposed fields.".into()),
            source: crate::text!(SRC_REPLICATED), values: None });
    }
    // An interpreter lives in the rank's host process: on a CPU node it is node memory like
    // the arrays; a GPU code's rank keeps it on the host (added to the host process below).
    let interpreter = m.language.mib() << 20;
    if interpreter > 0 && m.device == SimDevice::Cpu {
        parts.push(Part { id: PartId::Interpreter, label: "Interpreter and modules per rank", rank_bytes: interpreter, total_bytes: crate::mul!(interpreter, m.ranks), location: Location::Device,
            formula: words!("{} MiB ({}) on each of {} ranks", m.language.mib(), m.language.id(), g(m.ranks)),
            question: crate::text!("What does a Python rank cost before any array?"),
            explanation: crate::text!("Each rank runs its own interpreter with the modules it imports (NumPy, SciPy, mpi4py): code, tables and heap resident before the simulation allocates anything, above what a compiled MPI program needs.".into()),
            source: crate::text!(SRC_LANGUAGE), values: None });
    }
    let ratio = m.compression_c.max(100);
    let compressed = |v: u64| crate::base::sat::mul_div(v, 100, ratio);
    let snap = mp.snapshot_rank;

    let snap_all = mp.snapshot_total;
    let mut history = crate::mul!(compressed(snap), m.snapshots);
    let mut history_all = crate::mul!(compressed(snap_all), m.snapshots);
    let mut history_formula = words!(
        "{} snapshots × {} B ÷ {} (compression)",
        m.snapshots,
        g(snap),
        format_fixed(ratio, 2)
    );
    let mut recompute = String::new();
    match m.adjoint {
        Adjoint::None => {}
        Adjoint::StoreAll => {
            history = crate::add!(history, crate::mul!(snap, m.steps));
            history_all = crate::add!(history_all, crate::mul!(snap_all, m.steps));
            history_formula.push_str(&words!(" + {} steps × {} B (adjoint)", g(m.steps), g(snap)));
        }
        Adjoint::Checkpoint => {
            history = crate::add!(history, crate::mul!(snap, m.adjoint_snapshots));
            history_all = crate::add!(history_all, crate::mul!(snap_all, m.adjoint_snapshots));
            history_formula.push_str(&words!(
                " + {} checkpoints × {} B (adjoint)",
                m.adjoint_snapshots,
                g(snap)
            ));
            recompute = match revolve_repetitions(m.adjoint_snapshots, m.steps) {
                Some(t) => words!(" Binomial checkpointing with {} snapshots over {} steps recomputes the forward run about {t} extra time{}.", m.adjoint_snapshots, g(m.steps), if t == 1 { "" } else { "s" }),
                None => " Too few snapshots for this many steps.".into(),
            };
        }
    }
    if history > 0 {
        parts.push(Part { id: PartId::History, label: "History in memory", rank_bytes: history, total_bytes: history_all, location: Location::Device,
            formula: words!("{history_formula} = {} B", g(history)),
            question: crate::text!("Why does memory grow with the number of steps?"),
            explanation: crate::text!(words!("Snapshots kept in memory for analysis{}, each a copy of the prognostic state of the rank.{recompute}",
                if m.adjoint != Adjoint::None { " and the forward states an adjoint or differentiable run reads backwards" } else { "" })),
            source: crate::text!(SRC_HISTORY), values: None });
    }
    if m.output_every > 0 {
        let buf = compressed(snap);
        parts.push(Part {
            id: PartId::OutputBuffers,
            label: "Output buffers",
            rank_bytes: buf,
            total_bytes: compressed(snap_all),
            location: Location::Device,
            formula: words!("{} B ÷ {} = {} B", g(snap), format_fixed(ratio, 2), g(buf)),
            question: crate::text!("What does writing output cost in memory?"),
            explanation: crate::text!(
                "One output frame is gathered and compressed in memory before it is written."
                    .into()
            ),
            source: crate::text!(SRC_HISTORY),
            values: None,
        });
    }
    let ranks_per_node = m.ranks.div_ceil(m.nodes);
    let gpu = m.device == SimDevice::Gpu;
    let tensors: u64 = crate::base::sat::sum(parts.iter().map(|p| p.rank_bytes));
    let all_tensors: u64 = crate::base::sat::sum(parts.iter().map(|p| p.total_bytes));
    let overhead = crate::base::sat::mul_div(tensors, s.overhead_bp, 10_000);
    parts.push(Part { id: PartId::Overhead, label: "Allocator overhead", rank_bytes: overhead, total_bytes: crate::base::sat::mul_div(all_tensors, s.overhead_bp, 10_000), location: Location::Device,
        formula: words!("{} % × {} B = {} B", format_fixed(s.overhead_bp, 2), g(tensors), g(overhead)),
        question: crate::text!("Why add an overhead?"),
        explanation: crate::text!("Allocators round and fragment, and solvers allocate temporaries; this setting adds a share of the arrays above.".into()),
        source: crate::text!(SRC_SIM_ALLOCATOR), values: None });
    let runtime = if gpu {
        s.runtime_mib << 20
    } else {
        m.rank_mib << 20
    };
    parts.push(Part { id: PartId::Runtime, label: if gpu { "CUDA context and libraries" } else { "MPI and libraries per rank" }, rank_bytes: runtime, total_bytes: crate::mul!(runtime, m.ranks), location: Location::Device,
        formula: words!("{} MiB = {} B", g(runtime >> 20), g(runtime)),
        question: crate::text!("What does each process cost before any array?"),
        explanation: crate::text!(if gpu { "The CUDA context, kernels and library workspaces of the rank's GPU.".into() } else { "MPI buffers, libraries and the executable of each rank; a code's own memory report (such as LAMMPS's) does not include it.".into() }),
        source: crate::text!(if gpu { SRC_CUDA_CONTEXT } else { SRC_RANK }), values: None });

    // Shown per GPU for GPU-resident codes, per node for CPU codes (compared with node memory).
    let scale = if gpu { 1 } else { ranks_per_node };
    let per_rank: u64 = crate::base::sat::sum(parts.iter().map(|p| p.rank_bytes));
    let all_ranks: u64 = crate::base::sat::sum(parts.iter().map(|p| p.total_bytes));
    let per = if gpu {
        crate::model::Per::Gpu
    } else {
        crate::model::Per::Node
    };
    // GPU codes: the host side of each rank (its process, and a host copy of the device arrays
    // where the code keeps one, as FluidX3D's Memory<T> does) is host memory per node, checked
    // apart from the GPU.
    let mirror = if gpu && m.host_mirror { tensors } else { 0 };
    let host_rank = if gpu {
        crate::add!(mirror, (m.rank_mib << 20) + interpreter)
    } else {
        0
    };
    let mut components: Vec<Component> = parts
        .into_iter()
        .map(|p| match p.values {
            Some(values) => Component {
                id: p.id,
                bytes: crate::mul!(p.rank_bytes, scale),
                location: p.location,
                values: crate::model::values::Values::Sim(SimPart {
                    rank: values,
                    rank_bytes: p.rank_bytes,
                    ranks_per_node: scale,
                }),
            },
            None => legacy! {
                id: p.id,
                label: p.label,
                bytes: crate::mul!(p.rank_bytes, scale),
                location: p.location,
                formula: if scale > 1 {
                    words!("({}) × {scale} ranks per node", p.formula)
                } else {
                    p.formula
                },
                question: crate::text!(p.question),
                explanation: crate::text!(p.explanation),
                source: crate::text!(p.source),
            },
        })
        .collect();

    if gpu {
        if mirror > 0 {
            components.push(legacy! { id: PartId::HostMirror, label: "Host copy of the arrays", bytes: mirror, location: Location::Host,
                formula: words!("{} B of device arrays, mirrored on the host", g(mirror)),
                question: crate::text!("Why does a GPU code need host memory too?"),
                explanation: crate::text!("The code keeps a host copy of every device buffer (to initialise, write output and restart), so each GPU's arrays are also in the node's memory.".into()),
                source: crate::text!(SRC_MIRROR) });
        }
        components.push(legacy! { id: PartId::HostProcess, label: "Host process (MPI, libraries)", bytes: (m.rank_mib << 20) + interpreter, location: Location::Host,
            formula: if interpreter > 0 { words!("{} MiB + {} MiB interpreter ({}) per rank", g(m.rank_mib), m.language.mib(), m.language.id()) } else { words!("{} MiB per rank", g(m.rank_mib)) },
            question: crate::text!("What does each GPU's host process cost?"),
            explanation: crate::text!(if interpreter > 0 { "The rank driving each GPU is a host process with MPI buffers, libraries, the executable and, here, the interpreter with its modules.".into() } else { "The rank driving each GPU is a host process with MPI buffers, libraries and the executable.".into() }),
            source: crate::text!(if interpreter > 0 { SRC_LANGUAGE } else { SRC_RANK }) });
    }
    let frames = m.steps.checked_div(m.output_every).unwrap_or(0);
    let global_snap = snap_all;
    let output_total = crate::mul!(compressed(global_snap), frames);
    if frames > 0 {
        components.push(legacy! { id: PartId::OutputTotal, label: "Output over the run (disk)", bytes: output_total, location: Location::Disk,
            formula: words!("{} frames × {} B ÷ {} = {} B", g(frames), g(global_snap), format_fixed(ratio, 2), g(output_total)),
            question: crate::text!("How much will the run write?"),
            explanation: crate::text!(words!("Every {} steps the state of all ranks is written, {} frames over {} steps, after compression.", g(m.output_every), g(frames), g(m.steps))),
            source: crate::text!(SRC_HISTORY) });
    }
    if m.checkpoint_every > 0 {
        components.push(legacy! { id: PartId::Checkpoint, label: "One restart file (disk)", bytes: mp.restart_total, location: Location::Disk,
            formula: words!("{} B", g(mp.restart_total)),
            question: crate::text!("How large is a restart file?"),
            explanation: crate::text!(words!("The full state of every rank at every stored level, uncompressed, written every {} steps; keep at least two.", g(m.checkpoint_every))),
            source: crate::text!(SRC_HISTORY) });
    }

    let per_device: u64 = crate::mul!(per_rank, scale);
    let capacity = if gpu {
        s.device.capacity_bytes()
    } else {
        m.node_mem
    };
    let mut warnings = Vec::new();
    if m.ranks < m.nodes {
        warnings.push("Fewer ranks than nodes: some nodes would be idle.".into());
    }
    if m.method == Method::Grid && m.halo == 0 {
        warnings.push(
            "No ghost layers: only valid for a single rank or embarrassingly parallel work.".into(),
        );
    }
    let disk = crate::add!(
        output_total,
        if m.checkpoint_every > 0 {
            crate::mul!(2, mp.restart_total)
        } else {
            0
        }
    );
    Estimate {
        mode: Mode::Sim,
        components,
        per_device_bytes: per_device,
        cluster_bytes: all_ranks,
        host_per_node_bytes: if gpu {
            crate::mul!(host_rank, ranks_per_node)
        } else {
            crate::mul!(per_rank, ranks_per_node)
        },
        capacity_bytes: capacity,
        host_capacity_bytes: gpu.then_some(m.node_mem),
        device_label: if gpu {
            s.device.label()
        } else {
            "a node".to_string()
        },
        busiest: words!(
            "per {per}: {} ranks on {} node{}, {}",
            g(m.ranks),
            g(m.nodes),
            if m.nodes == 1 { "" } else { "s" },
            mp.shape
        ),
        per,
        params: 0,
        trainable_params: 0,
        per_rank_bytes: per_rank,
        disk_bytes: disk,
        devices_per_node: if gpu { ranks_per_node } else { 1 },
        warnings,
        serving: None,
    }
}
