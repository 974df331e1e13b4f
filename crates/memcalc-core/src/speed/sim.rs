//! Simulations: the bytes a step moves per cell over the memory bandwidth (a lower bound on
//! the step: real codes also compute and wait), the halo each rank exchanges per step over the
//! network or the node's links, and the time at disk bandwidth when the memory exceeds the
//! node's RAM. Lattice Boltzmann and structured grids so far; other methods give no time yet.

use crate::model::values::sim::{GridPart, LbmPart};
use crate::model::values::{SimValues, Values};
use crate::model::{Estimate, Per};
use crate::scenario::sim::{Lattice, Method, SimDevice};
use crate::scenario::Scenario;
use crate::speed::machine::Machine;
use crate::speed::{
    longest, Bound, SimBytes, Speed, Steps, TermId, TermValues, TimeTerm, Transfer, Via,
};

/// Distributions of a lattice that point out of one face (D3Q19: 5 of 19), the ones a halo
/// exchange sends (FluidX3D transfers only these).
pub fn outgoing(l: Lattice) -> u64 {
    match l {
        Lattice::D2q9 => 3,
        Lattice::D3q15 => 5,
        Lattice::D3q19 => 5,
        Lattice::D3q27 => 9,
    }
}

fn rank_values(e: &Estimate) -> impl Iterator<Item = &SimValues> {
    e.components.iter().filter_map(|c| match &c.values {
        Values::Sim(p) => Some(&p.rank),
        _ => None,
    })
}

/// The time of a simulation step; None for methods without a time model.
pub fn speed(s: &Scenario, e: &Estimate, m: &Machine) -> Option<Speed> {
    let sim = &s.sim;
    let ranks = sim.ranks.max(1);
    let nodes = sim.nodes.max(1);
    let per_node = ranks.div_ceil(nodes);
    let gpu = sim.device == SimDevice::Gpu;
    // One rank's share of the memory bandwidth: a GPU each, or a CPU node's shared by its
    // ranks.
    let rank_bw = if gpu {
        m.gpu_bw
    } else {
        m.host_bw / per_node as f64
    };
    let transfer = |bytes: f64| Transfer {
        bytes,
        bandwidth: rank_bw,
        efficiency: m.bw_eff,
    };
    let mut memory = None;
    let mut halo = None;
    for v in rank_values(e) {
        match (sim.method, v) {
            (Method::Lbm, SimValues::Lbm(LbmPart::Distributions(d))) => {
                // FluidX3D README: each step reads and writes every distribution once, plus
                // the flag byte: 153 B per cell for D3Q19 in FP32, 77 B with FP16 storage.
                let cells = d.cells as f64;
                let per_cell = (2 * d.q * d.storage + 1) as f64;
                memory = Some(SimBytes::Lbm {
                    q: d.q,
                    storage: d.storage,
                    cells,
                    transfer: transfer(cells * per_cell),
                });
            }
            (Method::Lbm, SimValues::Lbm(LbmPart::Halo(h))) => {
                halo = Some((
                    h.ghost_cells as f64,
                    (outgoing(sim.lattice) * h.storage) as f64,
                ));
            }
            (Method::Grid, SimValues::Grid(GridPart::State(g))) => {
                let work = e.components.iter().find_map(|c| match &c.values {
                    Values::Sim(p) => match &p.rank {
                        SimValues::Grid(GridPart::Work(w)) => Some((w.arrays, w.cells_with_ghosts)),
                        _ => None,
                    },
                    _ => None,
                });
                let (arrays, work_cells) = work.unwrap_or((0, 0));
                let cells = g.cells as f64;
                let bytes = 2.0 * g.fields as f64 * g.levels as f64 * g.b as f64 * cells
                    + 2.0 * (arrays * g.b) as f64 * work_cells as f64;
                memory = Some(SimBytes::Grid {
                    fields: g.fields,
                    levels: g.levels,
                    work: arrays,
                    b: g.b,
                    cells,
                    transfer: transfer(bytes),
                });
            }
            (Method::Grid, SimValues::Grid(GridPart::Halo(h))) => {
                // One exchange per step of every field's newest level, all faces.
                halo = Some((h.face_cells as f64, (h.fields * h.b) as f64));
            }
            _ => {}
        }
    }
    let memory = memory?;
    let mem_transfer = match memory {
        SimBytes::Lbm { transfer, .. } | SimBytes::Grid { transfer, .. } => transfer,
    };
    let mut terms = vec![TimeTerm {
        id: TermId::SimMemory,
        time: mem_transfer.time(),
        bound: Bound::MemoryBandwidth,
        values: TermValues::SimMemory(memory),
    }];
    // Overlapped with the interior update at best: the step is at least the longer of the two.
    let mut step = mem_transfer.time();
    if let Some((cells, bytes_per_cell)) = halo.filter(|_| ranks > 1) {
        let (via, bandwidth) = if nodes > 1 {
            (Via::Network, m.net / per_node as f64)
        } else if gpu {
            (m.link_via, m.link_one_way)
        } else {
            (Via::HostMemory, m.host_bw / per_node as f64)
        };
        let t = Transfer {
            bytes: cells * bytes_per_cell,
            bandwidth,
            efficiency: 1.0,
        };
        step = step.max(t.time());
        terms.push(TimeTerm {
            id: TermId::SimHalo,
            time: t.time(),
            bound: via.bound(),
            values: TermValues::SimHalo {
                cells,
                bytes_per_cell,
                ranks_per_node: per_node,
                transfer: t,
                via,
            },
        });
    }
    if e.per == Per::Node && e.per_device_bytes > e.capacity_bytes {
        // What does not fit the node's RAM is paged to disk and back every step.
        let excess = (e.per_device_bytes - e.capacity_bytes) as f64;
        let t = Transfer {
            bytes: 2.0 * excess,
            bandwidth: m.disk,
            efficiency: 1.0,
        };
        step = step.plus(t.time());
        terms.push(TimeTerm {
            id: TermId::SimDisk,
            time: t.time(),
            bound: Bound::Disk,
            values: TermValues::SimDisk {
                excess,
                transfer: t,
            },
        });
    }
    let total_cells = sim.nx as f64 * sim.ny as f64 * sim.nz.max(1) as f64;
    let mlups = (sim.method == Method::Lbm).then(|| step.per_second(total_cells) / 1e6);
    Some(Speed {
        steps: Steps::Sim {
            step,
            run: step.times(sim.steps as f64),
            steps: sim.steps,
            mlups,
        },
        bound: longest(&terms),
        terms,
    })
}
