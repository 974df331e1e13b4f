//! The contract of the URL, the CLI and the form: every key's row (`fields`, with where its
//! value lives: `slot`), reading and writing one field (`value`), validating them all
//! (`validate`) or as many as are valid (`lenient`), the form's text (`inputs`), links (`url` ← `query`, `page`), presets,
//! config.json import, and the page's state and its transitions (`page_state`).

pub mod fields;
pub mod hf_config;
pub mod page;
pub mod presets;
pub mod query;
inner!(
    field_help,
    framework_defaults,
    inputs,
    lenient,
    page_state,
    slot,
    url,
    validate,
    value
);

// The option enums of a scenario a form or a query names.
pub use crate::scenario::{sciml::ModelKind, sim::Method};
