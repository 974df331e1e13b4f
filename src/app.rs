use leptos::prelude::*;
use memcalc_core::derived::derive;
use memcalc_core::units::group_digits;
use memcalc_core::{estimate, Estimate, FieldError, Inputs, Notice, Scenario};

use crate::components::{BreakdownChart, DerivedAnswers, PresetPicker, QueryNotices, ResultsTable, ScenarioForm, Verdict};
use crate::location;

/// The whole page: the calculator started from the URL's query.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <header class="site-header">
            <h1>"Memory calculator"</h1>
            <p class="tagline">
                "How much memory your model needs per GPU, part by part, with the formula and source behind every number."
            </p>
        </header>
        <Calculator initial_query=location::current_query() sync_url=true/>
        <footer class="site-footer">
            <p>
                "Estimates follow published formulas (ZeRO, Mixed Precision Training, Transformer Math 101); each row cites its source. "
                "Totals predict what nvidia-smi shows at the peak, including the CUDA context and allocator overhead."
            </p>
        </footer>
    }
}

/// The calculator: a form bound to the core's inputs, and the estimate it derives.
#[component]
pub fn Calculator(
    /// Query string (or whole URL) the state starts from.
    #[prop(into)]
    initial_query: String,
    /// Whether to mirror the valid state into the page URL.
    #[prop(optional)]
    sync_url: bool,
) -> impl IntoView {
    let (start, notices) = Inputs::from_query(&initial_query);
    let (inputs, set_inputs) = signal(start);
    let (notices, set_notices) = signal::<Vec<Notice>>(notices);

    let parsed: Memo<Result<Scenario, Vec<FieldError>>> = Memo::new(move |_| inputs.with(Inputs::parse));
    // While a field is invalid the last valid scenario stays on screen.
    let scenario = Memo::new(move |prev: Option<&Scenario>| match parsed.get() {
        Ok(s) => s,
        Err(_) => prev.copied().unwrap_or_default(),
    });
    let result: Memo<Estimate> = Memo::new(move |_| estimate(&scenario.get()));
    // The derived answers run dozens of estimates (searches, savings): they follow a pause in
    // typing instead of every keystroke, so the breakdown itself updates within the frame.
    let (derived, set_derived) = signal(derive(&scenario.get_untracked()));
    Effect::new(move |pending: Option<Option<TimeoutHandle>>| {
        let s = scenario.get();
        // The first run only subscribes: the signal already holds this scenario's answers.
        let pending = pending?;
        if let Some(h) = pending {
            h.clear();
        }
        set_timeout_with_handle(move || set_derived.set(derive(&s)), std::time::Duration::from_millis(120)).ok()
    });
    // The mode typed, even while another field is invalid, decides which fields show.
    // Memos, not derived signals: the form's groups re-render only when these values change,
    // not on every keystroke.
    let mode = Memo::new(move |_| {
        inputs.with(|i| memcalc_core::Choice::parse(i.get("mode")).unwrap_or(scenario.get().mode))
    });
    let params_hint = Signal::derive(move || {
        let s = scenario.get();
        match (s.params, s.arch) {
            (None, Some(a)) => Some(format!("Derived from the architecture: {} parameters.", group_digits(a.total_params()))),
            (Some(_), Some(a)) => Some(format!("The architecture gives {}; clear this field to use it.", group_digits(a.total_params()))),
            _ => None,
        }
    });
    let errors = Signal::derive(move || parsed.with(|p| p.as_ref().err().cloned().unwrap_or_default()));

    if sync_url {
        Effect::new(move |_| {
            if let Ok(s) = parsed.get() {
                location::replace_query(&s.to_query());
            }
        });
    }

    let model = Memo::new(move |_| {
        inputs.with(|i| memcalc_core::Choice::parse(i.get("model")).unwrap_or(scenario.get().sciml.model))
    });
    let method = Memo::new(move |_| {
        inputs.with(|i| memcalc_core::Choice::parse(i.get("method")).unwrap_or(scenario.get().sim.method))
    });
    let on_change = Callback::new(move |(key, value): (&'static str, String)| {
        set_inputs.update(|i| {
            if key == "mode" {
                i.switch_mode(&value);
            } else {
                i.set(key, value);
            }
        });
    });
    let on_preset = Callback::new(move |query: &'static str| set_inputs.set(Inputs::from_query(query).0));

    let on_apply = Callback::new(move |patch: Vec<(&'static str, String)>| {
        set_inputs.update(|i| {
            for (k, v) in patch {
                i.set(k, v);
            }
        });
    });

    view! {
        <main class="calculator">
            <section class="inputs" aria-labelledby="inputs-heading">
                <h2 id="inputs-heading">"Your model"</h2>
                <QueryNotices notices=notices on_dismiss=Callback::new(move |_| set_notices.set(Vec::new()))/>
                <PresetPicker on_pick=on_preset/>
                <ScenarioForm inputs=inputs errors=errors mode=mode method=method model=model params_hint=params_hint on_change=on_change/>
            </section>
            <section class="results" aria-labelledby="results-heading">
                <h2 id="results-heading">
                    {move || match (result.with(|e| e.mode), scenario.with(|s| s.sim.device)) {
                        (memcalc_core::Mode::Sim, memcalc_core::sim::SimDevice::Cpu) => "Memory per node",
                        (memcalc_core::Mode::Sim, _) => "Memory per GPU",
                        _ => "Memory per device",
                    }}
                </h2>
                <Verdict estimate=result stale=Signal::derive(move || parsed.with(|p| p.is_err()))/>
                <BreakdownChart estimate=result/>
                <DerivedAnswers estimate=result derived=derived on_apply=on_apply/>
                <ResultsTable estimate=result/>
            </section>
        </main>
    }
}
