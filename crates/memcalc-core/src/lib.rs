//! memcalc-core: how much memory a computational model needs, as a sum of named, explained
//! components. Pure Rust with no web dependency: the page, the CLI and the tests share it.
//!
//! Layers, each importing only from the ones before it (`tests/layers.rs` checks it):
//! `base` (arithmetic, units, searches, option enums, URL keys) ← `catalog` (devices, dtypes,
//! formats, optimizers, models, codes, frameworks) ← `scenario` (what the run is) ← `model`
//! (bytes) and `schema` (the URL/CLI/form contract) ← `explain` (FAQ, wording) and `analysis`
//! (limits, savings, layouts, sweeps, node searches) ← `report` (CSV, Markdown, JSON).

/// The saturating arithmetic as `crate::mul!` and `crate::add!`, inside the crate only.
pub(crate) use base::sat::{add, mul};

pub mod analysis;
pub mod base;
pub mod catalog;
pub mod explain;
pub mod model;
pub mod report;
pub mod scenario;
pub mod schema;

pub use base::choice::Choice;
pub use catalog::parts::PartId;
pub use model::{estimate, Component, Estimate, Location, Per};
pub use scenario::{Mode, Scenario};
pub use schema::inputs::{FieldError, Inputs};
pub use schema::query::Notice;
