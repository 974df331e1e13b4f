//! Memory over one step (issue 42): the timeline's phases left to right, each a column of its
//! parts stacked in the breakdown's order and colours, as wide as the phase lasts (the time
//! model's seconds, or equal widths where it has none), the peak outlined and labelled. The data
//! is `memcalc_core::report::timeline::View`, written by the core: the chart only draws it, and
//! [`phase_at`] finds the phase under a pointer for the page's tooltip.

use memcalc_core::report::timeline::View;
use memcalc_core::units::UnitSystem;
use memcalc_core::PartId;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::frame::{draw_title, draw_y_grid, nice_ceiling, Drawn, Frame, LEFT, RIGHT, TOP};
use crate::palette::color_of;

/// Height in CSS pixels.
pub const HEIGHT: f64 = 280.0;
/// Space under the plot for the time axis' labels and title.
const BELOW: f64 = 44.0;

/// Each phase's left and right edge in CSS pixels over a chart `css_w` wide. A phase is at least
/// an eighth of an equal share wide, so the logits or a decode step stay visible beside a long
/// backward pass.
pub fn phase_spans(view: &View, css_w: f64) -> Vec<(f64, f64)> {
    let n = view.phases.len();
    if n == 0 {
        return Vec::new();
    }
    let total: f64 = view.phases.iter().map(|p| p.duration.max(0.0)).sum();
    let floor = if total > 0.0 {
        total / (n as f64 * 4.0)
    } else {
        1.0
    };
    let widths: Vec<f64> = view
        .phases
        .iter()
        .map(|p| {
            let d = p.duration;
            if d.is_finite() && d > floor {
                d
            } else {
                floor
            }
        })
        .collect();
    let sum: f64 = widths.iter().sum();
    let (x0, x1) = (LEFT, (css_w - RIGHT).max(LEFT + 1.0));
    let mut x = x0;
    widths
        .iter()
        .map(|w| {
            let next = x + (x1 - x0) * w / sum;
            let span = (x, next);
            x = next;
            span
        })
        .collect()
}

/// The y axis' maximum in its unit, and the unit's bytes.
fn y_axis(view: &View, units: UnitSystem) -> (f64, f64) {
    let peak = view.phases.get(view.peak).map_or(0, |p| p.total) as f64;
    let (unit, _) = units.axis_unit(peak);
    (nice_ceiling((peak / unit * 1.08).max(1e-9)), unit)
}

/// Each phase's column in CSS pixels (left, top, right, bottom): the page's focusable twins.
pub fn phase_boxes(view: &View, units: UnitSystem, css_w: f64) -> Vec<(f64, f64, f64, f64)> {
    let (y_max, unit) = y_axis(view, units);
    let (y0, y1) = (HEIGHT - BELOW, TOP);
    phase_spans(view, css_w)
        .into_iter()
        .zip(&view.phases)
        .map(|((a, b), p)| {
            let top = y0 + (y1 - y0) * (p.total as f64 / unit / y_max).clamp(0.0, 1.0);
            (a, top.min(y0 - 2.0), b, y0)
        })
        .collect()
}

/// The phase under `x` CSS pixels, if any (the page's tooltip by mouse).
pub fn phase_at(view: &View, css_w: f64, x: f64) -> Option<usize> {
    phase_spans(view, css_w)
        .iter()
        .position(|(a, b)| x >= *a && x < *b)
}

/// The chart in a sentence, for its accessible name.
pub fn summary(view: &View) -> String {
    format!(
        "Memory over one step of {}, {} phases ({}). {}",
        view.whose,
        view.phases.len(),
        if view.seconds {
            "widths from the time model where it has them"
        } else {
            "equal widths: no time model"
        },
        view.sentence
    )
}

/// Draws the timeline; `selected` (the phase a tooltip shows) is outlined like the peak.
pub fn draw_timeline<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    view: &View,
    units: UnitSystem,
    selected: Option<usize>,
    frame: Frame,
) -> Drawn<DB> {
    let (t, px, line) = (frame.theme, |v| frame.px(v), |w| frame.line(w));
    root.fill(&t.background)?;
    let css_w = root.dim_in_pixel().0 as f64 / frame.scale;
    let peak = view.phases.get(view.peak).map_or(0, |p| p.total) as f64;
    let (_, label) = units.axis_unit(peak);
    let (y_max, unit) = y_axis(view, units);
    let (y0, y1) = (HEIGHT - BELOW, TOP);
    let y_of = |v: f64| px(y0 + (y1 - y0) * (v / y_max).clamp(0.0, 1.0));
    draw_y_grid(root, frame, y_max, y_of)?;
    draw_title(
        root,
        frame,
        &format!("Memory over one step of {} ({label})", view.whose),
    )?;
    let spans = phase_spans(view, css_w);
    for (p, (a, b)) in view.phases.iter().zip(&spans) {
        let mut level = 0.0;
        for (key, bytes) in &p.parts {
            let c = PartId::from_key(key).map_or(t.axis, color_of);
            let top = level + *bytes as f64 / unit;
            root.draw(&Rectangle::new(
                [(px(*a), y_of(top)), (px(*b), y_of(level))],
                c.filled(),
            ))?;
            level = top;
        }
        // Phases without a modelled duration are hatched at their top edge: a dashed cap.
        if !p.modelled {
            let y = y_of(p.total as f64 / unit) - px(2.0);
            let mut x = *a;
            while x < *b {
                let end = (x + 3.0).min(*b);
                root.draw(&PathElement::new(
                    vec![(px(x), y), (px(end), y)],
                    t.axis.stroke_width(line(1.0)),
                ))?;
                x += 6.0;
            }
        }
    }
    let outline = |i: usize, c: RGBColor, w: f64| -> Drawn<DB> {
        if let (Some(p), Some((a, b))) = (view.phases.get(i), spans.get(i)) {
            root.draw(&Rectangle::new(
                [(px(*a), y_of(p.total as f64 / unit)), (px(*b), y_of(0.0))],
                c.stroke_width(line(w)),
            ))?;
        }
        Ok(())
    };
    outline(view.peak, t.text, 2.0)?;
    if let Some(s) = selected.filter(|s| *s != view.peak) {
        outline(s, t.axis, 2.0)?;
    }
    if let (Some(p), Some((a, b))) = (view.phases.get(view.peak), spans.get(view.peak)) {
        let x = ((a + b) / 2.0).clamp(LEFT + 14.0, css_w - RIGHT - 14.0);
        root.draw(&Text::new(
            "peak",
            (px(x), y_of(p.total as f64 / unit) - px(4.0)),
            frame
                .font(12.0)
                .color(&t.text)
                .pos(Pos::new(HPos::Center, VPos::Bottom)),
        ))?;
    }
    // The time axis: its line, 0 at the left, the end at the right, and what it counts.
    root.draw(&PathElement::new(
        vec![(px(LEFT), px(y0)), (px(css_w - RIGHT), px(y0))],
        t.axis.stroke_width(line(1.0)),
    ))?;
    let end = view.phases.last().map_or(0.0, |p| p.start + p.duration);
    let (first, last, title) = if view.seconds {
        (
            "0 s".to_string(),
            memcalc_core::explain::speed::time(memcalc_core::Time::of(end)),
            "time (modelled phases to scale; dashed tops: not modelled)",
        )
    } else {
        (
            "1".to_string(),
            format!("{}", view.phases.len()),
            "phases at equal width (no time model)",
        )
    };
    let small = |s: &str, x: f64, h: HPos, y: f64| {
        root.draw(&Text::new(
            s.to_string(),
            (px(x), px(y)),
            frame.font(12.0).color(&t.text).pos(Pos::new(h, VPos::Top)),
        ))
    };
    small(&first, LEFT, HPos::Left, y0 + 4.0)?;
    small(&last, css_w - RIGHT, HPos::Right, y0 + 4.0)?;
    small(title, (LEFT + css_w - RIGHT) / 2.0, HPos::Center, y0 + 22.0)?;
    root.present()
}

/// What the page's canvas draws: the view, the units and the phase a tooltip shows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TimelineData {
    pub view: View,
    pub units: UnitSystem,
    pub selected: Option<usize>,
}

/// The chart's height at any width.
pub fn preferred_height(_: &TimelineData, _: f64) -> f64 {
    HEIGHT
}

/// [`draw_timeline`] of a [`TimelineData`] (the page's canvas helper takes one argument).
pub fn draw_data<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    d: &TimelineData,
    frame: Frame,
) -> Drawn<DB> {
    draw_timeline(root, &d.view, d.units, d.selected, frame)
}
