//! The stacked breakdown bar: one bar of memory per device, a segment per component, the device
//! capacity as a dashed line labelled with the headroom or shortfall, an axis in GiB or GB and a
//! legend. Generic over plotters' `DrawingBackend`: a canvas in the app, SVG in snapshot tests.

use memcalc_core::units::{format_bytes, UnitSystem};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::palette::{color_of, rank_of, Theme};

/// One stacked segment.
#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    pub id: String,
    pub label: String,
    pub bytes: u64,
}

/// Everything the breakdown chart shows.
#[derive(Debug, Clone, PartialEq)]
pub struct BreakdownData {
    pub segments: Vec<Segment>,
    pub capacity_bytes: u64,
    pub capacity_label: String,
    pub units: UnitSystem,
    /// What one bar is: "device", "node" or "GPU".
    pub per: &'static str,
}

impl BreakdownData {
    pub fn total(&self) -> u64 {
        self.segments.iter().map(|s| s.bytes).sum()
    }

    /// Segments with bytes, in the fixed stacking order.
    pub fn ordered(&self) -> Vec<&Segment> {
        let mut v: Vec<&Segment> = self.segments.iter().filter(|s| s.bytes > 0).collect();
        memcalc_core::sat::sort_small(&mut v, |a, b| rank_of(&a.id) < rank_of(&b.id));
        v
    }

    /// The (start, end) of each drawn segment, in bytes from zero: hit-testing uses the same
    /// geometry as drawing.
    pub fn spans(&self) -> Vec<(&Segment, u64, u64)> {
        let mut x = 0u64;
        self.ordered()
            .into_iter()
            .map(|s| {
                let start = x;
                x = x.saturating_add(s.bytes);
                (s, start, x)
            })
            .collect()
    }
}

/// Size and pixel density of the drawing: all lengths are CSS pixels times `scale`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    pub scale: f64,
    pub theme: Theme,
}

/// A "nice" axis maximum at or above `v`: 1, 2 or 5 times a power of ten.
pub fn nice_ceiling(v: f64) -> f64 {
    if !(v.is_finite()) || v <= 0.0 {
        return 1.0;
    }
    // The power of ten at or below v, by repeated scaling (no powf/log10 in the page's wasm).
    let mut p = 1.0;
    while p * 10.0 <= v {
        p *= 10.0;
    }
    while p > v {
        p /= 10.0;
    }
    [1.0, 2.0, 2.5, 5.0, 10.0].iter().map(|m| m * p).find(|c| *c >= v).unwrap_or(10.0 * p)
}

/// Height in CSS pixels the chart wants at a given width (the legend wraps on narrow screens).
pub fn preferred_height(data: &BreakdownData, css_width: f64) -> f64 {
    let per_row = legend_columns(css_width);
    let rows = data.ordered().len().div_ceil(per_row).max(1);
    BAR_AREA + LEGEND_TOP + rows as f64 * LEGEND_ROW
}

const BAR_AREA: f64 = 118.0;
const LEGEND_TOP: f64 = 8.0;
const LEGEND_ROW: f64 = 22.0;
const LEGEND_ITEM: f64 = 250.0;

fn legend_columns(css_width: f64) -> usize {
    ((css_width - 16.0) / LEGEND_ITEM).floor().max(1.0) as usize
}

/// Horizontal extent, in bytes, of the axis.
pub fn axis_max_bytes(data: &BreakdownData) -> f64 {
    let max = data.total().max(data.capacity_bytes) as f64 * 1.08;
    nice_ceiling(max / data.units.giga()) * data.units.giga()
}

/// Horizontal layout of the bar in CSS pixels: where zero and the axis maximum fall.
pub fn bar_extent(css_width: f64) -> (f64, f64) {
    (12.0, (css_width - 20.0).max(13.0))
}

/// Tick step for an axis reaching `max`: 1, 2, 2.5 or 5 times a power of ten, 4 to 8 ticks.
pub fn tick_step(max: f64) -> f64 {
    nice_ceiling(max / 6.0)
}

fn tick_label(v: f64, step: f64) -> String {
    // Tenths as integers: float formatting would add kilobytes to the page.
    let tenths = (v * 10.0).round() as i64;
    if step < 1.0 {
        format!("{}.{}", tenths / 10, tenths % 10)
    } else {
        format!("{}", (tenths + 5) / 10)
    }
}

/// Draws the chart by hand with plotters primitives (no ChartBuilder: its generic axis code
/// cost kilobytes of wasm), in pixels scaled by `frame.scale`.
pub fn draw_breakdown<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    data: &BreakdownData,
    frame: Frame,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let k = frame.scale;
    let t = frame.theme;
    let px = |v: f64| (v * k).round() as i32;
    let font = |size: f64| ("sans-serif", size * k).into_font();
    root.fill(&t.background)?;

    let (w, h) = root.dim_in_pixel();
    let bar_area_h = (px(BAR_AREA) as u32).min(h);
    let (top, legend) = root.split_vertically(bar_area_h);

    let giga = data.units.giga();
    let x_max = axis_max_bytes(data) / giga;
    let (x0, x1) = bar_extent(w as f64 / k);
    let x_of = |v: f64| px(x0 + (x1 - x0) * (v / x_max).clamp(0.0, 1.0));
    let (bar_top, bar_bottom, axis_y) = (38.0, 74.0, 80.0);

    // Grid lines and tick labels.
    let step = tick_step(x_max);
    let mut v = 0.0;
    while v <= x_max + step * 1e-9 {
        let x = x_of(v);
        top.draw(&PathElement::new(vec![(x, px(bar_top - 4.0)), (x, px(axis_y))], t.axis.mix(0.25).stroke_width(1)))?;
        top.draw(&Text::new(
            tick_label(v, step),
            (x, px(axis_y + 5.0)),
            font(12.0).color(&t.text).pos(Pos::new(HPos::Center, VPos::Top)),
        ))?;
        v += step;
    }
    top.draw(&PathElement::new(vec![(x_of(0.0), px(axis_y)), (x_of(x_max), px(axis_y))], t.axis.stroke_width(px(1.0).max(1) as u32)))?;
    top.draw(&Text::new(
        format!("Memory per {} ({})", data.per, data.units.giga_label()),
        (px((x0 + x1) / 2.0), px(axis_y + 24.0)),
        font(13.0).color(&t.text).pos(Pos::new(HPos::Center, VPos::Top)),
    ))?;

    for (seg, start, end) in data.spans() {
        let (a, b) = (x_of(start as f64 / giga), x_of(end as f64 / giga));
        top.draw(&Rectangle::new([(a, px(bar_top)), (b, px(bar_bottom))], color_of(&seg.id).filled()))?;
        // Thin separators keep adjacent segments of similar colour apart.
        top.draw(&PathElement::new(vec![(b, px(bar_top)), (b, px(bar_bottom))], t.background.stroke_width(px(1.0).max(1) as u32)))?;
    }

    if data.capacity_bytes > 0 {
        let cap = data.capacity_bytes as f64 / giga;
        let fits = data.total() <= data.capacity_bytes;
        let c = if fits { t.capacity_ok } else { t.capacity_short };
        let x = x_of(cap);
        let (y0, y1) = (bar_top - 6.0, bar_bottom + 4.0);
        let dashes = 8;
        for i in 0..dashes {
            let a = y0 + (y1 - y0) * i as f64 / dashes as f64;
            let b = a + (y1 - y0) / dashes as f64 * 0.6;
            top.draw(&PathElement::new(vec![(x, px(a)), (x, px(b))], c.stroke_width(px(2.0).max(1) as u32)))?;
        }
        let diff = data.capacity_bytes.abs_diff(data.total());
        let tail = format!(
            "{} · {} {}",
            format_bytes(data.capacity_bytes, data.units),
            format_bytes(diff, data.units),
            if fits { "headroom" } else { "short" }
        );
        let style = font(12.0).color(&c);
        let (left, right) = (px(12.0), w as i32 - px(12.0));
        // The long label names the device; on narrow charts the short one keeps the numbers.
        let long = format!("{}: {tail}", data.capacity_label);
        // Average glyph width of a sans-serif face is about 0.55 em; 0.6 keeps spare room and
        // avoids measuring text through the DOM (which costs code and a layout per call).
        let width_of = |s: &str| (s.chars().count() as f64 * 12.0 * k * 0.6) as i32;
        let label = if width_of(&long) <= right - left { long } else { tail };
        let lw = width_of(&label);
        // Beside the line, on the side with room, but never past the edges.
        let lx = if cap > x_max * 0.55 { x - px(6.0) - lw } else { x + px(6.0) };
        let lx = lx.min(right - lw).max(left);
        top.draw(&Text::new(label, (lx, px(y0 - 4.0)), style.pos(Pos::new(HPos::Left, VPos::Bottom))))?;
    }

    let cols = legend_columns(w as f64 / k);
    for (i, (seg, _, _)) in data.spans().iter().enumerate() {
        let (row, col) = (i / cols, i % cols);
        let x = px(16.0 + col as f64 * LEGEND_ITEM);
        let y = px(LEGEND_TOP + row as f64 * LEGEND_ROW);
        legend.draw(&Rectangle::new([(x, y + px(3.0)), (x + px(12.0), y + px(15.0))], color_of(&seg.id).filled()))?;
        legend.draw(&Text::new(
            format!("{} {}", seg.label, format_bytes(seg.bytes, data.units)),
            (x + px(18.0), y + px(9.0)),
            font(12.5).color(&t.text).pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    root.present()
}
