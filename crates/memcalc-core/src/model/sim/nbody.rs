//! Tree-PM N-body gravity (GADGET-2, GADGET-4): what each MPI task allocates for its particles,
//! its share of the oct-tree and the PM grid, and the fixed tables and buffers every task holds.

use super::{imbalance, up, MethodParts, Part, SimShape, SimValues};
use crate::catalog::parts::PartId;
use crate::model::values::sim::{NbodyShape, NbodyValues};
use crate::scenario::nbody::Nbody;
use crate::scenario::sim::Sim;

/// Points per side of the Ewald table: GADGET-2 ewald.c and GADGET-4 ewald.h tabulate the
/// correction on a (64 + 1)³ grid over an octant of the box.
const EWALD_SIDE: u64 = 65;
const EWALD_ENTRIES: u64 = EWALD_SIDE * EWALD_SIDE * EWALD_SIDE;

/// What a task allocates, in bytes (continuous or as the code rounds).
#[derive(Debug, Clone, Copy, PartialEq)]
struct TaskBytes {
    /// Particle slots on the task (MaxPart).
    max_part: f64,
    particles: f64,
    timebins: f64,
    nodes: f64,
    tree: f64,
    /// PM slabs on the busiest task and the bytes of the PM arrays.
    slabs: f64,
    pm: f64,
    comm: f64,
    ewald: f64,
}

/// GADGET-2 begrun.c: All.MaxPart = PartAllocFactor × (TotNumPart / NTask); forcetree.c
/// force_treeallocate(TreeAllocFactor × MaxPart, MaxPart) allocates the nodes plus the
/// Nextnode and Father index arrays; pm_periodic.c slabs the PMGRID³ real-to-complex grid
/// (PMGRID × PMGRID × 2(PMGRID/2 + 1) reals) over the tasks along x.
fn task_bytes(nb: &Nbody, particles: u64, ranks: u64, word: u64, continuous: bool) -> TaskBytes {
    let p = ranks.max(1) as f64;
    let per_task = particles as f64 / p;
    let raw = nb.alloc_c as f64 / 100.0 * per_task;
    let max_part = if continuous {
        raw
    } else {
        raw.floor().max(1.0)
    };
    let nodes_raw = nb.tree_c as f64 / 100.0 * max_part;
    let nodes = if continuous {
        nodes_raw
    } else {
        nodes_raw.floor()
    };
    let n = nb.pm_grid as f64;
    let slab = n * 2.0 * (nb.pm_grid / 2 + 1) as f64;
    let slabs = if nb.pm_grid == 0 {
        0.0
    } else if continuous {
        // Over all tasks the slabs add up to the grid, however many tasks hold none.
        n / p
    } else {
        nb.pm_grid.div_ceil(ranks.max(1)) as f64
    };
    TaskBytes {
        max_part,
        particles: nb.part_bytes as f64 * max_part,
        timebins: 4.0 * nb.timebin_lists as f64 * max_part,
        nodes,
        tree: nb.node_bytes as f64 * nodes + 8.0 * max_part,
        slabs,
        pm: nb.pm_arrays as f64 * slabs * slab * word as f64,
        comm: (nb.comm_mib << 20) as f64,
        ewald: (EWALD_ENTRIES * nb.ewald_bytes) as f64,
    }
}

pub(super) fn nbody(m: &Sim, b: u64) -> MethodParts {
    let n = &m.nbody;
    let t = task_bytes(n, m.particles, m.ranks, b, false);
    // Over all tasks the continuous sizes do not depend on the task count (one task holds all),
    // except the fixed buffer each task has.
    let x = task_bytes(n, m.particles, 1, b, true);
    let p = m.ranks as f64;
    let imb = |v: f64| imbalance(m, v);
    let slots = up(t.max_part);
    let shape = NbodyShape {
        particles: m.particles,
        slots,
        nodes: up(t.nodes),
        pm_grid: n.pm_grid,
        slabs: up(t.slabs),
    };
    let mut parts = Vec::new();
    let mut push = |id: PartId, rank: f64, total: f64, values: NbodyValues| {
        let bytes = up(rank);
        if bytes > 0 {
            parts.push(Part::of(id, bytes, up(total), SimValues::Nbody(values)));
        }
    };
    push(
        PartId::Particles,
        imb(t.particles),
        x.particles,
        NbodyValues::Particles {
            part_bytes: n.part_bytes,
            slots,
            alloc_c: n.alloc_c,
            particles: m.particles,
            tasks: m.ranks,
            shape,
        },
    );
    push(
        PartId::Timebins,
        imb(t.timebins),
        x.timebins,
        NbodyValues::Timebins {
            lists: n.timebin_lists,
            slots,
        },
    );
    push(
        PartId::Tree,
        imb(t.tree),
        x.tree,
        NbodyValues::Tree {
            node_bytes: n.node_bytes,
            nodes: up(t.nodes),
            tree_c: n.tree_c,
            slots,
        },
    );
    push(
        PartId::PmGrid,
        t.pm,
        x.pm,
        NbodyValues::PmGrid {
            arrays: n.pm_arrays,
            slabs: up(t.slabs),
            grid: n.pm_grid,
            word: b,
        },
    );
    push(
        PartId::Ewald,
        t.ewald,
        x.ewald * p,
        NbodyValues::Ewald {
            side: EWALD_SIDE,
            entry_bytes: n.ewald_bytes,
        },
    );
    push(
        PartId::CommBuffer,
        t.comm,
        x.comm * p,
        NbodyValues::CommBuffer { mib: n.comm_mib },
    );
    // GADGET-3/4 take every array from the MaxMemSize block each task allocates at start-up:
    // the task holds the whole block, its generic buffers using what the arrays leave.
    let arrays: u64 = crate::base::sat::sum(parts.iter().map(|p| p.rank_bytes));
    let given = n.max_mem_mib.saturating_mul(1 << 20);
    if given > arrays {
        let rest = given - arrays;
        parts.push(Part::of(
            PartId::Reserved,
            rest,
            crate::mul!(rest, m.ranks),
            SimValues::Nbody(NbodyValues::Reserved {
                max_mem_mib: n.max_mem_mib,
                arrays,
            }),
        ));
    }
    // A snapshot holds positions, velocities and IDs (GADGET format: 3 + 3 floats and 4 B).
    let snap = 28.0;
    MethodParts {
        parts,
        snapshot_rank: up(imb(snap * m.particles as f64 / p)),
        snapshot_total: up(snap * m.particles as f64),
        // A restart file dumps every task's particle structs.
        restart_total: up(n.part_bytes as f64 * m.particles as f64),
        shape: SimShape::Nbody(shape),
    }
}
