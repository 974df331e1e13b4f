//! The values of an N-body task's parts.

/// What the busiest task holds, as the estimate's summary names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NbodyShape {
    pub particles: u64,
    /// Particle slots (MaxPart) and tree nodes per task.
    pub slots: u64,
    pub nodes: u64,
    /// PM cells per dimension (0: tree only) and the slabs of the busiest task.
    pub pm_grid: u64,
    pub slabs: u64,
}

/// The parts of one N-body task, each with the numbers its formula shows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum NbodyValues {
    /// sizeof(particle_data) × MaxPart, MaxPart = PartAllocFactor × N ÷ tasks.
    Particles {
        part_bytes: u64,
        slots: u64,
        /// PartAllocFactor in hundredths.
        alloc_c: u64,
        particles: u64,
        tasks: u64,
        shape: NbodyShape,
    },
    /// Integer lists per slot for the time bins.
    Timebins { lists: u64, slots: u64 },
    /// Tree nodes (TreeAllocFactor × slots) plus Nextnode and Father per slot.
    Tree {
        node_bytes: u64,
        nodes: u64,
        /// TreeAllocFactor in hundredths.
        tree_c: u64,
        slots: u64,
    },
    /// The PM arrays over the busiest task's slabs of PMGRID × 2·(PMGRID/2 + 1) reals.
    PmGrid {
        arrays: u64,
        slabs: u64,
        grid: u64,
        word: u64,
    },
    /// The Ewald correction table every task holds whole, `side`³ entries.
    Ewald { side: u64, entry_bytes: u64 },
    /// The fixed communication buffer (BufferSize).
    CommBuffer { mib: u64 },
    /// What MaxMemSize reserves beyond the task's arrays (GADGET-4's generic buffers).
    Reserved {
        max_mem_mib: u64,
        /// The task's other parts, which MaxMemSize also holds.
        arrays: u64,
    },
}
