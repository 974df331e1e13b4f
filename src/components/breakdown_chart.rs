use leptos::html::{Canvas, Div};
use leptos::prelude::*;
use memcalc_charts::breakdown::preferred_height;
use memcalc_charts::{breakdown_data, draw_breakdown, Frame, Theme};
use memcalc_core::units::{format_bytes, UnitSystem};
use memcalc_core::Estimate;
use plotters::prelude::IntoDrawingArea;

/// The stacked memory bar, drawn with plotters on a canvas whose backing store is the CSS size
/// times the device pixel ratio; redrawn when the estimate, the container width or the ratio
/// changes.
#[component]
pub fn BreakdownChart(
    /// The current estimate.
    #[prop(into)]
    estimate: Signal<Estimate>,
) -> impl IntoView {
    let container = NodeRef::<Div>::new();
    let canvas = NodeRef::<Canvas>::new();
    let width = crate::observe::element_width(container);
    let dpr = crate::observe::device_pixel_ratio();
    let data = Memo::new(move |_| estimate.with(|e| breakdown_data(e, UnitSystem::Binary)));

    Effect::new(move |_| {
        let Some(el) = canvas.get() else { return };
        let css_w = width.get().floor();
        if css_w < 1.0 {
            return;
        }
        let ratio = dpr.get().max(1.0);
        data.with(|d| {
            let css_h = preferred_height(d, css_w);
            el.set_width((css_w * ratio).round() as u32);
            el.set_height((css_h * ratio).round() as u32);
            let _ = el.style(("height", format!("{}px", css_h.round() as u32)));
            if let Some(backend) = crate::canvas::Canvas::new(el.clone()) {
                let root = backend.into_drawing_area();
                let _ = draw_breakdown(&root, d, Frame { scale: ratio, theme: Theme::LIGHT });
            }
        });
    });

    let summary = move || {
        estimate.with(|e| {
            let parts: Vec<String> = e
                .components
                .iter()
                .filter(|c| c.bytes > 0)
                .map(|c| format!("{} {}", c.label, format_bytes(c.bytes.into(), UnitSystem::Binary)))
                .collect();
            format!(
                "Stacked bar of memory per device: {}; total {} against {} of {}.",
                parts.join(", "),
                format_bytes(e.per_device_bytes.into(), UnitSystem::Binary),
                format_bytes(e.capacity_bytes.into(), UnitSystem::Binary),
                e.device_label
            )
        })
    };

    view! {
        <div class="chart" node_ref=container>
            <canvas data-testid="breakdown-chart" node_ref=canvas role="img" aria-label=summary></canvas>
        </div>
    }
}
