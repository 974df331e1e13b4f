//! Applying a framework's implied settings to the form's inputs, and switching between
//! frameworks without losing what the user changed.

use crate::base::choice::Choice;
use crate::catalog::framework::{Framework, Implied};
use crate::schema::fields::FieldId;

/// The field an implied setting names. Frameworks live below the schema and name keys as
/// text; tests/keys_known.rs checks that every one is a field.
fn implied_fields(f: Framework) -> impl Iterator<Item = (FieldId, &'static Implied)> {
    f.implied()
        .iter()
        .filter_map(|im| Some((FieldId::from_key(im.key)?, im)))
}

/// One implied setting as the page shows it: what the framework sets and whether the user
/// changed it since.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImpliedState {
    pub implied: Implied,
    pub current: String,
    pub overridden: bool,
}

impl crate::schema::inputs::Inputs {
    /// Writes a framework's implied values over the current ones.
    pub fn apply_framework(&mut self, f: Framework) {
        for (id, im) in implied_fields(f) {
            self.set(id, im.value);
        }
        self.set(FieldId::Framework, f.id());
    }

    /// Switches the framework: fields still at the old framework's value (or at the default
    /// when the old one did not set them) take the new one's; fields the user changed stay.
    pub fn switch_framework(&mut self, id: &str) {
        let old = Choice::parse(self.get(FieldId::Framework)).unwrap_or(Framework::None);
        let new: Framework = match Choice::parse(id) {
            Ok(f) => f,
            Err(_) => {
                self.set(FieldId::Framework, id);
                return;
            }
        };
        let mode = Choice::parse(self.get(FieldId::Mode)).unwrap_or(crate::scenario::Mode::Train);
        let defaults = crate::schema::inputs::Inputs::from_scenario(
            &crate::scenario::Scenario::default_for(mode),
        );
        let value_under = |f: Framework, key: FieldId| -> String {
            implied_fields(f)
                .find(|(id, _)| *id == key)
                .map(|(_, im)| im.value.to_string())
                .unwrap_or_else(|| defaults.get(key).to_string())
        };
        let keys: Vec<FieldId> = implied_fields(old)
            .chain(implied_fields(new))
            .map(|(id, _)| id)
            .collect();
        for key in keys {
            if same(self.get(key), &value_under(old, key)) {
                let v = value_under(new, key);
                self.set(key, v);
            }
        }
        self.set(FieldId::Framework, new.id());
    }

    /// The framework's implied settings with their current values.
    pub fn implied_states(&self) -> Vec<ImpliedState> {
        let f = Choice::parse(self.get(FieldId::Framework)).unwrap_or(Framework::None);
        implied_fields(f)
            .map(|(id, im)| ImpliedState {
                implied: *im,
                current: self.get(id).to_string(),
                overridden: !same(self.get(id), im.value),
            })
            .collect()
    }
}

/// Raw values compared as the user would: case and surrounding spaces do not matter, and a
/// count such as `5e8` equals `500000000`.
fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.trim().to_ascii_lowercase(), b.trim().to_ascii_lowercase());
    a == b
        || matches!(
            (crate::base::units::parse_count(&a), crate::base::units::parse_count(&b)),
            (Ok(x), Ok(y)) if x == y
        )
}
