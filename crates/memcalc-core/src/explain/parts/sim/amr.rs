//! The templates of a block-structured AMR rank's parts (AMReX, Athena++).

use super::super::Template;
use crate::base::units::group_digits as g;
use crate::model::values::{AmrBlock, AmrValues};

const SRC_AMR: &str = "Block-structured AMR as AMReX and Athena++ allocate it: every block (AMReX box up to amr.max_grid_size; Athena++ MeshBlock) is a FArrayBox/AthenaArray of ncomp × (block + 2·nghost)^d cells (AMReX docs, MultiFab and nGrow; Athena++ wiki, MeshBlock and NGHOST); state kept as old and new (AMReX StateData) or u and u1 (Athena++ VL2); coarse–fine: FluxRegister faces and coarse copies for FillPatch (AMReX), coarse_cons_/coarse_prim_ (Athena++ MeshRefinement); BoxArray and DistributionMapping, or loclist/ranklist/costlist, replicated on every rank; whole blocks per rank";

/// One block's formula, then the blocks of the rank.
fn per_block(block: &AmrBlock, formula: String, bytes: u64) -> String {
    format!(
        "{formula} × {} blocks per rank = {} B",
        g(block.blocks_per_rank),
        g(bytes)
    )
}

impl Template for AmrValues {
    fn label(&self) -> &'static str {
        match self {
            AmrValues::State { .. } => "Solution on all levels",
            AmrValues::Ghosts { .. } => "Ghost cells of every block",
            AmrValues::Work { .. } => "Work arrays",
            AmrValues::CoarseFine { .. } => "Coarse–fine buffers",
            AmrValues::Exchange { .. } => "Halo exchange buffers",
            AmrValues::Metadata { .. } => "Block metadata (on every rank)",
        }
    }
    fn formula(&self, bytes: u64) -> String {
        let shell = |k: &AmrBlock| {
            format!(
                "(({} + 2·{})^{d} − {}^{d}) cells",
                k.edge,
                k.halo,
                k.edge,
                d = k.dims
            )
        };
        match self {
            AmrValues::State { block: k, copies, .. } => per_block(
                k,
                format!(
                    "{} fields × {} B × {copies} stored copies × {}^{} cells",
                    k.fields, k.word, k.edge, k.dims
                ),
                bytes,
            ),
            AmrValues::Ghosts { block: k, copies, .. } => per_block(
                k,
                format!("{} fields × {} B × {copies} copies × {}", k.fields, k.word, shell(k)),
                bytes,
            ),
            AmrValues::Work { block: k, arrays } => per_block(
                k,
                format!(
                    "{arrays} arrays × {} B × ({} + 2·{})^{} cells",
                    k.word, k.edge, k.halo, k.dims
                ),
                bytes,
            ),
            AmrValues::CoarseFine {
                block: k,
                coarse_copies,
                ratio,
            } => per_block(
                k,
                format!(
                    "{} fields × {} B × ({coarse_copies} coarse copies × ({}/{ratio} + 2·{})^{} + {} faces × {}^{})",
                    k.fields,
                    k.word,
                    k.edge,
                    k.halo,
                    k.dims,
                    2 * k.dims,
                    k.edge,
                    k.dims - 1
                ),
                bytes,
            ),
            AmrValues::Exchange { block: k, buffers } => per_block(
                k,
                format!("{buffers} buffers × {} fields × {} B × {}", k.fields, k.word, shell(k)),
                bytes,
            ),
            AmrValues::Metadata { meta_bytes, blocks } => {
                format!("{meta_bytes} B × {} blocks = {} B", g(*blocks), g(bytes))
            }
        }
    }
    fn question(&self) -> &'static str {
        match self {
            AmrValues::State { .. } => "What is the state of an AMR run?",
            AmrValues::Ghosts { .. } => "Why do ghost cells cost so much with AMR?",
            AmrValues::Work { .. } => "What are the work arrays of an AMR block?",
            AmrValues::CoarseFine { .. } => "What do refined levels add besides their cells?",
            AmrValues::Exchange { .. } => "Why does a block keep buffers for its neighbours?",
            AmrValues::Metadata { .. } => "Why does every rank know every block?",
        }
    }
    fn explanation(&self) -> String {
        match self {
            AmrValues::State { copies, shape, .. } => format!("The solution on every level, kept as {copies} copies (old and new time levels or integrator stages). {}.", shape.text()),
            AmrValues::Ghosts { block, ghost_percent, .. } => format!("Each block is padded with {} ghost layers on every side, {ghost_percent} % more cells than it owns: small blocks pay the most. Codes like Athena++ store them on every copy of the state.", block.halo),
            AmrValues::Work { .. } => "Primitive variables, face fluxes and the ghosted copy of the state the advance fills, one per block, ghost layers included.".into(),
            AmrValues::CoarseFine { .. } => "To fill a block's ghost cells from its parent level the code keeps a coarse copy of the block's region, and to keep fluxes conservative across the coarse–fine boundary it stores the fluxes through the block's faces (flux registers).".into(),
            AmrValues::Exchange { .. } => "Each block packs its ghost regions into a send buffer and receives its neighbours' into a receive buffer, one pair per neighbour, kept for the whole run (Athena++ BoundaryVariable).".into(),
            AmrValues::Metadata { .. } => "Each rank keeps the list of all blocks and their owners (AMReX BoxArray and DistributionMapping, Athena++ block lists and tree) to find neighbours and rebalance: it grows with the blocks, not with the rank's share.".into(),
        }
    }
    fn source(&self) -> &'static str {
        SRC_AMR
    }
}
