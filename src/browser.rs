//! The few places the page touches the browser beyond the DOM it renders: local storage, the
//! clipboard, downloads, history, CSS variables and the parent frame. Every call tolerates
//! failure (storage blocked in a sandboxed frame, no clipboard permission): the page goes on.

use memcalc_core::schema::page::Theme;
use wasm_bindgen::{JsCast, JsValue};

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

const STORAGE_KEY: &str = "memcalc:last";
const THEME_KEY: &str = "memcalc:theme";

fn storage() -> Option<web_sys::Storage> {
    // Throws in sandboxed frames without same-origin: treated as no storage.
    window()?.local_storage().ok()?
}

/// The query of the last calculation on this browser.
pub fn last_query() -> Option<String> {
    storage()?.get_item(STORAGE_KEY).ok()?
}

pub fn remember_query(q: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(STORAGE_KEY, q);
    }
}

/// The theme the visitor chose on this browser (Auto when none, or one this version does not
/// know).
pub fn saved_theme() -> Theme {
    storage()
        .and_then(|s| s.get_item(THEME_KEY).ok()?)
        .and_then(|t| Theme::from_id(&t))
        .unwrap_or_default()
}

pub fn save_theme(t: Theme) {
    if let Some(s) = storage() {
        let _ = s.set_item(THEME_KEY, t.id());
    }
}

/// Sets `data-theme` on the root element ("light", "dark"; removed for auto).
pub fn apply_theme(t: Theme) {
    let Some(root) = window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    else {
        return;
    };
    let _ = match t {
        Theme::Auto => root.remove_attribute("data-theme"),
        t => root.set_attribute("data-theme", t.id()),
    };
}

/// A CSS custom property of the root element, as computed (e.g. "#ffffff").
pub fn css_var(name: &str) -> String {
    let Some(w) = window() else {
        return String::new();
    };
    let Some(root) = w.document().and_then(|d| d.document_element()) else {
        return String::new();
    };
    w.get_computed_style(&root)
        .ok()
        .flatten()
        .and_then(|s| s.get_property_value(name).ok())
        .unwrap_or_default()
}

/// Copies text, then calls `done` with whether it worked (false when the Clipboard API is
/// missing or refused). Promise callbacks rather than an async task: no executor in the page.
pub fn copy(text: &str, done: impl FnOnce(bool) + 'static) {
    let Some(w) = window() else {
        return done(false);
    };
    let navigator = w.navigator();
    // Absent outside secure contexts (plain http): calling it there would throw.
    let present = js_sys::Reflect::get(&navigator, &"clipboard".into())
        .is_ok_and(|c| !c.is_undefined() && !c.is_null());
    if !present {
        return done(false);
    }
    let done = std::rc::Rc::new(std::cell::Cell::new(Some(done)));
    let (yes, no) = (done.clone(), done);
    let ok = wasm_bindgen::closure::Closure::once(move |_: JsValue| {
        yes.take().map(|f| f(true)).unwrap_or(())
    });
    let err = wasm_bindgen::closure::Closure::once(move |_: JsValue| {
        no.take().map(|f| f(false)).unwrap_or(())
    });
    let _ = navigator.clipboard().write_text(text).then2(&ok, &err);
    // Each runs at most once, when the promise settles.
    ok.forget();
    err.forget();
}

/// Offers `content` as a file download.
pub fn download_text(name: &str, mime: &str, content: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(content));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    download_url(name, &url);
    // Revoked a little later: some browsers start reading the blob after the click returns.
    leptos::prelude::set_timeout(
        move || drop(web_sys::Url::revoke_object_url(&url)),
        std::time::Duration::from_secs(10),
    );
}

/// Offers a URL (object or data URL) as a file download.
pub fn download_url(name: &str, url: &str) {
    let Some(doc) = window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(a) = doc.create_element("a") else {
        return;
    };
    let Ok(a) = a.dyn_into::<web_sys::HtmlAnchorElement>() else {
        return;
    };
    a.set_href(url);
    a.set_download(name);
    // Attached while clicked: older Firefox ignores clicks on detached links.
    let Some(body) = doc.body() else { return };
    if body.append_child(&a).is_ok() {
        a.click();
        a.remove();
    }
}

/// The page's address without its query, e.g. "https://host/tools/memcalc/"; "" at a `blob:`
/// address (the notebook widget's, src/embed_bridge.rs), which no one else can open: its links
/// are then the bare query.
pub fn page_base() -> String {
    let Some(w) = window() else {
        return String::new();
    };
    let loc = w.location();
    if loc.protocol().ok().as_deref() == Some("blob:") {
        return String::new();
    }
    format!(
        "{}{}",
        loc.origin().unwrap_or_default(),
        loc.pathname().unwrap_or_default()
    )
}

/// Inside an iframe: tells the embedding page how tall the calculator is.
pub fn post_height(height: f64) {
    let Some(w) = window() else { return };
    let Ok(Some(parent)) = w.parent() else { return };
    if parent == w {
        return;
    }
    let msg = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&msg, &"type".into(), &"memcalc:height".into());
    let _ = js_sys::Reflect::set(&msg, &"height".into(), &JsValue::from_f64(height.ceil()));
    // The height is not secret, and the embedding page's origin is not known in advance.
    let _ = parent.post_message(&msg, "*");
}

/// The first file dropped on an element.
pub fn dropped_file(ev: &web_sys::DragEvent) -> Option<web_sys::File> {
    ev.data_transfer()?.files()?.get(0)
}

/// The first file chosen in a file input, from its `change` event.
pub fn chosen_file(ev: &web_sys::Event) -> Option<web_sys::File> {
    let input: web_sys::HtmlInputElement = ev.target()?.dyn_into().ok()?;
    input.files()?.get(0)
}

/// Reads a file's text and gives it to `done` when it arrives (a file that cannot be read as
/// text gives "").
pub fn read_text(file: web_sys::File, done: impl FnOnce(String) + 'static) {
    let done = wasm_bindgen::closure::Closure::once(move |v: JsValue| {
        done(v.as_string().unwrap_or_default())
    });
    let _ = file.text().then(&done);
    done.forget();
}
