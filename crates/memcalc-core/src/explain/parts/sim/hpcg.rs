//! The texts of an HPCG rank's parts (`mesh_storage=hpcg`).

use super::super::Template;
use crate::base::units::group_digits as g;
use crate::model::values::sim::{matrix_row, HpcgPart};

const SRC: &str = "HPCG 3.1 src/ReportResults.cpp (memory usage model: GenerateProblem's per-row arrays, CGData, GenerateCoarseProblem's f2cOperator, rc, xc, Axf, SetupHalo's sendBuffer and elementsToSend), src/SparseMatrix.hpp, src/Geometry.hpp (local_int_t int, global_int_t long long), src/main.cpp (4 multigrid levels)";

impl Template for HpcgPart {
    fn label(&self) -> &'static str {
        match self {
            HpcgPart::Problem { .. } => "Right-hand side and solution (x, b, xexact)",
            HpcgPart::Matrix { .. } => "Sparse matrix (HPCG SparseMatrix)",
            HpcgPart::Cg { .. } => "CG vectors (r, Ap, z, p)",
            HpcgPart::Multigrid { .. } => "Multigrid coarse grids",
        }
    }
    fn formula(&self, bytes: u64) -> String {
        match self {
            HpcgPart::Problem { rows } => format!("3 × {} rows × 8 B = {} B", g(*rows), g(bytes)),
            HpcgPart::Matrix { rows, global_index } => format!(
                "{} rows × (1 + 4 × 8 + 27 × (4 + 8 + {global_index})) B = {} B",
                g(*rows),
                g(bytes)
            ),
            HpcgPart::Cg { rows, columns } => format!(
                "2 × {} rows × 8 B + 2 × {} columns × 8 B = {} B",
                g(*rows),
                g(*columns),
                g(bytes)
            ),
            HpcgPart::Multigrid {
                rows,
                columns,
                sent,
                global_index,
            } => {
                let levels: Vec<String> = (0..rows.len())
                    .map(|l| {
                        format!(
                            "{} rows × {} B + 2 × {} columns × 8 B + {} sent × 12 B",
                            g(rows[l]),
                            4 + 8 + matrix_row(*global_index),
                            g(columns[l]),
                            g(sent[l])
                        )
                    })
                    .collect();
                format!("{} = {} B", levels.join(" + "), g(bytes))
            }
        }
    }
    fn question(&self) -> &'static str {
        match self {
            HpcgPart::Problem { .. } => "What vectors does HPCG's problem keep?",
            HpcgPart::Matrix { .. } => "Why does HPCG's matrix take 573 B per row?",
            HpcgPart::Cg { .. } => "What does HPCG's CG keep?",
            HpcgPart::Multigrid { .. } => "What do HPCG's multigrid levels add?",
        }
    }
    fn explanation(&self) -> String {
        match self {
            HpcgPart::Problem { .. } => "The generated problem's right-hand side b, the solution x and the exact solution xexact, a double per row each.".into(),
            HpcgPart::Matrix { global_index, .. } => format!(
                "HPCG stores its 27-point stencil as per-row arrays: a nonzero count (1 B) and four row pointers (mtxIndG, mtxIndL, matrixValues, matrixDiagonal, 8 B each), then 27 slots of a 4-byte local column index, an 8-byte value and a {global_index}-byte global column index, whether the row has 27 neighbours or fewer on the boundary: {} B per row, as HPCG's own report counts it.",
                matrix_row(*global_index)
            ),
            HpcgPart::Cg { .. } => "CG's residual r and product Ap over the rows, and the preconditioned residual z and search direction p over the columns: the rank's rows plus the halo of its neighbours' values (HPCG counts rank 0's, a corner rank's, for every rank).".into(),
            HpcgPart::Multigrid { .. } => "HPCG's V-cycle has three coarse levels, each halving every dimension (8× fewer rows): a SparseMatrix like the fine one (27 slots per row), the restriction map f2cOperator and rc per coarse row, xc and Axf per coarse column, and the halo's send buffer and element list: about 14 % on top of the fine level.".into(),
        }
    }
    fn source(&self) -> &'static str {
        SRC
    }
}
