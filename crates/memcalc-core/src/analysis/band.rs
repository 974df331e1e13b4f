//! An honest range on every number (issue 37): each total and each time carries a band from the
//! measured rows of `docs/accuracy.md` that exercise the same mechanism (the same engine,
//! framework or code, and for a time the same figure and bound), or says it is not validated.
//!
//! How a band is made, for one class of rows:
//! - each row's error is the log of its estimate over its measurement, `ln(estimate /
//!   measured)`, of a size or a duration (a rate's measurement over its estimate), so a band is
//!   symmetric in ratio: `[x·e^−w, x·e^w]`;
//! - its base is a quantile (`BASE_LEVEL_PCT`) of the rows' |errors|;
//! - leave-one-source-out: each row is judged against the base built from the other sources'
//!   rows only (the rows a mechanism was tuned on cannot vouch for it); its score is its |error|
//!   over that base (inside at most 1); a class whose rows all come from one source cannot be
//!   judged so, and is not validated;
//! - the half-width `w` is the base times a factor per kind (memory, time): the
//!   `TARGET_PERMILLE` quantile of that kind's scores, so that 90 % of the rows fall inside the
//!   band built without their source (the coverage, reported per class and overall).
//!
//! The bands are computed at build time: `cargo run -p memcalc-core --example bands` recomputes
//! every row from its query (`generate`) and writes `band_table.rs`; `tests/bands.rs` fails when
//! that table is stale, so a new row narrows or widens a band by regenerating it.

use crate::model::Estimate;
use crate::scenario::mechanism::Mechanism;
use crate::scenario::Mode;
use crate::speed::{Bound, Speed, Steps};

pub use super::band_table::{
    Entry, COVERED, ENTRIES, JUDGED, K_MEMORY_MILLI, K_TIME_MILLI, LEVEL_PCT,
};

/// A band wider than this factor either way does not bound the figure: it is said so, and the
/// figure is not offered as an estimate.
pub const UNBOUNDED_FACTOR: f64 = 3.0;

/// Which figure a band is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Figure {
    /// Memory: the total per device (per rank or node in simulations).
    Total,
    /// Inference: a decode step (tokens per second).
    Decode,
    /// Inference: the prefill (time to first token).
    Prefill,
    /// A training, simulation or surrogate step.
    Step,
    /// Memory: a pooled engine's KV pool (vLLM, SGLang), whose total is the utilisation
    /// setting rather than an estimate: the rows that measure the pool (`kv_cache`) vouch for it.
    Pool,
}

impl Figure {
    /// Its key in a class and in JSON.
    pub fn key(self) -> &'static str {
        match self {
            Figure::Total => "total",
            Figure::Decode => "decode",
            Figure::Prefill => "prefill",
            Figure::Step => "step",
            Figure::Pool => "pool",
        }
    }
}

/// One row of the classes table: for a figure in some modes, the rows that share the
/// scenario's program (engine for inference, framework for training, code or method for
/// simulations) and, where `bound` is set, the bound of the time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClassRule {
    pub figure: Figure,
    pub modes: &'static [Mode],
    pub bound: bool,
}

/// The classes: memory × engine, memory × framework, memory × code; time × engine × figure ×
/// bound, time × framework × bound, time × code.
pub const CLASSES: &[ClassRule] = &[
    ClassRule {
        figure: Figure::Total,
        modes: &[Mode::Infer, Mode::Train, Mode::Finetune, Mode::Sim],
        bound: false,
    },
    ClassRule {
        figure: Figure::Decode,
        modes: &[Mode::Infer],
        bound: true,
    },
    ClassRule {
        figure: Figure::Prefill,
        modes: &[Mode::Infer],
        bound: false,
    },
    ClassRule {
        figure: Figure::Step,
        modes: &[Mode::Train, Mode::Finetune, Mode::Infer],
        bound: true,
    },
    ClassRule {
        figure: Figure::Step,
        modes: &[Mode::Sim],
        bound: false,
    },
    ClassRule {
        figure: Figure::Pool,
        modes: &[Mode::Infer],
        bound: false,
    },
];

/// The class key of a figure of a scenario, e.g. `total engine=llamacpp` or `decode
/// engine=llamacpp memory_bandwidth`; `None` where the classes table has no rule for it.
pub fn class_key(m: Mechanism, figure: Figure, bound: Option<Bound>) -> Option<String> {
    let rule = CLASSES
        .iter()
        .find(|r| r.figure == figure && r.modes.contains(&m.mode))?;
    let mut key = format!("{} {}", figure.key(), m.program.key());
    // Metal's matrix kernels are another mechanism than CUDA's for a compute-bound prefill.
    if figure == Figure::Prefill && m.metal {
        key.push_str(" backend=metal");
    }
    if rule.bound {
        if let Some(b) = bound {
            key.push(' ');
            key.push_str(b.key());
        }
    }
    Some(key)
}

/// What a figure's band is.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Band {
    /// Rows from two or more sources: the real figure lies within `[x·low, x·high]` (`low` =
    /// e^−w, `high` = e^w of the half-width w) for the target share of them.
    Range {
        low: f64,
        high: f64,
        rows: u32,
        sources: u32,
        /// The worst row's error (a fraction, signed).
        worst: f64,
        /// Share of rows inside the band built without their source.
        coverage: f64,
        level: u32,
    },
    /// Rows like this miss by more than `UNBOUNDED_FACTOR` either way: the model cannot bound
    /// the figure.
    Unbounded { rows: u32, sources: u32, worst: f64 },
    /// No row like this from more than one source (`rows` from one source, or none).
    NotValidated { rows: u32 },
}

impl Band {
    /// The band of a class from the generated table.
    pub fn of_class(class: &str) -> Band {
        Band::from_entries(ENTRIES, LEVEL_PCT, class)
    }

    /// The band of `class` in `entries` (the generated table's, or one built in a test).
    pub fn from_entries(entries: &[Entry], level: u32, class: &str) -> Band {
        let Some(e) = entries.iter().find(|e| e.class == class) else {
            return Band::NotValidated { rows: 0 };
        };
        if e.sources < 2 || e.judged == 0 {
            return Band::NotValidated {
                rows: e.rows.into(),
            };
        }
        let (low, high) = (
            f64::from(e.low_milli) / 1000.0,
            f64::from(e.high_milli) / 1000.0,
        );
        let worst = f64::from(e.worst_milli) / 1000.0;
        if high > UNBOUNDED_FACTOR {
            return Band::Unbounded {
                rows: e.rows.into(),
                sources: e.sources.into(),
                worst,
            };
        }
        Band::Range {
            low,
            high,
            rows: e.rows.into(),
            sources: e.sources.into(),
            worst,
            coverage: f64::from(e.covered) / f64::from(e.judged),
            level,
        }
    }

    /// The range around `x` (a size, a duration or a rate), where the band bounds it.
    pub fn range(&self, x: f64) -> Option<(f64, f64)> {
        match *self {
            Band::Range { low, high, .. } => Some((x * low, x * high)),
            _ => None,
        }
    }
}

/// The band of an estimate's total.
pub fn memory(e: &Estimate) -> Band {
    class_key(e.mechanism, Figure::Total, None)
        .map_or(Band::NotValidated { rows: 0 }, |k| Band::of_class(&k))
}

/// A pooled engine's KV pool band (vLLM, SGLang: the estimate has a pool), from the rows that
/// measure the pool; `None` for other runs. Its total is the utilisation the engine is given,
/// so the band beside it is the pool's, in tokens.
pub fn pool(e: &Estimate) -> Option<Band> {
    e.serving?;
    Some(
        class_key(e.mechanism, Figure::Pool, None)
            .map_or(Band::NotValidated { rows: 0 }, |k| Band::of_class(&k)),
    )
}

/// The top of the total's range, in bytes, where the band bounds it.
pub fn memory_high(e: &Estimate) -> Option<u64> {
    memory(e)
        .range(e.per_device_bytes as f64)
        .map(|(_, hi)| hi.ceil() as u64)
}

/// The headline time figures of a run and their bands: for inference the decode step and the
/// prefill, for the rest the step.
pub fn time(e: &Estimate, sp: &Speed) -> Vec<(Figure, Band)> {
    let figures: &[Figure] = match sp.steps {
        Steps::Inference { .. } => &[Figure::Decode, Figure::Prefill],
        _ => &[Figure::Step],
    };
    figures
        .iter()
        .map(|&f| {
            let band = class_key(e.mechanism, f, Some(sp.bound))
                .map_or(Band::NotValidated { rows: 0 }, |k| Band::of_class(&k));
            (f, band)
        })
        .collect()
}

// Build time: the rows, the leave-one-source-out bands, the table's text — for the example that
// writes `band_table.rs` and the tests that check it (feature `internals`), never shipped.
#[cfg(feature = "internals")]
mod build;
#[cfg(feature = "internals")]
pub use build::*;
