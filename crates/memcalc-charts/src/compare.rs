//! The comparison's stacked bars (issue 41): each setup's device memory as one bar of its parts,
//! in the breakdown's order and colours, the bars one above the other on one shared axis, so a
//! part that grows or shrinks between setups is seen at once; each bar's capacity a tick in the
//! capacity colours. The bars are the breakdown chart's (`breakdown_data`, the first bar of each
//! setup's estimate); the comparison table beside it is the accessible alternative.

use memcalc_core::units::{format_bytes, UnitSystem};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::breakdown::Bar;
use crate::frame::{draw_value_axis, Drawn, Frame, RIGHT, TOP};
use crate::palette::color_of;

/// One setup's row: its label line and its bar, in CSS pixels.
const ROW: f64 = 46.0;
const BAR: f64 = 20.0;
/// Space under the bars for the axis' labels and title.
const BELOW: f64 = 44.0;
const LEFT: f64 = 12.0;

/// Everything the comparison chart shows: one bar per setup, titled "Setup 1" …
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CompareData {
    pub bars: Vec<Bar>,
    pub units: UnitSystem,
}

impl CompareData {
    /// Each setup's device bar, titled by its column.
    pub fn of(estimates: &[memcalc_core::Estimate], units: UnitSystem) -> CompareData {
        CompareData {
            bars: estimates
                .iter()
                .enumerate()
                .filter_map(|(i, e)| {
                    let mut b = crate::breakdown_data(e, units).bars.into_iter().next()?;
                    b.title = format!("Setup {}", i + 1);
                    Some(b)
                })
                .collect(),
            units,
        }
    }

    /// The chart read aloud: each setup's total against its capacity.
    pub fn summary(&self) -> String {
        let each: Vec<String> = self
            .bars
            .iter()
            .map(|b| {
                format!(
                    "{}: {}{}",
                    b.title,
                    format_bytes(b.total(), self.units),
                    b.capacity_bytes.map_or(String::new(), |c| format!(
                        " of {}",
                        format_bytes(c, self.units)
                    ))
                )
            })
            .collect();
        format!(
            "Device memory of each setup on one axis. {}.",
            each.join("; ")
        )
    }

    /// The shared axis' end in bytes: the largest total or capacity, and a little room.
    fn max_bytes(&self) -> f64 {
        self.bars
            .iter()
            .map(|b| b.total().max(b.capacity_bytes.unwrap_or(0)))
            .max()
            .unwrap_or(1) as f64
            * 1.04
    }
}

/// The chart's height: a row per setup and the axis.
pub fn preferred_height(d: &CompareData, _: f64) -> f64 {
    TOP + ROW * d.bars.len() as f64 + BELOW
}

/// Draws the bars on one axis.
pub fn draw_compare<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    d: &CompareData,
    frame: Frame,
) -> Drawn<DB> {
    let (t, px, line) = (frame.theme, |v| frame.px(v), |w| frame.line(w));
    root.fill(&t.background)?;
    let css_w = root.dim_in_pixel().0 as f64 / frame.scale;
    let max = d.max_bytes().max(1.0);
    let (unit, label) = d.units.axis_unit(max);
    // Not rounded up to a nice number (that could leave half the axis empty); the ticks are.
    let x_max = (max / unit).max(1e-9);
    let (x0, x1) = (LEFT, (css_w - RIGHT).max(LEFT + 1.0));
    let x_of = |v: f64| x0 + (x1 - x0) * (v / x_max).clamp(0.0, 1.0);
    let axis_y = TOP + ROW * d.bars.len() as f64;
    draw_value_axis(root, frame, x_max, |v| px(x_of(v)), (TOP, axis_y))?;
    root.draw(&Text::new(
        "Device memory of each setup, on one axis",
        (px(8.0), px(8.0)),
        frame
            .font(13.0)
            .color(&t.text)
            .pos(Pos::new(HPos::Left, VPos::Top)),
    ))?;
    root.draw(&Text::new(
        label.to_string(),
        (px((x0 + x1) / 2.0), px(axis_y + 22.0)),
        frame
            .font(12.0)
            .color(&t.text)
            .pos(Pos::new(HPos::Center, VPos::Top)),
    ))?;
    for (i, b) in d.bars.iter().enumerate() {
        let top = TOP + ROW * i as f64;
        root.draw(&Text::new(
            format!("{} · {}", b.title, format_bytes(b.total(), d.units)),
            (px(x0), px(top + 4.0)),
            frame
                .font(12.0)
                .color(&t.text)
                .pos(Pos::new(HPos::Left, VPos::Top)),
        ))?;
        let (ya, yb) = (top + 20.0, top + 20.0 + BAR);
        for (s, a, z) in b.spans() {
            root.draw(&Rectangle::new(
                [
                    (px(x_of(a as f64 / unit)), px(ya)),
                    (px(x_of(z as f64 / unit)), px(yb)),
                ],
                color_of(s.id).filled(),
            ))?;
        }
        if let Some(c) = b.capacity_bytes {
            let x = px(x_of(c as f64 / unit));
            let colour = if b.line_met() {
                t.capacity_ok
            } else {
                t.capacity_short
            };
            root.draw(&PathElement::new(
                vec![(x, px(ya - 4.0)), (x, px(yb + 4.0))],
                colour.stroke_width(line(2.0)),
            ))?;
        }
    }
    root.present()
}
