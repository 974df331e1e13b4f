use leptos::prelude::*;
use memcalc_core::base::units::UnitSystem;

use crate::page::Page;

/// Units (GiB or GB, everywhere at once) and the colour theme.
#[component]
pub fn DisplayControls() -> impl IntoView {
    let Page { units, theme, .. } = Page::get();
    let unit_choice = move |value: UnitSystem, label: &'static str, title: &'static str| {
        view! {
            <label class="seg" title=title>
                <input
                    type="radio"
                    name="units"
                    value=label
                    prop:checked=move || units.get() == value
                    on:change=move |_| units.set(value)
                />
                <span>{label}</span>
            </label>
        }
    };
    view! {
        <div class="display-controls">
            <fieldset class="units" data-testid="units">
                <legend class="visually-hidden">"Units"</legend>
                {unit_choice(UnitSystem::Binary, "GiB", "Binary units: 1 GiB = 1,073,741,824 bytes (what nvidia-smi, the frameworks and the simulation codes report)")}
                {unit_choice(UnitSystem::Decimal, "GB", "Decimal units: 1 GB = 1,000,000,000 bytes (what vendors print on the box)")}
            </fieldset>
            <label class="theme-choice">
                <span class="visually-hidden">"Colour theme"</span>
                <select data-testid="theme" on:change=move |ev| theme.choose(&event_target_value(&ev))>
                    <option value="auto" selected=move || theme.choice.get() == "auto">"Auto theme"</option>
                    <option value="light" selected=move || theme.choice.get() == "light">"Light"</option>
                    <option value="dark" selected=move || theme.choice.get() == "dark">"Dark"</option>
                </select>
            </label>
        </div>
    }
}
