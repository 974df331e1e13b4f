//! The templates of simulation parts: one per variant of `SimValues`.

use super::Template;
use crate::model::values::SimValues;

impl Template for SimValues {
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
