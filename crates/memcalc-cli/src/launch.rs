//! `--launch TARGET` (issue 40): the launch settings of each layout (`--layouts --launch`) or
//! each suggestion ("what to change"), written by the current setup's writers on the row's
//! patched scenario (`memcalc_core::report::emit::rows`); `all` writes every target that
//! applies. With `--json`, the layouts or suggestions document, a `launch` array per row.

use crate::output::Format;
use memcalc_core::report::emit::{self as em, Target};
use memcalc_core::units::UnitSystem;
use memcalc_core::{Choice, Scenario};
use std::process::ExitCode;

/// The target `--launch` names: `all` (None) or one target.
pub(crate) fn target(arg: &str) -> Result<Option<Target>, String> {
    if arg == "all" {
        return Ok(None);
    }
    Target::parse(arg)
        .map(Some)
        .map_err(|msg| format!("--launch {arg}: {msg} (or all)"))
}

/// One row's settings as text: a heading naming the row and its query, then each target's
/// text, or why the target does not apply to the row's scenario.
fn row_text(
    s: &Scenario,
    title: &str,
    patch: &[(memcalc_core::schema::fields::FieldId, String)],
    only: Option<Target>,
) -> String {
    let q = memcalc_core::schema::fields::patch_query(patch);
    let mut out = format!("\n## {title} ({q})\n");
    let Some(p) = em::patched_scenario(s, patch) else {
        out.push_str("# the change does not read as a scenario\n");
        return out;
    };
    let e = memcalc_core::estimate(&p);
    let launch = em::launches(&p, &e, only);
    if launch.is_empty() {
        match only {
            Some(t) => {
                let why = em::not_applicable(t, &p).unwrap_or_default();
                out.push_str(&format!("# {} does not apply: {why}\n", t.id()));
            }
            None => out.push_str("# no target applies\n"),
        }
    }
    for l in launch {
        out.push_str(&l.text);
    }
    out
}

/// `--layouts --launch TARGET`: the layouts table, then each layout's settings.
pub(crate) fn layouts(
    s: &Scenario,
    only: Option<Target>,
    format: Format,
    units: UnitSystem,
) -> ExitCode {
    let found = memcalc_core::analysis::layouts::training_layouts(
        s,
        memcalc_core::analysis::layouts::LAYOUTS_SHOWN,
    );
    if format == Format::Json {
        println!("{}", em::layouts_json(s, &found, only));
    } else {
        print!("{}", crate::layouts_table(s, &found, units));
        for l in &found {
            print!("{}", row_text(s, &l.label(), &l.patch, only));
        }
    }
    crate::exit(!found.is_empty())
}

/// `--launch TARGET` without `--layouts`: each suggestion ("what to change", as the page lists
/// them) with its settings.
pub(crate) fn suggestions(
    s: &Scenario,
    fits: bool,
    only: Option<Target>,
    format: Format,
    units: UnitSystem,
) -> ExitCode {
    let all = memcalc_core::analysis::derived::savings(s);
    if format == Format::Json {
        println!("{}", em::suggestions_json(s, &all, only, units));
    } else if all.is_empty() {
        println!("No single change from the usual list saves memory here.");
    } else {
        for sv in &all {
            let title = format!(
                "{}: {}",
                sv.label,
                memcalc_core::report::saving_text(sv, units)
            );
            print!("{}", row_text(s, &title, &sv.patch, only));
        }
    }
    crate::exit(fits)
}
