//! Unstructured meshes (finite elements and volumes): a step assembles its matrix and solves
//! it with a preconditioned Krylov method, and both stream their arrays through memory. The
//! bytes come from the estimate's own parts (the sparse matrix as stored, the solver's vectors,
//! the preconditioner's matrices), so the time follows every storage choice the memory model
//! knows (CSR or OpenFOAM's LDU, 32- or 64-bit indices, coupled or segregated).
//!
//! Sources:
//! - HPCG `src/ReportResults.cpp` (memory bandwidth model): a CG iteration runs 3 dot products
//!   (2 vector reads each), 3 WAXPBYs (2 reads, 1 write) and one SpMV (values and column
//!   indices once, the input vector read and the output written): 17 vector passes beside the
//!   matrix; 2 FLOPs per nonzero, 2 per element of each dot and WAXPBY.
//! - PETSc `KSPGMRES` (`src/ksp/ksp/impls/gmres/borthog.c`, the default classical Gram–Schmidt):
//!   the j-th Arnoldi step of a restart reads w and j basis vectors twice (VecMDot, VecMAXPY),
//!   writes w, and normalises it: 2j + 6 passes, plus the SpMV's 2; over j = 1…k on average
//!   k + 9.
//! - hypre BoomerAMG's default V-cycle (one relaxation sweep down and one up, a residual per
//!   level): every level's operator read about three times per application.
//! - HPCG `src/ComputeSPMV_ref.cpp` (`sum += cur_vals[j]*xv[cur_inds[j]]`) and
//!   `src/ComputeSYMGS_ref.cpp` (`sum -= currentValues[j]*xv[curCol]`, then
//!   `sum += xv[i]*currentDiagonal; xv[i] = sum/currentDiagonal`): on a CPU each row's sum is
//!   one chain of dependent FP64 adds unless the compiler may reassociate it (`-ffast-math`
//!   splits it over SIMD lanes), so a row costs its adds times the add latency (Agner Fog's
//!   instruction tables; measured here, docs/accuracy/speed-here/zen4/). Measured on two CPUs
//!   (docs/accuracy.md, "Measured here"), the chains and the memory stream add up rather than
//!   overlap: the step is the solve's bytes plus its chains (`chain`); a build that gathers its
//!   rows with vector instructions adds their gathers too (`speed::sim::gather`).

use crate::model::values::sim::{HpcgPart, MeshPart, COARSE_LEVELS};
use crate::model::values::{SimValues, Values};
use crate::model::Estimate;
use crate::scenario::sim::HpcgCode;
use crate::scenario::sim::{Precond, Solver};
use crate::scenario::Scenario;
use crate::speed::sim::hpcg::{self as codes, HpcgChoice};
use crate::speed::sim::{MethodStep, SimMachine, SimRate};
use crate::speed::MeshTerm;
use crate::speed::{Bound, Speed, Steps, TermValues, Time, TimeTerm, Transfer};

/// Krylov iterations per step where the user gives none: one set of HPCG's CG
/// (`src/main.cpp`: refMaxIters = 50, tolerance 0). Real runs vary from a few iterations
/// (a multigrid-preconditioned pressure solve) to hundreds; `lin_iters` sets the run's own.
pub const DEFAULT_ITERATIONS: u64 = 50;

/// Vector passes of one CG iteration besides the preconditioner (HPCG ReportResults.cpp).
const CG_PASSES: f64 = 17.0;

/// Passes over every multigrid level's operator per V-cycle: pre-smoothing, the residual,
/// post-smoothing (one sweep each, hypre BoomerAMG's default).
const MG_PASSES: f64 = 3.0;

/// A step's traffic besides the solve: the solution at every stored level read and written,
/// the mesh read and the matrix's values written once (assembly).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Assembly {
    pub state: f64,
    pub mesh: f64,
    pub matrix: f64,
    pub transfer: Transfer,
}

/// A step's linear solve on one rank.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Solve {
    pub iterations: u64,
    /// Whether `iterations` is the default rather than the user's.
    pub assumed: bool,
    /// Bytes one matrix–vector product reads from the matrix as stored.
    pub spmv: f64,
    /// Vector passes per iteration (each one vector of `rows` read or written).
    pub passes: f64,
    pub rows: f64,
    pub b: u64,
    /// GMRES restart length (0: CG).
    pub krylov: u64,
    pub precond: Precond,
    /// The preconditioner's bytes per application.
    pub precond_bytes: f64,
    /// FLOPs of one iteration on this rank.
    pub flops: f64,
    /// The HPCG implementation whose kernels the bytes count (None outside HPCG: a generic
    /// V-cycle rather than HPCG's own multigrid of symmetric Gauss–Seidel sweeps).
    pub hpcg_code: Option<HpcgChoice>,
    pub transfer: Transfer,
}

impl Solve {
    /// Whether this is HPCG's own solve (its multigrid, its dot products' all-reduces).
    pub fn is_hpcg(&self) -> bool {
        self.hpcg_code.is_some()
    }
}

/// Matrix passes of one smoother iteration: a symmetric Gauss–Seidel sweep forward and back
/// (OpenFOAM src/OpenFOAM/matrices/lduMatrix/smoothers/symGaussSeidel/symGaussSeidelSmoother.C:
/// each row sums its upper coefficients' products, divides by the diagonal and distributes to
/// its upper neighbours through the lower coefficients), then the residual smoothSolver
/// computes after every sweep (smoothSolver.C: `matrix_.residual`, an Amul of the matrix).
pub const SMOOTH_MATRIX_PASSES: f64 = 3.0;

/// Vector passes of one smoother iteration: bPrime = source (2), each sweep's bPrime and psi
/// read and written (2 × 4), the residual's psi and source read and its result written (3), and
/// its norm read (1, `gSumMag`).
pub const SMOOTH_VECTOR_PASSES: f64 = 14.0;

/// A step's smoother iterations on one rank (`smooth_iters`): the matrix and vectors streamed,
/// and on a CPU the sweeps' dependent chains (each row's sum, its divide, which the next row
/// needs through its distributed update).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Smooth {
    pub iterations: u64,
    /// Bytes one pass over the matrix as stored reads.
    pub spmv: f64,
    pub rows: f64,
    pub b: u64,
    pub transfer: Transfer,
    pub chain: Option<Chain>,
}

impl Smooth {
    pub fn time(&self) -> Time {
        let t = self.transfer.time();
        match self.chain {
            Some(c) => t.plus(c.time()),
            None => t,
        }
    }
}

/// A CPU rank's chains of dependent adds in one step's solve: every row of every matrix pass
/// sums its products into one scalar, in order, unless the build splits the sum.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Chain {
    pub iterations: u64,
    /// Row sums per iteration: the matrix–vector products' rows and the preconditioner's.
    pub row_passes: f64,
    /// Nonzeros a row sums (HPCG: 27).
    pub per_row: f64,
    /// Independent partial sums of a row (`chains`).
    pub chains: u64,
    /// Of `row_passes`, the rows of Gauss–Seidel sweeps: each also adds its diagonal back and
    /// divides by it on the chain (HPCG's multigrid; 0 elsewhere).
    pub sweep_rows: f64,
    /// Seconds of one dependent add and one divide.
    pub fp_add: f64,
    pub fp_div: f64,
    /// The latencies' source: the node preset's, or None where the user gave them.
    pub source: Option<&'static str>,
}

impl Chain {
    /// Dependent adds of one row: its share of the nonzeros in each partial sum, then the
    /// partial sums added pairwise (a tree of ⌈log2 chains⌉ adds).
    pub fn row_adds(&self) -> f64 {
        let c = self.chains.max(1) as f64;
        (self.per_row / c).ceil() + c.log2().ceil()
    }

    /// Seconds of one iteration's chains.
    pub fn per_iteration(&self) -> f64 {
        self.row_passes * self.row_adds() * self.fp_add
            + self.sweep_rows * (self.fp_add + self.fp_div)
    }

    pub fn time(&self) -> Time {
        Time::of(self.iterations as f64 * self.per_iteration())
    }
}

/// The chains of a CPU rank's solve; None on GPUs, whose mesh codes split every sum over
/// threads (one row per thread or warp, the reduction a tree), so their solve stays
/// bandwidth-bound; None too with `chains=0`, a code whose rows carry no dependent chain (an
/// optimized HPCG, multicolour-ordered and vectorized across rows, as Fujitsu's on Fugaku;
/// `hpcg_code=nvidia` or `rocm` name such a code, and `hpcg_step` asks for no chain then).
fn chain(
    sm: &SimMachine,
    iterations: u64,
    row_passes: f64,
    per_row: f64,
    sweep_rows: f64,
) -> Option<Chain> {
    (!sm.gpu && sm.m.chains > 0 && row_passes > 0.0 && per_row > 0.0).then_some(Chain {
        iterations,
        row_passes,
        per_row,
        chains: sm.m.chains,
        sweep_rows,
        fp_add: sm.m.fp_add,
        fp_div: sm.m.fp_div,
        source: sm.m.latency_source,
    })
}

/// The chain term, where there is one: its time follows the solve's (measured: they add).
fn chain_term(c: Chain) -> TimeTerm {
    TimeTerm {
        time: c.time(),
        bound: Bound::Latency,
        values: TermValues::Mesh(MeshTerm::MeshChain(c)),
    }
}

/// The chains' rows' gathers where the build gathers them, added after the chain (measured on
/// Zen 4: the gathers add to the chains and the memory stream, `speed::sim::gather`).
fn gathers(sm: &SimMachine, c: &Chain, time: Time, terms: &mut Vec<TimeTerm>) -> Time {
    match super::gather::of(sm, c.iterations, c.row_passes, c.per_row) {
        Some(g) => {
            terms.push(super::gather::term(g));
            time.plus(g.time())
        }
        None => time,
    }
}

/// Rows of HPCG's matrix passes per CG iteration on levels of `rows` (fine first): the CG's
/// SpMV and, on every level but the coarsest, a symmetric Gauss–Seidel sweep (forward and
/// back) before and after the residual's SpMV; on the coarsest one sweep
/// (`src/ComputeMG_ref.cpp`). Returns (all row sums, of them the sweeps' rows).
pub fn hpcg_row_passes(levels: &[f64]) -> (f64, f64) {
    let Some((last, upper)) = levels.split_last() else {
        return (0.0, 0.0);
    };
    let sweeps = 4.0 * upper.iter().sum::<f64>() + 2.0 * last;
    let spmv = levels.first().copied().unwrap_or(0.0) + upper.iter().sum::<f64>();
    (sweeps + spmv, sweeps)
}

/// Vector passes of one iteration: CG's 17, or GMRES(k)'s k + 9.
pub fn passes(krylov: u64) -> f64 {
    if krylov == 0 {
        CG_PASSES
    } else {
        krylov as f64 + 9.0
    }
}

/// Bytes a preconditioner reads and writes per application: a diagonal scaling the diagonal
/// and two vectors; an incomplete factorisation its factors once (forward and backward sweeps)
/// and four vector passes; multigrid every level's operator `MG_PASSES` times.
pub fn precond_bytes(p: Precond, spmv: f64, stored: f64, rows: f64, b: u64) -> f64 {
    let v = rows * b as f64;
    match p {
        Precond::None => 0.0,
        Precond::Jacobi => 3.0 * v,
        Precond::Ilu0 | Precond::Ilu1 => stored + 4.0 * v,
        Precond::Amg | Precond::Gmg | Precond::Gamg => MG_PASSES * (spmv + stored),
    }
}

/// FLOPs of one iteration: 2 per nonzero of the SpMV, 2 per element of each dot product and
/// vector update (CG 6 of them; GMRES(k) about k + 3), and 2 per nonzero the preconditioner
/// reads (its bytes over a nonzero's value and index).
fn flops(nonzeros: f64, s: &Solve, index_bytes: u64) -> f64 {
    let vector_ops = if s.krylov == 0 {
        6.0
    } else {
        s.krylov as f64 + 3.0
    };
    let per_nonzero = (s.b + index_bytes).max(1) as f64;
    let precond = match s.precond {
        Precond::None => 0.0,
        Precond::Jacobi => s.rows,
        _ => 2.0 * s.precond_bytes / per_nonzero,
    };
    2.0 * nonzeros + 2.0 * vector_ops * s.rows + precond
}

/// The parts a mesh step reads, with their rank bytes.
#[derive(Default)]
struct Parts {
    state: f64,
    mesh: f64,
    matrix: f64,
    spmv: f64,
    nonzeros: f64,
    index_bytes: u64,
    b: u64,
    dofs: u64,
    points: f64,
    solver: Option<(u64, f64, f64, u64, Precond)>,
    explicit: bool,
    /// HPCG's fine rows and coarse rows per level.
    hpcg: Option<(f64, [u64; COARSE_LEVELS])>,
}

fn parts(e: &Estimate) -> Option<Parts> {
    let mut p = Parts::default();
    let mut seen = false;
    let mut ldu = None;
    for c in &e.components {
        let Values::Sim(part) = &c.values else {
            continue;
        };
        let bytes = part.rank_bytes as f64;
        let SimValues::Mesh(m) = &part.rank else {
            continue;
        };
        match m {
            MeshPart::Solution(s) => {
                seen = true;
                p.state = bytes;
                p.b = s.b;
                p.dofs = s.dofs;
                p.points = s.shape.points as f64;
            }
            MeshPart::Connectivity(c) => {
                p.mesh = bytes;
                p.index_bytes = c.index_bytes;
            }
            MeshPart::PolyMesh(m) => {
                p.mesh = bytes;
                p.index_bytes = m.index_bytes;
            }
            MeshPart::Matrix(m) => {
                // CSR: the values, column indices and row pointers are the part itself.
                p.matrix = bytes;
                p.spmv = bytes;
                p.nonzeros = m.nonzeros as f64;
                p.explicit = m.solver == Solver::Explicit;
            }
            MeshPart::Ldu(l) => {
                p.matrix = bytes;
                ldu = Some(l.clone());
            }
            MeshPart::Solver(s) => {
                p.solver = Some((
                    s.vectors,
                    s.rows as f64,
                    s.precond_bytes as f64,
                    s.krylov,
                    s.precond,
                ));
            }
            // Boundary patch values and a code's per-cell working arrays are not yet in the
            // assembly's traffic (a lower bound either way).
            MeshPart::Stress(_) | MeshPart::Patches(_) | MeshPart::CellArrays(_) => {}
            MeshPart::Hpcg(HpcgPart::Problem { rows }) => {
                seen = true;
                p.state = bytes;
                p.b = 8;
                p.dofs = 1;
                p.points = *rows as f64;
            }
            MeshPart::Hpcg(HpcgPart::Multigrid { rows, .. }) => {
                p.hpcg = Some((p.points, *rows));
            }
            MeshPart::Hpcg(_) => {}
        }
    }
    if let Some(l) = ldu {
        // One lduMatrix::Amul reads the diagonal, the lower and upper coefficients and their
        // face addressing (not the source, nor the second matrix held beside it).
        let coefficients = (l.cells + 2 * l.internal_faces) as f64 * l.block as f64;
        p.nonzeros = coefficients;
        p.spmv = coefficients * l.b as f64 + 2.0 * l.internal_faces as f64 * p.index_bytes as f64;
        p.explicit = l.matrices == 0;
    }
    if p.matrix == 0.0 {
        p.explicit = true;
    }
    seen.then_some(p)
}

/// The halo of a mesh rank: its surface points (6 · points^(2/3), a compact subdomain) and the
/// bytes each sends per step: the assembly's solution and one vector per iteration.
fn halo(p: &Parts, iterations: u64, rows: f64) -> (f64, f64) {
    let surface = 6.0 * p.points.max(0.0).powf(2.0 / 3.0);
    let per_point = if p.points > 0.0 { rows / p.points } else { 0.0 };
    let b = p.b as f64;
    (surface, b * (p.dofs as f64 + iterations as f64 * per_point))
}

/// HPCG's own bandwidth and FLOP model of one CG iteration (`ReportResults.cpp`), for `rows`
/// fine rows and the coarse levels' rows, 27 nonzeros a row, values and local indices read
/// (8 + 4 B): (SpMV bytes, multigrid bytes, FLOPs). The multigrid applies a symmetric
/// Gauss–Seidel sweep before and after the residual on every level but the coarsest (two
/// passes over the matrix each), and one sweep on the coarsest.
#[cfg(any(test, feature = "internals"))]
pub fn hpcg_iteration(rows: f64, coarse: &[u64; COARSE_LEVELS]) -> (f64, f64, f64) {
    hpcg_iteration_of(HpcgCode::Reference, rows, coarse)
}

/// One CG iteration of an HPCG implementation: its multigrid's bytes are its own kernels'
/// (`speed::sim::hpcg`); the fine SpMV reads the 27 entries a row in every code (CSR, or ELL
/// of width 27); the FLOPs are the reference's, which HPCG's rating counts whatever runs.
pub fn hpcg_iteration_of(
    code: HpcgCode,
    rows: f64,
    coarse: &[u64; COARSE_LEVELS],
) -> (f64, f64, f64) {
    let nnz = |n: f64| codes::ROW * n;
    let mut levels = vec![rows];
    levels.extend(coarse.iter().map(|&n| n as f64));
    let (last, upper) = levels.split_last().expect("four levels");
    let mg_flops = 10.0 * nnz(upper.iter().sum::<f64>()) + 4.0 * nnz(*last);
    let flops = 2.0 * nnz(rows) + 12.0 * rows + mg_flops;
    (
        nnz(rows) * codes::ENTRY,
        codes::multigrid_bytes(code, &levels),
        flops,
    )
}

/// The mesh method's step; None without a solution part.
pub fn step(s: &Scenario, e: &Estimate, sm: &SimMachine) -> Option<(MethodStep, f64)> {
    let p = parts(e)?;
    if let Some((rows, coarse)) = p.hpcg {
        return Some(hpcg_step(s, sm, &p, rows, &coarse));
    }
    let assembly_bytes = 2.0 * p.state + p.mesh + p.matrix;
    let assembly = Assembly {
        state: p.state,
        mesh: p.mesh,
        matrix: p.matrix,
        transfer: sm.transfer(assembly_bytes),
    };
    let mut terms = vec![TimeTerm {
        time: assembly.transfer.time(),
        bound: Bound::MemoryBandwidth,
        values: TermValues::Mesh(MeshTerm::MeshAssembly(assembly)),
    }];
    let mut step = assembly.transfer.time();
    let mut flops_per_step = 0.0;
    let mut rows = 0.0;
    let mut iterations = 0;
    if let (false, Some((_, r, stored, krylov, precond))) = (p.explicit, p.solver) {
        rows = r;
        iterations = s.sim.lin_iters.unwrap_or(DEFAULT_ITERATIONS);
        let pre = precond_bytes(precond, p.spmv, stored, rows, p.b);
        let per_iteration = p.spmv + passes(krylov) * rows * p.b as f64 + pre;
        let mut solve = Solve {
            iterations,
            assumed: s.sim.lin_iters.is_none(),
            spmv: p.spmv,
            passes: passes(krylov),
            rows,
            b: p.b,
            krylov,
            precond,
            precond_bytes: pre,
            flops: 0.0,
            hpcg_code: None,
            transfer: sm.transfer(iterations as f64 * per_iteration),
        };
        solve.flops = flops(p.nonzeros, &solve, p.index_bytes);
        flops_per_step = solve.flops * iterations as f64;
        // The solve follows the assembly: the step is their sum.
        step = step.plus(solve.transfer.time());
        terms.push(TimeTerm {
            time: solve.transfer.time(),
            bound: Bound::MemoryBandwidth,
            values: TermValues::Mesh(MeshTerm::MeshSolve(solve)),
        });
        if let Some(c) = generic_chain(sm, &p, &solve) {
            step = step.plus(c.time());
            terms.push(chain_term(c));
            step = gathers(sm, &c, step, &mut terms);
        }
    }
    if let (false, Some((_, r, ..)), Some(n)) = (p.explicit, p.solver, s.sim.smooth_iters) {
        if n > 0 && r > 0.0 {
            let per_iteration =
                SMOOTH_MATRIX_PASSES * p.spmv + SMOOTH_VECTOR_PASSES * r * p.b as f64;
            // The residual's rows sum all their products; a sweep's row sums its upper
            // neighbours' only (half the off-diagonal ones), then divides: counted as
            // residual rows plus the sweeps' rows scaled to the same adds a row.
            let per_row = p.nonzeros / r;
            let upper = ((per_row - 1.0) / 2.0).max(0.0);
            let sweeps = SMOOTH_MATRIX_PASSES - 1.0;
            let sm_chain = chain(
                sm,
                n,
                r * (1.0 + sweeps * upper / per_row.max(1.0)),
                per_row,
                sweeps * r,
            );
            let smooth = Smooth {
                iterations: n,
                spmv: p.spmv,
                rows: r,
                b: p.b,
                transfer: sm.transfer(n as f64 * per_iteration),
                chain: sm_chain,
            };
            step = step.plus(smooth.time());
            terms.push(TimeTerm {
                time: smooth.time(),
                bound: if sm_chain.is_some_and(|c| {
                    c.time().seconds().unwrap_or(f64::MAX)
                        > smooth.transfer.time().seconds().unwrap_or(f64::MAX)
                }) {
                    Bound::Latency
                } else {
                    Bound::MemoryBandwidth
                },
                values: TermValues::Mesh(MeshTerm::MeshSmooth(smooth)),
            });
            flops_per_step += n as f64 * SMOOTH_MATRIX_PASSES * 2.0 * p.nonzeros;
            iterations += n;
        }
    }
    let halo = (sm.ranks > 1).then(|| halo(&p, iterations, rows));
    Some((
        MethodStep {
            terms,
            step,
            halo,
            rate: None,
        },
        flops_per_step * sm.ranks as f64,
    ))
}

/// A generic solve's chains: the SpMV's rows and, for a factorisation or multigrid, the rows
/// its sweeps read (its nonzeros from its bytes, as `flops` counts them). A diagonal
/// preconditioner sums nothing; PETSc's ILU and OpenFOAM's DIC store the reciprocal diagonal,
/// so no divide is on the chain. OpenFOAM's LDU product accumulates face by face into memory
/// (store, then load, then add): a register chain of one add per coefficient is its floor.
fn generic_chain(sm: &SimMachine, p: &Parts, s: &Solve) -> Option<Chain> {
    if s.rows <= 0.0 || p.nonzeros <= 0.0 {
        return None;
    }
    let per_row = p.nonzeros / s.rows;
    let per_nonzero = (s.b + p.index_bytes).max(1) as f64;
    let precond = match s.precond {
        Precond::None | Precond::Jacobi => 0.0,
        _ => s.precond_bytes / per_nonzero,
    };
    chain(
        sm,
        s.iterations,
        (p.nonzeros + precond) / per_row,
        per_row,
        0.0,
    )
}

/// HPCG's timed phase: CG iterations only (the problem is generated once, before): the kernels,
/// on a CPU their dependent-add chains, and over several ranks the dot products' all-reduces.
fn hpcg_step(
    s: &Scenario,
    sm: &SimMachine,
    p: &Parts,
    rows: f64,
    coarse: &[u64; COARSE_LEVELS],
) -> (MethodStep, f64) {
    let iterations = s.sim.lin_iters.unwrap_or(DEFAULT_ITERATIONS);
    let code = HpcgChoice::of(s.sim.hpcg_code, sm.gpu, sm.m.hw.vendor);
    let (spmv, mg, flops) = hpcg_iteration_of(code.code, rows, coarse);
    let passes = codes::cg_passes(code.code);
    let per_iteration = spmv + passes * rows * 8.0 + mg;
    let solve = Solve {
        iterations,
        assumed: s.sim.lin_iters.is_none(),
        spmv,
        passes,
        rows,
        b: 8,
        krylov: 0,
        precond: Precond::Gmg,
        precond_bytes: mg,
        flops,
        hpcg_code: Some(code),
        transfer: sm.transfer(iterations as f64 * per_iteration),
    };
    let mut time = solve.transfer.time();
    let mut terms = vec![TimeTerm {
        time,
        bound: Bound::MemoryBandwidth,
        values: TermValues::Mesh(MeshTerm::MeshSolve(solve)),
    }];
    let mut levels = vec![rows];
    levels.extend(coarse.iter().map(|&n| n as f64));
    let (row_passes, sweeps) = hpcg_row_passes(&levels);
    let chained = code
        .chains()
        .then(|| chain(sm, iterations, row_passes, codes::ROW, sweeps))
        .flatten();
    if let Some(c) = chained {
        time = time.plus(c.time());
        terms.push(chain_term(c));
        time = gathers(sm, &c, time, &mut terms);
    }
    if let Some(d) = super::reductions::cg_dots(sm, iterations) {
        time = time.plus(d.time());
        terms.push(super::reductions::term(d));
    }
    (
        MethodStep {
            terms,
            step: time,
            halo: (sm.ranks > 1).then(|| halo(p, iterations, rows)),
            rate: None,
        },
        flops * iterations as f64 * sm.ranks as f64,
    )
}

/// The mesh method's time, with the solve's GFLOP/s over every rank where it solves.
pub fn speed(s: &Scenario, e: &Estimate, sm: &SimMachine) -> Option<Speed> {
    let (method, flops) = step(s, e, sm)?;
    let mut speed = super::finish(s, e, sm, method);
    if let Steps::Sim { step, rate, .. } = &mut speed.steps {
        if flops > 0.0 {
            *rate = Some(gflops(flops, *step));
        }
    }
    Some(speed)
}

fn gflops(flops: f64, step: Time) -> SimRate {
    SimRate::Gflops(step.per_second(flops) / 1e9)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::speed::TermId;

    #[test]
    fn cg_and_gmres_passes() {
        assert_eq!(passes(0), 17.0);
        // GMRES(30): the mean Arnoldi step reads and writes 2 · 15.5 + 6 + 2 = 39 vectors.
        assert_eq!(passes(30), 39.0);
    }

    #[test]
    fn preconditioners_read_their_storage() {
        // 1M rows of doubles: Jacobi 3 vectors = 24 MB; ILU(0) its 180 MB factor + 32 MB;
        // AMG three passes over the 180 MB matrix and its 90 MB of coarse levels.
        let (spmv, rows) = (180e6, 1e6);
        assert_eq!(precond_bytes(Precond::None, spmv, 0.0, rows, 8), 0.0);
        assert_eq!(precond_bytes(Precond::Jacobi, spmv, 8e6, rows, 8), 24e6);
        assert_eq!(precond_bytes(Precond::Ilu0, spmv, 180e6, rows, 8), 212e6);
        assert_eq!(precond_bytes(Precond::Amg, spmv, 90e6, rows, 8), 810e6);
    }

    #[test]
    fn cg_flops_follow_hpcg() {
        // HPCG counts 2 FLOPs per nonzero of the SpMV and 2 · nrow per dot and WAXPBY (3 each).
        let s = Solve {
            iterations: 1,
            assumed: false,
            spmv: 0.0,
            passes: 17.0,
            rows: 1e6,
            b: 8,
            krylov: 0,
            precond: Precond::None,
            precond_bytes: 0.0,
            flops: 0.0,
            hpcg_code: None,
            transfer: Transfer {
                bytes: 0.0,
                bandwidth: 1.0,
                efficiency: 1.0,
            },
        };
        assert_eq!(flops(27e6, &s, 4), 54e6 + 12e6);
    }

    /// Each implementation's bytes per row of a level, written out from its source's kernels:
    /// 12 B a stored entry (FP64 value, 32-bit index), 8 B a vector element, 4 B an integer.
    #[test]
    fn one_level_per_implementation_follows_its_source() {
        let coarse = [512, 64, 8];
        let upper_rows = 4096.0 + 512.0 + 64.0;
        // Reference (ReportResults.cpp): 5 passes over 27 entries, 4 row vectors, and its
        // writes per nonzero by the residual and the post-smoother; the coarsest one sweep.
        let reference = (
            5.0 * 27.0 * 12.0 + 4.0 * 8.0 + 2.0 * 27.0 * 8.0,
            2.0 * 27.0 * 12.0 + 16.0,
        );
        // NVIDIA (ComputeSYMGS_Gpu): step 1 SpSV L, D·t, SpSV U, SpMV L; step 0 SpMV U, r − t,
        // SpSV L, += D·x, SpSV U: six 13-entry triangles; their vectors 3 + 3 + 3 + 3 and
        // 2 + 3 + 3 + 4 + 3; restriction and prolongation each an f2cPerm index and 3 vectors
        // per coarse point (an eighth of the rows). The coarsest: step 1 without SpMV L.
        let nvidia = (
            6.0 * 13.0 * 12.0 + 27.0 * 8.0 + 2.0 * (4.0 + 3.0 * 8.0) / 8.0,
            2.0 * 13.0 * 12.0 + 9.0 * 8.0,
        );
        // rocHPCG: forward_sweep_0 and backward_sweep_0 (13 entries, diag_idx, the diagonal,
        // two vector elements each); the fused restriction per coarse point (27 entries, r, 8
        // of x, rc, three maps) and the prolongation (three maps, three vector elements); the
        // full sweep twice (26 values and 27 indices, r, inv_diag, x).
        let zero_guess = 2.0 * (13.0 * 12.0 + 4.0 + 3.0 * 8.0);
        let rocm = (
            zero_guess
                + (27.0 * 12.0 + 10.0 * 8.0 + 12.0) / 8.0
                + (3.0 * 8.0 + 12.0) / 8.0
                + 2.0 * (26.0 * 12.0 + 4.0 + 3.0 * 8.0),
            zero_guess,
        );
        for (code, (upper, coarsest), total) in [
            (HpcgCode::Reference, reference, 2084.0),
            (HpcgCode::Nvidia, nvidia, 1159.0),
            (HpcgCode::Rocm, rocm, 1104.5),
        ] {
            assert_eq!(upper, total, "{code:?}");
            let (spmv, mg, flops) = hpcg_iteration_of(code, 4096.0, &coarse);
            assert_eq!(mg, upper_rows * upper + 8.0 * coarsest, "{code:?}");
            // The fine SpMV and the rating's FLOPs are the same whatever runs.
            assert_eq!((spmv, flops), {
                let r = hpcg_iteration(4096.0, &coarse);
                (r.0, r.2)
            });
        }
        assert_eq!(codes::cg_passes(HpcgCode::Rocm), CG_PASSES - 2.0);
    }

    fn hpcg_solve(query: &str) -> (Solve, bool) {
        let (inputs, notices) = crate::schema::inputs::Inputs::from_query(query);
        assert!(notices.is_empty(), "{query}: {notices:?}");
        let s = inputs.parse().expect(query);
        let sp = crate::speed::speed(&s, &crate::model::estimate(&s))
            .unwrap()
            .unwrap();
        let chained = sp.terms.iter().any(|t| t.id() == TermId::MeshChain);
        let solve = sp.terms.iter().find_map(|t| match t.values {
            TermValues::Mesh(MeshTerm::MeshSolve(s)) => Some(s),
            _ => None,
        });
        (solve.expect("a solve"), chained)
    }

    #[test]
    fn the_hpcg_code_follows_the_device() {
        let q = "mode=sim&code=hpcg&cells=262144&ranks=1&nodes=1";
        let code = |extra: &str| {
            let (s, chained) = hpcg_solve(&format!("{q}&{extra}"));
            let c = s.hpcg_code.expect("an HPCG solve");
            (c.code, c.assumed, chained)
        };
        assert_eq!(code("sim_device=cpu"), (HpcgCode::Reference, true, true));
        assert_eq!(
            code("sim_device=gpu&gpu=h100-80"),
            (HpcgCode::Nvidia, true, false)
        );
        assert_eq!(
            code("sim_device=gpu&gpu=mi100"),
            (HpcgCode::Rocm, true, false)
        );
        assert_eq!(
            code("sim_device=gpu&gpu=mi100&hpcg_code=reference"),
            (HpcgCode::Reference, false, false)
        );
        // An optimized code picked on a CPU: its passes, and no dependent-add chain.
        assert_eq!(
            code("sim_device=cpu&hpcg_code=nvidia"),
            (HpcgCode::Nvidia, false, false)
        );
        let (cpu, _) = hpcg_solve(&format!("{q}&sim_device=cpu"));
        let (nvidia, _) = hpcg_solve(&format!("{q}&sim_device=cpu&hpcg_code=nvidia"));
        assert!(nvidia.transfer.bytes < cpu.transfer.bytes);
        assert_eq!(nvidia.flops, cpu.flops);
    }
}
