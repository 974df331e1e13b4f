//! Block-structured adaptive mesh refinement (AMReX, Athena++): every block of the hierarchy
//! padded with ghost cells, spread over the ranks whole, with the coarse–fine buffers of
//! refined levels and the block list every rank keeps.

use super::{imbalance, up, MethodParts, Part, SimShape, SimValues};
use crate::catalog::parts::PartId;
use crate::model::values::sim::{AmrBlock, AmrShape, AmrValues};
use crate::scenario::amr::{Amr, Hierarchy};
use crate::scenario::sim::Sim;

/// Bytes of one block, term by term, and what they are made of.
#[derive(Debug, Clone, Copy, PartialEq)]
struct BlockBytes {
    state: f64,
    ghost: f64,
    work: f64,
    coarse_fine: f64,
    exchange: f64,
    /// Cells of a block with its ghost layers.
    padded: f64,
}

/// Bytes of one block: `levels` stored copies of `fields` (with or without ghost cells),
/// `work` ghosted arrays, and with refinement the coarse copies and the flux-correction
/// faces of the coarse–fine boundary.
fn block_bytes(
    a: &Amr,
    h: &Hierarchy,
    fields: u64,
    levels: u64,
    work: u64,
    halo: u64,
    b: u64,
) -> BlockBytes {
    let d = h.dims as i32;
    let edge = a.block.max(1) as f64;
    let g = halo as f64;
    let padded = (edge + 2.0 * g).powi(d);
    let fb = (fields * b) as f64;
    let lv = levels as f64;
    let state = lv * fb * h.block_cells;
    let ghost = if a.ghost_state {
        lv * fb * (padded - h.block_cells)
    } else {
        0.0
    };
    let work = (work * b) as f64 * padded;
    // Refinement: each block keeps coarse copies of its region with ghost layers, and the
    // fluxes through its 2·d faces for the coarse–fine correction (AMReX FluxRegister,
    // Athena++ flux correction buffers).
    let coarse_fine = if a.max_level > 0 {
        let coarse = (edge / a.ratio.max(1) as f64 + 2.0 * g).powi(d);
        fb * (a.coarse_copies as f64 * coarse + 2.0 * d as f64 * edge.powi(d - 1))
    } else {
        0.0
    };
    let exchange = a.exchange_copies as f64 * fb * (padded - h.block_cells);
    BlockBytes {
        state,
        exchange,
        ghost,
        work,
        coarse_fine,
        padded,
    }
}

pub(super) fn amr(m: &Sim, b: u64) -> MethodParts {
    let a = &m.amr;
    let base = (m.nx, m.ny, m.nz.max(1));
    let h = a.hierarchy(base, false);
    let hx = a.hierarchy(base, true);
    let bb = block_bytes(a, &h, m.fields, m.levels, m.work, m.halo, b);
    let p = m.ranks as f64;
    // Blocks move whole: the busiest rank holds the rounded-up share.
    let per_rank = (h.blocks / p).ceil();
    let held = imbalance(m, per_rank);
    let cells: f64 = h.cells.iter().sum();
    let all_cells = if a.blocks > 0 {
        h.blocks * h.block_cells
    } else {
        cells
    };
    let shape = AmrShape {
        blocks: up(h.blocks),
        edge: a.block.max(1),
        dims: h.dims,
        max_level: a.max_level,
        cells: up(all_cells),
        finest: if a.max_level > 0 && a.blocks == 0 {
            up(*h.cells.last().unwrap_or(&0.0))
        } else {
            0
        },
        per_rank: up(per_rank),
    };
    let block = AmrBlock {
        fields: m.fields,
        word: b,
        edge: a.block.max(1),
        dims: h.dims,
        halo: m.halo,
        blocks_per_rank: up(held),
    };
    // In whole percent, formatted as an integer (float formatting would weigh on the page).
    let ghost_percent = up((bb.padded - h.block_cells) / h.block_cells * 100.0 - 0.5);
    let meta = (a.meta_bytes as f64 * h.blocks).ceil();
    let mut parts = Vec::new();
    let part = |id: PartId, rank_bytes: u64, total_bytes: u64, values: AmrValues| {
        Part::of(id, rank_bytes, total_bytes, SimValues::Amr(values))
    };
    let mut push = |id: PartId, each: f64, values: AmrValues| {
        parts.push(part(id, up(each * held), up(each * hx.blocks), values));
    };
    push(
        PartId::State,
        bb.state,
        AmrValues::State {
            block,
            copies: m.levels,
            shape,
        },
    );
    if bb.ghost > 0.0 {
        push(
            PartId::Halo,
            bb.ghost,
            AmrValues::Ghosts {
                block,
                copies: m.levels,
                ghost_percent,
            },
        );
    }
    if bb.work > 0.0 {
        push(
            PartId::Work,
            bb.work,
            AmrValues::Work {
                block,
                arrays: m.work,
            },
        );
    }
    if bb.coarse_fine > 0.0 {
        push(
            PartId::CoarseFine,
            bb.coarse_fine,
            AmrValues::CoarseFine {
                block,
                coarse_copies: a.coarse_copies,
                ratio: a.ratio,
            },
        );
    }
    if bb.exchange > 0.0 {
        push(
            PartId::Exchange,
            bb.exchange,
            AmrValues::Exchange {
                block,
                buffers: a.exchange_copies,
            },
        );
    }
    if meta > 0.0 {
        let bytes = up(meta);
        parts.push(part(
            PartId::BlockMetadata,
            bytes,
            crate::mul!(bytes, m.ranks),
            AmrValues::Metadata {
                meta_bytes: a.meta_bytes,
                blocks: up(h.blocks),
            },
        ));
    }
    let fb = (m.fields * b) as f64;
    MethodParts {
        parts,
        snapshot_rank: up(fb * h.block_cells * held),
        snapshot_total: up(fb * h.block_cells * hx.blocks),
        restart_total: up(fb * all_cells),
        shape: SimShape::Amr(shape),
    }
}
