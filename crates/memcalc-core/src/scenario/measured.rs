//! Which tool reported a measured peak, and which rows of the breakdown that tool counts.

use crate::base::choice::choice_enum;
use crate::catalog::parts::PartId;

choice_enum!(
    /// Which tool reported the measured peak.
    Measured {
        NvidiaSmi => ("nvidia_smi", "nvidia-smi (or rocm-smi): memory used on the device"),
        Reserved => ("reserved", "PyTorch torch.cuda.max_memory_reserved()"),
        Allocated => ("allocated", "PyTorch torch.cuda.max_memory_allocated()"),
        Rank => ("rank", "The simulation code's own report, per MPI rank"),
    }
);

impl Measured {
    /// Rows the tool does not count.
    pub fn excludes(self) -> &'static [PartId] {
        match self {
            Measured::NvidiaSmi => &[],
            Measured::Reserved => &[PartId::Runtime, PartId::NcclBuffers],
            Measured::Allocated => &[
                PartId::Runtime,
                PartId::NcclBuffers,
                PartId::Overhead,
                PartId::Fragmentation,
            ],
            // A code counts the arrays it allocates: not MPI and libraries, and not the
            // allocator's slack either (LAMMPS's "Per MPI rank memory allocated" sums its own
            // `memory->smalloc` requests; pw.x's estimate sums array sizes).
            Measured::Rank => &[PartId::Runtime, PartId::Overhead, PartId::Fragmentation],
        }
    }

    /// What the tool's figure corresponds to in the breakdown, in words.
    pub fn counts(self) -> &'static str {
        match self {
            Measured::NvidiaSmi => "the total: every row, including the CUDA context and the allocator's slack",
            Measured::Reserved => "the total without the CUDA context, libraries and NCCL buffers (PyTorch does not see them)",
            Measured::Allocated => "the tensors only: the total without the CUDA context, NCCL buffers, the allocator overhead and cached blocks of shorter batches",
            Measured::Rank => "one rank's arrays: the per-rank total without MPI and library memory and without the allocator overhead",
        }
    }
}
