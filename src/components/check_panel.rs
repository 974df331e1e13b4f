use leptos::prelude::*;
use memcalc_core::analysis::calibrate::check;
use memcalc_core::report::check_words;
use memcalc_core::schema::fields::FieldId;

use crate::page::Page;

/// The estimate beside a peak the user measured: which rows the tool counts, how far apart
/// they are, and a button that keeps the difference as a calibration row (in the link).
#[component]
pub fn CheckPanel() -> impl IntoView {
    let Page {
        scenario,
        estimate,
        units,
        apply: on_apply,
        ..
    } = Page::get();
    let c = Memo::new(move |_| estimate.with(|e| check(&scenario.get(), e)));
    move || {
        let c = c.get()?;
        let u = units.get();
        let close = c.error_bp.unsigned_abs() <= 1_000;
        let words = check_words(&c, u, scenario.with(|s| s.mode));
        let keep = c
            .suggested_calibration
            .zip(words.keep)
            .map(|(bytes, label)| {
                view! {
                    <button
                        type="button"
                        class="keep"
                        data-testid="keep-calibration"
                        on:click=move |_| {
                            on_apply.run(vec![(FieldId::Calibration, format!("{bytes}B"))])
                        }
                    >
                        {label}
                    </button>
                }
            });
        Some(view! {
            <section
                class="check"
                data-testid="check"
                data-error-bp=c.error_bp.to_string()
                class:close=close
                aria-labelledby="check-heading"
            >
                <h3 id="check-heading">"Against your measurement"</h3>
                <p>{words.reports} {words.estimated} <strong>{words.verdict}</strong></p>
                <p class="muted compared">
                    "Rows compared: "
                    {estimate
                        .with(|e| {
                            c.rows
                                .iter()
                                .filter_map(|&id| e.component(id))
                                .map(memcalc_core::explain::parts::label)
                                .collect::<Vec<_>>()
                                .join(", ")
                        })} "."
                </p>
                {keep}
            </section>
        })
    }
}
