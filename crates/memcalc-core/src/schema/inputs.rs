//! What the user typed, kept as text, and its validation into a [`Scenario`].
//! The form keeps raw text so that typing `1.` or `-` is never rewritten; parsing is derived:
//! every field's row reads its own text (`schema::validate`), and writes it back.

use crate::base::choice::Choice;
use crate::catalog::arch::Arch;
use crate::scenario::{Mode, Scenario};
use crate::schema::fields::{FieldId, FieldId as F, FIELDS};
pub use crate::schema::validate::{FieldError, ARCH_ESSENTIALS};

/// The raw text of every field, indexed by [`FieldId`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inputs {
    raw: Vec<String>,
}

impl Default for Inputs {
    fn default() -> Self {
        Inputs::from_scenario(&Scenario::default())
    }
}

impl Inputs {
    /// The raw text of a field.
    pub fn get(&self, id: FieldId) -> &str {
        &self.raw[id as usize]
    }

    /// Sets the raw text of a field.
    pub fn set(&mut self, id: FieldId, value: impl Into<String>) {
        self.raw[id as usize] = value.into();
    }

    /// The scenario these inputs give with `patch` applied, if it is valid: how a suggestion or
    /// a layout is tried.
    pub fn patched<V: Clone + Into<String>>(&self, patch: &[(FieldId, V)]) -> Option<Scenario> {
        let mut i = self.clone();
        for (id, v) in patch {
            i.set(*id, v.clone());
        }
        i.parse().ok()
    }

    /// The canonical text of each field of a valid scenario.
    pub fn from_scenario(s: &Scenario) -> Inputs {
        Inputs {
            raw: FIELDS.iter().map(|f| f.write(s)).collect(),
        }
    }

    /// Validates every field and their consistency; all errors are reported, not only the first.
    pub fn parse(&self) -> Result<Scenario, Vec<FieldError>> {
        crate::schema::validate::validate(|id| self.get(id))
    }

    /// A change the user made in the form: switching the mode or the code also moves the
    /// settings that follow from it; any other key only takes its value.
    pub fn change(&mut self, id: FieldId, value: String) {
        match id {
            F::Mode => self.switch_mode(&value),
            // A framework moves the settings it implies that the user has not changed.
            F::Framework => self.switch_framework(&value),
            // A known model fills the architecture fields; they stay editable.
            F::ModelId => self.choose_model(&value),
            // A documented node fills its memory per node; it stays editable.
            F::Node => {
                if let Some(n) = crate::catalog::device::node_by_id(&value) {
                    self.set(F::NodeMem, n.gib.to_string());
                }
                self.set(F::Node, value);
            }
            F::Code => {
                self.apply_code(&value);
                self.set(F::Code, value);
            }
            _ => {
                self.set(id, value);
            }
        }
    }

    /// Sets every setting a code's profile names (an unknown code changes nothing here; the
    /// `code` field itself reports it).
    pub fn apply_code(&mut self, code: &str) {
        if let Ok(c) = crate::base::choice::Choice::parse(code) {
            for &(id, v) in crate::catalog::codes::profile(c).sets {
                self.set(id, id.field().text(v));
            }
        }
    }

    /// Writes an architecture into the architecture fields; the count is derived from it and no
    /// catalog model is named any more (a config.json import; a chosen model names itself after).
    pub fn set_arch(&mut self, arch: &Arch) {
        let filled = Inputs::from_scenario(&Scenario {
            arch: Some(*arch),
            params: None,
            ..Scenario::default()
        });
        for &id in FieldId::ALL.iter().filter(|id| {
            id.field().group == crate::schema::fields::Group::Architecture && **id != F::Shape
        }) {
            self.set(id, filled.get(id).to_string());
        }
        self.set(F::Params, "");
        self.set(F::ModelId, "");
    }

    /// Chooses a catalog model by id or alias: its architecture fills the architecture fields
    /// and the count is derived from it (every field stays editable). An id the catalog does not
    /// know is kept as typed, for its error, and changes nothing else.
    ///
    /// A released model is what it ships as: served (inference), `quant` becomes the format
    /// its checkpoint stores (`quantization_config` of its config.json: MXFP4 for gpt-oss, FP8
    /// for DeepSeek-V3, the `-FP8`/`-AWQ` repositories' own), unless the user had changed it
    /// from the previous model's format. Training and fine-tuning load the weights in `dtype`
    /// (Hugging Face's gpt-oss recipe dequantizes MXFP4 to BF16: `Mxfp4Config(dequantize=True)`),
    /// so there the format stays. (Links of schema version 3 and older keep `none`:
    /// `pin_v3_defaults`.)
    pub fn choose_model(&mut self, id: &str) {
        let infer = self.get(F::Mode) == Mode::Infer.id();
        let before = self.shipped();
        self.set(F::ModelId, id);
        let Some(m) = crate::catalog::model_by_id(id) else {
            return;
        };
        if infer && self.get(F::Quant) == before.id() {
            if let Some(q) = crate::catalog::shipped_format(id) {
                self.set(F::Quant, q.id());
            }
        }
        self.set_arch(&m.arch);
        // Kept as typed (an alias, another case): the page never rewrites what is being typed.
        self.set(F::ModelId, id);
    }

    /// The weight format the named model's checkpoint ships in (`none` without a known model).
    fn shipped(&self) -> crate::catalog::quant::Quant {
        crate::catalog::shipped_format(self.get(F::ModelId))
            .unwrap_or(crate::catalog::quant::Quant::None)
    }

    /// Switches the mode, moving every field still at the old mode's default to the new one's
    /// (simulations default to FP64), and keeping what the user changed. A catalog model's
    /// checkpoint format follows: on when serving starts, off when it ends (`choose_model`).
    pub fn switch_mode(&mut self, mode: &str) {
        let shipped = self.shipped();
        let was_infer = self.get(F::Mode) == Mode::Infer.id();
        self.switch_mode_fields(mode);
        let is_infer = self.get(F::Mode) == Mode::Infer.id();
        let none = crate::catalog::quant::Quant::None.id();
        if !was_infer && is_infer && self.get(F::Quant) == none {
            self.set(F::Quant, shipped.id());
        } else if was_infer && !is_infer && self.get(F::Quant) == shipped.id() {
            self.set(F::Quant, none);
        }
    }

    fn switch_mode_fields(&mut self, mode: &str) {
        let old = crate::base::choice::Choice::parse(self.get(F::Mode)).unwrap_or(Mode::Train);
        let new: Mode = match crate::base::choice::Choice::parse(mode) {
            Ok(m) => m,
            Err(_) => {
                self.set(F::Mode, mode);
                return;
            }
        };
        let (from, to) = (
            Inputs::from_scenario(&Scenario::default_for(old)),
            Inputs::from_scenario(&Scenario::default_for(new)),
        );
        for ((value, from), to) in self.raw.iter_mut().zip(&from.raw).zip(&to.raw) {
            if value == from {
                value.clone_from(to);
            }
        }
        self.set(F::Mode, new.id());
    }
}

/// The raw text of a field when the user has changed nothing (the published schema's defaults).
pub fn default_raw(id: FieldId) -> String {
    Inputs::default().get(id).to_string()
}
