//! What the test binaries share: the scenario a link's query opens, its estimate, and the bytes
//! of one of its parts, where a part the estimate lacks reads as absent, never as zero; and its
//! time and the terms of that time, where a missing term panics naming it.

// Each test binary compiles its own copy and uses only some of these.
#![allow(dead_code)]

use memcalc_core::{estimate, Estimate, Inputs, PartId, Scenario};

/// The scenario `query` opens. A notice (an unknown or repeated key) or an invalid value panics
/// with the query, so no test runs on a link that was only partly read.
pub fn scenario(query: &str) -> Scenario {
    let (inputs, notices) = Inputs::from_query(query);
    assert!(notices.is_empty(), "{query}: {notices:?}");
    inputs.parse().unwrap_or_else(|e| panic!("{query}: {e:?}"))
}

/// The estimate of the scenario `query` opens.
pub fn est(query: &str) -> Estimate {
    estimate(&scenario(query))
}

/// The bytes of part `id`, or `None` where the estimate has no such row.
pub fn part(e: &Estimate, id: PartId) -> Option<u64> {
    e.component(id).map(|c| c.bytes)
}

/// The bytes of part `id`, which the test expects the estimate to have: panics, naming the part,
/// where it is absent.
pub fn expect_part(e: &Estimate, id: PartId) -> u64 {
    part(e, id).unwrap_or_else(|| panic!("the estimate has no {id} row"))
}

/// Weights, master weights, gradients and optimizer states together; a run that keeps no master
/// copy, or trains nothing, lacks some of them, and they add nothing.
pub fn model_states(e: &Estimate) -> u64 {
    [
        PartId::Weights,
        PartId::MasterWeights,
        PartId::Gradients,
        PartId::Optimizer,
    ]
    .into_iter()
    .filter_map(|id| part(e, id))
    .sum()
}

/// The time of the scenario `query` opens. An error, or a method without a time model, panics
/// with the query: every caller expects a time.
#[cfg(feature = "time")]
pub fn time_of(query: &str) -> memcalc_core::Speed {
    let s = scenario(query);
    memcalc_core::speed(&s, &estimate(&s))
        .unwrap_or_else(|e| panic!("{query}: {e}"))
        .unwrap_or_else(|| panic!("{query}: no time model"))
}

/// The term `id` of a time, which the test expects it to have: panics, naming the term and
/// showing the time, where it is absent.
#[cfg(feature = "time")]
pub fn term(sp: &memcalc_core::Speed, id: memcalc_core::TermId) -> &memcalc_core::TimeTerm {
    sp.terms
        .iter()
        .find(|t| t.id() == id)
        .unwrap_or_else(|| panic!("no {id:?} in {sp:?}"))
}

/// The seconds of term `id`: panics where the term is absent or has no finite time (overflow).
#[cfg(feature = "time")]
pub fn term_seconds(sp: &memcalc_core::Speed, id: memcalc_core::TermId) -> f64 {
    term(sp, id)
        .time
        .seconds()
        .unwrap_or_else(|| panic!("{id:?} has no seconds in {sp:?}"))
}

/// The seconds of a simulation's step: panics where the time is not a simulation's or the step
/// overflows.
#[cfg(feature = "time")]
pub fn sim_step(sp: &memcalc_core::Speed) -> f64 {
    match sp.steps {
        memcalc_core::Steps::Sim { step, .. } => step.seconds().expect("a finite step"),
        ref s => panic!("not a simulation step: {s:?}"),
    }
}

/// The seconds of an inference's decode step: panics where the time is not an inference's or
/// the step overflows.
#[cfg(feature = "time")]
pub fn decode_step(sp: &memcalc_core::Speed) -> f64 {
    match sp.steps {
        memcalc_core::Steps::Inference { decode_step, .. } => {
            decode_step.seconds().expect("a finite decode step")
        }
        ref s => panic!("not an inference: {s:?}"),
    }
}

/// A block of `docs/accuracy.md` a test writes (between `<!-- NAME:begin` and
/// `<!-- NAME:end -->`) holds `block`: asserted, or written where `MEMCALC_WRITE_LOG_CHECK` is
/// set (the change is meant).
pub fn accuracy_block_holds(name: &str, block: &str) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/accuracy.md");
    let doc = std::fs::read_to_string(path).unwrap();
    let begin = format!("<!-- {name}:begin");
    let close = format!("<!-- {name}:end -->");
    let start = doc
        .find(&begin)
        .unwrap_or_else(|| panic!("docs/accuracy.md has no {name} block"));
    let end = doc.find(&close).expect("the block's end") + close.len();
    if std::env::var_os("MEMCALC_WRITE_LOG_CHECK").is_some() {
        std::fs::write(path, format!("{}{block}{}", &doc[..start], &doc[end..])).unwrap();
        return;
    }
    assert_eq!(
        &doc[start..end],
        block,
        "rerun with MEMCALC_WRITE_LOG_CHECK=1 if the change is meant"
    );
}

/// The text of a log fixture (`tests/logs/NAME`, sources in `tests/logs/SOURCES.md`).
pub fn log_fixture(name: &str) -> String {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/logs")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The log check of fixture `name` over the scenario `base` (the keys the log does not state).
pub fn log_answer(name: &str, base: &str) -> memcalc_core::log::check::LogAnswer {
    let (inputs, _) = Inputs::from_typed_query(base);
    memcalc_core::log::check::answer(&log_fixture(name), &inputs)
}
