//! Two small browser observers the chart needs. leptos-use has both, but its hooks in use here
//! (these two and `signal_debounced` for `location::after_pause`) add 28,632 B gzip and take the
//! app over its budget (docs/performance.md, issue 26), so these are written against web-sys.

use leptos::ev;
use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Width in CSS pixels of an element's content box, updated by a ResizeObserver.
pub fn element_width(target: NodeRef<Div>) -> ReadSignal<f64> {
    let (width, set_width) = signal(0.0f64);
    let observer = StoredValue::new_local(None::<web_sys::ResizeObserver>);
    Effect::new(move |_| {
        let Some(el) = target.get() else { return };
        if observer.with_value(Option::is_some) {
            return;
        }
        // No synchronous read of the size here: it would force a layout of the whole page before
        // the first paint. The observer reports the first size after the browser's own layout.
        let on_resize = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
            if let Ok(entry) = entries.get(0).dyn_into::<web_sys::ResizeObserverEntry>() {
                set_width.set(entry.content_rect().width());
            }
        });
        if let Ok(obs) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
            obs.observe(&el);
            observer.set_value(Some(obs));
        }
        // The observer calls it for as long as the page lives; it is disconnected on cleanup.
        on_resize.forget();
    });
    on_cleanup(move || {
        observer.with_value(|o| {
            if let Some(o) = o {
                o.disconnect();
            }
        })
    });
    width
}

/// `window.devicePixelRatio`, updated when it changes (zoom, moving to another screen), which
/// browsers signal with a resize.
pub fn device_pixel_ratio() -> ReadSignal<f64> {
    let read = || {
        web_sys::window()
            .map(|w| w.device_pixel_ratio())
            .unwrap_or(1.0)
    };
    let (ratio, set_ratio) = signal(read());
    let handle = window_event_listener(ev::resize, move |_| set_ratio.set(read()));
    on_cleanup(move || handle.remove());
    ratio
}

/// In embed mode: reports the page's height to the embedding page whenever it changes, so the
/// frame can fit its content without scrollbars.
pub fn report_height() {
    let Some(body) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
    else {
        return;
    };
    let measure = body.clone();
    let on_resize = Closure::<dyn FnMut(js_sys::Array)>::new(move |_: js_sys::Array| {
        crate::browser::post_height(measure.get_bounding_client_rect().height());
    });
    if let Ok(obs) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
        obs.observe(&body);
        // Observes for the page's whole life.
        std::mem::forget(obs);
    }
    on_resize.forget();
}
