//! The timeline chart (issue 42): SVG snapshots of a training, a serving and a simulation
//! timeline in light and dark at desktop and phone widths, and the phase a pointer lands on.

use memcalc_charts::timeline::{phase_at, phase_spans, summary, HEIGHT};
use memcalc_charts::{draw_timeline, Frame, Theme};
use memcalc_core::report::timeline::{PhaseView, View};
use memcalc_core::units::UnitSystem;
use plotters::prelude::*;

const GIB: u64 = 1 << 30;

fn phase(
    label: &str,
    start: f64,
    duration: f64,
    modelled: bool,
    parts: &[(&str, u64)],
) -> PhaseView {
    PhaseView {
        label: label.into(),
        start,
        duration,
        modelled,
        total: parts.iter().map(|p| p.1).sum(),
        parts: parts.iter().map(|(k, b)| (k.to_string(), *b)).collect(),
    }
}

/// Fixed data, so a snapshot changes only when the drawing does.
fn training() -> View {
    let (w, o, g, a) = (13 * GIB, 52 * GIB, 13 * GIB, 68 * GIB);
    View {
        phases: vec![
            phase(
                "Runtime and context",
                0.0,
                0.2,
                false,
                &[("runtime", GIB / 2)],
            ),
            phase(
                "Weights loading",
                0.2,
                0.2,
                false,
                &[("weights", w), ("runtime", GIB / 2)],
            ),
            phase(
                "Forward pass",
                0.4,
                0.6,
                true,
                &[("weights", w), ("activations", a / 2), ("runtime", GIB / 2)],
            ),
            phase(
                "Logits and loss",
                1.0,
                0.01,
                true,
                &[
                    ("weights", w),
                    ("activations", a),
                    ("logits", 4 * GIB),
                    ("runtime", GIB / 2),
                ],
            ),
            phase(
                "Backward pass",
                1.01,
                1.3,
                true,
                &[
                    ("weights", w),
                    ("gradients", g / 2),
                    ("activations", a / 2),
                    ("runtime", GIB / 2),
                ],
            ),
            phase(
                "First optimizer step",
                2.31,
                0.2,
                false,
                &[
                    ("weights", w),
                    ("gradients", g),
                    ("optimizer", o),
                    ("runtime", GIB / 2),
                ],
            ),
            phase(
                "Forward pass (steady step)",
                2.51,
                0.6,
                true,
                &[
                    ("weights", w),
                    ("gradients", g),
                    ("optimizer", o),
                    ("activations", a / 2),
                    ("runtime", GIB / 2),
                ],
            ),
            phase(
                "Logits and loss (steady step)",
                3.11,
                0.01,
                true,
                &[
                    ("weights", w),
                    ("gradients", g),
                    ("optimizer", o),
                    ("activations", a),
                    ("logits", 4 * GIB),
                    ("runtime", GIB / 2),
                ],
            ),
            phase(
                "Backward pass (steady step)",
                3.12,
                1.3,
                true,
                &[
                    ("weights", w),
                    ("gradients", g),
                    ("optimizer", o),
                    ("activations", a / 2),
                    ("runtime", GIB / 2),
                ],
            ),
            phase(
                "Optimizer step",
                4.42,
                0.2,
                false,
                &[
                    ("weights", w),
                    ("gradients", g),
                    ("optimizer", o),
                    ("runtime", GIB / 2),
                ],
            ),
        ],
        peak: 7,
        seconds: true,
        sentence: "The peak is the logits and loss (steady step).".into(),
        whose: "the GPU".into(),
        tooltips: Vec::new(),
    }
}

fn sim() -> View {
    View {
        phases: vec![
            phase(
                "Set-up and partitioning",
                0.0,
                1.0,
                false,
                &[("runtime", 6 * GIB)],
            ),
            phase(
                "State allocation",
                1.0,
                1.0,
                false,
                &[("state", 10 * GIB), ("runtime", 6 * GIB)],
            ),
            phase(
                "Steady step",
                2.0,
                1.0,
                false,
                &[("state", 10 * GIB), ("halo", 2 * GIB), ("runtime", 6 * GIB)],
            ),
            phase(
                "Stencil update",
                3.0,
                1.0,
                false,
                &[
                    ("state", 10 * GIB),
                    ("work", 3 * GIB),
                    ("halo", 2 * GIB),
                    ("runtime", 6 * GIB),
                ],
            ),
            phase(
                "Output burst",
                4.0,
                1.0,
                false,
                &[
                    ("state", 10 * GIB),
                    ("work", 3 * GIB),
                    ("halo", 2 * GIB),
                    ("output_buffers", 5 * GIB),
                    ("runtime", 6 * GIB),
                ],
            ),
        ],
        peak: 4,
        seconds: false,
        sentence: "The peak is the output burst.".into(),
        whose: "one node".into(),
        tooltips: Vec::new(),
    }
}

fn svg(view: &View, width: u32, theme: Theme, selected: Option<usize>) -> String {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (width, HEIGHT as u32)).into_drawing_area();
        draw_timeline(
            &root,
            view,
            UnitSystem::Binary,
            selected,
            Frame { scale: 1.0, theme },
        )
        .unwrap();
    }
    out
}

fn check_snapshot(name: &str, svg: &str) {
    let path = format!("{}/tests/snapshots/{name}.svg", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, svg).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("missing snapshot {path}; run with UPDATE_SNAPSHOTS=1"));
    assert!(
        want == svg,
        "chart {name} changed; review it and rerun with UPDATE_SNAPSHOTS=1"
    );
}

#[test]
fn timeline_snapshots() {
    check_snapshot("timeline_train", &svg(&training(), 720, Theme::LIGHT, None));
    check_snapshot(
        "timeline_train_phone_dark",
        &svg(&training(), 360, Theme::DARK, Some(2)),
    );
    check_snapshot("timeline_sim", &svg(&sim(), 720, Theme::LIGHT, None));
}

#[test]
fn every_phase_is_visible_and_found_under_the_pointer() {
    let v = training();
    let spans = phase_spans(&v, 360.0);
    assert_eq!(spans.len(), v.phases.len());
    // The 10 ms logits phase is still a few pixels wide.
    assert!(spans.iter().all(|(a, b)| b - a >= 2.0), "{spans:?}");
    for (i, (a, b)) in spans.iter().enumerate() {
        assert_eq!(phase_at(&v, 360.0, (a + b) / 2.0), Some(i));
    }
    assert_eq!(phase_at(&v, 360.0, 1.0), None);
    assert!(summary(&v).contains("10 phases"));
    // The parts' colours are the breakdown's.
    let s = svg(&v, 720, Theme::LIGHT, None);
    let [r, g, b] = memcalc_core::PartId::Optimizer.colour();
    assert!(
        s.contains(&format!("#{r:02X}{g:02X}{b:02X}")),
        "optimizer colour missing"
    );
}
