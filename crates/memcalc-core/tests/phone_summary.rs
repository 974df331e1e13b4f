//! The phone's pinned summary (issue 39): beside the memory, how many of the requested
//! sequences a pooled engine runs and the time line's headline rate, read from the same words
//! the desktop shows.

mod common;

use common::{est, scenario};
use memcalc_core::report::{headline_rate, pill};
use memcalc_core::units::UnitSystem;

fn line(query: &str) -> String {
    let s = scenario(query);
    let sp = memcalc_core::speed(&s, &memcalc_core::estimate(&s))
        .unwrap()
        .unwrap();
    memcalc_core::text::speed::summary(&sp)
}

#[test]
fn a_pooled_engine_says_how_many_sequences_fit_and_its_tokens_per_second() {
    let q = "mode=infer&engine=vllm&model_id=meta-llama/Llama-3.1-8B&seq=32k&batch=64&gpu=h100-80";
    let e = est(q);
    let v = e.serving.expect("a pooled engine");
    assert!(v.sequences < 64, "{v:?}");
    let l = line(q);
    let rate = headline_rate(&l).expect(&l);
    assert!(rate.ends_with(" tokens/s"), "{rate} from {l}");
    // The engine's total, not one sequence's.
    assert!(l.contains(&format!("{rate} for ")), "{rate} from {l}");
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
    let train = line("mode=train&params=7B");
    assert!(
        headline_rate(&train).is_some_and(|r| r.ends_with(" tokens/s")),
        "{train}"
    );
    let sim = line("preset=lj-melt");
    assert!(
        headline_rate(&sim).is_some_and(|r| r.starts_with("≥ ") && r.ends_with(" per step")),
        "{sim}"
    );
    assert_eq!(headline_rate("No time model for this method yet."), None);
    // Without a time answer yet, the pill is the memory alone.
    let e = est("mode=train&params=7B");
    assert_eq!(
        pill(&e, UnitSystem::Binary, None),
        memcalc_core::report::summary(&e, UnitSystem::Binary)
    );
}
