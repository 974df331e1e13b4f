//! The page URL: the query read at start, and written back as the state changes: a new
//! history entry for a deliberate step (a preset, a suggestion), a replaced one for typing.

use leptos::prelude::*;

/// The current query string, with its leading `?`, or "" outside a browser window. A page at
/// a `blob:` address (the notebook widget's, src/embed_bridge.rs) has its query in the fragment.
pub fn current_query() -> String {
    let Some(loc) = web_sys::window().map(|w| w.location()) else {
        return String::new();
    };
    if loc.protocol().ok().as_deref() == Some("blob:") {
        return loc.hash().unwrap_or_default().replacen('#', "?", 1);
    }
    loc.search().unwrap_or_default()
}

/// Writes the query into the address bar, keeping path and fragment; `push` adds a history
/// entry instead of replacing the current one. Nothing happens when the query is already there.
pub fn write_query(query: &str, push: bool) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let loc = window.location();
    if loc.search().ok().as_deref() == Some(&format!("?{query}")) {
        return;
    }
    let url = format!(
        "{}?{query}{}",
        loc.pathname().unwrap_or_default(),
        loc.hash().unwrap_or_default()
    );
    let Ok(history) = window.history() else {
        return;
    };
    let state = wasm_bindgen::JsValue::NULL;
    let _ = if push {
        history.push_state_with_url(&state, "", Some(&url))
    } else {
        history.replace_state_with_url(&state, "", Some(&url))
    };
}

/// Runs `act` with the latest value `read` gives, once 120 ms pass without it changing: for
/// work that need not follow every keystroke. `read` returning None cancels what is pending.
/// With `at_start` false, the value at start is taken as already acted on.
pub fn after_pause<T: 'static>(
    read: impl Fn() -> Option<T> + 'static,
    at_start: bool,
    act: impl Fn(T) + Copy + 'static,
) {
    Effect::new(move |pending: Option<Option<TimeoutHandle>>| {
        let value = read();
        if let Some(Some(h)) = pending {
            h.clear();
        } else if pending.is_none() && !at_start {
            return None;
        }
        let value = value?;
        set_timeout_with_handle(move || act(value), std::time::Duration::from_millis(120)).ok()
    });
}
