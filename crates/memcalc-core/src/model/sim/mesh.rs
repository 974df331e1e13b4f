//! Unstructured meshes (finite elements and volumes): solution, connectivity, the sparse
//! matrix and the linear solver's workspace.
use super::domain::*;
use crate::catalog::parts::PartId;
use crate::model::values::sim::*;
use crate::scenario::sim::*;

pub(super) fn mesh(m: &Sim, b: u64) -> MethodParts {
    if m.mesh_storage == MeshStorage::Polymesh {
        return super::polymesh::polymesh(m, b);
    }
    if m.mesh_storage == MeshStorage::Hpcg {
        return super::hpcg::hpcg(m);
    }
    let (npc, points_per_cell, nnz_row) = m.element.topology();
    let p = m.ranks as f64;
    let cells_f = imbalance(m, m.cells as f64 / p);
    let cells = up(cells_f);
    let points = up(cells_f * points_per_cell);
    let rows = crate::mul!(points, m.dofs);
    let idx = m.index_bytes;
    // A coupled solver assembles one block matrix of all unknowns; a segregated one (OpenFOAM,
    // SIMPLE/PISO) one scalar matrix at a time, reused for every variable; an explicit scheme
    // none at all.
    let (mrows, coupling) = match m.solver {
        Solver::Coupled => (rows, m.dofs),
        Solver::Segregated => (points, 1),
        Solver::Explicit => (0, 1),
    };
    let nnz = crate::mul!(mrows, nnz_row, coupling);
    let matrix = if mrows == 0 {
        0
    } else {
        crate::add!(crate::mul!(nnz, b + idx), crate::mul!(mrows + 1, idx))
    };
    let vectors = match (m.solver, m.krylov) {
        (Solver::Explicit, _) => 0,
        (_, 0) => 4,
        (_, k) => k + 4,
    };
    let solver = crate::mul!(vectors, mrows, b);
    let precond_of = |matrix: u64, rows: u64| match (m.solver, m.precond) {
        (Solver::Explicit, _) | (_, Precond::None) => 0,
        (_, Precond::Jacobi) => crate::mul!(rows, b),
        (_, Precond::Ilu0) => matrix,
        (_, Precond::Ilu1) => crate::mul!(2, matrix),
        (_, Precond::Amg) => crate::add!(matrix / 2, crate::mul!(3, rows, b)),
        // Geometric (or agglomeration) multigrid coarsens by ~8 per level: operator
        // complexity ~1.14, with coarse copies of the solution, right-hand side and residual.
        (_, Precond::Gmg) => crate::add!(matrix / 7, crate::mul!(3, rows, b) / 7),
        // Pairwise agglomeration halves the cells per level: the coarse levels together are
        // about as large as the fine one (pairGAMGAgglomeration, see polymesh.rs).
        (_, Precond::Gamg) => crate::add!(matrix, crate::mul!(3, rows, b)),
    };
    let precond = precond_of(matrix, mrows);
    let connectivity = crate::add!(crate::mul!(cells, npc, idx), crate::mul!(points, 3, 8));
    let state = crate::mul!(m.levels, rows, b);
    // Over all ranks: the same per-unknown costs on the unpartitioned mesh (row pointers once per rank).
    let all_rows = up(m.cells as f64 * points_per_cell) * m.dofs;
    let all_mrows = match m.solver {
        Solver::Coupled => all_rows,
        Solver::Segregated => all_rows / m.dofs.max(1),
        Solver::Explicit => 0,
    };
    let all_matrix = if all_mrows == 0 {
        0
    } else {
        crate::add!(
            crate::mul!(all_mrows, nnz_row, coupling, b + idx),
            crate::mul!(all_mrows + m.ranks, idx)
        )
    };
    let all_precond = precond_of(all_matrix, all_mrows);
    let mesh_shape = MeshShape {
        cells,
        points,
        unknowns: rows,
    };
    let v = |part: MeshPart| SimValues::Mesh(part);
    let mut out = MethodParts {
        parts: vec![
            Part::of(
                PartId::State,
                state,
                crate::mul!(m.levels, all_rows, b),
                v(MeshPart::Solution(MeshSolution {
                    levels: m.levels,
                    unknowns: rows,
                    b,
                    dofs: m.dofs,
                    element: m.element,
                    shape: mesh_shape,
                    face_fluxes: 0,
                })),
            ),
            Part::of(
                PartId::Mesh,
                connectivity,
                crate::add!(
                    crate::mul!(m.cells, npc, idx),
                    all_rows / m.dofs.max(1) * 24
                ),
                v(MeshPart::Connectivity(MeshConnectivity {
                    cells,
                    nodes_per_cell: npc,
                    index_bytes: idx,
                    points,
                })),
            ),
            Part::of(
                PartId::Matrix,
                matrix,
                all_matrix,
                v(MeshPart::Matrix(MeshMatrix {
                    nonzeros: nnz,
                    b,
                    index_bytes: idx,
                    // An explicit scheme assembles no matrix, so it has no row pointers either.
                    row_pointers: if mrows == 0 { 0 } else { mrows + 1 },
                    solver: m.solver,
                    nonzeros_per_row: nnz_row,
                    dofs: m.dofs,
                })),
            ),
            Part::of(
                PartId::Solver,
                solver + precond,
                crate::add!(crate::mul!(vectors, all_mrows, b), all_precond),
                v(MeshPart::Solver(MeshSolver {
                    vectors,
                    rows: mrows,
                    b,
                    precond_bytes: precond,
                    krylov: m.krylov,
                    precond: m.precond,
                })),
            ),
        ],
        snapshot_rank: crate::mul!(rows, b),
        snapshot_total: crate::mul!(all_rows, b),
        restart_total: crate::mul!(m.levels, all_rows, b),
        shape: SimShape::Mesh(mesh_shape),
    };
    let all_points = all_rows / m.dofs.max(1);
    out.parts
        .extend(super::cellwork::cell_arrays(m, points, all_points, b));
    out
}
