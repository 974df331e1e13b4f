//! The values of a block-structured AMR rank's parts.

/// The hierarchy as the estimate's summary names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AmrShape {
    /// Blocks over all levels, their edge in cells and the dimensions (2 or 3).
    pub blocks: u64,
    pub edge: u64,
    pub dims: u32,
    /// Refined levels above the base grid.
    pub max_level: u64,
    /// Cells over all levels, and of the finest level where the hierarchy was built from the
    /// refined shares (0 where blocks were given or nothing is refined).
    pub cells: u64,
    pub finest: u64,
    /// Blocks on the busiest rank before imbalance.
    pub per_rank: u64,
}

/// The block an AMR part is counted for: its size, the arrays' width and the blocks the
/// busiest rank holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AmrBlock {
    pub fields: u64,
    /// Bytes per value.
    pub word: u64,
    /// Block edge in cells, dimensions, ghost layers.
    pub edge: u64,
    pub dims: u32,
    pub halo: u64,
    /// Blocks on the busiest rank, imbalance included.
    pub blocks_per_rank: u64,
}

/// The parts of an AMR rank, each per block times the rank's blocks, except the block list.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AmrValues {
    /// `copies` stored time levels or stages of every block's cells.
    State {
        block: AmrBlock,
        copies: u64,
        shape: AmrShape,
    },
    /// The ghost shells of every stored copy; `ghost_percent`: ghost cells per owned cell.
    Ghosts {
        block: AmrBlock,
        copies: u64,
        ghost_percent: u64,
    },
    /// Ghosted work arrays, one set per block.
    Work { block: AmrBlock, arrays: u64 },
    /// Coarse copies of the block's region (refinement `ratio`) and flux registers on its faces.
    CoarseFine {
        block: AmrBlock,
        coarse_copies: u64,
        ratio: u64,
    },
    /// Send and receive buffers of the ghost shell.
    Exchange { block: AmrBlock, buffers: u64 },
    /// Bytes per block of the block list every rank keeps for all blocks.
    Metadata { meta_bytes: u64, blocks: u64 },
}
