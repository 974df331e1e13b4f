use leptos::prelude::*;
use memcalc_core::units::{format_bytes, format_share, group_digits, UnitSystem};
use memcalc_core::{Estimate, Location};

/// The breakdown as a table: one row per component with its bytes, share and, beside it, what it
/// is and how it was computed with the user's numbers. Also the chart's text alternative.
#[component]
pub fn ResultsTable(
    /// The current estimate.
    #[prop(into)]
    estimate: Signal<Estimate>,
    /// Units of every size shown.
    #[prop(into)]
    units: Signal<UnitSystem>,
    /// Whether each row carries its explanation (embeds may leave them out).
    explanations: bool,
) -> impl IntoView {
    view! {
        <table class="breakdown">
            <caption class="visually-hidden">"Memory per device by component"</caption>
            <thead>
                <tr>
                    <th scope="col">"Component"</th>
                    <th scope="col" class="num">"Memory"</th>
                    <th scope="col" class="num">"Share"</th>
                    <th scope="col">"How it is computed"</th>
                </tr>
            </thead>
            <tbody>
                {move || {
                    estimate
                        .with(|e| {
                            let total = e.per_device_bytes.max(1);
                            let u = units.get();
                            e.components
                                .iter()
                                .map(|c| {
                                    let on_host = c.location != Location::Device;
                                    let share = match c.location {
                                        Location::Host => String::from("host"),
                                        Location::Disk => String::from("disk"),
                                        Location::Device => format_share(c.bytes.into(), total),
                                    };
                                    view! {
                                        <tr data-component=c.id data-bytes=c.bytes.to_string() data-location=c.location.id() class:host=on_host>
                                            <th scope="row">
                                                <span class=format!("swatch swatch-{}", c.id) aria-hidden="true"></span>
                                                {c.label}
                                            </th>
                                            <td class="num" title=format!("{} bytes", group_digits(c.bytes.into()))>
                                                {format_bytes(c.bytes, u)}
                                            </td>
                                            <td class="num" title=if on_host { "Not in device memory: not part of the total" } else { "" }>{share}</td>
                                            <td class="why">
                                                <p class="formula"><code>{c.formula.clone()}</code></p>
                                                {explanations.then(|| view! {
                                                    <details class="explain">
                                                        <summary>{c.question}</summary>
                                                        <p class="answer">{c.explanation.clone()}</p>
                                                        <p class="source">"Source: " {c.source}</p>
                                                    </details>
                                                })}
                                            </td>
                                        </tr>
                                    }
                                })
                                .collect_view()
                        })
                }}
            </tbody>
            <tfoot>
                <tr>
                    <th scope="row">"Total"</th>
                    <td class="num">
                        {move || estimate.with(|e| format_bytes(e.per_device_bytes, units.get()))}
                    </td>
                    <td class="num">"100 %"</td>
                    <td class="why">"The sum of every GPU row, not the largest one: all of them are resident at the peak. Rows marked host are in CPU memory, rows marked disk are written to storage."</td>
                </tr>
            </tfoot>
        </table>
    }
}
