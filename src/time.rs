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

// The loader (src/time.js): asks the core (window.memcalcCore) for the newest query only;
// failures resolve to null.
#[wasm_bindgen(module = "/src/time.js")]
extern "C" {
    fn time_answer(query: &str) -> js_sys::Promise;
    fn plan_answer(query: &str) -> js_sys::Promise;
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

/// The planner's answer of `link` (issue 41), asked apart from the time answer and only once
/// the link has stood still a moment (src/time.js): its search over every device takes the
/// core about half a second, which the time line must not wait for. `None` while `has_goal` is
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
