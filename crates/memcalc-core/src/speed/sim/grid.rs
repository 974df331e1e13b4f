//! Lattice Boltzmann and structured grids: every cell's stored state read and written once a
//! step, a halo of boundary cells to the neighbours.

use crate::model::values::sim::{GridPart, LbmPart};
use crate::model::values::SimValues;
use crate::model::Estimate;
use crate::scenario::sim::{Lattice, Method};
use crate::scenario::Scenario;
use crate::speed::sim::{rank_values, MethodStep, SimMachine, SimRate};
use crate::speed::GridTerm;
use crate::speed::{Bound, SimBytes, TermValues, Time, TimeTerm};

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

fn mlups(s: &Scenario, step: Time) -> SimRate {
    let sim = &s.sim;
    let cells = sim.nx as f64 * sim.ny as f64 * sim.nz.max(1) as f64;
    SimRate::Mlups(step.per_second(cells) / 1e6)
}

/// The memory-bound step of a lattice or a grid; None where the estimate has no state part.
pub fn step(s: &Scenario, e: &Estimate, sm: &SimMachine) -> Option<MethodStep> {
    let sim = &s.sim;
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
                    transfer: sm.transfer(cells * per_cell),
                    share: sm.share,
                });
            }
            (Method::Lbm, SimValues::Lbm(LbmPart::Halo(h))) => {
                halo = Some((
                    h.ghost_cells as f64,
                    (outgoing(sim.lattice) * h.storage) as f64,
                ));
            }
            (Method::Grid, SimValues::Grid(GridPart::State(g))) => {
                let work = rank_values(e).find_map(|v| match v {
                    SimValues::Grid(GridPart::Work(w)) => Some((w.arrays, w.cells_with_ghosts)),
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
                    transfer: sm.transfer(bytes),
                    share: sm.share,
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
    let transfer = match memory {
        SimBytes::Lbm { transfer, .. } | SimBytes::Grid { transfer, .. } => transfer,
    };
    Some(MethodStep {
        terms: vec![TimeTerm {
            time: transfer.time(),
            bound: Bound::MemoryBandwidth,
            values: TermValues::Grid(GridTerm::SimMemory(memory)),
        }],
        step: transfer.time(),
        halo,
        rate: (sim.method == Method::Lbm).then_some(mlups as fn(&Scenario, Time) -> SimRate),
    })
}
