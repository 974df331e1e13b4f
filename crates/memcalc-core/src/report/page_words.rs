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

/// The preset picker's first option: what the form started from once edits left it, else the
/// prompt to choose one.
pub fn preset_prompt(current: Option<&crate::schema::presets::Preset>, edited: bool) -> String {
    match (current, edited) {
        (Some(p), true) => format!("Changed from {}", p.label),
        _ => "Choose a model or simulation…".to_string(),
    }
}

/// The preset picker's help: what choosing does, and where the current preset's figures come
/// from.
pub fn preset_help(current: Option<&crate::schema::presets::Preset>) -> String {
    let source = current
        .map(|p| format!(" Source: {}.", p.source))
        .unwrap_or_default();
    format!("Fills every field; each value stays editable.{source}")
}

/// The layout search's heading.
pub fn layouts_heading(gpus: u64) -> String {
    format!(
        "Layouts that fit on {gpus} {}",
        crate::explain::wording::plural(gpus, "GPU", "GPUs")
    )
}

/// How the layout search ranks what fits (the costs are those of `analysis::layouts`).
pub fn layouts_ranking() -> String {
    format!(
        "Ranked: no offload first, then the least compute lost to recomputation (full 33 %, per-op 17 %, selective 3 %) and to the pipeline bubble (1F1B with {} micro-batches), then the fewest bytes each GPU sends per step. Tensor parallelism stays within a node.",
        crate::analysis::layouts::MICRO_BATCHES
    )
}

/// One layout's figures: its bytes per GPU, the compute it loses and what each GPU sends.
pub fn layout_facts(l: &crate::analysis::layouts::Layout, units: UnitSystem) -> String {
    format!(
        "{} · {} % compute lost · {} sent per step",
        format_bytes(l.per_device_bytes, units),
        l.recompute_pct + l.bubble_pct,
        format_bytes(l.comm_bytes, units),
    )
}

/// The scaling view's heading, naming what its chart shows: the table below it always lists
/// memory (issue 37: in the time and efficiency views it still read "How memory scales").
pub fn scaling_heading(x_words: &str, shown: crate::schema::page::ScalingY) -> String {
    use crate::schema::page::ScalingY;
    let what = match shown {
        ScalingY::Memory => "memory scales",
        ScalingY::Time => "the time per step scales",
        ScalingY::Efficiency => "parallel efficiency changes",
    };
    format!("How {what} with {x_words}")
}

/// The scaling table's caption: it lists memory whatever the chart shows.
pub fn scaling_table_caption(x_words: &str, per: &str) -> String {
    format!("Memory per {per} at each count of {x_words}")
}

/// What the share panel says after a copy.
pub fn copied(what: &str) -> String {
    format!("{what} copied.")
}

#[cfg(test)]
mod page_sentence_tests {
    use super::*;
    use crate::schema::page::ScalingY;
    use crate::schema::presets::PRESETS;

    #[test]
    fn the_preset_picker_says_what_the_form_started_from() {
        let p = &PRESETS[0];
        assert_eq!(
            preset_prompt(Some(p), true),
            format!("Changed from {}", p.label)
        );
        assert_eq!(
            preset_prompt(Some(p), false),
            "Choose a model or simulation…"
        );
        assert_eq!(preset_prompt(None, true), "Choose a model or simulation…");
        assert!(preset_help(Some(p)).ends_with(&format!("Source: {}.", p.source)));
        assert_eq!(
            preset_help(None),
            "Fills every field; each value stays editable."
        );
    }

    #[test]
    fn the_scaling_heading_names_what_the_chart_shows() {
        assert_eq!(
            scaling_heading("nodes", ScalingY::Memory),
            "How memory scales with nodes"
        );
        assert_eq!(
            scaling_heading("nodes", ScalingY::Time),
            "How the time per step scales with nodes"
        );
        assert_eq!(
            scaling_heading("GPUs", ScalingY::Efficiency),
            "How parallel efficiency changes with GPUs"
        );
        assert_eq!(
            scaling_table_caption("nodes", "node"),
            "Memory per node at each count of nodes"
        );
    }

    #[test]
    fn layouts_are_counted_and_ranked_in_words() {
        assert_eq!(layouts_heading(1), "Layouts that fit on 1 GPU");
        assert_eq!(layouts_heading(8), "Layouts that fit on 8 GPUs");
        assert!(layouts_ranking().contains("1F1B with 8 micro-batches"));
        assert_eq!(copied("The link"), "The link copied.");
    }
}
