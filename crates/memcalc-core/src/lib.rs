//! memcalc-core: how much memory a computational model needs, as a sum of named, explained
//! components. Pure Rust with no web dependency: the page, the CLI and the tests share it.

pub mod activations;
pub mod amr;
pub mod arch;
pub mod calibrate;
pub mod catalog;
pub mod choice;
pub mod codes;
pub mod derived;
pub mod device;
pub mod engine;
pub mod engine_parts;
pub mod estimate;
pub mod faq;
pub mod fields;
pub mod framework;
pub mod gguf;
pub mod hf_config;
pub mod inputs;
pub mod layouts;
pub mod lora;
pub mod nbody;
pub mod optimizer;
pub mod page;
pub mod planewave;
pub mod precision;
pub mod presets;
pub mod quant;
pub mod query;
pub mod report;
pub mod sat;
pub mod scenario;
pub mod sciml;
pub mod search;
pub mod sim;
pub mod sim_estimate;
pub mod stage;
pub mod training;
pub mod units;
pub mod wording;

pub use choice::Choice;
pub use estimate::{estimate, Component, Estimate, Location};
pub use inputs::{FieldError, Inputs};
pub use query::Notice;
pub use scenario::{Mode, Scenario};
