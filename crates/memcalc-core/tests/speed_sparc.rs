//! Time of SPARC's real-space SCF iterations (speed/sim/sparc.rs): Chebyshev filtering's H
//! applications, the projectors, the subspace products and eigenproblem, and the halo, each
//! checked against the counts worked by hand from SPARC's source.

mod common;

use common::{term, term_seconds, time_of};
use memcalc_core::speed::sim::sparc::RsTerm;
use memcalc_core::speed::TermValues;
use memcalc_core::{Steps, TermId};

/// SPARC's CuSi7 test deck (tests/CuSi7): 37³ points, 30 states at Γ, 8 atoms, one process on
/// a CPU core of 64 GFLOP/s and 10 GB/s at full use, so the times are the counts scaled.
const CUSI7: &str = "mode=sim&method=planewave&dft_arrays=sparc&fft_grid=50653&cell_volume=1080.046&bands=30&kpoints=1&gamma_only=on&atoms=8&projectors=144&projector_radius=1.91&ranks=1&nodes=1&sim_device=cpu&node=frontier&host_bw=10&bw_eff=100&cpu_flops=64&core_flops=64&mfu=100";

fn values(sp: &memcalc_core::Speed, id: TermId) -> RsTerm {
    match term(sp, id).values {
        TermValues::RealSpace(v) => v,
        v => panic!("{id:?}: {v:?}"),
    }
}

fn close(a: f64, b: f64, what: &str) {
    assert!((a - b).abs() <= 1e-9 * b.abs(), "{what}: {a} against {b}");
}

#[test]
fn a_sparc_scf_iteration_counts_the_filter_and_the_subspace_by_hand() {
    let sp = time_of(CUSI7);
    // h = (1080.046 / 50653)^(1/3) = 0.2773 bohr: degree 27, as the deck's output prints.
    let RsTerm::StencilCompute { filter: f, .. } = values(&sp, TermId::RsStencilCompute) else {
        panic!()
    };
    assert_eq!(f.degree, 27);
    let points = 50653.0 * 30.0;
    // 28 applications × (9 × 6 + 4) FLOPs, 26 recurrence steps × 3, per point and state.
    close(
        term_seconds(&sp, TermId::RsStencilCompute),
        (28.0 * 58.0 + 26.0 * 3.0) * points / 64e9,
        "stencil",
    );
    close(
        term_seconds(&sp, TermId::RsStencilMemory),
        (8.0 * 27.0 - 2.0) * 8.0 * points / 10e9,
        "memory",
    );
    // dsyrk + 2 dgemm: 5 Nd Ns².
    close(
        term_seconds(&sp, TermId::RsSubspace),
        5.0 * 50653.0 * 900.0 / 64e9,
        "subspace",
    );
    close(
        term_seconds(&sp, TermId::RsEigensolve),
        14.0 / 3.0 * 27000.0 / 64e9,
        "eigensolve",
    );
    // 4/3 π 1.91³ / (1080.046 / 50653) points a sphere, 18 projectors, 8 atoms.
    let sphere = 4.0 / 3.0 * std::f64::consts::PI * 1.91f64.powi(3) / (1080.046 / 50653.0);
    close(
        term_seconds(&sp, TermId::RsProjectors),
        4.0 * sphere * 18.0 * 8.0 * 28.0 * 30.0 / 64e9,
        "projectors",
    );
    let Steps::Sim { step, .. } = sp.steps else {
        panic!()
    };
    let longer =
        term_seconds(&sp, TermId::RsStencilCompute).max(term_seconds(&sp, TermId::RsStencilMemory));
    close(
        step.seconds().unwrap(),
        longer
            + term_seconds(&sp, TermId::RsProjectors)
            + term_seconds(&sp, TermId::RsSubspace)
            + term_seconds(&sp, TermId::RsEigensolve),
        "step",
    );
    assert!(!sp.terms.iter().any(|t| t.id() == TermId::RsHalo));
}

#[test]
fn k_points_are_complex_and_the_keys_change_the_counts() {
    let g = time_of(CUSI7);
    let k = time_of(&CUSI7.replace("gamma_only=on", "gamma_only=off"));
    close(
        term_seconds(&k, TermId::RsStencilCompute),
        2.0 * term_seconds(&g, TermId::RsStencilCompute),
        "complex stencil",
    );
    close(
        term_seconds(&k, TermId::RsSubspace),
        24.0 / 5.0 * term_seconds(&g, TermId::RsSubspace),
        "complex subspace",
    );
    close(
        term_seconds(&k, TermId::RsEigensolve),
        4.0 * term_seconds(&g, TermId::RsEigensolve),
        "complex eigensolve",
    );
    let d = time_of(&format!("{CUSI7}&cheb_degree=11&fd_order=4"));
    close(
        term_seconds(&d, TermId::RsStencilCompute),
        (12.0 * 22.0 + 10.0 * 3.0) * 50653.0 * 30.0 / 64e9,
        "degree and order",
    );
    let r = time_of(&CUSI7.replace("projector_radius=1.91", "projector_radius=3.82"));
    close(
        term_seconds(&r, TermId::RsProjectors),
        8.0 * term_seconds(&g, TermId::RsProjectors),
        "radius",
    );
}

#[test]
fn domain_processes_exchange_a_halo_of_half_the_order_every_application() {
    let sp = time_of(&CUSI7.replace("ranks=1", "ranks=8"));
    let RsTerm::Halo { side, transfer, .. } = values(&sp, TermId::RsHalo) else {
        panic!()
    };
    let side_want = (50653.0f64 / 8.0).cbrt();
    close(side, side_want, "side");
    // 12 layers over 3 face pairs per state and application, 28 applications of 30 states.
    close(
        transfer.bytes,
        12.0 * 3.0 * side_want * side_want * 8.0 * 28.0 * 30.0,
        "halo bytes",
    );
    assert!(term_seconds(&sp, TermId::RsHalo) > 0.0);
    // Serial dsygvd below 1,500 states: the eigenproblem does not shrink with the processes.
    close(
        term_seconds(&sp, TermId::RsEigensolve),
        term_seconds(&time_of(CUSI7), TermId::RsEigensolve) * 8.0,
        "eigensolve on one of 8 ranks' share of the node",
    );
}

#[test]
fn every_sparc_term_has_words_and_a_source() {
    for q in [
        CUSI7,
        "mode=sim&method=planewave&dft_arrays=sparc",
        "mode=sim&method=planewave&dft_arrays=sparc&ranks=64&nodes=2&spin=collinear&pools=2",
        "mode=sim&code=sparc",
    ] {
        let sp = time_of(q);
        for t in &sp.terms {
            let f = memcalc_core::explain::speed::formula(t);
            assert!(
                f.ends_with(&memcalc_core::explain::speed::time(t.time)),
                "{q}: {f}"
            );
            assert!(!memcalc_core::explain::speed::label(t).is_empty(), "{q}");
            assert!(
                memcalc_core::explain::speed::source(t).contains("SPARC"),
                "{q}"
            );
            assert!(
                !memcalc_core::explain::speed::explanation(t).is_empty(),
                "{q}"
            );
        }
    }
}

#[test]
fn the_sparc_keys_round_trip_and_refuse_what_sparc_would() {
    let q = format!("{CUSI7}&cheb_degree=40&fd_order=8");
    let s = common::scenario(&q);
    assert_eq!(s.speed.cheb_degree, Some(40));
    assert_eq!(s.speed.fd_order, Some(8));
    assert_eq!(s.speed.projector_radius_mbohr, Some(1910));
    let back = s.to_query();
    assert_eq!(common::scenario(&back), s);
    for kv in ["cheb_degree=40", "fd_order=8", "projector_radius=1.91"] {
        assert!(back.contains(kv), "{kv} in {back}");
    }
    for (k, v) in [
        ("cheb_degree", "0"),
        ("fd_order", "1"),
        ("projector_radius", "0"),
    ] {
        let (inputs, _) = memcalc_core::Inputs::from_query(&format!("mode=sim&code=sparc&{k}={v}"));
        assert!(inputs.parse().is_err(), "{k}={v}");
    }
}
