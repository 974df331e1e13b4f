//! The charts on HTML canvases, drawn through plotters-canvas (the design's backend; its float
//! formatting of colours and font sizes costs bytes, measured in docs/performance.md).

use plotters_canvas::CanvasBackend as Canvas;

/// Draws a chart on a canvas from an Effect, redrawn when its data, the container's width, the
/// device pixel ratio or the theme changes. The backing store is the CSS size times the ratio,
/// and every length in the drawing is scaled by it, so the chart is crisp on any screen.
/// Returns the container's width in CSS pixels (for hit-testing). A drawing error (plotters'
/// `DrawingAreaErrorKind`, e.g. a canvas whose context was lost) is logged to the console, not
/// dropped: the chart is then blank or partly drawn, and the console says why.
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
    ) -> memcalc_charts::Drawn<Canvas>,
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
                let frame = memcalc_charts::Frame {
                    scale: ratio,
                    theme: colours,
                };
                if let Err(e) = draw(&backend.into_drawing_area(), d, frame) {
                    web_sys::console::error_1(&format!("chart not drawn: {e}").into());
                }
            }
        });
    });
    width
}

/// The breakdown chart as a PNG data URL with `title` drawn in a band above it, so the image
/// says what it estimated once it leaves the page (issue 29); in the chart's own colours and at
/// its pixel ratio.
pub fn titled_png(title: &str, theme: memcalc_charts::Theme) -> Option<String> {
    titled_png_of("[data-testid=breakdown-chart]", title, theme)
}

/// [`titled_png`] of the chart `selector` names (the comparison's bars too, issue 41).
pub fn titled_png_of(selector: &str, title: &str, theme: memcalc_charts::Theme) -> Option<String> {
    use wasm_bindgen::JsCast;
    use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};
    let doc = web_sys::window()?.document()?;
    let chart: HtmlCanvasElement = doc.query_selector(selector).ok()??.dyn_into().ok()?;
    let (w, h) = (chart.width(), chart.height());
    let scale = f64::from(w) / f64::from(chart.client_width().max(1));
    let band = (30.0 * scale).round();
    let out: HtmlCanvasElement = doc.create_element("canvas").ok()?.dyn_into().ok()?;
    out.set_width(w);
    out.set_height(h + band as u32);
    let ctx: CanvasRenderingContext2d = out.get_context("2d").ok()??.dyn_into().ok()?;
    let rgb = |c: plotters::style::RGBColor| format!("rgb({},{},{})", c.0, c.1, c.2);
    ctx.set_fill_style_str(&rgb(theme.background));
    ctx.fill_rect(0.0, 0.0, f64::from(w), f64::from(h) + band);
    ctx.set_fill_style_str(&rgb(theme.text));
    ctx.set_font(&format!(
        "700 {}px system-ui, sans-serif",
        (14.0 * scale).round()
    ));
    // Squeezed rather than cut off on a narrow chart.
    let _ = ctx.fill_text_with_max_width(
        title,
        8.0 * scale,
        20.0 * scale,
        f64::from(w) - 16.0 * scale,
    );
    ctx.draw_image_with_html_canvas_element(&chart, 0.0, band)
        .ok()?;
    out.to_data_url().ok()
}
