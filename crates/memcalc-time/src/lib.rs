//! The page's time answers for a query, as JSON (see [`answer`]): the core's
//! [`TimeAnswer`](memcalc_core::report::TimeAnswer), which the page reads back as the same type.

/// The time answer of the page's query (`memcalc_core::report::time_answer`) as JSON: the time
/// line (bound key, summary or error, each term's words), each suggestion's time change keyed
/// by its patch, the scaling chart's `scaling_y` choices and time lines; `null` when the inputs
/// do not parse (the page keeps its last answer, stale).
pub fn answer(query: &str) -> String {
    serde_json::to_string(&memcalc_core::report::time_answer(query)).unwrap_or_default()
}

/// The wasm's interface, as memcalc-first's: the caller writes the query's UTF-8 bytes at
/// `time_input(len)`, calls `time_answer(len)` and reads that many bytes of JSON at
/// `time_output()`.
#[cfg(all(target_arch = "wasm32", feature = "wasm-io"))]
mod wasm {
    memcalc_wasm_io::wasm_io!(
        input: time_input,
        run: time_answer,
        output: time_output,
        answer: super::answer,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_gets_its_bound_and_terms_as_the_keys_the_page_reads() {
        let json = answer("mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpu_bw=2000");
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
        let json = answer("mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpu_bw=0");
        assert_eq!(json, "null");
    }
}
