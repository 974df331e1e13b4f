//! The templates of simulation parts: one per variant of `SimValues`, and the per-node total
//! of a rank's part.

mod amr;
mod nbody;
mod planewave;

use super::Template;
use crate::base::units::group_digits as g;
use crate::model::values::{SimPart, SimValues};

/// A rank's part shown per node: the rank's formula, then the ranks that share the node, so the
/// arithmetic reads through to the row's bytes.
impl Template for SimPart {
    fn label(&self) -> &'static str {
        self.rank.label()
    }
    fn formula(&self, bytes: u64) -> String {
        let rank = self.rank.formula(self.rank_bytes);
        if self.ranks_per_node > 1 {
            format!(
                "{rank} per rank × {} ranks per node = {} B",
                self.ranks_per_node,
                g(bytes)
            )
        } else {
            rank
        }
    }
    fn question(&self) -> &'static str {
        self.rank.question()
    }
    fn explanation(&self) -> String {
        self.rank.explanation()
    }
    fn source(&self) -> &'static str {
        self.rank.source()
    }
}

impl Template for SimValues {
    fn label(&self) -> &'static str {
        match self {
            SimValues::Amr(v) => v.label(),
            SimValues::Nbody(v) => v.label(),
            SimValues::Planewave(v) => v.label(),
        }
    }
    fn formula(&self, bytes: u64) -> String {
        match self {
            SimValues::Amr(v) => v.formula(bytes),
            SimValues::Nbody(v) => v.formula(bytes),
            SimValues::Planewave(v) => v.formula(bytes),
        }
    }
    fn question(&self) -> &'static str {
        match self {
            SimValues::Amr(v) => v.question(),
            SimValues::Nbody(v) => v.question(),
            SimValues::Planewave(v) => v.question(),
        }
    }
    fn explanation(&self) -> String {
        match self {
            SimValues::Amr(v) => v.explanation(),
            SimValues::Nbody(v) => v.explanation(),
            SimValues::Planewave(v) => v.explanation(),
        }
    }
    fn source(&self) -> &'static str {
        match self {
            SimValues::Amr(v) => v.source(),
            SimValues::Nbody(v) => v.source(),
            SimValues::Planewave(v) => v.source(),
        }
    }
}
