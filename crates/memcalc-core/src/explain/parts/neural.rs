//! The templates of neural parts: one per variant of `NeuralValues`.

use super::Template;
use crate::model::values::NeuralValues;

impl Template for NeuralValues {
    fn label(&self) -> &'static str {
        match *self {}
    }
    fn formula(&self, _bytes: u64) -> String {
        match *self {}
    }
    fn question(&self) -> &'static str {
        match *self {}
    }
    fn explanation(&self) -> String {
        match *self {}
    }
    fn source(&self) -> &'static str {
        match *self {}
    }
}
