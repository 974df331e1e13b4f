//! The page's core: one wasm, fetched once and run in a Web Worker beside the app (issue 36),
//! that answers what the app's own wasm does not carry:
//! - the first screen of a link, a remembered calculation or an embed ([`first_screen`]: the
//!   writer of crates/memcalc-first), painted before the app is requested;
//! - the time answer of a page query ([`time_answer`]: the core's
//!   [`TimeAnswer`](memcalc_core::report::TimeAnswer) as JSON, which the page reads back as the
//!   same type), worked out off the page's thread, so typing never waits on it;
//! - the link the page will hold when it opens a query ([`start_link`]), so the worker answers
//!   its time while the app downloads and the app's first request finds it ready.
//!
//! The worker's script (crates/memcalc-build/src/core-worker.js) calls these; where a page
//! cannot start a worker (a sandboxed frame), index.html's first script runs the same wasm on
//! the page's thread.

/// The first screen of the calculation `query` opens, as HTML (memcalc_first::screen).
pub fn first_screen(query: &str) -> String {
    memcalc_first::screen(query)
}

/// The time answer of the page's query (`memcalc_core::report::time_answer`) as JSON: the time
/// line (bound key, summary or error, each term's words), each suggestion's time change keyed
/// by its patch, the scaling chart's `scaling_y` choices and time lines; `null` when the inputs
/// do not parse (the page keeps its last answer, stale).
pub fn time_answer(query: &str) -> String {
    serde_json::to_string(&memcalc_core::report::time_answer(query)).unwrap_or_default()
}

/// The planner's answer for the page's panel (`memcalc_core::report::plan_answer`) as JSON,
/// asked apart from the time answer so the time line never waits for the search; `null`
/// without goal keys.
pub fn plan_answer(query: &str) -> String {
    serde_json::to_string(&memcalc_core::report::plan_answer(query)).unwrap_or_default()
}

/// Each suggestion's and layout row's launch settings for the page's query
/// (`memcalc_core::report::launch_rows`) as JSON: asked only when a row's "Launch" fold first
/// opens, not with every time answer (issue 41/36); `null` when the inputs do not parse.
pub fn launch_rows(query: &str) -> String {
    serde_json::to_string(&memcalc_core::report::launch_rows(query)).unwrap_or_default()
}

/// The page's link when it opens `query` (`PageState::start_link`): the query whose time the
/// app asks for first.
pub fn start_link(query: &str) -> String {
    memcalc_core::PageState::start_link(query)
}

/// The wasm's interface: the caller writes the query's UTF-8 bytes at `core_input(len)`, calls
/// `first_screen(len)`, `time_answer(len)`, `plan_answer(len)`, `launch_rows(len)` or
/// `start_link(len)`, and reads that many bytes at
/// `core_output()`.
#[cfg(all(target_arch = "wasm32", feature = "wasm-io"))]
mod wasm {
    memcalc_wasm_io::wasm_io!(
        input: core_input,
        output: core_output,
        runs: {
            first_screen => super::first_screen,
            time_answer => super::time_answer,
            plan_answer => super::plan_answer,
            launch_rows => super::launch_rows,
            start_link => super::start_link,
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_gets_its_bound_and_terms_as_the_keys_the_page_reads() {
        let json =
            time_answer("mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpu_bw=2000");
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["bound"], "memory_bandwidth", "{json}");
        assert!(v["terms"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["id"] == "decode_memory"));
        assert!(v["savings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["patch"] == serde_json::json!([["quant", "int8"]])));
    }

    #[test]
    fn an_invalid_input_has_no_answer_so_the_page_keeps_its_last_one_stale() {
        let json = time_answer("mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpu_bw=0");
        assert_eq!(json, "null");
    }

    #[test]
    fn the_plain_page_s_start_link_is_the_default_link_the_first_screen_is_written_for() {
        assert_eq!(start_link(""), memcalc_first::default_link());
    }

    #[test]
    fn a_link_s_start_link_keeps_its_values_and_answers_the_same_time() {
        let q = "mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&batch=4";
        let link = start_link(q);
        assert!(link.contains("batch=4"), "{link}");
        // Read again, the page's link is its own start link: the worker's answer is reused.
        assert_eq!(start_link(&link), link);
        assert_eq!(time_answer(&link), time_answer(q));
    }

    #[test]
    fn a_goal_is_planned_in_its_own_call_and_the_time_answer_carries_no_plan() {
        let q = "params=7B&seq=4096&plan_tokens=1B&plan_deadline_h=72&plan_devices=h100-80";
        let plan: serde_json::Value = serde_json::from_str(&plan_answer(q)).unwrap();
        assert_eq!(plan["met"], true, "{plan}");
        assert!(!plan["points"].as_array().unwrap().is_empty());
        let time: serde_json::Value = serde_json::from_str(&time_answer(q)).unwrap();
        assert!(time.get("plan").is_none(), "{time}");
        assert_eq!(plan_answer("params=7B&seq=4096"), "null");
    }

    // ---- issue 41/36 (h-lane): the rows' launch settings in a call of their own ----
    #[test]
    fn the_rows_launch_settings_come_from_their_own_call_not_the_time_answer() {
        let q = "mode=infer&model_id=meta-llama/Llama-3.1-70B&gpus=4&tp=4&seq=32768&batch=8&engine=vllm";
        let time = time_answer(q);
        assert!(!time.contains("row_launch") && !time.contains("--kv-cache-dtype fp8"));
        let rows: serde_json::Value = serde_json::from_str(&launch_rows(q)).unwrap();
        let fp8 = rows
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["query"] == "kv_dtype=fp8")
            .unwrap_or_else(|| panic!("{rows}"));
        assert!(
            fp8["launch"].to_string().contains("--kv-cache-dtype fp8"),
            "{fp8}"
        );
        assert_eq!(launch_rows("gpu_bw=0"), "null");
    }

    // ---- issue 36 (h-split): the page's advice in the time answer ----
    #[test]
    fn the_time_answer_carries_the_advice_and_layouts_the_page_draws() {
        let q = "params=7B&seq=4096&gpus=8&gpu=h100-80";
        let json = time_answer(q);
        let a: memcalc_core::report::TimeAnswer = serde_json::from_str(&json).unwrap();
        let advice = a.advice.expect("advice");
        // What the app computed itself before: the same facts, rows and sweep.
        let s = memcalc_core::Inputs::from_query(q).0.parse().unwrap();
        let e = memcalc_core::estimate(&s);
        let d = memcalc_core::analysis::derived::derive(&s);
        let units = memcalc_core::units::UnitSystem::default();
        assert_eq!(advice.facts, memcalc_core::report::facts(&e, &d, units));
        assert_eq!(advice.scaling, d.scaling);
        let rows: Vec<(String, String)> = advice
            .savings
            .iter()
            .map(|r| (r.query.clone(), r.text.clone()))
            .collect();
        let want: Vec<(String, String)> = d
            .savings
            .iter()
            .map(|sv| (sv.query(), memcalc_core::report::saving_text(sv, units)))
            .collect();
        assert_eq!(rows, want);
        assert!(!advice.layouts.is_empty(), "{json}");
        // Each layout row has its time from the same search.
        assert!(advice
            .layouts
            .iter()
            .all(|l| a.layouts.iter().any(|t| t.query == l.query)));
        // A link that shows neither the advice nor the scaling chart carries none.
        let a: memcalc_core::report::TimeAnswer =
            serde_json::from_str(&time_answer(&format!("{q}&show=verdict,table"))).unwrap();
        assert!(a.advice.is_none());
    }

    #[test]
    fn the_first_screen_is_the_writer_s() {
        let q = "mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80";
        assert_eq!(first_screen(q), memcalc_first::screen(q));
    }
}
