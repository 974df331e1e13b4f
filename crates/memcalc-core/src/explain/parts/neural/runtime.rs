//! What the framework and libraries add around the tensors: the caching allocator's share and
//! its cached blocks, the CUDA context, ZeRO's buckets and NCCL's buffers, and the
//! calibration the user kept.

use crate::base::units::{format_fixed, group_digits as g};
use crate::explain::parts::Template;
use crate::model::values::neural::{
    Calibration, CommBuffers, EngineOverhead, Fragmentation, NcclBuffers, Overhead, Runtime,
};
use crate::scenario::training::{NCCL_CONNECTION_BYTES, SRC_BUCKETS, SRC_FRAG, SRC_NCCL};

pub const SRC_RUNTIME: &str = "PyTorch maintainers on the CUDA context: pytorch/pytorch#107667 (about 300 MiB with CUDA >= 11.7 lazy loading) and #20532; Hugging Face 'Model training anatomy' measured 1343 MB on a V100 with CUDA 11.2";
pub const SRC_ALLOCATOR: &str = "PyTorch documentation, CUDA semantics: memory management (caching allocator, memory_reserved vs memory_allocated)";
pub const SRC_CHECK: &str = "PyTorch documentation, CUDA semantics: memory management (memory_reserved includes cached blocks, memory_allocated only tensors; neither counts the CUDA context); LAMMPS manual, 'Per MPI rank memory allocated'";

impl Template for Overhead {
    fn label(&self) -> &'static str {
        "Allocator overhead"
    }
    fn formula(&self, bytes: u64) -> String {
        format!(
            "{} % × {} B = {} B",
            format_fixed(self.bp, 2),
            g(self.tensors),
            g(bytes)
        )
    }
    fn question(&self) -> &'static str {
        "Why add an overhead on top of the tensors?"
    }
    fn explanation(&self) -> String {
        format!(
            "Frameworks allocate through a caching allocator that rounds block sizes and keeps freed blocks for reuse, and every step creates short-lived temporaries, so the memory reserved exceeds the tensors above. This setting adds {} % of them; measure yours by comparing torch.cuda.max_memory_reserved() with max_memory_allocated().",
            format_fixed(self.bp, 2)
        )
    }
    fn source(&self) -> &'static str {
        SRC_ALLOCATOR
    }
}

impl Template for EngineOverhead {
    fn label(&self) -> &'static str {
        "Allocator overhead"
    }
    fn formula(&self, bytes: u64) -> String {
        format!(
            "0 % × {} B (inside the engine's own accounting) = {} B",
            g(self.tensors),
            g(bytes)
        )
    }
    fn question(&self) -> &'static str {
        "Why add an overhead on top of the tensors?"
    }
    fn explanation(&self) -> String {
        format!("{} sizes its memory itself: vLLM and SGLang measure their peak and give the KV pool the rest, llama.cpp allocates exact buffers, so no share of the tensors is added.", self.engine.name())
    }
    fn source(&self) -> &'static str {
        self.engine.source()
    }
}

impl Template for Fragmentation {
    fn label(&self) -> &'static str {
        "Cached blocks of shorter batches"
    }
    fn formula(&self, bytes: u64) -> String {
        format!(
            "activations {} B + logits and loss {} B at the longest batch = {} B",
            g(self.activations),
            g(self.logits),
            g(bytes)
        )
    }
    fn question(&self) -> &'static str {
        "Why does reserved memory exceed allocated with variable-length batches?"
    }
    fn explanation(&self) -> String {
        "Each batch is padded to its own longest sequence, so tensor sizes change from step to step. PyTorch's caching allocator serves a request from a cached block at least as large; when a batch is longer than every earlier one none is, so it cuts new segments and keeps the old ones cached (they are released only if cudaMalloc fails, or by torch.cuda.empty_cache()). At the peak the cache still holds the sequence-dependent tensors of an earlier longest batch: counted here as one more set of activations, logits and loss at the longest length, an upper bound for that one batch. Every further new longest batch can add another set until the device is full, when the allocator frees its cache and retries, so this stays within the capacity and does not by itself cause an out-of-memory error. PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (grows one segment page by page), packing, padding to a fixed length or sorting the longest batch first avoid it. max_memory_reserved() and nvidia-smi count it, max_memory_allocated() does not.".into()
    }
    fn source(&self) -> &'static str {
        SRC_FRAG
    }
}

impl Template for Runtime {
    fn label(&self) -> &'static str {
        "CUDA context and libraries"
    }
    fn formula(&self, bytes: u64) -> String {
        format!("{} MiB = {} B", g(self.mib), g(bytes))
    }
    fn question(&self) -> &'static str {
        "What uses memory before the model is even loaded?"
    }
    fn explanation(&self) -> String {
        format!(
            "The CUDA context (driver state and loaded kernels) and library workspaces (cuBLAS, cuDNN, NCCL) are counted by nvidia-smi but not by torch.cuda.memory_allocated(). About 300 MiB since CUDA 11.7 loads kernels lazily, over 1 GiB before; this setting counts {} MiB.{}",
            g(self.mib),
            if self.nccl_inside {
                " NCCL's communicator buffers are left in this row (nccl_buffers = 0): NCCL allocates them itself, so PyTorch's counters never see them, and their size depends on the channels NCCL picks for the topology (with its defaults, 9.19 MiB per channel and peer: NCCL_BUFFSIZE 4 MiB + LL128 4.69 MiB + LL 0.5 MiB). Set nccl_buffers to count them apart."
            } else {
                ""
            }
        )
    }
    fn source(&self) -> &'static str {
        SRC_RUNTIME
    }
}

impl Template for CommBuffers {
    fn label(&self) -> &'static str {
        "ZeRO communication buckets"
    }
    fn formula(&self, bytes: u64) -> String {
        let two = matches!(self.zero, 1 | 2);
        format!(
            "{} parameters × 2 B × {} bucket{} = {} B",
            g(self.bucket_size),
            if two { 2 } else { 1 },
            if two { "s" } else { "" },
            g(bytes)
        )
    }
    fn question(&self) -> &'static str {
        "What are communication buckets?"
    }
    fn explanation(&self) -> String {
        "DeepSpeed ZeRO gathers gradients into a reduce bucket and parameters into an all-gather bucket of a fixed number of values before communicating them (two at stages 1 and 2, the reduce bucket at stage 3). They do not shrink as the cluster grows.".into()
    }
    fn source(&self) -> &'static str {
        SRC_BUCKETS
    }
}

impl Template for NcclBuffers {
    fn label(&self) -> &'static str {
        "NCCL buffers"
    }
    fn formula(&self, bytes: u64) -> String {
        format!(
            "{} MiB × {} process group{} = {} B",
            self.mib,
            self.groups,
            if self.groups == 1 { "" } else { "s" },
            g(bytes)
        )
    }
    fn question(&self) -> &'static str {
        "What does NCCL keep on the GPU?"
    }
    fn explanation(&self) -> String {
        format!("Every NCCL communicator (here one per data-, tensor- or pipeline-parallel group larger than one GPU) keeps a buffer per protocol for every channel and peer: with NCCL's defaults {} B per connection (Simple 4 MiB, LL128 4.69 MiB, LL 0.5 MiB), so about 147 MiB for a ring over 16 channels. NCCL allocates them itself: nvidia-smi counts them, torch.cuda.max_memory_reserved() and max_memory_allocated() do not.", g(NCCL_CONNECTION_BYTES))
    }
    fn source(&self) -> &'static str {
        SRC_NCCL
    }
}

impl Template for Calibration {
    fn label(&self) -> &'static str {
        "Calibration to your measurement"
    }
    fn formula(&self, bytes: u64) -> String {
        if self.ranks_per_bar > 1 {
            format!(
                "{} B per rank × {} ranks per node = {} B",
                g(self.per_rank),
                self.ranks_per_bar,
                g(bytes)
            )
        } else {
            format!("{} B kept from your measurement = {} B", g(bytes), g(bytes))
        }
    }
    fn question(&self) -> &'static str {
        "Why is there a row I did not compute?"
    }
    fn explanation(&self) -> String {
        "You kept the difference between a peak you measured and the estimate: memory the formulas do not see in your setup (framework buffers, library workspaces, a code's own tables). It travels in the link as calibration=.".into()
    }
    fn source(&self) -> &'static str {
        SRC_CHECK
    }
}
