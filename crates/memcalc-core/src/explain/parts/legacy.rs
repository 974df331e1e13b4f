//! Parts whose text the model still writes beside their bytes: passed through as written.

use super::Template;
use crate::model::values::Legacy;

impl Template for Legacy {
    fn label(&self) -> &'static str {
        self.label
    }
    fn formula(&self, _bytes: u64) -> String {
        self.formula.clone()
    }
    fn question(&self) -> &'static str {
        self.question
    }
    fn explanation(&self) -> String {
        self.explanation.clone()
    }
    fn source(&self) -> &'static str {
        self.source
    }
}
