//! The bottom layer: saturating arithmetic, units and number formats, searches, and the
//! option enums every layer uses. Imports nothing from the crate.

pub mod choice;
pub mod keys;
pub mod sat;
pub mod search;
pub mod text;
pub mod units;
