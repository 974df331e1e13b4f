//! Light and dark themes: the visitor's choice (kept in local storage), or the link's `theme=`
//! (an embed following its host page), or else `prefers-color-scheme`. The choice is applied
//! to the root element synchronously, so anything drawn next reads the new CSS variables.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use memcalc_core::schema::page::Theme;

use crate::browser;

/// The theme in force: what was chosen, and the chart colours that follow from it (with the
/// system setting when the choice is "auto").
#[derive(Clone, Copy)]
pub struct ThemeState {
    pub choice: RwSignal<Theme>,
    /// Read from the CSS variables when the theme changes, not at every redraw: reading
    /// computed style on each keystroke would force a style recalculation each time.
    pub colours: Memo<memcalc_charts::Theme>,
}

impl ThemeState {
    /// Applies and remembers the visitor's choice.
    pub fn choose(&self, t: Theme) {
        browser::apply_theme(t);
        browser::save_theme(t);
        self.choice.set(t);
    }
}

/// The link's theme, or else the visitor's saved choice; applied at once.
pub fn init(from_link: Theme) -> ThemeState {
    let choice = match from_link {
        Theme::Auto => browser::saved_theme(),
        t => t,
    };
    browser::apply_theme(choice);
    let query = web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten());
    let system_dark = RwSignal::new(query.as_ref().is_some_and(|q| q.matches()));
    if let Some(q) = query {
        let on_change = Closure::<dyn FnMut(web_sys::MediaQueryListEvent)>::new(
            move |e: web_sys::MediaQueryListEvent| system_dark.set(e.matches()),
        );
        let _ = q.add_event_listener_with_callback("change", on_change.as_ref().unchecked_ref());
        // Listens for the page's whole life.
        on_change.forget();
    }
    let choice = RwSignal::new(choice);
    let dark = move || match choice.get() {
        Theme::Dark => true,
        Theme::Light => false,
        Theme::Auto => system_dark.get(),
    };
    ThemeState {
        choice,
        colours: Memo::new(move |_| chart_theme(dark())),
    }
}

/// The chart colours, read from the CSS variables of the theme in force.
fn chart_theme(dark: bool) -> memcalc_charts::Theme {
    use memcalc_charts::Theme;
    let base = if dark { Theme::DARK } else { Theme::LIGHT };
    let read = |name: &str, fallback| Theme::parse_hex(&browser::css_var(name)).unwrap_or(fallback);
    Theme {
        background: read("--panel", base.background),
        text: read("--text", base.text),
        axis: read("--muted", base.axis),
        capacity_ok: read("--ok", base.capacity_ok),
        capacity_short: read("--bad", base.capacity_short),
    }
}
