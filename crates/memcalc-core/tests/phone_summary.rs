//! The phone's pinned summary (issue 39): beside the memory, how many of the requested
//! sequences a pooled engine runs and the time answer's headline rate, in the same words as the
//! desktop's time line.

mod common;

use common::{est, scenario};
use memcalc_core::report::{pill, time_answer};
use memcalc_core::units::UnitSystem;

/// The time line and its headline, as the time answer carries them.
fn line(query: &str) -> (String, String) {
    let s = scenario(query);
    let sp = memcalc_core::speed(&s, &memcalc_core::estimate(&s))
        .unwrap()
        .unwrap();
    (
        memcalc_core::explain::speed::summary(&sp),
        memcalc_core::explain::speed::headline(&sp),
    )
}

#[test]
fn a_pooled_engine_says_how_many_sequences_fit_and_its_tokens_per_second() {
    let q = "mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-8B&seq=32k&batch=64&gpu=h100-80";
    let e = est(q);
    let v = e.serving.expect("a pooled engine");
    assert!(v.sequences < 64, "{v:?}");
    let (l, rate) = line(q);
    assert!(rate.ends_with(" tokens/s"), "{rate} from {l}");
    // The engine's total, not one sequence's, named as the aggregate (issue 37).
    assert!(
        l.contains(&format!("{rate} in aggregate for ")),
        "{rate} from {l}"
    );
    let p = pill(&e, UnitSystem::Binary, Some(&rate));
    assert!(
        p.contains(&format!("{} of 64 sequences", v.sequences)),
        "{p}"
    );
    assert!(p.ends_with(&rate), "{p}");
    assert!(
        p.starts_with(&memcalc_core::report::summary(&e, UnitSystem::Binary)),
        "{p}"
    );
}

#[test]
fn training_surrogates_and_simulations_have_their_own_headline() {
    let (train, rate) = line("mode=train&params=7B");
    assert!(rate.ends_with(" tokens/s"), "{rate}");
    assert!(train.contains(&format!(" {rate}")), "{rate} from {train}");
    let (sim, rate) = line("preset=lj-melt");
    assert!(
        rate.starts_with("≥ ") && rate.ends_with(" per step"),
        "{rate}"
    );
    assert!(
        sim.contains(&rate.replace("≥ ", "At least ")),
        "{rate} from {sim}"
    );
    // The time answer carries it; a link that does not parse has no answer, so no headline.
    assert_eq!(
        time_answer("preset=lj-melt").and_then(|a| a.headline),
        Some(rate)
    );
    assert!(time_answer("mode=train&params=7B&gpu_bw=0").is_none());
    // Without a time answer yet, the pill is the memory alone.
    let e = est("mode=train&params=7B");
    assert_eq!(
        pill(&e, UnitSystem::Binary, None),
        memcalc_core::report::summary(&e, UnitSystem::Binary)
    );
}
