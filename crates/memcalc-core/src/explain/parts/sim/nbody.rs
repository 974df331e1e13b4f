//! The templates of a tree-PM N-body task's parts (GADGET-2, GADGET-4).

use super::super::Template;
use crate::base::units::{format_fixed, group_digits as g};
use crate::model::values::NbodyValues;

const SRC_NBODY: &str = "GADGET-2 (Springel 2005, MNRAS 364, 1105) allvars.h, begrun.c, allocate.c, forcetree.c, pm_periodic.c: MaxPart = PartAllocFactor × N / NTask particle structs ('Allocated … MByte for particle storage'), TreeAllocFactor × MaxPart nodes plus Nextnode and Father ('Allocated … MByte for BH-tree'), the PMGRID³ FFT grid in slabs (rhogrid, forcegrid, workspace), BufferSize MB of communication buffer; GADGET-4 adds three time-bin lists per particle (its memory.txt lists every block)";

const SRC_MAXMEM: &str = "GADGET-4 src/data/mymalloc.cc (memory::mymalloc_init: n = MaxMemSize × 1024 × 1024 bytes allocated per task with MPI_Win_allocate_shared; every mymalloc takes its block from it and aborts with 'Not enough memory in mymalloc_fullinfo()' beyond it; generic buffers take the free bytes); GADGET-4 documentation, parameter MaxMemSize";

impl Template for NbodyValues {
    fn label(&self) -> &'static str {
        match self {
            NbodyValues::Particles { .. } => "Particle storage",
            NbodyValues::Timebins { .. } => "Time-bin lists",
            NbodyValues::Tree { .. } => "Gravity tree",
            NbodyValues::PmGrid { .. } => "Particle-mesh grid",
            NbodyValues::Ewald { .. } => "Ewald correction table",
            NbodyValues::CommBuffer { .. } => "Communication buffer",
            NbodyValues::Reserved { .. } => "Rest of MaxMemSize (generic buffers)",
        }
    }
    fn formula(&self, bytes: u64) -> String {
        let factor = |c: u64| format_fixed(c, 2);
        let lhs = match *self {
            NbodyValues::Particles {
                part_bytes,
                alloc_c,
                particles,
                tasks,
                ..
            } => format!(
                "{part_bytes} B × ({} × {} particles ÷ {} tasks) slots",
                factor(alloc_c),
                g(particles),
                g(tasks)
            ),
            NbodyValues::Timebins { lists, slots } => {
                format!("{lists} lists × 4 B × {} slots", g(slots))
            }
            NbodyValues::Tree {
                node_bytes,
                tree_c,
                slots,
                ..
            } => format!(
                "{node_bytes} B × ({} × {} slots) nodes + 8 B × {} slots",
                factor(tree_c),
                g(slots),
                g(slots)
            ),
            NbodyValues::PmGrid {
                arrays,
                slabs,
                grid,
                word,
            } => format!(
                "{arrays} arrays × {} slab{} × {grid} × 2·({grid}/2 + 1) × {word} B",
                g(slabs),
                if slabs == 1 { "" } else { "s" }
            ),
            NbodyValues::Ewald { side, entry_bytes } => {
                format!("{side} × {side} × {side} entries × {entry_bytes} B")
            }
            NbodyValues::CommBuffer { mib } => format!("{} MiB", g(mib)),
            NbodyValues::Reserved {
                max_mem_mib,
                arrays,
            } => format!("{} MiB − {} B of arrays", g(max_mem_mib), g(arrays)),
        };
        format!("{lhs} = {} B", g(bytes))
    }
    fn question(&self) -> &'static str {
        "What is this part of an N-body run?"
    }
    fn explanation(&self) -> String {
        match self {
            NbodyValues::Particles { shape, .. } => format!("Every particle's position, velocity, accelerations, mass, ID and time step in one struct, allocated for PartAllocFactor times the task's share so particles can move between tasks. {}.", shape.text()),
            NbodyValues::Timebins { .. } => "Linked lists of the particles in each time bin, so that only the active ones are visited each step.".into(),
            NbodyValues::Tree { .. } => "The oct-tree's nodes (geometry, centre of mass, mass and walk links), allocated for TreeAllocFactor nodes per particle slot, plus the Nextnode and Father index of every particle.".into(),
            NbodyValues::PmGrid { .. } => "The long-range force's FFT grid: density, force and workspace, split into slabs along x (a task beyond PMGRID holds none, the busiest holds the rounded-up share).".into(),
            NbodyValues::Ewald { .. } => "Periodic boxes correct the tree force for the infinite images with a table every task holds whole (GADGET-2: four force and potential tables in floats; GADGET-4: the potential and its derivatives to third order in doubles).".into(),
            NbodyValues::CommBuffer { .. } => "A fixed buffer per task for particles and partial forces exchanged with other tasks (GADGET-2 BufferSize).".into(),
            NbodyValues::Reserved { .. } => "GADGET-4 reserves what it is given: each task allocates its whole MaxMemSize at start-up and carves every array above out of it; the rest holds its generic buffers (tree walks, domain exchange), which grow into what is free. The task therefore holds MaxMemSize whatever the particle count, and stops with 'Not enough memory in mymalloc' when the arrays need more.".into(),
        }
    }
    fn source(&self) -> &'static str {
        match self {
            NbodyValues::Reserved { .. } => SRC_MAXMEM,
            _ => SRC_NBODY,
        }
    }
}
