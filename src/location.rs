//! The page URL: the query read at start and rewritten (replace, not push) as the state changes.

/// The current query string, with its leading `?`, or "" outside a browser window.
pub fn current_query() -> String {
    web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default()
}

/// Replaces the query of the current history entry, keeping path and fragment.
pub fn replace_query(query: &str) {
    let Some(window) = web_sys::window() else { return };
    let loc = window.location();
    let path = loc.pathname().unwrap_or_default();
    let hash = loc.hash().unwrap_or_default();
    let url = format!("{path}?{query}{hash}");
    if loc.search().ok().as_deref() == Some(&format!("?{query}")) {
        return;
    }
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}
