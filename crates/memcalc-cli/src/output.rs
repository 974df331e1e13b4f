//! The formats `memcalc` prints: a terminal table, JSON, CSV and Markdown, and sweeps.

use memcalc_core::analysis::scaling;
use memcalc_core::explain::parts;
use memcalc_core::explain::speed as time_text;
use memcalc_core::report;
use memcalc_core::units::{format_bytes, group_digits, UnitSystem};
use memcalc_core::{Estimate, Inputs, Notice, Scenario, Speed, Steps};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Table,
    Json,
    Csv,
    Markdown,
    /// The timeline's Chrome trace (`--timeline --format trace`); elsewhere a table.
    Trace,
}

impl Format {
    pub fn parse(s: &str) -> Option<Format> {
        Some(match s {
            "table" => Format::Table,
            "json" => Format::Json,
            "csv" => Format::Csv,
            "markdown" | "md" => Format::Markdown,
            "trace" => Format::Trace,
            _ => return None,
        })
    }

    /// `--format`'s parser: the message names every format.
    pub fn parse_arg(s: &str) -> Result<Format, String> {
        Format::parse(s).ok_or_else(|| {
            "--format takes table, json, csv or markdown (or trace, with --timeline)".to_string()
        })
    }
}

/// The estimate in `format`, with the run's time (`speed`, where the scenario has a time
/// model) beside it: a `speed` object in JSON, time rows in CSV and Markdown, and in the table
/// the time line after the verdict and one line per term.
pub fn render(
    s: &Scenario,
    e: &Estimate,
    sp: Option<&Speed>,
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
        // The document the Python package returns too (issue 43): built once, in the core.
        Format::Json => out.push_str(&report::calls::document(s, e, sp, notices)),
        Format::Csv => out.push_str(&report::to_csv_with_speed(e, Some(&origin), sp)),
        Format::Markdown => {
            out.push_str(&report::to_markdown_with_speed(e, units, Some(&origin), sp))
        }
        Format::Table | Format::Trace => {
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
            out.push_str(&format!(
                "{:<width$}  {}\n",
                "Range of the total",
                report::band::total(e, units)
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
                out.push_str(&memcalc_core::explain::serving::summary(v));
                out.push('\n');
            }
            if let Some(sp) = sp {
                out.push_str(&time_lines(sp, units));
                out.push_str(&format!("  {}\n", report::band::time(e, sp)));
            }
            for w in &e.warnings {
                out.push_str(&format!(
                    "note: {}\n",
                    memcalc_core::explain::warnings::warning(w)
                ));
            }
            let d = memcalc_core::analysis::derived::derive(s);
            out.push_str(&derived_lines(e, &d, units));
        }
    }
    out
}

/// The table's answers derived from the estimate: the largest batch and context that fit, the
/// fewest GPUs or nodes, and the five changes that save the most (with their queries). The
/// table prints them after the verdict; `memcalc mcp`'s `suggestions` tool returns them.
pub(crate) fn derived_lines(
    e: &Estimate,
    d: &memcalc_core::analysis::derived::Derived,
    units: UnitSystem,
) -> String {
    let size = |b: u64| format_bytes(b, units);
    let mut out = String::new();
    if e.serving.is_some() || e.mode == memcalc_core::Mode::Infer {
        // A server's answer is in concurrent sequences, as the page's "At a glance";
        // so is any inference run's (a micro-batch is training's).
        if let Some(f) = report::facts(e, d, units)
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
            None => out.push_str("Largest micro-batch that fits: none, even 1 does not fit\n"),
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
            if d.layer_split {
                memcalc_core::analysis::derived::LAYER_SPLIT_WORDS.0
            } else {
                memcalc_core::analysis::derived::fewest_gpus_words(e.mode).0
            },
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
    out
}

/// The table's time line: the summary, then each term's label, time and formula, indented.
pub(crate) fn time_lines(sp: &Speed, units: UnitSystem) -> String {
    let mut out = format!("Time: {}\n", time_text::summary(sp));
    let width = sp
        .terms
        .iter()
        .map(|t| time_text::label(t).chars().count())
        .max()
        .unwrap_or(0);
    for t in &sp.terms {
        out.push_str(&format!(
            "  {:<width$}  {:>12}  {}\n",
            time_text::label(t),
            time_text::time(t.time),
            time_text::formula_in(t, units)
        ));
    }
    out
}

/// A sweep row's time: the step's seconds (a decode step for inference; `None` on overflow),
/// its rate (tokens/s over all sequences or devices, or a lattice's MLUPs) and the bound.
#[derive(Debug, Clone, Copy, PartialEq)]
struct RowTime {
    step: Option<f64>,
    rate: Option<f64>,
    bound: &'static str,
}

impl RowTime {
    /// The row's time; with `first_token`, an inference row's step is its time to first token
    /// (a sweep over the prompt moves nothing else).
    fn of(sp: &Speed, first_token: bool) -> RowTime {
        let (step, rate) = match sp.steps {
            Steps::Inference {
                ttft,
                decode_step,
                tokens_per_s,
                ..
            } => (
                if first_token { ttft } else { decode_step }.seconds(),
                Some(tokens_per_s),
            ),
            Steps::Training {
                step, tokens_per_s, ..
            } => (step.seconds(), Some(tokens_per_s)),
            Steps::Sim { step, rate, .. } => (step.seconds(), rate.map(|r| r.value())),
            Steps::Surrogate {
                step,
                samples_per_s,
                ..
            } => (step.seconds(), Some(samples_per_s)),
        };
        RowTime {
            step,
            rate,
            bound: sp.bound.key(),
        }
    }
}

/// The rate column's name for a sweep's kind of run: tokens/s, or MLUPs for a simulation.
fn rate_names(sp: &Speed, first_token: bool) -> (&'static str, &'static str, &'static str) {
    match sp.steps {
        Steps::Inference { .. } if first_token => ("ttft_s", "tokens_per_s", "tokens/s"),
        Steps::Inference { .. } => ("decode_step_s", "tokens_per_s", "tokens/s"),
        Steps::Training { .. } => ("step_s", "tokens_per_s", "tokens/s"),
        Steps::Sim { rate, .. } => (
            "step_s",
            rate.map_or("rate", |r| r.key()),
            rate.map_or("", |r| r.unit()),
        ),
        Steps::Surrogate { .. } => ("step_s", "samples_per_s", "samples/s"),
    }
}

/// Parallel efficiency of each row of a sweep over ranks, GPUs or nodes against its first timed
/// row: the throughput per rank, GPU or node over the first's, (r / n) ÷ (r₀ / n₀), where r is
/// the step's rate (tokens/s for neural models; a simulation's fixed problem per step, 1 / step).
/// Strong scaling for a simulation (T₀ n₀ ÷ (T n)), weak for data parallelism (its tokens per
/// step grow with the GPUs). A sweep over nodes keeps the problem and the ranks the link gives
/// (issue 37: `--sweep nodes` printed no efficiency). None for other keys or rows without a time.
fn efficiencies(
    key: memcalc_core::schema::fields::FieldId,
    points: &[scaling::Point],
    speeds: &[Option<Speed>],
) -> Option<Vec<Option<f64>>> {
    use memcalc_core::schema::fields::FieldId;
    if !matches!(key, FieldId::Ranks | FieldId::Gpus | FieldId::Nodes) {
        return None;
    }
    let per_unit: Vec<Option<f64>> = points
        .iter()
        .zip(speeds)
        .map(|(p, sp)| {
            let sp = sp.as_ref()?;
            let rate = match sp.steps {
                Steps::Sim { step, .. } => step.seconds().map(|t| 1.0 / t),
                _ => RowTime::of(sp, false).rate,
            }?;
            Some(rate / p.x.max(1) as f64).filter(|r| r.is_finite() && *r > 0.0)
        })
        .collect();
    let first = per_unit.iter().flatten().next().copied()?;
    Some(per_unit.iter().map(|r| r.map(|r| r / first)).collect())
}

/// An efficiency as a whole percent.
fn percent(e: Option<f64>) -> String {
    e.map_or(String::new(), |e| {
        format!("{} %", (e * 100.0).round() as i64)
    })
}

/// The time of the scenario `base` with `key` set to `x`, as the sweep's row for `x` has it;
/// `None` where that scenario has no time model or a hardware figure is out of range.
fn speed_at(base: &Inputs, key: memcalc_core::schema::fields::FieldId, x: u64) -> Option<Speed> {
    report::calls::speed_at(base, key, x)
}

/// A rate in a sweep's table or Markdown: three significant figures, whole from 100 up, as
/// the time line writes its rates (issue 39: `71.275 tokens/s` stood beside `135 tokens/s`).
/// CSV and JSON keep every digit.
fn short(v: Option<f64>) -> String {
    v.map_or(String::new(), memcalc_core::units::format_sig)
}

/// What `--list` prints: a table of id and the page's name, or with `--json` (or
/// `--format json`) an array of `{"id", "name"}` objects. CSV and Markdown get their own forms.
pub fn list(rows: &[(&str, &str)], format: Format) -> String {
    let mut out = String::new();
    match format {
        Format::Json => {
            out.push('[');
            for (i, (id, name)) in rows.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&format!(
                    "\n  {{\"id\": {}, \"name\": {}}}",
                    json_string(id),
                    json_string(name)
                ));
            }
            out.push_str("\n]\n");
        }
        Format::Csv => {
            out.push_str("id,name\n");
            for (id, name) in rows {
                out.push_str(&format!("{},\"{}\"\n", id, name.replace('"', "\"\"")));
            }
        }
        Format::Markdown => {
            out.push_str("| id | name |\n|---|---|\n");
            for (id, name) in rows {
                out.push_str(&format!("| `{id}` | {} |\n", name.replace('|', "\\|")));
            }
        }
        Format::Table | Format::Trace => {
            let width = rows
                .iter()
                .map(|(id, _)| id.chars().count())
                .max()
                .unwrap_or(2);
            out.push_str(&format!("{:<width$}  name\n", "id"));
            for (id, name) in rows {
                out.push_str(&format!("{id:<width$}  {name}\n"));
            }
        }
    }
    out
}

/// A JSON string literal (RFC 8259: quote, backslash and control characters escaped).
fn json_string(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The error for a `--list` name that is no catalog, with the closest names.
pub fn not_a_list(what: &str) -> String {
    let names = memcalc_core::schema::fields::list_names();
    let shown: String = what.chars().take(40).collect();
    let hint = memcalc_core::schema::fields::closest_list(what)
        .map_or(String::new(), |h| format!(" ({h})"));
    format!(
        "--list: '{shown}' is not a list{hint}; the lists are {}",
        names.join(", ")
    )
}

/// The error for a key no field or page option has, with the closest keys when one is near.
pub fn not_a_parameter(key: &str) -> String {
    report::calls::not_a_parameter(key)
}

/// Estimates for every value of one key; returns whether the last one fits. Values the
/// scenario does not take are skipped with a note on standard error, and a sweep whose rows are
/// all the same says why.
pub fn sweep(base: &Inputs, spec: &str, format: Format, decimal: bool) -> Result<bool, String> {
    let (key, range) = spec.split_once('=').ok_or("--sweep takes KEY=FROM..TO")?;
    let (a, b) = range
        .split_once("..")
        .ok_or("--sweep takes KEY=FROM..TO, e.g. batch=1..64")?;
    let Some(id) = memcalc_core::schema::fields::FieldId::from_key(key) else {
        return Err(format!("--sweep: {}", not_a_parameter(key)));
    };
    // The bounds read as the field reads its value: seq=1k..128k is 1,024 to 131,072 tokens.
    let parse = |t: &str| {
        id.field()
            .sweep_bound(t)
            .map_err(|e| format!("--sweep {key}={t}: {e}"))
    };
    let (from, to) = (parse(a)?, parse(b)?);
    if from > to {
        return Err(format!("--sweep {key}: {from} is above {to}"));
    }
    let units = if decimal {
        UnitSystem::Decimal
    } else {
        UnitSystem::Binary
    };
    let found = scaling::sweep(base, id, &scaling::sweep_values(from, to));
    for (v, why) in &found.skipped {
        eprintln!("memcalc: --sweep {key}={v} skipped: {why}");
    }
    if found.points.is_empty() {
        return Err(format!(
            "--sweep {key}: no value from {from} to {to} is valid"
        ));
    }
    if let Some(why) = &found.unchanged {
        eprintln!("memcalc: note: {why}");
    }
    for (v, w) in &found.oversubscribed {
        eprintln!(
            "memcalc: warning: --sweep {key}={v}: {}",
            memcalc_core::explain::warnings::warning(w)
        );
    }
    let points = &found.points;
    // A pooled engine takes its share whatever the load: the sequences its pool holds are what
    // the rows differ in, so they get a column.
    let pooled = points.iter().any(|p| p.sequences.is_some());
    let seqs = |p: &scaling::Point| p.sequences.map_or(String::new(), |q| q.to_string());
    // Each row's time; the columns' names come from the first row that has one (a sweep keeps
    // the mode, so every row is the same kind of run).
    let speeds: Vec<Option<Speed>> = points.iter().map(|p| speed_at(base, id, p.x)).collect();
    // A sweep over the prompt moves the time to first token only: that is its step column.
    let first_token = id == memcalc_core::schema::fields::FieldId::Prompt;
    let names = speeds
        .iter()
        .flatten()
        .next()
        .map(|sp| rate_names(sp, first_token));
    let time = |i: usize| speeds[i].as_ref().map(|sp| RowTime::of(sp, first_token));
    let eff = efficiencies(id, points, &speeds);
    let eff_at = |i: usize| eff.as_ref().and_then(|e| e[i]);
    let mut out = String::new();
    match format {
        Format::Json => out.push_str(&report::sweep_to_json_with_speed(key, points, &speeds)),
        Format::Csv => {
            out.push_str(&format!("{key},per_device_bytes,capacity_bytes,fits"));
            if pooled {
                out.push_str(",sequences");
            }
            if let Some((step, rate, _)) = names {
                out.push_str(&format!(",{step},{rate},bound"));
            }
            if eff.is_some() {
                out.push_str(",efficiency");
            }
            out.push('\n');
            for (i, p) in points.iter().enumerate() {
                out.push_str(&format!("{},{},{},{}", p.x, p.bytes, p.capacity, p.fits));
                if pooled {
                    out.push_str(&format!(",{}", seqs(p)));
                }
                if names.is_some() {
                    let t = time(i);
                    let num = |v: Option<f64>| v.map_or(String::new(), |v| v.to_string());
                    out.push_str(&format!(
                        ",{},{},{}",
                        num(t.and_then(|t| t.step)),
                        num(t.and_then(|t| t.rate)),
                        t.map_or("", |t| t.bound)
                    ));
                }
                if eff.is_some() {
                    out.push_str(&format!(
                        ",{}",
                        eff_at(i).map_or(String::new(), |e| e.to_string())
                    ));
                }
                out.push('\n');
            }
        }
        Format::Markdown => {
            out.push_str(&format!("| {key} | Memory per device | Fits |"));
            let mut rule = String::from("|---:|---:|---|");
            if pooled {
                out.push_str(" Sequences that fit |");
                rule.push_str("---:|");
            }
            if let Some((_, _, unit)) = names {
                let step = if first_token {
                    "Time to first token"
                } else {
                    "Time per step"
                };
                out.push_str(&format!(" {step} | {unit} | Bound |"));
                rule.push_str("---:|---:|---|");
            }
            if eff.is_some() {
                out.push_str(" Efficiency |");
                rule.push_str("---:|");
            }
            out.push_str(&format!("\n{rule}\n"));
            for (i, p) in points.iter().enumerate() {
                out.push_str(&format!(
                    "| {} | {} | {} |",
                    p.x,
                    format_bytes(p.bytes, units),
                    if p.fits { "yes" } else { "no" }
                ));
                if pooled {
                    out.push_str(&format!(
                        " {} |",
                        p.sequences.map_or(String::new(), group_digits)
                    ));
                }
                if names.is_some() {
                    out.push_str(&sweep_time_cells(speeds[i].as_ref(), " | ", first_token));
                }
                if eff.is_some() {
                    out.push_str(&format!(" {} |", percent(eff_at(i))));
                }
                out.push('\n');
            }
        }
        Format::Table | Format::Trace => {
            for (i, p) in points.iter().enumerate() {
                let fits = if p.fits { "fits" } else { "does not fit" };
                let size = format_bytes(p.bytes, units);
                let mut line = match p.sequences {
                    Some(q) => format!(
                        "{key}={:<12} {size:>12}  {fits:<12}  sequences that fit: {}",
                        p.x,
                        group_digits(q)
                    ),
                    None => format!("{key}={:<12} {size:>12}  {fits}", p.x),
                };
                if let (Some(sp), Some((_, _, unit))) = (&speeds[i], names) {
                    let t = RowTime::of(sp, first_token);
                    line.push_str(&format!(
                        "  {:>12} {}  {:>10} {unit}  bound: {}",
                        steps_time(sp, first_token),
                        if first_token {
                            "to first token"
                        } else {
                            "per step"
                        },
                        short(t.rate),
                        time_text::bound(sp.bound)
                    ));
                    if let Some(e) = eff_at(i) {
                        line.push_str(&format!("  efficiency: {}", percent(Some(e))));
                    }
                }
                out.push_str(&line);
                out.push('\n');
            }
        }
    }
    print!("{out}");
    Ok(points.last().is_some_and(|p| p.fits))
}

/// The headline step of a run as the page writes a time (a decode step for inference, or with
/// `first_token` its time to first token).
fn steps_time(sp: &Speed, first_token: bool) -> String {
    match sp.steps {
        Steps::Inference { ttft, .. } if first_token => time_text::time(ttft),
        Steps::Inference { decode_step, .. } => time_text::time(decode_step),
        Steps::Training { step, .. } | Steps::Sim { step, .. } | Steps::Surrogate { step, .. } => {
            time_text::time(step)
        }
    }
}

/// A Markdown sweep row's time cells: step, rate and bound, each closed by `sep`.
fn sweep_time_cells(sp: Option<&Speed>, sep: &str, first_token: bool) -> String {
    match sp {
        Some(sp) => {
            let t = RowTime::of(sp, first_token);
            format!(
                " {}{sep}{}{sep}{}{}",
                steps_time(sp, first_token),
                short(t.rate),
                time_text::bound(sp.bound),
                sep.trim_end()
            )
        }
        None => format!("{sep}{sep}{}", sep.trim_end()),
    }
}
