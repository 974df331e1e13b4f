use leptos::prelude::*;
use memcalc_core::explain::wording::TAGLINE;

/// The page's title and tagline (not in an embed). The first screen written before the app
/// (crates/memcalc-first) has the same markup; tests/web.rs compares the two.
#[component]
pub fn SiteHeader() -> impl IntoView {
    view! {
        <header class="site-header">
            <h1>"Memory calculator"</h1>
            <p class="tagline">{TAGLINE}</p>
        </header>
    }
}
