//! The memory calculator's web app: components bind the core's inputs and display its estimate.

mod app;
pub mod components;
mod location;
mod observe;

pub use app::{App, Calculator};
