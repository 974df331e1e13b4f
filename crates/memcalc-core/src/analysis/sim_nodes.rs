//! Simulation searches over the scenario: memory as nodes grow, the fewest nodes that fit, the
//! most checkpoints that fit. Each goes through `model::estimate`, as the verdict does.

use crate::model::sim::domain::revolve_repetitions;
use crate::scenario::sim::*;
use crate::scenario::Scenario;

/// Memory per node as nodes grow, for strong scaling (same problem, more nodes) or weak
/// scaling (the problem grows with the nodes, refined in every direction the grid has:
/// [`refine`]), at the same ranks per node.
pub fn scaling(s: &Scenario, weak: bool, max_nodes: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    let mut n = 1u64;
    while n <= max_nodes {
        out.push((n, scaling_at(s, weak, n)));
        n *= 2;
    }
    out
}

/// Memory per device (per node for CPU codes, per GPU for GPU-resident ones) on `n` nodes.
pub fn scaling_at(s: &Scenario, weak: bool, n: u64) -> u64 {
    crate::model::bytes(&scenario_at(s, weak, n)).per_device_bytes
}

/// The scenario on `n` nodes at the same ranks per node: the same problem (strong scaling) or
/// one grown with the nodes (weak), its grid refined in every direction it has ([`refine`]).
pub fn scenario_at(s: &Scenario, weak: bool, n: u64) -> Scenario {
    let m = s.sim;
    let per_node = m.ranks.div_ceil(m.nodes).max(1);
    let mut sim = Sim {
        nodes: n,
        ranks: per_node * n,
        ..m
    };
    if weak {
        let f = n.max(1);
        let base = m.nodes.max(1);
        (sim.nx, sim.ny, sim.nz) = refine((m.nx, m.ny, m.nz), f as f64 / base as f64);
        sim.particles = (m.particles * f).div_ceil(base).max(1);
        sim.cells = (m.cells * f).div_ceil(base).max(1);
        sim.kspace_grid = (m.kspace_grid * f).div_ceil(base);
    }
    Scenario { sim, ..*s }
}

/// A grid of `nx × ny × nz` points grown `r` times for weak scaling, refined by the same factor
/// r^(1/d) in each of its d directions of more than one point, the last direction rounded so
/// the points grow by r as closely as whole numbers allow: the work and memory per node stay
/// those of the first node count, as a weak-scaling study (Gustafson 1988, "Reevaluating
/// Amdahl's law", CACM 31(5)) refines its mesh. Stretching x alone (issue 37, defect 8) turned a
/// rank's block into a thin slab whose halo grew with the nodes: a 0.25° atmosphere fell to 52 %
/// weak efficiency at 256 nodes where the same refinement in every direction stays flat.
pub fn refine((nx, ny, nz): (u64, u64, u64), r: f64) -> (u64, u64, u64) {
    let dims = [nx, ny, nz];
    let active: Vec<usize> = (0..3).filter(|&i| dims[i] > 1).collect();
    let Some((&last, rest)) = active.split_last() else {
        // A single point: grow it along x.
        return (((nx.max(1) as f64) * r).round().max(1.0) as u64, ny, nz);
    };
    let g = r.powf(1.0 / active.len() as f64);
    let mut out = dims;
    for &i in rest {
        out[i] = ((dims[i] as f64) * g).round().max(1.0) as u64;
    }
    let total = dims.iter().map(|&d| d.max(1) as f64).product::<f64>() * r;
    let others: f64 = (0..3).filter(|&i| i != last).map(|i| out[i].max(1) as f64).product();
    out[last] = (total / others).round().max(1.0) as u64;
    (out[0], out[1], out[2])
}

/// The size of the problem a weak-scaling study grows ([`scenario_at`]): the grid's points for
/// grid, lattice, spectral and AMR methods, the particles for MD and N-body, the cells of a
/// mesh; None where weak scaling grows nothing the method reads (plane-wave DFT). Refining a
/// grid in every direction rounds each side to whole points, so the grown problem is within a
/// fraction of a percent of r times the first: the weak efficiency divides that out.
pub fn problem_size(s: &Scenario) -> Option<f64> {
    let m = s.sim;
    match m.method {
        Method::Grid | Method::Lbm | Method::Spectral | Method::Amr => {
            Some(m.nx.max(1) as f64 * m.ny.max(1) as f64 * m.nz.max(1) as f64)
        }
        Method::Particles | Method::Nbody => Some(m.particles.max(1) as f64),
        Method::Mesh => Some(m.cells.max(1) as f64),
        Method::Planewave => None,
    }
}

pub fn fewest_nodes(s: &Scenario) -> Option<u64> {
    let m = s.sim;
    let per_node = m.ranks.div_ceil(m.nodes).max(1);
    let fits = |n: u64| {
        let sim = Sim {
            nodes: n,
            ranks: per_node * n,
            ..m
        };
        // Through `estimate`, as the verdict is: a kept calibration counts here too.
        crate::model::bytes(&Scenario { sim, ..*s }).fits_device()
    };
    crate::base::search::smallest(1, crate::scenario::MAX_GPUS / per_node, fits)
}

/// For binomial checkpointing: the most snapshots that fit, and the recomputation it implies.
pub fn adjoint_fit(s: &Scenario) -> Option<(u64, Option<u64>)> {
    let m = s.sim;
    if m.adjoint != Adjoint::Checkpoint {
        return None;
    }
    let fits = |k: u64| {
        let sim = Sim {
            adjoint_snapshots: k,
            ..m
        };
        // Through `estimate`, as the verdict is: a kept calibration counts here too.
        crate::model::bytes(&Scenario { sim, ..*s }).fits_device()
    };
    Some(
        match crate::base::search::largest(0, m.steps.max(1), fits) {
            Some(k) => (k, revolve_repetitions(k, m.steps)),
            None => (0, None),
        },
    )
}
