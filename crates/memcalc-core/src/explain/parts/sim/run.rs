//! The texts of the run-level parts every simulation method shares.

use super::super::Template;
use crate::base::choice::Choice;
use crate::base::units::{format_fixed, group_digits as g};
use crate::model::values::sim::{
    Checkpoint, HostMirror, HostProcess, Interpreter, OutputBuffers, OutputTotal, Overhead,
    Replicated, RunPart, Runtime,
};
use crate::scenario::sim::Adjoint;

const SRC_HISTORY: &str = "Snapshots and output frames are the prognostic state; binomial checkpointing after Griewank & Walther 2000 (Algorithm 799: revolve)";
const SRC_MIRROR: &str = "FluidX3D src/opencl.hpp (Memory<T>: a host buffer beside every device buffer); CUDA codes with host staging copies";
const SRC_REPLICATED: &str = "Replicated (non-distributed) data in MPI codes: every rank allocates the whole array (e.g. WRF's boundary and forcing tables on each task, global coarse meshes of multigrid, immersed-boundary geometry)";
const SRC_LANGUAGE: &str = "Measured on 2026-11-30 (Linux x86-64, 2 ranks, VmRSS after MPI_Init and a barrier; MPICH 5.0.2 and mpi4py 4.1.2 from PyPI): a C rank 16.0 MiB; Python 3.11.7 + NumPy 2.4.6 + mpi4py 41.4 MiB; with SciPy 1.17.1 imported 75.8 MiB. GPAW, a Python DFT code, prints 'Process memory now: 69.03 MiB' before its arrays";
const SRC_CUDA_CONTEXT: &str = "NVIDIA CUDA C++ Programming Guide, 'Lazy Loading' (CUDA 11.7 and later load a module's kernels on first use, so a context holds a few hundred MiB before any array, more with eager loading); read it with nvidia-smi after the code's first CUDA call";
const SRC_SIM_ALLOCATOR: &str = "glibc malloc (mallopt: allocations above M_MMAP_THRESHOLD, 128 KiB by default, are mapped whole pages; smaller ones share arenas that keep freed blocks); compare a code's own report with VmHWM in /proc/<pid>/status to measure the gap";
const SRC_RANK: &str = "Per-process memory outside the solver's arrays (MPI eager buffers, libraries, executable): tens to hundreds of MiB per rank; measure with your code's report or /proc/<pid>/status";

impl Template for RunPart {
    fn label(&self) -> &'static str {
        match self {
            RunPart::Replicated(_) => "Data replicated on every rank",
            RunPart::Interpreter(_) => "Interpreter and modules per rank",
            RunPart::History(_) => "History in memory",
            RunPart::OutputBuffers(_) => "Output buffers",
            RunPart::Overhead(_) => "Allocator overhead",
            RunPart::Runtime(Runtime { gpu: true, .. }) => "CUDA context and libraries",
            RunPart::Runtime(_) => "MPI and libraries per rank",
            RunPart::HostMirror(_) => "Host copy of the arrays",
            RunPart::HostProcess(_) => "Host process (MPI, libraries)",
            RunPart::OutputTotal(_) => "Output over the run (disk)",
            RunPart::Checkpoint(_) => "Restart files, two kept (disk)",
        }
    }
    fn formula(&self, bytes: u64) -> String {
        match self {
            RunPart::Replicated(Replicated { mib }) => {
                format!("{} MiB on every rank = {} B", g(*mib), g(bytes))
            }
            RunPart::Interpreter(Interpreter { language, mib }) => format!(
                "{mib} MiB ({}) on every rank = {} B",
                language.id(),
                g(bytes)
            ),
            RunPart::History(v) => {
                let mut f = format!(
                    "{} snapshots × {} B ÷ {} (compression)",
                    v.snapshots,
                    g(v.snapshot_bytes),
                    format_fixed(v.compression_c, 2)
                );
                match v.adjoint {
                    Adjoint::None => {}
                    Adjoint::StoreAll => f.push_str(&format!(
                        " + {} steps × {} B (adjoint)",
                        g(v.steps),
                        g(v.snapshot_bytes)
                    )),
                    Adjoint::Checkpoint => f.push_str(&format!(
                        " + {} checkpoints × {} B (adjoint)",
                        v.checkpoints,
                        g(v.snapshot_bytes)
                    )),
                }
                format!("{f} = {} B", g(bytes))
            }
            RunPart::OutputBuffers(OutputBuffers {
                snapshot_bytes,
                compression_c,
            }) => format!(
                "{} B ÷ {} = {} B",
                g(*snapshot_bytes),
                format_fixed(*compression_c, 2),
                g(bytes)
            ),
            RunPart::Overhead(Overhead {
                overhead_bp,
                arrays_bytes,
            }) => format!(
                "{} % × {} B = {} B",
                format_fixed(*overhead_bp, 2),
                g(*arrays_bytes),
                g(bytes)
            ),
            RunPart::Runtime(Runtime { mib, .. }) => format!("{} MiB = {} B", g(*mib), g(bytes)),
            RunPart::HostMirror(HostMirror { arrays_bytes }) => format!(
                "{} B of device arrays mirrored on the host = {} B",
                g(*arrays_bytes),
                g(bytes)
            ),
            RunPart::HostProcess(HostProcess {
                rank_mib,
                language,
                interpreter_mib,
            }) => {
                if *interpreter_mib > 0 {
                    format!(
                        "{} MiB + {interpreter_mib} MiB interpreter ({}) per rank = {} B",
                        g(*rank_mib),
                        language.id(),
                        g(bytes)
                    )
                } else {
                    format!("{} MiB per rank = {} B", g(*rank_mib), g(bytes))
                }
            }
            RunPart::OutputTotal(OutputTotal {
                frames,
                snapshot_bytes,
                compression_c,
                ..
            }) => format!(
                "{} frames × {} B ÷ {} = {} B",
                g(*frames),
                g(*snapshot_bytes),
                format_fixed(*compression_c, 2),
                g(bytes)
            ),
            RunPart::Checkpoint(Checkpoint { restart_bytes, .. }) => format!(
                "2 files × {} B (every rank's state) = {} B",
                g(*restart_bytes),
                g(bytes)
            ),
        }
    }
    fn question(&self) -> &'static str {
        match self {
            RunPart::Replicated(_) => "Why doesn't this part shrink with more ranks?",
            RunPart::Interpreter(_) => "What does a Python rank cost before any array?",
            RunPart::History(_) => "Why does memory grow with the number of steps?",
            RunPart::OutputBuffers(_) => "What does writing output cost in memory?",
            RunPart::Overhead(_) => "Why add an overhead?",
            RunPart::Runtime(_) => "What does each process cost before any array?",
            RunPart::HostMirror(_) => "Why does a GPU code need host memory too?",
            RunPart::HostProcess(_) => "What does each GPU's host process cost?",
            RunPart::OutputTotal(_) => "How much will the run write?",
            RunPart::Checkpoint(_) => "How large is a restart file?",
        }
    }
    fn explanation(&self) -> String {
        match self {
            RunPart::Replicated(_) => "Forcing tables, geometry, immersed-boundary facets or a coarse mesh that every rank keeps whole: adding ranks multiplies it instead of splitting it, and with many ranks per node it can outweigh the decomposed fields.".into(),
            RunPart::Interpreter(_) => "Each rank runs its own interpreter with the modules it imports (NumPy, SciPy, mpi4py): code, tables and heap resident before the simulation allocates anything, above what a compiled MPI program needs.".into(),
            RunPart::History(v) => {
                let recompute = match (v.adjoint, v.repetitions) {
                    (Adjoint::Checkpoint, Some(t)) => format!(
                        " Binomial checkpointing with {} snapshots over {} steps recomputes the forward run about {t} extra time{}.",
                        v.checkpoints,
                        g(v.steps),
                        if t == 1 { "" } else { "s" }
                    ),
                    (Adjoint::Checkpoint, None) => " Too few snapshots for this many steps.".into(),
                    _ => String::new(),
                };
                format!(
                    "Snapshots kept in memory for analysis{}, each a copy of the prognostic state of the rank.{recompute}",
                    if v.adjoint != Adjoint::None {
                        " and the forward states an adjoint or differentiable run reads backwards"
                    } else {
                        ""
                    }
                )
            }
            RunPart::OutputBuffers(_) => "One output frame is gathered and compressed in memory before it is written.".into(),
            RunPart::Overhead(_) => "Allocators round and fragment, and solvers allocate temporaries; this setting adds a share of the arrays above.".into(),
            RunPart::Runtime(Runtime { gpu: true, .. }) => "The CUDA context, kernels and library workspaces of the rank's GPU.".into(),
            RunPart::Runtime(_) => "MPI buffers, libraries and the executable of each rank; a code's own memory report (such as LAMMPS's) does not include it.".into(),
            RunPart::HostMirror(_) => "The code keeps a host copy of every device buffer (to initialise, write output and restart), so each GPU's arrays are also in the node's memory.".into(),
            RunPart::HostProcess(v) => if v.interpreter_mib > 0 {
                "The rank driving each GPU is a host process with MPI buffers, libraries, the executable and, here, the interpreter with its modules.".into()
            } else {
                "The rank driving each GPU is a host process with MPI buffers, libraries and the executable.".into()
            },
            RunPart::OutputTotal(v) => format!(
                "Every {} steps the state of all ranks is written, {} frames over {} steps, after compression.",
                g(v.output_every),
                g(v.frames),
                g(v.steps)
            ),
            RunPart::Checkpoint(v) => format!(
                "The full state of every rank at every stored level, uncompressed, written every {} steps; two are kept, so that a crash while one is written leaves the last good one.",
                g(v.checkpoint_every)
            ),
        }
    }
    fn source(&self) -> &'static str {
        match self {
            RunPart::Replicated(_) => SRC_REPLICATED,
            RunPart::Interpreter(_) => SRC_LANGUAGE,
            RunPart::Overhead(_) => SRC_SIM_ALLOCATOR,
            RunPart::Runtime(Runtime { gpu: true, .. }) => SRC_CUDA_CONTEXT,
            RunPart::Runtime(_) => SRC_RANK,
            RunPart::HostMirror(_) => SRC_MIRROR,
            RunPart::HostProcess(v) if v.interpreter_mib > 0 => SRC_LANGUAGE,
            RunPart::HostProcess(_) => SRC_RANK,
            RunPart::History(_)
            | RunPart::OutputBuffers(_)
            | RunPart::OutputTotal(_)
            | RunPart::Checkpoint(_) => SRC_HISTORY,
        }
    }
}
