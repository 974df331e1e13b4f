//! Sentences the page shows that are made of values (the form's parameter hint, the verdict
//! read aloud, the check against a measurement), written here so that native tests read them;
//! the page's components only place them.

use crate::base::choice::Choice;
use crate::base::units::{format_bytes, format_fixed, group_digits, UnitSystem};
use crate::model::calibrate::Check;
use crate::model::Estimate;
use crate::scenario::{Mode, Scenario};

/// The hint under the parameter count when an architecture is given: the count it derives, or,
/// when a count is typed as well, that clearing it uses the architecture's.
pub fn params_hint(s: &Scenario) -> Option<String> {
    match (s.params, s.arch) {
        (None, Some(a)) => Some(format!(
            "Derived from the architecture: {} parameters.",
            group_digits(a.total_params())
        )),
        (Some(_), Some(a)) => Some(format!(
            "The architecture gives {}; clear this field to use it.",
            group_digits(a.total_params())
        )),
        _ => None,
    }
}

/// What a screen reader hears once typing pauses: the total, the verdict and, while a field is
/// invalid, what the figures leave out.
pub fn spoken_verdict(e: &Estimate, units: UnitSystem, left_out: Option<&str>) -> String {
    format!(
        "Total {} per {}. {}{}",
        format_bytes(e.per_device_bytes, units),
        e.per,
        super::verdict(e, units),
        left_out.map(|n| format!(" {n}")).unwrap_or_default()
    )
}

/// The check against a measured peak in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckWords {
    /// What the tool reported and what it counts.
    pub reports: String,
    /// The same part of the estimate.
    pub estimated: String,
    /// How far apart they are.
    pub verdict: String,
    /// The button that keeps the difference, when the estimate is below the measurement.
    pub keep: Option<String>,
}

/// A signed percentage of hundredths of a percent, with a true minus sign.
fn percent(bp: i64) -> String {
    format!(
        "{}{} %",
        if bp < 0 { "−" } else { "+" },
        format_fixed(bp.unsigned_abs(), 2)
    )
}

/// The check's sentences; `mode` names what a calibration row is per (a rank or a device).
pub fn check_words(c: &Check, units: UnitSystem, mode: Mode) -> CheckWords {
    let verdict = if c.error_bp == 0 {
        "The estimate matches your measurement.".to_string()
    } else if c.error_bp < 0 {
        format!(
            "The estimate is {} below your measurement ({}).",
            format_bytes(c.measured.abs_diff(c.estimated), units),
            percent(c.error_bp)
        )
    } else {
        format!(
            "The estimate is {} above your measurement ({}): it errs on the safe side, so no calibration is offered.",
            format_bytes(c.estimated.abs_diff(c.measured), units),
            percent(c.error_bp)
        )
    };
    CheckWords {
        reports: format!(
            "{} reports {}; that counts {}. ",
            c.kind.label(),
            format_bytes(c.measured, units),
            c.kind.counts(),
        ),
        estimated: format!(
            "The same part of the estimate is {}. ",
            format_bytes(c.estimated, units)
        ),
        verdict,
        keep: c.suggested_calibration.map(|bytes| {
            format!(
                "Keep the difference as a calibration row ({} per {})",
                format_bytes(bytes, units),
                if mode == Mode::Sim { "rank" } else { "device" }
            )
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::inputs::Inputs;

    fn scenario(query: &str) -> Scenario {
        Inputs::from_query(query).0.parse().unwrap()
    }

    #[test]
    fn an_architecture_alone_gives_the_count() {
        let s = scenario("mode=train&params=&layers=32&hidden=4096&heads=32&vocab=32000");
        let hint = params_hint(&s).unwrap();
        assert!(
            hint.starts_with("Derived from the architecture: "),
            "{hint}"
        );
        assert!(hint.ends_with(" parameters."), "{hint}");
        assert_eq!(
            hint,
            format!(
                "Derived from the architecture: {} parameters.",
                group_digits(s.arch.unwrap().total_params())
            )
        );
    }

    #[test]
    fn a_typed_count_beside_an_architecture_says_how_to_use_it() {
        let s = scenario("mode=train&params=7e9&layers=32&hidden=4096&heads=32&vocab=32000");
        assert!(s.params.is_some() && s.arch.is_some());
        let hint = params_hint(&s).unwrap();
        assert!(hint.starts_with("The architecture gives "), "{hint}");
        assert!(hint.ends_with("; clear this field to use it."), "{hint}");
    }

    #[test]
    fn no_architecture_no_hint() {
        let s = Scenario::default();
        assert_eq!(s.arch, None);
        assert_eq!(params_hint(&s), None);
    }

    fn checked(query: &str) -> (Scenario, Check) {
        let s = scenario(query);
        let c = crate::model::calibrate::check(&s, &crate::model::estimate(&s)).unwrap();
        (s, c)
    }

    #[test]
    fn the_check_below_a_measurement_offers_the_difference() {
        let (s, c) = checked("mode=train&params=7e9&measured=200GiB&measured_kind=nvidia_smi");
        assert!(c.error_bp < 0, "{c:?}");
        let w = check_words(&c, UnitSystem::Binary, s.mode);
        assert!(w.reports.starts_with(c.kind.label()), "{}", w.reports);
        assert!(
            w.reports.contains(" reports 200.00 GiB; that counts "),
            "{}",
            w.reports
        );
        assert!(w.reports.ends_with(". "), "{}", w.reports);
        assert!(
            w.estimated.starts_with("The same part of the estimate is "),
            "{}",
            w.estimated
        );
        assert!(w.verdict.starts_with("The estimate is "), "{}", w.verdict);
        assert!(
            w.verdict.contains(" below your measurement (−"),
            "{}",
            w.verdict
        );
        assert!(w.verdict.ends_with(" %)."), "{}", w.verdict);
        let keep = w.keep.unwrap();
        assert!(
            keep.starts_with("Keep the difference as a calibration row ("),
            "{keep}"
        );
        assert!(keep.ends_with(" per device)"), "{keep}");
    }

    #[test]
    fn the_check_above_a_measurement_offers_nothing() {
        let (s, c) = checked("mode=train&params=7e9&measured=1GiB&measured_kind=nvidia_smi");
        assert!(c.error_bp > 0, "{c:?}");
        let w = check_words(&c, UnitSystem::Binary, s.mode);
        assert!(
            w.verdict.contains(" above your measurement (+"),
            "{}",
            w.verdict
        );
        assert!(
            w.verdict
                .ends_with(" %): it errs on the safe side, so no calibration is offered."),
            "{}",
            w.verdict
        );
        assert_eq!(w.keep, None);
        // A simulation's calibration row is per rank.
        let below = Check {
            measured: c.estimated + (1 << 30),
            error_bp: -1250,
            suggested_calibration: Some(1 << 30),
            ..c
        };
        let w = check_words(&below, UnitSystem::Binary, Mode::Sim);
        assert!(w.verdict.ends_with("(−12.5 %)."), "{}", w.verdict);
        assert_eq!(
            w.keep.as_deref(),
            Some("Keep the difference as a calibration row (1.00 GiB per rank)")
        );
        let exact = Check {
            error_bp: 0,
            ..below
        };
        assert_eq!(
            check_words(&exact, UnitSystem::Binary, Mode::Sim).verdict,
            "The estimate matches your measurement."
        );
    }

    #[test]
    fn the_spoken_verdict_says_the_total_and_what_is_left_out() {
        let e = crate::model::estimate(&Scenario::default());
        let said = spoken_verdict(&e, UnitSystem::Binary, None);
        assert_eq!(
            said,
            format!(
                "Total {} per {}. {}",
                format_bytes(e.per_device_bytes, UnitSystem::Binary),
                e.per,
                crate::report::verdict(&e, UnitSystem::Binary)
            )
        );
        let with = spoken_verdict(&e, UnitSystem::Binary, Some("Batch left out."));
        assert_eq!(with, format!("{said} Batch left out."));
    }
}
