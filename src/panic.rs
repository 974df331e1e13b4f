//! A panic must not leave a dead page: the message goes to the console and into the page, with
//! a link that reloads the last state the URL holds.

use wasm_bindgen::JsCast;

pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        let text = info.to_string();
        web_sys::console::error_1(&text.as_str().into());
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let Some(body) = doc.body() else { return };
        if let Ok(el) = doc.create_element("div") {
            el.set_class_name("panic");
            el.set_attribute("role", "alert").ok();
            // Text only (set_text_content), so nothing in the message can become markup.
            el.set_text_content(Some("Something went wrong in the calculator. "));
            if let Ok(a) = doc.create_element("a") {
                let href = web_sys::window()
                    .and_then(|w| w.location().href().ok())
                    .unwrap_or_default();
                a.set_attribute("href", &href).ok();
                a.set_text_content(Some("Reload this calculation"));
                el.append_child(&a).ok();
            }
            if let Ok(node) = el.dyn_into::<web_sys::Node>() {
                body.prepend_with_node_1(&node).ok();
            }
        }
    }));
}
