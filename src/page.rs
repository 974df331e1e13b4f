//! The page's shared state, provided once by `Calculator` (`provide_context`) and read by the
//! components that show or change it (`Page::get()`), as leptos' todomvc example does, instead
//! of the same estimate, units and callbacks passed down as props through every component.

use leptos::prelude::*;
use memcalc_core::report::Advice;
use memcalc_core::schema::fields::FieldId;
use memcalc_core::units::UnitSystem;
use memcalc_core::{Estimate, Inputs, Scenario};

use crate::theme::ThemeState;

/// A set of field changes, (key, raw text) each.
pub type Patch = Vec<(FieldId, String)>;

/// Handles to the calculation on screen; all `Copy`, so components take what they need.
#[derive(Clone, Copy)]
pub struct Page {
    /// Raw text of every field, as typed or as the link carried it.
    pub inputs: Memo<Inputs>,
    /// The scenario in force: while a field is invalid, the valid fields with the invalid ones
    /// at their base's values.
    pub scenario: Memo<Scenario>,
    /// Its estimate.
    pub estimate: Memo<Estimate>,
    /// True while an input is invalid: the figures shown leave the invalid fields out.
    pub stale: Signal<bool>,
    /// Which fields the figures leave out and what they took instead, while `stale`.
    pub left_out: Signal<Option<String>>,
    /// The link names a preset this version does not know: no figures are shown at all (the
    /// defaults' would be another scenario's), only the note in `left_out`.
    pub no_estimate: Signal<bool>,
    /// The answers derived from the scenario (the facts at a glance, the savings, the scaling
    /// sweep), worked out by the core worker with the time answer (`report::Advice`, issue 36);
    /// the last one stays until the next arrives, empty until the first.
    pub advice: Memo<Advice>,
    /// The time answers of `link`, from the lazily loaded time wasm (`None` until the first).
    pub time: crate::time::TimeAnswer,
    /// The planner's answer of `link` where it holds goal keys (issue 41), asked apart from the
    /// time answer (`None` until it comes, and without goal keys).
    pub plan_answer: crate::time::PlanAnswer,
    /// The unit system every size on the page is written in.
    pub units: RwSignal<UnitSystem>,
    /// The colour theme in force.
    pub theme: ThemeState,
    /// What the scaling chart plots (`scaling_y`).
    pub scaling_y: RwSignal<memcalc_core::analysis::scaling::ScalingY>,
    /// The canonical query of the current state.
    pub link: Memo<String>,
    /// Setups kept for comparison with the form (`cmp=`), canonical queries.
    pub pinned: RwSignal<Vec<String>>,
    /// The planner's goal keys as typed (`plan_*`, issue 41), in the link.
    pub plan: RwSignal<Vec<(String, String)>>,
    /// Fields the embedding page fixed: shown, not editable, left out of suggestions.
    pub locked: StoredValue<Vec<FieldId>>,
    /// Inside an iframe (`embed=1`).
    pub embedded: bool,
    /// Edits one field: (key, raw text), on every keystroke.
    pub change: Callback<(FieldId, String)>,
    /// Applies a suggestion, a layout or a calibration: a history entry of its own.
    pub apply: Callback<Patch>,
}

impl Page {
    /// The page's state, provided by `Calculator`.
    pub fn get() -> Page {
        expect_context()
    }
}
