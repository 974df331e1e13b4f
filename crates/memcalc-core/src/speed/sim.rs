//! Simulations: each method's step from the bytes its parts move (a lower bound on the step:
//! real codes also compute and wait) and, where a standard operation count exists, its FLOPs;
//! then, for every method alike, the halo each rank exchanges per step over the network or the
//! node's links, and the time at disk bandwidth when the memory exceeds the node's RAM.
//! One file per method family under `sim/`; a method without a file gives no time yet.

pub mod amr;
pub mod gather;
mod grid;
pub mod hpcg;
pub mod md_build;
pub mod mesh;
pub mod nbody;
pub mod particles;
mod planewave;
pub mod reductions;
pub mod sparc;
mod spectral;

use crate::catalog::precision::Dtype;
use crate::model::values::{SimValues, Values};
use crate::model::{Estimate, Per};
use crate::scenario::planewave::DftArrays;
use crate::scenario::sim::{Method, SimDevice};
use crate::scenario::Scenario;
use crate::speed::machine::{Machine, RankShare};
use crate::speed::GridTerm;
use crate::speed::{longest, Bound, Speed, Steps, TermValues, Time, TimeTerm, Transfer, Via, Work};


/// The ranks of a simulation on the machine, as every method's terms read them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SimMachine<'m> {
    pub m: &'m Machine,
    pub ranks: u64,
    pub nodes: u64,
    /// Ranks on one node.
    pub per_node: u64,
    pub gpu: bool,
    /// One rank's share of the memory bandwidth: a GPU each, or its socket's shared by the
    /// ranks on it.
    pub rank_bw: f64,
    /// CPU ranks: how they share the node's sockets (None on GPUs).
    pub share: Option<RankShare>,
}

impl<'m> SimMachine<'m> {
    pub fn of(s: &Scenario, m: &'m Machine) -> SimMachine<'m> {
        let ranks = s.sim.ranks.max(1);
        let nodes = s.sim.nodes.max(1);
        let per_node = ranks.div_ceil(nodes);
        let gpu = s.sim.device == SimDevice::Gpu;
        let packed = s.sim.placement == crate::scenario::sim::Placement::Packed;
        let share = (!gpu).then(|| m.cpu_share(per_node, packed));
        let rank_bw = share.map_or(m.gpu_bw, |sh| sh.rank_bw());
        SimMachine {
            m,
            ranks,
            nodes,
            per_node,
            gpu,
            rank_bw,
            share,
        }
    }

    /// `bytes` through one rank's share of memory at the achieved share of bandwidth.
    pub fn transfer(&self, bytes: f64) -> Transfer {
        Transfer {
            bytes,
            bandwidth: self.rank_bw,
            efficiency: self.m.bw_eff,
        }
    }

    /// One rank's peak FLOP/s in `dtype`: its GPU's vector units (simulation kernels do not
    /// use tensor cores), or its share of the node's CPUs, twice the FP64 figure in FP32 (a
    /// SIMD register holds twice the lanes).
    pub fn peak(&self, dtype: Dtype) -> f64 {
        if self.gpu {
            self.m.peak(dtype)
        } else {
            let lanes = if dtype == Dtype::Fp64 { 1.0 } else { 2.0 };
            self.cpu_fp64() * lanes
        }
    }

    /// A CPU rank's FP64 peak: the node's over its ranks, at most its own cores' (one core's
    /// peak × its threads): a rank computes on the cores it runs on, never on the whole node
    /// (GROMACS mdrun-performance.rst, "the node's cores are partitioned among ranks";
    /// speed-mechanisms.md §1, CPU ranks).
    pub fn cpu_fp64(&self) -> f64 {
        let share = self.m.host_fp64 / self.per_node as f64;
        share.min(self.m.core_fp64 * self.m.threads as f64)
    }

    /// A CPU rank's FP64 peak in scalar code (a loop the compiler does not vectorize): two
    /// scalar FMAs per cycle (Zen 2–4's two FMA pipes, Golden Cove's ports 0 and 1, A64FX's two
    /// FLA pipes: Agner Fog's instruction tables; Fujitsu A64FX microarchitecture manual) ×
    /// the base clock × its threads, at most its share of the node. FP32 issues no faster.
    pub fn scalar_peak(&self) -> f64 {
        (SCALAR_FLOPS_PER_CYCLE * self.m.core_clock * self.m.threads as f64).min(self.cpu_fp64())
    }

    /// `flops` of one rank at its peak in `dtype` and the utilisation (`mfu`).
    pub fn work(&self, flops: f64, dtype: Dtype) -> Work {
        Work {
            flops,
            peak: self.peak(dtype),
            utilisation: self.m.mfu,
            dtype,
        }
    }

    /// What a rank's messages to other ranks cross, and its one-way share of it: the network
    /// across nodes, the GPUs' links inside one, or shared host memory between CPU ranks.
    pub fn exchange(&self) -> (Via, f64) {
        if self.nodes > 1 {
            (Via::Network, self.m.net / self.per_node as f64)
        } else if self.gpu {
            (self.m.link_via, self.m.link_one_way)
        } else {
            (Via::HostMemory, self.m.host_bw / self.per_node as f64)
        }
    }

    /// The network, shared by the node's ranks, one way.
    pub fn network(&self) -> (Via, f64) {
        (Via::Network, self.m.net / self.per_node as f64)
    }

    /// What a message to a rank on the same node crosses: the GPUs' links, or shared host
    /// memory between CPU ranks (its bandwidth shared by the node's ranks).
    pub fn on_node(&self) -> (Via, f64) {
        if self.gpu {
            (self.m.link_via, self.m.link_one_way)
        } else {
            (Via::HostMemory, self.m.host_bw / self.per_node as f64)
        }
    }
}

/// FP64 FLOPs one core issues per cycle without SIMD: two scalar FMAs of 2 FLOPs.
pub const SCALAR_FLOPS_PER_CYCLE: f64 = 4.0;

/// The precision a word of `b` bytes computes in.
pub fn word_dtype(b: u64) -> Dtype {
    if b >= 8 {
        Dtype::Fp64
    } else {
        Dtype::Fp32
    }
}

/// A throughput a method's users quote, beside the step time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SimRate {
    /// Lattice Boltzmann: million lattice updates per second.
    Mlups(f64),
    // Particles.
    /// Molecular dynamics: timesteps per second, as LAMMPS's "Performance:" line prints it.
    TimestepsPerS(f64),
    // Unstructured meshes (speed/sim/mesh.rs).
    /// A mesh solve's floating-point rate over all ranks, GFLOP/s (HPCG's figure of merit).
    Gflops(f64),
    // Block-structured AMR (speed/sim/amr.rs).
    /// Million cell updates per second over every level (Athena++ prints zone-cycles/wsec).
    MzoneCycles(f64),
}

impl SimRate {
    /// The stable key in JSON and CSV.
    pub fn key(self) -> &'static str {
        match self {
            SimRate::Mlups(_) => "mlups",
            SimRate::TimestepsPerS(_) => "timesteps_per_s",
            SimRate::Gflops(_) => "gflops",
            SimRate::MzoneCycles(_) => "mzone_cycles",
        }
    }

    /// The unit as the page writes it after the number.
    pub fn unit(self) -> &'static str {
        match self {
            SimRate::Mlups(_) => "MLUPs",
            SimRate::TimestepsPerS(_) => "timesteps/s",
            SimRate::Gflops(_) => "GFLOP/s",
            SimRate::MzoneCycles(_) => "Mzone-cycles/s",
        }
    }

    pub fn value(self) -> f64 {
        match self {
            SimRate::Mlups(v)
            | SimRate::TimestepsPerS(v)
            | SimRate::Gflops(v)
            | SimRate::MzoneCycles(v) => v,
        }
    }
}

/// A method's own part of a step, before the exchanges and spills every method shares.
#[derive(Debug, Clone)]
pub struct MethodStep {
    /// The method's terms (memory traffic, compute, its own collectives).
    pub terms: Vec<TimeTerm>,
    /// The method's step from those terms (their longest where they overlap, their sum where
    /// they follow one another).
    pub step: Time,
    /// Boundary cells a rank sends per step and the bytes of each (a nearest-neighbour halo),
    /// where the method has one.
    pub halo: Option<(f64, f64)>,
    /// The rate from the step's seconds, where the method has one users quote.
    pub rate: Option<fn(&Scenario, Time) -> SimRate>,
}

/// Every rank's part values of the estimate.
pub fn rank_values(e: &Estimate) -> impl Iterator<Item = &SimValues> {
    e.components.iter().filter_map(|c| match &c.values {
        Values::Sim(p) => Some(&p.rank),
        _ => None,
    })
}

/// The time of a simulation step; None for methods without a time model.
pub fn speed(s: &Scenario, e: &Estimate, m: &Machine) -> Option<Speed> {
    let sm = SimMachine::of(s, m);
    let method = match s.sim.method {
        Method::Lbm | Method::Grid => grid::step(s, e, &sm)?,
        Method::Spectral => spectral::step(s, e, &sm)?,
        Method::Planewave if s.sim.pw.arrays == DftArrays::Sparc => sparc::step(s, e, &sm)?,
        Method::Planewave => planewave::step(s, e, &sm)?,
        Method::Particles => particles::step(s, e, &sm)?,
        Method::Nbody => nbody::step(s, e, &sm)?,
        Method::Mesh => return mesh::speed(s, e, &sm),
        Method::Amr => amr::step(s, e, &sm)?,
    };
    Some(finish(s, e, &sm, method))
}

// Issue 40, timing lines (log/timing.rs): the methods whose logs print a timing line the log
// layer reads (LAMMPS's particles, pw.x's plane waves), so the log box's wasm links only them.
/// [`speed`] for the particle and plane-wave methods only (the same figures); None otherwise.
pub fn speed_logged(s: &Scenario, e: &Estimate, m: &Machine) -> Option<Speed> {
    let sm = SimMachine::of(s, m);
    let method = match s.sim.method {
        Method::Planewave if s.sim.pw.arrays != DftArrays::Sparc => planewave::step(s, e, &sm)?,
        Method::Particles => particles::step(s, e, &sm)?,
        _ => return None,
    };
    Some(finish(s, e, &sm, method))
}

/// The method's step with the halo (overlapped with the interior at best: the step is at
/// least the longer of the two) and the spill to disk (added: paging stalls the step).
fn finish(s: &Scenario, e: &Estimate, sm: &SimMachine, method: MethodStep) -> Speed {
    let MethodStep {
        mut terms,
        mut step,
        halo,
        rate,
    } = method;
    if let Some((cells, bytes_per_cell)) = halo.filter(|_| sm.ranks > 1) {
        let (via, bandwidth) = sm.exchange();
        let t = Transfer {
            bytes: cells * bytes_per_cell,
            bandwidth,
            efficiency: 1.0,
        };
        step = step.max(t.time());
        terms.push(TimeTerm {
            time: t.time(),
            bound: via.bound(),
            values: TermValues::Grid(GridTerm::SimHalo {
                cells,
                bytes_per_cell,
                ranks_per_node: sm.per_node,
                transfer: t,
                via,
            }),
        });
    }
    if e.per == Per::Node && e.per_device_bytes > e.capacity_bytes {
        // What does not fit the node's RAM is paged to disk and back every step.
        let excess = (e.per_device_bytes - e.capacity_bytes) as f64;
        let t = Transfer {
            bytes: 2.0 * excess,
            bandwidth: sm.m.disk,
            efficiency: 1.0,
        };
        step = step.plus(t.time());
        terms.push(TimeTerm {
            time: t.time(),
            bound: Bound::Disk,
            values: TermValues::Grid(GridTerm::SimDisk {
                excess,
                transfer: t,
            }),
        });
    }
    Speed {
        held: Default::default(),
        steps: Steps::Sim {
            step,
            run: step.times(s.sim.steps as f64),
            steps: s.sim.steps,
            rate: rate.map(|r| r(s, step)),
            scf: s.sim.method == Method::Planewave,
        },
        bound: longest(&terms),
        terms,
    }
}
