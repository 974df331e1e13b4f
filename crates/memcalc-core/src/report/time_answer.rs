//! The time answer of a page query: what the page's core (crates/memcalc-worker) sends the page as
//! JSON and the page (src/time.rs) reads back. Declared once, here, so that both sides hold the
//! same type: its enums travel as their keys (`Bound::key`, `TermId`'s snake-case name,
//! `ScalingY::id`, `FieldId::key`) and are read back as the enums, never matched as text.
//!
//! The types are plain data, in every build; [`time_answer`], which runs the time model, only
//! with the `time` feature (the app's build has neither the model nor its words).

use serde::{Deserialize, Serialize};

use crate::analysis::scaling::{ScalingY, TimeSeries};
use crate::base::keys::FieldId;
use crate::speed::{Bound, TermId};

/// One term of the step, as the page's fold shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TermWords {
    pub id: TermId,
    pub bound: Bound,
    pub label: String,
    pub time: String,
    pub formula: String,
    pub explanation: String,
    pub source: String,
}

/// A suggestion's time change, for the saving of the same patch (`Saving::patch`, the change
/// the suggestion applies: its identity in `analysis::derived`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavingTime {
    pub patch: Vec<(FieldId, String)>,
    /// Time before ÷ time after (`data-speedup`).
    pub speedup: f64,
    pub text: String,
}

/// The time sections of the page's exports, written by the time wasm with the same functions
/// as `memcalc --json`, `--csv` and `--markdown`, so that the page's JSON, CSV and Markdown are
/// the CLI's documents for the same link (README, "Exports").
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TimeExport {
    /// The JSON document's `speed` object as JSON text (`report::speed_json`).
    pub json: String,
    /// The CSV's time rows (`report::csv_time_rows`).
    pub csv: String,
    /// The Markdown's time section in the link's units (`report::markdown_time`).
    pub markdown: String,
}

// The launch settings' types (issue 40) are declared with their writers in `report::emit`.
pub use super::emit::{Launch, RowLaunch};

/// The time answers of one query: the time line (its bound, its summary or an input error,
/// each term's words), each suggestion's time change, the scaling chart's `scaling_y` choices
/// and the time lines the link's `scaling_y` asks for (none for memory).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TimeAnswer {
    pub bound: Option<Bound>,
    pub line: String,
    /// The figure a user of the mode waits for (`text::speed::headline`): the phone's pill
    /// shows it; `None` without a time (an input error, no time model).
    pub headline: Option<String>,
    /// `line` is an input error (the page's `role="alert"`).
    pub error: bool,
    pub terms: Vec<TermWords>,
    /// The time figures' band beside the line (`report::band::time`); empty without a time.
    #[serde(default)]
    pub band: String,
    /// How that band was made (`report::band::time_method`).
    #[serde(default)]
    pub band_note: String,
    pub savings: Vec<SavingTime>,
    pub offered: Vec<ScalingY>,
    pub lines: Vec<TimeSeries>,
    /// The exports' time sections; `None` without a time (an input error, no time model).
    pub export: Option<TimeExport>,
    /// The launch settings of each target that applies to the scenario (`report::emit`).
    #[serde(default)]
    pub launch: Vec<Launch>,
    /// Memory over one step (issue 42, `report::timeline::View`): what the page's timeline
    /// chart draws; `None` where the link's `show=` leaves the chart out.
    #[serde(default)]
    pub timeline: Option<crate::report::timeline::View>,
    /// The comparison's times (issue 41): with kept setups (`cmp=`), one per column — the
    /// kept setups that read, in order, then the form's — each its step time and bound;
    /// empty without `cmp=`.
    #[serde(default)]
    pub compare: Vec<CompareTime>,
    // ---- The comparison on the page (issue 41, h-planpage) ----
    /// The layout list's step time and GPU-hours, one per layout (`Layout::query`) of
    /// `analysis::layouts::training_layouts`; empty where the scenario does not train a
    /// transformer or the page shows no advice.
    #[serde(default)]
    pub layouts: Vec<LayoutTimeText>,
    /// The comparison's sections of the exports (`cmp=`): the JSON document of `memcalc
    /// --compare`, the CSV rows (`report::compare::csv_rows`) and the Markdown section.
    #[serde(default)]
    pub compare_export: Option<TimeExport>,
    // ---- The comparison's time terms (issue 41, h-compare) ----
    /// Every time term of any compared setup, one row each, with a cell per column and its
    /// difference from the first (`report::compare::term_lines`), the rows that move most
    /// first; empty without `cmp=`. The page's time section and time bars draw them.
    #[serde(default)]
    pub compare_terms: Vec<CompareTerm>,
    // ---- The page's advice (issue 36, h-split) ----
    /// The "At a glance" answers, the suggestions and the scaling chart's sweep
    /// (`report::advice`), worked out here so the app's wasm carries none of their searches;
    /// `None` where the link's `show=` leaves out both the advice and the scaling chart.
    #[serde(default)]
    pub advice: Option<super::Advice>,
    // Each suggestion's and layout row's launch settings are not here: the page asks for them
    // apart ([`launch_rows`], issue 41/36, h-lane), when a row's "Launch" fold first opens.
}

/// One layout row's time (issue 41): the layout's query and "967 ms per step (compute) · 242
/// GPU-hours for the run".
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct LayoutTimeText {
    pub query: String,
    pub text: String,
}

/// One column's time in the comparison (issue 41).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CompareTime {
    /// The step and its bound, short for a table cell: "967 ms (the network)"; "" where the
    /// setup has no time model.
    pub step: String,
    /// The step's seconds (`data-seconds`), where there is a time.
    pub seconds: Option<f64>,
    pub bound: Option<Bound>,
    /// The step against the first column's: " Step 1.2 s → 967 ms (−19 %), most in …";
    /// empty for the first column (`report::compare::step_sentence`).
    pub change: String,
}

// One time term across the compared setups (issue 41, h-compare): declared with its writer.
pub use super::compare::CompareTerm;

// ---- issue 41/36 (h-lane): the rows' launch settings, asked apart ----
/// The launch settings of the suggestion or layout row whose query is `query` (issue 40), in
/// the answer of [`launch_rows`].
pub fn row_launch<'a>(rows: &'a [RowLaunch], query: &str) -> Option<&'a [Launch]> {
    rows.iter()
        .find(|r| r.query == query)
        .map(|r| r.launch.as_slice())
}

/// Each suggestion's and layout row's launch settings for the page's query, by the row's query
/// (`report::emit::rows`; issue 40): asked by the page only when a row's "Launch" fold first
/// opens (issue 41/36: writing them for every edit cost each time answer 0.3–1.3 ms and
/// 11–15 KB of JSON). Empty where the page shows no advice; `None` when the inputs do not parse.
#[cfg(feature = "time")]
pub fn launch_rows(query: &str) -> Option<Vec<RowLaunch>> {
    use crate::schema::inputs::Inputs;
    use crate::schema::page::PageOptions;
    let (inputs, _) = Inputs::from_query(query);
    let (options, _) = PageOptions::from_query(query);
    let s = inputs.parse().ok()?;
    if !options.shows(crate::schema::page::Part::Advice) {
        return Some(Vec::new());
    }
    let layouts = page_layouts(&s);
    Some(super::emit::rows(
        &s,
        &crate::analysis::derived::savings(&s),
        &layouts,
    ))
}

impl TimeAnswer {
    /// The time change of the suggestion that applies `patch`, if the time model has one.
    pub fn saving(&self, patch: &[(FieldId, String)]) -> Option<&SavingTime> {
        self.savings.iter().find(|s| s.patch == patch)
    }
}

/// The time line and its band (`report::band::time`), as the page shows them under the verdict.
#[cfg(feature = "time")]
fn line_and_band(e: &crate::model::Estimate, sp: &crate::speed::Speed) -> (String, String) {
    let line = crate::explain::speed::summary(sp);
    (
        super::band::bounded_line(line, &crate::analysis::band::time(e, sp)),
        super::band::time(e, sp),
    )
}

/// The time line of a scenario alone, without the answer's terms, savings and scaling lines:
/// (bound, line, band), where the time model has a time. The first screen shows it with the
/// first number (crates/memcalc-first), before the page's time answer arrives.
#[cfg(feature = "time")]
pub fn time_line(
    s: &crate::scenario::Scenario,
    e: &crate::model::Estimate,
) -> Option<(Bound, String, String)> {
    let sp = crate::speed::speed(s, e).ok()??;
    let (line, band) = line_and_band(e, &sp);
    Some((sp.bound, line, band))
}

/// The planner's answer for the page's panel (`report::plan::View`), asked apart from the
/// time answer: a search over every device takes the page's core about 130 ms of CPU (84,604
/// setups, `node bench/plan-answer.mjs` on the release wasm, docs/performance.md; 4.3 s before
/// issue 41's second pass), and the time line must not wait for it. `None` without goal keys (`plan_*`) or where the query's scenario does not read.
#[cfg(feature = "time")]
pub fn plan_answer(query: &str) -> Option<crate::report::plan::View> {
    use crate::schema::inputs::Inputs;
    use crate::schema::page::PageOptions;
    let (inputs, _) = Inputs::from_query(query);
    let (options, _) = PageOptions::from_query(query);
    let s = inputs.parse().ok()?;
    crate::report::plan::page_view(query, &s, options.units)
}

/// The time answer of the page's query (the address bar's text, read as the page reads it);
/// `None` when the inputs do not parse (the page keeps its last answer, stale).
#[cfg(feature = "time")]
pub fn time_answer(query: &str) -> Option<TimeAnswer> {
    use crate::analysis::derived::savings;
    use crate::analysis::scaling::{offered, scaling, time_lines};
    use crate::explain::speed as words;
    use crate::schema::inputs::Inputs;
    use crate::schema::page::PageOptions;

    let (inputs, _) = Inputs::from_query(query);
    let (options, _) = PageOptions::from_query(query);
    let s = inputs.parse().ok()?;
    let e = crate::model::estimate(&s);
    let mut a = TimeAnswer::default();
    // The step's time, computed once for the line, its terms and the timeline below.
    let speed = crate::speed::speed(&s, &e);
    match &speed {
        Ok(Some(sp)) => {
            a.bound = Some(sp.bound);
            (a.line, a.band) = line_and_band(&e, sp);
            a.headline = Some(words::headline(sp));
            a.band_note = super::band::time_method(&e, sp);
            a.terms = sp
                .terms
                .iter()
                .map(|t| TermWords {
                    id: t.id(),
                    bound: t.bound,
                    label: words::label(t).into(),
                    time: words::time(t.time),
                    formula: words::formula(t),
                    explanation: words::explanation(t),
                    source: words::source(t).into(),
                })
                .collect();
            // The CLI's JSON carries an inference run's batch curve: so does the page's.
            let curve = match sp.steps {
                crate::speed::Steps::Inference { .. } => crate::speed::inference::batch_curve(&s),
                _ => Vec::new(),
            };
            a.export = Some(TimeExport {
                json: crate::report::speed_json(&e, sp, &curve),
                csv: crate::report::csv_time_rows(sp),
                markdown: crate::report::markdown_time(sp, options.units),
            });
        }
        Ok(None) => a.line = "No time model for this method yet.".into(),
        Err(err) => {
            a.error = true;
            a.line = format!("{}: {}", err.field.field().label, err.message);
        }
    }
    // ---- issue 36 (h-split): the page's advice, from the same savings ----
    let derived = (options.shows(crate::schema::page::Part::Advice)
        || options.shows(crate::schema::page::Part::Scaling))
    .then(|| crate::analysis::derived::derive(&s));
    let all = match &derived {
        Some(d) => d.savings.clone(),
        None => savings(&s),
    };
    // Each row's launch settings: `launch_rows`, asked apart (issue 41/36, h-lane).
    // Memory over one step (issue 42), where the page shows it.
    if options.shows(crate::schema::page::Part::Timeline) {
        let sp = speed.as_ref().ok().and_then(Option::as_ref);
        let t = crate::analysis::timeline::timeline(&s, &e, sp);
        a.timeline = Some(super::timeline::view(&e, &t, &all, options.units));
    }
    a.savings = all
        .into_iter()
        .filter_map(|sv| {
            let t = sv.time?;
            Some(SavingTime {
                text: words::change(&t),
                speedup: t.speedup,
                patch: sv.patch,
            })
        })
        .collect();
    a.launch = super::emit::launches(&s, &e, None);
    a.offered = offered(&s);
    (a.compare, a.compare_export, a.compare_terms) =
        compare_times(&s, &options.compare, options.units);
    // ---- issue 41 (h-planpage): the layout rows' times (the planner is `plan_answer`) ----
    // ---- issue 36 (h-split): the layouts found once, for their rows (the advice) and times ----
    let layouts = if options.shows(crate::schema::page::Part::Advice) {
        page_layouts(&s)
    } else {
        Vec::new()
    };
    if options.shows(crate::schema::page::Part::Advice) {
        a.layouts = crate::report::plan::layout_times_of(&s, &layouts);
    }
    if options.scaling_y != ScalingY::Memory {
        // The advice's sweep where it was derived: the same boundary search, not run twice.
        a.lines = match &derived {
            Some(d) => time_lines(&s, &d.scaling, options.scaling_y),
            None => time_lines(&s, &scaling(&s), options.scaling_y),
        };
    }
    // ---- issue 36 (h-split) ----
    a.advice = derived.map(|d| super::advice(&s, &e, d, &layouts, options.units));
    Some(a)
}

/// The page's layout list (`analysis::layouts::training_layouts`, as many as the CLI lists):
/// training a transformer only, empty otherwise.
#[cfg(feature = "time")]
fn page_layouts(s: &crate::scenario::Scenario) -> Vec<crate::analysis::layouts::Layout> {
    use crate::analysis::layouts::{training_layouts, LAYOUTS_SHOWN};
    if s.mode.trains() && s.sciml.is_transformer() {
        training_layouts(s, LAYOUTS_SHOWN)
    } else {
        Vec::new()
    }
}

/// The comparison's times: the kept setups that read (as the page's comparison reads them),
/// then the form's; empty without kept setups.
#[cfg(feature = "time")]
fn compare_times(
    s: &crate::scenario::Scenario,
    kept: &[String],
    units: crate::base::units::UnitSystem,
) -> (Vec<CompareTime>, Option<TimeExport>, Vec<CompareTerm>) {
    use crate::analysis::compare::{compare, Column};
    use crate::explain::speed as words;
    if kept.is_empty() {
        return (Vec::new(), None, Vec::new());
    }
    let columns: Vec<Column> = kept
        .iter()
        .filter_map(|q| crate::schema::inputs::Inputs::from_query(q).0.parse().ok())
        .chain(std::iter::once(*s))
        .map(|sc| Column::of(sc).unwrap_or_else(|_| Column::memory_only(sc)))
        .collect();
    let Ok(cmp) = compare(columns) else {
        return (Vec::new(), None, Vec::new());
    };
    let export = TimeExport {
        json: crate::report::compare::to_json(&cmp, units),
        csv: crate::report::compare::csv_rows(&cmp, units),
        markdown: crate::report::compare::to_markdown(&cmp, units),
    };
    let times = (0..cmp.columns.len())
        .map(|i| {
            let c = &cmp.columns[i];
            let step = c.step();
            let bound = c.speed.as_ref().map(|sp| sp.bound);
            CompareTime {
                step: match (step, bound) {
                    (Some(t), Some(b)) => {
                        format!("{} ({})", words::time(t), words::bound(b))
                    }
                    _ => String::new(),
                },
                seconds: step.and_then(|t| t.seconds()),
                bound,
                change: crate::report::compare::step_sentence(&cmp, i),
            }
        })
        .collect();
    (
        times,
        Some(export),
        crate::report::compare::term_lines(&cmp),
    )
}

#[cfg(all(test, feature = "time"))]
mod tests {
    use super::*;
    use crate::analysis::scaling::TimeLine;

    /// Every preset, and each of its `scaling_y` choices, with a hardware figure out of range.
    fn corpus() -> Vec<String> {
        let mut out = Vec::new();
        for p in crate::schema::presets::PRESETS {
            for y in ScalingY::ALL {
                out.push(format!("{}&scaling_y={}", p.query, y.id()));
            }
        }
        out.push("mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpu_flops=0".into());
        out
    }

    #[test]
    fn every_presets_answer_reads_back_equal_from_its_json() {
        let mut lines = 0;
        for q in corpus() {
            let a = time_answer(&q).unwrap_or_else(|| panic!("{q}"));
            lines += a.lines.len();
            let json = serde_json::to_string(&a).unwrap();
            let back: TimeAnswer = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
            // serde_json's default float parser may land a ulp away (its exact one,
            // `float_roundtrip`, cost the app 8.7 KB gzip): every other field is equal.
            let (was, is) = (
                serde_json::to_value(&a).unwrap(),
                serde_json::to_value(&back).unwrap(),
            );
            assert!(close(&was, &is), "{q}:\n{was}\n{is}");
        }
        assert!(lines > 0, "the corpus draws no time line");
    }

    /// Equal, numbers within a relative 1e-12.
    fn close(a: &serde_json::Value, b: &serde_json::Value) -> bool {
        use serde_json::Value as V;
        match (a, b) {
            (V::Number(x), V::Number(y)) => {
                let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
                (x - y).abs() <= 1e-12 * x.abs().max(y.abs())
            }
            (V::Array(x), V::Array(y)) => {
                x.len() == y.len() && x.iter().zip(y).all(|(x, y)| close(x, y))
            }
            (V::Object(x), V::Object(y)) => {
                x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| close(v, w)))
            }
            _ => a == b,
        }
    }

    #[test]
    fn the_enums_travel_as_the_keys_the_page_and_the_csv_use() {
        let key = |v: serde_json::Value| v.as_str().unwrap().to_string();
        for y in ScalingY::ALL {
            assert_eq!(key(serde_json::to_value(y).unwrap()), y.id());
        }
        for b in [Bound::MemoryBandwidth, Bound::HostMemory, Bound::Latency] {
            assert_eq!(key(serde_json::to_value(b).unwrap()), b.key());
        }
        for t in [
            TermId::DecodeMemory,
            TermId::PrefillAllReduce,
            TermId::RsEigensolve,
        ] {
            assert_eq!(key(serde_json::to_value(t).unwrap()), t.key());
        }
        for f in FieldId::ALL {
            let v = serde_json::to_value(f).unwrap();
            assert_eq!(key(v.clone()), f.key());
            assert_eq!(serde_json::from_value::<FieldId>(v).unwrap(), *f);
        }
        assert!(serde_json::from_str::<FieldId>("\"no_such_key\"").is_err());
        for l in TimeLine::ALL {
            let v = serde_json::to_value(l).unwrap();
            assert_eq!(serde_json::from_value::<TimeLine>(v).unwrap(), l);
        }
    }

    #[test]
    fn a_link_gets_its_bound_terms_and_the_savings_time_changes() {
        let q = "mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpu_bw=2000";
        let a = time_answer(q).unwrap();
        assert_eq!(a.bound, Some(Bound::MemoryBandwidth));
        let decode = a
            .terms
            .iter()
            .find(|t| t.id == TermId::DecodeMemory)
            .unwrap();
        assert!(decode.formula.contains("2 TB/s"), "{}", decode.formula);
        let int8 = [(FieldId::Quant, "int8".to_string())];
        assert!(a.saving(&int8).is_some_and(|s| s.speedup > 1.0));
        // An invalid input has no answer, so the page keeps its last one, stale.
        assert_eq!(time_answer("gpu_bw=0"), None);
    }

    #[test]
    fn the_kept_setups_get_their_times_in_column_order() {
        use crate::schema::query::percent_encode;
        let kept = percent_encode("v=4&params=7B&gpus=8&zero=3");
        let q = format!("v=4&params=7B&gpus=8&zero=1&cmp={kept}");
        let a = time_answer(&q).unwrap();
        assert_eq!(a.compare.len(), 2, "{:?}", a.compare);
        for c in &a.compare {
            assert!(c.step.ends_with(")") && c.step.contains(" ("), "{c:?}");
            assert!(c.seconds.is_some_and(|s| s > 0.0));
        }
        assert!(a.compare[0].change.is_empty());
        assert!(
            a.compare[1].change.starts_with(" Step "),
            "{:?}",
            a.compare[1]
        );
        // Without kept setups, nothing is computed.
        assert!(time_answer("v=4&params=7B").unwrap().compare.is_empty());
        // The exports carry both columns (issue 41, h-planpage).
        let x = a.compare_export.expect("the comparison's exports");
        assert!(
            x.csv.contains("compare:1,") && x.csv.contains("compare:2,"),
            "{}",
            x.csv
        );
        assert!(
            x.markdown.contains("| | Setup 1 | Setup 2 |"),
            "{}",
            x.markdown
        );
        let j: serde_json::Value = serde_json::from_str(&x.json).unwrap();
        assert_eq!(j["columns"].as_array().unwrap().len(), 2);
    }

    #[test]
    fn the_kept_setups_get_every_time_term_with_its_difference() {
        // issue 41 (h-compare): the time section of the page's comparison.
        use crate::schema::query::percent_encode;
        let kept = percent_encode("v=4&params=7B&gpus=8&zero=3");
        let a = time_answer(&format!("v=4&params=7B&gpus=8&zero=1&cmp={kept}")).unwrap();
        assert!(!a.compare_terms.is_empty());
        for t in &a.compare_terms {
            assert_eq!(t.seconds.len(), 2, "{t:?}");
            assert_eq!(t.cells.len(), 2, "{t:?}");
            assert!(!t.label.is_empty(), "{t:?}");
        }
        // ZeRO-3 gathers the parameters each step: a communication term moves, first.
        let first = &a.compare_terms[0];
        assert!(first.moves, "{first:?}");
        assert!(first.cells[1].contains(" %)"), "{first:?}");
        // The answer crosses as JSON and reads back the same.
        let back: TimeAnswer = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
        assert_eq!(back.compare_terms, a.compare_terms);
        assert!(time_answer("v=4&params=7B")
            .unwrap()
            .compare_terms
            .is_empty());
    }

    #[test]
    fn a_goal_gets_the_planners_view_and_a_bad_goal_names_its_key() {
        let p = plan_answer(
            "params=7B&seq=4096&plan_tokens=1B&plan_deadline_h=72&plan_devices=h100-80",
        )
        .expect("a plan");
        assert!(p.error.is_none() && p.met, "{p:?}");
        assert!(!p.points.is_empty());
        assert!(
            p.points.iter().any(|q| q.role.contains("cheapest")),
            "{p:?}"
        );
        assert!(p.points.iter().all(|q| q.link.contains("plan_tokens=1B")));
        assert!(p.points.iter().all(|q| !q.setup.contains("plan_")));
        assert_eq!(p.time_limit, Some(72.0));
        assert!(p.sentences.iter().any(|(k, _)| k == "cheapest"));
        let bad = plan_answer("params=7B&plan_tokens=1B&plan_deadline_h=-1").unwrap();
        let e = bad.error.unwrap();
        assert_eq!(e.0, "plan_deadline_h");
        // Nothing meets it: the closest setup is marked once, not listed twice.
        let none = plan_answer(
            "params=7B&plan_tokens=10T&plan_deadline_h=1&plan_devices=h100-80&plan_max_gpus=64",
        )
        .unwrap();
        assert!(!none.met);
        assert_eq!(
            none.points.iter().filter(|q| q.role == "closest").count(),
            1
        );
        assert!(p.points.iter().any(|q| q.on_front));
        let mut links: Vec<&str> = none.points.iter().map(|q| q.link.as_str()).collect();
        links.sort_unstable();
        links.dedup();
        assert_eq!(links.len(), none.points.len());
        // No goal: nothing computed.
        assert!(plan_answer("params=7B").is_none());
    }

    #[test]
    fn each_layout_row_gets_its_step_and_gpu_hours() {
        let a = time_answer("params=7B&gpus=8&seq=4096").unwrap();
        assert!(!a.layouts.is_empty());
        assert!(
            a.layouts
                .iter()
                .all(|l| l.text.contains("per step") && l.text.contains("GPU-hours")),
            "{:?}",
            a.layouts
        );
        let s: crate::scenario::Scenario =
            crate::schema::inputs::Inputs::from_query("params=7B&gpus=8&seq=4096")
                .0
                .parse()
                .unwrap();
        let found =
            crate::analysis::layouts::training_layouts(&s, crate::analysis::layouts::LAYOUTS_SHOWN);
        assert!(found
            .iter()
            .any(|l| a.layouts.iter().any(|t| t.query == l.query())));
    }

    // ---- issue 40 (h-launch): each suggestion's and layout row's launch settings ----
    #[cfg(feature = "time")]
    #[test]
    fn the_page_gets_every_suggestions_and_layouts_launch_apart_from_its_time_answer() {
        for q in [
            "mode=infer&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&seq=32768&batch=8&engine=vllm",
            "params=7B&gpus=8&seq=4096&framework=deepspeed&zero=3",
            "preset=qe-si64",
        ] {
            let rows = launch_rows(q).unwrap();
            let s: crate::scenario::Scenario =
                crate::schema::inputs::Inputs::from_query(q).0.parse().unwrap();
            let all = crate::analysis::derived::savings(&s);
            assert!(!all.is_empty(), "{q}");
            for sv in &all {
                let l = row_launch(&rows, &sv.query())
                    .unwrap_or_else(|| panic!("{q}: {}", sv.query()));
                assert!(!l.is_empty());
            }
            let json = serde_json::to_string(&rows).unwrap();
            eprintln!("{q}: {} rows, {} bytes of JSON", rows.len(), json.len());
            // The time answer carries none of them (issue 41/36, h-lane).
            let time = serde_json::to_string(&time_answer(q).unwrap()).unwrap();
            assert!(!time.contains("row_launch"), "{q}");
            // Without the advice part the rows are not computed.
            assert!(launch_rows(&format!("{q}&show=verdict")).unwrap().is_empty(), "{q}");
            assert!(launch_rows("gpu_bw=0").is_none());
        }
    }
}
