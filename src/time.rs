//! The page's time answers, from a wasm of their own (crates/memcalc-time) that the page loads
//! after its first answer is painted: the time model is most of the core, and the app's wasm,
//! which every visitor waits for, carries none of it (docs/performance.md). Until the answer
//! of a query arrives the time line says it is being worked out.
//!
//! Component tests link memcalc-time instead ([`answer_with`]); both paths hand the same JSON
//! to one parser here.

use std::cell::Cell;
use std::sync::Arc;

use leptos::prelude::*;
use serde::Deserialize;
use wasm_bindgen::prelude::*;

/// One term of the step, in words (memcalc-time's `Term`).
#[derive(Deserialize, Clone, PartialEq)]
pub struct Term {
    pub id: String,
    pub bound: String,
    pub label: String,
    pub time: String,
    pub formula: String,
    pub explanation: String,
    pub source: String,
}

/// A suggestion's time change, keyed by its saving query (`data-saving`).
#[derive(Deserialize, Clone, PartialEq)]
pub struct SavingTime {
    pub query: String,
    pub speedup: String,
    pub text: String,
}

/// A time line of the scaling chart.
#[derive(Deserialize, Clone, PartialEq)]
pub struct Line {
    pub label: String,
    pub seconds: bool,
    pub points: Vec<(u64, f64)>,
}

/// The time answers of one query (memcalc-time's `Answer`, read back).
#[derive(Deserialize, Clone, PartialEq, Default)]
pub struct Answer {
    pub bound: Option<String>,
    pub line: String,
    pub error: bool,
    pub terms: Vec<Term>,
    pub savings: Vec<SavingTime>,
    pub offered: Vec<String>,
    pub lines: Vec<Line>,
}

/// The answer on screen; `None` until the first one arrives.
pub type TimeAnswer = ReadSignal<Option<Arc<Answer>>>;

/// A time answer linked in: memcalc_time::answer.
type Linked = fn(&str) -> String;

thread_local! {
    static DIRECT: Cell<Option<Linked>> = const { Cell::new(None) };
}

/// Answers from `answer` (memcalc_time::answer, linked into a test) instead of the lazily
/// loaded wasm, from then on.
pub fn answer_with(answer: Linked) {
    DIRECT.set(Some(answer));
}

// The interface is memcalc-first's (crates/memcalc-wasm-io): write the query, run, read the
// JSON. The wasm's file name is in index.html's `memcalc-time` meta (scripts/post-build.sh).
// Instantiated once, after one frame: the first answer's paint is not raced. Failures resolve
// to null, never a rejection, which index.html's first script reads as a frame's CORS failure.
#[wasm_bindgen(inline_js = r#"
let time;
function load() {
  const url = document.querySelector('meta[name="memcalc-time"]').content;
  const get = () => fetch(url);
  return new Promise((r) => { requestAnimationFrame(() => setTimeout(r)); setTimeout(r, 100); })
    .then(() => (WebAssembly.instantiateStreaming ? WebAssembly.instantiateStreaming(get()) : Promise.reject()))
    .catch(() => get().then((r) => r.arrayBuffer()).then((b) => WebAssembly.instantiate(b)))
    .then((m) => m.instance.exports);
}
// Each answer is worked out in a task of its own after the edit's frame, and only for the newest
// query: run in the promise's microtask, it and the redraw of what it answers (the speed line,
// the savings' times, the scaling lines) joined the edit's task, and every keystroke paid it
// (issue 39, docs/performance.md); a superseded query answers null, which the page never reads
// (it drops answers to an older query).
let latest;
const frame = () => new Promise((r) => { requestAnimationFrame(() => setTimeout(r)); setTimeout(r, 100); });
export function time_answer(query) {
  time ||= load();
  latest = query;
  return time.then((x) => frame().then(() => x)).then((x) => {
    if (query !== latest) return null;
    // Each call may grow the memory, detaching the buffer read before it.
    const b = new TextEncoder().encode(query), at = x.time_input(b.length);
    new Uint8Array(x.memory.buffer, at, b.length).set(b);
    const n = x.time_answer(b.length);
    return new TextDecoder().decode(new Uint8Array(x.memory.buffer, x.time_output(), n));
  }).catch(() => null);
}
"#)]
extern "C" {
    fn time_answer(query: &str) -> js_sys::Promise;
}

/// An answer of the time wasm; `None` for `null` (inputs that do not parse) or text that is not
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
                Some(json) => receive(&json),
                None => set_answer.set(Some(Arc::new(Answer {
                    line: "The time could not be worked out: its WebAssembly did not load.".into(),
                    ..Answer::default()
                }))),
            }
        });
    });
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use memcalc_core::answers::scaling::time_line_label;

    #[test]
    fn the_time_wasms_answer_reads_back_with_its_terms_savings_and_lines() {
        let q = "v=2&mode=sim&method=grid&nx=1440&ny=721&nz=137&fields=10&levels=3&work=20&halo=3\
                 &ranks=1024&nodes=16&scaling_y=efficiency";
        let json = memcalc_time::answer(q);
        let a = parse(&json).expect(&json);
        assert_eq!(a.bound.as_deref(), Some("memory_bandwidth"));
        assert!(!a.terms.is_empty() && a.terms.iter().all(|t| !t.formula.is_empty()));
        assert!(
            a.offered.iter().any(|y| y == "efficiency"),
            "{:?}",
            a.offered
        );
        // Every line's label is one the charts can draw.
        assert!(!a.lines.is_empty());
        assert!(a
            .lines
            .iter()
            .all(|l| !l.seconds && time_line_label(&l.label).is_some()));
        let llama = "mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80";
        let a = parse(&memcalc_time::answer(llama)).expect("an answer");
        assert!(a.savings.iter().any(|s| s.query == "quant=int8"));
    }

    #[test]
    fn null_or_garbage_is_no_answer_so_the_last_one_stays() {
        assert!(parse("null").is_none());
        assert!(parse("{").is_none());
        assert!(parse(&memcalc_time::answer("gpu_bw=0")).is_none());
    }
}
