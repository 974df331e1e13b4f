//! Plane-wave and real-space density functional theory: the arrays each code counts per
//! process (pw.x's memory_report.f90, ABINIT's m_memeval.F90, SPARC's estimate_memory), term by
//! term, with the sizes they are made of (plane waves, G vectors, grid points).

mod abinit;
mod pwx;
mod sparc;

use super::{imbalance, up, MethodParts, Part, SimShape, SimValues};
use crate::catalog::parts::PartId;
use crate::model::values::sim::{PwShape, PwTerm, PwValues};
use crate::scenario::planewave::{DftArrays, Diagonalization, PlaneWave, Spin};
use crate::scenario::sim::Sim;

const PI: f64 = std::f64::consts::PI;

/// The smallest n' ≥ n with no prime factor above 5: the FFT lengths pw.x picks
/// (fft_support.f90, good_fft_order, for factors 2, 3 and 5).
fn good_fft_order(n: u64) -> u64 {
    let mut m = n.max(1);
    loop {
        let mut r = m;
        for p in [2, 3, 5] {
            while r.is_multiple_of(p) {
                r /= p;
            }
        }
        if r == 1 {
            return m;
        }
        m += 1;
    }
}

/// What pw.x sizes its arrays by, per process.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Sizes {
    /// Plane waves per k-point, over the pool and per process.
    pub(super) npwx_g: f64,
    pub(super) npwx_l: f64,
    /// Dense-grid G vectors over the cell and per process; smooth grid per process.
    pub(super) ngm_g: f64,
    pub(super) ngm: f64,
    pub(super) ngms: f64,
    /// Dense FFT grid, whole and per process.
    pub(super) fft: f64,
    pub(super) nnr: f64,
    /// Processes per pool, k-points per pool, wavefunction buffers.
    pub(super) per_pool: f64,
    pub(super) nks: u64,
    pub(super) nk: u64,
    pub(super) nkb: u64,
    pub(super) npol: u64,
    pub(super) nspin: u64,
    pub(super) nbndx: u64,
    /// 2 with the Γ trick (half the plane waves), else 1.
    pub(super) g_fact: f64,
}

/// memory_report.f90: npwx_g = 4π/3 · ecutwfc^{3/2} / ((2π)³/Ω) / g_fact; the G vectors
/// within ecutrho the same way; the FFT grid nr = good_fft_order(√ecutrho · L/π + 1) per
/// axis of a cube of the same volume (pw.x uses the real cell's axes). `continuous`: without
/// rounding to whole processes per pool and whole plane waves, so that totals over all ranks
/// never fall as ranks are added.
fn sizes(pw: &PlaneWave, ranks: u64, continuous: bool) -> Sizes {
    let omega = pw.volume_milli as f64 / 1000.0;
    let g_fact = if pw.gamma { 2.0 } else { 1.0 };
    let sphere = |ecut: f64| 4.0 * PI / 3.0 * ecut.powf(1.5) / (8.0 * PI * PI * PI / omega);
    let ecutwfc = pw.ecutwfc_milli as f64 / 1000.0;
    let ecutrho = pw.ecutrho();
    let pools = pw.pools.clamp(1, ranks.max(1));
    let per_pool = if continuous {
        (ranks.max(1) as f64 / pools as f64).max(1.0)
    } else {
        (ranks.max(1) / pools).max(1) as f64
    };
    let (floor, ceil) = if continuous {
        (f64::from as fn(f64) -> f64, f64::from as fn(f64) -> f64)
    } else {
        (f64::floor as fn(f64) -> f64, f64::ceil as fn(f64) -> f64)
    };
    let npwx_g = (sphere(ecutwfc) / g_fact).round();
    let ngm_g = (sphere(ecutrho) / g_fact).round();
    let ngms_g = if pw.ecutrho_milli > 0 && ecutrho > 4.0 * ecutwfc {
        (sphere(4.0 * ecutwfc) / g_fact).round()
    } else {
        ngm_g
    };
    let fft = if pw.fft_grid > 0 {
        pw.fft_grid as f64
    } else {
        let side = crate::base::sat::cbrt(omega);
        let nr = good_fft_order((ecutrho.sqrt() * side / PI) as u64 + 1) as f64;
        nr * nr * nr
    };
    let nspin = match pw.spin {
        Spin::None => 1,
        Spin::Collinear => 2,
        Spin::Noncollinear => 4,
    };
    let npol = if pw.spin == Spin::Noncollinear { 2 } else { 1 };
    let kpoints = pw.kpoints.max(1) * if pw.spin == Spin::Collinear { 2 } else { 1 };
    let nks = kpoints.div_ceil(pools);
    let nk = if pw.wfc_disk || nks == 1 { 1 } else { nks + 1 };
    let nkb = if pw.projectors > 0 {
        pw.projectors
    } else {
        4 * pw.atoms.max(1)
    };
    let nbndx = match pw.diagonalization {
        Diagonalization::David => pw.david_ndim.max(2) * pw.bands,
        _ => pw.bands,
    };
    Sizes {
        npwx_g,
        npwx_l: floor(npwx_g / per_pool),
        ngm_g,
        ngm: ceil(ngm_g / per_pool),
        ngms: ceil(ngms_g / per_pool),
        fft,
        nnr: ceil(fft / per_pool),
        per_pool,
        nks,
        nk,
        nkb,
        npol,
        nspin,
        nbndx,
        g_fact,
    }
}

/// One term of a code's report, in bytes per process, with the numbers its formula shows.
pub(super) struct Term {
    pub(super) id: PartId,
    pub(super) bytes: f64,
    pub(super) values: PwTerm,
}

/// A count kept as f64 for the arithmetic, as the whole number a formula shows (rounded).
fn shown(v: f64) -> u64 {
    v.max(0.0).round() as u64
}

/// The terms of the chosen code's report for every process: the permanent arrays, then the
/// largest scratch peak (pw.x), the largest call chain (ABINIT) or 10 % on top (SPARC).
fn terms(pw: &PlaneWave, ranks: u64, continuous: bool) -> (Vec<Term>, Sizes) {
    match pw.arrays {
        DftArrays::Pwx => pwx::terms(pw, ranks, continuous),
        DftArrays::Sparc => sparc::terms(pw, ranks, continuous),
        DftArrays::Abinit => abinit::terms(pw, ranks, continuous),
    }
}

pub(super) fn planewave(m: &Sim) -> MethodParts {
    let (terms, z) = terms(&m.pw, m.ranks, false);
    let (exact, _) = self::terms(&m.pw, m.ranks, true);
    let state_exact = exact
        .iter()
        .find(|t| t.id == PartId::State)
        .map(|t| t.bytes)
        .unwrap_or(0.0);
    let p = m.ranks as f64;
    let imb = |v: f64| imbalance(m, v);
    let sparc = m.pw.arrays == DftArrays::Sparc;
    let shape = match m.pw.arrays {
        DftArrays::Abinit => PwShape::Abinit {
            plane_waves: up(z.npwx_g),
            fft: up(z.fft),
            mkmem: z.nks,
            processes: m.ranks,
        },
        DftArrays::Sparc => PwShape::Sparc {
            grid: up(z.fft),
            states: m.pw.bands,
            kpoints: m.pw.kpoints,
            groups: m.pw.pools.max(1),
            band_groups: m.pw.band_groups.max(1),
            processes: m.ranks,
        },
        DftArrays::Pwx => PwShape::Pwx {
            plane_waves: up(z.npwx_g),
            g_vectors: up(z.ngm_g),
            fft: up(z.fft),
            kpoints_per_pool: z.nks,
            pools: m.pw.pools.max(1),
            ranks_per_pool: up(z.per_pool),
        },
    };
    let state_rank = terms
        .iter()
        .find(|t| t.id == PartId::State)
        .map(|t| t.bytes)
        .unwrap_or(0.0);
    let parts = terms
        .into_iter()
        .zip(exact)
        .map(|(t, x)| {
            Part::of(
                t.id,
                up(imb(t.bytes)),
                up(x.bytes * p),
                SimValues::Planewave(PwValues {
                    term: t.values,
                    shape,
                }),
            )
        })
        .collect();
    // A restart (pw.x's outdir) holds every k-point's wavefunctions and the charge density.
    let kall = m.pw.kpoints.max(1) * if m.pw.spin == Spin::Collinear { 2 } else { 1 };
    // SPARC writes the density on its grid and the orbitals only when asked; a restart of
    // either code is counted as every k-point's orbitals plus the density.
    let restart = if sparc {
        let ts = if m.pw.gamma { 8.0 } else { 16.0 };
        ts * m.pw.bands as f64 * z.fft * kall as f64 + 8.0 * z.fft * z.nspin as f64
    } else {
        16.0 * m.pw.bands as f64 * z.npol as f64 * z.npwx_g * kall as f64
            + 16.0 * z.ngm_g * z.nspin as f64
    };
    MethodParts {
        parts,
        // A snapshot is the density and potentials on the grid (what pw.x writes as output).
        snapshot_rank: up(state_rank),
        snapshot_total: up(state_exact * p),
        restart_total: up(restart),
        shape: SimShape::Planewave(shape),
    }
}

/// What the inputs say about each other: a cell denser than twice diamond (atoms added while
/// the volume stayed), or tighter than any solid but the densest few takes and fewer bands than one valence electron per atom fills (every
/// pseudo-atom brings at least one; spinors hold one electron per band, others two). Not for
/// SPARC's grid, which is given in points and sized by neither.
pub(super) fn warnings(pw: &PlaneWave) -> Vec<crate::model::warning::Warning> {
    use crate::model::warning::{Warning, CROWDED_ATOM_MILLI, DIAMOND_E4};
    let mut w = Vec::new();
    if pw.arrays == DftArrays::Sparc {
        return w;
    }
    let density_e4 = u128::from(pw.atoms) * 10_000_000 / u128::from(pw.volume_milli.max(1));
    if density_e4 > 2 * u128::from(DIAMOND_E4) {
        w.push(Warning::DenseCell {
            atoms: pw.atoms,
            volume_milli: pw.volume_milli,
        });
    } else if u128::from(pw.atoms) * u128::from(CROWDED_ATOM_MILLI) > u128::from(pw.volume_milli) {
        w.push(Warning::CrowdedCell {
            atoms: pw.atoms,
            volume_milli: pw.volume_milli,
        });
    }
    let needed = if pw.spin == Spin::Noncollinear {
        pw.atoms
    } else {
        pw.atoms.div_ceil(2)
    };
    if pw.bands < needed {
        w.push(Warning::FewBands {
            bands: pw.bands,
            atoms: pw.atoms,
            needed,
        });
    }
    w
}
