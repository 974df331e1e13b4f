//! The x axis the scaling chart and its time lines share: one tick per x value on the
//! logarithmic positions of `scaling::x_positions`, labels only where they do not overlap the
//! previous one, the axis line and its title.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::breakdown::Frame;
use crate::scaling::{short_count, LEFT, RIGHT};

/// Draws the x axis along `y0` (CSS pixels) for the values `xs`, each at `pos(i)`.
pub(crate) fn draw_x_axis<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    frame: Frame,
    xs: &[u64],
    pos: impl Fn(usize) -> f64,
    y0: f64,
    title: &str,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
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
