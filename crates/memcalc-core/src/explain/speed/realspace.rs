//! The words of SPARC's real-space SCF iteration (`speed::sim::realspace`): Chebyshev
//! filtering's H applications, the projectors, the subspace products and eigenproblem, the halo.

use super::{count, pct, rate, si, sig, via};
use crate::base::units::{self, UnitSystem};
use crate::speed::sim::realspace::{Filter, RsTerm};
use crate::speed::{TermId, TermValues, Work};

/// The term's label.
pub fn label(id: TermId) -> &'static str {
    match id {
        TermId::RsStencilCompute => "Chebyshev filtering per SCF iteration: H applications' FLOPs",
        TermId::RsStencilMemory => "Chebyshev filtering per SCF iteration: vectors through memory",
        TermId::RsProjectors => "Nonlocal projectors per SCF iteration",
        TermId::RsSubspace => "Subspace projection and rotation per SCF iteration",
        TermId::RsEigensolve => "Subspace eigenproblem per SCF iteration",
        _ => "Halo exchange of every H application per SCF iteration",
    }
}

fn at(w: &Work) -> String {
    format!("({} × {})", si(w.peak, "FLOP/s"), pct(w.utilisation))
}

fn vectors(f: &Filter) -> String {
    format!(
        "{} × {}",
        units::count(f.states, "state", "states"),
        units::count(f.blocks, "spin/k-point block", "spin/k-point blocks")
    )
}

fn complex(c: bool) -> &'static str {
    if c {
        " × 2 (complex)"
    } else {
        ""
    }
}

/// The formula's body with the user's numbers.
pub fn formula(v: &TermValues, _u: UnitSystem) -> String {
    let TermValues::RealSpace(t) = v else {
        return String::new();
    };
    match t {
        RsTerm::StencilCompute { filter: f, work } => format!(
            "({} applications × {} FLOP + 3 × {} recurrence FLOP) × {} points × {}{} ÷ {}",
            f.applications(),
            f.stencil_flops_per_point(),
            f.degree.saturating_sub(1),
            count(f.points),
            vectors(f),
            complex(f.complex),
            at(work)
        ),
        RsTerm::StencilMemory { filter: f, transfer } => format!(
            "{} words × {} B × {} points × {} ÷ ({} × {})",
            f.words_per_point(),
            if f.complex { 16 } else { 8 },
            count(f.points),
            vectors(f),
            rate(transfer.bandwidth),
            pct(transfer.efficiency)
        ),
        RsTerm::Projectors {
            filter: f,
            atoms,
            sphere,
            per_atom,
            work,
            ..
        } => format!(
            "2 products × 2 × {} sphere points × {per_atom} projectors × {} {} × {} applications × {}{} ÷ {}",
            count(*sphere),
            sig(*atoms),
            if *atoms == 1.0 { "atom" } else { "atoms" },
            f.applications(),
            vectors(f),
            if f.complex { " × 4 (complex)" } else { "" },
            at(work)
        ),
        RsTerm::Subspace {
            points,
            states,
            blocks,
            per_point,
            work,
        } => format!(
            "{} × {} points × {states}² states × {} ÷ {}",
            sig(*per_point),
            count(*points),
            units::count(*blocks, "block", "blocks"),
            at(work)
        ),
        RsTerm::Eigensolve {
            n,
            blocks,
            complex: c,
            shared,
            work,
        } => format!(
            "{} × {n}³ × {}{} ÷ {}",
            if *c { "56/3" } else { "14/3" },
            units::count(*blocks, "block", "blocks"),
            if *shared > 1 { format!(" ÷ {shared} processes") } else { String::new() },
            at(work)
        ),
        RsTerm::Halo {
            filter: f,
            side,
            transfer,
            ..
        } => format!(
            "{} × 3 faces × {}² points × {} B × {} applications × {} ÷ {}",
            f.fd_order,
            sig(*side),
            if f.complex { 16 } else { 8 },
            f.applications(),
            vectors(f),
            rate(transfer.bandwidth)
        ),
    }
}

/// Why the term takes this long.
pub fn explanation(v: &TermValues) -> String {
    let TermValues::RealSpace(t) = v else {
        return String::new();
    };
    match t {
        RsTerm::StencilCompute { filter: f, .. } => {
            let degree = match f.mesh {
                Some(h) => format!(
                    "degree {} (SPARC's Mesh2ChebDegree of the {} bohr mesh; set cheb_degree to the output's CHEB_DEGREE)",
                    f.degree,
                    sig(h)
                ),
                None => format!("degree {} (cheb_degree)", f.degree),
            };
            format!(
                "Each SCF iteration filters every state with a Chebyshev polynomial of {degree}: that many H applications, and one more to project H. Each application of the order-{} finite-difference Laplacian and the local potential costs 9 FLOPs per point for each of its {} reaches along the three axes, plus 4; the three-term recurrence adds 3 per point. This and the memory term overlap: the longer counts.",
                f.fd_order,
                f.fd_order / 2
            )
        }
        RsTerm::StencilMemory { .. } => "Every H application reads its state and writes the result, and every recurrence step reads and writes the three Chebyshev vectors: the states stream through memory 8m − 2 times per iteration. One state's extended copy and the potential are assumed to stay in cache; where a rank's domain is larger than the cache, SPARC rereads them too, so this is a floor.".into(),
        RsTerm::Projectors { radius, .. } => format!(
            "SPARC applies each atom's nonlocal projectors to the grid points within {} bohr of it (projector_radius; a psp8 file's largest r_core) as two small matrix products per H application: the projections Chiᵀ·x and their sum back Chi·α. Atoms are counted whole on the rank's share of the domain (an atom whose sphere crosses a boundary costs every rank it touches: not counted).",
            sig(*radius)
        ),
        RsTerm::Subspace { per_point, .. } => format!(
            "The filtered states are projected (the overlap YᵀY and the Hamiltonian Yᵀ(HY)) and rotated into the eigenvectors (Y·Q): {} FLOPs per point and state pair, matrix products at the compute peak times the utilisation, shared by the domain and band processes (ScaLAPACK).",
            sig(*per_point)
        ),
        RsTerm::Eigensolve { shared, .. } => if *shared > 1 {
            "The generalised eigenproblem of the projected Hamiltonian, above SPARC's EIG_SERIAL_MAXNS of 1,500 states solved by ScaLAPACK's pdsygvx over the group's processes (an upper bound on its speed-up).".to_string()
        } else {
            "The generalised eigenproblem of the projected Hamiltonian, up to SPARC's EIG_SERIAL_MAXNS of 1,500 states solved by LAPACK's dsygvd on one process while the others wait: it does not shrink with more processes.".to_string()
        },
        RsTerm::Halo { filter: f, via: v, .. } => format!(
            "Before each H application every rank exchanges {} layers of its domain's six faces with its neighbours over {}, and SPARC waits for them before the stencil (only the copy into the extended array overlaps), so the exchange adds to the step. Its latency (6 messages per state and application) is not counted.",
            f.fd_order / 2,
            via(*v)
        ),
    }
}

/// Where the term's formula comes from.
pub fn source(id: TermId) -> &'static str {
    match id {
        TermId::RsStencilCompute => "SPARC src/eigenSolver.c (eigSolve_CheFSI, CheFSI: one filter per spin and k-point per SCF iteration; ChebyshevFiltering: m H applications and the recurrence; Project_Hamiltonian: one more; Mesh2ChebDegree); src/lapVecRoutines.c (stencil_3axis_thread_variable_radius: 9 FLOPs per reach and point); initialization.c (FD_ORDER 12)",
        TermId::RsStencilMemory => "SPARC src/eigenSolver.c (ChebyshevFiltering: Ynew, X and Y updated in one loop per step) and src/lapVecRoutines.c (Lap_plus_diag_vec_mult_orth: one state at a time); Williams et al. 2009, Roofline",
        TermId::RsProjectors => "SPARC src/nlocVecRoutines.c (Vnl_vec_mult: two cblas_dgemm per atom; GetInfluencingAtoms_nloc: the grid points within the largest r_core); the psp8 files of SPARC psps/ (r_core median 2.353 bohr; 2 projectors per l = 0, 1, 2 in 44 of 69)",
        TermId::RsSubspace => "SPARC src/eigenSolver.c (Project_Hamiltonian: dsyrk for Ms, dgemm for Hs; Subspace_Rotation: dgemm) and src/eigenSolverKpt.c (zgemm)",
        TermId::RsEigensolve => "SPARC src/eigenSolver.c (Solve_Generalized_EigenProblem: LAPACKE_dsygvd up to EIG_SERIAL_MAXNS = 1500, else pdsygvx); Golub and Van Loan, Matrix Computations §8.3 (14/3 n³ real)",
        _ => "SPARC src/lapVecRoutines.c (Lap_plus_diag_vec_mult_orth: MPI_Ineighbor_alltoallv of FD_ORDER/2 layers per face, MPI_Wait before the stencil)",
    }
}
