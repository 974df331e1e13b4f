use leptos::prelude::*;
use memcalc_core::report::page_words;

use crate::page::Page;

/// Training: the layouts on the scenario's GPUs that fit, cheapest first, each one click to
/// apply. The core worker searches and ranks them with the time answer (`report::Advice`, issue
/// 36); the rows are drawn only while the fold is open.
#[component]
pub fn LayoutSearch() -> impl IntoView {
    let Page {
        scenario,
        apply: on_apply,
        pinned,
        time,
        advice,
        ..
    } = Page::get();
    // Each layout's step time and GPU-hours, from the time wasm (`TimeAnswer::layouts`).
    let time_of = move |q: &str| {
        time.with(|a| {
            a.as_ref()
                .and_then(|a| a.layouts.iter().find(|t| t.query == q))
                .map(|t| t.text.clone())
        })
    };
    // "Compare": keeps the layout's setup beside the form (issue 41).
    let compare = move |patch: crate::page::Patch| {
        let s = scenario.get_untracked();
        pinned.update(|p| {
            memcalc_core::schema::page::pin_patched(p, &s, &patch);
        });
    };
    let open = RwSignal::new(false);
    let found = Memo::new(move |_| {
        if open.get() {
            advice.with(|a| a.layouts.clone())
        } else {
            Vec::new()
        }
    });
    let trains = move || scenario.with(|s| s.mode.trains() && s.sciml.is_transformer());
    let gpus = move || scenario.with(|s| s.parallel.gpus);
    view! {
        <Show when=trains>
            <details
                class="layouts"
                data-testid="layouts"
                on:toggle=move |ev| {
                    use wasm_bindgen::JsCast;
                    if let Some(d) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    {
                        open.set(d.has_attribute("open"));
                    }
                }
            >
                <summary>{move || page_words::layouts_heading(gpus())}</summary>
                <p class="help">{page_words::layouts_ranking()}</p>
                {move || {
                    advice
                        .with(|a| a.layouts_scope.clone())
                        .map(|t| {
                            view! {
                                <p class="help" data-testid="layouts-scope">
                                    {t}
                                </p>
                            }
                        })
                }}
                <Show
                    when=move || found.with(|f| !f.is_empty())
                    fallback=|| {
                        view! {
                            <p class="muted">
                                "No layout on these GPUs fits: add GPUs or a memory saver."
                            </p>
                        }
                    }
                >
                    <ol class="savings">
                        {move || {
                            found
                                .get()
                                .into_iter()
                                .map(|l| {
                                    let patch = l.patch.clone();
                                    let kept = l.patch.clone();
                                    let q = l.query.clone();
                                    let row = l.query.clone();
                                    view! {
                                        <li data-layout=l.query.clone()>
                                            <span class="saving-label">{l.label}</span>
                                            <span class="saving-bytes">{l.facts}</span>
                                            <span class="saving-time" data-testid="layout-time">
                                                {move || time_of(&q)}
                                            </span>
                                            <button
                                                type="button"
                                                on:click=move |_| on_apply.run(patch.clone())
                                            >
                                                "Apply"
                                            </button>
                                            <button
                                                type="button"
                                                class="link-button"
                                                data-compare-add=""
                                                on:click=move |_| compare(kept.clone())
                                            >
                                                "Compare"
                                            </button>
                                            <super::RowLaunch query=row />
                                        </li>
                                    }
                                })
                                .collect_view()
                        }}
                    </ol>
                </Show>
            </details>
        </Show>
    }
}
