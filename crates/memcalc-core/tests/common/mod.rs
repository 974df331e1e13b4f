//! What the test binaries share: the scenario a link's query opens, its estimate, and the bytes
//! of one of its parts, where a part the estimate lacks reads as absent, never as zero.

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
