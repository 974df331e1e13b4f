//! The values of an unstructured mesh run's parts.

use crate::scenario::sim::*;

/// A mesh part's values.
#[derive(Debug, Clone, PartialEq)]
pub enum MeshPart {
    Solution(MeshSolution),
    Connectivity(MeshConnectivity),
    Matrix(MeshMatrix),
    Solver(MeshSolver),
    PolyMesh(PolyMeshStorage),
    Ldu(LduMatrices),
    Stress(StressTemporaries),
    /// HPCG's own arrays (`mesh_storage=hpcg`).
    Hpcg(super::HpcgPart),
    Patches(PatchValues),
    CellArrays(CellArrays),
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
    /// Face fluxes kept beside the cell fields at every level (a face-based finite-volume
    /// code's `phi`); 0 for a nodal mesh.
    pub face_fluxes: u64,
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

/// OpenFOAM's polyMesh with its fvMesh geometry and the matrices' addressing, on the busiest
/// rank.
#[derive(Debug, Clone, PartialEq)]
pub struct PolyMeshStorage {
    pub cells: u64,
    /// All faces, the boundary's (and processor patches') included.
    pub faces: u64,
    pub internal_faces: u64,
    pub points: u64,
    pub index_bytes: u64,
    /// One face in the faceList: its list header and the heap block of its vertex labels.
    pub face_bytes: u64,
    pub vertices_per_face: u64,
}

/// The matrices of a face-addressed (LDU) solver alive at once: a diagonal and a source per
/// cell, a lower and an upper coefficient per internal face.
#[derive(Debug, Clone, PartialEq)]
pub struct LduMatrices {
    pub matrices: u64,
    pub cells: u64,
    pub internal_faces: u64,
    /// Values per coefficient: 1, or dofs × dofs for a coupled block matrix.
    pub block: u64,
    pub b: u64,
}

/// The momentum equation's explicit viscous stress while it is assembled: the velocity
/// gradient (a tensor per cell, which T, dev2 and the ν_eff product reuse), its interpolation
/// to every face and its product with the face area vectors.
#[derive(Debug, Clone, PartialEq)]
pub struct StressTemporaries {
    pub cells: u64,
    pub faces: u64,
    pub b: u64,
}

/// What every boundary patch keeps beside the cells (OpenFOAM's GeometricField boundaryField):
/// each cell field's face values on every patch face at every time level, and each live
/// matrix's internalCoeffs and boundaryCoeffs per patch face.
#[derive(Debug, Clone, PartialEq)]
pub struct PatchValues {
    /// The rank's patch faces: its share of the mesh's patches and its processor faces.
    pub faces: u64,
    pub levels: u64,
    pub dofs: u64,
    /// Matrix coefficients per patch face over the live matrices (2 per component).
    pub coeffs: u64,
    pub index_bytes: u64,
    pub b: u64,
}

/// A code's own per-cell working arrays beside the unknowns' time levels (`cell_values`):
/// gradients, limiters, primitive and secondary variables, residuals, time steps.
#[derive(Debug, Clone, PartialEq)]
pub struct CellArrays {
    /// Points that carry unknowns (cells of a cell-centred scheme, vertices of SU2's dual mesh).
    pub points: u64,
    pub values: u64,
    pub b: u64,
}
