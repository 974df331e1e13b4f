//! Tree-PM N-body gravity as cosmology codes run it (GADGET-2, GADGET-4): particles stored in a
//! fixed-size struct with allocation headroom, an oct-tree with a node budget per particle, a
//! particle-mesh grid split into slabs for the long-range force, time-bin lists and a
//! communication buffer — each as the code allocates it per MPI task.

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
    /// Bytes per entry of the Ewald correction table of periodic boxes, (ENX + 1)³ entries
    /// with ENX = 64 (GADGET-2: 4 floats; GADGET-4: potential and its first three derivative
    /// tensors, 20 doubles; 0: no table).
    pub ewald_bytes: u64,
}

/// Entries of the Ewald table: GADGET-2 ewald.c and GADGET-4 ewald.h tabulate the correction
/// on a (64 + 1)³ grid over an octant of the box.
pub const EWALD_ENTRIES: u64 = 65 * 65 * 65;

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
            ewald_bytes: 16,
        }
    }
}

/// What a task allocates, in bytes (continuous or as the code rounds).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TaskBytes {
    /// Particle slots on the task (MaxPart).
    pub max_part: f64,
    pub particles: f64,
    pub timebins: f64,
    pub nodes: f64,
    pub tree: f64,
    /// PM slabs on the busiest task and the bytes of the PM arrays.
    pub slabs: f64,
    pub pm: f64,
    pub comm: f64,
    pub ewald: f64,
}

impl Nbody {
    /// GADGET-2 begrun.c: All.MaxPart = PartAllocFactor × (TotNumPart / NTask); forcetree.c
    /// force_treeallocate(TreeAllocFactor × MaxPart, MaxPart) allocates the nodes plus the
    /// Nextnode and Father index arrays; pm_periodic.c slabs the PMGRID³ real-to-complex grid
    /// (PMGRID × PMGRID × 2(PMGRID/2 + 1) reals) over the tasks along x.
    pub fn task_bytes(&self, particles: u64, ranks: u64, word: u64, continuous: bool) -> TaskBytes {
        let p = ranks.max(1) as f64;
        let per_task = particles as f64 / p;
        let raw = self.alloc_c as f64 / 100.0 * per_task;
        let max_part = if continuous {
            raw
        } else {
            raw.floor().max(1.0)
        };
        let nodes_raw = self.tree_c as f64 / 100.0 * max_part;
        let nodes = if continuous {
            nodes_raw
        } else {
            nodes_raw.floor()
        };
        let n = self.pm_grid as f64;
        let slab = n * 2.0 * (self.pm_grid / 2 + 1) as f64;
        let slabs = if self.pm_grid == 0 {
            0.0
        } else if continuous {
            // Over all tasks the slabs add up to the grid, however many tasks hold none.
            n / p
        } else {
            self.pm_grid.div_ceil(ranks.max(1)) as f64
        };
        TaskBytes {
            max_part,
            particles: self.part_bytes as f64 * max_part,
            timebins: 4.0 * self.timebin_lists as f64 * max_part,
            nodes,
            tree: self.node_bytes as f64 * nodes + 8.0 * max_part,
            slabs,
            pm: self.pm_arrays as f64 * slabs * slab * word as f64,
            comm: (self.comm_mib << 20) as f64,
            ewald: (EWALD_ENTRIES * self.ewald_bytes) as f64,
        }
    }
}
