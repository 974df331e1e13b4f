use leptos::prelude::*;
use memcalc_core::units::format_bytes;
use memcalc_core::Estimate;

use crate::page::Page;

/// Fits or not, the total per device, and the headroom or shortfall.
#[component]
pub fn Verdict() -> impl IntoView {
    let Page {
        estimate,
        units,
        stale,
        left_out,
        no_estimate,
        ..
    } = Page::get();
    let fits = move || estimate.with(Estimate::fits);
    let size = move |b: u64| format_bytes(b, units.get());
    // Screen readers hear the total and the verdict once typing pauses, not on every keystroke:
    // a polite live region written 120 ms after the last change (never at load).
    let (said, set_said) = signal(String::new());
    crate::location::after_pause(
        move || {
            let u = units.get();
            if no_estimate.get() {
                return left_out.get();
            }
            let left_out = left_out.get();
            estimate.with(|e| {
                Some(memcalc_core::report::spoken_verdict(
                    e,
                    u,
                    left_out.as_deref(),
                ))
            })
        },
        false,
        move |t| set_said.set(t),
    );
    view! {
        // While a field is invalid the verdict is neither green nor red: its figures leave that
        // field out (`data-stale`, the note below names it).
        <div
            class="verdict"
            class:fits=move || fits() && !stale.get()
            class:short=move || !fits() && !stale.get()
            class:is-stale=stale
            data-testid="verdict"
            data-fits=move || (fits() && !no_estimate.get()).to_string()
            data-stale=move || stale.get().to_string()
        >
            <p class="total-line">
                <span class="total-label">"Total"</span>
                <strong
                    class="total"
                    data-testid="total"
                    data-bytes=move || {
                        if no_estimate.get() {
                            String::new()
                        } else {
                            estimate.with(|e| e.per_device_bytes.to_string())
                        }
                    }
                >
                    // A mistyped preset: no figure at all, never the defaults' (another
                    // scenario's); the note below says why.
                    {move || {
                        if no_estimate.get() {
                            String::from("No estimate")
                        } else {
                            estimate.with(|e| size(e.per_device_bytes))
                        }
                    }}
                </strong>
                // The total's range from the measured rows like it (issue 37), or "not
                // validated"; how it was made in its title.
                <span
                    class="total-band"
                    data-testid="total-band"
                    hidden=no_estimate
                    title=move || estimate.with(memcalc_core::report::band::total_method)
                >
                    {move || {
                        estimate.with(|e| memcalc_core::report::band::total(e, units.get()))
                    }}
                </span>
            </p>
            <p class="verdict-text">
                {move || {
                    (!no_estimate.get())
                        .then(|| {
                            estimate
                                .with(|e| {
                                    memcalc_core::report::verdict_with_capacity(e, units.get())
                                })
                        })
                }}
            </p>
            <p
                class="visually-hidden"
                aria-live="polite"
                aria-atomic="true"
                data-testid="verdict-announcement"
            >
                {said}
            </p>
            {move || {
                if no_estimate.get() {
                    return None;
                }
                estimate
                    .with(|e| {
                        e.serving
                            .map(|v| {
                                view! {
                                    <p
                                        class="serving"
                                        data-testid="serving"
                                        data-tokens=v.pool_tokens.to_string()
                                        data-sequences=v.sequences.to_string()
                                    >
                                        {memcalc_core::explain::serving::summary(&v)}
                                    </p>
                                }
                            })
                    })
            }}
            {move || {
                left_out
                    .get()
                    .map(|note| {
                        view! {
                            <p class="stale" data-testid="left-out">
                                {note}
                            </p>
                        }
                    })
            }}
            <ul class="warnings">
                {move || {
                    if no_estimate.get() {
                        return None;
                    }
                    Some(
                        estimate
                            .with(|e| {
                                e.warnings
                                    .iter()
                                    .map(|w| {
                                        view! {
                                            <li>{memcalc_core::explain::warnings::warning(w)}</li>
                                        }
                                    })
                                    .collect_view()
                            }),
                    )
                }}
            </ul>
        </div>
    }
}
