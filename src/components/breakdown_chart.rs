use leptos::html::{Canvas, Div};
use leptos::prelude::*;
use memcalc_charts::breakdown::{hit_boxes, legend_layout, preferred_height};
use memcalc_charts::{breakdown_data, draw_breakdown};
use memcalc_core::units::{format_bytes, group_digits};

use crate::page::Page;

/// The stacked memory bars, drawn with plotters on a canvas whose backing store is the CSS size
/// times the device pixel ratio; redrawn when the estimate, the units, the theme, the container
/// width or the ratio changes. Each segment has a focusable twin over it: hovering or focusing
/// it shows the component's name, bytes and share.
#[component]
pub fn BreakdownChart() -> impl IntoView {
    let Page {
        estimate,
        units,
        theme,
        ..
    } = Page::get();
    let container = NodeRef::<Div>::new();
    let canvas = NodeRef::<Canvas>::new();
    let data = Memo::new(move |_| estimate.with(|e| breakdown_data(e, units.get())));
    let (active, set_active) = signal::<Option<usize>>(None);

    let width = crate::canvas::chart(
        container,
        canvas,
        theme,
        data,
        preferred_height,
        draw_breakdown,
    );

    let boxes = Memo::new(move |_| {
        let w = width.get().floor();
        if w < 1.0 {
            return Vec::new();
        }
        data.with(|d| hit_boxes(d, w))
    });
    let describe = move |b: &memcalc_charts::breakdown::HitBox| b.describe(units.get());
    let summary = move || data.with(|d| d.summary());

    view! {
        <div class="chart" node_ref=container>
            // The legend's layout (x, end and row of each entry, whole CSS pixels: float
            // formatting would add kilobytes), as drawn: lets the end-to-end tests check that
            // no entry runs into the next or off the chart.
            <canvas
                data-testid="breakdown-chart"
                node_ref=canvas
                role="img"
                aria-label=summary
                data-line-met=move || {
                    data.with(|d| d.bars.first().map(|b| b.line_met().to_string()))
                }
                data-legend=move || {
                    let w = width.get().floor();
                    data.with(|d| {
                        legend_layout(d, w)
                            .iter()
                            .map(|l| {
                                format!("{},{},{}", l.x.round() as i64, l.end.round() as i64, l.row)
                            })
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                }
            ></canvas>
            <div class="chart-hits" role="group" aria-label="Parts of the chart">
                {move || {
                    boxes
                        .get()
                        .into_iter()
                        .enumerate()
                        .map(|(i, b)| {
                            let label = describe(&b);
                            view! {
                                <button
                                    type="button"
                                    class="hit"
                                    data-segment=b.id.key()
                                    aria-label=label
                                    style:left=format!("{}px", b.x0.round() as i64)
                                    style:top=format!("{}px", b.y0.round() as i64)
                                    style:width=format!(
                                        "{}px",
                                        (b.x1 - b.x0).round().max(2.0) as i64,
                                    )
                                    style:height=format!("{}px", (b.y1 - b.y0).round() as i64)
                                    on:mouseenter=move |_| set_active.set(Some(i))
                                    on:mouseleave=move |_| set_active.set(None)
                                    on:focus=move |_| set_active.set(Some(i))
                                    on:blur=move |_| set_active.set(None)
                                ></button>
                            }
                        })
                        .collect_view()
                }}
            </div>
            {move || {
                let i = active.get()?;
                let b = boxes.with(|bs| bs.get(i).cloned())?;
                let w = width.get();
                let left = ((b.x0 + b.x1) / 2.0 - 110.0).clamp(0.0, (w - 220.0).max(0.0));
                Some(
                    // Beside the segment, kept inside the chart.
                    view! {
                        <div
                            class="chart-tooltip"
                            role="tooltip"
                            data-testid="chart-tooltip"
                            data-bytes=b.bytes.to_string()
                            style:left=format!("{}px", left.round() as i64)
                            style:top=format!("{}px", (b.y1 + 6.0).round() as i64)
                        >
                            <strong>{b.label.clone()}</strong>
                            <span>
                                {format_bytes(b.bytes, units.get())} " · " {b.share.clone()}
                            </span>
                            <span class="muted">{group_digits(b.bytes)} " bytes"</span>
                        </div>
                    },
                )
            }}
        </div>
    }
}
