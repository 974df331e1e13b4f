//! Questions asked of the model: limits, savings, layouts, sweeps and scaling, node searches.

pub mod compare;
pub mod derived;
pub mod layouts;
pub mod plan;
pub mod scaling;
pub mod timeline;
inner!(band, limits, sim_nodes);
mod band_table;

// From the layers below, for the page, the CLI and the notebook: the check against a measured
// peak, and the serving curves.
pub use crate::model::calibrate;
pub use crate::speed::inference::{batch_curve, decode_curve, CurvePoint};
