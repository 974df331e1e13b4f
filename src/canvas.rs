//! The charts on HTML canvases, drawn through plotters-canvas (the design's backend; its float
//! formatting of colours and font sizes costs bytes, measured in docs/performance.md), with its
//! text state kept between labels ([`Canvas`]) and each redraw after the frame that shows the
//! edit's numbers ([`chart`]).

use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
    FontTransform,
};
use plotters_canvas::CanvasBackend;
use web_sys::CanvasRenderingContext2d;

type Error = DrawingErrorKind<CanvasFailure>;

/// What the canvas said when a drawing call failed (plotters-canvas's error, whose text is all
/// it carries, or the browser's for a label).
#[derive(Debug)]
pub struct CanvasFailure(String);

impl std::fmt::Display for CanvasFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CanvasFailure {}

/// plotters-canvas's error, as this backend's.
fn inner<T>(
    r: Result<T, DrawingErrorKind<<CanvasBackend as DrawingBackend>::ErrorType>>,
) -> Result<T, Error> {
    r.map_err(|e| match e {
        DrawingErrorKind::DrawingError(e) => {
            DrawingErrorKind::DrawingError(CanvasFailure(e.to_string()))
        }
        DrawingErrorKind::FontError(f) => DrawingErrorKind::FontError(f),
    })
}

/// plotters-canvas's backend with its text drawn here: plotters-canvas sets the context's font,
/// alignment and baseline before every label, and setting `font` makes the browser parse a CSS
/// font shorthand each time, which was a third of an edit's chart drawing (`set_font`, 69 of
/// 208 ms over 20 edits; `node bench/profile-input.mjs`, docs/performance.md). This one sets
/// each only when it differs from the last label's. Everything else is plotters-canvas's.
pub struct Canvas {
    inner: CanvasBackend,
    context: CanvasRenderingContext2d,
    font: String,
    align: &'static str,
    baseline: &'static str,
}

impl Canvas {
    fn new(el: web_sys::HtmlCanvasElement) -> Option<Self> {
        use wasm_bindgen::JsCast;
        let context = el.get_context("2d").ok()??.dyn_into().ok()?;
        Some(Self {
            inner: CanvasBackend::with_canvas_object(el)?,
            context,
            font: String::new(),
            align: "",
            baseline: "",
        })
    }
}

impl DrawingBackend for Canvas {
    type ErrorType = CanvasFailure;

    fn get_size(&self) -> (u32, u32) {
        self.inner.get_size()
    }
    fn ensure_prepared(&mut self) -> Result<(), Error> {
        inner(self.inner.ensure_prepared())
    }
    fn present(&mut self) -> Result<(), Error> {
        inner(self.inner.present())
    }
    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), Error> {
        inner(self.inner.draw_pixel(point, color))
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), Error> {
        inner(self.inner.draw_line(from, to, style))
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), Error> {
        inner(self.inner.draw_rect(upper_left, bottom_right, style, fill))
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), Error> {
        inner(self.inner.draw_path(path, style))
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), Error> {
        inner(self.inner.draw_circle(center, radius, style, fill))
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Result<(), Error> {
        inner(self.inner.fill_polygon(vert, style))
    }

    /// As plotters-canvas draws text (same colour string, anchor mapping and rotation), with the
    /// font, alignment and baseline set only when they change. They are set before a rotated
    /// label's `save()`, so its `restore()` keeps them.
    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result<(), Error> {
        let color = style.color();
        if color.alpha == 0.0 {
            return Ok(());
        }
        let font = format!(
            "{} {}px {}",
            style.style().as_str(),
            style.size(),
            style.family().as_str()
        );
        if font != self.font {
            self.context.set_font(&font);
            self.font = font;
        }
        let align = match style.anchor().h_pos {
            HPos::Left => "start",
            HPos::Right => "end",
            HPos::Center => "center",
        };
        if align != self.align {
            self.context.set_text_align(align);
            self.align = align;
        }
        let baseline = match style.anchor().v_pos {
            VPos::Top => "top",
            VPos::Center => "middle",
            VPos::Bottom => "bottom",
        };
        if baseline != self.baseline {
            self.context.set_text_baseline(baseline);
            self.baseline = baseline;
        }
        let (r, g, b) = color.rgb;
        self.context
            .set_fill_style_str(&format!("rgba({r},{g},{b},{})", color.alpha));
        let degrees: f64 = match style.transform() {
            FontTransform::None => 0.0,
            FontTransform::Rotate90 => 90.0,
            FontTransform::Rotate180 => 180.0,
            FontTransform::Rotate270 => 270.0,
        };
        let (x, y) = (f64::from(pos.0), f64::from(pos.1));
        let failed = |e: wasm_bindgen::JsValue| {
            DrawingErrorKind::DrawingError(CanvasFailure(format!("{e:?}")))
        };
        if degrees == 0.0 {
            return self.context.fill_text(text, x, y).map_err(failed);
        }
        self.context.save();
        let drawn = self
            .context
            .translate(x, y)
            .and_then(|()| self.context.rotate(degrees / 180.0 * std::f64::consts::PI))
            .and_then(|()| self.context.fill_text(text, 0.0, 0.0));
        self.context.restore();
        drawn.map_err(failed)
    }
}

/// Draws a chart on a canvas from an Effect, redrawn when its data, the container's width, the
/// device pixel ratio or the theme changes. The backing store is the CSS size times the ratio,
/// and every length in the drawing is scaled by it, so the chart is crisp on any screen.
/// Returns the container's width in CSS pixels (for hit-testing). A drawing error (plotters'
/// `DrawingAreaErrorKind`, e.g. a canvas whose context was lost) is logged to the console, not
/// dropped: the chart is then blank or partly drawn, and the console says why.
///
/// The first drawing is made at once; a redraw after an edit waits for the frame after the one
/// that shows the edit's numbers, and draws the newest data then, once however many changes
/// came in between: the chart follows one frame behind the figures, and the figures' frame
/// never waits on drawing (docs/performance.md, issue 36).
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
    let paint = move || {
        let Some(el) = canvas.get_untracked() else {
            return;
        };
        let css_w = width.get_untracked().floor();
        if css_w < 1.0 {
            return;
        }
        let ratio = dpr.get_untracked().max(1.0);
        let colours = theme.colours.get_untracked();
        data.with_untracked(|d| {
            let css_h = height(d, css_w);
            el.set_width((css_w * ratio).round() as u32);
            el.set_height((css_h * ratio).round() as u32);
            let _ = el.style(("height", format!("{}px", css_h.round() as u32)));
            if let Some(backend) = Canvas::new(el.clone()) {
                let frame = memcalc_charts::Frame {
                    scale: ratio,
                    theme: colours,
                };
                if let Err(e) = draw(&backend.into_drawing_area(), d, frame) {
                    web_sys::console::error_1(&format!("chart not drawn: {e}").into());
                }
            }
        });
    };
    // Whether the canvas has been drawn, and whether a redraw is waiting for its frame.
    let drawn = StoredValue::new(false);
    let waiting = StoredValue::new(false);
    Effect::new(move |_| {
        // What a drawing reads; the drawing itself reads them untracked, when it runs.
        if canvas.get().is_none() || width.get().floor() < 1.0 {
            return;
        }
        dpr.track();
        theme.colours.track();
        data.track();
        if !drawn.get_value() {
            drawn.set_value(true);
            return paint();
        }
        if waiting.get_value() {
            return;
        }
        waiting.set_value(true);
        // The next animation frame is the one that shows the edit's numbers; the drawing runs
        // in the animation frame after it, so it is painted one frame behind them. (A task
        // queued from the first frame may run before that frame's presentation is reported.)
        request_animation_frame(move || {
            request_animation_frame(move || {
                // `None`: set, so the chart is still on the page.
                if waiting.try_set_value(false).is_none() {
                    paint();
                }
            })
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
