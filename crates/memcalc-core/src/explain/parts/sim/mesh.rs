//! The texts of an unstructured mesh run's parts.

use super::super::Template;
use crate::base::choice::Choice;
use crate::base::units::group_digits as g;
use crate::model::values::sim::{MeshConnectivity, MeshMatrix, MeshPart, MeshSolution, MeshSolver};
use crate::scenario::sim::Solver;

const SRC_MESH: &str = "CSR storage (values + column indices + row pointers, Saad, Iterative Methods for Sparse Linear Systems, §3.4); GMRES(m) keeps m + 1 Krylov vectors (Saad & Schultz 1986); AMG operator complexity ~1.5 (hypre BoomerAMG documentation)";

impl Template for MeshPart {
    fn label(&self) -> &'static str {
        match self {
            MeshPart::Solution(_) => "Solution fields",
            MeshPart::Connectivity(_) => "Mesh (connectivity, coordinates)",
            MeshPart::Matrix(_) => "Sparse matrix",
            MeshPart::Solver(_) => "Solver workspace and preconditioner",
        }
    }
    fn formula(&self, bytes: u64) -> String {
        match self {
            MeshPart::Solution(MeshSolution {
                levels,
                unknowns,
                b,
                ..
            }) => format!(
                "{levels} levels × {} unknowns × {b} B = {} B",
                g(*unknowns),
                g(bytes)
            ),
            MeshPart::Connectivity(MeshConnectivity {
                cells,
                nodes_per_cell,
                index_bytes,
                points,
            }) => format!(
                "{} cells × {nodes_per_cell} nodes × {index_bytes} B + {} points × 3 × 8 B = {} B",
                g(*cells),
                g(*points),
                g(bytes)
            ),
            MeshPart::Matrix(MeshMatrix {
                nonzeros,
                b,
                index_bytes,
                row_pointers,
                ..
            }) => format!(
                "{} nonzeros × ({b} + {index_bytes}) B + {} row pointers × {index_bytes} B = {} B",
                g(*nonzeros),
                g(*row_pointers),
                g(bytes)
            ),
            MeshPart::Solver(MeshSolver {
                vectors,
                rows,
                b,
                precond_bytes,
                ..
            }) => format!(
                "{vectors} vectors × {} unknowns × {b} B + preconditioner {} B = {} B",
                g(*rows),
                g(*precond_bytes),
                g(bytes)
            ),
        }
    }
    fn question(&self) -> &'static str {
        match self {
            MeshPart::Solution(_) => "What is the state of a mesh code?",
            MeshPart::Connectivity(_) => "How much does the mesh itself take?",
            MeshPart::Matrix(_) => "Why is the matrix the largest term?",
            MeshPart::Solver(_) => "What does the linear solver need?",
        }
    }
    fn explanation(&self) -> String {
        match self {
            MeshPart::Solution(v) => format!(
                "{} unknowns per point ({}), kept at {} time levels. {}.",
                v.dofs,
                v.element.label(),
                v.levels,
                v.shape.text()
            ),
            MeshPart::Connectivity(v) => format!(
                "Element-to-node connectivity ({}-bit indices) and node coordinates.",
                v.index_bytes * 8
            ),
            MeshPart::Matrix(v) => match v.solver {
                Solver::Coupled => format!(
                    "An implicit coupled solver assembles one sparse block matrix: about {} nonzeros per row for this element with {} coupled unknowns per point, each nonzero a value and a column index.",
                    v.nonzeros_per_row * v.dofs,
                    v.dofs
                ),
                Solver::Segregated => format!(
                    "A segregated solver (SIMPLE/PISO, as OpenFOAM) assembles one scalar matrix at a time, about {} nonzeros per row, and reuses it for each of the {} variables.",
                    v.nonzeros_per_row, v.dofs
                ),
                Solver::Explicit => {
                    "An explicit scheme updates the state from fluxes: no matrix.".into()
                }
            },
            MeshPart::Solver(v) => format!(
                "The Krylov method keeps {} vectors ({}), and the {} preconditioner adds its own storage.",
                v.vectors,
                if v.krylov > 0 {
                    format!("GMRES({}) stores its restart basis", v.krylov)
                } else {
                    "CG".into()
                },
                v.precond.label()
            ),
        }
    }
    fn source(&self) -> &'static str {
        SRC_MESH
    }
}
