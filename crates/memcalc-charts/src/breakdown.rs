//! The stacked breakdown: one bar per kind of memory in play (GPU memory per device, host
//! memory per node, disk), a segment per component in a fixed colour order, each bar's capacity
//! as a dashed line labelled with the headroom or shortfall, an axis in GiB or GB under each bar
//! and one legend. Generic over plotters' `DrawingBackend`: a canvas in the app, SVG in snapshot
//! tests. Hit-testing (`hit_boxes`) uses the same layout functions as drawing.

use memcalc_core::units::{format_bytes, format_share, UnitSystem};
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

/// One bar: a kind of memory, its components and, if known, what it must fit in.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    /// E.g. "GPU memory per device".
    pub title: String,
    pub segments: Vec<Segment>,
    pub capacity_bytes: Option<u64>,
    pub capacity_label: String,
}

/// Everything the breakdown chart shows.
#[derive(Debug, Clone, PartialEq)]
pub struct BreakdownData {
    pub bars: Vec<Bar>,
    pub units: UnitSystem,
}

impl Bar {
    pub fn total(&self) -> u64 {
        memcalc_core::sat::sum(self.segments.iter().map(|s| s.bytes))
    }

    /// Segments with bytes, in the fixed stacking order.
    pub fn ordered(&self) -> Vec<&Segment> {
        let mut v: Vec<&Segment> = self.segments.iter().filter(|s| s.bytes > 0).collect();
        memcalc_core::sat::sort_small(&mut v, |a, b| rank_of(&a.id) < rank_of(&b.id));
        v
    }

    /// The (start, end) of each drawn segment, in bytes from zero.
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

    /// Horizontal extent, in bytes, of this bar's axis.
    pub fn axis_max_bytes(&self, units: UnitSystem) -> f64 {
        let max = self.total().max(self.capacity_bytes.unwrap_or(0)) as f64 * 1.08;
        nice_ceiling(max / units.giga()) * units.giga()
    }
}

impl BreakdownData {
    /// Legend entries: each component once, in stacking order.
    pub fn legend(&self) -> Vec<&Segment> {
        let mut v: Vec<&Segment> = Vec::new();
        for bar in &self.bars {
            for s in bar.ordered() {
                if !v.iter().any(|x| x.id == s.id) {
                    v.push(s);
                }
            }
        }
        v
    }
}

/// Size and pixel density of the drawing: all lengths are CSS pixels times `scale`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    pub scale: f64,
    pub theme: Theme,
}

impl Frame {
    /// CSS pixels to device pixels.
    pub fn px(&self, v: f64) -> i32 {
        (v * self.scale).round() as i32
    }

    /// A sans-serif face of `size` CSS pixels.
    pub fn font(&self, size: f64) -> FontDesc<'static> {
        ("sans-serif", size * self.scale).into_font()
    }

    /// A stroke width of `w` CSS pixels, at least one device pixel.
    pub fn line(&self, w: f64) -> u32 {
        self.px(w).max(1) as u32
    }
}

/// A "nice" axis maximum at or above `v`: 1, 2, 2.5 or 5 times a power of ten.
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
    [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * p)
        .find(|c| *c >= v)
        .unwrap_or(10.0 * p)
}

const BAND: f64 = 104.0;
const TITLE_Y: f64 = 6.0;
const BAR_TOP: f64 = 40.0;
const BAR_BOTTOM: f64 = 70.0;
const AXIS_Y: f64 = 76.0;
const LEGEND_TOP: f64 = 8.0;
const LEGEND_ROW: f64 = 22.0;
const LEGEND_ITEM: f64 = 250.0;

fn legend_columns(css_width: f64) -> usize {
    ((css_width - 16.0) / LEGEND_ITEM).floor().max(1.0) as usize
}

/// Height in CSS pixels the chart wants at a given width (the legend wraps on narrow screens).
pub fn preferred_height(data: &BreakdownData, css_width: f64) -> f64 {
    let rows = data
        .legend()
        .len()
        .div_ceil(legend_columns(css_width))
        .max(1);
    data.bars.len().max(1) as f64 * BAND + LEGEND_TOP + rows as f64 * LEGEND_ROW
}

/// Horizontal layout of the bars in CSS pixels: where zero and the axis maximum fall.
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

/// Where a segment is drawn, in CSS pixels, and what it is: for tooltips and focus.
#[derive(Debug, Clone, PartialEq)]
pub struct HitBox {
    pub bar: usize,
    pub id: String,
    pub label: String,
    pub bytes: u64,
    /// "45.3 % of GPU memory per device".
    pub share: String,
    pub x0: f64,
    pub x1: f64,
    pub y0: f64,
    pub y1: f64,
}

/// The drawn segments' boxes at a given CSS width, in drawing order.
pub fn hit_boxes(data: &BreakdownData, css_width: f64) -> Vec<HitBox> {
    let (x0, x1) = bar_extent(css_width);
    let mut out = Vec::new();
    for (i, bar) in data.bars.iter().enumerate() {
        let max = bar.axis_max_bytes(data.units);
        let x_of = |b: u64| x0 + (x1 - x0) * (b as f64 / max).clamp(0.0, 1.0);
        let total = bar.total();
        let top = i as f64 * BAND;
        for (seg, start, end) in bar.spans() {
            out.push(HitBox {
                bar: i,
                id: seg.id.clone(),
                label: seg.label.clone(),
                bytes: seg.bytes,
                share: format!("{} of {}", format_share(seg.bytes, total), bar.title),
                x0: x_of(start),
                x1: x_of(end).max(x_of(start) + 1.0),
                y0: top + BAR_TOP,
                y1: top + BAR_BOTTOM,
            });
        }
    }
    out
}

/// Draws the chart by hand with plotters primitives (no ChartBuilder: its generic axis code
/// cost kilobytes of wasm), in pixels scaled by `frame.scale`.
pub fn draw_breakdown<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    data: &BreakdownData,
    frame: Frame,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (k, t) = (frame.scale, frame.theme);
    let (px, font, line) = (|v| frame.px(v), |s| frame.font(s), |w| frame.line(w));
    root.fill(&t.background)?;

    let (w, h) = root.dim_in_pixel();
    let css_w = w as f64 / k;
    let (x0, x1) = bar_extent(css_w);
    let giga = data.units.giga();
    let (left, right) = (px(12.0), w as i32 - px(12.0));
    // Average glyph width of a sans-serif face is about 0.55 em; 0.6 keeps spare room and
    // avoids measuring text through the DOM (which costs code and a layout per call).
    let width_of = |s: &str, size: f64| (s.chars().count() as f64 * size * k * 0.6) as i32;

    for (i, bar) in data.bars.iter().enumerate() {
        let top = i as f64 * BAND;
        let x_max = bar.axis_max_bytes(data.units) / giga;
        let x_of = |v: f64| px(x0 + (x1 - x0) * (v / x_max).clamp(0.0, 1.0));
        root.draw(&Text::new(
            format!("{} ({})", bar.title, data.units.giga_label()),
            (px(x0), px(top + TITLE_Y)),
            font(13.0)
                .color(&t.text)
                .pos(Pos::new(HPos::Left, VPos::Top)),
        ))?;

        // Grid lines and tick labels.
        let step = tick_step(x_max);
        let mut v = 0.0;
        while v <= x_max + step * 1e-9 {
            let x = x_of(v);
            root.draw(&PathElement::new(
                vec![(x, px(top + BAR_TOP - 4.0)), (x, px(top + AXIS_Y))],
                t.axis.mix(0.25).stroke_width(1),
            ))?;
            root.draw(&Text::new(
                tick_label(v, step),
                (x, px(top + AXIS_Y + 4.0)),
                font(12.0)
                    .color(&t.text)
                    .pos(Pos::new(HPos::Center, VPos::Top)),
            ))?;
            v += step;
        }
        root.draw(&PathElement::new(
            vec![
                (x_of(0.0), px(top + AXIS_Y)),
                (x_of(x_max), px(top + AXIS_Y)),
            ],
            t.axis.stroke_width(line(1.0)),
        ))?;

        for (seg, start, end) in bar.spans() {
            let (a, b) = (x_of(start as f64 / giga), x_of(end as f64 / giga));
            root.draw(&Rectangle::new(
                [(a, px(top + BAR_TOP)), (b.max(a + 1), px(top + BAR_BOTTOM))],
                color_of(&seg.id).filled(),
            ))?;
            // Thin separators keep adjacent segments of similar colour apart.
            root.draw(&PathElement::new(
                vec![(b, px(top + BAR_TOP)), (b, px(top + BAR_BOTTOM))],
                t.background.stroke_width(line(1.0)),
            ))?;
        }

        if let Some(capacity) = bar.capacity_bytes.filter(|c| *c > 0) {
            let cap = capacity as f64 / giga;
            let fits = bar.total() <= capacity;
            let c = if fits {
                t.capacity_ok
            } else {
                t.capacity_short
            };
            let x = x_of(cap);
            let (y0, y1) = (top + BAR_TOP - 6.0, top + BAR_BOTTOM + 4.0);
            let dashes = 8;
            for d in 0..dashes {
                let a = y0 + (y1 - y0) * d as f64 / dashes as f64;
                let b = a + (y1 - y0) / dashes as f64 * 0.6;
                root.draw(&PathElement::new(
                    vec![(x, px(a)), (x, px(b))],
                    c.stroke_width(line(2.0)),
                ))?;
            }
            let diff = capacity.abs_diff(bar.total());
            let tail = format!(
                "{} · {} {}",
                format_bytes(capacity, data.units),
                format_bytes(diff, data.units),
                if fits { "headroom" } else { "short" }
            );
            // The long label names the device; on narrow charts the short one keeps the numbers.
            let long = format!("{}: {tail}", bar.capacity_label);
            let label = if width_of(&long, 12.0) <= right - left {
                long
            } else {
                tail
            };
            let lw = width_of(&label, 12.0);
            // Beside the line, on the side with room, but never past the edges.
            let lx = if cap > x_max * 0.55 {
                x - px(6.0) - lw
            } else {
                x + px(6.0)
            };
            let lx = lx.min(right - lw).max(left);
            root.draw(&Text::new(
                label,
                (lx, px(y0 - 3.0)),
                font(12.0).color(&c).pos(Pos::new(HPos::Left, VPos::Bottom)),
            ))?;
        }
    }

    let legend_top = data.bars.len().max(1) as f64 * BAND + LEGEND_TOP;
    let cols = legend_columns(css_w);
    for (i, seg) in data.legend().into_iter().enumerate() {
        let (row, col) = (i / cols, i % cols);
        let x = px(16.0 + col as f64 * LEGEND_ITEM);
        let y = px(legend_top + row as f64 * LEGEND_ROW);
        if y >= h as i32 {
            break;
        }
        root.draw(&Rectangle::new(
            [(x, y + px(3.0)), (x + px(12.0), y + px(15.0))],
            color_of(&seg.id).filled(),
        ))?;
        root.draw(&Text::new(
            format!("{} {}", seg.label, format_bytes(seg.bytes, data.units)),
            (x + px(18.0), y + px(9.0)),
            font(12.5)
                .color(&t.text)
                .pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    root.present()
}
