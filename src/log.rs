//! The log box's answers, from a wasm of their own (crates/memcalc-log) that the page fetches
//! only when the box is used (opened, or a log read or dropped): the log reading is a large part
//! of the core, and the app's wasm, which every visitor waits for, carries none of it
//! (docs/performance.md). A large log is fed to it a slice per task (src/log.js), so the page
//! stays responsive while it reads.
//!
//! Component tests link memcalc-log instead ([`answer_with`]); both paths hand the same JSON to
//! one parser here, which reads it as the type memcalc-log wrote
//! (`memcalc_core::report::log_check::LogView`, with the patch the page applies).

use std::cell::Cell;

pub use memcalc_core::report::log_check::LogView;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// A log answer linked in: memcalc_log::answer (the page's query, the log's text).
type Linked = fn(&str, &str) -> String;

thread_local! {
    static DIRECT: Cell<Option<Linked>> = const { Cell::new(None) };
}

/// Answers from `answer` (memcalc_log::answer, linked into a test) instead of the lazily loaded
/// wasm, from then on.
pub fn answer_with(answer: Linked) {
    DIRECT.set(Some(answer));
}

// The loader (src/log.js): the wasm's file name is in index.html's `memcalc-log` meta
// (memcalc-post-build); fetched on first use; failures resolve to null.
#[wasm_bindgen(module = "/src/log.js")]
extern "C" {
    fn log_load() -> js_sys::Promise;
    fn log_answer(query: &str, text: &str, progress: &js_sys::Function) -> js_sys::Promise;
}

/// Starts fetching the log wasm (the box was opened), so a paste finds it ready.
pub fn preload() {
    if DIRECT.get().is_none() {
        let _ = log_load();
    }
}

/// An answer of the log wasm; `None` for text that is not one.
fn parse(json: &str) -> Option<LogView> {
    serde_json::from_str(json).ok()
}

/// The answer to the log `text` for the page's query `query`, with `progress` told the percent
/// read as it goes; `None` when the log wasm did not load.
pub async fn answer(
    query: String,
    text: String,
    progress: impl Fn(u8) + 'static,
) -> Option<LogView> {
    if let Some(direct) = DIRECT.get() {
        return parse(&direct(&query, &text));
    }
    let progress = Closure::<dyn Fn(f64)>::new(move |p: f64| progress(p as u8));
    let json = wasm_bindgen_futures::JsFuture::from(log_answer(
        &query,
        &text,
        progress.as_ref().unchecked_ref(),
    ))
    .await;
    drop(progress);
    json.ok()
        .and_then(|j| j.as_string())
        .and_then(|j| parse(&j))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_wasms_answer_reads_back_with_its_checks_and_patch() {
        let q = "mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80";
        let log =
            "INFO 01-30 03:18:12 gpu_model_runner.py:848] Loading model weights took 14.9575 GB\n";
        let v = parse(&memcalc_log::answer(q, log)).expect("an answer");
        assert!(
            v.recognised && v.headline.contains("vLLM"),
            "{}",
            v.headline
        );
        assert!(
            v.checks.iter().any(|c| c.figure == "weights"),
            "{:?}",
            v.checks
        );
        assert!(parse("{").is_none() && parse("null").is_none());
    }
}
