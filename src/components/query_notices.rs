use leptos::prelude::*;
use memcalc_core::Notice;

/// What was wrong with the link the page was opened from (unknown or repeated keys).
#[component]
pub fn QueryNotices(
    /// Notices from decoding the link.
    #[prop(into)]
    notices: Signal<Vec<Notice>>,
    /// Called when the user dismisses them.
    on_dismiss: Callback<()>,
) -> impl IntoView {
    view! {
        <Show when=move || notices.with(|n| !n.is_empty())>
            <div class="query-notices" role="alert">
                <p class="title">"Some of this link was not understood:"</p>
                <ul>
                    {move || {
                        notices
                            .get()
                            .into_iter()
                            .map(|n| view! { <li data-key=n.key.clone()>{n.message}</li> })
                            .collect_view()
                    }}
                </ul>
                <button type="button" on:click=move |_| on_dismiss.run(())>
                    "Dismiss"
                </button>
            </div>
        </Show>
    }
}
