//! The disk bar of a simulation: it adds up to the run's disk total (both restart files kept),
//! and its axis counts in TiB once the run writes thousands of GiB, as the total is written.

use memcalc_charts::{breakdown_data, draw_breakdown, Frame, Theme};
use memcalc_core::units::{format_bytes, UnitSystem};
use memcalc_core::{estimate, Inputs};
use plotters::prelude::*;

fn svg_of(query: &str, units: UnitSystem) -> (String, u64) {
    let (i, n) = Inputs::from_query(query);
    assert!(n.is_empty(), "{n:?}");
    let e = estimate(&i.parse().unwrap());
    let data = breakdown_data(&e, units);
    let disk = data
        .bars
        .iter()
        .find(|b| b.title == "Written to disk")
        .expect("a disk bar");
    assert_eq!(disk.total(), e.disk_bytes, "the bar draws the disk total");
    let height = memcalc_charts::breakdown::preferred_height(&data, 720.0).round() as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, height)).into_drawing_area();
        draw_breakdown(
            &root,
            &data,
            Frame {
                scale: 1.0,
                theme: Theme::LIGHT,
            },
        )
        .unwrap();
    }
    (svg, e.disk_bytes)
}

#[test]
fn a_run_that_writes_terabytes_is_drawn_in_terabytes() {
    // The 0.25° atmosphere over a year, hourly output and a restart file every day.
    let q = "v=2&preset=atmosphere-25km&checkpoint_every=96";
    let (svg, disk) = svg_of(q, UnitSystem::Binary);
    assert!(disk > 1u64 << 40, "{disk}");
    assert!(svg.contains("Written to disk (TiB)"), "axis unit");
    assert!(
        svg.contains(&format_bytes(disk, UnitSystem::Binary)),
        "total label"
    );
    // Memory per node stays in GiB beside it.
    assert!(svg.contains("Memory per node (GiB)"));
    let (svg, _) = svg_of(q, UnitSystem::Decimal);
    assert!(svg.contains("Written to disk (TB)"));
}

#[test]
fn a_small_disk_bar_keeps_gibibytes() {
    let (svg, _) = svg_of(
        "v=2&mode=sim&method=grid&nx=100&ny=100&nz=100&steps=100&output_every=10&checkpoint_every=50",
        UnitSystem::Binary,
    );
    assert!(svg.contains("Written to disk (GiB)"));
}
