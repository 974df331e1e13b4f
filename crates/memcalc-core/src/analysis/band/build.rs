//! The bands' build time: the measured rows of `docs/accuracy.md`, the leave-one-source-out
//! bands and the generated table's text (`cargo run -p memcalc-core --example bands`).

use super::*;

/// The quantile of a class's |errors| its band is built on (percent): of 50–100, the one whose
/// bands are narrowest on average at the target coverage (`--sweep` of the example prints them).
pub const BASE_LEVEL_PCT: u32 = 70;
/// The share of held-out rows a band must cover (thousandths).
pub const TARGET_PERMILLE: u32 = 900;


/// One measured row: its source, class and error.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    pub source: String,
    pub class: String,
    /// The estimate over the measurement, of a size or a duration.
    pub ratio: f64,
}

/// The `level`-percent quantile of `sorted` (ascending), by nearest rank: the smallest value
/// at least `level` % of the values do not exceed.
pub fn quantile(sorted: &[f64], level: u32) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let n = sorted.len();
    let rank = (n * level as usize).div_ceil(100).clamp(1, n);
    sorted[rank - 1]
}

fn sorted_abs_logs<'a>(samples: impl Iterator<Item = &'a Sample>) -> Vec<f64> {
    let mut v: Vec<f64> = samples.map(|s| s.ratio.ln().abs()).collect();
    v.sort_by(f64::total_cmp);
    v
}

/// The narrowest half-width a band is built on (a hundredth: the rows' figures are rounded).
pub const FLOOR: f64 = 0.01;

/// The band's base half-width over `sorted` |log errors|: their `level` quantile, at least
/// `FLOOR`.
pub fn base(sorted: &[f64], level: u32) -> f64 {
    quantile(sorted, level).max(FLOOR)
}

/// Leave one source out over the rows of one class: each row's |log error| over the base
/// half-width built from the other sources' rows only (its score: at most 1 inside that band).
/// Rows of a class with one source are not judged.
pub fn loso_scores(class: &[&Sample], level: u32) -> Vec<f64> {
    let mut out = Vec::new();
    for s in class {
        let others = sorted_abs_logs(class.iter().copied().filter(|o| o.source != s.source));
        if others.is_empty() {
            continue;
        }
        out.push(s.ratio.ln().abs() / base(&others, level));
    }
    out
}

/// Rows of one class inside the band `k` × base built without their source: (covered, judged).
pub fn loso(class: &[&Sample], level: u32, k: f64) -> (u32, u32) {
    let scores = loso_scores(class, level);
    let covered = scores.iter().filter(|&&x| x <= k + 1e-9).count() as u32;
    (covered, scores.len() as u32)
}

/// The bands of every class: the base half-width (the `LEVEL_PCT` quantile of the class's
/// |errors|) times a factor per kind (memory, time), the `TARGET_PERMILLE` quantile of the
/// leave-one-source-out scores of that kind, so that that share of rows falls inside the band
/// built without their source.
#[derive(Debug, Clone, PartialEq)]
pub struct Bands {
    pub level: u32,
    /// The factor on the base half-width for memory and for time (thousandths).
    pub k_memory_milli: u32,
    pub k_time_milli: u32,
    pub covered: u32,
    pub judged: u32,
    pub entries: Vec<(String, u16, u16, u32, i32, u16, u16)>,
}

/// Whether a class is a memory one.
fn is_memory(class: &str) -> bool {
    class.starts_with("total ") || class.starts_with("pool ")
}

/// The bands of `samples`, with base quantile `level`.
pub fn compute_at(samples: &[Sample], level: u32) -> Bands {
    let mut classes: Vec<&str> = samples.iter().map(|s| s.class.as_str()).collect();
    classes.sort_unstable();
    classes.dedup();
    let groups: Vec<(&str, Vec<&Sample>)> = classes
        .iter()
        .map(|c| (*c, samples.iter().filter(|s| s.class == *c).collect()))
        .collect();
    // The memory factor is set on the totals' rows; a KV pool's rows (a pooled engine's,
    // whose total is its utilisation setting) are judged with it but do not move it.
    let k_of = |memory: bool| {
        let mut scores: Vec<f64> = groups
            .iter()
            .filter(|(c, _)| is_memory(c) == memory && !c.starts_with("pool "))
            .flat_map(|(_, g)| loso_scores(g, level))
            .collect();
        scores.sort_by(f64::total_cmp);
        if scores.is_empty() {
            1.0
        } else {
            // Rounded up to a thousandth, as the table stores it.
            (quantile(&scores, TARGET_PERMILLE / 10).max(1.0) * 1000.0).ceil() / 1000.0
        }
    };
    let (k_memory, k_time) = (k_of(true), k_of(false));
    let (mut covered, mut judged) = (0, 0);
    let entries = groups
        .iter()
        .map(|(class, g)| {
            let k = if is_memory(class) { k_memory } else { k_time };
            let all = sorted_abs_logs(g.iter().copied());
            let w = k * base(&all, level);
            let worst = g
                .iter()
                .max_by(|a, b| a.ratio.ln().abs().total_cmp(&b.ratio.ln().abs()))
                .map_or(0.0, |s| s.ratio - 1.0);
            let mut sources: Vec<&str> = g.iter().map(|s| s.source.as_str()).collect();
            sources.sort_unstable();
            sources.dedup();
            let (c, j) = loso(g, level, k);
            covered += c;
            judged += j;
            (
                class.to_string(),
                g.len() as u16,
                sources.len() as u16,
                (w * 1000.0).ceil() as u32,
                (worst * 1000.0).round() as i32,
                c as u16,
                j as u16,
            )
        })
        .collect();
    Bands {
        level,
        k_memory_milli: (k_memory * 1000.0).round() as u32,
        k_time_milli: (k_time * 1000.0).round() as u32,
        covered,
        judged,
        entries,
    }
}

/// The bands of `samples` at the base quantile `BASE_LEVEL_PCT`.
pub fn compute(samples: &[Sample]) -> Bands {
    compute_at(samples, BASE_LEVEL_PCT)
}

/// One measured row of `docs/accuracy.md` as the table writes it.
#[derive(Debug, Clone, PartialEq)]
pub struct DocRow {
    /// The Source cell's first word (its key in the section's sources).
    pub source: String,
    pub query: String,
    pub quantity: String,
    pub measured: f64,
    pub estimate: f64,
    /// A row of the "Speed" section (a time or a rate); else a memory row.
    pub speed: bool,
}

/// The measured rows of `docs/accuracy.md`: every table row with nine cells whose Query cell is
/// code and whose Measured and Estimate cells are numbers; a row of the "Speed" section is a
/// time, any other a memory figure.
pub fn doc_rows(doc: &str) -> Vec<DocRow> {
    let mut speed = false;
    let mut out = Vec::new();
    for line in doc.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            speed = h.starts_with("Speed");
            continue;
        }
        if !line.starts_with("| ") {
            continue;
        }
        let c: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        if c.len() != 9 || !c[3].starts_with('`') {
            continue;
        }
        let num = |s: &str| s.replace(',', "").parse::<f64>().ok();
        let (Some(measured), Some(estimate)) = (num(c[5]), num(c[6])) else {
            continue;
        };
        out.push(DocRow {
            source: c[1].split_whitespace().next().unwrap_or("").to_string(),
            query: c[3].trim_matches('`').to_string(),
            quantity: c[4].to_string(),
            measured,
            estimate,
            speed,
        });
    }
    out
}

/// Whether a row's quantity is a duration (seconds or milliseconds of something) rather than a
/// rate (per second) or a size.
pub fn is_duration(quantity: &str) -> bool {
    !quantity.contains("per_s") && (quantity.ends_with("_s") || quantity.ends_with("_ms"))
}

/// The samples of `rows`: memory rows of a whole total (`total`, `per_rank`; a part is not a
/// total), a pooled engine's KV pool (`kv_cache` where the estimate has a pool: vLLM, SGLang)
/// and every time row, each in the class its query's scenario falls in. A row whose query does
/// not read, or has no time model, is left out and listed.
pub fn samples(rows: &[DocRow]) -> (Vec<Sample>, Vec<String>) {
    use crate::schema::inputs::Inputs;
    let mut out = Vec::new();
    let mut left = Vec::new();
    for r in rows {
        if !r.speed && !matches!(r.quantity.as_str(), "total" | "per_rank" | "kv_cache") {
            continue;
        }
        if !(r.measured > 0.0 && r.estimate > 0.0) {
            left.push(format!("{}: not a positive figure", r.query));
            continue;
        }
        let (inputs, _) = Inputs::from_query(&r.query);
        let Ok(s) = inputs.parse() else {
            left.push(format!("{}: the query does not read", r.query));
            continue;
        };
        let m = s.mechanism();
        let (class, ratio) = if r.speed {
            let e = crate::model::estimate(&s);
            let Ok(Some(sp)) = crate::speed::speed(&s, &e) else {
                left.push(format!("{}: no time", r.query));
                continue;
            };
            let q = r.quantity.as_str();
            let figure = match sp.steps {
                Steps::Inference { .. } if q.contains("ttft") || q.contains("prefill") => {
                    Figure::Prefill
                }
                Steps::Inference { .. } => Figure::Decode,
                _ => Figure::Step,
            };
            let ratio = if is_duration(q) {
                r.estimate / r.measured
            } else {
                r.measured / r.estimate
            };
            (class_key(m, figure, Some(sp.bound)), ratio)
        } else if r.quantity == "kv_cache" {
            // The pool of a pooled engine only: another engine's KV cache is a part.
            if crate::model::estimate(&s).serving.is_none() {
                continue;
            }
            (class_key(m, Figure::Pool, None), r.estimate / r.measured)
        } else {
            (class_key(m, Figure::Total, None), r.estimate / r.measured)
        };
        let Some(class) = class else {
            left.push(format!("{}: no class", r.query));
            continue;
        };
        out.push(Sample {
            source: r.source.clone(),
            class,
            ratio,
        });
    }
    (out, left)
}

/// The declaration of `Entry`, written at the head of the table (the table imports nothing).
const ENTRY_SOURCE: &str = r#"/// One generated row of the table: a class and its band.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub class: &'static str,
    pub rows: u16,
    pub sources: u16,
    /// The half-width `w` of the band in thousandths of a natural log (rounded up).
    pub width_milli: u32,
    /// e^−w and e^w in thousandths (rounded outwards), so that no exponential runs in the page.
    pub low_milli: u32,
    pub high_milli: u32,
    /// The worst row's error, (estimate − measured) / measured of a size or a duration, in
    /// thousandths.
    pub worst_milli: i32,
    /// Rows inside the band built without their source, of those judged so.
    pub covered: u16,
    pub judged: u16,
}

"#;

/// The text of `band_table.rs` for `b`.
pub fn table_source(b: &Bands) -> String {
    let mut s = String::from(
        "//! Generated by `cargo run -p memcalc-core --example bands` from docs/accuracy.md (see\n\
         //! `band.rs`): do not edit. `tests/bands.rs` fails when it is stale.\n\n",
    );
    s.push_str(ENTRY_SOURCE);
    s.push_str(&format!(
        "/// The quantile of a class's |errors| its band's base is (percent).\npub const LEVEL_PCT: u32 = {};\n",
        b.level
    ));
    s.push_str(&format!(
        "/// The factor on the base for memory bands (thousandths).\npub const K_MEMORY_MILLI: u32 = {};\n",
        b.k_memory_milli
    ));
    s.push_str(&format!(
        "/// The factor on the base for time bands (thousandths).\npub const K_TIME_MILLI: u32 = {};\n",
        b.k_time_milli
    ));
    s.push_str(&format!(
        "/// Rows inside the band built without their source, over every class.\npub const COVERED: u32 = {};\n",
        b.covered
    ));
    s.push_str(&format!(
        "/// Rows judged so (those of classes with two sources or more).\npub const JUDGED: u32 = {};\n\n",
        b.judged
    ));
    s.push_str("/// Each class: rows, sources, half-width and worst error (thousandths), covered, judged.\n#[rustfmt::skip]\npub const ENTRIES: &[Entry] = &[\n");
    for (class, rows, sources, w, worst, c, j) in &b.entries {
        s.push_str(&format!(
            "    Entry {{ class: {class:?}, rows: {rows}, sources: {sources}, width_milli: {w}, low_milli: {}, high_milli: {}, worst_milli: {worst}, covered: {c}, judged: {j} }},\n",
            ((-f64::from(*w) / 1000.0).exp() * 1000.0).floor() as u32,
            ((f64::from(*w) / 1000.0).exp() * 1000.0).ceil() as u32,
        ));
    }
    s.push_str("];\n");
    s
}

/// The table's text from the text of `docs/accuracy.md`.
pub fn generate(doc: &str) -> String {
    table_source(&compute(&samples(&doc_rows(doc)).0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(source: &str, ratio: f64) -> Sample {
        Sample {
            source: source.into(),
            class: "c".into(),
            ratio,
        }
    }

    #[test]
    fn quantile_is_by_nearest_rank() {
        let v = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0];
        assert_eq!(quantile(&v, 90), 9.0);
        assert_eq!(quantile(&v, 95), 10.0);
        assert_eq!(quantile(&v, 50), 5.0);
        assert_eq!(quantile(&v, 100), 10.0);
        assert_eq!(quantile(&[3.0], 50), 3.0);
    }

    #[test]
    fn loso_judges_each_source_by_the_others_only() {
        // Source a is off by 10 %, source b by 50 %: a's rows against b's base score below 1,
        // b's against a's above.
        let rows = [s("a", 1.1), s("a", 1.1), s("b", 1.5)];
        let refs: Vec<&Sample> = rows.iter().collect();
        let scores = loso_scores(&refs, 100);
        assert_eq!(scores.len(), 3);
        assert!(
            scores[0] < 1.0 && scores[1] < 1.0 && scores[2] > 4.0,
            "{scores:?}"
        );
        assert_eq!(loso(&refs, 100, 1.0), (2, 3));
        // One source: nothing can be judged.
        let one = [s("a", 1.1), s("a", 2.0)];
        let refs: Vec<&Sample> = one.iter().collect();
        assert_eq!(loso(&refs, 100, 1.0), (0, 0));
    }
}
