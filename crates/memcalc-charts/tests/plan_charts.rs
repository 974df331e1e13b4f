//! The planner's Pareto chart and the comparison's bars (issue 41): drawn in light and dark at
//! desktop and phone widths, every point inside the plot, the front falling from the fastest to
//! the cheapest, the limits drawn, and the comparison's bars on one axis.

use memcalc_charts::compare::{draw_compare, preferred_height, CompareData};
use memcalc_charts::pareto::{draw_pareto, point_positions, HEIGHT};
use memcalc_charts::{Frame, Theme};
use memcalc_core::report::plan::{PointView, View};
use memcalc_core::units::UnitSystem;
use plotters::prelude::*;

fn point(time: f64, cost: f64, role: &str) -> PointView {
    PointView {
        time,
        cost,
        role: role.into(),
        on_front: role != "closest",
        ..PointView::default()
    }
}

/// Fixed data: a training front from 256 GPUs (fast, dear) to 8 (slow, cheap).
fn front() -> View {
    View {
        met: true,
        time_title: "run time (hours)".into(),
        cost_title: "GPU-hours".into(),
        points: vec![
            point(2.1, 540.0, "fastest"),
            point(3.9, 500.0, ""),
            point(7.5, 480.0, ""),
            point(30.2, 242.0, "cheapest"),
        ],
        time_limit: Some(48.0),
        cost_limit: Some(600.0),
        ..View::default()
    }
}

fn svg(view: &View, width: u32, theme: Theme) -> String {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (width, HEIGHT as u32)).into_drawing_area();
        draw_pareto(&root, view, Some(1), Frame { scale: 1.0, theme }).unwrap();
    }
    out
}

#[test]
fn every_point_is_inside_the_plot_and_the_front_falls() {
    for w in [720.0, 340.0] {
        let at = point_positions(&front(), w);
        assert_eq!(at.len(), 4);
        for (x, y) in &at {
            assert!(*x > 40.0 && *x < w - 10.0, "{x} of {w}");
            assert!(*y > 25.0 && *y < HEIGHT - 40.0, "{y}");
        }
        for pair in at.windows(2) {
            assert!(pair[1].0 > pair[0].0, "faster is left: {at:?}");
            assert!(pair[1].1 >= pair[0].1, "cheaper is lower: {at:?}");
        }
    }
}

#[test]
fn the_chart_draws_its_points_limits_and_labels_in_both_themes() {
    for (w, theme) in [(720, Theme::LIGHT), (340, Theme::DARK)] {
        let s = svg(&front(), w, theme);
        assert!(s.contains("GPU-hours against run time (hours)"), "{s}");
        assert!(
            s.contains("\ncheapest\n") && s.contains("\nfastest\n"),
            "{s}"
        );
        assert!(s.contains("\nlimit\n") && s.contains("\nbudget\n"), "{s}");
        assert!(s.matches("<circle").count() >= 7, "{s}");
        let bg = theme.background;
        assert!(
            s.contains(&format!("#{:02X}{:02X}{:02X}", bg.0, bg.1, bg.2)),
            "{s}"
        );
    }
    // One point, no limits: still a plot, not a division by zero.
    let one = View {
        points: vec![point(5.0, 5.0, "closest")],
        ..View::default()
    };
    let at = point_positions(&one, 360.0);
    assert!(at[0].0.is_finite() && at[0].1.is_finite());
    let _ = svg(&one, 360, Theme::LIGHT);
}

#[test]
fn the_comparisons_bars_share_one_axis() {
    let est = |q: &str| {
        let s: memcalc_core::Scenario = memcalc_core::Inputs::from_query(q).0.parse().unwrap();
        memcalc_core::estimate(&s)
    };
    let d = CompareData::of(
        &[
            est("params=7B&gpus=8&zero=1"),
            est("params=7B&gpus=8&zero=3"),
        ],
        UnitSystem::Binary,
    );
    assert_eq!(d.bars.len(), 2);
    assert_eq!(d.bars[1].title, "Setup 2");
    assert!(d.bars[0].total() > d.bars[1].total());
    assert!(d
        .summary()
        .starts_with("Device memory of each setup on one axis. Setup 1: "));
    let h = preferred_height(&d, 720.0);
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (720, h as u32)).into_drawing_area();
        draw_compare(
            &root,
            &d,
            Frame {
                scale: 1.0,
                theme: Theme::DARK,
            },
        )
        .unwrap();
    }
    assert!(
        out.contains("Setup 1 · ") && out.contains("Setup 2 · "),
        "{out}"
    );
}
