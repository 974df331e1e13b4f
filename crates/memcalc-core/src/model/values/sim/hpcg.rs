//! The values of an HPCG rank's parts, as HPCG's own memory model counts them.

/// Levels of HPCG's multigrid below the fine grid (`src/main.cpp`: numberOfMgLevels = 4).
pub const COARSE_LEVELS: usize = 3;

/// An HPCG part's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HpcgPart {
    /// x, b and xexact of the fine grid.
    Problem { rows: u64 },
    /// The fine SparseMatrix: per row a nonzero count, four row pointers and 27 values,
    /// local and global column indices.
    Matrix { rows: u64, global_index: u64 },
    /// CG's r and Ap over the rows, z and p over the columns (the rows and the halo).
    Cg { rows: u64, columns: u64 },
    /// The coarse grids: each a SparseMatrix, the restriction map f2c, rc, xc and Axf, and
    /// the halo's send buffer and element list.
    Multigrid {
        rows: [u64; COARSE_LEVELS],
        columns: [u64; COARSE_LEVELS],
        sent: [u64; COARSE_LEVELS],
        global_index: u64,
    },
}

/// Bytes of one row of HPCG's SparseMatrix (`ReportResults.cpp`'s model of GenerateProblem):
/// the nonzero count (a char), mtxIndG, mtxIndL, matrixValues and matrixDiagonal pointers, and
/// 27 local indices (4 B), values (8 B) and global indices.
pub fn matrix_row(global_index: u64) -> u64 {
    1 + 4 * 8 + 27 * (4 + 8 + global_index)
}
