use leptos::html::{Canvas, Div};
use leptos::prelude::*;
use memcalc_charts::time::{draw_view, ScalingView, TimeData};
use memcalc_charts::ScalingData;
use memcalc_core::analysis::scaling::ScalingY;
use memcalc_core::report::page_words;
use memcalc_core::units::{format_bytes, group_digits};

use crate::page::Page;

/// Memory per device against micro-batch, context length or nodes, from the core's sweep, with
/// the capacity and the first value that no longer fits; the numbers are also in a table.
#[component]
pub fn ScalingChart() -> impl IntoView {
    let Page {
        advice,
        estimate,
        units,
        theme,
        scaling_y,
        time,
        ..
    } = Page::get();
    // Its own memo: the chart redraws when the sweep changes, not on every advice (the core
    // worker's, with the time answer: issue 36).
    let sweep = Memo::new(move |_| advice.with(|a| a.scaling.clone()));
    let container = NodeRef::<Div>::new();
    let canvas = NodeRef::<Canvas>::new();
    let data = Memo::new(move |_| ScalingData {
        scaling: sweep.get(),
        y_label: estimate.with(|e| memcalc_charts::device_title(e).to_string()),
        capacity_label: estimate.with(|e| memcalc_charts::scaling_capacity_label(e, units.get())),
        units: units.get(),
    });

    // Memory per device, or the time lines the link's `scaling_y` asks for (the time wasm
    // decides which it offers; a choice it does not offer here draws memory, as does every
    // choice until its first answer).
    let choices = Memo::new(move |_| {
        time.with(|t| match t {
            Some(a) => a.offered.clone(),
            None => vec![ScalingY::Memory],
        })
    });
    let shown = Memo::new(move |_| {
        let y = scaling_y.get();
        if choices.with(|c| c.contains(&y)) {
            y
        } else {
            ScalingY::Memory
        }
    });
    let view_data = Memo::new(move |_| {
        let y = shown.get();
        let time = (y != ScalingY::Memory).then(|| {
            sweep.with(|sc| TimeData {
                lines: time.with(|t| t.as_ref().map(|a| a.lines.clone()).unwrap_or_default()),
                x_label: sc.x_label,
                current: sc.current,
            })
        });
        ScalingView {
            memory: data.get(),
            time: time.filter(|t| !t.lines.is_empty()),
        }
    });
    crate::canvas::chart(
        container,
        canvas,
        theme,
        view_data,
        ScalingView::height,
        draw_view,
    );

    let summary = move || {
        if let Some(t) = view_data.with(|v| v.time.clone()) {
            return t.summary(sweep.with(|s| s.x_words));
        }
        data.with(|d| {
            let s = &d.scaling;
            let limit = s.boundary_text();
            format!(
                "{} against {}: {limit} (capacity {}).",
                d.y_label,
                s.x_words,
                format_bytes(s.capacity, d.units)
            )
        })
    };

    // Built when the fold first opens.
    let on_toggle = crate::fold::on_first_open(move || {
        view! {
            <table class="scaling" data-testid="scaling-table">
                <caption>
                    {move || {
                        sweep
                            .with(|s| {
                                page_words::scaling_table_caption(
                                    s.x_words,
                                    &estimate.with(|e| e.per.to_string()),
                                )
                            })
                    }}
                </caption>
                <thead>
                    <tr>
                        <th scope="col">{move || sweep.with(|s| s.x_label)}</th>
                        {move || {
                            sweep
                                .with(|s| {
                                    s.series
                                        .iter()
                                        .map(|x| {
                                            view! {
                                                <th scope="col" class="num">
                                                    {x.label}
                                                </th>
                                            }
                                        })
                                        .collect_view()
                                })
                        }}
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        let u = units.get();
                        sweep
                            .with(|s| {
                                let xs: Vec<u64> = s
                                    .series
                                    .first()
                                    .map(|f| f.points.iter().map(|p| p.0).collect())
                                    .unwrap_or_default();
                                xs.into_iter()
                                    .map(|x| {
                                        let cells = s
                                            .series
                                            .iter()
                                            .map(|ser| {
                                                let b = ser.points.iter().find(|p| p.0 == x).map(|p| p.1);
                                                let over = b.is_some_and(|b| b > s.capacity);
                                                view! {
                                                    <td class="num" class:over=over>
                                                        {b.map(|b| format_bytes(b, u)).unwrap_or_default()}
                                                    </td>
                                                }
                                            })
                                            .collect_view();
                                        view! {
                                            <tr>
                                                <th scope="row">{group_digits(x)}</th>
                                                {cells}
                                            </tr>
                                        }
                                    })
                                    .collect_view()
                            })
                    }}
                </tbody>
            </table>
        }
    });
    view! {
        <section class="scaling-view" aria-labelledby="scaling-heading">
            <h3 id="scaling-heading">
                {move || sweep.with(|s| page_words::scaling_heading(s.x_words, shown.get()))}
            </h3>
            {move || {
                (choices.with(Vec::len) > 1)
                    .then(|| {
                        view! {
                            <select
                                class="scaling-y"
                                aria-label="Scaling chart shows"
                                data-testid="scaling-y"
                                on:change=move |ev| {
                                    let i = event_target::<web_sys::HtmlSelectElement>(&ev)
                                        .selected_index();
                                    if let Some(y) = usize::try_from(i)
                                        .ok()
                                        .and_then(|i| choices.with(|c| c.get(i).copied()))
                                    {
                                        scaling_y.set(y)
                                    }
                                }
                            >
                                {choices
                                    .get()
                                    .into_iter()
                                    .map(|y| {
                                        view! {
                                            <option value=y.id() selected=move || shown.get() == y>
                                                {y.label()}
                                            </option>
                                        }
                                    })
                                    .collect_view()}
                            </select>
                        }
                    })
            }}
            <div class="chart" node_ref=container>
                // Where the axis is broken, the true largest value written beside its point.
                <canvas
                    data-testid="scaling-chart"
                    data-measure=move || shown.get().id()
                    node_ref=canvas
                    role="img"
                    aria-label=summary
                    data-axis-break=move || {
                        data.with(|d| d.axis_break().map(|b| format_bytes(b, d.units)))
                    }
                ></canvas>
            </div>
            <p class="muted scaling-summary">{summary}</p>
            <details class="scaling-numbers" on:toggle=on_toggle>
                <summary>"The numbers"</summary>
            </details>
        </section>
    }
}
