use leptos::html::{Canvas, Div};
use leptos::prelude::*;
use memcalc_charts::pareto::{draw_data, point_positions, preferred_height, ParetoData};
use memcalc_core::report::plan::{page_goal, page_inputs, View};
use memcalc_core::schema::page::{can_pin, pin, set_plan_key};

use crate::page::Page;

/// "Plan from a goal" (issue 41): the goal's keys (`plan_*`), bound as typed, and the planner's
/// answer from the page's core (`report::plan_answer`, asked apart from the time answer:
/// `Page::plan_answer`): the picks, the binding constraint, the Pareto front drawn by
/// memcalc-charts with a focusable twin per point, and the front as a table, each setup a link
/// and a "Compare" button.
#[component]
pub fn PlanPanel() -> impl IntoView {
    let Page {
        scenario,
        plan_answer,
        theme,
        plan,
        pinned,
        ..
    } = Page::get();
    let goal = Memo::new(move |_| scenario.with(page_goal));
    let inputs = Memo::new(move |_| scenario.with(page_inputs));
    let answer = Memo::new(move |_| {
        plan_answer
            .with(|a| a.as_deref().cloned())
            .filter(|_| plan.with(|p| !p.is_empty()))
    });
    let error = move || answer.with(|a| a.as_ref().and_then(|v| v.error.clone()));
    let error_of = move |key: &'static str| error().filter(|(k, _)| k == key).map(|(_, m)| m);
    // An error about a key this mode's panel does not show (a link's): said above the fields.
    let other_error =
        move || error().filter(|(k, _)| inputs.with(|i| !i.iter().any(|f| f.key == k)));
    let value_of = move |key: &'static str| {
        plan.with(|p| {
            p.iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.clone())
                .unwrap_or_default()
        })
    };
    let shown = Memo::new(move |_| answer.get().filter(|v| v.error.is_none()));
    view! {
        <Show when=move || goal.with(Option::is_some)>
            <details
                class="plan"
                data-testid="plan"
                open=move || plan.with_untracked(|p| !p.is_empty())
            >
                <summary>
                    <h3 id="plan-heading">"Plan from a goal"</h3>
                    <span class="muted">
                        " — the hardware, layout and cost for a deadline or a budget"
                    </span>
                </summary>
                <p class="help" data-testid="plan-intro">
                    {move || goal.get().unwrap_or_default()}
                    ". The planner tries devices, counts, layouts and precisions; memory is the constraint, time and cost the objectives."
                </p>
                {move || {
                    other_error()
                        .map(|(k, m)| {
                            view! {
                                <p class="error" role="alert" data-testid="plan-error">
                                    {format!("{k}: {m}")}
                                </p>
                            }
                        })
                }}
                <div class="plan-fields">
                    {move || {
                        inputs
                            .get()
                            .iter()
                            .map(|f| {
                                let key = f.key;
                                let id = format!("plan-{key}");
                                let help = format!("{id}-help");
                                let err = format!("{id}-error");
                                view! {
                                    <div
                                        class="field"
                                        class:invalid=move || error_of(key).is_some()
                                    >
                                        <label for=id.clone()>{f.label}</label>
                                        <input
                                            type="text"
                                            id=id
                                            name=key
                                            inputmode="text"
                                            autocomplete="off"
                                            aria-describedby=format!("{help} {err}")
                                            aria-invalid=move || error_of(key).is_some().to_string()
                                            prop:value=move || value_of(key)
                                            on:input=move |ev| {
                                                let v = event_target_value(&ev);
                                                plan.update(|p| set_plan_key(p, key, &v));
                                            }
                                        />
                                        <p class="help" id=help>
                                            {f.hint}
                                        </p>
                                        <p class="error" id=err role="alert">
                                            {move || error_of(key)}
                                        </p>
                                    </div>
                                }
                            })
                            .collect_view()
                    }}
                </div>
                {move || {
                    shown.get().map(|v| view! { <PlanAnswer view=v theme=theme pinned=pinned /> })
                }}
            </details>
        </Show>
    }
}

/// The planner's answer: its sentences, the Pareto chart and the front's table.
#[component]
fn PlanAnswer(
    view: View,
    theme: crate::theme::ThemeState,
    pinned: RwSignal<Vec<String>>,
) -> impl IntoView {
    let container = NodeRef::<Div>::new();
    let canvas = NodeRef::<Canvas>::new();
    let (active, set_active) = signal::<Option<usize>>(None);
    let summary = view.summary();
    let points = view.points.clone();
    let v = StoredValue::new(view.clone());
    let data = Memo::new(move |_| ParetoData {
        view: v.get_value(),
        selected: active.get(),
    });
    let width = crate::canvas::chart(container, canvas, theme, data, preferred_height, draw_data);
    let at = Memo::new(move |_| {
        let w = width.get().floor();
        if w < 1.0 {
            Vec::new()
        } else {
            v.with_value(|v| point_positions(v, w))
        }
    });
    let sentence = move |i: usize| v.with_value(|v| v.points.get(i).map(|p| p.sentence.clone()));
    let compare = move |setup: String| {
        pinned.update(|p| {
            pin(p, &setup);
        })
    };
    view! {
        <div class="plan-answer" data-testid="plan-answer" data-met=view.met.to_string()>
            <ul class="plan-sentences">
                {view
                    .sentences
                    .iter()
                    .map(|(role, s)| {
                        view! {
                            <li data-testid=format!("plan-{role}") class=role.clone()>
                                {s.clone()}
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
            <div class="chart" node_ref=container>
                <canvas
                    data-testid="pareto-chart"
                    node_ref=canvas
                    role="img"
                    aria-label=summary
                ></canvas>
                <div class="chart-hits" role="group" aria-label="Setups of the front">
                    {move || {
                        at.get()
                            .into_iter()
                            .enumerate()
                            .map(|(i, (x, y))| {
                                view! {
                                    <button
                                        type="button"
                                        class="hit point"
                                        data-point=i.to_string()
                                        aria-label=move || sentence(i).unwrap_or_default()
                                        style:left=format!("{}px", (x - 8.0).round() as i64)
                                        style:top=format!("{}px", (y - 8.0).round() as i64)
                                        on:mouseenter=move |_| set_active.set(Some(i))
                                        on:mouseleave=move |_| set_active.set(None)
                                        on:focus=move |_| set_active.set(Some(i))
                                        on:blur=move |_| set_active.set(None)
                                    ></button>
                                }
                            })
                            .collect_view()
                    }}
                </div>
                {move || {
                    let i = active.get()?;
                    let (x, _) = at.with(|a| a.get(i).copied())?;
                    let w = width.get();
                    let left = (x - 130.0).clamp(0.0, (w - 260.0).max(0.0));
                    Some(
                        view! {
                            <div
                                class="chart-tooltip"
                                role="tooltip"
                                data-testid="pareto-tooltip"
                                style:left=format!("{}px", left.round() as i64)
                                style:top="250px"
                            >
                                {sentence(i)}
                            </div>
                        },
                    )
                }}
            </div>
            <div class="compare-scroll">
                <table class="compare-table" data-testid="plan-front">
                    <caption class="muted">
                        {format!(
                            "The front: no other setup is both faster and cheaper ({} against {}).",
                            view.time_title,
                            view.cost_title,
                        )}
                    </caption>
                    <thead>
                        <tr>
                            <th scope="col">"Setup"</th>
                            <th scope="col" class="num">
                                "Time"
                            </th>
                            <th scope="col" class="num">
                                "Cost"
                            </th>
                            <th scope="col"></th>
                        </tr>
                    </thead>
                    <tbody>
                        {points
                            .into_iter()
                            .map(|p| {
                                let setup = p.setup.clone();
                                let keep = p.setup.clone();
                                view! {
                                    <tr data-role=p.role.clone()>
                                        <th scope="row">
                                            <a href=format!("?{}", p.link) data-testid="plan-link">
                                                {p.label}
                                            </a>
                                            {(!p.role.is_empty())
                                                .then(|| {
                                                    view! {
                                                        <span class="muted">{format!(" ({})", p.role)}</span>
                                                    }
                                                })}
                                        </th>
                                        <td class="num">{p.time_text}</td>
                                        <td class="num">{p.cost_text}</td>
                                        <td>
                                            <button
                                                type="button"
                                                class="link-button"
                                                data-compare-add=""
                                                disabled=move || pinned.with(|k| !can_pin(k, &keep))
                                                on:click=move |_| compare(setup.clone())
                                            >
                                                "Compare"
                                            </button>
                                        </td>
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </tbody>
                </table>
            </div>
            <details class="plan-assumptions">
                <summary>"Assumptions"</summary>
                <ul>
                    {view.assumptions.into_iter().map(|a| view! { <li>{a}</li> }).collect_view()}
                </ul>
            </details>
        </div>
    }
}
