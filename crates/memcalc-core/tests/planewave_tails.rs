//! Plane-wave DFT terms beyond the bands and densities: DFT+U's projector wavefunctions, the
//! exact-exchange buffers of hybrid functionals, and ABINIT supercells with more symmetry
//! operations than one point group has. The figures are pw.x 6.7 runs of the decks in
//! docs/accuracy/qe/ on this project's machine. Each test fails without its mechanism.

mod common;

use common::{est, expect_part, part, scenario};
use memcalc_core::PartId;

const PW: &str = "mode=sim&method=planewave&nodes=1&david_ndim=2";

/// ni-paw-u.in: fcc Ni, PAW, collinear spin, 16 k-points, Hubbard U on the 3d shell.
const NI_U: &str = "ecutwfc=30&ecutrho=240&cell_volume=73.520&bands=13&kpoints=16&spin=collinear&atoms=1&species=1&pseudopotential=paw&projectors=18&betas=6&lmax_beta=2&fft_grid=13824";

/// si-exx.in: two-atom Si, PBE0, a 2 × 2 × 2 q mesh, 3 k-points, the 24³ grid pw.x prints as
/// 'EXX grid'.
const SI_EXX: &str = "ecutwfc=20&cell_volume=270.011&bands=8&kpoints=3&atoms=2&species=1&projectors=8&betas=2&lmax_beta=1&fft_grid=13824";

const MIB: f64 = 1024.0 * 1024.0;

#[test]
fn dft_plus_u_keeps_the_hubbard_wavefunctions_for_every_k_point() {
    let q = format!("{PW}&rank_overhead=0&overhead=0&ranks=1&{NI_U}&hubbard_wfc=5");
    let e = est(&q);
    // pw.x (verbosity='high'): 'Dynamical RAM for U proj. (w. buff.): 0.51 MB', that is
    // 16 B × 5 states × 204 plane waves × (32 k-points + 1).
    assert_eq!(
        expect_part(&e, PartId::HubbardProjectors),
        16 * 5 * 204 * 33
    );
    // 'Estimated max dynamical RAM per process > 21.28 MB', 0.52 MB above the same run without
    // U (20.76 MB): the projectors are all DFT+U adds to pw.x's count.
    let plain = est(&format!("{PW}&rank_overhead=0&overhead=0&ranks=1&{NI_U}"));
    assert_eq!(part(&plain, PartId::HubbardProjectors), None);
    assert_eq!(e.per_rank_bytes - plain.per_rank_bytes, 16 * 5 * 204 * 33);
}

#[test]
fn hybrid_functionals_keep_every_band_of_every_k_plus_q_point_on_the_exx_grid() {
    let q = format!("{PW}&rank_overhead=26&ranks=1&{SI_EXX}&exx=on&exx_nq=8");
    let e = est(&q);
    let exx = expect_part(&e, PartId::ExxBuffers);
    // exxbuff: 16 B × 13,824 points × 8 bands × 8 (k+q) points (the list pw.x prints).
    assert!(exx >= 16 * 13_824 * 8 * 8, "{exx}");
    // Peak RSS of the process under /usr/bin/time -v: 52,636 kB.
    let measured = 52_636.0 / 1024.0;
    let mib = e.per_rank_bytes as f64 / MIB;
    assert!((mib - measured).abs() / measured < 0.15, "{mib} MiB");
    // Two ranks split the grid: 41,800 kB for the larger rank.
    let two = est(&format!(
        "{PW}&rank_overhead=26&ranks=2&{SI_EXX}&exx=on&exx_nq=8"
    ));
    let measured = 41_800.0 / 1024.0;
    let mib = two.per_rank_bytes as f64 / MIB;
    assert!((mib - measured).abs() / measured < 0.15, "{mib} MiB");
    // The (k+q) points default to the larger of k-points and q mesh; a finer list is read.
    let listed = est(&format!(
        "{PW}&rank_overhead=26&ranks=1&{SI_EXX}&exx=on&exx_nq=8&exx_kq=16"
    ));
    assert!(expect_part(&listed, PartId::ExxBuffers) > exx + 16 * 13_824 * 8 * 7);
    // A smaller ecutfock shrinks the EXX grid.
    let coarse = est(&format!(
        "{PW}&rank_overhead=26&ranks=1&{SI_EXX}&exx=on&exx_nq=8&ecutfock=40"
    ));
    assert!(expect_part(&coarse, PartId::ExxBuffers) < exx / 2);
}

#[test]
fn a_supercell_can_have_more_symmetry_operations_than_a_point_group() {
    // A 64-atom cubic Si supercell: 48 point operations × 32 primitive-cell translations.
    let s = scenario("mode=sim&code=abinit&atoms=64&symmetries=1536");
    assert_eq!(s.sim.pw.symmetries, 1536);
}

#[test]
fn paw_one_centre_arrays_set_the_peak_of_a_d_metal_on_two_ranks() {
    // ni-paw.in on 2 ranks: the larger rank peaks at 54,116 kB (27 MiB of it the bare
    // process), hardly below the 56,284 kB of 1 rank, while the plane-wave arrays halve: the
    // atom's radial arrays (1,195 points, PBE) are not split.
    let q = format!("{PW}&ranks=2&rank_overhead=27&{NI_U}&paw_mesh=1195");
    let e = est(&q);
    let measured = 54_116.0 / 1024.0;
    let mib = e.per_rank_bytes as f64 / MIB;
    assert!((mib - measured).abs() / measured < 0.15, "{mib} MiB");
    // An LDA integrates over fewer directions and keeps no gradients.
    let lda = est(&format!("{q}&xc=lda"));
    assert!(lda.per_rank_bytes + 8 * (1 << 20) < e.per_rank_bytes);
    // Norm-conserving and ultrasoft runs have no one-centre arrays.
    let us = est(&q.replace("pseudopotential=paw", "pseudopotential=us"));
    let us_mesh = est(&q
        .replace("pseudopotential=paw", "pseudopotential=us")
        .replace("&paw_mesh=1195", ""));
    assert_eq!(us.per_rank_bytes, us_mesh.per_rank_bytes);
}
