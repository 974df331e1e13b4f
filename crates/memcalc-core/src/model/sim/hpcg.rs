//! HPCG (`mesh_storage=hpcg`, `code=hpcg`): the arrays HPCG's own memory model counts, the
//! figure its report prints as "Total memory used for data (Gbytes)".
//!
//! Sources (hpcg-benchmark/hpcg, HPCG 3.1): `src/ReportResults.cpp` ("Memory usage model"):
//! per fine row the nonzerosInRow char, the mtxIndG, mtxIndL, matrixValues and matrixDiagonal
//! pointers, 27 local indices (local_int_t, 4 B), values (8 B) and global indices (global_int_t,
//! 8 B unless HPCG_NO_LONG_LONG; `src/Geometry.hpp`); x, b and xexact over the rows; CGData's r
//! and Ap over the rows, z and p over the columns (rank 0's local columns × ranks); each coarse
//! level (`GenerateCoarseProblem.cpp`: every dimension halved) a SparseMatrix like the fine one,
//! f2cOperator and rc per coarse row, xc and Axf per coarse column, and SetupHalo's sendBuffer
//! and elementsToSend per element sent; `src/main.cpp`: numberOfMgLevels = 4. The reference
//! OptimizeProblem allocates nothing.
use super::domain::*;
use crate::catalog::parts::PartId;
use crate::model::values::sim::*;
use crate::scenario::sim::*;

/// Columns beyond the rows on rank 0 of a `grid` processor grid with local side `s`: one layer
/// towards each direction it has a neighbour in (rank 0 sits at the corner), which is also
/// what it sends (a face to each face neighbour, an edge, a corner).
fn external(s: f64, grid: (u64, u64, u64)) -> f64 {
    let d = |p: u64| if p > 1 { 1.0 } else { 0.0 };
    (s + d(grid.0)) * (s + d(grid.1)) * (s + d(grid.2)) - s * s * s
}

/// One rank's bytes by part for `rows` fine rows per rank.
struct Sizes {
    problem: u64,
    matrix: u64,
    cg: u64,
    multigrid: u64,
    rows: u64,
    columns: u64,
    coarse_rows: [u64; COARSE_LEVELS],
    coarse_columns: [u64; COARSE_LEVELS],
    sent: [u64; COARSE_LEVELS],
}

fn sizes(rows: f64, ranks: u64, global_index: u64) -> Sizes {
    let grid = split(ranks, 1.0, 1.0, 1.0, false);
    let side = rows.cbrt();
    let row = matrix_row(global_index);
    let columns = rows + external(side, grid);
    let mut coarse_rows = [0; COARSE_LEVELS];
    let mut coarse_columns = [0; COARSE_LEVELS];
    let mut sent = [0; COARSE_LEVELS];
    let mut multigrid = 0u64;
    for l in 0..COARSE_LEVELS {
        let s = side / f64::powi(2.0, l as i32 + 1);
        let n = up(s * s * s);
        let ext = up(external(s, grid));
        coarse_rows[l] = n;
        coarse_columns[l] = crate::add!(n, ext);
        sent[l] = ext;
        multigrid = crate::add!(
            multigrid,
            crate::mul!(n, 4 + 8 + row),
            crate::mul!(coarse_columns[l], 2, 8),
            crate::mul!(ext, 8 + 4)
        );
    }
    let r = up(rows);
    let c = up(columns);
    Sizes {
        problem: crate::mul!(r, 3, 8),
        matrix: crate::mul!(r, row),
        cg: crate::add!(crate::mul!(r, 2, 8), crate::mul!(c, 2, 8)),
        multigrid,
        rows: r,
        columns: c,
        coarse_rows,
        coarse_columns,
        sent,
    }
}

pub(super) fn hpcg(m: &Sim) -> MethodParts {
    let ranks = m.ranks.max(1);
    let g = m.index_bytes;
    let r = sizes(imbalance(m, m.cells as f64 / ranks as f64), ranks, g);
    // HPCG's report: the per-row costs over every row, z and p from rank 0's columns × ranks.
    let all = sizes(m.cells as f64 / ranks as f64, ranks, g);
    let total = |v: u64| crate::mul!(v, ranks);
    let shape = MeshShape {
        cells: r.rows,
        points: r.rows,
        unknowns: r.rows,
    };
    let v = |p: HpcgPart| SimValues::Mesh(MeshPart::Hpcg(p));
    MethodParts {
        parts: vec![
            Part::of(
                PartId::State,
                r.problem,
                total(all.problem),
                v(HpcgPart::Problem { rows: r.rows }),
            ),
            Part::of(
                PartId::Matrix,
                r.matrix,
                total(all.matrix),
                v(HpcgPart::Matrix {
                    rows: r.rows,
                    global_index: g,
                }),
            ),
            Part::of(
                PartId::Solver,
                r.cg,
                total(all.cg),
                v(HpcgPart::Cg {
                    rows: r.rows,
                    columns: r.columns,
                }),
            ),
            Part::of(
                PartId::CoarseFine,
                r.multigrid,
                total(all.multigrid),
                v(HpcgPart::Multigrid {
                    rows: r.coarse_rows,
                    columns: r.coarse_columns,
                    sent: r.sent,
                    global_index: g,
                }),
            ),
        ],
        snapshot_rank: crate::mul!(r.rows, 8),
        snapshot_total: crate::mul!(m.cells, 8),
        restart_total: crate::mul!(m.cells, 8),
        shape: SimShape::Mesh(shape),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_rank_of_104_cubed_matches_hpcgs_report() {
        // HPCG 3.1, 104³ on one process: "Memory used for linear system and CG" 0.70754 GB
        // (1,124,864 rows × (573 + 24 + 32) B) and the first coarse grid 0.0845059 GB
        // (140,608 rows × (4 + 8 + 16 + 573) B, beside a few structs).
        let s = sizes(1_124_864.0, 1, 8);
        assert_eq!(matrix_row(8), 573);
        assert_eq!(s.problem + s.matrix + s.cg, 1_124_864 * 629);
        assert_eq!(s.coarse_rows, [140_608, 17_576, 2_197]);
        assert_eq!(s.multigrid, (140_608 + 17_576 + 2_197) * 601);
    }

    #[test]
    fn rank_zero_sees_one_layer_towards_each_neighbour() {
        // 8 ranks (2 × 2 × 2) of 16³: 17³ − 16³ columns beyond the rows.
        assert_eq!(external(16.0, (2, 2, 2)), 17.0 * 17.0 * 17.0 - 4096.0);
        assert_eq!(external(16.0, (2, 1, 1)), 256.0);
        assert_eq!(external(16.0, (1, 1, 1)), 0.0);
    }
}
