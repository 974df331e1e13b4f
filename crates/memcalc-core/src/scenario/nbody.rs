//! Tree-PM N-body gravity as cosmology codes run it (GADGET-2, GADGET-4): particles stored in a
//! fixed-size struct with allocation headroom, an oct-tree with a node budget per particle, a
//! particle-mesh grid split into slabs for the long-range force, time-bin lists and a
//! communication buffer — each as the code allocates it per MPI task (`model::sim` counts
//! their bytes).

/// The N-body inputs beside the particle count, the ranks and the PM grid's precision (`dtype`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Nbody {
    /// sizeof(struct particle_data): GADGET-2 with PMGRID stores 80 B in single precision.
    pub part_bytes: u64,
    /// PartAllocFactor in hundredths: particle slots per task = factor × N / tasks.
    pub alloc_c: u64,
    /// TreeAllocFactor in hundredths: tree nodes allocated per particle slot.
    pub tree_c: u64,
    /// Bytes per tree node (GADGET-2: NODE 48 B + extNODE 16 B).
    pub node_bytes: u64,
    /// PM grid cells per dimension (PMGRID; 0: tree only).
    pub pm_grid: u64,
    /// PM-grid-sized arrays held at once (GADGET-2: rhogrid, forcegrid, workspace).
    pub pm_arrays: u64,
    /// Integer linked lists per particle slot for the time bins (GADGET-4: NextActiveParticle,
    /// NextInTimeBin, PrevInTimeBin; GADGET-2: none).
    pub timebin_lists: u64,
    /// Fixed communication buffer per task, MiB (GADGET-2 BufferSize; 0: none).
    pub comm_mib: u64,
    /// MaxMemSize of GADGET-3/4, MiB per task (0: not given). GADGET-4 src/data/mymalloc.cc
    /// allocates the whole of it at start-up (one shared-memory window per task) and carves
    /// every array and its generic buffers out of it.
    pub max_mem_mib: u64,
    /// Bytes per entry of the Ewald correction table of periodic boxes, (ENX + 1)³ entries
    /// with ENX = 64 (GADGET-2: 4 floats; GADGET-4: potential and its first three derivative
    /// tensors, 20 doubles; 0: no table).
    pub ewald_bytes: u64,
}

impl Default for Nbody {
    fn default() -> Self {
        // GADGET-2 with PMGRID, single precision, the example parameter files' factors.
        Nbody {
            part_bytes: 80,
            alloc_c: 150,
            tree_c: 80,
            node_bytes: 64,
            pm_grid: 256,
            pm_arrays: 3,
            timebin_lists: 0,
            comm_mib: 100,
            max_mem_mib: 0,
            ewald_bytes: 16,
        }
    }
}
