//! The words of the unstructured-mesh and AMR time terms (`speed::sim::mesh`, `speed::sim::amr`).

use super::{bytes, count, pct, rate, sig, Template};
use crate::base::units::{self, UnitSystem};
use crate::scenario::sim::{HpcgCode, Precond};
use crate::speed::sim::hpcg::{self, HpcgChoice};
use crate::speed::MeshTerm;

const SRC_SOLVE: &str = "HPCG src/ReportResults.cpp (memory bandwidth model: the matrix and 17 \
    vector passes per CG iteration; 2 FLOPs per nonzero) and src/main.cpp (CG sets of 50 \
    iterations); NVIDIA HPCG b0eb5c5 (src/OptimizeProblem.cpp sliced ELL and its triangles, \
    src/ComputeMG.cpp, src/ComputeSYMGS.cpp ComputeSYMGS_Gpu, src/CudaKernels.cu); rocHPCG a918f7f \
    (src/SparseMatrix.cpp ELL, src/ComputeSYMGS.cpp, src/ComputeRestriction.cpp \
    kernel_fused_restrict_spmv, src/ComputeWAXPBY.cpp ComputeFusedWAXPBYDot); PETSc KSPGMRES \
    (classical Gram–Schmidt, src/ksp/ksp/impls/gmres/borthog.c); hypre BoomerAMG (one relaxation \
    sweep down and up per level); Williams et al. 2009, Roofline; achieved share of bandwidth \
    assumed (bw_eff)";
const SRC_CHAIN: &str = "HPCG src/ComputeSPMV_ref.cpp and src/ComputeSYMGS_ref.cpp (one ordered \
    sum per row; a divide per sweep row) and src/ComputeMG_ref.cpp (the sweeps per level); Agner \
    Fog, Instruction tables (ADDSD 3 cycles on Zen 2–4, DIVSD 13–15), LLVM's Sapphire Rapids \
    scheduling model (FP64 add 3, divide 14), LLVM's A64FX model (FADD 4, FDIV 43), at the node's \
    base clock (catalog/hardware.rs) or fp_add_ns / fp_div_ns; sum with the memory term: measured \
    here (docs/accuracy/speed-here/zen4/)";
const SRC_SMOOTH: &str =
    "OpenFOAM src/OpenFOAM/matrices/lduMatrix/solvers/smoothSolver/smoothSolver.C \
    (a smoother sweep, then the residual and its norm, per iteration counted in 'No Iterations') \
    and smoothers/symGaussSeidel/symGaussSeidelSmoother.C (bPrime = source; a forward and a \
    backward sweep, each row's upper products summed, divided by the diagonal, distributed to its \
    neighbours); the chains as HPCG's Gauss–Seidel (src/ComputeSYMGS_ref.cpp) at the node's add \
    and divide latencies; Williams et al. 2009, Roofline; achieved share of bandwidth assumed \
    (bw_eff)";
const SRC_GATHER: &str = "gcc 12's HPCG kernels (docs/accuracy/speed-here/zen4/out/ and emr/out/: \
    VGATHERDPD per 8 or 4 nonzeros, or none); LLVM pull request #212997 (Zen 4/5: 8 FP64 lanes \
    every 8.0 cycles); measured here on Emerald Rapids (docs/accuracy/speed-here/emr/latency.c), \
    at the node's base clock (catalog/hardware.rs) or gather_ns; sum with the chains and the \
    memory term: measured here on Zen 4 (an upper bound on Emerald Rapids)";
const SRC_AMR: &str =
    "AMReX Src/Amr/AMReX_Amr.cpp (timeStep: level l + 1 advances ref_ratio times \
    per step of level l with amr.subcycling_mode Auto); Athena++ src/main.cpp (every MeshBlock \
    once per cycle; zone-cycles/wsec); Williams et al. 2009, Roofline; achieved share of bandwidth \
    assumed (bw_eff)";
const ROOFLINE: &str = "Williams, Waterman, Patterson 2009, Roofline (CACM 52(4)); the parts' \
    bytes from the memory estimate; achieved share of bandwidth assumed (bw_eff): 80 %, AMD \
    Instinct 70 % (BabelStream triad)";

/// The words of an unstructured-mesh or AMR term.
impl Template for MeshTerm {
    fn label(&self) -> &'static str {
        match self {
            MeshTerm::MeshAssembly(_) => {
                "Assembly per step: solution, mesh and matrix (lower bound)"
            }
            MeshTerm::MeshSolve(_) => "Linear solve per step: Krylov iterations (lower bound)",
            MeshTerm::MeshChain(_) => "Dependent adds of the sparse rows' sums per step (CPU)",
            MeshTerm::MeshSmooth(_) => {
                "Smoother solves per step: Gauss–Seidel sweeps and residuals"
            }
            MeshTerm::MeshGather(_) => "Gathers of the sparse rows' vector entries per step (CPU)",
            MeshTerm::AmrAdvance(_) => "Block updates per step (lower bound)",
        }
    }

    fn formula(&self, u: UnitSystem) -> String {
        match self {
            MeshTerm::MeshAssembly(a) => format!(
                "(2 × {} solution + {} mesh + {} matrix) ÷ ({} × {})",
                bytes(a.state, u),
                bytes(a.mesh, u),
                bytes(a.matrix, u),
                rate(a.transfer.bandwidth),
                pct(a.transfer.efficiency)
            ),
            MeshTerm::MeshSolve(s) => format!(
                "{} × ({} matrix + {} × {} rows × {} B + {} preconditioner) ÷ ({} × {})",
                units::count(s.iterations, "iteration", "iterations"),
                bytes(s.spmv, u),
                sig(s.passes),
                count(s.rows),
                s.b,
                bytes(s.precond_bytes, u),
                rate(s.transfer.bandwidth),
                pct(s.transfer.efficiency)
            ),
            MeshTerm::MeshChain(c) => {
                let rows = format!(
                    "{} row sums × {} adds × {}",
                    count(c.row_passes),
                    sig(c.row_adds()),
                    super::time(crate::speed::Time::of(c.fp_add))
                );
                let sweeps = if c.sweep_rows > 0.0 {
                    format!(
                        " + {} sweep rows × ({} add + {} divide)",
                        count(c.sweep_rows),
                        super::time(crate::speed::Time::of(c.fp_add)),
                        super::time(crate::speed::Time::of(c.fp_div))
                    )
                } else {
                    String::new()
                };
                format!(
                    "{} × ({rows}{sweeps})",
                    units::count(c.iterations, "iteration", "iterations")
                )
            }
            MeshTerm::MeshSmooth(m) => {
                let memory = format!(
                    "{} × ({} × {} matrix + {} × {} rows × {} B) ÷ ({} × {})",
                    units::count(m.iterations, "iteration", "iterations"),
                    sig(crate::speed::sim::mesh::SMOOTH_MATRIX_PASSES),
                    bytes(m.spmv, u),
                    sig(crate::speed::sim::mesh::SMOOTH_VECTOR_PASSES),
                    count(m.rows),
                    m.b,
                    rate(m.transfer.bandwidth),
                    pct(m.transfer.efficiency)
                );
                match m.chain {
                    Some(c) => format!(
                        "{memory} + {} × ({} row sums × {} adds × {} + {} sweep rows × ({} add + {} divide))",
                        units::count(c.iterations, "iteration", "iterations"),
                        count(c.row_passes),
                        sig(c.row_adds()),
                        super::time(crate::speed::Time::of(c.fp_add)),
                        count(c.sweep_rows),
                        super::time(crate::speed::Time::of(c.fp_add)),
                        super::time(crate::speed::Time::of(c.fp_div))
                    ),
                    None => memory,
                }
            }
            MeshTerm::MeshGather(g) => format!(
                "{} × {} row sums × {} elements × {}",
                units::count(g.iterations, "iteration", "iterations"),
                count(g.row_passes),
                sig(g.per_row),
                super::time(crate::speed::Time::of(g.per_element))
            ),
            MeshTerm::AmrAdvance(a) => format!(
                "2 × {} of {} × {} updates ÷ ({} × {})",
                bytes(a.blocks_bytes, u),
                units::count(a.blocks, "block", "blocks"),
                sig(a.updates),
                rate(a.transfer.bandwidth),
                pct(a.transfer.efficiency)
            ),
        }
    }

    fn explanation(&self) -> String {
        explanation(self)
    }

    fn source(&self) -> &'static str {
        match self {
            MeshTerm::MeshAssembly(_) => ROOFLINE,
            MeshTerm::MeshSolve(_) => SRC_SOLVE,
            MeshTerm::MeshChain(_) => SRC_CHAIN,
            MeshTerm::MeshSmooth(_) => SRC_SMOOTH,
            MeshTerm::MeshGather(_) => SRC_GATHER,
            MeshTerm::AmrAdvance(_) => SRC_AMR,
        }
    }
}

fn precond(p: Precond) -> &'static str {
    match p {
        Precond::None => "no preconditioner",
        Precond::Jacobi => "the Jacobi preconditioner's diagonal and two vectors",
        Precond::Ilu0 | Precond::Ilu1 => {
            "the incomplete factors once (the forward and backward sweeps) and four vector passes"
        }
        Precond::Amg | Precond::Gmg | Precond::Gamg => {
            "a multigrid V-cycle: every level's operator three times (a smoothing sweep down, the \
                residual, a sweep up)"
        }
    }
}

/// What an HPCG implementation's multigrid reads per V-cycle (`speed::sim::hpcg`).
fn hpcg_multigrid(c: HpcgChoice) -> String {
    let (upper, coarsest) = hpcg::kernels(c.code);
    let per_row = format!(
        "{} B per row of a level with a coarser one below, {} B on the coarsest",
        sig(hpcg::level_bytes(upper)),
        sig(hpcg::level_bytes(coarsest))
    );
    match c.code {
        HpcgCode::Reference => format!(
            "HPCG's multigrid: on the fine and the two middle levels a \
            symmetric Gauss–Seidel sweep before and after the residual (five passes over the \
            level's matrix), one sweep on the coarsest, as HPCG's own bandwidth model counts them \
            ({per_row})"
        ),
        HpcgCode::Nvidia => format!(
            "NVIDIA HPCG's multigrid (src/ComputeMG.cpp, \
            src/ComputeSYMGS.cpp ComputeSYMGS_Gpu): the pre-smoother starts from zero and solves \
            with D + L, scales by D and solves with D + U (cuSPARSE triangular solves on the \
            strict triangles, sliced ELL of 13 entries a row on average, 8-byte values and 32-bit \
            indices, the diagonal apart), then one product by L turns the D + U product it kept \
            into A·x for the residual; the restriction and prolongation touch only the coarse \
            points; the post-smoother multiplies by U, subtracts from r, and solves with D + L and \
            D + U again: six triangles (78 entries a row) and 27 vector passes a level instead of \
            the reference's five passes over all 27 entries, two triangles on the coarsest \
            ({per_row})"
        ),
        HpcgCode::Rocm => format!(
            "rocHPCG's multigrid (src/ComputeMG.cpp, src/ComputeSYMGS.cpp): \
            the pre-smoother starts from zero (ComputeSYMGSZeroGuess: a forward sweep over each \
            row's lower entries and a backward one over its upper entries of the column-major ELL, \
            8-byte values and 32-bit indices); the residual is computed only at the coarse points, \
            fused into the restriction (ComputeFusedSpMVRestriction, an eighth of the rows); the \
            post-smoother is one full symmetric sweep (the 27 column indices and 26 values of a \
            row twice); the coarsest level the zero-guess sweep alone ({per_row})"
        ),
    }
}

/// Which implementation the HPCG solve counts, and what that means on this device.
fn hpcg_code(c: HpcgChoice) -> String {
    let which = match c.code {
        HpcgCode::Reference => "the HPCG 3.1 reference code",
        HpcgCode::Nvidia => "NVIDIA HPCG (github:NVIDIA/nvidia-hpcg)",
        HpcgCode::Rocm => "AMD rocHPCG (github:ROCm/rocHPCG)",
    };
    let why = match (c.assumed, c.gpu) {
        (true, true) => {
            ", assumed: the GPU vendor's own code, since the reference has no GPU path \
            (set hpcg_code to count another)"
        }
        (true, false) => ", assumed on a CPU (set hpcg_code to count an optimized code's kernels)",
        (false, _) => ", as chosen (hpcg_code)",
    };
    let device = match (c.code, c.gpu) {
        (HpcgCode::Reference, true) => {
            " The reference has no GPU path: these are its passes at \
            the GPU's bandwidth."
        }
        (HpcgCode::Nvidia, false) => {
            " On a CPU this is NVIDIA's Grace path (ComputeSYMGS_Cpu, \
            NVPL Sparse), the same steps; its sweeps run a colour's rows in parallel, so no \
            dependent-add chain is counted."
        }
        (HpcgCode::Rocm, false) => {
            " rocHPCG runs only on AMD GPUs (HIP); on a CPU these are its \
            GPU kernels' passes at the CPU's bandwidth, with no dependent-add chain."
        }
        _ => "",
    };
    format!(
        " The bytes follow {which}{why}; whichever code runs, the rate keeps HPCG's reference \
        FLOP count, as its rating does (src/ReportResults.cpp).{device}"
    )
}

/// Why the term takes this long.
fn explanation(v: &MeshTerm) -> String {
    match v {
        MeshTerm::MeshAssembly(_) => "Each step reads and writes the solution at every stored \
            level, reads the mesh (connectivity, or faces and geometry) and writes the matrix once \
            while assembling it: a lower bound at the achieved bandwidth; an explicit scheme has \
            no matrix and only this term."
            .into(),
        MeshTerm::MeshSolve(s) => {
            format!(
                "Each {} iteration reads the sparse matrix once as stored for its matrix–vector \
                product (values, column indices and row pointers; OpenFOAM's LDU: diagonal, lower \
                and upper coefficients and their face addressing), {} vector passes ({}) and {}. \
                {} Sparse solves are memory-bound, so this is a lower bound; {} and the halo \
                counts one vector exchange per iteration. The rate counts 2 FLOPs per nonzero, as \
                HPCG does.",
                if s.krylov == 0 {
                    "CG".to_string()
                } else {
                    format!("GMRES({})", s.krylov)
                },
                sig(s.passes),
                if s.hpcg_code.is_some_and(|c| c.code == HpcgCode::Rocm) {
                    "rocHPCG's CG: 3 dot \
                products and 3 vector updates, r − α·Ap and r·r fused into one pass \
                (ComputeFusedWAXPBYDot), the product's input and output"
                } else if s.krylov == 0 {
                    "3 dot products, 3 vector updates, the product's input and output"
                } else {
                    "the Arnoldi step's classical Gram–Schmidt over the basis, its normalisation, \
                        the product's input and output"
                },
                match s.hpcg_code {
                    Some(c) => hpcg_multigrid(c),
                    None => precond(s.precond).to_string(),
                },
                if s.assumed {
                    format!(
                        "{} per step are assumed (one HPCG CG set); set lin_iters from the \
                    solver's log (OpenFOAM: the sum of 'No Iterations' over the step's solves).",
                        units::count(s.iterations, "iteration", "iterations")
                    )
                } else {
                    format!(
                        "{} per step, as given.",
                        units::count(s.iterations, "iteration", "iterations")
                    )
                },
                if s.is_hpcg() {
                    "the dot products' all-reduces over the ranks are a term of their own,"
                } else {
                    "the dot products' all-reduces over the ranks are not counted,"
                }
            ) + &s.hpcg_code.map(hpcg_code).unwrap_or_default()
        }
        MeshTerm::MeshChain(c) => format!(
            "On a CPU core each sparse row sums its {} products into one number, and compiled \
                without reassociation (HPCG's reference SpMV and Gauss–Seidel at -O3, PETSc's and \
                OpenFOAM's plain loops) every add waits for the one before: {} split into {} (the \
                URL key chains; -ffast-math lets the compiler split a sum over SIMD lanes), {} \
                dependent adds a row at {} each. {}Measured on two CPUs, these chains and the \
                memory traffic add up rather than overlap (docs/accuracy.md, Measured here), so \
                this term follows the solve's. The add latency is the {}.",
            sig(c.per_row),
            if c.chains == 1 {
                "one sum, not".to_string()
            } else {
                "the sum".to_string()
            },
            if c.chains == 1 {
                "parts".to_string()
            } else {
                format!(
                    "{} partial sums and then \
                added pairwise",
                    c.chains
                )
            },
            sig(c.row_adds()),
            super::time(crate::speed::Time::of(c.fp_add)),
            if c.sweep_rows > 0.0 {
                "A Gauss–Seidel sweep's row then adds its diagonal back and \
                divides by it, and the next row needs that result. "
            } else {
                ""
            },
            match c.source {
                Some(src) => format!(
                    "node's ({src}); set fp_add_ns and fp_div_ns to a measured \
                    figure (one core's clock may boost above the base clock)"
                ),
                None => "one given (fp_add_ns, fp_div_ns)".to_string(),
            }
        ),
        MeshTerm::MeshSmooth(m) => format!(
            "A segregated step solves some equations with a smoother instead of a Krylov method \
                (OpenFOAM's smoothSolver, usually the momentum predictor's Ux, Uy and Uz): {} per \
                step, as given (smooth_iters: the sum of the log's 'No Iterations' over those \
                solves). Each is one symmetric Gauss–Seidel sweep over the matrix's rows in order and \
                then in reverse, and the residual smoothSolver checks after it: three passes over the \
                matrix and 14 over a vector.{}",
            units::count(m.iterations, "iteration", "iterations"),
            if m.chain.is_some() {
                " On a CPU core a sweep is also a chain: each row sums its products in order and \
                divides by its diagonal, and the next row needs the result (its update is \
                distributed to it), so the sweeps' adds and divides follow each other, as in \
                HPCG's Gauss–Seidel; the residual's rows are sums as in the Krylov solve."
            } else {
                ""
            }
        ),
        MeshTerm::MeshGather(g) => format!(
            "This build gathers each row's vector entries x[col[j]] with vector gather \
                instructions (VGATHERDPD; the URL key gather): {} elements a row, each {}, the \
                rate at which the core issues a gather's lanes (Zen 4 runs them as microcode, \
                about 5 operations an element). Whether a build gathers depends on the compiler's \
                tuning, not only its flags: gcc 12 -O3 -ffast-math -march=native gathers on Zen 4 \
                and not on Emerald Rapids, so read the disassembly. Measured on Zen 4 \
                (docs/accuracy.md, Measured here), the gathers add to the chains and the memory \
                traffic; on Emerald Rapids a gathering build ran no slower than one loading its \
                lanes one by one, so on such cores this term is an upper bound. The figure is the \
                {}.",
            sig(g.per_row),
            super::time(crate::speed::Time::of(g.per_element)),
            match g.source {
                Some(src) => format!(
                    "node's ({src}); set gather_ns to a measured figure (one \
                    core's clock may boost above the base clock)"
                ),
                None => "one given (gather_ns)".to_string(),
            }
        ),
        MeshTerm::AmrAdvance(a) => {
            let each = "each update reads and writes the block's stored copies with their ghost \
                shells and its work arrays: a lower bound at the achieved bandwidth. Ghost cells \
                are filled before every update; those from other ranks are the halo below.";
            if a.subcycle && a.max_level > 0 {
                format!(
                    "With subcycling each finer level takes {} steps per step of the level \
                    below (level l: {}^l), so a coarse step updates the average block {} times; \
                    {each}",
                    a.ratio,
                    a.ratio,
                    sig(a.updates)
                )
            } else if a.max_level > 0 {
                format!(
                    "Without subcycling every level steps at the finest level's time step (as \
                    Athena++), so each step updates every block once; {each}"
                )
            } else {
                format!("A uniform grid of blocks: each step updates every block once; {each}")
            }
        }
    }
}
