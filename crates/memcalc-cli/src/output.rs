//! The formats `memcalc` prints: a terminal table, JSON, CSV and Markdown, and sweeps.

use memcalc_core::answers::scaling;
use memcalc_core::report;
use memcalc_core::text::parts;
use memcalc_core::units::{format_bytes, group_digits, UnitSystem};
use memcalc_core::{Estimate, Inputs, Notice, Scenario};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Table,
    Json,
    Csv,
    Markdown,
}

impl Format {
    pub fn parse(s: &str) -> Option<Format> {
        Some(match s {
            "table" => Format::Table,
            "json" => Format::Json,
            "csv" => Format::Csv,
            "markdown" | "md" => Format::Markdown,
            _ => return None,
        })
    }

    /// `--format`'s parser: the message names every format.
    pub fn parse_arg(s: &str) -> Result<Format, String> {
        Format::parse(s).ok_or_else(|| "--format takes table, json, csv or markdown".to_string())
    }
}

pub fn render(
    s: &Scenario,
    e: &Estimate,
    notices: &[Notice],
    format: Format,
    decimal: bool,
) -> String {
    let units = if decimal {
        UnitSystem::Decimal
    } else {
        UnitSystem::Binary
    };
    let size = |b: u64| format_bytes(b, units);
    let mut out = String::new();
    // Every export says what it estimated: the query that reopens it and the changed inputs.
    let origin = report::Origin::new(s, s.to_query());
    match format {
        Format::Json => out.push_str(&report::to_json(e, notices, Some(&origin))),
        Format::Csv => out.push_str(&report::to_csv(e, Some(&origin))),
        Format::Markdown => out.push_str(&report::to_markdown(e, units, Some(&origin))),
        Format::Table => {
            let width = e
                .components
                .iter()
                .map(|c| parts::label(c).len())
                .max()
                .unwrap_or(10)
                .max(16);
            for c in &e.components {
                out.push_str(&format!(
                    "{:<width$}  {:>12}  {:>22} B  {:<6}  {}\n",
                    parts::label(c),
                    size(c.bytes),
                    group_digits(c.bytes),
                    c.location.id(),
                    parts::formula(c)
                ));
            }
            out.push_str(&format!(
                "{:<width$}  {:>12}  {:>22} B  ({})\n",
                format!("Total per {}", e.per),
                size(e.per_device_bytes),
                group_digits(e.per_device_bytes),
                e.busiest
            ));
            if e.host_per_node_bytes > 0 && e.mode != memcalc_core::Mode::Sim {
                out.push_str(&format!(
                    "{:<width$}  {:>12}\n",
                    "Host per node",
                    size(e.host_per_node_bytes)
                ));
            }
            out.push_str(&report::verdict(e, units));
            out.push('\n');
            if let Some(v) = &e.serving {
                out.push_str(&memcalc_core::text::serving::summary(v));
                out.push('\n');
            }
            for w in &e.warnings {
                out.push_str(&format!(
                    "note: {}\n",
                    memcalc_core::text::warnings::warning(w)
                ));
            }
            let d = memcalc_core::answers::derived::derive(s);
            if e.serving.is_some() {
                // A server's answer is in concurrent sequences, as the page's "At a glance".
                if let Some(f) = report::facts(e, &d, units)
                    .into_iter()
                    .find(|f| f.id == "max-batch")
                {
                    out.push_str(&format!("{}: {}\n", f.label, f.value));
                }
            } else if e.mode != memcalc_core::Mode::Sim {
                match d.max_batch {
                    Some(b) => out.push_str(&format!(
                        "Largest micro-batch that fits: {}\n",
                        group_digits(b)
                    )),
                    None => {
                        out.push_str("Largest micro-batch that fits: none, even 1 does not fit\n")
                    }
                }
            }
            if let Some(q) = d.max_seq {
                out.push_str(&format!(
                    "Longest context that fits: {} tokens{}\n",
                    group_digits(q),
                    if d.context_limit.is_some() {
                        " (the model's maximum; memory would allow more)"
                    } else {
                        ""
                    }
                ));
            }
            if let Some(g) = d.fewest_gpus {
                out.push_str(&format!(
                    "{}: {}\n",
                    memcalc_core::answers::derived::fewest_gpus_words(e.mode).0,
                    group_digits(g)
                ));
            }
            if let Some(n) = d.fewest_nodes {
                out.push_str(&format!(
                    "Fewest nodes (same ranks per node): {}\n",
                    group_digits(n)
                ));
            }
            for sv in d.savings.iter().take(5) {
                if sv.serving.is_some() {
                    // Under a pooled engine the total stays its share: the change is in sequences.
                    out.push_str(&format!(
                        "{}: {} ({})\n",
                        sv.label,
                        report::saving_text(sv, units),
                        sv.query()
                    ));
                    continue;
                }
                out.push_str(&format!(
                    "Saves {:>12}: {} ({}){}\n",
                    size(sv.saved),
                    sv.label,
                    sv.query(),
                    if sv.fits_after { ", then fits" } else { "" }
                ));
            }
        }
    }
    out
}

/// Estimates for every value of one key; returns whether the last one fits.
pub fn sweep(base: &Inputs, spec: &str, format: Format, decimal: bool) -> Result<bool, String> {
    let (key, range) = spec.split_once('=').ok_or("--sweep takes KEY=FROM..TO")?;
    let (a, b) = range
        .split_once("..")
        .ok_or("--sweep takes KEY=FROM..TO, e.g. batch=1..64")?;
    let parse =
        |t: &str| memcalc_core::units::parse_count(t).map_err(|e| format!("--sweep {key}: {e}"));
    let (from, to) = (parse(a)?, parse(b)?);
    if from > to {
        return Err(format!("--sweep {key}: {from} is above {to}"));
    }
    let Some(id) = memcalc_core::inputs::fields::FieldId::from_key(key) else {
        return Err(format!(
            "--sweep: '{key}' is not a parameter; see docs/url-parameters.md"
        ));
    };
    let units = if decimal {
        UnitSystem::Decimal
    } else {
        UnitSystem::Binary
    };
    let points = scaling::sweep(base, id, &scaling::sweep_values(from, to))?;
    let rows: Vec<(u64, u64, u64, bool)> = points
        .iter()
        .map(|p| (p.x, p.bytes, p.capacity, p.fits))
        .collect();
    let mut out = String::new();
    match format {
        Format::Json => out.push_str(&report::sweep_to_json(key, &points)),
        Format::Csv => {
            out.push_str(&format!("{key},per_device_bytes,capacity_bytes,fits\n"));
            for (v, b, c, f) in &rows {
                out.push_str(&format!("{v},{b},{c},{f}\n"));
            }
        }
        Format::Markdown => {
            out.push_str(&format!(
                "| {key} | Memory per device | Fits |\n|---:|---:|---|\n"
            ));
            for (v, b, _, f) in &rows {
                out.push_str(&format!(
                    "| {v} | {} | {} |\n",
                    format_bytes(*b, units),
                    if *f { "yes" } else { "no" }
                ));
            }
        }
        Format::Table => {
            for (v, b, _, f) in &rows {
                out.push_str(&format!(
                    "{key}={v:<12} {:>12}  {}\n",
                    format_bytes(*b, units),
                    if *f { "fits" } else { "does not fit" }
                ));
            }
        }
    }
    print!("{out}");
    Ok(rows.last().is_some_and(|r| r.3))
}
