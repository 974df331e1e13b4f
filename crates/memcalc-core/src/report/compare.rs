//! Several setups side by side in words and documents (issue 41): the sentence per column
//! saying what differs from the first (the keys it changed, and the parts and time terms that
//! moved most), a terminal table, and the JSON document `memcalc --compare` prints.

use crate::analysis::compare::{changed, Comparison, PartRow, TermRow};
use crate::base::units::{format_bytes, format_sig, group_digits, UnitSystem};
use crate::explain::{parts, speed as time_text};
use crate::model::Component;
use crate::speed::TimeTerm;

/// The column's heading: "Setup 1" …
pub fn column_title(i: usize) -> String {
    format!("Setup {}", i + 1)
}

fn component<'a>(cmp: &'a Comparison, row: &PartRow) -> Option<&'a Component> {
    cmp.columns
        .iter()
        .flat_map(|c| &c.estimate.components)
        .find(|c| c.id == row.id)
}

fn term<'a>(cmp: &'a Comparison, row: &TermRow) -> Option<&'a TimeTerm> {
    cmp.columns
        .iter()
        .flat_map(|c| c.speed.iter().flat_map(|sp| &sp.terms))
        .find(|t| t.id() == row.id)
}

/// A part's label as the breakdown writes it.
pub fn part_label(cmp: &Comparison, row: &PartRow) -> &'static str {
    component(cmp, row).map_or("", parts::label)
}

/// A time term's label as the time line writes it.
pub fn term_label(cmp: &Comparison, row: &TermRow) -> &'static str {
    term(cmp, row).map_or("", time_text::label)
}

/// A signed size: "+1.50 GiB", "−20.00 GiB" (a true minus), "±0 B".
pub fn signed_bytes(delta: i128, units: UnitSystem) -> String {
    if delta == 0 {
        return "±0 B".into();
    }
    let size = format_bytes(
        u64::try_from(delta.unsigned_abs()).unwrap_or(u64::MAX),
        units,
    );
    format!("{}{size}", if delta < 0 { "−" } else { "+" })
}

/// A signed share of the first column's value: "−50 %", or "new" where it had none.
pub fn signed_percent(first: f64, here: f64) -> String {
    if first == 0.0 {
        return if here == 0.0 {
            "±0 %".into()
        } else {
            "new".into()
        };
    }
    let p = (here - first) / first * 100.0;
    if p.abs() < 0.05 {
        return "±0 %".into();
    }
    format!(
        "{}{} %",
        if p < 0.0 { "−" } else { "+" },
        format_sig(p.abs())
    )
}

/// What column `i` changes from the first, in one sentence: the keys it sets differently, the
/// (at most three) parts that move most and, for pooled engines, the sequences the pool holds.
/// Its time is [`step_sentence`]'s.
pub fn column_sentence(cmp: &Comparison, i: usize, units: UnitSystem) -> String {
    if i == 0 {
        return "The setup the others are compared with.".into();
    }
    let keys = changed(cmp, i);
    let mut out = if keys.is_empty() {
        "The same inputs as setup 1.".to_string()
    } else {
        let list: Vec<String> = keys
            .iter()
            .map(|c| {
                let first = if c.first.is_empty() {
                    "default"
                } else {
                    &c.first
                };
                let here = if c.here.is_empty() {
                    "default"
                } else {
                    &c.here
                };
                format!("{} {first} → {here}", c.key)
            })
            .collect();
        format!("Changes from setup 1: {}.", list.join(", "))
    };
    // This column's own largest moves (the table's order is the largest over every column).
    let mut rows: Vec<&PartRow> = cmp.parts.iter().filter(|r| r.delta(i) != 0).collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.delta(i).unsigned_abs()));
    let moved: Vec<String> = rows
        .into_iter()
        .take(3)
        .map(|r| format!("{} {}", part_label(cmp, r), signed_bytes(r.delta(i), units)))
        .collect();
    if moved.is_empty() {
        out.push_str(" No part's memory moves.");
    } else {
        out.push_str(&format!(" Moves most: {}.", moved.join("; ")));
    }
    let (first, here) = (&cmp.columns[0], &cmp.columns[i]);
    // A pooled engine's pool has the same bytes whatever its cache holds: what moves is how
    // many sequences it holds.
    if let (Some(a), Some(b)) = (&first.estimate.serving, &here.estimate.serving) {
        if a.sequences != b.sequences {
            out.push_str(&format!(
                " The KV pool holds {} sequences of {} tokens (setup 1: {} of {}).",
                group_digits(b.sequences),
                group_digits(b.seq),
                group_digits(a.sequences),
                group_digits(a.seq)
            ));
        }
    }
    out
}

/// The step's change in column `i` against the first, and the time term that moved most, as
/// a sentence's end: " Step 22.9 ms → 18.9 ms (−17.5 %), most in …"; empty where a setup has
/// no time. Apart from [`column_sentence`] so the page (whose comparison has no time model)
/// links none of the time terms' words.
pub fn step_sentence(cmp: &Comparison, i: usize) -> String {
    let (first, here) = (&cmp.columns[0], &cmp.columns[i]);
    let mut out = String::new();
    if i == 0 {
        return out;
    }
    if let (Some(a), Some(b)) = (
        first.step().and_then(|t| t.seconds()),
        here.step().and_then(|t| t.seconds()),
    ) {
        let at = |r: &TermRow, j: usize| r.seconds.get(j).copied().flatten().unwrap_or(0.0);
        let biggest = cmp
            .terms
            .iter()
            .filter(|r| at(r, i) != at(r, 0))
            .max_by(|x, y| {
                (at(x, i) - at(x, 0))
                    .abs()
                    .total_cmp(&(at(y, i) - at(y, 0)).abs())
            });
        let change = signed_percent(a, b);
        out.push_str(&format!(
            " Step {} → {} ({change})",
            time_text::time(crate::speed::Time::Seconds(a)),
            time_text::time(crate::speed::Time::Seconds(b)),
        ));
        // The term that moved most, where the step moved at all (a term can move under
        // another that bounds the step).
        match biggest {
            Some(r) if change != "±0 %" => {
                out.push_str(&format!(", most in {}.", term_label(cmp, r)))
            }
            _ => out.push('.'),
        }
    }
    out
}

// ---- The time terms side by side (issue 41, h-compare) ----

/// One time term across the compared setups (issue 41, h-compare): its label from the term's
/// `Template`, its seconds per column (None where the setup has no such term), the cells the
/// table shows ("9.1 ms (−3.4 ms, −27 %)") and whether the row moves.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CompareTerm {
    pub id: crate::speed::TermId,
    pub label: String,
    pub seconds: Vec<Option<f64>>,
    pub cells: Vec<String>,
    pub moves: bool,
}

/// A signed time: "+1.2 ms", "−20 µs" (a true minus), "±0 s".
pub fn signed_seconds(delta: f64) -> String {
    if delta == 0.0 || !delta.is_finite() {
        return "±0 s".into();
    }
    format!(
        "{}{}",
        if delta < 0.0 { "−" } else { "+" },
        time_text::time(crate::speed::Time::Seconds(delta.abs()))
    )
}

/// A time term's cells: its time in each setup ("–" where the setup has no such term), the
/// difference from the first setup in brackets, in seconds and percent, where it moves: "9.1 ms
/// (−3.4 ms, −27 %)". A missing term counts as 0 s, as a missing part counts as 0 bytes.
pub fn term_cells(row: &TermRow) -> Vec<String> {
    let at = |j: usize| row.seconds.get(j).copied().flatten().unwrap_or(0.0);
    (0..row.seconds.len())
        .map(|i| {
            let text = row.seconds[i].map_or("–".to_string(), |s| {
                time_text::time(crate::speed::Time::Seconds(s))
            });
            let d = at(i) - at(0);
            if i == 0 || d == 0.0 {
                text
            } else {
                format!(
                    "{text} ({}, {})",
                    signed_seconds(d),
                    signed_percent(at(0), at(i))
                )
            }
        })
        .collect()
}

/// Whether a time term's row differs between the setups (its seconds, or which setups have it).
pub fn term_moves(row: &TermRow) -> bool {
    row.moved() > 0.0
        || row
            .seconds
            .iter()
            .any(|s| s.is_none() != row.seconds[0].is_none())
}

/// Every time term of any setup as the page's comparison shows it (`TimeAnswer::compare_terms`),
/// the rows that move most first ([`Comparison::terms`]' order).
pub fn term_lines(cmp: &Comparison) -> Vec<CompareTerm> {
    cmp.terms
        .iter()
        .map(|r| CompareTerm {
            id: r.id,
            label: term_label(cmp, r).into(),
            seconds: r.seconds.clone(),
            cells: term_cells(r),
            moves: term_moves(r),
        })
        .collect()
}

/// The label of the time section's heading row in the table and the Markdown.
pub const TERMS_HEADING: &str = "Time terms (per step)";

/// The time section's rows for the table and the Markdown: a heading row, then one row per
/// term ([`term_cells`]); none where no setup has a time term.
fn term_rows(cmp: &Comparison) -> Vec<Row> {
    if cmp.terms.is_empty() {
        return Vec::new();
    }
    let n = cmp.columns.len();
    std::iter::once(Row {
        label: TERMS_HEADING.into(),
        part: None,
        cells: vec![String::new(); n],
        moves: false,
    })
    .chain(cmp.terms.iter().map(|r| Row {
        label: term_label(cmp, r).into(),
        part: None,
        cells: term_cells(r),
        moves: term_moves(r),
    }))
    .collect()
}

/// One row of the comparison as the table and the page show it: a label, the part it is (for
/// the page's `data-component`), and a cell per setup, the difference from the first setup in
/// brackets where there is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub label: String,
    pub part: Option<crate::catalog::parts::PartId>,
    pub cells: Vec<String>,
    /// Whether the row differs between the setups.
    pub moves: bool,
}

/// The totals, verdicts and pools (pooled engines), then one row per part, the rows that move
/// most first. (The steps are [`to_table`]'s: the page's comparison has no time model.)
pub fn rows(cmp: &Comparison, units: UnitSystem) -> Vec<Row> {
    let n = cmp.columns.len();
    let size = |b: Option<u64>| b.map_or("–".to_string(), |b| format_bytes(b, units));
    let with_delta = |text: String, d: i128, i: usize| {
        if i == 0 || d == 0 {
            text
        } else {
            format!("{text} ({})", signed_bytes(d, units))
        }
    };
    let plain = |label: &str, cells: Vec<String>| Row {
        label: label.into(),
        part: None,
        moves: cells.iter().any(|c| c != &cells[0]),
        cells,
    };
    let mut out = Vec::new();
    let first_total = cmp.columns[0].estimate.per_device_bytes as i128;
    out.push(plain(
        "Total",
        cmp.columns
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let t = c.estimate.per_device_bytes;
                with_delta(format_bytes(t, units), t as i128 - first_total, i)
            })
            .collect(),
    ));
    out.push(plain(
        "Fits",
        cmp.columns
            .iter()
            .map(|c| if c.estimate.fits() { "yes" } else { "no" }.to_string())
            .collect(),
    ));
    if cmp.columns.iter().any(|c| c.estimate.serving.is_some()) {
        out.push(plain(
            "Sequences the KV pool holds",
            cmp.columns
                .iter()
                .map(|c| {
                    c.estimate
                        .serving
                        .as_ref()
                        .map_or("–".into(), |v| group_digits(v.sequences))
                })
                .collect(),
        ));
    }
    for r in &cmp.parts {
        out.push(Row {
            label: part_label(cmp, r).into(),
            part: Some(r.id),
            cells: (0..n)
                .map(|i| with_delta(size(r.bytes[i]), r.delta(i), i))
                .collect(),
            moves: r.moved() > 0 || r.bytes.iter().any(|b| b.is_none() != r.bytes[0].is_none()),
        });
    }
    out
}

/// The comparison as a terminal table ([`rows`]), then each setup's sentence.
pub fn to_table(cmp: &Comparison, units: UnitSystem) -> String {
    let n = cmp.columns.len();
    let mut rows = rows(cmp, units);
    if cmp.columns.iter().all(|c| c.step().is_some()) {
        let cells: Vec<String> = cmp
            .columns
            .iter()
            .map(|c| c.step().map_or("–".into(), time_text::time))
            .collect();
        // After the totals, verdicts and pools, before the parts.
        let at = rows
            .iter()
            .position(|r| r.part.is_some())
            .unwrap_or(rows.len());
        rows.insert(
            at,
            Row {
                label: "Step".into(),
                part: None,
                moves: cells.iter().any(|c| c != &cells[0]),
                cells,
            },
        );
    }
    rows.extend(term_rows(cmp));
    let label_width = rows
        .iter()
        .map(|r| r.label.chars().count())
        .max()
        .unwrap_or(0);
    let widths: Vec<usize> = (0..n)
        .map(|i| {
            rows.iter()
                .map(|r| r.cells[i].chars().count())
                .chain([column_title(i).chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |label: &str, cells: &[String]| {
        let mut l = format!("{label:<label_width$}");
        for (c, w) in cells.iter().zip(&widths) {
            l.push_str(&format!("  {c:>w$}"));
        }
        // The time section's heading row has no cells: no trailing blanks.
        l.truncate(l.trim_end().len());
        l.push('\n');
        l
    };
    let mut out = line("", &(0..n).map(column_title).collect::<Vec<_>>());
    for r in &rows {
        out.push_str(&line(&r.label, &r.cells));
    }
    for i in 0..n {
        out.push_str(&format!(
            "{}: {}{}\n",
            column_title(i),
            column_sentence(cmp, i, units),
            step_sentence(cmp, i)
        ));
    }
    out
}

#[derive(serde::Serialize)]
struct Document<'a> {
    schema_version: u32,
    columns: Vec<ColumnDoc>,
    parts: Vec<PartDoc>,
    terms: Vec<TermDoc<'a>>,
}

#[derive(serde::Serialize)]
struct ColumnDoc {
    link: String,
    per_device_bytes: u64,
    capacity_bytes: u64,
    fits: bool,
    /// Pooled serving engines: the sequences of `seq` tokens the KV pool holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pool_sequences: Option<u64>,
    /// The compared step in seconds (decode step in serving); absent without a time model.
    #[serde(skip_serializing_if = "Option::is_none")]
    step_seconds: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<&'static str>,
    /// The keys this column sets differently from the first.
    changed: Vec<ChangedDoc>,
    sentence: String,
}

#[derive(serde::Serialize)]
struct ChangedDoc {
    key: String,
    first: String,
    here: String,
}

#[derive(serde::Serialize)]
struct PartDoc {
    id: &'static str,
    label: &'static str,
    /// Bytes per column; null where that setup has no such part.
    bytes: Vec<Option<u64>>,
    /// Each column's bytes minus the first column's.
    delta_bytes: Vec<i128>,
}

#[derive(serde::Serialize)]
struct TermDoc<'a> {
    id: &'a str,
    label: &'static str,
    seconds: Vec<Option<f64>>,
    /// Each column's seconds minus the first column's (a missing term counts as 0 s).
    delta_seconds: Vec<f64>,
}

/// The comparison as JSON (schema version 1 of the comparison document): one object per
/// column, then the parts and the time terms with a value per column.
pub fn to_json(cmp: &Comparison, units: UnitSystem) -> String {
    let doc = Document {
        schema_version: 1,
        columns: cmp
            .columns
            .iter()
            .enumerate()
            .map(|(i, c)| ColumnDoc {
                link: c.scenario.to_query(),
                per_device_bytes: c.estimate.per_device_bytes,
                capacity_bytes: c.estimate.capacity_bytes,
                fits: c.estimate.fits(),
                pool_sequences: c.estimate.serving.as_ref().map(|v| v.sequences),
                step_seconds: c.step().and_then(|t| t.seconds()),
                bound: c.speed.as_ref().map(|sp| sp.bound.key()),
                changed: changed(cmp, i)
                    .into_iter()
                    .map(|c| ChangedDoc {
                        key: c.key,
                        first: c.first,
                        here: c.here,
                    })
                    .collect(),
                sentence: format!(
                    "{}{}",
                    column_sentence(cmp, i, units),
                    step_sentence(cmp, i)
                ),
            })
            .collect(),
        parts: cmp
            .parts
            .iter()
            .map(|r| PartDoc {
                id: r.id.key(),
                label: part_label(cmp, r),
                bytes: r.bytes.clone(),
                delta_bytes: (0..r.bytes.len()).map(|i| r.delta(i)).collect(),
            })
            .collect(),
        terms: cmp
            .terms
            .iter()
            .map(|r| TermDoc {
                id: r.id.key(),
                label: term_label(cmp, r),
                seconds: r.seconds.clone(),
                delta_seconds: (0..r.seconds.len()).map(|i| r.delta(i)).collect(),
            })
            .collect(),
    };
    let mut s = serde_json::to_string(&doc).expect("a comparison serialises");
    s.push('\n');
    s
}

// ---- The comparison in the page's exports (issue 41): CSV rows, Markdown, JSON inside ----

/// The comparison as CSV rows in the breakdown's columns (`id,label,bytes,location,formula`),
/// appended to the page's CSV: per setup its total (`compare:N`, the link in the last column),
/// each part's bytes (`compare:N:part`, the difference from setup 1 in the last column), its
/// step and each time term (`compare:N:step`, `compare:N:time:term`, the seconds in the last
/// column) and its sentence (`compare:N:sentence`).
pub fn csv_rows(cmp: &Comparison, units: UnitSystem) -> String {
    let field = |s: &str| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    let mut out = String::new();
    for (i, c) in cmp.columns.iter().enumerate() {
        let n = i + 1;
        out.push_str(&format!(
            "compare:{n},{} total,{},setup {n},{}\n",
            column_title(i),
            c.estimate.per_device_bytes,
            field(&c.scenario.to_query())
        ));
        for r in &cmp.parts {
            if let Some(b) = r.bytes[i] {
                out.push_str(&format!(
                    "compare:{n}:{},{},{b},setup {n},{}\n",
                    r.id.key(),
                    field(part_label(cmp, r)),
                    r.delta(i)
                ));
            }
        }
        // The step and each time term (h-compare): its seconds in the last column.
        if let Some(step) = c.step().and_then(|t| t.seconds()) {
            out.push_str(&format!(
                "compare:{n}:step,{} step,,setup {n},{step}\n",
                column_title(i)
            ));
        }
        for r in &cmp.terms {
            if let Some(sec) = r.seconds[i] {
                out.push_str(&format!(
                    "compare:{n}:time:{},{},,setup {n},{sec}\n",
                    r.id.key(),
                    field(term_label(cmp, r)),
                ));
            }
        }
        out.push_str(&format!(
            "compare:{n}:sentence,{},,setup {n},{}\n",
            column_title(i),
            field(&format!(
                "{}{}",
                column_sentence(cmp, i, units),
                step_sentence(cmp, i)
            ))
        ));
    }
    out
}

/// The comparison as a Markdown section: the rows of [`rows`] (and the step, where every
/// setup has one) with a column per setup, then each setup's sentence and link.
pub fn to_markdown(cmp: &Comparison, units: UnitSystem) -> String {
    let n = cmp.columns.len();
    let cell = |s: &str| s.replace('|', "\\|");
    let mut out = String::from("## Comparison\n\n| |");
    for i in 0..n {
        out.push_str(&format!(" {} |", column_title(i)));
    }
    out.push_str("\n|---|");
    out.push_str(&"---:|".repeat(n));
    out.push('\n');
    let mut all = rows(cmp, units);
    if cmp.columns.iter().all(|c| c.step().is_some()) {
        let at = all
            .iter()
            .position(|r| r.part.is_some())
            .unwrap_or(all.len());
        all.insert(
            at,
            Row {
                label: "Step".into(),
                part: None,
                cells: cmp
                    .columns
                    .iter()
                    .map(|c| c.step().map_or("–".into(), time_text::time))
                    .collect(),
                moves: true,
            },
        );
    }
    all.extend(term_rows(cmp));
    for r in &all {
        out.push_str(&format!("| {} |", cell(&r.label)));
        for c in &r.cells {
            out.push_str(&format!(" {} |", cell(c)));
        }
        out.push('\n');
    }
    out.push('\n');
    for (i, c) in cmp.columns.iter().enumerate() {
        out.push_str(&format!(
            "- **{}** (`{}`): {}{}\n",
            column_title(i),
            c.scenario.to_query(),
            column_sentence(cmp, i, units),
            step_sentence(cmp, i)
        ));
    }
    out
}

/// The page's JSON export `doc` with the comparison document `cmp` (`to_json`) as its
/// `comparison` member; `doc` unchanged without one.
pub fn with_comparison(doc: &str, cmp: Option<&str>) -> String {
    match (cmp, doc.rfind('}')) {
        (Some(c), Some(end)) => format!(
            "{},\n  \"comparison\": {}{}",
            doc[..end].trim_end(),
            c.trim_end(),
            &doc[end..].replacen('}', "\n}", 1)
        ),
        _ => doc.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::compare::compare;
    use crate::analysis::compare::fixtures::{col, SERVE};

    #[test]
    fn each_column_says_what_it_changed_and_what_moved() {
        let cmp = compare(vec![col(SERVE), col(&format!("{SERVE}&kv_dtype=fp8"))]).unwrap();
        let s = column_sentence(&cmp, 1, UnitSystem::Binary);
        assert!(
            s.starts_with("Changes from setup 1: kv_dtype default → fp8. Moves most: KV cache −"),
            "{s}"
        );
        assert!(
            step_sentence(&cmp, 1).starts_with(" Step "),
            "{}",
            step_sentence(&cmp, 1)
        );
        assert_eq!(step_sentence(&cmp, 0), "");
        assert_eq!(
            column_sentence(&cmp, 0, UnitSystem::Binary),
            "The setup the others are compared with."
        );
        let t = to_table(&cmp, UnitSystem::Binary);
        assert!(t.contains("Setup 1") && t.contains("Setup 2"), "{t}");
        assert!(
            t.lines()
                .any(|l| l.starts_with("KV cache") && l.contains("(−")),
            "{t}"
        );
        let j: serde_json::Value =
            serde_json::from_str(&to_json(&cmp, UnitSystem::Binary)).unwrap();
        assert_eq!(j["columns"].as_array().unwrap().len(), 2);
        assert_eq!(j["columns"][1]["changed"][0]["key"], "kv_dtype");
        assert_eq!(j["parts"][0]["id"], "kv_cache");
        assert!(j["parts"][0]["delta_bytes"][1].as_i64().unwrap() < 0);
    }

    #[test]
    fn the_exports_carry_every_column() {
        let cmp = compare(vec![
            col(SERVE),
            col(&format!("{SERVE}&kv_dtype=fp8")),
            col(&format!("{SERVE}&batch=16")),
        ])
        .unwrap();
        let csv = csv_rows(&cmp, UnitSystem::Binary);
        for n in 1..=3 {
            assert!(
                csv.contains(&format!("compare:{n},Setup {n} total,")),
                "{csv}"
            );
            assert!(csv.contains(&format!("compare:{n}:kv_cache,")), "{csv}");
            assert!(csv.contains(&format!("compare:{n}:sentence,")), "{csv}");
        }
        assert!(csv.lines().all(|l| !l.is_empty()));
        let md = to_markdown(&cmp, UnitSystem::Binary);
        assert!(md.contains("| | Setup 1 | Setup 2 | Setup 3 |"), "{md}");
        assert!(md.contains("- **Setup 3** (`"), "{md}");
        let doc = "{\n  \"a\": 1\n}\n";
        let both = with_comparison(doc, Some(&to_json(&cmp, UnitSystem::Binary)));
        let v: serde_json::Value = serde_json::from_str(&both).unwrap();
        assert_eq!(v["a"], 1);
        assert_eq!(v["comparison"]["columns"].as_array().unwrap().len(), 3);
        assert_eq!(with_comparison(doc, None), doc);
    }

    #[test]
    fn every_time_term_side_by_side_with_its_difference() {
        // issue 41 (h-compare): twice the sequences double the KV cache each decode step reads.
        let cmp = compare(vec![col(SERVE), col(&format!("{SERVE}&batch=16"))]).unwrap();
        let lines = term_lines(&cmp);
        assert!(!lines.is_empty());
        let first = &lines[0];
        assert!(first.moves, "{first:?}");
        assert!(
            first.cells[1].contains(" (+") && first.cells[1].ends_with(" %)"),
            "{first:?}"
        );
        assert!(!first.cells[0].contains('('), "{first:?}");
        // Ordered by how far they move.
        for w in cmp.terms.windows(2) {
            assert!(w[0].moved() >= w[1].moved());
        }
        let t = to_table(&cmp, UnitSystem::Binary);
        assert!(t.contains(TERMS_HEADING), "{t}");
        assert!(t.lines().any(|l| l.starts_with(&first.label)), "{t}");
        let md = to_markdown(&cmp, UnitSystem::Binary);
        assert!(md.contains(&format!("| {TERMS_HEADING} |")), "{md}");
        let j: serde_json::Value =
            serde_json::from_str(&to_json(&cmp, UnitSystem::Binary)).unwrap();
        assert!(j["terms"][0]["delta_seconds"][1].as_f64().unwrap() > 0.0);
        assert_eq!(j["terms"][0]["delta_seconds"][0], 0.0);
        let csv = csv_rows(&cmp, UnitSystem::Binary);
        let id = first.id.key();
        assert!(csv.contains(&format!("compare:2:time:{id},")), "{csv}");
        assert!(
            csv.contains("compare:1:step,Setup 1 step,,setup 1,"),
            "{csv}"
        );
        assert_eq!(signed_seconds(-0.002), "−2 ms");
        assert_eq!(signed_seconds(0.0), "±0 s");
    }

    #[test]
    fn signs_are_true_minus_and_nothing_moved_says_so() {
        assert_eq!(signed_bytes(0, UnitSystem::Binary), "±0 B");
        assert_eq!(signed_bytes(-1024, UnitSystem::Binary), "−1.00 KiB");
        assert_eq!(signed_percent(2.0, 1.0), "−50 %");
        assert_eq!(signed_percent(0.0, 1.0), "new");
        let cmp = compare(vec![col(SERVE), col(SERVE)]).unwrap();
        let s = column_sentence(&cmp, 1, UnitSystem::Binary);
        assert!(
            s.starts_with("The same inputs as setup 1. No part's memory moves."),
            "{s}"
        );
    }
}
