//! The breakdown in the forms people paste elsewhere: JSON (the schema `memcalc --json`
//! prints), CSV and a Markdown table; and sweeps of one key, the data behind the scaling chart.
//! Shared by the page's exports and the CLI, so both always agree.

use crate::base::units::{format_bytes, UnitSystem};
use crate::explain::parts;
use crate::model::Estimate;
use crate::scenario::Scenario;

pub mod band;
// Issue 43: the answers a program calls for (the Python package), as JSON text.
#[cfg(feature = "time")]
pub mod calls;
pub mod compare;
// Launch settings out (issue 40): `memcalc --emit`.
pub mod emit;
mod glance;
mod json;
pub mod log_check;
mod names;
pub mod page_words;
// The published schema of the report and of the link's keys (issue 43).
pub mod schema;
// The planner's answer (issue 41).
pub mod plan;
mod time_answer;
pub mod timeline;
pub use glance::{facts, saving_change, saving_text, Fact};
pub use json::{
    speed_json, sweep_to_json, sweep_to_json_with_speed, to_json, to_json_with_curve,
    to_json_with_speed, to_json_with_time,
};
pub use names::{file_name, subject, title};
pub use page_words::{check_words, params_hint, spoken_verdict, CheckWords};
#[cfg(feature = "time")]
pub use time_answer::{plan_answer, time_answer, time_line};
// issue 41/36 (h-lane): the rows' launch settings, asked apart from the time answer.
#[cfg(feature = "time")]
pub use time_answer::launch_rows;
pub use time_answer::row_launch;
pub use time_answer::{CompareTime, Launch, SavingTime, TermWords, TimeAnswer, TimeExport};
// Issue 41 (h-planpage): the layout rows' times on the page.
pub use time_answer::LayoutTimeText;
// Issue 40 (h-launch): each suggestion's and layout row's launch settings.
pub use time_answer::RowLaunch;
// Issue 41 (h-compare): the comparison's time terms on the page.
pub use time_answer::CompareTerm;
// ---- Issue 36 (h-split): the page's advice and scaling sweep, worked out in the core worker ----
mod advice;
pub use advice::{advice, Advice, LayoutRow, SavingRow};

/// Where a row's bytes live, as the table, the CSV and the Markdown all write it: a
/// simulation's rows are in the node's memory (CPU codes) or on the GPU; "device" is the
/// neural-network page's word; host and disk rows say so.
pub fn place(e: &Estimate, l: crate::model::Location) -> &'static str {
    match (e.mode, l) {
        (crate::scenario::Mode::Sim, crate::model::Location::Device) => e.per.word(),
        _ => l.id(),
    }
}

/// Where an export came from, so that a file found later can be traced and reopened: the link
/// of the calculation and the inputs that differ from the mode's defaults.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// The page link that reopens the calculation (the CLI, which has no address, gives the
    /// query, which the page and `memcalc` both read).
    pub link: String,
    /// (URL key, value) of every input that differs from the defaults, in form order.
    pub inputs: Vec<(String, String)>,
}

impl Origin {
    pub fn new(s: &Scenario, link: String) -> Origin {
        let inputs = crate::schema::query::pairs(&s.to_query())
            .into_iter()
            .filter(|(k, _)| k != "v")
            .collect();
        Origin { link, inputs }
    }

    fn label(key: &str) -> &'static str {
        crate::schema::fields::field(key).map_or("", |f| f.label)
    }
}

/// A CSV field, quoted when it needs to be (RFC 4180).
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The breakdown as CSV: one row per component, then the total; with an origin, one row per
/// changed input (`input:<key>`, its label, the value in the last column) and the `link` row,
/// in the same five columns so that a spreadsheet reads them as it reads the rest.
pub fn to_csv(e: &Estimate, origin: Option<&Origin>) -> String {
    to_csv_with_speed(e, origin, None)
}

/// [`to_csv`] with the run's time after the total: a `time` row (the summary line in the label
/// column, the bound's key in the location column) and one `time:<term>` row per term (its
/// label, bound and formula), in the same five columns.
pub fn to_csv_with_speed(
    e: &Estimate,
    origin: Option<&Origin>,
    speed: Option<&crate::speed::Speed>,
) -> String {
    to_csv_with_time(e, origin, speed.map(csv_time_rows).as_deref())
}

/// The CSV's time rows ([`to_csv_with_speed`]): a `time` row (the summary line in the label
/// column, the bound's key in the location column) and one `time:<term>` row per term. The
/// time wasm writes them for the page (`TimeAnswer::export`).
pub fn csv_time_rows(sp: &crate::speed::Speed) -> String {
    use crate::explain::speed as text;
    let mut out = format!(
        "time,{},,{},\n",
        csv_field(&text::summary(sp)),
        sp.bound.key()
    );
    for t in &sp.terms {
        out.push_str(&format!(
            "time:{},{},,{},{}\n",
            t.id().key(),
            csv_field(text::label(t)),
            t.bound.key(),
            csv_field(&text::formula(t))
        ));
    }
    out
}

/// [`to_csv`] with the time rows given as text ([`csv_time_rows`]) after the total: the page's
/// export and the CLI's write the same CSV through this one function.
pub fn to_csv_with_time(e: &Estimate, origin: Option<&Origin>, time: Option<&str>) -> String {
    let mut out = String::from("id,label,bytes,location,formula\n");
    for c in &e.components {
        out.push_str(&format!(
            "{},{},{},{},{}\n",
            c.id,
            csv_field(parts::label(c)),
            c.bytes,
            place(e, c.location),
            csv_field(&parts::formula(c))
        ));
    }
    out.push_str(&format!(
        "total,Total per {},{},{},\n",
        e.per,
        e.per_device_bytes,
        place(e, crate::model::Location::Device)
    ));
    // A pooled engine's answer is in sequences, not in the total: its own row, the sentence
    // in the last column as the input rows carry their values.
    if let Some(v) = &e.serving {
        out.push_str(&format!(
            "serving,Concurrent sequences that fit,,,{}\n",
            csv_field(&crate::explain::serving::summary(v))
        ));
    }
    if let Some(rows) = time {
        out.push_str(rows);
    }
    if let Some(o) = origin {
        for (k, v) in &o.inputs {
            out.push_str(&format!(
                "input:{k},{},,,{}\n",
                csv_field(Origin::label(k)),
                csv_field(v)
            ));
        }
        out.push_str(&format!(
            "link,Link that reopens this calculation,,,{}\n",
            csv_field(&o.link)
        ));
    }
    out
}

/// A pooled engine's verdict, in sequences, while its total is within the device: its total
/// is its share whatever the load, so only the pool says whether the requested sequences fit.
/// `within` names what the engine fits in. None for anything else.
fn serving_verdict(e: &Estimate, within: &str) -> Option<String> {
    let v = e
        .serving
        .filter(|_| e.per_device_bytes <= e.capacity_bytes)?;
    // A host memory that is short is said in bytes, below.
    if v.batch_fits() && !e.fits() {
        return None;
    }
    Some(format!(
        "{} {within}: {}.",
        if v.batch_fits() {
            "Fits"
        } else {
            "Does not fit"
        },
        crate::explain::serving::holds(&v)
    ))
}

/// The page's verdict: as [`verdict`], with the device's capacity beside its name (for a
/// pooled engine, the share it takes of it).
pub fn verdict_with_capacity(e: &Estimate, units: UnitSystem) -> String {
    let cap = format_bytes(e.capacity_bytes, units);
    let diff = format_bytes(e.headroom_abs(), units);
    if let Some(v) = e.serving {
        let within = format!(
            "in {} ({})",
            crate::explain::serving::share(&v, &e.device_label, units),
            format_bytes(v.limit(), units)
        );
        if let Some(t) = serving_verdict(e, &within) {
            return with_unified(t, e, units);
        }
    }
    let v = if e.fits() {
        format!(
            "Fits on {} ({cap}) with {diff} to spare{}.",
            e.device_label,
            band::high_end(e, units)
        )
    } else {
        format!("Does not fit on {} ({cap}): {diff} short.", e.device_label)
    };
    with_unified(v, e, units)
}

/// The verdict with, on a unified-memory device, what the operating system keeps of the pool
/// the GPU shares with it, and the rule (with its source) that gives the GPU its share.
fn with_unified(verdict: String, e: &Estimate, units: UnitSystem) -> String {
    match e.unified {
        Some(u) => format!(
            "{verdict} Unified memory: the GPU shares {} with the CPU; {} keeps {} — {}.",
            format_bytes(u.total_bytes, units),
            u.keeper,
            format_bytes(u.total_bytes.saturating_sub(e.capacity_bytes), units),
            u.rule
        ),
        None => verdict,
    }
}

/// One sentence: fits or not, and by how much (for a pooled engine, in sequences).
pub fn verdict(e: &Estimate, units: UnitSystem) -> String {
    let diff = format_bytes(e.headroom_abs(), units);
    if let Some(t) = serving_verdict(e, &format!("on {}", e.device_label)) {
        return with_unified(t, e, units);
    }
    let v = if e.fits() {
        format!(
            "Fits on {} with {diff} to spare{}.",
            e.device_label,
            band::high_end(e, units)
        )
    } else {
        format!("Does not fit on {}: {diff} short.", e.device_label)
    };
    with_unified(v, e, units)
}

/// The phone's summary pill (the live form's and the first screen's): the total per device and
/// whether it fits, e.g. "201.61 GB · does not fit".
pub fn summary(e: &Estimate, units: UnitSystem) -> String {
    format!(
        "{} · {}",
        format_bytes(e.per_device_bytes, units),
        if e.fits() { "fits" } else { "does not fit" }
    )
}

/// The phone's pinned summary on the live page: [`summary`], then for a pooled engine how many
/// of the requested sequences fit ("9 of 64 sequences"), then the time answer's headline rate
/// (`text::speed::headline`), the figures the desktop shows beside the verdict (issue 39).
pub fn pill(e: &Estimate, units: UnitSystem, rate: Option<&str>) -> String {
    let mut out = summary(e, units);
    if let Some(v) = e.serving {
        out.push_str(&format!(
            " · {} of {} sequences",
            crate::base::units::group_digits(v.sequences.min(v.batch)),
            crate::base::units::group_digits(v.batch)
        ));
    }
    if let Some(r) = rate {
        out.push_str(&pill_rate(r));
    }
    out
}

/// The pill's rate as it follows the rest: " · 485 tokens/s".
pub fn pill_rate(rate: &str) -> String {
    format!(" · {rate}")
}

/// The breakdown as Markdown; with an origin, first the link back and a table of the inputs
/// that differ from the defaults, so a pasted estimate says what it estimated.
pub fn to_markdown(e: &Estimate, units: UnitSystem, origin: Option<&Origin>) -> String {
    to_markdown_with_speed(e, units, origin, None)
}

/// [`to_markdown`] with the run's time after the verdict: the summary line, then a table of
/// its terms (label, time, bound, formula).
pub fn to_markdown_with_speed(
    e: &Estimate,
    units: UnitSystem,
    origin: Option<&Origin>,
    speed: Option<&crate::speed::Speed>,
) -> String {
    let time = speed.map(|sp| markdown_time(sp, units));
    to_markdown_with_time(e, units, origin, time.as_deref())
}

/// The Markdown's time section ([`to_markdown_with_speed`]): the summary line, then a table
/// of the terms (label, time, bound, formula with byte counts in `units`). The time wasm
/// writes it for the page (`TimeAnswer::export`).
pub fn markdown_time(sp: &crate::speed::Speed, units: UnitSystem) -> String {
    use crate::explain::speed as text;
    let mut out = format!(
        "\n{}\n\n| Time term | Time | Bound | Formula |\n|---|---:|---|---|\n",
        text::summary(sp)
    );
    for t in &sp.terms {
        out.push_str(&format!(
            "| {} | {} | {} | `{}` |\n",
            text::label(t),
            text::time(t.time),
            text::bound(t.bound),
            text::formula_in(t, units).replace('|', "\\|")
        ));
    }
    out
}

/// [`to_markdown`] with the time section given as text ([`markdown_time`]) after the verdict:
/// the page's export and the CLI's write the same Markdown through this one function.
pub fn to_markdown_with_time(
    e: &Estimate,
    units: UnitSystem,
    origin: Option<&Origin>,
    time: Option<&str>,
) -> String {
    let size = |b: u64| format_bytes(b, units);
    let mut out = String::new();
    if let Some(o) = origin {
        if o.link.contains("://") {
            out.push_str(&format!("[Reopen this calculation]({})\n\n", o.link));
        } else {
            out.push_str(&format!(
                "Query that reopens this calculation: `{}`\n\n",
                o.link
            ));
        }
        if o.inputs.is_empty() {
            out.push_str("Every input at its default.\n\n");
        } else {
            out.push_str("| Input | Key | Value |\n|---|---|---|\n");
            for (k, v) in &o.inputs {
                out.push_str(&format!(
                    "| {} | `{k}` | {} |\n",
                    Origin::label(k),
                    v.replace('|', "\\|")
                ));
            }
            out.push('\n');
        }
    }
    out.push_str("| Component | Memory | Bytes | Where | Formula |\n|---|---:|---:|---|---|\n");
    let place = |l| place(e, l);
    for c in &e.components {
        out.push_str(&format!(
            "| {} | {} | {} | {} | `{}` |\n",
            parts::label(c),
            size(c.bytes),
            c.bytes,
            place(c.location),
            parts::formula(c).replace('|', "\\|")
        ));
    }
    out.push_str(&format!(
        "| **Total per {}** | **{}** | {} | {} | |\n\n{}\n",
        e.per,
        size(e.per_device_bytes),
        e.per_device_bytes,
        place(crate::model::Location::Device),
        verdict(e, units)
    ));
    if let Some(v) = &e.serving {
        out.push_str(&format!("\n{}\n", crate::explain::serving::summary(v)));
    }
    if let Some(time) = time {
        out.push_str(time);
    }
    out
}
