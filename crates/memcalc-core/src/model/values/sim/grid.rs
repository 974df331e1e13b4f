//! The values of a structured grid's parts.

/// A grid part's values.
#[derive(Debug, Clone, PartialEq)]
pub enum GridPart {
    State(GridState),
    Work(GridWork),
    Halo(GridHalo),
}

/// The grid and its split over the ranks, as the explanations describe it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridShape {
    /// Cells along each axis.
    pub nx: u64,
    pub ny: u64,
    pub nz: u64,
    /// The processor grid.
    pub px: u64,
    pub py: u64,
    pub pz: u64,
    /// Cells owned by a rank of the even split, and its ghost cells.
    pub owned_cells: u64,
    pub ghost_cells: u64,
}

/// The prognostic state: every field at every time level in the busiest rank's cells.
#[derive(Debug, Clone, PartialEq)]
pub struct GridState {
    pub fields: u64,
    pub levels: u64,
    /// Cells of the busiest rank (imbalance included).
    pub cells: u64,
    /// Bytes per value.
    pub b: u64,
    pub shape: GridShape,
}

/// Work arrays over the busiest rank's cells and its ghost cells.
#[derive(Debug, Clone, PartialEq)]
pub struct GridWork {
    pub arrays: u64,
    pub cells_with_ghosts: u64,
    pub b: u64,
}

/// Ghost cells of every stored level, and the send and receive buffers of one face exchange.
#[derive(Debug, Clone, PartialEq)]
pub struct GridHalo {
    pub fields: u64,
    pub levels: u64,
    /// Ghost layers on each side.
    pub layers: u64,
    pub ghost_cells: u64,
    /// Cells of one face exchange (all faces, all layers), sent and received.
    pub face_cells: u64,
    pub owned_cells: u64,
    pub b: u64,
}
