//! memcalc-core: how much memory a computational model needs, as a sum of named, explained
//! components. Pure Rust with no web dependency: the page, the CLI and the tests share it.
//!
//! Layers, each importing only from the ones before it (`tests/layers.rs` checks it):
//! `base` (arithmetic, units, searches, option enums, URL keys) ← `catalog` (devices, dtypes,
//! formats, optimizers, models, codes, frameworks) ← `scenario` (what the run is) ← `model`
//! (bytes) and `schema` (the URL/CLI/form contract) ← `explain` (FAQ, wording) and `analysis`
//! (limits, savings, layouts, sweeps, node searches) ← `report` (CSV, Markdown, JSON). `speed`
//! (time per step from the estimate's bytes and the hardware) sits between `model`/`schema`
//! and `explain`.

/// The saturating arithmetic as `crate::mul!` and `crate::add!`, inside the crate only.
pub(crate) use base::sat::{add, mul};

/// The layers that are not the face: public with the `internals` feature, which only the core's
/// own integration tests and examples turn on (its dev-dependency on itself), else private to
/// the crate, so that another crate reaching past the face does not compile (issue 36: one
/// public door; `tests/facade.rs` also reads every member's code for such paths).
macro_rules! layers {
    ($($layer:ident),+ $(,)?) => {$(
        #[cfg(feature = "internals")]
        #[doc(hidden)]
        pub mod $layer;
        #[cfg(not(feature = "internals"))]
        mod $layer;
    )+};
}

/// The modules of a public layer that are not its face (as `layers!`, one folder down): the
/// layer's `mod.rs` declares them with this, and its face with `pub mod`.
macro_rules! inner {
    ($($module:ident),+ $(,)?) => {$(
        #[cfg(feature = "internals")]
        #[doc(hidden)]
        pub mod $module;
        #[cfg(not(feature = "internals"))]
        pub(crate) mod $module;
    )+};
}

layers!(base, model, scenario, speed);
// The public layers are named as their folders (issue 36: no facade module under another name);
// each one's face is what its `mod.rs` declares `pub`, the rest comes through `inner!`.
pub mod analysis;
pub mod catalog;
pub mod explain;
pub mod log;
pub mod report;
pub mod schema;

// The public face: what the page, the CLI, the charts, the first screen and the build step use.
pub use base::choice::Choice;
pub use catalog::parts::PartId;
pub use model::{bytes, estimate, Busiest, Component, Estimate, Location, Per};
pub use scenario::{Mode, Scenario};
pub use schema::inputs::{FieldError, Inputs};
pub use schema::lenient::{LeftOut, Lenient};
pub use schema::page_state::PageState;
pub use schema::query::Notice;
pub use speed::sim::SimRate;
pub use speed::{speed, Bound, Speed, SpeedError, Steps, TermId, TermValues, Time, TimeTerm};

/// Sizes and numbers as the page writes and reads them, and saturating sums.
pub mod units {
    pub use crate::base::sat::{sort_small, sum};
    pub use crate::base::units::*;
}
