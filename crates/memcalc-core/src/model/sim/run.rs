//! The run-level parts every method shares (replicated data, interpreter, history, output
//! buffers, allocator overhead, runtime, host side, disk output and restart files) and the
//! assembly of the estimate per node or per GPU.

use super::domain::*;

use crate::catalog::parts::PartId;
use crate::model::values::sim::*;
use crate::model::{Component, Estimate, Location};
use crate::scenario::sim::*;
use crate::scenario::{Mode, Scenario};

/// The estimate from a method's parts: the run-level parts added, shown per node or per GPU.
pub(super) fn assemble(s: &Scenario, mp: MethodParts) -> Estimate {
    let m = &s.sim;
    let mut parts = mp.parts;
    // What the method's arrays take per rank, before any reservation around them.
    let arrays: u64 = crate::base::sat::sum(
        parts
            .iter()
            .filter(|p| p.id != PartId::Reserved)
            .map(|p| p.rank_bytes),
    );
    if m.replicated_mib > 0 {
        let bytes = m.replicated_mib << 20;
        parts.push(Part::of(
            PartId::Replicated,
            bytes,
            crate::mul!(bytes, m.ranks),
            SimValues::Run(RunPart::Replicated(Replicated {
                mib: m.replicated_mib,
            })),
        ));
    }
    // An interpreter lives in the rank's host process: on a CPU node it is node memory like
    // the arrays; a GPU code's rank keeps it on the host (added to the host process below).
    let interpreter = interpreter_mib(m.language) << 20;
    if interpreter > 0 && m.device == SimDevice::Cpu {
        parts.push(Part::of(
            PartId::Interpreter,
            interpreter,
            crate::mul!(interpreter, m.ranks),
            SimValues::Run(RunPart::Interpreter(Interpreter {
                language: m.language,
                mib: interpreter_mib(m.language),
            })),
        ));
    }
    let ratio = m.compression_c.max(100);
    let compressed = |v: u64| crate::base::sat::mul_div(v, 100, ratio);
    let snap = mp.snapshot_rank;

    let snap_all = mp.snapshot_total;
    let mut history = crate::mul!(compressed(snap), m.snapshots);
    let mut history_all = crate::mul!(compressed(snap_all), m.snapshots);
    let mut repetitions = None;
    match m.adjoint {
        Adjoint::None => {}
        Adjoint::StoreAll => {
            history = crate::add!(history, crate::mul!(snap, m.steps));
            history_all = crate::add!(history_all, crate::mul!(snap_all, m.steps));
        }
        Adjoint::Checkpoint => {
            history = crate::add!(history, crate::mul!(snap, m.adjoint_snapshots));
            history_all = crate::add!(history_all, crate::mul!(snap_all, m.adjoint_snapshots));
            repetitions = revolve_repetitions(m.adjoint_snapshots, m.steps);
        }
    }
    if history > 0 {
        parts.push(Part::of(
            PartId::History,
            history,
            history_all,
            SimValues::Run(RunPart::History(History {
                snapshots: m.snapshots,
                snapshot_bytes: snap,
                compression_c: ratio,
                adjoint: m.adjoint,
                steps: m.steps,
                checkpoints: m.adjoint_snapshots,
                repetitions,
            })),
        ));
    }
    if m.output_every > 0 {
        let buf = compressed(snap);
        parts.push(Part::of(
            PartId::OutputBuffers,
            buf,
            compressed(snap_all),
            SimValues::Run(RunPart::OutputBuffers(OutputBuffers {
                snapshot_bytes: snap,
                compression_c: ratio,
            })),
        ));
    }
    let ranks_per_node = m.ranks.div_ceil(m.nodes);
    let gpu = m.device == SimDevice::Gpu;
    // A MaxMemSize block is one allocation holding the method's arrays: no allocator slack
    // inside it, only around what lies outside it.
    let block = parts.iter().any(|q| q.id == PartId::Reserved);
    let in_block = |p: &Part| block && matches!(p.values, SimValues::Nbody(_));
    let tensors: u64 =
        crate::base::sat::sum(parts.iter().filter(|p| !in_block(p)).map(|p| p.rank_bytes));
    let all_tensors: u64 =
        crate::base::sat::sum(parts.iter().filter(|p| !in_block(p)).map(|p| p.total_bytes));
    let overhead = crate::base::sat::mul_div(tensors, s.overhead_bp, 10_000);
    parts.push(Part::of(
        PartId::Overhead,
        overhead,
        crate::base::sat::mul_div(all_tensors, s.overhead_bp, 10_000),
        SimValues::Run(RunPart::Overhead(Overhead {
            overhead_bp: s.overhead_bp,
            arrays_bytes: tensors,
        })),
    ));
    let runtime = if gpu {
        s.runtime_mib << 20
    } else {
        m.rank_mib << 20
    };
    parts.push(Part::of(
        PartId::Runtime,
        runtime,
        crate::mul!(runtime, m.ranks),
        SimValues::Run(RunPart::Runtime(Runtime {
            mib: runtime >> 20,
            gpu,
        })),
    ));

    // Shown per GPU for GPU-resident codes, per node for CPU codes (compared with node memory).
    let scale = if gpu { 1 } else { ranks_per_node };
    let per_rank: u64 = crate::base::sat::sum(parts.iter().map(|p| p.rank_bytes));
    // What only the busiest rank holds (GROMACS's main rank) is on one node once, not once per
    // rank of the node.
    let once: u64 = crate::base::sat::sum(
        parts
            .iter()
            .filter(|p| main_rank_only(p.id))
            .map(|p| p.rank_bytes),
    );
    let node_of = |ranks: u64| {
        crate::mul!(per_rank, ranks).saturating_sub(crate::mul!(once, ranks.saturating_sub(1)))
    };
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
        .map(|p| {
            let scale = if main_rank_only(p.id) { 1 } else { scale };
            Component {
                id: p.id,
                bytes: crate::mul!(p.rank_bytes, scale),
                location: p.location,
                values: crate::model::values::Values::Sim(SimPart {
                    rank: p.values,
                    rank_bytes: p.rank_bytes,
                    ranks_per_node: scale,
                }),
            }
        })
        .collect();

    // Host and disk parts are shown as they are: per rank on the host, over the run on disk.
    let whole = |id: PartId, bytes: u64, location: Location, part: RunPart| Component {
        id,
        bytes,
        location,
        values: crate::model::values::Values::Sim(SimPart {
            rank: SimValues::Run(part),
            rank_bytes: bytes,
            ranks_per_node: 1,
        }),
    };
    if gpu {
        if mirror > 0 {
            components.push(whole(
                PartId::HostMirror,
                mirror,
                Location::Host,
                RunPart::HostMirror(HostMirror {
                    arrays_bytes: mirror,
                }),
            ));
        }
        components.push(whole(
            PartId::HostProcess,
            (m.rank_mib << 20) + interpreter,
            Location::Host,
            RunPart::HostProcess(HostProcess {
                rank_mib: m.rank_mib,
                language: m.language,
                interpreter_mib: interpreter_mib(m.language),
            }),
        ));
    }
    let frames = m.steps.checked_div(m.output_every).unwrap_or(0);
    let global_snap = snap_all;
    let output_total = crate::mul!(compressed(global_snap), frames);
    if frames > 0 {
        components.push(whole(
            PartId::OutputTotal,
            output_total,
            Location::Disk,
            RunPart::OutputTotal(OutputTotal {
                frames,
                snapshot_bytes: global_snap,
                compression_c: ratio,
                output_every: m.output_every,
                steps: m.steps,
            }),
        ));
    }
    // Two restart files are kept, so that a crash while one is written leaves the other: the
    // disk bar and the disk total both count them.
    let restart_files = if m.checkpoint_every > 0 {
        crate::mul!(RESTART_FILES, mp.restart_total)
    } else {
        0
    };
    if m.checkpoint_every > 0 {
        components.push(whole(
            PartId::Checkpoint,
            restart_files,
            Location::Disk,
            RunPart::Checkpoint(Checkpoint {
                restart_bytes: mp.restart_total,
                checkpoint_every: m.checkpoint_every,
            }),
        ));
    }

    let per_device: u64 = node_of(scale);
    let capacity = if gpu {
        s.device.capacity_bytes()
    } else {
        m.node_mem
    };
    let mut warnings = Vec::new();
    if m.ranks < m.nodes {
        warnings.push(crate::model::warning::Warning::IdleNodes);
    }
    if !gpu {
        // The node preset's cores (catalog/hardware.rs), or the default CPU node's.
        let node = m
            .node
            .and_then(|n| crate::catalog::hardware::node_hardware(n.id))
            .unwrap_or(&crate::catalog::hardware::DEFAULT_CPU_NODE);
        let per_node = m.ranks.div_ceil(m.nodes.max(1));
        let threads = s.speed.threads.unwrap_or(1).max(1);
        let cores = node.cores();
        if per_node.saturating_mul(threads) > cores {
            warnings.push(crate::model::warning::Warning::Oversubscribed {
                per_node,
                threads,
                cores,
            });
        }
    }
    if m.method == Method::Grid && m.halo == 0 {
        warnings.push(crate::model::warning::Warning::NoGhostLayers);
    }
    if m.method == Method::Nbody && m.nbody.max_mem_mib > 0 && arrays > m.nbody.max_mem_mib << 20 {
        warnings.push(crate::model::warning::Warning::MaxMemSizeTooSmall {
            needed_mib: arrays.div_ceil(1 << 20),
            given_mib: m.nbody.max_mem_mib,
        });
    }
    if m.method == Method::Planewave {
        warnings.extend(super::planewave::warnings(&m.pw));
    }
    let disk = crate::add!(output_total, restart_files);
    Estimate {
        mode: Mode::Sim,
        components,
        per_device_bytes: per_device,
        cluster_bytes: all_ranks,
        host_per_node_bytes: if gpu {
            crate::mul!(host_rank, ranks_per_node)
        } else {
            node_of(ranks_per_node)
        },
        capacity_bytes: capacity,
        host_capacity_bytes: gpu.then_some(m.node_mem),
        device_label: if gpu {
            s.device.label()
        } else {
            "a node".to_string()
        },
        busiest: crate::model::Busiest::Sim {
            per,
            ranks: m.ranks,
            nodes: m.nodes,
            shape: mp.shape,
        },
        per,
        params: 0,
        trainable_params: 0,
        vision_params: 0,
        per_rank_bytes: per_rank,
        disk_bytes: disk,
        devices_per_node: if gpu { ranks_per_node } else { 1 },
        warnings,
        serving: None,
        unified: if gpu { s.device.unified() } else { None },
        mechanism: s.mechanism(),
    }
}

/// Parts that only the first (main) rank holds, counted once per node.
fn main_rank_only(id: PartId) -> bool {
    id == PartId::MasterCopies
}

/// Restart files kept on disk: the last complete one and the one being written.
const RESTART_FILES: u64 = 2;

/// Resident MiB per rank above a compiled MPI program's, measured on 2026-11-30 (Linux
/// x86-64, Python 3.11.7, MPICH 5.0.2 and mpi4py 4.1.2 from PyPI, 2 ranks, VmRSS after
/// MPI_Init and a barrier): a C rank 16.0 MiB; Python + NumPy 2.4.6 + mpi4py 41.4 MiB;
/// with SciPy 1.17.1 (linalg, sparse, fft) imported too, 75.8 MiB.
fn interpreter_mib(language: Language) -> u64 {
    match language {
        Language::Native => 0,
        Language::Python => 25,
        Language::PythonScipy => 60,
    }
}
