//! Snapshot tests of the charts, drawn natively with plotters' SVG backend. A changed drawing
//! fails until the snapshot is reviewed and rewritten with `UPDATE_SNAPSHOTS=1 cargo test`.

use memcalc_charts::{breakdown_data, draw_breakdown, BreakdownData, Frame, Segment, Theme};
use memcalc_core::units::UnitSystem;
use memcalc_core::{estimate, Inputs};
use plotters::prelude::*;

const GB: u64 = 1_000_000_000;

fn seg(id: &str, label: &str, bytes: u64) -> Segment {
    Segment { id: id.into(), label: label.into(), bytes }
}

/// Fixed chart data, so a snapshot changes only when the drawing does, not the estimate.
fn data(scenario: &str, units: UnitSystem) -> BreakdownData {
    let h100 = 81_559u64 << 20;
    match scenario {
        // 7B, BF16 mixed precision, AdamW, one H100: does not fit.
        "train" => BreakdownData {
            segments: vec![
                seg("weights", "Weights", 14 * GB),
                seg("master_weights", "FP32 master weights", 28 * GB),
                seg("gradients", "Gradients", 14 * GB),
                seg("optimizer", "Optimizer states", 56 * GB),
                seg("activations", "Activations", 6 * GB),
                seg("overhead", "Allocator overhead", 11_800_000_000),
                seg("runtime", "CUDA context and libraries", 512 << 20),
            ],
            capacity_bytes: h100,
            capacity_label: "NVIDIA H100 80GB".into(),
            units,
            per: "device",
        },
        // 7B inference in FP16 on an A100 40GB: fits.
        _ => BreakdownData {
            segments: vec![
                seg("weights", "Weights", 14 * GB),
                seg("activations", "Activations (working set)", 200 << 20),
                seg("kv_cache", "KV cache", 1 << 30),
                seg("overhead", "Allocator overhead", 1_500_000_000),
                seg("runtime", "CUDA context and libraries", 512 << 20),
            ],
            capacity_bytes: 40_960 << 20,
            capacity_label: "NVIDIA A100 40GB".into(),
            units,
            per: "device",
        },
    }
}

/// Renders at the given width and the height the chart asks for at that width, as the page does.
fn render(scenario: &str, units: UnitSystem, size: (u32, u32), scale: f64) -> String {
    let data = data(scenario, units);
    let css_width = f64::from(size.0) / scale;
    let size = (size.0, (memcalc_charts::breakdown::preferred_height(&data, css_width) * scale).round() as u32);
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
    let svg = render("train", UnitSystem::Binary, (720, 190), 1.0);
    // Every component is in the legend with its size, and the shortfall is named.
    for label in ["Weights 13.04 GiB", "FP32 master weights 26.08 GiB", "Gradients 13.04 GiB", "Optimizer states 52.15 GiB", "Activations 5.59 GiB"] {
        assert!(svg.contains(label), "legend lacks {label}");
    }
    assert!(svg.contains("short"), "shortfall not labelled");
    assert!(svg.contains("Memory per device (GiB)"));
    check_snapshot("train_7b_h100", &svg);
}

#[test]
fn inference_that_fits_in_decimal_units() {
    let svg = render("infer", UnitSystem::Decimal, (720, 190), 1.0);
    assert!(svg.contains("headroom"));
    assert!(svg.contains("Memory per device (GB)"));
    assert!(!svg.contains("Gradients"), "inference has no gradients");
    check_snapshot("infer_7b_a100_40_decimal", &svg);
}

#[test]
fn hidpi_scales_every_length() {
    let one = render("train", UnitSystem::Binary, (720, 190), 1.0);
    let two = render("train", UnitSystem::Binary, (1440, 380), 2.0);
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
    let svg = render("train", UnitSystem::Binary, (720, 190), 1.0);
    // Weights blue and optimizer red, whatever the order components arrive in.
    assert!(svg.contains("#4269D0") || svg.contains("#4269d0"));
    assert!(svg.contains("#FF725C") || svg.contains("#ff725c"));
}

#[test]
fn narrow_chart_keeps_the_capacity_label_inside() {
    let svg = render("infer", UnitSystem::Binary, (240, 250), 1.0);
    // Too narrow for the device name: the label keeps capacity and headroom, and starts inside.
    let label = svg.split("<text").find(|t| t.contains("headroom")).expect("capacity label");
    assert!(!label.contains("NVIDIA"), "{label}");
    let x: f64 = label.split("x=\"").nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
    assert!((0.0..240.0).contains(&x), "label starts at {x}");
    check_snapshot("infer_8b_narrow", &svg);
}

#[test]
fn chart_data_comes_from_the_device_rows_of_an_estimate() {
    let (i, _) = Inputs::from_query("params=13B&gpus=8&zero=2&offload=optimizer");
    let e = estimate(&i.parse().unwrap());
    let d = breakdown_data(&e, UnitSystem::Binary);
    // Offloaded states live in host memory: they are not part of the device bar.
    assert!(d.segments.iter().all(|s| s.id != "optimizer" && s.id != "master_weights"));
    assert_eq!(d.total(), e.per_device_bytes);
    assert_eq!(d.capacity_bytes, e.capacity_bytes);
}
