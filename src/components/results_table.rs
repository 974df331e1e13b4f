use leptos::prelude::*;
use memcalc_core::explain::parts;
use memcalc_core::units::{format_bytes, format_share, group_digits};
use memcalc_core::{Component, Location, PartId};

use crate::page::Page;

/// The breakdown as a table: one row per component with its bytes, share and, beside it, what it
/// is and how it was computed with the user's numbers. Also the chart's text alternative.
/// Rows are keyed by component, so an opened explanation stays open while the numbers change.
#[component]
pub fn ResultsTable(
    /// Whether each row carries its explanation (embeds may leave them out).
    explanations: bool,
) -> impl IntoView {
    let Page {
        estimate, units, ..
    } = Page::get();
    let ids = Memo::new(move |_| {
        estimate.with(|e| e.components.iter().map(|c| c.id).collect::<Vec<_>>())
    });
    let row = move |id: PartId| {
        // This row's component in the current estimate (its fields change, its id does not).
        let part = Memo::new(move |_| estimate.with(|e| e.component(id).cloned()));
        let get = move |f: fn(&Component) -> String| {
            move || part.with(|c| c.as_ref().map(f).unwrap_or_default())
        };
        let bytes = move || part.with(|c| c.as_ref().map_or(0, |c| c.bytes));
        let location = move || part.with(|c| c.as_ref().map_or(Location::Device, |c| c.location));
        let on_host = move || location() != Location::Device;
        let share = move || match location() {
            Location::Host => String::from("host"),
            Location::Disk => String::from("disk"),
            Location::Device => format_share(bytes(), estimate.with(|e| e.per_device_bytes.max(1))),
        };
        view! {
            <tr
                data-component=id.key()
                data-bytes=move || bytes().to_string()
                data-location=move || estimate.with(|e| memcalc_core::report::place(e, location()))
                class:host=on_host
            >
                <th scope="row">
                    <span class=format!("swatch swatch-{id}") aria-hidden="true"></span>
                    {get(|c| parts::label(c).to_string())}
                </th>
                <td class="num" title=move || format!("{} bytes", group_digits(bytes()))>
                    {move || format_bytes(bytes(), units.get())}
                </td>
                <td
                    class="num"
                    title=move || {
                        if on_host() { "Not in device memory: not part of the total" } else { "" }
                    }
                >
                    {share}
                </td>
                <td class="why">
                    <p class="formula">
                        <code>{get(parts::formula)}</code>
                    </p>
                    {explanations
                        .then(|| {
                            view! {
                                // The explanation is built when the fold first opens.
                                <details
                                    class="explain"
                                    on:toggle=crate::fold::on_first_open(move || {
                                        view! {
                                            <p class="answer">{get(parts::explanation)}</p>
                                            <p class="source">
                                                "Source: " {get(|c| parts::source(c).to_string())}
                                            </p>
                                        }
                                    })
                                >
                                    <summary>{get(|c| parts::question(c).to_string())}</summary>
                                </details>
                            }
                        })}
                </td>
            </tr>
        }
    };
    view! {
        <table class="breakdown">
            <caption class="visually-hidden">
                {move || estimate.with(memcalc_core::explain::wording::table_caption)}
            </caption>
            <thead>
                <tr>
                    <th scope="col">"Component"</th>
                    <th scope="col" class="num">
                        "Memory"
                    </th>
                    <th scope="col" class="num">
                        "Share"
                    </th>
                    <th scope="col">"How it is computed"</th>
                </tr>
            </thead>
            <tbody>
                <For each=move || ids.get() key=|id| *id children=row />
            </tbody>
            <tfoot>
                <tr>
                    <th scope="row">"Total"</th>
                    <td class="num">
                        {move || estimate.with(|e| format_bytes(e.per_device_bytes, units.get()))}
                    </td>
                    <td class="num">"100 %"</td>
                    <td class="why">
                        {move || estimate.with(memcalc_core::explain::wording::total_note)}
                    </td>
                </tr>
            </tfoot>
        </table>
    }
}
