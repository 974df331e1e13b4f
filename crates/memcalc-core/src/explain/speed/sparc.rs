//! The words of SPARC's real-space SCF iteration (`speed::sim::realspace`): Chebyshev
//! filtering's H applications, the projectors, the subspace products and eigenproblem, the halo.

use super::{count, pct, rate, si, sig, via, Template};
use crate::base::units::{self, UnitSystem};
use crate::speed::sim::sparc::{Filter, RsTerm};
use crate::speed::Work;

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

const SRC_STENCIL_COMPUTE: &str = "SPARC src/eigenSolver.c (eigSolve_CheFSI, ChebyshevFiltering, \
    Project_Hamiltonian, Mesh2ChebDegree); src/lapVecRoutines.c \
    (stencil_3axis_thread_variable_radius); initialization.c (FD_ORDER 12)";
const SRC_STENCIL_MEMORY: &str = "SPARC src/eigenSolver.c (ChebyshevFiltering), \
    src/lapVecRoutines.c (Lap_plus_diag_vec_mult_orth); Williams et al. 2009, Roofline";
const SRC_PROJECTORS: &str = "SPARC src/nlocVecRoutines.c (Vnl_vec_mult, \
    GetInfluencingAtoms_nloc); SPARC psps/*.psp8 (median r_core 2.353 bohr; 18 projectors in 44 of \
    69)";
const SRC_SUBSPACE: &str = "SPARC src/eigenSolver.c (Project_Hamiltonian: dsyrk, dgemm; \
    Subspace_Rotation: dgemm), src/eigenSolverKpt.c (zgemm)";
const SRC_EIGENSOLVE: &str =
    "SPARC src/eigenSolver.c (Solve_Generalized_EigenProblem); Golub and Van Loan §8.3 (14/3 n³)";
const SRC_HALO: &str =
    "SPARC src/lapVecRoutines.c (Lap_plus_diag_vec_mult_orth: MPI_Ineighbor_alltoallv, MPI_Wait)";

/// The words of a real-space SCF iteration's term.
impl Template for RsTerm {
    fn label(&self) -> &'static str {
        match self {
            RsTerm::StencilCompute { .. } => "Chebyshev filter per SCF iteration: FLOPs",
            RsTerm::StencilMemory { .. } => "Chebyshev filter per SCF iteration: memory traffic",
            RsTerm::Projectors { .. } => "Nonlocal projectors per SCF iteration",
            RsTerm::Subspace { .. } => "Subspace projection and rotation",
            RsTerm::Eigensolve { .. } => "Subspace eigenproblem",
            RsTerm::Halo { .. } => "Halo exchange per H application",
        }
    }

    fn formula(&self, _u: UnitSystem) -> String {
        formula(self)
    }

    fn explanation(&self) -> String {
        explanation(self)
    }

    fn source(&self) -> &'static str {
        match self {
            RsTerm::StencilCompute { .. } => SRC_STENCIL_COMPUTE,
            RsTerm::StencilMemory { .. } => SRC_STENCIL_MEMORY,
            RsTerm::Projectors { .. } => SRC_PROJECTORS,
            RsTerm::Subspace { .. } => SRC_SUBSPACE,
            RsTerm::Eigensolve { .. } => SRC_EIGENSOLVE,
            RsTerm::Halo { .. } => SRC_HALO,
        }
    }
}

/// The formula's body with the user's numbers.
fn formula(t: &RsTerm) -> String {
    match t {
        RsTerm::StencilCompute { filter: f, work } => format!(
            "({} applications × {} FLOP + 3 × {} recurrence FLOP) × {} grid points × {}{} ÷ {}",
            f.applications(),
            f.stencil_flops_per_point(),
            f.degree.saturating_sub(1),
            count(f.points),
            vectors(f),
            complex(f.complex),
            at(work)
        ),
        RsTerm::StencilMemory {
            filter: f,
            transfer,
        } => format!(
            "{} words × {} B × {} grid points × {} ÷ ({} × {})",
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
            "2 products × 2 × {} sphere points × {per_atom} projectors × {} {} × {} applications × \
                {}{} ÷ {}",
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
            "{} × {} grid points × {states}² states × {} ÷ {}",
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
            if *shared > 1 {
                format!(" ÷ {shared} processes")
            } else {
                String::new()
            },
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
fn explanation(t: &RsTerm) -> String {
    match t {
        RsTerm::StencilCompute { filter: f, .. } => {
            let degree = match f.mesh {
                Some(h) => format!(
                    "degree {} (Mesh2ChebDegree of the {} bohr mesh; cheb_degree sets it)",
                    f.degree,
                    sig(h)
                ),
                None => format!("degree {} (cheb_degree)", f.degree),
            };
            format!(
                "Each SCF iteration filters every state with a Chebyshev polynomial of {degree}: \
                    that many H applications, and one more to project H. The order-{} Laplacian \
                    and the potential cost 9 FLOPs per point for each of {} reaches, plus 4; the \
                    recurrence 3. Overlaps the memory term: the longer counts.",
                f.fd_order,
                f.fd_order / 2
            )
        }
        RsTerm::StencilMemory { .. } => "Each H application reads a state and writes its result, \
            each recurrence step reads and writes three vectors: 8m − 2 passes. One state's \
            extended copy and the potential are taken as cached: a floor."
            .into(),
        RsTerm::Projectors { radius, .. } => format!(
            "Each atom's projectors act on the grid points within {} bohr (projector_radius, a \
                psp8 file's largest r_core) as two products per H application, Chiᵀ·x and Chi·α; \
                spheres crossing a rank's boundary are not counted twice.",
            sig(*radius)
        ),
        RsTerm::Subspace { per_point, .. } => format!(
            "YᵀY, Yᵀ(HY) and the rotation Y·Q: {} FLOPs per point and state pair, shared by the \
                domain and band processes (ScaLAPACK).",
            sig(*per_point)
        ),
        RsTerm::Eigensolve { shared, .. } => {
            if *shared > 1 {
                "Above EIG_SERIAL_MAXNS (1,500 states) ScaLAPACK's pdsygvx over the group's \
                    processes \
                (an upper bound on its speed-up)."
                    .to_string()
            } else {
                "Up to EIG_SERIAL_MAXNS (1,500 states) LAPACK's dsygvd on one process while the \
                    others \
                wait."
                    .to_string()
            }
        }
        RsTerm::Halo {
            filter: f, via: v, ..
        } => format!(
            "Each H application first exchanges {} layers on the domain's six faces over {}; SPARC \
                waits for them before the stencil, so it adds. Latency not counted.",
            f.fd_order / 2,
            via(*v)
        ),
    }
}
