//! The values of an unstructured mesh run's parts.

use crate::scenario::sim::*;

/// A mesh part's values.
#[derive(Debug, Clone, PartialEq)]
pub enum MeshPart {
    Solution(MeshSolution),
    Connectivity(MeshConnectivity),
    Matrix(MeshMatrix),
    Solver(MeshSolver),
}

/// The busiest rank's share of the mesh, as the explanation describes it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MeshShape {
    pub cells: u64,
    /// Points that carry unknowns.
    pub points: u64,
    pub unknowns: u64,
}

/// The unknowns at every time level.
#[derive(Debug, Clone, PartialEq)]
pub struct MeshSolution {
    pub levels: u64,
    pub unknowns: u64,
    pub b: u64,
    /// Unknowns per point.
    pub dofs: u64,
    pub element: Element,
    pub shape: MeshShape,
}

/// Element-to-node connectivity and node coordinates.
#[derive(Debug, Clone, PartialEq)]
pub struct MeshConnectivity {
    pub cells: u64,
    pub nodes_per_cell: u64,
    pub index_bytes: u64,
    pub points: u64,
}

/// The assembled sparse matrix in CSR.
#[derive(Debug, Clone, PartialEq)]
pub struct MeshMatrix {
    pub nonzeros: u64,
    pub b: u64,
    pub index_bytes: u64,
    pub row_pointers: u64,
    pub solver: Solver,
    /// Nonzeros per row of one scalar unknown for this element.
    pub nonzeros_per_row: u64,
    pub dofs: u64,
}

/// The Krylov vectors and the preconditioner.
#[derive(Debug, Clone, PartialEq)]
pub struct MeshSolver {
    pub vectors: u64,
    /// Rows of the matrix the solver works on.
    pub rows: u64,
    pub b: u64,
    pub precond_bytes: u64,
    /// GMRES restart length (0: CG).
    pub krylov: u64,
    pub precond: Precond,
}
