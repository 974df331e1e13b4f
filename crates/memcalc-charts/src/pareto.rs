//! The planner's Pareto front (issue 41): each setup of `memcalc_core::report::plan::View` a
//! point, time on the x axis and cost on the y axis, both logarithmic (a front spans one GPU
//! to a thousand), the front joined fastest to cheapest, the picks filled and labelled, the
//! deadline (or per-token target) and the budget dashed. The core writes the view; the chart
//! only draws it, and [`point_positions`] gives the page each point's place for its focusable
//! twins (the keyboard's and a screen reader's way to the points).

use memcalc_core::report::plan::View;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::frame::{draw_title, Drawn, Frame, LEFT, LINES, RIGHT, TOP};

/// Height in CSS pixels.
pub const HEIGHT: f64 = 280.0;
/// Space under the plot for the time axis' labels and title.
const BELOW: f64 = 44.0;

/// Decades `[lo, hi]` (powers of ten) around every value and `limit`.
fn decades(values: impl Iterator<Item = f64>, limit: Option<f64>) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::MAX, f64::MIN);
    for v in values.chain(limit).filter(|v| v.is_finite() && *v > 0.0) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if lo > hi {
        return (0.0, 1.0);
    }
    let (a, mut b) = (lo.log10().floor(), hi.log10().ceil());
    if b <= a {
        b = a + 1.0;
    }
    (a, b)
}

/// The plot's two scales, from values to CSS pixels.
struct Scales {
    x: (f64, f64),
    y: (f64, f64),
    css_w: f64,
}

impl Scales {
    fn of(view: &View, css_w: f64) -> Scales {
        Scales {
            x: decades(view.points.iter().map(|p| p.time), view.time_limit),
            y: decades(view.points.iter().map(|p| p.cost), view.cost_limit),
            css_w,
        }
    }
    fn x(&self, v: f64) -> f64 {
        let (a, b) = (LEFT + 8.0, (self.css_w - RIGHT - 8.0).max(LEFT + 9.0));
        a + (b - a) * ((v.max(1e-300).log10() - self.x.0) / (self.x.1 - self.x.0)).clamp(0.0, 1.0)
    }
    fn y(&self, v: f64) -> f64 {
        let (a, b) = (HEIGHT - BELOW - 6.0, TOP + 6.0);
        a + (b - a) * ((v.max(1e-300).log10() - self.y.0) / (self.y.1 - self.y.0)).clamp(0.0, 1.0)
    }
}

/// Each point's centre in CSS pixels over a chart `css_w` wide (the page's focusable twins).
pub fn point_positions(view: &View, css_w: f64) -> Vec<(f64, f64)> {
    let s = Scales::of(view, css_w);
    view.points
        .iter()
        .map(|p| (s.x(p.time), s.y(p.cost)))
        .collect()
}

/// A decade's label: 0.01, 0.1, 1, 10, 100, 1k, 10k, 1M …
fn decade_label(e: f64) -> String {
    let e = e as i32;
    match e {
        i32::MIN..=-1 => format!("{}", 10f64.powi(e)),
        0..=2 => format!("{}", 10i64.pow(e as u32)),
        3..=5 => format!("{}k", 10i64.pow(e as u32 - 3)),
        6..=8 => format!("{}M", 10i64.pow(e as u32 - 6)),
        _ => format!("1e{e}"),
    }
}

/// Draws the front; `selected` (the point a tooltip shows) is ringed.
pub fn draw_pareto<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    view: &View,
    selected: Option<usize>,
    frame: Frame,
) -> Drawn<DB> {
    let (t, px, line) = (frame.theme, |v| frame.px(v), |w| frame.line(w));
    root.fill(&t.background)?;
    let css_w = root.dim_in_pixel().0 as f64 / frame.scale;
    let s = Scales::of(view, css_w);
    let (y0, x_end) = (HEIGHT - BELOW, css_w - RIGHT);
    let small = |text: String, (x, y): (f64, f64), pos: Pos| {
        root.draw(&Text::new(
            text,
            (px(x), px(y)),
            frame.font(12.0).color(&t.text).pos(pos),
        ))
    };
    // The grid: one line per decade on each axis, labelled.
    let mut e = s.y.0;
    while e <= s.y.1 + 1e-9 {
        let y = s.y(10f64.powf(e));
        root.draw(&PathElement::new(
            vec![(px(LEFT), px(y)), (px(x_end), px(y))],
            t.axis.mix(0.25).stroke_width(1),
        ))?;
        small(
            decade_label(e),
            (LEFT - 6.0, y),
            Pos::new(HPos::Right, VPos::Center),
        )?;
        e += 1.0;
    }
    let mut e = s.x.0;
    while e <= s.x.1 + 1e-9 {
        let x = s.x(10f64.powf(e));
        root.draw(&PathElement::new(
            vec![(px(x), px(TOP)), (px(x), px(y0))],
            t.axis.mix(0.25).stroke_width(1),
        ))?;
        small(
            decade_label(e),
            (x, y0 + 4.0),
            Pos::new(HPos::Center, VPos::Top),
        )?;
        e += 1.0;
    }
    root.draw(&PathElement::new(
        vec![(px(LEFT), px(TOP)), (px(LEFT), px(y0)), (px(x_end), px(y0))],
        t.axis.stroke_width(line(1.0)),
    ))?;
    draw_title(
        root,
        frame,
        &format!(
            "{} against {}",
            capitalised(&view.cost_title),
            view.time_title
        ),
    )?;
    small(
        view.time_title.clone(),
        ((LEFT + x_end) / 2.0, y0 + 22.0),
        Pos::new(HPos::Center, VPos::Top),
    )?;
    // The limits, dashed: the deadline (or per-token target) upright, the budget across.
    let dashed = |a: (f64, f64), b: (f64, f64)| -> Drawn<DB> {
        let n = (((b.0 - a.0).abs() + (b.1 - a.1).abs()) / 6.0)
            .ceil()
            .max(1.0) as usize;
        for k in (0..n).step_by(2) {
            let f = |k: usize| {
                let u = (k as f64 / n as f64).min(1.0);
                (px(a.0 + (b.0 - a.0) * u), px(a.1 + (b.1 - a.1) * u))
            };
            root.draw(&PathElement::new(
                vec![f(k), f(k + 1)],
                t.capacity_short.stroke_width(line(1.5)),
            ))?;
        }
        Ok(())
    };
    if let Some(d) = view.time_limit {
        let x = s.x(d);
        dashed((x, TOP), (x, y0))?;
        small(
            "limit".into(),
            (x + 3.0, TOP),
            Pos::new(HPos::Left, VPos::Top),
        )?;
    }
    if let Some(b) = view.cost_limit {
        let y = s.y(b);
        dashed((LEFT, y), (x_end, y))?;
        small(
            "budget".into(),
            (x_end - 2.0, y - 2.0),
            Pos::new(HPos::Right, VPos::Bottom),
        )?;
    }
    let at = point_positions(view, css_w);
    // The front, fastest to cheapest.
    let front: Vec<(i32, i32)> = view
        .points
        .iter()
        .zip(&at)
        .filter(|(p, _)| p.on_front)
        .map(|(_, (x, y))| (px(*x), px(*y)))
        .collect();
    if front.len() > 1 {
        root.draw(&PathElement::new(front, LINES[0].stroke_width(line(1.5))))?;
    }
    for (i, (p, (x, y))) in view.points.iter().zip(&at).enumerate() {
        let c = (px(*x), px(*y));
        let picked = p.role.contains("cheapest") || p.role.contains("fastest");
        if p.role == "closest" {
            root.draw(&Circle::new(
                c,
                px(5.0),
                t.capacity_short.stroke_width(line(2.0)),
            ))?;
        } else if picked {
            root.draw(&Circle::new(c, px(6.0), LINES[1].filled()))?;
            root.draw(&Circle::new(c, px(6.0), t.text.stroke_width(line(1.0))))?;
        } else {
            root.draw(&Circle::new(c, px(4.0), LINES[0].filled()))?;
        }
        if selected == Some(i) {
            root.draw(&Circle::new(c, px(9.0), t.text.stroke_width(line(2.0))))?;
        }
        // The picks' names above their points, clear of the front's line.
        if picked || p.role == "closest" {
            let h = if *x < LEFT + 40.0 {
                HPos::Left
            } else if *x > css_w - RIGHT - 40.0 {
                HPos::Right
            } else {
                HPos::Center
            };
            small(p.role.clone(), (*x, y - 9.0), Pos::new(h, VPos::Bottom))?;
        }
    }
    root.present()
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

/// What the page's canvas draws: the view and the point a tooltip shows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ParetoData {
    pub view: View,
    pub selected: Option<usize>,
}

/// The chart's height at any width.
pub fn preferred_height(_: &ParetoData, _: f64) -> f64 {
    HEIGHT
}

/// [`draw_pareto`] of a [`ParetoData`] (the page's canvas helper takes one argument).
pub fn draw_data<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    d: &ParetoData,
    frame: Frame,
) -> Drawn<DB> {
    draw_pareto(root, &d.view, d.selected, frame)
}
