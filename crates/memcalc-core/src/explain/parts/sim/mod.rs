//! The templates of simulation parts: one file per method (its parts' five texts together),
//! and the per-node total of a rank's part.

mod amr;
mod grid;
mod hpcg;
mod lbm;
mod lmpgpu;
mod mdrun;
mod mesh;
mod nbody;
mod particles;
mod planewave;
mod reaxff;
mod run;
mod spectral;

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

/// Calls a `Template` method on the method's values the part holds.
macro_rules! on_method {
    ($values:expr, $t:ident => $call:expr) => {
        match $values {
            SimValues::Grid($t) => $call,
            SimValues::Lbm($t) => $call,
            SimValues::Mesh($t) => $call,
            SimValues::Spectral($t) => $call,
            SimValues::Particles($t) => $call,
            SimValues::Reaxff($t) => $call,
            SimValues::Run($t) => $call,
            SimValues::Planewave($t) => $call,
            SimValues::Amr($t) => $call,
            SimValues::Nbody($t) => $call,
        }
    };
}

impl Template for SimValues {
    fn label(&self) -> &'static str {
        on_method!(self, t => t.label())
    }
    fn formula(&self, bytes: u64) -> String {
        on_method!(self, t => t.formula(bytes))
    }
    fn question(&self) -> &'static str {
        on_method!(self, t => t.question())
    }
    fn explanation(&self) -> String {
        on_method!(self, t => t.explanation())
    }
    fn source(&self) -> &'static str {
        on_method!(self, t => t.source())
    }
}
mod shape;
