//! For any valid scenario the time model neither panics nor gives NaN or infinity: every time
//! is finite seconds or overflow, every rate finite, and every term's texts render.

mod strategies;

use memcalc_core::{speed, Scenario, Time};
use proptest::prelude::*;
use strategies::{scenario_strategy, SHRINK_ITERS};

fn finite(t: Time) -> bool {
    t.seconds().is_none_or(|s| s.is_finite() && s >= 0.0)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, max_shrink_iters: SHRINK_ITERS, ..ProptestConfig::default() })]

    #[test]
    fn every_time_is_finite_or_overflow(s in scenario_strategy(), sim in any::<bool>()) {
        let s = if sim { Scenario { mode: memcalc_core::Mode::Sim, ..s } } else { s };
        let e = memcalc_core::estimate(&s);
        let Some(sp) = speed(&s, &e).map_err(|e| TestCaseError::fail(e.to_string()))? else {
            return Ok(());
        };
        for t in &sp.terms {
            prop_assert!(finite(t.time), "{t:?}");
            let f = memcalc_core::explain::speed::formula(t);
            prop_assert!(!f.contains("NaN") && !f.contains("inf"), "{f}");
        }
        match sp.steps {
            memcalc_core::Steps::Inference { ttft, decode_step, tokens_per_s, tokens_per_s_per_sequence, .. } => {
                prop_assert!(finite(ttft) && finite(decode_step));
                prop_assert!(tokens_per_s.is_finite() && tokens_per_s_per_sequence.is_finite());
            }
            memcalc_core::Steps::Training { step, tokens_per_s, flops_per_step, .. } => {
                prop_assert!(finite(step) && tokens_per_s.is_finite() && flops_per_step.is_finite());
            }
            memcalc_core::Steps::Sim { step, run, rate, .. } => {
                prop_assert!(finite(step) && finite(run));
                prop_assert!(rate.is_none_or(|r| r.value().is_finite()));
            }
            memcalc_core::Steps::Surrogate { step, samples_per_s, flops_per_step, .. } => {
                prop_assert!(finite(step) && samples_per_s.is_finite() && flops_per_step.is_finite());
            }
        }
        let summary = memcalc_core::explain::speed::summary(&sp);
        prop_assert!(!summary.contains("NaN") && !summary.contains("inf "), "{summary}");
    }
}
