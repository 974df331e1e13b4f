//! The stacked breakdown: one bar per kind of memory in play (GPU memory per device, host
//! memory per node, disk), a segment per component in a fixed colour order, each bar's capacity
//! as a dashed line labelled with the headroom or shortfall, an axis under each bar in GiB or GB
//! (TiB or TB, PiB or PB, past a thousand) and one legend. Generic over plotters'
//! `DrawingBackend`: a canvas in the app, SVG in snapshot tests. Hit-testing (`hit_boxes`) uses the same layout functions as drawing.

use memcalc_core::units::{format_bytes, format_share, UnitSystem};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::frame::{draw_capacity_mark, draw_value_axis, Drawn, Frame};
use crate::palette::color_of;
use memcalc_core::PartId;

// Where they lived before `frame`: the page and the tests name them through this module.
pub use crate::frame::text_width;

/// One stacked segment.
#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    pub id: PartId,
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
    /// What the capacity line reads beside its bytes, when the estimate judges the bar by
    /// something else than the bytes left (a pooled engine: the sequences its pool holds).
    pub note: Option<Note>,
}

/// The capacity line's reading in the estimate's own terms, and whether it is met (the line's
/// colour): the verdict's quantity, so the line never says green while the verdict says red.
#[derive(Debug, Clone, PartialEq)]
pub struct Note {
    pub text: String,
    pub met: bool,
}

/// Everything the breakdown chart shows.
#[derive(Debug, Clone, PartialEq)]
pub struct BreakdownData {
    pub bars: Vec<Bar>,
    pub units: UnitSystem,
}

impl Bar {
    pub fn total(&self) -> u64 {
        memcalc_core::units::sum(self.segments.iter().map(|s| s.bytes))
    }

    /// Whether the capacity line is met (drawn in the "fits" colour): the estimate's own
    /// reading when it gives one, else the total within the capacity.
    pub fn line_met(&self) -> bool {
        match (&self.note, self.capacity_bytes) {
            (Some(n), _) => n.met,
            (None, Some(c)) => self.total() <= c,
            (None, None) => true,
        }
    }

    /// Segments with bytes, in the fixed stacking order.
    pub fn ordered(&self) -> Vec<&Segment> {
        let mut v: Vec<&Segment> = self.segments.iter().filter(|s| s.bytes > 0).collect();
        memcalc_core::units::sort_small(&mut v, |a, b| a.id < b.id);
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

    /// Horizontal extent, in bytes, of this bar's axis: the larger of the total and the
    /// capacity, and a little room. Not rounded up to a "nice" number: that could double the
    /// axis and shrink a small total to nothing; the ticks stay at nice steps below it.
    pub fn axis_max_bytes(&self, _units: UnitSystem) -> f64 {
        (self.total().max(self.capacity_bytes.unwrap_or(0)) as f64 * 1.04).max(1.0)
    }

    /// Where `bytes` (from the bar's start) falls, in CSS pixels, between `x0` and `x1`. A bar
    /// too small to see at scale is drawn `MIN_BAR` wide, its parts in proportion, so a small
    /// total never vanishes (its true size is labelled beside it).
    pub fn x_of(&self, bytes: u64, units: UnitSystem, (x0, x1): (f64, f64)) -> f64 {
        let max = self.axis_max_bytes(units);
        let total = self.total();
        let scaled = |b: u64| x0 + (x1 - x0) * (b as f64 / max).clamp(0.0, 1.0);
        if total > 0 && scaled(total) - x0 < MIN_BAR {
            x0 + MIN_BAR * (bytes.min(total) as f64 / total as f64)
        } else {
            scaled(bytes)
        }
    }
}

/// The narrowest a bar with anything in it is drawn, in CSS pixels.
pub const MIN_BAR: f64 = 6.0;

impl BreakdownData {
    /// The chart read aloud (its canvas's label): each bar's total, against its capacity, with
    /// its note.
    pub fn summary(&self) -> String {
        let bars: Vec<String> = self
            .bars
            .iter()
            .map(|b| {
                let cap = b
                    .capacity_bytes
                    .map(|c| {
                        format!(
                            " against {} of {}",
                            format_bytes(c, self.units),
                            b.capacity_label
                        )
                    })
                    .unwrap_or_default();
                let note = b
                    .note
                    .as_ref()
                    .map(|n| format!(" ({})", n.text))
                    .unwrap_or_default();
                format!(
                    "{}: {} in total{cap}{note}",
                    b.title,
                    format_bytes(b.total(), self.units)
                )
            })
            .collect();
        format!(
            "Stacked bars. {}. The table below lists every part with its bytes.",
            bars.join("; ")
        )
    }

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

const BAND: f64 = 104.0;
const TITLE_Y: f64 = 6.0;
const BAR_TOP: f64 = 40.0;
const BAR_BOTTOM: f64 = 70.0;
const AXIS_Y: f64 = 76.0;
const LEGEND_TOP: f64 = 8.0;
const LEGEND_ROW: f64 = 22.0;
const LEGEND_ITEM: f64 = 250.0;
const LEGEND_FONT: f64 = 12.5;
/// Swatch and gap before a legend label, and the gap after it, in CSS pixels.
const LEGEND_SWATCH: f64 = 18.0;
const LEGEND_GAP: f64 = 14.0;

fn legend_text(seg: &Segment, units: UnitSystem) -> String {
    format!("{} {}", seg.label, format_bytes(seg.bytes, units))
}

/// One legend entry as laid out: its text, where it starts, its row and the font size.
#[derive(Debug, Clone, PartialEq)]
pub struct LegendItem {
    pub id: PartId,
    pub text: String,
    pub x: f64,
    pub row: usize,
    pub size: f64,
    /// Where the text ends (CSS pixels).
    pub end: f64,
}

/// The legend in columns as wide as its longest entry (never narrower than `LEGEND_ITEM`), so
/// entries never run into each other; a single column whose longest entry is wider than the
/// chart gets a smaller font instead of being cut at the edge.
pub fn legend_layout(data: &BreakdownData, css_width: f64) -> Vec<LegendItem> {
    let items = data.legend();
    let texts: Vec<String> = items.iter().map(|s| legend_text(s, data.units)).collect();
    let longest = texts
        .iter()
        .map(|t| text_width(t, LEGEND_FONT))
        .fold(0.0, f64::max);
    let room = (css_width - 16.0 - 4.0).max(40.0);
    let column = (longest + LEGEND_SWATCH + LEGEND_GAP).max(LEGEND_ITEM);
    let cols = ((room + LEGEND_GAP) / column).floor().max(1.0) as usize;
    let size = if cols == 1 && longest + LEGEND_SWATCH > room {
        (LEGEND_FONT * (room - LEGEND_SWATCH) / longest).max(8.0)
    } else {
        LEGEND_FONT
    };
    items
        .iter()
        .zip(texts)
        .enumerate()
        .map(|(i, (seg, text))| {
            let x = 16.0 + (i % cols) as f64 * column;
            let end = x + LEGEND_SWATCH + text_width(&text, size);
            LegendItem {
                id: seg.id,
                text,
                x,
                row: i / cols,
                size,
                end,
            }
        })
        .collect()
}

/// Height in CSS pixels the chart wants at a given width (the legend wraps on narrow screens).
pub fn preferred_height(data: &BreakdownData, css_width: f64) -> f64 {
    let rows = legend_layout(data, css_width)
        .last()
        .map_or(1, |l| l.row + 1);
    data.bars.len().max(1) as f64 * BAND + LEGEND_TOP + rows as f64 * LEGEND_ROW
}

/// Horizontal layout of the bars in CSS pixels: where zero and the axis maximum fall. The
/// axis stops short of the right edge by the widest total's label, so every bar's total is
/// written beside its end without covering a part.
pub fn bar_extent(data: &BreakdownData, css_width: f64) -> (f64, f64) {
    let gutter = data
        .bars
        .iter()
        .map(|b| text_width(&format_bytes(b.total(), data.units), 12.0) + 8.0)
        .fold(0.0, f64::max);
    (12.0, (css_width - 20.0 - gutter).max(13.0))
}

/// Where a segment is drawn, in CSS pixels, and what it is: for tooltips and focus.
#[derive(Debug, Clone, PartialEq)]
pub struct HitBox {
    pub bar: usize,
    pub id: PartId,
    pub label: String,
    pub bytes: u64,
    /// "45.3 % of GPU memory per device".
    pub share: String,
    pub x0: f64,
    pub x1: f64,
    pub y0: f64,
    pub y1: f64,
}

impl HitBox {
    /// The segment's tooltip and accessible name: its part, bytes and share.
    pub fn describe(&self, units: UnitSystem) -> String {
        format!(
            "{}: {}, {}",
            self.label,
            format_bytes(self.bytes, units),
            self.share
        )
    }
}

/// The drawn segments' boxes at a given CSS width, in drawing order.
pub fn hit_boxes(data: &BreakdownData, css_width: f64) -> Vec<HitBox> {
    let (x0, x1) = bar_extent(data, css_width);
    let mut out = Vec::new();
    for (i, bar) in data.bars.iter().enumerate() {
        let x_of = |b: u64| bar.x_of(b, data.units, (x0, x1));
        let total = bar.total();
        let top = i as f64 * BAND;
        for (seg, start, end) in bar.spans() {
            out.push(HitBox {
                bar: i,
                id: seg.id,
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

/// Draws the bars, their capacities and the legend over the shared frame (`crate::frame`).
pub fn draw_breakdown<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    data: &BreakdownData,
    frame: Frame,
) -> Drawn<DB> {
    let (k, t) = (frame.scale, frame.theme);
    let (px, font, line) = (|v| frame.px(v), |s| frame.font(s), |w| frame.line(w));
    root.fill(&t.background)?;

    let (w, h) = root.dim_in_pixel();
    let css_w = w as f64 / k;
    let (x0, x1) = bar_extent(data, css_w);
    let (left, right) = (px(12.0), w as i32 - px(12.0));
    let width_of = |s: &str, size: f64| (text_width(s, size) * k) as i32;

    for (i, bar) in data.bars.iter().enumerate() {
        let top = i as f64 * BAND;
        // Each bar counts in its own unit: GiB for memory, TiB for what a long run writes.
        let (giga, unit_label) = data.units.axis_unit(bar.axis_max_bytes(data.units));
        let x_max = bar.axis_max_bytes(data.units) / giga;
        let x_of = |v: f64| px(x0 + (x1 - x0) * (v / x_max).clamp(0.0, 1.0));
        root.draw(&Text::new(
            format!("{} ({unit_label})", bar.title),
            (px(x0), px(top + TITLE_Y)),
            font(13.0)
                .color(&t.text)
                .pos(Pos::new(HPos::Left, VPos::Top)),
        ))?;

        draw_value_axis(
            root,
            frame,
            x_max,
            x_of,
            (top + BAR_TOP - 4.0, top + AXIS_Y),
        )?;

        let seg_x = |b: u64| px(bar.x_of(b, data.units, (x0, x1)));
        for (seg, start, end) in bar.spans() {
            let (a, b) = (seg_x(start), seg_x(end));
            root.draw(&Rectangle::new(
                [(a, px(top + BAR_TOP)), (b.max(a + 1), px(top + BAR_BOTTOM))],
                color_of(seg.id).filled(),
            ))?;
            // Thin separators keep adjacent segments of similar colour apart.
            root.draw(&PathElement::new(
                vec![(b, px(top + BAR_TOP)), (b, px(top + BAR_BOTTOM))],
                t.background.stroke_width(line(1.0)),
            ))?;
        }

        if let Some(capacity) = bar.capacity_bytes.filter(|c| *c > 0) {
            let cap = capacity as f64 / giga;
            let fits = bar.line_met();
            let c = if fits {
                t.capacity_ok
            } else {
                t.capacity_short
            };
            let x = x_of(cap);
            let y0 = top + BAR_TOP - 6.0;
            draw_capacity_mark(
                root,
                frame,
                x,
                (y0, top + BAR_BOTTOM + 4.0),
                c.stroke_width(line(2.0)),
            )?;
            let diff = capacity.abs_diff(bar.total());
            let tail = match &bar.note {
                Some(n) => format!("{} · {}", format_bytes(capacity, data.units), n.text),
                None => format!(
                    "{} · {} {}",
                    format_bytes(capacity, data.units),
                    format_bytes(diff, data.units),
                    if fits { "headroom" } else { "short" }
                ),
            };
            // The long label names the device; on narrow charts the short one keeps the numbers.
            let long = format!("{}: {tail}", bar.capacity_label);
            // A phone keeps the reading (a pooled engine's sequences) when the numbers do not fit.
            let label = [
                Some(long),
                Some(tail.clone()),
                bar.note.as_ref().map(|n| n.text.clone()),
            ]
            .into_iter()
            .flatten()
            .find(|l| width_of(l, 12.0) <= right - left)
            .unwrap_or(tail);
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

        // The bar's total, labelled beside its end (bar_extent leaves the room).
        let total_bytes = bar.total();
        if total_bytes > 0 {
            let label = format_bytes(total_bytes, data.units);
            let mid = px(top + (BAR_TOP + BAR_BOTTOM) / 2.0);
            let lx = seg_x(total_bytes) + px(5.0);
            root.draw(&Text::new(
                label,
                (lx, mid),
                font(12.0)
                    .color(&t.text)
                    .pos(Pos::new(HPos::Left, VPos::Center)),
            ))?;
        }
    }

    let legend_top = data.bars.len().max(1) as f64 * BAND + LEGEND_TOP;
    for item in legend_layout(data, css_w) {
        let x = px(item.x);
        let y = px(legend_top + item.row as f64 * LEGEND_ROW);
        if y >= h as i32 {
            break;
        }
        root.draw(&Rectangle::new(
            [(x, y + px(3.0)), (x + px(12.0), y + px(15.0))],
            color_of(item.id).filled(),
        ))?;
        root.draw(&Text::new(
            item.text,
            (x + px(LEGEND_SWATCH), y + px(9.0)),
            font(item.size)
                .color(&t.text)
                .pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    root.present()
}
