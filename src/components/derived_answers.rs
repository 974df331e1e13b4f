use leptos::prelude::*;
use memcalc_core::report::Fact;

use crate::page::Page;

/// Answers computed by the core beside the breakdown: what fits, and the single changes that
/// save the most memory, each one click to apply. The core worker works them out with the time
/// answer (`report::Advice`, issue 36); this only draws them.
#[component]
pub fn DerivedAnswers() -> impl IntoView {
    let Page {
        advice,
        apply: on_apply,
        locked,
        time,
        scenario,
        pinned,
        ..
    } = Page::get();
    // "Compare": keeps the suggestion's setup beside the form (issue 41).
    let compare = move |patch: crate::page::Patch| {
        let s = scenario.get_untracked();
        pinned.update(|p| {
            memcalc_core::schema::page::pin_patched(p, &s, &patch);
        });
    };
    // The time change of the suggestion that applies `patch`, from the time wasm.
    let time_of = move |patch: &[(_, String)]| {
        time.with(|t| t.as_ref().and_then(|a| a.saving(patch).cloned()))
    };
    view! {
        <section class="derived" aria-labelledby="derived-heading">
            <h3 id="derived-heading">"At a glance"</h3>
            <dl class="facts">
                {move || {
                    advice
                        .with(|a| a.facts.clone())
                        .into_iter()
                        .map(|Fact { id, label, value }| {
                            view! {
                                <div class="fact" data-fact=id>
                                    <dt>{label}</dt>
                                    <dd>{value}</dd>
                                </div>
                            }
                        })
                        .collect_view()
                }}
            </dl>
            <h3>"What would save the most memory"</h3>
            <Show
                when=move || advice.with(|a| !a.savings.is_empty())
                fallback=|| {
                    view! {
                        <p class="muted">
                            "No single change from the usual list saves memory here."
                        </p>
                    }
                }
            >
                <ol class="savings">
                    {move || {
                        advice
                            .get()
                            .savings
                            .into_iter()
                            .filter(|sv| {
                                !locked.with_value(|l| sv.patch.iter().any(|(k, _)| l.contains(k)))
                            })
                            .take(8)
                            .map(|sv| {
                                let patch = sv.patch.clone();
                                let query = sv.query.clone();
                                let key = sv.patch.clone();
                                let key2 = sv.patch.clone();
                                view! {
                                    <li data-saving=query.clone() class:fits=sv.fits_after>
                                        <span class="saving-label">{sv.label.clone()}</span>
                                        <span class="saving-bytes">{sv.text.clone()}</span>
                                        {move || {
                                            time_of(&key)
                                                .map(|t| {
                                                    view! {
                                                        <span
                                                            class="saving-time"
                                                            data-speedup=t.speedup.to_string()
                                                        >
                                                            {t.text}
                                                        </span>
                                                    }
                                                })
                                        }}
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
                                            on:click=move |_| compare(key2.clone())
                                        >
                                            "Compare"
                                        </button>
                                        <super::RowLaunch query=query.clone() />
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                </ol>
            </Show>
        </section>
    }
}
