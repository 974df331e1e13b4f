//! Checking an estimate against a measured peak, and keeping the difference in the link.

mod common;

use common::{expect_part, scenario};
use memcalc_core::model::calibrate::check;
use memcalc_core::scenario::measured::Measured;
use memcalc_core::PartId;
use memcalc_core::{estimate, Inputs};

#[test]
fn each_tool_is_compared_with_the_rows_it_counts() {
    let base = "mode=infer&params=7B&dtype=fp16&runtime=500&overhead=10&measured=20";
    let smi = scenario(&format!("{base}&measured_kind=nvidia_smi"));
    let e = estimate(&smi);
    let c = check(&smi, &e).unwrap();
    assert_eq!(c.estimated, e.per_device_bytes);
    assert!(c.rows.contains(&PartId::Runtime) && c.rows.contains(&PartId::Overhead));

    let reserved = scenario(&format!("{base}&measured_kind=reserved"));
    let c = check(&reserved, &estimate(&reserved)).unwrap();
    assert_eq!(c.estimated, e.per_device_bytes - (500 << 20));
    assert!(!c.rows.contains(&PartId::Runtime));

    let allocated = scenario(&format!("{base}&measured_kind=allocated"));
    let c = check(&allocated, &estimate(&allocated)).unwrap();
    let overhead = expect_part(&e, PartId::Overhead);
    assert_eq!(c.estimated, e.per_device_bytes - (500 << 20) - overhead);
    assert_eq!(c.measured, 20 << 30);
}

#[test]
fn the_error_is_signed_and_relative_to_the_measurement() {
    let s = scenario("mode=infer&params=7B&dtype=fp16&measured=100&measured_kind=nvidia_smi");
    let e = estimate(&s);
    let c = check(&s, &e).unwrap();
    let expected =
        -(((100u64 << 30) - e.per_device_bytes) as i128 * 10_000 / (100i128 << 30)) as i64;
    assert_eq!(c.error_bp, expected);
    assert!(c.error_bp < 0);
    assert_eq!(
        c.suggested_calibration,
        Some((100 << 30) - e.per_device_bytes)
    );

    // An estimate above the measurement is left as it is: no calibration is offered.
    let s = scenario("mode=infer&params=7B&dtype=fp16&measured=1&measured_kind=nvidia_smi");
    let c = check(&s, &estimate(&s)).unwrap();
    assert!(c.error_bp > 0);
    assert_eq!(c.suggested_calibration, None);
}

#[test]
fn keeping_the_calibration_closes_the_gap_and_travels_in_the_link() {
    let s = scenario("mode=infer&params=7B&dtype=fp16&measured=20&measured_kind=reserved");
    let kept = check(&s, &estimate(&s))
        .unwrap()
        .suggested_calibration
        .unwrap();
    let mut i = Inputs::from_scenario(&s);
    i.set(
        memcalc_core::schema::fields::FieldId::Calibration,
        format!("{kept}B"),
    );
    let s2 = i.parse().unwrap();
    let e2 = estimate(&s2);
    assert_eq!(expect_part(&e2, PartId::Calibration), kept);
    let c2 = check(&s2, &e2).unwrap();
    assert_eq!(c2.estimated, c2.measured);
    assert_eq!(c2.error_bp, 0);
    let link = s2.to_query();
    assert!(link.contains("calibration="), "{link}");
    assert_eq!(scenario(&link), s2);
}

#[test]
fn a_simulation_report_is_per_rank_and_the_calibration_is_kept_per_rank() {
    let q = "mode=sim&method=particles&particles=32000&density=0.8442&cutoff=2.5&skin=0.3&ranks=4&nodes=1&measured=20MiB&measured_kind=rank";
    let s = scenario(q);
    let e = estimate(&s);
    let c = check(&s, &e).unwrap();
    // The code counts its arrays: neither MPI and libraries nor the allocator's slack.
    let runtime = expect_part(&e, PartId::Runtime) / 4;
    let overhead = expect_part(&e, PartId::Overhead) / 4;
    assert!(overhead > 0);
    assert_eq!(c.estimated, e.per_rank_bytes - runtime - overhead);
    assert!(!c.rows.contains(&PartId::Overhead), "{:?}", c.rows);
    let kept = c.suggested_calibration.unwrap();
    let mut i = Inputs::from_scenario(&s);
    i.set(
        memcalc_core::schema::fields::FieldId::Calibration,
        format!("{kept}B"),
    );
    let s2 = i.parse().unwrap();
    let e2 = estimate(&s2);
    // Four ranks on the node: the node's bar grows by four calibrations.
    assert_eq!(e2.per_device_bytes, e.per_device_bytes + 4 * kept);
    assert_eq!(check(&s2, &e2).unwrap().estimated, 20 << 20);
}

#[test]
fn simulations_reject_pytorch_counters() {
    let (i, _) = Inputs::from_query("mode=sim&measured=1&measured_kind=allocated");
    let errors = i.parse().unwrap_err();
    assert!(
        errors.iter().any(|e| e.key() == "measured_kind"),
        "{errors:?}"
    );
    assert_eq!(<Measured as memcalc_core::Choice>::ALL.len(), 4);
}
