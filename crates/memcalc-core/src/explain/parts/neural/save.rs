//! A checkpoint save's state dict: what a full state dict gathers, and where.

use crate::base::units::group_digits as g;
use crate::explain::parts::Template;
use crate::model::values::neural::StateDict;
use crate::scenario::training::{SaveState, SRC_SAVE};

impl StateDict {
    /// The gathered model: the weights as stored, and under mixed precision the trainable
    /// parameters' upcast to the FP32 the shards keep.
    fn full(&self) -> String {
        if self.upcast_bytes > 0 {
            format!(
                "({} B weights + {} trainable × {} B to FP32)",
                g(self.weight_bytes),
                g(self.trainable),
                self.upcast_bytes
            )
        } else {
            format!("{} B weights", g(self.weight_bytes))
        }
    }
}

impl Template for StateDict {
    fn label(&self) -> &'static str {
        match self.save {
            SaveState::FullCpu => "State dict gathered for saving (rank 0's CPU)",
            _ => "State dict gathered for saving",
        }
    }
    fn formula(&self, bytes: u64) -> String {
        match self.save {
            SaveState::FullCpu => format!("{} = {} B", self.full(), g(bytes)),
            SaveState::Full if self.gathers => {
                let full = self.full();
                let freed = g(self.freed);
                let what = if self.freed_grads {
                    "activations, logits and backward-pass gradients"
                } else {
                    "activations and logits"
                };
                if bytes == 0 {
                    format!("max({full} − {freed} B {what} freed by then, 0) = 0 B")
                } else {
                    format!("{full} − {freed} B {what} freed by then = {} B", g(bytes))
                }
            }
            _ => format!(
                "0 × {} parameters gathered = {} B",
                g(self.params),
                g(bytes)
            ),
        }
    }
    fn question(&self) -> &'static str {
        "Does saving a checkpoint need memory?"
    }
    fn explanation(&self) -> String {
        match self.save {
            SaveState::FullCpu => "With offload_to_cpu and rank0_only each unit is gathered on the GPU in turn and copied to rank 0's host memory, which holds the whole model.".into(),
            SaveState::Full if self.gathers => "A full state dict all-gathers every sharded parameter and clones it on each GPU, in the shards' dtype, between steps: only what exceeds the freed activations and logits raises the peak.".into(),
            SaveState::Full => "Unsharded parameters are referenced, not gathered.".into(),
            SaveState::Sharded | SaveState::None => "A sharded state dict saves each rank's own shard: nothing is gathered.".into(),
        }
    }
    fn source(&self) -> &'static str {
        SRC_SAVE
    }
}
