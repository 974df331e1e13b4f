//! Every part's words, written from its template and the named values the model gave it: the
//! label, the formula with the user's numbers, the FAQ question it answers, its explanation and
//! its source. Nothing here computes bytes. Each text is its own function, dispatched statically,
//! so a build that shows only labels and formulas (the first-answer wasm) does not link the
//! explanations.

mod engine;
mod neural;
mod sim;

use crate::model::values::Values;
use crate::model::Component;

/// One template: the five texts of a part, written from its values.
pub(crate) trait Template {
    /// The row's name, e.g. "Weights".
    fn label(&self) -> &'static str;
    /// The computation with the user's numbers, ending in `= <bytes> B`.
    fn formula(&self, bytes: u64) -> String;
    /// The FAQ question the row answers.
    fn question(&self) -> &'static str;
    /// What the part is and why it exists, in the user's terms.
    fn explanation(&self) -> String;
    /// Where the formula comes from.
    fn source(&self) -> &'static str;
}

/// Calls a `Template` method on whichever family's values the part holds.
macro_rules! on_template {
    ($values:expr, $t:ident => $call:expr) => {
        match $values {
            Values::Sim($t) => $call,
            Values::Neural($t) => $call,
            Values::Engine($t) => $call,
        }
    };
}

/// The row's name, e.g. "Weights".
pub fn label(c: &Component) -> &'static str {
    on_template!(&c.values, t => t.label())
}

/// The computation with the user's numbers, e.g. `7,000,000,000 × 2 B = 14,000,000,000 B`.
pub fn formula(c: &Component) -> String {
    on_template!(&c.values, t => t.formula(c.bytes))
}

/// The FAQ question the row answers.
pub fn question(c: &Component) -> &'static str {
    on_template!(&c.values, t => t.question())
}

/// What the part is and why it exists, in the user's terms.
pub fn explanation(c: &Component) -> String {
    on_template!(&c.values, t => t.explanation())
}

/// Where the formula comes from.
pub fn source(c: &Component) -> &'static str {
    on_template!(&c.values, t => t.source())
}
