//! Block-structured adaptive mesh refinement (AMReX, Athena++, Enzo): a base grid refined level
//! by level into blocks of equal size, each block padded with ghost cells and spread over the
//! ranks whole. The inputs an AMR user sets (refinement levels and ratio, how much of each level
//! is refined, block size, ghost cells) and the hierarchy they build (`model::sim` counts the
//! bytes of its blocks).

/// The AMR inputs beyond those a structured grid shares (base grid, fields, time levels, work
/// arrays, ghost layers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Amr {
    /// Refined levels above the base grid (AMReX `amr.max_level`, Athena++ `numlevel` − 1).
    pub max_level: u64,
    /// Refinement ratio between levels (AMReX `amr.ref_ratio`; Athena++ always 2).
    pub ratio: u64,
    /// Share of each level's volume refined to the next, in basis points.
    pub fill_bp: u64,
    /// Block edge in cells (Athena++ `<meshblock> nx1`, AMReX `amr.max_grid_size`).
    pub block: u64,
    /// Blocks over all levels given directly, e.g. from the code's log (0: from `fill`).
    pub blocks: u64,
    /// Ghost cells on every stored copy of the state (Athena++ allocates u, u1 with NGHOST) or
    /// only on the work arrays (AMReX's StateData has none; the advance fills a ghosted copy).
    pub ghost_state: bool,
    /// Coarse-level copies each block keeps to fill its ghost cells from the parent level
    /// (Athena++: coarse_cons_ and coarse_prim_; AMReX FillPatch: one temporary).
    pub coarse_copies: u64,
    /// Ghost-shell-sized send and receive buffers each block keeps for the halo exchange
    /// (Athena++ BoundaryVariable: a send and a receive buffer per neighbour, 2; AMReX
    /// FillBoundary takes them from the arena for the exchange only, 0).
    pub exchange_copies: u64,
    /// Bytes of bookkeeping per block that every rank holds for all blocks (AMReX's BoxArray
    /// and DistributionMapping; Athena++'s loclist, ranklist, costlist and block tree).
    pub meta_bytes: u64,
    /// Finer levels take `ratio` steps for each step of the level below (AMReX
    /// `amr.subcycling_mode`, on by default); off: every level takes the finest level's time
    /// step (Athena++).
    pub subcycle: bool,
}

impl Default for Amr {
    fn default() -> Self {
        // Two refined levels of ratio 2 over an eighth of each level, 16³ blocks.
        Amr {
            max_level: 2,
            ratio: 2,
            fill_bp: 1250,
            block: 16,
            blocks: 0,
            ghost_state: true,
            coarse_copies: 1,
            exchange_copies: 0,
            meta_bytes: 64,
            subcycle: true,
        }
    }
}

/// The hierarchy an AMR run builds: cells and blocks per level.
#[derive(Debug, Clone, PartialEq)]
pub struct Hierarchy {
    /// 2 or 3.
    pub dims: u32,
    /// Cells of each level, base first.
    pub cells: Vec<f64>,
    /// Blocks over all levels (whole blocks per level; continuous with `continuous`).
    pub blocks: f64,
    /// Cells of one block.
    pub block_cells: f64,
}

impl Amr {
    /// Cells per level: the base grid, then each level refines `fill` of the one below by
    /// `ratio` per direction, so level l holds base × (ratio^d × fill)^l cells. Blocks are
    /// whole per level (a partly filled block is allocated whole), or given directly.
    pub fn hierarchy(&self, base: (u64, u64, u64), continuous: bool) -> Hierarchy {
        let dims = if base.2 <= 1 { 2 } else { 3 };
        let n0 = base.0 as f64 * base.1 as f64 * base.2.max(1) as f64;
        let growth = (self.ratio as f64).powi(dims as i32) * self.fill_bp as f64 / 10_000.0;
        let block_cells = (self.block.max(1) as f64).powi(dims as i32);
        let cells: Vec<f64> = (0..=self.max_level)
            .map(|l| n0 * growth.powi(l as i32))
            .collect();
        let blocks = if self.blocks > 0 {
            self.blocks as f64
        } else {
            cells
                .iter()
                .map(|c| {
                    let b = c / block_cells;
                    if continuous {
                        b
                    } else {
                        b.ceil()
                    }
                })
                .sum()
        };
        Hierarchy {
            dims,
            cells,
            blocks,
            block_cells,
        }
    }
}
