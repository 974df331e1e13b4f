use leptos::prelude::*;
use memcalc_core::answers::calibrate::check;
use memcalc_core::inputs::fields::FieldId;
use memcalc_core::units::{format_bytes, format_fixed};
use memcalc_core::Choice;

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
        let pct = |bp: i64| {
            format!(
                "{}{} %",
                if bp < 0 { "−" } else { "+" },
                format_fixed(bp.unsigned_abs(), 2)
            )
        };
        let close = c.error_bp.unsigned_abs() <= 1_000;
        let verdict = if c.error_bp == 0 {
            "The estimate matches your measurement.".to_string()
        } else if c.error_bp < 0 {
            format!(
                "The estimate is {} below your measurement ({}).",
                format_bytes(c.measured - c.estimated, u),
                pct(c.error_bp)
            )
        } else {
            format!("The estimate is {} above your measurement ({}): it errs on the safe side, so no calibration is offered.", format_bytes(c.estimated - c.measured, u), pct(c.error_bp))
        };
        let keep = c.suggested_calibration.map(|bytes| {
            let label = format!(
                "Keep the difference as a calibration row ({} per {})",
                format_bytes(bytes, u),
                if scenario.with(|s| s.mode == memcalc_core::Mode::Sim) {
                    "rank"
                } else {
                    "device"
                }
            );
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
                <p>
                    {format!(
                        "{} reports {}; that counts {}. ",
                        c.kind.label(),
                        format_bytes(c.measured, u),
                        c.kind.counts(),
                    )}
                    {format!("The same part of the estimate is {}. ", format_bytes(c.estimated, u))}
                    <strong>{verdict}</strong>
                </p>
                <p class="muted compared">
                    "Rows compared: "
                    {estimate
                        .with(|e| {
                            c.rows
                                .iter()
                                .filter_map(|&id| e.component(id))
                                .map(memcalc_core::text::parts::label)
                                .collect::<Vec<_>>()
                                .join(", ")
                        })} "."
                </p>
                {keep}
            </section>
        })
    }
}
