//! The line a pooled engine's answer is summed up in, for the CLI, the page and the first
//! screen.

use crate::base::units::group_digits as g;
use crate::model::neural::engine::Serving;

/// One line for the CLI and the page: the pool in tokens (and blocks) and whether the requested
/// sequences fit it.
pub fn summary(v: &Serving) -> String {
    let blocks = if v.block_tokens > 1 {
        format!(" ({} blocks of {})", g(v.blocks), v.block_tokens)
    } else {
        String::new()
    };
    format!(
        "{} KV pool: {} tokens{blocks}; {} concurrent sequences of {} tokens fit, {} requested: {}.",
        v.engine.name(),
        g(v.pool_tokens),
        g(v.sequences),
        g(v.seq),
        g(v.batch),
        if v.batch_fits() {
            "fits"
        } else {
            "does not fit"
        }
    )
}
