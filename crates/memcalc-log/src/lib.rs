//! The page's log box, as JSON (see [`answer`]): the core's log reading, check and calibration
//! (`memcalc_core::log`) in a wasm of its own that the page fetches only when the box is opened
//! or a log is dropped, so the app's wasm, which every visitor waits for, carries none of it.
//! The answer is the core's [`LogView`](memcalc_core::report::log_check::LogView) with the patch
//! the page applies; the page reads it back as the same type.
//!
//! A large log is fed a slice at a time ([`feed`], one call per timer tick in src/log.js, so the
//! page stays responsive), then answered for the page's query ([`finish`]).

use std::cell::RefCell;

use memcalc_core::log::Reader;
use memcalc_core::report::log_check::page_view;

thread_local! {
    /// The log being read: slices fed so far.
    static READER: RefCell<Option<Reader>> = const { RefCell::new(None) };
}

/// Reads one more slice of the log (a new log after [`finish`]).
pub fn feed(slice: &str) {
    READER.with_borrow_mut(|r| r.get_or_insert_with(Reader::new).feed(slice));
}

/// The answer to the log fed so far, for the page's query (its scenario, `lock=` and units), as
/// JSON; the next [`feed`] starts a new log.
pub fn finish(query: &str) -> String {
    let reader = READER.with_borrow_mut(Option::take).unwrap_or_default();
    serde_json::to_string(&page_view(query, reader.finish())).unwrap_or_default()
}

/// The answer to the whole log `text` for the page's query, as JSON (what the component tests
/// link in place of the wasm).
pub fn answer(query: &str, text: &str) -> String {
    feed(text);
    finish(query)
}

/// The wasm's one call behind memcalc-wasm-io's interface: `feed\n<slice>` reads a slice and
/// answers nothing; `finish\n<query>` answers the log read so far.
pub fn call(input: &str) -> String {
    match input.split_once('\n') {
        Some(("feed", slice)) => {
            feed(slice);
            String::new()
        }
        Some(("finish", query)) => finish(query),
        _ => String::new(),
    }
}

/// The wasm's interface, as the core worker's (crates/memcalc-worker): the caller writes the UTF-8 bytes of a call
/// ([`call`]) at `log_input(len)`, calls `log_answer(len)` and reads that many bytes of JSON at
/// `log_output()`.
#[cfg(all(target_arch = "wasm32", feature = "wasm-io"))]
mod wasm {
    memcalc_wasm_io::wasm_io!(
        input: log_input,
        run: log_answer,
        output: log_output,
        answer: super::call,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use memcalc_core::report::log_check::LogView;

    const VLLM: &str =
        "INFO 01-30 03:18:12 gpu_model_runner.py:848] Loading model weights took 14.9575 GB\n";

    #[test]
    fn a_log_fed_in_slices_answers_as_the_whole_log_with_its_patch() {
        let q = "mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80";
        let whole = answer(q, VLLM);
        let (a, b) = VLLM.split_at(30);
        assert_eq!(call(&format!("feed\n{a}")), "");
        assert_eq!(call(&format!("feed\n{b}")), "");
        assert_eq!(call(&format!("finish\n{q}")), whole);
        let v: LogView = serde_json::from_str(&whole).expect(&whole);
        assert!(v.recognised, "{whole}");
        assert!(v.headline.contains("vLLM"), "{}", v.headline);
    }

    #[test]
    fn an_unrecognised_paste_says_so_and_patches_nothing() {
        let json = answer("mode=infer", "hello\nworld\n");
        let v: LogView = serde_json::from_str(&json).expect(&json);
        assert!(!v.recognised);
        assert!(v.patch.is_empty());
        assert_eq!(call("nonsense"), "");
    }
}
