use leptos::prelude::*;
use memcalc_core::faq::faq;
use memcalc_core::units::UnitSystem;
use memcalc_core::{Estimate, Scenario};

/// Questions people ask about memory, answered with this scenario's numbers.
#[component]
pub fn Faq(
    /// The current scenario.
    #[prop(into)]
    scenario: Signal<Scenario>,
    /// The current estimate.
    #[prop(into)]
    estimate: Signal<Estimate>,
    /// Units of every size shown.
    #[prop(into)]
    units: Signal<UnitSystem>,
) -> impl IntoView {
    view! {
        <section class="faq" aria-labelledby="faq-heading">
            <h3 id="faq-heading">"Questions about this estimate"</h3>
            {move || {
                estimate.with(|e| {
                    faq(&scenario.get(), e, units.get())
                        .into_iter()
                        .map(|a| view! {
                            <details data-faq=a.id>
                                <summary>{a.question}</summary>
                                <p>{a.answer}</p>
                            </details>
                        })
                        .collect_view()
                })
            }}
        </section>
    }
}
