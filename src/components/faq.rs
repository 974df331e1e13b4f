use leptos::prelude::*;
use memcalc_core::explain::faq::faq;

use crate::page::Page;

/// Questions people ask about memory, answered with this scenario's numbers. Keyed by
/// question, so an opened answer stays open while the numbers in it change.
#[component]
pub fn Faq() -> impl IntoView {
    let Page {
        scenario,
        estimate,
        units,
        ..
    } = Page::get();
    let answers = Memo::new(move |_| {
        estimate.with(|e| {
            faq(&scenario.get(), e, units.get())
                .into_iter()
                .map(|a| (a.id, a.question, a.answer))
                .collect::<Vec<_>>()
        })
    });
    let ids = Memo::new(move |_| {
        answers.with(|a| a.iter().map(|(id, q, _)| (*id, *q)).collect::<Vec<_>>())
    });
    view! {
        <section class="faq" aria-labelledby="faq-heading">
            <h3 id="faq-heading">"Questions about this estimate"</h3>
            <For
                each=move || ids.get()
                // The question is part of the key: a question that changes with the mode
                // (training → simulation) is a new item, not a stale summary.
                key=|(id, question)| (*id, *question)
                children=move |(id, question)| {
                    view! {
                        // The answer is built when the fold first opens.
                        <details
                            data-faq=id
                            on:toggle=crate::fold::on_first_open(move || {
                                view! {
                                    <p>
                                        {move || {
                                            answers
                                                .with(|a| {
                                                    a.iter()
                                                        .find(|x| x.0 == id)
                                                        .map(|x| x.2.clone())
                                                        .unwrap_or_default()
                                                })
                                        }}
                                    </p>
                                }
                            })
                        >
                            <summary>{question}</summary>
                        </details>
                    }
                }
            />
        </section>
    }
}
