use leptos::prelude::*;
use memcalc_core::text::speed as words;

use crate::page::Page;

/// The time beside the verdict: the step's headline figures and the bound that limits them,
/// then each term of the step with its formula, explanation and source in a fold. A hardware
/// figure out of range is an alert naming its key.
#[component]
pub fn SpeedLine(
    /// Whether the terms' formulas and explanations are offered (embeds may leave them out).
    explanations: bool,
) -> impl IntoView {
    let Page {
        scenario,
        estimate,
        stale,
        ..
    } = Page::get();
    let time = Memo::new(move |_| scenario.with(|s| estimate.with(|e| memcalc_core::speed(s, e))));
    let bound = move || time.with(|t| t.as_ref().ok().flatten().map(|s| s.bound.key()));
    let line = move || {
        time.with(|t| match t {
            Ok(Some(s)) => words::summary(s),
            Ok(None) => "No time model for this method yet.".into(),
            Err(e) => format!("{}: {}", e.field.field().label, e.message),
        })
    };
    // Built when the fold first opens, then kept up to date.
    let terms = crate::fold::on_first_open(move || {
        view! {
            <ul class="speed-terms">
                {move || time.with(|t| t.as_ref().ok().flatten().map(|s| s.terms.iter().map(|t| view! {
                    <li data-term=t.id.key() data-bound=t.bound.key()>
                        <strong>{words::label(t)}</strong>": "{words::time(t.time)}
                        <p class="formula"><code>{words::formula(t)}</code></p>
                        <p class="answer">{words::explanation(t)}</p>
                        <p class="source">"Source: "{words::source(t)}</p>
                    </li>
                }).collect_view()))}
            </ul>
        }
    });
    view! {
        <div class="speed" class:is-stale=stale data-testid="speed" data-bound=bound data-stale=move || stale.get().to_string()>
            <p class:error=move || time.with(Result::is_err) role=move || time.with(|t| t.is_err().then_some("alert"))>{line}</p>
            {explanations.then(|| view! {
                <details class="explain" hidden=move || bound().is_none() on:toggle=terms>
                    <summary>"How long each part of a step takes"</summary>
                </details>
            })}
        </div>
    }
}
