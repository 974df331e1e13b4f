//! Plane-wave DFT: a step is one SCF iteration. Per k-point the iterative solver applies H to
//! every band a few times (two FFTs on the smooth grid per band, the nonlocal projectors as
//! matrix products Npw × Nproj × Nbands), orthogonalises and rotates the subspace (products of
//! Npw × Nb²) and solves its small eigenproblem (Nb³); the density takes one more FFT per band.
//! The plane waves and FFT grid of a k-point pool are spread over its ranks (pw.x's -npool
//! splits the k-points, each pool independent); ABINIT's processes here each hold whole
//! k-points (mkmem). SPARC's real-space grid has no FFTs: speed/sim/sparc.rs.

use crate::model::values::sim::PwShape;
use crate::model::values::SimValues;
use crate::model::Estimate;
use crate::scenario::planewave::{Diagonalization, PpKind, Spin};
use crate::scenario::Scenario;
use crate::speed::sim::spectral::{fft_terms, transpose_term};
use crate::speed::sim::{rank_values, word_dtype, MethodStep, SimMachine};
use crate::speed::SpectralTerm;
use crate::speed::{Bound, Ffts, FftsOf, PwGemm, PwGemmKind, TermValues, TimeTerm};

/// H·ψ per band per SCF iteration with pw.x's Davidson: one on the start vectors and one per
/// Davidson iteration on the correction vectors; pw.x prints "avg # of iterations" of 1–3 per
/// SCF iteration once the first has passed (docs/accuracy/qe-speed/si64-np1.out: 2.0 then
/// 1.0), so 1 + 2.
pub const DAVIDSON_APPLICATIONS: f64 = 3.0;

/// ABINIT's band-by-band conjugate gradient: nline = 4 line minimisations per band (its
/// default, docs "nline"), each with one H·ψ, plus the band's first.
pub const ABINIT_NLINE: u64 = 4;

/// The share of the smooth FFT grid's columns inside the wavefunctions' sphere, which pw.x's
/// FFT transposes ("sticks", FFTXlib fft_scatter): a sphere of radius r in a grid of side 4r
/// (ecutrho = 4 ecutwfc) covers π r² of its 16 r² columns.
pub const STICK_SHARE: f64 = std::f64::consts::PI / 16.0;

/// The solver's counts per k-point and SCF iteration.
struct Solver {
    /// H·ψ per band.
    applications: f64,
    /// Products of Npw × Nb × Nb for overlaps and rotations.
    subspace_units: f64,
    /// The eigenproblems' order and number.
    eigen_n: u64,
    eigensolves: f64,
}

/// A step of pw.x or ABINIT: the FFTs' longer of compute and memory, then the transposes, the
/// projector and subspace products and the eigenproblems, one after the other (each waits for
/// the one before). None for SPARC, or where the estimate has no plane-wave part.
pub fn step(s: &Scenario, e: &Estimate, sm: &SimMachine) -> Option<MethodStep> {
    let pw = &s.sim.pw;
    let shape = rank_values(e).find_map(|v| match v {
        SimValues::Planewave(p) => Some(p.shape),
        _ => None,
    })?;
    let nb = pw.bands.max(1);
    // (plane waves of a k-point, FFT grid, k-points per rank, ranks sharing a k-point, solver)
    let (npw, grid, kpoints, ranks, solver) = match shape {
        PwShape::Pwx {
            plane_waves,
            fft,
            kpoints_per_pool,
            ranks_per_pool,
            ..
        } => {
            let david = pw.diagonalization == Diagonalization::David;
            let solver = Solver {
                applications: DAVIDSON_APPLICATIONS,
                // Per H·ψ block (cegterg.f90): ⟨ψ|H|ψ⟩ and ⟨ψ|S|ψ⟩ of the 2·Nb subspace with
                // the new vectors and the rotation into the Ritz vectors, each Npw × 2Nb × Nb.
                subspace_units: 6.0 * DAVIDSON_APPLICATIONS,
                eigen_n: if david { 2 * nb } else { nb },
                eigensolves: DAVIDSON_APPLICATIONS,
            };
            (plane_waves, fft, kpoints_per_pool, ranks_per_pool, solver)
        }
        PwShape::Abinit {
            plane_waves,
            fft,
            mkmem,
            ..
        } => {
            let solver = Solver {
                applications: (ABINIT_NLINE + 1) as f64,
                // cgwf.F90: each line's direction orthogonalised against the bands, then the
                // subspace Hamiltonian and the rotation.
                subspace_units: (ABINIT_NLINE + 2) as f64,
                eigen_n: nb,
                eigensolves: 1.0,
            };
            (plane_waves, fft, mkmem, 1, solver)
        }
        PwShape::Sparc { .. } => return None,
    };
    let ranks = ranks.max(1);
    let p = ranks as f64;
    let npol = if pw.spin == Spin::Noncollinear { 2 } else { 1 };
    // The smooth grid, where ψ is transformed: the dense one sized down to 4 ecutwfc where
    // ecutrho is larger (ultrasoft and PAW's double grid).
    let ecutwfc = pw.ecutwfc_milli as f64 / 1000.0;
    let dual = (4.0 * ecutwfc / pw.ecutrho()).min(1.0);
    let smooth = grid as f64 * dual.powf(1.5);
    let gamma = pw.gamma;
    let per_fft_bands = if gamma { 2.0 } else { 1.0 };
    let f = Ffts {
        of: FftsOf::Planewave {
            bands: nb,
            kpoints,
            applications: solver.applications,
            gamma,
        },
        transforms: (2.0 * solver.applications + 1.0) * (nb * npol * kpoints) as f64
            / per_fft_bands,
        points: smooth,
        local: smooth / p,
        real: false,
        ranks,
        point_bytes: 16.0,
    };
    let per_fft = u64::from(ranks > 1);
    let [compute, memory] = fft_terms(sm, f, 3, per_fft, 8);
    let local = compute.time.max(memory.time);
    let mut step = local;
    let mut terms = vec![compute, memory];
    // Only the sticks inside the wavefunctions' sphere are transposed (half with Γ).
    let share = 16.0 * STICK_SHARE / per_fft_bands * smooth / p;
    if let Some(t) = transpose_term(sm, &f, per_fft, share, local) {
        step = step.plus(t.time);
        terms.push(t);
    }
    let plane_waves = (npw * npol) as f64 / p;
    let flops_per_fma = if gamma { 4.0 } else { 8.0 };
    let nkb = if pw.projectors > 0 {
        pw.projectors
    } else {
        4 * pw.atoms.max(1)
    };
    // calbec's ⟨β|ψ⟩ and add_vuspsi's sum back; S|ψ⟩ a third for ultrasoft and PAW.
    let per_apply = if pw.pp == PpKind::Nc { 2 } else { 3 };
    let gemm = |kind: PwGemmKind, m: u64, units: f64| {
        let mut g = PwGemm {
            kind,
            plane_waves,
            m,
            n: nb,
            units,
            kpoints,
            flops_per_fma,
            work: sm.work(0.0, word_dtype(8)),
        };
        g.work.flops = g.flops();
        g
    };
    for g in [
        gemm(
            PwGemmKind::Projectors {
                applications: solver.applications,
                per_apply,
            },
            nkb,
            solver.applications * per_apply as f64,
        ),
        gemm(PwGemmKind::Subspace, nb, solver.subspace_units),
    ] {
        step = step.plus(g.work.time());
        terms.push(TimeTerm {
            time: g.work.time(),
            bound: Bound::Compute,
            values: TermValues::Spectral(SpectralTerm::PwGemm(g)),
        });
    }
    // A Hermitian generalised eigenproblem with all its vectors: Cholesky n³/3, reduction n³,
    // tridiagonalisation 4n³/3, back-transformation 2n³ complex operations (Golub and Van
    // Loan §8.3), 4 real FLOPs each: 56/3 n³ ≈ 18.7 n³. pw.x solves it on one rank unless ScaLAPACK is
    // in use ("a serial algorithm will be used"), so it is not divided.
    let n = solver.eigen_n as f64;
    let count = solver.eigensolves * kpoints as f64;
    let w = sm.work(56.0 / 3.0 * n * n * n * count, word_dtype(8));
    step = step.plus(w.time());
    terms.push(TimeTerm {
        time: w.time(),
        bound: Bound::Compute,
        values: TermValues::Spectral(SpectralTerm::PwDiagonalise {
            n: solver.eigen_n,
            count,
            work: w,
        }),
    });
    Some(MethodStep {
        terms,
        step,
        halo: None,
        rate: None,
    })
}
