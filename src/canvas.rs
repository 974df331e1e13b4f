//! The charts on HTML canvases, drawn through plotters-canvas (the design's backend; its float
//! formatting of colours and font sizes costs bytes, measured in docs/performance.md).

use plotters_canvas::CanvasBackend as Canvas;

/// Draws a chart on a canvas from an Effect, redrawn when its data, the container's width, the
/// device pixel ratio or the theme changes. The backing store is the CSS size times the ratio,
/// and every length in the drawing is scaled by it, so the chart is crisp on any screen.
/// Returns the container's width in CSS pixels (for hit-testing).
pub fn chart<T: Send + Sync + PartialEq + 'static>(
    container: leptos::prelude::NodeRef<leptos::html::Div>,
    canvas: leptos::prelude::NodeRef<leptos::html::Canvas>,
    theme: crate::theme::ThemeState,
    data: leptos::prelude::Memo<T>,
    height: fn(&T, f64) -> f64,
    draw: fn(
        &plotters::prelude::DrawingArea<Canvas, plotters::coord::Shift>,
        &T,
        memcalc_charts::Frame,
    ),
) -> leptos::prelude::ReadSignal<f64> {
    use leptos::prelude::*;
    use plotters::prelude::IntoDrawingArea;
    let width = crate::observe::element_width(container);
    let dpr = crate::observe::device_pixel_ratio();
    Effect::new(move |_| {
        let Some(el) = canvas.get() else { return };
        let css_w = width.get().floor();
        if css_w < 1.0 {
            return;
        }
        let ratio = dpr.get().max(1.0);
        let colours = theme.colours.get();
        data.with(|d| {
            let css_h = height(d, css_w);
            el.set_width((css_w * ratio).round() as u32);
            el.set_height((css_h * ratio).round() as u32);
            let _ = el.style(("height", format!("{}px", css_h.round() as u32)));
            if let Some(backend) = Canvas::with_canvas_object(el.clone()) {
                draw(
                    &backend.into_drawing_area(),
                    d,
                    memcalc_charts::Frame {
                        scale: ratio,
                        theme: colours,
                    },
                );
            }
        });
    });
    width
}
