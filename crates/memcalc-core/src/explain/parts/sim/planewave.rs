//! The templates of a DFT process's parts: the terms of pw.x's, ABINIT's and SPARC's own
//! memory reports, each explained with the run's sizes.

use super::super::Template;
use crate::base::units::group_digits as g;
use crate::model::values::{AbinitChain, AbinitTerm, Blocks, PwTerm, PwValues, PwxTerm, SparcTerm};

const SRC_PW: &str = "Quantum ESPRESSO PW/src/memory_report.f90 (the 'Estimated max dynamical RAM per process' pw.x prints): plane waves 4π/3·ecutwfc^(3/2)·Ω/(2π)³, G vectors likewise within ecutrho, every array per process of the pool";

const SRC_PW_HUBBARD: &str = "Quantum ESPRESSO PW/src/memory_report.f90 ('U proj. (w. buff.)': complex_size × nwfcU × npol × npwx_l × nk, lda_plus_u with U_projection other than 'pseudo'), as pw.x prints it with verbosity='high'";

const SRC_PW_EXX: &str = "Quantum ESPRESSO PW/src/exx.f90 (qe-6.7): exxinit allocates exxbuff(nrxxs·npol, nbnd, nkqs) on the EXX grid dfftt (bands paired at Γ), aceinit xi(npwx·npol, nbndproj, nks) and evc0, vexx_k result(nrxxs, nbnd) and vc(nrxxs, nbnd); exx_base.f90 counts the (k+q) points nspin_lsda times; memory_report.f90's 'EXX' line estimates the grid as 2 × 4π/3·ecutfock^(3/2)·Ω/(2π)³";

const SRC_PW_PAW: &str = "Quantum ESPRESSO PW/src/memory_report.f90 for the diagonalisation, initial wavefunctions and augmentation; PW/src/paw_onecenter.f90 (qe-6.7) for PAW_potential's v_lm, savedv_lm, rho_lm and PAW_gcxc_potential's gc_rad, h_rad, segni_rad, gc_lm, div_h, rhoout_lm, vout_lm, h_lm on the radial grid, over the directions PAW_rad_init sets (paw_init.f90; lm_fact_x = 3, xlm = 2 in Modules/paw_variables.f90)";

const SRC_ABINIT: &str = "ABINIT src/57_iovars/m_memeval.F90, subroutines memory and memana (what ABINIT prints as 'P This job should need less than … Mbytes of memory'): every array as blocks of mpw plane waves, of nfft grid points or a fixed count, in 4- or 8-byte words, summed along each call chain alive at once (main chain with fourwf or nonlop, XC, mkrho, fourdp, parallel k-point, newvtr); the largest chain plus (231 + 6·natom) KiB of static arrays, (991 + natom) KiB with smearing";

const SRC_ABINIT_PAW: &str = "ABINIT src/57_iovars/m_memeval.F90, subroutine memory, its usepaw = 1 branches (ABINIT 9.6): the densities and potentials on the fine grid nfftf (cfftf: rhor, vtrial, vxc, xccc3d, nhat, the XC arrays), pawtab per dataset, pawrhoij and cprj (2 × natom × nkpt × nspinor × mband × nsppol × lmn_size reals), pawfgrtab's ifftsph and gylm over the 1 + ⌊nfftf · 4/3 π r_paw³ / ucvol⌋ fine-grid points of each sphere (gylmgr with forces), dij, rhoijres and the PAW mixing history f_paw, pawmkrhoij's gathered rhoij, and nonlop_ylm's work (useylm 1); the largest chain as without PAW";

const SRC_SPARC: &str = "SPARC (SPARC-X/SPARC) src/initialization.c, estimate_memory (what SPARC prints as 'Estimated total memory usage' and 'Estimated memory per processor'): orbitals Nd × Nstates × (ncpy × npspin × npkpt + Nspin × Nkpts) × 8 or 16 B with ncpy 2.5 (5.5 with NP_BAND_PARAL > 1), (6 + 4 Nspin + 2 m Nspin + 3 (2 Nspin − 1) + 1) grid vectors, 3 × npNd Ns² subspace matrices, all × 1.1";

/// "s" (or another plural ending) unless there is one.
fn s(n: u64, many: &'static str) -> &'static str {
    if n == 1 {
        ""
    } else {
        many
    }
}

fn chain(c: AbinitChain) -> &'static str {
    match c {
        AbinitChain::MainFourwf => "main chain with fourwf",
        AbinitChain::MainNonlop => "main chain with nonlop",
        AbinitChain::Xc => "XC chain",
        AbinitChain::Mkrho => "mkrho chain",
        AbinitChain::Fourdp => "fourdp chain",
        AbinitChain::ParallelKpoint => "parallel k-point chain",
        AbinitChain::Newvtr => "newvtr chain",
    }
}

/// A chain's words in 4-byte integers and 8-byte reals, e.g. `3 integer blocks × 4 B + 12 real
/// blocks × 8 B`, leaving out a width with none.
fn words(b: Blocks, what: &str) -> String {
    match (b.words4, b.words8) {
        (0, n) => format!("{} real{what} × 8 B", g(n)),
        (n, 0) => format!("{} integer{what} × 4 B", g(n)),
        (i, r) => format!("{} integer{what} × 4 B + {} real{what} × 8 B", g(i), g(r)),
    }
}

impl Template for PwValues {
    fn label(&self) -> &'static str {
        match self.term {
            PwTerm::Pwx(t) => match t {
                PwxTerm::Wavefunctions { .. } => "Wavefunctions",
                PwxTerm::Projectors { .. } => "Pseudopotential projectors",
                PwxTerm::Densities { .. } => "Densities and potentials",
                PwxTerm::Mixing { .. } => "Charge-mixing history",
                PwxTerm::Gvectors { .. } => "G vectors and structure factors",
                PwxTerm::Scratch { .. } => "Scratch peak",
                PwxTerm::Hubbard { .. } => "Hubbard projectors (DFT+U)",
                PwxTerm::Exx { .. } => "Exact-exchange buffers (EXX)",
            },
            PwTerm::Abinit(t) => match t {
                AbinitTerm::Wavefunctions { .. } => "Wavefunctions (cg)",
                AbinitTerm::PlaneWaveArrays { .. } => "Other plane-wave arrays",
                AbinitTerm::GridArrays { .. } => "Densities, potentials and mixing history",
                AbinitTerm::Fixed { .. } => "Pseudopotential tables and per-band data",
                AbinitTerm::Residue { .. } => "Static arrays (ABINIT's residue)",
                AbinitTerm::FineGrid { .. } => "Fine-grid densities and potentials (PAW)",
                AbinitTerm::Paw { .. } => "PAW spheres, occupancies and projections",
            },
            PwTerm::Sparc(t) => match t {
                SparcTerm::Orbitals { .. } => "Orbitals",
                SparcTerm::Vectors { .. } => "Densities, potentials and mixing history",
                SparcTerm::Subspace { .. } => "Subspace matrices",
                SparcTerm::Other { .. } => "Everything else (10 %)",
            },
        }
    }
    fn formula(&self, bytes: u64) -> String {
        let lhs = match self.term {
            PwTerm::Pwx(t) => pwx_formula(t),
            PwTerm::Abinit(t) => abinit_formula(t),
            PwTerm::Sparc(t) => sparc_formula(t),
        };
        format!("{lhs} = {} B", g(bytes))
    }
    fn question(&self) -> &'static str {
        "What is this part of a plane-wave run?"
    }
    fn explanation(&self) -> String {
        let what: std::borrow::Cow<'static, str> = match self.term {
            PwTerm::Pwx(t) => match t {
                PwxTerm::Wavefunctions { .. } => "Bands × plane waves in complex double precision, for every k-point of the pool kept in memory (disk_io='low') or only the current one.".into(),
                PwxTerm::Projectors { .. } => "The non-local pseudopotential's beta functions in reciprocal space (vkb) and their interpolation tables (qrad).".into(),
                PwxTerm::Densities { .. } => "ρ, V, the new V and the input ρ of the SCF loop in both G and real space, plus the local potential, core charge and FFT work array.".into(),
                PwxTerm::Mixing { .. } => "Broyden mixing keeps mixing_ndim past densities and their differences.".into(),
                PwxTerm::Gvectors { .. } => "Coordinates, lengths, Miller indices and FFT maps of every G vector, and one structure factor per species.".into(),
                PwxTerm::Scratch { diagonalisation: 0, initial: 0, augmentation: 0, paw: 0, .. } => "No scratch.".into(),
                PwxTerm::Scratch { paw, .. } if paw > 0 => "The largest temporary allocation of the run, raising the high-water mark: Davidson's subspace vectors and matrices, the initial wavefunctions, the ultrasoft/PAW augmentation charges, or PAW_potential's one-centre arrays on the radial grid of one atom (every direction of the angular integration, and its gradients with a GGA; paw_onecenter.f90), which pw.x's own estimate leaves out.".into(),
                PwxTerm::Scratch { .. } => "The largest temporary allocation of the run, raising the high-water mark: Davidson's subspace vectors and matrices, the initial wavefunctions, or the ultrasoft/PAW augmentation charges.".into(),
                PwxTerm::Hubbard { .. } => "DFT+U keeps the atomic wavefunctions of the Hubbard states (wfcU, with S applied for ultrasoft and PAW) for every k-point of the pool, like the bands.".into(),
                PwxTerm::Exx { .. } => "A hybrid functional keeps every band of every k+q point in real space on the EXX FFT grid (exxbuff), the ACE projectors xi and the bands they were built from (evc0), and vexx's result and Coulomb-potential arrays while it applies the Fock operator. pw.x's own report counts exxbuff on a grid of 2 × the Fock sphere's G vectors, about half the grid exx.f90 allocates, and leaves out evc0 and vexx's work.".into(),
            },
            PwTerm::Abinit(t) => match t {
                AbinitTerm::Wavefunctions { .. } => "The plane-wave coefficients of every band at every k-point (and spin) this process holds, kept in memory (mkmem).".into(),
                AbinitTerm::PlaneWaveArrays { .. } => "kg, ffnl, ph3d, gkpsq and cgwf's conjugate-gradient work vectors, each the size of one band's plane waves.".into(),
                AbinitTerm::GridArrays { pulay_arrays, .. } => format!("Density and potentials on the FFT grid, the Pulay mixing history (2 + 2·npulayit = {pulay_arrays} arrays per spin component), the symmetry maps irrzon and phnons, and FFT work arrays.").into(),
                AbinitTerm::Fixed { qpoints, bands, .. } => format!("The pseudopotentials' form factors tabulated on {qpoints} q-points, eigenvalues and occupations per band and k-point, and the subspace Hamiltonian and eigenvectors ({}² bands).", g(bands)).into(),
                AbinitTerm::Residue { .. } => "ABINIT adds this for its static arrays and small buffers (rhotoxc's work, messages, relaxation history); smeared occupations add getnel's tables.".into(),
                AbinitTerm::FineGrid { .. } => "With PAW the density, the potentials, the compensation charge n̂ and the XC work live on the fine FFT grid of pawecutdg, while the wavefunctions' FFTs and the mixing history stay on the coarse grid.".into(),
                AbinitTerm::Paw { .. } => "PAW's own arrays: each sphere's fine-grid points with their shape-function moments g_l·Y_lm (pawfgrtab), the occupancies ρ_ij and their mixing history (pawrhoij, f_paw), the D_ij (paw_ij), the projections ⟨p|ψ⟩ of every band at every k-point (cprj) and the datasets' radial tables (pawtab); every dataset is counted as the largest, every sphere at the atoms' mean radius, and each process keeps the per-atom arrays of its share of the atoms. DFT+U's occupation matrices, (2l + 1)² per atom and spin, are not counted: under a kilobyte.".into(),
            },
            PwTerm::Sparc(t) => match t {
                SparcTerm::Orbitals { .. } => "The Kohn–Sham orbitals on the real-space grid for every spin and k-point, and the working copies of Chebyshev-filtered subspace iteration (2.5 per spin/k-point group, 5.5 with band parallelisation, whose ScaLAPACK redistribution keeps block-cyclic copies); real at the Γ point, complex elsewhere.".into(),
                SparcTerm::Vectors { .. } => "Electron density, electrostatic and effective potentials per spin, and the Pulay mixing history (two vectors per iteration kept and per spin).".into(),
                SparcTerm::Subspace { .. } => "The projected Hamiltonian, overlap and eigenvector matrices of the Rayleigh–Ritz step, one set per domain process.".into(),
                SparcTerm::Other { .. } => "SPARC adds 10 % to its own estimate for the arrays it does not list (buf_rat = 0.10).".into(),
            },
        };
        format!("{what} {}.", self.shape.text())
    }
    fn source(&self) -> &'static str {
        match self.term {
            PwTerm::Pwx(PwxTerm::Hubbard { .. }) => SRC_PW_HUBBARD,
            PwTerm::Pwx(PwxTerm::Scratch { paw, .. }) if paw > 0 => SRC_PW_PAW,
            PwTerm::Pwx(PwxTerm::Exx { .. }) => SRC_PW_EXX,
            PwTerm::Pwx(_) => SRC_PW,
            PwTerm::Abinit(AbinitTerm::FineGrid { .. } | AbinitTerm::Paw { .. }) => SRC_ABINIT_PAW,
            PwTerm::Abinit(_) => SRC_ABINIT,
            PwTerm::Sparc(_) => SRC_SPARC,
        }
    }
}

fn pwx_formula(t: PwxTerm) -> String {
    match t {
        PwxTerm::Wavefunctions { bands, spinors, plane_waves, buffers } => format!(
            "16 B × {} bands × {spinors} spinor × {} plane waves × {buffers} k-point buffer{}",
            g(bands), g(plane_waves), s(buffers, "s")
        ),
        PwxTerm::Projectors { projectors, plane_waves, radial_bytes } => format!(
            "16 B × {} beta projectors × {} plane waves + radial tables {} B",
            g(projectors), g(plane_waves), g(radial_bytes)
        ),
        PwxTerm::Densities { g_vectors, grid, spins, species } => format!(
            "4 × (16 B × {} G + 8 B × {} grid points) × {spins} spin + local potential, core charge and psic: 16 B × ({} grid points + {} G × {}) + 8 B × {} grid points × {}",
            g(g_vectors), g(grid), g(grid), g(g_vectors), 1 + species, g(grid), 2 + spins
        ),
        PwxTerm::Mixing { g_vectors, spins, iterations } => format!(
            "16 B × {} G × {spins} spin × 2 × {iterations} iterations",
            g(g_vectors)
        ),
        PwxTerm::Gvectors { g_vectors, species, smooth } => format!(
            "{} G × (16 B × {species} species + 32 B + 28 B) + {} smooth G × 8 B",
            g(g_vectors), g(smooth)
        ),
        PwxTerm::Hubbard { states, spinors, plane_waves, buffers } => format!(
            "16 B × {} Hubbard state{} × {spinors} spinor × {} plane waves × {buffers} k-point buffer{}",
            g(states), s(states, "s"), g(plane_waves), s(buffers, "s")
        ),
        PwxTerm::Exx { grid, spinors, bands, kq_points, plane_waves, kpoints, gamma } => {
            let buffered = if gamma {
                format!("⌈{} bands ÷ 2⌉", g(bands))
            } else {
                format!("{} bands", g(bands))
            };
            format!(
                "16 B × {} EXX grid points × {spinors} spinor × {buffered} × {} (k+q) point{} + 2 × 16 B × {} plane waves × {spinors} spinor × {} bands × {kpoints} k-point{} + 2 × 16 B × {} grid points × {} bands",
                g(grid), g(kq_points), s(kq_points, "s"), g(plane_waves), g(bands), s(kpoints, "s"), g(grid), g(bands)
            )
        }
        PwxTerm::Scratch { diagonalisation, initial, augmentation, sort_extra, paw } => {
            let peak = if paw > 0 {
                format!(
                    "max(diagonalisation {} B, initial wavefunctions {} B, augmentation {} B, PAW one-centre {} B)",
                    g(diagonalisation), g(initial), g(augmentation), g(paw)
                )
            } else {
                format!(
                    "max(diagonalisation {} B, initial wavefunctions {} B, augmentation {} B)",
                    g(diagonalisation), g(initial), g(augmentation)
                )
            };
            if sort_extra > 0 {
                format!("{peak} + G-vector sort beyond it {} B", g(sort_extra))
            } else {
                peak
            }
        }
    }
}

fn abinit_formula(t: AbinitTerm) -> String {
    match t {
        AbinitTerm::Wavefunctions { spinors, bands, plane_waves, mkmem, spins } => format!(
            "16 B × {spinors} spinor × {} bands × {} plane waves × {mkmem} k-point{} (mkmem) × {spins} spin{}",
            g(bands), g(plane_waves), s(mkmem, "s"), s(spins, "s")
        ),
        AbinitTerm::PlaneWaveArrays { plane_waves, blocks, chain: c } => format!(
            "{} plane waves × ({}) in the {}: G vectors, form factors, phases, conjugate-gradient vectors",
            g(plane_waves), words(blocks, " blocks"), chain(c)
        ),
        AbinitTerm::GridArrays { grid, blocks, chain: c, .. } => format!(
            "{} grid points × ({}) in the {}: ρ, V, Pulay arrays per spin component, symmetry maps, FFT work",
            g(grid), words(blocks, " blocks"), chain(c)
        ),
        AbinitTerm::Fixed { blocks, chain: c, .. } => format!(
            "fixed-size arrays in the {}: {} (form factors, eigenvalues and occupations, subspace matrices)",
            chain(c), words(blocks, "s")
        ),
        AbinitTerm::Residue { atoms, smearing: true } => {
            format!("991 KiB + 1 KiB × {} atoms", g(atoms))
        }
        AbinitTerm::Residue { atoms, smearing: false } => {
            format!("231 KiB + 6 KiB × {} atoms", g(atoms))
        }
        AbinitTerm::FineGrid { grid, blocks, chain: c } => format!(
            "{} fine-grid points × ({}) in the {}: ρ, V, n̂, XC arrays",
            g(grid), words(blocks, " blocks"), chain(c)
        ),
        AbinitTerm::Paw { atoms, lmn_size, sphere_points, l_size, cprj, blocks, chain: c } => format!(
            "{} in the {}: {} atoms × {} sphere points × {}² moments (gylm), lmn_size {} (ρ_ij, D_ij), cprj {} reals",
            words(blocks, "s"), chain(c), g(atoms), g(sphere_points), l_size, g(lmn_size), g(cprj)
        ),
    }
}

fn sparc_formula(t: SparcTerm) -> String {
    match t {
        SparcTerm::Orbitals { grid, states, copies_tenths, groups, spins, kpoints, word, processes } => format!(
            "{} grid points × {} states × ({}.{} copies × {groups} spin and k-point group{} + {spins} spin × {kpoints} k-point{}) × {word} B ÷ {} processes",
            g(grid), g(states), copies_tenths / 10, copies_tenths % 10, s(groups, "s"), s(kpoints, "s"), g(processes)
        ),
        SparcTerm::Vectors { vectors, grid, processes } => format!(
            "{vectors} grid vectors × {} points × 8 B ÷ {} processes",
            g(grid), g(processes)
        ),
        SparcTerm::Subspace { domain, states, processes } => format!(
            "3 × {domain} domain processes × {}^2 states × 8 B ÷ {} processes",
            g(states), g(processes)
        ),
        SparcTerm::Other { listed_bytes, processes } => format!(
            "10 % × {} B ÷ {} processes",
            g(listed_bytes), g(processes)
        ),
    }
}
