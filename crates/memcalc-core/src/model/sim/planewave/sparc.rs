//! SPARC's own estimate (src/initialization.c, estimate_memory): orbitals, grid vectors and
//! subspace matrices on the real-space grid, and 10 % on top.

use super::{shown, sizes, PwTerm, Sizes, Term};
use crate::catalog::parts::PartId;
use crate::model::values::sim::SparcTerm;
use crate::scenario::planewave::{PlaneWave, Spin};

/// SPARC's own estimate (src/initialization.c, estimate_memory, SPARC 2024–2025), which it
/// prints as "Estimated total memory usage" and, divided by the processes, "Estimated memory
/// per processor": the orbitals (one set per spin and k-point, plus 2.5 working copies per
/// spin/k-point group for Chebyshev filtering, 5.5 when bands are split over groups because
/// ScaLAPACK's redistribution and the block-cyclic copies join them), 6 + 4·Nspin +
/// 2·MixingHistory·Nspin + 3·(2·Nspin − 1) + 1 grid vectors, three subspace matrices
/// Ns × Ns per domain process, and 10 % on top for everything else. The grid is SPARC's
/// finite-difference mesh (FD_GRID), given as `fft_grid`.
pub(super) fn terms(pw: &PlaneWave, ranks: u64, continuous: bool) -> (Vec<Term>, Sizes) {
    let mut z = sizes(pw, ranks, continuous);
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
    // Working copies in tenths, so the formula writes them without float formatting.
    let copies_tenths: u64 = if pw.band_groups > 1 { 55 } else { 25 };
    let ncpy = copies_tenths as f64 / 10.0;
    let m = pw.mixing_ndim as f64;
    let orbitals = nd * ns * (ncpy * groups + nspin * nk) * ts;
    let nvec = 6.0 + 4.0 * nspin + 2.0 * m * nspin + 3.0 * (2.0 * nspin - 1.0) + 1.0;
    let vectors = nvec * nd * 8.0;
    let matrices = 3.0 * domain * ns * ns * 8.0;
    let other = 0.10 * (orbitals + vectors + matrices);
    z.nspin = nspin as u64;
    z.npol = 1;
    z.nnr = nd / p;
    let term = |id: PartId, bytes: f64, values: SparcTerm| Term {
        id,
        bytes,
        values: PwTerm::Sparc(values),
    };
    let processes = shown(p);
    let terms = vec![
        term(
            PartId::Wavefunctions,
            orbitals / p,
            SparcTerm::Orbitals {
                grid: shown(nd),
                states: shown(ns),
                copies_tenths,
                groups: groups as u64,
                spins: nspin as u64,
                kpoints: nk as u64,
                word: ts as u64,
                processes,
            },
        ),
        term(
            PartId::State,
            vectors / p,
            SparcTerm::Vectors {
                vectors: nvec as u64,
                grid: shown(nd),
                processes,
            },
        ),
        term(
            PartId::Subspace,
            matrices / p,
            SparcTerm::Subspace {
                domain: domain as u64,
                states: shown(ns),
                processes,
            },
        ),
        term(
            PartId::Work,
            other / p,
            SparcTerm::Other {
                listed_bytes: shown(orbitals + vectors + matrices),
                processes,
            },
        ),
    ];
    (terms, z)
}
