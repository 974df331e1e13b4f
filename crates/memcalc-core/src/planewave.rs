//! Plane-wave density functional theory (Quantum ESPRESSO's pw.x, and codes built the same way):
//! the inputs a DFT user knows (cutoffs, cell volume, bands, k-points, pseudopotentials, pools)
//! and the memory pw.x itself estimates for them, term by term as its `memory_report.f90`
//! counts them ("Estimated max dynamical RAM per process").

use crate::choice::choice_enum;

choice_enum!(
    /// Spin treatment: decides the spin components of densities and potentials and whether
    /// wavefunctions are spinors.
    Spin, "spin" {
        None => ("none", "Spin-unpolarised (nspin = 1)"),
        Collinear => ("collinear", "Collinear magnetism (nspin = 2: k-points doubled)"),
        Noncollinear => ("noncollinear", "Non-collinear / spin–orbit (spinor wavefunctions)"),
    }
);

choice_enum!(
    /// Pseudopotential kind: ultrasoft and PAW add the overlap S|ψ⟩ and augmentation charges.
    PpKind, "pseudopotential" {
        Nc => ("nc", "Norm-conserving"),
        Us => ("us", "Ultrasoft (Vanderbilt)"),
        Paw => ("paw", "PAW (projector augmented wave)"),
    }
);

choice_enum!(
    /// Iterative diagonalisation: Davidson keeps a subspace of david_ndim × bands vectors.
    Diagonalization, "diagonalization" {
        David => ("david", "Davidson (subspace of david_ndim × bands)"),
        Cg => ("cg", "Conjugate gradient (bands only)"),
        Ppcg => ("ppcg", "PPCG (bands only)"),
        Paro => ("paro", "ParO (bands only)"),
    }
);

/// Every input of a plane-wave run; cutoffs in milli-Rydberg, volume in thousandths of a
/// cubic bohr, as pw.x prints them ("kinetic-energy cutoff = 40.0000 Ry", "unit-cell volume =
/// 1330.2038 (a.u.)^3").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaneWave {
    pub ecutwfc_milli: u64,
    /// 0: 4 × ecutwfc (pw.x's default; no double grid).
    pub ecutrho_milli: u64,
    pub volume_milli: u64,
    pub bands: u64,
    /// Irreducible k-points (pw.x's "number of k points", before the spin doubling).
    pub kpoints: u64,
    pub spin: Spin,
    pub gamma: bool,
    pub atoms: u64,
    pub species: u64,
    /// Beta projectors over all atoms (nkb); 0: 4 per atom (one s and one p channel).
    pub projectors: u64,
    /// Most beta functions of one species and their highest angular momentum.
    pub betas: u64,
    pub lmax: u64,
    pub pp: PpKind,
    pub diagonalization: Diagonalization,
    pub david_ndim: u64,
    pub mixing_ndim: u64,
    /// K-point pools (npool): ranks are split into pools, each a full copy of the G vectors.
    pub pools: u64,
    /// Wavefunctions of every k-point of a pool kept in memory (disk_io = 'low', the default)
    /// or only the current one (disk_io = 'high' / 'medium').
    pub wfc_disk: bool,
    /// Dense FFT grid points nr1 × nr2 × nr3 (0: from ecutrho and the volume).
    pub fft_grid: u64,
    pub forces: bool,
    pub stress: bool,
}

impl Default for PlaneWave {
    fn default() -> Self {
        // A 64-atom silicon supercell: 8 × 265.3 (a.u.)³, 30 Ry, 128 bands, 4 k-points.
        PlaneWave {
            ecutwfc_milli: 30_000,
            ecutrho_milli: 0,
            volume_milli: 2_122_416,
            bands: 128,
            kpoints: 4,
            spin: Spin::None,
            gamma: false,
            atoms: 64,
            species: 1,
            projectors: 0,
            betas: 2,
            lmax: 1,
            pp: PpKind::Nc,
            diagonalization: Diagonalization::David,
            david_ndim: 4,
            mixing_ndim: 8,
            pools: 1,
            wfc_disk: false,
            fft_grid: 0,
            forces: false,
            stress: false,
        }
    }
}

/// The smallest n' ≥ n with no prime factor above 5: the FFT lengths pw.x picks
/// (fft_support.f90, good_fft_order, for factors 2, 3 and 5).
pub fn good_fft_order(n: u64) -> u64 {
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
pub struct Sizes {
    /// Plane waves per k-point, over the pool and per process.
    pub npwx_g: f64,
    pub npwx_l: f64,
    /// Dense-grid G vectors over the cell and per process; smooth grid per process.
    pub ngm_g: f64,
    pub ngm: f64,
    pub ngms: f64,
    /// Dense FFT grid, whole and per process.
    pub fft: f64,
    pub nnr: f64,
    /// Processes per pool, k-points per pool, wavefunction buffers.
    pub per_pool: f64,
    pub nks: u64,
    pub nk: u64,
    pub nkb: u64,
    pub npol: u64,
    pub nspin: u64,
    pub nbndx: u64,
    /// 2 with the Γ trick (half the plane waves), else 1.
    pub g_fact: f64,
}

const PI: f64 = std::f64::consts::PI;

impl PlaneWave {
    pub fn ecutrho(&self) -> f64 {
        if self.ecutrho_milli > 0 {
            self.ecutrho_milli as f64 / 1000.0
        } else {
            4.0 * self.ecutwfc_milli as f64 / 1000.0
        }
    }

    /// memory_report.f90: npwx_g = 4π/3 · ecutwfc^{3/2} / ((2π)³/Ω) / g_fact; the G vectors
    /// within ecutrho the same way; the FFT grid nr = good_fft_order(√ecutrho · L/π + 1) per
    /// axis of a cube of the same volume (pw.x uses the real cell's axes).
    pub fn sizes(&self, ranks: u64) -> Sizes {
        self.sizes_at(ranks, false)
    }

    /// `continuous`: without rounding to whole processes per pool and whole plane waves, so
    /// that totals over all ranks never fall as ranks are added.
    pub fn sizes_at(&self, ranks: u64, continuous: bool) -> Sizes {
        let omega = self.volume_milli as f64 / 1000.0;
        let g_fact = if self.gamma { 2.0 } else { 1.0 };
        let sphere = |ecut: f64| 4.0 * PI / 3.0 * ecut.powf(1.5) / (8.0 * PI * PI * PI / omega);
        let ecutwfc = self.ecutwfc_milli as f64 / 1000.0;
        let ecutrho = self.ecutrho();
        let pools = self.pools.clamp(1, ranks.max(1));
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
        let ngms_g = if self.ecutrho_milli > 0 && ecutrho > 4.0 * ecutwfc {
            (sphere(4.0 * ecutwfc) / g_fact).round()
        } else {
            ngm_g
        };
        let fft = if self.fft_grid > 0 {
            self.fft_grid as f64
        } else {
            let side = crate::sim::cbrt(omega);
            let nr = good_fft_order((ecutrho.sqrt() * side / PI) as u64 + 1) as f64;
            nr * nr * nr
        };
        let nspin = match self.spin {
            Spin::None => 1,
            Spin::Collinear => 2,
            Spin::Noncollinear => 4,
        };
        let npol = if self.spin == Spin::Noncollinear {
            2
        } else {
            1
        };
        let kpoints = self.kpoints.max(1) * if self.spin == Spin::Collinear { 2 } else { 1 };
        let nks = kpoints.div_ceil(pools);
        let nk = if self.wfc_disk || nks == 1 {
            1
        } else {
            nks + 1
        };
        let nkb = if self.projectors > 0 {
            self.projectors
        } else {
            4 * self.atoms.max(1)
        };
        let nbndx = match self.diagonalization {
            Diagonalization::David => self.david_ndim.max(2) * self.bands,
            _ => self.bands,
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
}

/// One term of pw.x's report, in bytes per process.
pub struct Term {
    pub id: &'static str,
    pub label: &'static str,
    pub bytes: f64,
    pub formula: String,
    pub explanation: &'static str,
}

/// The terms pw.x's memory_report.f90 adds for every process: the permanent arrays, then the
/// largest scratch peak (diagonalisation, initial wavefunctions, augmentation charges).
pub fn terms(pw: &PlaneWave, ranks: u64, continuous: bool) -> (Vec<Term>, Sizes) {
    let z = pw.sizes_at(ranks, continuous);
    let (c, r) = (16.0, 8.0);
    let us = pw.pp != PpKind::Nc;
    let ntyp = pw.species.max(1) as f64;
    let nbnd = pw.bands as f64;
    let npol = z.npol as f64;
    let nspin = z.nspin as f64;
    let nkb = z.nkb as f64;
    let g = |v: f64| crate::units::group_digits(v.max(0.0).round() as u64);

    let wfc = c * nbnd * npol * z.npwx_l * z.nk as f64;
    // vkb, and qrad: radial Fourier tables of the beta functions' products for every
    // angular momentum up to 2·lmax (nqxq points of dq = 0.01 up to √ecutrho in 2π/a).
    let alat = crate::sim::cbrt(pw.volume_milli as f64 / 1000.0);
    let nqxq = (pw.ecutrho().sqrt() * alat / (2.0 * PI) / 0.01 + 4.0).floor();
    let lmaxq = (2 * pw.lmax + 1) as f64;
    let nbetam = pw.betas.max(1) as f64;
    let qrad = r * nqxq * nbetam * (nbetam + 1.0) / 2.0 * lmaxq * ntyp;
    let nonlocal = c * nkb * z.npwx_l + qrad;
    let scf_type = (c * z.ngm + r * z.nnr) * nspin;
    let grids =
        3.0 * scf_type + c * (z.nnr + z.ngm * (1.0 + ntyp)) + r * z.nnr * (2.0 + nspin) + scf_type;
    let mixing = c * z.ngm * nspin * 2.0 * pw.mixing_ndim as f64;
    let gvectors = c * z.ngm * ntyp + r * z.ngm * 4.0 + 4.0 * z.ngm * 7.0 + 4.0 * z.ngms * 2.0;

    // Scratch: the largest of the diagonalisation's work, the initial wavefunctions and, for
    // ultrasoft/PAW, the augmentation charges (addusdens, addusforce, addusstress).
    let nbndx = z.nbndx as f64;
    let mut diag = c / z.g_fact * 3.0 * nbndx * nbndx + c / z.g_fact * nkb * npol * nbnd;
    if pw.diagonalization == Diagonalization::David {
        diag += c * nbndx * npol * z.npwx_l * if us { 3.0 } else { 2.0 };
    }
    let init = c * z.npwx_l * nbnd * (npol + 1.0) + r * nbnd * (3.0 * nbnd + 1.0);
    let mut aug = 0.0;
    if us {
        let ngm_l = z.ngm / pw.pools.max(1) as f64;
        let ngm_l = if continuous { ngm_l } else { ngm_l.floor() };
        let maxnab = (pw.atoms.max(1) as f64 / ntyp).ceil();
        let nh = (nkb / pw.atoms.max(1) as f64).ceil();
        let maxnij = nh * (nh + 1.0) / 2.0;
        let nspin_mag = if pw.spin == Spin::None {
            1.0
        } else {
            nspin.min(4.0)
        };
        aug = r * ngm_l * (lmaxq * lmaxq + 1.0)
            + c * (z.ngm * nspin_mag + ngm_l * (maxnab + maxnij + 1.0));
        if pw.forces {
            let f = r * (z.ngm * nspin_mag + ngm_l * (lmaxq * lmaxq + 1.0))
                + c * ngm_l * (maxnij + pw.atoms as f64 * 3.0)
                + r * maxnij * pw.atoms as f64 * 3.0 * nspin_mag;
            aug = aug.max(f);
        }
        if pw.stress {
            let s = r * (z.ngm * nspin_mag + ngm_l * (2.0 * lmaxq * lmaxq + 1.0))
                + c * ngm_l * (maxnij + 3.0 + nspin);
            aug = aug.max(s);
        }
    }
    let (scratch, which) = [
        (diag, "the iterative diagonalisation"),
        (init, "the initial wavefunctions"),
        (aug, "the augmentation charges"),
    ]
    .into_iter()
    .fold((0.0, ""), |a, b| if b.0 > a.0 { b } else { a });
    let permanent = wfc + nonlocal + grids + mixing + gvectors;
    // ggen's global sort of all G vectors (2 ints and a double each) can set the peak instead.
    let sort = 16.0 * z.ngm_g;
    let sort_extra = (sort - permanent - scratch).max(0.0);

    let terms = vec![
        Term { id: "wavefunctions", label: "Wavefunctions", bytes: wfc,
            formula: format!("16 B × {} bands × {} spinor × {} plane waves × {} k-point buffer{}", g(nbnd), z.npol, g(z.npwx_l), z.nk, if z.nk == 1 { "" } else { "s" }),
            explanation: "Bands × plane waves in complex double precision, for every k-point of the pool kept in memory (disk_io='low') or only the current one." },
        Term { id: "projectors", label: "Pseudopotential projectors", bytes: nonlocal,
            formula: format!("16 B × {} beta projectors × {} plane waves + radial tables {} B", g(nkb), g(z.npwx_l), g(qrad)),
            explanation: "The non-local pseudopotential's beta functions in reciprocal space (vkb) and their interpolation tables (qrad)." },
        Term { id: "state", label: "Densities and potentials", bytes: grids,
            formula: format!("4 × (16 B × {} G + 8 B × {} grid points) × {} spin + local potential, core charge and psic", g(z.ngm), g(z.nnr), z.nspin),
            explanation: "ρ, V, the new V and the input ρ of the SCF loop in both G and real space, plus the local potential, core charge and FFT work array." },
        Term { id: "mixing", label: "Charge-mixing history", bytes: mixing,
            formula: format!("16 B × {} G × {} spin × 2 × {} iterations", g(z.ngm), z.nspin, pw.mixing_ndim),
            explanation: "Broyden mixing keeps mixing_ndim past densities and their differences." },
        Term { id: "gvectors", label: "G vectors and structure factors", bytes: gvectors,
            formula: format!("{} G × (16 B × {} species + 32 B + 28 B) + {} smooth G × 8 B", g(z.ngm), pw.species, g(z.ngms)),
            explanation: "Coordinates, lengths, Miller indices and FFT maps of every G vector, and one structure factor per species." },
        Term { id: "work", label: "Scratch peak", bytes: scratch + sort_extra,
            formula: format!("largest of: diagonalisation {} B, initial wavefunctions {} B, augmentation {} B", g(diag), g(init), g(aug)),
            explanation: if which.is_empty() { "No scratch." } else { "The largest temporary allocation of the run, raising the high-water mark: Davidson's subspace vectors and matrices, the initial wavefunctions, or the ultrasoft/PAW augmentation charges." } },
    ];
    (terms, z)
}
