//! The scaling chart's other measures (`scaling_y`): the time per step or the parallel
//! efficiency against the same x values as memory (`memcalc_core::answers::scaling::time_lines`),
//! on the memory chart's logarithmic x axis and a linear y axis from 0.

use memcalc_core::answers::scaling::{TimeMeasure, TimeSeries};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::breakdown::{nice_ceiling, tick_label, tick_step, Frame};
use crate::scaling::{x_positions, BOTTOM, HEIGHT, LEFT, LEGEND_ROW, LINES, RIGHT, TOP};

/// The time lines and how to label them.
#[derive(Debug, Clone, PartialEq)]
pub struct TimeData {
    pub lines: Vec<TimeSeries>,
    pub x_label: &'static str,
    /// The x value in force, marked "now".
    pub current: u64,
}

impl TimeData {
    fn xs(&self) -> Vec<u64> {
        let mut xs: Vec<u64> = self
            .lines
            .iter()
            .flat_map(|l| l.points.iter().map(|p| p.0))
            .collect();
        xs.sort_unstable();
        xs.dedup();
        xs
    }

    fn efficiency(&self) -> bool {
        self.lines
            .first()
            .is_some_and(|l| l.measure == TimeMeasure::Efficiency)
    }

    /// The y axis: its title and the factor from the values to its unit (percent for
    /// efficiency; s, ms or µs for seconds, whichever keeps the largest at 1 or more).
    pub fn axis(&self) -> (&'static str, f64) {
        let top = self.top();
        if self.efficiency() {
            ("Parallel efficiency (%)", 100.0)
        } else if top >= 1.0 {
            ("Time per step (s)", 1.0)
        } else if top >= 1e-3 {
            ("Time per step (ms)", 1e3)
        } else {
            ("Time per step (µs)", 1e6)
        }
    }

    /// The y axis' maximum, in the axis' unit (`axis`).
    pub fn y_max(&self) -> f64 {
        let (_, unit) = self.axis();
        let v = self.top() * unit * 1.08;
        if !self.efficiency() {
            return nice_ceiling(v);
        }
        // Efficiency keeps 100 % in view, and ends at the next tenth above the data: weak
        // scaling's NUMA share puts a point at 101-102 %, which `nice_ceiling`'s steps would
        // take to 200 %, squashing every line into the lower half. A superlinear point (fewer
        // nodes spilling to disk) lifts it further, in the usual steps beyond 150 %.
        let v = v.max(100.0);
        [110.0, 120.0, 130.0, 140.0, 150.0]
            .into_iter()
            .find(|c| *c >= v)
            .unwrap_or_else(|| nice_ceiling(v))
    }

    fn top(&self) -> f64 {
        self.lines
            .iter()
            .flat_map(|l| l.points.iter().map(|p| p.1))
            .fold(0.0, f64::max)
    }
}

/// Height in CSS pixels: the plot and a legend row per line after the first.
pub fn preferred_height(data: &TimeData) -> f64 {
    HEIGHT + LEGEND_ROW * data.lines.len().saturating_sub(1) as f64
}

pub fn draw_time<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    data: &TimeData,
    frame: Frame,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (t, px, font, line) = (
        frame.theme,
        |v| frame.px(v),
        |s| frame.font(s),
        |w| frame.line(w),
    );
    root.fill(&t.background)?;
    let css_w = root.dim_in_pixel().0 as f64 / frame.scale;
    let xs = data.xs();
    let pos = x_positions(&xs, css_w);
    let index_of = |x: u64| xs.iter().position(|v| *v == x).unwrap_or(0);
    let (title, unit) = data.axis();
    let efficiency = data.efficiency();
    let y_max = data.y_max();
    let (y0, y1) = (HEIGHT - BOTTOM, TOP);
    let y_of = |v: f64| px(y0 + (y1 - y0) * (v * unit / y_max).clamp(0.0, 1.0));

    let step = tick_step(y_max);
    let mut v = 0.0;
    while v <= y_max + step * 1e-9 {
        let y = y_of(v / unit);
        root.draw(&PathElement::new(
            vec![(px(LEFT), y), (px(css_w - RIGHT), y)],
            t.axis.mix(0.25).stroke_width(1),
        ))?;
        root.draw(&Text::new(
            tick_label(v, step),
            (px(LEFT - 6.0), y),
            font(12.0)
                .color(&t.text)
                .pos(Pos::new(HPos::Right, VPos::Center)),
        ))?;
        v += step;
    }
    root.draw(&Text::new(
        title,
        (px(8.0), px(8.0)),
        font(13.0)
            .color(&t.text)
            .pos(Pos::new(HPos::Left, VPos::Top)),
    ))?;
    if efficiency {
        // Ideal scaling, dashed.
        let y = y_of(1.0);
        let mut x = LEFT;
        while x < css_w - RIGHT {
            root.draw(&PathElement::new(
                vec![(px(x), y), (px((x + 6.0).min(css_w - RIGHT)), y)],
                t.axis.stroke_width(line(1.0)),
            ))?;
            x += 10.0;
        }
    }

    crate::axis::draw_x_axis(root, frame, &xs, &pos, y0, data.x_label)?;
    if let Some(i) = xs.iter().position(|x| *x == data.current) {
        let xp = px(pos(i));
        for d in 0..10 {
            let a = y1 + (y0 - y1) * d as f64 / 10.0;
            root.draw(&PathElement::new(
                vec![(xp, px(a)), (xp, px(a + (y0 - y1) / 20.0))],
                t.axis.stroke_width(line(1.0)),
            ))?;
        }
        root.draw(&Text::new(
            "now",
            (xp + px(4.0), px(y1)),
            font(12.0)
                .color(&t.text)
                .pos(Pos::new(HPos::Left, VPos::Top)),
        ))?;
    }

    for (li, l) in data.lines.iter().enumerate() {
        let c = LINES[li % LINES.len()];
        let pts: Vec<(i32, i32)> = l
            .points
            .iter()
            .map(|p| (px(pos(index_of(p.0))), y_of(p.1)))
            .collect();
        root.draw(&PathElement::new(pts.clone(), c.stroke_width(line(2.0))))?;
        for q in &pts {
            root.draw(&Circle::new(*q, px(3.5), c.filled()))?;
        }
        // One legend row per line: the labels are long enough to fill a phone's width.
        let ly = px(HEIGHT - 16.0 + LEGEND_ROW * li as f64);
        root.draw(&Rectangle::new(
            [(px(LEFT), ly - px(5.0)), (px(LEFT + 14.0), ly - px(1.0))],
            c.filled(),
        ))?;
        root.draw(&Text::new(
            l.line.label(),
            (px(LEFT + 20.0), ly - px(3.0)),
            font(12.0)
                .color(&t.text)
                .pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
    }
    root.present()
}

impl TimeData {
    /// The chart in a sentence, for its accessible name: each line's value at the x in force.
    pub fn summary(&self, x_words: &str) -> String {
        let (title, _) = self.axis();
        let at_now: Vec<String> = self
            .lines
            .iter()
            .filter_map(|l| {
                let v = l.points.iter().find(|p| p.0 == self.current)?.1;
                let said = match l.measure {
                    TimeMeasure::Efficiency => format!("{} %", (v * 100.0).round() as i64),
                    TimeMeasure::Seconds => {
                        memcalc_core::text::speed::time(memcalc_core::speed::Time::of(v))
                    }
                };
                Some(format!("{} {said}", l.line.label()))
            })
            .collect();
        format!(
            "{title} against {x_words}: at {}, {}.",
            memcalc_core::units::group_digits(self.current),
            at_now.join("; ")
        )
    }
}

/// What the scaling chart draws: memory per device, or in its place the time lines.
#[derive(Debug, Clone, PartialEq)]
pub struct ScalingView {
    pub memory: crate::ScalingData,
    /// Some, with lines, when `scaling_y` asks for time or efficiency and the time model has it.
    pub time: Option<TimeData>,
}

impl ScalingView {
    /// Height in CSS pixels at `css_w`.
    pub fn height(&self, css_w: f64) -> f64 {
        match &self.time {
            Some(t) => preferred_height(t),
            None => crate::scaling::preferred_height(&self.memory, css_w),
        }
    }
}

/// Draws whichever the view holds.
pub fn draw_view<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    view: &ScalingView,
    frame: Frame,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    match &view.time {
        Some(t) => draw_time(root, t, frame),
        None => crate::draw_scaling(root, &view.memory, frame),
    }
}
