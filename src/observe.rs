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

/// False until the browser has painted the first frame, then true: what the first answer does not
/// need is built after it, so the first frame runs less wasm and lays out fewer nodes.
/// (A timeout from an animation frame runs after that frame's paint.)
pub fn after_first_paint() -> ReadSignal<bool> {
    let (painted, set_painted) = signal(false);
    request_animation_frame(move || {
        set_timeout(move || set_painted.set(true), std::time::Duration::ZERO)
    });
    painted
}

/// `source`, one frame behind: after a change, the value is taken in the animation frame after
/// the one that shows the change, once however many changes came in between. What is costly and
/// not the figure typed for (the suggestions' and the scaling sweep's dozens of estimates) is
/// worked out from it, so an edit's frame shows its numbers without waiting for them
/// (docs/performance.md, issue 36).
pub fn one_frame_behind<T: Clone + PartialEq + Send + Sync + 'static>(
    source: Memo<T>,
) -> ReadSignal<T> {
    let (behind, set_behind) = signal(source.get_untracked());
    let waiting = StoredValue::new(false);
    Effect::new(move |_| {
        source.track();
        if waiting.get_value() {
            return;
        }
        waiting.set_value(true);
        request_animation_frame(move || {
            request_animation_frame(move || {
                // `None`: set, so the page is still there.
                if waiting.try_set_value(false).is_none() {
                    if let Some(v) = source.try_get_untracked() {
                        set_behind.maybe_update(|b| {
                            let new = *b != v;
                            if new {
                                *b = v;
                            }
                            new
                        });
                    }
                }
            })
        });
    });
    behind
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
