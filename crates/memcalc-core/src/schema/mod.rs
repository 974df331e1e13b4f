//! The contract of the URL, the CLI and the form: every key (`fields`), parsing and
//! canonical values (`inputs`), links (`url` ← `query`, `page`), presets, config.json import.

pub mod fields;
pub mod framework_defaults;
pub mod hf_config;
pub mod inputs;
pub mod page;
pub mod presets;
pub mod query;
pub mod url;
