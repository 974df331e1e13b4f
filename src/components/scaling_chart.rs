use leptos::html::{Canvas, Div};
use leptos::prelude::*;
use memcalc_charts::scaling::HEIGHT;
use memcalc_charts::{draw_scaling, Frame, ScalingData};
use memcalc_core::report::Scaling;
use memcalc_core::units::{format_bytes, group_digits, UnitSystem};
use memcalc_core::Estimate;
use plotters::prelude::IntoDrawingArea;

use crate::theme::{chart_theme, ThemeState};

/// Memory per device against micro-batch, context length or nodes, from the core's sweep, with
/// the capacity and the first value that no longer fits; the numbers are also in a table.
#[component]
pub fn ScalingChart(
    /// The sweep for the current scenario.
    #[prop(into)]
    sweep: Signal<Scaling>,
    /// The current estimate (for the device's name).
    #[prop(into)]
    estimate: Signal<Estimate>,
    /// Units of every size shown.
    #[prop(into)]
    units: Signal<UnitSystem>,
    /// The colour theme in force.
    theme: ThemeState,
) -> impl IntoView {
    let container = NodeRef::<Div>::new();
    let canvas = NodeRef::<Canvas>::new();
    let width = crate::observe::element_width(container);
    let dpr = crate::observe::device_pixel_ratio();
    let data = Memo::new(move |_| ScalingData {
        scaling: sweep.get(),
        y_label: estimate.with(|e| memcalc_charts::device_title(e).to_string()),
        capacity_label: estimate.with(|e| e.device_label.clone()),
        units: units.get(),
    });

    Effect::new(move |_| {
        let Some(el) = canvas.get() else { return };
        let css_w = width.get().floor();
        if css_w < 1.0 {
            return;
        }
        let ratio = dpr.get().max(1.0);
        let colours = chart_theme(theme.is_dark());
        data.with(|d| {
            el.set_width((css_w * ratio).round() as u32);
            el.set_height((HEIGHT * ratio).round() as u32);
            let _ = el.style(("height", format!("{}px", HEIGHT as u32)));
            if let Some(backend) = crate::canvas::Canvas::new(el.clone()) {
                let root = backend.into_drawing_area();
                let _ = draw_scaling(&root, d, Frame { scale: ratio, theme: colours });
            }
        });
    });

    let summary = move || {
        data.with(|d| {
            let s = &d.scaling;
            let limit = s.boundary_text();
            format!("{} against {}: {limit} (capacity {}).", d.y_label, s.x_words, format_bytes(s.capacity, d.units))
        })
    };

    view! {
        <section class="scaling-view" aria-labelledby="scaling-heading">
            <h3 id="scaling-heading">{move || sweep.with(|s| format!("How memory scales with {}", s.x_words))}</h3>
            <div class="chart" node_ref=container>
                <canvas data-testid="scaling-chart" node_ref=canvas role="img" aria-label=summary></canvas>
            </div>
            <p class="muted scaling-summary">{summary}</p>
            <details class="scaling-numbers">
                <summary>"The numbers"</summary>
                <table class="scaling" data-testid="scaling-table">
                    <thead>
                        <tr>
                            <th scope="col">{move || sweep.with(|s| s.x_label)}</th>
                            {move || sweep.with(|s| s.series.iter().map(|x| view! { <th scope="col" class="num">{x.label}</th> }).collect_view())}
                        </tr>
                    </thead>
                    <tbody>
                        {move || {
                            let u = units.get();
                            sweep.with(|s| {
                                let xs: Vec<u64> = s.series.first().map(|f| f.points.iter().map(|p| p.0).collect()).unwrap_or_default();
                                xs.into_iter()
                                    .map(|x| {
                                        let cells = s
                                            .series
                                            .iter()
                                            .map(|ser| {
                                                let b = ser.points.iter().find(|p| p.0 == x).map(|p| p.1);
                                                let over = b.is_some_and(|b| b > s.capacity);
                                                view! { <td class="num" class:over=over>{b.map(|b| format_bytes(b, u)).unwrap_or_default()}</td> }
                                            })
                                            .collect_view();
                                        view! { <tr><th scope="row">{group_digits(x)}</th>{cells}</tr> }
                                    })
                                    .collect_view()
                            })
                        }}
                    </tbody>
                </table>
            </details>
        </section>
    }
}
