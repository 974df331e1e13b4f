use leptos::prelude::*;
use memcalc_core::schema::page::Theme;
use memcalc_core::units::UnitSystem;

use crate::page::Page;

/// The theme choices, as the select offers them.
const THEMES: [(Theme, &str); 3] = [
    (Theme::Auto, "Auto theme"),
    (Theme::Light, "Light"),
    (Theme::Dark, "Dark"),
];

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
                {unit_choice(
                    UnitSystem::Binary,
                    "GiB",
                    "Binary units: 1 GiB = 1,073,741,824 bytes (what nvidia-smi, the frameworks and the simulation codes report)",
                )}
                {unit_choice(
                    UnitSystem::Decimal,
                    "GB",
                    "Decimal units: 1 GB = 1,000,000,000 bytes (what vendors print on the box)",
                )}
            </fieldset>
            <label class="theme-choice">
                <span class="visually-hidden">"Colour theme"</span>
                <select
                    data-testid="theme"
                    on:change=move |ev| {
                        theme.choose(Theme::from_id(&event_target_value(&ev)).unwrap_or_default())
                    }
                >
                    {THEMES
                        .map(|(t, label)| {
                            view! {
                                <option value=t.id() selected=move || theme.choice.get() == t>
                                    {label}
                                </option>
                            }
                        })}
                </select>
            </label>
        </div>
    }
}
