//! An embed's query, both ways, with the page that frames it (issue 43; the notebook widget
//! `memcalc.widget` is its first user; the message format is in docs/embedding.md, "The query
//! messages"). Only in embed mode (`embed=1`), beside the height message:
//!
//! - the frame posts `{ "type": "memcalc:query", "query": <link> }` to its parent (target `*`,
//!   as the height) once at start and whenever the calculation's link changes while every
//!   field is valid: the same query the share link carries, without its leading `?`;
//! - the parent may post `{ "type": "memcalc:set-query", "query": <query> }` to the frame: the
//!   calculation then reads that query as the page reads the Back button's (its inputs, preset,
//!   units, scaling chart and pinned setups; the embed's `show=` and `lock=` stay). Messages
//!   from any window but the parent, and of any other shape, are ignored.
//!
//! A page served from a `blob:` address (the widget's) carries no query of its own: a blob
//! URL's query is not part of its address and `history` may change only its fragment, so
//! such a page reads its first query from the fragment (`location::current_query`).

use leptos::ev;
use leptos::prelude::*;
use memcalc_core::analysis::scaling::ScalingY;
use memcalc_core::units::UnitSystem;
use memcalc_core::PageState;
use wasm_bindgen::JsValue;

/// The type of the frame's message carrying its query.
pub const QUERY: &str = "memcalc:query";
/// The type of the parent's message setting the query.
pub const SET_QUERY: &str = "memcalc:set-query";

/// Connects an embed's query with its parent; does nothing outside embed mode.
pub fn connect(
    embedded: bool,
    state: RwSignal<PageState>,
    link: Memo<String>,
    stale: Signal<bool>,
    view: (
        RwSignal<UnitSystem>,
        RwSignal<ScalingY>,
        RwSignal<Vec<String>>,
    ),
) {
    if !embedded {
        return;
    }
    Effect::new(move |_| {
        if !stale.get() {
            link.with(|q| post(q));
        }
    });
    let (units, scaling_y, pinned) = view;
    let handle = window_event_listener(ev::message, move |e: web_sys::MessageEvent| {
        if let Some(q) = set_query(&e) {
            if let Some(o) = state.try_update(|s| s.read_query(&q)) {
                units.set(o.units);
                scaling_y.set(o.scaling_y);
                pinned.set(o.compare);
            }
        }
    });
    on_cleanup(move || handle.remove());
}

/// The query of a parent's `memcalc:set-query` message; None for any other message.
fn set_query(e: &web_sys::MessageEvent) -> Option<String> {
    let parent = web_sys::window()?.parent().ok()??;
    let from = e.source()?;
    if !js_sys::Object::is(&from, &parent) {
        return None;
    }
    let data = e.data();
    let field = |k: &str| {
        js_sys::Reflect::get(&data, &JsValue::from_str(k))
            .ok()?
            .as_string()
    };
    (field("type")? == SET_QUERY).then_some(())?;
    field("query").map(|q| q.trim_start_matches('?').to_string())
}

/// Posts the link to the parent window (none outside a frame).
fn post(query: &str) {
    let Some(w) = web_sys::window() else { return };
    let Ok(Some(parent)) = w.parent() else { return };
    if parent == w {
        return;
    }
    let msg = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&msg, &"type".into(), &QUERY.into());
    let _ = js_sys::Reflect::set(&msg, &"query".into(), &query.into());
    // As the height: the embedding page's origin is not known in advance.
    let _ = parent.post_message(&msg, "*");
}
