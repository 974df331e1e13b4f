//! The scaling view's data: sweeps of the quantity that matters, and where they cross the
//! capacity.

mod common;

use common::scenario;
use memcalc_core::analysis::derived;
use memcalc_core::analysis::scaling::{scaling, sweep, sweep_values, Boundary};
use memcalc_core::{estimate, Inputs};

#[test]
fn training_sweeps_the_micro_batch_and_names_the_exact_limit() {
    let s = scenario("params=1B&gpu=a100-40&seq=4096");
    let sc = scaling(&s);
    assert_eq!(sc.key.key(), "batch");
    let max = derived::max_batch(&s).unwrap();
    assert_eq!(
        sc.boundary(),
        Boundary::UpTo {
            fit: max,
            over: max + 1
        }
    );
    assert_eq!(
        sc.boundary_text(),
        format!("fits up to {max}, not at {}", max + 1)
    );
    // Every point is the estimate at that batch, and the current batch is among them.
    for &(x, bytes) in &sc.series[0].points {
        let mut t = s;
        t.batch = x;
        assert_eq!(bytes, estimate(&t).per_device_bytes);
    }
    assert!(sc.series[0].points.iter().any(|p| p.0 == s.batch));
    assert!(sc.series[0]
        .points
        .windows(2)
        .all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1));
}

#[test]
fn inference_sweeps_the_context() {
    let s = scenario("preset=llama-3-8b-serve");
    let sc = scaling(&s);
    assert_eq!(sc.key.key(), "seq");
    let max = derived::max_seq(&s).unwrap();
    assert_eq!(
        sc.boundary(),
        Boundary::UpTo {
            fit: max,
            over: max + 1
        }
    );
}

#[test]
fn a_simulation_that_needs_more_nodes_fits_from_some_count_on() {
    // Eight ranks per node on nodes of 8 GiB: one node is too small, more nodes help.
    let s = scenario("mode=sim&method=grid&nx=1024&ny=1024&nz=512&ranks=8&nodes=1&node_mem=8");
    assert!(!estimate(&s).fits());
    let sc = scaling(&s);
    assert_eq!(sc.series.len(), 2, "strong and weak");
    match sc.boundary() {
        Boundary::From { over, fit } => {
            assert!(over < fit);
            assert_eq!(Some(fit), derived::derive(&s).fewest_nodes);
        }
        other => panic!("{other:?}"),
    }
    assert!(sc.boundary_text().starts_with("fits from "));
}

#[test]
fn cli_sweeps_use_every_integer_for_short_ranges_and_doubling_beyond() {
    assert_eq!(sweep_values(1, 4), vec![1, 2, 3, 4]);
    assert_eq!(
        sweep_values(1, 1000),
        vec![1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1000]
    );
    let base = Inputs::from_query("mode=infer&params=7B").0;
    let pts = sweep(&base, memcalc_core::schema::fields::FieldId::Batch, &[1, 2]).points;
    assert!(pts[0].bytes < pts[1].bytes);
    // An invalid value is skipped with its message; the others still come.
    let swept = sweep(&base, memcalc_core::schema::fields::FieldId::Batch, &[0, 1]);
    assert_eq!(swept.points.len(), 1);
    assert_eq!(swept.skipped[0].0, 0);
    assert!(swept.skipped[0].1.contains("at least 1"), "{swept:?}");
}

#[test]
fn the_derived_answers_carry_the_same_scaling_view() {
    for q in [
        "params=1B&gpu=a100-40&seq=4096",
        "preset=llama-3-8b-serve",
        "mode=sim&method=grid&nx=1024&ny=1024&nz=512&ranks=8&nodes=1&node_mem=8",
        "preset=fno-navier-stokes",
    ] {
        let s = scenario(q);
        assert_eq!(derived::derive(&s).scaling, scaling(&s), "{q}");
    }
}
