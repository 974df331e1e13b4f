use leptos::prelude::*;
use memcalc_core::presets::PRESETS;

/// A list of named starting points; choosing one fills the whole form from its link.
#[component]
pub fn PresetPicker(
    /// Called with the chosen preset's query.
    on_pick: Callback<&'static str>,
) -> impl IntoView {
    view! {
        <div class="field preset">
            <label for="field-preset">"Start from a preset"</label>
            <select
                id="field-preset"
                on:change=move |ev| {
                    let id = event_target_value(&ev);
                    if let Some(p) = PRESETS.iter().find(|p| p.id == id) {
                        on_pick.run(p.query);
                    }
                }
            >
                <option value="" selected=true>"Choose a model or simulation…"</option>
                {PRESETS.iter().map(|p| view! { <option value=p.id title=p.source>{p.label}</option> }).collect_view()}
            </select>
            <p class="help">"Fills every field; each value stays editable."</p>
        </div>
    }
}
