//! The bottom layer: saturating arithmetic, units and number formats, searches, the option
//! enums every layer uses, and the URL keys with their typed values (`keys`), so that catalogs
//! can name keys the compiler checks. Imports nothing from the crate.

pub mod choice;
pub mod keys;
pub mod sat;
pub mod static_str;
pub mod search;
pub mod units;
