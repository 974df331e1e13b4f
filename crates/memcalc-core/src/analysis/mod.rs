//! Questions asked of the model: limits, savings, layouts, sweeps and scaling, node searches.

pub mod band;
mod band_table;
pub mod compare;
pub mod derived;
pub mod layouts;
pub mod limits;
pub mod plan;
pub mod scaling;
pub mod sim_nodes;
pub mod timeline;
