use leptos::prelude::*;
use memcalc_core::analysis::derived::Derived;
use memcalc_core::base::units::{format_bytes, group_digits};
use memcalc_core::{Estimate, Mode};

use crate::page::Page;

/// Answers computed by the core beside the breakdown: what fits, and the single changes that
/// save the most memory, each one click to apply.
#[component]
pub fn DerivedAnswers() -> impl IntoView {
    let Page {
        estimate,
        derived,
        units,
        apply: on_apply,
        locked,
        ..
    } = Page::get();
    let size = move |b: u64| format_bytes(b, units.get());
    let sim_facts = move |e: &Estimate, d: &Derived| {
        let gpu = e.per == memcalc_core::Per::Gpu;
        let host = match e.host_capacity_bytes {
            Some(c) if gpu => format!("{} of {}", size(e.host_per_node_bytes), size(c)),
            _ => size(e.host_per_node_bytes),
        };
        let mut rows: Vec<(&'static str, &'static str, String)> =
            vec![("per-rank", "Memory per MPI rank", size(e.per_rank_bytes))];
        if gpu {
            rows.push(("per-gpu", "Memory per GPU", size(e.per_device_bytes)));
        }
        rows.extend([
            (
                "per-node",
                if gpu {
                    "Host memory per node"
                } else {
                    "Memory per node"
                },
                host,
            ),
            ("total", "Memory over all ranks", size(e.cluster_bytes)),
            (
                "fewest-nodes",
                "Fewest nodes that fit (same ranks per node)",
                d.fewest_nodes
                    .map(group_digits)
                    .unwrap_or_else(|| "none up to a million ranks".into()),
            ),
        ]);
        if e.disk_bytes > 0 {
            rows.push(("disk", "Written to disk over the run", size(e.disk_bytes)));
        }
        if let Some((k, t)) = d.adjoint {
            rows.push((
                "adjoint",
                "Adjoint checkpoints that fit",
                match t {
                    Some(t) => format!(
                        "{} (≈ {} extra forward sweeps)",
                        group_digits(k),
                        group_digits(t)
                    ),
                    None => format!("{}: too few for this many steps", group_digits(k)),
                },
            ));
        }
        rows.push(("busiest", "Figures are", e.busiest.to_string()));
        rows
    };
    let facts = move || {
        let e = estimate.get();
        let d = derived.get();
        if e.mode == Mode::Sim {
            return sim_facts(&e, &d);
        }
        let mut rows: Vec<(&'static str, &'static str, String)> = vec![(
            "params",
            "Parameters",
            if e.mode == Mode::Infer || e.trainable_params == e.params {
                group_digits(e.params)
            } else {
                format!(
                    "{} ({} trainable)",
                    group_digits(e.params),
                    group_digits(e.trainable_params)
                )
            },
        )];
        rows.push((
            "max-batch",
            "Largest micro-batch that fits",
            d.max_batch
                .map(group_digits)
                .unwrap_or_else(|| "none: even 1 does not fit".into()),
        ));
        if e.mode == Mode::Infer {
            rows.push((
                "max-seq",
                "Longest context that fits",
                match (d.max_seq, d.context_limit) {
                    (Some(s), Some(_)) => {
                        format!(
                            "{} tokens (the model's maximum; memory would allow more)",
                            group_digits(s)
                        )
                    }
                    (Some(s), None) => format!("{} tokens", group_digits(s)),
                    _ => "none".into(),
                },
            ));
        }
        let (label, none) = memcalc_core::analysis::derived::fewest_gpus_words(e.mode);
        rows.push((
            "fewest-gpus",
            label,
            d.fewest_gpus
                .map(group_digits)
                .unwrap_or_else(|| none.into()),
        ));
        rows.push((
            "cluster",
            "Device memory over all GPUs",
            size(e.cluster_bytes),
        ));
        if e.host_per_node_bytes > 0 || e.host_capacity_bytes.is_some() {
            let cap = e
                .host_capacity_bytes
                .map(|c| format!(" of {}", size(c)))
                .unwrap_or_default();
            rows.push((
                "host",
                "Host memory per node",
                format!("{}{cap}", size(e.host_per_node_bytes)),
            ));
        }
        rows.push(("busiest", "Figures are for", e.busiest.to_string()));
        rows
    };
    view! {
        <section class="derived" aria-labelledby="derived-heading">
            <h3 id="derived-heading">"At a glance"</h3>
            <dl class="facts">
                {move || {
                    facts()
                        .into_iter()
                        .map(|(id, label, value)| {
                            view! {
                                <div class="fact" data-fact=id>
                                    <dt>{label}</dt>
                                    <dd>{value}</dd>
                                </div>
                            }
                        })
                        .collect_view()
                }}
            </dl>
            <h3>"What would save the most memory"</h3>
            <Show
                when=move || derived.with(|d| !d.savings.is_empty())
                fallback=|| view! { <p class="muted">"No single change from the usual list saves memory here."</p> }
            >
                <ol class="savings">
                    {move || {
                        derived
                            .get()
                            .savings
                            .into_iter()
                            .filter(|sv| !locked.with_value(|l| sv.patch.iter().any(|(k, _)| l.contains(k))))
                            .take(8)
                            .map(|sv| {
                                let patch = sv.patch.clone();
                                let query = sv.query();
                                view! {
                                    <li data-saving=query.clone() class:fits=sv.fits_after>
                                        <span class="saving-label">{sv.label.clone()}</span>
                                        <span class="saving-bytes">
                                            {format!("−{} → {}", size(sv.saved), size(sv.bytes_after))}
                                            {sv.fits_after.then_some(" · fits")}
                                        </span>
                                        <button type="button" on:click=move |_| on_apply.run(patch.clone())>
                                            "Apply"
                                        </button>
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                </ol>
            </Show>
        </section>
    }
}
