//! Reading inputs that have invalid fields for the estimate still worth showing (issue 29): every
//! valid value is kept and each bad field takes the value its base gives it (the preset, the
//! framework, the code and the catalog model named, over the mode's defaults), so the page never
//! shows another scenario's result under a form that says something else.

use crate::base::choice::Choice;
use crate::scenario::{Mode, Scenario};
use crate::schema::fields::{FieldId, FieldId as F, FIELDS};
use crate::schema::inputs::Inputs;
use crate::schema::presets::Preset;

/// A field whose text was not used: the estimate took `taken` (its base's text) instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOut {
    pub field: FieldId,
    pub taken: String,
}

/// The estimate a form with invalid fields can still show, and what it left out.
#[derive(Debug, Clone, PartialEq)]
pub struct Lenient {
    /// Every valid field as given, each left-out one at its base's value; `None` when even that
    /// is not a valid scenario (no estimate for these inputs).
    pub scenario: Option<Scenario>,
    /// The fields not used, in form order; empty when the inputs are valid.
    pub left_out: Vec<LeftOut>,
}

/// At most this many rounds of replacing fields: a replaced field can make a rule between
/// fields name another one.
const ROUNDS: usize = 4;

impl Inputs {
    /// The scenario of every valid field, each invalid one taken from the base (`preset`, or the
    /// mode's defaults, with the framework, code and model the inputs name). A field whose error
    /// stays at its base's value (an architecture given in part) takes its whole group from the
    /// base.
    pub fn parse_lenient(&self, preset: Option<&Preset>) -> Lenient {
        let mut errors = match self.parse() {
            Ok(s) => {
                return Lenient {
                    scenario: Some(s),
                    left_out: Vec::new(),
                }
            }
            Err(e) => e,
        };
        let named: Vec<FieldId> = errors.iter().map(|e| e.field).collect();
        let base = self.base(preset);
        let mut trial = self.clone();
        let mut scenario = None;
        for _ in 0..ROUNDS {
            let mut changed = false;
            for e in &errors {
                let group = e.field.field().group;
                let at_base = trial.get(e.field) == base.get(e.field);
                for f in FIELDS
                    .iter()
                    .filter(|f| f.id == e.field || at_base && f.group == group)
                {
                    if trial.get(f.id) != base.get(f.id) {
                        trial.set(f.id, base.get(f.id));
                        changed = true;
                    }
                }
            }
            match trial.parse() {
                Ok(s) => {
                    scenario = Some(s);
                    break;
                }
                Err(e) if changed => errors = e,
                Err(_) => break,
            }
        }
        // The fields replaced; when none could be (their base's value is theirs), the fields
        // the errors name, so the page still says which ones stand in the way.
        let replaced = |f: &&crate::schema::fields::Field| trial.get(f.id) != self.get(f.id);
        let any = FIELDS.iter().any(|f| replaced(&f));
        let left_out = FIELDS
            .iter()
            .filter(|f| {
                if any {
                    replaced(f)
                } else {
                    named.contains(&f.id)
                }
            })
            .map(|f| LeftOut {
                field: f.id,
                taken: trial.get(f.id).to_string(),
            })
            .collect();
        Lenient { scenario, left_out }
    }

    /// The inputs these would be with no field changed after their base: the preset's (or the
    /// mode's defaults), then the framework's, the code's and the catalog model's fields, as a
    /// link is read.
    fn base(&self, preset: Option<&Preset>) -> Inputs {
        let mode: Option<Mode> = Choice::parse(self.get(F::Mode)).ok();
        let mut b = match preset {
            Some(p) => crate::schema::query::preset_inputs(p),
            None => Inputs::from_scenario(&Scenario::default_for(mode.unwrap_or(Mode::Train))),
        };
        if let Some(m) = mode {
            b.set(F::Mode, m.id());
        }
        if let Ok(f) = Choice::parse(self.get(F::Framework)) {
            b.apply_framework(f);
        }
        if mode == Some(Mode::Sim) {
            b.apply_code(self.get(F::Code));
        }
        let model = self.get(F::ModelId);
        if crate::catalog::model_by_id(model).is_some() {
            b.choose_model(model);
        }
        b
    }
}
