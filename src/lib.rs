//! The memory calculator's web app: components bind the core's inputs and display its estimate.

mod app;
mod browser;
mod canvas;
pub mod components;
mod embed_bridge;
mod fold;
mod location;
pub mod log;
mod observe;
mod page;
mod panic;
mod theme;
pub mod time;

pub use panic::install as install_panic_message;

pub use app::{App, Calculator};
