use leptos::prelude::*;

use crate::page::Page;

/// The time beside the verdict: the step's headline figures and the bound that limits them,
/// then each term of the step with its formula, explanation and source in a fold. A hardware
/// figure out of range is an alert naming its key. The words come from the time wasm
/// (src/time.rs); until its first answer the line says the time is being worked out.
#[component]
pub fn SpeedLine(
    /// Whether the terms' formulas and explanations are offered (embeds may leave them out).
    explanations: bool,
) -> impl IntoView {
    let Page { time, stale, .. } = Page::get();
    let bound = move || time.with(|t| t.as_ref().and_then(|a| a.bound.map(|b| b.key())));
    let error = move || time.with(|t| t.as_ref().is_some_and(|a| a.error));
    let band = move || time.with(|t| t.as_ref().map(|a| a.band.clone()).unwrap_or_default());
    let line = move || {
        time.with(|t| match t {
            Some(a) => a.line.clone(),
            None => "Working out the time…".into(),
        })
    };
    // Built when the fold first opens, then kept up to date.
    let terms = crate::fold::on_first_open(move || {
        view! {
            <ul class="speed-terms">
                {move || {
                    time.with(|a| {
                        a.as_ref()
                            .map(|a| {
                                a.terms
                                    .iter()
                                    .map(|t| {
                                        view! {
                                            <li data-term=t.id.key() data-bound=t.bound.key()>
                                                <strong>{t.label.clone()}</strong>
                                                ": "
                                                {t.time.clone()}
                                                <p class="formula">
                                                    <code>{t.formula.clone()}</code>
                                                </p>
                                                <p class="answer">{t.explanation.clone()}</p>
                                                <p class="source">"Source: "{t.source.clone()}</p>
                                            </li>
                                        }
                                    })
                                    .collect_view()
                            })
                    })
                }}
            </ul>
        }
    });
    view! {
        <div
            class="speed"
            class:is-stale=stale
            data-testid="speed"
            data-bound=bound
            data-stale=move || stale.get().to_string()
        >
            <p class:error=error role=move || error().then_some("alert")>
                {line}
            </p>
            // The time's range from the measured rows like it (issue 37), or "not validated";
            // how it was made in its title. A div: the time line stays the one `> p`.
            <div
                class="speed-band"
                data-testid="speed-band"
                hidden=move || band().is_empty()
                title=move || time.with(|t| t.as_ref().map(|a| a.band_note.clone()))
            >
                {band}
            </div>
            {explanations
                .then(|| {
                    view! {
                        <details class="explain" hidden=move || bound().is_none() on:toggle=terms>
                            <summary>"How long each part of a step takes"</summary>
                        </details>
                    }
                })}
        </div>
    }
}
