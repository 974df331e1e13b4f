//! Memory per device against the quantity that matters most for the scenario (micro-batch,
//! context length, nodes), with the capacity line and the first value that no longer fits
//! marked. The points come from the core's sweep (`memcalc_core::analysis::scaling::scaling`), mostly
//! powers of two, so the x axis is logarithmic (base 2, interpolated linearly between powers:
//! no `log2` call in the page's wasm).

use memcalc_core::analysis::scaling::{Boundary, Scaling};
use memcalc_core::units::{format_bytes, UnitSystem};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::frame::{
    draw_key, draw_level, draw_now, draw_title, draw_x_axis, draw_y_grid, log2ish, nice_ceiling,
    text_width, x_positions, Drawn, Frame, BOTTOM, LEFT, LEGEND_ROW, LINES, RIGHT, TOP,
};

// Where it lived before `frame`: the page and the tests name it through this module.
pub use crate::frame::HEIGHT;

/// The scaling sweep and how to label it.
#[derive(Debug, Clone, PartialEq)]
pub struct ScalingData {
    pub scaling: Scaling,
    /// What the y axis measures, e.g. "Memory per node".
    pub y_label: String,
    pub capacity_label: String,
    pub units: UnitSystem,
}

impl ScalingData {
    fn xs(&self) -> Vec<u64> {
        let mut xs: Vec<u64> = self
            .scaling
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0))
            .collect();
        xs.sort_unstable();
        xs.dedup();
        xs
    }

    fn top(&self) -> u64 {
        self.scaling
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.1))
            .max()
            .unwrap_or(0)
    }

    /// The largest value, when it lies beyond the linear axis: the axis is then broken, with
    /// the values above the break drawn in a band of their own and the largest labelled.
    pub fn axis_break(&self) -> Option<u64> {
        let top = self.top();
        (top as f64 > self.y_max() * self.units.giga()).then_some(top)
    }

    fn y_max(&self) -> f64 {
        // Beyond three capacities the interesting part (the crossing) would be squashed flat:
        // the axis is linear up to there and broken above (`axis_break`).
        let top = self
            .top()
            .min(self.scaling.capacity.saturating_mul(3))
            .max(self.scaling.capacity);
        // Finer steps than the tick step's, so the capacity line sits high in the plot.
        let v = top as f64 * 1.08 / self.units.giga();
        let p = nice_ceiling(v) / 10.0;
        [1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0]
            .iter()
            .map(|m| m * p)
            .find(|c| *c >= v)
            .unwrap_or(nice_ceiling(v))
    }
}

/// Draws the memory lines, the capacity and the boundary over the shared frame
/// (`crate::frame`).
pub fn draw_scaling<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    data: &ScalingData,
    frame: Frame,
) -> Drawn<DB> {
    let (k, t) = (frame.scale, frame.theme);
    let (px, font, line) = (|v| frame.px(v), |s| frame.font(s), |w| frame.line(w));
    root.fill(&t.background)?;
    let (w, _) = root.dim_in_pixel();
    let css_w = w as f64 / k;
    let giga = data.units.giga();
    let xs = data.xs();
    let pos = x_positions(&xs, css_w);
    let y_max = data.y_max();
    let broken = data.axis_break();
    // With a break, the linear part stops BREAK_BAND below the top; values above the axis
    // climb through that band on a logarithmic scale up to the largest, so they still rise.
    let (y0, y1) = (HEIGHT - BOTTOM, TOP);
    let y_lin_top = if broken.is_some() {
        y1 + BREAK_BAND
    } else {
        y1
    };
    let y_of = |bytes: u64| {
        let v = bytes as f64 / giga / y_max;
        match broken {
            Some(top) if v > 1.0 => {
                let lo = log2ish((y_max * giga) as u64);
                let span = (log2ish(top) - lo).max(1e-9);
                let f = ((log2ish(bytes) - lo) / span).clamp(0.0, 1.0);
                px(y_lin_top - 6.0 - (y_lin_top - 6.0 - y1) * f)
            }
            // Constant bounds: a clamp with a bound chosen at run time keeps its panic message,
            // which formats floats (kilobytes of wasm); min() cannot panic.
            _ => {
                let top = if broken.is_some() { 1.0 } else { 1.04 };
                px(y0 + (y_lin_top - y0) * v.clamp(0.0, 1.04).min(top))
            }
        }
    };
    let index_of = |x: u64| xs.iter().position(|v| *v == x).unwrap_or(0);

    draw_y_grid(root, frame, y_max, |v| y_of((v * giga) as u64))?;
    if let Some(top) = broken {
        // The break: a band across the plot and two slanted strokes over the axis, and the
        // largest value written out where the band meets the axis.
        let yb = y_lin_top - 3.0;
        root.draw(&Rectangle::new(
            [
                (px(LEFT - 4.0), px(yb - 3.0)),
                (px(css_w - RIGHT), px(yb + 3.0)),
            ],
            t.background.filled(),
        ))?;
        for d in [-3.0, 3.0] {
            root.draw(&PathElement::new(
                vec![
                    (px(LEFT - 7.0), px(yb + d + 3.0)),
                    (px(LEFT + 7.0), px(yb + d - 3.0)),
                ],
                t.axis.stroke_width(line(1.5)),
            ))?;
        }
        let _ = top;
    }
    draw_title(
        root,
        frame,
        &format!("{} ({})", data.y_label, data.units.giga_label()),
    )?;

    draw_x_axis(root, frame, &xs, &pos, y0, data.scaling.x_label)?;

    // The current value.
    if let Some(i) = xs.iter().position(|x| *x == data.scaling.current) {
        draw_now(root, frame, pos(i), (y0, y1))?;
    }

    // Capacity.
    let cap = data.scaling.capacity;
    let cy = y_of(cap);
    draw_level(root, frame, cy, t.capacity_short.stroke_width(line(2.0)))?;
    // The capacity's label at the right end, on the side of the line the curve is not on there.
    let right_end_fits = data
        .scaling
        .series
        .first()
        .and_then(|s| s.points.last())
        .is_none_or(|p| p.1 <= cap);
    let (ly, anchor) = if right_end_fits {
        (cy - px(4.0), VPos::Bottom)
    } else {
        (cy + px(4.0), VPos::Top)
    };
    root.draw(&Text::new(
        format!("{} {}", data.capacity_label, format_bytes(cap, data.units)),
        (px(css_w - RIGHT), ly),
        font(12.0)
            .color(&t.capacity_short)
            .pos(Pos::new(HPos::Right, anchor)),
    ))?;

    // Lines and points; points past the capacity are hollow.
    for (si, s) in data.scaling.series.iter().enumerate() {
        let c = LINES[si % LINES.len()];
        let pts: Vec<(i32, i32)> = s
            .points
            .iter()
            .map(|p| (px(pos(index_of(p.0))), y_of(p.1)))
            .collect();
        root.draw(&PathElement::new(pts.clone(), c.stroke_width(line(2.0))))?;
        for (p, q) in s.points.iter().zip(&pts) {
            let style = if p.1 <= cap {
                c.filled()
            } else {
                t.background.filled()
            };
            root.draw(&Circle::new(*q, px(3.5), style))?;
            root.draw(&Circle::new(*q, px(3.5), c.stroke_width(line(1.5))))?;
        }
        // Legend under the axis title, one entry per series, each after the previous one's
        // text (a fixed column would cut "Weak scaling" at the edge of a phone).
        let (lx, row) = legend_layout(data, css_w)[si];
        let ly = px(HEIGHT - 16.0 + LEGEND_ROW * row as f64);
        let lx = px(lx);
        if data.scaling.series.len() > 1 {
            draw_key(root, frame, |d| lx + px(d), ly, (c, s.label))?;
        }
    }

    // Above the break, the largest value is written beside its point: the height there is
    // not to scale.
    if let Some(top) = broken {
        let hit = data
            .scaling
            .series
            .iter()
            .find_map(|s| s.points.iter().find(|p| p.1 == top).map(|p| index_of(p.0)));
        if let Some(i) = hit {
            let label = format!("{} ↑", format_bytes(top, data.units));
            let lw = text_width(&label, 12.0);
            let x = pos(i);
            let (lx, anchor) = if x + 8.0 + lw <= css_w - RIGHT {
                (x + 8.0, HPos::Left)
            } else {
                (x - 8.0, HPos::Right)
            };
            root.draw(&Text::new(
                label,
                (px(lx), y_of(top)),
                font(12.0)
                    .color(&t.text)
                    .pos(Pos::new(anchor, VPos::Center)),
            ))?;
        }
    }

    // Where it starts or stops fitting: a ring on the first point past the boundary. The
    // words are drawn only where there is room; the text under the chart always has them.
    let marked = match data.scaling.boundary() {
        Boundary::UpTo { over, .. } => Some((over, t.capacity_short)),
        Boundary::From { fit, .. } => Some((fit, t.capacity_ok)),
        _ => None,
    };
    if let Some((x, colour)) = marked {
        let i = index_of(x);
        let p = data.scaling.series[0]
            .points
            .iter()
            .find(|p| p.0 == x)
            .map(|p| p.1)
            .unwrap_or(cap);
        let q = (px(pos(i)), y_of(p));
        root.draw(&Circle::new(q, px(7.0), colour.stroke_width(line(2.0))))?;
        // Beside the axis title, where the plot never reaches.
        if css_w >= 520.0 {
            root.draw(&Text::new(
                data.scaling.boundary_text(),
                (px(css_w - RIGHT), px(8.0)),
                font(12.0)
                    .color(&colour)
                    .pos(Pos::new(HPos::Right, VPos::Top)),
            ))?;
        }
    }
    root.present()
}

/// Height (CSS pixels) of the band above an axis break.
const BREAK_BAND: f64 = 34.0;

/// Where each series' legend entry goes, (x, row) in CSS pixels and rows: one after another
/// from the plot's left edge, wrapping to a new row rather than running off a narrow chart.
pub fn legend_layout(data: &ScalingData, css_w: f64) -> Vec<(f64, usize)> {
    let right = css_w - 8.0;
    let (mut x, mut row) = (LEFT, 0);
    let mut out = Vec::new();
    for s in &data.scaling.series {
        let w = 20.0 + text_width(s.label, 12.0);
        if x > LEFT && x + w > right {
            (x, row) = (LEFT, row + 1);
        }
        // An entry wider than the chart starts at the left edge instead.
        let at = if x + w > right { 8.0 } else { x };
        out.push((at, row));
        x = at + w + 24.0;
    }
    out
}

/// Height in CSS pixels: the plot, and a row more for each wrapped legend row.
pub fn preferred_height(data: &ScalingData, css_w: f64) -> f64 {
    let rows = legend_layout(data, css_w).last().map_or(0, |l| l.1);
    HEIGHT + LEGEND_ROW * rows as f64
}
