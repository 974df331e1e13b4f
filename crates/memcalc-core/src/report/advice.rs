//! The page's advice, worked out in the core worker (issue 36, h-split): the "At a glance"
//! answers, the suggestions that save the most memory and the scaling chart's sweep, each a
//! search over dozens of estimates (`analysis::derived::derive`). They come with the time answer
//! ([`TimeAnswer::advice`](super::TimeAnswer)), so the app's wasm draws them and no longer
//! carries the searches (docs/performance.md, "The app's bytes, by crate").

use crate::analysis::derived::Derived;
use crate::analysis::layouts::Layout;
use crate::analysis::scaling::Scaling;
use crate::base::units::UnitSystem;
use crate::model::Estimate;
use crate::scenario::Scenario;
use crate::schema::fields::FieldId;

use super::Fact;

/// One suggestion as the page lists it: its label, the change ("Apply" sets `patch`), its
/// query (the row's `data-saving`) and its effect in words (`report::saving_text`).
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct SavingRow {
    pub label: String,
    pub patch: Vec<(FieldId, String)>,
    pub query: String,
    pub text: String,
    pub fits_after: bool,
}

/// One row of the page's layout list (`analysis::layouts::training_layouts`): its query (the
/// row's `data-layout`), label, figures in words (`page_words::layout_facts`) and the change
/// "Apply" sets.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct LayoutRow {
    pub query: String,
    pub label: String,
    pub facts: String,
    pub patch: Vec<(FieldId, String)>,
}

/// What the page's "At a glance" section and scaling chart draw.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Advice {
    /// `report::facts`, in the link's units.
    pub facts: Vec<Fact>,
    /// The single changes that save the most memory, most first (`analysis::derived::savings`).
    pub savings: Vec<SavingRow>,
    /// Memory per device against batch, context or nodes (`analysis::scaling`).
    pub scaling: Scaling,
    /// Training a transformer: the layouts on its GPUs that fit, cheapest first
    /// (`analysis::layouts::training_layouts`); empty otherwise.
    pub layouts: Vec<LayoutRow>,
    /// What the layout list is limited to by the framework (`analysis::layouts::framework_scope`).
    pub layouts_scope: Option<String>,
}

/// The advice of an estimate, its derived answers and its layouts, in `units`.
pub fn advice(
    s: &Scenario,
    e: &Estimate,
    d: Derived,
    layouts: &[Layout],
    units: UnitSystem,
) -> Advice {
    let facts = super::facts(e, &d, units);
    let savings = d
        .savings
        .iter()
        .map(|sv| SavingRow {
            label: sv.label.clone(),
            patch: sv.patch.clone(),
            query: sv.query(),
            text: super::saving_text(sv, units),
            fits_after: sv.fits_after,
        })
        .collect();
    Advice {
        facts,
        savings,
        scaling: d.scaling,
        layouts: layouts
            .iter()
            .map(|l| LayoutRow {
                query: l.query(),
                label: l.label(),
                facts: super::page_words::layout_facts(l, units),
                patch: l.patch.clone(),
            })
            .collect(),
        layouts_scope: crate::analysis::layouts::framework_scope(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_advice_reads_back_as_written_with_its_static_words() {
        let s = Scenario::default();
        let e = crate::model::estimate(&s);
        let layouts = crate::analysis::layouts::training_layouts(&s, 6);
        let d = crate::analysis::derived::derive(&s);
        let a = advice(&s, &e, d, &layouts, UnitSystem::Binary);
        assert!(!a.facts.is_empty() && !a.savings.is_empty());
        assert_eq!(a.layouts.len(), layouts.len());
        assert!(!a.scaling.series.is_empty());
        let json = serde_json::to_string(&a).unwrap();
        let back: Advice = serde_json::from_str(&json).unwrap();
        assert_eq!(back, a);
    }
}
