//! Parts of the page built after the first paint, or when their fold first opens (issue 17: the
//! first frame builds and lays out only the answer; dozens of folded explanations cost only their
//! summaries). Each part gets a mount of its own, owned by the component that asked for it (so
//! it is cleaned up with it), instead of a reactive `Option<view>`: that compiled every part's
//! update code as well, +12 KB of gzip'd wasm (scripts/size.sh).

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

fn build_into<V: IntoView + 'static>(
    parent: web_sys::HtmlElement,
    owner: Option<&Owner>,
    content: impl FnOnce() -> V + 'static,
) {
    let mount = move || leptos::mount::mount_to(parent, content).forget();
    match owner {
        Some(o) => o.with(mount),
        None => mount(),
    }
}

/// An `on:toggle` handler for a `<details>` fold: builds `content` after its summary the first
/// time it opens, and keeps it (an opened answer stays open while the numbers in it change).
pub fn on_first_open<V: IntoView + 'static>(
    content: impl FnOnce() -> V + 'static,
) -> impl FnMut(web_sys::Event) + 'static {
    let owner = Owner::current();
    let mut content = Some(content);
    move |ev: web_sys::Event| {
        let Some(details) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok())
            .filter(|d| d.has_attribute("open"))
        else {
            return;
        };
        if let Some(f) = content.take() {
            build_into(details, owner.as_ref(), f);
        }
    }
}

/// A box (`display: contents`, so the layout is as if the part stood there itself) that
/// `content` is built into after the browser has painted the first frame.
pub fn after_paint<V: IntoView + 'static>(content: impl FnOnce() -> V + 'static) -> impl IntoView {
    let target = NodeRef::<Div>::new();
    let owner = Owner::current();
    // A timeout from an animation frame runs after that frame's paint.
    request_animation_frame(move || {
        set_timeout(
            move || {
                if let Some(el) = target.get_untracked() {
                    build_into(el.into(), owner.as_ref(), content);
                }
            },
            std::time::Duration::ZERO,
        )
    });
    view! { <div class="later" node_ref=target></div> }
}
