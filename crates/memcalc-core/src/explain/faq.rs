//! Questions people ask memory calculators, answered for the scenario on screen: each answer
//! refers to the current numbers where it can. The sources are those of the rows it talks
//! about (ZeRO, Korthikanti et al., the PyTorch CUDA-semantics notes) and are named inline.

use crate::base::units::{format_bytes, format_share, group_digits, UnitSystem};
use crate::catalog::parts::PartId;
use crate::explain::parts;
use crate::model::{Estimate, Location};
use crate::scenario::{Mode, Scenario};

/// One question and its answer for this scenario.
pub struct Answer {
    pub id: &'static str,
    pub question: &'static str,
    pub answer: String,
}

fn qa(id: &'static str, question: &'static str, answer: String) -> Answer {
    Answer {
        id,
        question,
        answer,
    }
}

pub fn faq(s: &Scenario, e: &Estimate, units: UnitSystem) -> Vec<Answer> {
    let size = |b: u64| format_bytes(b, units);
    let row = |id: PartId| e.component(id).map(|c| c.bytes).unwrap_or(0);
    let total = e.per_device_bytes;
    let top = e
        .components
        .iter()
        .filter(|c| c.location == Location::Device)
        .max_by_key(|c| c.bytes);
    let mut out = Vec::new();
    if let Some(c) = top {
        out.push(qa("drivers", "What drives memory most here?", format!(
            "{} ({}, {} of the total {}). The breakdown lists every part in the order they are stacked; the table's explanations show how each follows from your inputs, so the fastest saving usually starts with the largest row.",
            parts::label(c), size(c.bytes), format_share(c.bytes, total), size(total)
        )));
    }
    let sim = s.mode == Mode::Sim;
    out.push(qa("precision", "How does precision change the memory?", if sim {
        format!("Every array of the state scales with the bytes per value: {} uses {} bytes. Halving the precision (FP64 → FP32) halves the state, halos, history and output, but not MPI or library memory. Lattice Boltzmann codes often store distributions in FP16 while computing in FP32 (FluidX3D).", s.dtype.short(), s.dtype.bytes())
    } else {
        format!("Weights take {} bytes per parameter in {}; activations and the KV cache follow the same precision unless set apart. Mixed precision keeps an FP32 master copy and FP32 optimizer states beside the 16-bit weights (Micikevicius et al. 2018), which is why training costs 16 bytes per parameter before activations even though the weights are in 16-bit (ZeRO, section 3.1).", s.dtype.bytes(), s.dtype.short())
    }));
    out.push(qa("overhead", "What is the overhead row, and how large is it really?", if sim {
        format!(
            "{} here: {} % of the arrays, for malloc's rounding and fragmentation and for the solver's short-lived temporaries. Compare the code's own report (LAMMPS's 'Per MPI rank memory allocation', pw.x's 'Estimated max dynamical RAM') with the peak resident size (VmHWM in /proc/<pid>/status, or sacct's MaxRSS) to measure yours, or enter a measured peak under 'Check against a measurement'.",
            size(row(PartId::Overhead)), crate::base::units::format_fixed(s.overhead_bp, 2)
        )
    } else {
        format!(
            "{} here: {} % of the arrays, for the caching allocator's rounding and fragmentation and for short-lived temporaries. PyTorch reports it as the gap between torch.cuda.max_memory_reserved() and max_memory_allocated(); measure yours and set it, or enter a measured peak under 'Check against a measurement' to see how far the estimate is.",
            size(row(PartId::Overhead)), crate::base::units::format_fixed(s.overhead_bp, 2)
        )
    }));
    out.push(qa("compression", if sim { "How do output compression and reduced precision help?" } else { "How do compression, quantization, sparsity and pruning help?" }, if sim {
        "Output and snapshot compression (lossless about 1.5–2×, lossy 10–100×) shrinks what is written and buffered, not the working state. Mixed or reduced precision storage shrinks the state itself.".into()
    } else {
        format!("Quantization stores weights in fewer bits (4-bit NF4 ≈ 4.13 bits with its block scales; GGUF Q4_K_M ≈ 4.84 on average over its tensors), cutting the weights row by 3–4× against 16-bit; this calculator counts the scales. Unstructured sparsity only saves memory when stored sparse: CSR costs an index per non-zero, so below about 50–60 % zeros it is larger than dense (a warning says so). Pruning whole heads or layers reduces every row that depends on them. Your weights take {} now.", size(row(PartId::Weights)))
    }));
    if sim {
        out.push(qa("host", "Node memory, GPU memory: which one limits this run?", if e.per == crate::model::Per::Gpu {
            format!(
                "Each GPU must hold its rank's arrays: {} per GPU here, against {}. The node's own memory holds each rank's host process and any host copy of the arrays: {} per node here, against {}. Both must fit.",
                size(total), size(e.capacity_bytes), size(e.host_per_node_bytes), size(e.host_capacity_bytes.unwrap_or(0))
            )
        } else {
            format!(
                "A CPU run keeps everything in the node's memory, shared by the ranks on it: {} per node here, against {}. Leave a few GiB for the operating system and the file-system cache; batch systems often cap a job below the physical memory.",
                size(total), size(e.capacity_bytes)
            )
        }));
    } else {
        out.push(qa("host", "What is the difference between GPU and host memory?", format!(
        "GPU memory (HBM) is what must hold the working set of every step: {} per device here, against {}. Host memory is the CPU RAM of the node: offloaded optimizer states or parameters (ZeRO-Offload), datasets kept in RAM, pinned staging buffers; {} per node here. Offloading trades GPU memory for PCIe traffic.",
        size(total), size(e.capacity_bytes), size(e.host_per_node_bytes)
    )));
    }
    if !sim {
        out.push(qa("batch", "How does the batch size act?", format!(
            "Weights, gradients and optimizer states do not depend on it; activations (and the KV cache in inference) grow linearly with micro-batch × sequence length. Activations take {} at micro-batch {}: doubling it adds about as much again. Gradient accumulation reaches a large global batch without raising memory.",
            size(row(PartId::Activations)), group_digits(s.batch)
        )));
        out.push(qa("activations", "What is activation memory?", format!(
            "The intermediate results of the forward pass kept for the backward pass: per layer about s·b·h·(34 + 5·a·s/h) bytes in 16-bit without recomputation (Korthikanti et al. 2022, table 2), less with FlashAttention (no s² score matrix) or recomputation. {} here.",
            size(row(PartId::Activations))
        )));
        out.push(qa("gradients", "Why do gradients need as much memory as the weights?", format!(
            "One gradient per trainable parameter, in the gradient precision: {} here. ZeRO stage 2 shards them over the data-parallel ranks; LoRA keeps gradients for the adapters only.",
            size(row(PartId::Gradients))
        )));
        out.push(qa("optimizer", "Why are optimizer states so large?", format!(
            "Adam keeps two FP32 moments per parameter (8 bytes), plus the FP32 master weights in mixed precision: 12 of the 16 bytes per parameter (ZeRO, section 3.1). 8-bit Adam stores the moments in 2 bytes with block scales; Adafactor factorises the second moment; SGD without momentum keeps none. {} here.",
            size(row(PartId::Optimizer))
        )));
        out.push(qa("mixed", "Does mixed precision save memory?", "It saves activation memory and speeds up math, but for the model states it costs more than pure 16-bit: the FP32 master copy (4 bytes) and FP32 moments (8 bytes) sit beside the 16-bit weights and gradients (2 + 2 bytes). Pure BF16 training without a master copy saves 4 bytes per parameter at some risk to convergence.".into()));
        out.push(qa("checkpointing", "What does activation checkpointing buy?", "Selective recomputation drops the attention scores and softmax (the 5·a·s/h term) for a few percent more compute; full recomputation keeps only each layer's input (2·s·b·h bytes per layer) and reruns the forward pass during the backward, about a third more compute (Korthikanti et al. 2022, section 4).".into()));
    } else {
        // The row holds the two files kept on disk.
        let restart = row(PartId::Checkpoint) / 2;
        out.push(qa("restart", "How large is a restart file, and does writing it need memory?", if restart > 0 {
            format!(
                "One restart file holds the full state of every rank at every level the integrator needs: {} here. Two are kept on disk (the 'Restart files' row), so a crash while writing does not lose the last good one. Codes write it rank by rank or through parallel I/O (MPI-IO, HDF5, ADIOS2), so it costs little memory beyond an output buffer.",
                size(restart)
            )
        } else {
            "One restart file holds the full state of every rank at every level the integrator needs, uncompressed; set 'Checkpoint every' to see its size as a row. Keep at least two on disk. Codes write it rank by rank or through parallel I/O (MPI-IO, HDF5, ADIOS2), so it costs little memory beyond an output buffer.".into()
        }));
        out.push(qa("scaling", "Strong or weak scaling: what happens to memory per node?", "Strong scaling splits a fixed problem over more nodes: arrays per rank shrink, but halos, MPI buffers and libraries do not, so memory per node falls more slowly than 1/nodes. Weak scaling grows the problem with the nodes: memory per node stays about flat. The scaling chart shows both for your setup.".into()));
    }
    if sim {
        out.push(qa("peak", "Is this the peak, or an average?", "The peak: everything resident at the same time on the busiest rank, summed (not the largest part alone). In a time-stepping code that is usually during the step that also writes output or rebuilds neighbour lists; in a plane-wave code, during the iterative diagonalisation.".into()));
        out.push(qa("fragmentation", "What about fragmentation and memory pools?", "malloc rounds allocations and keeps freed memory in its arenas; arrays that grow (neighbour lists, particle arrays after migration) are reallocated larger and the old block is not always returned. GPU codes with memory pools (Kokkos, Umpire, CUDA pools) reserve more than they use. The overhead setting stands for this.".into()));
        match s.sim.method {
            crate::scenario::sim::Method::Amr => out.push(qa("amr", "Refinement changes as the run goes: which memory should I plan for?", format!(
                "The largest hierarchy the run will reach: an AMR code refines and coarsens as features move, so the blocks, and the memory, follow the refined share at its peak (set it, or the block count the code's log reports, for the most refined moment). Blocks move whole between ranks, so with few blocks per rank one block more or less is a large step: {} on the busiest rank here. Ghost cells cost more with small blocks; the fixes below say what larger blocks save.",
                e.busiest
            ))),
            crate::scenario::sim::Method::Nbody => out.push(qa("maxmemsize", "What should GADGET's MaxMemSize be?", format!(
                "At least the estimate per task ({} here, without the MPI and library row): GADGET-4 reserves MaxMemSize MB per task at start and places every array in it; the tree walk then sizes its buffers (Foreign_Points, Foreign_Nodes, WorkStack) from what is left, so the peak lies between this estimate and MaxMemSize (a published 32³ run with MaxMemSize 1800 peaked at 984 MB, 940 of them such buffers). GADGET-2 allocates the particle storage (PartAllocFactor), the tree (TreeAllocFactor), the PM grid and BufferSize separately; if the tree outgrows TreeAllocFactor the code raises it and rebuilds, so leave headroom.",
                size(e.per_rank_bytes.saturating_sub(s.sim.rank_mib << 20))
            ))),
            _ => {}
        }
        out.push(qa("leaks", "Memory grows every step: is that the code?", "No formula predicts a leak. Growth from step to step usually means arrays that grow with the system (more neighbours as it densifies, load imbalance moving atoms to one rank), diagnostics or history kept in memory, or an I/O library's buffers. Compare the code's own memory report, or VmRSS in /proc/<pid>/status, across steps.".into()));
    } else {
        out.push(qa("peak", "Is this the peak, or an average?", "The peak: everything that is resident at the same time at the worst moment of a step, summed (not the largest part alone, a mistake some calculators make). In training that is during the backward pass of the first layers, when activations, gradients and optimizer states coexist; in inference, at the longest context.".into()));
        out.push(qa("fragmentation", "What about fragmentation and memory pools?", "Caching allocators (PyTorch, CUDA memory pools, Kokkos) keep freed blocks to reuse them and round sizes up, so reserved memory exceeds live tensors. With varying sequence lengths, fragmentation can reach tens of percent; PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True reduces it. The overhead setting stands for the usual share; with batches padded to their own longest sequence (batching=variable) and expandable segments off, a row of its own counts the blocks an earlier longest batch leaves cached.".into()));
        out.push(qa("leaks", "Memory grows every step: is that the model?", "No formula predicts a leak. Growth from step to step usually means tensors kept alive by accident (a loss accumulated with its graph, a list of outputs), a cache that never evicts, or history kept for analysis. Compare torch.cuda.memory_allocated() across steps, or the code's own memory report.".into()));
    }
    out.push(qa("virtual", "Can virtual memory or unified memory make it fit?", if sim { "On CPU nodes, swapping to disk slows a memory-bound code by orders of magnitude, and HPC nodes usually have no swap. GPU codes can oversubscribe through unified memory, but every page fault crosses PCIe or NVLink-C2C. Plan for the estimate to fit in physical memory.".into() } else { "Swapping GPU memory to host through unified memory or the driver works, but every page fault crosses PCIe or NVLink-C2C, often slowing a step by 10× or more. On CPU nodes, swapping to disk is worse still; HPC nodes usually have no swap. Plan for the estimate to fit in physical memory.".into() }));
    out.push(qa("numa", "Does NUMA matter?", "On CPU nodes memory is split between sockets; a rank reading the other socket's memory gets less bandwidth. Pin ranks to sockets (e.g. --map-by numa) and allocate in the rank after pinning (first touch). Capacity is per node; bandwidth is per socket.".into()));
    out.push(qa("distributed", "How do multiple GPUs and nodes change it?", if sim {
        format!("Each rank holds its subdomain plus halos; the page shows the busiest one ({}). Total memory over all ranks is {}.", e.busiest, size(e.cluster_bytes))
    } else {
        format!("Data parallelism copies the model to every GPU unless ZeRO or FSDP shards it; tensor and pipeline parallelism split the model itself. The figures are for {}; all GPUs together hold {}.", e.busiest, size(e.cluster_bytes))
    }));
    out.push(qa("bandwidth", "Capacity fits: will it be fast?", if sim {
        "Capacity decides whether it runs; bandwidth decides how fast. Memory-bound steps (stencils, lattice Boltzmann, sparse solvers) run at the speed of moving their bytes: roughly bytes per step ÷ memory bandwidth (about 0.2–0.5 TB/s per CPU socket, 3.35 TB/s on an H100 SXM). Halving the bytes per value halves that time as well as the memory.".into()
    } else {
        "Capacity decides whether it runs; bandwidth decides how fast. Memory-bound steps (inference decoding, stencils, lattice Boltzmann) run at the speed of moving their bytes: roughly bytes per step ÷ memory bandwidth (3.35 TB/s on an H100 SXM). Halving the bytes per value halves that time as well as the memory.".into()
    }));
    out
}
