use leptos::prelude::*;
use memcalc_core::analysis::compare::{compare, Column};
use memcalc_core::report::compare::{column_sentence, rows, Row};
use memcalc_core::schema::page::{can_pin, pin, unpin};
use memcalc_core::{Inputs, Scenario};

use crate::page::Page;

/// Setups side by side (issue 41): the kept setups (`cmp=` in the link) and the form as it is
/// now, every part's bytes with its difference from the first setup, and a sentence per setup
/// saying what it changes and what moves most. Keeping the form's setup adds it to the link.
#[component]
pub fn CompareView() -> impl IntoView {
    let Page {
        scenario,
        units,
        pinned,
        stale,
        time,
        theme,
        ..
    } = Page::get();
    // Each column's time, from the time wasm's answer (`TimeAnswer::compare`).
    let time_of = move |i: usize| {
        time.with(|t| t.as_ref().and_then(|a| a.compare.get(i).cloned()))
            .unwrap_or_default()
    };
    // The kept setups' scenarios, read when the kept list changes, not on every keystroke
    // (the link names only ones that read).
    let kept = Memo::new(move |_| {
        pinned.with(|p| {
            p.iter()
                .filter_map(|q| Inputs::from_query(q).0.parse().ok())
                .collect::<Vec<Scenario>>()
        })
    });
    // What the view shows: the rows and each setup's sentence, the form's setup last.
    let comparison = Memo::new(move |_| -> Option<(Vec<Row>, Vec<String>)> {
        let mut columns: Vec<Column> = kept.get().into_iter().map(Column::memory_only).collect();
        if columns.is_empty() {
            return None;
        }
        columns.push(Column::memory_only(scenario.get()));
        let cmp = compare(columns).ok()?;
        let u = units.get();
        let sentences = (0..cmp.columns.len())
            .map(|i| column_sentence(&cmp, i, u))
            .collect();
        Some((rows(&cmp, u), sentences))
    });
    // The stacked bars of every setup on one axis (memcalc-charts' `compare`).
    let bars = Memo::new(move |_| {
        let mut all: Vec<memcalc_core::Estimate> =
            kept.get().iter().map(memcalc_core::estimate).collect();
        if all.is_empty() {
            return memcalc_charts::compare::CompareData::default();
        }
        all.push(memcalc_core::estimate(&scenario.get()));
        memcalc_charts::compare::CompareData::of(&all, units.get())
    });
    // ---- The time section and the time bars (issue 41, h-compare): the time answer's rows ----
    let time_terms = move || {
        time.with(|t| t.as_ref().map(|a| a.compare_terms.clone()))
            .unwrap_or_default()
    };
    let time_bars = Memo::new(move |_| {
        time.with(|t| {
            t.as_ref().map_or_else(Default::default, |a| {
                let steps: Vec<Option<f64>> = a.compare.iter().map(|c| c.seconds).collect();
                memcalc_charts::compare_time::CompareTimeData::of(
                    &steps,
                    a.compare_terms
                        .iter()
                        .map(|r| (r.label.clone(), r.seconds.clone())),
                )
            })
        })
    });
    let time_container = NodeRef::<leptos::html::Div>::new();
    let time_canvas = NodeRef::<leptos::html::Canvas>::new();
    crate::canvas::chart(
        time_container,
        time_canvas,
        theme,
        time_bars,
        memcalc_charts::compare_time::preferred_height,
        memcalc_charts::compare_time::draw_compare_time,
    );
    let container = NodeRef::<leptos::html::Div>::new();
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    crate::canvas::chart(
        container,
        canvas,
        theme,
        bars,
        memcalc_charts::compare::preferred_height,
        memcalc_charts::compare::draw_compare,
    );
    let png = move |_| {
        let n = bars.with(|b| b.bars.len());
        if let Some(url) = crate::canvas::titled_png_of(
            "[data-testid=compare-chart]",
            &format!("Device memory of {n} setups"),
            theme.colours.get_untracked(),
        ) {
            crate::browser::download_url("memcalc-comparison.png", &url);
        }
    };
    let can_keep =
        move || !stale.get() && scenario.with(|s| pinned.with(|p| can_pin(p, &s.to_query())));
    let keep = move |_| {
        let q = scenario.with(|s| s.to_query());
        pinned.update(|p| {
            pin(p, &q);
        });
    };
    let heading = move |i: usize, n: usize| {
        if i + 1 == n {
            format!("Setup {} (the form)", i + 1)
        } else {
            format!("Setup {}", i + 1)
        }
    };
    view! {
        <section class="compare" aria-labelledby="compare-heading" data-testid="compare">
            <h3 id="compare-heading">"Compare setups"</h3>
            <Show
                when=move || comparison.with(Option::is_some)
                fallback=|| {
                    view! {
                        <p class="help">
                            "Keep this setup, then change the form: the setups show side by side, part by part, with what moves most. Up to four; the link keeps them."
                        </p>
                    }
                }
            >
                {move || {
                    comparison
                        .get()
                        .map(|(table_rows, sentences)| {
                            let n = sentences.len();
                            view! {
                                <div class="compare-scroll">
                                    <table class="compare-table" data-testid="compare-table">
                                        <thead>
                                            <tr>
                                                <th scope="col"></th>
                                                {(0..n)
                                                    .map(|i| {
                                                        view! {
                                                            <th scope="col" class="num">
                                                                {heading(i, n)}
                                                            </th>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </tr>
                                        </thead>
                                        <tbody>
                                            {table_rows
                                                .into_iter()
                                                .map(|r| {
                                                    view! {
                                                        <tr
                                                            class:moves=r.moves
                                                            data-compare-part=r.part.map(|p| p.key())
                                                        >
                                                            <th scope="row">{r.label}</th>
                                                            {r
                                                                .cells
                                                                .into_iter()
                                                                .map(|c| view! { <td class="num">{c}</td> })
                                                                .collect_view()}
                                                        </tr>
                                                    }
                                                })
                                                .collect_view()} <tr data-testid="compare-time">
                                                <th scope="row">"Step time"</th>
                                                {(0..n)
                                                    .map(|i| {
                                                        view! { <td class="num">{move || time_of(i).step}</td> }
                                                    })
                                                    .collect_view()}
                                            </tr>
                                            {move || {
                                                let rows = time_terms();
                                                let heading = (!rows.is_empty())
                                                    .then(|| {
                                                        view! {
                                                            <tr class="compare-section">
                                                                <th scope="row">
                                                                    {memcalc_core::report::compare::TERMS_HEADING}
                                                                </th>
                                                                {(0..n).map(|_| view! { <td></td> }).collect_view()}
                                                            </tr>
                                                        }
                                                    });
                                                let rows = rows
                                                    .into_iter()
                                                    .map(|r| {
                                                        view! {
                                                            <tr class:moves=r.moves data-compare-term=r.id.key()>
                                                                <th scope="row">{r.label}</th>
                                                                {r
                                                                    .cells
                                                                    .into_iter()
                                                                    .map(|c| view! { <td class="num">{c}</td> })
                                                                    .collect_view()}
                                                            </tr>
                                                        }
                                                    })
                                                    .collect_view();
                                                view! {
                                                    {heading}
                                                    {rows}
                                                }
                                            }}
                                        </tbody>
                                    </table>
                                </div>
                                <ol class="compare-sentences">
                                    {sentences
                                        .into_iter()
                                        .enumerate()
                                        .map(|(i, sentence)| {
                                            view! {
                                                <li data-testid=format!("compare-sentence-{}", i + 1)>
                                                    <strong>{heading(i, n)} ": "</strong>
                                                    {sentence}
                                                    {move || time_of(i).change}
                                                    {(i + 1 < n)
                                                        .then(|| {
                                                            view! {
                                                                " "
                                                                <button
                                                                    type="button"
                                                                    class="link-button"
                                                                    on:click=move |_| { pinned.update(|p| unpin(p, i)) }
                                                                >
                                                                    {format!("Remove setup {}", i + 1)}
                                                                </button>
                                                            }
                                                        })}
                                                </li>
                                            }
                                        })
                                        .collect_view()}
                                </ol>
                            }
                        })
                }}
            </Show>
            <div class="chart" node_ref=container hidden=move || bars.with(|b| b.bars.is_empty())>
                <canvas
                    data-testid="compare-chart"
                    node_ref=canvas
                    role="img"
                    aria-label=move || bars.with(|b| b.summary())
                ></canvas>
                <button type="button" class="keep" data-testid="compare-png" on:click=png>
                    "Chart as PNG"
                </button>
            </div>
            <div
                class="chart"
                node_ref=time_container
                hidden=move || time_bars.with(|b| b.rows.is_empty())
            >
                <canvas
                    data-testid="compare-time-chart"
                    node_ref=time_canvas
                    role="img"
                    aria-label=move || time_bars.with(|b| b.summary())
                ></canvas>
            </div>
            <Show when=can_keep>
                <button type="button" class="keep" data-testid="compare-keep" on:click=keep>
                    {move || {
                        if pinned.with(Vec::is_empty) {
                            "Keep this setup to compare"
                        } else {
                            "Keep the form's setup too"
                        }
                    }}
                </button>
            </Show>
        </section>
    }
}
