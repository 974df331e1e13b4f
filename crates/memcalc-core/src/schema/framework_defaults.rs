//! Applying a framework's implied settings to the form's inputs, and switching between
//! frameworks without losing what the user changed.

use crate::base::choice::Choice;
use crate::catalog::framework::Framework;
use crate::schema::fields::FieldId;

/// A framework's implied settings as text, each value spelled as its field writes it.
fn implied_text(f: Framework) -> impl Iterator<Item = (FieldId, String, &'static str)> {
    f.implied()
        .iter()
        .map(|im| (im.key, im.key.field().text(im.value), im.source))
}

/// One implied setting as the page shows it: key, value and source as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImpliedText {
    pub key: &'static str,
    pub value: String,
    pub source: &'static str,
}

/// One implied setting as the page shows it: what the framework sets and whether the user
/// changed it since.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImpliedState {
    pub implied: ImpliedText,
    pub current: String,
    pub overridden: bool,
}

impl crate::schema::inputs::Inputs {
    /// Writes a framework's implied values over the current ones.
    pub fn apply_framework(&mut self, f: Framework) {
        for (id, value, _) in implied_text(f) {
            self.set(id, value);
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
            implied_text(f)
                .find(|(id, _, _)| *id == key)
                .map(|(_, value, _)| value)
                .unwrap_or_else(|| defaults.get(key).to_string())
        };
        let keys: Vec<FieldId> = implied_text(old)
            .chain(implied_text(new))
            .map(|(id, _, _)| id)
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
        implied_text(f)
            .map(|(id, value, source)| ImpliedState {
                current: self.get(id).to_string(),
                overridden: !same(self.get(id), &value),
                implied: ImpliedText {
                    key: id.key(),
                    value,
                    source,
                },
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
