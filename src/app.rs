use leptos::ev;
use leptos::prelude::*;
use memcalc_core::schema::fields::FieldId;
use memcalc_core::schema::page::{PageOptions, Part};
use memcalc_core::{estimate, Estimate, FieldError, Inputs, PageState, Scenario};

use crate::browser;
use crate::components::{
    BreakdownChart, CheckPanel, CompareView, ConfigImport, DerivedAnswers, DisplayControls, Faq,
    LayoutSearch, LogPaste, MobileSummary, PlanPanel, PresetPicker, QueryNotices, ResultsTable,
    ScalingChart, ScenarioForm, SharePanel, SiteHeader, SpeedLine, TimelineChart, Verdict,
};
use crate::location;
use crate::page::Page;

/// The whole page: the calculator started from the URL's query (or, without one, from the
/// last calculation on this browser). In embed mode, only the calculator.
#[component]
pub fn App() -> impl IntoView {
    let mut query = location::current_query();
    if query.trim_start_matches('?').is_empty() {
        query = browser::last_query().unwrap_or_default();
    }
    let embed = PageOptions::from_query(&query).0.embed;
    if embed {
        return view! { <Calculator initial_query=query sync_url=false /> }.into_any();
    }
    view! {
        <SiteHeader />
        <Calculator initial_query=query sync_url=true />
        <footer class="site-footer">
            <p>
                "Estimates follow published formulas and the codes' own sources (ZeRO, Mixed Precision Training, Korthikanti et al.; LAMMPS, Quantum ESPRESSO and FluidX3D); each row cites its source. "
                "Totals are the peak: what nvidia-smi shows on a GPU, or a node's resident memory with every rank's process."
            </p>
        </footer>
    }
    .into_any()
}

/// The calculator: a form bound to the core's inputs, and the estimate it derives.
#[component]
pub fn Calculator(
    /// Query string (or whole URL) the state starts from.
    #[prop(into)]
    initial_query: String,
    /// Whether to mirror the valid state into the page URL, history and local storage.
    #[prop(optional)]
    sync_url: bool,
) -> impl IntoView {
    let (start, options) = PageState::from_query(&initial_query);
    // The page's state changes only through its methods (`PageState`); the memos below hand
    // each part to what reads it, so a keystroke re-runs only what depends on the inputs.
    let state = RwSignal::new(start);
    let inputs = Memo::new(move |_| state.with(|s| s.inputs().clone()));
    let notices = Memo::new(move |_| state.with(|s| s.notices().to_vec()));
    let preset = Memo::new(move |_| state.with(PageState::preset));
    let no_estimate = Memo::new(move |_| state.with(|s| s.no_estimate().map(str::to_string)));
    // A link naming an unknown preset: no figure shows (the verdict says why).
    let unknown_preset = Memo::new(move |_| no_estimate.with(Option::is_some));
    let units = RwSignal::new(options.units);
    let scaling_y = RwSignal::new(options.scaling_y);
    let pinned = RwSignal::new(options.compare.clone());
    let plan = RwSignal::new(options.plan.clone());
    let theme = crate::theme::init(options.theme);
    // Static for the page's life: what the embedding page chose to show and fix.
    let options = StoredValue::new(options);
    let shows = move |part: Part| options.with_value(|o| o.shows(part));
    // What `lock=` names and what it implies (a locked model fixes its architecture).
    let locked: Vec<FieldId> = state.with_untracked(|s| s.locked().to_vec());
    if options.with_value(|o| o.embed) {
        Effect::new(move |_| crate::observe::report_height());
    }

    let parsed: Memo<Result<Scenario, Vec<FieldError>>> =
        Memo::new(move |_| inputs.with(Inputs::parse));
    // While a field is invalid the estimate keeps every valid field, each invalid one at its
    // base's value (named under the verdict), never another scenario; only when even that is
    // not valid does the last valid scenario stay, said so.
    let lenient = Memo::new(move |_| {
        parsed
            .with(Result::is_err)
            .then(|| inputs.with(|i| i.parse_lenient(preset.get())))
    });
    let scenario = Memo::new(move |prev: Option<&Scenario>| match parsed.get() {
        Ok(s) => s,
        Err(_) => lenient
            .with(|l| l.as_ref().and_then(|l| l.scenario))
            .or(prev.copied())
            .unwrap_or_default(),
    });
    let left_out = Signal::derive(move || {
        no_estimate.get().or_else(|| {
            lenient.with(|l| {
                l.as_ref()
                    .and_then(memcalc_core::explain::wording::left_out)
            })
        })
    });
    let result: Memo<Estimate> = Memo::new(move |_| estimate(&scenario.get()));
    // The mode, family and method typed, even while another field is invalid, decide which
    // fields show. Memos, not derived signals: the form's groups re-render only when these
    // values change, not on every keystroke.
    let mode = Memo::new(move |_| state.with(|s| s.mode(&scenario.get())));
    let model = Memo::new(move |_| state.with(|s| s.model(&scenario.get())));
    let method = Memo::new(move |_| state.with(|s| s.method(&scenario.get())));
    let params_hint = Signal::derive(move || scenario.with(memcalc_core::report::params_hint));
    let errors =
        Signal::derive(move || parsed.with(|p| p.as_ref().err().cloned().unwrap_or_default()));
    let stale = Signal::derive(move || parsed.with(|p| p.is_err()) || unknown_preset.get());

    // The link of the current state: preset, changed fields, page options.
    let link = Memo::new(move |_| {
        let page = PageOptions {
            units: units.get(),
            scaling_y: scaling_y.get(),
            compare: pinned.get(),
            plan: plan.get(),
            ..options.get_value()
        };
        format!(
            "{}{}",
            scenario.get().link(preset.get()),
            page.query_suffix()
        )
    });
    if sync_url {
        // The address bar follows a pause in typing: rewriting it is the costliest part of a
        // keystroke, and browsers throttle pages that do it too often. Storage is cheap and
        // written at once, so closing the tab never loses the last change.
        location::after_pause(
            move || (!stale.get()).then(|| link.get()),
            true,
            move |q: String| {
                // Untracked: whether this write adds a history entry is no change to show.
                let push = state.try_update_untracked(PageState::take_push);
                location::write_query(&q, push.unwrap_or(false));
            },
        );
        Effect::new(move |_| {
            if !stale.get() {
                link.with(|q| browser::remember_query(q));
            }
        });
        let handle = window_event_listener(ev::popstate, move |_| {
            let q = location::current_query();
            let o = state.try_update(|s| s.read_query(&q));
            if let Some(o) = o {
                units.set(o.units);
                scaling_y.set(o.scaling_y);
                pinned.set(o.compare);
                plan.set(o.plan);
            }
        });
        on_cleanup(move || handle.remove());
    }

    let embedded = options.with_value(|o| o.embed);
    crate::embed_bridge::connect(embedded, state, link, stale, (units, scaling_y, pinned));
    let on_change = Callback::new(move |(key, value): (FieldId, String)| {
        state.update(|s| s.change(key, value));
    });
    let on_preset = Callback::new(move |p: &'static memcalc_core::schema::presets::Preset| {
        state.update(|s| s.pick_preset(p));
    });
    let on_import = Callback::new(move |imported: memcalc_core::schema::hf_config::Imported| {
        state.update(|s| s.import_config(&imported));
    });
    let on_apply = Callback::new(move |patch: Vec<(FieldId, String)>| {
        state.update(|s| s.apply(patch));
    });
    let on_reset = move |_| state.update(PageState::reset);
    let on_dismiss = Callback::new(move |()| state.update(PageState::dismiss_notices));
    // Once an edit leaves the preset, its label says so ("Changed from …").
    let preset_edited =
        Memo::new(move |_| preset.get().is_some_and(|p| scenario.with(|s| p.edited(s))));
    // The time answer, with the advice and the scaling sweep (issue 36: worked out in the core
    // worker, not on the page's thread).
    let time = crate::time::answers(link);
    provide_context(Page {
        inputs,
        scenario,
        estimate: result,
        stale,
        left_out,
        no_estimate: unknown_preset.into(),
        advice: crate::time::advice(time),
        time,
        plan_answer: crate::time::plans(link, Signal::derive(move || plan.with(|p| !p.is_empty()))),
        units,
        theme,
        scaling_y,
        link,
        pinned,
        plan,
        locked: StoredValue::new(locked.clone()),
        embedded: options.with_value(|o| o.embed),
        change: on_change,
        apply: on_apply,
    });
    // The first frame shows the answer (verdict, breakdown chart, table) and the form; the parts
    // below or beside it are built in the frame after (issue 17: the first number sooner).
    let embedded = options.with_value(|o| o.embed);
    // The measurement check is a part of its own (`show=check`), not implied by `form`.
    let form_section = (shows(Part::Form) || shows(Part::Check)).then(|| view! {
        <section class="inputs" aria-labelledby="inputs-heading">
            <div class="inputs-head">
                <h2 id="inputs-heading">
                    {if shows(Part::Form) { "Your model" } else { "Your measurement" }}
                </h2>
                {(locked.is_empty() && shows(Part::Form))
                    .then(|| {
                        view! {
                            <button
                                type="button"
                                class="reset"
                                data-testid="reset"
                                on:click=on_reset
                                title="Every field back to its default (the previous state stays one step back in the browser's history)"
                            >
                                "Start over"
                            </button>
                        }
                    })}
            </div>
            {shows(Part::Form)
                .then(|| {
                    view! { <QueryNotices notices=notices on_dismiss=on_dismiss /> }
                })}
            {(locked.is_empty() && shows(Part::Form))
                .then(|| {
                    view! { <PresetPicker on_pick=on_preset current=preset edited=preset_edited /> }
                })}
            {(locked.is_empty() && shows(Part::Form))
                .then(|| crate::fold::after_paint(move || {
                    view! { <ConfigImport on_import=on_import /> }
                }))}
            {(locked.is_empty() && shows(Part::Form))
                .then(|| crate::fold::after_paint(move || view! { <LogPaste /> }))}
            <ScenarioForm
                errors=errors
                mode=mode
                method=method
                model=model
                params_hint=params_hint
                form=shows(Part::Form)
                check=shows(Part::Check)
            />
            // Phones show the form first: this pill keeps the answer in sight while typing.
            // It is sticky inside the form's section only, so it leaves with the form and
            // never covers the results (the table's total row among them).
            <MobileSummary />
        </section>
    });
    // The answer: the verdict with its total, the time line and the check against a
    // measurement.
    let answer = view! {
        <div class="results-head">
            <h2 id="results-heading" tabindex="-1">
                {move || memcalc_core::explain::wording::results_heading(
                    result.with(|e| e.mode),
                    scenario.with(|s| s.sim.device),
                )}
            </h2>
            <DisplayControls />
        </div>
        {(!shows(Part::Form))
            .then(|| {
                view! { <QueryNotices notices=notices on_dismiss=on_dismiss /> }
            })}
        {shows(Part::Verdict)
            .then(|| {
                view! {
                    <Verdict />
                    {crate::fold::after_paint(move || {
                        view! {
                            <SpeedLine explanations=shows(Part::Explanations) />
                            <CheckPanel />
                        }
                    })}
                }
            })}
    };
    let more = view! {
        {shows(Part::Chart).then(|| view! { <BreakdownChart /> })}
        {shows(Part::Timeline)
            .then(|| crate::fold::after_paint(move || view! { <TimelineChart /> }))}
        {shows(Part::Advice)
            .then(|| crate::fold::after_paint(move || view! { <DerivedAnswers /> }))}
        {(shows(Part::Advice) && locked.is_empty())
            .then(|| crate::fold::after_paint(move || view! { <LayoutSearch /> }))}
        {(shows(Part::Advice) || !options.with_value(|o| o.compare.is_empty()))
            .then(|| crate::fold::after_paint(move || view! { <CompareView /> }))}
        {(shows(Part::Advice) || !options.with_value(|o| o.plan.is_empty()))
            .then(|| crate::fold::after_paint(move || view! { <PlanPanel /> }))}
        {shows(Part::Scaling).then(|| crate::fold::after_paint(move || view! { <ScalingChart /> }))}
        {shows(Part::Table)
            .then(|| view! { <ResultsTable explanations=shows(Part::Explanations) /> })}
        {shows(Part::Faq).then(|| crate::fold::after_paint(move || view! { <Faq /> }))}
        {shows(Part::Share).then(|| crate::fold::after_paint(move || view! { <SharePanel /> }))}
        {embedded
            .then(|| {
                let full = move || {
                    let page = PageOptions {
                        units: units.get(),
                        ..PageOptions::default()
                    };
                    format!(
                        "{}?{}{}",
                        browser::page_base(),
                        scenario.get().link(preset.get()),
                        page.query_suffix(),
                    )
                };
                // The full page, in a new tab: an embed never navigates its host page.
                view! {
                    <p class="open-full">
                        <a href=full target="_blank" rel="noopener" data-testid="open-full">
                            "Open the full calculator ↗"
                        </a>
                    </p>
                }
            })}
    };

    if embedded {
        // An embed sits in a host page's column, where the form alone is two screens tall: the
        // answer comes first, the form below it, then the chart and the table (issue 39).
        return view! {
            <main
                class="calculator embedded"
                class:no-estimate=unknown_preset
                class:no-form=move || !shows(Part::Form)
            >
                <section
                    class="results answer"
                    aria-labelledby="results-heading"
                    data-testid="answer"
                >
                    {answer}
                </section>
                {form_section}
                <section class="results more" aria-label="Breakdown">
                    {more}
                </section>
            </main>
        }
        .into_any();
    }
    view! {
        <main
            class="calculator"
            class:no-estimate=unknown_preset
            class:no-form=move || !shows(Part::Form)
        >
            // The form is long: keyboard users skip it to the answer (the heading takes focus).
            {shows(Part::Form)
                .then(|| {
                    view! {
                        <a class="skip-link" href="#results-heading" data-testid="skip-to-results">
                            "Skip to results"
                        </a>
                    }
                })}
            {form_section}
            <section class="results" aria-labelledby="results-heading">
                {answer}
                {more}
            </section>
        </main>
    }
    .into_any()
}
