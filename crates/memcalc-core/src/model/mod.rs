//! Bytes: the estimate of a scenario, neural (`neural/`) or simulation (`sim/`), with a kept
//! calibration applied. `estimate` is the one entry point: the page, the CLI, every search,
//! sweep and suggestion go through it.

pub mod breakdown;
pub mod calibrate;
pub mod neural;
pub mod sim;
pub mod values;
pub mod warning;

pub use breakdown::{Component, Estimate, Location, Per};

use crate::scenario::{Mode, Scenario};
use std::cell::Cell;

thread_local! {
    /// Whether the estimate being computed writes its formulas, explanations and warnings.
    static WORDS: Cell<bool> = const { Cell::new(true) };
}

/// Text of a formula, explanation or warning, or nothing when the estimate is for its bytes only
/// (`bytes`): the searches run dozens of estimates and read none of their words.
macro_rules! words {
    ($($t:tt)*) => {
        if $crate::model::words_on() {
            format!($($t)*)
        } else {
            String::new()
        }
    };
}
pub(crate) use words;

pub(crate) fn words_on() -> bool {
    WORDS.with(Cell::get)
}

/// Restores the words' setting when a bytes-only estimate ends, even if it unwinds.
struct Restore(bool);

impl Drop for Restore {
    fn drop(&mut self) {
        WORDS.with(|w| w.set(self.0));
    }
}

/// Computes the memory of a validated scenario.
pub fn estimate(s: &Scenario) -> Estimate {
    let mut e = if s.mode == Mode::Sim {
        sim::estimate_sim(s)
    } else {
        neural::estimate::estimate_model(s)
    };
    calibrate::apply(s, &mut e);
    e
}

/// The same estimate with the same bytes, totals and verdict, but no formulas, explanations or
/// warnings (empty strings): what every search, sweep and suggestion calls, since they read only
/// numbers. The text is written when a row is shown or exported, by `estimate`.
pub fn bytes(s: &Scenario) -> Estimate {
    let _restore = Restore(WORDS.with(|w| w.replace(false)));
    estimate(s)
}
