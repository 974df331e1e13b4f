use leptos::prelude::*;
use memcalc_core::Estimate;

use crate::page::Page;

/// The phone's pinned summary under the form: the total and whether it fits, how many of the
/// requested sequences a pooled engine runs, and the time line's headline rate, as the desktop
/// shows them beside the verdict (`report::pill`). A link to the results.
#[component]
pub fn MobileSummary() -> impl IntoView {
    let Page {
        estimate,
        stale,
        units,
        time,
        ..
    } = Page::get();
    // The time answer's headline; none before it arrives or on an error.
    let rate = Memo::new(move |_| time.with(|t| t.as_ref().and_then(|a| a.headline.clone())));
    view! {
        <a
            class="mobile-summary"
            data-testid="mobile-summary"
            href="#results-heading"
            class:short=move || !stale.get() && !estimate.with(Estimate::fits)
            class:is-stale=stale
        >
            // The rate in an element of its own: it arrives with the time answer, after the
            // first screen (which has no time model) painted the rest (tests/web/first_screen.rs).
            {move || estimate.with(|e| memcalc_core::report::pill(e, units.get(), None))}
            {move || {
                rate.get()
                    .map(|r| {
                        view! {
                            <span class="pill-rate">{memcalc_core::report::pill_rate(&r)}</span>
                        }
                    })
            }}
            " ↓"
        </a>
    }
}
