//! The texts of an unstructured mesh run's parts.

use super::super::Template;
use crate::base::choice::Choice;
use crate::base::units::group_digits as g;
use crate::model::values::sim::{
    CellArrays, LduMatrices, MeshConnectivity, MeshMatrix, MeshPart, MeshSolution, MeshSolver,
    PatchValues, PolyMeshStorage, StressTemporaries,
};
use crate::scenario::sim::Solver;

const SRC_POLYMESH: &str = "OpenFOAM src/OpenFOAM/meshes/polyMesh/polyMesh.H (points, faces, owner, neighbour), primitiveMesh.H (cell centres and volumes, face centres and areas), finiteVolume/fvMesh/fvMeshGeometry.C (magSf), surfaceInterpolation.H (weights, deltaCoeffs), lduAddressing.H (losort, ownerStart, losortStart), lduMatrix.H and fvMatrix.H (diagonal, lower, upper, source); icoFoam.C keeps UEqn while pEqn is solved; TurbulenceModels linearViscousStress.C divDevRhoReff and finiteVolume fvcDiv.C (the stress tensor per cell and per face); glibc malloc: 8 B header, 16 B granules";

const SRC_PATCHES: &str = "OpenFOAM src/OpenFOAM/fields/GeometricFields/GeometricField/GeometricField.H (boundaryField_: an fvPatchField per patch, old-time fields with their own), finiteVolume/fvMatrices/fvMatrix/fvMatrix.H (internalCoeffs_, boundaryCoeffs_ per patch face), finiteVolume/fvMesh/fvPatches/fvPatch/fvPatch.H (faceCells)";

const SRC_CELL_ARRAYS: &str = "SU2 (v7) SU2_CFD/src/variables/CVariable.cpp (Solution, Solution_Old, Gradient) and CEulerVariable.cpp (Res_TruncError, Limiter, Limiter_Primitive, Solution_Max/Min, Primitive, Secondary, Gradient_Primitive, Velocity2, Precond_Beta, Max_Lambda_Inv, Delta_Time, Lambda, Sensor)";

const SRC_MESH: &str = "CSR storage (values + column indices + row pointers, Saad, Iterative Methods for Sparse Linear Systems, §3.4); GMRES(m) keeps m + 1 Krylov vectors (Saad & Schultz 1986); AMG operator complexity ~1.5 (hypre BoomerAMG documentation)";

impl Template for MeshPart {
    fn label(&self) -> &'static str {
        match self {
            MeshPart::Solution(_) => "Solution fields",
            MeshPart::Connectivity(_) => "Mesh (connectivity, coordinates)",
            MeshPart::Matrix(_) => "Sparse matrix",
            MeshPart::Solver(_) => "Solver workspace and preconditioner",
            MeshPart::PolyMesh(_) => "Mesh (polyMesh: faces, addressing, geometry)",
            MeshPart::Ldu(_) => "Matrices (per face, LDU)",
            MeshPart::Stress(_) => "Viscous stress temporaries",
            MeshPart::Hpcg(h) => h.label(),
            MeshPart::Patches(_) => "Boundary patch values",
            MeshPart::CellArrays(_) => "Working arrays per cell",
        }
    }
    fn formula(&self, bytes: u64) -> String {
        match self {
            MeshPart::Hpcg(h) => h.formula(bytes),
            MeshPart::Solution(MeshSolution {
                levels,
                unknowns,
                b,
                face_fluxes,
                ..
            }) if *face_fluxes > 0 => format!(
                "{levels} levels × ({} unknowns + {} face fluxes) × {b} B = {} B",
                g(*unknowns),
                g(*face_fluxes),
                g(bytes)
            ),
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
            MeshPart::PolyMesh(PolyMeshStorage {
                cells,
                faces,
                internal_faces,
                points,
                index_bytes,
                face_bytes,
                ..
            }) => format!(
                "{} points × 24 B + {} faces × ({face_bytes} + {index_bytes} + 72) B + {} internal faces × 2 × {index_bytes} B + {} cells × (32 + 2 × {index_bytes}) B = {} B",
                g(*points),
                g(*faces),
                g(*internal_faces),
                g(*cells),
                g(bytes)
            ),
            MeshPart::Patches(PatchValues {
                faces,
                levels,
                dofs,
                coeffs,
                index_bytes,
                b,
            }) => format!(
                "{} patch faces × ({levels} levels × {dofs} fields × {b} B + {coeffs} coefficients × {b} B + {index_bytes} B) = {} B",
                g(*faces),
                g(bytes)
            ),
            MeshPart::CellArrays(CellArrays { points, values, b }) => format!(
                "{} cells × {} values × {b} B = {} B",
                g(*points),
                g(*values),
                g(bytes)
            ),
            MeshPart::Stress(StressTemporaries { cells, faces, b }) => format!(
                "{} cells × 9 × {b} B + {} faces × 12 × {b} B = {} B",
                g(*cells),
                g(*faces),
                g(bytes)
            ),
            MeshPart::Ldu(LduMatrices {
                matrices,
                cells,
                internal_faces,
                block,
                b,
            }) if *block > 1 => format!(
                "{matrices} block matrix × (2 × {} cells + 2 × {} internal faces) × {block} × {b} B = {} B",
                g(*cells),
                g(*internal_faces),
                g(bytes)
            ),
            MeshPart::Ldu(LduMatrices {
                matrices,
                cells,
                internal_faces,
                b,
                ..
            }) => format!(
                "{matrices} matrices × (2 × {} cells + 2 × {} internal faces) × {b} B = {} B",
                g(*cells),
                g(*internal_faces),
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
            MeshPart::PolyMesh(_) => "Why does an OpenFOAM mesh take more than its cells?",
            MeshPart::Ldu(_) => "How does OpenFOAM store its matrices?",
            MeshPart::Stress(_) => "What does the momentum equation build on the way?",
            MeshPart::Hpcg(h) => h.question(),
            MeshPart::Patches(_) => "What do the boundary patches hold?",
            MeshPart::CellArrays(_) => "What else does the solver keep per cell?",
        }
    }
    fn explanation(&self) -> String {
        match self {
            MeshPart::Hpcg(h) => h.explanation(),
            MeshPart::Solution(v) if v.face_fluxes > 0 => format!(
                "{} unknowns per cell and a flux on every face (phi), kept at {} time levels. {}.",
                v.dofs,
                v.levels,
                v.shape.text()
            ),
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
            MeshPart::PolyMesh(v) => format!(
                "OpenFOAM's polyMesh stores every face as its own list of {} vertex labels ({}-bit; {} B with its header and heap block) with an owner cell, and internal faces a neighbour; the finite-volume geometry adds each face's centre, area vector, |Sf|, interpolation weight and delta coefficient, each cell's centre and volume, and the LDU addressing a face order and two start indices per cell. A hexahedral cell has 3 internal faces, so the mesh outweighs the fields.",
                v.vertices_per_face,
                v.index_bytes * 8,
                v.face_bytes
            ),
            MeshPart::Stress(_) => "The explicit part of the viscous stress, div(ν_eff dev2(T(grad U))), is built from the velocity gradient, a 3 × 3 tensor in every cell, interpolated to every face and dotted with the face area vectors: 9 values per cell and 12 per face while the momentum matrix is assembled.".into(),
            MeshPart::Patches(v) => format!(
                "Every field keeps a value on each face of each boundary patch (and of the processor patches towards other ranks) at each of its {} time levels, each live matrix an internal and a boundary coefficient per patch face ({} values here), and each patch its faces' cells. Thin and extruded meshes, with a boundary face for every few cells, carry much more of it.",
                v.levels, v.coeffs
            ),
            MeshPart::CellArrays(v) => format!(
                "The solver's own arrays per cell besides the unknowns and the matrix: gradients of the solution and of the primitive variables, slope limiters and their bounds, primitive and secondary variables, residuals and local time steps ({} values per cell, as set).",
                v.values
            ),
            MeshPart::Ldu(v) if v.block > 1 => format!(
                "A coupled solve stores one block matrix: a {}-value block per cell and per internal face side, addressed by the faces' owner and neighbour.",
                v.block
            ),
            MeshPart::Ldu(v) => format!(
                "Each fvMatrix holds a diagonal and a source per cell and a lower and an upper coefficient per internal face (no column indices: the faces' owner and neighbour are the addressing); {} are held at once, as the momentum matrix stays while the pressure equation is solved.",
                v.matrices
            ),
        }
    }
    fn source(&self) -> &'static str {
        match self {
            MeshPart::PolyMesh(_) | MeshPart::Ldu(_) | MeshPart::Stress(_) => SRC_POLYMESH,
            MeshPart::Patches(_) => SRC_PATCHES,
            MeshPart::CellArrays(_) => SRC_CELL_ARRAYS,
            MeshPart::Solution(v) if v.face_fluxes > 0 => SRC_POLYMESH,
            MeshPart::Hpcg(h) => h.source(),
            _ => SRC_MESH,
        }
    }
}
