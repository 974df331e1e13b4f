use leptos::prelude::*;
use memcalc_core::catalog::device::NODES;
use memcalc_core::inputs::fields::FieldId;

use crate::page::Page;

/// Fills the memory per node from a documented CPU node; the value stays editable.
#[component]
pub fn NodePicker() -> impl IntoView {
    let on_change = Page::get().change;
    view! {
        <div class="field node-preset">
            <label for="field-node-preset">"CPU node"</label>
            <select
                id="field-node-preset"
                on:change=move |ev| {
                    let id = event_target_value(&ev);
                    if let Some(n) = NODES.iter().find(|n| n.id == id) {
                        on_change.run((FieldId::NodeMem, n.gib.to_string()));
                    }
                }
            >
                <option value="" selected=true>"Fill the memory from a known node…"</option>
                {NODES.iter().map(|n| view! { <option value=n.id>{n.label}</option> }).collect_view()}
            </select>
            <p class="help">"Installed memory per node, from the centres' documentation; the OS and file-system caches use a few GiB of it."</p>
        </div>
    }
}
