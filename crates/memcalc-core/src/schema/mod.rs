//! The contract of the URL, the CLI and the form: every key's row (`fields`, with where its
//! value lives: `slot`), reading and writing one field (`value`), validating them all
//! (`validate`) or as many as are valid (`lenient`), the form's text (`inputs`), links (`url` ← `query`, `page`), presets,
//! config.json import, and the page's state and its transitions (`page_state`).

pub mod field_help;
pub mod fields;
pub mod framework_defaults;
pub mod hf_config;
pub mod inputs;
pub mod lenient;
pub mod page;
pub mod page_state;
pub mod presets;
pub mod query;
pub mod slot;
pub mod url;
pub mod validate;
pub mod value;
