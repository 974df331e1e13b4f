//! Quantum ESPRESSO pw.x's own estimate ("Estimated max dynamical RAM per process",
//! PW/src/memory_report.f90): the permanent arrays of a process of the pool, then the largest
//! scratch peak.

use super::{shown, sizes, PwTerm, Sizes, Term, PI};
use crate::catalog::parts::PartId;
use crate::model::values::sim::PwxTerm;
use crate::scenario::planewave::{Diagonalization, PlaneWave, PpKind, Spin, XcLevel};

pub(super) fn terms(pw: &PlaneWave, ranks: u64, continuous: bool) -> (Vec<Term>, Sizes) {
    let z = sizes(pw, ranks, continuous);
    let (c, r) = (16.0, 8.0);
    let us = pw.pp != PpKind::Nc;
    let ntyp = pw.species.max(1) as f64;
    let nbnd = pw.bands as f64;
    let npol = z.npol as f64;
    let nspin = z.nspin as f64;
    let nkb = z.nkb as f64;

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
    // DFT+U with atomic projectors (U_projection 'atomic', the default): wfcU, the Hubbard
    // states' atomic wavefunctions, kept for every k-point of the pool like the bands.
    let nwfcu = pw.hubbard_wfc as f64;
    let hubbard = c * nwfcu * npol * z.npwx_l * z.nk as f64;
    // Exact exchange, as exx.f90 (6.7) allocates it rather than memory_report.f90's rough
    // 2 × ngxx_g grid: exxbuff(nrxxs·npol, bands, nkqs) on the EXX grid dfftt (bands paired
    // into complex numbers at Γ), xi and evc0 (npwx·npol, nbnd, nks) for ACE, and vexx's
    // result and vc (nrxxs, bands) while H|ψ⟩ is applied.
    let exx = exx_sizes(pw, &z, continuous);
    let exx_bytes = exx.map_or(0.0, |x| {
        let bands_buf = if pw.gamma { (nbnd / 2.0).ceil() } else { nbnd };
        c * x.grid_l * npol * bands_buf * x.nkqs
            + 2.0 * c * z.npwx_l * npol * nbnd * z.nks as f64
            + 2.0 * c * x.grid_l * nbnd
    });
    let paw = paw_one_centre(pw, nspin);
    let scratch = diag.max(init).max(aug).max(paw).max(0.0);
    let permanent = wfc + nonlocal + grids + mixing + gvectors + hubbard + exx_bytes;
    // ggen's global sort of all G vectors (2 ints and a double each) can set the peak instead.
    let sort = 16.0 * z.ngm_g;
    let sort_extra = (sort - permanent - scratch).max(0.0);

    let term = |id: PartId, bytes: f64, values: PwxTerm| Term {
        id,
        bytes,
        values: PwTerm::Pwx(values),
    };
    let mut terms = vec![
        term(
            PartId::Wavefunctions,
            wfc,
            PwxTerm::Wavefunctions {
                bands: pw.bands,
                spinors: z.npol,
                plane_waves: shown(z.npwx_l),
                buffers: z.nk,
            },
        ),
        term(
            PartId::Projectors,
            nonlocal,
            PwxTerm::Projectors {
                projectors: z.nkb,
                plane_waves: shown(z.npwx_l),
                radial_bytes: shown(qrad),
            },
        ),
        term(
            PartId::State,
            grids,
            PwxTerm::Densities {
                g_vectors: shown(z.ngm),
                grid: shown(z.nnr),
                spins: z.nspin,
                species: pw.species.max(1),
            },
        ),
        term(
            PartId::Mixing,
            mixing,
            PwxTerm::Mixing {
                g_vectors: shown(z.ngm),
                spins: z.nspin,
                iterations: pw.mixing_ndim,
            },
        ),
        term(
            PartId::Gvectors,
            gvectors,
            PwxTerm::Gvectors {
                g_vectors: shown(z.ngm),
                species: pw.species,
                smooth: shown(z.ngms),
            },
        ),
        term(
            PartId::Work,
            scratch + sort_extra,
            PwxTerm::Scratch {
                diagonalisation: shown(diag),
                initial: shown(init),
                augmentation: shown(aug),
                sort_extra: shown(sort_extra),
                paw: shown(paw),
            },
        ),
    ];
    // Only runs that have them show the DFT+U and EXX parts.
    if pw.hubbard_wfc > 0 {
        terms.insert(
            1,
            term(
                PartId::HubbardProjectors,
                hubbard,
                PwxTerm::Hubbard {
                    states: pw.hubbard_wfc,
                    spinors: z.npol,
                    plane_waves: shown(z.npwx_l),
                    buffers: z.nk,
                },
            ),
        );
    }
    if let Some(x) = exx {
        let at = terms.len() - 1;
        terms.insert(
            at,
            term(
                PartId::ExxBuffers,
                exx_bytes,
                PwxTerm::Exx {
                    grid: shown(x.grid_l),
                    spinors: z.npol,
                    bands: pw.bands,
                    kq_points: shown(x.nkqs),
                    plane_waves: shown(z.npwx_l),
                    kpoints: z.nks,
                    gamma: pw.gamma,
                },
            ),
        );
    }
    (terms, z)
}

/// PAW_potential (paw_onecenter.f90, qe-6.7) for one atom at a time, in 8-byte reals on the
/// radial grid of m points: v_lm, savedv_lm and rho_lm over (lmax_rho + 1)² components; with a
/// GGA, PAW_gcxc_potential's gc_rad, h_rad (3 components) and segni_rad over the rad%nx
/// directions, gc_lm, div_h, rhoout_lm and vout_lm, h_lm over (lmax_rho + 1 + xlm)², and the
/// sampled density with its gradient. The directions (PAW_rad_init): lmax = 3·lmax_rho (+ xlm
/// = 2 with a GGA), nx = ⌊(lmax + 2)/2⌋ × (lmax + 1 + lmax mod 2). pw.x's own report leaves
/// these out; on an atom with d projectors they exceed the augmentation scratch.
fn paw_one_centre(pw: &PlaneWave, nspin: f64) -> f64 {
    if pw.pp != PpKind::Paw {
        return 0.0;
    }
    let m = if pw.paw_mesh > 0 { pw.paw_mesh } else { 1200 } as f64;
    let lmax_rho = 2 * pw.lmax;
    let gga = pw.xc == XcLevel::Gga;
    let ladd = if gga && lmax_rho > 0 { 2 } else { 0 };
    let lmax = if lmax_rho > 0 { 3 * lmax_rho + ladd } else { 0 };
    let nx = ((lmax + 2) / 2 * (lmax + 1 + lmax % 2)) as f64;
    let l2 = ((lmax_rho + 1) * (lmax_rho + 1)) as f64;
    let lh = ((lmax_rho + 1 + ladd) * (lmax_rho + 1 + ladd)) as f64;
    let ns_gga = nspin.min(2.0);
    let potential = 3.0 * m * l2 * nspin;
    let xc = if gga {
        m * nx * ns_gga * 4.0
            + m * nx
            + 4.0 * m * l2 * ns_gga
            + 3.0 * m * lh * ns_gga
            + 5.0 * m * ns_gga
    } else {
        m * (2.0 * nspin + 8.0)
    };
    8.0 * (potential + xc)
}

/// The EXX FFT grid per process and the (k+q) points, for a hybrid functional.
#[derive(Clone, Copy)]
struct ExxSizes {
    grid_l: f64,
    nkqs: f64,
}

/// exx_fft_create: the custom grid dfftt holds the G sphere of ecutfock; where it equals
/// ecutrho it is the dense grid. exx_grid_init lists the (k+q) points per spin and then counts
/// them nspin_lsda times (exx_base.f90).
fn exx_sizes(pw: &PlaneWave, z: &Sizes, continuous: bool) -> Option<ExxSizes> {
    if !pw.exx {
        return None;
    }
    let ecutfock = pw.ecutfock();
    let ratio = ecutfock / pw.ecutrho();
    let grid = if pw.fft_grid > 0 || (ratio - 1.0).abs() < 1e-9 {
        z.fft * ratio.powf(1.5)
    } else {
        let side = crate::base::sat::cbrt(pw.volume_milli as f64 / 1000.0);
        let nr = super::good_fft_order((ecutfock.sqrt() * side / PI) as u64 + 1) as f64;
        nr * nr * nr
    };
    let grid_l = grid / z.per_pool;
    let grid_l = if continuous { grid_l } else { grid_l.ceil() };
    let per_spin = if pw.exx_kq > 0 {
        pw.exx_kq
    } else {
        pw.kpoints.max(pw.exx_nq).max(1)
    };
    let spins = if pw.spin == Spin::Collinear { 2 } else { 1 };
    Some(ExxSizes {
        grid_l,
        nkqs: (per_spin * spins) as f64,
    })
}
