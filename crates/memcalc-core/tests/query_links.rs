//! The URL query as a public API: decoding, notices and canonical encoding.

use memcalc_core::{Inputs, Scenario};
use proptest::prelude::*;

#[test]
fn default_scenario_encodes_to_the_version_only() {
    assert_eq!(Scenario::default().to_query(), "v=1");
}

#[test]
fn encoding_keeps_only_changed_values_in_form_order() {
    let (i, n) = Inputs::from_query("?optimizer=sgd&params=13e9&mode=infer");
    assert!(n.is_empty());
    assert_eq!(i.parse().unwrap().to_query(), "v=1&mode=infer&params=13B&optimizer=sgd");
}

#[test]
fn whole_share_links_and_bare_queries_both_work() {
    let a = Inputs::from_query("https://example.org/calc/?params=125M&dtype=fp32#results").0;
    let b = Inputs::from_query("params=125M&dtype=fp32").0;
    assert_eq!(a, b);
    assert_eq!(a.get("params"), "125M");
}

#[test]
fn unknown_and_repeated_keys_are_reported_not_fatal() {
    let (i, n) = Inputs::from_query("params=1B&colour=blue&params=2B");
    assert_eq!(i.get("params"), "2B");
    assert!(n.iter().any(|n| n.key == "colour" && n.message.contains("Unknown parameter 'colour'")));
    assert!(n.iter().any(|n| n.key == "params" && n.message.contains("more than once")));
    assert!(i.parse().is_ok());
}

#[test]
fn invalid_values_stay_as_typed_with_a_specific_message() {
    let (i, _) = Inputs::from_query("params=banana&dtype=fp12&gpu=toaster&overhead=250");
    assert_eq!(i.get("params"), "banana");
    let errs = i.parse().unwrap_err();
    let msg = |k: &str| errs.iter().find(|e| e.key == k).map(|e| e.message.clone()).unwrap_or_default();
    assert!(msg("params").contains("'banana' is not a count"), "{}", msg("params"));
    assert!(msg("dtype").contains("fp12") && msg("dtype").contains("bf16"), "{}", msg("dtype"));
    assert!(msg("gpu").contains("toaster"), "{}", msg("gpu"));
    assert!(msg("overhead").contains("between 0 and 100"), "{}", msg("overhead"));
}

#[test]
fn limits_are_stated() {
    let (i, _) = Inputs::from_query("params=2e15");
    assert!(i.parse().unwrap_err()[0].message.contains("10^15"));
    let (i, _) = Inputs::from_query("params=0");
    assert!(i.parse().unwrap_err()[0].message.contains("at least 1"));
}

#[test]
fn percent_escapes_and_plus_decode() {
    let (i, _) = Inputs::from_query("params=6.7%65%39&gpu_mem=80+GB");
    assert_eq!(i.get("params"), "6.7e9");
    assert_eq!(i.get("gpu_mem"), "80 GB");
    assert_eq!(i.parse().unwrap().device.custom_bytes, Some(80_000_000_000));
}

fn scenario_strategy() -> impl Strategy<Value = Scenario> {
    use memcalc_core::{device::GPUS, optimizer::Optimizer, precision::Dtype, Choice, Mode};
    (
        0..Mode::ALL.len(),
        1u128..=1_000_000_000_000_000,
        0..Dtype::ALL.len(),
        any::<bool>(),
        proptest::option::of(0..Dtype::ALL.len()),
        0..Optimizer::ALL.len(),
        0..GPUS.len(),
        proptest::option::of(1u128..=(1u128 << 50)),
        0u128..=(1 << 20),
        0u128..=10_000,
    )
        .prop_map(|(m, params, d, mixed, g, o, gpu, mem, runtime_mib, overhead_bp)| Scenario {
            mode: Mode::ALL[m],
            params,
            dtype: Dtype::ALL[d],
            mixed,
            grad_dtype: g.map(|g| Dtype::ALL[g]),
            optimizer: Optimizer::ALL[o],
            device: memcalc_core::scenario::Device { preset: &GPUS[gpu], custom_bytes: mem },
            runtime_mib,
            overhead_bp,
        })
}

proptest! {
    #[test]
    fn decoding_an_encoded_link_gives_back_the_state(s in scenario_strategy()) {
        let q = s.to_query();
        let (inputs, notices) = Inputs::from_query(&q);
        prop_assert!(notices.is_empty());
        let back = inputs.parse().unwrap();
        prop_assert_eq!(back, s);
        prop_assert_eq!(back.to_query(), q);
    }

    #[test]
    fn any_query_string_is_handled_without_panic(q in ".{0,200}") {
        let (inputs, _) = Inputs::from_query(&q);
        if let Ok(s) = inputs.parse() {
            let e = memcalc_core::estimate(&s);
            prop_assert_eq!(e.per_device_bytes, e.components.iter().map(|c| c.bytes).sum::<u64>());
        }
    }

    #[test]
    fn estimates_never_overflow_and_grow_with_parameters(s in scenario_strategy()) {
        let e = memcalc_core::estimate(&s);
        let sum: u128 = e.components.iter().map(|c| u128::from(c.bytes)).sum();
        prop_assert_eq!(u128::from(e.per_device_bytes), sum);
        prop_assert!(sum < u128::from(u64::MAX));
        if s.params < 1_000_000_000_000_000 {
            let bigger = memcalc_core::estimate(&Scenario { params: s.params + 1, ..s });
            prop_assert!(bigger.per_device_bytes >= e.per_device_bytes);
        }
    }
}
