//! A face-based finite-volume mesh as OpenFOAM keeps it (`mesh_storage=polymesh`): the polyMesh
//! (points, faces, owner and neighbour), its fvMesh geometry, the LDU matrices stored per face,
//! the cell fields with the face fluxes, and the linear solver's vectors.
//!
//! Sources (OpenFOAM-dev and openfoam.com, the same layout in v1912):
//! - `src/OpenFOAM/meshes/polyMesh/polyMesh.H`: `points_` (pointField, 3 doubles), `faces_`
//!   (faceList: a List<label> per face, its header and a heap block of its vertex labels),
//!   `owner_` (every face), `neighbour_` (internal faces); labels are 32-bit unless
//!   WM_LABEL_SIZE=64.
//! - `src/OpenFOAM/meshes/primitiveMesh/primitiveMesh.H`: `cellCentresPtr_`, `cellVolumesPtr_`,
//!   `faceCentresPtr_`, `faceAreasPtr_`; `src/finiteVolume/fvMesh/fvMeshGeometry.C`: C, V, Cf and
//!   Sf are slices of them, `magSf` its own surfaceScalarField;
//!   `src/finiteVolume/interpolation/surfaceInterpolation/surfaceInterpolation/surfaceInterpolation.H`:
//!   `weights_` and `deltaCoeffs_` per face.
//! - `src/OpenFOAM/matrices/lduMatrix/lduAddressing/lduAddressing.H`: lower and upper addressing
//!   (the owner and neighbour lists themselves, `fvMeshLduAddressing.H`), `losortPtr_` per
//!   internal face, `ownerStartPtr_` and `losortStartPtr_` per cell.
//! - `src/OpenFOAM/matrices/lduMatrix/lduMatrix/lduMatrix.H`: `diagPtr_` per cell, `lowerPtr_`
//!   and `upperPtr_` per internal face; `src/finiteVolume/fvMatrices/fvMatrix/fvMatrix.H`:
//!   `source_` per cell. `applications/solvers/incompressible/icoFoam/icoFoam.C`: the momentum
//!   matrix `UEqn` stays alive (its `A()` and `H()`) while `pEqn` is built and solved, so two
//!   matrices are held at once.
//! - `src/TurbulenceModels/turbulenceModels/ViscousStress/linearViscousStress/linearViscousStress.C`
//!   (`divDevRhoReff`): `- fvc::div((alpha*rho*nuEff())*dev2(T(fvc::grad(U))))`, where the unary
//!   operations reuse the gradient's tmp storage and `fvc::div` interpolates the tensor to the
//!   faces (`fvcDiv.C`: `surfaceIntegrate(mesh.Sf() & interpolate(vf))`).
//! - `src/OpenFOAM/fields/GeometricFields/GeometricField/GeometricField.H`: every volField keeps
//!   its `boundaryField_`, one fvPatchField (a Field of the field's type) per patch, sized by the
//!   patch's faces, and its old-time fields are whole GeometricFields with their own;
//!   `src/finiteVolume/fvMatrices/fvMatrix/fvMatrix.H`: `internalCoeffs_` and `boundaryCoeffs_`,
//!   a FieldField<Field, Type> over the patches (a value of the equation's type per patch face);
//!   `src/finiteVolume/fvMesh/fvPatches/fvPatch/fvPatch.H` and `polyPatch.H`: the face-to-cell
//!   addressing `faceCells` (a label per patch face).
use super::domain::*;
use crate::catalog::parts::PartId;
use crate::model::values::sim::*;
use crate::scenario::sim::*;

/// Bytes glibc's malloc hands out for a request: 8 B of header, 16-byte granules, 32 B at least.
pub(super) fn malloc_chunk(request: u64) -> u64 {
    (request + 8).div_ceil(16).max(2) * 16
}

/// Matrices alive at once in a segregated pressure–velocity solver (the momentum matrix and the
/// pressure matrix, icoFoam.C / simpleFoam's UEqn.H and pEqn.H); one for a coupled solve.
const LIVE_MATRICES: u64 = 2;

/// Doubles per face in the geometry: face centre (3) and area vector (3), |Sf|, the
/// interpolation weight and the delta coefficient.
const FACE_GEOMETRY_DOUBLES: u64 = 3 + 3 + 1 + 1 + 1;
/// Coefficients per patch face of the live matrices of a segregated solve: internalCoeffs and
/// boundaryCoeffs (2) of the momentum matrix (a vector each, 3) and of the pressure matrix (1).
const SEGREGATED_PATCH_COEFFS: u64 = 2 * (3 + 1);
/// Doubles per cell in the geometry: cell centre (3) and volume.
const CELL_GEOMETRY_DOUBLES: u64 = 3 + 1;

/// The face counts of a rank's `cells` cells: every face is shared by two cells except those on
/// its surface: its share of the patches' faces (given, or a compact block's 6 · cells^(2/3))
/// and, once decomposed, about 6 · cells^(2/3) processor faces towards the other ranks.
struct Faces {
    all: u64,
    internal: u64,
}

fn faces(cells: f64, faces_per_cell: u64, patch_faces: Option<f64>, ranks: f64) -> Faces {
    let incidences = cells * faces_per_cell as f64;
    let surface = 6.0 * cells.powf(2.0 / 3.0);
    let boundary = match patch_faces {
        None => surface,
        Some(b) => b / ranks + if ranks > 1.0 { surface } else { 0.0 },
    }
    .min(incidences);
    let internal = (incidences - boundary) / 2.0;
    Faces {
        all: up(internal + boundary),
        internal: up(internal),
    }
}

struct Sizes {
    stress: u64,
    patches: u64,
    patch_coeffs: u64,
    block: u64,
    vrows: u64,
    mesh: u64,
    state: u64,
    matrix: u64,
    solver: u64,
    precond: u64,
    vectors: u64,
    matrices: u64,
    face_bytes: u64,
    faces: Faces,
    cells: u64,
    points: u64,
}

fn sizes(m: &Sim, b: u64, cells_f: f64, ranks: f64) -> Sizes {
    let (faces_per_cell, vertices) = m.element.faces();
    let (_, points_per_cell, _) = m.element.topology();
    let idx = m.index_bytes;
    let cells = up(cells_f);
    let points = up(cells_f * points_per_cell);
    let patch_faces = (m.boundary_faces > 0).then_some(m.boundary_faces as f64);
    let f = faces(cells_f, faces_per_cell, patch_faces, ranks);
    // A face is a List<label>: a size and a pointer (16 B), and its labels on the heap.
    let face_bytes = 16 + malloc_chunk(vertices * idx);
    let mesh = crate::add!(
        crate::mul!(points, 3, 8),
        crate::mul!(f.all, face_bytes + idx),
        crate::mul!(f.internal, 2, idx),
        crate::mul!(cells, CELL_GEOMETRY_DOUBLES * 8 + 2 * idx),
        crate::mul!(f.all, FACE_GEOMETRY_DOUBLES * 8)
    );
    let fluxes = if m.solver == Solver::Explicit {
        0
    } else {
        f.all
    };
    let state = crate::mul!(m.levels, crate::add!(crate::mul!(cells, m.dofs), fluxes), b);
    let (matrices, vectors) = match (m.solver, m.krylov) {
        (Solver::Explicit, _) => (0, 0),
        (Solver::Coupled, 0) => (1, 4),
        (Solver::Coupled, k) => (1, k + 4),
        (Solver::Segregated, 0) => (LIVE_MATRICES, 4),
        (Solver::Segregated, k) => (LIVE_MATRICES, k + 4),
    };
    // A coupled solve stores a dofs × dofs block per coefficient (a block LDU matrix) and
    // works on vectors of every unknown; a segregated one scalar coefficients.
    let (block, vrows) = match m.solver {
        Solver::Coupled => (crate::mul!(m.dofs, m.dofs), crate::mul!(cells, m.dofs)),
        _ => (1, cells),
    };
    let one_matrix = crate::mul!(
        crate::add!(crate::mul!(2, cells), crate::mul!(2, f.internal)),
        block,
        b
    );
    let matrix = crate::mul!(matrices, one_matrix);
    let precond = match (m.solver, m.precond) {
        (Solver::Explicit, _) | (_, Precond::None) => 0,
        (_, Precond::Jacobi) => crate::mul!(vrows, b),
        (_, Precond::Ilu0) => one_matrix,
        (_, Precond::Ilu1) => crate::mul!(2, one_matrix),
        (_, Precond::Amg) => crate::add!(one_matrix / 2, crate::mul!(3, vrows, b)),
        // GAMG agglomerates ~8 cells per level: the coarse matrices and vectors add ~1/7.
        (_, Precond::Gmg) => crate::add!(one_matrix / 7, crate::mul!(3, vrows, b) / 7),
        (_, Precond::Gamg) => gamg(cells, f.internal, idx, crate::mul!(block, b)),
    };
    let solver = crate::mul!(vectors, vrows, b);
    // grad(U): 9 per cell; interpolate(...): 9 per face; Sf & it: 3 per face.
    let stress = if m.viscous_stress && m.solver != Solver::Explicit {
        crate::add!(crate::mul!(cells, 9, b), crate::mul!(f.all, 12, b))
    } else {
        0
    };
    // Every patch face (processor faces included) carries each field's value at every level,
    // the live matrices' internal and boundary coefficients and its face cell.
    let patch_faces = f.all - f.internal;
    let patch_coeffs = match m.solver {
        Solver::Explicit => 0,
        Solver::Coupled => 2 * m.dofs,
        Solver::Segregated => SEGREGATED_PATCH_COEFFS,
    };
    let patches = crate::mul!(
        patch_faces,
        crate::add!(
            crate::mul!(m.levels, m.dofs, b),
            crate::mul!(patch_coeffs, b),
            idx
        )
    );
    Sizes {
        stress,
        patches,
        patch_coeffs,
        block,
        vrows,
        mesh,
        state,
        matrix,
        solver,
        precond,
        vectors,
        matrices,
        face_bytes,
        faces: f,
        cells,
        points,
    }
}

/// OpenFOAM's GAMG with its default pair agglomeration (pairGAMGAgglomeration, mergeLevels 1):
/// each level pairs cells, so the coarse levels hold about as many cells as the fine one, and
/// about as many faces (counted as halving too). GAMGAgglomeration.H keeps per level the
/// restriction of every fine cell and face (`restrictAddressing_`, `faceRestrictAddressing_`,
/// `faceFlipMap_`, a bool per face) and the coarse lduPrimitiveMesh (lower, upper and losort per
/// face, two start indices per cell); GAMGSolver.H the coarse matrices (symmetric: diagonal and
/// upper) and, while solving, a correction and a source per coarse cell.
fn gamg(cells: u64, internal_faces: u64, idx: u64, b: u64) -> u64 {
    let (n, f) = (cells, internal_faces);
    crate::add!(
        crate::mul!(2, n, idx),
        crate::mul!(2, f, idx + 1),
        crate::mul!(f, 3, idx),
        crate::mul!(n, 2, idx),
        crate::mul!(n, b),
        crate::mul!(f, b),
        crate::mul!(n, 2, b)
    )
}

pub(super) fn polymesh(m: &Sim, b: u64) -> MethodParts {
    let p = m.ranks as f64;
    let r = sizes(m, b, imbalance(m, m.cells as f64 / p), p);
    // Over all ranks: the unpartitioned mesh (processor patches are the ranks' own surfaces).
    let all = sizes(m, b, m.cells as f64, 1.0);
    let (_, vertices) = m.element.faces();
    let rows = crate::mul!(r.cells, m.dofs);
    let shape = MeshShape {
        cells: r.cells,
        points: r.cells,
        unknowns: rows,
    };
    let v = |part: MeshPart| SimValues::Mesh(part);
    let mut parts = vec![
        Part::of(
            PartId::State,
            r.state,
            all.state,
            v(MeshPart::Solution(MeshSolution {
                levels: m.levels,
                unknowns: rows,
                b,
                dofs: m.dofs,
                element: m.element,
                shape,
                face_fluxes: if m.solver == Solver::Explicit {
                    0
                } else {
                    r.faces.all
                },
            })),
        ),
        Part::of(
            PartId::Mesh,
            r.mesh,
            all.mesh,
            v(MeshPart::PolyMesh(PolyMeshStorage {
                cells: r.cells,
                faces: r.faces.all,
                internal_faces: r.faces.internal,
                points: r.points,
                index_bytes: m.index_bytes,
                face_bytes: r.face_bytes,
                vertices_per_face: vertices,
            })),
        ),
        Part::of(
            PartId::Matrix,
            r.matrix,
            all.matrix,
            v(MeshPart::Ldu(LduMatrices {
                matrices: r.matrices,
                cells: r.cells,
                internal_faces: r.faces.internal,
                block: r.block,
                b,
            })),
        ),
        Part::of(
            PartId::Solver,
            crate::add!(r.solver, r.precond),
            crate::add!(all.solver, all.precond),
            v(MeshPart::Solver(MeshSolver {
                vectors: r.vectors,
                rows: if r.vectors == 0 { 0 } else { r.vrows },
                b,
                precond_bytes: r.precond,
                krylov: m.krylov,
                precond: m.precond,
            })),
        ),
    ];
    parts.push(Part::of(
        PartId::Halo,
        r.patches,
        all.patches,
        v(MeshPart::Patches(PatchValues {
            faces: r.faces.all - r.faces.internal,
            levels: m.levels,
            dofs: m.dofs,
            coeffs: r.patch_coeffs,
            index_bytes: m.index_bytes,
            b,
        })),
    ));
    // Only a momentum equation with a viscous stress builds it (none for icoFoam).
    if r.stress > 0 {
        parts.insert(
            3,
            Part::of(
                PartId::Work,
                r.stress,
                all.stress,
                v(MeshPart::Stress(StressTemporaries {
                    cells: r.cells,
                    faces: r.faces.all,
                    b,
                })),
            ),
        );
    }
    MethodParts {
        parts,
        snapshot_rank: crate::mul!(rows, b),
        snapshot_total: crate::mul!(all.cells, m.dofs, b),
        restart_total: all.state,
        shape: SimShape::Mesh(shape),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gamg_pairs_hold_about_the_fine_level_again() {
        // 1M cells, 3M faces, 32-bit labels: 1M × (4 × 4 + 3 × 8) + 3M × (5 × 4 + 2 + 8).
        assert_eq!(gamg(1_000_000, 3_000_000, 4, 8), 40_000_000 + 90_000_000);
    }

    #[test]
    fn glibc_chunks() {
        // Four 32-bit labels (a quadrilateral) take a 32-byte chunk, four 64-bit ones 48.
        assert_eq!(malloc_chunk(16), 32);
        assert_eq!(malloc_chunk(24), 32);
        assert_eq!(malloc_chunk(32), 48);
        assert_eq!(malloc_chunk(1), 32);
    }

    #[test]
    fn a_cube_of_hexahedra_has_three_internal_faces_per_cell() {
        // 100³ cells: 3 · 100² · 99 internal faces and 6 · 100² boundary faces.
        let f = faces(1e6, 6, None, 1.0);
        assert_eq!(f.internal, 2_970_000);
        assert_eq!(f.all, 3_030_000);
        // Given patch faces replace the block's surface; two ranks add their processor faces.
        let thin = faces(1e6, 6, Some(100_000.0), 1.0);
        assert_eq!((thin.internal, thin.all), (2_950_000, 3_050_000));
        let split = faces(1e6, 6, Some(100_000.0), 2.0);
        assert_eq!(split.all - split.internal, 50_000 + 60_000);
    }

    #[test]
    fn a_hexahedral_cell_stores_its_faces_geometry_and_addressing() {
        let m = Sim {
            element: Element::Fv,
            solver: Solver::Segregated,
            mesh_storage: MeshStorage::Polymesh,
            index_bytes: 4,
            ..Sim::default()
        };
        let s = sizes(&m, 8, 1e6, 1.0);
        // 1M points × 24 + 3.03M faces × (48 + 4) + 2.97M × 8 + 1M × 40 + 3.03M × 72.
        assert_eq!(s.face_bytes, 48);
        assert_eq!(
            s.mesh,
            24_000_000 + 3_030_000 * 52 + 2_970_000 * 8 + 40_000_000 + 3_030_000 * 72
        );
        // Two matrices: 2 × (2 × 1M + 2 × 2.97M) × 8 B.
        assert_eq!(s.matrix, 2 * (2_000_000 + 5_940_000) * 8);
    }

    #[test]
    fn every_patch_face_holds_the_fields_and_the_matrices_coefficients() {
        // simpleFoam-like: 7 steady fields, two live matrices, 100,000 patch faces:
        // (1 × 7 × 8 + 8 × 8 + 4) B per patch face.
        let m = Sim {
            element: Element::Fv,
            solver: Solver::Segregated,
            mesh_storage: MeshStorage::Polymesh,
            index_bytes: 4,
            dofs: 7,
            levels: 1,
            boundary_faces: 100_000,
            ..Sim::default()
        };
        let s = sizes(&m, 8, 1e6, 1.0);
        assert_eq!(s.patches, 100_000 * (56 + 64 + 4));
        // An explicit scheme has no matrix coefficients on its patches.
        let explicit = Sim {
            solver: Solver::Explicit,
            ..m
        };
        assert_eq!(sizes(&explicit, 8, 1e6, 1.0).patches, 100_000 * (56 + 4));
    }
}
