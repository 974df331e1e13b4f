//! Applying a framework's implied settings to the form's inputs, and switching between
//! frameworks without losing what the user changed.

use crate::base::choice::Choice;
use crate::catalog::framework::{Framework, Implied};

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
        for im in f.implied() {
            self.set(im.key, im.value);
        }
        self.set("framework", f.id());
    }

    /// Switches the framework: fields still at the old framework's value (or at the default
    /// when the old one did not set them) take the new one's; fields the user changed stay.
    pub fn switch_framework(&mut self, id: &str) {
        let old = Choice::parse(self.get("framework")).unwrap_or(Framework::None);
        let new: Framework = match Choice::parse(id) {
            Ok(f) => f,
            Err(_) => {
                self.set("framework", id);
                return;
            }
        };
        let mode = Choice::parse(self.get("mode")).unwrap_or(crate::scenario::Mode::Train);
        let defaults = crate::schema::inputs::Inputs::from_scenario(
            &crate::scenario::Scenario::default_for(mode),
        );
        let value_under = |f: Framework, key: &str| -> String {
            f.implied()
                .iter()
                .find(|im| im.key == key)
                .map(|im| im.value.to_string())
                .unwrap_or_else(|| defaults.get(key).to_string())
        };
        let keys: Vec<&'static str> = old
            .implied()
            .iter()
            .chain(new.implied())
            .map(|im| im.key)
            .collect();
        for key in keys {
            if same(self.get(key), &value_under(old, key)) {
                let v = value_under(new, key);
                self.set(key, v);
            }
        }
        self.set("framework", new.id());
    }

    /// The framework's implied settings with their current values.
    pub fn implied_states(&self) -> Vec<ImpliedState> {
        let f = Choice::parse(self.get("framework")).unwrap_or(Framework::None);
        f.implied()
            .iter()
            .map(|im| ImpliedState {
                implied: *im,
                current: self.get(im.key).to_string(),
                overridden: !same(self.get(im.key), im.value),
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
