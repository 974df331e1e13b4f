//! The comparison's time bars (issue 41, h-compare): the step of each setup and the time terms
//! that move most, one group of bars per row (the step, then each term), a bar per setup in the
//! setup's colour, every bar on one shared seconds axis, so a term that grows or shrinks between
//! setups is seen at once. The terms are not stacked: a step is not their sum (a decode step is
//! the larger of its reads and its FLOPs, then the rest), so each is drawn from zero. The
//! comparison table's time section is the accessible alternative, and [`CompareTimeData::summary`]
//! the canvas' label.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::frame::{draw_value_axis, text_width, Drawn, Frame, RIGHT, TOP};

/// Each setup's colour, in column order (Okabe–Ito: blue, orange, bluish green, reddish purple),
/// told apart in light and dark themes and by most colour-blind readers.
pub const SETUP_COLOURS: [RGBColor; 4] = [
    RGBColor(0x00, 0x72, 0xb2),
    RGBColor(0xe6, 0x9f, 0x00),
    RGBColor(0x00, 0x9e, 0x73),
    RGBColor(0xcc, 0x79, 0xa7),
];

/// The most term rows drawn under the step: the ones that move most (the table has every one).
pub const MAX_TERMS: usize = 5;

/// One row: its label and a value per setup in seconds (None where the setup has none).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TimeRow {
    pub label: String,
    pub seconds: Vec<Option<f64>>,
}

/// Everything the time bars show: the step row first, then the terms, each with a value per
/// setup; `setups` columns.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CompareTimeData {
    pub rows: Vec<TimeRow>,
    pub setups: usize,
}

const LEFT: f64 = 12.0;
/// The key's row under the title.
const KEY: f64 = 20.0;
/// A row's label line, each setup's bar and the gap between bars.
const LABEL: f64 = 18.0;
const BAR: f64 = 9.0;
const GAP: f64 = 2.0;
const AFTER: f64 = 8.0;
const BELOW: f64 = 44.0;
/// Room right of the axis' end for the longest bar's value ("99.9 ms" at 10 px).
const VALUE: f64 = 46.0;

/// A time as the page writes it everywhere else (the comparison's table, the other charts):
/// `explain::speed::time`.
fn short_time(s: f64) -> String {
    memcalc_core::explain::speed::time(memcalc_core::Time::of(s))
}

/// `label` cut to `width` CSS pixels at `size`, with an ellipsis where it is cut (a phone's
/// width; the table beside the chart has the whole label).
fn fit(label: &str, width: f64, size: f64) -> String {
    if text_width(label, size) <= width {
        return label.to_string();
    }
    let keep = ((width / (size * 0.6)) as usize).saturating_sub(1);
    let mut out: String = label.chars().take(keep).collect();
    out.push('…');
    out
}

impl CompareTimeData {
    /// The rows the page's time answer carries: each setup's step (`steps`, column order), then
    /// the time terms (label, seconds per column) in the order given (the ones that move most
    /// first), at most [`MAX_TERMS`] of them; empty where no setup has a step.
    pub fn of(
        steps: &[Option<f64>],
        terms: impl IntoIterator<Item = (String, Vec<Option<f64>>)>,
    ) -> CompareTimeData {
        if steps.len() < 2 || steps.iter().all(Option::is_none) {
            return CompareTimeData::default();
        }
        let mut rows = vec![TimeRow {
            label: "Step".into(),
            seconds: steps.to_vec(),
        }];
        rows.extend(
            terms
                .into_iter()
                .take(MAX_TERMS)
                .map(|(label, seconds)| TimeRow { label, seconds }),
        );
        CompareTimeData {
            rows,
            setups: steps.len(),
        }
    }

    /// The chart read aloud: each row's time in each setup.
    pub fn summary(&self) -> String {
        let each: Vec<String> = self
            .rows
            .iter()
            .map(|r| {
                let cells: Vec<String> = r
                    .seconds
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        format!(
                            "setup {} {}",
                            i + 1,
                            s.map_or("none".to_string(), short_time)
                        )
                    })
                    .collect();
                format!("{}: {}", r.label, cells.join(", "))
            })
            .collect();
        format!(
            "Step time and the time terms that move most, each setup on one axis. {}.",
            each.join("; ")
        )
    }

    /// The axis' end in seconds: the largest value, and a little room.
    fn max_seconds(&self) -> f64 {
        self.rows
            .iter()
            .flat_map(|r| r.seconds.iter().flatten())
            .fold(0.0, |a: f64, b| a.max(*b))
            * 1.04
    }

    fn row_height(&self) -> f64 {
        LABEL + (BAR + GAP) * self.setups as f64 + AFTER
    }
}

/// The chart's height: the title and key, a group per row and the axis.
pub fn preferred_height(d: &CompareTimeData, _: f64) -> f64 {
    TOP + KEY + d.row_height() * d.rows.len() as f64 + BELOW
}

/// The axis' unit for a maximum of `max` seconds: its factor and title.
fn unit_of(max: f64) -> (f64, &'static str) {
    if max >= 1.0 {
        (1.0, "Time per step (s)")
    } else if max >= 1e-3 {
        (1e3, "Time per step (ms)")
    } else {
        (1e6, "Time per step (µs)")
    }
}

/// Where each bar is drawn, in CSS pixels: `(row, setup, x0, x1, y0, y1)`, for the tests.
pub fn bar_boxes(d: &CompareTimeData, css_w: f64) -> Vec<(usize, usize, f64, f64, f64, f64)> {
    let max = d.max_seconds().max(1e-12);
    let (x0, x1) = (LEFT, (css_w - RIGHT - VALUE).max(LEFT + 1.0));
    let mut out = Vec::new();
    for (r, row) in d.rows.iter().enumerate() {
        let top = TOP + KEY + d.row_height() * r as f64 + LABEL;
        for (i, s) in row.seconds.iter().enumerate() {
            if let Some(s) = s {
                let y = top + (BAR + GAP) * i as f64;
                let x = x0 + (x1 - x0) * (s / max).clamp(0.0, 1.0);
                out.push((r, i, x0, x, y, y + BAR));
            }
        }
    }
    out
}

/// Draws the step and the terms of every setup on one axis.
pub fn draw_compare_time<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    d: &CompareTimeData,
    frame: Frame,
) -> Drawn<DB> {
    let (t, px) = (frame.theme, |v| frame.px(v));
    root.fill(&t.background)?;
    let css_w = root.dim_in_pixel().0 as f64 / frame.scale;
    let max = d.max_seconds().max(1e-12);
    let (unit, title) = unit_of(max);
    let x_max = max * unit;
    let (x0, x1) = (LEFT, (css_w - RIGHT - VALUE).max(LEFT + 1.0));
    let x_of = |v: f64| x0 + (x1 - x0) * (v / x_max).clamp(0.0, 1.0);
    let axis_y = TOP + KEY + d.row_height() * d.rows.len() as f64;
    draw_value_axis(root, frame, x_max, |v| px(x_of(v)), (TOP + KEY, axis_y))?;
    let text = |size: f64, h: HPos| frame.font(size).color(&t.text).pos(Pos::new(h, VPos::Top));
    root.draw(&Text::new(
        "Step time and its terms, on one axis",
        (px(8.0), px(8.0)),
        text(13.0, HPos::Left),
    ))?;
    // The key: each setup's swatch and name, on one line (four fit a phone's width).
    let mut kx = x0;
    for i in 0..d.setups {
        let colour = SETUP_COLOURS[i % SETUP_COLOURS.len()];
        root.draw(&Rectangle::new(
            [(px(kx), px(TOP + 3.0)), (px(kx + 12.0), px(TOP + 12.0))],
            colour.filled(),
        ))?;
        let name = format!("Setup {}", i + 1);
        root.draw(&Text::new(
            name.clone(),
            (px(kx + 16.0), px(TOP + 1.0)),
            text(12.0, HPos::Left),
        ))?;
        kx += 16.0 + text_width(&name, 12.0) + 10.0;
    }
    root.draw(&Text::new(
        title,
        (px((x0 + x1) / 2.0), px(axis_y + 22.0)),
        text(12.0, HPos::Center),
    ))?;
    for (r, row) in d.rows.iter().enumerate() {
        let top = TOP + KEY + d.row_height() * r as f64;
        root.draw(&Text::new(
            fit(&row.label, css_w - x0 - 4.0, 12.0),
            (px(x0), px(top + 3.0)),
            text(12.0, HPos::Left),
        ))?;
    }
    for (r, i, a, _, ya, yb) in bar_boxes(d, css_w) {
        let Some(s) = d.rows[r].seconds[i] else {
            continue;
        };
        let z = x_of(s * unit);
        let colour = SETUP_COLOURS[i % SETUP_COLOURS.len()];
        root.draw(&Rectangle::new(
            [(px(a), px(ya)), (px(z.max(a + 1.0)), px(yb))],
            colour.filled(),
        ))?;
        // Its value beside the bar's end (the axis stops short of the edge to leave it room).
        root.draw(&Text::new(
            short_time(s),
            (px(z + 4.0), px(ya - 1.0)),
            text(10.0, HPos::Left),
        ))?;
    }
    root.present()
}
