//! A pooled engine's answer in words, for the CLI, the page, the chart, the exports and the first
//! screen. The answer is in sequences: the engine's total is its share of the GPU whatever the
//! load, so bytes say nothing about whether the requested sequences fit; every text that judges
//! a pooled engine (the verdict, the capacity line, the suggestions) says it in sequences.

use crate::base::units::{format_bytes, format_fixed, group_digits as g, UnitSystem};
use crate::explain::wording::{count, plural};
use crate::model::neural::engine::Serving;

/// The requests: "16" or, over replicas, "64 (16 per replica)".
fn requested(v: &Serving) -> String {
    if v.replicas > 1 {
        format!(
            "{} ({} on each of {} replicas)",
            g(v.total_batch),
            g(v.batch),
            v.replicas
        )
    } else {
        g(v.batch)
    }
}

/// ", 36 in all" over replicas: each replica has its own pool.
fn in_all(v: &Serving) -> String {
    if v.replicas > 1 {
        format!(
            " per replica, {} in all",
            g(v.sequences.saturating_mul(v.replicas))
        )
    } else {
        String::new()
    }
}

/// One line for the CLI and the page: the pool in tokens (and blocks) and whether the requested
/// sequences fit it.
pub fn summary(v: &Serving) -> String {
    let blocks = if v.block_tokens > 1 {
        format!(" ({} blocks of {})", g(v.blocks), v.block_tokens)
    } else {
        String::new()
    };
    format!(
        "{} KV pool: {}{blocks}; {}{}, {} requested: {}.",
        v.engine.name(),
        count(v.pool_tokens, "token", "tokens"),
        answer(v),
        in_all(v),
        requested(v),
        if v.batch_fits() {
            "fits"
        } else {
            "does not fit"
        }
    )
}

/// The serving answer every export carries: "29 concurrent sequences of 32,768 tokens fit".
pub fn answer(v: &Serving) -> String {
    format!(
        "{} of {} {}",
        count(v.sequences, "concurrent sequence", "concurrent sequences"),
        count(v.seq, "token", "tokens"),
        plural(v.sequences, "fits", "fit")
    )
}

/// What the pool holds against what was asked: "the KV pool holds 14 sequences of 32,768
/// tokens, 16 requested" (the verdict's reason).
pub fn holds(v: &Serving) -> String {
    format!(
        "the KV pool holds {} of {}{}, {} requested",
        count(v.sequences, "sequence", "sequences"),
        count(v.seq, "token", "tokens"),
        in_all(v),
        requested(v)
    )
}

/// The engine's share of `of` (the device's name or its size): "vLLM's 90 % of 79.65 GiB";
/// with what it takes beside the share (SGLang's step), "SGLang's 85 % of 79.65 GiB +
/// 632.34 MiB beside it". Its bytes are [`Serving::limit`].
pub fn share(v: &Serving, of: &str, units: UnitSystem) -> String {
    let beside = if v.outside > 0 {
        format!(" + {} beside it", format_bytes(v.outside, units))
    } else {
        String::new()
    };
    format!(
        "{}'s {} % of {of}{beside}",
        v.engine.name(),
        format_fixed(v.util_milli, 1)
    )
}

/// The capacity line's reading for a pooled engine: "KV pool holds 14 sequences, 16 requested".
pub fn headroom(v: &Serving) -> String {
    format!(
        "KV pool holds {}{}, {} requested",
        count(v.sequences, "sequence", "sequences"),
        in_all(v),
        requested(v)
    )
}

/// What one change does to a pooled engine: "14 → 29 sequences fit"; a change of the context
/// says both lengths, "14 sequences of 32,768 tokens → 29 of 16,384 fit".
pub fn sequences_change(before: &Serving, after: &Serving) -> String {
    let verb = plural(after.sequences, "fits", "fit");
    if before.seq == after.seq {
        format!(
            "{} → {} {verb}",
            g(before.sequences),
            count(after.sequences, "sequence", "sequences")
        )
    } else {
        format!(
            "{} of {} → {} of {} {verb}",
            count(before.sequences, "sequence", "sequences"),
            count(before.seq, "token", "tokens"),
            g(after.sequences),
            g(after.seq)
        )
    }
}
