use leptos::html::{Canvas, Div};
use leptos::prelude::*;
use memcalc_charts::timeline::{draw_data, phase_boxes, preferred_height, summary, TimelineData};

use crate::page::Page;

/// Memory over one step (issue 42): the time answer's timeline (`report::timeline::View`, the
/// core's) drawn by memcalc-charts on a canvas. Each phase has a focusable twin over it:
/// hovering or focusing it (Tab moves from phase to phase) outlines the phase
/// and shows its tooltip, the core's words. Hidden until the time answer carries a timeline.
#[component]
pub fn TimelineChart() -> impl IntoView {
    let Page {
        time, units, theme, ..
    } = Page::get();
    let container = NodeRef::<Div>::new();
    let canvas = NodeRef::<Canvas>::new();
    let (active, set_active) = signal::<Option<usize>>(None);
    let view_of = move || time.with(|a| a.as_ref().and_then(|a| a.timeline.clone()));
    let data = Memo::new(move |_| TimelineData {
        view: view_of().unwrap_or_default(),
        units: units.get(),
        selected: active.get(),
    });
    let width = crate::canvas::chart(container, canvas, theme, data, preferred_height, draw_data);
    let spans = Memo::new(move |_| {
        let w = width.get().floor();
        data.with(|d| {
            if w < 1.0 {
                Vec::new()
            } else {
                phase_boxes(&d.view, d.units, w)
            }
        })
    });
    let tooltip = move |i: usize| data.with(|d| d.view.tooltips.get(i).cloned());
    view! {
        <section
            class="timeline"
            data-testid="timeline"
            hidden=move || data.with(|d| d.view.phases.is_empty())
        >
            <div class="chart" node_ref=container>
                <canvas
                    data-testid="timeline-chart"
                    node_ref=canvas
                    role="img"
                    aria-label=move || data.with(|d| summary(&d.view))
                    data-peak=move || data.with(|d| d.view.peak.to_string())
                ></canvas>
                <div class="chart-hits" role="group" aria-label="Phases of the step">
                    {move || {
                        spans
                            .get()
                            .into_iter()
                            .enumerate()
                            .map(|(i, (a, top, b, bottom))| {
                                view! {
                                    <button
                                        type="button"
                                        class="hit"
                                        data-phase=i.to_string()
                                        aria-label=move || tooltip(i).unwrap_or_default()
                                        style:left=format!("{}px", a.round() as i64)
                                        style:top=format!("{}px", top.round() as i64)
                                        style:width=format!("{}px", (b - a).round().max(2.0) as i64)
                                        style:height=format!("{}px", (bottom - top).round() as i64)
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
                    let (a, _, b, _) = spans.with(|s| s.get(i).copied())?;
                    let w = width.get();
                    let left = ((a + b) / 2.0 - 130.0).clamp(0.0, (w - 260.0).max(0.0));
                    Some(
                        view! {
                            <div
                                class="chart-tooltip"
                                role="tooltip"
                                data-testid="timeline-tooltip"
                                style:left=format!("{}px", left.round() as i64)
                                style:top="240px"
                            >
                                {tooltip(i)}
                            </div>
                        },
                    )
                }}
            </div>
            <p class="muted" data-testid="timeline-peak">
                {move || data.with(|d| d.view.sentence.clone())}
            </p>
        </section>
    }
}
