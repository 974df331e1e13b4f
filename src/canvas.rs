//! A plotters drawing backend on an HTML canvas. plotters-canvas does the same but formats
//! colours and font sizes as floats, which pulls float formatting (about 5 KB of gzip'd wasm)
//! into a page at its size budget; this one formats integers only.

use plotters_backend::text_anchor::{HPos, VPos};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingBackend, DrawingErrorKind,
};
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

pub struct Canvas {
    canvas: HtmlCanvasElement,
    ctx: CanvasRenderingContext2d,
}

#[derive(Debug)]
pub struct CanvasError;

impl std::fmt::Display for CanvasError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("canvas error")
    }
}

impl std::error::Error for CanvasError {}

impl Canvas {
    pub fn new(canvas: HtmlCanvasElement) -> Option<Canvas> {
        let ctx = canvas.get_context("2d").ok()??.dyn_into().ok()?;
        Some(Canvas { canvas, ctx })
    }
}

/// `#rrggbb`, or `rgba(r,g,b,0.aa)` with the alpha in hundredths.
fn css_color(c: BackendColor) -> String {
    let (r, g, b) = c.rgb;
    if c.alpha >= 1.0 {
        format!("#{r:02x}{g:02x}{b:02x}")
    } else {
        let a = (c.alpha.clamp(0.0, 1.0) * 100.0).round() as u32;
        format!("rgba({r},{g},{b},0.{a:02})")
    }
}

type Result = std::result::Result<(), DrawingErrorKind<CanvasError>>;

impl DrawingBackend for Canvas {
    type ErrorType = CanvasError;

    fn get_size(&self) -> (u32, u32) {
        (self.canvas.width(), self.canvas.height())
    }

    fn ensure_prepared(&mut self) -> Result {
        Ok(())
    }

    fn present(&mut self) -> Result {
        Ok(())
    }

    fn draw_pixel(&mut self, p: BackendCoord, c: BackendColor) -> Result {
        self.ctx.set_fill_style_str(&css_color(c));
        self.ctx.fill_rect(f64::from(p.0), f64::from(p.1), 1.0, 1.0);
        Ok(())
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        a: BackendCoord,
        b: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result {
        let (x, y, w, h) = (
            f64::from(a.0),
            f64::from(a.1),
            f64::from(b.0 - a.0),
            f64::from(b.1 - a.1),
        );
        if fill {
            self.ctx.set_fill_style_str(&css_color(style.color()));
            self.ctx.fill_rect(x, y, w, h);
        } else {
            self.ctx.set_stroke_style_str(&css_color(style.color()));
            self.ctx.set_line_width(f64::from(style.stroke_width()));
            self.ctx.stroke_rect(x, y, w, h);
        }
        Ok(())
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result {
        self.ctx.set_stroke_style_str(&css_color(style.color()));
        self.ctx.set_line_width(f64::from(style.stroke_width()));
        self.ctx.begin_path();
        // Lines on half pixels stay crisp.
        for (i, p) in path.into_iter().enumerate() {
            let (x, y) = (f64::from(p.0) + 0.5, f64::from(p.1) + 0.5);
            if i == 0 {
                self.ctx.move_to(x, y);
            } else {
                self.ctx.line_to(x, y);
            }
        }
        self.ctx.stroke();
        Ok(())
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        c: BackendCoord,
        r: u32,
        style: &S,
        fill: bool,
    ) -> Result {
        self.ctx.begin_path();
        let _ = self.ctx.arc(
            f64::from(c.0),
            f64::from(c.1),
            f64::from(r),
            0.0,
            std::f64::consts::TAU,
        );
        if fill {
            self.ctx.set_fill_style_str(&css_color(style.color()));
            self.ctx.fill();
        } else {
            self.ctx.set_stroke_style_str(&css_color(style.color()));
            self.ctx.set_line_width(f64::from(style.stroke_width()));
            self.ctx.stroke();
        }
        Ok(())
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        a: BackendCoord,
        b: BackendCoord,
        style: &S,
    ) -> Result {
        self.draw_path([a, b], style)
    }

    fn draw_text<S: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &S,
        pos: BackendCoord,
    ) -> Result {
        self.ctx.set_text_baseline(match style.anchor().v_pos {
            VPos::Top => "top",
            VPos::Center => "middle",
            VPos::Bottom => "bottom",
        });
        self.ctx.set_text_align(match style.anchor().h_pos {
            HPos::Left => "start",
            HPos::Right => "end",
            HPos::Center => "center",
        });
        self.ctx.set_fill_style_str(&css_color(style.color()));
        self.ctx.set_font(&format!(
            "{}px {}",
            style.size().round() as u32,
            style.family().as_str()
        ));
        let _ = self.ctx.fill_text(text, f64::from(pos.0), f64::from(pos.1));
        Ok(())
    }
}

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
            if let Some(backend) = Canvas::new(el.clone()) {
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
