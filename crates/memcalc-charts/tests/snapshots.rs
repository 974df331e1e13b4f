//! Snapshot tests of the charts, drawn natively with plotters' SVG backend. A changed drawing
//! fails until the snapshot is reviewed and rewritten with `UPDATE_SNAPSHOTS=1 cargo test`.

use memcalc_charts::{breakdown_data, draw_breakdown, Frame, Theme};
use memcalc_core::units::UnitSystem;
use memcalc_core::{estimate, Inputs};
use plotters::prelude::*;

fn render(query: &str, units: UnitSystem, size: (u32, u32), scale: f64) -> String {
    let (inputs, _) = Inputs::from_query(query);
    let e = estimate(&inputs.parse().unwrap());
    let data = breakdown_data(&e, units);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        draw_breakdown(&root, &data, Frame { scale, theme: Theme::LIGHT }).unwrap();
    }
    svg
}

fn check_snapshot(name: &str, svg: &str) {
    let path = format!("{}/tests/snapshots/{name}.svg", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, svg).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("missing snapshot {path}; run with UPDATE_SNAPSHOTS=1"));
    assert!(want == svg, "chart {name} changed; review it and rerun with UPDATE_SNAPSHOTS=1");
}

#[test]
fn training_that_does_not_fit() {
    let svg = render("params=7B", UnitSystem::Binary, (720, 190), 1.0);
    // Every component is in the legend with its size, and the shortfall is named.
    for label in ["Weights 13.04 GiB", "FP32 master weights 26.08 GiB", "Gradients 13.04 GiB", "Optimizer states 52.15 GiB"] {
        assert!(svg.contains(label), "legend lacks {label}");
    }
    assert!(svg.contains("short"), "shortfall not labelled");
    assert!(svg.contains("Memory per device (GiB)"));
    check_snapshot("train_7b_h100", &svg);
}

#[test]
fn inference_that_fits_in_decimal_units() {
    let svg = render("mode=infer&params=7B&gpu=a100-40", UnitSystem::Decimal, (720, 190), 1.0);
    assert!(svg.contains("headroom"));
    assert!(svg.contains("Memory per device (GB)"));
    assert!(!svg.contains("Gradients"), "inference has no gradients");
    check_snapshot("infer_7b_a100_40_decimal", &svg);
}

#[test]
fn hidpi_scales_every_length() {
    let one = render("params=7B", UnitSystem::Binary, (720, 190), 1.0);
    let two = render("params=7B", UnitSystem::Binary, (1440, 380), 2.0);
    // Font sizes double with the pixel ratio, so text stays the same size on screen.
    let sizes = |svg: &str| -> Vec<f64> {
        svg.split("font-size=\"").skip(1).map(|r| r.split('"').next().unwrap().parse().unwrap()).collect()
    };
    let (a, b) = (sizes(&one), sizes(&two));
    assert_eq!(a.len(), b.len());
    assert!(!a.is_empty());
    for (x, y) in a.iter().zip(&b) {
        assert!((y / x - 2.0).abs() < 1e-9, "{x} vs {y}");
    }
    check_snapshot("train_7b_h100_2x", &two);
}

#[test]
fn segment_colours_follow_component_ids() {
    let svg = render("params=7B", UnitSystem::Binary, (720, 190), 1.0);
    // Weights blue and optimizer red, whatever the order components arrive in.
    assert!(svg.contains("#4269D0") || svg.contains("#4269d0"));
    assert!(svg.contains("#FF725C") || svg.contains("#ff725c"));
}

#[test]
fn narrow_chart_keeps_the_capacity_label_inside() {
    let svg = render("mode=infer&params=8B", UnitSystem::Binary, (240, 250), 1.0);
    // Too narrow for the device name: the label keeps capacity and headroom, and starts inside.
    let label = svg.split("<text").find(|t| t.contains("headroom")).expect("capacity label");
    assert!(!label.contains("NVIDIA"), "{label}");
    let x: f64 = label.split("x=\"").nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
    assert!((0.0..240.0).contains(&x), "label starts at {x}");
    check_snapshot("infer_8b_narrow", &svg);
}
