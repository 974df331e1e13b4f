//! SPARC's real-space DFT: a step is one SCF iteration. Each iteration runs one pass of
//! Chebyshev-filtered subspace iteration per spin and k-point (src/eigenSolver.c,
//! eigSolve_CheFSI with NUM_CHEFSI = 1 after the first SCF iteration): the filter applies H to
//! every state `degree` times (ChebyshevFiltering), the projection applies it once more and
//! forms Hs = Yᵀ(HY) and Ms = YᵀY (Project_Hamiltonian), the subspace eigenproblem is solved
//! (Solve_Generalized_EigenProblem) and the states rotated (Subspace_Rotation). Each H
//! application is a finite-difference Laplacian plus the local potential on every grid point
//! (lapVecRoutines.c) and the nonlocal projectors as two small matrix products per atom
//! (nlocVecRoutines.c, Vnl_vec_mult); with more than one domain process each application first
//! exchanges FD_ORDER/2 layers of halo. The density, the Poisson solve and the mixing, which
//! handle one vector rather than every state, are left out: the step is a floor. The stencil
//! is the orthogonal cell's (Lap_plus_diag_vec_mult_orth); a non-orthogonal cell's adds mixed
//! derivatives (Lap_plus_diag_vec_mult_nonorth), not counted.

use crate::model::values::sim::PwShape;
use crate::model::values::SimValues;
use crate::model::Estimate;
use crate::scenario::planewave::Spin;
use crate::scenario::Scenario;
use crate::speed::sim::{rank_values, word_dtype, MethodStep, SimMachine};
use crate::speed::{Bound, TermId, TermValues, Time, TimeTerm, Transfer, Via, Work};

/// SPARC's default FD_ORDER (initialization.c, set_defaults: `order = 12`).
pub const FD_ORDER: u64 = 12;

/// The median, over the 69 psp8 files SPARC ships (psps/), of each file's largest r_core
/// (its first line), bohr: the sphere within which an atom's projectors are nonzero
/// (readfiles.c reads r_core; nlocVecRoutines.c, GetInfluencingAtoms_nloc, keeps the grid
/// points within the largest). SPARC widens it where |UdV| > 10⁻⁸ beyond r_core.
pub const PROJECTOR_RADIUS: f64 = 2.353;

/// Projectors per atom without a `projectors` count: Σ over l ≠ lloc of nproj(l) · (2l + 1)
/// with two projectors for each of s, p and d, the count of 44 of the 69 psp8 files SPARC ships.
pub const PROJECTORS_PER_ATOM: u64 = 18;

/// SPARC's EIG_SERIAL_MAXNS default (initialization.c): up to this many states the subspace
/// eigenproblem is solved by LAPACK's dsygvd on one process; above, by ScaLAPACK's pdsygvx.
pub const EIG_SERIAL_MAXNS: u64 = 1500;

/// SPARC's Mesh2ChebDegree (src/eigenSolver.c): a cubic fitted through (h, degree) = (0.1, 50),
/// (0.2, 35), (0.4, 20), (0.7, 14), and 14 beyond 0.7 bohr, rounded as C's round().
pub fn mesh_to_cheb_degree(h: f64) -> u64 {
    let (p3, p2, p1, p0) = (-700.0 / 3.0, 1240.0 / 3.0, -773.0 / 3.0, 1078.0 / 15.0);
    let npl = if h > 0.7 {
        14.0
    } else {
        ((p3 * h + p2) * h + p1) * h + p0
    };
    npl.round().max(1.0) as u64
}

/// The Chebyshev filter of one SCF iteration on one rank: what every term counts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Filter {
    /// Grid points of the rank's domain, times the spinor components.
    pub points: f64,
    /// States of the rank's band group.
    pub states: u64,
    /// Spin and k-point blocks of the rank's group, each filtered once.
    pub blocks: u64,
    /// The filter's degree m (CHEB_DEGREE).
    pub degree: u64,
    /// The mesh spacing it was derived from, bohr, where it was (None: `cheb_degree` given).
    pub mesh: Option<f64>,
    pub fd_order: u64,
    /// Complex states (k-points other than Γ): twice the FLOPs of the stencil and twice the bytes.
    pub complex: bool,
}

impl Filter {
    /// H applications per state and pass: m in the filter, one in the projection (HY).
    pub fn applications(&self) -> u64 {
        self.degree + 1
    }

    /// State vectors filtered per SCF iteration.
    pub fn vectors(&self) -> f64 {
        (self.states * self.blocks) as f64
    }

    /// FLOPs per point of one real H application's local part (stencil_3axis_thread_variable_radius):
    /// per reach r the pairs' 3 adds, 3 multiplies by the weights and 3 adds into the sum, the
    /// centre's multiply, and b·(v·x) added (3).
    pub fn stencil_flops_per_point(&self) -> u64 {
        9 * (self.fd_order / 2) + 4
    }

    /// FLOPs of every H application's local part and of the three-term recurrence (a multiply
    /// and a multiply-add per point in m − 1 of the applications), real or complex.
    pub fn flops(&self) -> f64 {
        let m = self.degree as f64;
        let per_vector = (m + 1.0) * self.stencil_flops_per_point() as f64 + 3.0 * (m - 1.0);
        self.complex_factor() * self.points * self.vectors() * per_vector
    }

    /// Words per point and state through memory per pass: each of the m + 1 H applications
    /// reads its input and writes its output (2), the first result is scaled in place (2), and
    /// each of the m − 1 recurrence steps reads Ynew, X and Y and writes all three (6):
    /// 8m − 2. The extended copy x_ex and the potential are one state's, kept in cache.
    pub fn words_per_point(&self) -> u64 {
        (8 * self.degree).saturating_sub(2).max(2)
    }

    pub fn bytes(&self) -> f64 {
        let word = if self.complex { 16.0 } else { 8.0 };
        self.points * self.vectors() * self.words_per_point() as f64 * word
    }

    fn complex_factor(&self) -> f64 {
        if self.complex {
            2.0
        } else {
            1.0
        }
    }
}

/// A real-space SCF iteration's term values.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RsTerm {
    /// The H applications' stencil, potential and recurrence FLOPs at the compute peak.
    StencilCompute { filter: Filter, work: Work },
    /// The same applications' vectors through memory.
    StencilMemory { filter: Filter, transfer: Transfer },
    /// Vnl_vec_mult's two products per atom and application: Chiᵀ·x and Chi·α, each
    /// 2 · sphere points · projectors · states FLOPs (4× complex).
    Projectors {
        filter: Filter,
        /// Atoms of the rank's domain.
        atoms: f64,
        /// Grid points within the projector radius of an atom.
        sphere: f64,
        per_atom: u64,
        radius: f64,
        work: Work,
    },
    /// Ms = YᵀY (dsyrk, Nd·Ns² real), Hs = Yᵀ(HY) (dgemm, 2·Nd·Ns²) and the rotation Y·Q
    /// (dgemm, 2·Nd·Ns²): 5 Nd Ns² FLOPs a block; complex, three zgemm of 8 Nd Ns²: 24.
    Subspace {
        /// The group's grid points (times spinor components) over the processes sharing the
        /// products (ScaLAPACK over the domain and band processes).
        points: f64,
        states: u64,
        blocks: u64,
        per_point: f64,
        work: Work,
    },
    /// dsygvd (zhegvd) of order Ns per block.
    Eigensolve {
        n: u64,
        blocks: u64,
        complex: bool,
        /// Processes sharing it: 1 up to EIG_SERIAL_MAXNS states (LAPACK on one process).
        shared: u64,
        work: Work,
    },
    /// Each H application's halo: FD_ORDER/2 layers on the six faces of the rank's domain.
    Halo {
        filter: Filter,
        /// Points along a side of the rank's domain (a cube).
        side: f64,
        transfer: Transfer,
        via: Via,
    },
}

impl RsTerm {
    /// The term these values are.
    pub fn id(&self) -> TermId {
        match self {
            RsTerm::StencilCompute { .. } => TermId::RsStencilCompute,
            RsTerm::StencilMemory { .. } => TermId::RsStencilMemory,
            RsTerm::Projectors { .. } => TermId::RsProjectors,
            RsTerm::Subspace { .. } => TermId::RsSubspace,
            RsTerm::Eigensolve { .. } => TermId::RsEigensolve,
            RsTerm::Halo { .. } => TermId::RsHalo,
        }
    }
}

/// The rank's share of a SPARC run: None where the estimate has no SPARC part.
pub fn step(s: &Scenario, e: &Estimate, sm: &SimMachine) -> Option<MethodStep> {
    let (grid, states, kpoints, groups, band_groups, processes) =
        rank_values(e).find_map(|v| match v {
            SimValues::Planewave(p) => match p.shape {
                PwShape::Sparc {
                    grid,
                    states,
                    kpoints,
                    groups,
                    band_groups,
                    processes,
                } => Some((grid, states, kpoints, groups, band_groups, processes)),
                _ => None,
            },
            _ => None,
        })?;
    let pw = &s.sim.pw;
    let sp = &s.speed;
    let nd = grid.max(1) as f64;
    let processes = processes.max(1);
    let groups = groups.clamp(1, processes);
    let band_groups = band_groups.max(1);
    let domain = (processes / (groups * band_groups)).max(1);
    // Collinear spin filters both spins; non-collinear states are spinors of two components.
    let nspin = if pw.spin == Spin::Collinear { 2 } else { 1 };
    let spinor = if pw.spin == Spin::Noncollinear {
        2.0
    } else {
        1.0
    };
    let volume = pw.volume_milli as f64 / 1000.0;
    // A cubic mesh's spacing: h_eff of SPARC's initialization.c where the spacings agree.
    let h = (volume / nd).cbrt();
    let fd_order = sp.fd_order.unwrap_or(FD_ORDER).max(2);
    let filter = Filter {
        points: nd / domain as f64 * spinor,
        states: states.max(1).div_ceil(band_groups),
        blocks: (nspin * kpoints.max(1)).div_ceil(groups),
        degree: sp.cheb_degree.unwrap_or_else(|| mesh_to_cheb_degree(h)),
        mesh: sp.cheb_degree.is_none().then_some(h),
        fd_order,
        complex: !pw.gamma,
    };
    let fp64 = word_dtype(8);
    let mut terms = Vec::new();
    let compute = sm.work(filter.flops(), fp64);
    let memory = sm.transfer(filter.bytes());
    let mut step = compute.time().max(memory.time());
    terms.push(term(
        compute.time(),
        Bound::Compute,
        RsTerm::StencilCompute {
            filter,
            work: compute,
        },
    ));
    terms.push(term(
        memory.time(),
        Bound::MemoryBandwidth,
        RsTerm::StencilMemory {
            filter,
            transfer: memory,
        },
    ));
    let atoms = pw.atoms.max(1) as f64;
    let per_atom = if pw.projectors > 0 {
        pw.projectors.div_ceil(pw.atoms.max(1))
    } else {
        PROJECTORS_PER_ATOM
    };
    let radius = sp
        .projector_radius_mbohr
        .map_or(PROJECTOR_RADIUS, |r| r as f64 / 1000.0);
    let sphere = (4.0 / 3.0 * std::f64::consts::PI * radius.powi(3) / (volume / nd)).min(nd);
    let gemm = if filter.complex { 4.0 } else { 1.0 };
    let rank_atoms = atoms / domain as f64;
    let projectors = sm.work(
        gemm * 4.0
            * sphere
            * per_atom as f64
            * rank_atoms
            * filter.applications() as f64
            * filter.vectors(),
        fp64,
    );
    step = step.plus(projectors.time());
    terms.push(term(
        projectors.time(),
        Bound::Compute,
        RsTerm::Projectors {
            filter,
            atoms: rank_atoms,
            sphere,
            per_atom,
            radius,
            work: projectors,
        },
    ));
    let sharing = (domain * band_groups) as f64;
    let per_point = if filter.complex { 24.0 } else { 5.0 };
    let ns = states.max(1);
    let points = nd * spinor / sharing;
    let subspace = sm.work(
        per_point * points * (ns * ns) as f64 * filter.blocks as f64,
        fp64,
    );
    step = step.plus(subspace.time());
    terms.push(term(
        subspace.time(),
        Bound::Compute,
        RsTerm::Subspace {
            points,
            states: ns,
            blocks: filter.blocks,
            per_point,
            work: subspace,
        },
    ));
    // Golub and Van Loan §8.3 as for pw.x: Cholesky n³/3, reduction n³, tridiagonalisation
    // 4n³/3, back-transformation 2n³: 14/3 n³ real operations, 4 real FLOPs per complex one.
    let shared = if ns > EIG_SERIAL_MAXNS {
        domain * band_groups
    } else {
        1
    };
    let n = ns as f64;
    let eig = sm.work(
        gemm * 14.0 / 3.0 * n * n * n * filter.blocks as f64 / shared as f64,
        fp64,
    );
    step = step.plus(eig.time());
    terms.push(term(
        eig.time(),
        Bound::Compute,
        RsTerm::Eigensolve {
            n: ns,
            blocks: filter.blocks,
            complex: filter.complex,
            shared,
            work: eig,
        },
    ));
    if domain > 1 {
        let side = (nd / domain as f64).cbrt();
        let word = if filter.complex { 16.0 } else { 8.0 };
        // Lap_plus_diag_vec_mult_orth's MPI_Ineighbor_alltoallv: FD_ORDER/2 layers each way
        // along each axis, 2 · (FD_ORDER/2) · 3 faces' areas per state; SPARC waits for it
        // before the stencil (only the copy into x_ex overlaps it), so it adds to the step.
        let values = fd_order as f64 * 3.0 * side * side * spinor;
        let (via, bandwidth) = sm.exchange();
        let t = Transfer {
            bytes: values * word * filter.applications() as f64 * filter.vectors(),
            bandwidth,
            efficiency: 1.0,
        };
        step = step.plus(t.time());
        terms.push(term(
            t.time(),
            via.bound(),
            RsTerm::Halo {
                filter,
                side,
                transfer: t,
                via,
            },
        ));
    }
    Some(MethodStep {
        terms,
        step,
        halo: None,
        rate: None,
    })
}

fn term(time: Time, bound: Bound, v: RsTerm) -> TimeTerm {
    TimeTerm {
        time,
        bound,
        values: TermValues::RealSpace(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filter(degree: u64, complex: bool) -> Filter {
        Filter {
            points: 1000.0,
            states: 10,
            blocks: 1,
            degree,
            mesh: None,
            fd_order: 12,
            complex,
        }
    }

    #[test]
    fn the_cheb_degree_is_sparcs_for_the_test_decks_mesh() {
        // The refout files of SPARC's tests/: "Mesh spacing" and the CHEB_DEGREE printed.
        for (h, degree) in [
            (0.277297, 27), // CuSi7
            (0.195641, 36), // BaTiO3
            (0.216677, 33), // Cu_FCC
            (0.248707, 30), // MnAlCu2
        ] {
            assert_eq!(mesh_to_cheb_degree(h), degree, "{h}");
        }
        assert_eq!(mesh_to_cheb_degree(0.2), 35);
        assert_eq!(mesh_to_cheb_degree(0.4), 20);
        assert_eq!(mesh_to_cheb_degree(0.9), 14);
    }

    #[test]
    fn one_h_application_is_58_flops_a_point_at_order_12() {
        let f = filter(1, false);
        assert_eq!(f.stencil_flops_per_point(), 58);
        // Degree 1: two applications (filter and projection), no recurrence step.
        assert_eq!(f.flops(), 2.0 * 58.0 * 1000.0 * 10.0);
        assert_eq!(filter(1, true).flops(), 2.0 * f.flops());
        let g = Filter {
            fd_order: 4,
            ..filter(20, false)
        };
        assert_eq!(g.stencil_flops_per_point(), 22);
        assert_eq!(g.flops(), (21.0 * 22.0 + 3.0 * 19.0) * 1000.0 * 10.0);
    }

    #[test]
    fn the_vectors_pass_memory_8m_minus_2_times() {
        let f = filter(20, false);
        assert_eq!(f.words_per_point(), 158);
        assert_eq!(f.bytes(), 158.0 * 8.0 * 1000.0 * 10.0);
        assert_eq!(filter(20, true).bytes(), 2.0 * f.bytes());
    }
}
