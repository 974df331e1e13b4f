//! ABINIT's own estimate, "P This job should need less than … Mbytes of memory"
//! (src/57_iovars/m_memeval.F90, subroutines `memory` and `memana`).

use super::{shown, sizes, PwTerm, Sizes, Term};
use crate::catalog::parts::PartId;
use crate::model::values::sim::{AbinitChain, AbinitTerm, Blocks};
use crate::scenario::planewave::{PlaneWave, PpKind, Spin, XcLevel};

/// ABINIT's own estimate, "P This job should need less than … Mbytes of memory" (m_memeval.F90,
/// subroutines `memory` and `memana`, ground state with norm-conserving pseudopotentials): every
/// array is counted as blocks of mpw plane waves, of nfft grid points or as a fixed size, in
/// 4-byte integers or 8-byte reals, along the call chains that are alive together (the main
/// chain with fourwf or with nonlop, the XC, mkrho, fourdp, parallel k-point and newvtr
/// chains); the largest chain is the estimate, plus a residue of (231 + 6·natom) KiB, or
/// (991 + natom) KiB with smeared occupations, for static arrays. ABINIT keeps whole plane-wave
/// sets and FFT grids on every process and splits k-points (and spins) over processes
/// (paral_kgb = 0, its default). With PAW (`pseudopotential=paw`, usepaw 1) the densities and
/// potentials live on the fine grid nfftf, the non-local operator uses Y_lm (useylm 1, nonlop_ylm)
/// and the usepaw branches add the datasets (pawtab), pawrhoij, cprj, pawfgrtab, dij and the
/// PAW mixing history, every dataset and atom counted as the largest (`paw_lmn`) with the
/// spheres of `paw_radius`; DFT+U's occupation matrices, (2l + 1)² reals per atom and spin,
/// are not counted there and are below a kilobyte.
pub(super) fn terms(pw: &PlaneWave, ranks: u64, continuous: bool) -> (Vec<Term>, Sizes) {
    // Whole plane-wave sets and grids per process: the sizes of one process holding them all.
    let mut z = sizes(pw, 1, continuous);
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
    let paw = pw.pp == PpKind::Paw;
    let usepaw = if paw { 1.0 } else { 0.0 };
    // The fine grid (pawecutdg) and its padding; without PAW it is the coarse grid.
    let nfftf = if paw && pw.fine_grid > 0 {
        pw.fine_grid as f64
    } else {
        nfft
    };
    let side_f = crate::base::sat::cbrt(nfftf).round().max(1.0);
    let padded_f = 2.0 * (side_f / 2.0).floor() + 1.0;
    let pad_f = (padded_f * padded_f * side_f - nfftf).max(0.0);
    let mpsang = pw.lmax as f64 + 1.0;
    let lmn = if pw.paw_lmn > 0 {
        pw.paw_lmn as f64
    } else {
        2.0 * mpsang * mpsang
    };
    let lmn2 = lmn * (lmn + 1.0) / 2.0;
    // useylm = 1 with PAW: lmnmax_eff = lmnmax; with Legendre polynomials lmnmax_eff = lnmax.
    let lmnmax = if paw { lmn } else { lnmax };
    // PAW datasets' headers: pspheads%xccc is 1 where a core density is given.
    let n1xccc = match (pw.core_correction, paw) {
        (false, _) => 0.0,
        (true, false) => 2501.0,
        (true, true) => 1.0,
    };
    let nsym = pw.symmetries.max(1);
    let smear = pw.smearing;
    let npulayit = pw.mixing_ndim as f64;
    // iscf = 7 (Pulay mixing of the potential, the norm-conserving default): 2 + 2·npulayit arrays.
    let n_fftgr = 2.0 + 2.0 * npulayit;
    let narr = 2.0; // fftalg 312 (FFTW3) and 112: two work arrays in fourdp
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
        /// cfftf: blocks of the fine grid (the coarse grid without PAW).
        Fine,
        /// The usepaw branches' fixed counts.
        Paw,
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
    put(5, Mpw, mkmem * mpsang * mpsang * usepaw, 8.0);
    put(5, Fine, nspden + 2.0, 8.0);
    put(6, Mpw, 2.0 * nspinor * mband * mkmem * nsppol, 8.0);
    put(7, Add, 3.0 * mband * nkpt * nsppol, 8.0);
    put(
        8,
        Add,
        mqgrid * (1.0 + 2.0 * ntypat) + mqgrid * (1.0 + 2.0 * ntypat * lnmax),
        8.0,
    );
    put(9, Add, 6.0 * (2.0 * mgfft + 1.0) * natom, 8.0);
    put(9, Paw, 6.0 * (2.0 * side_f + 1.0) * natom * usepaw, 8.0);
    put(11, Add, n1xccc * 6.0 * ntypat, 8.0);
    let mesh = if pw.paw_mesh > 0 { pw.paw_mesh } else { 1200 } as f64;
    let basis = lnmax;
    let l_size = 2.0 * pw.lmax as f64 + 1.0;
    let l_max = pw.lmax.max(1) as f64;
    let ucvol = pw.volume_milli.max(1) as f64 / 1000.0;
    let rshp = if pw.paw_radius_milli > 0 {
        pw.paw_radius_milli as f64 / 1000.0
    } else {
        2.0
    };
    // paral_atom (on by default with PAW): each process keeps the per-atom arrays of its
    // share of the atoms, the first process the first ⌈natom / nproc⌉ (my_natom).
    let my_natom = if continuous {
        natom / p
    } else {
        (natom / p).ceil()
    };
    // pawfgrtab: the fine-grid points inside one sphere.
    let sphere = if paw {
        1.0 + (nfftf * 4.0 * std::f64::consts::PI * rshp.powi(3) / (3.0 * ucvol)).floor()
    } else {
        0.0
    };
    if paw {
        // (16) pawtab per dataset: phi, tphi, phiphj, tphiphj, shapefunc, qijl, gnorm..., eijkl,
        // dltij, dij0, rhoij0, sij, core densities, tncorespl; zarot, realgnt; pawrhoij; cprj.
        let dataset = 2.0 * mesh * basis
            + 2.0 * mesh * basis * (basis + 1.0) / 2.0
            + mesh * l_size
            + lmn2 * l_size * l_size
            + l_size * 5.0
            + lmn2 * (4.0 + lmn2)
            + mesh * 5.0
            + mqgrid * 2.0;
        put(
            16,
            Paw,
            ntypat * dataset
                + l_size * 2.0 * l_max * nsym as f64
                + (2.0 * l_max - 1.0).powi(2) * l_max * l_max * (l_max * l_max + 1.0) / 2.0
                + my_natom * lmn2 * nspden
                + 2.0 * natom * nkpt * nspinor * mband * nsppol * lmn,
            8.0,
        );
        // (17) indklmn, fintocoa/coatofin, rhoijselect.
        put(
            17,
            Paw,
            ntypat * lmn2 * 8.0 + nfft + nfftf + my_natom * (2.0 + lmn2),
            4.0,
        );
    }
    // (2) scfcv: vhartr, vpsp, vtrial, vxc; the mixing history f_fftgr; xccc3d.
    put(21, Fine, 2.0 + 2.0 * nspden, 8.0);
    if paw {
        // kxc: PAW's default iscf 17 (density mixing, iscf >= 10) with densfor_pred 2.
        put(21, Fine, 3.0 * nspden, 8.0);
    }
    put(22, Fft, nspden * n_fftgr, 8.0);
    if n1xccc > 0.0 {
        put(29, Fine, 1.0, 8.0);
    }
    let ngrad: f64 = if pw.xc == XcLevel::Gga { 2.0 } else { 1.0 };
    if paw {
        // (25, 26) pawfgrtab (gylm with pawstgylm = 1, gylmgr with forces), dij, rhoijres and
        // the PAW mixing history f_paw; ifftsph and lmselect; nhat (pawnhatxc = 1).
        let forces = if pw.forces { 1.0 } else { 0.0 };
        let optstress = if pw.stress { 1.0 } else { 0.0 };
        put(
            25,
            Paw,
            my_natom
                * (sphere * l_size * l_size
                    + forces * sphere * (3.0 * l_size * l_size + 3.0 * optstress)
                    + lmn2 * nspinor.powi(3)
                    + lmn2 * nspden
                    + lmn2 * nspden * n_fftgr),
            8.0,
        );
        put(
            26,
            Paw,
            my_natom * sphere + my_natom * (l_size * l_size / 32.0).floor(),
            4.0,
        );
        put(29, Fine, (1.0 + 3.0 * (ngrad / 2.0).floor()) * nspden, 8.0);
    }
    // (3) rhotoxc and xcden.
    if n1xccc > 0.0 {
        put(31, Fine, nspden, 8.0);
    }
    let nspgrad = if nspden == 2.0 && ngrad == 2.0 {
        5.0
    } else {
        nspden * ngrad
    };
    put(32, Fine, nspden * ngrad * ngrad + nspgrad, 8.0);
    if ngrad == 2.0 {
        put(33, Fine, 3.0 + narr, 8.0);
        put(33, Add, narr * pad_f, 8.0);
        put(34, Fine, 2.0, 8.0);
    }
    put(35, Fine, nspden, 8.0);
    // (4) newvtr: vresid, vrespc and the new potential's work.
    put(41, Fft, 2.0 * nspden, 8.0);
    put(43, Fft, 2.0 * nspden, 8.0);
    if nspden > 1.0 {
        put(43, Fine, 2.0 * (nspden - 1.0), 8.0);
    }
    // (5) vtorho, inside the k-point loop.
    put(51, Add, (11.0 + 3.0 * natom) * mband * nkpt * nsppol, 8.0);
    put(52, Mpw, 3.0, 4.0);
    put(53, Fft, 4.0 + nspden, 8.0);
    put(53, Add, 2.0 * pad, 8.0);
    put(56, Add, (14.0 + 3.0 * natom) * mband, 8.0);
    put(57, Mpw, mpsang * mpsang * usepaw, 8.0);
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
    if paw {
        // (6f) pawmkrhoij's gathered rhoij.
        put(63, Paw, natom * lmn2 * nspden + natom * (2.0 + lmn2), 8.0);
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
    put(72, Paw, usepaw * mband * (mband + 1.0), 8.0);
    put(73, Mpw, 1.0, 8.0);
    put(74, Mpw, 2.0 * ntypat * lmnmax, 8.0);
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
    if paw {
        // nonlop_ylm: gx, gxfac(_sij), kpg, indlmn_typ, ffnl_typ, opernla_ylm's scalars.
        put(94, Mpw, 2.0 * lmnmax * mincat, 8.0);
        put(99, Paw, 2.0 * lmnmax * mincat * 2.0, 8.0);
        put(95, Mpw, 3.0, 8.0);
        put(96, Paw, lmnmax * 6.0, 4.0);
        put(97, Mpw, lmnmax, 8.0);
        put(98, Mpw, 2.0, 8.0);
    } else {
        put(94, Add, 80.0 * mincat, 8.0);
        if pw.forces {
            put(95, Add, 240.0 * mincat, 8.0);
        }
        put(97, Add, NLO_MBLKPW * 40.0, 8.0);
    }
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
    // Per chain: wavefunctions (cg), other plane-wave arrays, grid arrays, fixed-size arrays,
    // with PAW the fine-grid arrays and PAW's own; their bytes, and their blocks of 4-byte and
    // of 8-byte words that the formulas show.
    let mut best = [0.0f64; 6];
    let mut best_words = [[0.0f64; 2]; 6];
    let mut best_chain = 1;
    for c in 1..=7 {
        let mut sums = [0.0f64; 6];
        let mut words = [[0.0f64; 2]; 6];
        for &(i, u, n, w) in a.iter().filter(|x| in_chain(x.0, c)) {
            let (k, unit) = match (i, u) {
                (6, _) => (0, mpw),
                (_, Mpw) => (1, mpw),
                (_, Fft) => (2, nfft),
                (_, Add) => (3, 1.0),
                (_, Fine) if paw => (4, nfftf),
                (_, Fine) => (2, nfft),
                (_, Paw) => (5, 1.0),
            };
            sums[k] += n * unit * w;
            words[k][usize::from(w == 8.0)] += n;
        }
        if sums.iter().sum::<f64>() > best.iter().sum::<f64>() {
            best = sums;
            best_words = words;
            best_chain = c;
        }
    }
    let residue = 1024.0
        * if smear {
            991.0 + natom
        } else {
            231.0 + 6.0 * natom
        };
    let chain = match best_chain {
        1 => AbinitChain::MainFourwf,
        2 => AbinitChain::MainNonlop,
        3 => AbinitChain::Xc,
        4 => AbinitChain::Mkrho,
        5 => AbinitChain::Fourdp,
        6 => AbinitChain::ParallelKpoint,
        _ => AbinitChain::Newvtr,
    };
    z.npwx_l = mpw;
    z.nnr = nfft;
    z.nks = mkmem as u64;
    z.nspin = nspden as u64;
    z.npol = nspinor as u64;
    let term = |id: PartId, bytes: f64, values: AbinitTerm| Term {
        id,
        bytes,
        values: PwTerm::Abinit(values),
    };
    let blocks = |k: usize| Blocks {
        words4: shown(best_words[k][0]),
        words8: shown(best_words[k][1]),
    };
    let mut terms = vec![
        term(
            PartId::Wavefunctions,
            best[0],
            AbinitTerm::Wavefunctions {
                spinors: nspinor as u64,
                bands: shown(mband),
                plane_waves: shown(mpw),
                mkmem: mkmem as u64,
                spins: nsppol as u64,
            },
        ),
        term(
            PartId::Projectors,
            best[1],
            AbinitTerm::PlaneWaveArrays {
                plane_waves: shown(mpw),
                blocks: blocks(1),
                chain,
            },
        ),
        term(
            PartId::State,
            best[2],
            AbinitTerm::GridArrays {
                grid: shown(nfft),
                blocks: blocks(2),
                chain,
                pulay_arrays: n_fftgr as u64,
            },
        ),
        term(
            PartId::Tables,
            best[3],
            AbinitTerm::Fixed {
                blocks: blocks(3),
                chain,
                qpoints: mqgrid as u64,
                bands: shown(mband),
            },
        ),
        term(
            PartId::Work,
            residue,
            AbinitTerm::Residue {
                atoms: shown(natom),
                smearing: smear,
            },
        ),
    ];
    if paw {
        terms.push(term(
            PartId::PawFineGrid,
            best[4],
            AbinitTerm::FineGrid {
                grid: shown(nfftf),
                blocks: blocks(4),
                chain,
            },
        ));
        terms.push(term(
            PartId::PawArrays,
            best[5],
            AbinitTerm::Paw {
                atoms: shown(my_natom),
                lmn_size: shown(lmn),
                sphere_points: shown(sphere),
                l_size: l_size as u64,
                cprj: shown(2.0 * natom * nkpt * nspinor * mband * nsppol * lmn),
                blocks: blocks(5),
                chain,
            },
        ));
    }
    (terms, z)
}
