//! The scaling chart's other measures (`scaling_y`): the time per step or the parallel
//! efficiency against the same x values as memory (`memcalc_core::analysis::scaling::time_lines`),
//! on the memory chart's logarithmic x axis and a linear y axis from 0.

use memcalc_core::analysis::scaling::{TimeMeasure, TimeSeries};
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::frame::{
    draw_key, draw_level, draw_now, draw_title, draw_x_axis, draw_y_grid, nice_ceiling,
    x_positions, Drawn, Frame, BOTTOM, HEIGHT, LEFT, LEGEND_ROW, LINES, TOP,
};

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

/// Draws the time lines over the shared frame (`crate::frame`), with ideal scaling dashed when
/// the lines are efficiencies.
pub fn draw_time<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    data: &TimeData,
    frame: Frame,
) -> Drawn<DB> {
    let (t, px, line) = (frame.theme, |v| frame.px(v), |w| frame.line(w));
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

    draw_y_grid(root, frame, y_max, |v| y_of(v / unit))?;
    draw_title(root, frame, title)?;
    if efficiency {
        // Ideal scaling, dashed.
        draw_level(root, frame, y_of(1.0), t.axis.stroke_width(line(1.0)))?;
    }

    draw_x_axis(root, frame, &xs, &pos, y0, data.x_label)?;
    if let Some(i) = xs.iter().position(|x| *x == data.current) {
        draw_now(root, frame, pos(i), (y0, y1))?;
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
        draw_key(root, frame, |d| px(LEFT + d), ly, (c, l.line.label()))?;
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
                        memcalc_core::explain::speed::time(memcalc_core::Time::of(v))
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
) -> Drawn<DB> {
    match &view.time {
        Some(t) => draw_time(root, t, frame),
        None => crate::draw_scaling(root, &view.memory, frame),
    }
}
