//! The words of a figure's band (`analysis::band`): a few words beside the figure ("±21 % (21
//! rows like this, worst −23 %)", "not validated: no measured row like this"), how the band was
//! made, and the band as a JSON object. Every face (page, CLI, JSON) writes them from here.

use crate::analysis::band::{self, Band, Figure};
use crate::base::choice::Choice;
use crate::base::units::{format_bytes, group_digits, UnitSystem};
use crate::model::Estimate;
use crate::scenario::mechanism::{Mechanism, Program};

/// `t` tenths as "12.3" (integers only: no float formatting is linked into the small wasms).
fn tenths(t: u64) -> String {
    format!("{}.{}", t / 10, t % 10)
}

/// A share as the band writes it: one decimal below 10 %, whole above.
fn pct(x: f64) -> String {
    let t = (x * 1000.0).round() as u64;
    if t < 100 {
        tenths(t)
    } else {
        ((t + 5) / 10).to_string()
    }
}

/// A signed error, with a true minus sign: "−14 %", "+9.2 %".
fn signed(x: f64) -> String {
    let sign = if x < 0.0 { "−" } else { "+" };
    format!("{sign}{} %", pct(x.abs()))
}

/// How far a band reaches either way: "±21 %" where both sides round alike, else "−18 % to
/// +22 %".
fn reach(low: f64, high: f64) -> String {
    let (lo, hi) = (pct(1.0 - low), pct(high - 1.0));
    if lo == hi {
        format!("±{hi} %")
    } else {
        format!("−{lo} % to +{hi} %")
    }
}

/// "row" or "rows".
fn rows(n: u32) -> String {
    if n == 1 {
        "1 row".into()
    } else {
        format!("{n} rows")
    }
}

/// A band beside its figure, e.g. "±21 % (21 rows like this, worst −23 %)".
pub fn short(b: &Band) -> String {
    match *b {
        Band::Range {
            low,
            high,
            rows: n,
            worst,
            ..
        } => format!(
            "{} ({} like this, worst {})",
            reach(low, high),
            rows(n),
            signed(worst)
        ),
        Band::Unbounded { rows: n, worst, .. } => format!(
            "cannot be bounded: {} like this were off by up to {}×",
            rows(n),
            factor(worst)
        ),
        Band::NotValidated { rows: 0 } => "not validated: no measured row like this".into(),
        Band::NotValidated { rows: n } => format!(
            "not validated: the {} like this all come from one source",
            rows(n)
        ),
    }
}

/// How many times off an error of `worst` is, to a tenth: "4.8".
fn factor(worst: f64) -> String {
    let f = off_factor(worst);
    if f.is_finite() {
        tenths((f * 10.0).round() as u64)
    } else {
        "∞".into()
    }
}

/// How many times off an error of `worst` (a signed fraction) is.
fn off_factor(worst: f64) -> f64 {
    let r = 1.0 + worst;
    if r <= 0.0 {
        f64::INFINITY
    } else {
        r.max(1.0 / r)
    }
}

/// What the rows of a class share, in words: "the same engine (llama.cpp)".
fn like(m: Mechanism) -> String {
    match m.program {
        Program::Engine(e) => format!("the same serving engine ({})", e.name()),
        Program::Framework(f) => format!("the same training framework ({})", f.label()),
        Program::Code(c) => format!("the same code ({})", c.label()),
        Program::Method(x) => format!("the same method ({}, no named code)", x.label()),
    }
}

/// The figure's name in the words.
fn figure_name(f: Figure) -> &'static str {
    match f {
        Figure::Total => "memory total",
        Figure::Decode => "decode rate",
        Figure::Prefill => "time to first token",
        Figure::Step => "step time",
        Figure::Pool => "KV pool",
    }
}

/// How the band of figure `f` of mechanism `m` was made, in a sentence or two.
pub fn method(b: &Band, m: Mechanism, f: Figure) -> String {
    let k = if matches!(f, Figure::Total | Figure::Pool) {
        band::K_MEMORY_MILLI
    } else {
        band::K_TIME_MILLI
    };
    let overall = format!(
        "over every judged row, {} of {} ({} %) fall inside the band built without their source",
        band::COVERED,
        band::JUDGED,
        pct(f64::from(band::COVERED) / f64::from(band::JUDGED.max(1)))
    );
    match *b {
        Band::Range {
            rows: n,
            sources,
            coverage,
            level,
            ..
        } => format!(
            "The {} range is {} × the {level}th percentile of how far the estimate was from the measurement on the {} of docs/accuracy.md from {sources} sources with {} (the factor puts 90 % of rows inside the range built with their own source left out); left out so, {} % of these rows fall inside; {overall}.",
            figure_name(f),
            crate::base::units::format_fixed(u64::from(k), 3),
            rows(n),
            like(m),
            pct(coverage)
        ),
        Band::Unbounded { rows: n, sources, worst } => format!(
            "The {} cannot be bounded: the {} of docs/accuracy.md from {sources} sources with {} were off by up to {}× (worst {}), more than {}× either way; take the figure as an order of magnitude.",
            figure_name(f),
            rows(n),
            like(m),
            factor(worst),
            signed(worst),
            band::UNBOUNDED_FACTOR as u32
        ),
        Band::NotValidated { rows: 0 } => format!(
            "No measured row of docs/accuracy.md has {} for the {}: the figure is not validated.",
            like(m),
            figure_name(f)
        ),
        Band::NotValidated { rows: n } => format!(
            "The {} of docs/accuracy.md with {} for the {} all come from one source, so no range could be judged on a source it was not tuned on: the figure is not validated.",
            rows(n),
            like(m),
            figure_name(f)
        ),
    }
}

/// The total's band beside it: the range in bytes and the band's words, e.g. "62.1 GiB –
/// 95.0 GiB · ±21 % (21 rows like this, worst −23 %)". A pooled engine's total is the share of
/// the GPU it is given, not an estimate: its band is the KV pool's, in tokens (`pool`).
pub fn total(e: &Estimate, units: UnitSystem) -> String {
    if let Some(words) = pool(e) {
        return words;
    }
    let b = band::memory(e);
    match b.range(e.per_device_bytes as f64) {
        Some((lo, hi)) => format!(
            "{} – {} · {}",
            format_bytes(lo.floor() as u64, units),
            format_bytes(hi.ceil() as u64, units),
            short(&b)
        ),
        None => short(&b),
    }
}

/// A pooled engine's KV pool band in words, e.g. "KV pool 444,727 – 455,533 tokens · ±1.2 % (2
/// rows like this, worst +0.7 %)"; `None` where the run has no pool.
pub fn pool(e: &Estimate) -> Option<String> {
    let b = band::pool(e)?;
    let tokens = e.serving?.pool_tokens as f64;
    Some(match b.range(tokens) {
        Some((lo, hi)) => format!(
            "KV pool {} – {} tokens · {}",
            group_digits(lo.floor() as u64),
            group_digits(hi.ceil() as u64),
            short(&b)
        ),
        None => format!("KV pool {}", short(&b)),
    })
}

/// How the total's band was made (a pooled engine's: its KV pool's).
pub fn total_method(e: &Estimate) -> String {
    match band::pool(e) {
        Some(b) => format!(
            "The total is the share of the GPU the engine is given (gpu_util), not an estimate; the KV pool it leaves is. {}",
            method(&b, e.mechanism, Figure::Pool)
        ),
        None => method(&band::memory(e), e.mechanism, Figure::Total),
    }
}

/// The verdict's caveat where the total fits but the top of its range does not: ", unless the
/// run is at the high end of the range (up to 95.0 GiB)"; empty otherwise.
pub fn high_end(e: &Estimate, units: UnitSystem) -> String {
    match band::memory_high(e) {
        Some(hi) if e.fits_device() && hi > e.capacity_bytes => format!(
            ", unless the run is at the high end of the range (up to {})",
            format_bytes(hi, units)
        ),
        _ => String::new(),
    }
}

/// The bands of a run's time figures in words, e.g. "decode rate ±13 % (6 rows like this,
/// worst −12 %); time to first token not validated: no measured row like this".
pub fn time(e: &Estimate, sp: &crate::speed::Speed) -> String {
    let all = band::time(e, sp);
    let one = all.len() == 1;
    all.iter()
        .map(|(f, b)| {
            if one {
                format!("Range: {}", short(b))
            } else {
                format!("{} {}", figure_name(*f), short(b))
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The time line as the page shows it: where a band of its figures says the model cannot
/// bound them, the line says so first, so no precise figure stands alone.
pub fn bounded_line(line: String, bands: &[(Figure, Band)]) -> String {
    if bands
        .iter()
        .any(|(_, b)| matches!(b, Band::Unbounded { .. }))
    {
        format!("Cannot be bounded, an order of magnitude only: {line}")
    } else {
        line
    }
}

/// How the time figures' bands were made.
pub fn time_method(e: &Estimate, sp: &crate::speed::Speed) -> String {
    band::time(e, sp)
        .iter()
        .map(|(f, b)| method(b, e.mechanism, *f))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A band as JSON: an object (`low`, `high`, `rows`, `sources`, `worst`, `coverage`, `level`,
/// `class`) around `x`, or the string `"not_validated"` / `"not_bounded"`.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum BandDoc {
    Range {
        low: Num,
        high: Num,
        rows: u32,
        sources: u32,
        /// The worst row's error, (estimate − measured) / measured.
        worst: f64,
        /// Share of the class's rows inside the band built without their source.
        coverage: f64,
        /// The quantile of the rows' |errors| the band is built on (percent).
        level: u32,
        words: String,
    },
    Word(&'static str),
}

/// A JSON number: bytes whole, seconds real.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
#[serde(untagged)]
pub enum Num {
    Whole(u64),
    Real(f64),
}

/// The JSON of band `b` around `x`; with `whole`, the range in whole units (bytes: the low end
/// rounded down, the high end up).
pub fn doc(b: &Band, x: f64, whole: bool) -> BandDoc {
    match (*b, b.range(x)) {
        (
            Band::Range {
                rows,
                sources,
                worst,
                coverage,
                level,
                ..
            },
            Some((low, high)),
        ) => BandDoc::Range {
            low: if whole {
                Num::Whole(low.floor() as u64)
            } else {
                Num::Real(low)
            },
            high: if whole {
                Num::Whole(high.ceil() as u64)
            } else {
                Num::Real(high)
            },
            rows,
            sources,
            worst,
            coverage,
            level,
            words: short(b),
        },
        (Band::Unbounded { .. }, _) => BandDoc::Word("not_bounded"),
        _ => BandDoc::Word("not_validated"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_says_plus_minus_where_both_sides_round_alike() {
        let r = |w: f64| reach((-w).exp(), w.exp());
        assert_eq!(r(0.06), "−5.8 % to +6.2 %");
        assert_eq!(r(0.001), "±0.1 %");
        assert_eq!(r(0.2), "−18 % to +22 %");
    }

    #[test]
    fn a_time_the_model_cannot_bound_is_never_a_precise_figure_alone() {
        let unbounded = Band::Unbounded {
            rows: 5,
            sources: 3,
            worst: -0.95,
        };
        let line = bounded_line(
            "At least 1 ms per step".into(),
            &[(Figure::Step, unbounded)],
        );
        assert_eq!(
            line,
            "Cannot be bounded, an order of magnitude only: At least 1 ms per step"
        );
        assert_eq!(
            short(&unbounded),
            "cannot be bounded: 5 rows like this were off by up to 20.0×"
        );
        let ok = bounded_line(
            "1 ms per step".into(),
            &[(Figure::Step, Band::NotValidated { rows: 0 })],
        );
        assert_eq!(ok, "1 ms per step");
    }

    #[test]
    fn short_words() {
        let b = Band::Range {
            low: (-0.2f64).exp(),
            high: 0.2f64.exp(),
            rows: 23,
            sources: 4,
            worst: -0.14,
            coverage: 0.9,
            level: 70,
        };
        assert_eq!(short(&b), "−18 % to +22 % (23 rows like this, worst −14 %)");
        assert_eq!(
            short(&Band::NotValidated { rows: 0 }),
            "not validated: no measured row like this"
        );
        assert_eq!(
            short(&Band::Unbounded {
                rows: 3,
                sources: 2,
                worst: -0.9
            }),
            "cannot be bounded: 3 rows like this were off by up to 10.0×"
        );
    }
}
