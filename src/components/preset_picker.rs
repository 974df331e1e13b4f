use leptos::prelude::*;
use memcalc_core::report::page_words;
use memcalc_core::schema::presets::{Preset, PRESETS};

/// A list of named starting points; choosing one fills the whole form from its link.
#[component]
pub fn PresetPicker(
    /// Called with the chosen preset.
    on_pick: Callback<&'static Preset>,
    /// The preset the current state started from, if any.
    #[prop(into)]
    current: Signal<Option<&'static Preset>>,
    /// Whether edits have left that preset: the picker then reads "Changed from …".
    #[prop(into)]
    edited: Signal<bool>,
) -> impl IntoView {
    let shown = move || current.get().filter(|_| !edited.get());
    view! {
        <div class="field preset">
            <label for="field-preset">"Start from a preset"</label>
            <select
                id="field-preset"
                on:change=move |ev| {
                    let id = event_target_value(&ev);
                    if let Some(p) = PRESETS.iter().find(|p| p.id == id) {
                        on_pick.run(p);
                    }
                }
            >
                // Properties, not attributes: an attribute no longer moves a selection the user made.
                <option value="" prop:selected=move || shown().is_none()>
                    {move || page_words::preset_prompt(current.get(), edited.get())}
                </option>
                {PRESETS
                    .iter()
                    .map(|p| {
                        view! {
                            <option
                                value=p.id
                                title=p.source
                                prop:selected=move || shown().is_some_and(|c| c.id == p.id)
                            >
                                {p.label}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
            <p class="help">{move || page_words::preset_help(current.get())}</p>
        </div>
    }
}
