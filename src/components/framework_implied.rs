use leptos::prelude::*;
use memcalc_core::Inputs;

use crate::page::Page;

/// Under the framework selector: each setting the chosen framework implies, its source, and
/// whether the user has changed it since (the core decides; this only lists).
#[component]
pub fn FrameworkImplied() -> impl IntoView {
    let inputs = Page::get().inputs;
    let states = Memo::new(move |_| inputs.with(Inputs::implied_states));
    move || {
        let states = states.get();
        (!states.is_empty()).then(|| {
            view! {
                <div class="implied" data-testid="framework-implied">
                    <p class="implied-title">
                        "Set by this framework (each can be changed below):"
                    </p>
                    <ul>
                        {states
                            .into_iter()
                            .map(|st| {
                                let key = st.implied.key;
                                view! {
                                    <li data-key=key data-overridden=st.overridden.to_string()>
                                        <code>{format!("{key}={}", st.implied.value)}</code>
                                        {st
                                            .overridden
                                            .then(|| {
                                                view! {
                                                    <strong>{format!(" — changed to {}", st.current)}</strong>
                                                }
                                            })}
                                        <span class="implied-source">
                                            {format!(" ({})", st.implied.source)}
                                        </span>
                                    </li>
                                }
                            })
                            .collect_view()}
                    </ul>
                </div>
            }
        })
    }
}
