//! Plane-wave density functional theory (Quantum ESPRESSO's pw.x, and codes built the same way):
//! the inputs a DFT user knows (cutoffs, cell volume, bands, k-points, pseudopotentials, pools),
//! and whose arrays are counted; `model::sim` counts their bytes term by term as each code's
//! own report does.

use crate::base::choice::choice_enum;

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
    /// DFT+U (pw.x lda_plus_u with atomic projectors): the Hubbard states nwfcU, Σ (2l + 1) over
    /// the atoms that carry a U (0: no DFT+U).
    pub hubbard_wfc: u64,
    /// A hybrid functional (exact exchange): pw.x keeps every occupied band of every k+q point
    /// on the EXX FFT grid (exx.f90, exxbuff).
    pub exx: bool,
    /// The EXX q-point mesh nq1 × nq2 × nq3 and the (k+q) points pw.x lists (0: the larger of
    /// the k-points and the q mesh).
    pub exx_nq: u64,
    pub exx_kq: u64,
    /// ecutfock in milli-Rydberg (0: ecutrho, pw.x's default).
    pub ecutfock_milli: u64,
    /// PAW: the radial grid's points of the largest dataset (pw.x: 'Using radial grid of …
    /// points'; 0: 1,200, typical of pslibrary's PAW potentials).
    pub paw_mesh: u64,
    /// ABINIT with PAW: the fine FFT grid's points nfftf (pawecutdg; 0: the coarse grid,
    /// ABINIT's default pawecutdg = ecut).
    pub fine_grid: u64,
    /// ABINIT with PAW: lmn_size of the largest dataset, ABINIT's lmnmax (0: 2 (lmax + 1)²,
    /// two projectors per channel).
    pub paw_lmn: u64,
    /// ABINIT with PAW: the spheres' radius r_paw in milli-bohr, as the cube mean over the
    /// atoms ((Σ r³ / natom)^(1/3)), so the spheres hold what the atoms' spheres hold
    /// (0: 2 bohr).
    pub paw_radius_milli: u64,
}

impl Default for PlaneWave {
    fn default() -> Self {
        // 30 Ry, 128 bands and 4 k-points of a 64-atom silicon supercell, in its own volume:
        // a 2 × 2 × 2 supercell of the 8-atom cubic diamond cell, 8 × a³ with pw.x's example
        // lattice constant celldm(1) = 10.20 bohr (5.398 Å; Quantum ESPRESSO PW/examples/example01, si.scf.in), i.e. 32
        // primitive cells of 265.302 (a.u.)³ = 8489.664, as the silicon presets give. Since
        // schema version 3 (issue 39): until then the default was 2122.416, the volume of 16
        // atoms, which the density warning flagged; older links that omit `cell_volume` in a
        // plane-wave run are read with it pinned (`schema::query`), so they keep their numbers.
        PlaneWave {
            ecutwfc_milli: 30_000,
            ecutrho_milli: 0,
            volume_milli: 8_489_664,
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
            hubbard_wfc: 0,
            exx: false,
            exx_nq: 1,
            exx_kq: 0,
            ecutfock_milli: 0,
            paw_mesh: 0,
            fine_grid: 0,
            paw_lmn: 0,
            paw_radius_milli: 0,
        }
    }
}

impl PlaneWave {
    /// The Fock operator's cutoff in Ry: ecutfock, or ecutrho where it is not given.
    pub fn ecutfock(&self) -> f64 {
        if self.ecutfock_milli > 0 {
            self.ecutfock_milli as f64 / 1000.0
        } else {
            self.ecutrho()
        }
    }

    /// The density cutoff in Ry: ecutrho, or 4 × ecutwfc where it is not given.
    pub fn ecutrho(&self) -> f64 {
        if self.ecutrho_milli > 0 {
            self.ecutrho_milli as f64 / 1000.0
        } else {
            4.0 * self.ecutwfc_milli as f64 / 1000.0
        }
    }
}
