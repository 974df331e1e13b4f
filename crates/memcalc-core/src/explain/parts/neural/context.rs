//! Context parallelism (issue 38): the ring's K and V blocks.

use crate::base::units::group_digits as g;
use crate::explain::parts::Template;
use crate::explain::wording::sequences as seqs;
use crate::model::values::neural::CpBuffers;

/// Where the ring's buffers come from.
pub const SRC_CP: &str = "Megatron-Core context parallelism (--context-parallel-size; parallel_state.py: world = tp × cp × dp × pp; utils.py get_batch_on_this_cp_rank: each sequence in 2 · cp chunks, two per rank) with TransformerEngine's ring (transformer_engine/pytorch/attention/dot_product_attention/context_parallel.py AttnFuncWithCPAndKVP2P: the next rank's K and V received while the current block is used); torchtitan context_parallel_degree (torch.distributed.tensor.experimental context_parallel, ring attention); Liu et al. 2023, Ring Attention (arXiv:2310.01889)";

impl Template for CpBuffers {
    fn label(&self) -> &'static str {
        "Context-parallel K, V ring"
    }
    fn formula(&self, bytes: u64) -> String {
        format!(
            "2 blocks × {} values × {} tokens × {} × {} B = {} B",
            self.kv_values,
            g(self.tokens),
            seqs(self.batch),
            self.bytes_per_value,
            g(bytes)
        )
    }
    fn question(&self) -> &'static str {
        "What does context parallelism add?"
    }
    fn explanation(&self) -> String {
        format!(
            "Context parallelism splits each sequence over {} GPUs: each keeps the activations and logits of its {} tokens only (the rows above), and attention passes the blocks of K and V around a ring, receiving the next block while it uses the current one, so two blocks of one layer are in flight. The backward pass's exchange of their gradients is not counted.",
            self.cp,
            g(self.tokens)
        )
    }
    fn source(&self) -> &'static str {
        SRC_CP
    }
}
