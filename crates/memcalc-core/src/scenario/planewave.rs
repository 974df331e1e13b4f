//! Plane-wave density functional theory (Quantum ESPRESSO's pw.x, and codes built the same way):
//! the inputs a DFT user knows (cutoffs, cell volume, bands, k-points, pseudopotentials, pools)
//! and the memory pw.x itself estimates for them, term by term as its `memory_report.f90`
//! counts them ("Estimated max dynamical RAM per process").

use crate::base::choice::choice_enum;
use crate::catalog::parts::PartId;

choice_enum!(
    /// Spin treatment: decides the spin components of densities and potentials and whether
    /// wavefunctions are spinors.
    Spin {
        None => ("none", "Spin-unpolarised (nspin = 1)"),
        Collinear => ("collinear", "Collinear magnetism (nspin = 2: k-points doubled)"),
        Noncollinear => ("noncollinear", "Non-collinear / spin–orbit (spinor wavefunctions)"),
    }
);

choice_enum!(
    /// Pseudopotential kind: ultrasoft and PAW add the overlap S|ψ⟩ and augmentation charges.
    PpKind {
        Nc => ("nc", "Norm-conserving"),
        Us => ("us", "Ultrasoft (Vanderbilt)"),
        Paw => ("paw", "PAW (projector augmented wave)"),
    }
);

choice_enum!(
    /// Iterative diagonalisation: Davidson keeps a subspace of david_ndim × bands vectors.
    Diagonalization {
        David => ("david", "Davidson (subspace of david_ndim × bands)"),
        Cg => ("cg", "Conjugate gradient (bands only)"),
        Ppcg => ("ppcg", "PPCG (bands only)"),
        Paro => ("paro", "ParO (bands only)"),
    }
);

choice_enum!(
    /// Exchange–correlation level: a GGA needs density gradients on the grid (ABINIT's xclevel).
    XcLevel {
        Lda => ("lda", "LDA"),
        Gga => ("gga", "GGA (density gradients)"),
    }
);

choice_enum!(
    /// Whose arrays the estimate counts: each DFT code allocates its own set, and each one's
    /// printed estimate follows its own source, so the choice is a setting, not a guess.
    DftArrays {
        Pwx => ("pwx", "Quantum ESPRESSO pw.x (memory_report.f90)"),
        Abinit => ("abinit", "ABINIT (m_memeval.F90, memory and memana)"),
        Sparc => ("sparc", "SPARC real-space grid (initialization.c, estimate_memory)"),
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
    /// Whose arrays are counted (pw.x's plane-wave layout or SPARC's real-space grid).
    pub arrays: DftArrays,
    /// Band groups (SPARC NP_BAND_PARAL): more than one needs ScaLAPACK block-cyclic copies.
    pub band_groups: u64,
    /// ABINIT's inputs that size arrays pw.x's report does not count: the XC level, smeared
    /// occupations (occopt 3–8), a non-linear core correction (n1xccc = 2501 radial points)
    /// and the symmetry operations (nsym).
    pub xc: XcLevel,
    pub smearing: bool,
    pub core_correction: bool,
    pub symmetries: u64,
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
            arrays: DftArrays::Pwx,
            band_groups: 1,
            xc: XcLevel::Gga,
            smearing: false,
            core_correction: false,
            symmetries: 1,
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
            let side = crate::base::sat::cbrt(omega);
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
    pub id: PartId,
    pub label: &'static str,
    pub bytes: f64,
    pub formula: String,
    pub explanation: &'static str,
}

/// A count kept as f64 for the arithmetic, written as the integer it is: the same text as f64's
/// `Display` for a whole number, without linking the float formatting (about 24 KB of code in
/// each wasm, the first-answer one included; docs/performance.md). Only the continuous terms'
/// fractional values would differ, and their formulas are never shown (`model::sim`).
fn whole(v: f64) -> u64 {
    v as u64
}

/// The terms pw.x's memory_report.f90 adds for every process: the permanent arrays, then the
/// largest scratch peak (diagonalisation, initial wavefunctions, augmentation charges).
pub fn terms(pw: &PlaneWave, ranks: u64, continuous: bool) -> (Vec<Term>, Sizes) {
    match pw.arrays {
        DftArrays::Pwx => pwx_terms(pw, ranks, continuous),
        DftArrays::Sparc => sparc_terms(pw, ranks, continuous),
        DftArrays::Abinit => abinit_terms(pw, ranks, continuous),
    }
}

/// ABINIT's own estimate, "P This job should need less than … Mbytes of memory" (m_memeval.F90,
/// subroutines `memory` and `memana`, ground state with norm-conserving pseudopotentials): every
/// array is counted as blocks of mpw plane waves, of nfft grid points or as a fixed size, in
/// 4-byte integers or 8-byte reals, along the call chains that are alive together (the main
/// chain with fourwf or with nonlop, the XC, mkrho, fourdp, parallel k-point and newvtr
/// chains); the largest chain is the estimate, plus a residue of (231 + 6·natom) KiB, or
/// (991 + natom) KiB with smeared occupations, for static arrays. ABINIT keeps whole plane-wave
/// sets and FFT grids on every process and splits k-points (and spins) over processes
/// (paral_kgb = 0, its default).
pub fn abinit_terms(pw: &PlaneWave, ranks: u64, continuous: bool) -> (Vec<Term>, Sizes) {
    // Whole plane-wave sets and grids per process: the sizes of one process holding them all.
    let mut z = pw.sizes_at(1, continuous);
    let p = ranks.max(1) as f64;
    let natom = pw.atoms.max(1) as f64;
    let ntypat = pw.species.max(1) as f64;
    let mband = pw.bands as f64;
    let nkpt = pw.kpoints.max(1) as f64;
    let (nsppol, nspinor, nspden) = match pw.spin {
        Spin::None => (1.0, 1.0, 1.0),
        Spin::Collinear => (2.0, 1.0, 2.0),
        Spin::Noncollinear => (1.0, 2.0, 4.0),
    };
    // mpi_setup: the processes split over the spins first, then over the k-points, so
    // mkmem = ⌈nkpt / (processes per spin)⌉; memory() counts cg for mkmem × nsppol either way.
    let per_spin = if continuous {
        (p / nsppol).max(1.0)
    } else {
        (p / nsppol).floor().max(1.0)
    };
    let mkmem = if continuous {
        nkpt / per_spin
    } else {
        (nkpt / per_spin).ceil()
    };
    let mpw = z.npwx_g;
    let nfft = z.fft;
    // getng: a grid of nfft points with equal sides; fftalg 1xx/3xx pad even sides by one
    // (ngfft(4) = 2·(n1/2) + 1, ngfft(5) likewise, ngfft(6) = n3).
    let side = crate::base::sat::cbrt(nfft).round().max(1.0);
    let mgfft = side;
    let padded = 2.0 * (side / 2.0).floor() + 1.0;
    let pad = (padded * padded * side - nfft).max(0.0);
    let lnmax = pw.betas.max(1) as f64;
    let n1xccc = if pw.core_correction { 2501.0 } else { 0.0 };
    let nsym = pw.symmetries.max(1);
    let smear = pw.smearing;
    let npulayit = pw.mixing_ndim as f64;
    // iscf = 7 (Pulay mixing of the potential, the norm-conserving default): 2 + 2·npulayit arrays.
    let n_fftgr = 2.0 + 2.0 * npulayit;
    let narr = 2.0; // fftalg 312 (FFTW3) and 112: two work arrays in fourdp
    let ngrad = if pw.xc == XcLevel::Gga { 2.0 } else { 1.0 };
    let mqgrid = 3001.0;
    let maxnattyp = (natom / ntypat).ceil();
    const NLO_MINCAT: f64 = 10.0;
    const NLO_MBLKPW: f64 = 199.0;
    // Each array: its index in memory(), what it is counted in, the count, and its byte width.
    #[derive(Clone, Copy)]
    enum U {
        Mpw,
        Fft,
        Add,
    }
    let mut a: Vec<(u32, U, f64, f64)> = Vec::with_capacity(64);
    let mut put = |i: u32, u: U, c: f64, w: f64| {
        if c != 0.0 {
            a.push((i, u, c, w));
        }
    };
    use U::*;
    // (1) gstate: kg, indsym, irrzon, rhor/rhog, cg, eigen/resid/occ, psp tables, ph1d, phnons, xccc1d.
    put(1, Mpw, 3.0 * mkmem, 4.0);
    put(3, Add, 4.0 * nsym as f64 * natom, 4.0);
    let sym_fft = 2.0 * ((nspden / nsppol).floor() - 3.0 * (nspden / 4.0).floor());
    if nsym != 1 {
        put(4, Fft, sym_fft, 4.0);
        put(10, Fft, sym_fft, 8.0);
    }
    put(5, Fft, nspden + 2.0, 8.0);
    put(6, Mpw, 2.0 * nspinor * mband * mkmem * nsppol, 8.0);
    put(7, Add, 3.0 * mband * nkpt * nsppol, 8.0);
    put(
        8,
        Add,
        mqgrid * (1.0 + 2.0 * ntypat) + mqgrid * (1.0 + 2.0 * ntypat * lnmax),
        8.0,
    );
    put(9, Add, 6.0 * (2.0 * mgfft + 1.0) * natom, 8.0);
    put(11, Add, n1xccc * 6.0 * ntypat, 8.0);
    // (2) scfcv: vhartr, vpsp, vtrial, vxc; the mixing history f_fftgr; xccc3d.
    put(21, Fft, 2.0 + 2.0 * nspden, 8.0);
    put(22, Fft, nspden * n_fftgr, 8.0);
    if n1xccc > 0.0 {
        put(29, Fft, 1.0, 8.0);
    }
    // (3) rhotoxc and xcden.
    if n1xccc > 0.0 {
        put(31, Fft, nspden, 8.0);
    }
    let nspgrad = if nspden == 2.0 && ngrad == 2.0 {
        5.0
    } else {
        nspden * ngrad
    };
    put(32, Fft, nspden * ngrad * ngrad + nspgrad, 8.0);
    if ngrad == 2.0 {
        put(33, Fft, 3.0 + narr, 8.0);
        put(33, Add, narr * pad, 8.0);
        put(34, Fft, 2.0, 8.0);
    }
    put(35, Fft, nspden, 8.0);
    // (4) newvtr: vresid, vrespc and the new potential's work.
    put(41, Fft, 2.0 * nspden, 8.0);
    put(
        43,
        Fft,
        2.0 * nspden
            + if nspden > 1.0 {
                2.0 * (nspden - 1.0)
            } else {
                0.0
            },
        8.0,
    );
    // (5) vtorho, inside the k-point loop.
    put(51, Add, (11.0 + 3.0 * natom) * mband * nkpt * nsppol, 8.0);
    put(52, Mpw, 3.0, 4.0);
    put(53, Fft, 4.0 + nspden, 8.0);
    put(53, Add, 2.0 * pad, 8.0);
    put(56, Add, (14.0 + 3.0 * natom) * mband, 8.0);
    // (6) vtorho after the loop: doccde; the parallel k-point buffers; mkrho; symrhg.
    put(60, Add, mband * nkpt * nsppol, 8.0);
    if smear {
        if nsppol * nfft >= (13.0 + 3.0 * natom) * mband * nkpt * nspden {
            put(61, Fft, 2.0 * nspden, 8.0);
        } else {
            put(61, Add, (13.0 + 3.0 * natom) * mband * nkpt * nspden, 8.0);
        }
        put(65, Mpw, 2.0 * nspinor, 8.0);
        put(66, Fft, 5.0, 8.0);
        put(66, Add, 5.0 * pad, 8.0);
    } else {
        put(61, Fft, 2.0 * nspden, 8.0);
        put(
            61,
            Add,
            11.0 + 3.0 * natom + 2.0 * mband * nkpt * nspden,
            8.0,
        );
    }
    put(67, Fft, narr, 8.0);
    put(67, Add, narr * pad, 8.0);
    if nsym > 1 {
        put(68, Fft, 2.0, 8.0);
        put(68, Add, 2.0 * pad, 8.0);
    }
    // (7) vtowfk: evec, subham/subvnl, gkpsq, ffnl, ph3d; cwavef and FFT work with fixed occupations.
    put(71, Add, 2.0 * mband * mband, 8.0);
    put(72, Add, mband * (mband + 1.0), 8.0);
    put(73, Mpw, 1.0, 8.0);
    put(74, Mpw, 2.0 * ntypat * lnmax, 8.0);
    put(75, Mpw, 2.0 * NLO_MINCAT.min(maxnattyp), 8.0);
    if !smear {
        put(77, Mpw, 2.0 * nspinor, 8.0);
        put(78, Fft, 2.0, 8.0);
        put(78, Add, 2.0 * pad, 8.0);
        put(79, Fft, 2.0, 8.0);
        put(79, Add, 2.0 * pad, 8.0);
    }
    // (8) cgwf: conjgr, cwavef, direc, gh_direc, gvnl_direc; ghc, gvnlc.
    put(81, Mpw, 10.0 * nspinor, 8.0);
    put(82, Mpw, 4.0 * nspinor, 8.0);
    // (9) getghc, fourwf; nonlop_pl (useylm = 0 for norm-conserving pseudopotentials).
    put(91, Fft, 2.0, 8.0);
    put(92, Fft, 2.0, 8.0);
    put(92, Add, 2.0 * pad, 8.0);
    let mincat = NLO_MINCAT.min(natom - ntypat + 1.0).max(1.0);
    put(94, Add, 80.0 * mincat, 8.0);
    if pw.forces {
        put(95, Add, 240.0 * mincat, 8.0);
    }
    put(97, Add, NLO_MBLKPW * 40.0, 8.0);
    let in_chain = |i: u32, c: u32| -> bool {
        match c {
            1 => {
                !((31..=50).contains(&i)
                    || (60..=70).contains(&i)
                    || (77..=80).contains(&i)
                    || (93..=100).contains(&i))
            }
            2 => {
                !((31..=50).contains(&i)
                    || (60..=70).contains(&i)
                    || (77..=80).contains(&i)
                    || (91..=92).contains(&i))
            }
            3 => i <= 40,
            4 => i <= 30 || i == 60 || (62..=66).contains(&i) || (77..=80).contains(&i),
            5 => i <= 30 || i == 60 || (67..=70).contains(&i),
            6 => i <= 30 || i == 60 || i == 61,
            _ => i <= 30 || (41..=50).contains(&i),
        }
    };
    // Per chain: wavefunctions (cg), other plane-wave arrays, grid arrays, fixed-size arrays.
    let mut best = [0.0f64; 4];
    let mut best_chain = 1;
    for c in 1..=7 {
        let mut sums = [0.0f64; 4];
        for &(i, u, n, w) in a.iter().filter(|x| in_chain(x.0, c)) {
            let (k, unit) = match (i, u) {
                (6, _) => (0, mpw),
                (_, Mpw) => (1, mpw),
                (_, Fft) => (2, nfft),
                (_, Add) => (3, 1.0),
            };
            sums[k] += n * unit * w;
        }
        if sums.iter().sum::<f64>() > best.iter().sum::<f64>() {
            best = sums;
            best_chain = c;
        }
    }
    let residue = 1024.0
        * if smear {
            991.0 + natom
        } else {
            231.0 + 6.0 * natom
        };
    let chain_name = match best_chain {
        1 => "main chain with fourwf",
        2 => "main chain with nonlop",
        3 => "XC chain",
        4 => "mkrho chain",
        5 => "fourdp chain",
        6 => "parallel k-point chain",
        _ => "newvtr chain",
    };
    let g = |v: f64| crate::base::units::group_digits(v.max(0.0).round() as u64);
    z.npwx_l = mpw;
    z.nnr = nfft;
    z.nks = mkmem as u64;
    z.nspin = nspden as u64;
    z.npol = nspinor as u64;
    let terms = vec![
        Term { id: PartId::Wavefunctions, label: "Wavefunctions (cg)", bytes: best[0],
            formula: format!("16 B × {} spinor × {} bands × {} plane waves × {} k-point{} (mkmem) × {} spin{}", whole(nspinor), g(mband), g(mpw), whole(mkmem), if mkmem == 1.0 { "" } else { "s" }, whole(nsppol), if nsppol == 1.0 { "" } else { "s" }),
            explanation: crate::text!("The plane-wave coefficients of every band at every k-point (and spin) this process holds, kept in memory (mkmem).") },
        Term { id: PartId::Projectors, label: "Other plane-wave arrays", bytes: best[1],
            formula: format!("blocks of {} plane waves in the {chain_name}: G vectors, form factors, phases, conjugate-gradient vectors", g(mpw)),
            explanation: crate::text!("kg, ffnl, ph3d, gkpsq and cgwf's conjugate-gradient work vectors, each the size of one band's plane waves.") },
        Term { id: PartId::State, label: "Densities, potentials and mixing history", bytes: best[2],
            formula: format!("blocks of {} grid points in the {chain_name}: ρ, V, {} Pulay arrays per spin component, symmetry maps, FFT work", g(nfft), whole(n_fftgr)),
            explanation: crate::text!("Density and potentials on the FFT grid, the Pulay mixing history (2 + 2·npulayit arrays), the symmetry maps irrzon and phnons, and FFT work arrays.") },
        Term { id: PartId::Tables, label: "Pseudopotential tables and per-band data", bytes: best[3],
            formula: format!("fixed-size arrays in the {chain_name}: {} q-points of form factors, eigenvalues and occupations, subspace matrices of {}² bands", whole(mqgrid), g(mband)),
            explanation: crate::text!("The pseudopotentials' tabulated form factors, eigenvalues and occupations per band and k-point, and the subspace Hamiltonian and eigenvectors.") },
        Term { id: PartId::Work, label: "Static arrays (ABINIT's residue)", bytes: residue,
            formula: format!("({}) KiB", if smear { format!("991 + {} atoms", g(natom)) } else { format!("231 + 6 × {} atoms", g(natom)) }),
            explanation: crate::text!("ABINIT adds this for its static arrays and small buffers (rhotoxc's work, messages, relaxation history); smeared occupations add getnel's tables.") },
    ];
    (terms, z)
}

/// SPARC's own estimate (src/initialization.c, estimate_memory, SPARC 2024–2025), which it
/// prints as "Estimated total memory usage" and, divided by the processes, "Estimated memory
/// per processor": the orbitals (one set per spin and k-point, plus 2.5 working copies per
/// spin/k-point group for Chebyshev filtering, 5.5 when bands are split over groups because
/// ScaLAPACK's redistribution and the block-cyclic copies join them), 6 + 4·Nspin +
/// 2·MixingHistory·Nspin + 3·(2·Nspin − 1) + 1 grid vectors, three subspace matrices
/// Ns × Ns per domain process, and 10 % on top for everything else. The grid is SPARC's
/// finite-difference mesh (FD_GRID), given as `fft_grid`.
pub fn sparc_terms(pw: &PlaneWave, ranks: u64, continuous: bool) -> (Vec<Term>, Sizes) {
    let mut z = pw.sizes_at(ranks, continuous);
    let p = ranks.max(1) as f64;
    let nd = z.fft;
    let ns = pw.bands as f64;
    // SPARC's non-collinear runs keep Nspin = 1 (spinors are not in its estimate).
    let nspin = if pw.spin == Spin::Collinear { 2.0 } else { 1.0 };
    let nk = pw.kpoints.max(1) as f64;
    let groups = pw.pools.clamp(1, ranks.max(1)) as f64;
    let bands = pw.band_groups.max(1) as f64;
    let domain = (p / (groups * bands)).max(1.0);
    let domain = if continuous { domain } else { domain.floor() };
    let ts = if pw.gamma { 8.0 } else { 16.0 };
    let (ncpy, ncpy_text) = if pw.band_groups > 1 {
        (5.5, "5.5")
    } else {
        (2.5, "2.5")
    };
    let m = pw.mixing_ndim as f64;
    let orbitals = nd * ns * (ncpy * groups + nspin * nk) * ts;
    let nvec = 6.0 + 4.0 * nspin + 2.0 * m * nspin + 3.0 * (2.0 * nspin - 1.0) + 1.0;
    let vectors = nvec * nd * 8.0;
    let matrices = 3.0 * domain * ns * ns * 8.0;
    let other = 0.10 * (orbitals + vectors + matrices);
    let g = |v: f64| crate::base::units::group_digits(v.max(0.0).round() as u64);
    z.nspin = nspin as u64;
    z.npol = 1;
    z.nnr = nd / p;
    let terms = vec![
        Term { id: PartId::Wavefunctions, label: "Orbitals", bytes: orbitals / p,
            formula: format!("{} grid points × {} states × ({} copies × {} spin/k-point group{} + {} spin × {} k-point{}) × {} B ÷ {} processes", g(nd), g(ns), ncpy_text, whole(groups), if groups == 1.0 { "" } else { "s" }, whole(nspin), whole(nk), if nk == 1.0 { "" } else { "s" }, whole(ts), g(p)),
            explanation: crate::text!("The Kohn–Sham orbitals on the real-space grid for every spin and k-point, and the working copies of Chebyshev-filtered subspace iteration (2.5 per spin/k-point group, 5.5 with band parallelisation, whose ScaLAPACK redistribution keeps block-cyclic copies); real at the Γ point, complex elsewhere.") },
        Term { id: PartId::State, label: "Densities, potentials and mixing history", bytes: vectors / p,
            formula: format!("{} grid vectors × {} points × 8 B ÷ {} processes", whole(nvec), g(nd), g(p)),
            explanation: crate::text!("Electron density, electrostatic and effective potentials per spin, and the Pulay mixing history (two vectors per iteration kept and per spin).") },
        Term { id: PartId::Subspace, label: "Subspace matrices", bytes: matrices / p,
            formula: format!("3 × {} domain processes × {}² states × 8 B ÷ {} processes", whole(domain), g(ns), g(p)),
            explanation: crate::text!("The projected Hamiltonian, overlap and eigenvector matrices of the Rayleigh–Ritz step, one set per domain process.") },
        Term { id: PartId::Work, label: "Everything else (10 %)", bytes: other / p,
            formula: format!("10 % × {} B ÷ {} processes", g(orbitals + vectors + matrices), g(p)),
            explanation: crate::text!("SPARC adds 10 % to its own estimate for the arrays it does not list (buf_rat = 0.10).") },
    ];
    (terms, z)
}

fn pwx_terms(pw: &PlaneWave, ranks: u64, continuous: bool) -> (Vec<Term>, Sizes) {
    let z = pw.sizes_at(ranks, continuous);
    let (c, r) = (16.0, 8.0);
    let us = pw.pp != PpKind::Nc;
    let ntyp = pw.species.max(1) as f64;
    let nbnd = pw.bands as f64;
    let npol = z.npol as f64;
    let nspin = z.nspin as f64;
    let nkb = z.nkb as f64;
    let g = |v: f64| crate::base::units::group_digits(v.max(0.0).round() as u64);

    let wfc = c * nbnd * npol * z.npwx_l * z.nk as f64;
    // vkb, and qrad: radial Fourier tables of the beta functions' products for every
    // angular momentum up to 2·lmax (nqxq points of dq = 0.01 up to √ecutrho in 2π/a).
    let alat = crate::base::sat::cbrt(pw.volume_milli as f64 / 1000.0);
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
        Term { id: PartId::Wavefunctions, label: "Wavefunctions", bytes: wfc,
            formula: format!("16 B × {} bands × {} spinor × {} plane waves × {} k-point buffer{}", g(nbnd), z.npol, g(z.npwx_l), z.nk, if z.nk == 1 { "" } else { "s" }),
            explanation: crate::text!("Bands × plane waves in complex double precision, for every k-point of the pool kept in memory (disk_io='low') or only the current one.") },
        Term { id: PartId::Projectors, label: "Pseudopotential projectors", bytes: nonlocal,
            formula: format!("16 B × {} beta projectors × {} plane waves + radial tables {} B", g(nkb), g(z.npwx_l), g(qrad)),
            explanation: crate::text!("The non-local pseudopotential's beta functions in reciprocal space (vkb) and their interpolation tables (qrad).") },
        Term { id: PartId::State, label: "Densities and potentials", bytes: grids,
            formula: format!("4 × (16 B × {} G + 8 B × {} grid points) × {} spin + local potential, core charge and psic", g(z.ngm), g(z.nnr), z.nspin),
            explanation: crate::text!("ρ, V, the new V and the input ρ of the SCF loop in both G and real space, plus the local potential, core charge and FFT work array.") },
        Term { id: PartId::Mixing, label: "Charge-mixing history", bytes: mixing,
            formula: format!("16 B × {} G × {} spin × 2 × {} iterations", g(z.ngm), z.nspin, pw.mixing_ndim),
            explanation: crate::text!("Broyden mixing keeps mixing_ndim past densities and their differences.") },
        Term { id: PartId::Gvectors, label: "G vectors and structure factors", bytes: gvectors,
            formula: format!("{} G × (16 B × {} species + 32 B + 28 B) + {} smooth G × 8 B", g(z.ngm), pw.species, g(z.ngms)),
            explanation: crate::text!("Coordinates, lengths, Miller indices and FFT maps of every G vector, and one structure factor per species.") },
        Term { id: PartId::Work, label: "Scratch peak", bytes: scratch + sort_extra,
            formula: format!("largest of: diagonalisation {} B, initial wavefunctions {} B, augmentation {} B", g(diag), g(init), g(aug)),
            explanation: crate::text!(if which.is_empty() { "No scratch." } else { "The largest temporary allocation of the run, raising the high-water mark: Davidson's subspace vectors and matrices, the initial wavefunctions, or the ultrasoft/PAW augmentation charges." }) },
    ];
    (terms, z)
}

#[cfg(test)]
mod tests {
    use super::whole;

    #[test]
    fn a_whole_count_reads_as_f64_display_wrote_it() {
        for v in [1.0, 2.0, 7.0, 16.0, 1000.0, 3001.0, 123_456_789.0] {
            assert_eq!(whole(v).to_string(), format!("{v}"));
        }
    }
}
