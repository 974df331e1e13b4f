//! The words of the FFT and plane-wave DFT terms: pseudo-spectral steps and SCF iterations.

use super::{bytes, count, pct, rate, si, sig, via, Template};
use crate::base::units::{self, UnitSystem};
use crate::speed::{Ffts, FftsOf, PwGemmKind, SpectralTerm, Work};

/// How many transforms a step does, as the formula counts them.
fn transforms(f: &Ffts) -> String {
    match f.of {
        FftsOf::Spectral { fields, stages } => {
            format!(
                "2 × {} × {stages} stages",
                units::count(fields, "field", "fields")
            )
        }
        FftsOf::Given { per_step } => {
            format!(
                "{} (transforms)",
                units::count(per_step, "transform", "transforms")
            )
        }
        FftsOf::Planewave {
            bands,
            kpoints,
            applications,
            gamma,
        } => format!(
            "(2 × {} + 1) × {} × {}{}",
            sig(applications),
            units::count(bands, "band", "bands"),
            units::count(kpoints, "k-point", "k-points"),
            if gamma { " ÷ 2" } else { "" }
        ),
    }
}

fn at(w: &Work) -> String {
    format!("({} × {})", si(w.peak, "FLOP/s"), pct(w.utilisation))
}

const SRC_FFT_COMPUTE: &str = "FFTW, \"benchFFT methodology\" (fftw.org/speed/method.html): 5 N \
    log2 N FLOPs per complex transform, 2.5 N log2 N real; Spalart, Moser, Rogers 1991 (J. Comput. \
    Phys. 96): low-storage RK3; QE pw.x h_psi.f90 and cegterg.f90 (two FFTs per band per H·ψ); \
    peaks from catalog/hardware.rs";
const SRC_FFT_MEMORY: &str =
    "Pekurovsky 2012, P3DFFT (SIAM J. Sci. Comput. 34(4)): 1-D FFTs along \
    each axis, packed and unpacked around each transpose; Tolmachev 2023, VkFFT (IEEE Access, \
    doi:10.1109/ACCESS.2023.3242240) and its README: one upload and download per axis on a GPU, no \
    transposition uploads; Williams et al. 2009, Roofline; achieved share of bandwidth assumed \
    (bw_eff)";
const SRC_FFT_TRANSPOSE: &str = "Pekurovsky 2012, P3DFFT; Li and Laizet 2010, 2DECOMP&FFT (Cray \
    User Group): two all-to-all transposes per 3-D FFT in a pencil decomposition, (P − 1)/P of \
    each rank's data; QE FFTXlib fft_scatter.f90: one transpose of the sticks inside the cutoff \
    sphere; network figures from catalog/hardware.rs";
const SRC_PW_PROJECTORS: &str = "QE pw.x calbec.f90 and add_vuspsi.f90 (ZGEMM of plane waves × \
    projectors × bands; s_psi.f90 for ultrasoft/PAW); 8 real FLOPs per complex multiply-add; \
    Giannozzi et al. 2020 (J. Chem. Phys. 152, 154105) on pw.x's GPU port";
const SRC_PW_SUBSPACE: &str = "QE pw.x cegterg.f90 (Davidson: ZGEMMs of the reduced H and S and \
    the rotation); ABINIT cgwf.F90 (nline = 4 line minimisations per band); 8 real FLOPs per \
    complex multiply-add";
const SRC_PW_DIAGONALISE: &str =
    "Golub and Van Loan, Matrix Computations §8.3 (tridiagonalisation \
    4n³/3, back-transformation 2n³); LAPACK zhegv (Cholesky and reduction to standard form); QE \
    LAXlib cdiaghg.f90";

/// The words of an FFT or plane-wave term.
impl Template for SpectralTerm {
    fn label(&self) -> &'static str {
        match self {
            SpectralTerm::FftCompute { .. } => "FFTs per step: FLOPs",
            SpectralTerm::FftMemory { .. } => "FFTs per step: passes over memory",
            SpectralTerm::FftTranspose(_) => "FFT transposes (all-to-all) per step",
            SpectralTerm::PwGemm(g) => match g.kind {
                PwGemmKind::Projectors { .. } => "Nonlocal projectors per SCF iteration",
                PwGemmKind::Subspace => "Subspace orthogonalisation and rotation per SCF iteration",
            },
            SpectralTerm::PwDiagonalise { .. } => "Subspace eigenproblems per SCF iteration",
        }
    }

    fn formula(&self, u: UnitSystem) -> String {
        match self {
            SpectralTerm::FftCompute { ffts: f, work: w } => format!(
                "{} × {} × {} points × log2 {} ÷ {}",
                transforms(f),
                if f.real { "2.5" } else { "5" },
                count(f.local),
                count(f.points),
                at(w)
            ),
            SpectralTerm::FftMemory {
                ffts: f,
                passes,
                transfer: t,
            } => format!(
                "{} × {passes} passes × 2 × {} B × {} points ÷ ({} × {})",
                transforms(f),
                sig(f.point_bytes),
                count(f.local),
                rate(t.bandwidth),
                pct(t.efficiency)
            ),
            SpectralTerm::FftTranspose(t) => format!(
                "{} FFTs × {} × {} × {} ÷ {}",
                count(t.transforms),
                units::count(t.per_fft, "transpose", "transposes"),
                pct(t.sent),
                bytes(t.share, u),
                rate(t.bandwidth)
            ),
            SpectralTerm::PwGemm(g) => {
                let m = match g.kind {
                    PwGemmKind::Projectors {
                        applications,
                        per_apply,
                    } => format!(
                        "{} projectors × {} bands × {} H·ψ × {per_apply} products",
                        g.m,
                        g.n,
                        sig(applications)
                    ),
                    PwGemmKind::Subspace => {
                        format!("{} bands × {} bands × {} products", g.m, g.n, sig(g.units))
                    }
                };
                format!(
                    "{} × {} plane waves × {m} × {} ÷ {}",
                    sig(g.flops_per_fma),
                    count(g.plane_waves),
                    units::count(g.kpoints, "k-point", "k-points"),
                    at(&g.work)
                )
            }
            SpectralTerm::PwDiagonalise { n, count: c, work } => {
                format!("18.7 × {n}³ × {} eigenproblems ÷ {}", sig(*c), at(work))
            }
        }
    }

    fn explanation(&self) -> String {
        match self {
            SpectralTerm::FftCompute { ffts: f, .. } => format!(
            "{} Each 3-D FFT of N points costs 5 N log2 N FLOPs ({}); the rank does its {} of the \
                points at the peak times the utilisation (mfu). FFTs rarely reach it: the memory \
                term beside it usually binds.",
            what(f),
            if f.real { "2.5 N log2 N real-to-complex" } else { "complex" },
            if f.ranks > 1 { "share" } else { "whole grid" }
        ),
            SpectralTerm::FftMemory { passes, .. } => format!(
            "A grid too large for the caches is read and written once per 1-D pass along each axis \
                (one GPU's FFT libraries do each axis's 1-D FFTs whole in on-chip memory, so a \
                pass per axis and no more: VkFFT's one upload and one download per axis), and once \
                more to pack and once to unpack around each transpose: {passes} passes per FFT. \
                The step's FFTs take at least the longer of this and their FLOPs: a lower bound \
                (the pointwise products and the time-stepping add more)."
        ),
            SpectralTerm::FftTranspose(t) => format!(
            "A distributed FFT transposes its data between the axis passes: in an all-to-all each \
                of {} ranks sends {} of its share ({} per FFT) over {}; blocking, so it adds to \
                the step. Communication-to-computation ratio {}: above 1 the ranks wait longer \
                than they compute, and adding ranks stops paying.",
            t.ranks,
            pct(t.sent),
            units::count(t.per_fft, "transpose", "transposes"),
            via(t.via),
            sig(t.ratio)
        ),
            SpectralTerm::PwGemm(g) => match g.kind {
                PwGemmKind::Projectors { .. } => format!(
                "Each H·ψ projects every band on the {} nonlocal projectors ⟨β|ψ⟩ and adds their \
                    sum back (and S|ψ⟩ for ultrasoft or PAW): matrix products of plane waves × \
                    projectors × bands, {} real FLOPs per multiply-add, at the FP64 peak times the \
                    utilisation.",
                g.m,
                sig(g.flops_per_fma)
            ),
                PwGemmKind::Subspace => format!(
                    "The solver's overlaps and rotations of the bands: products of plane waves × \
                    bands², {} real FLOPs per multiply-add (Davidson: ⟨ψ|H|ψ⟩ and ⟨ψ|S|ψ⟩ of the \
                    doubled subspace and the rotation, per H·ψ block; ABINIT's CG: each line's \
                    orthogonalisation, the subspace Hamiltonian and the rotation). They grow as \
                    Npw · Nb², the FFTs as Nb · N log N: large cells become matrix-product bound.",
                    sig(g.flops_per_fma)
                ),
            },
            SpectralTerm::PwDiagonalise { n, .. } => format!(
            "The subspace's Hermitian generalised eigenproblem of order {n} with all its vectors, \
                about 18.7 n³ real FLOPs, solved on one rank (pw.x without ScaLAPACK: \"a serial \
                    algorithm will be used\"), so it does not shrink as ranks are added."
        ),
        }
    }

    fn source(&self) -> &'static str {
        match self {
            SpectralTerm::FftCompute { .. } => SRC_FFT_COMPUTE,
            SpectralTerm::FftMemory { .. } => SRC_FFT_MEMORY,
            SpectralTerm::FftTranspose(_) => SRC_FFT_TRANSPOSE,
            SpectralTerm::PwGemm(g) => match g.kind {
                PwGemmKind::Projectors { .. } => SRC_PW_PROJECTORS,
                PwGemmKind::Subspace => SRC_PW_SUBSPACE,
            },
            SpectralTerm::PwDiagonalise { .. } => SRC_PW_DIAGONALISE,
        }
    }
}

fn what(f: &Ffts) -> String {
    match f.of {
        FftsOf::Spectral { stages, .. } => format!(
            "Each of {stages} Runge–Kutta stages (low-storage RK3) takes every field to physical \
                space and its nonlinear term back: two transforms per field per stage (codes that \
                also transform the vorticity or the derivatives do more, so this count is a lower \
                bound)."
        ),
        FftsOf::Given { per_step } => format!(
            "The step's {} are given (transforms), in place of two per field per Runge–Kutta \
            stage.",
            units::count(per_step, "transform", "transforms")
        ),
        FftsOf::Planewave { gamma, .. } => {
            format!(
            "A step is one SCF iteration. Per k-point every band takes two FFTs per H·ψ on the \
                smooth grid (Davidson: about 3 per band per iteration, pw.x's \"avg # of \
                    iterations\" plus one; ABINIT's CG: nline + 1) and one more for the density{}.",
            if gamma { "; with the Γ trick two real bands share one complex FFT" } else { "" }
        )
        }
    }
}
