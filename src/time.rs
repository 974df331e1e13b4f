//! The page's time answers, from the page's core (crates/memcalc-worker), a wasm of its own run
//! in a Web Worker, which index.html's first script starts (it also writes a link's first
//! screen): the time model is most of the core, and the app's wasm, which every visitor waits
//! for, carries none of it (docs/performance.md); worked out off the page's thread, it never
//! holds up a keystroke's frame. Until the answer of a query arrives the time line says it is
//! being worked out.
//!
//! Component tests link memcalc-worker instead ([`answer_with`]); both paths hand the same JSON
//! to one parser here, which reads it as the type memcalc-worker wrote
//! (`memcalc_core::report::TimeAnswer`).

use std::cell::Cell;
use std::sync::Arc;

use leptos::prelude::*;
use memcalc_core::report::RowLaunch;
pub use memcalc_core::report::TimeAnswer as Answer;
use wasm_bindgen::prelude::*;

/// The answer on screen; `None` until the first one arrives.
pub type TimeAnswer = ReadSignal<Option<Arc<Answer>>>;

/// The planner's answer on screen (`report::plan::View`); `None` without goal keys.
pub type PlanAnswer = ReadSignal<Option<Arc<memcalc_core::report::plan::View>>>;

/// A time answer linked in: memcalc_worker::time_answer (or plan_answer).
type Linked = fn(&str) -> String;

thread_local! {
    static DIRECT: Cell<Option<Linked>> = const { Cell::new(None) };
    static DIRECT_PLAN: Cell<Option<Linked>> = const { Cell::new(None) };
    static DIRECT_LAUNCH: Cell<Option<Linked>> = const { Cell::new(None) };
    /// The rows' launch settings of one query, once asked (issue 41/36): (query, rows).
    static ROWS: ArcRwSignal<Option<(String, Arc<Vec<RowLaunch>>)>> = ArcRwSignal::new(None);
    /// The query whose rows were last asked for.
    static ROWS_ASKED: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Answers from `answer` (memcalc_worker::time_answer, linked into a test) instead of the core
/// worker, from then on.
pub fn answer_with(answer: Linked) {
    DIRECT.set(Some(answer));
}

/// Plans from `answer` (memcalc_worker::plan_answer, linked into a test) instead of the core
/// worker, from then on.
pub fn plan_with(answer: Linked) {
    DIRECT_PLAN.set(Some(answer));
}

/// Writes rows' launch settings with `answer` (memcalc_worker::launch_rows, linked into a test)
/// instead of the core worker, from then on.
pub fn launch_with(answer: Linked) {
    DIRECT_LAUNCH.set(Some(answer));
}

// The loader (src/time.js): asks the core (window.memcalcCore) for the newest query only;
// failures resolve to null.
#[wasm_bindgen(module = "/src/time.js")]
extern "C" {
    fn time_answer(query: &str) -> js_sys::Promise;
    fn plan_answer(query: &str) -> js_sys::Promise;
    fn launch_rows(query: &str) -> js_sys::Promise;
}

/// An answer of the core; `None` for `null` (inputs that do not parse) or text that is not
/// an answer.
fn parse(json: &str) -> Option<Answer> {
    serde_json::from_str::<Option<Answer>>(json).ok().flatten()
}

/// The answer of `link` (the page's query: its scenario in force, so never invalid), kept up
/// to date. An answer of `null` (inputs that do not parse) keeps the last one.
pub fn answers(link: Memo<String>) -> TimeAnswer {
    let (answer, set_answer) = signal(None::<Arc<Answer>>);
    let receive = move |json: &str| {
        if let Some(a) = parse(json) {
            // Unchanged (only the units moved): nothing on the page redraws.
            set_answer.maybe_update(|cur| {
                let new = cur.as_deref() != Some(&a);
                if new {
                    *cur = Some(Arc::new(a));
                }
                new
            });
        }
    };
    Effect::new(move |_| {
        let query = link.get();
        if let Some(direct) = DIRECT.get() {
            return receive(&direct(&query));
        }
        leptos::task::spawn_local(async move {
            let json = wasm_bindgen_futures::JsFuture::from(time_answer(&query)).await;
            // A later query's answer follows.
            if link.try_get_untracked().as_ref() != Some(&query) {
                return;
            }
            match json.ok().and_then(|j| j.as_string()) {
                // Shown when the page's thread is idle: an answer that lands between a
                // keystroke and its frame (its words, launch settings and timeline rebuilt)
                // would hold that frame back (`DETAIL=1 node bench/trace-input.mjs`,
                // docs/performance.md). Dropped if a later query was asked meanwhile.
                Some(json) => request_idle_callback(move || {
                    if link.try_get_untracked().as_ref() == Some(&query) {
                        receive(&json);
                    }
                }),
                None => set_answer.set(Some(Arc::new(Answer {
                    line: "The time could not be worked out: its WebAssembly did not load.".into(),
                    ..Answer::default()
                }))),
            }
        });
    });
    answer
}

/// The advice of the time answer on screen (`report::Advice`: facts at a glance, savings,
/// the scaling sweep; issue 36), the last one kept while a newer query is being worked out and
/// empty until the first answer.
pub fn advice(time: TimeAnswer) -> Memo<memcalc_core::report::Advice> {
    Memo::new(move |prev: Option<&memcalc_core::report::Advice>| {
        time.with(|t| t.as_ref().and_then(|a| a.advice.clone()))
            .or_else(|| prev.cloned())
            .unwrap_or_default()
    })
}

/// The planner's answer of `link` (issue 41), asked apart from the time answer and only once
/// the link has stood still a moment (src/time.js), in a core worker of its own: its search
/// over every device takes the core ~130 ms, which the time line must not wait for. `None` while `has_goal` is
/// false (no `plan_*` key) or the goal's answer has not come; a `null` answer clears it.
pub fn plans(link: Memo<String>, has_goal: Signal<bool>) -> PlanAnswer {
    let (answer, set_answer) = signal(None::<Arc<memcalc_core::report::plan::View>>);
    let receive = move |json: &str| {
        let v = serde_json::from_str::<Option<memcalc_core::report::plan::View>>(json)
            .ok()
            .flatten();
        set_answer.maybe_update(|cur| {
            let new = cur.as_deref() != v.as_ref();
            if new {
                *cur = v.map(Arc::new);
            }
            new
        });
    };
    Effect::new(move |_| {
        if !has_goal.get() {
            return set_answer.set(None);
        }
        let query = link.get();
        if let Some(direct) = DIRECT_PLAN.get() {
            return receive(&direct(&query));
        }
        leptos::task::spawn_local(async move {
            let json = wasm_bindgen_futures::JsFuture::from(plan_answer(&query)).await;
            if link.try_get_untracked().as_ref() != Some(&query) {
                return;
            }
            if let Some(json) = json.ok().and_then(|j| j.as_string()) {
                receive(&json);
            }
        });
    });
    answer
}

/// Each suggestion's and layout row's launch settings for `query` (the page's link; issue
/// 40), asked of the core only when a row's "Launch" fold first opens, and kept until the
/// link changes (issue 41/36: they cost every time answer 0.3–1.3 ms and 11–15 KB of JSON).
/// `None` until the rows of `query` arrive: this asks for them if nobody has yet.
pub fn rows_of(query: &str) -> Option<Arc<Vec<RowLaunch>>> {
    let rows = ROWS.with(|r| r.clone());
    if let Some((q, rows)) = rows.get().as_ref() {
        if q == query {
            return Some(rows.clone());
        }
    }
    let asked = ROWS_ASKED.with(|a| {
        let mut a = a.borrow_mut();
        let asked = *a == query;
        if !asked {
            query.clone_into(&mut a);
        }
        asked
    });
    if asked {
        return None;
    }
    let receive = move |query: String, json: &str| {
        let v = serde_json::from_str::<Option<Vec<RowLaunch>>>(json)
            .ok()
            .flatten()
            .unwrap_or_default();
        // Only the newest query's rows are kept.
        if ROWS_ASKED.with(|a| *a.borrow() == query) {
            rows.set(Some((query, Arc::new(v))));
        }
    };
    let query = query.to_owned();
    if let Some(direct) = DIRECT_LAUNCH.get() {
        let json = direct(&query);
        // Set after this read: a signal written while it is being read would panic.
        leptos::task::spawn_local(async move { receive(query, &json) });
        return None;
    }
    leptos::task::spawn_local(async move {
        let json = wasm_bindgen_futures::JsFuture::from(launch_rows(&query)).await;
        match json.ok().and_then(|j| j.as_string()) {
            Some(json) => receive(query, &json),
            // Not written (the wasm did not load): asked again when a fold next opens.
            None => ROWS_ASKED.with(|a| a.borrow_mut().clear()),
        }
    });
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use memcalc_core::analysis::scaling::{ScalingY, TimeMeasure};
    use memcalc_core::schema::fields::FieldId;
    use memcalc_core::Bound;

    #[test]
    fn the_time_wasms_answer_reads_back_with_its_terms_savings_and_lines() {
        let q = "v=2&mode=sim&method=grid&nx=1440&ny=721&nz=137&fields=10&levels=3&work=20&halo=3\
                 &ranks=1024&nodes=16&scaling_y=efficiency";
        let json = memcalc_worker::time_answer(q);
        let a = parse(&json).expect(&json);
        assert_eq!(a.bound, Some(Bound::MemoryBandwidth));
        assert!(!a.terms.is_empty() && a.terms.iter().all(|t| !t.formula.is_empty()));
        assert!(a.offered.contains(&ScalingY::Efficiency), "{:?}", a.offered);
        assert!(!a.lines.is_empty());
        assert!(a.lines.iter().all(|l| l.measure == TimeMeasure::Efficiency));
        let llama = "mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80";
        let a = parse(&memcalc_worker::time_answer(llama)).expect("an answer");
        assert!(a.saving(&[(FieldId::Quant, "int8".into())]).is_some());
    }

    #[test]
    fn null_or_garbage_is_no_answer_so_the_last_one_stays() {
        assert!(parse("null").is_none());
        assert!(parse("{").is_none());
        assert!(parse(&memcalc_worker::time_answer("gpu_bw=0")).is_none());
    }
}
