use leptos::prelude::*;
use memcalc_core::fields::{Group, FIELDS};
use memcalc_core::{FieldError, Inputs};

use super::FieldInput;

/// The inputs, grouped; essentials are shown, advanced settings are folded per group.
#[component]
pub fn ScenarioForm(
    /// Raw text of every field.
    inputs: ReadSignal<Inputs>,
    /// Current validation errors, by field key.
    #[prop(into)]
    errors: Signal<Vec<FieldError>>,
    /// Called with (key, raw text) on every edit.
    on_change: Callback<(&'static str, String)>,
) -> impl IntoView {
    let field_view = move |f: &'static memcalc_core::fields::Field| {
        let key = f.key;
        view! {
            <FieldInput
                field=f
                value=Signal::derive(move || inputs.with(|i| i.get(key).to_string()))
                error=Signal::derive(move || {
                    errors.with(|e| e.iter().find(|e| e.key == key).map(|e| e.message.clone()))
                })
                on_change=on_change
            />
        }
    };

    view! {
        <form class="scenario-form" on:submit=|ev| ev.prevent_default() novalidate>
            {Group::ALL
                .into_iter()
                .map(|group| {
                    let essentials: Vec<_> = FIELDS.iter().filter(|f| f.group == group && !f.advanced).collect();
                    let advanced: Vec<_> = FIELDS.iter().filter(|f| f.group == group && f.advanced).collect();
                    // An advanced field with an error must not hide inside a closed fold.
                    let open = move || {
                        errors.with(|e| e.iter().any(|e| advanced.iter().any(|f| f.key == e.key)))
                    };
                    let adv_fields: Vec<_> = FIELDS.iter().filter(|f| f.group == group && f.advanced).collect();
                    view! {
                        <fieldset class="group">
                            <legend>{group.label()}</legend>
                            {essentials.into_iter().map(field_view).collect_view()}
                            {(!adv_fields.is_empty())
                                .then(|| {
                                    view! {
                                        <details class="advanced" prop:open=open>
                                            <summary>"More settings"</summary>
                                            {adv_fields.into_iter().map(field_view).collect_view()}
                                        </details>
                                    }
                                })}
                        </fieldset>
                    }
                })
                .collect_view()}
        </form>
    }
}
