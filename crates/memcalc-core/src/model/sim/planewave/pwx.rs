//! Quantum ESPRESSO pw.x's own estimate ("Estimated max dynamical RAM per process",
//! PW/src/memory_report.f90): the permanent arrays of a process of the pool, then the largest
//! scratch peak.

use super::{shown, sizes, PwTerm, Sizes, Term, PI};
use crate::catalog::parts::PartId;
use crate::model::values::sim::PwxTerm;
use crate::scenario::planewave::{Diagonalization, PlaneWave, PpKind, Spin};

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
    let scratch = diag.max(init).max(aug).max(0.0);
    let permanent = wfc + nonlocal + grids + mixing + gvectors;
    // ggen's global sort of all G vectors (2 ints and a double each) can set the peak instead.
    let sort = 16.0 * z.ngm_g;
    let sort_extra = (sort - permanent - scratch).max(0.0);

    let term = |id: PartId, bytes: f64, values: PwxTerm| Term {
        id,
        bytes,
        values: PwTerm::Pwx(values),
    };
    let terms = vec![
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
            },
        ),
    ];
    (terms, z)
}
