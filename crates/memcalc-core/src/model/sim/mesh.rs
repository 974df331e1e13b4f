//! Unstructured meshes (finite elements and volumes): solution, connectivity, the sparse
//! matrix and the linear solver's workspace.
use super::domain::*;
use crate::base::choice::Choice;
use crate::base::units::group_digits as g;
use crate::catalog::parts::PartId;
use crate::model::words;
use crate::model::Location;
use crate::scenario::sim::*;

const SRC_MESH: &str = "CSR storage (values + column indices + row pointers, Saad, Iterative Methods for Sparse Linear Systems, §3.4); GMRES(m) keeps m + 1 Krylov vectors (Saad & Schultz 1986); AMG operator complexity ~1.5 (hypre BoomerAMG documentation)";

pub(super) fn mesh(m: &Sim, b: u64) -> MethodParts {
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
    let shape = words!(
        "{} cells per rank, {} unknown-carrying points, {} unknowns",
        g(cells),
        g(points),
        g(rows)
    );
    MethodParts {
        parts: vec![
            Part { id: PartId::State, label: "Solution fields", rank_bytes: state, total_bytes: crate::mul!(m.levels, all_rows, b), location: Location::Device,
                formula: words!("{} levels × {} unknowns × {} B = {} B", m.levels, g(rows), b, g(state)),
                question: crate::text!("What is the state of a mesh code?"),
                explanation: crate::text!(words!("{} unknowns per point ({}), kept at {} time levels. {shape}.", m.dofs, m.element.label(), m.levels)),
                source: crate::text!(SRC_MESH), values: None },
            Part { id: PartId::Mesh, label: "Mesh (connectivity, coordinates)", rank_bytes: connectivity, total_bytes: crate::add!(crate::mul!(m.cells, npc, idx), all_rows / m.dofs.max(1) * 24), location: Location::Device,
                formula: words!("{} cells × {} nodes × {idx} B + {} points × 3 × 8 B = {} B", g(cells), npc, g(points), g(connectivity)),
                question: crate::text!("How much does the mesh itself take?"),
                explanation: crate::text!(words!("Element-to-node connectivity ({}-bit indices) and node coordinates.", idx * 8)),
                source: crate::text!(SRC_MESH), values: None },
            Part { id: PartId::Matrix, label: "Sparse matrix", rank_bytes: matrix, total_bytes: all_matrix, location: Location::Device,
                formula: words!("{} nonzeros × ({} + {idx}) B + {} row pointers × {idx} B = {} B", g(nnz), b, g(mrows + 1), g(matrix)),
                question: crate::text!("Why is the matrix the largest term?"),
                explanation: crate::text!(match m.solver {
                    Solver::Coupled => words!("An implicit coupled solver assembles one sparse block matrix: about {} nonzeros per row for this element with {} coupled unknowns per point, each nonzero a value and a column index.", nnz_row * m.dofs, m.dofs),
                    Solver::Segregated => words!("A segregated solver (SIMPLE/PISO, as OpenFOAM) assembles one scalar matrix at a time, about {nnz_row} nonzeros per row, and reuses it for each of the {} variables.", m.dofs),
                    Solver::Explicit => "An explicit scheme updates the state from fluxes: no matrix.".into(),
                }),
                source: crate::text!(SRC_MESH), values: None },
            Part { id: PartId::Solver, label: "Solver workspace and preconditioner", rank_bytes: solver + precond, total_bytes: crate::add!(crate::mul!(vectors, all_mrows, b), all_precond), location: Location::Device,
                formula: words!("{} vectors × {} unknowns × {} B + preconditioner {} B = {} B", vectors, g(mrows), b, g(precond), g(solver + precond)),
                question: crate::text!("What does the linear solver need?"),
                explanation: crate::text!(words!("The Krylov method keeps {} vectors ({}), and the {} preconditioner adds its own storage.", vectors, if m.krylov > 0 { words!("GMRES({}) stores its restart basis", m.krylov) } else { "CG".into() }, m.precond.label())),
                source: crate::text!(SRC_MESH), values: None },
        ],
        snapshot_rank: crate::mul!(rows, b),
        snapshot_total: crate::mul!(all_rows, b),
        restart_total: crate::mul!(m.levels, all_rows, b),
        shape,
    }
}
