//! How far one quantity goes before memory runs out: the largest micro-batch and the longest
//! sequence that fit, all else equal. The derived answers and the scaling chart both ask it.

use crate::base::search::largest;
use crate::model::bytes;
use crate::scenario::{Scenario, MAX_BATCH, MAX_SEQ};

/// Fits the device, and for pooled serving engines the requested sequences fit the KV pool.
pub fn fits(s: &Scenario) -> bool {
    bytes(s).fits_device()
}

/// The largest micro-batch that fits the device, all else equal.
pub fn max_batch(s: &Scenario) -> Option<u64> {
    largest(1, MAX_BATCH, |b| fits(&Scenario { batch: b, ..*s }))
}

/// The longest sequence (inference: context) that fits the device, all else equal.
pub fn max_seq(s: &Scenario) -> Option<u64> {
    largest(1, MAX_SEQ, |q| fits(&Scenario { seq: q, ..*s }))
}
