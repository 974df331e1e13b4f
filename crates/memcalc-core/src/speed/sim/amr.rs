//! Block-structured AMR: a step updates every block of every level, each update streaming the
//! block's stored copies with their ghost shells and its work arrays; with subcycling a finer
//! level takes `ratio` steps for each step of the level below. The bytes come from the
//! estimate's own parts, so the time follows the same blocks, ghost layers and copies.
//!
//! Sources: AMReX `Amr::timeStep` (`Src/Amr/AMReX_Amr.cpp`: with `amr.subcycling_mode` Auto,
//! the default, level l + 1 advances `n_cycle = ref_ratio` times per step of level l, so a
//! coarse step updates level l ratio^l times); Athena++ (`src/main.cpp`) steps every MeshBlock
//! once per cycle at the finest level's time step and prints "zone-cycles/wsec"; both fill
//! every block's ghost cells before each update (AMReX `FillPatch`, Athena++
//! `BoundaryValues`), which crosses the network where the neighbour is on another rank.

use crate::model::values::sim::AmrValues;
use crate::model::values::{SimValues, Values};
use crate::model::Estimate;
use crate::scenario::amr::Amr;
use crate::scenario::Scenario;
use crate::speed::sim::{MethodStep, SimMachine, SimRate};
use crate::speed::MeshTerm;
use crate::speed::{Bound, TermValues, Time, TimeTerm, Transfer};

/// One step of every level on the busiest rank.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Advance {
    /// Bytes of the rank's blocks one update reads and writes: every stored copy with its
    /// ghost shell, and the work arrays.
    pub blocks_bytes: f64,
    pub blocks: u64,
    /// Updates of an average block per step: 1, or with subcycling the levels' ratio^l
    /// weighted by their cells.
    pub updates: f64,
    pub max_level: u64,
    pub ratio: u64,
    pub subcycle: bool,
    pub transfer: Transfer,
}

/// Updates per block per step: with subcycling level l is updated ratio^l times per coarse
/// step, weighted by the share of cells on each level; without, once.
pub fn updates(a: &Amr, cells: &[f64]) -> f64 {
    if !a.subcycle {
        return 1.0;
    }
    let r = a.ratio.max(1) as f64;
    let total: f64 = cells.iter().sum();
    if total <= 0.0 {
        return 1.0;
    }
    cells
        .iter()
        .enumerate()
        .map(|(l, c)| c * r.powi(l as i32))
        .sum::<f64>()
        / total
}

/// Cells updated per step over all levels and ranks.
fn cell_updates(s: &Scenario) -> f64 {
    let sim = &s.sim;
    let h = sim.amr.hierarchy((sim.nx, sim.ny, sim.nz.max(1)), true);
    let cells = if sim.amr.blocks > 0 {
        h.blocks * h.block_cells
    } else {
        h.cells.iter().sum()
    };
    cells * updates(&sim.amr, &h.cells)
}

fn mzone_cycles(s: &Scenario, step: Time) -> SimRate {
    SimRate::MzoneCycles(step.per_second(cell_updates(s)) / 1e6)
}

/// The AMR step; None without a state part.
pub fn step(s: &Scenario, e: &Estimate, sm: &SimMachine) -> Option<MethodStep> {
    let sim = &s.sim;
    let a = &sim.amr;
    let mut streamed = 0.0;
    let mut block = None;
    for c in &e.components {
        let Values::Sim(part) = &c.values else {
            continue;
        };
        let SimValues::Amr(v) = &part.rank else {
            continue;
        };
        match v {
            AmrValues::State { block: b, .. } => {
                block = Some(*b);
                streamed += part.rank_bytes as f64;
            }
            AmrValues::Ghosts { .. } | AmrValues::Work { .. } => {
                streamed += part.rank_bytes as f64;
            }
            _ => {}
        }
    }
    let block = block?;
    let h = a.hierarchy((sim.nx, sim.ny, sim.nz.max(1)), true);
    let n = updates(a, &h.cells);
    let advance = Advance {
        blocks_bytes: streamed,
        blocks: block.blocks_per_rank,
        updates: n,
        max_level: a.max_level,
        ratio: a.ratio,
        subcycle: a.subcycle,
        transfer: sm.transfer(2.0 * streamed * n),
    };
    // The rank's blocks as one compact region: its ghost shell towards the other ranks,
    // `halo` layers deep, filled before every update.
    let d = block.dims as f64;
    let region = block.blocks_per_rank as f64 * (block.edge as f64).powf(d);
    let shell = 2.0 * d * region.powf((d - 1.0) / d) * block.halo as f64;
    let halo = Some((shell, (block.fields * block.word) as f64 * n));
    Some(MethodStep {
        terms: vec![TimeTerm {
            time: advance.transfer.time(),
            bound: Bound::MemoryBandwidth,
            values: TermValues::Mesh(MeshTerm::AmrAdvance(advance)),
        }],
        step: advance.transfer.time(),
        halo,
        rate: Some(mzone_cycles as fn(&Scenario, Time) -> SimRate),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subcycling_weights_levels_by_their_cells() {
        let a = Amr::default();
        // Levels of 1000, 1000 and 1000 cells at ratio 2: (1 + 2 + 4) / 3 updates per block.
        assert_eq!(updates(&a, &[1000.0, 1000.0, 1000.0]), 7.0 / 3.0);
        let flat = Amr {
            subcycle: false,
            ..a
        };
        assert_eq!(updates(&flat, &[1000.0, 1000.0, 1000.0]), 1.0);
    }
}
