//! The page's time answers for a query, as JSON (see [`answer`]).

use memcalc_core::answers::derived::savings;
use memcalc_core::answers::scaling::{offered, scaling, time_lines, ScalingY};
use memcalc_core::inputs::page::PageOptions;
use memcalc_core::text::speed as words;
use memcalc_core::{estimate, Inputs};
use serde::Serialize;

/// One term of the step, as the fold shows it.
#[derive(Serialize)]
struct Term {
    id: &'static str,
    bound: &'static str,
    label: &'static str,
    time: String,
    formula: String,
    explanation: String,
    source: &'static str,
}

/// A suggestion's time change, keyed by its saving query (`data-saving`).
#[derive(Serialize)]
struct SavingTime {
    query: String,
    speedup: String,
    text: String,
}

/// A time line of the scaling chart.
#[derive(Serialize)]
struct Line {
    label: &'static str,
    seconds: bool,
    points: Vec<(u64, f64)>,
}

#[derive(Serialize, Default)]
struct Answer {
    bound: Option<&'static str>,
    line: String,
    error: bool,
    terms: Vec<Term>,
    savings: Vec<SavingTime>,
    offered: Vec<&'static str>,
    lines: Vec<Line>,
}

/// The time answers of the page's query (the address bar's text, read as the app reads it):
/// the time line (bound key, summary or error, each term's words), each suggestion's time
/// change keyed by its saving query (`data-saving`), the scaling chart's `scaling_y` choices
/// and time lines; `null` when the inputs do not parse (the page keeps its last answer, stale).
pub fn answer(query: &str) -> String {
    let (inputs, _) = Inputs::from_query(query);
    let (options, _) = PageOptions::from_query(query);
    let Ok(s) = inputs.parse() else {
        return String::from("null");
    };
    let e = estimate(&s);
    let mut a = Answer::default();
    match memcalc_core::speed(&s, &e) {
        Ok(Some(sp)) => {
            a.bound = Some(sp.bound.key());
            a.line = words::summary(&sp);
            a.terms = sp
                .terms
                .iter()
                .map(|t| Term {
                    id: t.id().key(),
                    bound: t.bound.key(),
                    label: words::label(t),
                    time: words::time(t.time),
                    formula: words::formula(t),
                    explanation: words::explanation(t),
                    source: words::source(t),
                })
                .collect();
        }
        Ok(None) => a.line = "No time model for this method yet.".into(),
        Err(err) => {
            a.error = true;
            a.line = format!("{}: {}", err.field.field().label, err.message);
        }
    }
    a.savings = savings(&s)
        .into_iter()
        .filter_map(|sv| {
            let t = sv.time?;
            Some(SavingTime {
                query: sv.query(),
                speedup: t.speedup.to_string(),
                text: words::change(&t),
            })
        })
        .collect();
    a.offered = offered(&s).into_iter().map(|y| y.id()).collect();
    if options.scaling_y != ScalingY::Memory {
        a.lines = time_lines(&s, &scaling(&s), options.scaling_y)
            .into_iter()
            .map(|l| Line {
                label: l.label,
                seconds: l.measure == memcalc_core::answers::scaling::TimeMeasure::Seconds,
                points: l.points,
            })
            .collect();
    }
    serde_json::to_string(&a).unwrap_or_default()
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
    fn a_link_gets_its_bound_terms_and_the_savings_time_changes() {
        let json = answer("mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpu_bw=2000");
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["bound"], "memory_bandwidth", "{json}");
        let decode = v["terms"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["id"] == "decode_memory")
            .unwrap();
        assert!(
            decode["formula"].as_str().unwrap().contains("2 TB/s"),
            "{json}"
        );
        assert!(v["savings"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| !s["query"].as_str().unwrap().is_empty()));
    }

    #[test]
    fn an_invalid_input_has_no_answer_so_the_page_keeps_its_last_one_stale() {
        let json = answer("mode=infer&model_id=meta-llama/Llama-3.1-8B&gpu=h100-80&gpu_bw=0");
        assert_eq!(json, "null");
    }
}
