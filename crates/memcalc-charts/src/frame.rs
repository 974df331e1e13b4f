//! What every chart shares, drawn the same way in each: the frame (pixel density and theme),
//! the plot's margins, "nice" ticks and their labels, the bars' value axis, the y grid, the logarithmic x axis the
//! scaling chart and its time lines share, the dashed "now" marker and the dashed horizontal and
//! vertical lines (the capacity, ideal scaling), the axis title and a line's legend key. The
//! chart files (`breakdown`, `scaling`, `time`) draw only their series over it; this module
//! imports none of them, so the charts' modules import one another without a cycle
//! (`tests/layers.rs` in the core checks it).
//!
//! Everything is drawn by hand with plotters primitives (no ChartBuilder: its generic axis code
//! cost kilobytes of wasm), in CSS pixels scaled by `Frame::scale`.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::palette::Theme;

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

/// The result of drawing on a backend: plotters' error, which the app logs.
pub type Drawn<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// Height of the plot charts (scaling, time) without wrapped legend rows, in CSS pixels.
pub const HEIGHT: f64 = 260.0;
/// The plot's margins in CSS pixels: the y labels on the left, the x axis and legend below.
pub(crate) const LEFT: f64 = 52.0;
pub(crate) const RIGHT: f64 = 16.0;
pub(crate) const TOP: f64 = 30.0;
pub(crate) const BOTTOM: f64 = 64.0;
/// Height of one legend row under a plot.
pub(crate) const LEGEND_ROW: f64 = 18.0;

/// Colours of the lines, in series order (Observable 10: blue, orange).
pub(crate) const LINES: [RGBColor; 2] = [RGBColor(0x42, 0x69, 0xd0), RGBColor(0xef, 0xb1, 0x18)];

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

/// Tick step for an axis reaching `max`: 1, 2, 2.5 or 5 times a power of ten, 4 to 8 ticks.
pub fn tick_step(max: f64) -> f64 {
    nice_ceiling(max / 6.0)
}

/// A tick's label: one decimal when the step is below one, else a whole number.
fn tick_label(v: f64, step: f64) -> String {
    // Tenths as integers: float formatting would add kilobytes to the page.
    let tenths = (v * 10.0).round() as i64;
    if step < 1.0 {
        format!("{}.{}", tenths / 10, tenths % 10)
    } else {
        format!("{}", (tenths + 5) / 10)
    }
}

/// Estimated width of `text` at `size` CSS pixels: about 0.55 em per glyph of a sans-serif
/// face; 0.6 keeps spare room without measuring through the DOM (code and a layout per call).
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.6
}

/// log2(x), exact at powers of two and linear between them (no `log2` call in the page's wasm).
pub(crate) fn log2ish(x: u64) -> f64 {
    let x = x.max(1);
    let k = 63 - x.leading_zeros();
    let base = 1u64 << k;
    f64::from(k) + (x - base) as f64 / base as f64
}

/// Position (CSS pixels) of each x value on the logarithmic axis.
pub(crate) fn x_positions(xs: &[u64], css_w: f64) -> impl Fn(usize) -> f64 + '_ {
    let (a, b) = (LEFT, (css_w - RIGHT).max(LEFT + 1.0));
    let lo = xs.first().map_or(0.0, |x| log2ish(*x));
    let hi = xs.last().map_or(1.0, |x| log2ish(*x));
    move |i| {
        if hi <= lo {
            (a + b) / 2.0
        } else {
            a + (b - a) * (log2ish(xs[i]) - lo) / (hi - lo)
        }
    }
}

/// 1, 512, 4Ki, 128Ki, 1Mi: powers of two read best in binary prefixes.
pub(crate) fn short_count(x: u64) -> String {
    if x >= 1 << 20 && x.is_multiple_of(1 << 20) {
        format!("{}Mi", x >> 20)
    } else if x >= 1 << 10 && x.is_multiple_of(1 << 10) {
        format!("{}Ki", x >> 10)
    } else {
        x.to_string()
    }
}

/// The y grid of a plot: a faint line across and a label left of the plot at each tick from 0
/// to `y_max` (in the axis' unit), each at `y_of(v)` device pixels.
pub(crate) fn draw_y_grid<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    frame: Frame,
    y_max: f64,
    y_of: impl Fn(f64) -> i32,
) -> Drawn<DB> {
    let (t, px) = (frame.theme, |v| frame.px(v));
    let css_w = root.dim_in_pixel().0 as f64 / frame.scale;
    let step = tick_step(y_max);
    let mut v = 0.0;
    while v <= y_max + step * 1e-9 {
        let y = y_of(v);
        root.draw(&PathElement::new(
            vec![(px(LEFT), y), (px(css_w - RIGHT), y)],
            t.axis.mix(0.25).stroke_width(1),
        ))?;
        root.draw(&Text::new(
            tick_label(v, step),
            (px(LEFT - 6.0), y),
            frame
                .font(12.0)
                .color(&t.text)
                .pos(Pos::new(HPos::Right, VPos::Center)),
        ))?;
        v += step;
    }
    Ok(())
}

/// A linear x axis from 0 to `x_max` (a bar's, in its unit), each value at `x_of(v)` device
/// pixels: a faint grid line from `grid_top` down to the axis at `axis_y` (CSS pixels) and a
/// label under it at each tick, and the axis line.
pub(crate) fn draw_value_axis<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    frame: Frame,
    x_max: f64,
    x_of: impl Fn(f64) -> i32,
    (grid_top, axis_y): (f64, f64),
) -> Drawn<DB> {
    let (t, px) = (frame.theme, |v| frame.px(v));
    let step = tick_step(x_max);
    let mut v = 0.0;
    while v <= x_max + step * 1e-9 {
        let x = x_of(v);
        root.draw(&PathElement::new(
            vec![(x, px(grid_top)), (x, px(axis_y))],
            t.axis.mix(0.25).stroke_width(1),
        ))?;
        root.draw(&Text::new(
            tick_label(v, step),
            (x, px(axis_y + 4.0)),
            frame
                .font(12.0)
                .color(&t.text)
                .pos(Pos::new(HPos::Center, VPos::Top)),
        ))?;
        v += step;
    }
    root.draw(&PathElement::new(
        vec![(x_of(0.0), px(axis_y)), (x_of(x_max), px(axis_y))],
        t.axis.stroke_width(frame.line(1.0)),
    ))?;
    Ok(())
}

/// The y axis' title, in the top left corner above the plot.
pub(crate) fn draw_title<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    frame: Frame,
    title: &str,
) -> Drawn<DB> {
    root.draw(&Text::new(
        title,
        (frame.px(8.0), frame.px(8.0)),
        frame
            .font(13.0)
            .color(&frame.theme.text)
            .pos(Pos::new(HPos::Left, VPos::Top)),
    ))?;
    Ok(())
}

/// Draws the x axis along `y0` (CSS pixels) for the values `xs`, each at `pos(i)`: one tick per
/// value, labels only where they do not overlap the previous one, the axis line and its title.
pub(crate) fn draw_x_axis<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    frame: Frame,
    xs: &[u64],
    pos: impl Fn(usize) -> f64,
    y0: f64,
    title: &str,
) -> Drawn<DB> {
    let t = frame.theme;
    let css_w = root.dim_in_pixel().0 as f64 / frame.scale;
    // Left to right, each label only where it does not overlap the previous one.
    let mut last_end = f64::MIN;
    for (i, x) in xs.iter().enumerate() {
        let xp = frame.px(pos(i));
        root.draw(&PathElement::new(
            vec![(xp, frame.px(y0)), (xp, frame.px(y0 + 4.0))],
            t.axis.stroke_width(1),
        ))?;
        let label = short_count(*x);
        let half = label.len() as f64 * 3.6 + 4.0;
        if pos(i) - half > last_end {
            last_end = pos(i) + half;
            root.draw(&Text::new(
                label,
                (xp, frame.px(y0 + 6.0)),
                frame
                    .font(12.0)
                    .color(&t.text)
                    .pos(Pos::new(HPos::Center, VPos::Top)),
            ))?;
        }
    }
    root.draw(&PathElement::new(
        vec![
            (frame.px(LEFT), frame.px(y0)),
            (frame.px(css_w - RIGHT), frame.px(y0)),
        ],
        t.axis.stroke_width(frame.line(1.0)),
    ))?;
    root.draw(&Text::new(
        title,
        (frame.px((LEFT + css_w - RIGHT) / 2.0), frame.px(y0 + 24.0)),
        frame
            .font(13.0)
            .color(&t.text)
            .pos(Pos::new(HPos::Center, VPos::Top)),
    ))?;
    Ok(())
}

/// The value in force: a dashed vertical line at `x` (CSS pixels) from the plot's top `y1` to
/// its bottom `y0`, marked "now" at the top.
pub(crate) fn draw_now<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    frame: Frame,
    x: f64,
    (y0, y1): (f64, f64),
) -> Drawn<DB> {
    let (t, px) = (frame.theme, |v| frame.px(v));
    let xp = px(x);
    for d in 0..10 {
        let a = y1 + (y0 - y1) * d as f64 / 10.0;
        root.draw(&PathElement::new(
            vec![(xp, px(a)), (xp, px(a + (y0 - y1) / 20.0))],
            t.axis.stroke_width(frame.line(1.0)),
        ))?;
    }
    root.draw(&Text::new(
        "now",
        (xp + px(4.0), px(y1)),
        frame
            .font(12.0)
            .color(&t.text)
            .pos(Pos::new(HPos::Left, VPos::Top)),
    ))?;
    Ok(())
}

/// A dashed line across the plot at `y` device pixels (the capacity, ideal scaling): dashes of
/// 6 CSS pixels every 10 from the left margin to the right one.
pub(crate) fn draw_level<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    frame: Frame,
    y: i32,
    style: ShapeStyle,
) -> Drawn<DB> {
    let px = |v| frame.px(v);
    let css_w = root.dim_in_pixel().0 as f64 / frame.scale;
    let mut x = LEFT;
    while x < css_w - RIGHT {
        root.draw(&PathElement::new(
            vec![(px(x), y), (px((x + 6.0).min(css_w - RIGHT)), y)],
            style,
        ))?;
        x += 10.0;
    }
    Ok(())
}

/// A bar's capacity: a dashed vertical line at `x` device pixels from `y0` to `y1` (CSS pixels),
/// in 8 dashes.
pub(crate) fn draw_capacity_mark<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    frame: Frame,
    x: i32,
    (y0, y1): (f64, f64),
    style: ShapeStyle,
) -> Drawn<DB> {
    let dashes = 8;
    for d in 0..dashes {
        let a = y0 + (y1 - y0) * d as f64 / dashes as f64;
        let b = a + (y1 - y0) / dashes as f64 * 0.6;
        root.draw(&PathElement::new(
            vec![(x, frame.px(a)), (x, frame.px(b))],
            style,
        ))?;
    }
    Ok(())
}

/// A line's legend key under a plot, on the row at `ly` device pixels: a swatch in its colour
/// and its label after it, `at(d)` being the device x of `d` CSS pixels after the key's start
/// (each chart rounds its own way, so its pixels stay where they were).
pub(crate) fn draw_key<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    frame: Frame,
    at: impl Fn(f64) -> i32,
    ly: i32,
    (colour, label): (RGBColor, &str),
) -> Drawn<DB> {
    let px = |v| frame.px(v);
    root.draw(&Rectangle::new(
        [(at(0.0), ly - px(5.0)), (at(14.0), ly - px(1.0))],
        colour.filled(),
    ))?;
    root.draw(&Text::new(
        label,
        (at(20.0), ly - px(3.0)),
        frame
            .font(12.0)
            .color(&frame.theme.text)
            .pos(Pos::new(HPos::Left, VPos::Center)),
    ))?;
    Ok(())
}
