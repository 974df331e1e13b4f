//! The named values a part's formula uses, one variant per template: what the model hands to
//! `explain::parts` (which writes the row's words from them) and to anything else that reads a
//! part's quantities rather than its bytes. Each family declares its own values here (`sim/`, one
//! file per method; `neural`; `engine`), so that the model filling them depends on them and they
//! on no part of the model.

pub mod engine;
pub mod neural;
pub mod sim;

pub use engine::EngineValues;
pub use neural::NeuralValues;
pub use sim::{
    AbinitChain, AbinitTerm, AmrBlock, AmrShape, AmrValues, Blocks, NbodyShape, NbodyValues,
    PwShape, PwTerm, PwValues, PwxTerm, SimPart, SimValues, SparcTerm,
};

/// A part's values: the variant names the template that writes its text.
#[derive(Debug, Clone, PartialEq)]
pub enum Values {
    /// Text written where the bytes are computed, kept while the parts move to templates.
    Legacy(Box<Legacy>),
    Sim(SimPart),
    Neural(NeuralValues),
    Engine(EngineValues),
}

/// A row's text as the model used to write it beside its bytes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Legacy {
    pub label: &'static str,
    pub formula: String,
    pub question: &'static str,
    pub explanation: String,
    pub source: &'static str,
}

/// The fields of a part written with its text (`legacy!`): the old shape of `Component`.
pub(crate) struct LegacyFields {
    pub id: crate::catalog::parts::PartId,
    pub label: &'static str,
    pub bytes: u64,
    pub location: crate::model::Location,
    pub formula: String,
    pub question: &'static str,
    pub explanation: String,
    pub source: &'static str,
}

impl LegacyFields {
    pub(crate) fn into_component(self) -> crate::model::Component {
        crate::model::Component {
            id: self.id,
            bytes: self.bytes,
            location: self.location,
            values: Values::Legacy(Box::new(Legacy {
                label: self.label,
                formula: self.formula,
                question: self.question,
                explanation: self.explanation,
                source: self.source,
            })),
        }
    }
}

/// `legacy! { id, label, bytes, location, formula, question, explanation, source }`: a part
/// whose text is still written beside its bytes.
macro_rules! legacy {
    ($($t:tt)*) => {
        $crate::model::values::LegacyFields { $($t)* }.into_component()
    };
}
pub(crate) use legacy;
